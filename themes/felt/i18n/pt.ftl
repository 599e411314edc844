# UI strings of the felt theme (Brazilian Portuguese, você; see docs/style/pt.md).

## a11y
a11y-skip_to_content = Ir para o conteúdo

## nav
nav-title = Lições
nav-menu = Menu
nav-untranslated = ainda sem tradução
nav-back_to_top = Voltar ao topo
nav-pager_label = Lição anterior e próxima lição
nav-prev = Anterior
nav-next = Próxima

## top_links
top_links-label = Cursos relacionados

## lang
lang-label = Idioma
lang-not_translated = sem tradução
lang-goes_home = Esta página ainda não foi traduzida para este idioma; você vai para a página inicial do idioma.

## toc
toc-title = Nesta página

## notice
notice-untranslated_title = Esta página ainda não foi traduzida
notice-untranslated_body = Enquanto não for traduzida, ela aparece no idioma original.
notice-untranslated_exercise = Este exercício ainda não foi traduzido. Enquanto não for traduzido, ele aparece no idioma original.
notice-stale_title = Esta tradução pode estar desatualizada
notice-stale_body = O original mudou depois que esta página foi traduzida. Veja a versão atual do original:

## breadcrumb
breadcrumb-label = Navegação estrutural
breadcrumb-home = Início

## lesson
lesson-exercises =
    { $count ->
        [0] nenhum exercício
        [one] { $count } exercício
       *[other] { $count } exercícios
    }

## section
section-pages_title = Lições nesta parte do curso
section-empty = Ainda não há lições nesta parte do curso.

## error404
error404-title = Página não encontrada
error404-body = Não há nenhuma página neste endereço. Ela pode ter sido movida, ou o endereço pode estar errado.
error404-languages = Ir para o início do curso

## chooser
chooser-prompt = Escolha o idioma:
chooser-description = Escolha o idioma em que você quer ler este site.

## footer
footer-note = Feito com tilebook.
list-and-two = { $first } e { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first } e { $second }

# ---- Exercícios (blocos quiz) --------------------------------------------------

## quiz
quiz-exercise = Exercício
quiz-check = Verificar
quiz-try_again = Tentar de novo
quiz-show_answer = Mostrar a resposta
quiz-answer = Resposta
quiz-lesson_link = Ler a lição
quiz-right = Certo!
quiz-wrong = Ainda não.
quiz-progress = Exercícios resolvidos: { $solved } de { $total }
quiz-chosen = Escolhidas: { $chosen } de { $count }
quiz-chosen_any = Escolhidas: { $chosen }
quiz-moved = { $label }: posição { $position } de { $total }
quiz-move_up = Subir
quiz-move_down = Descer
quiz-heading = { $exercise }: { $title }
quiz-lesson_section = Lição: { $section }
quiz-moved_edge = { $label } continua na posição { $position } de { $total }

## quiz.label
quiz-label-answer = Resposta
quiz-label-rack = Seu suporte
quiz-label-received = Passadas para você nesta passagem, ainda não vistas
quiz-label-line = Linha didática { $n }
quiz-label-group = O grupo
quiz-label-exposed = O grupo exposto
quiz-label-tile = A peça
quiz-label-the_rack = O suporte
quiz-label-to_pass = As peças a passar
quiz-label-to_pass_rack = Do suporte, para passar
quiz-label-to_pass_blind = Para passar às cegas, sem ver

## quiz.legend
quiz-legend-choose_all = Escolha tudo o que estiver certo
quiz-legend-choose_three = Escolha três peças
quiz-legend-choose_one = Escolha uma resposta
quiz-legend-order = Coloque os itens em ordem.
quiz-legend-order_keys = Mova cada item com os botões de subir e descer que ficam ao lado dele, ou aperte a seta para cima ou para baixo do teclado enquanto um desses botões estiver em foco.

## quiz.option
quiz-option-yes = Sim
quiz-option-no = Não

## quiz.find_jokers
quiz-find_jokers-question = Quais peças deste suporte são coringas?
quiz-find_jokers-reveal =
    { $count ->
        [0] Não há nenhum coringa neste suporte.
        [one] O coringa está na posição { $positions }, contando da esquerda para a direita.
       *[other] Os coringas estão nas posições { $positions }, contando da esquerda para a direita.
    }

## quiz.pass
quiz-pass-question = { $pass }: escolha três peças para passar.
quiz-pass-reveal = Quaisquer três peças que não sejam coringas formam uma passagem válida, por exemplo:

## quiz.blind_pass
quiz-blind_pass-question = { $pass }: três peças estão sendo passadas para você nesta passagem, e você ainda não olhou para elas. Monte uma passagem válida de três peças; você pode passar algumas delas adiante às cegas.
quiz-blind_pass-question_noticed = { $pass }: três peças estão sendo passadas para você nesta passagem, e você percebe um coringa entre elas. Monte uma passagem válida de três peças.
quiz-blind_pass-reveal = Uma passagem às cegas válida tem três peças, nenhuma delas coringa, e pode misturar como você quiser peças do seu suporte e peças recebidas, por exemplo:
quiz-blind_pass-reveal_noticed = O coringa volta para quem o passou, e uma peça do seu suporte, que você já viu, entra no lugar dele; as outras peças recebidas podem seguir às cegas. Por exemplo:

## quiz.clean_pass
quiz-clean_pass-question = Passe três peças que não ajudem nenhuma das suas linhas didáticas.
quiz-clean_pass-reveal =
    { $count ->
        [3] Só estas três peças não ajudam nenhuma linha:
       *[other] Quaisquer três destas peças formam uma passagem limpa:
    }

## quiz.pass_direction
quiz-pass_direction-question = { $pass }: para que lado vão as peças?
quiz-pass_direction-question_receiver = { $pass }: quem recebe as peças que o jogador de { $seat } passa?
quiz-pass_direction-question_giver = { $pass }: de quem o jogador de { $seat } recebe as peças?

## quiz.pass_order
quiz-pass_order-question_all = Coloque em ordem as seis passagens do Charleston.
quiz-pass_order-question_first = Coloque em ordem as três passagens do primeiro Charleston.
quiz-pass_order-question_second = Coloque em ordem as três passagens do segundo Charleston.

## quiz.blind_passes
quiz-blind_passes-question = Em quais passagens você pode passar peças às cegas?

