# Textos do site em português do Brasil (você; veja docs/style/pt.md).

## site
site-title = Mahjong americano, peça por peça

## footer
footer-note = Este site não pertence à National Mah Jongg League e não tem nenhum vínculo com ela. As linhas didáticas das lições foram inventadas para ensinar; nenhuma foi copiada de uma carta oficial.

## variant
variant-american = Americano
variant-riichi = Riichi japonês
variant-hong-kong = Hong Kong
variant-sichuan = Sichuan
variant-taiwan = Taiwanês
variant-mcr = MCR (regras oficiais chinesas)

## glossary
glossary-variants = Usado em
glossary-compare = Comparação entre variantes
glossary-see_lesson = Lição

## chooser
chooser-description = Um curso gratuito de mahjong americano, peça por peça: as peças, os coringas, o Charleston e as outras variantes, em inglês, alemão, catalão e português. Escolha o seu idioma.

# The course footer (templates/partials/footer.html).

## course_footer
course_footer-label = Sobre este curso
course_footer-glossary = Procure uma palavra no glossário
course_footer-start = Volte ao início do curso

## offline
# the short name is "Mahjong"; the site title "peça por peça" is too long here.
offline-short_name = Mahjong
