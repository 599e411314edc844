# UI strings of the felt theme (English). Keys are flattened to dotted
# names: [nav] next = "Next" -> nav.next. A site may override any key.

## a11y
a11y-skip_to_content = Skip to content

## nav
nav-title = Lessons
nav-menu = Menu
nav-untranslated = not yet translated
nav-back_to_top = Back to top
nav-pager_label = Previous and next lesson
nav-prev = Previous
nav-next = Next

## top_links
top_links-label = Related courses

## lang
lang-label = Language
lang-not_translated = not translated
lang-goes_home = This page has no translation in this language yet; the link opens that language’s home page.

## toc
toc-title = On this page

## notice
notice-untranslated_title = This page is not translated yet
notice-untranslated_body = It is shown in the original language until a translator gets to it.
notice-untranslated_exercise = This exercise is not translated yet. It is shown in the original language until a translator gets to it.
notice-stale_title = This translation may be out of date
notice-stale_body = The original has changed since this page was translated. For the current version, see the original:

## breadcrumb
breadcrumb-label = Breadcrumb
breadcrumb-home = Home

## lesson
lesson-exercises =
    { $count ->
        [one] { $count } exercise
       *[other] { $count } exercises
    }

## section
section-pages_title = Lessons in this section
section-empty = There are no lessons in this section yet.

## error404
error404-title = Page not found
error404-body = Sorry, there is no page at this address. It may have moved, or the link may contain a typo.
error404-languages = Go to the course home

## chooser
chooser-prompt = Choose your language:
chooser-description = Choose the language in which to read this site.

## footer
footer-note = Made with tilebook.
list-and-two = { $first } and { $second }
list-and-middle = { $first }, { $second }
list-and-end = { $first }, and { $second }

# ---- Exercises (quiz blocks) -------------------------------------------------

## quiz
quiz-exercise = Exercise
quiz-check = Check
quiz-try_again = Try again
quiz-show_answer = Show answer
quiz-answer = Answer
quiz-lesson_link = Read the lesson
quiz-right = Right!
quiz-wrong = Not quite.
quiz-progress = Exercises solved: { $solved } of { $total }
quiz-chosen = { $chosen } of { $count } chosen
quiz-chosen_any = { $chosen } chosen
quiz-moved = { $label }: position { $position } of { $total }
quiz-move_up = Move up
quiz-move_down = Move down
quiz-heading = { $exercise }: { $title }
quiz-lesson_section = Lesson: { $section }
quiz-moved_edge = { $label } stays at position { $position } of { $total }

## quiz.label
quiz-label-answer = Answer
quiz-label-rack = Your rack
quiz-label-received = Being passed to you in this pass, not looked at
quiz-label-line = Teaching line { $n }
quiz-label-group = The group
quiz-label-exposed = The exposed group
quiz-label-tile = The tile
quiz-label-the_rack = The rack
quiz-label-to_pass = The tiles to pass
quiz-label-to_pass_rack = To pass from the rack
quiz-label-to_pass_blind = To pass blind, unseen

## quiz.legend
quiz-legend-choose_all = Choose everything that applies
quiz-legend-choose_three = Choose three tiles
quiz-legend-choose_one = Choose one answer
quiz-legend-order = Put the items in order.
quiz-legend-order_keys = Move an item with its up and down buttons, or press the up or down arrow key while one of its buttons has focus.

## quiz.option
quiz-option-yes = Yes
quiz-option-no = No

## quiz.find_jokers
quiz-find_jokers-question = Which tiles on this rack are jokers?
quiz-find_jokers-reveal =
    { $count ->
        [0] There is no joker on this rack.
        [one] The joker is tile { $positions }, counted from the left.
       *[other] The jokers are tiles { $positions }, counted from the left.
    }

## quiz.pass
quiz-pass-question = { $pass }: choose three tiles to pass.
quiz-pass-reveal = Any three tiles except jokers make a legal pass, for example:

## quiz.blind_pass
quiz-blind_pass-question = { $pass }: three tiles are being passed to you in this pass, and you have not looked at them. Build a legal pass of three tiles; you may forward some of them blind.
quiz-blind_pass-question_noticed = { $pass }: three tiles are being passed to you in this pass, and you notice a joker among them. Build a legal pass of three tiles.
quiz-blind_pass-reveal = Any three tiles except jokers make a legal pass, rack and received tiles mixed as you like, for example:
quiz-blind_pass-reveal_noticed = The joker goes back to the player who passed it. The best tile to send in its place is one you have seen from your own rack, for example:

## quiz.clean_pass
quiz-clean_pass-question = Pass three tiles that help none of your teaching lines.
quiz-clean_pass-reveal =
    { $count ->
        [3] These three tiles make the clean pass:
       *[other] Any three of these tiles make a clean pass:
    }

## quiz.pass_direction
quiz-pass_direction-question = Which way does { $pass } go?
quiz-pass_direction-question_receiver = { $pass }: who receives the tiles { $seat } passes?
quiz-pass_direction-question_giver = { $pass }: whose tiles does { $seat } receive?

## quiz.pass_order
quiz-pass_order-question_all = Put the six passes of the Charleston in order.
quiz-pass_order-question_first = Put the three passes of the first Charleston in order.
quiz-pass_order-question_second = Put the three passes of the second Charleston in order.