## quiz.stop
quiz-stop-question =
    { $stage ->
        [second] { $moment } O jogador de { $seat } quer parar o segundo Charleston. Ele pode fazer isso agora?
       *[first] { $moment } O jogador de { $seat } quer parar o Charleston. Ele pode fazer isso agora?
    }

## quiz.stop.moment
quiz-stop-moment-deal = As peças acabaram de ser distribuídas.
quiz-stop-moment-first-right = A passagem para a direita do primeiro Charleston acabou de ser feita.
quiz-stop-moment-first-across = A passagem em frente do primeiro Charleston acabou de ser feita.
quiz-stop-moment-first-left = A passagem para a esquerda do primeiro Charleston acabou de ser feita.
quiz-stop-moment-second-left = A passagem para a esquerda do segundo Charleston acabou de ser feita.
quiz-stop-moment-second-across = A passagem em frente do segundo Charleston acabou de ser feita.
quiz-stop-moment-second-right = A passagem para a direita do segundo Charleston acabou de ser feita.
quiz-stop-moment-courtesy = A troca de cortesia acabou de ser feita.
quiz-stop-moment-stop = O segundo Charleston acabou de ser parado.

## quiz.stop.option
quiz-stop-option-yes = Sim: qualquer jogador pode pará-lo agora
quiz-stop-option-east-only = Só o Leste pode pará-lo
quiz-stop-option-no = Não: ninguém pode pará-lo agora

## quiz.courtesy
quiz-courtesy-question = Troca de cortesia: { $offer_a }, e { $offer_b }. Quantas peças cada um deles passa para o outro lado?
quiz-courtesy-offers =
    { $count ->
        [0] o jogador de { $seat } não oferece nenhuma peça
        [one] o jogador de { $seat } oferece 1 peça
       *[other] o jogador de { $seat } oferece { $count } peças
    }

## quiz.tiles
quiz-tiles =
    { $count ->
        [0] nenhuma peça
        [one] 1 peça
       *[other] { $count } peças
    }

## quiz.joker_group
quiz-joker_group-question =
    { $jokers ->
        [0] Este grupo é válido?
        [one] Este grupo é válido, com o coringa?
       *[other] Este grupo é válido, com os coringas?
    }
quiz-joker_group-reveal_size = Peças neste grupo: { $count }.

## quiz.redeem
quiz-redeem-question = { $turn } { $source } Você pode trocar esta peça por um coringa do grupo exposto?
quiz-redeem-own_turn = É a sua vez.
quiz-redeem-other_turn = Não é a sua vez.
quiz-redeem-from_rack = A peça vem do seu suporte.
quiz-redeem-from_discard = A peça é um descarte que outro jogador acabou de fazer.

## quiz.rack_check
quiz-rack_check-question = Este suporte é válido para o Charleston?
quiz-rack_check-question_seat = O jogador de { $seat } tem este suporte. Ele é válido para o Charleston?
quiz-rack_check-reveal_ok =
    { $count ->
        [0] Nenhuma peça.
        [one] 1 peça, e ela não aparece mais vezes do que há exemplares dela no jogo.
       *[other] { $count } peças, e nenhuma aparece mais vezes do que há exemplares dela no jogo.
    }
quiz-rack_check-reveal_size =
    { $count ->
        [0] O suporte não tem nenhuma peça.
        [one] O suporte tem 1 peça.
       *[other] O suporte tem { $count } peças.
    }
quiz-rack_check-reveal_copies =
    { $count ->
        [0] O suporte não tem nenhum exemplar de { $tile }.
        [one] O suporte tem { $count } exemplar de { $tile }, mas o jogo só tem { $limit }:
       *[other] O suporte tem { $count } exemplares de { $tile }, mas o jogo só tem { $limit }:
    }

## quiz.pass_check
quiz-pass_check-question = { $pass }: você pode passar estas peças?
quiz-pass_check-reveal_ok = Três peças do seu próprio suporte, nenhuma delas coringa: uma passagem válida.
quiz-pass_check-reveal_not_on_rack = Peças que não estão no seu suporte:
quiz-pass_check-reveal_not_received = Peças que não estão entre as que acabaram de ser passadas para você:
quiz-pass_check-reveal_joker = Um coringa seria passado:
quiz-pass_check-reveal_received_joker = Um coringa recebido seria passado adiante:
quiz-pass_check-reveal_not_blind = Peças passadas às cegas numa passagem em que isso não é permitido.
quiz-pass_check-reveal_count =
    { $count ->
        [0] O montinho não tem nenhuma peça, em vez de 3.
        [one] O montinho tem { $count } peça, em vez de 3.
       *[other] O montinho tem { $count } peças, em vez de 3.
    }

## quiz.courtesy_check
quiz-courtesy_check-question_when = { $moment } A troca de cortesia pode ser feita agora?
quiz-courtesy_check-moment_first_left = A passagem para a esquerda do primeiro Charleston acabou de ser feita, e a mesa ainda não decidiu se vai jogar o segundo Charleston.
quiz-courtesy_check-question_offer =
    Na troca de cortesia, um jogador pode oferecer { $count ->
        [0] 0 peças
        [one] 1 peça
       *[other] { $count } peças
    } ao jogador da frente?
quiz-courtesy_check-question_both =
    { $moment } Um jogador quer oferecer { $count ->
        [0] 0 peças
        [one] 1 peça
       *[other] { $count } peças
    } ao jogador da frente na troca de cortesia. Ele pode fazer isso agora?

## quiz.copies
quiz-copies-1 = 1
quiz-copies-2 = 2
quiz-copies-4 = 4
quiz-copies-8 = 8

## quiz.tile_fact
quiz-tile_fact-question_copies = Quantos exemplares desta peça, { $tile }, existem no jogo?
quiz-tile_fact-question_joker = Esta peça é um coringa?

# Tipos sobre uma troca inteira e sobre o jogo (exercises/kinds/exchange.rs).

## quiz.courtesy_offer
quiz-courtesy_offer-question =
    Troca de cortesia: você está no lugar de { $seat_a } e { $offer ->
        [0] não oferece nenhuma peça
        [one] oferece 1 peça
       *[other] oferece { $offer } peças
    }; { $offer_b }. Escolha as peças que você passa para o outro lado da mesa.
quiz-courtesy_offer-legend = Escolha as peças que vão para o outro lado da mesa (de 0 a 3; se não for nenhuma, não escolha nada)
quiz-courtesy_offer-reveal =
    { $count ->
        [0] Nenhuma peça vai para o outro lado: a oferta menor é 0.
        [one] Para o outro lado vai 1 peça: o número da oferta menor, e nunca um coringa. Por exemplo:
       *[other] Para o outro lado vão { $count } peças: o número da oferta menor, e nunca um coringa. Por exemplo:
    }

