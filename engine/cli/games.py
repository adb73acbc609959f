"""``rulings games``: the games the registry knows (PRINCIPLES §9), one per line, name first."""

from __future__ import annotations

import click

from engine.cli.params import echo_json, json_option
from engine.core import registry


@click.command(
    "games",
    short_help="List the registered games.",
    epilog="""\b
Examples:
  rulings games
  rulings games --json
""",
)
@json_option
def games_command(as_json: bool) -> None:
    """List every registered game, one per line: its name (what position files' game key and
    the GAME argument of play, sweep, record, fuzz and verify take), its title and what it is.
    A game registers itself as an entry point in the rulings.games group (see the README's
    "Adding a game")."""
    specs = registry.games()
    if as_json:
        echo_json(
            {
                "games": [
                    {
                        "name": spec.name,
                        "title": spec.title,
                        "summary": spec.summary,
                        "package": spec.package,
                        "clauses": str(spec.clauses),
                        "ledger": str(spec.ledger) if spec.ledger else None,
                        "features": str(spec.features),
                    }
                    for spec in specs.values()
                ]
            }
        )
        return
    width = max(len(name) for name in specs)
    for spec in specs.values():
        click.echo(f"{spec.name:<{width}}  {spec.title}: {spec.summary}")
