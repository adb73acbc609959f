# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow gathers ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "yellow may gather exactly: R from A and B; ..." lists every legal gather (resource, sources).
@unknown
Feature: Gather
  One gather takes one kind of resource from any number of tiles and tokens within range 1:
  each gatherable tile (resource icons, no clear cost) gives its icon's resource and is flipped
  over as cleared; loose tokens of that resource are picked up.

  # Missing figure. Assumed: the survivor on an already gathered tile in the middle of a plus:
  # food tile west, bunker north, ammo tile east, spawn pit south, each at range 1 and in line of
  # sight. The bunker's icon is food or ammo (one of them per gather).
  @example:unknown.example.gather-bunker @clause:unknown.action.gather @clause:unknown.action.gather.same-resource @clause:unknown.action.gather.eligible @clause:unknown.gatherable.multi
  Scenario: Every gather the survivor may make among the bunker, food, ammo and spawn pit
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    Then yellow may gather exactly: food from #food; food from #bunker; food from #bunker and #food; ammo from #ammo; ammo from #bunker; ammo from #ammo and #bunker

  @example:unknown.example.gather-bunker @clause:unknown.action.gather @clause:unknown.action.gather.same-resource @clause:unknown.action.gather.flip
  Scenario: 2 food from the bunker and the food tile in one gather
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    When yellow gathers food from #bunker and #food
    Then yellow carries 2 food
    And yellow has 2 AP left
    And #bunker is cleared
    And #food is cleared
    And #ammo is not cleared
    And #pit is not cleared
    And the events include "action" citing unknown.action.gather

  @example:unknown.example.gather-bunker @clause:unknown.action.gather.same-resource @clause:unknown.action.gather.flip @clause:unknown.gatherable.multi
  Scenario: 2 ammo from the ammo tile and the bunker in one gather
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    When yellow gathers ammo from #ammo and #bunker
    Then yellow carries 2 ammo
    And #bunker is cleared
    And #ammo is cleared
    And #food is not cleared

  @example:unknown.example.gather-bunker @clause:unknown.action.gather.eligible @clause:unknown.tile.clear-requirement
  Scenario: The spawn pit has a clear cost and cannot be gathered
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    When yellow tries to gather food from #pit
    Then the action is refused citing unknown.action.gather.eligible
    When yellow tries to gather food from #food and #pit
    Then the action is refused citing unknown.action.gather.eligible

  @example:unknown.example.gather-bunker @clause:unknown.action.gather.same-resource @clause:unknown.action.gather
  Scenario: Food and ammo cannot be gathered in one action
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    When yellow tries to gather food from #food and #ammo
    Then the action is refused citing unknown.action.gather.same-resource

  # Same assumed figure: once the bunker gave food it is cleared; its icon gives one resource,
  # never both.
  # The first gather flipped the bunker; a cleared tile has nothing left to gather.
  @example:unknown.example.gather-bunker @clause:unknown.gatherable.multi @clause:unknown.action.gather.flip @clause:unknown.action.clear.loses-effects
  Scenario: The bunker gives food or ammo, not both
    Given the map:
      | .          | bunker #bunker              | .          |
      | food #food | scrap #here cleared @yellow | ammo #ammo |
      | .          | spawn_pit #pit              | .          |
    And it is yellow's turn with 3 AP
    When yellow gathers food from #bunker
    Then yellow carries 1 food
    When yellow tries to gather ammo from #bunker
    Then the action is refused citing unknown.action.clear.loses-effects
    And yellow may gather exactly: food from #food; ammo from #ammo

  # No figure: a food token lies on the survivor's own tile, two more on the (uncleared) ammo
  # tile. Gathering food takes the tokens and the food tile; the ammo tile keeps its ammo and is
  # not flipped, because it was not gathered for its own resource.
  @clause:unknown.action.gather.tokens @clause:unknown.action.gather.same-resource @clause:unknown.action.gather.flip
  Scenario: Loose tokens are gathered with tiles of the same resource
    Given the map:
      | food #food | scrap #here cleared @yellow +food | ammo #ammo +food*2 |
    And it is yellow's turn with 3 AP
    When yellow gathers food from #here, #food and #ammo
    Then yellow carries 4 food
    And #here holds 0 food tokens
    And #ammo holds 0 food tokens
    And #ammo is not cleared
    And #food is cleared
    And yellow has 2 AP left

  # Same map: the tokens count as sources of food, so they widen the gathers on offer.
  @clause:unknown.action.gather.tokens @clause:unknown.action.gather.same-resource
  Scenario: Every gather on offer when tokens lie about
    Given the map:
      | food #food | scrap #here cleared @yellow +food | ammo #ammo +food*2 |
    And it is yellow's turn with 3 AP
    Then yellow may gather exactly: food from #here; food from #food; food from #ammo; food from #here and #food; food from #here and #ammo; food from #food and #ammo; food from #here, #food and #ammo; ammo from #ammo

  # No figure: the food tile is two tiles away.
  # Reach (range 1, line of sight) is the default rule of every action, as for traps.
  @clause:unknown.action.defaults @clause:unknown.action.gather
  Scenario: Only tiles within range 1 can be gathered
    Given the map:
      | scrap @yellow cleared | ammo cleared | food #far |
    And it is yellow's turn with 3 AP
    When yellow tries to gather food from #far
    Then the action is refused citing unknown.action.defaults

  @clause:unknown.action.enemy-occupied @clause:unknown.enemy.blocks-interaction
  Scenario: A tile an enemy occupies cannot be gathered
    Given the map:
      | scrap @yellow cleared | food #food !beast:b1 |
    And it is yellow's turn with 3 AP
    When yellow tries to gather food from #food
    Then the action is refused citing unknown.action.enemy-occupied

  # No figure: Broken has no resource icon.
  @clause:unknown.action.gather.eligible
  Scenario: A tile without resource icons has nothing to gather
    Given the map:
      | scrap @yellow cleared | broken #broken |
    And it is yellow's turn with 3 AP
    When yellow tries to gather food from #broken
    Then the action is refused citing unknown.action.gather.eligible

  @clause:unknown.survivor-card.unlimited-carry @clause:unknown.action.gather
  Scenario: There is no limit to what a survivor carries
    Given the map:
      | scrap @yellow cleared | food #food |
    And it is yellow's turn with 3 AP
    And yellow carries 9 food and 7 scrap
    When yellow gathers food from #food
    Then yellow carries 10 food and 7 scrap