## quiz.received_joker
quiz-received_joker-question = { $pass }: estas três peças foram passadas para você. O que você faz?
quiz-received_joker-label = As peças passadas para você

## quiz.received_joker.option
quiz-received_joker-option-keep = Ficar com as três peças
quiz-received_joker-option-return =
    { $jokers ->
        [0] Tratar uma destas peças como coringa e devolvê-la a quem a passou
        [one] Devolver o coringa a quem o passou; essa pessoa manda outra peça no lugar
       *[other] Devolver os coringas a quem os passou; essa pessoa manda outras peças no lugar
    }
quiz-received_joker-option-forward =
    { $jokers ->
        [0] Tratar uma destas peças como coringa e passá-la adiante na sua próxima passagem
        [one] Passar o coringa adiante na sua próxima passagem
       *[other] Passar os coringas adiante na sua próxima passagem
    }

## quiz.table_pass
quiz-table_pass-question = { $pass }: cada jogador passa as três peças mostradas. Escolha as peças que o jogador de { $seat } recebe.
quiz-table_pass-row = O jogador de { $seat } passa
quiz-table_pass-reveal = O jogador de { $seat } recebe as peças que o de { $giver } passa:

## quiz.set_count
quiz-set_count-number = { $n }

## quiz.set_count.question
quiz-set_count-question-set = Quantas peças tem um jogo de mahjong americano?
quiz-set_count-question-without-jokers = Quantas peças o jogo tem sem os coringas?
quiz-set_count-question-suits = Quantas peças de naipe (bambus, caracteres e círculos juntos) o jogo tem?
quiz-set_count-question-bams = Quantas peças de bambu o jogo tem?
quiz-set_count-question-craks = Quantas peças de caractere o jogo tem?
quiz-set_count-question-dots = Quantas peças de círculo o jogo tem?
quiz-set_count-question-honours = Quantas peças de honra (ventos e dragões juntos) o jogo tem?
quiz-set_count-question-winds = Quantas peças de vento o jogo tem?
quiz-set_count-question-dragons = Quantas peças de dragão o jogo tem?
quiz-set_count-question-flowers = Quantas flores o jogo tem?
quiz-set_count-question-jokers = Quantos coringas o jogo tem?

## quiz.title
quiz-title-find-jokers = Encontre os coringas
quiz-title-pass = { $pass }
quiz-title-blind-pass = Passagem às cegas: { $pass }
quiz-title-clean-pass = Uma passagem limpa
quiz-title-pass-direction = Para que lado? { $pass }
quiz-title-pass-order = A ordem das passagens
quiz-title-blind-passes = Quando uma passagem pode ser às cegas
quiz-title-stop = Quando o Charleston pode ser parado
quiz-title-courtesy = A troca de cortesia
quiz-title-joker-group = Um coringa num grupo
quiz-title-redeem = Como resgatar um coringa
quiz-title-tile-fact = Conheça as peças
quiz-title-rack-check = O suporte é válido?
quiz-title-pass-check = { $pass }: a passagem é válida?
quiz-title-courtesy-check =
    { $ask ->
        [offer] Quantas peças podem ser oferecidas
        [both] A troca de cortesia: quando e quantas peças
       *[when] Quando se faz a troca de cortesia
    }
quiz-title_for-courtesy_check_question_offer = Quantas peças podem ser oferecidas
quiz-title-courtesy-offer = O que vai para o outro lado na troca de cortesia
quiz-title-received-joker = Peças passadas para você
quiz-title-table-pass = Quem recebe quais peças: { $pass }
quiz-title-set-count = Contando as peças do jogo

## quiz.fault
quiz-fault-empty = Escolha uma resposta primeiro.
quiz-fault-count =
    { $count ->
        [0] Peças escolhidas: { $chosen }; aqui a resposta é não escolher nenhuma.
        [one] Peças escolhidas: { $chosen }; a resposta certa tem 1 peça.
       *[other] Peças escolhidas: { $chosen }; a resposta certa tem { $count } peças.
    }
quiz-fault-forbidden = A { $position }ª peça, { $label }, não serve aqui.
quiz-fault-limit = Peças escolhidas: { $chosen }; o máximo permitido aqui é { $max }.
quiz-fault-missing =
    { $missing ->
        [0] Tudo o que você escolheu está certo.
        [one] Tudo o que você escolheu está certo, mas ainda falta 1 item da resposta.
       *[other] Tudo o que você escolheu está certo, mas ainda faltam { $missing } itens da resposta.
    }
quiz-fault-extra = A { $position }ª peça, { $label }, não faz parte da resposta.
quiz-fault-option = “{ $label }” não é a resposta. { $rule }
quiz-fault-position = Posição { $position }: “{ $label }” não está no lugar certo.

## quiz.fault_rule.count
quiz-fault_rule-count-pass-exactly-three =
    { $chosen ->
        [0] Você não escolheu nenhuma peça; uma passagem tem exatamente três peças.
        [one] Você escolheu { $chosen } peça; uma passagem tem exatamente três peças.
       *[other] Você escolheu { $chosen } peças; uma passagem tem exatamente três peças.
    }
quiz-fault_rule-count-courtesy-smaller-offer =
    { $chosen ->
        [0] Você não escolheu nenhuma peça.
        [one] Você escolheu 1 peça.
       *[other] Você escolheu { $chosen } peças.
    } Quantas peças cada um passa para o outro lado? Compare as duas ofertas: vale a menor.
quiz-fault_rule-count-courtesy-zero-means-none =
    { $chosen ->
        [0] Você não escolheu nenhuma peça.
        [one] Você escolheu 1 peça.
       *[other] Você escolheu { $chosen } peças.
    } Uma das duas ofertas é 0: o que isso significa para esta troca?

