# Setting up a game of Unknown (rulebook: Game Parts, Setup, Starting Balance, Playing a Short Game,
# Difficulty, Story Missions, and each mission's Setup line).
#
# Counts come from the rulebook: the box holds 50 starting tiles, one of each basic resource tile
# (4 tiles) goes beside base, so 46 starting tiles go into the stack (35 for a short stack, which
# leaves out 2 of each of the 4 basic resource tiles and a beast, a monster and an animal); 13
# hazard tiles; the Starting Balance table's enemy tiles, changed by the mission's setup line; and
# the mission's own tiles. A "random enemy tile" is an enemy tile drawn into the stack, not one of
# the starting tiles' own lairs. Each setup is made from seed 0.
Feature: Setting up a game

  # --- Setup -------------------------------------------------------------------------------------

  # No figure: 4 survivors, normal difficulty, the Scout mission (no mission tiles): 46 starting
  # tiles + 13 hazards + 6 enemy tiles = 65, in a single shuffled pile; base starts with 8 food.
  @clause:unknown.setup.mission @clause:unknown.setup.base @clause:unknown.setup.starting-food @clause:unknown.setup.stack.starting @clause:unknown.setup.stack.hazards @clause:unknown.setup.stack.enemies @clause:unknown.setup.stack.shuffle @clause:unknown.setup.survivors @clause:unknown.setup.colors @clause:unknown.setup.meeples-on-base @clause:unknown.balance.survivors-4
  Scenario: A normal Scout game for 4 survivors is set up
    When the scout mission is set up for 4 survivors on normal
    Then base has an ammo, a food, a medicine and a scrap tile beside it and nothing else is explored
    And 4 survivors stand on base, each of its own colour
    And the base holds 8 food
    And the stack holds 65 tiles
    And the stack holds 13 hazard tiles
    And the stack holds 6 random enemy tiles
    And the stack is one shuffled pile

  # --- Starting Balance --------------------------------------------------------------------------

  # Table row 3 survivors: 4 / 5 / 6 enemy tiles (easy / normal / hard), 12 food.
  @clause:unknown.balance.survivors-3 @clause:unknown.setup.stack.enemies @clause:unknown.setup.starting-food
  Scenario Outline: With 3 survivors the stack gets 4, 5 or 6 enemy tiles and base 12 food
    When the scout mission is set up for 3 survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack holds <tiles> tiles
    And the base holds 12 food

    Examples:
      | difficulty | enemies | tiles |
      | easy       | 4       | 63    |
      | normal     | 5       | 64    |
      | hard       | 6       | 65    |

  # Table row 4 survivors: 5 / 6 / 7 enemy tiles, 8 food.
  @clause:unknown.balance.survivors-4 @clause:unknown.setup.stack.enemies @clause:unknown.setup.starting-food
  Scenario Outline: With 4 survivors the stack gets 5, 6 or 7 enemy tiles and base 8 food
    When the scout mission is set up for 4 survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack holds <tiles> tiles
    And the base holds 8 food

    Examples:
      | difficulty | enemies | tiles |
      | easy       | 5       | 64    |
      | normal     | 6       | 65    |
      | hard       | 7       | 66    |

  # Table row 5 survivors: 6 / 7 / 8 enemy tiles, 6 food.
  @clause:unknown.balance.survivors-5 @clause:unknown.setup.stack.enemies @clause:unknown.setup.starting-food
  Scenario Outline: With 5 survivors the stack gets 6, 7 or 8 enemy tiles and base 6 food
    When the scout mission is set up for 5 survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack holds <tiles> tiles
    And the base holds 6 food

    Examples:
      | difficulty | enemies | tiles |
      | easy       | 6       | 65    |
      | normal     | 7       | 66    |
      | hard       | 8       | 67    |

  # Table row 6 survivors: 7 / 8 / 9 enemy tiles, 3 food.
  @clause:unknown.balance.survivors-6 @clause:unknown.setup.stack.enemies @clause:unknown.setup.starting-food
  Scenario Outline: With 6 survivors the stack gets 7, 8 or 9 enemy tiles and base 3 food
    When the scout mission is set up for 6 survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack holds <tiles> tiles
    And the base holds 3 food

    Examples:
      | difficulty | enemies | tiles |
      | easy       | 7       | 66    |
      | normal     | 8       | 67    |
      | hard       | 9       | 68    |

  # --- Players and survivors ---------------------------------------------------------------------

  # No figure: at least 3 survivors always play, so a game of 2 survivors is never set up (and the
  # table's 2-survivor row is never reached).
  @clause:unknown.setup.survivors.minimum-three
  Scenario: A game for only 2 survivors is refused
    Then setting up the scout mission for 2 survivors is refused citing unknown.setup.survivors.minimum-three

  # No figure: a lone player takes survivors until 3 are in play; 3 survivors start with 12 food.
  @clause:unknown.setup.survivors @clause:unknown.setup.survivors.minimum-three @clause:unknown.balance.survivors-3
  Scenario: One player runs 3 survivors
    When the scout mission is set up for 1 player on normal
    Then 3 survivors stand on base, each of its own colour
    And the base holds 12 food

  # No figure: from 3 players on, each player has one survivor card.
  @clause:unknown.setup.survivors @clause:unknown.balance.survivors-5
  Scenario: Five players run one survivor each
    When the scout mission is set up for 5 players on normal
    Then 5 survivors stand on base, each of its own colour
    And the base holds 6 food

  # No figure: 2 players. Reading equal-shares: each takes the same number, so 2 each (as the quick
  # start has it), 4 survivors, and base gets the 4-survivor row's 8 food.
  @clause:unknown.setup.survivors.minimum-three @clause:unknown.quickstart.two-players @clause:unknown.balance.survivors-4 @interpretation:survivors-per-player
  Scenario: Under equal-shares, two players run 2 survivors each
    Given the reading "survivors-per-player" is "equal-shares"
    When the scout mission is set up for 2 players on normal
    Then 4 survivors stand on base, each of its own colour
    And the base holds 8 food

  # Same, reading fewest: only one extra survivor is added, 3 in all, with the 3-survivor row's
  # 12 food.
  @clause:unknown.setup.survivors.minimum-three @clause:unknown.balance.survivors-3 @interpretation:survivors-per-player
  Scenario: Under fewest, two players run 3 survivors between them
    Given the reading "survivors-per-player" is "fewest"
    When the scout mission is set up for 2 players on normal
    Then 3 survivors stand on base, each of its own colour
    And the base holds 12 food

  # --- Mission tiles and mission setup lines -----------------------------------------------------

  # No figure: 4 survivors, normal. A mission needing mission tiles splits the stack into one pile
  # per mission tile, each getting one; the piles are drawn one after another. 65 + mission tiles.
  @clause:unknown.setup.stack.mission-piles @clause:unknown.setup.stack.pile-order @clause:unknown.mission-card.setup @clause:unknown.mission.activate.setup @clause:unknown.mission.behemoth.setup @clause:unknown.mission.refugees.setup @clause:unknown.mission.stragglers.setup @clause:unknown.mission.water.setup
  Scenario Outline: A mission's tiles are split one to a pile
    When the <mission> mission is set up for 4 survivors on normal
    Then the stack holds <n> <tile> tiles
    And the stack is <n> piles, each holding one <tile> tile
    And the piles are drawn one after another, each until it is empty
    And the stack holds 6 random enemy tiles
    And the stack holds <tiles> tiles

    Examples:
      | mission    | tile             | n | tiles |
      | activate   | console          | 3 | 68    |
      | behemoth   | behemoth_mission | 6 | 71    |
      | refugees   | refugee          | 6 | 71    |
      | stragglers | refugee          | 6 | 71    |
      | water      | water            | 4 | 69    |

  # No figure: missions without mission tiles or an enemy change keep the plain stack.
  @clause:unknown.setup.stack.shuffle @clause:unknown.setup.stack.mission-piles @clause:unknown.setup.stack.enemies
  Scenario Outline: A mission without mission tiles keeps one shuffled pile
    When the <mission> mission is set up for 4 survivors on normal
    Then the stack is one shuffled pile
    And the stack holds 6 random enemy tiles
    And the stack holds 65 tiles

    Examples:
      | mission |
      | scout   |
      | map     |
      | expand  |

  # No figure: Hive draws 2 enemy tiles fewer than the table (4 survivors normal: 6 - 2 = 4;
  # 3 survivors easy: 4 - 2 = 2) and adds 5 hive tiles, one to a pile.
  @clause:unknown.mission.hive.setup @clause:unknown.setup.stack.enemies @clause:unknown.setup.stack.mission-piles
  Scenario Outline: Hive draws 2 enemy tiles fewer and adds 5 hives
    When the hive mission is set up for <survivors> survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack is 5 piles, each holding one hive tile
    And the stack holds <tiles> tiles

    Examples:
      | survivors | difficulty | enemies | tiles |
      | 4         | normal     | 4       | 68    |
      | 3         | easy       | 2       | 66    |

  # No figure: Onslaught draws 5 enemy tiles more than the table (4 survivors normal: 11; 6
  # survivors hard: 14), in one pile.
  @clause:unknown.mission.onslaught.setup @clause:unknown.setup.stack.enemies
  Scenario Outline: Onslaught draws 5 enemy tiles more
    When the onslaught mission is set up for <survivors> survivors on <difficulty>
    Then the stack holds <enemies> random enemy tiles
    And the stack is one shuffled pile
    And the stack holds <tiles> tiles

    Examples:
      | survivors | difficulty | enemies | tiles |
      | 4         | normal     | 11      | 70    |
      | 6         | hard       | 14      | 73    |

  # --- Playing a Short Game ----------------------------------------------------------------------

  # No figure: the short stack leaves 11 starting tiles out: 46 - 11 + 13 + 6 = 54 for a short
  # Scout with 4 survivors on normal; the rest of the setup is as usual.
  @clause:unknown.short.select @clause:unknown.short.remove-resources @clause:unknown.short.remove-enemies @clause:unknown.short.rest-normal @clause:unknown.mission.scout.short
  Scenario: A short Scout game uses the short tile stack
    Then the short stack's starting tiles are the normal stack's less 2 ammo, 2 food, 2 medicine, 2 scrap, 1 beast, 1 monster and 1 animal
    When the short scout mission is set up for 4 survivors on normal
    Then the stack holds 54 tiles
    And the stack holds 13 hazard tiles
    And the stack holds 6 random enemy tiles
    And the base holds 8 food

  # No figure: these short versions are the long ones with the short stack: 35 + 13 + 6 +
  # mission tiles.
  @clause:unknown.short.rest-normal @clause:unknown.mission.activate.short @clause:unknown.mission.refugees.short @clause:unknown.mission.stragglers.short @clause:unknown.setup.stack.mission-piles
  Scenario Outline: A short mission keeps its mission tiles with the short stack
    When the short <mission> mission is set up for 4 survivors on normal
    Then the stack is <n> piles, each holding one <tile> tile
    And the stack holds <tiles> tiles

    Examples:
      | mission    | tile    | n | tiles |
      | activate   | console | 3 | 57    |
      | refugees   | refugee | 6 | 60    |
      | stragglers | refugee | 6 | 60    |

  # No figure: short Map and short Expand change their goals, not their setup: the short stack.
  @clause:unknown.short.rest-normal @clause:unknown.mission.map.short @clause:unknown.mission.expand.short
  Scenario Outline: Short Map and Expand play with the short stack
    When the short <mission> mission is set up for 4 survivors on normal
    Then the stack is one shuffled pile
    And the stack holds 54 tiles

    Examples:
      | mission |
      | map     |
      | expand  |

  # No figure: short Behemoth adds one behemoth tile fewer: 5 piles, 35 + 13 + 6 + 5 = 59.
  @clause:unknown.mission.behemoth.short @clause:unknown.setup.stack.mission-piles
  Scenario: Short Behemoth adds 5 behemoth tiles
    When the short behemoth mission is set up for 4 survivors on normal
    Then the stack is 5 piles, each holding one behemoth_mission tile
    And the stack holds 59 tiles

  # No figure: short Hive adds 4 hives instead of 5. Its short line changes only the hive count,
  # so Hive's own setup still draws 2 enemy tiles fewer: 35 + 13 + 4 + 4 = 56.
  @clause:unknown.mission.hive.short @clause:unknown.mission.hive.setup @clause:unknown.setup.stack.mission-piles
  Scenario: Short Hive adds 4 hives
    When the short hive mission is set up for 4 survivors on normal
    Then the stack is 4 piles, each holding one hive tile
    And the stack holds 4 random enemy tiles
    And the stack holds 56 tiles

  # No figure: short Onslaught adds 4 enemy tiles instead of 5: 6 + 4 = 10, 35 + 13 + 10 = 58.
  @clause:unknown.mission.onslaught.short @clause:unknown.setup.stack.enemies
  Scenario: Short Onslaught adds 4 enemy tiles
    When the short onslaught mission is set up for 4 survivors on normal
    Then the stack holds 10 random enemy tiles
    And the stack holds 58 tiles

  # No figure: unlike the other nine, the Water mission names no short version, so no short Water
  # game can be chosen.
  @clause:unknown.short.select
  Scenario: Water has no short version
    Then setting up the short water mission for 4 survivors is refused citing unknown.short.select

  # --- Difficulty --------------------------------------------------------------------------------

  # No figure: each mission's rating at normal difficulty with 13 hazards. Reading
  # change-from-normal: only enemies and hazards added or removed against the mission's normal
  # setup add points, so a normal game scores the rating (a short one too).
  @clause:unknown.difficulty.scale @clause:unknown.difficulty.tuning @clause:unknown.short.balance @clause:unknown.mission.activate.difficulty @clause:unknown.mission.behemoth.difficulty @clause:unknown.mission.expand.difficulty @clause:unknown.mission.hive.difficulty @clause:unknown.mission.map.difficulty @clause:unknown.mission.onslaught.difficulty @clause:unknown.mission.refugees.difficulty @clause:unknown.mission.scout.difficulty @clause:unknown.mission.stragglers.difficulty @clause:unknown.mission.water.difficulty @interpretation:difficulty-score
  Scenario Outline: Under change-from-normal, a normal game scores its mission's rating
    Given the reading "difficulty-score" is "change-from-normal"
    When the <mission> mission is set up for 4 survivors on normal
    Then the difficulty score is <rating>

    Examples:
      | mission        | rating |
      | activate       | 1      |
      | behemoth       | 5      |
      | short behemoth | 5      |
      | expand         | 6      |
      | hive           | 9      |
      | map            | 3      |
      | onslaught      | 8      |
      | refugees       | 6      |
      | scout          | 2      |
      | stragglers     | 6      |
      | water          | 6      |

  # No figure: Hive (9) for 4 survivors: easy has 1 enemy tile fewer than normal (-2), hard 1 more
  # (+2), which takes it past 10.
  @clause:unknown.difficulty.enemy @clause:unknown.difficulty.tuning @clause:unknown.difficulty.over-ten @clause:unknown.mission.hive.difficulty @interpretation:difficulty-score
  Scenario Outline: Under change-from-normal, easy and hard move the score by one enemy tile
    Given the reading "difficulty-score" is "change-from-normal"
    When the hive mission is set up for 4 survivors on <difficulty>
    Then the difficulty score is <score>

    Examples:
      | difficulty | score |
      | easy       | 7     |
      | hard       | 11    |

  # No figure: Scout (2), 4 survivors, normal, tuned with 2 hazards more (+1) or 2 fewer (-1).
  @clause:unknown.difficulty.hazard @clause:unknown.difficulty.tuning @clause:unknown.setup.stack.hazards @clause:unknown.mission.scout.difficulty @interpretation:difficulty-score
  Scenario Outline: Under change-from-normal, every two hazards added or removed count 1 point
    Given the reading "difficulty-score" is "change-from-normal"
    When the scout mission is set up for 4 survivors on normal with <hazards> hazard tiles
    Then the stack holds <hazards> hazard tiles
    And the difficulty score is <score>

    Examples:
      | hazards | score |
      | 15      | 3     |
      | 11      | 1     |

  # No figure: reading absolute: every random enemy tile (2 points) and hazard tile (half a point)
  # counts on top of the rating. Hive, 4 survivors, normal: 4 enemies (8) + 13 hazards (6.5) + 9 =
  # 23.5; Scout, 3 survivors, easy: 4 enemies (8) + 6.5 + 2 = 16.5.
  @clause:unknown.difficulty.enemy @clause:unknown.difficulty.hazard @clause:unknown.mission.hive.difficulty @clause:unknown.mission.scout.difficulty @interpretation:difficulty-score
  Scenario Outline: Under absolute, every random enemy and hazard tile counts
    Given the reading "difficulty-score" is "absolute"
    When the <mission> mission is set up for <survivors> survivors on <difficulty>
    Then the difficulty score is <score>

    Examples:
      | mission | survivors | difficulty | score |
      | hive    | 4         | normal     | 23.5  |
      | scout   | 3         | easy       | 16.5  |

  # --- Story Missions ----------------------------------------------------------------------------

  # No figure: with the story set, the 4 survivors are the ones it recommends for the mission.
  @clause:unknown.story.scout.survivors @clause:unknown.story.activate.survivors @clause:unknown.story.refugees.survivors @clause:unknown.story.onslaught.survivors @clause:unknown.story.map.survivors @clause:unknown.story.expand.survivors @clause:unknown.setup.mission
  Scenario Outline: The story set deals the recommended survivors
    When the <mission> mission is set up for 4 survivors on normal with the story set
    Then the survivors are the <survivors>

    Examples:
      | mission   | survivors                                   |
      | scout     | Explorer, Soldier, Doctor and Runner        |
      | activate  | Investigator, Scavenger, Captain and Scouts |
      | refugees  | Scavenger, Runner, Captain and Mechanic     |
      | onslaught | Skeptic, Hunter, Tracker and Nurse          |
      | map       | Trader, Skeptic, Hunter and Explorer        |
      | expand    | Mechanic, Trader, Tracker and Strategist    |

  # No figure: Water's and Behemoth's recommendations name a "Biologist", which is no survivor card;
  # the ledger's noted entry story-biologist reads it as the Botanist (a decided reading, not a
  # switch, so there is no other reading to show).
  @clause:unknown.story.water.survivors @clause:unknown.story.behemoth.survivors
  Scenario Outline: The story set's Biologist is dealt as the Botanist
    When the <mission> mission is set up for 4 survivors on normal with the story set
    Then the survivors are the <survivors>

    Examples:
      | mission  | survivors                                 |
      | water    | Doctor, Investigator, Botanist and Scouts |
      | behemoth | Scouts, Strategist, Nurse and Botanist    |