## quiz.blind_passes
quiz-blind_passes-question = On which passes may you pass tiles blind?

## quiz.stop
quiz-stop-question =
    { $stage ->
        [second] { $moment } { $seat } wants to stop the second Charleston. May { $seat } stop it now?
       *[first] { $moment } { $seat } wants to stop the Charleston. May { $seat } stop it now?
    }

## quiz.stop.moment
quiz-stop-moment-deal = The tiles have just been dealt.
quiz-stop-moment-first-right = The first Charleston’s right pass has just been played.
quiz-stop-moment-first-across = The first Charleston’s across pass has just been played.
quiz-stop-moment-first-left = The first Charleston’s left pass has just been played.
quiz-stop-moment-second-left = The second Charleston’s left pass has just been played.
quiz-stop-moment-second-across = The second Charleston’s across pass has just been played.
quiz-stop-moment-second-right = The second Charleston’s right pass has just been played.
quiz-stop-moment-courtesy = The courtesy pass has just been played.
quiz-stop-moment-stop = The second Charleston has just been stopped.

## quiz.stop.option
quiz-stop-option-yes = Yes: any one player may stop it now
quiz-stop-option-east-only = Only East may stop it
quiz-stop-option-no = No: nobody may stop it now

## quiz.courtesy
quiz-courtesy-question = Courtesy pass: { $offer_a }, { $offer_b }. How many tiles does each of them pass across?
quiz-courtesy-offers =
    { $count ->
        [0] { $seat } offers no tiles
        [one] { $seat } offers 1 tile
       *[other] { $seat } offers { $count } tiles
    }

## quiz.tiles
quiz-tiles =
    { $count ->
        [0] no tiles
        [one] 1 tile
       *[other] { $count } tiles
    }

## quiz.joker_group
quiz-joker_group-question =
    { $jokers ->
        [0] Is this a legal group?
        [one] Is this a legal group, with its joker?
       *[other] Is this a legal group, with its jokers?
    }
quiz-joker_group-reveal_size =
    { $count ->
        [one] This group has 1 tile.
       *[other] This group has { $count } tiles.
    }

## quiz.redeem
quiz-redeem-question = { $turn } { $source } Can you swap it for a joker in the exposed group?
quiz-redeem-own_turn = It is your turn.
quiz-redeem-other_turn = It is not your turn.
quiz-redeem-from_rack = The tile comes from your rack.
quiz-redeem-from_discard = The tile is one another player has just discarded.

## quiz.rack_check
quiz-rack_check-question = Is this a legal rack for the Charleston?
quiz-rack_check-question_seat = { $seat } holds this rack. Is it a legal rack for the Charleston?
quiz-rack_check-reveal_ok =
    { $count ->
        [one] 1 tile, and no tile appears more times than the set has copies of it.
       *[other] { $count } tiles, and no tile appears more times than the set has copies of it.
    }
quiz-rack_check-reveal_size =
    { $count ->
        [one] The rack holds 1 tile.
       *[other] The rack holds { $count } tiles.
    }
quiz-rack_check-reveal_copies =
    { $count ->
        [one] The rack holds 1 copy of { $tile }, but the set has only { $limit }:
       *[other] The rack holds { $count } copies of { $tile }, but the set has only { $limit }:
    }

## quiz.pass_check
quiz-pass_check-question = { $pass }: can you pass these tiles?
quiz-pass_check-reveal_ok = Three tiles from your own rack, none of them a joker: a legal pass.
quiz-pass_check-reveal_not_on_rack = Tiles that are not on your rack:
quiz-pass_check-reveal_not_received = Tiles that are not among those just passed to you:
quiz-pass_check-reveal_joker = A joker would be passed:
quiz-pass_check-reveal_received_joker = A received joker would be passed on:
quiz-pass_check-reveal_not_blind = Tiles passed blind on a pass that cannot be blind.
quiz-pass_check-reveal_count =
    { $count ->
        [one] This bundle holds 1 tile; a pass is exactly 3.
       *[other] This bundle holds { $count } tiles; a pass is exactly 3.
    }

## quiz.courtesy_check
quiz-courtesy_check-question_when = { $moment } May the courtesy pass be played now?
quiz-courtesy_check-moment_first_left = The first Charleston’s left pass has just been played, and the table has not yet decided whether to play the second Charleston.
quiz-courtesy_check-question_offer =
    In the courtesy pass, may a player offer { $count ->
        [0] no tiles
        [one] 1 tile
       *[other] { $count } tiles
    } to the player across?
quiz-courtesy_check-question_both =
    { $moment } A player wants to offer { $count ->
        [0] no tiles
        [one] 1 tile
       *[other] { $count } tiles
    } to the player across in the courtesy pass. May they do so now?

## quiz.copies
quiz-copies-1 = 1
quiz-copies-2 = 2
quiz-copies-4 = 4
quiz-copies-8 = 8

## quiz.tile_fact
quiz-tile_fact-question_copies = How many copies of this tile ({ $tile }) does the set hold?
quiz-tile_fact-question_joker = Is this tile a joker?

# Kinds about a whole exchange and about the set (exercises/kinds/exchange.rs).

