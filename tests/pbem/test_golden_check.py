"""The golden scenario check recipe, examples/golden/check.sh (issue #34, item 4): a scenario's scripted
game with a fixed seed against its recorded final state hash and reports: one OK line, or a readable diff
that says whether the game itself changed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import EXAMPLES

GOLDEN = EXAMPLES / "golden"
ORDERS = GOLDEN / "crossroads-turn-1.orders"
EXPECTED = GOLDEN / "crossroads-turn-1.expected.md"


def _check(tmp_path: Path, *args: object) -> subprocess.CompletedProcess:
    found = shutil.which("btcli", path=os.path.dirname(sys.executable))
    work = tmp_path / "tmp"
    work.mkdir(exist_ok=True)
    env = {**os.environ, "BTCLI": found or f"{sys.executable} -m btcli", "TMPDIR": str(work)}
    done = subprocess.run(["bash", str(GOLDEN / "check.sh"), *map(str, args)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert list(work.iterdir()) == []  # the temporary folder is removed
    return done


def test_the_shipped_golden_check_passes_with_one_line(tmp_path: Path):
    done = _check(tmp_path, "crossroads", ORDERS, 5, EXPECTED)
    assert (done.returncode, done.stderr) == (0, "")
    hash_line = EXPECTED.read_text(encoding="utf-8").split("\n")[0]
    assert done.stdout == f"OK: crossroads with crossroads-turn-1.orders, seed 5: {hash_line}\n"


def test_record_writes_what_the_check_compares_against(tmp_path: Path):
    recorded = tmp_path / "expected.md"
    done = _check(tmp_path, "crossroads", ORDERS, 5, recorded, "--record")
    assert done.returncode == 0 and done.stdout.startswith(f"recorded {recorded} (final state hash: ")
    assert recorded.read_text(encoding="utf-8") == EXPECTED.read_text(encoding="utf-8")
    text = recorded.read_text(encoding="utf-8")
    assert "\n### 16 entries (1-16) from turn 1 setup phase; now turn 2 initiative phase\n" in text
    assert "\n# Crossroads\n" in text  # the Markdown report follows the log in words


def test_a_game_that_plays_differently_fails_with_a_diff_of_the_hash_and_the_events(tmp_path: Path):
    orders = tmp_path / "orders"
    orders.write_text(ORDERS.read_text(encoding="utf-8").replace("move wasp --path F,F", "move wasp --path F"),
                      encoding="utf-8")
    done = _check(tmp_path, "crossroads", orders, 5, EXPECTED)
    assert done.returncode == 1
    lines = done.stdout.split("\n")
    assert lines[0] == "DIFFERS: the final state hash changed, so the game played differently:"
    assert lines[1] == f"--- {EXPECTED} (recorded)" and lines[2] == "+++ now"
    assert "-  - wasp walks 0616 -> 0614 facing N: 2 MP, 2 hexes" in lines
    assert "+  - wasp walks 0616 -> 0615 facing N: 1 MP, 1 hex" in lines


def test_a_reworded_report_with_the_same_hash_says_only_the_wording_differs(tmp_path: Path):
    expected = tmp_path / "expected.md"
    expected.write_text(EXPECTED.read_text(encoding="utf-8").replace("wasp walks", "wasp strolls"), encoding="utf-8")
    done = _check(tmp_path, "crossroads", ORDERS, 5, expected)
    assert done.returncode == 1
    assert done.stdout.startswith("DIFFERS: the same final state hash, so the game played the same; only the "
                                  "wording or the report differs:\n")
    assert "-  - wasp strolls 0616 -> 0614 facing N: 2 MP, 2 hexes\n+  - wasp walks 0616 -> 0614" in done.stdout


def test_bad_input_is_one_error_line_and_exit_2(tmp_path: Path):
    done = _check(tmp_path, "crossroads", ORDERS, 5)
    assert (done.returncode, done.stdout) == (2, "") and done.stderr == \
        "usage: check.sh SCENARIO ORDERS SEED EXPECTED [--record]\n"
    done = _check(tmp_path, "crossroads", tmp_path / "none", 5, EXPECTED)
    assert done.returncode == 2 and done.stderr == f"Error: {tmp_path / 'none'}: no such file\n"
    done = _check(tmp_path, "crossroads", ORDERS, 5, tmp_path / "new.md")
    assert done.returncode == 2 and done.stderr.endswith("no such file (record it first with --record)\n")
    done = _check(tmp_path, "no-such-scenario", ORDERS, 5, EXPECTED)
    assert done.returncode != 0 and done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1
