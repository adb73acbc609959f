# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A place in a step is a #label, a piece id (where it stands now) or x,y.
#
# "When the enemy phases run" ends the last survivor's turn so the enemies take theirs.
# "Then the players may aim s1's shot at exactly: ..." lists the survivors the stranger's one
# ranged attack may hit (the players choose, as in the rulebook's stranger examples).
@unknown
Feature: Enemies
  The Enemies table gives each enemy its health, speed and preferred target, and some a special
  ability: the behemoth hurts everything on its tile in close combat; the brute cannot die and is
  stunned by damage instead, and skips base defense; the devourer leaves a barrier on every tile
  it leaves and heals in enemy upkeep; the stranger shoots a survivor within 2 range and in sight
  whenever a survivor comes into that range, after it enters a tile, and after it spawns.
  Injured enemies act normally; stunned ones do nothing until they recover.

  # No figure: a row of nine tiles, base at the west end, yellow at the east end, the enemy in the
  # middle, 4 tiles from each. Each kind heads for its target at its speed.
  @clause:unknown.enemy.speed-target @clause:unknown.enemy.path.speed @clause:unknown.enemy.target.nearest-preferred @clause:unknown.enemy.reference-card @clause:unknown.enemy.animal @clause:unknown.enemy.beast @clause:unknown.enemy.behemoth @clause:unknown.enemy.brute @clause:unknown.enemy.devourer @clause:unknown.enemy.monster @clause:unknown.enemy.stranger
  Scenario Outline: Each kind of enemy moves its speed towards its target
    Given the map:
      | base | food #w3 | ammo #w2 | lab #w1 | medicine #mid !<kind>:x1 | scrap #e1 | food #e2 | ammo #e3 | bunker @yellow |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And x1 targets <target>
    And x1 stands on <spot>

    Examples:
      | kind     | target | spot |
      | animal   | yellow | #e2  |
      | beast    | yellow | #e1  |
      | brute    | yellow | #e1  |
      | stranger | yellow | #e1  |
      | monster  | base   | #w1  |
      | devourer | base   | #w1  |
      | behemoth | base   | #w3  |

  # No figure: yellow next to the enemy, shooting it once (1 damage). Each of these has 1 health.
  @clause:unknown.enemy.removed-on-death @clause:unknown.action.ranged-attack @clause:unknown.enemy.animal @clause:unknown.enemy.beast @clause:unknown.enemy.monster @clause:unknown.enemy.stranger
  Scenario Outline: One damage kills an enemy with 1 health
    Given the map:
      | base | scrap @yellow | food #f !<kind>:x1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    When yellow shoots x1
    Then there is no x1 on the map
    And no enemy stands on #f

    Examples:
      | kind     |
      | animal   |
      | beast    |
      | monster  |
      | stranger |

  # No figure: the devourer has 2 health: the first shot injures it, the second kills it.
  @clause:unknown.enemy.devourer @clause:unknown.injury.enemy-injured @clause:unknown.enemy.removed-on-death
  Scenario: The devourer takes two damage to kill
    Given the map:
      | base | scrap @yellow | food #f !devourer:d1 |
    And it is yellow's turn with 3 AP
    And yellow carries 4 ammo
    When yellow shoots d1
    Then d1 has taken 1 damage
    When yellow shoots d1
    Then there is no d1 on the map

  # No figure: the behemoth has 3 health: injured after one and two shots, killed by the third.
  @clause:unknown.enemy.behemoth @clause:unknown.injury.enemy-injured @clause:unknown.enemy.removed-on-death
  Scenario: The behemoth takes three damage to kill
    Given the map:
      | base | scrap @yellow | food #f !behemoth:h1 |
    And it is yellow's turn with 3 AP
    And yellow carries 6 ammo
    When yellow shoots h1
    And yellow shoots h1
    Then h1 has taken 2 damage
    When yellow shoots h1
    Then there is no h1 on the map

  # No figure: the brute's health is unlimited: a shot stuns it instead of hurting it.
  @clause:unknown.enemy.brute @clause:unknown.enemy.brute.stun
  Scenario: Damage stuns the brute and never kills it
    Given the map:
      | base | scrap @yellow | food #f !brute:k1 |
    And it is yellow's turn with 3 AP
    And yellow carries 4 ammo
    When yellow shoots k1
    Then k1 is stunned
    And k1 has taken 0 damage
    When yellow shoots k1
    Then k1 is stunned
    And k1 stands on #f

  # No figure: a behemoth already injured (1 damage) moves its full 3 tiles towards base.
  @clause:unknown.injury.enemy-injured-acts @clause:unknown.injury.enemy-states @clause:unknown.enemy.behemoth
  Scenario: An injured enemy acts normally
    Given the map:
      | base | food #f | ammo | lab | medicine #start !behemoth:h1 | scrap @yellow |
    And h1 has taken 1 damage
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And h1 stands on #f
    And h1 has taken 1 damage

  # No figure: an injured devourer heals in enemy upkeep, then moves on towards base.
  @clause:unknown.enemy.devourer.heal @clause:unknown.turn.enemy-upkeep @clause:unknown.enemy.devourer
  Scenario: The devourer heals during enemy upkeep
    Given the map:
      | base | food | ammo #next | lab #start !devourer:d1 | scrap @yellow |
    And d1 has taken 1 damage
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And d1 has taken 0 damage
    And the events so far say d1 heals to 0 damage
    And d1 stands on #next

  # No figure: the devourer leaves a barrier token on the tile it leaves.
  @clause:unknown.enemy.devourer.barrier @clause:unknown.enemy.devourer
  Scenario: The devourer leaves a barrier behind it
    Given the map:
      | base | food | ammo #next | lab #start !devourer:d1 | scrap @yellow |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And d1 stands on #next
    And #start holds 1 barrier token
    And #next holds 0 barrier tokens

  # Missing figure. Assumed: a row — base with yellow in it, two tiles, the stranger. The stranger
  # steps to 2 tiles from yellow, but base is fortified: no line of sight into it, so no shot.
  # From inside base yellow sees out and shoots the stranger next round.
  @example:unknown.example.stranger-fortified-base @example:unknown.example.fortified-blaze-stranger @clause:unknown.enemy.stranger.ranged @clause:unknown.los.fortified-blocks @clause:unknown.los.fortified-origin @clause:unknown.tile.fortified
  Scenario: The stranger cannot shoot into base, but is shot from it
    Given the map:
      | base #base @yellow | food | ammo #a | lab #start !stranger:s1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And s1 stands on #a
    And yellow is healthy
    And s1 has shot nobody
    When the players choose yellow to take its turn
    And yellow shoots s1
    Then there is no s1 on the map

  # Missing figure. Assumed: the stranger 2 tiles from green (round a corner) and 3 from yellow
  # (along the row); it targets green and steps onto the corner tile, where it sees both: yellow 2
  # tiles along the row, green 1 tile up. One ranged attack at the end of its move; the players
  # give its 1 damage to either survivor. Next round green moves onto its tile: ordinary close
  # combat (green was already within its range, so that move sets off no shot).
  @example:unknown.example.stranger-enemy-move @clause:unknown.enemy.stranger.ranged-trigger @clause:unknown.enemy.stranger.ranged @clause:unknown.enemy.stranger.melee @clause:unknown.action.move.combat
  Scenario: The stranger shoots once after its move, at either survivor
    Given the map:
      | .             | .       | lab #g @green | .                            |
      | scrap @yellow | food #f | ammo #a       | medicine #start !stranger:s1 |
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then the players may aim s1's shot at exactly: yellow and green
    When the players aim s1's shot at yellow
    Then round 2 is under way
    And s1 targets green
    And s1 stands on #a
    And yellow is injured
    And green is healthy
    When the players choose green to take its turn
    And green moves south
    Then there is no s1 on the map
    And green is injured
    And yellow is injured

  # Missing figure. Assumed: the stranger at the corner of an L, yellow 3 tiles along the row and
  # green 3 tiles up the column. Each survivor's move into range 2 (in sight) sets off a shot:
  # yellow is hit by the first. When green steps in, yellow is in range too, and the players may
  # give that shot to either; giving it to green, each survivor has taken 1 damage.
  @example:unknown.example.stranger-survivor-move @clause:unknown.enemy.stranger.ranged-trigger @clause:unknown.enemy.stranger.ranged @clause:unknown.injury.ap-cost @interpretation:stranger-entry-target
  Scenario: Each survivor moving into the stranger's range is shot
    Given the map:
      | .             | .    | .    | food @green           |
      | .             | .    | .    | ammo                  |
      | .             | .    | .    | lab                   |
      | scrap @yellow | food | ammo | medicine !stranger:s1 |
    And the reading "stranger-entry-target" is "any-in-range"
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow is injured
    And yellow has 1 AP left
    When yellow ends the turn
    And the players choose green to take its turn
    And green moves south
    Then the players may aim s1's shot at exactly: yellow and green
    When the players aim s1's shot at green
    Then green is injured
    And green has 1 AP left
    And yellow is injured

  # Same assumed figure, read so that a shot set off by a survivor's move hits that survivor: the
  # shot green's move sets off goes to green, with no choice.
  @example:unknown.example.stranger-survivor-move @clause:unknown.enemy.stranger.ranged-trigger @interpretation:stranger-entry-target
  Scenario: Read as hitting the survivor who came in, each shot hits the mover
    Given the map:
      | .             | .    | .    | food @green           |
      | .             | .    | .    | ammo                  |
      | .             | .    | .    | lab                   |
      | scrap @yellow | food | ammo | medicine !stranger:s1 |
    And the reading "stranger-entry-target" is "entering-survivor"
    And it is yellow's turn with 3 AP
    When yellow moves east
    And yellow ends the turn
    And the players choose green to take its turn
    And green moves south
    Then green is injured
    And yellow is injured
    And s1 has shot green

  # No figure: yellow, already 2 tiles from the stranger and in its sight, steps to 1 tile from it.
  # She was already within its range, so read as from-outside she does not enter it again and
  # is not shot.
  @clause:unknown.enemy.stranger.ranged-trigger @interpretation:stranger-entry
  Scenario: A survivor moving within the stranger's range is not shot again
    Given the map:
      | scrap | food @yellow | ammo #near | lab !stranger:s1 |
    And the reading "stranger-entry" is "from-outside"
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #near
    And yellow is healthy
    And s1 has shot nobody

  # Same layout, read so that every move ending within its reach sets off a shot.
  @clause:unknown.enemy.stranger.ranged-trigger @interpretation:stranger-entry
  Scenario: Read as every move, a move within the stranger's range is shot at
    Given the map:
      | scrap | food @yellow | ammo #near | lab !stranger:s1 |
    And the reading "stranger-entry" is "every-move"
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #near
    And yellow is injured
    And s1 has shot yellow

  # No figure: yellow explores a Stranger lair east of her tile; west of her is a dead end. The
  # stranger spawns on the lair (its one spawn icon, assumed white-bordered: the figure is not in
  # the rulebook), its knockback sends yellow to the dead end 2 tiles away, still in its sight,
  # and then it shoots her.
  @clause:unknown.enemy.stranger.ranged-trigger @clause:unknown.enemy.stranger.ranged @clause:unknown.knockback.enemy-spawn @clause:unknown.knockback.dead-end
  Scenario: A stranger shoots after its spawn's knockback
    Given the map:
      | food #end | scrap @yellow |
    And the tile stack is: stranger
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 2,0
    Then yellow stands on #end
    And yellow is injured
    And yellow has 1 AP left
    And a stranger stands on 2,0

  # No figure: yellow explores a Flood west of her; its knockback (3) pushes her east along the row
  # into the stranger's range (2, in sight): knockback into range sets off a shot too. The
  # stranger is beyond the flood's knockback.
  @clause:unknown.enemy.stranger.ranged-trigger @clause:unknown.hazard.flood.knockback @clause:unknown.knockback.flee
  Scenario: A survivor knocked back into the stranger's range is shot
    Given the map:
      | scrap @yellow | food | ammo | lab #stop | medicine | bunker !stranger:s1 |
    And the tile stack is: flood
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at -1,0
    Then yellow stands on #stop
    And yellow is injured
    And s1 stands on 5,0

  # No figure: a stunned stranger uses no special ability: yellow walks into its range unharmed.
  @clause:unknown.injury.stunned @clause:unknown.enemy.stunned-passive @clause:unknown.enemy.stranger.ranged-trigger
  Scenario: A stunned stranger does not shoot
    Given the map:
      | scrap @yellow | food | ammo | lab !stranger:s1 |
    And s1 is stunned
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow is healthy
    And s1 has shot nobody

  # No figure: yellow comes within 2 range of the stranger but round a corner: no line of sight,
  # no shot.
  @clause:unknown.enemy.stranger.ranged @clause:unknown.los.straight-line
  Scenario: The stranger needs line of sight to shoot
    Given the map:
      | lab !stranger:s1 | .        | .             |
      | food             | ammo #in | scrap @yellow |
    And it is yellow's turn with 3 AP
    When yellow moves west
    Then yellow stands on #in
    And yellow is healthy
    And s1 has shot nobody
