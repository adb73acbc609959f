# Board legend: see features/falling_skies/dice_phase.feature and tests/steps/falling_skies.py.
# Robots are the published game's blue dice (facts file §1.8: the boxed rulebook, page 11, the one
# published robot text found; the print-and-play components include the two blue dice, §1.1).
# "a ready robot of 3 stands on r2c1" puts one in the city; "new" marks one made this round,
# "used" one used in this room phase (both exhausted). The summary knows no robots, so every
# scenario here sets the reading of robot-rooms it plays.
@falling_skies
Feature: Robots
  Resolving a robot room makes a robot: a blue die showing the room's value, at most 6, put at
  once on an empty excavated space the player picks, moving no ship. A robot is exhausted in the
  round it is made. In later room phases it works its room as a worker die would, losing one from
  its face each time (one used at 1 comes off), and is exhausted for the rest of the phase; all
  robots are ready again when the phase ends. At most two robots stand in the city; one may be
  taken off to make room for a new one. A worker die may be placed on a robot's space, and the
  robot comes off. A robot in an anti-aircraft gun room does nothing.

  # --- making a robot -------------------------------------------------------------------------------

  # The robot room's own die has come off when the robot is made, so its space is free for it
  # (ledger: robot-install-space).
  @interpretation:robot-rooms=robots @clause:fs.room-effects.robot.build @clause:fs.room-effects.robot.no-ship-move @clause:fs.room-effects.robot.new-exhausted
  Scenario: A resolved robot room makes a robot the player puts on an empty excavated space
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the sky:
      | . | . | .     | . | . |
      | . | . | @p1   | . | . |
      | . | . | .     | . | . |
      | . | . | .     | . | . |
    And the energy is 2
    And a grey 4 was placed on r2c2
    And a grey 2 was placed on r2c1
    And the room phase
    When the player resolves room r2c2
    Then the energy is 1
    And the new robot may go exactly on: r1c1, r1c2, r1c3, r1c4, r1c5, r2c2, r2c3, r2c4 and r2c5
    And the player may not leave the new robot unbuilt
    When the player installs the new robot on r2c3
    Then a new robot of 4 stands on r2c3
    And ship p1 is on r2c3 of the sky
    And the player may deal with exactly: resolve r2c1, skip r2c1 and end the phase

  @clause:fs.room-effects.robot.build @interpretation:robot-rooms=robots
  Scenario: A new robot may not go on a space that holds a worker die
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a grey 4 was placed on r2c2
    And a grey 2 was placed on r2c1
    And the room phase
    When the player resolves room r2c2
    And the player tries to install the new robot on r2c1
    Then the decision is refused citing fs.room-effects.robot.build
    When the player installs the new robot on r2c5
    Then a new robot of 4 stands on r2c5

  @clause:fs.room-effects.robot.new-exhausted @interpretation:robot-rooms=robots
  Scenario: A robot made this round may not work its room
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a new robot of 4 stands on r2c3
    And a grey 2 was placed on r2c1
    And the room phase
    Then the player may not resolve room r2c3
    When the player tries to resolve room r2c3
    Then the decision is refused citing fs.room-effects.robot.new-exhausted

  @clause:fs.room-effects.robot.value-cap @clause:fs.multi-space.value @interpretation:robot-rooms=robots
  Scenario: A robot shows the room's value, but never more than 6
    Given the city:
      | aa_gun | aa_gun       | aa_gun   | aa_gun  | aa_gun |
      | energy | robot +3 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a grey 5 was placed on r2c2
    And a grey 2 was placed on r2c1
    And the room phase
    When the player resolves room r2c2
    And the player installs the new robot on r2c5
    Then a new robot of 6 stands on r2c5

  # A 1 and the -1 modifier make a value of 0, which no die shows (ledger: robot-low-value).
  @clause:fs.room-effects.robot.build @interpretation:robot-rooms=robots
  Scenario: A robot room of value 0 makes no robot and keeps its cost
    Given the city:
      | aa_gun | aa_gun       | aa_gun   | aa_gun  | aa_gun |
      | energy | robot -1 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a grey 1 was placed on r2c2
    And a grey 2 was placed on r2c1
    And the room phase
    When the player resolves room r2c2
    Then no robot waits to be installed
    And the energy is 1
    And robots stand on exactly: nowhere

  # A room of two kinds gives both effects with its one value (ledger: energy-fighter-room): here
  # 5 + 4 - 6 = 3 energy and a robot of 3.
  @clause:fs.room-effects.robot.build @clause:fs.multi-space.value @interpretation:robot-rooms=robots
  Scenario: A combined energy and robot room makes energy and a robot from one value
    Given the city:
      | aa_gun             | aa_gun             | aa_gun   | aa_gun  | aa_gun |
      | energy_robot#er -6 | energy_robot#er -6 | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a grey 5 was placed on r2c1
    And a grey 4 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room er
    Then the energy is 5
    And the new robot may go exactly on: r1c1, r1c2, r1c3, r1c4, r1c5, r2c1, r2c2, r2c4 and r2c5
    When the player installs the new robot on r2c1
    Then a new robot of 3 stands on r2c1

  # --- at most two ---------------------------------------------------------------------------------

  # With two robots out the player takes one off or leaves the new one unbuilt (ledger:
  # robot-take-off-when); the space of the robot taken off is free for the new one.
  @clause:fs.room-effects.robot.limit @clause:fs.room-effects.robot.take-off @interpretation:robot-rooms=robots
  Scenario: A third robot cannot be made unless one of the two is taken off
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 3 stands on r2c3
    And a ready robot of 2 stands on r2c4
    And a grey 4 was placed on r2c2
    And the room phase
    When the player resolves room r2c2
    Then the player may leave the new robot unbuilt
    And the new robot may go exactly on: nowhere
    And taking off the robot on r2c4, the new robot may go exactly on: r1c1, r1c2, r1c3, r1c4, r1c5, r2c1, r2c2, r2c4 and r2c5
    When the player tries to install the new robot on r2c5
    Then the decision is refused citing fs.room-effects.robot.limit
    When the player installs the new robot on r2c5, taking off the robot on r2c4
    Then robots stand on exactly: r2c3 and r2c5
    And a new robot of 4 stands on r2c5
    And a ready robot of 3 stands on r2c3

  @clause:fs.room-effects.robot.limit @interpretation:robot-rooms=robots
  Scenario: With two robots out the new robot may be left unbuilt
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 3 stands on r2c3
    And a ready robot of 2 stands on r2c4
    And a grey 4 was placed on r2c2
    And the room phase
    When the player resolves room r2c2
    And the player leaves the new robot unbuilt
    Then robots stand on exactly: r2c3 and r2c4
    And no robot waits to be installed

  # The robot on the robot room works it (a 3 with no modifier), wears to 2, and is then taken
  # off to become the new robot of 3.
  @clause:fs.room-effects.robot.rebuild @clause:fs.room-effects.robot.power @interpretation:robot-rooms=robots
  Scenario: A robot that works a robot room may itself become the new robot
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a ready robot of 3 stands on r2c2
    And a ready robot of 5 stands on r2c4
    And the room phase
    Then the player may deal with exactly: resolve r2c2, resolve r2c4 and end the phase
    When the player resolves room r2c2
    Then the energy is 1
    And a used robot of 2 stands on r2c2
    When the player installs the new robot on r2c2, taking off the robot on r2c2
    Then a new robot of 3 stands on r2c2
    And a ready robot of 5 stands on r2c4

  # --- working rooms ---------------------------------------------------------------------------------

  # A robot left in the city need not be used: the player ends the phase and it stays.
  @clause:fs.room-effects.robot.power @clause:fs.room-effects.robot.wear @clause:fs.room-effects.robot.used-exhausted @interpretation:robot-rooms=robots
  Scenario: A ready robot works its room like a worker die, wears down by one and stays
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a ready robot of 3 stands on r2c1
    And a grey 1 was placed on r2c5
    And a grey 2 was placed on r2c4
    And the room phase
    Then the player may deal with exactly: resolve r2c1, resolve r2c4, skip r2c4 and end the phase
    When the player resolves room r2c1
    Then the energy is 5
    And a used robot of 2 stands on r2c1
    And the player may not resolve room r2c1
    When the player tries to resolve room r2c1
    Then the decision is refused citing fs.room-effects.robot.used-exhausted

  # The event of a worn robot gives the face it now shows, the one it keeps in the city.
  @clause:fs.room-effects.robot.wear @interpretation:robot-rooms=robots
  Scenario: The event of a worn robot gives its space and its new face
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a ready robot of 3 stands on r2c1
    And a grey 2 was placed on r2c4
    And the room phase
    When the player resolves room r2c1
    Then a used robot of 2 stands on r2c1
    And a robot_worn event reports row 2, column 1 and value 2
    And a robot_worn event says "from 3 to 2"

  # A robot showing 1 works its room once more and comes off (ledger: robot-wear).
  @clause:fs.room-effects.robot.wear @interpretation:robot-rooms=robots
  Scenario: A robot used while showing 1 comes off
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a ready robot of 1 stands on r2c1
    And a grey 2 was placed on r2c4
    And the room phase
    When the player resolves room r2c1
    Then the energy is 3
    And robots stand on exactly: nowhere
    And an event cites fs.room-effects.robot.wear

  # Under the rulebook's words a robot worn down to 1 stays for one more use (ledger: robot-wear).
  @clause:fs.room-effects.robot.wear @interpretation:robot-rooms=robots
  Scenario: A robot worn from 2 to 1 stays in the city
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the energy is 2
    And a ready robot of 2 stands on r2c1
    And a grey 2 was placed on r2c4
    And the room phase
    When the player resolves room r2c1
    Then the energy is 4
    And a used robot of 1 stands on r2c1

  @clause:fs.room-effects.robot.aa-gun @interpretation:robot-rooms=robots
  Scenario: A robot in an anti-aircraft gun room does nothing
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 4 stands on r1c3
    And a grey 2 was placed on r2c1
    And the room phase
    Then the player may deal with exactly: resolve r2c1, skip r2c1 and end the phase
    When the player tries to resolve room r1c3
    Then the decision is refused citing fs.room-effects.robot.aa-gun

  # Research 7, 8, 8 climbs one step with a 7 whether the steps passed are added up or each is
  # checked alone; neither the robot's 4 nor the die's 3 reaches the 7 by itself.
  @clause:fs.room-effects.robot.power @clause:fs.multi-space.value @clause:fs.multi-space.full @interpretation:robot-rooms=robots
  Scenario: A robot fills one space of a two-space room, a worker die the other
    Given the city:
      | aa_gun       | aa_gun       | aa_gun | aa_gun | aa_gun |
      | research#lab | research#lab | energy | tunnel | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the research track needs 7, 8 and 8
    And a ready robot of 4 stands on r2c1
    And a grey 3 was placed on r2c2
    And a grey 2 was placed on r2c3
    And the room phase
    Then the player may deal with exactly: resolve lab, skip lab, resolve r2c3, skip r2c3 and end the phase
    When the player resolves room lab
    Then the research marker has climbed 1 step
    And a used robot of 3 stands on r2c1
    And the dice stand on exactly: r2c3

  @clause:fs.room-effects.robot.power @clause:fs.multi-space.value @interpretation:robot-rooms=robots
  Scenario: Two robots alone can work a two-space room
    Given the city:
      | aa_gun       | aa_gun       | aa_gun | aa_gun | aa_gun |
      | research#lab | research#lab | energy | tunnel | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the research track needs 7, 8 and 8
    And a ready robot of 4 stands on r2c1
    And a ready robot of 3 stands on r2c2
    And a grey 2 was placed on r2c3
    And the room phase
    Then the player may deal with exactly: resolve lab, resolve r2c3, skip r2c3 and end the phase
    When the player resolves room lab
    Then the research marker has climbed 1 step
    And a used robot of 3 stands on r2c1
    And a used robot of 2 stands on r2c2

  # The new robot does not count as a die on its space, so the room's worker die has nothing to
  # work with and comes off as the room phase begins.
  @clause:fs.room-effects.robot.new-exhausted @clause:fs.multi-space.incomplete @interpretation:robot-rooms=robots
  Scenario: A new robot does not fill a space of a two-space room
    Given the city:
      | aa_gun       | aa_gun       | aa_gun | aa_gun | aa_gun |
      | research#lab | research#lab | energy | tunnel | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the research track needs 7, 8 and 8
    And a new robot of 4 stands on r2c1
    And a grey 3 was placed on r2c2
    And the dice phase with the roll grey 1
    When the player places the grey 1 on r2c3
    Then the phase is the room phase of round 1
    And the dice stand on exactly: r2c3
    And the player may deal with exactly: resolve r2c3, skip r2c3 and end the phase

  # --- between rounds -----------------------------------------------------------------------------------

  # No ship waits to launch, so the next round's roll follows the room phase.
  @clause:fs.room-effects.robot.ready @clause:fs.room-effects.robot.stay @interpretation:robot-rooms=robots
  Scenario: Every robot is ready again when the room phase ends, and stays for the next round
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a new robot of 4 stands on r2c3
    And a used robot of 2 stands on r2c1
    And a grey 2 was placed on r2c4
    And the room phase
    When the player ends the room phase
    Then the dice are to be rolled
    And the phase is the dice phase of round 2
    And a ready robot of 4 stands on r2c3
    And a ready robot of 2 stands on r2c1
    And an event cites fs.room-effects.robot.ready

  # With only robots left in the city, the room phase waits for the player, who may leave them.
  @clause:fs.room-effects.robot.power @clause:fs.room-effects.robot.stay @interpretation:robot-rooms=robots
  Scenario: A robot need not be used and stays, face unchanged
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 3 stands on r2c1
    And the room phase
    Then the player may deal with exactly: resolve r2c1 and end the phase
    When the player ends the room phase
    Then the phase is the dice phase of round 2
    And a ready robot of 3 stands on r2c1

  # --- the dice phase -------------------------------------------------------------------------------

  @clause:fs.room-effects.robot.stay @clause:fs.dice.roll @interpretation:robot-rooms=robots
  Scenario: Robots are not rolled with the dice
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the dice are 3 grey and 2 white
    And a ready robot of 3 stands on r2c3
    And a ready robot of 5 stands on r2c4
    And the dice phase is about to roll
    Then the roll is of 3 grey and 2 white dice
    When the dice come up grey 1, grey 2, grey 3, white 4 and white 6
    Then the unplaced dice are grey 1, grey 2, grey 3, white 4 and white 6
    And a ready robot of 3 stands on r2c3
    And a ready robot of 5 stands on r2c4
    And the player places the next die

  @clause:fs.room-effects.robot.displaced @clause:fs.room-effects.robot.stay @interpretation:robot-rooms=robots
  Scenario: A worker die may go on a robot's space, and the robot comes off
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 3 stands on r2c4
    And a ready robot of 5 stands on r2c3
    And a grey 1 was placed on r2c1
    And the dice phase with the roll grey 2 and grey 6
    Then the grey 2 may go exactly on: r1c2, r1c3, r1c4, r1c5, r2c2, r2c3, r2c4 and r2c5
    When the player places the grey 2 on r2c4
    Then robots stand on exactly: r2c3
    And the dice stand on exactly: r2c1 and r2c4
    And an event cites fs.room-effects.robot.displaced

  # The event of a robot a worker die takes off gives the robot's space, row and column.
  @clause:fs.room-effects.robot.displaced @interpretation:robot-rooms=robots
  Scenario: The event of a robot a worker die takes off gives its space
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 3 stands on r2c4
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c4
    Then robots stand on exactly: nowhere
    And a robot_removed event reports row 2 and column 4

  # A robot does not count as a die of its column (the one-die-per-column rule ignores robots).
  @clause:fs.room-effects.robot.displaced @clause:fs.dice.one-per-column @interpretation:robot-rooms=robots
  Scenario: A robot's column still takes a worker die elsewhere in it
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And a ready robot of 4 stands on r1c3
    And the dice phase with the roll grey 2 and grey 6
    When the player places the grey 2 on r2c3
    Then robots stand on exactly: r1c3
    And the dice stand on exactly: r2c3

  # --- the excavator falls back ---------------------------------------------------------------------

  # The published sentence is cut off; the engine takes off a robot whose space is no longer
  # excavated (ledger: robot-cut-off). The excavator stands on r2c3, started on r1c5: falling back
  # one space leaves r2c3 unexcavated, and r2c4 still excavated.
  @clause:fs.room-effects.robot.cut-off @clause:fs.mothership.action.excavator @interpretation:robot-rooms=robots
  Scenario: A robot the excavator falls back past comes off
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "robots"
    And the excavator is on r2c3 and started on r1c5
    And the mothership's row 2 action is excavator back 1
    And a ready robot of 3 stands on r2c3
    And a ready robot of 2 stands on r2c4
    And the room phase
    When the player ends the room phase
    Then the excavator is on r2c4
    And robots stand on exactly: r2c4
    And an event cites fs.room-effects.robot.cut-off

  # --- the readings without robots ---------------------------------------------------------------

  @clause:fs.room-effects.tunnel @interpretation:robot-rooms=tunnel
  Scenario: Read as a tunnel, a robot room's die makes no robot
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "tunnel"
    And the energy is 2
    And a grey 1 was placed on r2c1
    And the dice phase with the roll grey 4
    When the player places the grey 4 on r2c2
    Then the phase is the room phase of round 1
    And the dice stand on exactly: r2c1
    And the player may deal with exactly: resolve r2c1, skip r2c1 and end the phase
    And the energy is 2
    And robots stand on exactly: nowhere

  @clause:fs.dice.place @interpretation:robot-rooms=closed
  Scenario: Read as closed, a robot room takes no die and no robot is ever made
    Given the city:
      | aa_gun | aa_gun    | aa_gun   | aa_gun  | aa_gun |
      | energy | robot 1⚡ | research | fighter | tunnel |
    And the rules read "robot-rooms" as "closed"
    And a grey 1 was placed on r2c1
    And the dice phase with the roll grey 4
    Then the grey 4 may go exactly on: r1c2, r1c3, r1c4, r1c5, r2c3, r2c4 and r2c5
    When the player tries to place the grey 4 on r2c2
    Then the decision is refused citing fs.dice.place
