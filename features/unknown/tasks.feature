# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "Given the task is radio" puts that task card in play (UnknownState.task). A task's completion
# is checked by the event announcing it, which cites the task's "complete" clause
# ("an event so far cites ..."). Task tokens carried, stored or placed are goods or tokens of
# kinds plant, specimen, fence and radio. Task decisions the engine does not have yet are those
# listed in tests/steps/unknown_traits.py (ExtendPerimeter, RepairRadio); every scenario here
# needs the missions part of the engine (@pending:missions).
@unknown
Feature: Tasks
  A task is a second goal: it is complete the moment its last requirement is met, and the
  survivors win only when the mission and the task are both complete.

  # No figure: the three survivors share a tile in a corridor; five beasts (1 health each) stand
  # within 2 tiles of them, in line. Yellow shoots all five; each dies with all three survivors
  # (more than half of 3) within 2 range and in sight, so each kill earns a task token.
  @pending:missions @clause:unknown.task.camaraderie.goal @clause:unknown.task.camaraderie.credit @clause:unknown.task.camaraderie.complete @clause:unknown.action.ranged-attack
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
  @pending:missions @clause:unknown.task.foraging.goal @clause:unknown.task.foraging.complete @clause:unknown.mission.completion-moment
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
  @pending:missions @clause:unknown.task.gas-testing.goal @clause:unknown.task.gas-testing.deliver @clause:unknown.task.gas-testing.complete
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

  # No figure: five fences stand in a chain from base: one on each tile next to base and one on
  # the lab east of them. Yellow, on the lab, places the sixth on the bunker next to it.
  @pending:missions @clause:unknown.task.perimeter.goal @clause:unknown.task.perimeter.extend @clause:unknown.task.perimeter.complete
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
  @pending:missions @clause:unknown.task.radio.goal @clause:unknown.task.radio.repair @clause:unknown.task.radio.complete
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
  @pending:missions @clause:unknown.mission.win @clause:unknown.task.radio.complete @clause:unknown.mission.scout.goal
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
    Then the survivors have won citing unknown.mission.win or unknown.mission.scout.goal
