# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow shoots ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
@unknown
Feature: Ranged Attack
  Two ammo deal 1 damage to one enemy at most 2 range away and in line of sight.

  # Missing figure. Assumed: the monster on the tile east of the survivor (range 1); the beast two
  # tiles north, straight up over an empty tile (range 2, nothing breaking the line). Both have
  # 1 health, so each shot kills.
  @example:unknown.example.ranged-two-attacks @clause:unknown.action.ranged-attack @clause:unknown.enemy.removed-on-death @clause:unknown.action.repeatable
  Scenario: Two shots of 2 ammo each, at the monster 1 tile away and the beast 2 tiles away
    Given the map:
      | .    | food #far !beast:b1 | .                      |
      | .    | lab                 | .                      |
      | base | scrap @yellow       | ammo #near !monster:m1 |
    And it is yellow's turn with 3 AP
    And yellow carries 4 ammo and 1 food
    When yellow shoots m1
    Then there is no m1 on the map
    And yellow carries 2 ammo and 1 food
    And yellow has 2 AP left
    And the events include "action" citing unknown.action.ranged-attack
    When yellow shoots b1
    Then there is no b1 on the map
    And yellow carries 1 food
    And yellow has 1 AP left

  # Same assumed figure with only 2 ammo: after the first shot there is none left for the second.
  @example:unknown.example.ranged-two-attacks @clause:unknown.action.ranged-attack
  Scenario: Each shot needs its own 2 ammo
    Given the map:
      | .    | food #far !beast:b1 | .                      |
      | .    | lab                 | .                      |
      | base | scrap @yellow       | ammo #near !monster:m1 |
    And it is yellow's turn with 3 AP
    And yellow carries 3 ammo
    When yellow shoots m1
    Then yellow carries 1 ammo
    When yellow tries to shoot b1
    Then the action is refused citing unknown.action.ranged-attack

  # No figure: the beast is three tiles away in a straight line.
  @clause:unknown.action.ranged-attack @clause:unknown.range
  Scenario: An enemy 3 tiles away is out of range
    Given the map:
      | scrap @yellow | food | ammo | lab !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow tries to shoot b1
    Then the action is refused citing unknown.action.ranged-attack

  # No figure: the beast is 2 moves away round a corner, with no straight line to it.
  @clause:unknown.action.ranged-attack @clause:unknown.los.straight-line
  Scenario: An enemy round a corner is out of sight
    Given the map:
      | .             | food !beast:b1 |
      | scrap @yellow | ammo           |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow tries to shoot b1
    Then the action is refused citing unknown.action.ranged-attack

  # No figure: a barrier lies on the tile between the survivor and the beast.
  @clause:unknown.action.ranged-attack @clause:unknown.los.barrier-blocks
  Scenario: A barrier between blocks the shot
    Given the map:
      | scrap @yellow | food +barrier | ammo !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow tries to shoot b1
    Then the action is refused citing unknown.action.ranged-attack

  # The figure of the Impassable Tile example (assumed as in impassable_and_fortified.feature):
  # the impassable tile next to the survivor breaks line of sight to both animals.
  @example:unknown.example.impassable-animals @clause:unknown.action.ranged-attack @clause:unknown.tile.impassable.los
  Scenario: The survivor cannot shoot either animal past the impassable tile
    Given the map:
      | scrap #near @yellow | blocked #hazard !animal:a2 | animal #lair !animal:a1 |
      | base                | .                          | food #below             |
    And it is yellow's turn with 3 AP
    And yellow carries 4 ammo
    When yellow tries to shoot a2
    Then the action is refused citing unknown.action.ranged-attack
    When yellow tries to shoot a1
    Then the action is refused citing unknown.action.ranged-attack

  # The figure of the Fortified Tile example (assumed as in impassable_and_fortified.feature):
  # sight may leave base, so the survivor on base shoots the stranger 2 tiles away.
  @example:unknown.example.fortified-blaze-stranger @example:unknown.example.stranger-fortified-base @clause:unknown.action.ranged-attack @clause:unknown.los.fortified-origin
  Scenario: The survivor on base shoots the stranger outside
    Given the map:
      | blaze #blaze | base @yellow | food | stranger !stranger:s1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow shoots s1
    Then there is no s1 on the map
    And yellow carries nothing

  # No figure: the devourer has 2 health; one shot injures it, a second kills it.
  @clause:unknown.action.ranged-attack @clause:unknown.injury.enemy-injured @clause:unknown.enemy.removed-on-death
  Scenario: An enemy with 2 health survives one shot injured
    Given the map:
      | scrap @yellow | food | devourer !devourer:d1 |
    And it is yellow's turn with 3 AP
    And yellow carries 4 ammo
    When yellow shoots d1
    Then d1 has taken 1 damage
    And d1 stands on 2,0
    When yellow shoots d1
    Then there is no d1 on the map

  # No figure: the brute has no health limit; damage stuns it instead.
  @clause:unknown.action.ranged-attack @clause:unknown.enemy.brute.stun
  Scenario: A shot stuns the brute
    Given the map:
      | scrap @yellow | food | brute !brute:k1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow shoots k1
    Then k1 is stunned
    And k1 stands on 2,0

  # No figure: a ranged attack damages an enemy, not a survivor.
  @clause:unknown.action.ranged-attack
  Scenario: Survivors cannot be shot
    Given the map:
      | scrap @yellow | food @green |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow tries to shoot green
    Then the action is refused citing unknown.action.ranged-attack
