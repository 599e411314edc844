# UI strings of the felt theme (Catalan).

## a11y
a11y-skip_to_content = Vés al contingut

## nav
nav-title = Lliçons
nav-menu = Menú
nav-untranslated = encara sense traduir
nav-back_to_top = Torna a dalt
nav-pager_label = Lliçó anterior i següent
nav-prev = Anterior
nav-next = Següent

## top_links
top_links-label = Cursos relacionats

## lang
lang-label = Idioma
lang-not_translated = sense traduir
lang-goes_home = Aquesta pàgina encara no està traduïda a aquest idioma; l’enllaç porta a la pàgina d’inici de l’idioma.

## toc
toc-title = En aquesta pàgina

## notice
notice-untranslated_title = Aquesta pàgina encara no està traduïda
notice-untranslated_body = Mentre no es tradueixi, es mostra en la llengua original.
notice-untranslated_exercise = Aquest exercici encara no està traduït. Mentre no es tradueixi, es mostra en la llengua original.
notice-stale_title = Pot ser que aquesta traducció no estigui actualitzada
notice-stale_body = L’original ha canviat des que es va traduir aquesta pàgina. Consulta la versió actual de l’original:

## breadcrumb
breadcrumb-label = Ruta de navegació
breadcrumb-home = Inici

## lesson
lesson-exercises =
    { $count ->
        [one] { $count } exercici
       *[other] { $count } exercicis
    }

## section
section-pages_title = Lliçons d’aquesta secció
section-empty = Aquesta secció encara no té lliçons.

## error404
error404-title = No s’ha trobat la pàgina
error404-body = Ho sentim, no hi ha cap pàgina en aquesta adreça. Potser s’ha mogut o l’enllaç té alguna errada.
error404-languages = Vés a l’inici del curs

## chooser
chooser-prompt = Tria la llengua:
chooser-description = Tria la llengua en què vols llegir aquest lloc.

## footer
footer-note = Fet amb tilebook.
list-and-two = { $first } i { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first } i { $second }

# ---- Exercicis (blocs quiz) ----------------------------------------------------

## quiz
quiz-exercise = Exercici
quiz-check = Comprova
quiz-try_again = Torna-ho a provar
quiz-show_answer = Mostra la resposta
quiz-answer = Resposta
quiz-lesson_link = Llegeix la lliçó
quiz-right = Correcte!
quiz-wrong = No del tot.
quiz-progress = Exercicis resolts: { $solved } de { $total }
quiz-chosen = Triades: { $chosen } de { $count }
quiz-chosen_any = Triades: { $chosen }
quiz-moved = { $label }: posició { $position } de { $total }
quiz-move_up = Puja
quiz-move_down = Baixa
quiz-heading = { $exercise }: { $title }
quiz-lesson_section = Lliçó: { $section }
quiz-moved_edge = { $label } es queda a la posició { $position } de { $total }

## quiz.label
quiz-label-answer = Resposta
quiz-label-rack = El teu faristol
quiz-label-received = Te les passen en aquesta passada i encara no les has mirat
quiz-label-line = Línia de pràctica { $n }
quiz-label-group = El grup
quiz-label-exposed = El grup exposat
quiz-label-tile = La fitxa
quiz-label-the_rack = El faristol
quiz-label-to_pass = Les fitxes per passar
quiz-label-to_pass_rack = Per passar des del faristol
quiz-label-to_pass_blind = Per passar a cegues, sense mirar

## quiz.legend
quiz-legend-choose_all = Tria tot el que hi correspongui
quiz-legend-choose_three = Tria tres fitxes
quiz-legend-choose_one = Tria una resposta
quiz-legend-order = Posa els elements en ordre.
quiz-legend-order_keys = Mou un element amb els seus botons de pujar i baixar, o prem la fletxa amunt o avall mentre un dels seus botons té el focus.

## quiz.option
quiz-option-yes = Sí
quiz-option-no = No

## quiz.find_jokers
quiz-find_jokers-question = Quines fitxes d’aquest faristol són jokers?
quiz-find_jokers-reveal =
    { $count ->
        [0] En aquest faristol no hi ha cap joker.
        [one] El joker és la fitxa { $positions }, comptant des de l’esquerra.
       *[other] Els jokers són les fitxes { $positions }, comptant des de l’esquerra.
    }

## quiz.pass
quiz-pass-question = { $pass }: tria tres fitxes per passar.
quiz-pass-reveal = Qualsevol grup de tres fitxes sense cap joker és una passada vàlida; per exemple:

## quiz.blind_pass
quiz-blind_pass-question = { $pass }: te n’estan passant tres i encara no les has mirat. Fes una passada vàlida de tres fitxes; algunes de les que t’arriben les pots reenviar a cegues.
quiz-blind_pass-question_noticed = { $pass }: te n’estan passant tres i t’adones que una és un joker; les altres no les has mirat. Fes una passada vàlida de tres fitxes; les que no has mirat, les pots reenviar a cegues.
quiz-blind_pass-reveal = Qualsevol grup de tres fitxes sense cap joker és una passada vàlida, barrejant com vulguis fitxes del faristol i fitxes rebudes. Per exemple:
quiz-blind_pass-reveal_noticed = El joker torna enrere, i la fitxa que n’ocupa el lloc surt del teu faristol: una que sí que has vist. Per exemple:

## quiz.clean_pass
quiz-clean_pass-question = Passa tres fitxes que no ajudin cap de les teves línies de pràctica.
quiz-clean_pass-reveal =
    { $count ->
        [3] Aquestes tres fitxes fan la passada neta:
       *[other] Tres fitxes qualssevol d’aquestes fan una passada neta:
    }

## quiz.pass_direction
quiz-pass_direction-question = Cap a on va { $pass }?
quiz-pass_direction-question_receiver = { $pass }: qui rep les fitxes que passa { $seat }?
quiz-pass_direction-question_giver = { $pass }: de qui rep fitxes { $seat }?

## quiz.pass_order
quiz-pass_order-question_all = Posa en ordre les sis passades del Charleston.
quiz-pass_order-question_first = Posa en ordre les tres passades del primer Charleston.
quiz-pass_order-question_second = Posa en ordre les tres passades del segon Charleston.

## quiz.blind_passes
quiz-blind_passes-question = En quines passades pots passar fitxes a cegues?

