# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "Given the task is radio" puts that task card in play (UnknownState.task). A task's completion
# is checked by the event announcing it, which cites the task's "complete" clause
# ("an event so far cites ..."). Task tokens carried, stored or placed are goods or tokens of
# kinds plant, specimen, fence and radio. The task actions are those listed in
# tests/steps/unknown_traits.py (TestGas, ExtendPerimeter, RepairRadio); the task-only steps
# (a task already complete, specimens, free actions, Talk) are in tests/steps/unknown_tasks.py.
@unknown
Feature: Tasks
  A task is a second goal: it is complete the moment its last requirement is met, and the
  survivors win only when the mission and the task are both complete.

  # No figure: the three survivors share a tile in a corridor; five beasts (1 health each) stand
  # within 2 tiles of them, in line. Yellow shoots all five; each dies with all three survivors
  # (more than half of 3) within 2 range and in sight, so each kill earns a task token.
  @clause:unknown.task.camaraderie.goal @clause:unknown.task.camaraderie.credit @clause:unknown.task.camaraderie.complete @clause:unknown.action.ranged-attack
  Scenario: Camaraderie is complete after the fifth kill made near the other survivors
    Given the map:
      | lab !beast:b1 !beast:b2 | food !beast:b3 | scrap @yellow @green @blue | ammo !beast:b4 | bunker !beast:b5 |
    And the task is camaraderie
    And yellow carries 10 ammo
    And it is yellow's turn with 5 AP
    When yellow shoots b3
    And yellow shoots b4
    And yellow shoots b1
    And yellow shoots b2
    Then no event so far cites unknown.task.camaraderie.complete
    When yellow shoots b5
    Then there is no b5 on the map
    And an event so far cites unknown.task.camaraderie.complete

  # No figure: base already holds 3 plants and 2 medicine; yellow trades in the fourth plant. The
  # four plants and the two medicine are then removed from base.
  @clause:unknown.task.foraging.goal @clause:unknown.task.foraging.complete @clause:unknown.mission.completion-moment
  Scenario: Foraging is complete when the fourth plant reaches base with 2 medicine there
    Given the map:
      | base #base | scrap @yellow |
    And the task is foraging
    And the base holds 3 plant, 2 medicine and 4 food
    And yellow carries 1 plant
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 1 plant from yellow to base
    Then an event so far cites unknown.task.foraging.complete
    And the base holds 4 food

  # No figure: base holds 2 specimens; yellow trades in the third.
  @clause:unknown.task.gas-testing.goal @clause:unknown.task.gas-testing.deliver @clause:unknown.task.gas-testing.complete
  Scenario: Gas Testing is complete when the third specimen reaches base
    Given the map:
      | base #base | scrap @yellow |
    And the task is gas testing
    And the base holds 2 specimen and 4 food
    And yellow carries 1 specimen
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    Then no event so far cites unknown.task.gas-testing.complete
    When the trade moves 1 specimen from yellow to base
    Then an event so far cites unknown.task.gas-testing.complete

  # No figure: base holds 1 specimen and yellow brings 2; the first one traded in makes only 2 in
  # base, which is not enough, the second makes 3 and completes the task.
  @clause:unknown.task.gas-testing.goal @clause:unknown.task.gas-testing.deliver @clause:unknown.task.gas-testing.complete
  Scenario: Gas Testing is not complete with only 2 specimens in base
    Given the map:
      | base #base | scrap @yellow |
    And the task is gas testing
    And the base holds 1 specimen and 4 food
    And yellow carries 2 specimen
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 1 specimen from yellow to base
    Then no event so far cites unknown.task.gas-testing.complete
    And the task is not complete
    When the trade moves 1 specimen from yellow to base
    Then an event so far cites unknown.task.gas-testing.complete
    And the task is complete

  # No figure: five fences stand in a chain from base: one on each tile next to base and one on
  # the lab east of them. Yellow, on the lab, places the sixth on the bunker next to it.
  @clause:unknown.task.perimeter.goal @clause:unknown.task.perimeter.extend @clause:unknown.task.perimeter.complete
  Scenario: Perimeter is complete when the sixth fence is placed
    Given the map:
      | .            | ammo +fence     | .           | .                  | .          |
      | scrap +fence | base #base      | food +fence | lab +fence @yellow | bunker #f6 |
      | .            | medicine +fence | .           | .                  | .          |
    And the task is perimeter
    And yellow carries 1 fence
    And it is yellow's turn with 3 AP
    When yellow extends the perimeter to #f6
    Then #f6 holds 1 fence token
    And yellow carries nothing
    And yellow has 2 AP left
    And an event so far cites unknown.task.perimeter.complete

  # No figure: yellow stands next to a workshop with 2 radios gathered earlier and repairs both.
  @clause:unknown.task.radio.goal @clause:unknown.task.radio.repair @clause:unknown.task.radio.complete
  Scenario: Radio is complete when the second radio is repaired
    Given the map:
      | workshop #w | scrap @yellow |
    And the task is radio
    And yellow carries 2 radio
    And it is yellow's turn with 3 AP
    When yellow repairs a radio
    Then no event so far cites unknown.task.radio.complete
    When yellow repairs a radio
    Then an event so far cites unknown.task.radio.complete
    And the workshop tile #w is not cleared
    And yellow carries nothing
    And yellow has 1 AP left

  # No figure: Scout's requirements are met (every tile explored, everyone on base) but the Radio
  # task is not: the game goes on until the second radio is repaired.
  # With a task in play the win is the mission-plus-task rule, met by the last radio.
  @clause:unknown.mission.win @clause:unknown.task.radio.complete @clause:unknown.mission.scout.goal
  Scenario: With a task in play the mission alone does not win
    Given the map:
      | workshop #w | base #base @yellow @green |
    And the mission is scout
    And the task is radio
    And yellow carries 2 radio
    And it is yellow's turn with 3 AP
    When yellow repairs a radio
    Then the game goes on
    When yellow repairs a radio
    Then the survivors have won citing unknown.mission.win

  # --- Camaraderie ----------------------------------------------------------------------------

  # No figure: three survivors; green and blue stand far west, so only yellow is within 2 range
  # of the beast she shoots: 1 of 3 is not more than half (2 needed), so no token.
  @clause:unknown.task.camaraderie.credit
  Scenario: A kill seen by too few survivors earns no camaraderie token
    Given the map:
      | scrap @green @blue | food | lab | scrap @yellow | food | ammo !beast:b1 |
    And the task is camaraderie
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then there is no b1 on the map
    And the task card holds 0 camaraderie tokens
    And no event so far cites unknown.task.camaraderie.credit

  # No figure: five survivors, three of them next to the beast and two far away: 3 is more than
  # half of 5, so the kill earns a token.
  @clause:unknown.task.camaraderie.five-player @clause:unknown.task.camaraderie.credit
  Scenario: With five survivors, three near the kill earn a camaraderie token
    Given the map:
      | scrap @red @white | food | lab | scrap @yellow @green @blue | food !beast:b1 |
    And the task is camaraderie
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then the task card holds 1 camaraderie token
    And the task is not complete

  # No figure: the task is already complete. Yellow and green share a tile next to the beast
  # yellow shoots; blue is far away. Yellow and green may each take 2 actions for free before
  # yellow's turn goes on; yellow moves twice, green gives hers up.
  @clause:unknown.task.camaraderie.reward @clause:unknown.task.camaraderie.reward-survivor-turn
  Scenario: Once Camaraderie is complete, a kill near two survivors gives each 2 free actions
    Given the map:
      | scrap @blue | food #f | lab | scrap @yellow @green | food !beast:b1 |
    And the task is camaraderie
    And the task is complete
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then yellow and green may take free actions
    When yellow moves west as a free action
    And yellow moves west as a free action
    Then green may take free actions
    When the players give up green's free actions
    Then nobody may take free actions
    And yellow stands on #f
    And yellow has 2 AP left
    And yellow may take actions

  # Same map, the task complete: blue is too far from the kill, so the free actions are
  # yellow's and green's only; blue may not take one of them.
  @clause:unknown.task.camaraderie.reward
  Scenario: A survivor far from the kill may not take the free actions it gives
    Given the map:
      | scrap @blue | food #f | lab | scrap @yellow @green | food !beast:b1 |
    And the task is camaraderie
    And the task is complete
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then yellow and green may take free actions
    When blue tries to move east as a free action
    Then the action is refused citing unknown.task.camaraderie.reward
    When the players give up yellow's free actions
    And the players give up green's free actions
    Then nobody may take free actions
    And blue stands on 0,0

  # Same task, complete: only yellow is within 2 range of the kill, so nobody gets free actions.
  @clause:unknown.task.camaraderie.reward
  Scenario: Once Camaraderie is complete, a kill near one survivor gives no free actions
    Given the map:
      | scrap @green | food | lab | scrap @yellow | food !beast:b1 |
    And the task is camaraderie
    And the task is complete
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then nobody may take free actions
    And yellow has 2 AP left

  # No figure: three survivors; yellow and green share a tile next to the beast yellow shoots,
  # blue is far away. Green is incapacitated, and an incapacitated survivor does not count as
  # present for a special requirement (Injury and Incapacitation; noted reading
  # `task-kill-credit-scope`): only yellow sees the kill, 1 of 3 is not more than half: no token.
  @clause:unknown.task.camaraderie.credit @clause:unknown.injury.incapacitated
  Scenario: An incapacitated survivor next to the kill does not earn a camaraderie token
    Given the map:
      | scrap @blue | food | lab | scrap @yellow @green | food !beast:b1 |
    And the task is camaraderie
    And green is incapacitated
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then there is no b1 on the map
    And the task card holds 0 camaraderie tokens
    And no event so far cites unknown.task.camaraderie.credit

  # No figure: three survivors; yellow and green share a tile next to the beast yellow shoots,
  # blue lies incapacitated far away. The task counts the survivors of the game, and blue is
  # still one (noted reading `task-kill-credit-scope`): 2 of 3 is more than half, so a token.
  @clause:unknown.task.camaraderie.credit
  Scenario: An incapacitated survivor far from the kill still counts among the survivors
    Given the map:
      | scrap @blue | food | lab | scrap @yellow @green | food !beast:b1 |
    And the task is camaraderie
    And blue is incapacitated
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then the task card holds 1 camaraderie token

  # Same task, complete: yellow and green share a tile next to the kill, but green is
  # incapacitated, so only one survivor is present - fewer than the 2 the reward needs.
  @clause:unknown.task.camaraderie.reward @clause:unknown.injury.incapacitated
  Scenario: Once Camaraderie is complete, an incapacitated survivor does not make up the two
    Given the map:
      | scrap @blue | food | lab | scrap @yellow @green | food !beast:b1 |
    And the task is camaraderie
    And the task is complete
    And green is incapacitated
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then nobody may take free actions
    And yellow has 2 AP left

  # No figure: the task is complete. Yellow and green share a tile; a trap lies on the tile
  # east of them and a beast beyond it. In the enemies' move the beast steps onto the trap and
  # dies within 2 range of both, so each may take 2 free actions, just before upkeep.
  @clause:unknown.task.camaraderie.reward @clause:unknown.task.camaraderie.reward-enemy-turn
  Scenario: A kill during the enemies' turn gives the free actions just before upkeep
    Given the map:
      | base | scrap @yellow @green | food +trap | food !beast:b1 |
    And the task is camaraderie
    And the task is complete
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 5 food
    When the enemy phases run
    Then there is no b1 on the map
    And yellow and green may take free actions
    When the players give up yellow's free actions
    And the players give up green's free actions
    Then round 2 is under way

  # --- Foraging -------------------------------------------------------------------------------

  # No figure: one food gather flips three tiles; it still gives only 1 plant.
  @clause:unknown.task.foraging.plant @clause:unknown.task.foraging.one-per-gather
  Scenario: A food gather that flips tiles also gives one plant
    Given the map:
      | food #f1 | lab @yellow #l | food #f2 |
    And the task is foraging
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f1, #l and #f2
    Then yellow carries 3 food and 1 plant

  # No figure: the only food is 2 tokens lying on a cleared tile: nothing is flipped, no plant.
  @clause:unknown.task.foraging.plant
  Scenario: A food gather that flips no tile gives no plant
    Given the map:
      | food cleared +food*2 @yellow #f |
    And the task is foraging
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow carries 2 food

  # No figure: clearing a food tile flips it and gives its food, but Clear Tile is no gather.
  @clause:unknown.task.foraging.clear-excluded
  Scenario: Clearing a food tile gives no plant
    Given the map:
      | food #f | scrap @yellow |
    And the task is foraging
    And it is yellow's turn with 3 AP
    When yellow clears #f
    Then #f is cleared
    And yellow carries 1 food

  # No figure: the task is complete, yet food gathers still give plants.
  @clause:unknown.task.foraging.persists
  Scenario: Plants keep coming after Foraging is complete
    Given the map:
      | food #f | scrap @yellow |
    And the task is foraging
    And the task is complete
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow carries 1 food and 1 plant

  # No figure: yellow already carries a plant and gathers food again. Reading left-on-tile: she
  # may not carry the second plant, so it is left on her tile (where a trade can pick it up).
  @clause:unknown.task.foraging.carry-limit @clause:unknown.task.foraging.plant @interpretation:foraging-plant-overflow
  Scenario: Under left-on-tile, a second plant is left on the gatherer's tile
    Given the reading "foraging-plant-overflow" is "left-on-tile"
    And the map:
      | food #f | scrap @yellow #y |
    And the task is foraging
    And yellow carries 1 plant
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow carries 1 food and 1 plant
    And #y holds 1 plant token

  # Same map. Reading lost: a survivor carrying a plant gets no second one from a gather.
  @clause:unknown.task.foraging.carry-limit @clause:unknown.task.foraging.plant @interpretation:foraging-plant-overflow
  Scenario: Under lost, a gatherer already carrying a plant gets no second one
    Given the reading "foraging-plant-overflow" is "lost"
    And the map:
      | food #f | scrap @yellow #y |
    And the task is foraging
    And yellow carries 1 plant
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow carries 1 food and 1 plant
    And #y holds 0 plant tokens

  # No figure: within one trade yellow takes green's plant too; she may not end the trade holding
  # 2, but may once she has handed one on.
  @clause:unknown.task.foraging.carry-limit @clause:unknown.action.trade
  Scenario: A trade may not end with a survivor holding two plants
    Given the map:
      | scrap @yellow @green | food @blue |
    And the task is foraging
    And yellow carries 1 plant
    And green carries 1 plant
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 1 plant from green to yellow
    Then the trade may not be finished
    When the trade tries to finish
    Then the action is refused citing unknown.task.foraging.carry-limit
    When the trade moves 1 plant from yellow to blue
    Then the trade may be finished
    When the trade is finished
    Then yellow carries 1 plant
    And blue carries 1 plant

  # No figure: Foraging is complete; the plant yellow trades into base becomes a food.
  @clause:unknown.task.foraging.reward
  Scenario: Once Foraging is complete, plants traded to base become food
    Given the map:
      | base #base | scrap @yellow |
    And the task is foraging
    And the task is complete
    And the base holds 4 food
    And yellow carries 1 plant
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 1 plant from yellow to base
    Then the base holds 5 food

  # --- Gas Testing ----------------------------------------------------------------------------

  # No figure: yellow gasses the beast next to her: 1 AP and 1 medicine; it is stunned and a
  # specimen goes under it.
  @clause:unknown.task.gas-testing.action @clause:unknown.task.gas-testing.specimen-moves
  Scenario: Test Gas stuns an enemy and puts a specimen under it
    Given the map:
      | scrap @yellow | food !beast:b1 |
    And the task is gas testing
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow tests gas on b1
    Then b1 is stunned
    And b1 carries a specimen
    And yellow carries 1 medicine
    And yellow has 2 AP left

  # No figure: the beast is 2 tiles away, beyond Test Gas's range of 1.
  @clause:unknown.task.gas-testing.action
  Scenario: Test Gas cannot reach an enemy 2 tiles away
    Given the map:
      | scrap @yellow | food | lab !beast:b1 |
    And the task is gas testing
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow tries to test gas on b1
    Then the action is refused citing unknown.task.gas-testing.action

  # No figure: without medicine there is no Test Gas.
  @clause:unknown.task.gas-testing.action
  Scenario: Test Gas needs a medicine
    Given the map:
      | scrap @yellow | food !beast:b1 |
    And the task is gas testing
    And it is yellow's turn with 3 AP
    When yellow tries to test gas on b1
    Then the action is refused citing unknown.task.gas-testing.action

  # No figure: the gassed beast is shot dead; its specimen drops on its tile and yellow picks it
  # up with a trade.
  @clause:unknown.task.gas-testing.specimen-drop @clause:unknown.action.trade.transfer
  Scenario: A gassed enemy's specimen drops where it dies and can be picked up
    Given the map:
      | scrap @yellow | food #f !beast:b1 |
    And the task is gas testing
    And b1 carries a specimen
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then there is no b1 on the map
    And #f holds 1 specimen token
    When yellow starts a trade
    And the trade moves 1 specimen from #f to yellow
    And the trade is finished
    Then yellow carries 1 specimen

  # No figure: Gas Testing is in play but not complete. Yellow explores an animal lair beside
  # her; the reward is not earned yet, so the animals arrive awake as usual.
  @clause:unknown.task.gas-testing.reward @clause:unknown.effect.instant.spawn-hazard
  Scenario: Before Gas Testing is complete, spawned enemies are not stunned
    Given the map:
      | blocked #far  | . | .           |
      | food #n       | . | muddy #near |
      | scrap @yellow | . | ammo        |
    And the task is gas testing
    And the tile stack is: animal
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then the enemies on the map are exactly: animal on 1,0 and animal on #near
    And animal1 is not stunned
    And animal2 is not stunned
    And no event so far cites unknown.task.gas-testing.reward

  # Same map, the task complete: every enemy spawns stunned.
  @clause:unknown.task.gas-testing.reward @clause:unknown.effect.instant.spawn-hazard
  Scenario: Once Gas Testing is complete, spawned enemies are stunned
    Given the map:
      | blocked #far  | . | .           |
      | food #n       | . | muddy #near |
      | scrap @yellow | . | ammo        |
    And the task is gas testing
    And the task is complete
    And the tile stack is: animal
    And it is yellow's turn with 3 AP
    When yellow explores and places the tile at 1,0
    Then the enemies on the map are exactly: animal on 1,0 and animal on #near
    And animal1 is stunned
    And animal2 is stunned

  # --- Perimeter ------------------------------------------------------------------------------

  # No figure: yellow gathers the bunker for fences: 2 fences instead of its food or ammo, and the
  # bunker is flipped as after any gather.
  @clause:unknown.task.perimeter.gather-fences @clause:unknown.action.gather.flip
  Scenario: A bunker may be gathered for 2 fences
    Given the map:
      | bunker #b | scrap @yellow |
    And the task is perimeter
    And it is yellow's turn with 3 AP
    When yellow gathers fence from #b
    Then yellow carries 2 fence
    And #b is cleared

  # No figure: yellow carries a fence one tile from base. Of the tiles within her range 1, only
  # the food tile touches base, so the Extend Perimeter action is offered there alone.
  @clause:unknown.task.perimeter.extend
  Scenario: Extend Perimeter is offered on the tiles in reach next to base
    Given the map:
      | base #base | food #f | scrap @yellow | lab |
    And the task is perimeter
    And yellow carries 1 fence
    And it is yellow's turn with 3 AP
    Then yellow may extend the perimeter exactly to: #f

  # No figure: the lab is next to neither base nor a fence.
  @clause:unknown.task.perimeter.extend
  Scenario: A fence must go next to base or next to another fence
    Given the map:
      | base #base | food | scrap @yellow | lab #far |
    And the task is perimeter
    And yellow carries 1 fence
    And it is yellow's turn with 3 AP
    When yellow tries to extend the perimeter to #far
    Then the action is refused citing unknown.task.perimeter.extend

  # No figure: yellow stands on a fence tile 3 tiles from base. The task is complete, so her
  # tile counts as base in her trade and the food goes into base.
  @clause:unknown.task.perimeter.reward-base @clause:unknown.action.trade.transfer
  Scenario: Once Perimeter is complete, a fence tile acts as base in trades
    Given the map:
      | base #base | food +fence | scrap +fence | lab +fence @yellow |
    And the task is perimeter
    And the task is complete
    And the base holds 1 food
    And yellow carries 2 food
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 2 food from yellow to base
    Then the base holds 3 food

  # Same map, task not complete: the fences do nothing yet, base is out of reach.
  @clause:unknown.task.perimeter.inert @clause:unknown.action.trade.transfer
  Scenario: Before Perimeter is complete, a fence tile is not base
    Given the map:
      | base #base | food +fence | scrap +fence | lab +fence @yellow |
    And the task is perimeter
    And the base holds 1 food
    And yellow carries 2 food
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade tries to move 2 food from yellow to base
    Then the action is refused citing unknown.action.trade.transfer

  # --- Radio ----------------------------------------------------------------------------------

  # No figure: yellow gathers the bunker for a radio instead of its food or ammo.
  @clause:unknown.task.radio.gather-radio
  Scenario: A bunker may be gathered for a radio
    Given the map:
      | bunker #b | scrap @yellow |
    And the task is radio
    And it is yellow's turn with 3 AP
    When yellow gathers radio from #b
    Then yellow carries 1 radio
    And #b is cleared

  # No figure: the workshop is 2 tiles from yellow.
  @clause:unknown.task.radio.repair
  Scenario: Repair Radio needs a workshop within range 1
    Given the map:
      | workshop #w | food | scrap @yellow |
    And the task is radio
    And yellow carries 1 radio
    And it is yellow's turn with 3 AP
    When yellow tries to repair a radio
    Then the action is refused citing unknown.task.radio.repair

  # No figure: Radio is complete. Yellow (no card: 3 AP) talks by radio to gain the Explorer's
  # abilities (green's card, 4 AP): 1 AP for Talk, then the starting-AP difference of 1 is added.
  @clause:unknown.task.radio.reward-talk @clause:unknown.task.radio.reward-ap-change
  Scenario: Once Radio is complete, Talk gains another survivor's abilities
    Given the map:
      | scrap @yellow | food | lab @green |
    And green is the Explorer
    And the task is radio
    And the task is complete
    And it is yellow's turn with 3 AP
    When yellow talks by radio to gain the Explorer's abilities
    Then yellow has 3 AP left

  # Same map, Radio not complete: there is no Talk action yet.
  @clause:unknown.task.radio.reward-talk
  Scenario: Before Radio is complete there is no Talk
    Given the map:
      | scrap @yellow | food | lab @green |
    And green is the Explorer
    And the task is radio
    And it is yellow's turn with 3 AP
    When yellow tries to talk by radio to gain the Explorer's abilities
    Then the action is refused citing unknown.task.radio.reward-talk

  # --- what the task cards' own actions do once the task is complete ----------------------------

  # No figure: Gas Testing is complete. Reading ends: only Foraging says its Info effect outlasts
  # the task, so Test Gas is no longer available.
  @clause:unknown.task.gas-testing.action @clause:unknown.task.foraging.persists @interpretation:task-info-after-completion
  Scenario: Under ends, Test Gas is gone once Gas Testing is complete
    Given the reading "task-info-after-completion" is "ends"
    And the map:
      | scrap @yellow | food !beast:b1 |
    And the task is gas testing
    And the task is complete
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow tries to test gas on b1
    Then the action is refused citing unknown.task.gas-testing.action

  # Same map. Reading persists: the task's actions stay for the rest of the game.
  @clause:unknown.task.gas-testing.action @clause:unknown.task.foraging.persists @interpretation:task-info-after-completion
  Scenario: Under persists, Test Gas stays once Gas Testing is complete
    Given the reading "task-info-after-completion" is "persists"
    And the map:
      | scrap @yellow | food !beast:b1 |
    And the task is gas testing
    And the task is complete
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow tests gas on b1
    Then b1 is stunned
    And b1 carries a specimen

  # --- Perimeter's reward against enemies and in exchanges ------------------------------------

  # No figure: the task is complete; a fence lies between yellow and the beast, so every way to her
  # crosses it. A fenced tile counts as a barrier against enemies: the beast targets her across it,
  # its move onto the fence fails and, read like a barrier token, the fence is removed.
  @clause:unknown.task.perimeter.reward-base @clause:unknown.task.perimeter.reward-enemy-only @clause:unknown.enemy.obstructed.barrier @interpretation:fence-against-enemies
  Scenario: Under like-barrier, a fence stops an entering enemy and is removed
    Given the reading "fence-against-enemies" is "like-barrier"
    And the map:
      | scrap @yellow | food +fence #f | ammo #start !beast:b1 |
    And the task is perimeter
    And the task is complete
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And b1 targets yellow
    And b1 stands on #start
    And #f holds 0 fence tokens

  # Same row with two beasts. Read as permanent, the fence is never used up: it stops every enemy
  # that tries to enter and stays where it is.
  @clause:unknown.task.perimeter.reward-base @clause:unknown.task.perimeter.reward-enemy-only @interpretation:fence-against-enemies
  Scenario: Under permanent, a fence stops every entering enemy and stays
    Given the reading "fence-against-enemies" is "permanent"
    And the map:
      | scrap @yellow | food +fence #f | ammo #start !beast:b1 !beast:b2 |
    And the task is perimeter
    And the task is complete
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And b1 stands on #start
    And b2 stands on #start
    And #f holds 1 fence token

  # No figure: a ring with a fence on the short way (2 tiles) between the animal and yellow; the
  # long way round is open. As with a barrier, the animal goes round the fence (2 tiles, its speed).
  @clause:unknown.task.perimeter.reward-base @clause:unknown.barrier.detour
  Scenario: Once Perimeter is complete, enemies go round a fence when they can
    Given the map:
      | food           | scrap                 | ammo #far         |
      | medicine       | .                     | lab               |
      | bunker @yellow | workshop +fence #wall | market !animal:a1 |
    And the task is perimeter
    And the task is complete
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And a1 stands on #far
    And #wall holds 1 fence token

  # No figure: the fences impede enemies only. Yellow walks onto a fenced tile as onto any other,
  # and the fence stays.
  @clause:unknown.task.perimeter.reward-enemy-only @clause:unknown.action.move
  Scenario: A fence does not stop a survivor
    Given the map:
      | scrap @yellow | food +fence #f | ammo |
    And the task is perimeter
    And the task is complete
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #f
    And yellow has 2 AP left
    And #f holds 1 fence token

  # No figure: a fence lies between yellow's next tile and the stranger. Stepping there brings her
  # within 2 tiles of it, but the fence blocks the stranger's sight, so it does not shoot. Her own
  # sight is not blocked: she shoots it across the fence.
  @clause:unknown.task.perimeter.reward-enemy-only @clause:unknown.enemy.stranger.ranged @clause:unknown.action.ranged-attack
  Scenario: A fence blocks the stranger's sight but not the survivor's
    Given the map:
      | scrap @yellow | food #near | ammo +fence | lab !stranger:s1 |
    And the task is perimeter
    And the task is complete
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #near
    And yellow is healthy
    And s1 has shot nobody
    When yellow shoots s1
    Then there is no s1 on the map

  # Same row, task not complete: the fence does nothing yet, so the stranger sees yellow come
  # within 2 tiles and shoots her.
  @clause:unknown.task.perimeter.inert @clause:unknown.enemy.stranger.ranged-trigger
  Scenario: Before Perimeter is complete, a fence does not block the stranger's sight
    Given the map:
      | scrap @yellow | food #near | ammo +fence | lab !stranger:s1 |
    And the task is perimeter
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow is injured
    And s1 has shot yellow

  # No figure: yellow stands on a fence tile 3 tiles from base. Base's exchange is part of the
  # trade action, so once the task is complete she may turn 2 scrap into 1 ammo there.
  @clause:unknown.task.perimeter.reward-base @clause:unknown.exchange.base @clause:unknown.action.trade.exchange
  Scenario: Once Perimeter is complete, a fence tile exchanges 2 for 1 like base
    Given the map:
      | base #base | food +fence | scrap +fence | lab +fence @yellow #y |
    And the task is perimeter
    And the task is complete
    And yellow carries 2 scrap
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade exchanges 2 scrap for 1 ammo at #y
    Then yellow carries 1 ammo

  # Same map, task not complete: the lab is no exchange tile, so there is nothing to exchange at.
  @clause:unknown.task.perimeter.inert @clause:unknown.action.trade.exchange
  Scenario: Before Perimeter is complete, a fence tile does not exchange
    Given the map:
      | base #base | food +fence | scrap +fence | lab +fence @yellow #y |
    And the task is perimeter
    And yellow carries 2 scrap
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade tries to exchange 2 scrap for 1 ammo at #y
    Then the action is refused citing unknown.action.trade.exchange