## quiz.courtesy_offer
quiz-courtesy_offer-question =
    You sit { $seat_a } and offer { $offer ->
        [0] no tiles
        [one] 1 tile
       *[other] { $offer } tiles
    } in the courtesy pass; { $offer_b }. Choose the tiles you hand across.
quiz-courtesy_offer-legend = Choose the tiles that go across (0 to 3; choose none if no tiles go)
quiz-courtesy_offer-reveal =
    { $count ->
        [0] No tiles go across: the smaller of the two offers is 0.
        [one] 1 tile goes across: the smaller of the two offers, and never a joker; for example:
       *[other] { $count } tiles go across: the smaller of the two offers, and never a joker; for example:
    }

## quiz.received_joker
quiz-received_joker-question = { $pass }: these three tiles are passed to you. What do you do?
quiz-received_joker-label = The tiles passed to you

## quiz.received_joker.option
quiz-received_joker-option-keep = Keep all three tiles
quiz-received_joker-option-return =
    { $jokers ->
        [0] Take one of these tiles for a joker and give it back to the player who passed it
        [one] Give the joker back to the player who passed it; they send another tile instead
       *[other] Give the jokers back to the player who passed them; they send other tiles instead
    }
quiz-received_joker-option-forward =
    { $jokers ->
        [0] Take one of these tiles for a joker and pass it on with your next pass
        [one] Pass the joker on with your next pass
       *[other] Pass the jokers on with your next pass
    }

## quiz.table_pass
quiz-table_pass-question = { $pass }: every player passes the three tiles shown. Choose the tiles { $seat } receives.
quiz-table_pass-row = { $seat } passes
quiz-table_pass-reveal = { $seat } receives the tiles { $giver } passes:

## quiz.set_count
quiz-set_count-number = { $n }

## quiz.set_count.question
quiz-set_count-question-set = How many tiles does an American Mahjong set have?
quiz-set_count-question-without-jokers = How many tiles does the set have without its jokers?
quiz-set_count-question-suits = How many suit tiles (bams, craks and dots together) does the set have?
quiz-set_count-question-bams = How many bams does the set have?
quiz-set_count-question-craks = How many craks does the set have?
quiz-set_count-question-dots = How many dots does the set have?
quiz-set_count-question-honours = How many honor tiles (winds and dragons together) does the set have?
quiz-set_count-question-winds = How many wind tiles does the set have?
quiz-set_count-question-dragons = How many dragon tiles does the set have?
quiz-set_count-question-flowers = How many flowers does the set have?
quiz-set_count-question-jokers = How many jokers does the set have?

## quiz.title
quiz-title-find-jokers = Find the jokers
quiz-title-pass = { $pass }
quiz-title-blind-pass = Blind pass: { $pass }
quiz-title-clean-pass = A clean pass
quiz-title-pass-direction = Which way? { $pass }
quiz-title-pass-order = The order of the passes
quiz-title-blind-passes = When a pass may be blind
quiz-title-stop = Stopping the Charleston
quiz-title-courtesy = The courtesy pass
quiz-title-joker-group = A joker in a group
quiz-title-redeem = Redeeming a joker
quiz-title-tile-fact = Know your tiles
quiz-title-rack-check = Is the rack legal?
quiz-title-pass-check = Is this pass legal? { $pass }
quiz-title-courtesy-check =
    { $ask ->
        [offer] How many tiles may be offered
        [both] The courtesy pass: when, and how many tiles
       *[when] When the courtesy pass is played
    }
quiz-title_for-courtesy_check_question_offer = How many tiles may be offered
quiz-title-courtesy-offer = What goes across in the courtesy pass
quiz-title-received-joker = Tiles passed to you
quiz-title-table-pass = Who receives which tiles: { $pass }
quiz-title-set-count = Counting the set

## quiz.fault
quiz-fault-empty = Choose an answer first.
quiz-fault-count =
    { $count ->
        [0] No tile belongs to the answer here; choose none.
        [one] This answer needs exactly 1 tile; you chose { $chosen }.
       *[other] This answer needs exactly { $count } tiles; you chose { $chosen }.
    }
quiz-fault-forbidden = Tile { $position }, { $label }, does not fit here.
quiz-fault-limit = Too many of these: { $chosen } chosen, at most { $max } allowed.
quiz-fault-missing =
    { $missing ->
        [one] Everything you chose is right, but 1 more belongs to the answer.
       *[other] Everything you chose is right, but { $missing } more belong to the answer.
    }
quiz-fault-extra = Tile { $position }, { $label }, does not belong to the answer.
quiz-fault-option = “{ $label }” is not the answer. { $rule }
quiz-fault-position = Position { $position }: “{ $label }” is not in its place.

## quiz.fault_rule.count
quiz-fault_rule-count-pass-exactly-three =
    { $chosen ->
        [0] You chose no tiles; a pass is exactly three tiles.
        [one] You chose 1 tile; a pass is exactly three tiles.
       *[other] You chose { $chosen } tiles; a pass is exactly three tiles.
    }
quiz-fault_rule-count-courtesy-smaller-offer = { $chosen ->
        [0] You chose no tiles.
        [one] You chose 1 tile.
       *[other] You chose { $chosen } tiles.
    } How many tiles does each of you pass across? Compare the two offers: the smaller one decides.