## quiz.fault_rule.forbidden
quiz-fault_rule-forbidden-joker-never-passed = A { $position }ª peça é um coringa, e coringa nunca é passado.
quiz-fault_rule-forbidden-received-joker-goes-back = A { $position }ª peça recebida é o coringa que você percebeu: ele volta para quem o passou, e uma peça que você já viu entra no lugar dele no seu montinho.
quiz-fault_rule-forbidden-joker-is-marked = A { $position }ª peça, { $label }, não é um coringa: só a peça com a palavra “Joker” é coringa.
quiz-fault_rule-forbidden-flower-is-not-joker = A { $position }ª peça é uma flor, e não um coringa.
quiz-fault_rule-forbidden-soap-is-not-joker = A { $position }ª peça é o dragão branco (soap), e não um coringa.
quiz-fault_rule-forbidden-clean-pass-helps-no-line = A { $position }ª peça, { $label }, ajuda uma das suas linhas didáticas.
quiz-fault_rule-forbidden-blind-only-on-last-pass = “{ $label }”: esta passagem não pode ser às cegas.

## quiz.fault_rule.option
quiz-fault_rule-option-tile-copies-in-set = “{ $label }” não é o número certo. Conte família por família: quantas peças diferentes cada uma tem, e quantos exemplares existem de cada peça?

## quiz.fault_rule.missing
quiz-fault_rule-missing-joker-is-marked =
    { $missing ->
        [0] Tudo o que você escolheu é coringa, e não falta nenhum.
        [one] Tudo o que você escolheu é coringa, mas ainda falta { $missing } coringa.
       *[other] Tudo o que você escolheu é coringa, mas ainda faltam { $missing } coringas.
    }
quiz-fault_rule-missing-blind-only-on-last-pass =
    { $missing ->
        [0] Certo até aqui, e não falta nenhuma passagem.
        [one] Certo até aqui, mas a resposta está incompleta: ainda falta { $missing } passagem.
       *[other] Certo até aqui, mas a resposta está incompleta: ainda faltam { $missing } passagens.
    }


## quiz.fault_for.pass_direction_question
quiz-fault_for-pass_direction_question-option = Não é “{ $label }”: { $pass } vai para outro lado.

## quiz.fault_for.pass_direction_question_receiver
quiz-fault_for-pass_direction_question_receiver-option = O jogador de { $label } não recebe as peças que o de { $seat } passa nesta passagem.

## quiz.fault_for.pass_direction_question_giver
quiz-fault_for-pass_direction_question_giver-option = Nesta passagem, o jogador de { $seat } não recebe as peças do jogador de { $label }.

## quiz.fault_for.pass_order_question_all
quiz-fault_for-pass_order_question_all-position = A { $position }ª passagem não é “{ $label }”.

## quiz.fault_for.pass_order_question_first
quiz-fault_for-pass_order_question_first-position = A { $position }ª passagem do primeiro Charleston não é “{ $label }”.

## quiz.fault_for.pass_order_question_second
quiz-fault_for-pass_order_question_second-position = A { $position }ª passagem do segundo Charleston não é “{ $label }”.
quiz-fault_for-tile_fact_question_copies-option =
    { $family ->
        [joker] “{ $label }” não é o número certo: os coringas são uma família à parte; um jogo americano tem 152 peças, e só 144 delas não são coringas.
        [flower] “{ $label }” não é o número certo: todas as flores contam como a mesma peça, e há tantas flores quanto coringas.
        [wind] “{ $label }” não é o número certo: o jogo tem o mesmo número de exemplares de cada vento, tantos quanto de cada dragão e de cada peça de naipe.
        [dragon] “{ $label }” não é o número certo: o jogo tem o mesmo número de exemplares de cada dragão, tantos quanto de cada vento e de cada peça de naipe.
       *[suit] “{ $label }” não é o número certo: todas as peças de naipe têm o mesmo número de exemplares, e três naipes de nove números somam 108 peças.
    }
quiz-table_pass_note-from = A peça { $label } vem do jogador de { $giver }, que nesta passagem passa para o de { $receiver }.
quiz-table_pass_note-own = A peça { $label } já é do próprio jogador de { $giver }, que nesta passagem a passa para o de { $receiver }.

## quiz.hint
quiz-hint-include = Dica: a { $position }ª peça, { $label }, faz parte da resposta.
quiz-hint-exclude = Dica: deixe de fora a { $position }ª peça, { $label }.
quiz-guide_for-courtesy_check_question_both = Neste momento o Charleston já terminou por completo? A troca de cortesia ainda está por vir? E a oferta fica entre 0 e 3 peças?
quiz-guide_for-tile_fact_question_copies =
    { $family ->
        [joker] Os coringas são uma família à parte: quantos coringas o jogo tem?
        [flower] As flores são uma família à parte, e todas contam como a mesma peça: quantas flores o jogo tem?
        [wind] Esta peça é um vento: quantos exemplares de cada vento o jogo tem?
        [dragon] Esta peça é um dragão: quantos exemplares de cada dragão o jogo tem?
       *[suit] Esta é uma peça de naipe: quantos exemplares de cada peça de naipe o jogo tem?
    }
quiz-hint-not_option = Dica: não é “{ $label }”.
quiz-hint-place = Dica: na posição { $position } fica “{ $label }”.
quiz-hint-count =
    { $count ->
        [0] Dica: não escolha nenhuma.
        [one] Dica: escolha exatamente { $count } peça.
       *[other] Dica: escolha exatamente { $count } peças.
    }
quiz-hint-rule = Dica: { $rule }

## progress
progress-title = Seu progresso
progress-intro = Exercícios resolvidos em cada lição. O progresso fica salvo só neste navegador.
progress-lesson = { $solved } de { $total } resolvidos
progress-none = sem exercícios
progress-reset = Apagar meu progresso
progress-reset_done = Seu progresso foi apagado.
progress-finished = concluída

## pass
pass-first-right = Primeiro Charleston, passagem para a direita
pass-first-across = Primeiro Charleston, passagem em frente
pass-first-left = Primeiro Charleston, passagem para a esquerda
pass-second-left = Segundo Charleston, passagem para a esquerda
pass-second-across = Segundo Charleston, passagem em frente
pass-second-right = Segundo Charleston, passagem para a direita

## pass_nth
pass_nth-first-right = a primeira passagem do primeiro Charleston
pass_nth-first-across = a segunda passagem do primeiro Charleston
pass_nth-first-left = a terceira passagem do primeiro Charleston
pass_nth-second-left = a primeira passagem do segundo Charleston
pass_nth-second-across = a segunda passagem do segundo Charleston
pass_nth-second-right = a terceira passagem do segundo Charleston

## direction
direction-right = Direita
direction-across = Em frente
direction-left = Esquerda

# Seat diagrams (```seats```): who gives to whom, and the captions.

