# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow clears ..." must be accepted; "When yellow tries to clear ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing. X is one
# clause: where several state the same prohibition, the one whose rule forbids the decision.
@unknown
Feature: Clear Tile
  Clearing flips a tile that has a requirement to clear once the requirement is paid, gives the
  tile's gatherable resources at no extra action, gathers nothing else, and ends the tile's
  effects while leaving whatever stands or lies on it.

  # Missing figure. Assumed: the survivor stands on an already gathered (cleared) tile; the spawn
  # pit is west of him, the stranger lair north and the food tile east, all at range 1 and in
  # line of sight. No stranger stands on its lair and no monster on the pit (an occupied tile
  # could not be cleared or gathered at all). The spawn pit costs 2 scrap and gives 1 food.
  @example:unknown.example.clear-spawn-pit @clause:unknown.action.clear @clause:unknown.action.clear.gain @clause:unknown.action.clear.not-gather @clause:unknown.tile.clear-requirement @clause:unknown.action.defaults
  Scenario: Paying 2 scrap and 1 AP closes the spawn pit for 1 food, and nothing else
    Given the map:
      | .              | stranger #stranger          | .          |
      | spawn_pit #pit | scrap #here cleared @yellow | food #food |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #pit
    Then #pit is cleared
    And yellow carries 1 food
    And yellow has 2 AP left
    And #food is not cleared
    And #stranger is not cleared
    And the events include "action" citing unknown.action.clear

  # Same assumed figure. Under the reading that Clear Tile only flips tiles with a requirement to
  # clear, the food tile (no requirement) cannot be cleared; only a gather takes it.
  @example:unknown.example.clear-spawn-pit @clause:unknown.action.clear @clause:unknown.action.clear.not-gather @interpretation:clear-without-requirement
  Scenario: Under requirement-only, a tile without a requirement to clear is not cleared by the clear action
    Given the reading "clear-without-requirement" is "requirement-only"
    And the map:
      | .              | stranger #stranger          | .          |
      | spawn_pit #pit | scrap #here cleared @yellow | food #food |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow tries to clear #food
    Then the action is refused citing unknown.action.clear

  # Same assumed figure. Read as allowed, any tile with gatherable resources may be
  # cleared: the food tile flips for free and its food goes to yellow, and being a clear, not a
  # gather, nothing else is picked up (unknown.action.clear.not-gather).
  @example:unknown.example.clear-spawn-pit @clause:unknown.action.clear @clause:unknown.action.clear.gain @interpretation:clear-without-requirement
  Scenario: Under allowed, a gatherable tile may be cleared for its resources
    Given the reading "clear-without-requirement" is "allowed"
    And the map:
      | .              | stranger #stranger          | .          |
      | spawn_pit #pit | scrap #here cleared @yellow | food #food |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #food
    Then #food is cleared
    And yellow carries 2 scrap and 1 food
    And #pit is not cleared
    And yellow has 2 AP left

  # Same assumed figure, one scrap short.
  # What must be paid before the flip is the tile's requirement to clear.
  @example:unknown.example.clear-spawn-pit @clause:unknown.action.clear @clause:unknown.tile.clear-requirement
  Scenario: The requirement must be paid in full
    Given the map:
      | .              | stranger #stranger          | .          |
      | spawn_pit #pit | scrap #here cleared @yellow | food #food |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap and 3 food
    When yellow tries to clear #pit
    Then the action is refused citing unknown.tile.clear-requirement

  # No figure: the pit is two tiles away (the default reach of an action is range 1).
  @clause:unknown.action.defaults @clause:unknown.action.clear
  Scenario: A tile out of reach cannot be cleared
    Given the map:
      | spawn_pit #pit | food | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow tries to clear #pit
    Then the action is refused citing unknown.action.defaults

  # No figure: a monster stands on the pit.
  @clause:unknown.action.enemy-occupied @clause:unknown.enemy.blocks-interaction
  Scenario: A tile an enemy occupies cannot be cleared
    Given the map:
      | spawn_pit #pit !monster:m1 | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow tries to clear #pit
    Then the action is refused citing unknown.action.enemy-occupied

  # No figure: the enemy on the pit is a stunned brute, and stunned enemies do not stop anyone
  # interacting with their tile. The brute stays where it is.
  @clause:unknown.enemy.stunned-passive @clause:unknown.action.enemy-occupied @clause:unknown.action.clear.contents-stay
  Scenario: A stunned enemy does not stop the clear
    Given the map:
      | spawn_pit #pit !brute:k1 | scrap @yellow |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #pit
    Then #pit is cleared
    And yellow carries 1 food
    And k1 stands on #pit

  # No figure: Broken is a hazard with no clear cost and nothing to gather.
  # Broken is a hazard, so the hazard rule refuses it rather than the general one.
  @clause:unknown.tile.unclearable @clause:unknown.hazard.no-clear-cost
  Scenario: A tile with neither a requirement to clear nor resources cannot be cleared
    Given the map:
      | broken #broken | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap and 2 medicine
    When yellow tries to clear #broken
    Then the action is refused citing unknown.hazard.no-clear-cost

  # No figure: the pit was cleared earlier; a cleared tile has lost its requirement with every
  # other ability, so there is nothing left to clear.
  @clause:unknown.action.clear @clause:unknown.action.clear.loses-effects
  Scenario: A cleared tile cannot be cleared again
    Given the map:
      | spawn_pit #pit cleared | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow tries to clear #pit
    Then the action is refused citing unknown.action.clear.loses-effects

  # No figure: green stands on the pit and a scrap token lies there. Both stay after the clear,
  # and the token is not gathered with it.
  @clause:unknown.action.clear.contents-stay @clause:unknown.action.clear.not-gather @clause:unknown.action.clear.gain
  Scenario: Tokens and survivors on a cleared tile stay there
    Given the map:
      | spawn_pit #pit +scrap @green | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #pit
    Then #pit is cleared
    And #pit holds 1 scrap token
    And green stands on #pit
    And yellow carries 1 food

  # No figure: a bridge (impassable, cleared for 2 scrap) lies between the survivor and the food
  # tile. The rules let a bridge be cleared, and a survivor can never stand on it, so it must be
  # clearable from the next tile. Once cleared it is passable and the survivor walks onto it.
  @clause:unknown.hazard.bridge.clear @clause:unknown.action.clear @clause:unknown.action.clear.loses-effects @clause:unknown.hazard.impassable-persists @clause:unknown.action.move
  Scenario: A bridge is cleared from the next tile and can then be crossed
    Given the map:
      | scrap @yellow | bridge #bridge | food |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #bridge
    Then #bridge is cleared
    And yellow carries nothing
    And yellow has 2 AP left
    When yellow moves east
    Then yellow stands on #bridge
    And yellow has 1 AP left

  # The same bridge under each reading of impassable targets. Read as reachable, the bridge's own
  # impassability does not keep it out of reach of the survivor next to it.
  @clause:unknown.hazard.bridge.clear @clause:unknown.action.defaults @interpretation:impassable-tile-target
  Scenario: Read as reachable, a bridge next to the survivor may be cleared
    Given the map:
      | scrap @yellow | bridge #bridge | food |
    And the reading "impassable-tile-target" is "reachable"
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow clears #bridge
    Then #bridge is cleared

  # Read as blocked, sight never enters the impassable bridge, so the survivor next to it cannot
  # reach it, and nobody can stand on it: it cannot be cleared.
  @clause:unknown.hazard.bridge.clear @clause:unknown.action.defaults @interpretation:impassable-tile-target
  Scenario: Read as blocked, a bridge next to the survivor is out of reach
    Given the map:
      | scrap @yellow | bridge #bridge | food |
    And the reading "impassable-tile-target" is "blocked"
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow tries to clear #bridge
    Then the action is refused citing unknown.action.defaults

  # Same bridge, before it is cleared: it is impassable.
  @clause:unknown.hazard.impassable-persists @clause:unknown.action.move.impassable
  Scenario: An uncleared bridge cannot be entered
    Given the map:
      | scrap @yellow | bridge #bridge | food |
    And it is yellow's turn with 3 AP
    When yellow tries to move east
    Then the action is refused citing unknown.action.move.impassable

  # No figure: an empty spawn pit next to the survivor; the only survivor ends the turn, so the
  # round runs on. An uncleared pit spawns a monster in enemy upkeep (its continuing effect); a
  # cleared one has lost that effect. Base has food for upkeep.
  @clause:unknown.action.clear.loses-effects @clause:unknown.effect.continuing @clause:unknown.turn.enemy-upkeep
  Scenario: A cleared spawn pit spawns nothing any more
    Given the map:
      | base | scrap @yellow | spawn_pit #pit |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    And the base holds 3 food
    When yellow clears #pit
    And yellow ends the turn
    Then round 2 is under way
    And no enemy stands on #pit

  @clause:unknown.effect.continuing.repeating-spawn @clause:unknown.turn.enemy-upkeep @clause:unknown.action.clear.loses-effects
  Scenario: An uncleared spawn pit spawns a monster in enemy upkeep
    Given the map:
      | base | scrap @yellow | spawn_pit #pit |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow ends the turn
    Then round 2 is under way
    And a monster stands on #pit
