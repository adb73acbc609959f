# Solo Pig (examples/pig/rules.md), sections 1 and 2: the game and the die.
# Steps: examples/pig/steps.py. "the Pig player is in turn T with B banked and N on the turn"
# sets a turn in progress: with N above 0 the die is down and the player chooses.
Feature: Solo Pig: the game and the die
  One player, one die and a bank starting at 0, playing to an agreed target within an agreed
  number of turns. Each face of the die is as likely as any other; while it rolls nothing else
  can happen, and no face comes without a roll.

  @clause:pig.game.solo @clause:pig.game.target @clause:pig.game.turns @clause:pig.turn.first-roll
  Scenario: Pig: A new game starts with an empty bank and the first roll of turn 1 under way
    Given a game of Pig to 20 in 5 turns
    Then it is Pig turn 1 of 5
    And the Pig bank is 0
    And the Pig turn total is 0
    And the Pig die is rolling

  @clause:pig.game.target @clause:pig.game.turns
  Scenario: Pig: The target and the number of turns are agreed before play
    Given a game of Pig to 50 in 8 turns
    Then it is Pig turn 1 of 8
    And the Pig target is 50

  @clause:pig.die.fair
  Scenario: Pig: Each face of the die comes up with the same chance
    Given a game of Pig to 20 in 5 turns
    Then the Pig die shows each face from 1 to 6 with probability 1/6

  @clause:pig.die.in-the-air @clause:pig.turn.choose
  Scenario: Pig: While the die rolls again, the player can neither roll nor hold
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 1 with 0 banked and 6 on the turn
    When the Pig player rolls again
    Then the Pig die is rolling
    When the Pig player tries to roll again
    Then the Pig decision is refused citing pig.die.in-the-air
    When the Pig player tries to hold
    Then the Pig decision is refused citing pig.die.in-the-air
    When the Pig die shows 3
    Then the Pig turn total is 9

  @clause:pig.die.in-the-air
  Scenario: Pig: No face can be taken while the die is not rolling
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 2 with 4 banked and 5 on the turn
    When the Pig die is said to show 3 without a roll
    Then the Pig decision is refused citing pig.die.in-the-air
    And the Pig turn total is 5
