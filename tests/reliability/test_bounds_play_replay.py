"""Bounds on ``play``, ``replay`` and the ``Error:`` line (issue #29): a named pipe given as a script, lines of
megabytes, a 100,000-character id echoed in an error, and the replay page of a long game. Real ``btcli``
processes; each test failed before issue #29 (a block, seconds to minutes, a 400 KB line, gigabytes)."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from tests.cli.helpers import init_game
from tests.conftest import SCENARIOS
from tests.reliability.conftest import BTCLI

_MEASURE = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def btcli(*args, stdin: bytes = b"", timeout: float = 30, **keys) -> subprocess.CompletedProcess:
    return subprocess.run([*BTCLI, *map(str, args)], input=stdin, capture_output=True, timeout=timeout, **keys)


@pytest.fixture
def game(tmp_path) -> Path:
    return init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "5", "-q")


def one_error_line(result: subprocess.CompletedProcess, code: int) -> str:
    err = result.stderr.decode()
    assert result.returncode == code, err[:300]
    assert err.startswith("Error: ") and err.count("\n") == 1, err[:300]
    return err


# -- play --script: a named pipe is refused at once; a process substitution's pipe is read --------------------


def test_play_refuses_a_named_pipe_at_once(game, tmp_path):
    fifo = tmp_path / "orders.fifo"
    os.mkfifo(fifo)
    before = game.read_bytes()
    err = one_error_line(btcli("play", game, "--script", fifo, timeout=10), 4)  # blocked in open() before
    assert "not a regular file (a named pipe)" in err and game.read_bytes() == before


def test_play_reads_the_pipe_of_a_process_substitution(game):
    read, write = os.pipe()
    os.write(write, b"resolve-phase --dice 8,5\n")
    os.close(write)
    try:
        result = btcli("play", game, "--script", f"/dev/fd/{read}", pass_fds=(read,))
    finally:
        os.close(read)
    assert result.returncode == 0, result.stderr
    assert b"movement phase of turn 1 begins" in result.stdout


# -- long play lines: refused in linear time, with a short error -------------------------------------------


@pytest.mark.parametrize("line", [
    b"move " + b"w" * 1_600_000,  # an unknown unit id of 1.6 MB: 41 s before
    b"move wasp --path " + b"F," * 320_000 + b"F",  # a 320,000-step path: 10 s
    b"move wasp --mode walk --path F" + b" " * 20_000_000,  # a 20 MB line: over 60 s
])
def test_a_long_play_line_is_refused_at_once(game, line):
    before = game.read_bytes()
    start = time.perf_counter()
    err = one_error_line(btcli("play", game, stdin=line + b"\n"), 2)
    assert time.perf_counter() - start < 10
    assert "line 1: the line is over play's limit of 65,536 bytes" in err and len(err) < 200
    assert game.read_bytes() == before


def test_a_long_play_line_in_a_script_file_is_refused_at_once(game, tmp_path):
    script = tmp_path / "orders.txt"
    script.write_bytes(b"resolve-phase --dice 8,5\n" + b"move " + b"w" * 1_600_000 + b"\n")
    err = one_error_line(btcli("play", game, "--script", script), 2)
    assert "line 2:" in err and len(err) < 200


def test_an_unknown_id_just_under_the_line_limit_is_answered_quickly_and_shortly(game):
    start = time.perf_counter()
    err = one_error_line(btcli("play", game, stdin=b"move " + b"w" * 60_000 + b"\n"), 2)
    assert time.perf_counter() - start < 10
    assert "unknown unit 'wwww" in err and "(60,000 characters)" in err and len(err) < 400


# -- the Error: line: bounded, no control characters -------------------------------------------------------


def test_an_error_line_is_bounded_whatever_it_quotes(game):
    err = one_error_line(btcli("move", game, "w" * 100_000, "--mode", "stand"), 2)  # 400 KB in play before
    assert len(err) < 1_200


def test_an_error_line_shows_no_control_character(game):
    err = one_error_line(btcli("move", game, "\x1b]0;owned\x07\x1b[2J", "--mode", "stand"), 2)
    assert "\x1b" not in err and "\x07" not in err and "\\x1b" in err
