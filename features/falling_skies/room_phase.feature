# Board legend: see features/falling_skies/dice_phase.feature and tests/steps/falling_skies.py.
# "Given the room phase" starts the room phase with the dice placed so far; the dice's rooms have
# effects, so none comes off by itself. When the last die comes off, the round moves on to the
# mothership phase by itself (nothing is left to decide).
@falling_skies
Feature: Room phase
  The placed dice work their rooms in the order the player likes. A room's value is its dice plus
  its modifier; rooms of several spaces need a die on every space; an energy cost is paid or the
  room does nothing. Energy rooms make energy, fighters shoot ships on explosion icons, research
  rooms climb the research track, and a die ahead of the excavator lets it dig forward.

  # --- order, removal, stacking -------------------------------------------------------------------

  @clause:fs.rooms.any-order @clause:fs.rooms.resolve @clause:fs.cost.pay
  Scenario: The player picks the order, so energy made first can pay for a room after it
    Given the city:
      | aa_gun | aa_gun           | aa_gun | aa_gun | aa_gun |
      | energy | research#lab 2⚡ | tunnel | tunnel | tunnel |
    And the research track needs 3, 3 and 3
    And the energy is 0
    And a grey 3 was placed on r2c1
    And a grey 3 was placed on r2c2
    And the room phase
    Then the player may deal with exactly: resolve r2c1, skip r2c1, skip lab and end the phase
    When the player resolves room r2c1
    Then the energy is 3
    And the dice stand on exactly: r2c2
    And the player may deal with exactly: resolve lab, skip lab and end the phase
    When the player resolves room lab
    Then the research marker has climbed 1 step
    And the energy is 1

  @clause:fs.rooms.resolve @clause:fs.rooms.any-order
  Scenario: Either room may go first and each die comes off once its room is done
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 0
    And a grey 2 was placed on r2c1
    And a grey 3 was placed on r2c2
    And the room phase
    When the player resolves room r2c2
    Then the energy is 3
    And the dice stand on exactly: r2c1
    And the phase is the room phase of round 1

  @clause:fs.rooms.resolve
  Scenario: A room with no die on it cannot be resolved
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 0
    And a grey 2 was placed on r2c1
    And the room phase
    When the player tries to resolve room r2c2
    Then the decision is refused citing fs.rooms.resolve
    And the energy is 0

  @clause:fs.rooms.no-stacking @clause:fs.room-effects.research.separate
  Scenario: Two single research rooms never add their dice together
    Given the city:
      | aa_gun   | aa_gun   | aa_gun | aa_gun | aa_gun |
      | research | research | energy | tunnel | tunnel |
    And the research track needs 4, 1 and 1
    And a grey 2 was placed on r2c1
    And a grey 2 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room r2c1
    And the player resolves room r2c2
    Then the research marker has climbed 0 steps
    And the dice stand on exactly: r2c3

  # A die may never be piled on a space that already holds one: the space's column is taken, so
  # the placement is refused (the default city: guns on row 1, tunnels on row 2).
  @clause:fs.rooms.no-stacking @clause:fs.dice.place
  Scenario: A second die is never piled on a space that holds one
    Given a grey 3 was placed on r2c2
    And the dice phase with the roll grey 5 and grey 1
    When the player tries to place the grey 5 on r2c2
    Then the decision is refused citing fs.dice.place
    And the dice stand on exactly: r2c2
    And the unplaced dice are grey 5 and grey 1

  # A room of two spaces with a die on only one of them does nothing: the player is not offered
  # to resolve it.
  @clause:fs.multi-space.full @clause:fs.multi-space.incomplete
  Scenario: A two-space room with one die cannot be resolved
    Given the city:
      | aa_gun | aa_gun       | aa_gun       | aa_gun | aa_gun |
      | energy | research#lab | research#lab | tunnel | tunnel |
    And the research track needs 1, 1 and 1
    And a grey 6 was placed on r2c2
    And a grey 2 was placed on r2c1
    And the room phase
    Then the player may not resolve room lab
    And the research marker has climbed 0 steps

  @clause:fs.rooms.unused-removed @clause:fs.cost.decline
  Scenario: A skipped room's die comes off without any effect
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 2
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player skips room r2c1
    Then the energy is 2
    And the dice stand on exactly: r2c2

  @clause:fs.rooms.unused-removed @clause:fs.round.mothership-phase
  Scenario: Ending the room phase takes every unused die off and the mothership acts
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 2
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player ends the room phase
    Then the energy is 2
    And the dice stand on exactly: nowhere
    And the mothership is on row 2

  @clause:fs.room-effects.aa-gun @clause:fs.room-effects.tunnel @clause:fs.multi-space.incomplete @clause:fs.multi-space.full @clause:fs.rooms.unused-removed
  Scenario: Anti-aircraft guns, tunnels and half-filled rooms give up their dice with no effect
    Given the city:
      | aa_gun | aa_gun       | aa_gun       | aa_gun | aa_gun |
      | energy | research#lab | research#lab | tunnel | energy |
    And the research track needs 1, 1 and 1
    And the energy is 0
    And a grey 3 was placed on r2c2
    And a grey 4 was placed on r1c3
    And a grey 1 was placed on r2c1
    And a grey 5 was placed on r2c4
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c5
    Then the phase is the room phase of round 1
    And the dice stand on exactly: r2c1 and r2c5
    And the player may deal with exactly: resolve r2c1, skip r2c1, resolve r2c5, skip r2c5 and end the phase
    And the research marker has climbed 0 steps
    And the energy is 0

  # --- cost ----------------------------------------------------------------------------------------

  @clause:fs.cost.pay @interpretation:energy-direction=counts-left
  Scenario: Paying a room's cost lowers the energy left
    Given the city:
      | aa_gun     | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | energy | tunnel | tunnel | tunnel |
    And the rules read "energy-direction" as "counts-left"
    And the energy is 3
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 1

  # Resolving needs the cost paid; the decline rule only says what happens to the die instead.
  @clause:fs.cost.pay @clause:fs.cost.decline @interpretation:energy-direction=counts-left
  Scenario: A room the energy cannot pay for cannot be resolved, only skipped
    Given the city:
      | aa_gun     | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | energy | tunnel | tunnel | tunnel |
    And the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | X2  | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "energy-direction" as "counts-left"
    And the energy is 1
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    Then the player may not resolve room r2c1
    When the player tries to resolve room r2c1
    Then the decision is refused citing fs.cost.pay
    When the player skips room r2c1
    Then the energy is 1
    And the dice stand on exactly: r2c2

  @clause:fs.cost.decline
  Scenario: The player may decline to pay a room even with the energy to do it
    Given the city:
      | aa_gun     | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | energy | tunnel | tunnel | tunnel |
    And the energy is 5
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player skips room r2c1
    Then the energy is 5
    And the dice stand on exactly: r2c2

  @clause:fs.cost.pay @clause:fs.room-effects.energy @interpretation:energy-direction=counts-used
  Scenario: Counting energy used, paying moves the marker up toward the maximum and energy lowers it
    Given the city:
      | aa_gun     | aa_gun | aa_gun      | aa_gun | aa_gun |
      | fighter 2⚡ | energy | fighter 3⚡ | tunnel | tunnel |
    And the rules read "energy-direction" as "counts-used"
    And the energy is 5 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 3 was placed on r2c2
    And a grey 6 was placed on r2c3
    And the room phase
    Then the player may not resolve room r2c3
    When the player resolves room r2c1
    Then the energy is 7
    When the player resolves room r2c2
    Then the energy is 4

  # --- value ---------------------------------------------------------------------------------------

  @clause:fs.value.sum @clause:fs.room-effects.research.step
  Scenario: A room's value is its die plus its modifier
    Given the city:
      | aa_gun      | aa_gun      | aa_gun | aa_gun | aa_gun |
      | research -1 | research -1 | energy | tunnel | tunnel |
    And the research track needs 3, 9 and 9
    And a grey 3 was placed on r2c1
    And a grey 4 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 0 steps
    When the player resolves room r2c2
    Then the research marker has climbed 1 step

  @clause:fs.value.sum @clause:fs.room-effects.research.step
  Scenario: A one-space room takes its value by the plain sum, and one space climbed is a single step
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 5, 4 and 2
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 1 step
    And an event cites fs.value.sum
    And an event cites fs.room-effects.research.step

  # --- rooms of several spaces ----------------------------------------------------------------------

  @clause:fs.multi-space.full @clause:fs.multi-space.value @clause:fs.rooms.no-stacking
  Scenario: A room of two spaces with both dice adds them and its modifier
    Given the city:
      | aa_gun | aa_gun          | aa_gun          | aa_gun | aa_gun |
      | energy | research#lab -1 | research#lab -1 | tunnel | tunnel |
    And the research track needs 5, 9 and 9
    And a grey 3 was placed on r2c2
    And a grey 3 was placed on r2c3
    And a grey 1 was placed on r2c1
    And the room phase
    Then the player may deal with exactly: resolve r2c1, skip r2c1, resolve lab, skip lab and end the phase
    When the player resolves room lab
    Then the research marker has climbed 1 step
    And the dice stand on exactly: r2c1

  @clause:fs.cost.pay @clause:fs.multi-space.full
  Scenario: A room of two spaces pays its cost once, not once per die
    Given the city:
      | aa_gun | aa_gun          | aa_gun          | aa_gun | aa_gun |
      | energy | research#lab 1⚡ | research#lab 1⚡ | tunnel | tunnel |
    And the research track needs 5, 9 and 9
    And the energy is 1
    And a grey 3 was placed on r2c2
    And a grey 3 was placed on r2c3
    And a grey 1 was placed on r2c1
    And the room phase
    When the player resolves room lab
    Then the energy is 0
    And the research marker has climbed 1 step

  @clause:fs.multi-space.value
  Scenario: A room of two spaces falls short when its dice and modifier do not reach
    Given the city:
      | aa_gun | aa_gun          | aa_gun          | aa_gun | aa_gun |
      | energy | research#lab -1 | research#lab -1 | tunnel | tunnel |
    And the research track needs 5, 9 and 9
    And a grey 2 was placed on r2c2
    And a grey 3 was placed on r2c3
    And a grey 1 was placed on r2c1
    And the room phase
    When the player resolves room lab
    Then the research marker has climbed 0 steps

  # --- energy rooms --------------------------------------------------------------------------------

  @clause:fs.room-effects.energy
  Scenario: An energy room adds its die to the energy
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 2 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 6

  @clause:fs.room-effects.energy
  Scenario: Energy never goes above the track's maximum
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | energy | tunnel | tunnel | tunnel |
    And the energy is 5 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 7

  @clause:fs.room-effects.energy @clause:fs.value.sum @interpretation:energy-gain=room-value
  Scenario: An energy room's modifier counts in the energy it makes
    Given the city:
      | aa_gun    | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy -1 | energy | tunnel | tunnel | tunnel |
    And the rules read "energy-gain" as "room-value"
    And the energy is 2 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 5

  @clause:fs.room-effects.energy @interpretation:energy-gain=die-face
  Scenario: Reading the energy room's die alone, its modifier is ignored
    Given the city:
      | aa_gun    | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy -1 | energy | tunnel | tunnel | tunnel |
    And the rules read "energy-gain" as "die-face"
    And the energy is 2 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 6

  # --- jet fighters --------------------------------------------------------------------------------

  @clause:fs.room-effects.fighter @clause:fs.room-effects.fighter.fate @clause:fs.white-ships.shot-down @interpretation:white-shot-down=leaves-game
  Scenario: A fighter shoots down every ship on an explosion icon up to its value
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | energy | tunnel | tunnel | tunnel |
    And the sky:
      | .      | .      | .      | .      | .   |
      | .      | .      | .      | .      | .   |
      | X2 @p1 | X4 @p2 | X5 @p3 | X3 @w1 | @p4 |
      | .      | .      | .      | .      | .   |
      | .      | .      | .      | .      | .   |
      | .      | .      | .      | .      | .   |
    And the rules read "white-shot-down" as "leaves-game"
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then ship p1 waits on the mothership
    And ship p2 waits on the mothership
    And ship w1 is out of the game
    And the white ships shot down number 1
    And ship p3 is on r3c3 of the sky
    And ship p4 is on r3c5 of the sky

  # The print-and-play fighter puts every ship it shoots back on the mothership card; its red
  # reinforcement ships play the white ships' part on the default board.
  @clause:fs.room-effects.fighter.fate @clause:fs.white-ships.shot-down @interpretation:white-shot-down=returns
  Scenario: Read as the print-and-play fighter, a white ship shot down goes back aboard
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | energy | tunnel | tunnel | tunnel |
    And the sky:
      | .      | .      | . | . | . |
      | .      | .      | . | . | . |
      | X3 @w1 | X2 @p1 | . | . | . |
      | .      | .      | . | . | . |
    And the rules read "white-shot-down" as "returns"
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then ship w1 waits on the mothership
    And ship p1 waits on the mothership
    And the white ships shot down number 0

  @clause:fs.room-effects.fighter @clause:fs.value.sum
  Scenario: A fighter's modifier raises the explosions it can reach
    Given the city:
      | aa_gun     | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter +1 | energy | tunnel | tunnel | tunnel |
    And the sky:
      | . | .      | . | . | . |
      | . | .      | . | . | . |
      | . | X5 @p3 | . | . | . |
      | . | .      | . | . | . |
    And a grey 4 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then ship p3 waits on the mothership

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @interpretation:fighter-timing=same-round
  Scenario: A ship that stops on an explosion in the dice phase is shot in the same round's room phase
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | tunnel | energy | energy | energy |
    And the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X3  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "same-round"
    And a grey 5 was placed on r2c1
    And a grey 1 was placed on r2c3
    And a grey 1 was placed on r2c4
    And a grey 1 was placed on r2c5
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c2
    Then ship p1 is on r4c2 of the sky
    And the phase is the room phase of round 1
    When the player resolves room r2c1
    Then ship p1 waits on the mothership

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @interpretation:fighter-timing=next-round
  Scenario: Reading "next round", a ship that just stopped on an explosion is safe until the next round
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | tunnel | energy | energy | energy |
    And the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X3  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "next-round"
    And a grey 5 was placed on r2c1
    And a grey 1 was placed on r2c3
    And a grey 1 was placed on r2c4
    And a grey 1 was placed on r2c5
    And the dice phase with the roll grey 2
    When the player places the grey 2 on r2c2
    Then ship p1 is on r4c2 of the sky
    When the player resolves room r2c1
    Then ship p1 is on r4c2 of the sky

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @interpretation:fighter-timing=next-round
  Scenario: Reading "next round", the fighter shoots a ship marked by an explosion last round
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | energy | tunnel | tunnel | tunnel |
    And the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "next-round"
    And the round is 2
    And ship p1 was marked by an explosion 3 last round
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then ship p1 waits on the mothership

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @clause:fs.round.phases @interpretation:fighter-timing=next-round
  Scenario: Reading "next round", a ship that stops on an explosion in round 4 falls to round 5's fighter
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | tunnel | energy | tunnel | tunnel |
    And the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X2  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "next-round"
    And the round is 4
    And the dice are 2 grey and 0 white
    And the dice phase with the roll grey 2 and grey 1
    When the player places the grey 2 on r2c2
    And the player places the grey 1 on r2c3
    Then ship p1 is on r4c2 of the sky
    When the player resolves room r2c3
    Then the phase is the dice phase of round 5
    When the dice come up grey 3 and grey 1
    And the player places the grey 3 on r2c1
    And the player places the grey 1 on r2c3
    And the player resolves room r2c1
    Then ship p1 waits on the mothership

  # A mark lapses when its ship leaves the sky (ledger: fighter-timing): a white ship that leaves
  # the game takes its mark with it, so the position saved afterwards names no ship out of play.
  @clause:fs.room-effects.fighter.fate @clause:fs.white-ships.shot-down @clause:fs.ships.explosion @interpretation:fighter-timing=next-round @interpretation:white-shot-down=leaves-game
  Scenario: Reading "next round", a white ship shot down leaves the game and leaves no mark behind
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | energy | tunnel | tunnel | tunnel |
    And the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @w1 | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "next-round"
    And the rules read "white-shot-down" as "leaves-game"
    And the round is 2
    And ship w1 was marked by an explosion 3 last round
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then ship w1 is out of the game
    And the white ships shot down number 1
    And the position saves and reads back unchanged

  # --- research ------------------------------------------------------------------------------------

  @clause:fs.room-effects.research @clause:fs.room-effects.research.step
  Scenario: Research climbs one space when the value meets the next requirement
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 5, 4 and 2
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 1 step

  @clause:fs.room-effects.research.step
  Scenario: Research does not move when the value is below the next requirement
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 1, 4 and 2
    And a grey 2 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 0 steps

  # The marker has climbed one space; the next needs 4, and the event of a room that falls short
  # says so.
  @clause:fs.room-effects.research.step
  Scenario: A research room that falls short says what the next space needs
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 4, 5 and 2
    And the research marker has climbed 1 step
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 1 step
    And a research_stalled event says "needs 4"

  @clause:fs.room-effects.research.multi @interpretation:research-multi-step=sum
  Scenario: Adding up the requirements passed, a 4 climbs the spaces needing 3 and 1 but not 4 more
    Given the city:
      | aa_gun   | aa_gun   | aa_gun | aa_gun | aa_gun |
      | research | research | energy | tunnel | tunnel |
    And the research track needs 3, 1, 4, 2 and 9
    And the rules read "research-multi-step" as "sum"
    And a grey 4 was placed on r2c1
    And a grey 3 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 2 steps
    When the player resolves room r2c2
    Then the research marker has climbed 2 steps

  @clause:fs.room-effects.research.multi @interpretation:research-multi-step=each-step
  Scenario: Checking each space on its own, a 4 climbs every space needing 4 or less
    Given the city:
      | aa_gun   | aa_gun   | aa_gun | aa_gun | aa_gun |
      | research | research | energy | tunnel | tunnel |
    And the research track needs 3, 1, 4, 2 and 9
    And the rules read "research-multi-step" as "each-step"
    And a grey 4 was placed on r2c1
    And a grey 3 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 4 steps
    When the player resolves room r2c2
    Then the research marker has climbed 4 steps

  @clause:fs.room-effects.research @clause:fs.room-effects.research.multi @interpretation:research-multi-step=each-step
  Scenario: Checking each space on its own, a 3 stops below the space needing 4
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | energy | tunnel | tunnel | tunnel |
    And the research track needs 3, 1, 4, 2 and 9
    And the rules read "research-multi-step" as "each-step"
    And a grey 3 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 2 steps

  # --- excavating ----------------------------------------------------------------------------------
  # The excavator stands on r2c4; ahead of it: r2c3 (no room), r2c2, r2c1, then row 3.

  @clause:fs.excavating.move @clause:fs.excavating.cost @clause:fs.excavator.purpose
  Scenario: The die ahead of the excavator lets it dig forward for one energy
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the energy is 2
    And a grey 2 was placed on r2c2
    And a grey 3 was placed on r2c4
    And the room phase
    Then the player may deal with exactly: resolve r2c4, skip r2c4, move the excavator and end the phase
    When the player moves the excavator
    Then the excavator is on r2c2
    And the energy is 1
    And the dice stand on exactly: r2c4

  @clause:fs.excavating.cost
  Scenario: Without energy the excavator cannot move
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the energy is 0
    And a grey 2 was placed on r2c2
    And a grey 3 was placed on r2c4
    And the room phase
    Then the player may not move the excavator
    When the player tries to move the excavator
    Then the decision is refused citing fs.excavating.cost

  # The room phase's excavating rule moves the excavator only on a die ahead of it.
  @clause:fs.excavating.move @clause:fs.excavator.purpose
  Scenario: With no die ahead of it the excavator does not move
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the excavator is on r2c4
    And the energy is 3
    And a grey 3 was placed on r2c4
    And the room phase
    Then the player may not move the excavator
    When the player tries to move the excavator
    Then the decision is refused citing fs.excavating.move

  @clause:fs.excavating.cost @interpretation:energy-direction=counts-used
  Scenario: Counting energy used, a full marker cannot pay for the excavator
    Given the city:
      | aa_gun   | aa_gun       | aa_gun     | aa_gun      | aa_gun |
      | energy   | research 1⚡ | .          | fighter     | tunnel |
      | research | energy#big   | energy#big | fighter 2⚡ | .      |
    And the rules read "energy-direction" as "counts-used"
    And the excavator is on r2c4
    And the energy is 7 of at most 7
    And a grey 2 was placed on r2c2
    And a grey 3 was placed on r2c4
    And the room phase
    Then the player may not move the excavator

  # --- the default board's robot rooms ---------------------------------------------------------------

  @clause:fs.room-effects.tunnel @clause:fs.dice.place @interpretation:robot-rooms=tunnel
  Scenario: Read as a tunnel, a robot room takes a die that slows nothing and does nothing
    Given the city:
      | aa_gun | aa_gun   | aa_gun | aa_gun | aa_gun |
      | energy | robot 1⚡ | energy | energy | energy |
    And the rules read "robot-rooms" as "tunnel"
    And the energy is 2
    And a grey 1 was placed on r2c1
    And a grey 1 was placed on r2c3
    And a grey 1 was placed on r2c4
    And a grey 1 was placed on r2c5
    And the dice phase with the roll grey 3
    Then the grey 3 may go exactly on: r1c2 and r2c2
    When the player places the grey 3 on r2c2
    Then the phase is the room phase of round 1
    And the dice stand on exactly: r2c1, r2c3, r2c4 and r2c5
    And the energy is 2

  @clause:fs.dice.place @interpretation:robot-rooms=closed
  Scenario: Read as closed, a robot room takes no die
    Given the city:
      | aa_gun | aa_gun   | aa_gun | aa_gun | aa_gun |
      | energy | robot 1⚡ | energy | energy | energy |
    And the rules read "robot-rooms" as "closed"
    And a grey 1 was placed on r2c1
    And a grey 1 was placed on r2c3
    And a grey 1 was placed on r2c4
    And a grey 1 was placed on r2c5
    And the dice phase with the roll grey 3
    Then the grey 3 may go exactly on: r1c2
    When the player tries to place the grey 3 on r2c2
    Then the decision is refused citing fs.dice.place

  # The default board has a two-space room that is both an energy room and a fighter room; the
  # source describes no such room. The board notes read it as both effects from one value.
  @clause:fs.room-effects.energy @clause:fs.room-effects.fighter @clause:fs.multi-space.value
  Scenario: The default board's energy-and-fighter room makes energy and shoots with one value
    Given the city:
      | aa_gun               | aa_gun               | aa_gun | aa_gun | aa_gun |
      | energy_fighter#ef -3 | energy_fighter#ef -3 | energy | tunnel | tunnel |
    And the sky:
      | . | .      | .      | . | . |
      | . | .      | .      | . | . |
      | . | X5 @p1 | X6 @p2 | . | . |
      | . | .      | .      | . | . |
    And the energy is 1 of at most 7
    And a grey 4 was placed on r2c1
    And a grey 4 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room ef
    Then the energy is 6
    And ship p1 waits on the mothership
    And ship p2 is on r3c3 of the sky

  # --- values and costs the source leaves open -------------------------------------------------------

  # Two 1s and the -3 modifier make a value of -1 (ledger: negative-room-value).
  @clause:fs.value.sum @clause:fs.room-effects.energy @clause:fs.multi-space.value
  Scenario: A room whose modifier makes its value negative takes no energy away
    Given the city:
      | aa_gun               | aa_gun               | aa_gun | aa_gun | aa_gun |
      | energy_fighter#ef -3 | energy_fighter#ef -3 | energy | tunnel | tunnel |
    And the sky:
      | . | .      | . | . | . |
      | . | .      | . | . | . |
      | . | X1 @p1 | . | . | . |
      | . | .      | . | . | . |
    And the energy is 3
    And a grey 1 was placed on r2c1
    And a grey 1 was placed on r2c2
    And a grey 1 was placed on r2c3
    And the room phase
    When the player resolves room ef
    Then the energy is 3
    And ship p1 is on r3c2 of the sky

  # The printed track starts at 1; the last energy may still be spent (ledger: energy-floor).
  @clause:fs.cost.pay
  Scenario: The last energy may be spent on a room
    Given the city:
      | aa_gun       | aa_gun | aa_gun | aa_gun | aa_gun |
      | research 1⚡ | tunnel | tunnel | tunnel | tunnel |
    And the research track needs 3, 3 and 3
    And the energy is 1
    And a grey 3 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the energy is 0
    And the research marker has climbed 1 step

  # The player may use a room that will find nothing to do, and pays for it (ledger:
  # pointless-room).
  @clause:fs.cost.pay @clause:fs.room-effects.fighter
  Scenario: A fighter resolved with no ship in reach still costs its energy
    Given the city:
      | aa_gun     | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | energy | tunnel | tunnel | tunnel |
    And the sky:
      | . | .      | . | . | . |
      | . | .      | . | . | . |
      | . | X5 @p1 | . | . | . |
      | . | .      | . | . | . |
    And the energy is 3
    And a grey 2 was placed on r2c1
    And a grey 1 was placed on r2c2
    And the room phase
    When the player resolves room r2c1
    Then the energy is 1
    And ship p1 is on r3c2 of the sky
