"""The MegaMek fixtures (issue #16): small files written for btcli's tests in MegaMek's formats
(/work/shared/spec/megamek-formats.md), never MegaMek's own data. ``fixtures/data`` is laid out as a
MegaMek data folder; ``fixtures/bad`` holds a truncated .mtf, one with an unknown weapon and a board
with an unknown terrain."""

from __future__ import annotations

from pathlib import Path

from btcli.megamek.convert import Source, import_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"
DATA = FIXTURES / "data"
BAD = FIXTURES / "bad"


def imported(path: Path | str, lenient: bool = False) -> dict:
    """Returns what a fixture file holds, in the scenario's form."""
    return import_file(str(path), Source(str(DATA), lenient))[2]


def lenient(path: Path | str) -> tuple[dict, list[str]]:
    """Returns what a file holds read leniently, and what was left out."""
    source = Source(str(DATA), True)
    return import_file(str(path), source)[2], source.left_out