quiz-fault_rule-count-courtesy-zero-means-none = { $chosen ->
        [0] You chose no tiles.
        [one] You chose 1 tile.
       *[other] You chose { $chosen } tiles.
    } One of the two offers is 0: what does that mean for this exchange?

## quiz.fault_rule.forbidden
quiz-fault_rule-forbidden-joker-never-passed = Tile { $position } is a joker: a joker is never passed.
quiz-fault_rule-forbidden-received-joker-goes-back = Arriving tile { $position } is the joker you noticed: it goes back to the player who passed it, and a tile you have seen takes its place in your bundle.
quiz-fault_rule-forbidden-joker-is-marked = Tile { $position }, { $label }, is not a joker: only the tile marked “Joker” is one.
quiz-fault_rule-forbidden-flower-is-not-joker = Tile { $position } is a flower, not a joker.
quiz-fault_rule-forbidden-soap-is-not-joker = Tile { $position } is the white dragon (soap), not a joker.
quiz-fault_rule-forbidden-clean-pass-helps-no-line = Tile { $position }, { $label }, helps one of your teaching lines.
quiz-fault_rule-forbidden-blind-only-on-last-pass = “{ $label }”: this pass may not be blind.

## quiz.fault_rule.option
quiz-fault_rule-option-tile-copies-in-set = “{ $label }” is not the count. Go family by family: how many different tiles does each family have, and how many copies of each tile?

## quiz.fault_rule.missing
quiz-fault_rule-missing-joker-is-marked =
    { $missing ->
        [one] Every tile you chose is a joker, but there is one more to find.
       *[other] Every tile you chose is a joker, but there are { $missing } more to find.
    }
quiz-fault_rule-missing-blind-only-on-last-pass = Right so far, but the answer is not complete: { $missing } still to choose.

## quiz.fault_for.pass_direction_question
quiz-fault_for-pass_direction_question-option = Not “{ $label }”: { $pass } goes another way.

## quiz.fault_for.pass_direction_question_receiver
quiz-fault_for-pass_direction_question_receiver-option = { $label } does not receive the tiles { $seat } passes in this pass.

## quiz.fault_for.pass_direction_question_giver
quiz-fault_for-pass_direction_question_giver-option = { $seat } does not receive { $label }’s tiles in this pass.

## quiz.fault_for.pass_order_question_all
quiz-fault_for-pass_order_question_all-position = Pass { $position } is not “{ $label }”.

## quiz.fault_for.pass_order_question_first
quiz-fault_for-pass_order_question_first-position = Pass { $position } of the first Charleston is not “{ $label }”.

## quiz.fault_for.pass_order_question_second
quiz-fault_for-pass_order_question_second-position = Pass { $position } of the second Charleston is not “{ $label }”.
quiz-fault_for-tile_fact_question_copies-option =
    { $family ->
        [joker] Not { $label }: jokers are a family of their own, with as many tiles as the flowers.
        [flower] Not { $label }: every flower counts as the same tile, and there are as many flowers as jokers.
        [wind] Not { $label }: the set holds the same number of each wind, as many as of each dragon and each suit tile.
        [dragon] Not { $label }: the set holds the same number of each dragon, as many as of each wind and each suit tile.
       *[suit] Not { $label }: the set holds the same number of each suit tile, as many as of each wind and each dragon.
    }
quiz-table_pass_note-from = The { $label } comes from { $giver }, who passes to { $receiver } in this pass.
quiz-table_pass_note-own = The { $label } is { $giver }’s own tile; { $giver } passes it to { $receiver }.
quiz-guide_for-courtesy_check_question_both = Is the whole Charleston over at this moment, is the courtesy pass still to come, and is the offer between 0 and 3 tiles?
quiz-guide_for-tile_fact_question_copies =
    { $family ->
        [joker] Jokers are a family of their own: how many jokers does the set hold?
        [flower] Flowers are a family of their own, and every flower counts as the same tile: how many flowers does the set hold?
        [wind] This tile is a wind: how many of each wind does the set hold?
        [dragon] This tile is a dragon: how many of each dragon does the set hold?
       *[suit] This is a suit tile: how many of each suit tile does the set hold?
    }

## quiz.hint
quiz-hint-include = Hint: tile { $position }, { $label }, belongs to the answer.
quiz-hint-exclude = Hint: leave out tile { $position }, { $label }.
quiz-hint-not_option = Hint: it is not “{ $label }”.
quiz-hint-place = Hint: position { $position } is “{ $label }”.
quiz-hint-count =
    { $count ->
        [0] Hint: choose none.
       *[other] Hint: choose exactly { $count }.
    }
quiz-hint-rule = Hint: { $rule }

## progress
progress-title = Your progress
progress-intro = Exercises solved in each lesson. Saved in this browser only.
progress-lesson = { $solved } of { $total } solved
progress-none = no exercises
progress-reset = Reset my progress
progress-reset_done = Your progress has been reset.
progress-finished = finished

## pass
pass-first-right = First Charleston, pass right
pass-first-across = First Charleston, pass across
pass-first-left = First Charleston, pass left
pass-second-left = Second Charleston, pass left
pass-second-across = Second Charleston, pass across
pass-second-right = Second Charleston, pass right

