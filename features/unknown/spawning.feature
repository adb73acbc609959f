# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A place in a step is a #label, a piece id (where it stands now) or x,y.
#
# "When the enemy phases run" ends the turn of the survivor on turn (every other survivor has had
# its turn), so the round runs on through enemy upkeep, movement, main and combat; it stops at the
# first decision the rules leave to the players or to the die, which the next steps script.
# "Then round N is under way" checks that everything scripted has resolved and upkeep has fed
# base. Spawned enemies get ids the scenario cannot know, so they are named by kind and place.
@unknown
Feature: Spawns and lairs
  A lair is the tile that makes an enemy spawn, wherever the enemy appears. An instant spawn
  happens once, when the tile is explored: a white-bordered icon on the tile itself, a
  green-bordered one on the nearest hazard tile, and the spawned enemies' knockback is measured
  from where they appear. A repeating spawn is a continuing effect: in every enemy upkeep in which
  no enemy stands on the lair it spawns again, until the lair is cleared. Enemies spawned in
  enemy upkeep do not move that round and cause no knockback.

  # Missing figure. Assumed: a row — base, two empty tiles, the spawn pit holding its monster m1;
  # the survivor stands north of base, off the monster's way. The monster targets base (speed 1),
  # so it walks one tile a round along the row. Base has food for three upkeeps.
  @example:unknown.example.repeating-spawn-pit @clause:unknown.effect.continuing.repeating-spawn @clause:unknown.lair.definition @clause:unknown.turn.enemy-upkeep @clause:unknown.turn.enemy-upkeep.no-move @clause:unknown.enemy.monster
  Scenario: No new monster while one stands on the pit; one spawns once it has walked off
    Given the map:
      | scrap @yellow | .       | .       | .                          |
      | base          | food #f | ammo #a | spawn_pit #pit !monster:m1 |
    And it is yellow's turn with 3 AP
    And the base holds 5 food
    When the enemy phases run
    Then round 2 is under way
    And m1 stands on #a
    And no enemy stands on #pit
    When the players choose yellow to take its turn
    And the enemy phases run
    Then round 3 is under way
    And m1 stands on #f
    And exactly 1 monster stands on #pit
    And the enemies on the map are exactly: monster on #f and monster on #pit
    And an event so far cites unknown.effect.continuing.repeating-spawn

  # No figure: the spawn pit holds a stunned brute. Any enemy, of any kind and stunned or not,
  # keeps the repeating spawn from happening. The brute does not move (stunned) and recovers in
  # enemy main.
  @clause:unknown.effect.continuing.repeating-spawn @clause:unknown.injury.stunned @clause:unknown.turn.enemy-main
  Scenario: An enemy of another kind on the pit, even stunned, stops the spawn
    Given the map:
      | base | scrap @yellow | food | spawn_pit #pit !brute:k1 |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And k1 stands on #pit
    And k1 is not stunned
    And exactly 0 monsters stand on #pit
    And the enemies on the map are exactly: brute on #pit

  # No figure: yellow waits on an empty spawn pit, green one tile away. The monster spawned in
  # enemy upkeep appears on yellow's tile: close combat (yellow kills it, it injures yellow). A
  # spawn in enemy upkeep causes no knockback, so green, within the pit's knockback, stays put.
  @clause:unknown.effect.continuing.repeating-spawn @clause:unknown.turn.enemy-upkeep.no-move @clause:unknown.combat.trigger @clause:unknown.turn.enemy-combat @clause:unknown.combat.damage-dealt
  Scenario: A monster spawning in enemy upkeep on a survivor's tile fights, and pushes nobody
    Given the map:
      | base | scrap #g @green | spawn_pit #pit @yellow |
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And yellow is injured
    And green is healthy
    And green stands on #g
    And yellow stands on #pit
    And no enemy stands on #pit
    And an event so far cites unknown.combat.trigger

  # Missing figure. Assumed: yellow explores an Animal lair east of her tile. Two hazard tiles lie
  # about: Muddy, 2 tiles from the lair, and Blocked, 3 tiles away; Muddy is the nearest, so the
  # green-bordered icon's animal appears there. The lair's own animal knocks yellow back (2):
  # north is her only way, a dead end after one tile. The second animal is out of her reach.
  @example:unknown.example.spawn-icons-animal @clause:unknown.effect.instant.spawn-here @clause:unknown.effect.instant.spawn-hazard @clause:unknown.enemy.spawn-location @clause:unknown.lair.remote-spawn @clause:unknown.knockback.enemy-spawn
  Scenario: The white icon spawns an animal on the lair, the green icon one on the nearest hazard
    Given the map:
      | blocked #far  | . | .           |
      | food #n       | . | muddy #near |
      | scrap @yellow | . | ammo        |
    And the tile stack is: animal
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then the enemies on the map are exactly: animal on 1,0 and animal on #near
    And an event cites unknown.effect.instant.spawn-here
    And an event cites unknown.effect.instant.spawn-hazard
    And yellow stands on #n
    And yellow has 2 AP left
    And 1,0 is a animal tile

  # Same assumed figure as the example, with green three tiles from the lair beside the Muddy
  # tile: the lair's animal cannot reach him, but the second animal's knockback (2) is measured
  # from the Muddy tile where it appears, so green flees north until 2 tiles lie between them.
  @clause:unknown.knockback.enemy-spawn @clause:unknown.effect.instant.spawn-hazard @clause:unknown.knockback.flee @clause:unknown.knockback.order
  Scenario: A remote spawn's knockback is measured from the hazard where it appears
    Given the map:
      | .             | . | bunker #g3  |
      | .             | . | medicine    |
      | .             | . | lab @green  |
      | .             | . | muddy #near |
      | food #n       | . | lab         |
      | scrap @yellow | . | ammo        |
    And the tile stack is: animal
    And green has had its turn
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then the enemies on the map are exactly: animal on 1,0 and animal on #near
    And yellow stands on #n
    And green stands on #g3

  # Same assumed figure, green now standing on the Muddy tile itself. The animal the green icon
  # sends there spawns on a survivor's tile, so they fight instead of green being knocked back:
  # green kills it and is injured. Green is beyond the lair animal's knockback.
  @clause:unknown.knockback.spawn-on-survivor @clause:unknown.effect.instant.spawn-hazard @clause:unknown.combat.trigger
  Scenario: An enemy spawning on a survivor's tile fights instead of knocking back
    Given the map:
      | .             | . | muddy #near @green |
      | food #n       | . | lab                |
      | scrap @yellow | . | ammo               |
    And the tile stack is: animal
    And green has had its turn
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then green is injured
    And green stands on #near
    And the enemies on the map are exactly: animal on 1,0
    And yellow stands on #n

  # No figure: a trap waits on the Muddy tile, the nearest hazard. The animal spawning there takes
  # the trap's 1 damage and dies (1 health), and the trap is spent; a dead animal knocks nobody
  # back.
  @clause:unknown.trap.trigger @clause:unknown.effect.instant.spawn-hazard @clause:unknown.enemy.animal
  Scenario: An enemy spawning on a trapped hazard takes the trap's damage
    Given the map:
      | .             | . | muddy #near +trap |
      | food #n       | . | lab               |
      | scrap @yellow | . | ammo              |
    And the tile stack is: animal
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then the enemies on the map are exactly: animal on 1,0
    And #near holds 0 trap tokens

  # No figure: a beast stands next to the spot yellow explores, a passable Muddy hazard beyond it.
  # The spawned animals' knockback (2) pushes survivors only: the beast, 1 tile from the new
  # animal, stays where it is; yellow flees north until 2 tiles lie between her and the lair's
  # animal, and is then out of the second animal's reach.
  @clause:unknown.enemy.knockback-sources @clause:unknown.knockback.enemy-spawn @clause:unknown.knockback.flee @clause:unknown.knockback.order
  Scenario: The knockback of spawned enemies does not move other enemies
    Given the map:
      | medicine #m   | .                 | .           |
      | lab           | .                 | .           |
      | scrap @yellow | .                 | muddy #near |
      | .             | food #b !beast:b1 | .           |
    And the tile stack is: animal
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,1
    Then b1 stands on #b
    And yellow stands on #m
    And the enemies on the map are exactly: beast on #b, animal on 1,1 and animal on #near

  # No figure: an Animal lair whose animals have long gone and the Muddy hazard its second animal
  # spawned on. The animal lair has no repeating spawn, and the hazard tile is not a lair at all
  # (the lair is the tile that caused the spawn), so nothing spawns in enemy upkeep.
  @clause:unknown.lair.remote-spawn @clause:unknown.lair.definition @clause:unknown.effect.continuing.repeating-spawn @clause:unknown.turn.enemy-upkeep
  Scenario: Neither an instant-spawn lair nor the hazard it spawned onto spawns again
    Given the map:
      | base | scrap @yellow | animal #lair | muddy #near |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And the enemies on the map are exactly: nothing

  # No figure: green stands on the Muddy tile, the nearest hazard, 2 tiles from the Animal lair
  # yellow explores. The animal spawning on green's tile fights him instead of knocking him back;
  # the lair's own animal knocks back both survivors (2). Read as combat-first, the fight comes first: green
  # kills the second animal and is injured, then flees north.
  @clause:unknown.knockback.spawn-on-survivor @clause:unknown.knockback.enemy-spawn @interpretation:spawn-combat-order
  Scenario: A spawn's close combat is fought before the knockbacks
    Given the map:
      | .             | . | medicine           |
      | .             | . | lab #g             |
      | food #n       | . | muddy #near @green |
      | scrap @yellow | . | ammo               |
    And the reading "spawn-combat-order" is "combat-first"
    And the tile stack is: animal
    And green has had its turn
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then green is injured
    And green stands on #g
    And yellow stands on #n
    And the enemies on the map are exactly: animal on 1,0

  # Same layout, read so that the knockbacks come first: green flees the lair's animal before the
  # fight, so there is none. Off its tile, green is now within the second animal's knockback, which
  # he may ignore, having been knocked back once; he does. The second animal stays on the Muddy
  # tile, green unhurt.
  @clause:unknown.knockback.spawn-on-survivor @clause:unknown.knockback.enemy-spawn @clause:unknown.knockback.ignore-later @interpretation:spawn-combat-order
  Scenario: Read as knockback first, the survivor flees before the fight
    Given the map:
      | .             | . | medicine           |
      | .             | . | lab #g             |
      | food #n       | . | muddy #near @green |
      | scrap @yellow | . | ammo               |
    And the reading "spawn-combat-order" is "knockback-first"
    And the tile stack is: animal
    And green has had its turn
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    And green ignores the next knockback
    Then green is healthy
    And green stands on #g
    And yellow stands on #n
    And the enemies on the map are exactly: animal on 1,0 and animal on #near
