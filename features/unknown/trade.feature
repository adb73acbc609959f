# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A trade is one action: "yellow starts a trade", then any number of "the trade moves N kind
# from A to B" (a party is a survivor, base, or a tile) and "the trade exchanges G for H at T"
# (the trading survivor's tokens through tile T's exchange), then "the trade is finished".
# "When the trade tries to ..." may be refused; "Then the action is refused citing X" checks the
# refusal names X and changes nothing.
@unknown
Feature: Trade / Drop
  In one trade action a survivor may give, take, drop and pick up any number of tokens with
  survivors, passable tiles and base within range 1, and use the resource exchange of tiles
  within range 1 by their rules: base turns any 2 tokens into 1 other, again and again; a market
  swaps up to 3 for as many others once and is then cleared.

  # Missing figure. Assumed: the trader (yellow) stands on base, so base is within range 0 and in
  # sight; green stands on the next tile. Green carries 1 food, yellow 2 scrap, base 3 food. Where
  # the 2 scrap go when base exchanges them is not said (the food count alone is checked).
  @example:unknown.example.trade-single-action @clause:unknown.action.trade @clause:unknown.action.trade.transfer @clause:unknown.action.trade.exchange @clause:unknown.exchange.base @clause:unknown.exchange.trade-action
  Scenario: Food from a survivor into base, 2 scrap for 1 ammo, and the ammo handed over, in one action
    Given the map:
      | base #base @yellow | food #next @green |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    And green carries 1 food
    And the base holds 3 food
    When yellow starts a trade
    And the trade moves 1 food from green to base
    And the trade exchanges 2 scrap for 1 ammo at #base
    And the trade moves 1 ammo from yellow to green
    And the trade is finished
    Then the base's stock of food is 4
    And green carries 1 ammo
    And yellow carries nothing
    And yellow has 2 AP left
    And it is yellow's turn
    And yellow may take actions

  # No figure: a cleared tile east holds 2 food tokens. Yellow picks them up and drops a scrap.
  @clause:unknown.action.trade.transfer @clause:unknown.component.resource-tokens.where
  Scenario: Picking up and dropping tokens on a tile
    Given the map:
      | scrap @yellow | food #next cleared +food*2 |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow starts a trade
    And the trade moves 2 food from #next to yellow
    And the trade moves 1 scrap from yellow to #next
    And the trade is finished
    Then yellow carries 2 food and 1 scrap
    And #next holds 1 scrap token
    And #next holds 0 food tokens
    And yellow has 2 AP left

  # No figure: green is two tiles away; yellow has a scrap she could drop, so the trade opens.
  @clause:unknown.action.trade.transfer @clause:unknown.action.defaults
  Scenario: A survivor 2 tiles away is out of reach of a trade
    Given the map:
      | scrap @yellow | ammo | food @green |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    And green carries 2 food
    When yellow starts a trade
    And the trade tries to move 1 food from green to yellow
    Then the action is refused citing unknown.action.trade.transfer
    And the refusal says green is out of yellow's reach

  # No figure: Blocked (impassable) lies east.
  @clause:unknown.action.trade.transfer @clause:unknown.tile.impassable
  Scenario: Tokens cannot be dropped on an impassable tile
    Given the map:
      | scrap @yellow | blocked #wall |
    And it is yellow's turn with 3 AP
    And yellow carries 2 food
    When yellow starts a trade
    And the trade tries to move 1 food from yellow to #wall
    Then the action is refused citing unknown.action.trade.transfer

  @clause:unknown.action.trade.transfer
  Scenario: Nobody can hand over more than they hold
    Given the map:
      | scrap @yellow | food @green |
    And it is yellow's turn with 3 AP
    And green carries 1 food
    When yellow starts a trade
    And the trade tries to move 2 food from green to yellow
    Then the action is refused citing unknown.action.trade.transfer

  # A trade aims at no tile, so the enemy's no-interaction rule refuses the pick-up.
  @clause:unknown.action.enemy-occupied @clause:unknown.enemy.blocks-interaction
  Scenario: Tokens on a tile an enemy occupies cannot be picked up
    Given the map:
      | scrap @yellow | food #next +food !beast:b1 |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow starts a trade
    And the trade tries to move 1 food from #next to yellow
    Then the action is refused citing unknown.enemy.blocks-interaction

  # No figure: base's exchange is exactly 2 tokens for 1 of another kind.
  @clause:unknown.exchange.base
  Scenario Outline: Base exchanges 2 tokens for 1, at no other rate
    Given the map:
      | base #base @yellow | food |
    And it is yellow's turn with 3 AP
    And yellow carries 4 scrap
    When yellow starts a trade
    And the trade tries to exchange <give> for <get> at #base
    Then the action is refused citing unknown.exchange.base

    Examples:
      | give    | get     |
      | 3 scrap | 1 ammo  |
      | 2 scrap | 2 ammo  |
      | 1 scrap | 1 ammo  |

  # No figure: base's exchange is a continuing effect, usable again in the same trade; any two
  # tokens will do, such as the rulebook's 1 ammo and 1 medicine for 1 food.
  @clause:unknown.exchange.base @clause:unknown.exchange.top-left-continuing @clause:unknown.effect.continuing.exchange
  Scenario: Base's exchange may be used again and again
    Given the map:
      | base #base @yellow | food |
    And it is yellow's turn with 3 AP
    And yellow carries 4 scrap, 1 ammo and 1 medicine
    When yellow starts a trade
    And the trade exchanges 2 scrap for 1 ammo at #base
    And the trade exchanges 2 scrap for 1 food at #base
    And the trade exchanges 1 ammo and 1 medicine for 1 food at #base
    And the trade is finished
    Then yellow carries 1 ammo and 2 food
    And yellow has 2 AP left
    And #base is not cleared

  # No figure: a market next to the survivor swaps up to 3 tokens for as many others, once.
  # The market's exchange icon is in the lower-right corner: it works once.
  @clause:unknown.exchange.market @clause:unknown.exchange.bottom-right-single @clause:unknown.gatherable.exchange @clause:unknown.action.trade.exchange
  Scenario: A market swaps 3 for 3 and is then cleared
    Given the map:
      | market #market | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 ammo, 1 medicine and 2 scrap
    When yellow starts a trade
    And the trade exchanges 2 ammo and 1 medicine for 3 food at #market
    Then #market is cleared
    And yellow carries 3 food and 2 scrap
    When the trade tries to exchange 1 scrap for 1 food at #market
    Then the action is refused citing unknown.exchange.bottom-right-single

  @clause:unknown.exchange.market @clause:unknown.gatherable.exchange
  Scenario: A market may swap fewer than 3
    Given the map:
      | market #market | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 1 scrap
    When yellow starts a trade
    And the trade exchanges 1 scrap for 1 medicine at #market
    And the trade is finished
    Then yellow carries 1 medicine
    And #market is cleared

  # Only the market rule asks for as many tokens back as were given.
  @clause:unknown.exchange.market @clause:unknown.gatherable.exchange
  Scenario Outline: A market swaps at most 3, one for one
    Given the map:
      | market #market | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 4 scrap
    When yellow starts a trade
    And the trade tries to exchange <give> for <get> at #market
    Then the action is refused citing unknown.exchange.market

    Examples:
      | give    | get     |
      | 3 scrap | 2 food  |
      | 2 scrap | 3 food  |
      | 4 scrap | 4 food  |

  # No figure: the food tile has no exchange ability.
  @clause:unknown.action.trade.exchange @clause:unknown.exchange.trade-action
  Scenario: Only a tile with a resource exchange can exchange
    Given the map:
      | food #food | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow starts a trade
    And the trade tries to exchange 2 scrap for 1 ammo at #food
    Then the action is refused citing unknown.action.trade.exchange

  # No figure: the market is two tiles away.
  @clause:unknown.action.trade.exchange @clause:unknown.action.defaults
  Scenario: A market out of range cannot be used
    Given the map:
      | market #market | food | scrap @yellow |
    And it is yellow's turn with 3 AP
    And yellow carries 2 scrap
    When yellow starts a trade
    And the trade tries to exchange 2 scrap for 2 ammo at #market
    Then the action is refused citing unknown.action.trade.exchange