## quiz.stop
quiz-stop-question =
    { $stage ->
        [second] { $moment } { $seat } vol aturar el segon Charleston. Ho pot fer ara?
       *[first] { $moment } { $seat } vol aturar el Charleston. Ho pot fer ara?
    }

## quiz.stop.moment
quiz-stop-moment-deal = Acaben de repartir les fitxes.
quiz-stop-moment-first-right = S’acaba de jugar la passada a la dreta del primer Charleston.
quiz-stop-moment-first-across = S’acaba de jugar la passada al davant del primer Charleston.
quiz-stop-moment-first-left = S’acaba de jugar la passada a l’esquerra del primer Charleston.
quiz-stop-moment-second-left = S’acaba de jugar la passada a l’esquerra del segon Charleston.
quiz-stop-moment-second-across = S’acaba de jugar la passada al davant del segon Charleston.
quiz-stop-moment-second-right = S’acaba de jugar la passada a la dreta del segon Charleston.
quiz-stop-moment-courtesy = S’acaba de jugar la passada de cortesia.
quiz-stop-moment-stop = S’acaba d’aturar el segon Charleston.

## quiz.stop.option
quiz-stop-option-yes = Sí: qualsevol jugador el pot aturar ara
quiz-stop-option-east-only = Només Est el pot aturar
quiz-stop-option-no = No: ara ningú no el pot aturar

## quiz.courtesy
quiz-courtesy-question = Passada de cortesia: { $offer_a } i { $offer_b }. Quantes fitxes passa cadascun dels dos a l’altre?
quiz-courtesy-offers =
    { $count ->
        [0] { $seat } no ofereix cap fitxa
        [one] { $seat } ofereix 1 fitxa
       *[other] { $seat } ofereix { $count } fitxes
    }

## quiz.tiles
quiz-tiles =
    { $count ->
        [0] cap fitxa
        [one] 1 fitxa
       *[other] { $count } fitxes
    }

## quiz.joker_group
quiz-joker_group-question =
    { $jokers ->
        [0] És un grup vàlid?
        [one] És un grup vàlid, amb el joker?
       *[other] És un grup vàlid, amb els jokers?
    }
quiz-joker_group-reveal_size = Fitxes d’aquest grup: { $count }.

## quiz.redeem
quiz-redeem-question = { $turn } { $source } Pots posar-la al grup exposat i endur-te el joker?
quiz-redeem-own_turn = És el teu torn.
quiz-redeem-other_turn = No és el teu torn.
quiz-redeem-from_rack = La fitxa és del teu faristol.
quiz-redeem-from_discard = La fitxa l’acaba de descartar un altre jugador.

## quiz.rack_check
quiz-rack_check-question = És vàlid aquest faristol per al Charleston?
quiz-rack_check-question_seat = { $seat } té aquest faristol. És vàlid per al Charleston?
quiz-rack_check-reveal_ok =
    { $count ->
        [one] 1 fitxa, i de cap fitxa no n’hi ha més còpies de les que té el joc.
       *[other] { $count } fitxes, i de cap fitxa no n’hi ha més còpies de les que té el joc.
    }
quiz-rack_check-reveal_size =
    { $count ->
        [one] El faristol té 1 fitxa.
       *[other] El faristol té { $count } fitxes.
    }
quiz-rack_check-reveal_copies =
    { $count ->
        [one] La fitxa «{ $tile }» hi surt 1 vegada, però el joc només en té { $limit }:
       *[other] La fitxa «{ $tile }» hi surt { $count } vegades, però el joc només en té { $limit }:
    }

## quiz.pass_check
quiz-pass_check-question = { $pass }: pots passar aquestes fitxes?
quiz-pass_check-reveal_ok = Tres fitxes del teu faristol, cap de les quals és un joker: és una passada vàlida.
quiz-pass_check-reveal_not_on_rack = Fitxes que no són al teu faristol:
quiz-pass_check-reveal_not_received = Fitxes que no són entre les que t’acaben de passar:
quiz-pass_check-reveal_joker = Es passaria un joker:
quiz-pass_check-reveal_received_joker = Es tornaria a passar un joker rebut:
quiz-pass_check-reveal_not_blind = Fitxes passades a cegues en una passada que no pot ser a cegues.
quiz-pass_check-reveal_count =
    { $count ->
        [one] En aquest paquet hi ha 1 fitxa, i una passada és exactament de 3.
       *[other] En aquest paquet hi ha { $count } fitxes, i una passada és exactament de 3.
    }

## quiz.courtesy_check
quiz-courtesy_check-question_when = { $moment } Es pot jugar ara la passada de cortesia?
quiz-courtesy_check-moment_first_left = S’acaba de jugar la passada a l’esquerra del primer Charleston, i la taula encara no ha decidit si juga el segon Charleston.
quiz-courtesy_check-question_offer =
    A la passada de cortesia, un jugador pot oferir { $count ->
        [one] 1 fitxa
       *[other] { $count } fitxes
    } al jugador del davant?
quiz-courtesy_check-question_both =
    { $moment } Un jugador vol oferir { $count ->
        [one] 1 fitxa
       *[other] { $count } fitxes
    } al jugador del davant a la passada de cortesia. Ho pot fer ara?

## quiz.copies
quiz-copies-1 = 1
quiz-copies-2 = 2
quiz-copies-4 = 4
quiz-copies-8 = 8

## quiz.tile_fact
quiz-tile_fact-question_copies = Quantes còpies d’aquesta fitxa ({ $tile }) té el joc?
quiz-tile_fact-question_joker = Aquesta fitxa és un joker?

# Tipus sobre un intercanvi sencer i sobre el joc (exercises/kinds/exchange.rs).

## quiz.courtesy_offer
quiz-courtesy_offer-question =
    Passada de cortesia: ets { $seat_a } i { $offer ->
        [0] no ofereixes cap fitxa
        [one] ofereixes 1 fitxa
       *[other] ofereixes { $offer } fitxes
    }; { $offer_b }. Tria les fitxes que passes al jugador del davant.
quiz-courtesy_offer-legend = Tria les fitxes que passes al davant (de 0 a 3; si no n’has de passar cap, no en triïs cap)
quiz-courtesy_offer-reveal =
    { $count ->
        [0] No passa cap fitxa al davant: l’oferta més petita és 0.
        [one] Passa 1 fitxa al davant: mana l’oferta més petita, i un joker no hi va mai. Per exemple:
       *[other] Passen { $count } fitxes al davant: mana l’oferta més petita, i un joker no hi va mai. Per exemple:
    }

