"""The console script's entry (issue #17): ``main``, then ``os._exit`` without the interpreter's shutdown,
with every output flushed and every file written first, and the same exit codes, a closed pipe included."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

import pytest

from btcli.cli import main
from tests.cli.helpers import init_game, ok, run
from tests.conftest import ROOT, SCENARIOS

ENTRY = "from btcli.cli import entry; entry()"


def entry(*args, buffered: bool = True, stdout=subprocess.PIPE, prelude: str = "") -> subprocess.CompletedProcess:
    """Runs ``btcli ARGS`` through the console script's function in a new process. ``buffered``: standard
    output as a console script has it (this machine sets PYTHONUNBUFFERED, which writes at once)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if buffered:
        env.pop("PYTHONUNBUFFERED", None)
    else:
        env["PYTHONUNBUFFERED"] = "1"
    return subprocess.run([sys.executable, "-c", prelude + ENTRY, *map(str, args)], env=env, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


def test_the_console_script_is_the_entry():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"btcli": "btcli.cli:entry", "btcli-hook": "btcli.cli.hooks:main"}  # the hooks' (issue #34)


def test_it_prints_and_exits_as_main_does_without_the_interpreter_shutdown():
    done = entry("--version", prelude="import atexit; atexit.register(lambda: print('shut down'));")
    assert (done.returncode, done.stdout, done.stderr) == (0, "btcli 0.1.0\n", "")  # no 'shut down': os._exit
    refused = entry("report", "no-such-game.toml")
    assert (refused.returncode, refused.stdout) == (4, "")
    assert refused.stderr == run("report", "no-such-game.toml").err
    assert entry("move").returncode == 2  # a usage error, through Typer


def test_main_itself_still_exits_by_raising():
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_an_order_is_written_and_its_output_complete_before_the_process_ends(tmp_path, buffered):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025")
    twin = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025", name="twin.toml")
    expected = ok("resolve-phase", twin).out
    with open(tmp_path / "out.txt", "w") as out:  # a file: block-buffered, flushed only by the entry
        done = entry("resolve-phase", game, buffered=buffered, stdout=out)
    assert done.returncode == 0 and done.stderr == ""
    assert (tmp_path / "out.txt").read_text() == expected
    assert game.read_bytes() == twin.read_bytes()
    assert ok("verify", game).out.startswith("ok: 2 entries replayed")
    report = entry("report", game, "--format", "json", buffered=buffered)  # ~20 KB, more than one buffer
    # the report names its game in the next command: the twin's name, read as this game's
    assert report.returncode == 0 and report.stdout == ok("report", twin, "--format", "json").out.replace(
        str(twin), str(game))


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_closed_pipe_gives_141_and_no_shutdown_noise(tmp_path, buffered):
    """``btcli report GAME | head``, the reader gone: the game is untouched, exit 141, nothing on stderr
    (the interpreter's shutdown would say 'Exception ignored ... BrokenPipeError' and exit 120)."""
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025")
    read, write = os.pipe()
    os.close(read)
    try:
        done = entry("report", game, buffered=buffered, stdout=write)
        moved = entry("resolve-phase", game, buffered=buffered, stdout=write)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, "")
    assert (moved.returncode, moved.stderr) == (141, "")
    assert ok("report", game, "--field", "revision").out == "2\n"  # the order was written before its output failed


def test_a_full_disk_under_standard_output_is_one_error_line_and_exit_1(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025")
    with open("/dev/full", "w") as full:
        done = entry("report", game, stdout=full)
    assert (done.returncode, done.stderr) == (1, "Error: cannot write the output: No space left on device\n")
    with open("/dev/full", "w") as full:  # a failing command keeps its own exit code
        refused = entry("move", game, "nobody", "--mode", "stand", stdout=full)
    assert refused.returncode == 2 and refused.stderr.startswith("Error: unknown unit 'nobody'")


@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_full_disk_met_during_the_command_is_no_internal_error(tmp_path, buffered):
    """Unbuffered output (PYTHONUNBUFFERED, as in many containers) or an output larger than the buffer (the
    JSON report) meets the full disk while the command runs, not at the last flush: the same one line,
    never 'internal error ... this is a bug'."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025")
    for args in (("report", game), ("report", game, "--json"), ("report", game, "--format", "markdown")):
        with open("/dev/full", "w") as full:
            done = entry(*args, buffered=buffered, stdout=full)
        assert (done.returncode, done.stderr) == (1, "Error: cannot write the output: No space left on device\n")


def test_a_closed_standard_output_or_error_is_no_internal_error(tmp_path):
    """``btcli ... >&-`` or ``2>&-``: Python starts with sys.stdout (sys.stderr) None; btcli runs as with
    /dev/null there, keeping its exit codes (was: exit 1 'internal error', or no exit 2 for a bad unit)."""
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025")
    closed_out = "import os, sys; os.close(1); sys.stdout = None;"
    closed_err = "import os, sys; os.close(2); sys.stderr = None;"
    assert entry("report", game, prelude=closed_out).returncode == 0
    assert entry("report", game, "--json", prelude=closed_out).returncode == 0
    assert entry("move", game, "nobody", "--mode", "stand", prelude=closed_err).returncode == 2
    assert entry("resolve-phase", game, prelude=closed_out + closed_err[len("import os, sys;"):]).returncode == 0
    assert ok("report", game, "--field", "phase").out == "movement\n"
