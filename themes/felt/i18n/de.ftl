# UI strings of the felt theme (German).

## a11y
a11y-skip_to_content = Zum Inhalt springen

## nav
nav-title = Lektionen
nav-menu = Menü
nav-untranslated = noch nicht übersetzt
nav-back_to_top = Zum Seitenanfang
nav-pager_label = Vorherige und nächste Lektion
nav-prev = Zurück
nav-next = Weiter

## top_links
top_links-label = Verwandte Kurse

## lang
lang-label = Sprache
lang-not_translated = nicht übersetzt
lang-goes_home = Diese Seite gibt es in dieser Sprache noch nicht; der Link führt zur Startseite der Sprache.

## toc
toc-title = Auf dieser Seite

## notice
notice-untranslated_title = Diese Seite ist noch nicht übersetzt
notice-untranslated_body = Bis zur Übersetzung steht hier der Text in der Originalsprache.
notice-untranslated_exercise = Diese Übung ist noch nicht übersetzt. Bis zur Übersetzung steht sie hier in der Originalsprache.
notice-stale_title = Diese Übersetzung ist möglicherweise veraltet
notice-stale_body = Das Original wurde geändert, nachdem diese Seite übersetzt wurde. Den aktuellen Stand findest du hier:

## breadcrumb
breadcrumb-label = Pfadnavigation
breadcrumb-home = Startseite

## lesson
lesson-exercises =
    { $count ->
        [one] { $count } Übung
       *[other] { $count } Übungen
    }

## section
section-pages_title = Lektionen in diesem Abschnitt
section-empty = In diesem Abschnitt gibt es noch keine Lektionen.

## error404
error404-title = Seite nicht gefunden
error404-body = Unter dieser Adresse gibt es leider keine Seite. Vielleicht wurde sie verschoben, oder der Link enthält einen Tippfehler.
error404-languages = Zur Startseite des Kurses

## chooser
chooser-prompt = Sprache wählen:
chooser-description = Wähle die Sprache, in der du diese Seite lesen möchtest.

## footer
footer-note = Erstellt mit tilebook.
list-and-two = { $first } und { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first } und { $second }

# ---- Übungen (quiz-Blöcke) ---------------------------------------------------

## quiz
quiz-exercise = Übung
quiz-check = Prüfen
quiz-try_again = Noch einmal versuchen
quiz-show_answer = Lösung zeigen
quiz-answer = Lösung
quiz-lesson_link = Zur Lektion
quiz-right = Richtig!
quiz-wrong = Nicht ganz.
quiz-progress = Gelöste Übungen: { $solved } von { $total }
quiz-chosen = { $chosen } von { $count } ausgewählt
quiz-chosen_any = { $chosen } ausgewählt
quiz-moved = { $label }: Position { $position } von { $total }
quiz-move_up = Nach oben schieben
quiz-move_down = Nach unten schieben
quiz-heading = { $exercise }: { $title }
quiz-lesson_section = Lektion: { $section }
quiz-moved_edge = { $label } bleibt auf Position { $position } von { $total }

## quiz.label
quiz-label-answer = Lösung
quiz-label-rack = Dein Ständer
quiz-label-received = Gerade bei dir angekommen, noch nicht angesehen
quiz-label-line = Lehrzeile { $n }
quiz-label-group = Die Gruppe
quiz-label-exposed = Die ausgelegte Gruppe
quiz-label-tile = Der Stein
quiz-label-the_rack = Der Ständer
quiz-label-to_pass = Die Steine zum Weitergeben
quiz-label-to_pass_rack = Vom Ständer weiterzugeben
quiz-label-to_pass_blind = Blind weiterzugeben (ungesehen)

## quiz.legend
quiz-legend-choose_all = Wähle alles, was zutrifft
quiz-legend-choose_three = Wähle drei Steine
quiz-legend-choose_one = Wähle eine Antwort
quiz-legend-order = Bring die Einträge in die richtige Reihenfolge.
quiz-legend-order_keys = Verschieb einen Eintrag mit seinen Schaltflächen nach oben oder unten, oder drück die Pfeiltaste nach oben oder unten, während eine seiner Schaltflächen den Fokus hat.

## quiz.option
quiz-option-yes = Ja
quiz-option-no = Nein

## quiz.find_jokers
quiz-find_jokers-question = Welche Steine auf diesem Ständer sind Joker?
quiz-find_jokers-reveal =
    { $count ->
        [0] Auf diesem Ständer ist kein Joker.
        [one] Der Joker ist Stein { $positions }, von links gezählt.
       *[other] Die Joker sind die Steine { $positions }, von links gezählt.
    }

## quiz.pass
quiz-pass-question = { $pass }: Wähle drei Steine zum Weitergeben.
quiz-pass-reveal = Drei beliebige Steine ergeben einen gültigen Pass, solange kein Joker dabei ist, zum Beispiel:

## quiz.blind_pass
quiz-blind_pass-question = { $pass }: In diesem Pass werden dir drei Steine zugeschoben, und du hast sie noch nicht angesehen. Stell einen gültigen Pass aus drei Steinen zusammen; einige davon darfst du blind weitergeben.
quiz-blind_pass-question_noticed = { $pass }: In diesem Pass werden dir drei Steine zugeschoben; einer davon ist, wie dir auffällt, ein Joker, die anderen beiden hast du nicht angesehen. Stell einen gültigen Pass aus drei Steinen zusammen.
quiz-blind_pass-reveal = Drei beliebige Steine ergeben einen gültigen Pass, solange kein Joker dabei ist; Steine vom Ständer und gerade erhaltene darfst du mischen, zum Beispiel:
quiz-blind_pass-reveal_noticed = Der Joker geht zurück; an seine Stelle kommt ein Stein von deinem eigenen Ständer, den du gesehen hast. Ein gültiger Pass ist zum Beispiel:

## quiz.clean_pass
quiz-clean_pass-question = Gib drei Steine weiter, die keiner deiner Lehrzeilen helfen.
quiz-clean_pass-reveal =
    { $count ->
        [3] Diese drei Steine ergeben den sauberen Pass:
       *[other] Drei beliebige dieser Steine ergeben einen sauberen Pass:
    }

## quiz.pass_direction
quiz-pass_direction-question = In welche Richtung geht { $pass }?
quiz-pass_direction-question_receiver = { $pass }: Wer bekommt die Steine, die { $seat } weitergibt?
quiz-pass_direction-question_giver = { $pass }: Von wem bekommt { $seat } Steine?

## quiz.pass_order
quiz-pass_order-question_all = Bring die sechs Pässe des Charlestons in die richtige Reihenfolge.
quiz-pass_order-question_first = Bring die drei Pässe des ersten Charlestons in die richtige Reihenfolge.
quiz-pass_order-question_second = Bring die drei Pässe des zweiten Charlestons in die richtige Reihenfolge.

## quiz.blind_passes
quiz-blind_passes-question = Bei welchen Pässen darfst du Steine blind weitergeben?