## seats
seats-gives = O jogador de { $giver } passa para o de { $receiver }
seats-courtesy = Troca de cortesia, com o jogador da frente

## seats.round
seats-round-first = O primeiro Charleston, passagem por passagem
seats-round-second = O segundo Charleston, passagem por passagem

## seat
seat-east = Leste
seat-south = Sul
seat-west = Oeste
seat-north = Norte

## tile.bam
tile-bam-1 = 1 de bambu
tile-bam-2 = 2 de bambu
tile-bam-3 = 3 de bambu
tile-bam-4 = 4 de bambu
tile-bam-5 = 5 de bambu
tile-bam-6 = 6 de bambu
tile-bam-7 = 7 de bambu
tile-bam-8 = 8 de bambu
tile-bam-9 = 9 de bambu

## tile.crak
tile-crak-1 = 1 de caractere
tile-crak-2 = 2 de caractere
tile-crak-3 = 3 de caractere
tile-crak-4 = 4 de caractere
tile-crak-5 = 5 de caractere
tile-crak-6 = 6 de caractere
tile-crak-7 = 7 de caractere
tile-crak-8 = 8 de caractere
tile-crak-9 = 9 de caractere

## tile.dot
tile-dot-1 = 1 de círculo
tile-dot-2 = 2 de círculo
tile-dot-3 = 3 de círculo
tile-dot-4 = 4 de círculo
tile-dot-5 = 5 de círculo
tile-dot-6 = 6 de círculo
tile-dot-7 = 7 de círculo
tile-dot-8 = 8 de círculo
tile-dot-9 = 9 de círculo

## tile.wind
tile-wind-north = vento Norte
tile-wind-east = vento Leste
tile-wind-south = vento Sul
tile-wind-west = vento Oeste

## tile.dragon
tile-dragon-red = dragão vermelho
tile-dragon-green = dragão verde
tile-dragon-white = dragão branco (soap)

## tile
tile-flower = flor
tile-joker = coringa

## rule
rule-tile-copies-in-set = O jogo tem 152 peças: quatro de cada peça de naipe, de vento e de dragão, oito flores e oito coringas.
rule-joker-is-marked = Coringa é a peça que traz escrito “Joker”. Nenhuma outra peça é coringa.
rule-flower-is-not-joker = A flor não é coringa; as flores podem ser passadas como qualquer outra peça.
rule-soap-is-not-joker = O dragão branco (soap) não é coringa; ele pode ser passado como qualquer outra peça.
rule-rack-tile-count = Durante o Charleston, cada suporte tem 13 peças.
rule-east-draws-after-charleston = Durante o Charleston, todos os jogadores, inclusive o Leste, têm 13 peças; o Leste só compra a 14ª depois que toda a troca termina (o Charleston e a troca de cortesia).
rule-too-many-copies = Nenhuma peça pode aparecer mais vezes do que há exemplares dela no jogo: quatro de cada, oito flores, oito coringas.
rule-pass-exactly-three = Toda passagem do Charleston tem exatamente três peças, passadas juntas.
rule-pass-from-own-rack = As peças que você passa ou oferece precisam sair do seu próprio suporte.
rule-joker-never-passed = Coringa nunca é passado: nem no Charleston, nem às cegas, nem na troca de cortesia.
rule-received-joker-goes-back = Um coringa recebido por engano volta para quem o passou e é trocado por outra peça; ele nunca segue adiante.
rule-blind-only-on-last-pass = Passar às cegas só vale na passagem que fecha cada Charleston: a passagem para a esquerda do primeiro e a passagem para a direita do segundo.
rule-blind-from-received-only = Na passagem às cegas, você só manda adiante peças que estão sendo passadas para você nessa mesma passagem, sem olhar para elas.
rule-pass-direction = Passar para a direita é passar para o jogador que joga depois de você; em frente, para o que está à sua frente; para a esquerda, para o que joga antes de você.
rule-charleston-order = Primeiro Charleston: direita, em frente, esquerda. Segundo Charleston: esquerda, em frente, direita.
rule-first-charleston-compulsory = O primeiro Charleston é obrigatório: ninguém pode pará-lo.
rule-second-charleston-optional = O segundo Charleston é opcional: qualquer jogador pode pará-lo antes de ele começar.
rule-second-charleston-stop-before-first-pass = O segundo Charleston só pode ser parado antes de as primeiras peças se moverem; depois disso, ele vai até o fim.
rule-courtesy-after-charleston = Onde a mesa faz a troca de cortesia (a maioria faz), ela só vem quando o Charleston terminou de vez: depois que o segundo Charleston foi jogado ou parado. Ela só é feita uma vez.
rule-courtesy-zero-to-three = Na troca de cortesia, cada jogador oferece de 0 a 3 peças ao jogador da frente.
rule-courtesy-smaller-offer = Na troca de cortesia, vale a oferta menor: esse é o número de peças que cada um passa para o outro lado.
rule-courtesy-zero-means-none = Uma oferta de 0 significa que esses dois jogadores não fazem troca de cortesia.
rule-group-size = Um grupo de peças iguais tem no máximo 6 peças (um sextet).
rule-joker-completes-identical-only = O coringa só pode entrar num grupo de três ou mais peças iguais: pung, kong, quint ou sextet.
rule-joker-not-in-pair = O coringa nunca pode fazer parte de um par.
rule-joker-not-single = O coringa nunca pode substituir uma peça isolada.
rule-look-alike-never-wild = Uma flor ou o dragão branco (soap) nunca substitui outra peça num grupo; só o coringa faz isso.
rule-joker-in-flower-group = As flores contam como peças iguais, então um coringa pode completar um grupo de três ou mais flores.
rule-quint-needs-joker = Só existem quatro exemplares de cada peça de naipe, vento e dragão; por isso um quint dessas peças precisa de pelo menos um coringa, e um sextet, de dois.
rule-redeem-on-own-turn = Você só pode resgatar um coringa de uma exposição na sua vez.
rule-redeem-not-from-discard = Não se pode resgatar um coringa com um descarte.
rule-redeem-matching-tile = Só a peça que o coringa está substituindo pode resgatá-lo.
rule-redeem-needs-exposed-joker = Só dá para resgatar um coringa que esteja num grupo exposto; num grupo sem coringa não há nada para resgatar.
rule-clean-pass-helps-no-line = A melhor passagem entrega só peças que não ajudam nenhuma das suas linhas didáticas.

