"""What the CLI tests share: running ``rulings`` in-process and checking one-line errors."""

from __future__ import annotations

from click.testing import CliRunner, Result

from engine.cli.main import cli


def run(*args: str, stdin: str | None = None) -> Result:
    """``rulings ARGS`` run in-process, with ``stdin`` as its input."""
    return CliRunner().invoke(cli, list(args), input=stdin)


def one_line_error(result: Result, code: int, prefix: str) -> str:
    """Exit ``code``, nothing on stdout, one stderr line starting with ``prefix``, no traceback."""
    assert result.exit_code == code, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(prefix), lines[0]
    return lines[0]
