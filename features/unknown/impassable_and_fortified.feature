# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
@unknown
Feature: Impassable and fortified tiles
  Nothing may enter an impassable tile and it blocks line of sight until it is cleared. A fortified
  tile such as base lets line of sight out but not in or across.

  # Missing figure. Assumed: a row of three tiles — the survivor's tile, a Blocked hazard (the
  # nearest hazard tile, so the animal lair's second animal spawned there), and the Animal lair
  # with the first animal. The lair's only other neighbour is the tile below it ("may only move
  # down"); the survivor's tile also touches base below it. Nothing else is near.
  @example:unknown.example.impassable-animals @clause:unknown.tile.impassable @clause:unknown.tile.impassable.los @clause:unknown.tile.impassable.spawn-exit @clause:unknown.los.straight-line
  Scenario: The impassable tile keeps the survivor from both animals
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    Then yellow has no line of sight to a2
    And yellow has no line of sight to a1
    And yellow has no line of sight to #hazard
    And the range from a2 to #near is 1
    And the range from a2 to #lair is 1
    And the range from a1 to #below is 1
    And there is no range from a1 to yellow
    And there is no range from yellow to a1

  # Same assumed figure. Reading "exempt": a range to the impassable tile itself exists (it is a
  # measure, not a move); entering is still forbidden, which the knockback scenarios check.
  @example:unknown.example.impassable-animals @interpretation:range-endpoints @clause:unknown.range @clause:unknown.tile.impassable
  Scenario: The range to the impassable tile when only the tiles between must be passable
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    And the reading "range-endpoints" is "exempt"
    Then the range from yellow to #hazard is 1
    And the range from yellow to a2 is 1
    And the range from a1 to #hazard is 1
    And the range from a2 to yellow is 1

  # Same assumed figure. Reading "target-passable": a tile nobody may enter has no range, so
  # neither the survivor nor the lair's animal reaches it; the animal on it still may leave.
  @example:unknown.example.impassable-animals @interpretation:range-endpoints @clause:unknown.range @clause:unknown.tile.impassable @clause:unknown.tile.impassable.spawn-exit
  Scenario: No range to the impassable tile when the far end must be passable
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    And the reading "range-endpoints" is "target-passable"
    Then there is no range from yellow to #hazard
    And there is no range from yellow to a2
    And there is no range from a1 to #hazard
    And the range from a2 to yellow is 1
    And the range from a2 to #lair is 1

  # Same assumed figure. Reading "blocked": the animal standing on the impassable tile cannot see
  # out of it either.
  @example:unknown.example.impassable-animals @interpretation:los-impassable-origin @clause:unknown.tile.impassable.los @clause:unknown.los.straight-line
  Scenario: The animal on the impassable tile sees nothing when the origin must be passable
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    And the reading "los-impassable-origin" is "blocked"
    Then a2 has no line of sight to yellow
    And a2 has no line of sight to #lair
    And yellow has no line of sight to a2

  # Same assumed figure. Reading "origin-sees": it sees out, but nothing sees in.
  @example:unknown.example.impassable-animals @interpretation:los-impassable-origin @clause:unknown.tile.impassable.los @clause:unknown.los.straight-line
  Scenario: The animal on the impassable tile sees out when an impassable origin may see
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    And the reading "los-impassable-origin" is "origin-sees"
    Then a2 has line of sight to yellow
    And a2 has line of sight to #lair
    And yellow has no line of sight to a2
    And a1 has no line of sight to a2

  # Missing figure. Assumed: a row — the Blaze tile, base with the survivor, an empty tile, the
  # stranger on its lair two tiles right of base (so within its Ranged (2) reach). The blaze
  # tokens stopped at base and play no part here.
  @example:unknown.example.fortified-blaze-stranger @clause:unknown.tile.fortified @clause:unknown.los.fortified-origin @clause:unknown.los.fortified-blocks @clause:unknown.enemy.stranger.ranged
  Scenario: The stranger cannot see into base but the survivor sees out
    Given the map:
      | blaze #blaze | base @yellow | food | stranger !stranger:s1 |
    Then the range from s1 to yellow is 2
    And s1 has no line of sight to yellow
    And yellow has line of sight to s1

  # Missing figure (Enemies section). Assumed: a row — the stranger's lair, an empty tile, base
  # with yellow, and green just beyond base. Base blocks the stranger's sight both into it and
  # across it; only the survivor on base can see out to the stranger.
  @example:unknown.example.stranger-fortified-base @clause:unknown.los.fortified-origin @clause:unknown.los.fortified-blocks @clause:unknown.enemy.stranger.ranged @clause:unknown.action.ranged-attack
  Scenario: Base shields the survivors from the stranger's shot
    Given the map:
      | stranger !stranger:s1 | food | base @yellow | ammo @green |
    Then the range from s1 to yellow is 2
    And s1 has no line of sight to yellow
    And s1 has no line of sight to green
    And yellow has line of sight to s1
    And green has no line of sight to s1

  # No figure: a row — yellow, an uncleared Bridge, a beast.
  @clause:unknown.tile.impassable @clause:unknown.tile.impassable.los @clause:unknown.hazard.impassable-persists
  Scenario: An uncleared impassable tile stays impassable
    Given the map:
      | base @yellow | bridge #bridge | food !beast:b1 |
    Then there is no range from yellow to b1
    And yellow has no line of sight to b1

  # No figure: the same row with the Bridge cleared (2 scrap paid): it is an ordinary tile again.
  @clause:unknown.hazard.impassable-persists @clause:unknown.action.clear.loses-effects @clause:unknown.range @clause:unknown.los.straight-line
  Scenario: A cleared impassable tile is passable again
    Given the map:
      | base @yellow | bridge #bridge cleared | food !beast:b1 |
    Then the range from yellow to b1 is 2
    And the range from yellow to #bridge is 1
    And yellow has line of sight to b1
    And b1 has line of sight to #bridge

  # No figure: a row — yellow, a tile with a blaze token, a beast.
  @clause:unknown.hazard.blaze.token-impassable @clause:unknown.range @clause:unknown.los.straight-line
  Scenario: A blaze token makes its tile impassable
    Given the map:
      | base @yellow | food +blaze | ammo !beast:b1 |
    Then there is no range from yellow to b1
    And yellow has no line of sight to b1
