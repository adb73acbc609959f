# Boards built from the published cards: the print-and-play cards' difficult sides and the boxed
# game's sky tiles. Expected values are those of the published facts (§2 for the print-and-play
# difficult sides, one public source; §3 for the boxed game, two sources), not the engine's.
# Sky icons are written left to right, "." for a space with no icon.
@falling_skies
Feature: Difficulty levels and the boxed game's set-up
  Every print-and-play card but the round summary has an easy and a difficult side; each card
  turned to its difficult side raises the difficulty by one level, up to eight. The boxed game's
  first game puts Roswell, base tiles A and B and the four sky tiles on their easier side; its
  normal game turns one sky tile to its more threatening side.

  @clause:fs.ships.explosion @clause:fs.ships.arrow
  Scenario: With no card flipped the board is the easy one, at level 0
    Given the print-and-play board with no card flipped
    Then the board's level is 0
    And sky row 4 reads X2, R, ., ., M
    And mothership-track row 3 is white 1
    And the research track reads 3, 1, 4, 2, 3, 2, 6, 2, 1, 4, 7, 4, 2, 12

  @clause:fs.ships.explosion @clause:fs.mothership.action
  Scenario: A flipped sky card brings its difficult rows and its part of the track, one level
    Given the print-and-play board with sky2 flipped
    Then the board's level is 1
    And sky row 5 reads M, ., L, ., M
    And sky row 8 reads X3, R, ., X7, .
    And sky row 4 reads X2, R, ., ., M
    And sky row 9 reads M, X6, ., L, .
    And mothership-track row 5 is white 1
    And mothership-track row 6 is research 2
    And mothership-track row 4 is research 1

  @clause:fs.mothership.action.skull
  Scenario: Sky card 3's difficult side puts the skull one row higher
    Given the print-and-play board with sky3 flipped
    Then mothership-track row 9 is damage 1
    And mothership-track row 10 is research 1
    And the mothership track ends on its skull on row 11

  # The uncertain values here follow the ledger's noted readings `pnp-hard-damage-track`.
  @clause:fs.multi-space.value @clause:fs.excavator.path
  Scenario: Base card 1's difficult side has the combined Energy and Robot room and digs from row 2
    Given the print-and-play board with base1 flipped
    Then room r3c4 is an energy_robot room on r3c4 and r3c5 with modifier -6
    And room r2c1 is an energy room on r2c1 and r2c2 with modifier -2
    And the excavator starts on r2c5
    And the board's damage track has 5 spaces before the skull

  # The uncertain values here follow the ledger's noted readings `pnp-hard-base-2-missing-cell`, `pnp-hard-damage-track`.
  @clause:fs.multi-space.value
  Scenario: Base card 2's difficult side has the combined Research and Fighter room
    Given the print-and-play board with base2 flipped
    Then room r4c2 is a research_fighter room on r4c2 and r4c3 with modifier -3
    And room r6c1 is a research room on r6c1 with modifier +2
    And room r6c4 is a tunnel room on r6c4
    And the excavator starts on r3c5
    And the board's damage track has 3 spaces before the skull

  # The uncertain values here follow the ledger's noted readings `pnp-hard-research-order`, `pnp-hard-not-found`.
  @clause:fs.room-effects.research.step
  Scenario: The research card's difficult side climbs its own track, its middle row reversed
    Given the print-and-play board with research flipped
    Then the research track reads 2, 2, 5, 1, 4, 5, 2, 2, 7, 1, 7, 3, 4, 12
    And the energy track runs to 7 from 2
    And the board's level is 1

  @clause:fs.ships.explosion
  Scenario: Every card flipped is level 8
    Given the print-and-play board with mothership, sky1, sky2, sky3, sky4, base1, base2 and research flipped
    Then the board's level is 8
    And sky row 15 reads X7, M, X5, M, X6
    And sky row 1 reads R, ., ., ., .
    And the board's damage track has 4 spaces before the skull

  @clause:fs.dice.roll @clause:fs.white-ships.limited @clause:fs.excavator.path
  Scenario: The boxed first game sets up Roswell under the four sky tiles' easier side
    Given the boxed first game
    Then the board's level is 0
    And the board's dice are 3 grey and 2 white
    And the board has 5 purple ships and a supply of 4 white ships
    And the research track reads 3, 1, 3, 1, 4, 1, 3, 2, 1, 6, 1, 3, 5, 1, 3, 11
    And the excavator starts on r3c5
    And room r2c4 is an energy room on r2c4 and r2c5 with modifier -3
    And room r6c2 is a research room on r6c2, r6c3 and r6c4
    And sky row 13 reads X3, R, ., M, .
    And sky row 1 reads ., ., ., R, .
    And mothership-track row 1 is white 1
    And mothership-track row 2 is excavator 2
    And the mothership track ends on its skull on row 12

  # The uncertain values here follow the ledger's noted readings `boxed-tile-2-b-research`, `boxed-damage-symbol`.
  @clause:fs.mothership.action.skull
  Scenario: The boxed normal game turns one sky tile over, one level
    Given the boxed first game with tile2 flipped
    Then the board's level is 1
    And sky row 9 reads X6, ., L, ., M
    And sky row 13 reads X3, R, ., M, .
    And the research track reads 3, 1, 3, 1, 3, 1, 3, 7, 1, 6, 1, 3, 5, 1, 3, 11
    And mothership-track row 9 is damage 1
    And the mothership track ends on its skull on row 11

  # --- a board file read before play -----------------------------------------------------------------
  # The shipped easy board's file, edited one entry at a time, then read as a board. A board the
  # rules could never play is refused, naming the entry at fault; one they can play is accepted.

  # A column takes one die and a room needs a die on each of its spaces, so a room must keep to
  # one row (ledger: room-shapes); r3c2 here reaches down and to the right, onto the next row.
  @clause:fs.dice.one-per-column @clause:fs.multi-space.full
  Scenario: A room whose spaces climb onto a second row is refused
    Given the print-and-play easy board's file
    And in that file room r3c2 covers r3c2 and r4c3
    Then the board file is refused at rooms[11].spaces

  @clause:fs.cost.pay
  Scenario: A room costing exactly the top of the energy track can be paid, so the board stands
    Given the print-and-play easy board's file
    And in that file the energy track runs to 7 from 2
    And in that file room r3c4 costs 7
    Then the board file is accepted

  @clause:fs.cost.pay
  Scenario: An energy marker that starts on the top space of its track is on the track
    Given the print-and-play easy board's file
    And in that file the energy track runs to 7 from 7
    Then the board file is accepted

  # Every row has five spaces and a space without a room still counts, so a board must say what
  # stands on each one; r1c5 is the first row's last space.
  @clause:fs.excavator.empty-spaces
  Scenario: A board that leaves the first row's last space without any room is refused
    Given the print-and-play easy board's file
    And in that file room r1c5 is left out
    Then the board file is refused at rooms

  @clause:fs.excavator.path @clause:fs.excavator.empty-spaces
  Scenario: An excavator path that never reaches the city's last space is refused
    Given the print-and-play easy board's file
    And in that file the excavator's path leaves out r6c5
    Then the board file is refused at excavator.path

  @clause:fs.mothership.action.white @clause:fs.mothership.action
  Scenario: A white-ship action that adds no ship at all is refused
    Given the print-and-play easy board's file
    And in that file mothership-track row 3 is white 0
    Then the board file is refused at mothership[2]