## quiz.received_joker
quiz-received_joker-question = { $pass }: et passen aquestes tres fitxes. Què fas?
quiz-received_joker-label = Les fitxes que et passen

## quiz.received_joker.option
quiz-received_joker-option-keep = Em quedo les tres fitxes
quiz-received_joker-option-return =
    { $jokers ->
        [0] Prenc una d’aquestes fitxes per un joker i la torno a qui me l’ha passat
        [one] Torno el joker a qui me l’ha passat, que m’envia una altra fitxa a canvi
       *[other] Torno els jokers a qui me’ls ha passat, que m’envia altres fitxes a canvi
    }
quiz-received_joker-option-forward =
    { $jokers ->
        [0] Prenc una d’aquestes fitxes per un joker i la passo endavant amb la meva passada següent
        [one] Passo el joker endavant amb la meva passada següent
       *[other] Passo els jokers endavant amb la meva passada següent
    }

## quiz.table_pass
quiz-table_pass-question = { $pass }: cada jugador passa les tres fitxes que es veuen. Tria les fitxes que rep { $seat }.
quiz-table_pass-row = { $seat } passa
quiz-table_pass-reveal = { $seat } rep les fitxes que passa { $giver }:

## quiz.set_count
quiz-set_count-number = { $n }

## quiz.set_count.question
quiz-set_count-question-set = Quantes fitxes té un joc de mahjong americà?
quiz-set_count-question-without-jokers = Quantes fitxes té el joc sense els jokers?
quiz-set_count-question-suits = Quantes fitxes de pal (bambú, caràcters i cercles junts) té el joc?
quiz-set_count-question-bams = Quantes fitxes de bambú té el joc?
quiz-set_count-question-craks = Quantes fitxes de caràcters té el joc?
quiz-set_count-question-dots = Quantes fitxes de cercles té el joc?
quiz-set_count-question-honours = Quantes fitxes d’honor (vents i dracs junts) té el joc?
quiz-set_count-question-winds = Quantes fitxes de vent té el joc?
quiz-set_count-question-dragons = Quantes fitxes de drac té el joc?
quiz-set_count-question-flowers = Quantes flors té el joc?
quiz-set_count-question-jokers = Quants jokers té el joc?

## quiz.title
quiz-title-find-jokers = Troba els jokers
quiz-title-pass = { $pass }
quiz-title-blind-pass = Passada a cegues: { $pass }
quiz-title-clean-pass = Una passada neta
quiz-title-pass-direction = Cap a on? { $pass }
quiz-title-pass-order = L’ordre de les passades
quiz-title-blind-passes = Quan una passada pot ser a cegues
quiz-title-stop = Aturar el Charleston
quiz-title-courtesy = La passada de cortesia
quiz-title-joker-group = Un joker en un grup
quiz-title-redeem = Redimir un joker
quiz-title-tile-fact = Coneix les fitxes
quiz-title-rack-check = És vàlid el faristol?
quiz-title-pass-check = És vàlida aquesta passada? { $pass }
quiz-title-courtesy-check =
    { $ask ->
        [offer] Quantes fitxes es poden oferir
        [both] La passada de cortesia: quan i quantes fitxes
       *[when] Quan es juga la passada de cortesia
    }
quiz-title_for-courtesy_check_question_offer = Quantes fitxes es poden oferir
quiz-title-courtesy-offer = Quines fitxes van al davant a la passada de cortesia
quiz-title-received-joker = Fitxes que et passen
quiz-title-table-pass = Qui rep quines fitxes: { $pass }
quiz-title-set-count = Compta les fitxes del joc

## quiz.fault
quiz-fault-empty = Primer tria una resposta.
quiz-fault-count =
    { $count ->
        [0] N’has triat { $chosen }; aquí la resposta és no triar-ne cap.
       *[other] N’has triat { $chosen }; aquesta resposta en necessita { $count }.
    }
quiz-fault-forbidden = La fitxa { $position } ({ $label }) no hi encaixa.
quiz-fault-limit = N’has triat massa: { $chosen }, i com a màxim se n’admeten { $max }.
quiz-fault-missing =
    { $missing ->
        [one] Tot el que has triat és correcte, però en falta 1 més.
       *[other] Tot el que has triat és correcte, però en falten { $missing } més.
    }
quiz-fault-extra = La fitxa { $position } ({ $label }) no forma part de la resposta.
quiz-fault-option = «{ $label }» no és la resposta. { $rule }
quiz-fault-position = Posició { $position }: «{ $label }» no és al seu lloc.

## quiz.fault_rule.count
quiz-fault_rule-count-pass-exactly-three =
    { $chosen ->
        [0] No has triat cap fitxa; una passada és exactament de tres fitxes.
        [one] Has triat 1 fitxa; una passada és exactament de tres fitxes.
       *[other] Has triat { $chosen } fitxes; una passada és exactament de tres fitxes.
    }
quiz-fault_rule-count-courtesy-smaller-offer =
    { $chosen ->
        [0] No has triat cap fitxa.
        [one] Has triat 1 fitxa.
       *[other] Has triat { $chosen } fitxes.
    } Quantes fitxes passa cadascú a l’altre? Compara les dues ofertes: mana la més petita.
quiz-fault_rule-count-courtesy-zero-means-none =
    { $chosen ->
        [0] No has triat cap fitxa.
        [one] Has triat 1 fitxa.
       *[other] Has triat { $chosen } fitxes.
    } Una de les dues ofertes és 0: què vol dir això per a aquest intercanvi?

## quiz.fault_rule.forbidden
quiz-fault_rule-forbidden-joker-never-passed = La fitxa { $position } és un joker: un joker no es passa mai.
quiz-fault_rule-forbidden-received-joker-goes-back = La fitxa rebuda { $position } és el joker del qual t’has adonat: torna a qui te l’ha passat, i al seu lloc hi va una fitxa que sí que has vist.
quiz-fault_rule-forbidden-joker-is-marked = La fitxa { $position }, { $label }, no és un joker: només ho és la fitxa marcada «Joker».
quiz-fault_rule-forbidden-flower-is-not-joker = La fitxa { $position } és una flor, no un joker.
quiz-fault_rule-forbidden-soap-is-not-joker = La fitxa { $position } és el drac blanc (soap), no un joker.
quiz-fault_rule-forbidden-clean-pass-helps-no-line = La fitxa { $position }, { $label }, ajuda una de les teves línies de pràctica.
quiz-fault_rule-forbidden-blind-only-on-last-pass = «{ $label }»: aquesta passada no pot ser a cegues.

