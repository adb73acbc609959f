"""Steps for allies on the map (rulebook: Allies; Missions, Stragglers).

Allies are pieces (``UnknownPosition.allies``), not tokens: a scenario puts them on the map
after the map table, e.g. ``And 5 refugee allies stand on #base`` or ``And a refugee ally stands
on #r``; they get ids ``<kind>1``, ``<kind>2``, ... in the order given. ``Then #r holds 1
refugee ally`` counts the allies of a kind on a tile, whatever their health.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pytest_bdd import given, parsers, then, when

from engine.core.game import PlayerNode
from engine.unknown.position import Ally
from engine.unknown.state import add
from tests.steps.strict import Script
from tests.steps.unknown_map import LIST_SEPARATOR, World
from tests.steps.unknown_turn import Attempt, apply, state_of

SPOT = r"(?P<spot>[#\w,\-]+)"


def _count(word: str) -> int:
    return 1 if word in ("a", "an") else int(word)


@given(
    parsers.re(
        r"(?P<n>an?|\d+) (?P<kind>[a-z]+) (?:ally|allies) (?:stands|stand) on "
        + SPOT
        + r"(?P<down>, incapacitated)?"
    )
)
def given_allies(world: World, n: str, kind: str, spot: str, down: str | None) -> None:
    """``n`` allies of ``kind`` placed on a tile (``unknown.ally.definition``)."""
    state = state_of(world)
    at = world.place(spot)
    position = state.position
    for _ in range(_count(n)):
        taken = {p.id for p in (*position.survivors, *position.enemies, *position.allies)}
        number = 1
        while f"{kind}{number}" in taken:
            number += 1
        health = "incapacitated" if down else "healthy"
        position = position.with_ally(Ally(f"{kind}{number}", kind, at, health=health))
    world.state = replace(state, position=position)


@then(parsers.re(SPOT + r" holds (?P<n>no|\d+) (?P<kind>[a-z]+) (?:ally|allies)"))
def then_allies_on(world: World, spot: str, n: str, kind: str) -> None:
    """How many allies of ``kind`` stand on the tile."""
    found = [a.id for a in world.now.allies_at(world.place(spot)) if a.kind == kind]
    wanted = 0 if n == "no" else int(n)
    assert len(found) == wanted, f"{spot} holds {found or 'no'} {kind} allies, expected {wanted}"


@then(
    parsers.re(r"the (?P<kind>[a-z]+) ally on " + SPOT + r" is (?P<health>healthy|incapacitated)")
)
def then_ally_health(world: World, kind: str, spot: str, health: str) -> None:
    """The health of the one ally of ``kind`` on the tile (``unknown.ally.stats``)."""
    found = [a for a in world.now.allies_at(world.place(spot)) if a.kind == kind]
    assert len(found) == 1, f"{len(found)} {kind} allies on {spot}, expected 1"
    assert found[0].health == health, f"{found[0].id} is {found[0].health}, not {health}"


@given("the short version of the mission is played")
def given_short(world: World) -> None:
    """The mission's short version (``unknown.short.select``): ``UnknownState.short``."""
    world.state = replace(state_of(world), short=True)


@given(parsers.re(r"the mission card holds (?P<n>\d+) (?P<kind>[a-z_]+) tokens?"))
def given_mission_card(world: World, n: str, kind: str) -> None:
    """Counters already on the mission card (e.g. lairs cleared earlier in Onslaught)."""
    state = state_of(world)
    world.state = replace(state, mission_card=add(state.mission_card, kind, int(n)))


def damage_choices(world: World) -> list[Any]:
    """The close-combat damage assignments offered now."""
    node = world.game.node(state_of(world))
    if not isinstance(node, PlayerNode):
        return []
    return [d for d in node.legal if type(d).__name__ == "AssignDamage"]


@then(parsers.re(r"the players may give the enemies' damage to exactly: (?P<names>.+)"))
def then_damage_recipients(world: World, script: Script, names: str) -> None:
    """Who may receive the enemies' damage this round, survivors and allies alike
    (``unknown.mission.stragglers.damage-assignment``)."""
    script.examine(state_of(world))
    found = {who for d in damage_choices(world) for who, _ in d.to_survivors}
    wanted = {n.strip() for n in LIST_SEPARATOR.split(names.strip()) if n.strip()}
    assert found == wanted, (
        f"the enemies' damage may go to {sorted(found)}, expected {sorted(wanted)}"
    )


@when(parsers.re(r"the players give the enemies' damage to (?P<who>[\w\-]+)"))
def when_damage_to(world: World, attempt: Attempt, who: str) -> None:
    """The one assignment giving all of this round's enemy damage to ``who``."""
    match = [d for d in damage_choices(world) if {w for w, _ in d.to_survivors} == {who}]
    assert len(match) == 1, (
        f"{len(match)} assignments give the damage to {who}: {damage_choices(world)}"
    )
    apply(world, attempt, match[0], trying=False)
