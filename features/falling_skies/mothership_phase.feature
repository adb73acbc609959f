# Board legend: see features/falling_skies/dice_phase.feature and tests/steps/falling_skies.py.
# Each scenario starts in a room phase with no dice left, so ending it runs the mothership phase.
# Where a launched ship appears in its column is board data the source does not give; the
# scenarios check only the column the launch rules pick.
@falling_skies
Feature: Mothership phase
  The mothership drops a row, taking back the ships it meets, carries out the action printed for
  that row, then launches up to five waiting ships: purple before white, empty columns first,
  then the columns the launch-all-columns-taken reading allows (any free launch space by
  default, as the print-and-play rules have it), and the player breaks ties.

  # --- moving and acting ---------------------------------------------------------------------------

  @clause:fs.mothership.move @clause:fs.mothership.steps @clause:fs.round.mothership-phase
  Scenario: The mothership drops one row and takes back the ship on the row it enters
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | @p1 | .   | .   | .   |
      | @p3 | .   | @p2 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the room phase
    When the player ends the room phase
    Then the mothership is on row 2
    And an event cites fs.mothership.move
    And ship p1 is in column 2
    And ship p2 is on r3c3 of the sky
    And the phase is the dice phase of round 2
    And the dice are to be rolled

  @clause:fs.mothership.steps @clause:fs.mothership.action @clause:fs.mothership.action.white @interpretation:launch-all-columns-taken=greatest-gap
  Scenario: The mothership's action comes before the launch, so a white ship it adds launches at once
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | @p2 | .   | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | @p3 | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "greatest-gap"
    And the mothership's row 2 action is add 1 white ship
    And the room phase
    When the player ends the room phase
    Then 1 white ship is in the sky
    And no white ship waits on the mothership

  @clause:fs.mothership.action
  Scenario: A row with no action changes nothing but the mothership's place
    Given the research marker has climbed 2 steps
    And the city has taken 1 damage
    And the energy is 3
    And the room phase
    When the player ends the room phase
    Then the mothership is on row 2
    And the research marker has climbed 2 steps
    And the city has taken 1 damage
    And the energy is 3
    And no white ship is in the sky

  @clause:fs.mothership.action.excavator
  Scenario: An excavator action pulls the excavator back along its path
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c2 and started on r2c4
    And the mothership's row 2 action is excavator back 1
    And the room phase
    When the player ends the room phase
    Then the excavator is on r2c3

  @clause:fs.mothership.action.excavator
  Scenario: The excavator never falls back behind its starting space
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c3 and started on r2c4
    And the mothership's row 2 action is excavator back 2
    And the room phase
    When the player ends the room phase
    Then the excavator is on r2c4

  @clause:fs.mothership.action.research
  Scenario: A research action moves the research marker down
    Given the research track needs 1, 1, 1, 1 and 1
    And the research marker has climbed 3 steps
    And the mothership's row 2 action is research back 2
    And the room phase
    When the player ends the room phase
    Then the research marker has climbed 1 step

  @clause:fs.mothership.action.research
  Scenario: Research cannot fall below the start of its track
    Given the research track needs 1, 1, 1, 1 and 1
    And the research marker has climbed 1 step
    And the mothership's row 2 action is research back 2
    And the room phase
    When the player ends the room phase
    Then the research marker has climbed 0 steps

  @clause:fs.mothership.action.damage
  Scenario: A damage action hurts the city once
    Given the mothership's row 2 action is 1 damage
    And the room phase
    When the player ends the room phase
    Then the city has taken 1 damage
    And the game is not over

  # The action deals the damage (its event cites the action); the defeat rule ends the game.
  @clause:fs.mothership.action.damage @clause:fs.end.lose-damage @clause:fs.goal.lose
  Scenario: A damage action that reaches the skull loses the game
    Given the damage track has 4 spaces before the skull
    And the city has taken 4 damage
    And the mothership's row 2 action is 1 damage
    And the room phase
    When the player ends the room phase
    Then the game is lost citing fs.end.lose-damage

  # The move brings the mothership onto its skull row; the defeat rule ends the game.
  @clause:fs.mothership.action.skull @clause:fs.end.lose-skull @clause:fs.goal.lose
  Scenario: The mothership dropping onto the skull loses the game at once
    Given the mothership track has 6 rows, the last a skull
    And the mothership is on row 5
    And the room phase
    When the player ends the room phase
    Then the mothership is on row 6
    And the game is lost citing fs.end.lose-skull

  @clause:fs.mothership.action.skull
  Scenario: The row above the skull does not lose
    Given the mothership track has 6 rows, the last a skull
    And the mothership is on row 4
    And the room phase
    When the player ends the room phase
    Then the mothership is on row 5
    And the game is not over

  # --- launching -----------------------------------------------------------------------------------

  @clause:fs.launch.empty-column
  Scenario: A waiting ship launches into the one column without a ship
    Given the sky:
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | @p1 | @p2 | . | @p4 | @p5 |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is in column 3
    And the dice are to be rolled

  @clause:fs.launch.greatest-gap @interpretation:launch-all-columns-taken=greatest-gap
  Scenario: With a ship in every column, the column whose highest ship is lowest takes the launch
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | .   | .   | .   | @p5 |
      | .   | .   | @p3 | .   | .   |
      | .   | .   | .   | @p4 | .   |
      | .   | @p2 | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "greatest-gap"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is in column 2
    And the dice are to be rolled

  # The print-and-play text: once no column is empty, any free launch space will do. The
  # mothership drops to row 2, so ships launch onto row 3, where p1 and p5 stand.
  @clause:fs.launch.player-choice @clause:fs.launch.greatest-gap @interpretation:launch-all-columns-taken=any-free
  Scenario: Read as the print-and-play text, with a ship in every column any free launch space will do
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | .   | .   | .   | @p5 |
      | .   | .   | @p3 | .   | .   |
      | .   | .   | .   | @p4 | .   |
      | .   | @p2 | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "any-free"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then the player must choose the launch column among: 2, 3 and 4
    When the player launches into column 3
    Then ship p9 is in column 3
    And the dice are to be rolled

  # The priorities leave 2 and 4 tied, and the player may choose only among the tied columns.
  @clause:fs.launch.player-choice @clause:fs.launch.greatest-gap @interpretation:launch-all-columns-taken=greatest-gap
  Scenario: When two columns tie, the player chooses between them and only them
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | .   | @p3 | .   | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | @p2 | .   | @p4 | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "greatest-gap"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then the player must choose the launch column among: 2 and 4
    When the player tries to launch into column 1
    Then the decision is refused citing fs.launch.player-choice
    When the player launches into column 4
    Then ship p9 is in column 4
    And the dice are to be rolled

  @clause:fs.launch.player-choice @clause:fs.launch.empty-column
  Scenario: Two empty columns tie for the first ship; the second ship takes the other
    Given the sky:
      | .   | . | .   | .   | . |
      | .   | . | .   | .   | . |
      | .   | . | .   | .   | . |
      | @p1 | . | @p3 | @p4 | . |
      | .   | . | .   | .   | . |
      | .   | . | .   | .   | . |
      | .   | . | .   | .   | . |
      | .   | . | .   | .   | . |
    And ships p8, p9 wait on the mothership
    And the room phase
    When the player ends the room phase
    Then the player must choose the launch column among: 2 and 5
    When the player launches into column 5
    Then ship p8 is in column 5
    And ship p9 is in column 2
    And the dice are to be rolled

  @clause:fs.launch.max-five
  Scenario: No more than five ships launch in one mothership phase
    Given ships p1, p2, p3, p4, p5, p6 wait on the mothership
    And the room phase
    When the player ends the room phase
    And the player launches into columns 1, 2, 3 and 4
    Then 5 purple ships are in the sky
    And 1 purple ship waits on the mothership
    And the dice are to be rolled

  @clause:fs.launch.purple-first @clause:fs.white-ships.after-purple @interpretation:launch-all-columns-taken=greatest-gap
  Scenario: A purple ship launches before a white one that was waiting first
    Given the sky:
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | @p1 | .   | . | @p4 | @p5 |
      | .   | @p2 | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
    And the rules read "launch-all-columns-taken" as "greatest-gap"
    And ships w1, p9 wait on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is in column 3
    And ship w1 is in column 2

  # --- white ships ---------------------------------------------------------------------------------

  @clause:fs.white-ships.limited @clause:fs.mothership.action.white
  Scenario: When every white ship is already in play, an action adding one is ignored
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @w2 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 2
    And the mothership's row 2 action is add 1 white ship
    And the room phase
    When the player ends the room phase
    Then 2 white ships are in the sky
    And no white ship waits on the mothership

  @clause:fs.white-ships.limited @clause:fs.white-ships.shot-down
  Scenario: A white ship shot down does not come back to the supply
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 2
    And 1 white ship has been shot down
    And the mothership's row 2 action is add 1 white ship
    And the room phase
    When the player ends the room phase
    Then 1 white ship is in the sky
    And no white ship waits on the mothership

  @clause:fs.white-ships.limited @clause:fs.mothership.action.white
  Scenario: While the supply lasts, the action adds white ships
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 4
    And the mothership's row 2 action is add 2 white ships
    And the room phase
    When the player ends the room phase
    Then the player must choose the launch column among: 1, 2, 3, 4 and 5
    When the player launches into column 1
    Then the player must choose the launch column among: 2, 3, 4 and 5
    When the player launches into column 2
    Then 3 white ships are in the sky

  # The supply holds one white ship (w1 is in the sky) and the action asks for two.
  @clause:fs.white-ships.limited @clause:fs.mothership.action.white @interpretation:white-supply-short=as-many-as-left
  Scenario: An action asking for more white ships than are left adds the ones there are
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 2
    And the rules read "white-supply-short" as "as-many-as-left"
    And the mothership's row 2 action is add 2 white ships
    And the room phase
    When the player ends the room phase
    Then an event cites fs.white-ships.limited
    And the player must choose the launch column among: 1, 2, 3, 4 and 5
    When the player launches into column 3
    Then 2 white ships are in the sky

  @clause:fs.white-ships.limited @clause:fs.mothership.action.white @interpretation:white-supply-short=all-or-nothing
  Scenario: Read all or nothing, an action the supply cannot carry out in full adds no white ship
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 2
    And the rules read "white-supply-short" as "all-or-nothing"
    And the mothership's row 2 action is add 2 white ships
    And the room phase
    When the player ends the room phase
    Then 1 white ship is in the sky
    And no white ship waits on the mothership
    And an event cites fs.white-ships.limited
    And the dice are to be rolled

  # The supply holds one white ship (w1 is in the sky) and the action asks for two: read all or
  # nothing, the events say that no white ship boards and that both could not be added.
  @clause:fs.white-ships.limited @clause:fs.mothership.action.white @interpretation:white-supply-short=all-or-nothing
  Scenario: Read all or nothing, the events of a short supply say no white ship boards
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @w1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the white-ship supply is 2
    And the rules read "white-supply-short" as "all-or-nothing"
    And the mothership's row 2 action is add 2 white ships
    And the room phase
    When the player ends the room phase
    Then no white ship waits on the mothership
    And no white_added event is reported
    And a white_supply_empty event says "2 white ship(s) cannot be added"
    And the dice are to be rolled

  # --- what the source leaves open ---------------------------------------------------------------------

  # The excavator's place alone splits the city: the space it falls back from must be dug again
  # (ledger: excavator-back-unexcavates). The excavator stands on r2c2, started on r2c4.
  @clause:fs.mothership.action.excavator @clause:fs.excavator.path
  Scenario: A space the excavator falls back from is unexcavated again
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c2 and started on r2c4
    And the dice are 1 grey and 0 white
    And the mothership's row 2 action is excavator back 1
    And the room phase
    When the player ends the room phase
    Then the excavator is on r2c3
    When the dice come up grey 1
    Then on the unexcavated path the grey 1 may go exactly on: r2c2

  # A launched ship carries out no icon of its launch space (ledger: launch-no-icon). The
  # mothership drops to row 2, so p9 launches onto row 3, on the right arrow.
  @clause:fs.launch.empty-column @clause:fs.ships.stop-icon
  Scenario: A ship launched onto an arrow stays where it was launched
    Given the sky:
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | R | .   | .   |
      | @p1 | @p2 | . | @p4 | @p5 |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is on r3c3 of the sky
    And the dice are to be rolled

  @clause:fs.white-ships.after-purple
  Scenario: A white ship launching with no purple ship aboard goes by the white ships' launch rule
    Given ship w1 waits on the mothership
    And the room phase
    When the player ends the room phase
    And the player launches into column 1
    Then ship w1 is in column 1
    And an event cites fs.white-ships.after-purple

  # A white ship waiting aboard is in play, so the supply of one is used up (ledger:
  # white-ships-in-play).
  @clause:fs.white-ships.limited @clause:fs.mothership.action.white
  Scenario: A white ship waiting aboard counts against the supply
    Given the white-ship supply is 1
    And ship w1 waits on the mothership
    And the mothership's row 2 action is add 1 white ship
    And the room phase
    When the player ends the room phase
    Then an event cites fs.white-ships.limited
    And the player must choose the launch column among: 1, 2, 3, 4 and 5
    When the player launches into column 1
    Then 1 white ship is in the sky
    And no white ship waits on the mothership
