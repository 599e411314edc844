# English site strings.

## site
site-title = American Mahjong, Tile by Tile

## footer
footer-note = This site is not the National Mah Jongg League and is not affiliated with it. The teaching lines in these lessons are invented; none is taken from any year’s card.

## variant
variant-american = American
variant-riichi = Japanese Riichi
variant-hong-kong = Hong Kong
variant-sichuan = Sichuan
variant-taiwan = Taiwanese
variant-mcr = MCR (Chinese Official)

## glossary
glossary-variants = Used in
glossary-compare = Across variants
glossary-see_lesson = Lesson

## chooser
chooser-description = A free course on American Mahjong, tile by tile: the tiles, jokers, the Charleston and the other variants, in English, German, Catalan and Portuguese. Choose your language.

# The course footer (templates/partials/footer.html).

## course_footer
course_footer-label = About this course
course_footer-glossary = Look a word up in the glossary
course_footer-start = Back to the start of the course
