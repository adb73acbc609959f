# Solo Pig (examples/pig/rules.md), section 3: a turn. Steps: examples/pig/steps.py.
Feature: Solo Pig: a turn
  A turn opens with a roll. A 1 ends it and loses the turn total; any other face adds to the
  turn total, and the player then rolls again or holds. Holding banks the turn total and ends
  the turn; the next turn then begins.

  @clause:pig.turn.first-roll
  Scenario: Pig: The player may not hold before the first roll of a turn
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 3 with 9 banked and 0 on the turn
    When the Pig player tries to hold
    Then the Pig decision is refused citing pig.turn.first-roll
    And the Pig die is rolling

  @clause:pig.turn.roll-one @clause:pig.turn.next
  Scenario: Pig: A 1 throws the turn total away and the next turn begins
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 2 with 7 banked and 9 on the turn
    When the Pig player rolls again
    And the Pig die shows 1
    Then the Pig events cite pig.turn.roll-one and pig.turn.next
    And the Pig event says a 1 was rolled and 9 was lost
    And the Pig bank is 7
    And the Pig turn total is 0
    And it is Pig turn 3 of 5
    And the Pig die is rolling

  @clause:pig.turn.roll-one @clause:pig.turn.first-roll
  Scenario: Pig: A 1 on the first roll of a turn ends it with nothing gained
    Given a game of Pig to 20 in 5 turns
    When the Pig die shows 1
    Then the Pig event says a 1 was rolled and nothing was lost
    And the Pig bank is 0
    And it is Pig turn 2 of 5
    And the Pig die is rolling

  @clause:pig.turn.add-face @clause:pig.turn.choose
  Scenario: Pig: Faces from 2 to 6 add up on the turn, and after each the player chooses
    Given a game of Pig to 20 in 5 turns
    When the Pig die shows 4
    Then the Pig turn total is 4
    And the Pig player must choose among: roll again and hold
    When the Pig player rolls again
    And the Pig die shows 6
    Then the Pig turn total is 10
    And the Pig bank is 0
    And the Pig player must choose among: roll again and hold

  @clause:pig.turn.choose
  Scenario: Pig: After a roll the player may do nothing but roll again or hold
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 1 with 0 banked and 5 on the turn
    Then the Pig player must choose among: roll again and hold
    When the Pig player tries to pass the turn without holding
    Then the Pig decision is refused citing pig.turn.choose
    And the Pig turn total is 5

  @clause:pig.turn.hold @clause:pig.turn.next
  Scenario: Pig: Holding banks the turn total and the next turn begins
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 2 with 6 banked and 8 on the turn
    When the Pig player holds
    Then the Pig events cite pig.turn.hold and pig.turn.next
    And the Pig bank is 14
    And the Pig turn total is 0
    And it is Pig turn 3 of 5
    And the Pig die is rolling