## guide
# The guiding question after a first wrong answer: it points at the fact
# that decides, without stating the rule (that comes after the second try).
guide-tile-copies-in-set = Vá família por família: quantas peças diferentes cada família tem, e quantos exemplares de cada peça o jogo tem?
guide-joker-is-marked = Olhe a face da peça: está escrito “Joker” nela?
guide-flower-is-not-joker = A flor é a peça em que está escrito “Joker”? Veja o que está impresso nela.
guide-soap-is-not-joker = O dragão branco (soap) parece quase em branco: é a peça em que está escrito “Joker”?
guide-rack-tile-count = Conte as peças: quantas um suporte tem durante o Charleston?
guide-east-draws-after-charleston = Conte as peças: quantas cada jogador, inclusive o Leste, tem durante o Charleston? E quando o Leste compra a 14ª?
guide-too-many-copies = Conte cada peça: alguma aparece mais vezes do que há exemplares dela no jogo?
guide-pass-exactly-three = Conte as peças desta passagem: quantas vão em cada passagem do Charleston?
guide-pass-from-own-rack = De onde vêm estas peças: do seu próprio suporte ou de outro lugar?
guide-joker-never-passed = Há um coringa entre estas peças? Um coringa pode ser passado na fase de trocas?
guide-received-joker-goes-back = Chegou um coringa. Para onde ele vai, e quem repõe a peça que falta?
guide-blind-only-on-last-pass = Que passagem é esta: é a última do seu Charleston?
guide-blind-from-received-only = Que peças podem seguir às cegas: quaisquer peças, ou só as que chegam nesta mesma passagem?
guide-pass-direction = Visto deste lugar, quem está à direita, quem está em frente e quem está à esquerda?
guide-charleston-order = Que Charleston é este, e para que lado vai cada uma das suas passagens?
guide-first-charleston-compulsory = Que Charleston é este, e ele pode ser parado?
guide-second-charleston-optional = Que Charleston é este, e a mesa é obrigada a jogá-lo?
guide-second-charleston-stop-before-first-pass = Que Charleston é este, e as peças dele já começaram a se mover?
guide-courtesy-after-charleston = O Charleston inteiro já terminou (o segundo Charleston foi jogado ou parado)? E a troca de cortesia ainda está por vir?
guide-courtesy-zero-to-three = Quantas peças um jogador pode oferecer na troca de cortesia, no mínimo e no máximo?
guide-courtesy-smaller-offer = Compare as duas ofertas: qual delas decide quantas peças vão para o outro lado?
guide-courtesy-zero-means-none = Uma das ofertas é 0: o que isso significa para esses dois jogadores?
guide-group-size = Conte as peças deste grupo: qual é o tamanho máximo de um grupo de peças iguais?
guide-joker-completes-identical-only = Que tipo de grupo é este: as peças são iguais, e são pelo menos três?
guide-joker-not-in-pair = Quantas peças este grupo tem? Um coringa pode estar num grupo tão pequeno?
guide-joker-not-single = Aqui o coringa ficaria sozinho: um coringa pode substituir uma peça isolada?
guide-look-alike-never-wild = Que peça está substituindo outra aqui, e essa peça é um coringa?
guide-joker-in-flower-group = As flores contam como peças iguais? O que isso significa para um coringa entre elas?
guide-quint-needs-joker = Quantos exemplares naturais desta peça o jogo tem? Eles bastam para este grupo?
guide-redeem-on-own-turn = De quem é a vez, e quando se pode resgatar um coringa de uma exposição?
guide-redeem-not-from-discard = De onde vem esta peça, e uma peça assim pode resgatar um coringa?
guide-redeem-matching-tile = Que peça o coringa substitui nesse grupo? É a mesma peça?
guide-redeem-needs-exposed-joker = Há aqui um coringa num grupo exposto, pronto para ser trocado?
guide-clean-pass-helps-no-line = Alguma destas peças aparece numa das suas linhas didáticas?

# O simulador de Charleston (blocos ```trainer```, js/trainer.js).

## trainer
trainer-walkthrough_heading = Um Charleston jogado para você: distribuição { $deal }, no lugar de { $seat }
trainer-walkthrough_intro = Com o JavaScript ativado, esta página coloca você à mesa para jogar você mesmo cada passagem. Sem ele, veja aqui a distribuição { $deal } vista do lugar de { $seat }, lance a lance, como o computador a jogaria.
trainer-your_lines = Suas linhas didáticas:
trainer-final_rack = Seu suporte depois da troca:
trainer-step_pass = { $pass }: você passou estas peças { $to }: { $tiles }. Recebeu { $from }: { $received }.
trainer-step_blind =
    { $blind ->
        [0] { $pass }: você passou estas peças { $to }: { $tiles }. Das peças que vieram { $from }, ficaram com você: { $received }.
        [one] { $pass }, às cegas: você passou estas peças { $to }: { $tiles }. Das peças que vieram { $from }, ficaram com você: { $received }.
        [2] { $pass }, às cegas: você passou estas peças { $to }: { $tiles }. Das peças que vieram { $from }, ficaram com você: { $received }.
       *[other] { $pass }, às cegas: você mandou adiante { $to }, sem olhar para elas, todas as peças que vieram { $from }, e não ficou com nenhuma delas.
    }
trainer-vote_you = Você parou o segundo Charleston.
trainer-vote_seat = O jogador de { $seat } parou o segundo Charleston.
trainer-vote_played = Ninguém parou o segundo Charleston: ele vai ser jogado.
# the number of tiles the player across offered, in the courtesy step
trainer-offer_count =
    { $count ->
        [0] nenhuma peça
        [one] 1 peça
       *[other] { $count } peças
    }
trainer-courtesy_step =
    Troca de cortesia. Sua oferta: { $offered }. Oferta do jogador da frente: { $partner_offer }. { $n ->
        [0] Nenhuma peça foi trocada.
        [one] Cada um passou 1 peça para o outro lado.
       *[other] Cada um passou { $n } peças para o outro lado.
    } Você recebeu: { $received }.
