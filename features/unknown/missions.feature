# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "Given the mission is hive" puts that mission card in play. The tile stack is empty unless a
# scenario gives it. Objective tokens on tiles (Expand's outposts, Water's water sources) are
# written as "mission" tokens; refugee allies (Stragglers) are ally pieces put on the map after it
# ("And a refugee ally stands on #r"); refugee tokens carried or stored (Refugees) are goods of
# kind "refugee". The mission tiles in play are the catalog's: console, behemoth_mission, hive,
# refugee and water.
# Mission decisions the engine does not have yet are those listed in
# tests/steps/unknown_traits.py (PlaceOutpost, TestWater, HurlCanister); scenarios that need the
# missions part of the engine are @pending:missions (and @pending:survivors when a trait is also
# needed).
@unknown
Feature: Missions
  The survivors win the moment the mission's last requirement is met. Each mission may bring its
  own tiles, actions and rule changes; the rulebook's examples of them are pinned here, with one
  winning scenario per mission.

  # --- Activate ----------------------------------------------------------------------------------

  # No figure: yellow and green each hold a console explored this round; the third comes off the
  # stack for blue. It is picked up, not placed (so no spot is asked for), and all three are
  # held: the survivors win.
  # As for every mission, the win cites the mission's goal.
  @clause:unknown.mission.activate.goal @clause:unknown.mission.activate.pickup @clause:unknown.mission.activate.win @clause:unknown.mission.completion-moment
  Scenario: Activate is won when survivors hold all three consoles
    Given the map:
      | scrap @yellow | food @green | ammo @blue |
    And the mission is activate
    And yellow carries 1 console
    And green carries 1 console
    And it is blue's turn with 3 AP
    When blue explores and the tile is console
    Then there is no tile at 2,1
    And blue carries 1 console
    And the survivors have won citing unknown.mission.activate.goal

  # No figure: the Camaraderie task is complete, and yellow's shot kills the beast next to her and
  # green, so each may take 2 free actions. Yellow's first is an explore that turns up a console:
  # she picks it up instead of placing it, and that uses one free action only. She still has one
  # left, and green both of hers.
  @clause:unknown.mission.activate.pickup @clause:unknown.task.camaraderie.reward
  Scenario: A console picked up during free actions leaves the free actions still owed
    Given the map:
      | scrap @blue | food | lab | scrap @yellow @green | food !beast:b1 |
    And the mission is activate
    And the task is camaraderie
    And the task is complete
    And yellow carries 2 ammo
    And the tile stack is: console, food
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    And yellow explores as a free action
    Then yellow carries 1 console
    And yellow and green may take free actions
    When the players give up yellow's free actions
    And the players give up green's free actions
    Then nobody may take free actions
    And yellow has 2 AP left
    And yellow may take actions

  # No figure: a console held at upkeep goes back into the stack.
  @clause:unknown.mission.activate.reshuffle @clause:unknown.mission.activate.goal
  Scenario: Consoles not all held by upkeep go back into the stack
    Given the map:
      | base @yellow | food |
    And the mission is activate
    And yellow carries 1 console
    And the tile stack is: food
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then round 2 is under way
    And yellow carries nothing
    And the tile stack holds 1 console tile
    And the game goes on

  # No figure: the stack is laid out in mission piles (unknown.setup.stack.mission-piles); food is
  # left in the pile being drawn and a lab in the next. Where does the console go back?
  @clause:unknown.mission.activate.reshuffle @clause:unknown.setup.stack.pile-order @interpretation:console-reshuffle
  Scenario: Under current-pile, a console goes back into the pile being drawn
    Given the reading "console-reshuffle" is "current-pile"
    And the map:
      | base @yellow | food |
    And the mission is activate
    And yellow carries 1 console
    And the pile being drawn holds: food
    And the next pile holds: lab
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then the pile being drawn holds exactly: console and food
    And the later piles hold exactly: lab

  # Same piles: the console is shuffled with every tile left, which makes one pile.
  @clause:unknown.mission.activate.reshuffle @clause:unknown.setup.stack.pile-order @interpretation:console-reshuffle
  Scenario: Under whole-stack, a console is shuffled with every tile left
    Given the reading "console-reshuffle" is "whole-stack"
    And the map:
      | base @yellow | food |
    And the mission is activate
    And yellow carries 1 console
    And the pile being drawn holds: food
    And the next pile holds: lab
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then the pile being drawn holds exactly: console, food and lab
    And the later piles hold exactly: nothing

  # --- Behemoth ----------------------------------------------------------------------------------

  # No figure: yellow stands next to the mission's behemoth with 5 canisters and 5 AP; the fifth
  # canister hurled destroys it.
  @clause:unknown.mission.behemoth.goal @clause:unknown.mission.behemoth.hurl @clause:unknown.mission.completion-moment
  Scenario: Behemoth is won by the fifth canister hurled
    Given the map:
      | scrap @yellow | food !behemoth:bh |
    And the mission is behemoth
    And yellow carries 5 canister
    And it is yellow's turn with 5 AP
    When yellow hurls a canister at bh
    And yellow hurls a canister at bh
    And yellow hurls a canister at bh
    And yellow hurls a canister at bh
    Then the game goes on
    And yellow has 1 AP left
    When yellow hurls a canister at bh
    Then the survivors have won citing unknown.mission.behemoth.goal

  # No figure: the behemoth is 2 tiles away.
  @clause:unknown.mission.behemoth.hurl
  Scenario: A canister can only be hurled at a behemoth within 1 range
    Given the map:
      | scrap @yellow | food | ammo !behemoth:bh |
    And the mission is behemoth
    And yellow carries 1 canister
    And it is yellow's turn with 3 AP
    When yellow tries to hurl a canister at bh
    Then the action is refused citing unknown.mission.behemoth.hurl

  # No figure: a monster, not the mission's behemoth, stands next to yellow. Canisters are for
  # the behemoth alone, so she may not throw one at the monster.
  @clause:unknown.mission.behemoth.hurl
  Scenario: A canister may not be hurled at an enemy other than the behemoth
    Given the map:
      | scrap @yellow | food !monster:m1 |
    And the mission is behemoth
    And yellow carries 1 canister
    And it is yellow's turn with 3 AP
    When yellow tries to hurl a canister at m1
    Then the action is refused citing unknown.mission.behemoth.hurl

  # No figure: one of the first behemoth tiles lies beside yellow. Gathering it is an ordinary
  # gather: she takes its canister and the tile is flipped, so a second gather there gets nothing.
  @clause:unknown.mission.behemoth.canisters @clause:unknown.action.gather
  Scenario: A behemoth tile gives its canister once
    Given the map:
      | behemoth_mission #b | scrap @yellow |
    And the mission is behemoth
    And it is yellow's turn with 3 AP
    When yellow gathers canister from #b
    Then yellow carries 1 canister
    And #b is cleared
    And yellow has 2 AP left
    When yellow tries to gather canister from #b
    Then the action is refused citing unknown.action.gather.eligible

  # --- Expand ------------------------------------------------------------------------------------

  # Missing figure. Assumed: a winding corridor leads from base east, up and back west to space 12
  # (spaces numbered by their distance from base). The Collapse (impassable) lies between spaces
  # 2 and 8, cutting the short way; space 8 holds 2 barriers, which block every ordinary path
  # (so base has no ordinary range to space 12) but are ignored for outposts, making space 12
  # exactly 12 from base. Green on space 11 places the outpost there (3 scrap, 1 AP). The gap
  # between base and space 10 is then explored by blue, cutting the range from base to space 12 to
  # 4; the outpost stays.
  @example:unknown.example.expand-outpost-range @clause:unknown.mission.expand.place-outpost @clause:unknown.mission.expand.distance @clause:unknown.mission.expand.ignore-barriers @clause:unknown.mission.expand.shortening @clause:unknown.tile.impassable
  Scenario: Green places an outpost on space 12, which a later shortcut does not remove
    Given the map:
      | ammo #s12 | food #s11 @green | scrap #s10       | lab #s9  | bunker #s8 +barrier*2 | medicine #s7 | workshop #s6 |
      | .         | .                | .                | .        | collapse #c           | .            | market #s5   |
      | .         | .                | base #base @blue | food #s1 | ammo #s2              | scrap #s3    | lab #s4      |
    And the mission is expand
    And green carries 3 scrap
    And it is green's turn with 3 AP
    Then there is no range from #base to #s12
    When green places an outpost on #s12
    Then #s12 holds 1 mission token
    And green carries nothing
    And green has 2 AP left
    When green ends his turn
    And the players choose blue to take his turn
    And blue explores and the tile is food placed at 2,1
    Then the range from #base to #s12 is 4
    And #s12 holds 1 mission token

  # Same assumed figure, the gap explored first: space 12 is now 4 from base, too near.
  @example:unknown.example.expand-outpost-range @clause:unknown.mission.expand.shortening @clause:unknown.mission.expand.distance
  Scenario: After the shortcut, outposts are placed by the shortened range
    Given the map:
      | ammo #s12 | food #s11 @green | scrap #s10       | lab #s9  | bunker #s8 +barrier*2 | medicine #s7 | workshop #s6 |
      | .         | .                | .                | .        | collapse #c           | .            | market #s5   |
      | .         | .                | base #base @blue | food #s1 | ammo #s2              | scrap #s3    | lab #s4      |
    And the mission is expand
    And green carries 3 scrap
    And it is blue's turn with 3 AP
    When blue explores and the tile is food placed at 2,1
    And blue ends his turn
    And the players choose green to take his turn
    And green tries to place an outpost on #s12
    Then the action is refused citing unknown.mission.expand.distance

  # Same assumed figure, green one space nearer base: space 11 is only 11 from base.
  @clause:unknown.mission.expand.distance @clause:unknown.mission.expand.ignore-barriers
  Scenario: An outpost 11 from base is too near
    Given the map:
      | ammo #s12 | food #s11 | scrap #s10 @green | lab #s9  | bunker #s8 +barrier*2 | medicine #s7 | workshop #s6 |
      | .         | .         | .                 | .        | collapse #c           | .            | market #s5   |
      | .         | .         | base #base        | food #s1 | ammo #s2              | scrap #s3    | lab #s4      |
    And the mission is expand
    And green carries 3 scrap
    And it is green's turn with 3 AP
    When green tries to place an outpost on #s11
    Then the action is refused citing unknown.mission.expand.distance

  # No figure: a corridor of 24 tiles east of base; an outpost stands on the 13th. Green, on the
  # 23rd, tries the 24th: 24 from base but only 11 from that outpost.
  @clause:unknown.mission.expand.distance
  Scenario: An outpost 11 from another outpost is too near
    Given the map:
      | base #base | food | scrap | ammo | lab | food | scrap | ammo | lab | food | scrap | ammo | lab | food #o +mission | scrap | ammo | lab | food | scrap | ammo | lab | food | scrap | ammo @green | lab #far |
    And the mission is expand
    And green carries 3 scrap
    And it is green's turn with 3 AP
    When green tries to place an outpost on #far
    Then the action is refused citing unknown.mission.expand.distance

  # No figure: three straight corridors of 12 tiles leave base west, east and north. Two outposts
  # stand at the ends of the west and east corridors (12 from base, 24 from each other). Green, on
  # the 11th tile north, places the third on the 12th: 12 from base and 24 from each outpost.
  # Reading: an outpost must be at least 12 from base and from every other outpost.
  @clause:unknown.mission.expand.goal @clause:unknown.mission.expand.place-outpost @clause:unknown.mission.expand.distance @clause:unknown.mission.completion-moment
  Scenario: Expand is won by the third outpost
    Given the map:
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | medicine #n12    | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | ammo #n11 @green | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | scrap            | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | food             | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | market           | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | workshop         | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | bunker           | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | lab              | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | medicine         | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | ammo             | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | scrap            | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | .                   | .     | .    | .        | .   | .      | .        | .      | .    | .     | .    | .        | food             | .   | .      | .        | .      | .    | .     | .    | .        | .   | .      | .        | .                     |
      | food #west +mission | scrap | ammo | medicine | lab | bunker | workshop | market | food | scrap | ammo | medicine | base #base       | lab | bunker | workshop | market | food | scrap | ammo | medicine | lab | bunker | workshop | market #east +mission |
    And the mission is expand
    And green carries 3 scrap
    And it is green's turn with 3 AP
    When green places an outpost on #n12
    Then #n12 holds 1 mission token
    And the survivors have won citing unknown.mission.expand.goal

  # --- Hive --------------------------------------------------------------------------------------

  # Missing figure. Assumed: a row of tiles with a Hive at each end; green stands on the east Hive.
  # Yellow, in the middle, explores north of her tile and places a third Hive. Every Hive spawns a
  # monster: the one on green's Hive fights him at once (each deals 1: the monster dies, green is
  # injured) instead of knocking him back; the new Hive's monster, next to yellow, knocks her back
  # 1 (to 2 tiles from it), east or west as the players choose; the west Hive's monster is too far
  # from anyone to push.
  @example:unknown.example.hive-spawn @clause:unknown.mission.hive.spawn @clause:unknown.mission.hive.knockback @clause:unknown.knockback.spawn-on-survivor @clause:unknown.combat.trigger
  Scenario: Exploring a Hive spawns a monster on every Hive
    Given the map:
      | hive #h3 | scrap | lab #w | food #y @yellow | ammo #e | bunker | medicine | hive #h1 @green |
    And the mission is hive
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is hive placed at 3,1
    Then green is injured
    And the players must choose where yellow ends among: #w and #e
    When the players choose #w for yellow
    Then yellow stands on #w
    And the enemies on the map are exactly: monster on 3,1 and monster on #h3

  # No figure: four Hives are cleared and the fifth, the last, stands next to yellow; no Hive is
  # left in the stack. Clearing it costs 1 AP and no resources.
  @clause:unknown.mission.hive.goal @clause:unknown.mission.hive.clear @clause:unknown.mission.completion-moment
  Scenario: Hive is won by clearing the fifth Hive
    Given the map:
      | hive cleared | food | hive cleared | scrap | hive cleared | ammo | hive cleared | lab @yellow | hive #h5 |
    And the mission is hive
    And it is yellow's turn with 3 AP
    When yellow clears #h5
    Then the hive tile #h5 is cleared
    And yellow has 2 AP left
    And the survivors have won citing unknown.mission.hive.goal

  # No figure: a Hive is still in the stack, so none may be cleared yet.
  @clause:unknown.mission.hive.clear
  Scenario: No Hive may be cleared while one is unexplored
    Given the map:
      | hive #h1 | scrap @yellow |
    And the mission is hive
    And the tile stack is: hive, food
    And it is yellow's turn with 3 AP
    When yellow tries to clear #h1
    Then the action is refused citing unknown.mission.hive.clear

  # --- Map ---------------------------------------------------------------------------------------

  # No figure: a ring of tiles 9 on a side, one impassable Blocked tile in it, lacks one tile
  # next to yellow; she explores it.
  @clause:unknown.mission.map.goal @clause:unknown.mission.map.impassable-ok @clause:unknown.mission.map.shape @clause:unknown.mission.map.contiguous
  Scenario: Map is won when the explored tiles close a 9 by 9 ring
    Given the map:
      | food       | ammo  | lab      | workshop @yellow | .      | ammo  | lab      | workshop | market   |
      | market     | .     | .        | .                | .      | .     | .        | .        | workshop |
      | workshop   | .     | .        | .                | .      | .     | .        | .        | bunker   |
      | bunker     | .     | .        | .                | .      | .     | .        | .        | lab      |
      | lab        | .     | .        | .                | .      | .     | .        | .        | blocked  |
      | medicine   | .     | .        | .                | .      | .     | .        | .        | ammo     |
      | ammo       | .     | .        | .                | .      | .     | .        | .        | scrap    |
      | scrap      | .     | .        | .                | .      | .     | .        | .        | food     |
      | base #base | scrap | medicine | bunker           | market | scrap | medicine | bunker   | market   |
    And the mission is map
    And it is yellow's turn with 3 AP
    Then the game goes on
    When yellow explores and the tile is food placed at 4,8
    Then the survivors have won citing unknown.mission.map.goal

  # No figure: a ring of tiles only 8 on a side, lacking one tile next to yellow. The long
  # version needs a 9 by 9 square inside the ring, so closing it does not win.
  @clause:unknown.mission.map.goal @clause:unknown.mission.map.short
  Scenario: In the long version of Map an 8 by 8 ring does not win
    Given the map:
      | market     | bunker | medicine | scrap @yellow | .      | ammo   | lab      | workshop |
      | lab        | .      | .        | .             | .      | .      | .        | workshop |
      | food       | .      | .        | .             | .      | .      | .        | ammo     |
      | medicine   | .      | .        | .             | .      | .      | .        | scrap    |
      | market     | .      | .        | .             | .      | .      | .        | bunker   |
      | lab        | .      | .        | .             | .      | .      | .        | workshop |
      | food       | .      | .        | .             | .      | .      | .        | ammo     |
      | base #base | ammo   | lab      | workshop      | market | bunker | medicine | scrap    |
    And the mission is map
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is food placed at 4,7
    Then the game goes on

  # The same ring in the short version, whose square is 8 on a side: closing it wins.
  @clause:unknown.mission.map.goal @clause:unknown.mission.map.short
  Scenario: In the short version of Map an 8 by 8 ring wins
    Given the map:
      | market     | bunker | medicine | scrap @yellow | .      | ammo   | lab      | workshop |
      | lab        | .      | .        | .             | .      | .      | .        | workshop |
      | food       | .      | .        | .             | .      | .      | .        | ammo     |
      | medicine   | .      | .        | .             | .      | .      | .        | scrap    |
      | market     | .      | .        | .             | .      | .      | .        | bunker   |
      | lab        | .      | .        | .             | .      | .      | .        | workshop |
      | food       | .      | .        | .             | .      | .      | .        | ammo     |
      | base #base | ammo   | lab      | workshop      | market | bunker | medicine | scrap    |
    And the mission is map
    And the short version of the mission is played
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is food placed at 4,7
    Then the survivors have won citing unknown.mission.map.goal

  # --- Onslaught ---------------------------------------------------------------------------------

  # No figure: fifteen lairs (their enemies gone) in three crosses of five; a survivor stands on
  # the middle of each and gathers the five for food, flipping them. A monster still roams nearby:
  # enemies need not be killed.
  @clause:unknown.mission.onslaught.goal @clause:unknown.mission.onslaught.tracking @clause:unknown.mission.onslaught.no-kill-needed @clause:unknown.action.gather.flip
  Scenario: Onslaught is won when the fifteenth lair is cleared
    Given the map:
      | .         | beast #a2             | .           | .        | animal #b2          | .          | .        | monster #c2            | .        | .               |
      | brute #a1 | stranger #a0 @yellow  | devourer #a3 | beast #b1 | monster #b0 @green | animal #b3 | brute #c1 | devourer #c0 @blue    | beast #c3 | scrap !monster:m1 |
      | .         | animal #a4            | .           | .        | stranger #b4        | .          | .        | animal #c4             | .        | .               |
    And the mission is onslaught
    And it is yellow's turn with 3 AP
    When yellow gathers food from #a0, #a1, #a2, #a3 and #a4
    Then the game goes on
    When yellow ends her turn
    And the players choose green to take his turn
    And green gathers food from #b0, #b1, #b2, #b3 and #b4
    Then the game goes on
    When green ends his turn
    And the players choose blue to take his turn
    And blue gathers food from #c0, #c1, #c2, #c3 and #c4
    Then the survivors have won citing unknown.mission.onslaught.goal
    And m1 stands on 9,1

  # No figure: the short Onslaught needs 11 lairs; 10 are on the mission card. Yellow pays 2 scrap
  # to clear the spawn pit next to her: a lair cleared by Clear Tile counts too.
  @clause:unknown.mission.onslaught.short @clause:unknown.mission.onslaught.tracking @clause:unknown.mission.onslaught.goal @clause:unknown.action.clear
  Scenario: Short Onslaught is won when the eleventh lair is cleared, by Clear Tile here
    Given the map:
      | scrap @yellow | spawn_pit #pit |
    And the mission is onslaught
    And the short version of the mission is played
    And the mission card holds 10 lair tokens
    And yellow carries 2 scrap
    And it is yellow's turn with 3 AP
    When yellow clears #pit
    Then the survivors have won citing unknown.mission.onslaught.goal

  # --- Refugees ----------------------------------------------------------------------------------

  # Missing figure. Assumed: the Runner (yellow) stands on base with a cleared tile east of it,
  # another cleared one beyond, and an uncleared food tile north of base. Base holds the 5
  # refugees. His trade costs 1 AP and the 5 refugees 1 AP each: 3 - 1 - 5 = -3. He can still make
  # his two free moves onto cleared tiles, and nothing else.
  # The refugees put his AP below 0; refusing an action the AP left cannot pay is the turn's rule.
  @example:unknown.example.refugees-runner-overload @clause:unknown.mission.refugees.ap-cost @clause:unknown.mission.refugees.carry @clause:unknown.mission.refugees.trade-limits @clause:unknown.survivor.runner.free-moves
  Scenario: The Runner takes all five refugees, drops below 0 AP and can only make his free moves
    Given the map:
      | food #u            | .                 | .                 |
      | base #base @yellow | scrap #c1 cleared | food #c2 cleared  |
    And yellow is the Runner
    And the mission is refugees
    And the base holds 5 refugee and 3 food
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 5 refugee from base to yellow
    Then the events say yellow pays 5 AP for the refugees
    When the trade is finished
    Then yellow carries 5 refugee
    And yellow has -3 AP left
    And yellow may move exactly to: #c1
    When yellow tries to start a trade
    Then the action is refused citing unknown.turn.survivor-actions
    When yellow moves east
    And yellow moves east
    Then yellow stands on #c2
    And yellow has -3 AP left
    And yellow may only end the turn

  # Same assumed figure, next round: the refugees cost him more than his 3 AP again.
  @example:unknown.example.refugees-runner-overload @clause:unknown.mission.refugees.ap-cost @clause:unknown.survivor.runner.free-moves
  Scenario: Carrying five refugees, the Runner starts his next turn below 0 AP
    Given the map:
      | food #u            | .                 | .                 |
      | base #base @yellow | scrap #c1 cleared | food #c2 cleared  |
    And yellow is the Runner
    And the mission is refugees
    And yellow carries 5 refugee
    And a new round begins
    When the players choose yellow to take his turn
    Then yellow has -2 AP left
    And yellow may move exactly to: #c1

  # Same assumed figure: green, on base, trades 3 of the Runner's refugees into base before the
  # Runner's turn; the 2 left cost him 2 of his 3 AP.
  @example:unknown.example.refugees-runner-overload @clause:unknown.mission.refugees.ap-cost @clause:unknown.mission.refugees.trade-limits
  Scenario: Once another survivor trades 3 refugees away, the Runner has AP again
    Given the map:
      | food #u           | .                         | .                 |
      | base #base @green | scrap #c1 cleared @yellow | food #c2 cleared  |
    And yellow is the Runner
    And the mission is refugees
    And yellow carries 5 refugee
    And a new round begins
    When the players choose green to take his turn
    And green starts a trade
    And the trade moves 3 refugee from yellow to base
    And the trade is finished
    Then yellow carries 2 refugee
    And the base's stock of refugee is 3
    When green ends his turn
    And the players choose yellow to take his turn
    Then yellow has 1 AP left

  # No figure: yellow, on turn next to base, trades her 2 refugees into base (1 AP). Does handing
  # refugees over give back the AP they cost?
  @clause:unknown.mission.refugees.ap-cost @clause:unknown.mission.refugees.trade-limits @interpretation:refugee-ap-refund
  Scenario: Under no-refund, handing refugees over gives no AP back
    Given the reading "refugee-ap-refund" is "no-refund"
    And the map:
      | base #base | scrap @yellow |
    And the mission is refugees
    And yellow carries 2 refugee
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 2 refugee from yellow to base
    And the trade is finished
    Then the base's stock of refugee is 2
    And yellow has 2 AP left

  # Same: each refugee handed over gives 1 AP back.
  @clause:unknown.mission.refugees.ap-cost @clause:unknown.mission.refugees.trade-limits @interpretation:refugee-ap-refund
  Scenario: Under refund, handing refugees over gives 1 AP back for each
    Given the reading "refugee-ap-refund" is "refund"
    And the map:
      | base #base | scrap @yellow |
    And the mission is refugees
    And yellow carries 2 refugee
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 2 refugee from yellow to base
    Then the events say yellow gets back 2 AP for the refugees
    When the trade is finished
    Then the base's stock of refugee is 2
    And yellow has 4 AP left

  # No figure: yellow, next to base and to an ordinary tile, may put her refugee in base but not
  # down on the ordinary tile.
  @clause:unknown.mission.refugees.trade-limits
  Scenario: A refugee may not be dropped on an ordinary tile
    Given the map:
      | base #base | scrap @yellow | food #f |
    And the mission is refugees
    And yellow carries 1 refugee
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade tries to move 1 refugee from yellow to #f
    Then the action is refused citing unknown.mission.refugees.trade-limits

  # No figure: the five other refugee tiles were cleared when explored; the uncleared sixth is the
  # camp, holding 4 refugees. Yellow brings the fifth.
  @clause:unknown.mission.refugees.goal @clause:unknown.mission.refugees.camp @clause:unknown.mission.refugees.trade-limits @clause:unknown.mission.completion-moment
  Scenario: Refugees is won when the fifth refugee reaches the camp
    Given the map:
      | refugee cleared | refugee cleared | refugee cleared | refugee cleared | refugee cleared | refugee #camp +refugee*4 | scrap @yellow |
    And the mission is refugees
    And yellow carries 1 refugee
    And it is yellow's turn with 2 AP
    When yellow starts a trade
    And the trade moves 1 refugee from yellow to #camp
    Then #camp holds 5 refugee tokens
    And the survivors have won citing unknown.mission.refugees.goal

  # No figure: yellow, carrying 2 refugees on #fell, is forfeited on her turn; her refugees stay
  # on #fell. Next, green stands beside #fell and gathers them: the gather costs 1 AP and each
  # refugee picked up 1 AP more, so 3 - 1 - 2 = 0.
  @clause:unknown.mission.refugees.forfeit @clause:unknown.respawn.drop @clause:unknown.action.gather.tokens @clause:unknown.mission.refugees.ap-cost
  Scenario: A forfeited survivor's refugees stay on her tile until a gather picks them up
    Given the map:
      | base #base | food @green | scrap #fell @yellow |
    And the mission is refugees
    And yellow carries 2 refugee
    And the base holds 6 food
    And the unused survivor cards are: tracker
    And it is yellow's turn with 3 AP
    When the players forfeit yellow
    Then no draw is asked for
    And no payment is asked for
    And #fell holds 2 refugee tokens
    And yellow carries nothing
    When yellow ends her turn
    And the players choose green to take her turn
    And green gathers refugee from #fell
    Then green carries 2 refugee
    And #fell holds 0 refugee tokens
    And green has 0 AP left

  # No figure: the uncleared sixth refugee tile is the camp with 4 refugees delivered; 1 refugee
  # lies dropped on green's own tile. A gather may pick up the dropped one, but not the camp's.
  @clause:unknown.mission.refugees.forfeit @clause:unknown.mission.refugees.camp @clause:unknown.action.gather.tokens
  Scenario: Dropped refugees may be gathered, refugees delivered to the camp may not
    Given the map:
      | refugee cleared | refugee cleared | refugee cleared | refugee cleared | refugee cleared | refugee #camp +refugee*4 | scrap cleared #t @green +refugee |
    And the mission is refugees
    And it is green's turn with 3 AP
    Then green may gather exactly: refugee from #t
    When green tries to gather refugee from #camp
    Then the action is refused citing unknown.action.gather.eligible
    When green gathers refugee from #t
    Then green carries 1 refugee
    And green has 1 AP left
    And #camp holds 4 refugee tokens

  # No figure: five refugee tiles were explored and cleared earlier; yellow explores the sixth
  # east of her. It is the camp: it stays face up and gives her no refugee to carry.
  @clause:unknown.mission.refugees.camp @clause:unknown.mission.refugees.first-five
  Scenario: The sixth refugee tile explored becomes the camp and gives no refugee
    Given the map:
      | refugee cleared | refugee cleared | refugee cleared | refugee cleared | refugee cleared | base #base @yellow | . |
    And the mission is refugees
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is refugee placed at 6,0
    Then 6,0 is not cleared
    And yellow carries nothing
    And yellow has 2 AP left
    And an event so far cites unknown.mission.refugees.camp

  # --- Scout -------------------------------------------------------------------------------------

  # No figure: the stack is empty; yellow is home and green steps onto base.
  @clause:unknown.mission.scout.goal @clause:unknown.mission.scout.on-base @clause:unknown.mission.scout.alive @clause:unknown.mission.win @clause:unknown.mission.completion-moment
  Scenario: Scout is won the moment the last survivor is home with every tile explored
    Given the map:
      | base #base @yellow | food @green |
    And the mission is scout
    And it is green's turn with 3 AP
    Then the game goes on
    When green moves west
    Then the survivors have won citing unknown.mission.scout.goal

  # No figure: everyone is on base, but yellow is incapacitated.
  @clause:unknown.mission.scout.on-base
  Scenario: An incapacitated survivor on base does not complete Scout
    Given the map:
      | base #base @yellow | food @green |
    And the mission is scout
    And yellow is incapacitated
    And it is green's turn with 3 AP
    When green moves west
    Then the game goes on

  # --- Stragglers --------------------------------------------------------------------------------

  # Missing figure. Assumed: a beast stands 2 tiles from base (where a refugee waits) and 2 tiles
  # from green; the other refugee is 3 tiles below it. The refugees do not move in the ally
  # phase. The beast passes over the refugee in base and the nearer green, targets the refugee
  # outside base and, with the mission's bonus, moves 2 tiles toward it instead of 1.
  @example:unknown.example.stragglers-targeting @clause:unknown.mission.stragglers.targeting @clause:unknown.mission.stragglers.base-safe @clause:unknown.mission.stragglers.priority @clause:unknown.ally.timing
  Scenario: The beast targets the refugee outside base over the nearer survivor and moves 2
    Given the map:
      | base #base | scrap | lab !beast:b1 | ammo | bunker @green |
      | .          | .     | food #d1      | .    | .             |
      | .          | .     | medicine #d2  | .    | .             |
      | .          | .     | scrap #r      | .    | .             |
    And a refugee ally stands on #base
    And a refugee ally stands on #r
    And the mission is stragglers
    And the base holds 3 food
    And it is green's turn with 3 AP
    When the enemy phases run
    And the refugees stay where they are
    Then b1 targets the refugee on #r
    And b1 stands on #d2

  # No figure: a behemoth (speed 3, hunting base) stands 5 tiles from base; a refugee waits 2
  # tiles from it on the way and does not move in the ally phase. An ally is met like a survivor,
  # so the behemoth ends its move on the refugee's tile and fights there: the refugee, with 1
  # health, is incapacitated.
  @clause:unknown.ally.as-survivor @clause:unknown.enemy.obstructed.survivor @clause:unknown.combat.ends-move @clause:unknown.mission.stragglers.health
  Scenario: A refugee in its way stops an enemy as a survivor would
    Given the map:
      | base #base @green | food | scrap | ammo #r | food | lab !behemoth:bh |
    And a refugee ally stands on #r
    And the mission is stragglers
    And the base holds 3 food
    And it is green's turn with 3 AP
    When the enemy phases run
    And the refugees stay where they are
    Then bh stands on #r
    And the refugee ally on #r is incapacitated

  # No figure: a Brute lair explored by yellow spawns its brute next to a refugee; like a survivor,
  # the refugee suffers the knockback (1), to 2 tiles from the brute.
  @clause:unknown.ally.as-survivor @clause:unknown.mission.stragglers.ally-spawn @clause:unknown.knockback.enemy-spawn
  Scenario: A refugee suffers knockback like a survivor
    Given the map:
      | lab #rr | .             | .        |
      | ammo #r | .             | .        |
      | .       | scrap @yellow | food #yy |
    And a refugee ally stands on #r
    And the mission is stragglers
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is brute placed at 0,0
    Then a brute stands on 0,0
    And yellow stands on #yy
    And #r holds no refugee ally
    And #rr holds 1 refugee ally

  # No figure: five refugees are in base; in the ally phase the players move the sixth in.
  @clause:unknown.mission.stragglers.goal @clause:unknown.mission.stragglers.ally-phase @clause:unknown.ally.timing @clause:unknown.mission.completion-moment
  Scenario: Stragglers is won when the sixth refugee enters base
    Given the map:
      | base #base @yellow | scrap #r |
    And 5 refugee allies stand on #base
    And a refugee ally stands on #r
    And the mission is stragglers
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    And the players move the refugee on #r to #base
    Then the survivors have won citing unknown.mission.stragglers.goal

  # No figure: yellow explores a refugee tile east of her; a refugee ally appears on it.
  @clause:unknown.mission.stragglers.ally-spawn
  Scenario: An explored refugee tile spawns a refugee ally
    Given the map:
      | base #base @yellow | . |
    And the mission is stragglers
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is refugee placed at 1,0
    Then 1,0 holds 1 refugee ally
    And the refugee ally on 1,0 is healthy

  # No figure: the refugee sits on the tile between base and the beast, incapacitated; green is
  # 2 tiles from the beast the other way. Only uninjured refugees are hunted: the beast goes for
  # green. An incapacitated refugee cannot move, so the ally phase asks the players nothing.
  @clause:unknown.mission.stragglers.targeting @clause:unknown.mission.stragglers.health
  Scenario: An incapacitated refugee is not targeted
    Given the map:
      | base #base | scrap #r | lab !beast:b1 | food | ammo @green |
    And a refugee ally stands on #r, incapacitated
    And the mission is stragglers
    And the base holds 3 food
    And it is green's turn with 3 AP
    When the enemy phases run
    Then b1 targets green

  # No figure: the beast hunts the refugee west of green; its way runs through green's tile, so
  # its move ends there and green fights it (each deals 1: the beast dies, green is injured).
  @clause:unknown.mission.stragglers.combat-still @clause:unknown.mission.stragglers.targeting
  Scenario: An enemy hunting a refugee still fights the survivor whose tile it enters
    Given the map:
      | base #base | scrap #r | food #g @green | lab !beast:b1 |
    And a refugee ally stands on #r
    And the mission is stragglers
    And the base holds 3 food
    And it is green's turn with 3 AP
    When the enemy phases run
    And the refugees stay where they are
    Then b1 targets the refugee on #r
    And green is injured
    And no enemy stands on #g
    And the refugee ally on #r is healthy

  # No figure: a refugee shares green's tile; the beast next to them hunts the refugee and enters
  # the tile. Green deals 1 (the beast dies); the players give the beast's 1 damage to the refugee
  # rather than to green.
  @clause:unknown.mission.stragglers.damage-assignment @clause:unknown.ally.as-survivor @clause:unknown.mission.stragglers.health
  Scenario: In a fight with a refugee and a survivor the players assign the damage
    Given the map:
      | base #base | scrap | food #g @green | lab !beast:b1 |
    And a refugee ally stands on #g
    And the mission is stragglers
    And the base holds 3 food
    And it is green's turn with 3 AP
    When the enemy phases run
    And the refugees stay where they are
    Then the players may give the enemies' damage to exactly: green, refugee1
    When the players give the enemies' damage to refugee1
    Then the refugee ally on #g is incapacitated
    And green is healthy
    And no enemy stands on #g

  # No figure: in the ally phase the players move the refugee onto the beast's tile. It deals no
  # damage and takes the beast's 1: it is incapacitated and the beast is unhurt.
  @clause:unknown.mission.stragglers.no-damage @clause:unknown.mission.stragglers.health @clause:unknown.mission.stragglers.ally-phase
  Scenario: A refugee deals no damage in close combat
    Given the map:
      | base #base @yellow | scrap #r | lab #b !beast:b1 |
    And a refugee ally stands on #r
    And the mission is stragglers
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    And the players move the refugee on #r to #b
    Then the refugee ally on #b is incapacitated
    And b1 has taken 0 damage

  # No figure: one Heal (2 medicine, the refugee being another piece) restores the refugee.
  @clause:unknown.mission.stragglers.health @clause:unknown.action.heal.effect
  Scenario: One heal restores an incapacitated refugee
    Given the map:
      | scrap @yellow | food #r |
    And a refugee ally stands on #r, incapacitated
    And the mission is stragglers
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow heals refugee1
    Then the refugee ally on #r is healthy
    And yellow carries nothing

  # --- Water -------------------------------------------------------------------------------------

  # Missing figure. Assumed: the last (4th) Water tile has a water source on it and on the tile
  # above it from the previous upkeep; the three others were tested (cleared) and lie past base.
  # East of the Water tile is the impassable Irradiated tile; above the tile above lies a tile with
  # a barrier (the only place it can be: a tile above the Irradiated one would make a 2x2 square).
  # Of the tiles without a water source, the nearest passable ones are the tile west of the Water
  # tile (range 1) and the one below that (range 2); the barrier tile (range 2) and the Irradiated
  # tile are not passable. The two sources of this upkeep go there.
  @example:unknown.example.water-source-spread @clause:unknown.mission.water.flow @clause:unknown.mission.water.no-space @clause:unknown.mission.water.numbering @clause:unknown.mission.water.tokens-inert
  Scenario: The last Water tile's two sources go to the two nearest passable tiles without one
    Given the map:
      | .                 | scrap #bar +barrier | .               | .             |
      | .                 | food #n1 +mission   | .               | .             |
      | lab #x1           | water #w4 +mission  | irradiated #irr | .             |
      | ammo #x2          | .                   | .               | .             |
      | base #base @yellow | water cleared      | water cleared   | water cleared |
    And the mission is water
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then round 2 is under way
    And #x1 holds 1 mission token
    And #x2 holds 1 mission token
    And #bar holds 0 mission tokens
    And #irr holds 0 mission tokens
    And #base holds 0 mission tokens
    And #w4 holds 1 mission token
    And #n1 holds 1 mission token

  # No figure: three Water tiles tested; the last one's only neighbour is base.
  @clause:unknown.mission.water.goal @clause:unknown.mission.water.flow @clause:unknown.mission.completion-moment
  Scenario: Water is won when a water source reaches base
    Given the map:
      | water cleared | water cleared | water cleared | base #base @yellow | water #w4 +mission |
    And the mission is water
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then #base holds 1 mission token
    And the survivors have won citing unknown.mission.water.goal

  # No figure: three Water tiles tested; the last one already holds a source and has a passable
  # tile on each side, both one step away, so the players choose where the first source of this
  # upkeep goes. Base, further off, is not one of the nearest: a source cannot be sent there. The
  # second source then has only one nearest tile left.
  @clause:unknown.mission.water.flow
  Scenario: A water source may go only to one of the nearest tiles without one
    Given the map:
      | base #base @yellow | water cleared | water cleared | water cleared | food #a | water #w4 +mission | ammo #b |
    And the mission is water
    And the base holds 3 food
    And it is yellow's turn with 3 AP
    When the enemy phases run
    Then the players may put the water source on exactly: #a and #b
    When the players try to put the water source on #base
    Then the action is refused citing unknown.mission.water.flow
    When the players put the water source on #b
    Then round 2 is under way
    And #a holds 1 mission token
    And #b holds 1 mission token
    And #base holds 0 mission tokens
    And the game goes on

  # No figure: two Water tiles are tested and the fourth is still in the stack, so the third may
  # be tested (2 medicine, 1 AP), which clears it.
  @clause:unknown.mission.water.test @clause:unknown.mission.water.test-limit
  Scenario: One of the first three Water tiles is tested
    Given the map:
      | water cleared | water cleared | scrap @yellow | water #w3 |
    And the mission is water
    And the tile stack is: water, food
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow tests the water source on #w3
    Then the water tile #w3 is cleared
    And yellow carries nothing
    And yellow has 2 AP left
    And the game goes on

  # No figure: three Water tiles are tested, so the one left is the fourth: it may not be tested,
  # nor cleared any other way.
  @clause:unknown.mission.water.test-limit @clause:unknown.mission.water.numbering
  Scenario: The last Water tile cannot be tested
    Given the map:
      | water cleared | water cleared | water cleared | scrap @yellow | water #w4 |
    And the mission is water
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    Then yellow may not test the water source on #w4
    When yellow tries to clear #w4
    Then the action is refused citing unknown.mission.water.test-limit
