# Board legend: see features/falling_skies/dice_phase.feature and tests/steps/falling_skies.py.
# The published print-and-play rules where they differ from the rules summary, each from the
# facts file (/work/shared/rules/under-falling-skies-published.md, its section in the comment).
# A scenario that depends on a switch sets the published reading (the default) and says so in its
# tag; where the summary reads otherwise, the summary's reading has a scenario beside it. The
# rules' white ships are the print-and-play game's two red reinforcement ships (ledger:
# reinforcement-ships), so the steps still call them white (@w1).
@falling_skies
Feature: The print-and-play rules
  The print-and-play game sets its five ships on the mothership card's starting spots, spawns a
  ship into a column without any ship first and otherwise onto any free starting spot the player
  picks, keeps the ships left over aboard until the next round, brings a reinforcement ship back
  aboard when a fighter shoots it, and reads the AA gun, the arrows, the explosions, energy,
  research and the combined room as the cards print them.

  # --- set-up and spawning (facts §1.2, §1.7, §1.11 item 12) ------------------------------------------

  # Where on its column a ship stands is board data; the scenario checks the column of each ship.
  @clause:fs.round.phases @clause:fs.launch.empty-column
  Scenario: The five ships start one on each starting spot, one above each column
    Given the print-and-play easy board
    Then ship p1 is in column 1
    And ship p2 is in column 2
    And ship p3 is in column 3
    And ship p4 is in column 4
    And ship p5 is in column 5
    And no purple ship waits on the mothership
    And no white ship is in the sky
    And the phase is the dice phase of round 1
    And the dice are to be rolled

  @clause:fs.launch.empty-column @interpretation:launch-all-columns-taken=any-free
  Scenario: Spawning fills a column without any ship before any other free spot
    Given the sky:
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | @p1 | @p2 | . | @p4 | @p5 |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
    And the rules read "launch-all-columns-taken" as "any-free"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is in column 3
    And the dice are to be rolled

  # The mothership drops to row 2, so ships spawn onto row 3, where p1 already stands.
  @clause:fs.launch.player-choice @interpretation:launch-all-columns-taken=any-free
  Scenario: With a ship in every column, the player spawns the ship onto any free starting spot
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | .   | .   | .   | .   |
      | .   | .   | @p3 | .   | @p5 |
      | .   | @p2 | .   | .   | .   |
      | .   | .   | .   | @p4 | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "any-free"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then the player must choose the launch column among: 2, 3, 4 and 5
    When the player tries to launch into column 1
    Then the decision is refused citing fs.launch.player-choice
    When the player launches into column 5
    Then ship p9 is in column 5
    And the dice are to be rolled

  # The same sky read by the summary: p4 in column 4 is the farthest below the spawning row.
  @clause:fs.launch.greatest-gap @interpretation:launch-all-columns-taken=greatest-gap
  Scenario: Read by the summary, the ship goes where the highest ship is farthest below
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | .   | .   | .   | .   |
      | .   | .   | @p3 | .   | @p5 |
      | .   | @p2 | .   | .   | .   |
      | .   | .   | .   | @p4 | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And the rules read "launch-all-columns-taken" as "greatest-gap"
    And ship p9 waits on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p9 is in column 4
    And the dice are to be rolled

  # Every starting spot (row 3, under the mothership once it drops to row 2) is taken.
  @clause:fs.mothership.steps @clause:fs.launch.max-five
  Scenario: Ships for which no starting spot is free stay aboard until the next round
    Given the sky:
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | @p1 | @p2 | @p3 | @p4 | @p5 |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
      | .   | .   | .   | .   | .   |
    And ships p8, p9 wait on the mothership
    And the room phase
    When the player ends the room phase
    Then ship p8 waits on the mothership
    And ship p9 waits on the mothership
    And the phase is the dice phase of round 2
    And the dice are to be rolled

  # --- reinforcements (facts §1.7, §1.11 item 11; §1.5 Fighter, §1.11 item 7) ------------------------

  @clause:fs.mothership.action.white @clause:fs.mothership.steps
  Scenario: A reinforcement icon puts one reinforcement ship aboard, and it spawns at once
    Given the sky:
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | @p1 | @p2 | . | @p4 | @p5 |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
      | .   | .   | . | .   | .   |
    And the white-ship supply is 2
    And the mothership's row 2 action is add 1 white ship
    And the room phase
    When the player ends the room phase
    Then ship w1 is in column 3
    And 1 white ship is in the sky

  # The fighter puts every ship it shoots back on the mothership card, the reinforcement ship too.
  # Its die was the last, so the mothership phase follows: column 5 is the only one without a
  # ship, so the ship spawns there in the same round.
  @clause:fs.room-effects.fighter.fate @clause:fs.white-ships.shot-down @interpretation:white-shot-down=returns
  Scenario: A reinforcement ship shot down goes back aboard and spawns again
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | tunnel | tunnel | tunnel | tunnel |
    And the sky:
      | .      | .   | .   | .   | . |
      | .      | .   | .   | .   | . |
      | X3 @w1 | .   | .   | .   | . |
      | .      | .   | .   | .   | . |
      | @p1    | @p2 | @p3 | @p4 | . |
      | .      | .   | .   | .   | . |
    And the white-ship supply is 2
    And the rules read "white-shot-down" as "returns"
    And a grey 4 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then an event cites fs.room-effects.fighter.fate
    And the mothership is on row 2
    And ship w1 is in column 5
    And the white ships shot down number 0

  @clause:fs.room-effects.fighter.fate @clause:fs.white-ships.shot-down @interpretation:white-shot-down=leaves-game
  Scenario: Read by the summary, a white ship shot down is gone and does not spawn again
    Given the city:
      | aa_gun  | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter | tunnel | tunnel | tunnel | tunnel |
    And the sky:
      | .      | .   | .   | .   | . |
      | .      | .   | .   | .   | . |
      | X3 @w1 | .   | .   | .   | . |
      | .      | .   | .   | .   | . |
      | @p1    | @p2 | @p3 | @p4 | . |
      | .      | .   | .   | .   | . |
    And the white-ship supply is 2
    And the rules read "white-shot-down" as "leaves-game"
    And a grey 4 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then ship w1 is out of the game
    And the mothership is on row 2
    And no white ship is in the sky
    And no white ship waits on the mothership
    And the white ships shot down number 1

  # --- the dice phase (facts §1.4, §1.5 AA gun, §1.11 items 2, 3 and 5) -------------------------------

  # p1 stands on a mothership icon: with a 1 on the AA gun it does not move, so nothing triggers.
  @clause:fs.ships.aa-gun @clause:fs.ships.stop-icon
  Scenario: A 1 on an AA gun moves no ship, and the icon under it does not take effect again
    Given the sky:
      | . | .     | . | . | . |
      | . | .     | . | . | . |
      | . | M @p1 | . | . | . |
      | . | .     | . | . | . |
      | . | .     | . | . | . |
      | . | .     | . | . | . |
    And the dice phase with the roll grey 1 and grey 5
    When the player places the grey 1 on r1c2
    Then ship p1 is on r3c2 of the sky
    And the mothership is on row 1

  @clause:fs.ships.aa-gun @clause:fs.ships.descend
  Scenario: A die on an AA gun moves the column's ships one space less than its number
    Given the sky:
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 4 and grey 5
    When the player places the grey 4 on r1c2
    Then ship p1 is on r5c2 of the sky

  # p1 drops onto the right arrow and moves to column 3; the die placed there later moves it again.
  @clause:fs.ships.arrow @clause:fs.ships.descend
  Scenario: A ship an arrow moved drops again when a die goes into its new column
    Given the sky:
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | R   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the dice phase with the roll grey 2, grey 3 and grey 5
    When the player places the grey 2 on r2c2
    Then ship p1 is on r3c3 of the sky
    When the player places the grey 3 on r2c3
    Then ship p1 is on r6c3 of the sky

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @interpretation:fighter-timing=same-round
  Scenario: A ship that stops on an explosion is shot in the rooms phase of the same round
    Given the city:
      | aa_gun | aa_gun | aa_gun  | aa_gun | aa_gun |
      | tunnel | tunnel | fighter | tunnel | tunnel |
    And the sky:
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X2  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "same-round"
    And the dice phase with the roll grey 2 and grey 3
    When the player places the grey 2 on r2c2
    And the player places the grey 3 on r2c3
    And the player resolves room r2c3
    Then ship p1 waits on the mothership
    And the player must choose the launch column among: 1, 2, 3, 4 and 5

  @clause:fs.ships.explosion @clause:fs.room-effects.fighter @interpretation:fighter-timing=next-round
  Scenario: Read as the summary's next round, the fighter of the same round does not shoot it
    Given the city:
      | aa_gun | aa_gun | aa_gun  | aa_gun | aa_gun |
      | tunnel | tunnel | fighter | tunnel | tunnel |
    And the sky:
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
      | . | X2  | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
    And the rules read "fighter-timing" as "next-round"
    And the dice phase with the roll grey 2 and grey 3
    When the player places the grey 2 on r2c2
    And the player places the grey 3 on r2c3
    And the player resolves room r2c3
    Then ship p1 is on r3c2 of the sky

  # --- energy, research and the combined room (facts §1.5, §1.11 items 6, 8 and 9) --------------------

  @clause:fs.cost.pay @interpretation:energy-direction=counts-left
  Scenario: Paying a room's cost moves the energy marker down the track
    Given the city:
      | aa_gun      | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | tunnel | tunnel | tunnel | tunnel |
    And the energy is 3
    And the rules read "energy-direction" as "counts-left"
    And a grey 3 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the energy is 1

  @clause:fs.cost.pay @interpretation:energy-direction=counts-used
  Scenario: Read by the summary's upward marker, paying moves the marker up
    Given the city:
      | aa_gun      | aa_gun | aa_gun | aa_gun | aa_gun |
      | fighter 2⚡ | tunnel | tunnel | tunnel | tunnel |
    And the energy is 3
    And the rules read "energy-direction" as "counts-used"
    And a grey 3 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the energy is 5

  @clause:fs.room-effects.energy @interpretation:energy-direction=counts-left
  Scenario: Energy above the top of the track is lost
    Given the city:
      | aa_gun | aa_gun | aa_gun | aa_gun | aa_gun |
      | energy | tunnel | tunnel | tunnel | tunnel |
    And the energy is 6 of at most 7
    And the rules read "energy-direction" as "counts-left"
    And a grey 4 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the energy is 7

  # Passing the 3 and stopping on the 1 takes 4; the 4 beyond would take 8 in all.
  @clause:fs.room-effects.research.multi @interpretation:research-multi-step=sum
  Scenario: Research climbs several spaces when the value covers the sum of their numbers
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | tunnel | tunnel | tunnel | tunnel |
    And the research track needs 3, 1, 4 and 2
    And the rules read "research-multi-step" as "sum"
    And a grey 4 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 2 steps

  @clause:fs.room-effects.research.multi @interpretation:research-multi-step=each-step
  Scenario: Read space by space, the same value climbs every space it reaches on its own
    Given the city:
      | aa_gun   | aa_gun | aa_gun | aa_gun | aa_gun |
      | research | tunnel | tunnel | tunnel | tunnel |
    And the research track needs 3, 1, 4 and 2
    And the rules read "research-multi-step" as "each-step"
    And a grey 4 was placed on r2c1
    And the room phase
    When the player resolves room r2c1
    Then the research marker has climbed 4 steps

  # Dice 4 and 3 with the room's -3 once: value 4, for the energy and for the fighter.
  @clause:fs.multi-space.value @clause:fs.room-effects.energy @clause:fs.room-effects.fighter
  Scenario: A combined room gives both its effects one value, its modifier counted once
    Given the city:
      | aa_gun                 | aa_gun                 | aa_gun | aa_gun | aa_gun |
      | energy_fighter#combo -3 | energy_fighter#combo -3 | tunnel | tunnel | tunnel |
    And the sky:
      | .      | .      | . | . | . |
      | .      | .      | . | . | . |
      | X4 @p1 | X5 @p2 | . | . | . |
      | .      | .      | . | . | . |
    And the energy is 2
    And a grey 4 was placed on r2c1
    And a grey 3 was placed on r2c2
    And the room phase
    When the player resolves room combo
    Then the energy is 6
    And ship p1 waits on the mothership
    And ship p2 is on r3c2 of the sky
    And the player must choose the launch column among: 1, 3, 4 and 5

  # --- the damage track (facts §1.2) ---------------------------------------------------------------

  # The easy base cards print four spaces before the skull: the fifth hit reaches it.
  @clause:fs.damage.hit @clause:fs.end.lose-damage @interpretation:damage-track-length=as-scenario
  Scenario: The fifth hit on the city reaches the skull
    Given the sky:
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | .   | . | . | . |
      | . | @p1 | . | . | . |
      | . | .   | . | . | . |
    And the damage track has 4 spaces before the skull
    And the rules read "damage-track-length" as "as-scenario"
    And the city has taken 4 damage
    And the dice phase with the roll grey 2 and grey 5
    When the player places the grey 2 on r2c2
    Then the game is lost citing fs.end.lose-damage
