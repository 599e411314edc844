# Textos del lloc en català.

## site
site-title = Mahjong americà, fitxa a fitxa

## footer
footer-note = Aquest curs és independent: no és obra de la National Mah Jongg League ni hi té cap vincle. Les línies de pràctica les hem inventades per ensenyar i no provenen de cap carta anual.

## variant
variant-american = Americà
variant-riichi = Riichi japonès
variant-hong-kong = Hong Kong
variant-sichuan = Sichuan
variant-taiwan = Taiwanès
variant-mcr = MCR (oficial xinès)

## glossary
glossary-variants = S’usa en
glossary-compare = En les altres variants
glossary-see_lesson = Lliçó

## chooser
chooser-description = Un curs gratuït de mahjong americà, fitxa a fitxa: les fitxes, els jokers, el Charleston i les altres variants, en anglès, alemany, català i portuguès. Tria la teva llengua.

# The course footer (templates/partials/footer.html).

## course_footer
course_footer-label = Sobre aquest curs
course_footer-glossary = Busca una paraula al glossari
course_footer-start = Torna a l’inici del curs
