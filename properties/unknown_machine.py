"""A Hypothesis state machine that plays Unknown through the engine's own decisions.

``@initialize`` draws one of the ten missions, a difficulty, 1 to 6 players and a seed and builds
the game by the Setup section (``standard_setup``); it also draws the share of the player
decisions the expert player takes in this example and the expert's seed
(:class:`properties.Mixture`: uniform play starves base within two rounds, the expert reaches
round 5 in about 60-100 decisions, so the late mission piles, the mission tiles' rules, the
behemoth, refugees and allies, water flow, task rewards and late hazards are played). Some
examples (a start ticket's top value, :func:`properties.starts`, shrinking towards the generated
set-up) begin instead at a curated start (:data:`CURATED`): a position of
``tests/data/positions/play/decisions/`` (one per decision class, many in the middle of a
mission) or one of the registry's ``coverage_setups`` (a Behemoth game, one with the behemoth
out), played on with the same mixture and invariants (a position's first decision is one of the
class it offers, :meth:`UnknownMachine.own_decisions`; at most ``CURATED_STEPS`` decisions), so
mission endings, the missions' own decisions and task rewards the expert seldom gets to are
played too; ``replay_setup`` gives the start an example really began at. Each ``@rule`` step
takes one decision: at a chance node Hypothesis draws an outcome by its exact probability (a
uniform integer below the common denominator of the outcomes' probabilities picks the outcome,
as ``sample_outcome`` does), at a player node the expert or a uniform
Hypothesis draw from ``node.legal`` decides. Every ``WRONG_EVERY``-th decision the engine is
first offered a decision of the wrong kind, which must raise ``IllegalDecision`` and leave the
state as it was. Once the game is over the rule does nothing (``game_over``) and the invariants
are not checked again on the unchanged state; it is the machine's only rule, since Hypothesis
switches rules off at random and an example whose one runnable rule is off is thrown away. The state
file round trip runs every ``ROUND_TRIP_EVERY``-th decision without the JSON schema, and at
teardown with it (``SCHEMA_AT_TEARDOWN``). ``test_invariants_catch_planted_breaks`` shows most
invariants fail on a planted break.

After every decision each ``@invariant`` below checks one rule; its name and docstring give the
clause it protects, ``INVARIANTS`` maps clause IDs to invariant names, and the clause index
(``engine/unknown/data/clauses.yaml``, field ``invariants``) lists the same pairs
(``tests/test_invariant_index.py`` keeps the two in step). The engine's own contracts are keyed by
the rule they serve: a state file and a replay resume the round where it stood
(``unknown.turn.phases``), and chance outcomes are the shuffled stack's draws and the d4 rolls
(``unknown.setup.stack.shuffle``, ``unknown.base.tie-die``).

The suite (``properties/test_machines.py``) runs this machine at the loaded profile and checks
that at least ``LATE_SHARE`` of its examples begun at a generated set-up reach round
``LATE_ROUND`` (curated starts, some late in a mission already, are not counted); ``rulings
fuzz`` runs it for minutes at the deep one (``properties/fuzz.py``). ``TALLY`` counts examples
and steps per game, the rounds reached, the curated starts played, the decision kinds, the
clauses the events cite, and (``marks``) the decisions of each mission's own rules
(``engine.unknown.missions``, the allies', the tasks') and the mission pile each example drew
from last.

Not checked, and why: an enemy standing on an impassable tile is checked against the tiles of
the catalog that are impassable face up (not barrier or blaze tokens, which can be laid under an
enemy by rules this test does not model); "where it spawned" is the spot the machine first saw
the enemy on, in the step its id appeared (the engine keeps no spawn spot and reuses the ids of
enemies that left the game), so an enemy that leaves its impassable spawn tile and steps back
onto it is missed, and so is one whose id left and came back within one step.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from math import lcm
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from engine.core import registry
from engine.core.errors import IllegalDecision
from engine.core.game import ChanceNode, Event, IdleNode, PlayerNode, TerminalNode
from engine.core.playout import chance_problem
from engine.core.serialization import stable_key
from engine.positions import parse_position_text
from engine.unknown.actions import Action
from engine.unknown.catalog import catalog
from engine.unknown.files import state_from_data, state_from_text, state_to_text
from engine.unknown.game import UnknownGame
from engine.unknown.knockback_order import Knockbacks
from engine.unknown.setup import DIFFICULTIES, setup_data, standard_setup
from engine.unknown.state import UnknownState
from properties import TALLY, Mixture, expert_mixes, starts
from properties.profiles import scaled

MISSIONS = tuple(sorted(setup_data().missions))
CURATED_STEPS = 60
"""An example begun at a curated start takes at most this many decisions, then idles as a
finished game does: what a position is for comes within its first turns or rounds, and the steps
saved go to more starts."""
HEALTH_STATES = ("healthy", "injured", "incapacitated")
OUTCOMES = ("win", "loss")
STEPS = 150
"""Steps (decisions, then idle steps once the game is over) per example in the test (``ci``);
``rulings fuzz`` plays ``DEEP_STEPS``."""
DEEP_STEPS = 300
EXAMPLES = scaled(30)
LATE_ROUND = 5
LATE_SHARE = 1 / 3
"""The suite fails when fewer than this share of its examples reach round ``LATE_ROUND``."""
WRONG_EVERY = 5
"""Every WRONG_EVERY-th decision (the first included), a wrong decision is offered first."""
ROUND_TRIP_EVERY = 10
"""Every ROUND_TRIP_EVERY-th state (the first included) goes through its state file text; the
last one, at teardown, through the JSON schema too."""
MISSION_MODULES = ("engine.unknown.missions.", "engine.unknown.allies", "engine.unknown.tasks.")
"""Where the decisions of the missions' and the tasks' own rules are defined (counted by mission
in marks)."""
SUPPRESSED_HEALTH_CHECKS = (HealthCheck.too_slow, HealthCheck.filter_too_much)
"""The health checks the suite's run suppresses (``properties/test_machines.py``)."""
GAME = UnknownGame()
NAME = "unknown"
SCHEMA_AT_TEARDOWN = True
"""Check the last state of each example against the position schema too (it once found
``used`` keys the schema refused: the Skeptic's held spawn)."""
DECISION_POSITIONS = Path(__file__).resolve().parent.parent / "tests/data/positions/play/decisions"
"""One position per decision class, each a state where the engine offers it (many in the middle
of a mission: an outpost to place, a canister to hurl, water to test, a radio to repair)."""
COVERAGE_SETUPS = {setup.label: setup for setup in registry.game(NAME).coverage_setups}
"""The registry's starts that random play seldom reaches from a set-up (a Behemoth game, and
one with the behemoth out)."""
LATE_POSITIONS = {
    f"{path.parent.name}/{path.name}": path
    for folder in ("solve", "benchmark")
    for path in sorted((DECISION_POSITIONS.parent.parent / folder).glob("*.yaml"))
    if registry.parse_file(path)[0].name == NAME
}
"""Unknown positions late in a mission (round 3 or later, some a decision from the win) kept
for the solver and its benchmark: the endings of missions (``unknown.mission.win``) that the
mixture seldom plays to from a set-up."""
CURATED = (
    *(f"decisions/{path.name}" for path in sorted(DECISION_POSITIONS.glob("*.yaml"))),
    *LATE_POSITIONS,
    *(f"setup:{label}" for label in COVERAGE_SETUPS),
)
"""The curated starts an example may begin at instead of a generated set-up (:func:`starts`):
``decisions/<Class>.yaml`` opens that position file under the default rules, as ``rulings
resolve`` does (none of them names a reading), and so do ``solve/<name>`` and
``benchmark/<name>`` (:data:`LATE_POSITIONS`); ``setup:<label>`` builds that coverage set-up
with the example's seed."""


