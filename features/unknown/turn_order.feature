# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# "Given a new round begins": survivor actions of round 1, nobody has had a turn yet.
# "When ... tries to ..." may be refused; "Then the action is refused citing X" checks the
# refusal names X and changes nothing.
@unknown
Feature: Turn order
  The survivors take their turns in any order the group picks, each finishing its turn before
  another starts; a survivor need not spend all its AP, and what it leaves is lost. When every
  survivor has had its turn the round runs on to upkeep, where base eats 1 food; if it has none,
  the survivors lose.

  # No figure: three survivors on base; green plays the Explorer (4 AP on the card).
  @clause:unknown.turn.any-order @clause:unknown.turn.group-picks-next @clause:unknown.turn.survivor-actions @clause:unknown.survivor.explorer.ap
  Scenario: The group picks any survivor to go first
    Given the map:
      | base @yellow @green @blue | food |
    And green is the Explorer
    And a new round begins
    Then the players may choose who goes next among exactly: yellow, green and blue
    When the players choose green to take its turn
    Then it is green's turn
    And green has 4 AP left

  @clause:unknown.turn.finish-before-next
  Scenario: Nobody else starts or acts while a survivor's turn is under way
    Given the map:
      | base @yellow @green @blue | food |
    And a new round begins
    When the players choose green to take its turn
    And the players try to choose yellow to take its turn
    Then the action is refused citing unknown.turn.finish-before-next
    When yellow tries to move east
    Then the action is refused citing unknown.turn.finish-before-next
    When yellow tries to end the turn
    Then the action is refused citing unknown.turn.finish-before-next

  # The group's pick of the next survivor is what limits it to those still to go.
  @clause:unknown.turn.group-picks-next @clause:unknown.turn.any-order @clause:unknown.turn.tracker-zero
  Scenario: After a turn the group picks among the survivors still to go
    Given the map:
      | base @yellow @green @blue | food |
    And a new round begins
    When the players choose green to take its turn
    And green ends the turn
    Then green has 0 AP left
    And the players may choose who goes next among exactly: yellow and blue
    When the players try to choose green to take its turn
    Then the action is refused citing unknown.turn.group-picks-next

  # No figure: yellow and blue have had their turns; green (the Explorer) moves once and stops
  # with 3 AP unspent. The round ends, base eats 1 of its 2 food, and in round 2 green starts
  # with its card's 4 AP, nothing carried over.
  @clause:unknown.turn.unspent-ap @clause:unknown.turn.tracker-zero @clause:unknown.turn.upkeep @clause:unknown.turn.phases @clause:unknown.action.one-at-a-time
  Scenario: Unspent AP are lost, and upkeep feeds base when the round ends
    Given the map:
      | base @yellow @green @blue | food |
    And green is the Explorer
    And the base holds 2 food
    And a new round begins
    And yellow has had its turn
    And blue has had its turn
    When the players choose green to take its turn
    And green moves east
    Then green has 3 AP left
    When green ends the turn
    Then round 2 is under way
    And the base holds 1 food
    And an event cites unknown.turn.upkeep
    And green has 0 AP left
    And the players may choose who goes next among exactly: yellow, green and blue
    When the players choose green to take its turn
    Then green has 4 AP left

  # No figure: when the last survivor ends its turn the rest of the round runs by itself, in the
  # rulebook's order, and the next round's survivor actions begin.
  @clause:unknown.turn.phases @clause:unknown.turn.upkeep
  Scenario: The round runs through its phases in order
    Given the map:
      | base @yellow | food |
    And the base holds 4 food
    And it is yellow's turn with 3 AP
    When yellow ends the turn
    Then the events cite in order: unknown.turn.ally-actions, unknown.turn.enemy-upkeep, unknown.turn.enemy-movement, unknown.turn.enemy-main, unknown.turn.enemy-combat and unknown.turn.upkeep
    And round 2 is under way
    And the base holds 3 food

  # No figure: the last survivor of the round ends its turn and base has no food; scrap and ammo
  # in base do not feed it.
  @clause:unknown.turn.upkeep @clause:unknown.base.start-and-feed
  Scenario: The survivors lose when base has no food to eat
    Given the map:
      | base @yellow @green | food |
    And the base holds 3 scrap and 2 ammo
    And a new round begins
    And green has had its turn
    When the players choose yellow to take its turn
    And yellow ends the turn
    Then the survivors have lost citing unknown.turn.upkeep

  # No figure: base's last food is eaten; the game goes on until the next upkeep finds none.
  @clause:unknown.turn.upkeep
  Scenario: Base's last food keeps the game going one more round
    Given the map:
      | base @yellow | food |
    And the base holds 1 food
    And it is yellow's turn with 3 AP
    When yellow ends the turn
    Then round 2 is under way
    And the base holds nothing
    When the players choose yellow to take its turn
    And yellow ends the turn
    Then the survivors have lost citing unknown.turn.upkeep

  # No figure: a survivor with no AP left can only end its turn.
  @clause:unknown.turn.survivor-actions @clause:unknown.action.defaults
  Scenario: Every action costs an AP
    Given the map:
      | base @yellow | food |
    And it is yellow's turn with 0 AP
    And yellow carries 2 food and 2 scrap
    Then yellow may only end the turn
    When yellow tries to move east
    Then the action is refused citing unknown.turn.survivor-actions

  # No figure: the same action may be taken again in one turn.
  @clause:unknown.action.repeatable @clause:unknown.action.one-at-a-time
  Scenario: A survivor may take the same action several times
    Given the map:
      | base @yellow | food | ammo #far |
    And it is yellow's turn with 3 AP
    When yellow moves east
    And yellow moves east
    Then yellow stands on #far
    And yellow has 1 AP left