## quiz.stop
quiz-stop-question =
    { $stage ->
        [second] { $moment } { $seat } möchte den zweiten Charleston stoppen. Darf { $seat } ihn jetzt stoppen?
       *[first] { $moment } { $seat } möchte den Charleston stoppen. Darf { $seat } ihn jetzt stoppen?
    }

## quiz.stop.moment
quiz-stop-moment-deal = Die Steine wurden gerade ausgeteilt.
quiz-stop-moment-first-right = Im ersten Charleston ist gerade der Pass nach rechts gelaufen.
quiz-stop-moment-first-across = Im ersten Charleston ist gerade der Pass nach gegenüber gelaufen.
quiz-stop-moment-first-left = Im ersten Charleston ist gerade der Pass nach links gelaufen.
quiz-stop-moment-second-left = Im zweiten Charleston ist gerade der Pass nach links gelaufen.
quiz-stop-moment-second-across = Im zweiten Charleston ist gerade der Pass nach gegenüber gelaufen.
quiz-stop-moment-second-right = Im zweiten Charleston ist gerade der Pass nach rechts gelaufen.
quiz-stop-moment-courtesy = Der Höflichkeitstausch ist gerade vorbei.
quiz-stop-moment-stop = Der zweite Charleston wurde gerade gestoppt.

## quiz.stop.option
quiz-stop-option-yes = Ja: Jeder einzelne Spieler darf ihn jetzt stoppen
quiz-stop-option-east-only = Nur Ost darf ihn stoppen
quiz-stop-option-no = Nein: Jetzt darf ihn niemand stoppen

## quiz.courtesy
quiz-courtesy-question = Höflichkeitstausch: { $offer_a }, { $offer_b }. Wie viele Steine gibt jeder der beiden hinüber?
quiz-courtesy-offers =
    { $count ->
        [0] { $seat } bietet keinen Stein an
        [one] { $seat } bietet 1 Stein an
       *[other] { $seat } bietet { $count } Steine an
    }

## quiz.tiles
quiz-tiles =
    { $count ->
        [0] keine Steine
        [one] 1 Stein
       *[other] { $count } Steine
    }

## quiz.joker_group
quiz-joker_group-question =
    { $jokers ->
        [0] Ist das eine erlaubte Gruppe?
        [one] Ist das mit dem Joker eine erlaubte Gruppe?
       *[other] Ist das mit den Jokern eine erlaubte Gruppe?
    }
quiz-joker_group-reveal_size = Steine in dieser Gruppe: { $count }.

## quiz.redeem
quiz-redeem-question = { $turn } { $source } Darfst du ihn in die ausgelegte Gruppe legen und dir dafür den Joker nehmen?
quiz-redeem-own_turn = Du bist am Zug.
quiz-redeem-other_turn = Du bist nicht am Zug.
quiz-redeem-from_rack = Der Stein kommt von deinem Ständer.
quiz-redeem-from_discard = Den Stein hat gerade ein anderer Spieler abgeworfen.

## quiz.rack_check
quiz-rack_check-question = Ist das ein gültiger Ständer für den Charleston?
quiz-rack_check-question_seat = { $seat } hat diesen Ständer. Ist er für den Charleston gültig?
quiz-rack_check-reveal_ok =
    { $count ->
        [one] 1 Stein, und kein Stein kommt öfter vor, als der Satz ihn enthält.
       *[other] { $count } Steine, und kein Stein kommt öfter vor, als der Satz ihn enthält.
    }
quiz-rack_check-reveal_size =
    { $count ->
        [one] Auf dem Ständer steht 1 Stein.
       *[other] Auf dem Ständer stehen { $count } Steine.
    }
quiz-rack_check-reveal_copies =
    { $count ->
        [one] Auf dem Ständer steht einmal { $tile }, der Satz enthält aber nur { $limit } davon:
       *[other] Auf dem Ständer steht { $count }-mal { $tile }, der Satz enthält aber nur { $limit } davon:
    }

## quiz.pass_check
quiz-pass_check-question = { $pass }: Darfst du diese Steine weitergeben?
quiz-pass_check-reveal_ok = Drei Steine von deinem eigenen Ständer, kein Joker darunter: ein gültiger Pass.
quiz-pass_check-reveal_not_on_rack = Steine, die nicht auf deinem Ständer stehen:
quiz-pass_check-reveal_not_received = Steine, die nicht unter denen sind, die dir gerade zugeschoben wurden:
quiz-pass_check-reveal_joker = Ein Joker würde weitergegeben:
quiz-pass_check-reveal_received_joker = Ein erhaltener Joker würde weitergegeben:
quiz-pass_check-reveal_not_blind = Blind weitergegebene Steine bei einem Pass, bei dem das nicht erlaubt ist.
quiz-pass_check-reveal_count =
    { $count ->
        [one] Im Päckchen liegt 1 Stein statt 3.
       *[other] Im Päckchen liegen { $count } Steine statt 3.
    }

## quiz.courtesy_check
quiz-courtesy_check-question_when = { $moment } Darf jetzt der Höflichkeitstausch stattfinden?
quiz-courtesy_check-moment_first_left = Im ersten Charleston ist gerade der Pass nach links gelaufen, und der Tisch hat noch nicht entschieden, ob der zweite Charleston gespielt wird.
quiz-courtesy_check-question_offer =
    Darf ein Spieler beim Höflichkeitstausch seinem Gegenüber { $count ->
        [0] keine Steine
        [one] 1 Stein
       *[other] { $count } Steine
    } anbieten?
quiz-courtesy_check-question_both =
    { $moment } Ein Spieler möchte seinem Gegenüber beim Höflichkeitstausch { $count ->
        [0] keine Steine
        [one] 1 Stein
       *[other] { $count } Steine
    } anbieten. Ist das jetzt erlaubt?

## quiz.copies
quiz-copies-1 = 1
quiz-copies-2 = 2
quiz-copies-4 = 4
quiz-copies-8 = 8

## quiz.tile_fact
quiz-tile_fact-question_copies = Wie oft gibt es den Stein „{ $tile }“ im Satz?
quiz-tile_fact-question_joker = Ist dieser Stein ein Joker?

# Arten zu einem ganzen Tausch und zum Satz (exercises/kinds/exchange.rs).

## quiz.courtesy_offer
quiz-courtesy_offer-question =
    Du sitzt auf Platz { $seat_a } und bietest beim Höflichkeitstausch { $offer ->
        [0] keinen Stein
        [one] 1 Stein
       *[other] { $offer } Steine
    } an; { $offer_b }. Wähle die Steine, die du hinübergibst.
quiz-courtesy_offer-legend = Wähle die Steine, die hinübergehen (0 bis 3; wähle keinen, wenn keiner hinübergeht)
quiz-courtesy_offer-reveal =
    { $count ->
        [0] Es geht kein Stein hinüber: Das kleinere Angebot ist 0.
        [one] Hinüber geht, was das kleinere Angebot erlaubt, hier also 1 Stein, und nie ein Joker. Zum Beispiel:
       *[other] Hinüber geht, was das kleinere Angebot erlaubt, hier also { $count } Steine, und nie ein Joker. Zum Beispiel:
    }

