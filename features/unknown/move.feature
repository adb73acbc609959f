# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow moves ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "yellow may move exactly to: ..." lists every spot a move may be made (or tried) onto.
@unknown
Feature: Move / Close Combat
  A move takes the survivor one tile up, down, left or right onto a passable tile. Trying to
  enter a tile with a barrier fails and removes one barrier; entering an enemy's tile starts
  close combat at no extra AP; impassable tiles cannot be entered but may be left.

  # Missing figure. Assumed: the survivor on the bunker; base to his left (#left); the ammo tile
  # diagonally up and right, joined to the map round the top, so neither up nor right of him is
  # a tile; the lab below him (#down) holds a barrier token.
  @example:unknown.example.move-diagonal-barrier @clause:unknown.action.move @clause:unknown.action.move.no-diagonal @clause:unknown.action.move.barrier
  Scenario: Left, or a try at the barrier below; never the diagonal ammo tile
    Given the map:
      | food       | scrap                | medicine   |
      | workshop   | .                    | ammo #ammo |
      | base #left | bunker #here @yellow | .          |
      | .          | lab #down +barrier   | .          |
    And it is yellow's turn with 3 AP
    Then yellow may move exactly to: #left and #down

  @example:unknown.example.move-diagonal-barrier @clause:unknown.action.move
  Scenario: The survivor moves left
    Given the map:
      | food       | scrap                | medicine   |
      | workshop   | .                    | ammo #ammo |
      | base #left | bunker #here @yellow | .          |
      | .          | lab #down +barrier   | .          |
    And it is yellow's turn with 3 AP
    When yellow moves west
    Then yellow stands on #left
    And yellow has 2 AP left
    And the events include "moved" citing unknown.action.move

  @example:unknown.example.move-diagonal-barrier @clause:unknown.action.move.no-diagonal
  Scenario: The diagonal ammo tile is not adjacent
    Given the map:
      | food       | scrap                | medicine   |
      | workshop   | .                    | ammo #ammo |
      | base #left | bunker #here @yellow | .          |
      | .          | lab #down +barrier   | .          |
    And it is yellow's turn with 3 AP
    When yellow tries to move to #ammo
    Then the action is refused citing unknown.action.move.no-diagonal

  # A survivor's move: the Move action's own barrier rule.
  @example:unknown.example.move-diagonal-barrier @clause:unknown.action.move.barrier @clause:unknown.barrier.entry-removes
  Scenario: The move down fails and removes the barrier
    Given the map:
      | food       | scrap                | medicine   |
      | workshop   | .                    | ammo #ammo |
      | base #left | bunker #here @yellow | .          |
      | .          | lab #down +barrier   | .          |
    And it is yellow's turn with 3 AP
    When yellow moves south
    Then yellow stands on #here
    And #down holds 0 barrier tokens
    And yellow has 2 AP left
    And an event cites unknown.action.move.barrier

  # No figure: two barriers below; each try removes one, the third move gets through.
  @clause:unknown.action.move.barrier @clause:unknown.barrier.impassable @clause:unknown.action.repeatable
  Scenario: Each try removes one barrier until the way is open
    Given the map:
      | base #left | bunker #here @yellow |
      | .          | lab #down +barrier*2 |
    And it is yellow's turn with 3 AP
    When yellow moves south
    Then yellow stands on #here
    And #down holds 1 barrier token
    When yellow moves south
    Then yellow stands on #here
    And #down holds 0 barrier tokens
    When yellow moves south
    Then yellow stands on #down
    And yellow has 0 AP left

  # No figure.
  # A survivor's move is refused by the Move action's own impassable rule.
  @clause:unknown.action.move.impassable @clause:unknown.tile.impassable
  Scenario: An impassable tile cannot be entered
    Given the map:
      | base @yellow | blocked #wall |
    And it is yellow's turn with 3 AP
    When yellow tries to move east
    Then the action is refused citing unknown.action.move.impassable
    And yellow may move exactly to: none

  # No figure: nothing has been explored north of the survivor.
  @clause:unknown.action.move
  Scenario: A survivor moves only onto explored tiles
    Given the map:
      | base @yellow | food |
    And it is yellow's turn with 3 AP
    When yellow tries to move north
    Then the action is refused citing unknown.action.move

  # No figure: a barrier was placed on the survivor's own tile; she may leave it.
  @clause:unknown.action.move.impassable @clause:unknown.action.create-barriers.placement
  Scenario: A survivor may leave a tile that has become impassable
    Given the map:
      | food #here +barrier @yellow | scrap #next |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #next
    And #here holds 1 barrier token
    And yellow has 2 AP left

  # No figure: the survivor wears 1 armor, so the beast's hit is absorbed and only the move's AP
  # is spent: the fight itself costs nothing.
  @clause:unknown.action.move.combat @clause:unknown.combat.trigger @clause:unknown.action.create-armor.absorb
  Scenario: Moving onto an enemy starts close combat at no extra AP
    Given the map:
      | scrap @yellow | beast #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 armor
    When yellow moves east
    Then yellow stands on #lair
    And the events include close combat on #lair
    And no damage assignment is asked for
    And there is no b1 on the map
    And yellow is healthy
    And yellow has 2 AP left

  # No figure: the only enemy on the tile is a stunned brute.
  @clause:unknown.enemy.stunned-no-combat @clause:unknown.action.move
  Scenario: Moving onto a stunned enemy starts no close combat
    Given the map:
      | scrap @yellow | brute #lair !brute:k1 |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #lair
    And no close combat starts
    And yellow has 2 AP left
    And k1 stands on #lair
