"""Runs btcli in-process the way the console script does, capturing output and exit code."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass

from btcli.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str


def run(*args: str) -> Result:
    """Runs ``btcli ARGS`` through ``main`` (so exit codes and 'Error:' lines are the real ones)."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Result(code, out.getvalue(), err.getvalue())


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.code == 0, f"btcli {' '.join(map(str, args))} failed: {result.err}"
    return result