@cache
def opened_position(label: str) -> tuple[Any, UnknownState]:
    """The engine and state of the curated position ``label`` (read once: states are frozen)."""
    path = LATE_POSITIONS.get(label) or DECISION_POSITIONS / label.removeprefix("decisions/")
    opened = registry.open_file(path)
    return opened.game, opened.state


def curated_start(label: str, seed: int) -> tuple[Any, UnknownState]:
    """The engine and start state of the curated start ``label`` (one of :data:`CURATED`);
    ``seed`` seeds a coverage set-up."""
    if not label.startswith("setup:"):
        return opened_position(label)
    setup = COVERAGE_SETUPS[label.removeprefix("setup:")]
    spec = registry.game(NAME)
    new = spec.new_game(spec.ruleset({}), seed, dict(setup.options))
    state = new.state if setup.start is None else setup.start(new.state)
    return new.game, state


@dataclass(frozen=True)
class Bogus:
    """A decision of a kind no rule of Unknown knows."""

    note: str = "not a decision of this game"


INVARIANTS: dict[str, list[str]] = {
    "unknown.turn.phases": [
        "state_file_round_trip",
        "offer_wrong_decision",
        "teardown",
    ],
    "unknown.setup.stack.shuffle": ["chance_outcomes_sum_to_one"],
    "unknown.base.tie-die": ["chance_outcomes_sum_to_one"],
    "unknown.mission.win": ["terminal_says_why_and_offers_nothing"],
    "unknown.turn.survivor-actions": ["no_dead_end"],
    "unknown.action.explore.no-2x2": ["no_2x2_square"],
    "unknown.action.explore.adjacent": ["map_connected"],
    "unknown.component.resource-tokens": ["goods_never_negative"],
    "unknown.action.create-armor": ["goods_never_negative"],
    "unknown.turn.unspent-ap": ["ap_never_negative"],
    "unknown.mission.refugees.ap-cost": ["ap_never_negative"],
    "unknown.injury.states": ["health_states_valid"],
    "unknown.injury.incapacitated": ["incapacitated_take_no_action"],
    "unknown.tile.impassable": ["no_enemy_on_impassable"],
    "unknown.tile.impassable.spawn-exit": ["no_enemy_on_impassable"],
    "unknown.barrier.sources": ["barrier_and_blaze_tokens_only_where_rules_put_them"],
    "unknown.action.create-barriers.placement": [
        "barrier_and_blaze_tokens_only_where_rules_put_them"
    ],
    "unknown.hazard.blaze.spread": ["barrier_and_blaze_tokens_only_where_rules_put_them"],
    "unknown.turn.upkeep": ["goods_never_negative", "base_eats_one_food_per_upkeep"],
}