trainer-none = nada
# a tile forwarded blind, in the move log: the player never saw it
trainer-unseen = uma peça que você não viu
trainer-app_label = Simulador de Charleston
trainer-deal = Número da distribuição
trainer-seat = Seu lugar
trainer-new_deal = Nova distribuição
trainer-rack = Seu suporte
trainer-selected = Escolhidas: { $n }
trainer-blind = Peças passadas às cegas
trainer-pass = Passar
trainer-stop = Parar o segundo Charleston
trainer-continue = Jogar o segundo Charleston
trainer-offer = Oferecer
trainer-now_pass = { $pass }: escolha três peças para passar { $to }.
trainer-now_blind = Última passagem deste Charleston: você pode passar adiante até três das peças que estão chegando, sem olhar para elas.
trainer-now_vote = O primeiro Charleston acabou. Jogar um segundo ou parar aqui?
trainer-now_courtesy = Troca de cortesia: escolha de 0 a 3 peças para oferecer ao jogador da frente.
trainer-log = Lances
trainer-refused = Não é permitido: { $rule }
trainer-summary = Resumo
trainer-summary_passes = Suas passagens
trainer-summary_received = O que você recebeu
trainer-summary_refused = Lances recusados
trainer-again = Jogar esta distribuição de novo
trainer-new_tile = acabou de chegar
trainer-table = A mesa
trainer-to-right = para a direita
trainer-to-across = para o jogador da frente
trainer-to-left = para a esquerda
trainer-from-right = da direita
trainer-from-across = do jogador da frente
trainer-from-left = da esquerda
# O histórico do simulador (js/trainer.js): um por navegador, em todos os idiomas.
trainer-record-heading = Seu histórico
trainer-record-intro = Fica salvo só neste navegador e é o mesmo em todos os idiomas do curso. Quando você salva seu progresso em um arquivo, o histórico é salvo junto.
trainer-record-empty = Você ainda não fez nenhum lance.
trainer-record-games =
    { $games ->
        [0] Nenhuma partida jogada até o fim ainda
        [one] { $games } partida jogada até o fim
       *[other] { $games } partidas jogadas até o fim
    }
trainer-record-clean = Partidas sem nenhum lance recusado: { $clean } de { $games }
trainer-record-moves = Lances aceitos na primeira tentativa: { $right } de { $moves }
trainer-record-best =
    { $best ->
        [one] Maior sequência: { $best } lance aceito na primeira tentativa
       *[other] Maior sequência: { $best } lances seguidos aceitos na primeira tentativa
    }
trainer-record-last = Última vez que você jogou: { $date }
trainer-record-reset = Apagar meu histórico
trainer-record-confirm = Apagar seu histórico do simulador? Suas partidas, seus lances e sua maior sequência serão apagados.
trainer-record-yes = Sim, apagar
trainer-record-no = Cancelar
trainer-record-reset_done = Seu histórico do simulador foi apagado.

## practice
practice-print_link = Imprimir uma folha de exercícios
practice-all_sheets = Todas as folhas de exercícios
practice-index_title = Folhas de exercícios
practice-index_intro = Pratique no papel, longe da tela. Imprima uma folha, marque ou escreva suas respostas e depois confira tudo no gabarito da última página. Cada folha tem { $exercises }. A folha 2 traz exercícios diferentes da folha 1, e o mesmo número de folha traz os mesmos exercícios em todos os idiomas, então uma turma inteira pode trabalhar com uma folha só.
practice-sheet = Folha { $number }
practice-mixed = Exercícios variados
practice-sheet_title = { $series }: folha de exercícios { $number }
practice-running_header = { $title } · { $language }
practice-page_of = Página { $page } de { $pages }
practice-meta = { $exercises } · { $language } · gabarito na última página
practice-print_hint = Imprima esta página em papel A4 ou Carta (US Letter): os menus ficam de fora, nenhum exercício é dividido entre duas páginas e o gabarito começa em uma página própria.
practice-links_label = Esta folha
practice-lesson_link = Voltar para a lição
practice-previous = Folha anterior
practice-next = Próxima folha
practice-name = Nome:
practice-date = Data:
practice-key_title = Gabarito
practice-key_intro = Cada resposta, com a regra que a justifica e a seção da lição que a explica.
practice-key_none = nenhuma peça (não marque nada)
practice-code = Código { $code }

## practice.how
practice-how-select = Marque o quadradinho embaixo de cada peça que você escolher.
practice-how-choice = Marque só uma resposta.
practice-how-multi = Marque todos os quadradinhos das respostas certas.
practice-how-order = Numere os quadradinhos na ordem certa, começando pelo 1.

## search
search-label = Buscar no curso
search-hint = Os resultados aparecem enquanto você digita. Use a seta para baixo para percorrê-los e Escape para voltar ao campo de busca.
search-fallback = A busca precisa de JavaScript. Você pode navegar por aqui:
search-glossary = Glossário
search-lessons = Todas as lições
search-loading = Carregando o índice de busca…
search-count =
    { $count ->
        [0] Nenhum resultado
        [one] { $count } resultado
       *[other] { $count } resultados
    }
search-none = Nenhum resultado para “{ $query }”.
search-failed = A busca não está disponível agora.

## offline
offline-ready = Disponível off-line: agora este curso abre neste navegador mesmo sem conexão.
offline-short_name = Peça por peça
offline-app_description = Um curso de mahjong americano com exercícios, que funciona off-line depois da primeira visita.

# A long section's navigation: the link to its index page, which lists every page.

## nav_window
nav_window-all =
    { $count ->
        [0] Nenhuma página para mostrar
        [one] Mostrar a única página
       *[other] Mostrar todas as { $count } páginas
    }

# What search engines show for pages without a description of their own
# (practice sheets, their index, the not-found page).

## description
description-practice_sheet = Folha de exercícios { $number } de { $sheets } sobre “{ $series }”: exercícios para imprimir e fazer no papel, com o gabarito na última página.
description-practice_index = Folhas de exercícios para imprimir de cada lição do curso: faça os exercícios no papel e depois confira no gabarito.
description-not_found = Não há nenhuma página neste endereço. Escolha um idioma para voltar ao curso de mahjong americano.

progress-revealed-intro = Exercícios resolvidos em cada lição. Um exercício cuja resposta você mostrou conta como revelado, não como resolvido, até você apagar o progresso dessa lição. O progresso fica salvo só neste navegador.
progress-revealed-lesson =
    { $revealed ->
        [0] { $solved } de { $total } resolvidos, { $revealed } revelados
        [one] { $solved } de { $total } resolvidos, { $revealed } revelado
       *[other] { $solved } de { $total } resolvidos, { $revealed } revelados
    }