## quiz.received_joker
quiz-received_joker-question = { $pass }: Diese drei Steine werden dir zugeschoben. Was tust du?
quiz-received_joker-label = Die Steine, die du bekommst

## quiz.received_joker.option
quiz-received_joker-option-keep = Alle drei Steine behalten
quiz-received_joker-option-return =
    { $jokers ->
        [0] Einen dieser Steine für einen Joker halten und an die Person zurückgeben, die ihn dir geschickt hat
        [one] Den Joker an die Person zurückgeben, die ihn dir geschickt hat; sie gibt dir dafür einen echten Stein
       *[other] Die Joker an die Person zurückgeben, die sie dir geschickt hat; sie gibt dir dafür echte Steine
    }
quiz-received_joker-option-forward =
    { $jokers ->
        [0] Einen dieser Steine für einen Joker halten und mit deinem nächsten Pass weitergeben
        [one] Den Joker mit deinem nächsten Pass weitergeben
       *[other] Die Joker mit deinem nächsten Pass weitergeben
    }

## quiz.table_pass
quiz-table_pass-question = { $pass }: Jeder Platz gibt die drei gezeigten Steine weiter. Wähle die Steine, die { $seat } bekommt.
quiz-table_pass-row = { $seat } gibt weiter
quiz-table_pass-reveal = { $seat } bekommt die Steine, die { $giver } weitergibt:

## quiz.set_count
quiz-set_count-number = { $n }

## quiz.set_count.question
quiz-set_count-question-set = Wie viele Steine hat ein Satz für amerikanisches Mahjong?
quiz-set_count-question-without-jokers = Wie viele Steine hat der Satz ohne seine Joker?
quiz-set_count-question-suits = Wie viele Farbsteine (Bambus, Zeichen und Kreise zusammen) hat der Satz?
quiz-set_count-question-bams = Wie viele Bambussteine hat der Satz?
quiz-set_count-question-craks = Wie viele Zeichensteine hat der Satz?
quiz-set_count-question-dots = Wie viele Kreissteine hat der Satz?
quiz-set_count-question-honours = Wie viele Ehrensteine (Winde und Drachen zusammen) hat der Satz?
quiz-set_count-question-winds = Wie viele Windsteine hat der Satz?
quiz-set_count-question-dragons = Wie viele Drachensteine hat der Satz?
quiz-set_count-question-flowers = Wie viele Blumen hat der Satz?
quiz-set_count-question-jokers = Wie viele Joker hat der Satz?

## quiz.title
quiz-title-find-jokers = Finde die Joker
quiz-title-pass = { $pass }
quiz-title-blind-pass = Blind-Pass – { $pass }
quiz-title-clean-pass = Ein sauberer Pass
quiz-title-pass-direction = Welche Richtung? ({ $pass })
quiz-title-pass-order = Die Reihenfolge der Pässe
quiz-title-blind-passes = Wann ein Pass blind sein darf
quiz-title-stop = Den Charleston stoppen
quiz-title-courtesy = Der Höflichkeitstausch
quiz-title-joker-group = Ein Joker in einer Gruppe
quiz-title-redeem = Einen Joker einlösen
quiz-title-tile-fact = Steinkunde
quiz-title-rack-check = Ist der Ständer gültig?
quiz-title-pass-check = Ist dieser Pass gültig? ({ $pass })
quiz-title-courtesy-check =
    { $ask ->
        [offer] Wie viele Steine man anbieten darf
        [both] Höflichkeitstausch – wann und wie viele Steine
       *[when] Wann der Höflichkeitstausch stattfindet
    }
quiz-title_for-courtesy_check_question_offer = Wie viele Steine man anbieten darf
quiz-title-courtesy-offer = Was beim Höflichkeitstausch hinübergeht
quiz-title-received-joker = Steine, die bei dir ankommen
quiz-title-table-pass = Wer welche Steine bekommt – { $pass }
quiz-title-set-count = Den Satz zählen

## quiz.fault
quiz-fault-empty = Wähle zuerst eine Antwort.
quiz-fault-count =
    { $count ->
        [0] Ausgewählt: { $chosen }. Richtig ist hier, gar nichts auszuwählen.
        [one] Ausgewählt: { $chosen }. Zur Antwort gehört genau 1.
       *[other] Ausgewählt: { $chosen }. Zur Antwort gehören genau { $count }.
    }
quiz-fault-forbidden = Stein { $position }, { $label }, passt hier nicht.
quiz-fault-limit = Zu viele davon: { $chosen } gewählt, höchstens { $max } erlaubt.
quiz-fault-missing = Alles, was du gewählt hast, stimmt, aber zur Antwort gehört noch mehr (noch offen: { $missing }).
quiz-fault-extra = Stein { $position }, { $label }, gehört nicht zur Antwort.
quiz-fault-option = „{ $label }“ ist nicht die Antwort. { $rule }
quiz-fault-position = Position { $position }: „{ $label }“ gehört nicht an diese Stelle.

## quiz.fault_rule.count
quiz-fault_rule-count-pass-exactly-three =
    { $chosen ->
        [0] Du hast keinen Stein gewählt; ein Pass besteht aus genau drei Steinen.
        [one] Du hast 1 Stein gewählt; ein Pass besteht aus genau drei Steinen.
       *[other] Du hast { $chosen } Steine gewählt; ein Pass besteht aus genau drei Steinen.
    }
quiz-fault_rule-count-courtesy-smaller-offer =
    { $chosen ->
        [0] Du hast keinen Stein gewählt.
        [one] Du hast 1 Stein gewählt.
       *[other] Du hast { $chosen } Steine gewählt.
    } Wie viele Steine gibt jeder von euch hinüber? Vergleiche die beiden Angebote: Das kleinere entscheidet.
quiz-fault_rule-count-courtesy-zero-means-none =
    { $chosen ->
        [0] Du hast keinen Stein gewählt.
        [one] Du hast 1 Stein gewählt.
       *[other] Du hast { $chosen } Steine gewählt.
    } Eines der beiden Angebote ist 0: Was heißt das für diesen Tausch?

## quiz.fault_rule.forbidden
quiz-fault_rule-forbidden-joker-never-passed = Stein { $position } ist ein Joker: Ein Joker wird nie weitergegeben.
quiz-fault_rule-forbidden-received-joker-goes-back = Der ankommende Stein { $position } ist der Joker, der dir aufgefallen ist: Er geht an die Person zurück, die ihn weitergegeben hat, und ein Stein, den du gesehen hast, nimmt seinen Platz in deinem Pass ein.
quiz-fault_rule-forbidden-joker-is-marked = Stein { $position }, { $label }, ist kein Joker: Nur der Stein mit der Aufschrift „Joker“ ist einer.
quiz-fault_rule-forbidden-flower-is-not-joker = Stein { $position } ist eine Blume, kein Joker.
quiz-fault_rule-forbidden-soap-is-not-joker = Stein { $position } ist der weiße Drache (Soap), kein Joker.
quiz-fault_rule-forbidden-clean-pass-helps-no-line = Stein { $position }, { $label }, hilft einer deiner Lehrzeilen.
quiz-fault_rule-forbidden-blind-only-on-last-pass = „{ $label }“: Dieser Pass darf nicht blind sein.