TOKEN_PLACERS: dict[str, tuple[str, ...]] = {
    "barrier": (
        "unknown.action.create-barriers.split",
        "unknown.enemy.devourer.barrier",
        "unknown.hazard.rockfall.barriers",
        "unknown.effect.instant.token-spawn",
    ),
    "blaze": (
        "unknown.hazard.blaze.spread",
        "unknown.hazard.blaze.later",
        "unknown.hazard.blaze.token-impassable",
    ),
}
"""Token kind -> the clauses whose events may add such tokens (unknown.barrier.sources: the
create-barriers action and the tiles and enemies that spawn them; Blaze's spread, whose tokens
land once its knockback has been resolved, possibly some decisions later)."""
FOOD_MOVERS = (
    "unknown.action.trade",
    "unknown.exchange",
    "unknown.survivor.trader",
    "unknown.respawn.cost",
    "unknown.combat.base-defense",
    "unknown.task.foraging",
    "unknown.mission.refugees",
)
"""Clause prefixes of the rules that move food in or out of base besides upkeep: trades and
exchanges, the Trader, paying for a respawn, base defense, Foraging, Refugees."""


def food(bag: tuple[tuple[str, int], ...]) -> int:
    return dict(bag).get("food", 0)


def pick_outcome(node: ChanceNode, ticket: int) -> Any:
    """The outcome of ``node`` that a uniform ``ticket`` below the common denominator picks."""
    shares, _ = integer_shares(node)
    return node.outcomes[bisect_right(list(accumulate(shares)), ticket)][0]