## quiz.fault_rule.option
quiz-fault_rule-option-tile-copies-in-set = «{ $label }» no és el nombre correcte. Compta família per família: quantes fitxes diferents té cada família, i quantes còpies hi ha de cada fitxa?

## quiz.fault_rule.missing
quiz-fault_rule-missing-joker-is-marked =
    { $missing ->
        [one] Tot el que has triat és un joker, però n’hi ha més: en falta { $missing }.
       *[other] Tot el que has triat és un joker, però n’hi ha més: en falten { $missing }.
    }
quiz-fault_rule-missing-blind-only-on-last-pass =
    { $missing ->
        [one] Fins aquí, bé, però la resposta és incompleta: en falta 1.
       *[other] Fins aquí, bé, però la resposta és incompleta: en falten { $missing }.
    }

## quiz.fault_for.pass_direction_question
quiz-fault_for-pass_direction_question-option = No és «{ $label }»: { $pass } va cap a un altre costat.

## quiz.fault_for.pass_direction_question_receiver
quiz-fault_for-pass_direction_question_receiver-option = { $label } no rep les fitxes que passa { $seat } en aquesta passada.

## quiz.fault_for.pass_direction_question_giver
quiz-fault_for-pass_direction_question_giver-option = { $seat } no rep les fitxes de { $label } en aquesta passada.

## quiz.fault_for.pass_order_question_all
quiz-fault_for-pass_order_question_all-position = La passada { $position } no és «{ $label }».

## quiz.fault_for.pass_order_question_first
quiz-fault_for-pass_order_question_first-position = La passada { $position } del primer Charleston no és «{ $label }».

## quiz.fault_for.pass_order_question_second
quiz-fault_for-pass_order_question_second-position = La passada { $position } del segon Charleston no és «{ $label }».
quiz-fault_for-tile_fact_question_copies-option =
    { $family ->
        [joker] La resposta no és { $label }: els jokers són una família a part, i el joc en té el doble que de cada fitxa de pal, de vent o de drac.
        [flower] La resposta no és { $label }: totes les flors compten com la mateixa fitxa, i n’hi ha tantes com jokers.
        [wind] La resposta no és { $label }: el joc té el mateix nombre d’exemplars de cada vent, tants com de cada drac i de cada fitxa de pal.
        [dragon] La resposta no és { $label }: el joc té el mateix nombre d’exemplars de cada drac, tants com de cada vent i de cada fitxa de pal.
       *[suit] La resposta no és { $label }: el joc té el mateix nombre d’exemplars de cada fitxa de pal, tants com de cada vent i de cada drac.
    }
quiz-table_pass_note-from = La fitxa «{ $label }» la passa { $giver }, que en aquesta passada dona les fitxes a { $receiver }.
quiz-table_pass_note-own = La fitxa «{ $label }» ja la té { $giver }, que en aquesta passada la dona a { $receiver }.
quiz-guide_for-courtesy_check_question_both = En aquest moment, ja s’ha acabat tot el Charleston? La passada de cortesia encara està per fer? I l’oferta és d’entre 0 i 3 fitxes?
quiz-guide_for-tile_fact_question_copies =
    { $family ->
        [joker] Els jokers són una família a part: quants jokers té el joc?
        [flower] Les flors són una família a part, i totes compten com la mateixa fitxa: quantes flors té el joc?
        [wind] Aquesta fitxa és un vent: quantes n’hi ha de cada vent al joc?
        [dragon] Aquesta fitxa és un drac: quantes n’hi ha de cada drac al joc?
       *[suit] És una fitxa de pal: quantes n’hi ha de cada fitxa de pal al joc?
    }

## quiz.hint
quiz-hint-include = Pista: la fitxa { $position } ({ $label }) forma part de la resposta.
quiz-hint-exclude = Pista: deixa de banda la fitxa { $position } ({ $label }).
quiz-hint-not_option = Pista: no és «{ $label }».
quiz-hint-place = Pista: a la posició { $position } hi va «{ $label }».
quiz-hint-count =
    { $count ->
        [0] Pista: no en triïs cap.
       *[other] Pista: tria’n exactament { $count }.
    }
quiz-hint-rule = Pista: { $rule }

## progress
progress-title = El teu progrés
progress-intro = Exercicis resolts a cada lliçó. El progrés es desa només en aquest navegador.
progress-lesson = Resolts: { $solved } de { $total }
progress-none = sense exercicis
progress-reset = Esborra el meu progrés
progress-reset_done = S’ha esborrat el teu progrés.
progress-finished = acabada

## pass
pass-first-right = Primer Charleston, passada a la dreta
pass-first-across = Primer Charleston, passada al davant
pass-first-left = Primer Charleston, passada a l’esquerra
pass-second-left = Segon Charleston, passada a l’esquerra
pass-second-across = Segon Charleston, passada al davant
pass-second-right = Segon Charleston, passada a la dreta

## pass_nth
pass_nth-first-right = la primera passada del primer Charleston
pass_nth-first-across = la segona passada del primer Charleston
pass_nth-first-left = la tercera passada del primer Charleston
pass_nth-second-left = la primera passada del segon Charleston
pass_nth-second-across = la segona passada del segon Charleston
pass_nth-second-right = la tercera passada del segon Charleston

## direction
direction-right = Dreta
direction-across = Davant
direction-left = Esquerra

# Seat diagrams (```seats```): who gives to whom, and the captions.

## seats
seats-gives = { $giver } passa les fitxes a { $receiver }
seats-courtesy = Passada de cortesia, amb el jugador del davant

## seats.round
seats-round-first = El primer Charleston, passada a passada
seats-round-second = El segon Charleston, passada a passada

## seat
seat-east = Est
seat-south = Sud
seat-west = Oest
seat-north = Nord

## tile.bam
tile-bam-1 = 1 de bambú
tile-bam-2 = 2 de bambú
tile-bam-3 = 3 de bambú
tile-bam-4 = 4 de bambú
tile-bam-5 = 5 de bambú
tile-bam-6 = 6 de bambú
tile-bam-7 = 7 de bambú
tile-bam-8 = 8 de bambú
tile-bam-9 = 9 de bambú

