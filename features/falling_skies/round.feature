# Board legend: see features/falling_skies/dice_phase.feature and tests/steps/falling_skies.py.
# "the print-and-play easy board" is the shipped default scenario (pnp-easy.yaml) as the engine
# sets it up for round 1.
@falling_skies
Feature: The round, the goal and the end of the game
  A round is the dice phase, the room phase and the mothership phase, in that order. Research
  reaching the top of its track wins; the damage marker or the mothership reaching its skull
  loses; each ends the game the moment it happens.

  @clause:fs.round.phases @clause:fs.round.dice-phase @clause:fs.round.room-phase @clause:fs.round.mothership-phase
  Scenario: A round runs the dice, room and mothership phases, then the next round rolls
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | energy | energy | energy |
    And the energy is 0
    And the dice phase with the roll grey 2 and grey 3
    When the player places the grey 2 on r2c1
    Then the phase is the dice phase of round 1
    When the player places the grey 3 on r2c2
    Then the phase is the room phase of round 1
    And the mothership is on row 1
    When the player resolves room r2c1
    And the player resolves room r2c2
    Then the energy is 5
    And the mothership is on row 2
    And the phase is the dice phase of round 2
    And the dice are to be rolled

  @clause:fs.goal.win @clause:fs.end.win @clause:fs.room-effects.research
  Scenario: Research reaching the top of its track wins at once
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3 and 1
    And the research marker has climbed 1 step
    And a grey 1 was placed on r2c1
    And a grey 4 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 2 steps
    And the game is won citing fs.end.win
    When the player tries to resolve room r2c2
    Then the decision is refused citing fs.end.win

  @clause:fs.goal.win @clause:fs.end.win
  Scenario: Research short of the top does not win
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 1 and 4
    And the research marker has climbed 1 step
    And a grey 1 was placed on r2c1
    And a grey 4 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 2 steps
    And the game is not over

  @clause:fs.end.lose-damage @clause:fs.goal.lose @clause:fs.damage.hit
  Scenario: A defeat in the middle of the dice phase ends the game before the next die
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the city has taken 4 damage
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c2
    Then the game is lost citing fs.end.lose-damage
    When the player tries to place the grey 6 on r2c3
    Then the decision is refused citing fs.end.lose-damage

  @clause:fs.end.lose-skull @clause:fs.goal.lose
  Scenario: The mothership on the skull ends the game before any ship launches
    Given the mothership track has 6 rows, the last a skull
    And the mothership is on row 5
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then the game is lost citing fs.end.lose-skull
    And ship p9 waits on the mothership

  # --- the default board --------------------------------------------------------------------------
  # The excavator starts on r3c5, at one end of row 3. Read as the file lists the path, row 3 runs
  # away from it and r3c4 is the next space to dig; read reversed, row 3 ran toward it (already
  # excavated) and the path goes on to r4c5 below it.

  @clause:fs.excavator.path @interpretation:sky-row-3-excavated=as-scenario
  Scenario: On the default board, with the path as listed, the next space to dig is beside the excavator
    Given the print-and-play easy board
    And the rules read "sky-row-3-excavated" as "as-scenario"
    And the dice phase with the roll grey 1
    Then on the unexcavated path the grey 1 may go exactly on: r3c4

  @clause:fs.excavator.path @interpretation:sky-row-3-excavated=reversed
  Scenario: On the default board, with the snake reversed, row 3 is dug and the next space is below
    Given the print-and-play easy board
    And the rules read "sky-row-3-excavated" as "reversed"
    And the dice phase with the roll grey 1
    Then on the unexcavated path the grey 1 may go exactly on: r4c5

  @clause:fs.dice.roll @clause:fs.dice.two-white @interpretation:dice-count=text
  Scenario: The default board's first round rolls three grey and two white dice
    Given the print-and-play easy board
    And the rules read "dice-count" as "text"
    Then the phase is the dice phase of round 1
    And the roll is of 3 grey and 2 white dice

  @clause:fs.dice.roll @interpretation:dice-count=note
  Scenario: Read by the note, the default board's first round rolls three grey and one white die
    Given the print-and-play easy board
    And the rules read "dice-count" as "note"
    Then the roll is of 3 grey and 1 white die

  # --- a ship that hit the city ---------------------------------------------------------------------
  # Back aboard, it is a waiting ship like any other, and the mothership phase of the same round
  # launches it (ledger: hit-ship-relaunch).

  @clause:fs.damage.return @clause:fs.damage.hit @clause:fs.mothership.steps
  Scenario: A ship that hit the city in the dice phase launches again in the same round
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c2
    Then the city has taken 1 damage
    And the mothership is on row 2
    And the player must choose the launch column among: 1, 2, 3, 4 and 5
    When the player launches into column 4
    Then ship p1 is in column 4
    And the phase is the dice phase of round 2
