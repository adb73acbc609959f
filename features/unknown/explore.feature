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