## pass_nth
pass_nth-first-right = the first pass of the first Charleston
pass_nth-first-across = the second pass of the first Charleston
pass_nth-first-left = the third pass of the first Charleston
pass_nth-second-left = the first pass of the second Charleston
pass_nth-second-across = the second pass of the second Charleston
pass_nth-second-right = the third pass of the second Charleston

## direction
direction-right = Right
direction-across = Across
direction-left = Left

# Seat diagrams (```seats```): who gives to whom, and the captions.

## seats
seats-gives = { $giver } gives to { $receiver }
seats-courtesy = Courtesy pass, with the player across

## seats.round
seats-round-first = The first Charleston, pass by pass
seats-round-second = The second Charleston, pass by pass

## seat
seat-east = East
seat-south = South
seat-west = West
seat-north = North

## tile.bam
tile-bam-1 = 1 Bam
tile-bam-2 = 2 Bam
tile-bam-3 = 3 Bam
tile-bam-4 = 4 Bam
tile-bam-5 = 5 Bam
tile-bam-6 = 6 Bam
tile-bam-7 = 7 Bam
tile-bam-8 = 8 Bam
tile-bam-9 = 9 Bam

## tile.crak
tile-crak-1 = 1 Crak
tile-crak-2 = 2 Crak
tile-crak-3 = 3 Crak
tile-crak-4 = 4 Crak
tile-crak-5 = 5 Crak
tile-crak-6 = 6 Crak
tile-crak-7 = 7 Crak
tile-crak-8 = 8 Crak
tile-crak-9 = 9 Crak

## tile.dot
tile-dot-1 = 1 Dot
tile-dot-2 = 2 Dot
tile-dot-3 = 3 Dot
tile-dot-4 = 4 Dot
tile-dot-5 = 5 Dot
tile-dot-6 = 6 Dot
tile-dot-7 = 7 Dot
tile-dot-8 = 8 Dot
tile-dot-9 = 9 Dot

## tile.wind
tile-wind-north = North wind
tile-wind-east = East wind
tile-wind-south = South wind
tile-wind-west = West wind

## tile.dragon
tile-dragon-red = red dragon
tile-dragon-green = green dragon
tile-dragon-white = white dragon (soap)

## tile
tile-flower = flower
tile-joker = Joker

## rule
rule-tile-copies-in-set = The set has 152 tiles: four of each suit tile, wind and dragon, eight flowers and eight jokers.
rule-joker-is-marked = A joker is the tile marked “Joker”. No other tile is a joker.
rule-flower-is-not-joker = A flower is not a joker; flowers may be passed like any other tile.
rule-soap-is-not-joker = The white dragon (soap) is not a joker; it may be passed like any other tile.
rule-rack-tile-count = During the Charleston a rack holds 13 tiles.
rule-east-draws-after-charleston = Every player, East included, holds 13 tiles during the Charleston; East draws the 14th tile only once the whole exchange is over, courtesy pass included.
rule-too-many-copies = No tile can appear more times than the set has copies of it: four of each, eight flowers, eight jokers.
rule-pass-exactly-three = Every Charleston pass is exactly three tiles, passed together.
rule-pass-from-own-rack = The tiles you pass or offer must come from your own rack.
rule-joker-never-passed = A joker is never passed: not in the Charleston, not blind, not in the courtesy pass.
rule-received-joker-goes-back = A joker received by mistake goes back and is replaced by another tile; it is never passed on.
rule-blind-only-on-last-pass = A blind pass is allowed only on the last pass of each Charleston: the first left and the second right.
rule-blind-from-received-only = A blind pass forwards only tiles being passed to you in that same pass, without looking at them.
rule-pass-direction = Right is the next player in turn order, across the player opposite, left the previous player.
rule-charleston-order = First Charleston: right, across, left. Second Charleston: left, across, right.
rule-first-charleston-compulsory = The first Charleston is compulsory: nobody can stop it.
rule-second-charleston-optional = The second Charleston is optional: any one player may stop it before it begins.
rule-second-charleston-stop-before-first-pass = The second Charleston can be stopped only before its first tiles move; after that it is played to the end.
rule-courtesy-after-charleston = Where the table plays a courtesy pass (most do), it comes once the whole Charleston is over: after the second Charleston has been played or stopped. It is played only once.
rule-courtesy-zero-to-three = In the courtesy pass each player offers the player across 0 to 3 tiles.
rule-courtesy-smaller-offer = In the courtesy pass the smaller offer counts: each of the two players passes that many tiles across.
rule-courtesy-zero-means-none = An offer of 0 means the two of you make no courtesy exchange.
rule-group-size = A group of identical tiles has at most six tiles (a sextet).
rule-joker-completes-identical-only = A joker may stand only in a group of three or more identical tiles: pung, kong, quint or sextet.
rule-joker-not-in-pair = A joker can never be part of a pair.
rule-joker-not-single = A joker can never stand for a single tile.
rule-look-alike-never-wild = A flower or the white dragon (soap) never stands in for another tile in a group; only a joker does.
rule-joker-in-flower-group = Flowers count as identical, so a joker may complete a group of three or more flowers.
rule-quint-needs-joker = Only four of each suit tile, wind and dragon exist, so a quint or sextet of any of them needs jokers.
rule-redeem-on-own-turn = You may redeem a joker from an exposure only on your own turn.
rule-redeem-not-from-discard = A discard cannot be used to redeem a joker.
rule-redeem-matching-tile = Only the tile the joker stands for can redeem it.
rule-redeem-needs-exposed-joker = Only a joker that sits in an exposed group can be redeemed; a group without a joker has nothing to redeem.
rule-clean-pass-helps-no-line = The best pass gives away only tiles that help none of your teaching lines.

