# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A place in a step is a #label, a piece id (where it stands now) or x,y.
#
# "When the enemy phases run" ends the last survivor's turn so the enemies move; "the players
# assign the damage: yellow 1 and b1 2" is one round of close combat (survivors and enemies told
# apart by the map); a round with only one possible assignment resolves by itself. When several
# survivors share one tile they are all equally near an enemy, and every arrow pointing at one of
# them points at the others: no roll can tell them apart and the enemy heads for that tile, so the
# engine asks for no roll (a scenario scripting one would fail: it is never asked for).
@unknown
Feature: Close combat
  An enemy that spawns on, recovers on or enters a survivor's tile (or base) starts close combat,
  after any barriers and traps there, and its move ends. In each round every fighting survivor and
  every enemy deals 1 damage (enemies 1 less per 2 surplus survivors), the players assign it all
  at once, never more to a survivor than incapacitates it, until the survivors there are all
  incapacitated or the enemies all killed or stunned. On base the enemies left then each take 3
  food and 1 damage, again and again; if the food runs short the survivors lose.

  # Missing figure. Assumed: three survivors on one tile, the beast on the next tile. It enters
  # their tile: each survivor deals 1 (3 in all), and the beast, outnumbered by 2, deals 1 - 1 = 0.
  @example:unknown.example.combat-outnumbered @clause:unknown.combat.outnumber @clause:unknown.combat.damage-dealt @clause:unknown.combat.trigger @clause:unknown.enemy.obstructed.survivor
  Scenario: Three survivors against a beast take no damage
    Given the map:
      | base | scrap #s @yellow @green @red | food #lair !beast:b1 |
    And green has had its turn
    And red has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And there is no b1 on the map
    And yellow is healthy
    And green is healthy
    And red is healthy
    And an event so far cites unknown.combat.outnumber

  # No figure: two survivors against one beast outnumber it by 1 only, which reduces nothing: the
  # beast's 1 damage goes to either survivor, as the players choose.
  @clause:unknown.combat.outnumber @clause:unknown.combat.damage-received
  Scenario: Outnumbering by one survivor does not reduce the damage
    Given the map:
      | base | scrap #s @yellow @green | food #lair !beast:b1 |
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then the players may assign the damage exactly as: yellow 1 and b1 2; green 1 and b1 2
    When the players assign the damage: green 1 and b1 2
    Then round 2 is under way
    And green is injured
    And yellow is healthy
    And there is no b1 on the map

  # No figure: four survivors against two beasts: 2 surplus survivors cut the beasts' 2 damage by
  # 1, so every assignment gives the survivors exactly 1 damage in all.
  @clause:unknown.combat.outnumber @clause:unknown.combat.damage-dealt
  Scenario: Two surplus survivors cut the enemies' damage by one
    Given the map:
      | base | scrap #s @yellow @green @red @blue | food #lair !beast:b1 !beast:b2 |
    And green has had its turn
    And red has had its turn
    And blue has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then every damage assignment offered gives the survivors 1 damage
    When the players assign the damage: red 1 and b1 2 and b2 2
    Then round 2 is under way
    And red is injured
    And yellow is healthy
    And there is no b1 on the map
    And there is no b2 on the map

  # Missing figure. Assumed: the injured yellow and the healthy green share a tile; two beasts on
  # the next tile enter it. Each side deals 2. Both enemy points may not go to yellow (1 already
  # incapacitates her); they may both go to green, or one to each. The survivors' 2 points go to
  # either beast or one to each.
  @example:unknown.example.combat-damage-cap @clause:unknown.combat.assign-cap @clause:unknown.combat.damage-received @clause:unknown.combat.damage-dealt
  Scenario: Damage may not go beyond what incapacitates a survivor
    Given the map:
      | base | scrap #s @yellow @green | food #lair !beast:b1 !beast:b2 |
    And yellow is injured
    And green has had its turn
    And it is yellow's turn with 2 AP
    And the base holds 3 food
    When the enemy phases run
    Then the players may assign the damage exactly as: green 2 and b1 2; green 2 and b1 1 and b2 1; green 2 and b2 2; green 1 and yellow 1 and b1 2; green 1 and yellow 1 and b1 1 and b2 1; green 1 and yellow 1 and b2 2
    When the players try to assign the damage: yellow 2 and b1 1 and b2 1
    Then the action is refused citing unknown.combat.assign-cap
    When the players assign the damage: green 1 and yellow 1 and b1 1 and b2 1
    Then round 2 is under way
    And yellow is incapacitated
    And green is injured
    And there is no b1 on the map
    And there is no b2 on the map

  # Missing figure. Assumed: yellow (healthy) on base, a beast and a devourer on the tile next to
  # base; base holds 4 food. Both enter base (the beast after yellow, the devourer after base).
  # Yellow's 1 damage kills the beast; the 2 enemy points incapacitate her. The devourer then
  # takes 3 food (1 left) and 1 damage; with 2 health it stays and wants 3 more food, which base
  # does not have: the survivors lose at once.
  @example:unknown.example.combat-base-defense-loss @clause:unknown.combat.base-defense @clause:unknown.combat.base-defense.repeat @clause:unknown.combat.base-defense.lose @clause:unknown.combat.repeat @clause:unknown.enemy.devourer
  Scenario: Base defense with too little food loses the game
    Given the map:
      | scrap | base #base @yellow | food #east !beast:b1 !devourer:d1 |
    And it is yellow's turn with 3 AP
    And the base holds 4 food
    When the enemy phases run
    Then the players may assign the damage exactly as: yellow 2 and b1 1; yellow 2 and d1 1
    When the players assign the damage: yellow 2 and b1 1
    Then the survivors have lost citing unknown.combat.base-defense.lose
    And yellow is incapacitated
    And there is no b1 on the map
    And the base's stock of food is 1
    And d1 has taken 1 damage
    And #east holds 1 barrier token

  # Same assumed figure with 7 food in base: the devourer takes 3 food twice (7, 4, 1) and is
  # killed by its second point of damage; upkeep eats the last food and the game goes on.
  @example:unknown.example.combat-base-defense-loss @clause:unknown.combat.base-defense @clause:unknown.combat.base-defense.repeat @clause:unknown.turn.upkeep
  Scenario: With enough food, base defense wears the devourer down
    Given the map:
      | scrap | base #base @yellow | food #east !beast:b1 !devourer:d1 |
    And it is yellow's turn with 3 AP
    And the base holds 7 food
    When the enemy phases run
    And the players assign the damage: yellow 2 and b1 1
    Then round 2 is under way
    And there is no d1 on the map
    And the base's stock of food is 0

  # No figure: a monster (targets base) enters base while no survivor is there. It takes 3 food
  # and 1 damage, which kills it. Upkeep then eats 1.
  @clause:unknown.enemy.enters-empty-base @clause:unknown.combat.trigger @clause:unknown.combat.base-defense @clause:unknown.enemy.monster
  Scenario: An enemy entering an empty base eats 3 food and takes 1 damage
    Given the map:
      | base #base | food !monster:m1 | ammo @yellow |
    And it is yellow's turn with 3 AP
    And the base holds 5 food
    When the enemy phases run
    Then round 2 is under way
    And there is no m1 on the map
    And the base's stock of food is 1

  # No figure: the same monster with only 2 food in base: it cannot take its 3, and the survivors
  # lose.
  # The loss is the base defense step's; the quick start's empty-base note restates it.
  @clause:unknown.enemy.enters-empty-base @clause:unknown.combat.base-defense.lose
  Scenario: An enemy entering base when it has under 3 food loses the game
    Given the map:
      | base #base | food !monster:m1 | ammo @yellow |
    And it is yellow's turn with 3 AP
    And the base holds 2 food
    When the enemy phases run
    Then the survivors have lost citing unknown.combat.base-defense.lose

  # No figure: a behemoth (3 health) next to an empty base with 10 food: 3 food and 1 damage, three
  # times (10, 7, 4, 1), and it dies. Upkeep eats the last food.
  @clause:unknown.combat.base-defense.repeat @clause:unknown.enemy.enters-empty-base @clause:unknown.enemy.behemoth
  Scenario: Base defense repeats until the enemy is killed
    Given the map:
      | base #base | food !behemoth:h1 | ammo @yellow |
    And it is yellow's turn with 3 AP
    And the base holds 10 food
    When the enemy phases run
    Then round 2 is under way
    And there is no h1 on the map
    And the base's stock of food is 0

  # No figure: the brute, heading for yellow, enters the empty base on its way. The brute takes
  # no part in base defense: no food is taken and it is neither hurt nor stunned.
  @clause:unknown.enemy.brute.no-base-defense @clause:unknown.combat.base-defense @clause:unknown.enemy.brute
  Scenario: The brute skips base defense
    Given the map:
      | scrap @yellow | food | base #base | ammo !brute:k1 |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And k1 stands on #base
    And k1 is not stunned
    And the base's stock of food is 2

  # No figure: the behemoth (speed 3, targets base) meets yellow on its second step. Close combat
  # ends its move although it survives. Its damage hits everything on its tile (read as its one
  # point going to each piece there); yellow hits it each round: after two rounds she is
  # incapacitated and it has 2 damage. It stays on her tile.
  @clause:unknown.combat.ends-move @clause:unknown.enemy.behemoth.area-damage @clause:unknown.combat.repeat @clause:unknown.enemy.obstructed.survivor
  Scenario: Close combat ends the behemoth's move short of base
    Given the map:
      | base | scrap #s @yellow | food | ammo !behemoth:h1 |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And h1 stands on #s
    And h1 has taken 2 damage
    And yellow is incapacitated
    And the base's stock of food is 2

  # No figure: yellow moves onto a behemoth and a beast. The behemoth's damage goes to everything
  # on its tile, the beast included (which kills it), and to yellow; the beast's point also goes
  # to yellow; yellow's own point goes to either enemy.
  @clause:unknown.enemy.behemoth.area-damage @clause:unknown.combat.damage-received @clause:unknown.action.move.combat
  Scenario: The behemoth's damage hits the other enemies on its tile too
    Given the map:
      | base | scrap @yellow | food #f !behemoth:h1 !beast:b1 |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then the players may assign the damage exactly as: yellow 1 and h1 1; yellow 1 and b1 1
    When the players assign the damage: yellow 1 and h1 1
    Then there is no b1 on the map
    And h1 has taken 1 damage
    And yellow is incapacitated

  # No figure: yellow moves onto a devourer (2 health). Round one: each deals 1 (both injured;
  # becoming injured costs yellow 1 AP). Round two: the devourer dies, yellow is incapacitated.
  @clause:unknown.combat.repeat @clause:unknown.injury.enemy-injured @clause:unknown.combat.damage-dealt
  Scenario: Rounds repeat until one side is down
    Given the map:
      | base | scrap @yellow | food #lair !devourer:d1 |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then there is no d1 on the map
    And yellow is incapacitated
    And yellow has 0 AP left

  # No figure: yellow moves onto the brute. Its damage stuns it (it cannot die); with every enemy
  # there stunned the combat is over after one round, yellow only injured.
  @clause:unknown.combat.repeat @clause:unknown.enemy.brute.stun
  Scenario: Combat ends when every enemy is stunned
    Given the map:
      | base | scrap @yellow | food #lair !brute:k1 |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then k1 is stunned
    And yellow is injured
    And yellow has 1 AP left

  # No figure: yellow moves onto a tile with a stunned brute and an active beast: close combat
  # with the beast. If yellow hits the stunned brute it strikes back with 1, on top of the beast's
  # 1; if yellow hits the beast, only the beast's 1 comes back.
  @clause:unknown.enemy.stunned-no-combat @clause:unknown.combat.damage-received @clause:unknown.injury.stunned
  Scenario: A stunned enemy damaged in close combat strikes back
    Given the map:
      | base | scrap @yellow | food #f !brute:k1 !beast:b1 |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then the players may assign the damage exactly as: yellow 1 and b1 1; yellow 2 and k1 1
    When the players assign the damage: yellow 2 and k1 1
    Then yellow is incapacitated
    And b1 stands on #f
    And k1 is stunned

  # No figure: a stunned brute lies on yellow's tile (stunned enemies start no combat). It recovers
  # in enemy main, and recovering on a survivor's tile starts close combat in enemy combat: it
  # injures yellow, and her damage stuns it again.
  @clause:unknown.combat.trigger @clause:unknown.turn.enemy-main @clause:unknown.turn.enemy-combat @clause:unknown.enemy.brute.stun
  Scenario: An enemy recovering on a survivor's tile fights
    Given the map:
      | base | scrap #s @yellow !brute:k1 |
    And k1 is stunned
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And the events include close combat on #s
    And yellow is injured
    And k1 is stunned
    And k1 stands on #s

  # No figure: a trap lies on yellow's tile. The brute enters; the trap (resolved before combat)
  # deals it 1 damage, which stuns it, so it starts no combat. It recovers in enemy main and then
  # fights: yellow is injured and the brute stunned again.
  @clause:unknown.combat.obstacles-first @clause:unknown.trap.trigger @clause:unknown.enemy.brute.stun @clause:unknown.turn.enemy-main @clause:unknown.combat.trigger
  Scenario: A trap on the survivor's tile goes off before close combat
    Given the map:
      | base | scrap #s @yellow +trap | food #lair !brute:k1 |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And k1 stands on #s
    And k1 is stunned
    And yellow is injured
    And #s holds 0 trap tokens

  # No figure: a barrier lies on yellow's tile. The beast's move onto it fails (the barrier is
  # removed, the beast stays), so there is no close combat.
  @clause:unknown.combat.obstacles-first @clause:unknown.enemy.obstructed.barrier @clause:unknown.barrier.entry-removes
  Scenario: A barrier on the survivor's tile keeps the enemy out of combat
    Given the map:
      | base | scrap #s @yellow +barrier | food #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And b1 stands on #lair
    And yellow is healthy
    And #s holds 0 barrier tokens

  # No figure: the animal (speed 2) ignores the incapacitated yellow lying on the tile between it
  # and green: it passes her tile without stopping and fights green.
  @clause:unknown.injury.incapacitated @clause:unknown.combat.trigger @clause:unknown.enemy.target.nearest-preferred
  Scenario: Enemies pass an incapacitated survivor by
    Given the map:
      | base | scrap @green | food #y @yellow | ammo #lair !animal:a1 |
    And yellow is incapacitated
    And yellow has had its turn
    And it is green's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And a1 targets green
    And there is no a1 on the map
    And green is injured
    And yellow is incapacitated
    And yellow stands on #y

  # No figure: five survivors against two beasts, 3 surplus survivors: one cut of 1. Taken off
  # the total, the beasts still deal 1 between them.
  @clause:unknown.combat.outnumber @clause:unknown.combat.damage-dealt @interpretation:outnumber-reduction
  Scenario: Read as a cut of the total, two beasts outnumbered by three deal 1 damage
    Given the map:
      | base | scrap #s @yellow @green @red @blue @pink | food #lair !beast:b1 !beast:b2 |
    And the reading "outnumber-reduction" is "total"
    And green has had its turn
    And red has had its turn
    And blue has had its turn
    And pink has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then every damage assignment offered gives the survivors 1 damage
    When the players assign the damage: red 1 and b1 2 and b2 3
    Then red is injured
    And yellow is healthy
    And there is no b1 on the map
    And there is no b2 on the map

  # The same fight read the other way: the cut of 1 comes off each beast's own point, so neither
  # deals any damage.
  @clause:unknown.combat.outnumber @clause:unknown.combat.damage-dealt @interpretation:outnumber-reduction
  Scenario: Read as a cut of each enemy's point, two beasts outnumbered by three deal no damage
    Given the map:
      | base | scrap #s @yellow @green @red @blue @pink | food #lair !beast:b1 !beast:b2 |
    And the reading "outnumber-reduction" is "each-enemy"
    And green has had its turn
    And red has had its turn
    And blue has had its turn
    And pink has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then every damage assignment offered gives the survivors 0 damage
    When the players assign the damage: b1 2 and b2 3
    Then red is healthy
    And yellow is healthy
    And there is no b1 on the map
    And there is no b2 on the map
