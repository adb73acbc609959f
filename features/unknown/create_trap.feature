# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow sets ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
@unknown
Feature: Create Trap
  One food and one scrap make a trap, set at once on a tile within range 1 or kept to be set
  later for 1 AP. A trap waits until an enemy enters or spawns on its tile, deals it 1 damage and
  is spent. Traps may be picked up by gathering or trading, never turned back into resources,
  and never set on an impassable tile.

  # Missing figure. Assumed: a row — base, the survivor's tile (#S), the beast on its lair next
  # to him. The beast (speed 1, targets survivors) steps onto #S in the enemy movement phase.
  @example:unknown.example.trap-beast @clause:unknown.action.create-trap @clause:unknown.action.defaults
  Scenario: The survivor sets a trap on his own tile
    Given the map:
      | base | scrap #S @yellow | beast #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food, 1 scrap and 1 ammo
    When yellow sets a trap on #S
    Then #S holds 1 trap token
    And yellow carries 1 ammo
    And yellow has 2 AP left
    And the events include "action" citing unknown.action.create-trap

  # Same assumed figure. The trap's 1 damage kills the beast (1 health) as it enters, so there is
  # no close combat and the survivor is unhurt.
  @example:unknown.example.trap-beast @clause:unknown.trap.trigger @clause:unknown.enemy.obstructed.trap @clause:unknown.combat.obstacles-first
  Scenario: The beast entering the trapped tile takes 1 damage and the trap is gone
    Given the map:
      | base | scrap #S @yellow | beast #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    And the base holds 3 food
    When yellow sets a trap on #S
    And yellow ends the turn
    Then round 2 is under way
    And there is no b1 on the map
    And #S holds 0 trap tokens
    And yellow is healthy

  # No figure: an empty spawn pit with a trap on it. The monster it spawns in enemy upkeep takes
  # the trap's damage (1 health: killed) and the trap is spent.
  @clause:unknown.trap.trigger @clause:unknown.effect.continuing.repeating-spawn
  Scenario: An enemy spawning on a trap sets it off
    Given the map:
      | base | scrap @yellow | spawn_pit #pit +trap |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow ends the turn
    Then round 2 is under way
    And no enemy stands on #pit
    And #pit holds 0 trap tokens

  # No figure: a trap waits for an enemy; a survivor walking onto it sets nothing off.
  @clause:unknown.trap.trigger
  Scenario: A survivor entering a trapped tile does not set the trap off
    Given the map:
      | scrap @yellow | food #E +trap |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #E
    And #E holds 1 trap token
    And yellow is healthy

  @clause:unknown.action.create-trap
  Scenario: A trap may be made to carry
    Given the map:
      | base | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    When yellow makes a trap to carry
    Then yellow carries 1 trap
    And yellow has 2 AP left

  @clause:unknown.action.create-trap.place-later
  Scenario: A carried trap is set later for 1 AP
    Given the map:
      | base | scrap @yellow | food #E |
    And it is yellow's turn with 3 AP
    And yellow carries 1 trap
    When yellow places a carried trap on #E
    Then #E holds 1 trap token
    And yellow carries nothing
    And yellow has 2 AP left

  @clause:unknown.action.create-trap.place-later
  Scenario: Without a carried trap there is nothing to set
    Given the map:
      | base | scrap @yellow | food #E |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    When yellow tries to place a carried trap on #E
    Then the action is refused citing unknown.action.create-trap.place-later

  @clause:unknown.action.create-trap
  Scenario Outline: A trap needs both 1 food and 1 scrap
    Given the map:
      | base | scrap #S @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries <goods>
    When yellow tries to set a trap on #S
    Then the action is refused citing unknown.action.create-trap

    Examples:
      | goods             |
      | 2 scrap           |
      | 2 food            |
      | 2 ammo and 2 food |

  # No figure: Blocked (impassable) lies west, a tile holding a barrier east.
  @clause:unknown.trap.no-impassable @clause:unknown.barrier.impassable
  Scenario: Traps cannot be set on impassable tiles or tiles holding barriers
    Given the map:
      | blocked #wall | scrap @yellow | food +barrier #fence |
    And it is yellow's turn with 3 AP
    And yellow carries 2 food and 2 scrap
    When yellow tries to set a trap on #wall
    Then the action is refused citing unknown.trap.no-impassable
    When yellow tries to set a trap on #fence
    Then the action is refused citing unknown.trap.no-impassable

  @clause:unknown.action.defaults @clause:unknown.action.create-trap
  Scenario: A trap is set within range 1
    Given the map:
      | scrap @yellow | food | ammo #far |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    When yellow tries to set a trap on #far
    Then the action is refused citing unknown.action.defaults

  @clause:unknown.action.enemy-occupied @clause:unknown.enemy.blocks-interaction
  Scenario: A trap cannot be set on a tile an enemy occupies
    Given the map:
      | scrap @yellow | food #E !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    When yellow tries to set a trap on #E
    Then the action is refused citing unknown.action.enemy-occupied

  # No figure: a set trap lies on the cleared tile east.
  @clause:unknown.trap.pickup @clause:unknown.action.gather.tokens
  Scenario: A trap may be picked up by a gather
    Given the map:
      | scrap @yellow | food #E cleared +trap |
    And it is yellow's turn with 3 AP
    When yellow gathers trap from #E
    Then yellow carries 1 trap
    And #E holds 0 trap tokens
    And yellow has 2 AP left

  @clause:unknown.trap.pickup @clause:unknown.action.trade.transfer
  Scenario: A trap may be picked up by a trade
    Given the map:
      | scrap @yellow | food #E +trap |
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 1 trap from #E to yellow
    And the trade is finished
    Then yellow carries 1 trap
    And #E holds 0 trap tokens
    And #E is not cleared
    And yellow has 2 AP left

  # No figure: the survivor stands on base with a trap and a food. Exchanges trade resource
  # tokens, and a trap may not be broken back down into resources.
  # Base swaps any 2 tokens, so it is the trap's own rule that keeps it from becoming resources.
  @clause:unknown.trap.pickup @clause:unknown.exchange.trade-action
  Scenario: A trap cannot be turned back into resources
    Given the map:
      | base #base @yellow | scrap |
    And it is yellow's turn with 3 AP
    And yellow carries 1 trap and 1 food
    When yellow starts a trade
    And the trade tries to exchange 1 trap and 1 food for 1 scrap at #base
    Then the action is refused citing unknown.trap.pickup
