"""Issue #29, bounded in every input: ``replay`` of a long game, ``play`` scripts and lines, and the length
of an ``Error:`` line. Each test is one row of the issue and failed before its fix; each takes a few seconds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.cli.test_replay import log_of, page_data
from tests.conftest import ROOT
from tests.reliability.conftest import build_long_game

# Starts a command and prints its wall time, its peak RSS (KiB) and its exit code. A small process of its own
# starts it, since a child's peak RSS starts at its parent's (bench/bench.py measures verify the same way).
MEASURE = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def measured(*args) -> tuple[float, float]:
    """Runs ``btcli ARGS`` to the end; returns its wall time (s) and peak memory (MiB)."""
    out = subprocess.run([sys.executable, "-c", MEASURE, sys.executable, "-m", "btcli", *map(str, args)],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert out[2] == "0", f"btcli {args} exited {out[2]}"
    return float(out[0]), int(out[1]) / 1024


def test_replay_memory_does_not_grow_with_the_log(tmp_path):
    """Row 1: the replay page was drawn from every (entry, state) pair held at once, about 140 KB an entry
    (4,000 entries: some 600 MB). Now each entry is drawn as it verifies and only what the page shares is
    kept: eight times the entries, about the same memory (README, Performance: 100,000 entries)."""
    peaks, pages = {}, {}
    for entries in (500, 4000):
        game = tmp_path / f"game{entries}.toml"
        build_long_game(game, entries)
        pages[entries] = tmp_path / f"game{entries}.html"
        _, peaks[entries] = measured("replay", game, "-o", pages[entries], "-q")
    assert peaks[4000] < 1.3 * peaks[500], peaks
    data = page_data(pages[4000].read_text(encoding="utf-8"))  # and every entry is on the page, in order
    assert [(s["seq"], s["command"]) for s in data["steps"]] == [(e["seq"], e["command"])
                                                                 for e in log_of(tmp_path / "game4000.toml")]


def play_timed(game: Path, lines: str, script: Path | None = None) -> tuple[subprocess.CompletedProcess, float]:
    """Runs ``btcli play GAME`` on ``lines`` (from ``script`` if given, else standard input); returns it and
    its wall time."""
    import time

    args = [sys.executable, "-m", "btcli", "play", str(game)]
    if script is not None:
        script.write_text(lines, encoding="utf-8")
        args += ["--script", str(script)]
    start = time.perf_counter()
    result = subprocess.run(args, input=None if script else lines, capture_output=True, text=True, timeout=120, cwd=ROOT)
    return result, time.perf_counter() - start


def test_play_refuses_a_long_line_in_linear_time(tmp_path):
    """Row 3: a line was split into words by shlex, which adds a word's characters one at a time (quadratic),
    while the game is locked: a 1.6 MB unknown unit id took 41 s, a 320,000-step path 10 s. Now the split is
    linear (``grammar.shell_split``) and a line is at most 64 KiB (standard input has no end): each is refused
    in well under a second (5 s allowed for a slow machine), with its own error, the game untouched."""
    game = tmp_path / "game.toml"
    build_long_game(game, 10)
    before = game.read_bytes()
    cases = [
        ("move " + "x" * 65_000 + " --path F\n", "Error: line 1: unknown unit 'xxx"),
        ("move wasp --path " + ",".join(["F"] * 32_000) + "\n", "Error: line 1: path too long"),
        ('move "' + 'x\\"' * 21_000 + '" --path F\n', "Error: line 1: unknown unit 'x\"x"),
        ("move wasp --path " + "F" * 20_000_000 + "\n",
         "Error: line 1: the line is over play's limit of 65,536 bytes a line"),
    ]
    for i, (line, error) in enumerate(cases):
        for script in (tmp_path / f"orders{i}.txt", None):  # a file, and standard input
            result, seconds = play_timed(game, line, script)
            assert result.returncode == 2 and result.stderr.startswith(error), result.stderr[:200]
            assert seconds < 5, (i, script, seconds)
    assert game.read_bytes() == before


def test_every_error_line_is_bounded(tmp_path):
    """Row 4: an unknown unit id of 400,000 characters in a ``play`` line was echoed whole, a 400 KB ``Error:``
    line. Every command's error lines pass through one place (``btcli.cli._one_line``): a long value keeps its
    start and end and says its length, and a line stays under about 2,000 characters whatever it quotes."""
    game = tmp_path / "game.toml"
    build_long_game(game, 10)
    long_id, spaced = "x" * 400_000, "a " * 30_000
    missing = tmp_path / ("z" * 200) / ("z" * 200 + ".toml")
    cases = [
        (["play", game], f"move {long_id[:60_000]} --path F\n", "'... (60,000 characters) (units: "),
        (["play", game], f"move wasp {spaced}\n", "characters left out ...]"),
        (["move", game, "y" * 100_000, "--path", "F"], None, "(100,000 characters) (units: "),
        (["report", missing], None, f"zzz.toml ({len(str(missing)):,} characters)"),
        (["move", game, "wasp", "--" + "q" * 100_000], None, "(100,002 characters)"),  # Typer's own message
    ]
    for args, stdin, shown in cases:
        result = subprocess.run([sys.executable, "-m", "btcli", *map(str, args)], input=stdin, capture_output=True,
                                text=True, timeout=60, cwd=ROOT)
        assert result.returncode in (2, 4) and result.stderr.startswith("Error: "), result.stderr[:300]
        assert result.stderr.count("\n") == 1 and len(result.stderr) < 2100, (args[0], len(result.stderr))
        assert shown in result.stderr, result.stderr
