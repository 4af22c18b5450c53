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
    from btcli.store.journal import verify_text

    count = verify_text((HERE / script.stem / "game.toml").read_bytes()).count
    assert count > 1
