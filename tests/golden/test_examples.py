"""Golden tests: every example script, run with its fixed seed, must reproduce its
checked-in output and final game file byte for byte (design.md, Tests).

Regenerate after an intended change with ``python -m pytest tests/golden --regen-golden``
and review the diff like code.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES

HERE = Path(__file__).resolve().parent
SCRIPTS = sorted(EXAMPLES.glob("*.sh")) + sorted(EXAMPLES.glob("pbem/*.sh"))


def _btcli_command() -> str:
    """Returns how to call btcli from a script: the installed console script, else this Python."""
    found = shutil.which("btcli", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    return found or f"{sys.executable} -m btcli"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_example_reproduces_its_golden_output_and_game_file(script: Path, tmp_path: Path, regen_golden: bool):
    # Salts are random in play; here they are reproducible, or no golden could hold the commitments.
    env = {**os.environ, "BTCLI": _btcli_command(), "COLUMNS": "120", "BTCLI_REPRODUCIBLE_SALTS": "golden"}
    result = subprocess.run(
        ["bash", str(script), "game.toml"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    golden = HERE / script.stem
    outputs = {"stdout.txt": result.stdout, "game.toml": (tmp_path / "game.toml").read_text(encoding="utf-8")}
    if regen_golden:
        golden.mkdir(exist_ok=True)
        for name, text in outputs.items():
            (golden / name).write_text(text, encoding="utf-8")
        pytest.skip("golden files regenerated")
    for name, text in outputs.items():
        expected = (golden / name).read_text(encoding="utf-8")
        assert text == expected, f"{script.name}: {name} differs from {golden / name}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_example_game_file_verifies(script: Path):
    from btcli.runner import verify_text

    count = verify_text((HERE / script.stem / "game.toml").read_bytes()).count
    assert count > 1


# The Convoy Ambush example exists to show every asset event of issue #12 at least once; a change that
# loses one (a new seed, another plan, a changed message) must fail here, not pass with a silently
# poorer golden.
CONVOY_EVENTS = {
    "a destruction check that destroys (ASSET-DMG-03)": r"^\w[\w-]* is destroyed: the check succeeded \(ASSET-DMG-03\)$",
    "a check survived with wear (ASSET-DMG-12)": r"^\w[\w-]* survives: check TN (\d+) -> \d+, wear -1 \(ASSET-DMG-12\)$",
    "anti-infantry wear (ASSET-DMG-07)": r"^rifles survives: check TN \d+ -> \d+, anti-infantry wear -2 \(ASSET-DMG-07\)$",
    "rear-arc doubling (ASSET-DMG-10)": r"^  maxim takes \d+ damage from \w+ \(doubled from the rear\): \d+ this turn$",
    "area effect doubled against infantry (ASSET-DMG-08)": r"\(area effect doubled against infantry\)",
    "an artillery hit": r"^longtom's Long Tom strikes \d{4} \(\d+ vs \d+\)$",
    "an artillery scatter": r"^the shell scatters \d+ hexes \w+ of \d{4} to \d{4}$",
    "the deployment phase (ASSET-DEP)": r"^deployment phase ends; initiative phase of turn 1 begins$",
    "the end of the game": r"^game over: ",
}


@pytest.mark.parametrize("event", CONVOY_EVENTS, ids=list(CONVOY_EVENTS))
def test_convoy_ambush_golden_shows_every_asset_event(event: str):
    import re

    log = (HERE / "convoy-ambush" / "stdout.txt").read_text(encoding="utf-8")
    assert re.search(CONVOY_EVENTS[event], log, re.M), f"the convoy-ambush golden lost {event}"
