# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
@unknown
Feature: Explore
  A new tile goes on an empty spot orthogonally next to the exploring survivor, never where it
  would complete a 2x2 square of tiles; with no such spot the survivor may not explore.

  # Missing figure. Assumed: the quick-start opening — base with its four resource tiles around
  # it — and the survivor on the scrap tile east of base. Up or down would complete a 2x2 square
  # with base and the food or ammo tile; west is base itself; only east is free.
  @example:unknown.example.explore-2x2 @clause:unknown.action.explore.adjacent @clause:unknown.action.explore.no-2x2
  Scenario: The survivor cannot explore up or down
    Given the map:
      | .        | food | .             |
      | medicine | base | scrap @yellow |
      | .        | ammo | .             |
    Then yellow may explore exactly at: 3,1

  # No figure: an H of tiles; yellow on base in the middle, both sides taken, up and down each
  # completing a square.
  @clause:unknown.action.explore.needs-placement @clause:unknown.action.explore.no-2x2
  Scenario: A survivor with no valid placement may not explore
    Given the map:
      | food     | .            | ammo   |
      | medicine | base @yellow | scrap  |
      | lab      | .            | bunker |
    Then yellow may not explore

  # No figure: a lone pair of tiles; every empty orthogonal neighbour counts, diagonals never.
  @clause:unknown.action.explore.adjacent @clause:unknown.action.move.no-diagonal
  Scenario: Every empty orthogonal spot next to the survivor is a placement
    Given the map:
      | base @yellow | food |
    Then yellow may explore exactly at: -1,0 and 0,1 and 0,-1

  # No figure: three tiles of a square already placed, one of them impassable; the fourth spot is
  # still forbidden, because the rule counts tiles, whatever they are.
  @clause:unknown.action.explore.no-2x2 @clause:unknown.action.explore.adjacent
  Scenario: Impassable tiles count towards a 2x2 square
    Given the map:
      | blocked | .             |
      | base    | scrap @yellow |
    Then yellow may explore exactly at: 2,0 and 1,-1

  # No figure: yellow stands on a food tile walled in by Irradiated tiles on three sides, cut off
  # from base; the only spot she can explore is east. A Blocked tile there would leave her unable
  # both to get home and to explore again, so it goes back into the stack, which is shuffled, and
  # a tile is drawn again: this time a food tile, which leaves her a way on. It is placed, and
  # nothing more is waiting to be placed.
  @clause:unknown.action.explore.redraw @clause:unknown.action.explore.adjacent
  Scenario: A drawn tile that would strand a survivor wherever it goes is shuffled back and another drawn
    Given the map:
      | .          | .          | irradiated   | . |
      | base #base | irradiated | food @yellow | . |
      | .          | .          | irradiated   | . |
    And the tile stack is: blocked, food
    And it is yellow's turn with 3 AP
    When yellow starts to explore
    Then an event cites unknown.action.explore.redraw
    And the tile drawn is one of exactly: blocked, food, equally likely
    When the tile drawn is food
    And the players place the tile at 3,1
    Then 3,1 is a food tile
    And yellow has 2 AP left
    And yellow may take actions