## tile.crak
tile-crak-1 = 1 de caràcters
tile-crak-2 = 2 de caràcters
tile-crak-3 = 3 de caràcters
tile-crak-4 = 4 de caràcters
tile-crak-5 = 5 de caràcters
tile-crak-6 = 6 de caràcters
tile-crak-7 = 7 de caràcters
tile-crak-8 = 8 de caràcters
tile-crak-9 = 9 de caràcters

## tile.dot
tile-dot-1 = 1 de cercles
tile-dot-2 = 2 de cercles
tile-dot-3 = 3 de cercles
tile-dot-4 = 4 de cercles
tile-dot-5 = 5 de cercles
tile-dot-6 = 6 de cercles
tile-dot-7 = 7 de cercles
tile-dot-8 = 8 de cercles
tile-dot-9 = 9 de cercles

## tile.wind
tile-wind-north = vent del Nord
tile-wind-east = vent de l’Est
tile-wind-south = vent del Sud
tile-wind-west = vent de l’Oest

## tile.dragon
tile-dragon-red = drac vermell
tile-dragon-green = drac verd
tile-dragon-white = drac blanc (soap)

## tile
tile-flower = flor
tile-joker = joker

## rule
rule-tile-copies-in-set = El joc té 152 fitxes: quatre de cada fitxa de pal, vent i drac, vuit flors i vuit jokers.
rule-joker-is-marked = Un joker és la fitxa que porta escrit «Joker». Cap altra fitxa no ho és.
rule-flower-is-not-joker = Les flors no són jokers; es poden passar com qualsevol altra fitxa.
rule-soap-is-not-joker = El drac blanc (soap) no és un joker; es pot passar com qualsevol altra fitxa.
rule-rack-tile-count = Durant el Charleston cada faristol té 13 fitxes.
rule-east-draws-after-charleston = Durant el Charleston tots els jugadors, Est inclòs, tenen 13 fitxes; Est no roba la catorzena fins que s’ha acabat l’intercanvi (el Charleston i la passada de cortesia).
rule-too-many-copies = De cap fitxa no n’hi pot haver més còpies de les que té el joc: quatre de cada, vuit flors, vuit jokers.
rule-pass-exactly-three = Cada passada del Charleston consta d’exactament tres fitxes, que es passen juntes.
rule-pass-from-own-rack = Les fitxes que passes o ofereixes han de sortir del teu faristol.
rule-joker-never-passed = Un joker no es passa mai: ni al Charleston, ni a cegues, ni a la passada de cortesia.
rule-received-joker-goes-back = Un joker rebut per error es retorna a qui l’ha passat, i el seu lloc l’ocupa una fitxa natural; no es passa mai endavant.
rule-blind-only-on-last-pass = La passada a cegues només es permet a l’última passada de cada Charleston: la passada a l’esquerra del primer i la passada a la dreta del segon.
rule-blind-from-received-only = A cegues només pots reenviar, sense mirar-les, fitxes que t’arriben en aquesta mateixa passada.
rule-pass-direction = A la dreta hi ha el jugador següent en l’ordre de joc; al davant, el que seu davant teu; a l’esquerra, l’anterior.
rule-charleston-order = Primer Charleston: dreta, davant, esquerra. Segon Charleston: esquerra, davant, dreta.
rule-first-charleston-compulsory = El primer Charleston és obligatori: ningú no el pot aturar.
rule-second-charleston-optional = El segon Charleston és opcional: qualsevol jugador el pot aturar abans que comenci.
rule-second-charleston-stop-before-first-pass = El segon Charleston només es pot aturar abans que es moguin les primeres fitxes; després es juga fins al final.
rule-courtesy-after-charleston = A les taules que fan la passada de cortesia (la majoria), es fa quan el Charleston s’ha acabat del tot, és a dir, quan el segon Charleston s’ha jugat o s’ha aturat. Només es fa una vegada.
rule-courtesy-zero-to-three = A la passada de cortesia cada jugador ofereix de 0 a 3 fitxes al jugador del davant.
rule-courtesy-smaller-offer = A la passada de cortesia mana l’oferta més petita: és el nombre de fitxes que passa cadascun dels dos.
rule-courtesy-zero-means-none = Si un dels dos jugadors ofereix 0 fitxes, aquests dos jugadors no s’intercanvien cap fitxa.
rule-group-size = Un grup de fitxes idèntiques té com a màxim 6 fitxes (un sextet).
rule-joker-completes-identical-only = Un joker només pot anar en un grup de tres o més fitxes idèntiques: pung, kong, quint o sextet.
rule-joker-not-in-pair = Un joker no pot formar mai part d’una parella.
rule-joker-not-single = Un joker no pot substituir mai una fitxa solta.
rule-look-alike-never-wild = Una flor o el drac blanc (soap) no substitueix mai cap altra fitxa en un grup; només ho fa un joker.
rule-joker-in-flower-group = Les flors compten com a idèntiques, així que un joker pot completar un grup de tres o més flors.
rule-quint-needs-joker = De cada fitxa de pal, vent i drac només n’hi ha quatre, així que un quint o un sextet d’aquestes fitxes necessita jokers.
rule-redeem-on-own-turn = Només pots redimir un joker d’una exposició en el teu torn.
rule-redeem-not-from-discard = No es pot redimir un joker amb un descart.
rule-redeem-matching-tile = Per redimir un joker cal la fitxa natural que el joker substitueix: aquesta entra a l’exposició i el joker és per a qui el redimeix.
rule-redeem-needs-exposed-joker = Només es pot redimir un joker que sigui en un grup exposat; en un grup sense joker no hi ha res per redimir.
rule-clean-pass-helps-no-line = La millor passada només dona fitxes que no ajuden cap de les teves línies de pràctica.