## quiz.fault_rule.option
quiz-fault_rule-option-tile-copies-in-set = „{ $label }“ ist nicht die richtige Zahl. Geh Familie für Familie vor: Wie viele verschiedene Steine hat jede Familie, und wie oft gibt es jeden davon?

## quiz.fault_rule.missing
quiz-fault_rule-missing-joker-is-marked =
    { $missing ->
        [one] Jeder Stein, den du gewählt hast, ist ein Joker, aber es fehlt noch einer.
       *[other] Jeder Stein, den du gewählt hast, ist ein Joker, aber es fehlen noch { $missing }.
    }
quiz-fault_rule-missing-blind-only-on-last-pass = Bis hierhin richtig, aber die Antwort ist noch nicht vollständig (noch zu wählen: { $missing }).

## quiz.fault_for.pass_direction_question
quiz-fault_for-pass_direction_question-option = Nicht „{ $label }“ – { $pass } geht in eine andere Richtung.

## quiz.fault_for.pass_direction_question_receiver
quiz-fault_for-pass_direction_question_receiver-option = { $label } bekommt in diesem Pass nicht die Steine, die { $seat } weitergibt.

## quiz.fault_for.pass_direction_question_giver
quiz-fault_for-pass_direction_question_giver-option = { $seat } bekommt in diesem Pass nicht die Steine von { $label }.

## quiz.fault_for.pass_order_question_all
quiz-fault_for-pass_order_question_all-position = Pass { $position } ist nicht „{ $label }“.

## quiz.fault_for.pass_order_question_first
quiz-fault_for-pass_order_question_first-position = Pass { $position } des ersten Charlestons ist nicht „{ $label }“.

## quiz.fault_for.pass_order_question_second
quiz-fault_for-pass_order_question_second-position = Pass { $position } des zweiten Charlestons ist nicht „{ $label }“.
quiz-fault_for-tile_fact_question_copies-option =
    { $family ->
        [joker] Nicht { $label }: Joker sind eine eigene Familie, und es gibt genauso viele Joker wie Blumen.
        [flower] Nicht { $label }: Jede Blume zählt als derselbe Stein, und es gibt genauso viele Blumen wie Joker.
        [wind] Nicht { $label }: Der Satz enthält jeden Wind gleich oft, und zwar so oft wie jeden Drachen und jeden Farbstein.
        [dragon] Nicht { $label }: Der Satz enthält jeden Drachen gleich oft, und zwar so oft wie jeden Wind und jeden Farbstein.
       *[suit] Nicht { $label }: Der Satz enthält jeden Farbstein gleich oft, und zwar so oft wie jeden Wind und jeden Drachen.
    }
quiz-table_pass_note-from = Der Stein „{ $label }“ kommt von { $giver }, und { $giver } gibt bei diesem Pass an { $receiver } weiter.
quiz-table_pass_note-own = Den Stein „{ $label }“ gibt { $giver } selbst weiter, und zwar bei diesem Pass an { $receiver }.
quiz-guide_for-courtesy_check_question_both = Ist der ganze Charleston in diesem Moment vorbei, steht der Höflichkeitstausch noch aus, und liegt das Angebot zwischen 0 und 3 Steinen?
quiz-guide_for-tile_fact_question_copies =
    { $family ->
        [joker] Joker bilden eine eigene Familie: Wie viele Joker enthält der Satz?
        [flower] Blumen bilden eine eigene Familie, und jede Blume zählt als derselbe Stein: Wie viele Blumen enthält der Satz?
        [wind] Dieser Stein ist ein Wind: Wie oft enthält der Satz jeden Wind?
        [dragon] Dieser Stein ist ein Drache: Wie oft enthält der Satz jeden Drachen?
       *[suit] Das ist ein Farbstein: Wie oft enthält der Satz jeden Farbstein?
    }

## quiz.hint
quiz-hint-include = Tipp: Stein { $position }, { $label }, gehört zur Antwort.
quiz-hint-exclude = Tipp: Lass Stein { $position }, { $label }, weg.
quiz-hint-not_option = Tipp: Es ist nicht „{ $label }“.
quiz-hint-place = Tipp: Auf Position { $position } steht „{ $label }“.
quiz-hint-count =
    { $count ->
        [0] Tipp: Wähle gar nichts.
        [one] Tipp: Zur Antwort gehört genau 1.
       *[other] Tipp: Zur Antwort gehören genau { $count }.
    }
quiz-hint-rule = Tipp: { $rule }

## progress
progress-title = Dein Fortschritt
progress-intro = Gelöste Übungen in jeder Lektion. Nur in diesem Browser gespeichert.
progress-lesson = { $solved } von { $total } gelöst
progress-none = keine Übungen
progress-reset = Meinen Fortschritt zurücksetzen
progress-reset_done = Dein Fortschritt wurde zurückgesetzt.
progress-finished = abgeschlossen

## pass
pass-first-right = Erster Charleston, Pass nach rechts
pass-first-across = Erster Charleston, Pass nach gegenüber
pass-first-left = Erster Charleston, Pass nach links
pass-second-left = Zweiter Charleston, Pass nach links
pass-second-across = Zweiter Charleston, Pass nach gegenüber
pass-second-right = Zweiter Charleston, Pass nach rechts

## pass_nth
pass_nth-first-right = der erste Pass des ersten Charlestons
pass_nth-first-across = der zweite Pass des ersten Charlestons
pass_nth-first-left = der dritte Pass des ersten Charlestons
pass_nth-second-left = der erste Pass des zweiten Charlestons
pass_nth-second-across = der zweite Pass des zweiten Charlestons
pass_nth-second-right = der dritte Pass des zweiten Charlestons

## direction
direction-right = Rechts
direction-across = Gegenüber
direction-left = Links

# Seat diagrams (```seats```): who gives to whom, and the captions.

## seats
seats-gives = { $giver } gibt an { $receiver }
seats-courtesy = Höflichkeitstausch mit dem Gegenüber

## seats.round
seats-round-first = Der erste Charleston, Pass für Pass
seats-round-second = Der zweite Charleston, Pass für Pass

## seat
seat-east = Ost
seat-south = Süd
seat-west = West
seat-north = Nord

## tile.bam
tile-bam-1 = 1 Bambus
tile-bam-2 = 2 Bambus
tile-bam-3 = 3 Bambus
tile-bam-4 = 4 Bambus
tile-bam-5 = 5 Bambus
tile-bam-6 = 6 Bambus
tile-bam-7 = 7 Bambus
tile-bam-8 = 8 Bambus
tile-bam-9 = 9 Bambus