## guide
# The guiding question after a first wrong answer: it points at the fact
# that decides, without stating the rule (that comes after the second try).
guide-tile-copies-in-set = Go family by family: how many different tiles does each family have, and how many of each tile does the set hold?
guide-joker-is-marked = Look at the face of the tile: does it say “Joker”?
guide-flower-is-not-joker = Is a flower the tile marked “Joker”? Look at what is printed on it.
guide-soap-is-not-joker = The white dragon (soap) can look almost blank: is it the tile marked “Joker”?
guide-rack-tile-count = Count the tiles: how many does a rack hold during the Charleston?
guide-east-draws-after-charleston = When does East draw the fourteenth tile: before the exchange, during it, or after it?
guide-too-many-copies = Count each tile: does any of them appear more times than the set has copies of it?
guide-pass-exactly-three = Count the tiles in this pass: how many go in every Charleston pass?
guide-pass-from-own-rack = Where do these tiles come from: your own rack, or somewhere else?
guide-joker-never-passed = Is there a joker among these tiles? May a joker ever be passed in the exchange?
guide-received-joker-goes-back = A joker has arrived. Where does it go next, and who makes up the missing tile?
guide-blind-only-on-last-pass = Which pass is this: is it the last pass of its Charleston?
guide-blind-from-received-only = Which tiles may go on blind: any tiles, or only those arriving in this same pass?
guide-pass-direction = Seen from this seat, who sits to the right, who across, and who to the left?
guide-charleston-order = Which Charleston is this, and which way does each of its passes go?
guide-first-charleston-compulsory = Which Charleston is this, and can that one be stopped?
guide-second-charleston-optional = Which Charleston is this, and does the table have to play it?
guide-second-charleston-stop-before-first-pass = Which Charleston is this, and have its tiles already started to move?
guide-courtesy-after-charleston = Is the whole Charleston over yet (the second Charleston played or stopped), and is the courtesy pass still to come?
guide-courtesy-zero-to-three = How many tiles may a player offer in the courtesy pass, at least and at most?
guide-courtesy-smaller-offer = Compare the two offers: which one decides how many tiles go across?
guide-courtesy-zero-means-none = One of the offers is 0: what does that mean for these two players?
guide-group-size = Count the tiles in this group: how large can a group of identical tiles be?
guide-joker-completes-identical-only = What kind of group is this: are its tiles identical, and are there at least three?
guide-joker-not-in-pair = How many tiles does this group have? May a joker be part of a group that small?
guide-joker-not-single = The joker would stand alone here: may a joker stand for a single tile?
guide-look-alike-never-wild = Which tile stands in for another one here, and is that tile a joker?
guide-joker-in-flower-group = Do flowers count as identical tiles? What does that mean for a joker among them?
guide-quint-needs-joker = How many natural copies of this tile does the set hold? Are they enough for this group?
guide-redeem-on-own-turn = Whose turn is it, and when may a joker in an exposure be redeemed?
guide-redeem-not-from-discard = Where does this tile come from, and may that kind of tile redeem a joker?
guide-redeem-matching-tile = Which tile does the joker stand for in that group? Is this the same tile?
guide-redeem-needs-exposed-joker = Is there a joker in an exposed group here, ready to be swapped?
guide-clean-pass-helps-no-line = Does any of these tiles appear in one of your teaching lines?

# The Charleston trainer (```trainer``` blocks, js/trainer.js).

## trainer
trainer-walkthrough_heading = A game played for you: deal { $deal }, in the { $seat } seat
trainer-walkthrough_intro = With JavaScript on, this page seats you at the table and you play every pass yourself. Without it, here is deal { $deal } from the { $seat } seat, move by move, played the way the computer players play.
trainer-your_lines = Your teaching lines:
trainer-final_rack = Your rack after the exchange:
trainer-step_pass = { $pass }: you passed { $tiles } { $to } and received { $received } { $from }.
trainer-step_blind =
    { $blind ->
        [1] { $pass }, a blind pass: you passed { $tiles } { $to }. Of the tiles coming { $from }, you kept: { $received }.
        [2] { $pass }, a blind pass: you passed { $tiles } { $to }. Of the tiles coming { $from }, you kept: { $received }.
       *[other] { $pass }, a blind pass: you passed all three tiles coming { $from } on { $to } without looking at them, so you kept none of them.
    }
trainer-vote_you = You stopped the second Charleston.
trainer-vote_seat = { $seat } stopped the second Charleston.
trainer-vote_played = Nobody stopped it: the second Charleston is played.
# the number of tiles the player across offered, in the courtesy step
trainer-offer_count =
    { $count ->
        [0] nothing
        [one] 1 tile
       *[other] { $count } tiles
    }