def integer_shares(node: ChanceNode) -> tuple[list[int], int]:
    """Each outcome's share of the common denominator of the probabilities, and that denominator."""
    denominator = lcm(*(p.denominator for _, p in node.outcomes))
    return [p.numerator * (denominator // p.denominator) for _, p in node.outcomes], denominator


def pile_reached(piles: int, state: UnknownState) -> str:
    """Which of the ``piles`` piles of the tile stack ``state`` draws from
    (``unknown.setup.stack.mission-piles``: one pile per mission tile, drawn one after another;
    the stack is split at the start of round 1): ``pile K of N``."""
    if not state.stack.size:
        return f"all {piles} piles drawn"
    return f"pile {piles - len(state.stack.piles)} of {piles}"


def read_back(state: UnknownState, schema: bool = False) -> UnknownState:
    """The state after a trip through the text of its YAML state file.

    The JSON-schema check (two thirds of the cost) runs only with ``schema``: once per example,
    on the last state, at teardown.
    """
    text = state_to_text(state)
    if schema:
        return state_from_text(text, "machine.yaml")
    return state_from_data(parse_position_text(text, "machine.yaml"), "machine.yaml")


class UnknownMachine(RuleBasedStateMachine):
    """Plays one Unknown game from a generated setup or a curated start, checking invariants
    after every step."""

    TOUR_START: ClassVar[str | None] = None
    """The curated start (:data:`CURATED`) every example begins at in a tour batch of ``rulings
    fuzz`` (:func:`properties.fuzz.tour_of`); ``None``: the start is drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.start: UnknownState | None = None
        self.state: UnknownState | None = None
        self.decisions: list[Any] = []
        self.spawned_at: dict[str, Any] = {}
        self.setup = ""
        self.curated: str | None = None
        """The curated start this example began at (``None``: a generated set-up)."""
        self.engine: Any = GAME
        """The engine the example is played with (a curated position's own)."""
        self.before: UnknownState | None = None
        self.events: tuple[Event, ...] = ()
        self.attempt: Any = None
        """The decision being applied: set while ``apply`` runs, so a crash can be replayed."""
        self.mix = Mixture(NAME, GAME, 0.0, 0)
        self.piles = 1
        """The most piles the tile stack has had in this example (it is split in round 1)."""
        self.fresh = False
        """Whether the state changed since the invariants last ran (they run only then)."""
        self._node: tuple[Any, Any] = (None, None)
        TALLY.machine_started(NAME, self)

    LATE_ROUND = LATE_ROUND

    # -- setup and steps ----------------------------------------------------------------------
    @initialize(
        mission=st.sampled_from(MISSIONS),
        difficulty=st.sampled_from(DIFFICULTIES),
        players=st.integers(1, 6),
        seed=st.integers(0, 2**32 - 1),
        mix=expert_mixes(),
        start=starts(CURATED),
    )
    def set_up(
        self,
        mission: str,
        difficulty: str,
        players: int,
        seed: int,
        mix: tuple = (0.0, 0),
        start: str | None = None,
    ) -> None:
        """The generated set-up (a mission, difficulty, players and seed by the Setup section),
        or the curated ``start`` (:data:`CURATED`), and who plays it (the expert's share); a tour batch
        of ``rulings fuzz`` begins every example at its ``TOUR_START`` instead."""
        start = self.TOUR_START or start
        self.curated = start
        if start is None:
            self.setup = f"standard_setup({mission!r}, difficulty={difficulty!r}, seed={seed}, players={players})"
            self.engine = GAME
            self.start = standard_setup(mission, difficulty=difficulty, seed=seed, players=players)
        else:
            self.setup = f"curated_start({start!r}, seed={seed})"
            self.engine, self.start = curated_start(start, seed)
        self.state = self.start
        self.mix = Mixture(NAME, self.engine, *mix)
        self.piles = 1 + len(self.start.stack.piles)
        self.fresh = True
        self.note_spawns()

    def node(self) -> Any:
        """The node of the current state (computed once per state)."""
        if self._node[0] is not self.state:
            self._node = (self.state, self.engine.node(self.state))
        return self._node[1]

    def playing(self) -> bool:
        return self.state is not None and not isinstance(self.node(), TerminalNode)

    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        """One decision: a chance outcome by its probability, or one of the legal decisions
        (the expert's or a uniform draw); every ``WRONG_EVERY``-th, a wrong one is offered
        first. Once the game is over, nothing (:meth:`game_over`). The machine's only rule, so
        Hypothesis's rule switches never leave a step with no rule to run."""
        if not self.playing() or (self.curated and len(self.decisions) >= CURATED_STEPS):
            self.game_over()
            return
        if len(self.decisions) % WRONG_EVERY == 0:
            self.offer_wrong_decision()
        node = self.node()
        chance = isinstance(node, ChanceNode)
        if chance:
            _, denominator = integer_shares(node)
            ticket = data.draw(st.integers(0, denominator - 1), label="ticket")
            decision = pick_outcome(node, ticket)
        else:
            assert isinstance(node, PlayerNode) and node.legal, f"dead end: {node}"
            own = self.own_decisions(node)
            if own:
                decision = own[data.draw(st.integers(0, len(own) - 1), label="own decision")]
            else:
                decision = self.mix.decide(data.draw, self.state, node)
        self.attempt = decision
        step = self.engine.apply(self.state, decision)
        self.attempt = None
        self.before, self.state, self.events = self.state, step.state, step.events
        self.decisions.append(decision)
        self.fresh = True
        self.piles = max(self.piles, 1 + len(self.state.stack.piles))
        TALLY.step(NAME, decision, step.events, chance)
        if not chance and type(decision).__module__.startswith(MISSION_MODULES):
            TALLY.mark(NAME, f"{self.state.mission}: {type(decision).__name__}")
        self.note_spawns()

    def own_decisions(self, node: PlayerNode) -> list[Any]:
        """At the first decision of an example begun at ``decisions/<Class>.yaml``, the legal
        decisions of ``Class``, the one the position was written to offer (a Hypothesis draw
        picks one): the mixture alone seldom takes a mission's own decision there (one of many
        legal ones, and the expert's policy passes most of them by). Else none."""
        if self.decisions or self.curated is None or not self.curated.startswith("decisions/"):
            return []
        name = self.curated.removeprefix("decisions/").removesuffix(".yaml")
        return [d for d in node.legal if type(d).__name__ == name]

    def offer_wrong_decision(self) -> None:
        """``unknown.turn.phases``: a decision nobody may take raises and changes nothing."""
        before = self.state
        key = stable_key(before)
        self.attempt = Bogus()
        try:
            self.engine.apply(before, self.attempt)
        except IllegalDecision:
            self.attempt = None
        else:
            raise AssertionError(f"{Bogus()} was accepted at {self.node()}")
        assert stable_key(self.state) == key, "a refused decision changed the state"

    def game_over(self) -> None:
        """Once the game is over (or a curated start has had its ``CURATED_STEPS``) nothing is
        decided, and the unchanged state is not checked again."""
        self.fresh = False

    def note_spawns(self) -> None:
        """Note where each enemy new in this step stands: its spawn spot. An id missing from the
        state before the step is a new enemy, even if an enemy that left the game had it
        (ids are reused: an enemy takes the first free number of its kind)."""
        was = {e.id for e in self.before.position.enemies} if self.before is not None else set()
        for enemy in self.state.position.enemies:
            if enemy.id not in was or enemy.id not in self.spawned_at:
                self.spawned_at[enemy.id] = enemy.at

    # -- invariants ---------------------------------------------------------------------------
    @precondition(lambda self: self.fresh)
    @invariant()
    def state_file_round_trip(self) -> None:
        """unknown.turn.phases: play resumes anywhere: the state reads back equal from its state
        file text."""
        if self.state is not None and len(self.decisions) % ROUND_TRIP_EVERY == 0:
            assert read_back(self.state) == self.state, "the state changed through its file"

    @precondition(lambda self: self.fresh)
    @invariant()
    def chance_outcomes_sum_to_one(self) -> None:
        """unknown.setup.stack.shuffle, unknown.base.tie-die: chance outcomes (a draw from the
        shuffled stack, a d4 roll) are non-empty, each in (0, 1], summing to exactly 1."""
        if self.state is None:
            return
        node = self.node()
        if isinstance(node, ChanceNode):
            problem = chance_problem(node)
            assert not problem, f"{node.prompt}: {problem}"

    @precondition(lambda self: self.fresh)
    @invariant()
    def terminal_says_why_and_offers_nothing(self) -> None:
        """unknown.mission.win: a finished game is a win or a loss with its clause and reason,
        and no decision is taken after it."""
        if self.state is None:
            return
        node = self.node()
        if isinstance(node, TerminalNode):
            assert node.outcome in OUTCOMES, f"outcome {node.outcome!r}"
            assert node.clause and self.state.outcome and self.state.outcome[2], "no clause/why"
            for decision in (Bogus(), *self.decisions[-1:]):
                try:
                    self.engine.apply(self.state, decision)
                except IllegalDecision:
                    continue
                raise AssertionError(f"{decision} was accepted after the game ended")

    @precondition(lambda self: self.fresh)
    @invariant()
    def no_dead_end(self) -> None:
        """unknown.turn.survivor-actions: a game not over always offers a decision."""
        if self.state is None:
            return
        node = self.node()
        assert not isinstance(node, IdleNode), "an idle state mid-game"
        if isinstance(node, PlayerNode):
            assert node.legal, f"{node.player} must decide ({node.prompt}) but nothing is legal"

    @precondition(lambda self: self.fresh)
    @invariant()
    def no_2x2_square(self) -> None:
        """unknown.action.explore.no-2x2: no four tiles form a 2x2 block."""
        if self.state is None:
            return
        spots = {t.at for t in self.state.position.tiles}
        assert len(spots) == len(self.state.position.tiles), "two tiles share a spot"
        for x, y in spots:
            assert not {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= spots, f"2x2 at {(x, y)}"

    @precondition(lambda self: self.fresh)
    @invariant()
    def map_connected(self) -> None:
        """unknown.action.explore.adjacent: every tile is joined to the others orthogonally."""
        if self.state is None:
            return
        spots = {t.at for t in self.state.position.tiles}
        if not spots:
            return
        first = next(iter(spots))
        seen, todo = {first}, [first]
        while todo:
            x, y = todo.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in spots and near not in seen:
                    seen.add(near)
                    todo.append(near)
        assert seen == spots, f"the map falls apart: {sorted(spots - seen)} cut off"

    @precondition(lambda self: self.fresh)
    @invariant()
    def goods_never_negative(self) -> None:
        """unknown.component.resource-tokens, unknown.action.create-armor, unknown.turn.upkeep:
        goods, food and armor (base's and every survivor's) and token counts never go negative."""
        if self.state is None:
            return
        bags: dict[str, Any] = {"base": self.state.base}
        for survivor in self.state.position.survivors:
            bags[f"{survivor.id}.goods"] = survivor.goods
        for name, goods in bags.items():
            assert all(count >= 0 for _, count in goods), f"{name} holds {goods}"
        for token in self.state.position.tokens:
            assert token.count >= 1, f"token {token}"

    @precondition(lambda self: self.fresh)
    @invariant()
    def ap_never_negative(self) -> None:
        """unknown.turn.unspent-ap, unknown.mission.refugees.ap-cost: AP is never below 0,
        except in Refugees, where held refugees may drive it below."""
        if self.state is None or self.state.mission == "refugees":
            return
        for survivor in self.state.position.survivors:
            assert survivor.ap >= 0, f"{survivor.id} has {survivor.ap} AP"

    @precondition(lambda self: self.fresh)
    @invariant()
    def health_states_valid(self) -> None:
        """unknown.injury.states: every survivor is healthy, injured or incapacitated."""
        if self.state is None:
            return
        for survivor in self.state.position.survivors:
            assert survivor.health in HEALTH_STATES, f"{survivor.id}: {survivor.health!r}"

    @precondition(lambda self: self.fresh)
    @invariant()
    def incapacitated_take_no_action(self) -> None:
        """unknown.injury.incapacitated: an incapacitated survivor is offered no action."""
        if self.state is None:
            return
        node = self.node()
        if not isinstance(node, PlayerNode) or self.state.turn is None:
            return
        who = self.state.position.survivor(self.state.turn)
        if who.incapacitated:
            acts = [d for d in node.legal if isinstance(d, Action) and d.who == who.id]
            assert not acts, f"incapacitated {who.id} is offered {acts}"

    @precondition(lambda self: self.fresh)
    @invariant()
    def no_enemy_on_impassable(self) -> None:
        """unknown.tile.impassable, unknown.tile.impassable.spawn-exit: no enemy stands on a
        face-up impassable tile unless it is the spot it was first seen on (spawned), or a
        knockback still to be resolved will move it (unknown.hazard.collapse.placement: a
        Collapse laid under enemies, each fleeing in its turn of the knockback queue)."""
        if self.state is None:
            return
        kinds = catalog()
        tiles = self.state.position.tile_at
        fleeing = {
            who
            for effect in self.state.pending
            if isinstance(effect, Knockbacks)
            for who in effect.queue
        }
        for enemy in self.state.position.enemies:
            placed = tiles.get(enemy.at)
            if placed is None or placed.cleared or not kinds[placed.tile].impassable:
                continue
            if enemy.id in fleeing:
                continue
            assert self.spawned_at.get(enemy.id) == enemy.at, (
                f"{enemy.id} moved onto impassable {placed.tile} at {enemy.at}"
            )

    @precondition(lambda self: self.fresh)
    @invariant()
    def barrier_and_blaze_tokens_only_where_rules_put_them(self) -> None:
        """unknown.barrier.sources, unknown.action.create-barriers.placement,
        unknown.hazard.blaze.spread: barrier and blaze tokens lie on tiles of the map; a step
        adds them only with an event of a rule that places them; blaze tokens only while a
        Blaze tile is on the map."""
        if self.state is None:
            return
        position = self.state.position
        spots = {t.at for t in position.tiles}
        for token in position.tokens:
            if token.kind in TOKEN_PLACERS:
                assert token.at in spots, f"{token.kind} token off the map at {token.at}"
        if any(t.kind == "blaze" for t in position.tokens):
            assert any(t.tile == "blaze" for t in position.tiles), "blaze tokens with no Blaze"
        if self.before is None:
            return
        clauses = {e.clause for e in self.events}
        was = self.before.position.tokens_at
        for at, kinds in position.tokens_at.items():
            for kind, placers in TOKEN_PLACERS.items():
                if kinds.get(kind, 0) > was.get(at, {}).get(kind, 0):
                    assert clauses & set(placers), (
                        f"{kind} token(s) added on {at} with no event of {placers}: {clauses}"
                    )

    @precondition(lambda self: self.fresh)
    @invariant()
    def base_eats_one_food_per_upkeep(self) -> None:
        """unknown.turn.upkeep: base food drops by exactly one per upkeep; it changes otherwise
        only by a rule that moves food (``FOOD_MOVERS``: trades, base defense, ...)."""
        if self.state is None or self.before is None:
            return
        if any(e.clause.startswith(FOOD_MOVERS) for e in self.events):
            return
        meals = sum(1 for e in self.events if e.kind == "base_ate")
        change = food(self.state.base) - food(self.before.base)
        assert change == -meals, f"base food changed by {change} over {meals} upkeep(s)"

    def teardown(self) -> None:
        """unknown.turn.phases: the same decisions from the same start give the same state (the
        rules leave nothing to the order of play but the decisions and chance outcomes)."""
        TALLY.example(NAME, self.state, self.curated)
        if self.start is not None:
            TALLY.mark(NAME, f"{self.start.mission}: {pile_reached(self.piles, self.state)}")
        if self.start is None or self.attempt is not None:
            return  # not set up, or the engine crashed mid-decision (that failure is reported)
        state = self.start
        for decision in self.decisions:
            state = self.engine.apply(state, decision).state
        assert state == self.state, f"replaying {len(self.decisions)} decisions differs"
        if SCHEMA_AT_TEARDOWN:
            assert read_back(self.state, schema=True) == self.state, "fails the state file schema"


def replay_setup(
    machine: UnknownMachine,
) -> tuple[UnknownGame, UnknownState, tuple[tuple[str, str], ...]]:
    """The engine, the start state of a played example (its generated set-up or curated start)
    and its readings (none: the default rules)."""
    assert machine.start is not None
    return machine.engine, machine.start, ()
