# Board legend (tests/steps/falling_skies.py has the whole of it):
# - "the city:" one table row per city row, row 1 nearest the sky; a cell is "." (a space with no
#   room) or "<kind>[#id] [+n|-n] [n⚡]". A room without an id is called r<row>c<column>.
#   Without a city the board has anti-aircraft guns on row 1 and tunnels on row 2, all excavated.
# - "the sky:" one table row per sky row from the top; a cell is "." or an icon (L, R, M, X<n>)
#   and any ships standing there (@p1 purple, @w1 white). Without a sky, eight empty rows.
# - The mothership is on row 1 unless a Given moves it; the skull is its track's last row, the
#   sky's last row unless said otherwise. A ship that drops below the sky's last row hits the city.
# - The excavator's path snakes: row 1 left to right, row 2 right to left, row 3 left to right...
@falling_skies
Feature: Dice phase
  The dice are rolled, then placed one at a time, one per column. Each die drops the ships of its
  column at once, and each ship carries out the icon where it stops, top ship first. A white die
  makes the dice still unplaced roll again. One die may go ahead of the excavator, if it is high
  enough to reach.

  # --- rolling -----------------------------------------------------------------------------------

  @clause:fs.dice.roll @clause:fs.round.dice-phase @interpretation:dice-count=text
  Scenario: The text's reading rolls all five dice, two of them white
    Given the dice are 3 grey and 2 white
    And the rules read "dice-count" as "text"
    And the dice phase is about to roll
    Then the roll is of 3 grey and 2 white dice
    When the dice come up grey 1, grey 4, grey 6, white 2 and white 3
    Then the unplaced dice are grey 1, grey 4, grey 6, white 2 and white 3
    And the player places the next die

  @clause:fs.dice.roll @interpretation:dice-count=note
  Scenario: The note's reading rolls three grey dice and one white die
    Given the dice are 3 grey and 2 white
    And the rules read "dice-count" as "note"
    And the dice phase is about to roll
    Then the roll is of 3 grey and 1 white die

  @clause:fs.dice.roll @interpretation:dice-count=text
  Scenario: A roll that leaves out a die due is not the roll of the dice phase
    Given the dice are 2 grey and 1 white
    And the rules read "dice-count" as "text"
    And the dice phase is about to roll
    When the dice are said to come up grey 3 and grey 4
    Then the decision is refused citing fs.dice.roll
    When the dice come up grey 3, grey 4 and white 5
    Then the unplaced dice are grey 3, grey 4 and white 5
    And the player places the next die

  # --- placing -----------------------------------------------------------------------------------

  @clause:fs.dice.place @clause:fs.dice.place.descend @clause:fs.ships.descend
  Scenario: Dice go in one at a time and the ships move after each die, not after all of them
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 3 and grey 4
    When the player places the grey 3 on r2c2
    Then ship p1 is on r5c2 of the sky
    And the unplaced dice are grey 4
    And the player places the next die

  @clause:fs.dice.place
  Scenario: A column that already holds a die takes no second one
    Given a grey 4 was placed on r2c3
    And the dice phase with the roll grey 2 and grey 5
    Then the grey 2 may go exactly on: r1c1, r2c1, r1c2, r2c2, r1c4, r2c4, r1c5 and r2c5
    When the player tries to place the grey 2 on r1c3
    Then the decision is refused citing fs.dice.place

  @clause:fs.dice.place
  Scenario: A die goes only on a space of the city
    Given the dice phase with the roll grey 2 and grey 5
    When the player tries to place the grey 2 on r3c1
    Then the decision is refused citing fs.dice.place
    And the unplaced dice are grey 2 and grey 5

  @clause:fs.dice.place
  Scenario: A die goes on no space left of the city's first column
    Given the dice phase with the roll grey 2 and grey 5
    When the player tries to place the grey 5 on r1c0
    Then the decision is refused citing fs.dice.place
    And the unplaced dice are grey 2 and grey 5

  @clause:fs.dice.place.descend @clause:fs.ships.descend
  Scenario: Every ship of the die's column drops by its number and no other ship moves
    Given the sky:
      | . | .   | .   | . | . |
      | . | @p1 | @p3 | . | . |
      | . | @p2 | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then ship p1 is on r4c2 of the sky
    And ship p2 is on r5c2 of the sky
    And ship p3 is on r2c3 of the sky

  @clause:fs.dice.one-per-column @clause:fs.dice.place
  Scenario: The last die must go in the one column still without a die
    Given a grey 1 was placed on r1c1
    And a grey 2 was placed on r2c2
    And a white 3 was placed on r1c3
    And a grey 4 was placed on r2c4
    And the dice phase with the roll white 5
    Then the white 5 may go exactly on: r1c5 and r2c5
    And the player places the next die

  @clause:fs.dice.one-per-column @clause:fs.dice.activate @clause:fs.round.room-phase
  Scenario: Once every column holds its die the room phase begins with those dice
    Given the city:
      | aa_gun | aa_gun | aa_gun   | aa_gun | aa_gun  |
      | energy | tunnel | research | tunnel | fighter |
    And a grey 1 was placed on r2c1
    And a grey 2 was placed on r1c2
    And a white 3 was placed on r2c3
    And a grey 4 was placed on r1c4
    And the dice phase with the roll grey 5
    When the player places the grey 5 on r2c5
    Then the phase is the room phase of round 1
    And the player may deal with exactly: resolve r2c1, skip r2c1, resolve r2c3, skip r2c3, resolve r2c5, skip r2c5 and end the phase

  # Resolving a room is not a decision of the dice phase, so the phase refuses it.
  @clause:fs.round.dice-phase @clause:fs.dice.activate
  Scenario: Rooms do nothing while dice are still being placed
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | energy | energy | energy |
    And the energy is 1
    And a grey 4 was placed on r2c1
    And the dice phase with the roll grey 2 and grey 3
    When the player tries to resolve room r2c1
    Then the decision is refused citing fs.round.dice-phase
    And the energy is 1

  # --- white dice ----------------------------------------------------------------------------------

  @clause:fs.dice.place.white-reroll
  Scenario: The reroll after a white die must roll every die still unplaced
    Given the dice phase with the roll grey 3, grey 5 and white 2
    When the player places the white 2 on r2c1
    Then the unplaced dice are rolled again: grey die and grey die
    When the dice are said to come up grey 6
    Then the decision is refused citing fs.dice.place.white-reroll
    When the unplaced dice come up grey 6 and grey 1
    Then the unplaced dice are grey 6 and grey 1
    And the player places the next die

  @clause:fs.dice.place.white-reroll
  Scenario: Placing a white die rolls the dice not yet placed again
    Given the dice phase with the roll grey 3, grey 5 and white 2
    When the player places the white 2 on r2c1
    Then the unplaced dice are rolled again: grey die and grey die
    When the unplaced dice come up grey 6 and grey 1
    Then the unplaced dice are grey 6 and grey 1
    And the player places the next die

  @clause:fs.dice.place.white-reroll
  Scenario: Placing a grey die rolls nothing again
    Given the dice phase with the roll grey 3, grey 5 and white 2
    When the player places the grey 3 on r2c1
    Then no roll is due
    And the unplaced dice are grey 5 and white 2

  @clause:fs.dice.two-white @clause:fs.dice.place.white-reroll
  Scenario: With both white dice placed early the dice are rolled again twice
    Given the dice phase with the roll white 1, white 2, grey 3, grey 4 and grey 5
    When the player places the white 1 on r2c1
    Then the unplaced dice are rolled again: white die, grey die, grey die and grey die
    When the unplaced dice come up white 6, grey 2, grey 2 and grey 2
    And the player places the white 6 on r2c2
    Then the unplaced dice are rolled again: grey die, grey die and grey die
    When the unplaced dice come up grey 1, grey 1 and grey 5
    Then the unplaced dice are grey 1, grey 1 and grey 5

  @clause:fs.dice.two-white @clause:fs.dice.place.white-reroll
  Scenario: A white die placed last leaves nothing to roll, so the phase has one reroll only
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | energy | energy | energy |
    And the dice phase with the roll grey 3, grey 4, white 1 and white 2
    When the player places the grey 3 on r2c1
    And the player places the grey 4 on r2c2
    And the player places the white 1 on r2c3
    Then the unplaced dice are rolled again: white die
    When the unplaced dice come up white 5
    And the player places the white 5 on r2c4
    Then no roll is due
    And the phase is the room phase of round 1

  # What "rulings resolve" prints for a placed die names the die as it was rolled, its colour
  # too: the colour is what decides whether the dice left are rolled again.
  @clause:fs.dice.place @clause:fs.dice.place.white-reroll
  Scenario: The event of a placed die names its colour and number
    Given the dice phase with the roll grey 3 and white 5
    When the player places the grey 3 on r2c1
    Then a die_placed event says "grey 3"
    And a die_placed event reports row 2, column 1, value 3 and white false
    When the player places the white 5 on r2c2
    Then a die_placed event says "white 5"
    And a die_placed event reports row 2, column 2, value 5 and white true

  # --- the excavator -------------------------------------------------------------------------------
  # The excavator stands on r2c4 and has dug out row 1, r2c5 and its own space. Ahead of it on
  # the path: r2c3 (1 away, a space with no room), r2c2 (2), r2c1 (3), r3c1 (4), r3c2 (5),
  # r3c3 (6), r3c4 (7) and r3c5 (8).

  @clause:fs.excavator.distance @clause:fs.excavating.place @clause:fs.excavator.empty-spaces @interpretation:excavator-distance=path-steps
  Scenario: A die may go ahead of the excavator only as far as its number reaches
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the rules read "excavator-distance" as "path-steps"
    And the dice phase with the roll grey 2, grey 5 and grey 1
    Then on the unexcavated path the grey 2 may go exactly on: r2c3 and r2c2
    And on the unexcavated path the grey 5 may go exactly on: r2c3, r2c2, r2c1, r3c1 and r3c2
    And on the unexcavated path the grey 1 may go exactly on: r2c3
    When the player tries to place the grey 2 on r2c1
    Then the decision is refused citing fs.excavator.distance

  @clause:fs.excavator.distance @clause:fs.excavator.empty-spaces @interpretation:excavator-distance=spaces-between
  Scenario: Counting only the spaces in between lets every die reach one space further
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the rules read "excavator-distance" as "spaces-between"
    And the dice phase with the roll grey 2 and grey 1
    Then on the unexcavated path the grey 2 may go exactly on: r2c3, r2c2 and r2c1
    And on the unexcavated path the grey 1 may go exactly on: r2c3 and r2c2

  @clause:fs.excavator.distance @clause:fs.excavator.empty-spaces @interpretation:excavator-distance=spaces-between
  Scenario: Counting only the spaces in between, a 1 still cannot reach a space two spaces beyond
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the rules read "excavator-distance" as "spaces-between"
    And the dice phase with the roll grey 1 and grey 4
    When the player tries to place the grey 1 on r2c1
    Then the decision is refused citing fs.excavator.distance

  @clause:fs.excavator.empty-spaces @clause:fs.excavator.distance
  Scenario: A space with no room still counts in the distance to the excavator
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the dice phase with the roll grey 1
    When the player tries to place the grey 1 on r2c2
    Then the decision is refused citing fs.excavator.distance

  @clause:fs.excavator.one-die
  Scenario: Only one die may sit ahead of the excavator
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And a grey 1 was placed on r2c3
    And the dice phase with the roll grey 6
    Then on the unexcavated path the grey 6 may go exactly on: nowhere
    And the grey 6 may go exactly on: r1c1, r1c2, r1c4, r1c5, r2c4 and r2c5
    When the player tries to place the grey 6 on r2c2
    Then the decision is refused citing fs.excavator.one-die

  @clause:fs.excavator.path @clause:fs.excavator.purpose
  Scenario: Excavated spaces take any die; unexcavated ones only the one digging die
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the dice phase with the roll grey 1
    Then the grey 1 may go exactly on: r1c1, r1c2, r1c3, r1c4, r1c5, r2c3, r2c4 and r2c5

  @clause:fs.excavating.place @clause:fs.dice.place
  Scenario: A die put on the unexcavated path is placed by the excavating rule, one on dug ground by the ordinary one
    Given the city:
      | aa_gun   | aa_gun          | aa_gun     | aa_gun     | aa_gun |
      | energy   | research 1⚡    | .          | fighter    | tunnel |
      | research | energy#big      | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the dice phase with the roll grey 1 and grey 4
    When the player places the grey 1 on r2c3
    Then an event cites fs.excavating.place
    When the player places the grey 4 on r1c1
    Then an event cites fs.dice.place

  # The excavator stands on r1c4; the grey 3 on r2c4 is the one die ahead of it, and column 5
  # has no excavated space (r1c5 and r2c5 lie ahead of the excavator). Once column 3 takes the
  # grey 4, the grey 5 has no space left: it is not placed, the room phase begins, and the events
  # say so (ledger: unplaceable-dice).
  @clause:fs.dice.place @clause:fs.excavator.one-die @clause:fs.round.room-phase
  Scenario: A die with no space left stays unplaced, and the events name it
    Given the excavator is on r1c4
    And a grey 3 was placed on r2c4
    And a grey 1 was placed on r1c1
    And a grey 2 was placed on r1c2
    And the dice phase with the roll grey 4 and grey 5
    Then the grey 5 may go exactly on: r1c3
    When the player places the grey 4 on r1c3
    Then the phase is the room phase of round 1
    And the unplaced dice are none
    And a die_unplaced event reports value 5
    And a die_unplaced event says "5 has no space left"

  # --- the ships' descent ------------------------------------------------------------------------

  @clause:fs.ships.aa-gun @clause:fs.ships.descend
  Scenario: A die on a first-row anti-aircraft gun drops the ships one space less
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 3
    When the player places the grey 3 on r1c2
    Then ship p1 is on r4c2 of the sky

  @clause:fs.ships.aa-gun @clause:fs.ships.descend
  Scenario: A die on any other room drops the ships by its full number
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 3
    When the player places the grey 3 on r2c2
    Then ship p1 is on r5c2 of the sky

  @clause:fs.ships.aa-gun
  Scenario: A 1 on a first-row anti-aircraft gun leaves the column's ships where they are
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 1 and grey 6
    When the player places the grey 1 on r1c2
    Then ship p1 is on r2c2 of the sky

  @clause:fs.ships.aa-gun @interpretation:aa-gun-other-rows=first-row-only
  Scenario: An anti-aircraft gun below the first row does not slow the ships
    Given the city:
      | tunnel | tunnel | tunnel | tunnel | tunnel |
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
    And the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "aa-gun-other-rows" as "first-row-only"
    And the dice phase with the roll grey 3
    When the player places the grey 3 on r2c2
    Then ship p1 is on r5c2 of the sky

  @clause:fs.ships.aa-gun @interpretation:aa-gun-other-rows=any-row
  Scenario: Under the any-row reading an anti-aircraft gun in row 2 slows the ships too
    Given the city:
      | tunnel | tunnel | tunnel | tunnel | tunnel |
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
    And the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "aa-gun-other-rows" as "any-row"
    And the dice phase with the roll grey 3
    When the player places the grey 3 on r2c2
    Then ship p1 is on r4c2 of the sky

  @clause:fs.value.room-phase-only @clause:fs.ships.aa-gun
  Scenario: Printed modifiers do not change how far ships drop
    Given the city:
      | aa_gun -1 | aa_gun -1  | aa_gun -1 | aa_gun -1 | aa_gun -1 |
      | tunnel    | fighter +2 | tunnel    | tunnel    | tunnel    |
    And the sky:
      | . | .   | .   | . | . |
      | . | @p1 | @p2 | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
    And the dice phase with the roll grey 3 and grey 4
    When the player places the grey 3 on r2c2
    And the player places the grey 4 on r1c3
    Then ship p1 is on r5c2 of the sky
    And ship p2 is on r5c3 of the sky

  # --- icons ---------------------------------------------------------------------------------------

  @clause:fs.ships.stop-icon @clause:fs.dice.place.icon
  Scenario: Icons a ship passes on its way down do nothing
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | R   | . | . | . |
      | . | M   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 3 and grey 6
    When the player places the grey 3 on r2c2
    Then ship p1 is on r5c2 of the sky
    And the mothership is on row 1

  @clause:fs.ships.stop-icon @clause:fs.dice.place.icon @clause:fs.ships.arrow
  Scenario: A ship that stops on an arrow moves one space the way it points
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | R   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 1
    When the player places the grey 1 on r2c2
    Then ship p1 is on r3c3 of the sky

  @clause:fs.ships.arrow
  Scenario: A left arrow moves the ship one column to the left
    Given the sky:
      | . | . | .   | . | . |
      | . | . | @p1 | . | . |
      | . | . | .   | . | . |
      | . | . | L   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c3
    Then ship p1 is on r4c2 of the sky

  @clause:fs.ships.arrow
  Scenario: An arrow pointing at a space that holds a ship is ignored
    Given the sky:
      | . | .   | .   | . | . |
      | . | @p1 | .   | . | . |
      | . | R   | @p2 | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
      | . | .   | .   | . | . |
    And the dice phase with the roll grey 1
    When the player places the grey 1 on r2c2
    Then ship p1 is on r3c2 of the sky
    And ship p2 is on r3c3 of the sky

  # The first column is part of the sky: a left arrow pointing at a ship there is ignored because
  # the space is taken, and the event gives that reason, not the edge of the sky.
  @clause:fs.ships.arrow
  Scenario: A left arrow pointing at a ship in the first column is ignored because the space is taken
    Given the sky:
      | .   | .   | . | . | . |
      | .   | @p1 | . | . | . |
      | @p2 | L   | . | . | . |
      | .   | .   | . | . | . |
      | .   | .   | . | . | . |
      | .   | .   | . | . | . |
    And the dice phase with the roll grey 1
    When the player places the grey 1 on r2c2
    Then ship p1 is on r3c2 of the sky
    And ship p2 is on r3c1 of the sky
    And an arrow_ignored event says "taken by another ship"

  @clause:fs.ships.order
  Scenario: Several ships in the column carry out their icons from the top ship down
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | @p2 | . | . | . |
      | . | L   | . | . | . |
      | . | R   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c2
    Then the ships' icons resolve in the order p1 and p2
    And ship p1 is on r4c1 of the sky
    And ship p2 is on r5c3 of the sky

  @clause:fs.ships.mothership-icon
  Scenario: A ship stopping on a mothership icon brings the mothership down one row
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | M   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the mothership is on row 2
    And ship p1 is on r5c2 of the sky
    And the game is not over

  @clause:fs.ships.mothership-icon.recover @clause:fs.ships.mothership-icon
  Scenario: The mothership takes back the ship it runs into, and its row's action is skipped
    Given the sky:
      | . | .   | . | .   | . |
      | . | @p1 | . | @p2 | . |
      | . | .   | . | .   | . |
      | . | M   | . | .   | . |
      | . | .   | . | .   | . |
      | . | .   | . | .   | . |
      | . | .   | . | .   | . |
    And the mothership's row 2 action is 1 damage
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the mothership is on row 2
    And ship p2 waits on the mothership
    And ship p1 is on r4c2 of the sky
    And the city has taken 0 damage

  @clause:fs.ships.mothership-icon.recover @clause:fs.ships.mothership-icon
  Scenario: A ship the icon-moved mothership runs into is taken back by the icon's recovery rule
    Given the sky:
      | . | .   | . | .   | . |
      | . | @p1 | . | @p2 | . |
      | . | .   | . | .   | . |
      | . | M   | . | .   | . |
      | . | .   | . | .   | . |
      | . | .   | . | .   | . |
      | . | .   | . | .   | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then ship p2 waits on the mothership
    And an event cites fs.ships.mothership-icon.recover

  # The source skips the action beside the mothership in the sentence about a ship it runs into;
  # the published rules skip it whenever an icon moves the mothership (ledger:
  # mothership-icon-action).
  @clause:fs.ships.mothership-icon.recover @clause:fs.ships.mothership-icon
  Scenario: A mothership icon that meets no ship still skips the new row's action
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | M   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the mothership's row 2 action is 1 damage
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the mothership is on row 2
    And the city has taken 0 damage

  # The icon moves the mothership (its event cites the icon); the defeat rule ends the game.
  @clause:fs.ships.mothership-icon.skull @clause:fs.end.lose-skull @clause:fs.goal.lose
  Scenario: A mothership icon that brings the mothership onto the skull loses at once
    Given the mothership track has 7 rows, the last a skull
    And the mothership is on row 6
    And the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | M   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 1 and grey 6
    When the player places the grey 1 on r2c2
    Then the mothership is on row 7
    And the game is lost citing fs.end.lose-skull

  @clause:fs.ships.explosion
  Scenario: Stopping on an explosion icon does nothing at once
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X3  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then ship p1 is on r4c2 of the sky
    And an event cites fs.ships.explosion
    And the mothership is on row 1
    And the city has taken 0 damage

  # --- damage --------------------------------------------------------------------------------------

  @clause:fs.damage.hit @clause:fs.damage.return
  Scenario: A ship that drops past the sky's last row damages the city and goes back aboard
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the city has taken 1 damage
    And ship p1 waits on the mothership
    And the game is not over

  @clause:fs.damage.hit @clause:fs.damage.return
  Scenario: Each ship that comes down into the city deals its own damage
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | @p2 | . | . | . |
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the city has taken 2 damage
    And ship p1 waits on the mothership
    And ship p2 waits on the mothership

  @clause:fs.damage.hit
  Scenario: A ship that stops on the sky's last row does no damage
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 1 and grey 6
    When the player places the grey 1 on r2c2
    Then the city has taken 0 damage
    And ship p1 is on r6c2 of the sky

  # Four spaces before the skull: the second hit puts the marker on the second of them, and the
  # damage event says how far along the track it stands.
  @clause:fs.damage.hit @interpretation:damage-track-length=as-scenario
  Scenario: The damage event says which of the spaces before the skull the marker is on
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the damage track has 4 spaces before the skull
    And the city has taken 1 damage
    And the rules read "damage-track-length" as "as-scenario"
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the city has taken 2 damage
    And a damage event reports amount 1 and damage 2
    And a damage event says "space 2 of the 4 before the skull"

  # The hit moves the damage marker (its event cites the hit); the defeat rule ends the game.
  @clause:fs.damage.hit @clause:fs.end.lose-damage @clause:fs.goal.lose
  Scenario: The hit that brings the damage marker to the skull loses at once
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the damage track has 4 spaces before the skull
    And the city has taken 4 damage
    And the dice phase with the roll grey 2, grey 6 and white 3
    When the player places the grey 2 on r2c2
    Then the city has taken 5 damage
    And the game is lost citing fs.end.lose-damage

  @clause:fs.damage.hit @interpretation:damage-track-length=as-scenario
  Scenario: With four spaces before the skull the fourth hit does not lose
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the damage track has 4 spaces before the skull
    And the city has taken 3 damage
    And the rules read "damage-track-length" as "as-scenario"
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the city has taken 4 damage
    And the game is not over

  @clause:fs.damage.hit @clause:fs.end.lose-damage @interpretation:damage-track-length=one-more
  Scenario: Reading the damage track one space longer, the fifth hit does not lose yet
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the damage track has 4 spaces before the skull
    And the city has taken 4 damage
    And the rules read "damage-track-length" as "one-more"
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the city has taken 5 damage
    And the game is not over

  @clause:fs.damage.return @clause:fs.white-ships.return
  Scenario: A white ship that hits the city goes back to the mothership too
    Given the sky:
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | @w1 | . | . |
    And the dice phase with the roll grey 4 and grey 6
    When the player places the grey 4 on r2c3
    Then the city has taken 1 damage
    And ship w1 waits on the mothership

  @clause:fs.white-ships.return @clause:fs.damage.hit
  Scenario: The return of a white ship that hit the city is the white ships' own return rule
    Given the sky:
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | .   | . | . |
      | . | . | @w1 | . | . |
    And the dice phase with the roll grey 4 and grey 6
    When the player places the grey 4 on r2c3
    Then an event cites fs.white-ships.return
    And an event cites fs.damage.hit

  # --- a ship an arrow has moved -------------------------------------------------------------------
  # It stands in its new column and drops with that column's dice (ledger:
  # arrow-moved-ship-descends-again).

  @clause:fs.ships.arrow @clause:fs.ships.descend
  Scenario: A ship an arrow moved drops again when a die goes into its new column
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | R   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 1 and grey 2
    When the player places the grey 1 on r2c2
    Then ship p1 is on r3c3 of the sky
    When the player places the grey 2 on r2c3
    Then ship p1 is on r5c3 of the sky
