# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "When yellow ..." must be accepted; "When yellow tries to ..." may be refused, and
# "Then the action is refused citing X" checks the refusal names X and changes nothing.
# The readings of the switches used here are in engine/unknown/data/interpretations.yaml.
@unknown
Feature: Survivor traits: the Hunter's traps and fights, the Botanist's limits, the readings
  The Hunter's kills by trap and in close combat drop food; the Botanist's lair flip is hers
  alone; and the readings where the survivor cards are silent: what the Scouts' look costs,
  whether the Strategist may move an incapacitated survivor, and whose kill a shared fight is.

  # --- Hunter ------------------------------------------------------------------------------------

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

  # --- Botanist ----------------------------------------------------------------------------------

  # No figure: flipping a lair with medicine is the Botanist's trait; green is no Botanist.
  @clause:unknown.survivor.botanist.clear-lair
  Scenario: Only the Botanist flips a lair with medicine
    Given the map:
      | animal #lair | scrap @green |
    And green carries 1 medicine
    And it is green's turn with 3 AP
    When green tries to clear the lair #lair with medicine
    Then the action is refused citing unknown.survivor.botanist.clear-lair

  # --- Scouts ------------------------------------------------------------------------------------

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

  # --- Strategist --------------------------------------------------------------------------------

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