## guide
# The guiding question after a first wrong answer: it points at the fact
# that decides, without stating the rule (that comes after the second try).
guide-tile-copies-in-set = Ves família per família: quantes fitxes diferents té cada família, i quants exemplars de cada fitxa té el joc?
guide-joker-is-marked = Mira la cara de la fitxa: hi diu «Joker»?
guide-flower-is-not-joker = Una flor és la fitxa que porta escrit «Joker»? Mira què hi ha imprès.
guide-soap-is-not-joker = El drac blanc (soap) pot semblar buit: porta escrit «Joker»?
guide-rack-tile-count = Compta les fitxes: quantes en té un faristol durant el Charleston?
guide-east-draws-after-charleston = Quan roba Est la catorzena fitxa: abans de l’intercanvi, durant l’intercanvi o després?
guide-too-many-copies = Compta cada fitxa: n’hi ha alguna amb més còpies de les que té el joc?
guide-pass-exactly-three = Compta les fitxes d’aquesta passada: quantes en porta cada passada del Charleston?
guide-pass-from-own-rack = D’on surten aquestes fitxes: del teu faristol o d’un altre lloc?
guide-joker-never-passed = Hi ha cap joker entre aquestes fitxes? Un joker es pot passar mai durant l’intercanvi?
guide-received-joker-goes-back = Ha arribat un joker. On va ara, i qui posa la fitxa que falta?
guide-blind-only-on-last-pass = Quina passada és aquesta: és l’última del seu Charleston?
guide-blind-from-received-only = Quines fitxes es poden reenviar a cegues: qualsevol, o només les que arriben en aquesta mateixa passada?
guide-pass-direction = Des d’aquest seient, qui seu a la dreta, qui al davant i qui a l’esquerra?
guide-charleston-order = Quin Charleston és aquest, i cap a on va cadascuna de les seves passades?
guide-first-charleston-compulsory = Quin Charleston és aquest, i es pot aturar?
guide-second-charleston-optional = Quin Charleston és aquest, i la taula l’ha de jugar per força?
guide-second-charleston-stop-before-first-pass = Quin Charleston és aquest, i ja s’han començat a moure les seves fitxes?
guide-courtesy-after-charleston = S’ha acabat ja tot el Charleston (s’ha jugat o s’ha aturat el segon)? I la passada de cortesia encara està per fer?
guide-courtesy-zero-to-three = Quantes fitxes pot oferir un jugador a la passada de cortesia, com a mínim i com a màxim?
guide-courtesy-smaller-offer = Compara les dues ofertes: quina decideix quantes fitxes passen a l’altra banda?
guide-courtesy-zero-means-none = Una de les ofertes és 0: què vol dir això per a aquests dos jugadors?
guide-group-size = Compta les fitxes d’aquest grup: com de gran pot ser un grup de fitxes idèntiques?
guide-joker-completes-identical-only = Quin tipus de grup és aquest: les fitxes són idèntiques, i n’hi ha almenys tres?
guide-joker-not-in-pair = Quantes fitxes té aquest grup? Un joker pot formar part d’un grup tan petit?
guide-joker-not-single = Aquí el joker aniria sol: un joker pot substituir una fitxa solta?
guide-look-alike-never-wild = Aquí, quina fitxa fa el paper d’una altra? És un joker?
guide-joker-in-flower-group = Les flors compten com a fitxes idèntiques? Què vol dir això per a un joker entre elles?
guide-quint-needs-joker = Quants exemplars naturals d’aquesta fitxa té el joc? N’hi ha prou per a aquest grup?
guide-redeem-on-own-turn = De qui és el torn, i quan es pot redimir un joker d’una exposició?
guide-redeem-not-from-discard = D’on surt aquesta fitxa, i una fitxa així pot redimir un joker?
guide-redeem-matching-tile = En aquest grup, quina fitxa representa el joker? És la mateixa que vols posar-hi?
guide-redeem-needs-exposed-joker = Hi ha aquí un joker en un grup exposat, a punt per canviar-lo?
guide-clean-pass-helps-no-line = Alguna d’aquestes fitxes surt en una de les teves línies de pràctica?

# L’entrenador del Charleston (blocs ```trainer```, js/trainer.js).

## trainer
trainer-walkthrough_heading = Una partida jugada en lloc teu: repartiment { $deal }, al seient { $seat }
trainer-walkthrough_intro = Amb JavaScript activat, aquesta pàgina et fa seure a la taula i hi jugues tu cada passada. Sense JavaScript, aquí tens el repartiment { $deal } des del seient { $seat }, moviment a moviment, jugat tal com ho fan els jugadors de l’ordinador.
trainer-your_lines = Les teves línies de pràctica:
trainer-final_rack = El teu faristol després de l’intercanvi:
trainer-step_pass = { $pass }: has passat aquestes fitxes { $to }: { $tiles }. Fitxes rebudes { $from }: { $received }.
trainer-step_blind =
    { $blind ->
        [1] { $pass }, a cegues: has passat aquestes fitxes { $to }: { $tiles }. De les fitxes que t’arribaven { $from }, t’has quedat: { $received }.
        [2] { $pass }, a cegues: has passat { $to } una fitxa del teu faristol i dues de les que t’arribaven { $from }, sense mirar-les. T’has quedat l’altra: { $received }.
       *[other] { $pass }, a cegues: has reenviat { $to } les tres fitxes que t’arribaven { $from }, sense mirar-les, així que no te n’has quedat cap.
    }
trainer-vote_you = Has aturat el segon Charleston.
trainer-vote_seat = { $seat } ha aturat el segon Charleston.
trainer-vote_played = Ningú no l’ha aturat: es juga el segon Charleston.
# the number of tiles the player across offered, in the courtesy step
trainer-offer_count =
    { $count ->
        [0] cap fitxa
        [one] 1 fitxa
       *[other] { $count } fitxes
    }
trainer-courtesy_step =
    Passada de cortesia. Has ofert: { $offered }; oferta del jugador del davant: { $partner_offer }. { $n ->
        [0] Per tant, no s’ha intercanviat cap fitxa
        [one] Per tant, cadascú n’ha passat 1 a l’altre
       *[other] Per tant, cadascú n’ha passat { $n } a l’altre
    }. Fitxes rebudes: { $received }.
