# Deutsche Texte der Website.

## site
site-title = Amerikanisches Mahjong, Stein für Stein

## footer
footer-note = Diese Website stammt nicht von der National Mah Jongg League und steht in keiner Verbindung zu ihr. Alle Lehrzeilen in diesen Lektionen sind erfunden; keine stammt von einer Jahreskarte.

## variant
variant-american = Amerikanisch
variant-riichi = Japanisches Riichi
variant-hong-kong = Hongkong
variant-sichuan = Sichuan
variant-taiwan = Taiwanesisch
variant-mcr = MCR (chinesisches Wettkampfregelwerk)

## glossary
glossary-variants = Varianten
glossary-compare = Im Vergleich der Varianten
glossary-see_lesson = Lektion

## chooser
chooser-description = Ein kostenloser Kurs zum amerikanischen Mahjong, Stein für Stein: die Steine, die Joker, der Charleston und andere Varianten, auf Englisch, Deutsch, Katalanisch und Portugiesisch. Wähle deine Sprache.

# The course footer (templates/partials/footer.html).

## course_footer
course_footer-label = Über diesen Kurs
course_footer-glossary = Schlag ein Wort im Glossar nach
course_footer-start = Zurück zum Anfang des Kurses
