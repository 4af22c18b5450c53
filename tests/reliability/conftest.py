"""Shared pieces of the crash, concurrency and fuzz suite (issue #10): real ``btcli`` processes.

``BTCLI_RELIABILITY_ROUNDS`` multiplies the rounds each test runs (default 1, sized for CI; the
README's reliability figures were measured with a larger multiplier).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BTCLI = [sys.executable, "-m", "btcli"]


def rounds(base: int) -> int:
    """Returns how many rounds a test runs: ``base`` times the BTCLI_RELIABILITY_ROUNDS multiplier."""
    return base * max(1, int(os.environ.get("BTCLI_RELIABILITY_ROUNDS", "1")))


def btcli(*args, check: bool = True, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Runs one btcli process to the end."""
    result = subprocess.run([*BTCLI, *map(str, args)], capture_output=True, text=True, cwd=cwd)
    if check and result.returncode != 0:
        raise AssertionError(f"btcli {' '.join(map(str, args))} exited {result.returncode}: {result.stderr}")
    return result


def start(*args, cwd: Path | None = None) -> subprocess.Popen:
    return subprocess.Popen([*BTCLI, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd)


@pytest.fixture(scope="session", autouse=True)
def compiled() -> None:
    """Compiles btcli's bytecode once (this machine sets PYTHONDONTWRITEBYTECODE, as bench/ notes)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "btcli")], check=True)


def build_long_game(path: Path, entries: int) -> str:
    """Writes a Crossroads game of ``entries`` entries (bench/bench.py's builder); returns a unit that
    may move next."""
    spec = importlib.util.spec_from_file_location("btcli_bench", ROOT / "bench" / "bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.build_game(path, entries)


def log_entries(path: Path) -> int:
    return path.read_bytes().count(b"\n[[log]]\n") + path.read_bytes().startswith(b"[[log]]\n")


def check_reveal_matches(game: Path, secrets: Path) -> None:
    """The secrets file's record hashes to the game's commitment (what --reveal checks, DROP-06)."""
    from btcli.model.hexgrid import Facing, HexId
    from btcli.rules.drops.dropping import commitment
    from btcli.store import gamefile
    from btcli.store.secrets import lookup

    state = gamefile.load(game).state
    record = lookup(str(secrets), game, "wasp")
    digest = commitment(record["salt"], "wasp", HexId.parse(record["hex"]), Facing.parse(record["facing"]))
    assert f'"{digest}"' in game.read_text(encoding="utf-8"), (state.turn, record)
