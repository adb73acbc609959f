# Solo Pig (examples/pig/rules.md), section 4: the end, and the reading of "reaches the target"
# (data/interpretations.yaml, target-reached). Steps: examples/pig/steps.py.
Feature: Solo Pig: the end of the game
  The bank reaching the target wins; the last turn ending with the bank short of it loses; after
  either, nothing more may be decided. Whether a turn total that carries the bank to the target
  wins before a hold is a matter of reading.

  @clause:pig.end.win @clause:pig.turn.hold
  Scenario: Pig: Holding with exactly the target banked wins
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 3 with 15 banked and 5 on the turn
    When the Pig player holds
    Then the Pig bank is 20
    And the Pig game is won citing pig.end.win

  @clause:pig.end.win
  Scenario: Pig: Holding past the target wins as well
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 4 with 15 banked and 9 on the turn
    When the Pig player holds
    Then the Pig bank is 24
    And the Pig game is won citing pig.end.win

  @clause:pig.end.lose @clause:pig.turn.hold
  Scenario: Pig: Holding short of the target in the last turn loses
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 5 with 10 banked and 4 on the turn
    When the Pig player holds
    Then the Pig bank is 14
    And the Pig game is lost citing pig.end.lose

  @clause:pig.end.lose @clause:pig.turn.roll-one
  Scenario: Pig: A 1 in the last turn loses the game
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 5 with 10 banked and 4 on the turn
    When the Pig player rolls again
    And the Pig die shows 1
    Then the Pig bank is 10
    And the Pig turn total is 0
    And the Pig game is lost citing pig.end.lose

  @clause:pig.end.lose @clause:pig.turn.next
  Scenario: Pig: Short of the target before the last turn, play goes on
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 4 with 10 banked and 4 on the turn
    When the Pig player holds
    Then the Pig game is not over
    And it is Pig turn 5 of 5

  @clause:pig.end.over @clause:pig.end.win
  Scenario: Pig: After a win nothing more may be decided
    Given a game of Pig to 20 in 5 turns
    And the Pig player is in turn 2 with 12 banked and 8 on the turn
    When the Pig player holds
    Then the Pig game is won citing pig.end.win
    When the Pig player tries to roll again
    Then the Pig decision is refused citing pig.end.over
    When the Pig die is said to show 4 without a roll
    Then the Pig decision is refused citing pig.end.over

  @clause:pig.end.over @clause:pig.end.lose
  Scenario: Pig: After a loss nothing more may be decided
    Given a game of Pig to 20 in 1 turn
    When the Pig die shows 1
    Then the Pig game is lost citing pig.end.lose
    When the Pig player tries to hold
    Then the Pig decision is refused citing pig.end.over

  @clause:pig.end.win @interpretation:target-reached=on-hold
  Scenario: Pig: Read on-hold, reaching the target mid-turn wins nothing until the player holds
    Given a game of Pig to 20 in 5 turns
    And Pig's rules read "target-reached" as "on-hold"
    And the Pig player is in turn 2 with 14 banked and 3 on the turn
    When the Pig player rolls again
    And the Pig die shows 5
    Then the Pig turn total is 8
    And the Pig game is not over
    And the Pig player must choose among: roll again and hold
    When the Pig player rolls again
    And the Pig die shows 1
    Then the Pig bank is 14
    And it is Pig turn 3 of 5

  @clause:pig.end.win @interpretation:target-reached=at-once
  Scenario: Pig: Read at-once, the roll that carries bank and turn total to the target wins
    Given a game of Pig to 20 in 5 turns
    And Pig's rules read "target-reached" as "at-once"
    And the Pig player is in turn 2 with 14 banked and 3 on the turn
    When the Pig player rolls again
    And the Pig die shows 5
    Then the Pig game is won citing pig.end.win
    And the Pig bank is 22
    And the Pig turn total is 0

  @clause:pig.end.win @interpretation:target-reached=at-once
  Scenario: Pig: Read at-once, a roll that lands bank and turn total exactly on the target wins
    Given a game of Pig to 20 in 5 turns
    And Pig's rules read "target-reached" as "at-once"
    And the Pig player is in turn 2 with 14 banked and 3 on the turn
    When the Pig player rolls again
    And the Pig die shows 3
    Then the Pig game is won citing pig.end.win
    And the Pig bank is 20
    And the Pig turn total is 0

  @clause:pig.end.win @interpretation:target-reached=at-once
  Scenario: Pig: Read at-once, a roll that falls short of the target still leaves the choice
    Given a game of Pig to 20 in 5 turns
    And Pig's rules read "target-reached" as "at-once"
    And the Pig player is in turn 2 with 14 banked and 3 on the turn
    When the Pig player rolls again
    And the Pig die shows 2
    Then the Pig turn total is 5
    And the Pig game is not over
    And the Pig player must choose among: roll again and hold
