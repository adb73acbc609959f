# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When ... tries to ..." may be refused; "Then the action is refused citing X" checks the
# refusal names X and changes nothing. "When the players assign the damage: ..." applies one
# round of close-combat damage; when only one assignment is possible the engine may settle it.
@unknown
Feature: Injury and Incapacitation
  A survivor is healthy, injured or incapacitated; each point of damage is one step down, each
  point of healing one step up. Becoming injured costs 1 AP, and so does starting a turn injured;
  an incapacitated survivor has 0 AP, takes no actions, ignores knockback and is ignored by
  enemies. Enemies are healthy, injured or stunned; stunned ones do nothing.

  # Missing figure. Assumed: three survivors in a row under base — blue (injured) west, yellow
  # (healthy) in the middle, red (incapacitated) east. Blue and red play the Explorer card, whose
  # 4 AP is the rulebook's own number, so "normal" is 4 and "1 less" is 3.
  @example:unknown.example.injury-turn-start @clause:unknown.injury.ap-cost @clause:unknown.injury.injured-ap @clause:unknown.turn.start-of-turn-costs
  Scenario: The injured survivor starts his turn 1 AP short
    Given the map:
      | .          | base          | .         |
      | food @blue | scrap @yellow | ammo @red |
    And blue is the Explorer
    And red is the Explorer
    And blue is injured
    And red is incapacitated
    And a new round begins
    When the players choose blue to take its turn
    Then blue has 3 AP left
    And blue may take actions

  # Same assumed figure.
  @example:unknown.example.injury-turn-start @clause:unknown.injury.incapacitated @clause:unknown.injury.incapacitated-ap
  Scenario: The incapacitated survivor cannot perform any action
    Given the map:
      | .          | base          | .         |
      | food @blue | scrap @yellow | ammo @red |
    And blue is the Explorer
    And red is the Explorer
    And blue is injured
    And red is incapacitated
    And a new round begins
    When the players choose red to take its turn
    Then red has 0 AP left
    And red may only end the turn
    When red tries to move west
    Then the action is refused citing unknown.injury.incapacitated

  # Same assumed figure, the healthy yellow going first and healing each of the others once
  # (2 medicine each). The example's last two sentences swap the two survivors' names; by the
  # rules each heal is one step, so the injured blue becomes healthy and starts with his normal
  # 4 AP, while the incapacitated red becomes injured and starts with 1 less, 3.
  @example:unknown.example.injury-turn-start @clause:unknown.injury.heal-step @clause:unknown.action.heal.effect @clause:unknown.injury.ap-cost
  Scenario: Healed early in the round, each starts one step better off
    Given the map:
      | .          | base          | .         |
      | food @blue | scrap @yellow | ammo @red |
    And blue is the Explorer
    And red is the Explorer
    And blue is injured
    And red is incapacitated
    And it is yellow's turn with 3 AP
    And yellow carries 4 medicine
    When yellow heals red
    And yellow heals blue
    Then blue is healthy
    And red is injured
    When yellow ends the turn
    And the players choose blue to take its turn
    Then blue has 4 AP left
    When blue ends the turn
    And the players choose red to take its turn
    Then red has 3 AP left
    And red may take actions

  # No figure: yellow (the Explorer) moves onto a beast. Each deals 1 damage: the beast dies and
  # yellow becomes injured during her turn, which costs 1 AP at once (3 - 1 move - 1 = 1). Next
  # round she starts injured: 4 - 1 = 3.
  @clause:unknown.injury.damage-step @clause:unknown.injury.ap-cost @clause:unknown.injury.sources @clause:unknown.turn.start-of-turn-costs
  Scenario: Becoming injured costs 1 AP, and so does starting a turn injured
    Given the map:
      | base | scrap @yellow | beast #lair !beast:b1 |
    And yellow is the Explorer
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow moves east
    Then no damage assignment is asked for
    And yellow is injured
    And yellow has 1 AP left
    And there is no b1 on the map
    When yellow ends the turn
    Then round 2 is under way
    When the players choose yellow to take its turn
    Then yellow has 3 AP left

  # No figure: an injured survivor takes a second point of damage.
  @clause:unknown.injury.damage-step @clause:unknown.injury.incapacitated-ap @clause:unknown.injury.incapacitated
  Scenario: A second damage incapacitates, leaving 0 AP
    Given the map:
      | base | scrap @yellow | beast #lair !beast:b1 |
    And yellow is injured
    And it is yellow's turn with 2 AP
    When yellow moves east
    Then no damage assignment is asked for
    And yellow is incapacitated
    And yellow has 0 AP left
    And yellow may only end the turn

  # No figure: a healthy survivor moves onto two beasts. She deals 1 damage (the players choose
  # the beast); the beasts deal 2, two steps, so she is incapacitated and the fight ends with the
  # other beast still standing.
  @clause:unknown.injury.damage-step @clause:unknown.combat.damage-received @clause:unknown.combat.repeat @clause:unknown.injury.incapacitated
  Scenario: Two points of damage at once take a healthy survivor to incapacitated
    Given the map:
      | base | scrap @yellow | beast #lair !beast:b1 !beast:b2 |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then the players may assign the damage exactly as: yellow 2 and b1 1; yellow 2 and b2 1
    When the players assign the damage: yellow 2 and b2 1
    Then yellow is incapacitated
    And yellow has 0 AP left
    And there is no b2 on the map
    And b1 stands on #lair
    And yellow may only end the turn

  # No figure: the Broken hazard damages whoever explores it and puts them on it. Exploring
  # costs 1 AP, becoming injured 1 more.
  @clause:unknown.injury.sources @clause:unknown.hazard.broken @clause:unknown.injury.ap-cost
  Scenario: A hazard can injure a survivor
    Given the map:
      | base | scrap @yellow | . |
    And the tile stack is: broken
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 2,0
    Then yellow is injured
    And yellow stands on 2,0
    And yellow has 1 AP left

  # No figure: green explores a Flood (knockback 3) west of the tile she shares with the
  # incapacitated yellow. Green flees along the corridor to the tile with 3 tiles between it and
  # the Flood; yellow stays where she lies.
  @clause:unknown.injury.incapacitated @clause:unknown.knockback.flee @clause:unknown.hazard.flood.knockback
  Scenario: An incapacitated survivor ignores knockback
    Given the map:
      | . | scrap #start @green @yellow | ammo | medicine | lab #far | base |
    And yellow is incapacitated
    And the tile stack is: flood
    And it is green's turn with 3 AP
    When green explores and places the tile at 0,0
    Then green stands on #far
    And yellow stands on #start

  # No figure: the beast stands between the incapacitated yellow (1 tile away) and green (2 tiles
  # away). Ignoring yellow, it steps towards green.
  @clause:unknown.injury.incapacitated @clause:unknown.enemy.target.nearest-preferred @clause:unknown.turn.enemy-movement
  Scenario: Enemies ignore an incapacitated survivor
    Given the map:
      | scrap #Y @yellow | beast #lair !beast:b1 | food #mid | ammo @green |
    And yellow is incapacitated
    And green has had its turn
    And it is yellow's turn with 0 AP
    And the base holds 3 food
    When yellow ends the turn
    Then round 2 is under way
    And b1 stands on #mid
    And yellow is incapacitated
    And green is healthy

  # No figure: a stunned brute two tiles from the survivor does not move in enemy movement; it
  # recovers in enemy main.
  @clause:unknown.injury.stunned @clause:unknown.enemy.stunned-passive @clause:unknown.turn.enemy-main
  Scenario: A stunned enemy does not move, then recovers
    Given the map:
      | scrap @yellow | food | brute #lair !brute:k1 |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow ends the turn
    Then round 2 is under way
    And k1 stands on #lair
    And k1 is not stunned
