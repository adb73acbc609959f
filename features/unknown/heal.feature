# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow heals ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
@unknown
Feature: Heal
  Healing costs 2 medicine for another survivor or 3 for oneself, and lifts the survivor one
  health step: incapacitated to injured, injured to healthy.

  # Missing figure. Assumed: the healer (yellow) and the incapacitated survivor (blue) stand on
  # neighbouring tiles; blue plays the Explorer, whose card gives 4 AP, so "1 less" is 3. Nobody
  # else is on the map, so after yellow's turn the players pick blue.
  @example:unknown.example.heal-incapacitated @clause:unknown.action.heal.cost @clause:unknown.action.heal.effect @clause:unknown.injury.heal-step @clause:unknown.injury.ap-cost
  Scenario: 2 medicine lift an incapacitated survivor to injured, who starts 1 AP short
    Given the map:
      | base | scrap @yellow | food @blue |
    And blue is the Explorer
    And blue is incapacitated
    And it is yellow's turn with 3 AP
    And yellow carries 2 medicine and 1 food
    When yellow heals blue
    Then blue is injured
    And yellow carries 1 food
    And yellow has 2 AP left
    And an event cites unknown.action.heal.cost
    When yellow ends the turn
    And the players choose blue to take its turn
    Then blue has 3 AP left
    And blue may take actions

  # Same assumed figure without the heal: incapacitated, blue can do nothing on its turn.
  @example:unknown.example.heal-incapacitated @clause:unknown.injury.incapacitated @clause:unknown.injury.incapacitated-ap
  Scenario: Without healing the incapacitated survivor cannot act
    Given the map:
      | base | scrap @yellow | food @blue |
    And blue is the Explorer
    And blue is incapacitated
    And it is yellow's turn with 3 AP
    When yellow ends the turn
    And the players choose blue to take its turn
    Then blue has 0 AP left
    And blue may only end the turn

  # No figure.
  @clause:unknown.action.heal.cost @clause:unknown.action.heal.effect
  Scenario: Healing an injured survivor makes them healthy
    Given the map:
      | base | scrap @yellow | food @blue |
    And blue is injured
    And it is yellow's turn with 3 AP
    And yellow carries 3 medicine
    When yellow heals blue
    Then blue is healthy
    And yellow carries 1 medicine

  @clause:unknown.action.heal.cost @clause:unknown.action.heal.effect
  Scenario: Healing oneself costs 3 medicine
    Given the map:
      | base | scrap @yellow |
    And yellow is injured
    And it is yellow's turn with 2 AP
    And yellow carries 3 medicine
    When yellow heals yellow
    Then yellow is healthy
    And yellow carries nothing
    And yellow has 1 AP left

  @clause:unknown.action.heal.cost
  Scenario: 2 medicine are not enough to heal oneself
    Given the map:
      | base | scrap @yellow |
    And yellow is injured
    And it is yellow's turn with 2 AP
    And yellow carries 2 medicine
    When yellow tries to heal yellow
    Then the action is refused citing unknown.action.heal.cost

  @clause:unknown.action.heal.cost
  Scenario: 1 medicine is not enough to heal another survivor
    Given the map:
      | base | scrap @yellow | food @blue |
    And blue is injured
    And it is yellow's turn with 3 AP
    And yellow carries 1 medicine and 2 food
    When yellow tries to heal blue
    Then the action is refused citing unknown.action.heal.cost

  # No figure: blue is two tiles away; an action reaches range 1.
  @clause:unknown.action.defaults @clause:unknown.action.heal.cost
  Scenario: The survivor to heal must be within range 1
    Given the map:
      | scrap @yellow | ammo | food @blue |
    And blue is injured
    And it is yellow's turn with 3 AP
    And yellow carries 2 medicine
    When yellow tries to heal blue
    Then the action is refused citing unknown.action.defaults

  # No figure: one heal is one step, so an incapacitated survivor healed twice is healthy.
  @clause:unknown.injury.heal-step @clause:unknown.action.heal.effect @clause:unknown.action.repeatable
  Scenario: Each heal is one step of health
    Given the map:
      | base | scrap @yellow @blue |
    And blue is incapacitated
    And it is yellow's turn with 3 AP
    And yellow carries 4 medicine
    When yellow heals blue
    Then blue is injured
    When yellow heals blue
    Then blue is healthy
    And yellow carries nothing
    And yellow has 1 AP left