trainer-none = res
# a tile forwarded blind, in the move log: the player never saw it
trainer-unseen = una fitxa que no has vist
trainer-app_label = Entrenador del Charleston
trainer-deal = Número de repartiment
trainer-seat = El teu seient
trainer-new_deal = Repartiment nou
trainer-rack = El teu faristol
trainer-selected = Fitxes triades: { $n }
trainer-blind = Fitxes reenviades a cegues
trainer-pass = Passa
trainer-stop = Atura el segon Charleston
trainer-continue = Juga el segon Charleston
trainer-offer = Ofereix
trainer-now_pass = { $pass }: tria tres fitxes per passar { $to }.
trainer-now_blind = Última passada d’aquest Charleston: pots reenviar fins a tres de les fitxes que t’arriben, sense mirar-les.
trainer-now_vote = El primer Charleston s’ha acabat. En jugues un segon o t’atures aquí?
trainer-now_courtesy = Passada de cortesia: tria de 0 a 3 fitxes per oferir al jugador del davant.
trainer-log = Moviments
trainer-refused = No es pot: { $rule }
trainer-summary = Resum
trainer-summary_passes = Les teves passades
trainer-summary_received = El que has rebut
trainer-summary_refused = Moviments refusats
trainer-again = Torna a jugar aquest repartiment
trainer-new_tile = t’acaba d’arribar
trainer-table = La taula
trainer-to-right = a la dreta
trainer-to-across = al davant
trainer-to-left = a l’esquerra
trainer-from-right = de la dreta
trainer-from-across = del davant
trainer-from-left = de l’esquerra
# El registre de l’entrenador (js/trainer.js): un per navegador, en totes les llengües.
trainer-record-heading = El teu registre
trainer-record-intro = Es desa només en aquest navegador i és el mateix en totes les llengües del curs. Quan deses el teu progrés en un fitxer, també s’hi desa.
trainer-record-empty = Encara no has fet cap moviment.
trainer-record-games =
    { $games ->
        [0] Encara no has jugat cap partida fins al final
        [one] { $games } partida jugada fins al final
       *[other] { $games } partides jugades fins al final
    }
trainer-record-clean = Partides sense cap moviment refusat: { $clean } de { $games }
trainer-record-moves = Moviments acceptats a la primera: { $right } de { $moves }
trainer-record-best =
    { $best ->
        [one] Millor ratxa: { $best } moviment acceptat a la primera
       *[other] Millor ratxa: { $best } moviments seguits acceptats a la primera
    }
trainer-record-last = Última partida: { $date }
trainer-record-reset = Esborra el meu registre
trainer-record-confirm = Vols esborrar el teu registre de l’entrenador? Les partides, els moviments i la millor ratxa s’esborraran.
trainer-record-yes = Sí, esborra’l
trainer-record-no = Cancel·la
trainer-record-reset_done = S’ha esborrat el teu registre de l’entrenador.

## practice
practice-print_link = Imprimeix un full de pràctica
practice-all_sheets = Tots els fulls de pràctica
practice-index_title = Fulls de pràctica
practice-index_intro = Practica amb paper i llapis, lluny de la pantalla. Imprimeix un full, marca o escriu les teves respostes i després comprova-les amb les solucions de l’última pàgina. Cada full té { $exercises }. El full 2 porta exercicis diferents del full 1, i un mateix número de full dona els mateixos exercicis en totes les llengües, així que tota una classe pot treballar amb un sol full.
practice-sheet = Full { $number }
practice-mixed = Pràctica barrejada
practice-sheet_title = { $series }: full de pràctica { $number }
practice-running_header = { $title } · { $language }
practice-page_of = Pàgina { $page } de { $pages }
practice-meta = { $exercises } · { $language } · solucions a l’última pàgina
practice-print_hint = Imprimeix aquesta pàgina en paper A4 o US Letter: els menús no hi surten, cap exercici no queda partit entre dues pàgines i les solucions comencen en una pàgina a part.
practice-links_label = Aquest full
practice-lesson_link = Torna a la lliçó
practice-previous = Full anterior
practice-next = Full següent
practice-name = Nom:
practice-date = Data:
practice-key_title = Solucions
practice-key_intro = Cada resposta amb la regla que hi ha al darrere i la secció de la lliçó que l’explica.
practice-key_none = cap fitxa
practice-code = Codi { $code }

## practice.how
practice-how-select = Marca la casella de sota de cada fitxa que triïs.
practice-how-choice = Marca només una resposta.
practice-how-multi = Marca totes les caselles que corresponguin.
practice-how-order = Numera les caselles en l’ordre correcte, començant per l’1.

## search
search-label = Cerca al curs
search-hint = Els resultats apareixen mentre escrius. Amb la fletxa avall els recorres i amb Escape tornes al camp de cerca.
search-fallback = Per cercar cal JavaScript. Si no el tens activat, navega per aquí:
search-glossary = Glossari
search-lessons = Totes les lliçons
search-loading = S’està carregant l’índex de cerca…
search-count =
    { $count ->
        [one] { $count } resultat
       *[other] { $count } resultats
    }
search-none = Cap resultat per a «{ $query }».
search-failed = Ara mateix la cerca no està disponible.

## offline
offline-ready = Disponible sense connexió: ara aquest curs s’obre en aquest navegador encara que no tinguis xarxa.
offline-short_name = Mahjong
offline-app_description = Un curs de mahjong americà amb exercicis, que es pot fer servir sense connexió després de la primera visita.

# A long section's navigation: the link to its index page, which lists every page.

## nav_window
nav_window-all =
    { $count ->
        [one] Mostra l’única pàgina
       *[other] Mostra totes les { $count } pàgines
    }

# What search engines show for pages without a description of their own
# (practice sheets, their index, the not-found page).

## description
description-practice_sheet = Full de pràctica { $number } de { $sheets } de «{ $series }»: exercicis per imprimir i fer amb paper, amb les solucions a l’última pàgina.
description-practice_index = Fulls de pràctica per imprimir de cada lliçó del curs: fes els exercicis amb paper i després comprova’ls amb les solucions.
description-not_found = En aquesta adreça no hi ha cap pàgina. Tria una llengua per tornar al curs de mahjong americà.

progress-revealed-intro = Exercicis resolts a cada lliçó. Un exercici del qual has mostrat la resposta compta com a revelat, no com a resolt, fins que esborris el progrés d’aquella lliçó. El progrés es desa només en aquest navegador.
progress-revealed-lesson =
    { $revealed ->
        [one] Resolts: { $solved } de { $total }; 1 revelat
       *[other] Resolts: { $solved } de { $total }; { $revealed } revelats
    }
progress-confirm-all = Vols esborrar el teu progrés a totes les lliçons? S’oblidaran els exercicis resolts i revelats.
progress-confirm-lesson = Vols esborrar el teu progrés a «{ $lesson }»? S’oblidaran els exercicis resolts i revelats d’aquesta lliçó.
progress-confirm-yes = Sí, esborra’l
progress-confirm-no = Cancel·la
progress-one-reset = Esborra
progress-one-reset_label = Esborra el teu progrés a «{ $lesson }»
progress-one-done = S’ha esborrat el teu progrés a «{ $lesson }».
quiz-revealed-progress =
    { $revealed ->
        [one] Exercicis resolts: { $solved } de { $total }; resposta mostrada: { $revealed }
       *[other] Exercicis resolts: { $solved } de { $total }; respostes mostrades: { $revealed }
    }
