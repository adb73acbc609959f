# Map legend: the first row is the north edge, the bottom row is y = 0, the left column x = 0.
# A cell is "." (no tile) or a tile name then markers: #label (a name for the spot),
# @id (a survivor), !kind:id (an enemy), +token or +token*n (tokens), cleared (tile flipped).
# A forfeit is: "the players forfeit X", the random draw of the new card ("the draw gives the
# Y"), then base pays ("the players pay ... from base"). A draw or payment with only one possible
# outcome is settled by the engine itself, so the scenario says "no draw is asked for" (scripting
# a decision the engine never asks for fails the scenario).
@unknown
Feature: Forfeiture and Respawn
  During their turn, if base holds at least 4 resources, the players may give up a survivor,
  incapacitated or not: its tokens drop on its tile, a random unused survivor card replaces its
  card (without starting resources), its meeple returns to base healthy, and base pays 4
  resources.

  # Missing figure. Assumed: the Explorer (yellow) lies incapacitated three tiles from base,
  # carrying 1 food, 2 scrap and 1 armor; it is her turn (0 AP). Base holds 6 food ("2 food
  # remaining" after paying 4). Two cards are unused, the Tracker and the Nurse, so the draw is a
  # fair chance between them; it gives the Tracker.
  @example:unknown.example.forfeit-explorer @clause:unknown.respawn.condition @clause:unknown.respawn.drop @clause:unknown.respawn.draw @clause:unknown.respawn.meeple @clause:unknown.respawn.cost
  Scenario: The incapacitated Explorer is forfeited and respawns at base as the Tracker
    Given the map:
      | base #base | food | ammo | scrap #fell @yellow |
    And yellow is the Explorer
    And yellow is incapacitated
    And yellow carries 1 food, 2 scrap and 1 armor
    And the base holds 6 food
    And the unused survivor cards are: tracker and nurse
    And it is yellow's turn with 0 AP
    When the players forfeit yellow
    Then the new survivor is drawn from exactly: tracker and nurse, equally likely
    When the draw gives the Tracker
    Then no payment is asked for
    And #fell holds 1 food token
    And #fell holds 2 scrap tokens
    And #fell holds 1 armor token
    And yellow is the Tracker
    And yellow stands on #base
    And yellow is healthy
    And yellow carries nothing
    And the base holds 2 food

  # No figure: base holds only 3 resources.
  @clause:unknown.respawn.condition
  Scenario: Without 4 resources in base nobody can be forfeited
    Given the map:
      | base #base | food | scrap #fell @yellow |
    And yellow is incapacitated
    And the base holds 2 food and 1 scrap
    And the unused survivor cards are: tracker and nurse
    And it is yellow's turn with 0 AP
    When the players try to forfeit yellow
    Then the action is refused citing unknown.respawn.condition

  # No figure: a healthy survivor may be forfeited too. Base holds 3 food, 1 scrap and 1 ammo, so
  # the players choose which 4 resources to pay: every way of leaving one token is offered.
  @clause:unknown.respawn.condition @clause:unknown.respawn.cost @clause:unknown.respawn.meeple @clause:unknown.respawn.draw
  Scenario: A healthy survivor is forfeited and the players choose what base pays
    Given the map:
      | base #base | food | scrap #fell @green |
    And green carries 2 ammo
    And the base holds 3 food, 1 scrap and 1 ammo
    And the unused survivor cards are: tracker
    And it is green's turn with 2 AP
    When the players forfeit green
    Then no draw is asked for
    And the players may pay the base exactly: 3 food and 1 scrap; 3 food and 1 ammo; 2 food, 1 scrap and 1 ammo
    When the players pay 2 food, 1 scrap and 1 ammo from base
    Then the base holds 1 food
    And green is the Tracker
    And green stands on #base
    And green carries nothing
    And #fell holds 2 ammo tokens

  # No figure: green, on turn with 2 AP left, is forfeited and comes back at base as the Tracker
  # (3 AP a turn); yellow has not had her turn yet. Base holds just the 4 food the respawn costs.
  # What becomes of green's turn is a matter of reading: it goes on with the 2 AP left...
  @clause:unknown.respawn.meeple @clause:unknown.turn.survivor-actions @interpretation:respawn-turn
  Scenario: Read as keeping the AP, the respawned survivor goes on with what was left
    Given the map:
      | base #base @yellow | food | scrap #fell @green |
    And the reading "respawn-turn" is "keeps-ap"
    And the base holds 4 food
    And the unused survivor cards are: tracker
    And it is green's turn with 2 AP
    When the players forfeit green
    Then green is the Tracker
    And it is green's turn
    And green has 2 AP left

  # ... or it goes on afresh with the AP of a healthy Tracker starting a turn...
  @clause:unknown.respawn.meeple @clause:unknown.turn.survivor-actions @interpretation:respawn-turn
  Scenario: Read as fresh AP, the respawned survivor starts the turn again with its card's AP
    Given the map:
      | base #base @yellow | food | scrap #fell @green |
    And the reading "respawn-turn" is "fresh-ap"
    And the base holds 4 food
    And the unused survivor cards are: tracker
    And it is green's turn with 2 AP
    When the players forfeit green
    Then green is the Tracker
    And it is green's turn
    And green has 3 AP left

  # ... or the respawn ends it, and the players pick who goes next.
  @clause:unknown.respawn.meeple @clause:unknown.turn.survivor-actions @interpretation:respawn-turn
  Scenario: Read as ending the turn, the respawn uses up the survivor's turn
    Given the map:
      | base #base @yellow | food | scrap #fell @green |
    And the reading "respawn-turn" is "ends"
    And the base holds 4 food
    And the unused survivor cards are: tracker
    And it is green's turn with 2 AP
    When the players forfeit green
    Then green is the Tracker
    And the players may choose who goes next among exactly: yellow

  # No figure: the new card comes from the cards nobody plays. Yellow's own card, the Explorer, is
  # not one of them, so the draw cannot give it; only the Tracker or the Nurse can come.
  @clause:unknown.respawn.draw @clause:unknown.respawn.condition
  Scenario: The draw cannot give a card that is not among the unused ones
    Given the map:
      | base #base | food | scrap #fell @yellow |
    And yellow is the Explorer
    And the base holds 4 food
    And the unused survivor cards are: tracker and nurse
    And it is yellow's turn with 2 AP
    When the players forfeit yellow
    And the draw tries to give the Explorer
    Then the action is refused citing unknown.respawn.draw
    When the draw gives the Nurse
    Then yellow is the Nurse
    And yellow stands on #base
