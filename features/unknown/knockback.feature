# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
#
# "Fleeing X with knockback N, P may end exactly on: ..." lists every tile the rules let P end on.
# The "When a knockback ... starts" steps drive the same rule through the game interface.
@unknown
Feature: Knockback
  Pieces in reach flee the source, one step further away each move, until N tiles lie between them
  and the source. The players choose among routes, may stop at a dead end, and a survivor may stop
  before an enemy's tile instead of entering it to fight.

  # Missing figure. Assumed: the survivor on the scrap tile explored the Flood to his west; a
  # single corridor runs east and then north from him, on past the tile at range 4, so nothing
  # but the distance stops him.
  @example:unknown.example.flood-quickstart @clause:unknown.knockback.flee @clause:unknown.knockback.no-ap
  Scenario: The Flood pushes the explorer until three tiles lie between them
    Given the map:
      | .             | .             | .    | food #4  | base |
      | flood #flood  | scrap @yellow | ammo | medicine | .    |
    Then fleeing #flood with knockback 3, yellow may end exactly on: #4
    And the range from #flood to #4 is 4
    When a knockback of 3 from #flood starts for yellow
    Then nobody has to choose
    And yellow stands on #4
    And the events include yellow knocked back to #4

  # No figure: the corridor forks at the survivor; one branch is a dead end one tile long, the
  # other runs on past range 4.
  @clause:unknown.knockback.dead-end @clause:unknown.knockback.path-choice @clause:unknown.knockback.flee
  Scenario: A survivor may choose a dead end short of the full distance
    Given the map:
      | .            | food #dead    | .    | .        | .         | .      |
      | flood #flood | scrap @yellow | ammo | medicine | lab #far  | bunker |
    Then fleeing #flood with knockback 3, yellow may end exactly on: #dead and #far
    When a knockback of 3 from #flood starts for yellow
    Then the players must choose where yellow ends among: #dead and #far
    When the players choose #dead for yellow
    Then yellow stands on #dead
    And the events include yellow knocked back to #dead
    And nobody has to choose

  # Missing figure. Assumed: a row — the Animal lair the survivor just explored (its animal a1 on
  # it), the survivor's tile (taken to be the figure's tile 1), tile 3, then the nearest hazard
  # (a Broken tile, where the second animal a2 spawned), then base. Tile 2 is a dead-end spot
  # north of the survivor's tile. Both animals have knockback 2; a1 is nearer, so it goes first.
  @example:unknown.example.knockback-dual-spawn @clause:unknown.knockback.enemy-spawn @clause:unknown.knockback.order @clause:unknown.knockback.dead-end @clause:unknown.knockback.stop-before-enemy @clause:unknown.knockback.path-choice
  Scenario: The dual spawn's first knockback: tile 2, tile 3 or the hazard tile
    Given the map:
      | .                       | food #2          | .       | .                          | .    |
      | animal #animal !animal:a1 | scrap #1 @yellow | ammo #3 | broken #hazard !animal:a2 | base |
    Then the range from yellow to a1 is 1
    And the range from yellow to a2 is 2
    And fleeing #animal with knockback 2, yellow may end exactly on: #2, #3 and #hazard
    When a knockback of 2 from #animal starts for yellow
    Then the players must choose where yellow ends among: #2, #3 and #hazard
    When the players choose #hazard for yellow
    Then yellow stands on #hazard
    And the events include close combat on #hazard
    And nobody has to choose

  # Same assumed figure, the survivor having stopped on tile 3 before the hazard tile's animal.
  # The example offers "tile 2 or the animal tile" (or ignoring the knockback, which is simply not
  # starting it). The rules also let him stop on tile 1 just before the animal tile
  # (unknown.knockback.stop-before-enemy): the example lists the choices non-exhaustively, so the
  # whole set is asserted. Tile 1 is not his starting tile, so both knockback-stop-at-start
  # readings agree here.
  @example:unknown.example.knockback-dual-spawn @clause:unknown.knockback.ignore-later @clause:unknown.knockback.stop-before-enemy @clause:unknown.knockback.path-choice @clause:unknown.knockback.flee
  Scenario: From tile 3 the second knockback offers tile 2, the animal tile, or stopping before it
    Given the map:
      | .                       | food #2          | .       | .                          | .    |
      | animal #animal !animal:a1 | scrap #1 @yellow | ammo #3 | broken #hazard !animal:a2 | base |
    When a knockback of 2 from #animal starts for yellow
    And the players choose #3 for yellow
    Then yellow stands on #3
    And the events include yellow knocked back to #3
    And fleeing #hazard with knockback 2, yellow may end exactly on: #2, #animal and #1
    When a knockback of 2 from #hazard starts for yellow
    Then the players must choose where yellow ends among: #2, #animal and #1
    When the players choose #animal for yellow
    Then yellow stands on #animal
    And the events include close combat on #animal
    And nobody has to choose

  # Same assumed figure, the survivor having taken the dead end on tile 2: range 3 from the
  # hazard tile, beyond the second knockback's reach of 2.
  @example:unknown.example.knockback-dual-spawn @clause:unknown.knockback.flee @clause:unknown.range
  Scenario: From tile 2 the second knockback does not reach the survivor
    Given the map:
      | .                       | food #2          | .       | .                          | .    |
      | animal #animal !animal:a1 | scrap #1 @yellow | ammo #3 | broken #hazard !animal:a2 | base |
    When a knockback of 2 from #animal starts for yellow
    And the players choose #2 for yellow
    Then the range from #hazard to yellow is 3
    And fleeing #hazard with knockback 2, yellow stays where it is
    When a knockback of 2 from #hazard starts for yellow
    Then nobody has to choose
    And yellow stands on #2
    And the events include yellow staying on #2

  # Missing figure. Assumed: a row — the Flood the survivor explored, the survivor's tile, the
  # animal's tile, tile 2 (a dead end); tile 1 is a dead-end spot north of the survivor. The
  # animal flees first, along the row to tile 2. The survivor's way to tile 2 then runs over the
  # animal's old tile, and the rules let him stop there, just before the animal
  # (unknown.knockback.stop-before-enemy): the example's "tile 1 or 2" is not the whole list.
  # (With the animal having to move onto tile 2 and tile 2 one step from the survivor, the map
  # would need a 2x2 square; see the next scenarios for the layout where the lists match.)
  @example:unknown.example.knockback-flood @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.knockback.dead-end @clause:unknown.knockback.stop-before-enemy @clause:unknown.knockback.flee
  Scenario: The Flood knocks the animal to tile 2, then the survivor chooses
    Given the map:
      | .            | food #1       | .                       | .           |
      | flood #flood | scrap @yellow | ammo #path !animal:a1   | medicine #2 |
    Then fleeing #flood with knockback 3, a1 may end exactly on: #2
    When a knockback of 3 from #flood starts for a1
    Then nobody has to choose
    And a1 stands on #2
    And the events include a1 knocked back to #2
    And fleeing #flood with knockback 3, yellow may end exactly on: #1, #path and #2
    When a knockback of 3 from #flood starts for yellow
    Then the players must choose where yellow ends among: #1, #path and #2
    And choosing 5,5 for yellow is refused citing unknown.knockback.flee
    And choosing #flood for yellow is refused citing unknown.knockback.flee
    When the players choose #2 for yellow
    Then yellow stands on #2
    And the events include yellow knocked back to #2
    And the events include close combat on #2
    And nobody has to choose

  # Same assumed figure under the other reading: the stop before the animal is not on the
  # survivor's starting tile, so it stays allowed.
  @example:unknown.example.knockback-flood @interpretation:knockback-stop-at-start @clause:unknown.knockback.stop-before-enemy
  Scenario: A stop before the enemy after a step is allowed under either reading
    Given the map:
      | .            | food #1       | .                       | .           |
      | flood #flood | scrap @yellow | ammo #path !animal:a1   | medicine #2 |
    And the reading "knockback-stop-at-start" is "after-a-step"
    When a knockback of 3 from #flood starts for a1
    Then a1 stands on #2
    And fleeing #flood with knockback 3, yellow may end exactly on: #1, #path and #2

  # Missing figure, second reading of it. Assumed: tile 2 is the survivor's first fleeing step (east
  # of him) and tile 1 the other (north of him), both dead ends. The animal cannot be knocked onto
  # such a tile from elsewhere without a 2x2 square, so it is taken to stand there already, at a
  # dead end: its knockback leaves it on tile 2. Reading "allowed": stopping before the animal
  # means not moving at all, which is allowed.
  @example:unknown.example.knockback-flood @interpretation:knockback-stop-at-start @clause:unknown.knockback.stop-before-enemy @clause:unknown.knockback.dead-end @clause:unknown.knockback.hazard-affects-enemies
  Scenario: Stopping before the animal on the first step leaves the survivor in place
    Given the map:
      | .            | food #1             | .                       |
      | flood #flood | scrap #start @yellow | animal #2 !animal:a1    |
    And the reading "knockback-stop-at-start" is "allowed"
    Then fleeing #flood with knockback 3, a1 stays where it is
    And fleeing #flood with knockback 3, yellow may end exactly on: #start, #1 and #2
    When a knockback of 3 from #flood starts for a1
    Then a1 stands on #2
    And the events include a1 staying on #2
    When a knockback of 3 from #flood starts for yellow
    Then the players must choose where yellow ends among: #start, #1 and #2
    When the players choose #start for yellow
    Then yellow stands on #start
    And the events include yellow staying on #start
    And nobody has to choose

  # Same assumed figure. Reading "after-a-step": the survivor must take a step before stopping
  # short of an enemy, so he ends on tile 1 or tile 2 — exactly the example's list.
  @example:unknown.example.knockback-flood @interpretation:knockback-stop-at-start @clause:unknown.knockback.stop-before-enemy @clause:unknown.knockback.dead-end
  Scenario: Under the after-a-step reading the survivor chooses tile 1 or tile 2
    Given the map:
      | .            | food #1             | .                       |
      | flood #flood | scrap #start @yellow | animal #2 !animal:a1    |
    And the reading "knockback-stop-at-start" is "after-a-step"
    Then fleeing #flood with knockback 3, yellow may end exactly on: #1 and #2
    When a knockback of 3 from #flood starts for a1
    And a knockback of 3 from #flood starts for yellow
    Then the players must choose where yellow ends among: #1 and #2
    And choosing #start for yellow is refused citing unknown.knockback.flee
    When the players choose #1 for yellow
    Then yellow stands on #1
    And the events include yellow knocked back to #1
    And nobody has to choose

  # No figure: the corridor east of the survivor holds a barrier; the way north is open and long.
  @clause:unknown.barrier.knockback-keeps @clause:unknown.barrier.impassable @clause:unknown.knockback.flee
  Scenario: Knockback goes round a barrier tile and leaves its barrier in place
    Given the map:
      | .            | lab #far      | .                   | .        |
      | .            | market        | .                   | .        |
      | .            | food          | .                   | .        |
      | flood #flood | scrap @yellow | ammo +barrier #wall | medicine |
    Then fleeing #flood with knockback 3, yellow may end exactly on: #far
    When a knockback of 3 from #flood starts for yellow
    Then nobody has to choose
    And yellow stands on #far
    And #wall holds 1 barrier token

  # No figure: the only way away leads onto a barrier tile (two barriers on it).
  @clause:unknown.barrier.knockback-keeps @clause:unknown.barrier.impassable @clause:unknown.knockback.dead-end
  Scenario: Knockback never enters a barrier tile
    Given the map:
      | flood #flood | scrap #start @yellow | ammo +barrier*2 #wall | medicine |
    Then fleeing #flood with knockback 3, yellow stays where it is
    When a knockback of 3 from #flood starts for yellow
    Then nobody has to choose
    And yellow stands on #start
    And the events include yellow staying on #start
    And #wall holds 2 barrier tokens

  # No figure: the only way away leads onto an impassable Blocked tile.
  @clause:unknown.tile.impassable @clause:unknown.knockback.dead-end
  Scenario: Knockback never enters an impassable tile
    Given the map:
      | flood #flood | scrap @yellow | blocked #blocked | medicine |
    Then fleeing #flood with knockback 3, yellow stays where it is
    And the range from #flood to #blocked is 2

  # No figure. Assumed: an animal spawned on a Blocked tile (impassable) right next to a Flood that
  # was just explored; a single corridor runs east from the Blocked tile, longer than the
  # knockback, and nobody else is near. The animal is in reach: the range to its own tile is 1, as
  # an end of a range need only be explored. Its tile may be left (spawn-exit), but a range never
  # runs through an impassable tile, so the corridor's tiles have no range from the Flood at all.
  # Reading "own-tile-passable": for the flight the animal's own tile counts as passable, so the
  # corridor is 2, 3, 4 from the Flood and the animal flees to the tile at 4, with 3 tiles (its
  # own, #1 and #2) between it and the Flood.
  @clause:unknown.knockback.flee @clause:unknown.tile.impassable.spawn-exit @clause:unknown.knockback.hazard-affects-enemies @interpretation:knockback-impassable-start
  Scenario: An enemy on an impassable tile flees across its own tile
    Given the map:
      | flood #flood | blocked #spawn !animal:a1 | scrap #1 | ammo #2 | medicine #3 | lab |
    And the reading "knockback-impassable-start" is "own-tile-passable"
    Then the range from #flood to #spawn is 1
    And there is no range from #flood to #1
    And fleeing #flood with knockback 3, a1 may end exactly on: #3
    When a knockback of 3 from #flood starts for a1
    Then nobody has to choose
    And a1 stands on #3
    And the events include a1 knocked back to #3

  # Same assumed map. Reading "dead-end": the distances are plain ranges, and #1 has none (its only
  # way to the Flood crosses the Blocked tile), so no neighbour of the animal is one further from
  # the Flood than its own tile: a dead end, and it stays where it spawned.
  @clause:unknown.knockback.flee @clause:unknown.tile.impassable.spawn-exit @clause:unknown.knockback.dead-end @interpretation:knockback-impassable-start
  Scenario: Under the dead-end reading an enemy on an impassable tile stays put
    Given the map:
      | flood #flood | blocked #spawn !animal:a1 | scrap #1 | ammo #2 | medicine #3 | lab |
    And the reading "knockback-impassable-start" is "dead-end"
    Then the range from #flood to #spawn is 1
    And there is no range from #flood to #1
    And fleeing #flood with knockback 3, a1 stays where it is
    When a knockback of 3 from #flood starts for a1
    Then nobody has to choose
    And a1 stands on #spawn
    And the events include a1 staying on #spawn

  # No figure: the animal is next to the Flood and the survivor stands on the next tile in the row.
  # An enemy cannot stop short of a survivor: it ends on the survivor's tile and they fight.
  @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.enemy.knockback-sources @clause:unknown.combat.trigger
  Scenario: An enemy fleeing a hazard into a survivor's tile ends there
    Given the map:
      | flood #flood | scrap !animal:a1 | ammo #meet @yellow | medicine | lab |
    Then fleeing #flood with knockback 3, a1 may end exactly on: #meet
    When a knockback of 3 from #flood starts for a1
    Then nobody has to choose
    And the events include a1 knocked back to #meet
    And the events include close combat on #meet
    # Sharing a tile starts close combat at once (unknown.combat.trigger): each side deals 1
    # damage, so the animal (health 1) dies and yellow is injured; one way to assign it all.
    And there is no a1 on the map
    And yellow is injured

  # No figure: the animal's route forks; one branch runs into the survivor, the other on past
  # range 4. The players choose the enemy's route too; it can never pass through the survivor.
  @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.knockback.path-choice
  Scenario: The players choose a fleeing enemy's route
    Given the map:
      | .            | lab #far         | .                  | .        | .   |
      | .            | market           | .                  | .        | .   |
      | .            | food             | .                  | .        | .   |
      | flood #flood | scrap !animal:a1 | ammo #meet @yellow | medicine | bunker |
    Then fleeing #flood with knockback 3, a1 may end exactly on: #meet and #far
    When a knockback of 3 from #flood starts for a1
    Then the players must choose where a1 ends among: #meet and #far
    When the players choose #far for a1
    Then a1 stands on #far
    And the events include a1 knocked back to #far
    And nobody has to choose

  # No figure: the Flood, the survivor, then a tile whose only enemy is a stunned brute. A
  # knockback of 1 would put the survivor on the brute's tile: he may stop before an enemy's tile
  # (stunned or not); he goes on, and a stunned enemy starts no fight.
  @clause:unknown.knockback.flee @clause:unknown.knockback.stop-before-enemy @clause:unknown.enemy.stunned-no-combat @clause:unknown.combat.trigger
  Scenario: A survivor knocked onto a stunned enemy's tile starts no close combat
    Given the map:
      | flood #flood | scrap #start @yellow | brute #lair !brute:k1 |
    And k1 is stunned
    When a knockback of 1 from #flood starts for yellow
    Then the players must choose where yellow ends among: #start and #lair
    When the players choose #lair for yellow
    Then nobody has to choose
    And yellow stands on #lair
    And no close combat starts
    And k1 is stunned
    And yellow is healthy

  # No figure: the fork of the dead-end corridor, with green one tile further east than yellow.
  # One knockback moves both, yellow first: the players choose her end among her own tiles, and
  # green, whose only end is the far tile, then flees there.
  @clause:unknown.knockback.path-choice @clause:unknown.knockback.dead-end @clause:unknown.knockback.flee
  Scenario: When one knockback moves two survivors, each choice is about the survivor fleeing
    Given the map:
      | .            | food #dead    | .          | .        | .         | .      |
      | flood #flood | scrap @yellow | ammo @green | medicine | lab #far  | bunker |
    When a knockback of 3 from #flood starts for yellow and green
    Then the players must choose where yellow ends among: #dead and #far
    When the players choose #dead for yellow
    Then nobody has to choose
    And yellow stands on #dead
    And green stands on #far

  # No figure: a Flood with two corridors, east and north. A stranger stands east of it, yellow
  # north of it; one knockback of 3 moves the stranger first, then yellow. Having entered a new
  # tile the stranger may shoot, but nobody is within 2 range of it, so it shoots nobody, and
  # yellow still flees in her turn.
  @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.enemy.stranger.ranged @clause:unknown.knockback.flee
  Scenario: A stranger pushed out of reach of everyone shoots nobody and the knockback goes on
    Given the map:
      | workshop #yfar | .                  | .    | .        | .         |
      | market         | .                  | .    | .        | .         |
      | bunker         | .                  | .    | .        | .         |
      | food @yellow   | .                  | .    | .        | .         |
      | flood #flood   | scrap !stranger:s1 | ammo | medicine | lab #sfar |
    When a knockback of 3 from #flood starts for s1 and yellow
    Then nobody has to choose
    And s1 stands on #sfar
    And yellow stands on #yfar
    And yellow is healthy

  # No figure: the survivor is 4 tiles from the source, beyond a knockback of 3.
  @clause:unknown.knockback.flee @clause:unknown.range
  Scenario: A piece out of reach is not knocked back
    Given the map:
      | flood #flood | scrap | ammo | medicine | lab @yellow | bunker |
    Then fleeing #flood with knockback 3, yellow stays where it is
    And fleeing #flood with knockback 4, yellow may end exactly on: 5,0

  # No figure: a corridor east of the Flood, long enough that only the distance stops the
  # survivor. Two tiles between him and the Flood leave him on the tile at range 3.
  @clause:unknown.knockback.flee @interpretation:knockback-distance
  Scenario: Read as tiles between, a knockback of 2 ends at range 3 from the source
    Given the map:
      | .            | .             | .       | .           | base |
      | flood #flood | scrap @yellow | ammo #2 | medicine #3 | food |
    And the reading "knockback-distance" is "tiles-between"
    Then fleeing #flood with knockback 2, yellow may end exactly on: #3

  # The same corridor read the other way: the tile the survivor ends on is the second of the two,
  # so he stops at range 2.
  @clause:unknown.knockback.flee @interpretation:knockback-distance
  Scenario: Read as a range, a knockback of 2 ends at range 2 from the source
    Given the map:
      | .            | .             | .       | .           | base |
      | flood #flood | scrap @yellow | ammo #2 | medicine #3 | food |
    And the reading "knockback-distance" is "range-of-n"
    Then fleeing #flood with knockback 2, yellow may end exactly on: #2

  # The Flood example's assumed figure again (yellow explores the Flood west of her; the animal
  # stands east of her, tile 2 beyond it, tile 1 north of her). Farthest first: the animal has
  # already fled to tile 2 when yellow chooses, as the example tells it.
  @example:unknown.example.knockback-flood @clause:unknown.knockback.hazard-affects-enemies @interpretation:knockback-mover-order
  Scenario: Read as farthest first, the animal flees the Flood before the survivor
    Given the map:
      | food #1              | .                     | .           |
      | scrap #start @yellow | ammo #path !animal:a1 | medicine #2 |
    And the reading "knockback-mover-order" is "farthest-first"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then a1 stands on #2
    And the players must choose where yellow ends among: #1, #path and #2
    When the players choose #1 for yellow
    Then yellow stands on #1

  # The same figure read nearest first: yellow chooses while the animal still stands next to her,
  # so she may stop where she is, before it, or enter its tile and fight.
  @example:unknown.example.knockback-flood @clause:unknown.knockback.hazard-affects-enemies @interpretation:knockback-mover-order
  Scenario: Read as nearest first, the survivor flees the Flood before the animal
    Given the map:
      | food #1              | .                     | .           |
      | scrap #start @yellow | ammo #path !animal:a1 | medicine #2 |
    And the reading "knockback-mover-order" is "nearest-first"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then a1 stands on #path
    And the players must choose where yellow ends among: #start, #1 and #path
    When the players choose #1 for yellow
    Then yellow stands on #1
    And a1 stands on #2