trainer-teach-lines_heading = Les teves línies de pràctica
trainer-teach-lines_intro = Les mans que vas construint, dibuixades grup a grup. Guarda les fitxes que necessiten i passa les altres.
trainer-teach-line = Línia { $n }
trainer-teach-line_short = Fitxes que et falten: { $short }
trainer-teach-closest_line = La línia més propera al teu faristol és la { $n }. Fitxes que et falten: { $short }.
quiz-feedback-legal_but = Vàlid, però…
quiz-feedback-poor = La fitxa { $position }, { $label }, forma part del grup { $group } de la línia de pràctica { $line }. Queda-te-la i passa una fitxa que no necessiti cap línia.
quiz-feedback-guide = «{ $label }» no és la resposta. { $guide }
quiz-feedback-hint_exclude = Pista: deixa de banda la fitxa { $position } ({ $label }).
quiz-feedback-reveal_lines =
    { $mode ->
        [blind]
            { $lines ->
                [one] Qualsevol grup de tres fitxes sense cap joker és una passada vàlida, barrejant com vulguis fitxes del faristol i fitxes rebudes. Aquesta conserva totes les fitxes que necessita la teva línia de pràctica:
               *[other] Qualsevol grup de tres fitxes sense cap joker és una passada vàlida, barrejant com vulguis fitxes del faristol i fitxes rebudes. Aquesta conserva totes les fitxes que necessiten les teves línies de pràctica:
            }
       *[plain]
            { $lines ->
                [one] Qualsevol grup de tres fitxes sense cap joker és una passada vàlida. Aquesta conserva totes les fitxes que necessita la teva línia de pràctica:
               *[other] Qualsevol grup de tres fitxes sense cap joker és una passada vàlida. Aquesta conserva totes les fitxes que necessiten les teves línies de pràctica:
            }
    }
quiz-feedback-hint_lesson = Pista: ho decideix la secció de la lliçó enllaçada a sota; llegeix-la abans de tornar-ho a provar.
quiz-unseen-tile = Fitxa sense mirar
quiz-unseen-blind = Reenviades a cegues, sense mirar-les
quiz-unseen-label_noticed = Te les passen en aquesta passada: t’adones que una és un joker; les altres no les has mirat
quiz-unseen-reveal_joker = Si t’adones que entre les fitxes que et passen hi ha un joker, el tornes a qui te l’ha passat. Si segueix endavant sense que ningú se n’adoni, qui el descobreix ho diu, i el joker torna a qui el va passar primer, que el substitueix per una fitxa natural.
quiz-fault_for-table_pass_question-forbidden = { $note }

## «Un altre com aquest» (issue 33): després de resoldre un exercici o de
## mostrar-ne la resposta, un altre exercici del mateix tipus de la lliçó.
quiz-another-button = Fes-ne un altre com aquest
quiz-another-sheet = Més exercicis com aquest: un full de pràctica
quiz-another-new = Exercici nou: { $title }
quiz-another-done = Ja has vist tots els exercicis d’aquest tipus; tornem a començar pel primer.
quiz-another-offline = Encara no hi ha més exercicis disponibles. Obre aquesta pàgina una vegada amb connexió.

## Emportar-se el progrés (issue 33): exportar a un fitxer JSON, importar-lo
## en un altre dispositiu; sense compte ni servidor.
progress-transfer-intro = Per continuar en un altre dispositiu o navegador, desa el teu progrés en un fitxer i obre’l allà.
progress-export = Desa el meu progrés en un fitxer
progress-export-done = S’ha desat el fitxer de progrés: { $file }
progress-import = Carrega el progrés des d’un fitxer
progress-import-done = S’ha carregat el progrés i s’ha afegit al que ja tenia aquest navegador. Nous exercicis resolts: { $solved }; nous exercicis revelats: { $revealed }.
progress-import-bad = No es pot carregar aquest fitxer: no és un fitxer de progrés desat per aquest curs. No s’ha canviat res.
progress-import-foreign = Aquest fitxer de progrés és d’un altre curs: cap dels seus exercicis no és en aquest. No s’ha canviat res.

## El repàs (issue 33): els exercicis fallats o revelats tornen cada vegada
## més espaiats (FSRS), cada cop com un exercici nou del mateix tipus.
progress-review-link = Repassa els exercicis que has fallat
progress-review-title = Repàs
progress-review-intro = Els exercicis que has fallat, o dels quals has mostrat la resposta, tornen a sortir aquí al llarg dels dies següents: cada vegada que n’encertes un, torna més tard; cada vegada que el falles, més aviat (el mètode FSRS). Cada repàs és un exercici nou del mateix tipus. Els teus repassos es desen només en aquest navegador i funcionen sense connexió.
progress-review-nojs = Per fer el repàs cal JavaScript. Sense JavaScript, trobaràs més exercicis als fulls de pràctica de cada lliçó.
progress-review-due = { $count ->
    [one] Avui toca repassar un exercici.
   *[other] Avui toca repassar { $count } exercicis.
}
progress-review-none = Avui no toca repassar res.
progress-review-next = El pròxim repàs toca el { $date }.
progress-review-empty = Encara no hi ha res per repassar: els exercicis que fallis tornaran aquí.
progress-review-start = Comença
progress-review-next_exercise = Exercici següent
progress-review-done = Aquest era l’últim exercici que tocava avui.
progress-review-pause = Posa el repàs en pausa
progress-review-resume = Reprèn el repàs
progress-review-paused = El repàs està en pausa: no tocarà cap exercici fins que el reprenguis.
progress-review-reset = Esborra el repàs
progress-review-confirm = Vols esborrar tots els exercicis pendents de repàs? Els exercicis resolts es conserven.
progress-review-reset_done = S’ha esborrat el repàs.
progress-review-offline = Ara no es pot carregar aquest exercici. Obre’n la lliçó un cop amb connexió.
progress-review-print = Imprimeix els exercicis d’avui
progress-review-print_title = Repàs del { $date }
progress-review-key = Solucions
