# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow places ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "yellow may move exactly to: ..." lists every spot a move may be made (or tried) onto.
@unknown
Feature: Create Barriers
  One scrap places two barrier tokens, on one tile or split between tiles within range, including
  a tile a survivor stands on or an impassable tile. A barrier tile is impassable; trying to move
  onto it fails and removes one barrier; knockback never removes barriers; enemies go round them
  when they can.

  # Missing figure. Assumed: a corridor. The survivor's tile (#S) has base above it (#up), the
  # food tile (#A) to its left and the monster's lair (#den, the monster on it) below. The animal
  # stands on its lair left of #A. The animal (speed 2, targets survivors) can only reach him
  # through #A; the monster (targets base) can only reach base through #S.
  @example:unknown.example.barriers-two-tiles @clause:unknown.action.create-barriers @clause:unknown.action.create-barriers.split @clause:unknown.action.create-barriers.placement
  Scenario: One action puts a barrier on the survivor's tile and one on the next tile
    Given the map:
      | .                       | .       | base #up                 |
      | animal #lair !animal:a1 | food #A | scrap #S @yellow         |
      | .                       | .       | monster #den !monster:m1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap and 1 food
    When yellow places barriers on #S and #A
    Then #S holds 1 barrier token
    And #A holds 1 barrier token
    And yellow carries 1 food
    And yellow has 2 AP left
    And the events include "action" citing unknown.action.create-barriers

  # Same assumed figure. The example: he may move up or stay. The rules also let him try #A (the
  # move fails and removes its barrier) and move onto the monster (close combat); the whole set
  # of moves is asserted. His own tile's barrier does not hold him in.
  @example:unknown.example.barriers-two-tiles @clause:unknown.action.move.impassable @clause:unknown.action.move.barrier @clause:unknown.action.move.combat @clause:unknown.barrier.impassable
  Scenario: Behind his barriers the survivor may still move up
    Given the map:
      | .                       | .       | base #up                 |
      | animal #lair !animal:a1 | food #A | scrap #S @yellow         |
      | .                       | .       | monster #den !monster:m1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow places barriers on #S and #A
    Then yellow may move exactly to: #up, #A and #den
    When yellow moves north
    Then yellow stands on #up
    And #S holds 1 barrier token
    And yellow has 1 AP left

  # Same assumed figure, and he stays. In the enemy movement phase the animal tries to enter #A
  # and the monster #S: each removes one barrier and stays where it was.
  @example:unknown.example.barriers-two-tiles @clause:unknown.barrier.entry-removes @clause:unknown.enemy.obstructed.barrier @clause:unknown.turn.enemy-movement
  Scenario: The animal and the monster each break a barrier and stay put
    Given the map:
      | .                       | .       | base #up                 |
      | animal #lair !animal:a1 | food #A | scrap #S @yellow         |
      | .                       | .       | monster #den !monster:m1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    And the base holds 3 food
    When yellow places barriers on #S and #A
    And yellow ends the turn
    Then round 2 is under way
    And a1 stands on #lair
    And m1 stands on #den
    And #A holds 0 barrier tokens
    And #S holds 0 barrier tokens
    And yellow is healthy

  # No figure.
  @clause:unknown.action.create-barriers.split
  Scenario: Both barriers may go on one tile
    Given the map:
      | scrap @yellow | food #A |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow places both barriers on #A
    Then #A holds 2 barrier tokens
    And yellow carries nothing

  # No figure: green stands on the tile east; the Blocked hazard (impassable) lies west.
  @clause:unknown.action.create-barriers.placement @clause:unknown.action.create-barriers.split
  Scenario: Barriers may go under a survivor and on an impassable tile
    Given the map:
      | blocked #wall | scrap @yellow | food #G @green |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow places barriers on #wall and #G
    Then #wall holds 1 barrier token
    And #G holds 1 barrier token
    And green stands on #G

  @clause:unknown.action.create-barriers
  Scenario: Barriers cost 1 scrap
    Given the map:
      | scrap @yellow | food #A |
    And it is yellow's turn with 3 AP
    And yellow carries 2 food
    When yellow tries to place both barriers on #A
    Then the action is refused citing unknown.action.create-barriers

  # No figure: #far is two tiles away; an action reaches range 1.
  # The split rule's "within range" is the default reach of an action.
  @clause:unknown.action.defaults @clause:unknown.action.create-barriers.split
  Scenario: Barriers go only on tiles within range
    Given the map:
      | scrap @yellow | food #A | ammo #far |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow tries to place barriers on #A and #far
    Then the action is refused citing unknown.action.defaults

  @clause:unknown.action.enemy-occupied @clause:unknown.enemy.blocks-interaction
  Scenario: Barriers cannot go on a tile an enemy occupies
    Given the map:
      | scrap @yellow | food #A !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow tries to place both barriers on #A
    Then the action is refused citing unknown.action.enemy-occupied

  # No figure: a Flood's knockback would push the survivor east, but the next tile holds a
  # barrier. Knockback never enters it (so it is a dead end) and never removes the barrier.
  @clause:unknown.barrier.knockback-keeps @clause:unknown.barrier.impassable @clause:unknown.knockback.dead-end
  Scenario: Knockback does not remove barriers
    Given the map:
      | flood #flood | scrap #start @yellow | food +barrier #wall | ammo | medicine |
    Then fleeing #flood with knockback 3, yellow stays where it is
    When a knockback of 3 from #flood starts for yellow
    Then nobody has to choose
    And yellow stands on #start
    And #wall holds 1 barrier token

  # No figure: a ring of tiles round an unexplored middle. The beast's short way to the survivor
  # is through the barrier; the long way round is open, so it goes round (speed 1: one step).
  @clause:unknown.barrier.detour @clause:unknown.enemy.target.clear-path @clause:unknown.enemy.path.speed
  Scenario: An enemy goes round a barrier when it can
    Given the map:
      | food         | scrap                   | ammo              |
      | medicine     | .                       | lab #round        |
      | base @yellow | workshop +barrier #wall | bunker !beast:b1  |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow ends the turn
    Then round 2 is under way
    And b1 stands on #round
    And #wall holds 1 barrier token
