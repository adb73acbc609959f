# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A place in a step is a #label (a spot on the map, whatever tile comes to lie there), a piece id
# (where it stands now) or x,y.
#
# "When yellow explores and the tile is flood placed at #spot" puts that tile on top of the stack,
# explores and places it. A collapse covering the explorer's own tile has only one place to go,
# so the engine asks for no spot and the step names none ("... the tile is collapse"). Knockback values the rulebook does not print are the tile catalog's
# (engine/unknown/data/tiles.yaml): Blaze 2. Where a layout would let the scenario depend on such
# a value, a dead end fixes where the survivor stops.
# "mission" tokens stand for the rulebook's objective tokens.
@unknown
Feature: Hazards
  Hazard tiles hinder the survivors. Impassable ones stay so until cleared; the other effects
  happen when the tile is explored, except Muddy's, which lasts. Hazard effects neither reach into
  nor pass through fortified tiles (base), objective tiles or impassable tiles, but the full
  knockback still happens, and it pushes enemies as well as survivors. A hazard without a clear
  cost can never be cleared.

  # --- Blaze -------------------------------------------------------------------------------------

  # Missing figure. Assumed: green explores the Blaze from the tile north of its spot; base is the
  # Blaze's east neighbour, a food tile beyond base. Green flees north (knockback 2) to 3 tiles
  # away. Every tile within 2 range gets a blaze token, but the spread stops at base: base is
  # fortified, so neither base nor the food tile behind it gets a token.
  @example:unknown.example.fortified-blaze-stranger @clause:unknown.hazard.blaze.spread @clause:unknown.tile.fortified.hazards @clause:unknown.hazard.blocked-by-fortified-objective @clause:unknown.hazard.blaze.impassable @interpretation:blaze-flight
  Scenario: The blaze spreads up to base and no further
    Given the map:
      | food #n3     | .          | .       |
      | ammo #n2     | .          | .       |
      | scrap @green | .          | .       |
      | .            | base #base | food #f |
    And the reading "blaze-flight" is "through-fire"
    And it is green's turn with 3 AP
    When green explores and the tile is blaze placed at 0,0
    Then green stands on #n3
    And #n2 holds 1 blaze token
    And 0,1 holds 1 blaze token
    And #n3 holds 0 blaze tokens
    And #base holds 0 blaze tokens
    And #f holds 0 blaze tokens
    And 0,0 is a blaze tile
    And an event cites unknown.hazard.blaze.spread
    And no event so far cites unknown.hazard.blaze.later

  # Same assumed figure, read so that the blaze tokens land before the knockback: green's way
  # north is already alight, so he cannot flee and is removed with everything within 2 range.
  @example:unknown.example.fortified-blaze-stranger @clause:unknown.hazard.blaze.destroy @clause:unknown.hazard.blaze.spread @interpretation:blaze-flight
  Scenario: Read as tokens first, nothing within the blaze's reach escapes it
    Given the map:
      | food #n3     | .          | .       |
      | ammo #n2     | .          | .       |
      | scrap @green | .          | .       |
      | .            | base #base | food #f |
    And the reading "blaze-flight" is "tokens-block"
    And it is green's turn with 3 AP
    When green explores and the tile is blaze placed at 0,0
    Then there is no green on the map
    And #n2 holds 1 blaze token
    And #base holds 0 blaze tokens

  # Missing figure. Assumed: yellow (who has had her turn) stands in a pocket beside the spot green
  # explores; her only other ways out are two barrier tiles. Green, below the spot, flees down his
  # column to a dead end 3 tiles away. Yellow cannot flee (barrier tiles are impassable and
  # knockback removes no barrier), so her tile gets a blaze token and she is removed from the
  # game. Barrier tiles are impassable, so no blaze token goes on them. Later red's move onto one
  # barrier tile fails and removes its only barrier: that tile, within 2 range of the Blaze, now
  # gets a blaze token (and the Blaze's knockback happens again, reaching nobody).
  @example:unknown.example.blaze-trapped @clause:unknown.hazard.blaze.destroy @clause:unknown.hazard.blaze.later @clause:unknown.hazard.blaze.spread @clause:unknown.tile.impassable.hazards @clause:unknown.barrier.knockback-keeps @clause:unknown.knockback.dead-end
  Scenario: The survivor who cannot escape the blaze is removed; a barrier removed later lets it in
    Given the map:
      | .          | base #base         | .                 |
      | .          | food +barrier #b1  | .                 |
      | .          | scrap @yellow #Y   | ammo +barrier #b2 |
      | lab @green | .                  | medicine #r @red  |
      | bunker     | .                  | workshop          |
      | market #g0 | .                  | .                 |
    And yellow has had her turn
    And it is green's turn with 3 AP
    And the base holds 3 food
    When green explores and the tile is blaze placed at 0,3
    Then green stands on #g0
    And there is no yellow on the map
    And #Y holds 1 blaze token
    And #b1 holds 0 blaze tokens
    And #b2 holds 0 blaze tokens
    And 0,1 holds 1 blaze token
    And #g0 holds 0 blaze tokens
    When green ends the turn
    And the players choose red to take its turn
    And red moves north
    Then red stands on #r
    And #b2 holds 0 barrier tokens
    And #b2 holds 1 blaze token
    And #b1 holds 1 barrier token
    And #b1 holds 0 blaze tokens

  # No figure: yellow explores a Blaze west of her tile. West of the Blaze spot a beast waits at
  # the end of a two-tile dead end: the Blaze's knockback pushes enemies too, but it has nowhere
  # to go, so after the knockback it is removed with the food lying next to it. Yellow flees east
  # (2) to 3 tiles away. A mission token on a blazed tile moves to the nearest passable tile.
  @clause:unknown.hazard.blaze.destroy @clause:unknown.hazard.blaze.objective-tokens @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.hazard.blaze.spread
  Scenario: The blaze removes what cannot flee it, but not objective tokens
    Given the map:
      | lab #pocket !beast:b1 | ammo #p2 +food*2 | . | scrap @yellow | food #t4 +mission | medicine #safe | bunker |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is blaze placed at 2,0
    Then yellow stands on #safe
    And there is no b1 on the map
    And #p2 holds 0 food tokens
    And #p2 holds 1 blaze token
    And #pocket holds 1 blaze token
    And #t4 holds 1 blaze token
    And #t4 holds 0 mission tokens
    And #safe holds 1 mission token
    And #safe holds 0 blaze tokens

  # No figure: a Blaze explored earlier stands alone; yellow explores a new tile next to it. The new
  # tile, and yellow's own tile, are now connected within 2 range of the Blaze: both get blaze
  # tokens and the Blaze's knockback (2) happens again, sending yellow 3 tiles from it first.
  @clause:unknown.hazard.blaze.later @clause:unknown.hazard.blaze.spread @clause:unknown.knockback.flee
  Scenario: A tile later connected within the blaze's range catches fire
    Given the map:
      | .     | .       | scrap @yellow #Y | food #next | ammo |
      | .     | blaze   | .                | .          | .    |
    And the tile stack is: lab
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,1
    Then yellow stands on #next
    And 1,1 holds 1 blaze token
    And #Y holds 1 blaze token
    And #next holds 0 blaze tokens

  # --- Blocked, Bridge, Irradiated -----------------------------------------------------------------

  # No figure: hazard tiles with no clear cost can never be cleared.
  @clause:unknown.hazard.no-clear-cost @clause:unknown.hazard.blocked.impassable @clause:unknown.tile.unclearable
  Scenario Outline: A hazard without a clear cost cannot be cleared
    Given the map:
      | base | scrap @yellow | <tile> #h |
    And it is yellow's turn with 3 AP
    And yellow carries 3 scrap and 3 medicine
    When yellow tries to clear #h
    Then the action is refused citing unknown.hazard.no-clear-cost

    Examples:
      | tile     |
      | blocked  |
      | broken   |
      | collapse |
      | flood    |
      | muddy    |
      | rockfall |
      | blaze    |

  # No figure: an uncleared Bridge or Irradiated tile keeps the beast from the survivor; cleared for
  # its price (2 scrap, 2 medicine) it is an ordinary tile, and the beast walks onto it.
  @clause:unknown.hazard.bridge.clear @clause:unknown.hazard.irradiated.clear @clause:unknown.hazard.impassable-persists @clause:unknown.action.clear.loses-effects @clause:unknown.tile.impassable
  Scenario Outline: A cleared bridge or irradiated tile lets enemies through
    Given the map:
      | base | scrap @yellow | <tile> #h | food #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 <resource>
    And the base holds 3 food
    When yellow clears #h
    Then the <tile> tile #h is cleared
    And yellow carries nothing
    When the enemy phases run
    Then round 2 is under way
    And b1 stands on #h

    Examples:
      | tile       | resource |
      | bridge     | scrap    |
      | irradiated | medicine |

  # No figure: the same tiles uncleared: the beast has no way to the survivor and stays; clearing
  # with 1 token of the 2 is refused.
  @clause:unknown.hazard.bridge.impassable @clause:unknown.hazard.irradiated.impassable @clause:unknown.hazard.bridge.clear @clause:unknown.hazard.irradiated.clear @clause:unknown.enemy.target.none @clause:unknown.tile.clear-requirement
  Scenario Outline: An uncleared bridge or irradiated tile stops enemies
    Given the map:
      | base | scrap @yellow | <tile> #h | food #lair !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 <resource>
    And the base holds 3 food
    When yellow tries to clear #h
    Then the action is refused citing unknown.tile.clear-requirement
    When the enemy phases run
    Then round 2 is under way
    And b1 stands on #lair
    And the <tile> tile #h is not cleared

    Examples:
      | tile       | resource |
      | bridge     | scrap    |
      | irradiated | medicine |

  # --- Broken ------------------------------------------------------------------------------------

  # No figure: yellow, wearing 1 armor, explores a Broken tile: its 1 damage is stopped by the
  # armor, and she is moved onto the Broken tile.
  @clause:unknown.hazard.broken @clause:unknown.action.create-armor.absorb @clause:unknown.injury.sources
  Scenario: Broken damages the explorer and puts her on it
    Given the map:
      | base | scrap @yellow |
    And yellow carries 1 armor
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is broken placed at 2,0
    Then yellow stands on 2,0
    And yellow is healthy
    And yellow carries nothing
    And yellow has 2 AP left
    And 2,0 is a broken tile

  # No figure: an injured explorer is incapacitated by Broken's damage, on the Broken tile.
  @clause:unknown.hazard.broken @clause:unknown.injury.damage-step @clause:unknown.injury.incapacitated-ap
  Scenario: Broken's damage can incapacitate
    Given the map:
      | base | scrap @yellow |
    And yellow is injured
    And it is yellow's turn with 2 AP
    When yellow explores and the tile is broken placed at 1,1
    Then yellow stands on 1,1
    And yellow is incapacitated
    And yellow has 0 AP left

  # No figure: Broken's damage happens when it is explored, once; walking onto it later hurts
  # nobody (hazard effects happen on exploring and do not persist unless noted).
  @clause:unknown.hazard.effects-once @clause:unknown.hazard.broken
  Scenario: Moving onto a Broken tile later does no damage
    Given the map:
      | base | broken #b | scrap @green |
    And it is green's turn with 3 AP
    When green moves west
    Then green stands on #b
    And green is healthy
    And green has 2 AP left

  # --- Collapse ------------------------------------------------------------------------------------

  # No figure: yellow stands on a scrap tile holding food tokens and a mission token, with a single
  # way off it (west, a dead end) and explores east. The Collapse is laid on her tile, not on the
  # spot explored (which stays empty); she is knocked back 1 tile; the food left on it is removed,
  # the mission token goes to the nearest passable tile.
  @clause:unknown.hazard.collapse.placement @clause:unknown.hazard.collapse.knockback @clause:unknown.hazard.collapse.destroy @clause:unknown.hazard.collapse.objective-tokens @clause:unknown.hazard.collapse.impassable
  Scenario: The collapse covers the explorer's tile and knocks her off it
    Given the map:
      | food #back | scrap #Y @yellow +food*2 +mission |
    And yellow carries 1 ammo
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse
    Then #Y is a collapse tile
    And there is no tile at 2,0
    And yellow stands on #back
    And yellow carries 1 ammo
    And #Y holds 0 food tokens
    And #Y holds 0 mission tokens
    And #back holds 1 mission token

  # No figure: yellow's tile has no way off but the Blocked hazard west of it, so the Collapse's
  # knockback cannot move her: she is still on its tile afterwards and is removed from the game,
  # with the food lying there.
  @clause:unknown.hazard.collapse.destroy @clause:unknown.hazard.collapse.knockback @clause:unknown.knockback.dead-end
  Scenario: What cannot get off the collapsed tile is removed from the game
    Given the map:
      | base @green | .                      |
      | blocked     | scrap #Y @yellow +food |
    And green has had his turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow explores and the tile is collapse
    Then there is no yellow on the map
    And #Y is a collapse tile
    And #Y holds 0 food tokens

  # No figure: green stands next to yellow's tile, with room to flee. Only what is on the tile the
  # Collapse covers is knocked back: green stays where he is.
  @clause:unknown.hazard.collapse.knockback @clause:unknown.hazard.collapse.placement
  Scenario: The collapse knocks back only what stands on the covered tile
    Given the map:
      | .          | medicine #far     | .             |
      | .          | lab #side @green  | .             |
      | food #back | scrap #Y @yellow  | .             |
    And green has had his turn
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse
    And the players choose #back for yellow
    Then yellow stands on #back
    And green stands on #side
    And #Y is a collapse tile

  # No figure: yellow explores a Collapse from a Hive tile (an objective tile). The Collapse then
  # goes on the spot explored and the hive stays. What stands on the tile explored from is still
  # knocked back 1 tile, as the rule says of that tile: yellow goes one tile further off, to the
  # food tile; nothing is left on the Collapse to remove.
  @clause:unknown.hazard.collapse.placement @clause:unknown.hazard.collapse.knockback @clause:unknown.hazard.collapse.impassable @interpretation:collapse-origin-knockback
  Scenario: From an objective tile the collapse goes where it was explored
    Given the map:
      | food #back | hive #Y @yellow |
    And the reading "collapse-origin-knockback" is "always"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse placed at 2,0
    Then 2,0 is a collapse tile
    And #Y is a hive tile
    And yellow stands on #back

  # Same layout, read so that only pieces on the tile the Collapse covers flee: yellow stays on
  # the hive.
  @clause:unknown.hazard.collapse.placement @clause:unknown.hazard.collapse.knockback @interpretation:collapse-origin-knockback
  Scenario: Read as covered tile only, nobody flees a collapse beside the hive
    Given the map:
      | food #back | hive #Y @yellow |
    And the reading "collapse-origin-knockback" is "covered-only"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse placed at 2,0
    Then 2,0 is a collapse tile
    And yellow stands on #Y

  # No figure: yellow explores a Collapse with a corridor running west from her tile. Knocked
  # back 1 tile under the one-tile reading means one step off the covered tile.
  @clause:unknown.hazard.collapse.knockback @interpretation:collapse-knockback
  Scenario: Knocked back 1 tile, the survivor steps one tile off the collapse
    Given the map:
      | food #2 | ammo #1 | scrap #Y @yellow |
    And the reading "collapse-knockback" is "one-tile"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse
    Then yellow stands on #1
    And #Y is a collapse tile

  # Same layout, read as a knockback of 1 as printed on tiles: she flees until 1 tile lies
  # between her and the Collapse.
  @clause:unknown.hazard.collapse.knockback @interpretation:collapse-knockback
  Scenario: Read as a knockback of 1, the survivor flees until a tile lies between
    Given the map:
      | food #2 | ammo #1 | scrap #Y @yellow |
    And the reading "collapse-knockback" is "knockback-1"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse
    Then yellow stands on #2
    And #Y is a collapse tile

  # No figure: yellow explores a Collapse from base. Hazard effects never act on a fortified tile,
  # so under the all-shields reading base is spared like an objective tile: the Collapse goes on the spot explored,
  # and yellow, on the tile it was explored from, steps off it.
  @clause:unknown.hazard.collapse.placement @clause:unknown.tile.fortified.hazards @interpretation:hazard-origin-shield
  Scenario: Base is spared a collapse explored from it
    Given the map:
      | food #w | base #base @yellow |
    And the reading "hazard-origin-shield" is "all-shields"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse placed at 2,0
    Then 2,0 is a collapse tile
    And #base is a base tile
    And yellow stands on #w

  # Same layout, read so that only objective tiles are spared, as the Collapse text names: the
  # Collapse covers base.
  @clause:unknown.hazard.collapse.placement @interpretation:hazard-origin-shield
  Scenario: Read as objective tiles only, a collapse covers base
    Given the map:
      | food #w | base #base @yellow |
    And the reading "hazard-origin-shield" is "objective-only"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is collapse
    Then #base is a collapse tile
    And there is no tile at 2,0
    And yellow stands on #w

  # No figure: yellow's tile has no passable neighbour: west is a Blocked hazard with an ammo tile
  # beyond it. She cannot flee the Collapse and is removed; the mission token on her tile goes to
  # the nearest passable tile, under the map-steps reading counted over the map whatever lies
  # between.
  @clause:unknown.hazard.collapse.objective-tokens @clause:unknown.hazard.collapse.destroy @interpretation:objective-token-nearest
  Scenario: Objective tokens go to the nearest passable tile counted over the map
    Given the map:
      | ammo #far | blocked | scrap #Y @yellow +mission |
    And the reading "objective-token-nearest" is "map-steps"
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow explores and the tile is collapse
    Then there is no yellow on the map
    And #far holds 1 mission token
    And #Y holds 0 mission tokens

  # Same layout, read with range, which never crosses the Blocked tile: no passable tile is in
  # range, and the token stays where it is.
  @clause:unknown.hazard.collapse.objective-tokens @interpretation:objective-token-nearest
  Scenario: Read by range, objective tokens with no passable tile in range stay
    Given the map:
      | ammo #far | blocked | scrap #Y @yellow +mission |
    And the reading "objective-token-nearest" is "range"
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When yellow explores and the tile is collapse
    Then there is no yellow on the map
    And #Y holds 1 mission token
    And #far holds 0 mission tokens

  # --- Flood ---------------------------------------------------------------------------------------

  # Missing figure. Assumed: yellow explores the Flood north of her tile and is knocked back 3 down
  # her column. Within the flood's range (3): the scrap tile beside it and the three tiles of her
  # column, all cleared, and the food lying on one of them destroyed; her own carried scrap is
  # safe. The Hive tile north of the Flood is an objective tile and shields the food tile behind
  # it; base, west of the Flood, shields the ammo tile behind it. The column's fourth tile is out of
  # range.
  @example:unknown.example.flood-blocked-by-objective @clause:unknown.hazard.flood.clear-gatherables @clause:unknown.hazard.flood.destroy-items @clause:unknown.hazard.blocked-by-fortified-objective @clause:unknown.tile.fortified.hazards @clause:unknown.hazard.flood.knockback @clause:unknown.hazard.full-knockback
  Scenario: The flood clears what it reaches, stopped by the hive and by base
    Given the map:
      | .          | .          | food #food        | .            |
      | .          | .          | hive #hive        | .            |
      | ammo #ammo | base #base | .                 | scrap #scrap |
      | .          | .          | food #t1 @yellow  | .            |
      | .          | .          | ammo #t2 +food*2  | .            |
      | .          | .          | medicine #t3      | .            |
      | .          | .          | lab #t4           | .            |
    And yellow carries 1 scrap
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 2,4
    Then yellow stands on #t4
    And yellow carries 1 scrap
    And the scrap tile #scrap is cleared
    And the food tile #t1 is cleared
    And the ammo tile #t2 is cleared
    And the medicine tile #t3 is cleared
    And #t2 holds 0 food tokens
    And the lab tile #t4 is not cleared
    And the hive tile #hive is not cleared
    And the food tile #food is not cleared
    And the ammo tile #ammo is not cleared

  # Missing figure (quick start). Assumed: a corridor runs east from yellow and turns north, long
  # enough that only the distance stops her. She spends 1 AP to explore; the knockback is free.
  @example:unknown.example.flood-quickstart @clause:unknown.hazard.flood.knockback @clause:unknown.knockback.no-ap @clause:unknown.knockback.flee
  Scenario: Exploring a flood, yellow is knocked back until 3 tiles lie between them
    Given the map:
      | .             | .    | market #4 | base |
      | scrap @yellow | ammo | medicine  | .    |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then yellow stands on #4
    And yellow has 2 AP left

  # Missing figure. Assumed as in knockback.feature: the animal one tile east of yellow flees the
  # Flood first, to the dead end 3 tiles from it; then yellow chooses between the dead end north of
  # her, stopping short of the animal, or joining it.
  @example:unknown.example.knockback-flood @clause:unknown.knockback.hazard-affects-enemies @clause:unknown.hazard.flood.knockback @clause:unknown.knockback.path-choice
  Scenario: The flood's knockback moves the animal, then the survivor chooses
    Given the map:
      | market #1     | .                     | .           |
      | scrap @yellow | ammo #path !animal:a1 | medicine #2 |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then a1 stands on #2
    And the players must choose where yellow ends among: #1, #path and #2
    When the players choose #1 for yellow
    Then yellow stands on #1

  # No figure: green stands on base, next to the spot yellow explores. Base blocks the flood's
  # effects (the tiles past it are not cleared), but the full knockback still happens: green
  # flees along the row, through and past base's neighbours, 3 tiles from the Flood.
  @clause:unknown.hazard.full-knockback @clause:unknown.hazard.blocked-by-fortified-objective @clause:unknown.knockback.flee
  Scenario: Base stops the flood's effects, not its knockback
    Given the map:
      | market #top   | .           | .     | .    | .        |
      | bunker        | .           | .     | .    | .        |
      | scrap @yellow | .           | .     | .    | .        |
      | .             | base @green | scrap | ammo | lab #end |
    And green has had his turn
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 0,0
    Then green stands on #end
    And yellow stands on #top
    And the scrap tile 2,0 is not cleared
    And the ammo tile 3,0 is not cleared

  # No figure: a food tile holding a barrier token lies within the flood's range; a tile holding a
  # barrier is impassable, and hazard effects do not reach impassable tiles: it is not cleared.
  @clause:unknown.tile.impassable.hazards @clause:unknown.hazard.flood.clear-gatherables
  Scenario: The flood does not clear an impassable tile
    Given the map:
      | .             | food +barrier #wall | .    | .    | .   |
      | scrap @yellow | ammo                | lab  | food | ammo |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then the food tile #wall is not cleared
    And the ammo tile 1,0 is cleared

  # No figure: a Flood explored earlier lies next to yellow's tile; she explores a food tile next
  # to it. The flood's clearing happened when it was explored and does not persist: the new tile
  # stays uncleared.
  @clause:unknown.hazard.effects-once @clause:unknown.hazard.flood.clear-gatherables
  Scenario: A tile explored next to an old flood is not cleared
    Given the map:
      | flood | scrap @yellow |
    And the tile stack is: food
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,1
    Then the food tile 1,1 is not cleared

  # No figure: a spawn pit (food behind a clear cost) north of the Flood's spot and a market (a
  # single-use exchange) south of it. Read as has-resources, both show gatherable resources
  # (what clearing them would give) and are cleared.
  @clause:unknown.hazard.flood.clear-gatherables @clause:unknown.gatherable.definition @interpretation:flood-gatherable
  Scenario: The flood clears tiles with any gatherable resources
    Given the map:
      | spawn_pit #pit | .             | .    | .    | .   |
      | .              | scrap @yellow | food | ammo | lab |
      | market #m      | .             | .    | .    | .   |
    And the reading "flood-gatherable" is "has-resources"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 0,1
    Then the spawn_pit tile #pit is cleared
    And the market tile #m is cleared

  # Same layout, read as tiles a Gather action could take: a gatherable tile shows resource icons
  # and has no clear cost (Gather; the Botanist's card: a lair with a clear cost is not
  # gatherable). The spawn pit has a clear cost and the market only an exchange: neither is.
  @clause:unknown.hazard.flood.clear-gatherables @clause:unknown.action.gather.eligible @clause:unknown.survivor.botanist.clear-cost-lairs @interpretation:flood-gatherable
  Scenario: Read as gather-action, the flood spares the spawn pit and the market
    Given the map:
      | spawn_pit #pit | .             | .    | .    | .   |
      | .              | scrap @yellow | food | ammo | lab |
      | market #m      | .             | .    | .    | .   |
    And the reading "flood-gatherable" is "gather-action"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 0,1
    Then the spawn_pit tile #pit is not cleared
    And the market tile #m is not cleared

  # --- Muddy ---------------------------------------------------------------------------------------

  # No figure: entering Muddy costs 1 AP on top of the move.
  @clause:unknown.hazard.muddy.ap @clause:unknown.hazard.muddy.persists
  Scenario: Entering muddy costs an extra AP
    Given the map:
      | scrap @yellow | muddy #mud |
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #mud
    And yellow has 1 AP left

  # No figure: starting a turn on Muddy costs 1 AP, every turn (its effect persists).
  @clause:unknown.hazard.muddy.ap @clause:unknown.hazard.muddy.persists
  Scenario: Beginning a turn on muddy costs an AP
    Given the map:
      | base | muddy #mud @yellow |
    And yellow is the Explorer
    And a new round begins
    When the players choose yellow to take its turn
    Then yellow has 3 AP left

  # No figure: in the Refugees mission the Runner carries 5 refugees, so his turn starts at
  # 3 - 5 = -2 AP, on Muddy. The mud takes what AP is left, which is none: it never gives AP
  # back, so he stays at -2.
  @clause:unknown.hazard.muddy.ap @clause:unknown.mission.refugees.ap-cost
  Scenario: Beginning a turn on muddy below 0 AP gives no AP back
    Given the map:
      | base #base | muddy #mud @yellow |
    And yellow is the Runner
    And the mission is refugees
    And yellow carries 5 refugee
    And a new round begins
    When the players choose yellow to take his turn
    Then yellow has -2 AP left

  # Same mission and tile, the Runner and the Mechanic (3 AP each) on it: with 2 refugees yellow's
  # turn would start at 1 AP; the mud takes it. With 3 green's would start at 0; the mud has nothing to take, and AP does
  # not fall below 0.
  @clause:unknown.hazard.muddy.ap @clause:unknown.mission.refugees.ap-cost
  Scenario: Beginning a turn on muddy takes the last AP but no more
    Given the map:
      | base #base | muddy #mud @yellow @green |
    And yellow is the Runner
    And green is the Mechanic
    And the mission is refugees
    And yellow carries 2 refugee
    And green carries 3 refugee
    And a new round begins
    When the players choose yellow to take his turn
    Then yellow has 0 AP left
    When yellow ends his turn
    And the players choose green to take his turn
    Then green has 0 AP left

  # No figure: yellow explores a Flood; its knockback (3) ends her flight on a Muddy tile, which
  # costs her 1 AP: 3 - 1 for exploring - 1 for the mud.
  @clause:unknown.hazard.muddy.knockback @clause:unknown.hazard.muddy.ap @clause:unknown.knockback.no-ap
  Scenario: Knocked back onto muddy costs an AP
    Given the map:
      | scrap @yellow | food | ammo | muddy #mud |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then yellow stands on #mud
    And yellow has 1 AP left

  # No figure: enemies have no AP, so Muddy does not slow them: the animal crosses it at its full
  # speed of 2.
  @clause:unknown.hazard.muddy.ap @clause:unknown.enemy.path.speed
  Scenario: Muddy does not slow enemies
    Given the map:
      | scrap @yellow | food | ammo #stop | muddy | lab !animal:a1 |
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And a1 stands on #stop

  # --- Rockfall ------------------------------------------------------------------------------------

  # Missing figure. Assumed: yellow on a scrap tile holding a trap, base west of it, exploring east.
  # Once its spot is chosen, the Rockfall swaps places with yellow's tile: the scrap tile, yellow
  # and the trap move to the spot explored, the Rockfall takes the old spot, and 3 barriers go on
  # the Rockfall.
  @example:unknown.example.rockfall-swap @clause:unknown.hazard.rockfall.swap @clause:unknown.hazard.rockfall.barriers @clause:unknown.effect.instant.token-spawn @clause:unknown.barrier.sources
  Scenario: The rockfall swaps with the survivor's tile and gets 3 barriers
    Given the map:
      | base | scrap #here @yellow +trap |
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is rockfall placed at 2,0
    Then #here is a rockfall tile
    And 2,0 is a scrap tile
    And yellow stands on 2,0
    And 2,0 holds 1 trap token
    And #here holds 0 trap tokens
    And #here holds 3 barrier tokens
    And 2,0 holds 0 barrier tokens
    And the events say the rockfall's swap carries exactly: yellow and 1 trap

  # No figure: the Flood's knockback (3) takes yellow over a Muddy tile to a tile beyond it. Under
  # the tiles-entered reading every Muddy tile entered on the way costs 1 AP: 3 - 1 for exploring - 1.
  @clause:unknown.hazard.muddy.knockback @interpretation:muddy-knockback-route
  Scenario: A flight over muddy costs an AP
    Given the map:
      | scrap @yellow | muddy | food | ammo #end |
    And the reading "muddy-knockback-route" is "tiles-entered"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then yellow stands on #end
    And yellow has 1 AP left

  # Same layout, read so that only ending the flight on Muddy costs the AP.
  @clause:unknown.hazard.muddy.knockback @interpretation:muddy-knockback-route
  Scenario: Read as end-only, a flight over muddy costs nothing
    Given the map:
      | scrap @yellow | muddy | food | ammo #end |
    And the reading "muddy-knockback-route" is "end-only"
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at -1,0
    Then yellow stands on #end
    And yellow has 2 AP left
