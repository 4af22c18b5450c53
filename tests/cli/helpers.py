"""Runs btcli in-process the way the console script does, capturing output and exit code; starts games
from a scenario file or scenario text (``init_game``), reads a game's report and a command's events
(``report_units``, ``json_events``) and checks refusals (``assert_refused``)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from btcli.cli import main


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def unwrapped(self) -> str:
        """The output with the text report's wrapped lines (continued after 4 spaces) joined again."""
        return re.sub(r"\n {4,}", " ", self.out)


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


def report_units(game: Path) -> dict[str, dict]:
    """Returns the units of ``btcli report GAME --format json``, by id."""
    return {u["id"]: u for u in json.loads(ok("report", game, "--format", "json").out)["units"]}


def json_events(result: Result) -> list[dict]:
    """Returns the events of a command run with ``--json``."""
    return json.loads(result.out)["events"]


def assert_refused(path: Path, code: int, *args, contains: str = "") -> str:
    """Checks ``btcli ARGS`` fails with ``code`` and one 'Error:' line, leaving the game file unchanged."""
    before = path.read_bytes()
    result = run(*args)
    assert result.code == code, (result.code, result.err)
    assert result.err.startswith("Error: ") and result.err.count("\n") == 1, result.err
    assert contains in result.err
    assert path.read_bytes() == before
    return result.err


def init_game(folder: Path, scenario: Path | str, *options: str, name: str = "game.toml",
              scenario_name: str = "scenario.toml") -> Path:
    """Runs ``btcli init`` and returns the new game file ``folder/name``. ``scenario`` is a scenario file, or
    scenario TOML text, written first to ``folder/scenario_name``; ``options`` are more ``init`` options."""
    if isinstance(scenario, str):
        text, scenario = scenario, folder / scenario_name
        scenario.write_text(text, encoding="utf-8")
    path = folder / name
    ok("init", scenario, "-o", path, *options)
    return path


def game_from_state(path: Path, state) -> Path:
    """Writes a new game file whose first entry starts from ``state`` (a state no scenario can set up,
    e.g. a fighter already out of control), as ``btcli init`` would, and returns its path."""
    from btcli.store import gamefile, journal

    state, entry = journal.init_entry(state, "init test-state.toml")
    gamefile.create(path, state, entry)
    return path


def hunchback_against(red: dict, hunchback: str = "0505", **keys) -> str:
    """A scenario text: blue's Hunchback HBK-4G 'hunchback' in ``hunchback`` facing north against one red unit
    (``red``, a ``tests.builders.design`` entry), on a clear 10 x 10 map unless ``keys`` (``scenario_text``'s:
    ``width``, ``hexes``, ``name``, ``seed``, ``turn_limit``, ...) say otherwise. The previews' and the commands'
    tests' games (they were inline scenario texts, each with its own copy of the map and sides)."""
    from tests.builders import design, scenario_text

    return scenario_text(design("Hunchback HBK-4G", "hunchback", at=hunchback, side="blue"), red,
                         sides=("blue", "red"), **keys)


def hunchback_edgar_wasp(folder: Path, hunchback: str = "0505", edgar: str = "0305", wasp: str = "0705",
                         wasp_facing: str = "S", weapon_phase: bool = True) -> Path:
    """A clear 10 x 10 game: blue's Hunchback and J. Edgar hover tank facing north, red's Wasp, in the hexes given;
    with ``weapon_phase``, blue loses the initiative and
    every unit stands (``btcli stand``) into the weapon attack phase (issue #33's arc and wording tests)."""
    from tests.builders import design, scenario_text

    text = scenario_text(design("Hunchback HBK-4G", "hunchback", at=hunchback, side="blue"),
                         design("J. Edgar Light Hover Tank", "edgar", at=edgar, side="blue"),
                         design("Wasp WSP-1A", "wasp", at=wasp, facing=wasp_facing), sides=("blue", "red"))
    game = init_game(folder, text)
    if weapon_phase:
        ok("resolve-phase", game, "--dice", "2,12", "-q")  # blue loses: blue, red, blue
        ok("stand", game, "hunchback", "wasp", "edgar", "-q")
        ok("resolve-phase", game, "-q")
    return game
