# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# "Given yellow is the Captain" gives the meeple that survivor card. Card AP are the catalog's
# (engine/unknown/data/survivors.yaml): 4 for the Explorer, 3 for every other card.
# "it is yellow's turn with N AP" puts yellow on turn with N AP (start-of-turn bonuses are not
# applied); "a new round begins" then "the players choose yellow to take her turn" starts the
# turn through the rules, start-of-turn traits included.
# Trait decisions the engine does not have yet are those listed in tests/steps/unknown_traits.py
# (MoveOther, Borrow, Replant, SetTargetable, ScoutStack); ignoring a knockback is the engine's
# IgnoreKnockback. Scenarios that need the survivors part of the engine are @pending:survivors.
# The readings of the switches used here are in engine/unknown/data/interpretations.yaml.
@unknown
Feature: Survivor traits
  Each survivor card's traits change actions or give bonuses. The limits the traits set (once per
  turn, twice per turn, only cleared tiles, never less than 1, only at the start of a turn, only
  within a range) are shown next to what the traits allow.
  The Hunter's kills by trap and in close combat drop food; the Botanist's lair flip is hers
  alone; and the readings where the survivor cards are silent: what the Scouts' look costs,
  whether the Strategist may move an incapacitated survivor, and whose kill a shared fight is.

  # --- Botanist ----------------------------------------------------------------------------------

  # Missing figure. Assumed: the Botanist (yellow) stands on a scrap tile between an animal lair
  # whose animals have long left (no enemy on it) and base. She is the only survivor, so ending
  # her turn ends the survivor phase. Base holds 5 food so every upkeep can eat; the food on the
  # lair comes from the general supply, so base's stock only falls by the food it eats.
  # The lair is gatherable (a food icon and no clear cost); flipping it this way gives her none
  # of its food icon.
  @example:unknown.example.botanist-lair @clause:unknown.survivor.botanist.clear-lair @clause:unknown.survivor.botanist.regrow @clause:unknown.survivor.botanist.not-gather
  Scenario: The Botanist flips the animal lair for 1 medicine; the next two upkeeps add a food each
    Given the map:
      | animal #lair | scrap @yellow | base |
    And yellow is the Botanist
    And yellow carries 1 medicine
    And the base holds 5 food
    And it is yellow's turn with 3 AP
    When yellow clears the lair #lair with medicine
    Then the animal tile #lair is cleared
    And #lair holds 1 food token
    And yellow carries nothing
    And yellow has 2 AP left
    And the base holds 5 food
    When the enemy phases run
    Then round 2 is under way
    And #lair holds 2 food tokens
    And the base holds 4 food
    When the players choose yellow to take her turn
    And the enemy phases run
    Then round 3 is under way
    And #lair holds 3 food tokens
    And the base holds 3 food

  # Same assumed figure: a third upkeep finds 3 food on the lair and adds none.
  @clause:unknown.survivor.botanist.regrow
  Scenario: The lair's food stops growing at 3
    Given the map:
      | animal #lair | scrap @yellow | base |
    And yellow is the Botanist
    And yellow carries 1 medicine
    And the base holds 5 food
    And it is yellow's turn with 3 AP
    When yellow clears the lair #lair with medicine
    And the enemy phases run
    And the players choose yellow to take her turn
    And the enemy phases run
    And the players choose yellow to take her turn
    And the enemy phases run
    Then round 4 is under way
    And #lair holds 3 food tokens

  # No figure: once any of the lair's food has been gathered, no more grows on it.
  @clause:unknown.survivor.botanist.regrow @clause:unknown.action.gather.tokens
  Scenario: Gathering the lair's food stops it growing
    Given the map:
      | animal #lair | scrap @yellow | base |
    And yellow is the Botanist
    And yellow carries 1 medicine
    And the base holds 5 food
    And it is yellow's turn with 3 AP
    When yellow clears the lair #lair with medicine
    And yellow gathers food from #lair
    Then yellow carries 1 food
    And #lair holds 0 food tokens
    When the enemy phases run
    Then round 2 is under way
    And #lair holds 0 food tokens

  # No figure: the spawn pit is a lair but has a clear cost (2 scrap), so it is not gatherable.
  @clause:unknown.survivor.botanist.clear-cost-lairs
  Scenario: A lair with a clear cost cannot be flipped with medicine
    Given the map:
      | spawn_pit #pit | scrap @yellow |
    And yellow is the Botanist
    And yellow carries 1 medicine
    And it is yellow's turn with 3 AP
    When yellow tries to clear the lair #pit with medicine
    Then the action is refused citing unknown.survivor.botanist.clear-cost-lairs

  # No figure: a food tile is gatherable but spawns nothing, so it is no lair.
  @clause:unknown.survivor.botanist.clear-lair @clause:unknown.lair.definition
  Scenario: Only a lair can be flipped with medicine
    Given the map:
      | food #f | scrap @yellow |
    And yellow is the Botanist
    And yellow carries 1 medicine
    And it is yellow's turn with 3 AP
    When yellow tries to clear the lair #f with medicine
    Then the action is refused citing unknown.survivor.botanist.clear-lair

  # No figure: Eat Food costs 1 AP and gives 3; the Botanist gets 1 more.
  @clause:unknown.survivor.botanist.eat @clause:unknown.action.eat-food
  Scenario: The Botanist's meal gives 1 extra AP
    Given the map:
      | scrap @yellow |
    And yellow is the Botanist
    And yellow carries 1 food
    And it is yellow's turn with 2 AP
    When yellow eats food
    Then yellow has 5 AP left
    And yellow carries nothing

  # No figure: flipping a lair with medicine is the Botanist's trait; green is no Botanist.
  @clause:unknown.survivor.botanist.clear-lair
  Scenario: Only the Botanist flips a lair with medicine
    Given the map:
      | animal #lair | scrap @green |
    And green carries 1 medicine
    And it is green's turn with 3 AP
    When green tries to clear the lair #lair with medicine
    Then the action is refused citing unknown.survivor.botanist.clear-lair

  # --- Captain -----------------------------------------------------------------------------------

  # Missing figure. Assumed: the Captain (yellow) starts his turn next to green; blue stands two
  # tiles below him, out of his reach. Moving down brings blue within 1 range; blue's tile has a
  # neighbour on each side and the Captain's new tile above it, so the free move may take blue to
  # any of the three (the Captain's tile included: nothing forbids sharing a tile). The move east
  # takes blue out of the Captain's range, which is allowed.
  @example:unknown.example.captain-move @clause:unknown.survivor.captain.bonus-ap @clause:unknown.survivor.captain.move-ally @clause:unknown.survivor.captain.move-range
  Scenario: The Captain starts with 4 AP beside green, steps down and moves blue for free
    Given the map:
      | food #g @green | scrap #start @yellow | .          |
      | .              | lab #down            | .          |
      | ammo #bw       | medicine #b @blue    | bunker #be |
    And yellow is the Captain
    And a new round begins
    When the players choose yellow to take his turn
    Then yellow has 4 AP left
    And yellow may not move blue for free
    When yellow moves south
    Then yellow has 3 AP left
    And yellow may move blue for free exactly to: #bw, #be and #down
    And yellow may not move green for free
    When yellow moves blue east for free
    Then blue stands on #be
    And yellow has 3 AP left
    And the range from yellow to blue is 2

  # No figure: green and blue both stand within 1 range; after moving blue the Captain may not
  # move green the same turn.
  @clause:unknown.survivor.captain.move-ally
  Scenario: The Captain moves another survivor only once per turn
    Given the map:
      | food @green | scrap @yellow | ammo @blue | lab #far |
    And yellow is the Captain
    And it is yellow's turn with 3 AP
    When yellow moves blue east for free
    Then blue stands on #far
    And yellow has 3 AP left
    And yellow may not move green for free

  # No figure: as above, the Captain has moved blue this turn; asked to move green too, the
  # engine refuses: the Captain's free move is once per turn.
  @clause:unknown.survivor.captain.move-ally
  Scenario: A second free move by the Captain in one turn is refused
    Given the map:
      | food @green | scrap @yellow | ammo @blue | lab #far |
    And yellow is the Captain
    And it is yellow's turn with 3 AP
    When yellow moves blue east for free
    And yellow tries to move green east for free
    Then the action is refused citing unknown.survivor.captain.move-ally
    And green stands on 0,0

  # No figure: the only survivor next to the Captain is incapacitated.
  @clause:unknown.survivor.captain.no-incapacitated @clause:unknown.survivor.captain.bonus-incapacitated
  Scenario: An incapacitated neighbour neither gives the bonus nor can be moved
    Given the map:
      | food @green | scrap @yellow | ammo |
    And yellow is the Captain
    And green is incapacitated
    And a new round begins
    When the players choose yellow to take his turn
    Then yellow has 3 AP left
    And yellow may not move green for free

  # No figure: blue is 2 tiles away when the round begins, takes his turn first and ends it next
  # to the Captain, who then starts his turn with a survivor in range.
  @clause:unknown.survivor.captain.bonus-timing @clause:unknown.survivor.captain.bonus-ap
  Scenario: The Captain's bonus is judged when his own turn starts
    Given the map:
      | scrap @yellow | food | ammo @blue |
    And yellow is the Captain
    And a new round begins
    When the players choose blue to take his turn
    And blue moves west
    And blue ends his turn
    And the players choose yellow to take his turn
    Then yellow has 4 AP left

  # --- Doctor ------------------------------------------------------------------------------------

  # No figure: healing another survivor costs 2 medicine, 1 less for the Doctor, and no AP.
  @clause:unknown.survivor.doctor.medicine-discount @clause:unknown.survivor.doctor.free-ap @clause:unknown.action.heal.cost
  Scenario: The Doctor heals another survivor with 1 medicine for no AP
    Given the map:
      | scrap @yellow | food @green |
    And yellow is the Doctor
    And yellow carries 1 medicine
    And green is injured
    And it is yellow's turn with 3 AP
    When yellow heals green
    Then green is healthy
    And yellow carries nothing
    And yellow has 3 AP left

  # No figure: healing oneself costs 3 medicine, 2 for the Doctor.
  @clause:unknown.survivor.doctor.medicine-discount @clause:unknown.survivor.doctor.free-ap @clause:unknown.action.heal.cost
  Scenario: The Doctor heals himself with 2 medicine for no AP
    Given the map:
      | scrap @yellow |
    And yellow is the Doctor
    And yellow carries 2 medicine
    And yellow is injured
    And it is yellow's turn with 2 AP
    When yellow heals yellow
    Then yellow is healthy
    And yellow carries nothing
    And yellow has 2 AP left

  # No figure.
  @clause:unknown.survivor.doctor.free-ap
  Scenario: Gathering medicine costs the Doctor no AP
    Given the map:
      | medicine #m | scrap @yellow |
    And yellow is the Doctor
    And it is yellow's turn with 3 AP
    When yellow gathers medicine from #m
    Then yellow carries 1 medicine
    And yellow has 3 AP left

  # No figure: a trade that hands medicine over uses none up, so it costs the usual 1 AP.
  @clause:unknown.survivor.doctor.trade-excluded @clause:unknown.action.trade
  Scenario: The Doctor's trades still cost AP
    Given the map:
      | scrap @yellow | food @green |
    And yellow is the Doctor
    And yellow carries 2 medicine
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 2 medicine from yellow to green
    And the trade is finished
    Then green carries 2 medicine
    And yellow has 2 AP left

  # No figure: Gas Testing's Test Gas costs 1 medicine; the Doctor's discount cannot take it below
  # 1 (he pays his only medicine), and the action, consuming medicine, costs him no AP (the
  # Doctor's traits cover mission and task actions).
  @clause:unknown.survivor.doctor.medicine-discount @clause:unknown.survivor.doctor.scope @clause:unknown.survivor.doctor.free-ap @clause:unknown.task.gas-testing.action @clause:unknown.mission.costs-modified
  Scenario: The Doctor's discount never takes a medicine cost below 1
    Given the map:
      | scrap @yellow | food !beast:b1 |
    And the task is gas testing
    And yellow is the Doctor
    And yellow carries 1 medicine
    And it is yellow's turn with 3 AP
    When yellow tests gas on b1
    Then b1 is stunned
    And yellow carries nothing
    And yellow has 3 AP left

  # --- Explorer ----------------------------------------------------------------------------------

  # No figure.
  @clause:unknown.survivor.explorer.ap @clause:unknown.survivor-card.ap
  Scenario: The Explorer starts a turn with 4 AP
    Given the map:
      | scrap @yellow |
    And yellow is the Explorer
    And a new round begins
    When the players choose yellow to take her turn
    Then yellow has 4 AP left

  # --- Hunter ------------------------------------------------------------------------------------

  # No figure: the Hunter's shot kills the beast, which drops 1 food where it died.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.action.ranged-attack
  Scenario: An enemy the Hunter kills drops a food token
    Given the map:
      | scrap @yellow | lab #t !beast:b1 |
    And yellow is the Hunter
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then there is no b1 on the map
    And #t holds 1 food token
    And yellow has 2 AP left

  # No figure.
  @clause:unknown.survivor.hunter.trap-free @clause:unknown.action.create-trap
  Scenario: Creating a trap costs the Hunter no AP
    Given the map:
      | scrap #here @yellow |
    And yellow is the Hunter
    And yellow carries 1 food and 1 scrap
    And it is yellow's turn with 3 AP
    When yellow sets a trap on #here
    Then #here holds 1 trap token
    And yellow carries nothing
    And yellow has 3 AP left

  # No figure: the Hunter (yellow) sets a trap on her own tile; the beast (1 health) entering it
  # in the enemy movement phase is killed by the trap and drops 1 food there.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.survivor.hunter.trap-marker @clause:unknown.trap.trigger
  Scenario: A beast killed by the Hunter's trap drops a food token
    Given the map:
      | base | scrap #S @yellow | beast #lair !beast:b1 |
    And yellow is the Hunter
    And it is yellow's turn with 3 AP
    And yellow carries 1 food and 1 scrap
    And the base holds 3 food
    When yellow sets a trap on #S
    And yellow ends the turn
    Then round 2 is under way
    And there is no b1 on the map
    And #S holds 0 trap tokens
    And #S holds 1 food token

  # Same figure, but green sets the trap: the kill is not the Hunter's, so nothing drops.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.trap.trigger
  Scenario: A beast killed by another survivor's trap drops nothing
    Given the map:
      | base @yellow | scrap #S @green | beast #lair !beast:b1 |
    And yellow is the Hunter
    And yellow has had its turn
    And it is green's turn with 3 AP
    And green carries 1 food and 1 scrap
    And the base holds 3 food
    When green sets a trap on #S
    And green ends the turn
    Then round 2 is under way
    And there is no b1 on the map
    And #S holds 0 food tokens

  # No figure: the beast enters the lone Hunter's tile; she deals 1 damage and kills it, and it
  # deals her 1. The kill in close combat is hers: 1 food drops.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.combat.damage-dealt
  Scenario: A beast the Hunter kills in close combat drops a food token
    Given the map:
      | base | scrap #S @yellow | food #lair !beast:b1 |
    And yellow is the Hunter
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    Then round 2 is under way
    And there is no b1 on the map
    And yellow is injured
    And #S holds 1 food token

  # No figure: the Hunter (yellow) and green fight the beast together; the card does not say whose
  # kill a shared fight is. Reading took-part: she fought, so it is hers and 1 food drops.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.combat.damage-received @interpretation:hunter-combat-kill
  Scenario: Under took-part, a beast killed in a fight the Hunter shares drops a food token
    Given the reading "hunter-combat-kill" is "took-part"
    And the map:
      | base | scrap #S @yellow @green | food #lair !beast:b1 |
    And yellow is the Hunter
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    And the players assign the damage: green 1 and b1 2
    Then there is no b1 on the map
    And #S holds 1 food token

  # Same figure. Reading fought-alone: with green dealing damage too, the kill is not hers alone.
  @clause:unknown.survivor.hunter.food-drop @clause:unknown.combat.damage-received @interpretation:hunter-combat-kill
  Scenario: Under fought-alone, a beast killed in a fight the Hunter shares drops nothing
    Given the reading "hunter-combat-kill" is "fought-alone"
    And the map:
      | base | scrap #S @yellow @green | food #lair !beast:b1 |
    And yellow is the Hunter
    And green has had its turn
    And it is yellow's turn with 3 AP
    And the base holds 3 food
    When the enemy phases run
    And the players assign the damage: green 1 and b1 2
    Then there is no b1 on the map
    And #S holds 0 food tokens

  # --- Investigator ------------------------------------------------------------------------------

  # Missing figure. Assumed: the Investigator (yellow) stands on a scrap tile with a food tile to
  # her west, the only tile she can flee to. She gathers the food (1 AP), then explores for free
  # and places the Brute east of her; the brute's knockback 1 sends her to the food tile, 2 tiles
  # from it. Spots remain there (west, north and south of it), so her second explore is free too.
  @example:unknown.example.investigator-brute @clause:unknown.survivor.investigator.free-explores @clause:unknown.survivor.investigator.normal-rules @clause:unknown.survivor.investigator.sequence @clause:unknown.knockback.enemy-spawn
  Scenario: After a gather the Investigator explores twice for free, the brute's knockback between
    Given the map:
      | . | food #f | scrap #here @yellow | . |
    And yellow is the Investigator
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow has 2 AP left
    When yellow explores and the tile is brute placed at 3,0
    Then a brute stands on 3,0
    And yellow stands on #f
    And yellow has 2 AP left
    And yellow may explore exactly at: 0,0, 1,1 and 1,-1
    When yellow explores and the tile is ammo placed at 0,0
    Then yellow has 2 AP left

  # No figure: the Investigator (yellow) stands in the middle of a plus of tiles, every spot
  # beside her already explored. Her gather would give her two free explores, but they follow the
  # normal explore rules: with no legal spot to place a tile, she may not explore at all.
  @clause:unknown.survivor.investigator.normal-rules @clause:unknown.action.explore.needs-placement
  Scenario: With no legal spot the Investigator gets no free explore after a gather
    Given the map:
      | .       | ammo          | .   |
      | food #f | scrap @yellow | lab |
      | .       | medicine      | .   |
    And yellow is the Investigator
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    Then yellow has 2 AP left
    And yellow may not explore

  # No figure: only two explores are free.
  @clause:unknown.survivor.investigator.free-explores
  Scenario: A third explore after the gather costs AP
    Given the map:
      | . | food #f | scrap @yellow | . |
    And yellow is the Investigator
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    And yellow explores and the tile is ammo placed at 3,0
    And yellow explores and the tile is lab placed at 2,1
    Then yellow has 2 AP left
    When yellow explores and the tile is medicine placed at 2,-1
    Then yellow has 1 AP left

  # No figure: the free explores must follow the gather at once; a move in between loses them.
  @clause:unknown.survivor.investigator.free-explores
  Scenario: The free explores must come straight after the gather
    Given the map:
      | . | food #f | scrap @yellow |
    And yellow is the Investigator
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f
    And yellow moves west
    And yellow explores and the tile is ammo placed at 0,0
    Then yellow has 0 AP left

  # --- Mechanic ----------------------------------------------------------------------------------

  # Missing figure. Assumed: the Mechanic (yellow) is two moves from a spawn pit holding a monster.
  # He carries his 2 scrap. The second move starts close combat: he kills the monster and takes
  # its 1 damage, becoming injured, which costs him his last AP. Clearing the pit (2 scrap)
  # consumes scrap, so it costs him nothing and gives him 1 AP; the pit's food icon gives 1 food.
  @example:unknown.example.mechanic-spawn-pit @clause:unknown.survivor.mechanic.scrap-free @clause:unknown.survivor.mechanic.scope @clause:unknown.injury.ap-cost @clause:unknown.action.clear.gain
  Scenario: An injured Mechanic at 0 AP still closes the spawn pit and gets 1 AP back
    Given the map:
      | scrap @yellow | food | spawn_pit #pit !monster:m1 |
    And yellow is the Mechanic
    And yellow carries 2 scrap
    And it is yellow's turn with 3 AP
    When yellow moves east
    And yellow moves east
    Then yellow stands on #pit
    And the events include close combat on #pit
    And no damage assignment is asked for
    And there is no m1 on the map
    And yellow is injured
    And yellow has 0 AP left
    When yellow clears #pit
    Then the spawn_pit tile #pit is cleared
    And yellow carries 1 food
    And yellow has 1 AP left

  # No figure.
  @clause:unknown.survivor.mechanic.scrap-free
  Scenario: Gathering scrap costs the Mechanic nothing and gives him 1 AP
    Given the map:
      | scrap #s | food @yellow |
    And yellow is the Mechanic
    And it is yellow's turn with 3 AP
    When yellow gathers scrap from #s
    Then yellow carries 1 scrap
    And yellow has 4 AP left
    And the events say yellow gains 1 AP from his trait

  # No figure: Create Barriers consumes 1 scrap.
  @clause:unknown.survivor.mechanic.scrap-free @clause:unknown.action.create-barriers
  Scenario: Any action using up scrap costs the Mechanic nothing and gives him 1 AP
    Given the map:
      | food @yellow | ammo #a |
    And yellow is the Mechanic
    And yellow carries 1 scrap
    And it is yellow's turn with 3 AP
    When yellow places both barriers on #a
    Then #a holds 2 barrier tokens
    And yellow carries nothing
    And yellow has 4 AP left

  # No figure: handing scrap over uses none up.
  @clause:unknown.survivor.mechanic.trade-excluded @clause:unknown.action.trade
  Scenario: Trading scrap away is no scrap action for the Mechanic
    Given the map:
      | food @yellow | ammo @green |
    And yellow is the Mechanic
    And yellow carries 1 scrap
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    Then no event says yellow gains AP
    When the trade moves 1 scrap from yellow to green
    And the trade is finished
    Then green carries 1 scrap
    And yellow has 2 AP left
    And no event says yellow gains AP

  # --- Nurse -------------------------------------------------------------------------------------

  # Missing figure. Assumed: the Nurse (yellow) starts next to injured green and heals him; then
  # she moves down, which brings injured blue, 3 tiles away before, within her 2 range. Green
  # starts his turn healthy with his 3 AP and the heal's 2 more (the example gives them on his
  # next turn); blue starts injured (-1) within her range (+1).
  @example:unknown.example.nurse-heal @clause:unknown.survivor.nurse.heal-bonus @clause:unknown.survivor.nurse.injured-bonus @clause:unknown.survivor.nurse.timing @clause:unknown.injury.ap-cost
  Scenario: Green starts healed with 2 extra AP; injured blue in the Nurse's range loses none
    Given the map:
      | food #g @green | scrap @yellow | .    | .               |
      | .              | lab #down     | ammo | bunker #b @blue |
    And yellow is the Nurse
    And yellow carries 2 medicine
    And green is injured
    And blue is injured
    And a new round begins
    When the players choose yellow to take her turn
    And yellow heals green
    Then green is healthy
    When yellow moves south
    Then the range from yellow to blue is 2
    When yellow ends her turn
    And the players choose green to take his turn
    Then green has 5 AP left
    When green ends his turn
    And the players choose blue to take his turn
    Then blue has 3 AP left

  # No figure: blue is incapacitated next to the Nurse; healed to injured, he starts his turn
  # within her range: 3 AP, 1 less for the injury, 1 more for her range, 2 more for her heal.
  @clause:unknown.survivor.nurse.stack @clause:unknown.survivor.nurse.heal-bonus @clause:unknown.survivor.nurse.injured-bonus
  Scenario: The Nurse's bonuses stack
    Given the map:
      | scrap @yellow | food @blue |
    And yellow is the Nurse
    And yellow carries 2 medicine
    And blue is incapacitated
    And a new round begins
    When the players choose yellow to take her turn
    And yellow heals blue
    Then blue is injured
    When yellow ends her turn
    And the players choose blue to take his turn
    Then blue has 5 AP left

  # No figure: injured blue starts 3 tiles from the Nurse and walks into her range.
  @clause:unknown.survivor.nurse.timing @clause:unknown.injury.ap-cost
  Scenario: Coming into the Nurse's range after the turn starts gives nothing
    Given the map:
      | scrap @yellow | food | ammo | lab @blue |
    And yellow is the Nurse
    And blue is injured
    And a new round begins
    When the players choose blue to take his turn
    Then blue has 2 AP left
    When blue moves west
    Then the range from yellow to blue is 2
    And blue has 1 AP left

  # No figure.
  @clause:unknown.survivor.nurse.injured-bonus
  Scenario: An injured Nurse gets her own bonus
    Given the map:
      | scrap @yellow |
    And yellow is the Nurse
    And yellow is injured
    And a new round begins
    When the players choose yellow to take her turn
    Then yellow has 3 AP left

  # No figure. The Nurse (yellow) lies incapacitated next to injured blue, who is not a card with a
  # stated AP (3 assumed). Reading still-helps: her card names no exception, so blue gets 1 extra
  # AP for starting injured within range 2 of her: 3 - 1 (injured) + 1 (Nurse) = 3.
  @clause:unknown.survivor.nurse.injured-bonus @clause:unknown.injury.incapacitated @interpretation:nurse-incapacitated
  Scenario: Under still-helps, an incapacitated Nurse still gives the injured her bonus
    Given the reading "nurse-incapacitated" is "still-helps"
    And the map:
      | scrap @yellow | food @blue |
    And yellow is the Nurse
    And yellow is incapacitated
    And blue is injured
    And a new round begins
    When the players choose blue to take its turn
    Then blue has 3 AP left

  # Same figure. Reading not-while-incapacitated: an incapacitated survivor counts as absent for
  # special requirements, so the Nurse gives nothing: 3 - 1 (injured) = 2.
  @clause:unknown.survivor.nurse.injured-bonus @clause:unknown.injury.incapacitated @interpretation:nurse-incapacitated
  Scenario: Under not-while-incapacitated, an incapacitated Nurse gives no bonus
    Given the reading "nurse-incapacitated" is "not-while-incapacitated"
    And the map:
      | scrap @yellow | food @blue |
    And yellow is the Nurse
    And yellow is incapacitated
    And blue is injured
    And a new round begins
    When the players choose blue to take its turn
    Then blue has 2 AP left

  # No figure. The injured Nurse heals herself (3 medicine, 1 AP). Reading next-turn: the 2 extra
  # AP wait for her next turn, so she has 3 - 1 = 2 AP left now.
  @clause:unknown.survivor.nurse.heal-bonus @clause:unknown.action.heal.cost @interpretation:nurse-heal-bonus
  Scenario: Under next-turn, the Nurse's heal bonus waits for the healed survivor's next turn
    Given the reading "nurse-heal-bonus" is "next-turn"
    And the map:
      | scrap @yellow |
    And yellow is the Nurse
    And yellow is injured
    And it is yellow's turn with 3 AP
    And yellow carries 3 medicine
    When yellow heals yellow
    Then yellow is healthy
    And yellow has 2 AP left

  # Same figure. Reading this-turn: the 2 extra AP come at once: 3 + 2 - 1 = 4 AP left.
  @clause:unknown.survivor.nurse.heal-bonus @clause:unknown.action.heal.cost @interpretation:nurse-heal-bonus
  Scenario: Under this-turn, the Nurse's heal bonus is given at once
    Given the reading "nurse-heal-bonus" is "this-turn"
    And the map:
      | scrap @yellow |
    And yellow is the Nurse
    And yellow is injured
    And it is yellow's turn with 3 AP
    And yellow carries 3 medicine
    When yellow heals yellow
    Then yellow is healthy
    And yellow has 4 AP left

  # --- Runner ------------------------------------------------------------------------------------

  # Missing figure. Assumed: a row from the Runner's food tile east: a cleared scrap tile, a Broken
  # hazard tile (never clearable), then base. The move onto the cleared tile is free; the moves
  # onto the hazard and onto base cost 1 AP each.
  @example:unknown.example.runner-cleared @clause:unknown.survivor.runner.free-moves @clause:unknown.survivor.runner.cleared-only
  Scenario: The Runner's move onto the cleared tile is free; onto the hazard and base it is not
    Given the map:
      | food @yellow | scrap #c cleared | broken #h | base #base |
    And yellow is the Runner
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #c
    And yellow has 3 AP left
    When yellow moves east
    Then yellow stands on #h
    And yellow has 2 AP left
    When yellow moves east
    Then yellow stands on #base
    And yellow has 1 AP left

  # No figure: three cleared tiles in a row.
  @clause:unknown.survivor.runner.free-moves
  Scenario: Only two moves onto cleared tiles are free each turn
    Given the map:
      | food @yellow | scrap cleared | ammo cleared | lab cleared #end |
    And yellow is the Runner
    And it is yellow's turn with 3 AP
    When yellow moves east
    And yellow moves east
    Then yellow has 3 AP left
    When yellow moves east
    Then yellow stands on #end
    And yellow has 2 AP left

  # No figure: cleared, not cleared, cleared.
  @clause:unknown.survivor.runner.free-moves @clause:unknown.survivor.runner.cleared-only
  Scenario: The free moves need not follow each other
    Given the map:
      | food @yellow | scrap cleared | ammo | lab cleared #end |
    And yellow is the Runner
    And it is yellow's turn with 3 AP
    When yellow moves east
    And yellow moves east
    And yellow moves east
    Then yellow stands on #end
    And yellow has 2 AP left

  # No figure. The Runner stands next to a Bridge that has been cleared (2 scrap paid earlier).
  # Reading counts: a cleared Bridge is a cleared tile, so the move onto it is free (3 AP left).
  @clause:unknown.survivor.runner.free-moves @clause:unknown.survivor.runner.cleared-only @interpretation:runner-cleared-hazards
  Scenario: Under counts, a cleared Bridge is a free move for the Runner
    Given the reading "runner-cleared-hazards" is "counts"
    And the map:
      | food @yellow | bridge cleared |
    And yellow is the Runner
    And a new round begins
    When the players choose yellow to take her turn
    And yellow moves east
    Then yellow has 3 AP left

  # Same figure. Reading excluded: hazard tiles never count for the Runner, so the move costs 1 AP.
  @clause:unknown.survivor.runner.free-moves @clause:unknown.survivor.runner.cleared-only @interpretation:runner-cleared-hazards
  Scenario: Under excluded, a cleared Bridge costs the Runner AP
    Given the reading "runner-cleared-hazards" is "excluded"
    And the map:
      | food @yellow | bridge cleared |
    And yellow is the Runner
    And a new round begins
    When the players choose yellow to take her turn
    And yellow moves east
    Then yellow has 2 AP left

  # --- Scavenger ---------------------------------------------------------------------------------

  # Missing figure. Assumed: the Scavenger (yellow) stands between the lab and the animal lair
  # (its animals gone); each shows one food icon.
  @example:unknown.example.scavenger-lab-animal @clause:unknown.survivor.scavenger.bonus @clause:unknown.action.gather
  Scenario: Gathering food from the lab and the animal tile gives the Scavenger 3 food
    Given the map:
      | lab #lab | scrap @yellow | animal #animal |
    And yellow is the Scavenger
    And it is yellow's turn with 3 AP
    When yellow gathers food from #lab and #animal
    Then yellow carries 3 food
    And the lab tile #lab is cleared
    And the animal tile #animal is cleared
    And yellow has 2 AP left

  # No figure: 2 food, but one of them is a token dropped on the Scavenger's own tile, so only one
  # tile is flipped.
  @clause:unknown.survivor.scavenger.exclusions @clause:unknown.survivor.scavenger.bonus
  Scenario: Dropped tokens do not count toward the Scavenger's bonus
    Given the map:
      | food #f | scrap #here @yellow +food |
    And yellow is the Scavenger
    And it is yellow's turn with 3 AP
    When yellow gathers food from #f and #here
    Then yellow carries 2 food

  # No figure: three food tiles flipped in one gather; the bonus is 1, however many tiles.
  @clause:unknown.survivor.scavenger.bonus
  Scenario: The Scavenger's bonus is one token
    Given the map:
      | .        | food #n       | .              |
      | lab #lab | scrap @yellow | animal #animal |
    And yellow is the Scavenger
    And it is yellow's turn with 3 AP
    When yellow gathers food from #lab, #n and #animal
    Then yellow carries 4 food

  # --- Scouts ------------------------------------------------------------------------------------

  # No figure: the stack's order is known. The Scouts look at the top 5 and shuffle them back on
  # top, so the next tile is one of those 5 (not the sixth), each equally likely; a second look
  # the same turn is not offered. What the look costs in AP is not stated, so it is not checked.
  @clause:unknown.survivor.scouts.peek
  Scenario: After the Scouts' look the next tile is one of the top five, and no second look
    Given the map:
      | scrap @yellow |
    And yellow is the Scouts
    And the tile stack is: food, ammo, flood, lab, scrap, medicine
    And it is yellow's turn with 3 AP
    When yellow scouts the tile stack
    Then yellow may not scout the tile stack
    When yellow starts to explore
    Then the tile drawn is one of exactly: food, ammo, flood, lab and scrap, equally likely

  # No figure: the card does not say what the look costs. Reading free: it is a trait, not an
  # action, so her AP stay at 3.
  @clause:unknown.survivor.scouts.peek @interpretation:scouts-peek-cost
  Scenario: Under free, the Scouts' look costs no AP
    Given the reading "scouts-peek-cost" is "free"
    And the map:
      | scrap @yellow |
    And yellow is the Scouts
    And the tile stack is: food, ammo, flood, lab, scrap, medicine
    And it is yellow's turn with 3 AP
    When yellow scouts the tile stack
    Then yellow has 3 AP left

  # Same figure. Reading one-ap: the look costs 1 AP like an action, so with no AP left it is not
  # offered.
  @clause:unknown.survivor.scouts.peek @interpretation:scouts-peek-cost
  Scenario: Under one-ap, the Scouts' look costs 1 AP
    Given the reading "scouts-peek-cost" is "one-ap"
    And the map:
      | scrap @yellow |
    And yellow is the Scouts
    And the tile stack is: food, ammo, flood, lab, scrap, medicine
    And it is yellow's turn with 1 AP
    When yellow scouts the tile stack
    Then yellow has 0 AP left
    And yellow may not scout the tile stack

  # No figure: only 3 tiles are left; the Scouts draw those 3 and put them back.
  @clause:unknown.survivor.scouts.peek @clause:unknown.survivor.scouts.split-stack
  Scenario: With fewer than five tiles left the Scouts draw what there is
    Given the map:
      | . | scrap @yellow |
    And yellow is the Scouts
    And the tile stack is: food, ammo, flood
    And it is yellow's turn with 3 AP
    When yellow scouts the tile stack
    And yellow starts to explore
    Then the tile drawn is one of exactly: food, ammo and flood, equally likely

  # --- Skeptic -----------------------------------------------------------------------------------

  # Missing figure. Assumed: the Skeptic (yellow) explores west of her scrap tile and places the
  # spawn pit there; a corridor runs east from her. Exploring a lair gives her 2 AP; its monster
  # waits until her next AP is spent, so she clears the still-empty pit (2 scrap, 1 food gained).
  # The monster then spawns on the cleared pit; its knockback 1 would push her one tile east, and
  # she ignores it.
  @example:unknown.example.skeptic-spawn-pit @clause:unknown.survivor.skeptic.lair-ap @clause:unknown.survivor.skeptic.delayed-spawn @clause:unknown.survivor.skeptic.delay-interaction @clause:unknown.survivor.skeptic.ignore-knockback
  Scenario: The Skeptic clears the spawn pit before its monster appears and ignores the knockback
    Given the map:
      | . | scrap #here @yellow | food #e | ammo |
    And yellow is the Skeptic
    And yellow carries 2 scrap
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is spawn_pit placed at 0,0
    Then yellow has 4 AP left
    And no enemy stands on 0,0
    When yellow clears 0,0
    Then the spawn_pit tile 0,0 is cleared
    And a monster stands on 0,0
    And yellow may take or ignore the knockback, nothing else
    When yellow ignores the knockback
    Then yellow stands on #here
    And yellow has 3 AP left
    And yellow carries 1 food
    And no close combat starts

  # No figure: the Flood clears every gatherable tile within its knockback 3 whether or not she
  # flees.
  @clause:unknown.survivor.skeptic.ignore-knockback @clause:unknown.hazard.flood.clear-gatherables
  Scenario: Ignoring the Flood's knockback does not stop its other effects
    Given the map:
      | . | scrap #here @yellow | food #f | ammo | medicine | lab |
    And yellow is the Skeptic
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 0,0
    Then yellow may take or ignore the knockback, nothing else
    When yellow ignores the knockback
    Then yellow stands on #here
    And the food tile #f is cleared
    And yellow has 2 AP left

  # No figure.
  @clause:unknown.survivor.skeptic.lair-ap
  Scenario: Exploring a tile that is no lair gives the Skeptic nothing
    Given the map:
      | . | scrap @yellow |
    And yellow is the Skeptic
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is food placed at 0,0
    Then yellow has 2 AP left

  # No figure: she explores a Brute lair and ends her turn at once; the brute spawns then, and its
  # knockback 1 reaches her, which she may ignore. Green has not had his turn.
  @clause:unknown.survivor.skeptic.delayed-spawn @clause:unknown.survivor.skeptic.ignore-knockback
  Scenario: The lair's enemy spawns when the Skeptic ends her turn
    Given the map:
      | . | scrap #here @yellow | food | ammo | medicine @green |
    And yellow is the Skeptic
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is brute placed at 0,0
    Then no enemy stands on 0,0
    And yellow has 4 AP left
    When yellow ends her turn
    Then a brute stands on 0,0
    And yellow may take or ignore the knockback, nothing else
    When yellow ignores the knockback
    Then yellow stands on #here

  # --- Soldier -----------------------------------------------------------------------------------

  # No figure: a ranged attack costs 2 ammo, 1 less for the Soldier, and no AP.
  @clause:unknown.survivor.soldier.ammo-discount @clause:unknown.survivor.soldier.free-ap @clause:unknown.action.ranged-attack
  Scenario: The Soldier shoots with 1 ammo for no AP
    Given the map:
      | scrap @yellow | food !beast:b1 |
    And yellow is the Soldier
    And yellow carries 1 ammo
    And it is yellow's turn with 3 AP
    When yellow shoots b1
    Then there is no b1 on the map
    And yellow carries nothing
    And yellow has 3 AP left

  # No figure: the discount never takes the cost below 1 ammo, so without ammo he cannot shoot.
  # The refusal is the attack's ammo cost (1 for him), which he cannot pay.
  @clause:unknown.survivor.soldier.ammo-discount @clause:unknown.action.ranged-attack
  Scenario: Without ammo the Soldier cannot shoot
    Given the map:
      | scrap @yellow | food !beast:b1 |
    And yellow is the Soldier
    And yellow carries nothing
    And it is yellow's turn with 3 AP
    When yellow tries to shoot b1
    Then the action is refused citing unknown.action.ranged-attack

  # No figure.
  @clause:unknown.survivor.soldier.trade-excluded @clause:unknown.action.trade
  Scenario: The Soldier's trades still cost AP
    Given the map:
      | scrap @yellow | food @green |
    And yellow is the Soldier
    And yellow carries 2 ammo
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    And the trade moves 2 ammo from yellow to green
    And the trade is finished
    Then green carries 2 ammo
    And yellow has 2 AP left

  # --- Strategist --------------------------------------------------------------------------------

  # Missing figure. Assumed: the Strategist (green) explores west of his tile and places the Flood
  # (knockback 3); the Skeptic (yellow) is in the game, far down the corridor, out of the Flood's
  # reach. Taking her traits costs nothing; the explore costs 1 AP.
  @example:unknown.example.strategist-skeptic @clause:unknown.survivor.strategist.borrow-or-move @clause:unknown.survivor.strategist.event-timing @clause:unknown.survivor.skeptic.ignore-knockback
  Scenario: With the Skeptic's traits the Strategist ignores the Flood's knockback
    Given the map:
      | . | scrap #here @green | food | ammo | medicine | lab | bunker @yellow |
    And green is the Strategist
    And yellow is the Skeptic
    And it is green's turn with 3 AP
    When green borrows the Skeptic's traits
    Then green has 3 AP left
    When green explores and the tile is flood placed at 0,0
    Then green may take or ignore the knockback, nothing else
    When green ignores the knockback
    Then green stands on #here
    And green has 2 AP left

  # Missing figure. Assumed: the injured Strategist (green) and injured pink stand 2 tiles apart;
  # the Nurse (yellow) is 3 tiles beyond pink, too far to help either. Green takes the Nurse's
  # traits before acting: being injured and within 2 range of himself, he gains 1 AP at once. The
  # traits last until upkeep, so pink, injured and within 2 range of him when her turn starts,
  # gains 1 AP too.
  @example:unknown.example.strategist-nurse @clause:unknown.survivor.strategist.start-of-turn @clause:unknown.survivor.strategist.ap-change @clause:unknown.survivor.strategist.duration @clause:unknown.survivor.nurse.injured-bonus
  Scenario: With the Nurse's traits taken first, the injured Strategist and pink each gain 1 AP
    Given the map:
      | scrap @green | food | ammo @pink | lab | medicine | bunker @yellow |
    And green is the Strategist
    And yellow is the Nurse
    And green is injured
    And pink is injured
    And a new round begins
    When the players choose green to take his turn
    Then green has 2 AP left
    When green borrows the Nurse's traits
    Then green has 3 AP left
    When green ends his turn
    And the players choose pink to take her turn
    Then pink has 3 AP left

  # No figure: the Strategist either takes traits or moves a survivor, once per turn.
  @clause:unknown.survivor.strategist.borrow-or-move
  Scenario: After taking traits the Strategist may not also move a survivor
    Given the map:
      | scrap @green | food @yellow | ammo |
    And green is the Strategist
    And yellow is the Nurse
    And it is green's turn with 3 AP
    When green borrows the Nurse's traits
    Then green may not move yellow for free

  # No figure: pink is 4 tiles away; the Strategist moves her one tile for free.
  @clause:unknown.survivor.strategist.borrow-or-move @clause:unknown.survivor.strategist.move-timing
  Scenario: The Strategist moves a survivor at any range
    Given the map:
      | scrap @green | food | ammo | lab #w | medicine @pink | bunker #e |
    And green is the Strategist
    And it is green's turn with 3 AP
    Then green may move pink for free exactly to: #w and #e
    When green moves pink east for free
    Then pink stands on #e
    And green has 3 AP left

  # No figure: the injured Strategist moves first, then takes the Nurse's traits: her bonus is
  # a start-of-turn one, and he has already acted.
  @clause:unknown.survivor.strategist.start-of-turn
  Scenario: A start-of-turn trait taken after acting gives nothing this turn
    Given the map:
      | scrap @green | food | ammo | lab | medicine | bunker @yellow |
    And green is the Strategist
    And yellow is the Nurse
    And green is injured
    And a new round begins
    When the players choose green to take his turn
    And green moves east
    Then green has 1 AP left
    When green borrows the Nurse's traits
    Then green has 1 AP left

  # No figure: the Explorer has 4 AP where the Strategist has 3; taking her traits at the start of
  # his turn adds the difference to his AP.
  @clause:unknown.survivor.strategist.ap-change @clause:unknown.survivor.explorer.ap
  Scenario: Taking the Explorer's traits adds the difference in starting AP
    Given the map:
      | scrap @green | food @yellow |
    And green is the Strategist
    And yellow is the Explorer
    And a new round begins
    When the players choose green to take his turn
    And green borrows the Explorer's traits
    Then green has 4 AP left

  # No figure: pink lies incapacitated two tiles away. The Strategist's card does not say whether
  # he may move an incapacitated survivor (the Captain's forbids it). Reading refused: he may not.
  @clause:unknown.survivor.strategist.borrow-or-move @clause:unknown.survivor.captain.no-incapacitated @interpretation:strategist-move-incapacitated
  Scenario: Under refused, the Strategist may not move an incapacitated survivor
    Given the reading "strategist-move-incapacitated" is "refused"
    And the map:
      | scrap @green | food | ammo @pink | lab |
    And green is the Strategist
    And pink is incapacitated
    And it is green's turn with 3 AP
    Then green may not move pink for free

  # Same figure. Reading allowed: his card names no exception, so he may move her one tile.
  @clause:unknown.survivor.strategist.borrow-or-move @interpretation:strategist-move-incapacitated
  Scenario: Under allowed, the Strategist moves an incapacitated survivor
    Given the reading "strategist-move-incapacitated" is "allowed"
    And the map:
      | scrap @green | food #w | ammo @pink | lab #e |
    And green is the Strategist
    And pink is incapacitated
    And it is green's turn with 3 AP
    Then green may move pink for free exactly to: #w and #e

  # No figure: the Strategist (green) takes the Tracker's traits and makes himself untargetable, so
  # the beast next to him targets yellow, across barriers. At upkeep the traits end, and with them
  # being untargetable (it is the Tracker's ability): next round the beast targets green.
  @clause:unknown.survivor.strategist.duration @clause:unknown.survivor.tracker.untargetable @clause:unknown.survivor.tracker.untargetable-effect
  Scenario: A survivor untargetable by the Tracker's borrowed traits is targetable again after upkeep
    Given the map:
      | scrap @green | food !beast:b1 | ammo +barrier*3 | lab @yellow |
    And green is the Strategist
    And yellow is the Tracker
    And the base holds 6 food
    And yellow has had her turn
    And it is green's turn with 3 AP
    When green borrows the Tracker's traits
    And green chooses to be untargetable
    And the enemy phases run
    Then round 2 is under way
    And b1 targets yellow
    When the players choose green to take his turn
    And green ends his turn
    And the players choose yellow to take her turn
    And the enemy phases run
    Then b1 targets green

  # --- Tracker -----------------------------------------------------------------------------------

  # Missing figure. Assumed: a corridor: the Tracker (yellow), an empty tile, the stranger's tile,
  # three more tiles, green, then base. Yellow starts within the stranger's reach (range 2, in
  # line), so neither of his moves brings him into it. The first move cuts his range to the
  # stranger: free. He then makes himself untargetable and moves onto the stranger's tile: 1 AP,
  # and no close combat. At the end of the round's survivor phase the stranger targets green.
  # (Whether an untargetable Tracker can be hit by the stranger's ranged ability is not stated,
  # so no shot is checked.)
  @example:unknown.example.tracker-untargetable @clause:unknown.survivor.tracker.free-approach @clause:unknown.survivor.tracker.untargetable @clause:unknown.survivor.tracker.untargetable-effect @clause:unknown.survivor.tracker.self-initiate
  Scenario: The Tracker's first move toward the stranger is free; untargetable on its tile, he is passed over
    Given the map:
      | scrap @yellow | food #mid | lab #s !stranger:s1 | ammo | medicine | bunker | workshop @green | base |
    And yellow is the Tracker
    And the base holds 3 food
    And green has had his turn
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow stands on #mid
    And yellow has 3 AP left
    When yellow chooses to be untargetable
    And yellow moves east
    Then yellow stands on #s
    And no close combat starts
    And yellow has 2 AP left
    When the enemy phases run
    Then s1 targets green

  # No figure: a corridor runs east from the Tracker (yellow) to a beast 3 tiles away. He makes
  # himself untargetable, then explores a Flood west of him; its knockback (3) may take him onto
  # the beast's tile (or stop him just before it), and he goes on. Untargetable, he gives the beast
  # no one to fight, and being pushed is not starting a fight himself: no close combat.
  @clause:unknown.survivor.tracker.untargetable-effect @clause:unknown.knockback.flee @clause:unknown.knockback.stop-before-enemy @clause:unknown.combat.trigger
  Scenario: Knocked onto an enemy's tile, the untargetable Tracker is not fought
    Given the map:
      | . | scrap @yellow | ammo | medicine #3 | food #b !beast:b1 |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow chooses to be untargetable
    And yellow explores and the tile is flood placed at 0,0
    Then the players must choose where yellow ends among: #3 and #b
    When the players choose #b for yellow
    Then yellow stands on #b
    And no close combat starts
    And yellow is healthy
    And b1 stands on #b

  # No figure: yellow is the Tracker, green is not. Becoming untargetable is the Tracker's own
  # ability, so green may not choose it.
  @clause:unknown.survivor.tracker.untargetable
  Scenario: Only the Tracker may make himself untargetable
    Given the map:
      | scrap @yellow | food @green | lab !beast:b1 |
    And yellow is the Tracker
    And yellow has had his turn
    And it is green's turn with 3 AP
    When green tries to choose to be untargetable
    Then the action is refused citing unknown.turn.phases

  # No figure: the beast is 2 tiles west, the animal 3 tiles east. Moving east takes the Tracker
  # away from the beast but nearer the animal: free. The next move east is nearer too, but only
  # one free move is allowed per turn.
  @clause:unknown.survivor.tracker.free-approach
  Scenario: A move nearer any enemy is free, once per turn
    Given the map:
      | lab !beast:b1 | scrap | food @yellow | ammo | medicine | bunker !animal:a1 |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow has 3 AP left
    When yellow moves east
    Then yellow has 2 AP left

  # No figure: the only enemy is west; moving east brings him nearer to none.
  @clause:unknown.survivor.tracker.free-approach
  Scenario: A move that brings the Tracker nearer no enemy costs AP
    Given the map:
      | lab !beast:b1 | scrap @yellow | food |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow moves east
    Then yellow has 2 AP left

  # No figure: two beasts are nearer the Tracker than green; untargetable, he is passed over by
  # both. The second beast's way to green does not cross his tile.
  @clause:unknown.survivor.tracker.all-enemies @clause:unknown.survivor.tracker.untargetable-effect @clause:unknown.enemy.target.nearest-preferred
  Scenario: Being untargetable holds for every enemy at once
    Given the map:
      | base     | .     | .    | lab !beast:b2  | .             |
      | bunker @green | scrap | food | ammo !beast:b1 | medicine @yellow |
    And yellow is the Tracker
    And the base holds 3 food
    And green has had his turn
    And it is yellow's turn with 3 AP
    When yellow chooses to be untargetable
    And the enemy phases run
    Then b1 targets green
    And b2 targets green

  # No figure: untargetable, the Tracker steps onto the beast's tile and no fight starts; he then
  # opts in by becoming targetable, which starts close combat on his tile at once (each deals 1:
  # the beast dies and he is injured). Reading: becoming targetable is how he starts the fight.
  @clause:unknown.survivor.tracker.self-initiate @clause:unknown.survivor.tracker.untargetable
  Scenario: Untargetable on an enemy's tile, the Tracker may still start the fight himself
    Given the map:
      | scrap @yellow | lab #s !beast:b1 |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow chooses to be untargetable
    And yellow moves east
    Then no close combat starts
    When yellow chooses to be targetable
    Then no enemy stands on #s
    And yellow is injured

  # No figure: the animal lair's animal spawns next to him; its knockback 2 may be ignored.
  @clause:unknown.survivor.tracker.enemy-knockback
  Scenario: The Tracker may ignore knockback from an enemy
    Given the map:
      | . | scrap #here @yellow | food | ammo | medicine |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is animal placed at 0,0
    Then an animal stands on 0,0
    And yellow may take or ignore the knockback, nothing else
    When yellow ignores the knockback
    Then yellow stands on #here

  # No figure: the Flood's knockback 3 is a hazard's; he flees to the end of the corridor.
  @clause:unknown.survivor.tracker.enemy-knockback @clause:unknown.knockback.flee
  Scenario: The Tracker may not ignore a hazard's knockback
    Given the map:
      | . | scrap @yellow | food | ammo | medicine #far |
    And yellow is the Tracker
    And it is yellow's turn with 3 AP
    When yellow explores and the tile is flood placed at 0,0
    Then yellow may not ignore the knockback
    And yellow stands on #far

  # --- Trader ------------------------------------------------------------------------------------

  # Missing figure. Assumed: the Trader (yellow) and green share the tile next to base. In one free
  # trade he takes green's medicine and a food from base, turns each of his three tokens into ammo
  # one for one at the base tile, and hands one ammo to green and one to base. Reading: the
  # one-for-one swap uses the base tile like an exchange (tokens go to and come from the supply),
  # not base's stockpile - a swap with the stockpile would be an ordinary transfer anyone may do.
  @example:unknown.example.trader-base-swap @clause:unknown.survivor.trader.free-trade @clause:unknown.survivor.trader.base-swap @clause:unknown.action.trade.transfer
  Scenario: In one free trade the Trader gathers goods, swaps them one for one at base and shares them out
    Given the map:
      | base #base | scrap @yellow @green |
    And yellow is the Trader
    And yellow carries 1 scrap
    And green carries 1 medicine
    And the base holds 4 food
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    Then yellow has 3 AP left
    When the trade moves 1 medicine from green to yellow
    And the trade moves 1 food from base to yellow
    And the trade exchanges 1 scrap for 1 ammo at #base
    And the trade exchanges 1 medicine for 1 ammo at #base
    And the trade exchanges 1 food for 1 ammo at #base
    And the trade moves 1 ammo from yellow to green
    And the trade moves 1 ammo from yellow to base
    And the trade is finished
    Then yellow carries 1 ammo
    And green carries 1 ammo
    And the base holds 3 food and 1 ammo
    And yellow has 3 AP left

  # No figure: base is 2 tiles away.
  # His swap reaches as far as base's own exchange, so the trade's range rule refuses it.
  @clause:unknown.survivor.trader.base-swap @clause:unknown.survivor.trader.free-trade
  Scenario: Away from base the Trader trades for free but cannot swap one for one
    Given the map:
      | base #base | food | scrap @yellow |
    And yellow is the Trader
    And yellow carries 1 food
    And it is yellow's turn with 3 AP
    When yellow starts a trade
    Then yellow has 3 AP left
    When the trade tries to exchange 1 food for 1 ammo at #base
    Then the action is refused citing unknown.action.trade.exchange