## tile.crak
tile-crak-1 = 1 Zeichen
tile-crak-2 = 2 Zeichen
tile-crak-3 = 3 Zeichen
tile-crak-4 = 4 Zeichen
tile-crak-5 = 5 Zeichen
tile-crak-6 = 6 Zeichen
tile-crak-7 = 7 Zeichen
tile-crak-8 = 8 Zeichen
tile-crak-9 = 9 Zeichen

## tile.dot
tile-dot-1 = 1 Kreis
tile-dot-2 = 2 Kreis
tile-dot-3 = 3 Kreis
tile-dot-4 = 4 Kreis
tile-dot-5 = 5 Kreis
tile-dot-6 = 6 Kreis
tile-dot-7 = 7 Kreis
tile-dot-8 = 8 Kreis
tile-dot-9 = 9 Kreis

## tile.wind
tile-wind-north = Nordwind
tile-wind-east = Ostwind
tile-wind-south = Südwind
tile-wind-west = Westwind

## tile.dragon
tile-dragon-red = Roter Drache
tile-dragon-green = Grüner Drache
tile-dragon-white = Weißer Drache (Soap)

## tile
tile-flower = Blume
tile-joker = Joker

## rule
rule-tile-copies-in-set = Der Satz hat 152 Steine: von jedem Farbstein, Wind und Drachen vier, dazu acht Blumen und acht Joker.
rule-joker-is-marked = Ein Joker ist der Stein mit der Aufschrift „Joker“. Kein anderer Stein ist ein Joker.
rule-flower-is-not-joker = Eine Blume ist kein Joker: Auf ihr steht nicht „Joker“. Im Tausch darfst du sie wie jeden anderen Stein weitergeben.
rule-soap-is-not-joker = Der weiße Drache (Soap) ist kein Joker; du darfst ihn wie jeden anderen Stein weitergeben.
rule-rack-tile-count = Während des Charlestons stehen 13 Steine auf dem Ständer.
rule-east-draws-after-charleston = Im Charleston hat jede Person am Tisch 13 Steine, auch Ost. Den 14. Stein zieht Ost erst, wenn der ganze Tausch (Charleston und Höflichkeitstausch) vorbei ist.
rule-too-many-copies = Kein Stein kommt öfter vor, als der Satz ihn enthält: von jedem vier, dazu acht Blumen und acht Joker.
rule-pass-exactly-three = Jeder Pass im Charleston besteht aus genau drei Steinen, die zusammen weitergegeben werden.
rule-pass-from-own-rack = Außer beim Blind-Pass kommen die Steine, die du weitergibst oder anbietest, von deinem eigenen Ständer.
rule-joker-never-passed = Ein Joker wird nie weitergegeben: nicht im Charleston, nicht blind, nicht im Höflichkeitstausch.
rule-received-joker-goes-back = Ein versehentlich erhaltener Joker geht zurück und wird durch einen echten Stein ersetzt; weitergegeben wird er nie.
rule-blind-only-on-last-pass = Ein Blind-Pass ist nur beim letzten Pass jedes Charlestons erlaubt: beim Pass nach links im ersten und beim Pass nach rechts im zweiten.
rule-blind-from-received-only = Ein Blind-Pass gibt nur Steine weiter, die dir in genau diesem Pass zugeschoben werden, ohne dass du sie ansiehst.
rule-pass-direction = Ein Pass nach rechts geht an die Person, die nach dir an der Reihe ist, ein Pass nach gegenüber an dein Gegenüber und ein Pass nach links an die Person, die vor dir an der Reihe ist.
rule-charleston-order = Erster Charleston: rechts, gegenüber, links. Zweiter Charleston: links, gegenüber, rechts.
rule-first-charleston-compulsory = Der erste Charleston ist Pflicht: Niemand kann ihn stoppen.
rule-second-charleston-optional = Der zweite Charleston ist freiwillig: Jeder einzelne Spieler darf ihn stoppen, solange dessen erster Pass noch nicht begonnen hat.
rule-second-charleston-stop-before-first-pass = Der zweite Charleston lässt sich nur stoppen, bevor sein erster Stein hinübergeht; danach wird er zu Ende gespielt.
rule-courtesy-after-charleston = Wo der Tisch einen Höflichkeitstausch spielt (das tun die meisten), kommt er erst, wenn der ganze Charleston vorbei ist: nachdem der zweite Charleston gespielt oder gestoppt wurde. Es gibt ihn nur einmal.
rule-courtesy-zero-to-three = Beim Höflichkeitstausch bietet jeder seinem Gegenüber 0 bis 3 Steine an.
rule-courtesy-smaller-offer = Beim Höflichkeitstausch zählt das kleinere Angebot: So viele Steine gibt jeder der beiden hinüber.
rule-courtesy-zero-means-none = Ein Angebot von 0 heißt: Ihr beide tauscht beim Höflichkeitstausch nichts.
rule-group-size = Eine Gruppe gleicher Steine hat höchstens 6 Steine (ein Sextett).
rule-joker-completes-identical-only = Ein Joker darf nur in einer Gruppe aus drei oder mehr gleichen Steinen stehen: Pung, Kong, Quint oder Sextett.
rule-joker-not-in-pair = Ein Joker kann nie Teil eines Paares sein.
rule-joker-not-single = Ein Joker kann nie einen Einzelstein ersetzen.
rule-look-alike-never-wild = Eine Blume oder der weiße Drache (Soap) steht in einer Gruppe nie für einen anderen Stein; das kann nur ein Joker.
rule-joker-in-flower-group = Blumen gelten als gleich, daher darf ein Joker eine Gruppe aus drei oder mehr Blumen ergänzen.
rule-quint-needs-joker = Von jedem Farbstein, Wind und Drachen gibt es nur vier, also braucht ein Quint oder Sextett aus diesen Steinen Joker.
rule-redeem-on-own-turn = Einen Joker aus einer Auslage darfst du nur einlösen, wenn du am Zug bist.
rule-redeem-not-from-discard = Mit einem Abwurf kann man keinen Joker einlösen.
rule-redeem-matching-tile = Einlösen kannst du einen Joker nur mit genau dem Stein, für den er steht.
rule-redeem-needs-exposed-joker = Einlösen lässt sich nur ein Joker, der in einer ausgelegten Gruppe liegt; in einer Gruppe ohne Joker gibt es nichts einzulösen.
rule-clean-pass-helps-no-line = Der beste Pass gibt nur Steine weiter, die keiner deiner Lehrzeilen helfen.

