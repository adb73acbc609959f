# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
@unknown
Feature: Line of sight
  Two things see each other along a straight orthogonal line of placed, passable tiles. Sight may
  leave a fortified tile but never enter or cross one; barriers break it.

  # Missing figure. Assumed: the survivor stands on base at (0,0); the stranger stands on its own
  # lair two tiles straight up, at (0,2). The survivor's view to the right stops after one tile
  # because the next tile is impassable (a Blocked hazard; an empty spot would do as well). The
  # stranger's view to the right stops after two tiles because the map ends there. The stranger's
  # view down stops after one tile because the next tile is the fortified base.
  @example:unknown.example.los-fortified-base @clause:unknown.los.straight-line @clause:unknown.los.fortified-origin @clause:unknown.los.fortified-blocks @clause:unknown.tile.impassable.los
  Scenario: The survivor on base sees out, the stranger cannot see in
    Given the map:
      | stranger #lair !stranger:s1 | scrap #scrap | medicine #medicine |
      | ammo #ammo                  | .            | .                  |
      | base #base @yellow          | food #food   | blocked #blocked   |
    Then yellow has line of sight to s1
    And s1 has no line of sight to yellow
    And from yellow there is line of sight to exactly: #base, #food, #ammo and #lair
    And from s1 there is line of sight to exactly: #lair, #scrap, #medicine and #ammo
    And yellow can be seen from exactly: #base
    And s1 can be seen from exactly: #lair, #ammo, #base, #scrap and #medicine

  # No figure: a row of four; the barrier lies between yellow and the beast, green stands beyond.
  @clause:unknown.los.barrier-blocks @clause:unknown.barrier.impassable
  Scenario: A barrier breaks line of sight both ways
    Given the map:
      | scrap @yellow | food +barrier #wall | ammo !beast:b1 | medicine @green |
    Then yellow has no line of sight to b1
    And b1 has no line of sight to yellow
    And yellow has no line of sight to #wall
    And green has line of sight to b1
    And green has no line of sight to yellow

  # No figure: a row of three; pieces on the tiles between do not matter.
  @clause:unknown.los.straight-line
  Scenario: Pieces do not block line of sight
    Given the map:
      | scrap @yellow | food @green | ammo !beast:b1 |
    Then yellow has line of sight to b1
    And b1 has line of sight to yellow

  # No figure: an L of three tiles; the beast is diagonal to yellow.
  @clause:unknown.los.straight-line @clause:unknown.action.move.no-diagonal
  Scenario: No line of sight diagonally or round a bend
    Given the map:
      | .             | food !beast:b1 |
      | scrap @yellow | ammo           |
    Then yellow has no line of sight to b1
    And b1 has no line of sight to yellow
    And the range from yellow to b1 is 2

  # No figure: the spot between yellow and the beast is unexplored; a way round exists on top.
  # Sight runs only over placed tiles, so it reaches neither across the gap nor into it.
  @clause:unknown.los.straight-line
  Scenario: No line of sight across an unexplored spot
    Given the map:
      | food         | scrap | ammo               |
      | base @yellow | .     | medicine !beast:b1 |
    Then yellow has no line of sight to b1
    And b1 has no line of sight to yellow
    And yellow has no line of sight to 1,0
    And the range from yellow to b1 is 4

  # No figure: yellow stands on a tile that holds a barrier; the beast is two tiles away in line.
  # Reading "blocked": the tile a line starts on must itself be passable (only fortified is special).
  @interpretation:los-impassable-origin @clause:unknown.los.straight-line @clause:unknown.los.barrier-blocks
  Scenario: A survivor under a barrier sees nothing when the origin must be passable
    Given the map:
      | food +barrier @yellow | scrap | ammo !beast:b1 |
    And the reading "los-impassable-origin" is "blocked"
    Then yellow has no line of sight to b1
    And b1 has no line of sight to yellow

  # Same map, reading "origin-sees": sight may leave an impassable tile, but still not enter one.
  @interpretation:los-impassable-origin @clause:unknown.los.straight-line @clause:unknown.los.barrier-blocks
  Scenario: A survivor under a barrier sees out when an impassable origin may see
    Given the map:
      | food +barrier @yellow | scrap | ammo !beast:b1 |
    And the reading "los-impassable-origin" is "origin-sees"
    Then yellow has line of sight to b1
    And b1 has no line of sight to yellow