trainer-courtesy_step =
    Courtesy pass: you offered { $offered }, and the player across offered { $partner_offer }. { $n ->
        [0] So no tiles changed hands.
        [one] So each of you passed 1 tile across.
       *[other] So each of you passed { $n } tiles across.
    } You received: { $received }.
trainer-none = nothing
# a tile forwarded blind, in the move log: the player never saw it
trainer-unseen = an unseen tile
trainer-app_label = Charleston trainer
trainer-deal = Deal number
trainer-seat = Your seat
trainer-new_deal = New deal
trainer-rack = Your rack
trainer-selected = { $n } selected
trainer-blind = Tiles forwarded blind
trainer-pass = Pass
trainer-stop = Stop the second Charleston
trainer-continue = Play the second Charleston
trainer-offer = Offer
trainer-now_pass = { $pass }: choose three tiles to pass { $to }.
trainer-now_blind = Last pass of this Charleston: you may forward up to three of the tiles coming to you, without looking at them.
trainer-now_vote = The first Charleston is over. Play a second one, or stop here?
trainer-now_courtesy = Courtesy pass: choose 0 to 3 tiles to offer the player across.
trainer-log = Moves
trainer-refused = Not allowed: { $rule }
trainer-summary = Summary
trainer-summary_passes = Your passes
trainer-summary_received = What you received
trainer-summary_refused = Moves that were refused
trainer-again = Play this deal again
trainer-new_tile = just received
trainer-table = The table
trainer-to-right = to the right
trainer-to-across = across
trainer-to-left = to the left
trainer-from-right = from the right
trainer-from-across = from across
trainer-from-left = from the left
# The trainer's record (js/trainer.js): one per browser, in every language.
trainer-record-heading = Your record
trainer-record-intro = Your record is kept in this browser only and is shared by every language of the course. When you save your progress to a file, your record is saved with it.
trainer-record-empty = You have not played a move yet.
trainer-record-games =
    { $games ->
        [0] No games played to the end yet
        [one] { $games } game played to the end
       *[other] { $games } games played to the end
    }
trainer-record-clean = Games with no refused moves: { $clean } of { $games }
trainer-record-moves = Moves accepted on the first try: { $right } of { $moves }
trainer-record-best =
    { $best ->
        [one] Longest streak: { $best } move accepted on the first try
       *[other] Longest streak: { $best } moves in a row accepted on the first try
    }
trainer-record-last = Last played: { $date }
trainer-record-reset = Reset my record
trainer-record-confirm = Reset your trainer record? Your games, moves, and longest streak will be erased.
trainer-record-yes = Yes, reset
trainer-record-no = Cancel
trainer-record-reset_done = Your trainer record has been reset.

## practice
practice-print_link = Print a practice sheet
practice-all_sheets = All practice sheets
practice-index_title = Practice sheets
practice-index_intro = Practice on paper, away from the screen. Print a sheet, check or write in your answers, then compare them with the answer key on its last page. Each sheet holds { $exercises }. Sheet 2 has different exercises from sheet 1, and a sheet number gives the same exercises in every language, so a whole class can work on one sheet.
practice-sheet = Sheet { $number }
practice-mixed = Mixed practice
practice-sheet_title = { $series }: practice sheet { $number }
practice-running_header = { $title } · { $language }
practice-page_of = Page { $page } of { $pages }
practice-meta = { $exercises } · { $language } · answer key on the last page
practice-print_hint = Print this page on A4 or US Letter paper: the menus are left out, no exercise is split across two pages, and the answer key starts on a page of its own.
practice-links_label = This sheet
practice-lesson_link = Back to the lesson
practice-previous = Previous sheet
practice-next = Next sheet
practice-name = Name:
practice-date = Date:
practice-key_title = Answer key
practice-key_intro = Each answer with the rule behind it and the lesson section that explains it.
practice-key_none = none
practice-code = Code { $code }

## practice.how
practice-how-select = Check the box under each tile you choose.
practice-how-choice = Check one answer only.
practice-how-multi = Check every box that applies.
practice-how-order = Number the boxes in the right order, starting with 1.

## search
search-label = Search the course
search-hint = Results appear as you type. Press the down arrow to move through them, Escape to go back to the search field.
search-fallback = Searching needs JavaScript. Browse instead:
search-glossary = Glossary
search-lessons = All lessons
search-loading = Loading the search index…
search-count =
    { $count ->
        [one] { $count } result
       *[other] { $count } results
    }
search-none = No results for “{ $query }”.
search-failed = Search is not available right now.

## offline
offline-ready = Available offline: this course now opens without a connection in this browser.
offline-short_name = Tile by Tile
offline-app_description = A course on American Mahjong with exercises, usable offline once visited.

# A long section's navigation: the link to its index page, which lists every page.

## nav_window
nav_window-all =
    { $count ->
        [one] Show the 1 page
       *[other] Show all { $count } pages
    }

# What search engines show for pages without a description of their own
# (practice sheets, their index, the not-found page).

## description
description-practice_sheet = Practice sheet { $number } of { $sheets } for “{ $series }”: exercises to print and do on paper, with an answer key on the last page.
description-practice_index = Printable practice sheets for every lesson of the course: do the exercises on paper, then check them against the answer key.
description-not_found = There is no page at this address. Choose a language to go back to the course on American Mahjong.