## guide
# The guiding question after a first wrong answer: it points at the fact
# that decides, without stating the rule (that comes after the second try).
guide-tile-copies-in-set = Geh Familie für Familie vor: Wie viele verschiedene Steine hat jede Familie, und wie oft enthält der Satz jeden Stein?
guide-joker-is-marked = Sieh dir die Vorderseite des Steins an: Steht dort „Joker“?
guide-flower-is-not-joker = Ist eine Blume der Stein mit der Aufschrift „Joker“? Sieh dir an, was darauf steht.
guide-soap-is-not-joker = Der weiße Drache (Soap) sieht fast leer aus: Ist er der Stein mit der Aufschrift „Joker“?
guide-rack-tile-count = Zähl die Steine: Wie viele stehen während des Charlestons auf einem Ständer?
guide-east-draws-after-charleston = Wie viele Steine hat jeder Platz während des Charlestons, auch Ost, und wann kommt der 14. Stein dazu?
guide-too-many-copies = Zähl jeden Stein: Kommt einer öfter vor, als der Satz ihn enthält?
guide-pass-exactly-three = Zähl die Steine dieses Passes: Wie viele gehören in jeden Pass des Charlestons?
guide-pass-from-own-rack = Woher kommen diese Steine: von deinem eigenen Ständer oder von anderswo?
guide-joker-never-passed = Ist unter diesen Steinen ein Joker? Darf ein Joker bei einem Pass vor dem Spiel weitergegeben werden?
guide-received-joker-goes-back = Ein Joker ist angekommen. Wohin geht er, und wer ersetzt den fehlenden Stein?
guide-blind-only-on-last-pass = Welcher Pass ist das: Ist es der letzte Pass seines Charlestons?
guide-blind-from-received-only = Welche Steine dürfen blind weiter: beliebige oder nur die, die in genau diesem Pass ankommen?
guide-pass-direction = Von diesem Platz aus gesehen: Wer sitzt rechts, wer gegenüber, wer links?
guide-charleston-order = Welcher Charleston ist das, und in welche Richtung geht jeder seiner Pässe?
guide-first-charleston-compulsory = Welcher Charleston ist das, und kann man ihn stoppen?
guide-second-charleston-optional = Welcher Charleston ist das, und muss der Tisch ihn spielen?
guide-second-charleston-stop-before-first-pass = Welcher Charleston ist das, und wandern seine Steine schon?
guide-courtesy-after-charleston = Ist der ganze Charleston schon vorbei (der zweite gespielt oder gestoppt), und steht der Höflichkeitstausch noch aus?
guide-courtesy-zero-to-three = Wie viele Steine darf man beim Höflichkeitstausch anbieten, mindestens und höchstens?
guide-courtesy-smaller-offer = Vergleiche die beiden Angebote: Welches entscheidet, wie viele Steine hinübergehen?
guide-courtesy-zero-means-none = Eines der Angebote ist 0: Was heißt das für diese beiden Spieler?
guide-group-size = Zähl die Steine dieser Gruppe: Wie groß darf eine Gruppe gleicher Steine sein?
guide-joker-completes-identical-only = Was für eine Gruppe ist das: Sind ihre Steine gleich, und sind es mindestens drei?
guide-joker-not-in-pair = Wie viele Steine hat diese Gruppe? Darf ein Joker in einer so kleinen Gruppe stehen?
guide-joker-not-single = Der Joker stünde hier allein: Darf ein Joker für einen Einzelstein stehen?
guide-look-alike-never-wild = Welcher Stein steht hier für einen anderen, und ist dieser Stein ein Joker?
guide-joker-in-flower-group = Gelten Blumen als gleiche Steine? Was heißt das für einen Joker unter ihnen?
guide-quint-needs-joker = Wie viele echte Exemplare dieses Steins enthält der Satz? Reichen sie für diese Gruppe?
guide-redeem-on-own-turn = Wer ist am Zug, und wann darf man einen Joker aus einer Auslage einlösen?
guide-redeem-not-from-discard = Woher kommt dieser Stein, und kann ein solcher Stein einen Joker einlösen?
guide-redeem-matching-tile = Für welchen Stein steht der Joker in dieser Gruppe? Ist dies derselbe Stein?
guide-redeem-needs-exposed-joker = Liegt in dieser ausgelegten Gruppe überhaupt ein Joker, den man einlösen könnte?
guide-clean-pass-helps-no-line = Kommt einer dieser Steine in einer deiner Lehrzeilen vor?

# Der Charleston-Trainer (```trainer```-Blöcke, js/trainer.js).

## trainer
trainer-walkthrough_heading = Ein vorgespieltes Spiel: Spiel Nr. { $deal }, du sitzt auf Platz { $seat }
trainer-walkthrough_intro = Mit JavaScript setzt dich diese Seite an den Tisch, und du spielst jeden Pass selbst. Ohne JavaScript siehst du hier Spiel Nr. { $deal } vom Platz { $seat } aus, Zug für Zug, so gespielt, wie die Computer-Spieler spielen.
trainer-your_lines = Deine Lehrzeilen:
trainer-final_rack = Dein Ständer nach dem Tausch:
trainer-step_pass = { $pass }: Du hast { $to } weitergegeben: { $tiles }. Bekommen hast du { $from }: { $received }.
trainer-step_blind =
    { $blind ->
        [1] { $pass }: Du hast { $to } weitergegeben: { $tiles }. Behalten hast du von dem, was { $from } kam: { $received }.
        [2] { $pass }: Du hast { $to } weitergegeben: { $tiles }. Behalten hast du von dem, was { $from } kam: { $received }.
       *[other] { $pass }: Alle drei Steine, die { $from } kamen, hast du ungesehen { $to } weitergegeben; behalten hast du keinen davon.
    }
trainer-vote_you = Du hast den zweiten Charleston gestoppt.
trainer-vote_seat = { $seat } hat den zweiten Charleston gestoppt.
trainer-vote_played = Niemand hat gestoppt: Der zweite Charleston wird gespielt.
# the number of tiles the player across offered, in the courtesy step
trainer-offer_count =
    { $count ->
        [0] nichts
        [one] 1 Stein
       *[other] { $count } Steine
    }
trainer-courtesy_step =
    Höflichkeitstausch: Du hast { $offered } angeboten, dein Gegenüber { $partner_offer }. { $n ->
        [0] Getauscht wurde nichts.
        [one] Jeder von euch hat 1 Stein hinübergegeben.
       *[other] Jeder von euch hat { $n } Steine hinübergegeben.
    } Bekommen hast du: { $received }.
