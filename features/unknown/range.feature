# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
@unknown
Feature: Range
  Range is the fewest orthogonal moves from one thing to another over explored, passable tiles.

  # Missing figure. The impassable tile cannot be the bottom-right corner of the whole map: tile
  # grids are two-coloured like a chess board, so going round a tile adds 2, 4, ... moves, and a
  # range of 5 needs a way of 3 moves through the impassable tile; a corner tile touches only its
  # left and upper neighbours, and on a map without a 2x2 square no tile on the left edge above
  # the bottom row is 3 moves from anything by way of that corner (a search of small maps agrees).
  # We therefore read "lower right" as the lowest tile of the right-hand column, and "left middle"
  # as the middle tile of the left-hand column (five tiles high). The survivor stands just above
  # the impassable Bridge; the long way runs over the top row.
  @example:unknown.example.range-impassable-detour @clause:unknown.range @clause:unknown.tile.impassable
  Scenario: The impassable lower-right tile sends the range the long way round
    Given the map:
      | scrap       | ammo   | medicine          |
      | food        | .      | bunker @yellow    |
      | lab #middle | market | bridge #lower     |
      | workshop    | .      | .                 |
      | base        | .      | .                 |
    Then the range from yellow to #middle is 5
    And the range from #middle to yellow is 5

  # Same assumed figure; the bridge has been cleared (it costs 2 scrap), which ends its
  # impassability, so the short way through it opens.
  @example:unknown.example.range-impassable-detour @clause:unknown.range @clause:unknown.hazard.impassable-persists @clause:unknown.action.clear.loses-effects
  Scenario: With the lower-right tile passable the survivor would be closer
    Given the map:
      | scrap       | ammo   | medicine              |
      | food        | .      | bunker @yellow        |
      | lab #middle | market | bridge #lower cleared |
      | workshop    | .      | .                     |
      | base        | .      | .                     |
    Then the range from yellow to #middle is 3
    And the range from #middle to yellow is 3

  # No figure: a small L of three tiles.
  @clause:unknown.range @clause:unknown.action.move.no-diagonal
  Scenario: A diagonal neighbour is two moves away
    Given the map:
      | food    | scrap #corner |
      | base @yellow | .        |
    Then the range from yellow to #corner is 2
    And the range from yellow to yellow is 0

  # No figure: the middle spot of the bottom row is unexplored, so the range walks over the top row.
  @clause:unknown.range
  Scenario: Range only crosses explored tiles
    Given the map:
      | food         | scrap | ammo              |
      | base @yellow | .     | medicine !beast:b1 |
    Then the range from yellow to b1 is 4

  # No figure: two groups of tiles with nothing explored between them.
  @clause:unknown.range
  Scenario: There is no range to a tile that cannot be reached
    Given the map:
      | base @yellow | . | food #island |
    Then there is no range from yellow to #island
    And there is no range from #island to yellow

  # No figure: a ring of eight tiles round an unexplored middle; a barrier on the short way.
  @clause:unknown.range @clause:unknown.barrier.impassable
  Scenario: Range goes round a barrier
    Given the map:
      | food         | scrap                  | ammo      |
      | medicine     | .                      | lab       |
      | base @yellow | workshop +barrier #wall | bunker #x |
    Then the range from yellow to #x is 6

  # Same ring without the barrier: the short way is open.
  @clause:unknown.range
  Scenario: Without the barrier the short way is open
    Given the map:
      | food         | scrap          | ammo      |
      | medicine     | .              | lab       |
      | base @yellow | workshop #wall | bunker #x |
    Then the range from yellow to #x is 2

  # No figure: the same ring; green stands on the barrier tile (barriers may go under survivors).
  # Reading "exempt": only the tiles between the two ends must be passable.
  @interpretation:range-endpoints @clause:unknown.range @clause:unknown.barrier.impassable @clause:unknown.action.create-barriers.placement
  Scenario: Range to a barrier tile exists when only the tiles between must be passable
    Given the map:
      | food         | scrap                          | ammo      |
      | medicine     | .                              | lab       |
      | base @yellow | workshop +barrier @green #wall | bunker #x |
    And the reading "range-endpoints" is "exempt"
    Then the range from yellow to #wall is 1
    And the range from yellow to green is 1
    And the range from green to #x is 1
    And the range from green to yellow is 1

  # Same map, reading "target-passable": the far end must be passable too; the start need not be.
  @interpretation:range-endpoints @clause:unknown.range @clause:unknown.barrier.impassable @clause:unknown.action.create-barriers.placement
  Scenario: Range to a barrier tile does not exist when the far end must be passable
    Given the map:
      | food         | scrap                          | ammo      |
      | medicine     | .                              | lab       |
      | base @yellow | workshop +barrier @green #wall | bunker #x |
    And the reading "range-endpoints" is "target-passable"
    Then there is no range from yellow to #wall
    And there is no range from yellow to green
    And the range from green to #x is 1
    And the range from green to yellow is 1