progress-revealed-intro = Exercises solved in each lesson. An exercise whose answer you showed counts as revealed, not solved, until you reset that lesson. Saved in this browser only.
progress-revealed-lesson = { $solved } of { $total } solved, { $revealed } revealed
progress-confirm-all = Reset your progress in every lesson? Solved and revealed exercises will be forgotten.
progress-confirm-lesson = Reset your progress in “{ $lesson }”? Its solved and revealed exercises will be forgotten.
progress-confirm-yes = Yes, reset
progress-confirm-no = Cancel
progress-one-reset = Reset
progress-one-reset_label = Reset your progress in “{ $lesson }”
progress-one-done = Your progress in “{ $lesson }” has been reset.
quiz-revealed-progress = Exercises solved: { $solved } of { $total }; answer shown: { $revealed }
trainer-teach-lines_heading = Your teaching lines
trainer-teach-lines_intro = The hands you are building, drawn group by group. Keep the tiles they need and pass the others.
trainer-teach-line = Line { $n }
trainer-teach-line_short = Tiles still missing: { $short }
trainer-teach-closest_line =
    Your rack is closest to line { $n }: { $short ->
        [0] no tiles are missing.
        [one] 1 tile is still missing.
       *[other] { $short } tiles are still missing.
    }
quiz-feedback-legal_but = Legal, but…
quiz-feedback-poor = Tile { $position }, { $label }, is in group { $group } of teaching line { $line }. Keep it, and pass a tile that no line needs.
quiz-feedback-guide = “{ $label }” is not the answer. { $guide }
quiz-feedback-hint_exclude = Hint: leave out tile { $position }, { $label }.
quiz-feedback-reveal_lines =
    { $mode ->
        [blind]
            { $lines ->
                [one] Any three tiles except jokers make a legal pass, rack and received tiles mixed as you like. This one keeps every tile your teaching line needs:
               *[other] Any three tiles except jokers make a legal pass, rack and received tiles mixed as you like. This one keeps every tile your teaching lines need:
            }
       *[plain]
            { $lines ->
                [one] Any three tiles except jokers make a legal pass. This one keeps every tile your teaching line needs:
               *[other] Any three tiles except jokers make a legal pass. This one keeps every tile your teaching lines need:
            }
    }
quiz-feedback-hint_lesson = Hint: the lesson section linked below decides it; read it before your next try.
quiz-unseen-tile = Unseen tile
quiz-unseen-blind = Passed on blind, unseen
quiz-unseen-label_noticed = Being passed to you in this pass: you notice a joker among them; the other two stay unseen
quiz-unseen-reveal_joker = A joker you notice among the tiles passed to you goes back to the player who passed it. If one goes on unnoticed, whoever finds it sends it back to the player who first passed it, who replaces it with a natural tile.
quiz-fault_for-table_pass_question-forbidden = { $note }

## "Try another like this" (issue 33): after an exercise is solved or its
## answer shown, another exercise of the same kind from the lesson's pool.
quiz-another-button = Try another like this
quiz-another-sheet = More exercises like this: a practice sheet
quiz-another-new = New exercise: { $title }
quiz-another-done = You have seen every exercise like this one; they now start over from the first.
quiz-another-offline = More exercises are not available yet. Open this page once while online.

## Taking progress along (issue 33): export to a JSON file, import on
## another device; no account, no server.
progress-transfer-intro = To continue on another device or browser, save your progress to a file and open it there.
progress-export = Save my progress to a file
progress-export-done = Your progress file is saved: { $file }
progress-import = Load progress from a file
progress-import-done = Progress loaded and merged with what this browser already had. Newly solved: { $solved }; newly revealed: { $revealed }.
progress-import-bad = This file cannot be loaded: it is not a progress file saved by this course. Nothing was changed.
progress-import-foreign = This progress file is from another course: none of its exercises are in this one. Nothing was changed.

## The review page (issue 33): missed or revealed exercises come back on a
## spaced schedule (FSRS), each as a new exercise of the same kind.
progress-review-link = Review the exercises you missed
progress-review-title = Review
progress-review-intro = Exercises you got wrong, or whose answer you showed, come back here spaced out over the days: each time you get one right, it comes back later; each time you miss it, sooner (the FSRS method). Every review is a new exercise of the same kind. Your reviews are saved in this browser only and work offline.
progress-review-nojs = The review needs JavaScript. Without it, the practice sheets of each lesson offer more exercises.
progress-review-due = { $count ->
    [one] One exercise is due today.
   *[other] { $count } exercises are due today.
}
progress-review-none = Nothing is due today.
progress-review-next = The next exercise is due on { $date }.
progress-review-empty = Nothing to review yet: the exercises you miss will come back here.
progress-review-start = Start
progress-review-next_exercise = Next exercise
progress-review-done = That was the last exercise due today.
progress-review-pause = Pause the review
progress-review-resume = Resume the review
progress-review-paused = The review is paused: no exercise comes due until you resume it.
progress-review-reset = Reset the review
progress-review-confirm = Forget every exercise waiting for review? Your solved exercises are kept.
progress-review-reset_done = The review has been reset.
progress-review-offline = This exercise cannot be loaded now. Open its lesson once while online.
progress-review-print = Print today’s exercises
progress-review-print_title = Review for { $date }
progress-review-key = Answer key