trainer-none = nichts
# a tile forwarded blind, in the move log: the player never saw it
trainer-unseen = ein ungesehener Stein
trainer-app_label = Charleston-Trainer
trainer-deal = Spiel Nr.
trainer-seat = Dein Platz
trainer-new_deal = Neues Spiel
trainer-rack = Dein Ständer
trainer-selected = { $n } ausgewählt
trainer-blind = Steine blind weitergeben
trainer-pass = Weitergeben
trainer-stop = Zweiten Charleston stoppen
trainer-continue = Zweiten Charleston spielen
trainer-offer = Anbieten
trainer-now_pass = { $pass }: Wähle drei Steine, die du { $to } weitergibst.
trainer-now_blind = Letzter Pass dieses Charlestons: Du darfst bis zu drei der Steine, die gerade zu dir kommen, ungesehen weitergeben.
trainer-now_vote = Der erste Charleston ist vorbei. Spielst du einen zweiten, oder stoppst du hier?
trainer-now_courtesy = Höflichkeitstausch: Wähle 0 bis 3 Steine, die du deinem Gegenüber anbietest.
trainer-log = Züge
trainer-refused = Nicht erlaubt: { $rule }
trainer-summary = Zusammenfassung
trainer-summary_passes = Deine Pässe
trainer-summary_received = Was du bekommen hast
trainer-summary_refused = Abgelehnte Züge
trainer-again = Noch einmal spielen
trainer-new_tile = gerade bekommen
trainer-table = Der Tisch
trainer-to-right = nach rechts
trainer-to-across = nach gegenüber
trainer-to-left = nach links
trainer-from-right = von rechts
trainer-from-across = von gegenüber
trainer-from-left = von links
# Die Bilanz des Trainers (js/trainer.js): eine pro Browser, in jeder Sprache.
trainer-record-heading = Deine Bilanz
trainer-record-intro = Deine Bilanz wird nur in diesem Browser gespeichert und gilt für alle Sprachen des Kurses. Wenn du deinen Fortschritt in einer Datei speicherst, wird sie mitgespeichert.
trainer-record-empty = Du hast noch keinen Zug gemacht.
trainer-record-games =
    { $games ->
        [0] Noch kein Spiel zu Ende gespielt
        [one] { $games } Spiel zu Ende gespielt
       *[other] { $games } Spiele zu Ende gespielt
    }
trainer-record-clean = Spiele ohne abgelehnten Zug: { $clean } von { $games }
trainer-record-moves = Auf Anhieb angenommene Züge: { $right } von { $moves }
trainer-record-best =
    { $best ->
        [one] Rekord: { $best } Zug auf Anhieb angenommen
       *[other] Rekord: { $best } Züge in Folge auf Anhieb angenommen
    }
trainer-record-last = Zuletzt gespielt: { $date }
trainer-record-reset = Meine Bilanz zurücksetzen
trainer-record-confirm = Deine Bilanz im Trainer zurücksetzen? Deine Spiele, Züge und dein Rekord werden gelöscht.
trainer-record-yes = Ja, zurücksetzen
trainer-record-no = Abbrechen
trainer-record-reset_done = Deine Bilanz im Trainer wurde zurückgesetzt.

## practice
practice-print_link = Übungsblatt drucken
practice-all_sheets = Alle Übungsblätter
practice-index_title = Übungsblätter
practice-index_intro = Üb auf Papier, weg vom Bildschirm. Druck dir ein Blatt aus, kreuz deine Antworten an oder trag sie ein, und vergleich sie dann mit den Lösungen auf der letzten Seite. Jedes Blatt hat { $exercises }. Auf Blatt 2 stehen andere Übungen als auf Blatt 1, und Blätter mit derselben Nummer enthalten in jeder Sprache dieselben Übungen – so kann eine ganze Gruppe mit demselben Blatt arbeiten.
practice-sheet = Blatt { $number }
practice-mixed = Gemischte Übungen
practice-sheet_title = { $series }: Übungsblatt { $number }
practice-running_header = { $title } · { $language }
practice-page_of = Seite { $page } von { $pages }
practice-meta = { $exercises } · { $language } · Lösungen auf der letzten Seite
practice-print_hint = Druck diese Seite auf A4 oder US-Letter aus: Die Menüs fallen weg, keine Übung wird auf zwei Seiten verteilt, und die Lösungen beginnen auf einer eigenen Seite.
practice-links_label = Dieses Blatt
practice-lesson_link = Zurück zur Lektion
practice-previous = Voriges Blatt
practice-next = Nächstes Blatt
practice-name = Name:
practice-date = Datum:
practice-key_title = Lösungen
practice-key_intro = Jede Antwort mit der Regel dahinter und dem Abschnitt der Lektion, der sie erklärt.
practice-key_none = kein Stein
practice-code = Code { $code }

## practice.how
practice-how-select = Kreuz das Kästchen unter jedem Stein an, den du wählst.
practice-how-choice = Kreuz nur eine Antwort an.
practice-how-multi = Kreuz jedes Kästchen an, das zutrifft.
practice-how-order = Nummeriere die Kästchen in der richtigen Reihenfolge, beginnend mit 1.

## search
search-label = Im Kurs suchen
search-hint = Die Treffer erscheinen beim Tippen. Mit der Pfeiltaste nach unten gehst du sie durch, mit der Esc-Taste kommst du zurück ins Suchfeld.
search-fallback = Für die Suche brauchst du JavaScript. Stattdessen kannst du hier stöbern:
search-glossary = Glossar
search-lessons = Alle Lektionen
search-loading = Der Suchindex wird geladen …
search-count = { $count } Treffer
search-none = Keine Treffer für „{ $query }“.
search-failed = Die Suche ist gerade nicht verfügbar.

## offline
offline-ready = Offline verfügbar: Dieser Kurs öffnet sich in diesem Browser jetzt auch ohne Verbindung.
offline-short_name = Mahjong-Kurs
offline-app_description = Ein Kurs über amerikanisches Mahjong mit Übungen, nach dem ersten Besuch auch offline nutzbar.

# A long section's navigation: the link to its index page, which lists every page.

## nav_window
nav_window-all =
    { $count ->
        [one] Die eine Seite zeigen
       *[other] Alle { $count } Seiten zeigen
    }

# What search engines show for pages without a description of their own
# (practice sheets, their index, the not-found page).

## description
description-practice_sheet = Übungsblatt { $number } von { $sheets } zu „{ $series }“: Übungen zum Ausdrucken und Lösen auf Papier, mit den Lösungen auf der letzten Seite.
description-practice_index = Übungsblätter zum Ausdrucken für jede Lektion des Kurses: Lös die Übungen auf Papier und vergleich sie dann mit den Lösungen.
description-not_found = Unter dieser Adresse gibt es keine Seite. Wähle eine Sprache, um zum Kurs über amerikanisches Mahjong zurückzukehren.

