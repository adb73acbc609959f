# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow creates ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "When the players assign the damage: ..." applies the players' assignment of one round of close
# combat; when only one assignment is possible the engine may settle it by itself.
@unknown
Feature: Create Armor
  Two scrap make an armor token that the survivor carries. Each armor token stops 1 damage of
  any source, spent before the survivor's health; armor may be traded and carried without limit.

  # No figure.
  @clause:unknown.action.create-armor @clause:unknown.action.defaults
  Scenario: Two scrap become an armor token on the survivor's card
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap and 1 food
    When yellow creates armor
    Then yellow carries 1 armor and 1 food
    And yellow has 2 AP left
    And the events include "action" citing unknown.action.create-armor

  @clause:unknown.action.create-armor
  Scenario: One scrap is not enough
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap and 2 food
    When yellow tries to create armor
    Then the action is refused citing unknown.action.create-armor

  @clause:unknown.action.create-armor.trade-carry @clause:unknown.action.repeatable @clause:unknown.survivor-card.unlimited-carry
  Scenario: A survivor may make and carry several armor tokens
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 4 scrap and 1 armor
    When yellow creates armor
    And yellow creates armor
    Then yellow carries 3 armor
    And yellow has 1 AP left

  # No figure: the survivor wears 1 armor and moves onto a beast (1 health). Each deals 1 damage:
  # the beast dies and its hit is stopped by the armor, so the survivor stays healthy and loses
  # no AP to injury; the move cost 1 AP and the fight nothing more.
  @clause:unknown.action.create-armor.absorb @clause:unknown.action.move.combat @clause:unknown.combat.damage-dealt
  Scenario: Armor stops a close-combat hit
    Given the map:
      | scrap @yellow | beast #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 armor
    When yellow moves east
    Then no damage assignment is asked for
    And there is no b1 on the map
    And yellow is healthy
    And yellow carries nothing
    And yellow has 2 AP left
    And an event cites unknown.action.create-armor.absorb

  # No figure: the survivor wears 2 armor and moves onto a tile with two beasts. First round: she
  # deals 1 damage (the players pick which beast), the two beasts deal 2, both stopped by the
  # armor. Second round: she kills the other beast and its hit finds no armor left, so she is
  # injured (1 AP: 3 - 1 for the move - 1 for becoming injured). Three hits, one step of health:
  # the armor took the first two. (The second round has one possible assignment, which the engine
  # settles by itself: no assignment is asked for.)
  @clause:unknown.action.create-armor.absorb @clause:unknown.combat.damage-received @clause:unknown.combat.repeat @clause:unknown.injury.ap-cost
  Scenario: Armor is spent first, then health
    Given the map:
      | scrap @yellow | beast #lair !beast:b1 !beast:b2 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 armor
    When yellow moves east
    Then the players may assign the damage exactly as: yellow 2 and b1 1; yellow 2 and b2 1
    When the players assign the damage: yellow 2 and b1 1
    Then no damage assignment is asked for
    And there is no b1 on the map
    And there is no b2 on the map
    And yellow carries nothing
    And yellow is injured
    And yellow has 1 AP left

  # No figure: armor changes hands in a trade like any token.
  @clause:unknown.action.create-armor.trade-carry @clause:unknown.action.trade.transfer
  Scenario: Armor may be traded
    Given the map:
      | scrap @yellow | food @green |
    And it is yellow's turn with 3 AP
    And yellow carries 1 armor
    When yellow starts a trade
    And the trade moves 1 armor from yellow to green
    And the trade is finished
    Then green carries 1 armor
    And yellow carries nothing
    And yellow has 2 AP left
