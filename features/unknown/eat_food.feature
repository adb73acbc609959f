# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow eats ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
@unknown
Feature: Eat Food
  Eating spends 1 carried food for 3 AP; the action itself still costs its 1 AP, so the survivor
  ends up 2 AP better off.

  # No figure.
  @clause:unknown.action.eat-food
  Scenario: Eating food is worth 2 AP net
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    When yellow eats food
    Then yellow has 5 AP left
    And yellow carries 1 scrap
    And the events include "action" citing unknown.action.eat-food

  @clause:unknown.action.eat-food
  Scenario: The last AP may be spent on eating
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 1 AP
    And yellow carries 1 food
    When yellow eats food
    Then yellow has 3 AP left
    And yellow carries nothing

  @clause:unknown.action.eat-food @clause:unknown.action.repeatable
  Scenario: A survivor may eat more than once in a turn
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 1 AP
    And yellow carries 2 food
    When yellow eats food
    And yellow eats food
    Then yellow has 5 AP left
    And yellow carries nothing

  @clause:unknown.action.eat-food
  Scenario: Without food there is nothing to eat
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap and 2 medicine
    When yellow tries to eat food
    Then the action is refused citing unknown.action.eat-food

  # The action costs 1 AP, so with none left the food cannot be eaten.
  # The 1 AP is Eat Food's cost; refusing an action the AP left cannot pay is the turn's rule.
  @clause:unknown.action.eat-food @clause:unknown.turn.survivor-actions
  Scenario: Eating needs an AP to spend
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 0 AP
    And yellow carries 2 food
    When yellow tries to eat food
    Then the action is refused citing unknown.turn.survivor-actions
    And yellow may only end the turn

  # Food lying loose on the survivor's own tile is not on her card: it must be picked up first.
  @clause:unknown.action.eat-food @clause:unknown.survivor-card.inventory
  Scenario: Only carried food can be eaten
    Given the map:
      | base | scrap @yellow +food*2 |
    And it is yellow's turn with 3 AP
    When yellow tries to eat food
    Then the action is refused citing unknown.action.eat-food