progress-revealed-intro = Gelöste Übungen in jeder Lektion. Eine Übung, deren Lösung du dir angezeigt hast, zählt als aufgedeckt, nicht als gelöst, bis du diese Lektion zurücksetzt. Nur in diesem Browser gespeichert.
progress-revealed-lesson = { $solved } von { $total } gelöst, { $revealed } aufgedeckt
progress-confirm-all = Deinen Fortschritt in allen Lektionen zurücksetzen? Gelöste und aufgedeckte Übungen werden vergessen.
progress-confirm-lesson = Deinen Fortschritt in „{ $lesson }“ zurücksetzen? Die gelösten und aufgedeckten Übungen dieser Lektion werden vergessen.
progress-confirm-yes = Ja, zurücksetzen
progress-confirm-no = Abbrechen
progress-one-reset = Zurücksetzen
progress-one-reset_label = Deinen Fortschritt in „{ $lesson }“ zurücksetzen
progress-one-done = Dein Fortschritt in „{ $lesson }“ wurde zurückgesetzt.
quiz-revealed-progress = Gelöste Übungen: { $solved } von { $total }; Lösung angezeigt: { $revealed }
trainer-teach-lines_heading = Deine Lehrzeilen
trainer-teach-lines_intro = Die Hände, auf die du hinarbeitest, Gruppe für Gruppe gezeigt. Behalte die Steine, die sie brauchen, und gib die anderen weiter.
trainer-teach-line = Lehrzeile { $n }
trainer-teach-line_short = Noch fehlende Steine: { $short }
trainer-teach-closest_line = Dein Ständer kommt Lehrzeile { $n } am nächsten. Noch fehlende Steine: { $short }.
quiz-feedback-legal_but = Erlaubt, aber …
quiz-feedback-poor = Stein { $position }, { $label }, gehört zu Gruppe { $group } von Lehrzeile { $line }. Behalte diesen Stein und gib einen weiter, den keine Lehrzeile braucht.
quiz-feedback-guide = „{ $label }“ ist nicht die Antwort. { $guide }
quiz-feedback-hint_exclude = Tipp: Lass Stein { $position }, { $label }, weg.
quiz-feedback-reveal_lines =
    { $mode ->
        [blind]
            { $lines ->
                [one] Drei beliebige Steine ohne Joker ergeben einen gültigen Pass; Steine vom Ständer und gerade erhaltene darfst du mischen. Dieser hier behält jeden Stein, den deine Lehrzeile braucht:
               *[other] Drei beliebige Steine ohne Joker ergeben einen gültigen Pass; Steine vom Ständer und gerade erhaltene darfst du mischen. Dieser hier behält jeden Stein, den deine Lehrzeilen brauchen:
            }
       *[plain]
            { $lines ->
                [one] Drei beliebige Steine ohne Joker ergeben einen gültigen Pass. Dieser hier behält jeden Stein, den deine Lehrzeile braucht:
               *[other] Drei beliebige Steine ohne Joker ergeben einen gültigen Pass. Dieser hier behält jeden Stein, den deine Lehrzeilen brauchen:
            }
    }
quiz-feedback-hint_lesson = Tipp: Die Antwort steht im unten verlinkten Abschnitt der Lektion; lies ihn vor deinem nächsten Versuch.
quiz-unseen-tile = Ungesehener Stein
quiz-unseen-blind = Blind weitergegeben, ungesehen
quiz-unseen-label_noticed = In diesem Pass bei dir angekommen: Dir fällt ein Joker auf; die anderen beiden hast du nicht angesehen
quiz-unseen-reveal_joker = Fällt dir unter den erhaltenen Steinen ein Joker auf, gibst du ihn dem Spieler zurück, der ihn weitergegeben hat, und bekommst dafür einen echten Stein. Rutscht er unbemerkt weiter, geht er an den Spieler zurück, der ihn als Erster weitergegeben hat; der gibt dem Spieler, bei dem der Joker gelandet ist, dafür einen echten Stein.
quiz-fault_for-table_pass_question-forbidden = { $note }

## „Noch eine wie diese“ (Issue 33): nach einer gelösten Übung oder der
## gezeigten Lösung eine weitere Übung derselben Art aus dem Vorrat der Lektion.
quiz-another-button = Noch eine Übung wie diese
quiz-another-sheet = Mehr Übungen wie diese: ein Übungsblatt
quiz-another-new = Neue Übung: { $title }
quiz-another-done = Du hast alle Übungen dieser Art gesehen; jetzt geht es wieder von vorn los.
quiz-another-offline = Weitere Übungen sind noch nicht geladen. Öffne diese Seite einmal mit Internetverbindung.

## Fortschritt mitnehmen (Issue 33): Export in eine JSON-Datei, Import auf
## einem anderen Gerät; kein Konto, kein Server.
progress-transfer-intro = Um auf einem anderen Gerät oder in einem anderen Browser weiterzumachen, speichere deinen Fortschritt in einer Datei und öffne sie dort.
progress-export = Meinen Fortschritt in einer Datei speichern
progress-export-done = Deine Fortschrittsdatei ist gespeichert: { $file }
progress-import = Fortschritt aus einer Datei laden
progress-import-done = Fortschritt geladen und mit dem Stand in diesem Browser zusammengeführt. Neu gelöst: { $solved }; neu aufgedeckt: { $revealed }.
progress-import-bad = Diese Datei lässt sich nicht laden: Das ist keine Fortschrittsdatei dieses Kurses. Nichts wurde geändert.
progress-import-foreign = Diese Fortschrittsdatei stammt aus einem anderen Kurs: Keine ihrer Übungen kommt in diesem Kurs vor. Nichts wurde geändert.

## Die Wiederholung (Issue 33): nicht gelöste oder aufgedeckte Übungen kommen in
## wachsenden Abständen wieder (FSRS), jedes Mal als neue Übung derselben Art.
progress-review-link = Übungen wiederholen, die du nicht gelöst hast
progress-review-title = Wiederholung
progress-review-intro = Übungen, die du falsch beantwortet hast oder deren Lösung du dir angezeigt hast, kommen hier über die Tage verteilt wieder: Löst du eine richtig, kommt sie später wieder; liegst du daneben, früher (das FSRS-Verfahren). Jede Wiederholung ist eine neue Übung derselben Art. Deine Wiederholungen werden nur in diesem Browser gespeichert und funktionieren auch offline.
progress-review-nojs = Für die Wiederholung brauchst du JavaScript. Ohne JavaScript findest du weitere Übungen auf den Übungsblättern jeder Lektion.
progress-review-due = { $count ->
    [one] Heute ist eine Übung fällig.
   *[other] Heute sind { $count } Übungen fällig.
}
progress-review-none = Heute ist nichts fällig.
progress-review-next = Die nächste Übung ist am { $date } fällig.
progress-review-empty = Noch nichts zu wiederholen: Übungen, die du falsch löst, tauchen hier später wieder auf.
progress-review-start = Anfangen
progress-review-next_exercise = Nächste Übung
progress-review-done = Das war die letzte heute fällige Übung.
progress-review-pause = Wiederholung pausieren
progress-review-resume = Wiederholung fortsetzen
progress-review-paused = Die Wiederholung ist pausiert: Keine Übung wird fällig, bis du sie fortsetzt.
progress-review-reset = Wiederholung zurücksetzen
progress-review-confirm = Alle Übungen vergessen, die auf eine Wiederholung warten? Deine gelösten Übungen bleiben erhalten.
progress-review-reset_done = Die Wiederholung wurde zurückgesetzt.
progress-review-offline = Diese Übung lässt sich gerade nicht laden. Öffne ihre Lektion einmal mit Internetverbindung.
progress-review-print = Heutige Übungen drucken
progress-review-print_title = Wiederholung vom { $date }
progress-review-key = Lösungen