progress-confirm-all = Apagar seu progresso em todas as lições? Os exercícios resolvidos e revelados serão esquecidos.
progress-confirm-lesson = Apagar seu progresso em “{ $lesson }”? Os exercícios resolvidos e revelados dessa lição serão esquecidos.
progress-confirm-yes = Sim, apagar
progress-confirm-no = Cancelar
progress-one-reset = Apagar
progress-one-reset_label = Apagar seu progresso em “{ $lesson }”
progress-one-done = Seu progresso em “{ $lesson }” foi apagado.
quiz-revealed-progress =
    { $revealed ->
        [0] Exercícios resolvidos: { $solved } de { $total }; respostas mostradas: { $revealed }
        [one] Exercícios resolvidos: { $solved } de { $total }; resposta mostrada: { $revealed }
       *[other] Exercícios resolvidos: { $solved } de { $total }; respostas mostradas: { $revealed }
    }
trainer-teach-lines_heading = Suas linhas didáticas
trainer-teach-lines_intro = As linhas que você está montando, desenhadas grupo por grupo. Guarde as peças de que elas precisam e passe as outras.
trainer-teach-line = Linha { $n }
trainer-teach-line_short = Peças que faltam: { $short }
trainer-teach-closest_line = Seu suporte está mais perto da linha { $n }. Peças que faltam: { $short }.
quiz-feedback-legal_but = Válido, mas…
quiz-feedback-poor = A { $position }ª peça, { $label }, está no { $group }º grupo da linha didática { $line }. Fique com ela e passe uma peça de que nenhuma linha precise.
quiz-feedback-guide = “{ $label }” não é a resposta. { $guide }
quiz-feedback-hint_exclude = Dica: a { $position }ª peça, { $label }, não faz parte da resposta.
quiz-feedback-reveal_lines =
    { $mode ->
        [blind]
            { $lines ->
                [one] Uma passagem às cegas válida tem três peças, nenhuma delas coringa, e pode misturar peças do seu suporte e peças recebidas. Esta mantém todas as peças de que a sua linha didática precisa:
               *[other] Uma passagem às cegas válida tem três peças, nenhuma delas coringa, e pode misturar peças do seu suporte e peças recebidas. Esta mantém todas as peças de que as suas linhas didáticas precisam:
            }
       *[plain]
            { $lines ->
                [one] Quaisquer três peças que não sejam coringas formam uma passagem válida. Esta mantém todas as peças de que a sua linha didática precisa:
               *[other] Quaisquer três peças que não sejam coringas formam uma passagem válida. Esta mantém todas as peças de que as suas linhas didáticas precisam:
            }
    }
quiz-feedback-hint_lesson = Dica: a seção da lição indicada abaixo decide isso; leia-a antes da próxima tentativa.
quiz-unseen-tile = Peça não vista
quiz-unseen-blind = Passadas às cegas, sem ver
quiz-unseen-label_noticed = Passadas para você nesta passagem: você percebe um coringa entre elas; as outras duas continuam sem ser vistas
quiz-unseen-reveal_joker = Se você perceber um coringa entre as peças recebidas, devolva-o a quem o passou. Se ele seguir adiante sem ninguém perceber, quem o encontrar avisa a mesa, e ele volta para o jogador que o passou primeiro, que o troca por uma peça natural.
quiz-fault_for-table_pass_question-forbidden = { $note }

## «Outro como este» (issue 33): depois de resolver um exercício ou de
## mostrar a resposta, outro exercício do mesmo tipo da lição.
quiz-another-button = Tentar outro como este
quiz-another-sheet = Mais exercícios como este: uma folha de exercícios
quiz-another-new = Novo exercício: { $title }
quiz-another-done = Você já viu todos os exercícios deste tipo; agora eles se repetem, a partir do primeiro.
quiz-another-offline = Ainda não há mais exercícios disponíveis. Abra esta página uma vez com conexão à internet.

## Levar o progresso (issue 33): exportar para um arquivo JSON, importar em
## outro aparelho; sem conta, sem servidor.
progress-transfer-intro = Para continuar em outro aparelho ou navegador, salve seu progresso em um arquivo e abra-o lá.
progress-export = Salvar meu progresso em um arquivo
progress-export-done = Seu arquivo de progresso foi salvo: { $file }
progress-import = Carregar o progresso de um arquivo
progress-import-done = Progresso carregado e somado ao que este navegador já tinha. Novos exercícios resolvidos: { $solved }; novos exercícios revelados: { $revealed }.
progress-import-bad = Não é possível carregar este arquivo: ele não é um arquivo de progresso salvo por este curso. Nada foi alterado.
progress-import-foreign = Este arquivo de progresso é de outro curso: nenhum dos exercícios dele está neste. Nada foi alterado.

## A revisão (issue 33): exercícios errados ou revelados voltam em intervalos
## crescentes (FSRS), cada vez como um exercício novo do mesmo tipo.
progress-review-link = Revisar os exercícios que você errou
progress-review-title = Revisão
progress-review-intro = Os exercícios que você errou, ou cuja resposta você mostrou, voltam aqui espaçados ao longo dos dias: cada vez que você acerta um, ele volta mais tarde; cada vez que erra, mais cedo (o método FSRS). Cada revisão é um exercício novo do mesmo tipo. Suas revisões ficam salvas só neste navegador e funcionam off-line.
progress-review-nojs = A revisão precisa de JavaScript. Sem ele, as folhas de exercícios de cada lição oferecem mais exercícios.
progress-review-due = { $count ->
    [one] Hoje você tem { $count } exercício para revisar.
   *[other] Hoje você tem { $count } exercícios para revisar.
}
progress-review-none = Nada para revisar hoje.
progress-review-next = O próximo exercício volta em { $date }.
progress-review-empty = Ainda não há nada para revisar: os exercícios que você errar voltam aqui.
progress-review-start = Começar
progress-review-next_exercise = Próximo exercício
progress-review-done = Esse foi o último exercício para revisar hoje.
progress-review-pause = Pausar a revisão
progress-review-resume = Retomar a revisão
progress-review-paused = A revisão está pausada: nenhum exercício volta até você retomá-la.
progress-review-reset = Apagar a revisão
progress-review-confirm = Esquecer todos os exercícios que esperam revisão? Os exercícios que você resolveu continuam salvos.
progress-review-reset_done = A revisão foi apagada.
progress-review-offline = Não é possível carregar este exercício agora. Abra a lição deste exercício uma vez com conexão à internet.
progress-review-print = Imprimir os exercícios de hoje
progress-review-print_title = Revisão de { $date }
progress-review-key = Gabarito
