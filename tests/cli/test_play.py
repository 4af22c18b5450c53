"""``btcli play GAME`` (issue #17): many orders in one process, each checked, logged and written as its
own command would, so the game file is byte for byte the one the single commands make."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.cli.helpers import init_game, ok, run
from tests.conftest import ROOT, SCENARIOS
from tests.golden.test_examples import HERE as GOLDEN
from tests.golden.test_examples import SCRIPTS

EXAMPLES = [s.stem for s in SCRIPTS]


def logged(game: Path) -> tuple[str, list[str]]:
    """Returns a game's init command and the orders of its log after it, as logged."""
    log = tomllib.loads(game.read_text(encoding="utf-8"))["log"]
    return log[0]["command"], [entry["command"] for entry in log[1:]]


def fresh(tmp_path: Path, init: str) -> Path:
    """Starts the game a logged ``init SCENARIO --seed N`` started, from the shipped scenario."""
    _, scenario, flag, seed = init.split()
    assert flag == "--seed"
    game = tmp_path / "game.toml"
    ok("init", SCENARIOS / scenario, "-o", game, "--seed", seed, "-q")
    return game


@pytest.mark.parametrize("example", EXAMPLES)
def test_every_example_played_as_a_batch_makes_the_same_game_file_byte_for_byte(example, tmp_path):
    """Each example's golden game (made by single commands, tests/golden) is made again by one
    ``btcli play`` of its logged orders, comments and blank lines between them."""
    golden = GOLDEN / example / "game.toml"
    init, orders = logged(golden)
    game = fresh(tmp_path, init)
    script = tmp_path / "orders.txt"
    script.write_text(f"# {example}: every order of its log\n\n" + "\n".join(orders) + "\n", encoding="utf-8")
    ok("play", game, "--script", script, "-q")
    assert game.read_bytes() == golden.read_bytes()


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_state_a_batch_keeps_between_orders_is_the_one_the_next_command_would_read(example):
    """``play`` reads the game once and goes on from the state in memory; that state must be the one a
    single command would read back from the file after every entry of every example."""
    from btcli.store import gamefile
    from btcli import runner
    from btcli.store.codec import state_from_dict, state_to_dict

    data = (GOLDEN / example / "game.toml").read_bytes()
    states = []
    runner.verify_text(data, each=lambda entry, state: states.append(state))
    for state in states:
        read_back = state_from_dict(tomllib.loads(gamefile.render_head(state).decode()))
        assert read_back == state and state_to_dict(read_back) == state_to_dict(state)


def singles(game: Path, orders: list[str], *flags: str) -> list[str]:
    """Runs each order as its own ``btcli VERB GAME ...`` call; returns each call's stdout."""
    import shlex

    outs = []
    for order in orders:
        verb, *rest = shlex.split(order)
        outs.append(ok(*flags, verb, game, *rest).out)
    return outs


@pytest.mark.parametrize("example", ["crossroads", "convoy-ambush", "orbital-descent"])
@pytest.mark.parametrize("flags", [(), ("--json",)], ids=["text", "json"])
def test_a_batch_prints_what_each_single_command_prints(example, flags, tmp_path):
    """Text: the lines each command prints, one after another; --json: one JSON object a line (JSON Lines),
    each the single command's (docs/json-output.md)."""
    init, orders = logged(GOLDEN / example / "game.toml")
    (tmp_path / "one").mkdir()
    (tmp_path / "many").mkdir()
    expected = singles(fresh(tmp_path / "one", init), orders, *flags)
    script = tmp_path / "orders.txt"
    script.write_text("\n".join(orders) + "\n", encoding="utf-8")
    out = ok(*flags, "play", fresh(tmp_path / "many", init), "--script", script).out
    assert out == "".join(expected).replace(str(tmp_path / "one"), str(tmp_path / "many"))  # the game's own name
    assert (tmp_path / "many" / "game.toml").read_bytes() == (tmp_path / "one" / "game.toml").read_bytes()
    if flags:
        lines = out.splitlines()
        assert len(lines) == len(orders) and [json.loads(line)["command"] for line in lines] == orders


SCRIPT = """\
# Crossroads, turn 1: initiative, then the first moves
resolve-phase

move hunchback --path F,F,F,F
move wasp --mode jump --to 0613 --facing N
  # the next order is given in the wrong phase
move hunchback --path F
move wasp --path F
"""


FIRST = ["resolve-phase", "move hunchback --path F,F,F,F", "move wasp --mode jump --to 0613 --facing N"]  # lines 2-5


def crossroads_game(tmp_path: Path, name: str = "game.toml") -> Path:
    return init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3025", name=name)


def test_the_first_refused_order_stops_the_batch_with_its_exit_code_and_line_number(tmp_path):
    game = crossroads_game(tmp_path)
    twin = crossroads_game(tmp_path, "twin.toml")
    printed = "".join(singles(twin, FIRST))
    script = tmp_path / "orders.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    alone = run("move", twin, "hunchback", "--path", "F")  # what the refused order says on its own
    result = run("play", game, "--script", script)
    assert result.code == alone.code == 3
    assert result.err == alone.err.replace("Error: ", "Error: line 7: ", 1) and result.err.count("\n") == 1
    assert result.out == printed
    assert game.read_bytes() == twin.read_bytes()  # the three orders before it written, nothing after


def test_a_batch_removes_what_killed_writes_left_behind_before_its_first_write(tmp_path):
    """As a single command does (tests/cli/test_reliability.py): once, since no btcli can leave
    another while the batch holds the game's lock."""
    game = crossroads_game(tmp_path)
    leftover = tmp_path / ".game.toml.4242.123456789.tmp"
    leftover.write_bytes(b"half a game")
    unrelated = tmp_path / ".game.toml.notes.tmp"
    unrelated.write_bytes(b"not ours")
    script = tmp_path / "orders.txt"
    script.write_text("\n".join(FIRST) + "\n", encoding="utf-8")
    ok("play", game, "--script", script, "-q")
    assert not leftover.exists() and unrelated.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.toml.notes.tmp", "game.toml", "orders.txt"]


@pytest.mark.parametrize(("line", "code", "says"), [
    ("report", 2, "'report' does not change the game: play runs only orders (move, stand, attack, drop, deploy, "
                  "resolve-phase)"),
    ("init crossroads -o other.toml", 2, "'init' does not change the game"),
    ("verify", 2, "'verify' does not change the game"),
    ("play --script x", 2, "'play' does not change the game"),
    ("fly wasp", 2, "'fly' is no btcli order"),
    ("btcli move game.toml wasp --path F", 2, "write the order without 'btcli GAME' in front"),
    ("move wasp --path F --dry-run", 2, "--dry-run writes nothing"),
    ("move wasp --pth F", 2, "cannot read 'move wasp --pth F' as a move order: no option --pth (did you mean --path?); see 'btcli move "
                                 "--help'"),
    ("move wasp --help", 2, "help is no order"),
    ("move wasp --path", 2, "--path needs a value"),
    ("move wasp F", 2, "unexpected 'F'"),
    ("move", 2, "UNIT is missing"),
    ("attack wasp --girder=yes", 2, "--girder takes no value"),
    ("move 'wasp", 2, "cannot read \"move 'wasp\": No closing quotation"),
    ("move nobody --mode stand", 2, "unknown unit 'nobody'"),
    ("move wasp --path F --path F", 2, "--path given twice"),
    ("attack wasp hunchback --wpn X", 2, "cannot read 'attack wasp hunchback --wpn X' as an attack order"),
    ("move hunchback --mode stand --dice abc", 2, "--dice"),
])
def test_a_line_that_is_no_order_is_refused_naming_its_line(tmp_path, line, code, says):
    game = crossroads_game(tmp_path)
    script = tmp_path / "orders.txt"
    script.write_text(f"resolve-phase\n{line}\nresolve-phase\n", encoding="utf-8")
    after_one = crossroads_game(tmp_path, "twin.toml")
    ok("resolve-phase", after_one, "-q")
    result = run("play", game, "--script", script)
    assert (result.code, result.err.count("\n")) == (code, 1), result.err
    assert result.err.startswith("Error: line 2: ") and says in result.err, result.err
    assert game.read_bytes() == after_one.read_bytes()


def test_play_reads_standard_input_and_writes_each_order_before_reading_the_next(tmp_path):
    """A program may give an order, read its result and the game on disk, then decide the next; the
    batch holds the game's lock all along, on each new file."""
    import fcntl

    game = crossroads_game(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "btcli", "--json", "play", str(game)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        proc.stdin.write("resolve-phase\n")
        proc.stdin.flush()
        step = json.loads(proc.stdout.readline())
        assert step["command"] == "resolve-phase" and step["after"]["phase"] == "movement"
        assert ok("verify", game).out.startswith("ok: 2 entries replayed")  # written, and it verifies
        with open(game, "rb") as f:  # the new file is locked: no other btcli call gets in between
            with pytest.raises(BlockingIOError):
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        proc.stdin.write("move hunchback --path F,F,F,F\n")
        proc.stdin.close()
        assert json.loads(proc.stdout.readline())["command"] == "move hunchback --path F,F,F,F"
        assert proc.wait(timeout=60) == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()
    with open(game, "rb") as f:  # let go at the end
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    assert ok("report", game, "--field", "revision").out == "3\n"


def test_a_refused_order_read_from_standard_input_stops_with_its_code(tmp_path):
    game = crossroads_game(tmp_path)
    twin = crossroads_game(tmp_path, "twin.toml")
    printed = "".join(singles(twin, FIRST))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "btcli", "play", str(game)], input=SCRIPT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 3 and result.stderr.startswith("Error: line 7: ") and result.stdout == printed
    assert game.read_bytes() == twin.read_bytes()


def test_a_script_from_a_pipe_is_read_as_it_comes(tmp_path):
    """``--script <(make-orders)``: the shell hands btcli a pipe as /dev/fd/N, read as its lines arrive (a named
    pipe is refused: tests/reliability/test_bounds_play_replay.py)."""
    game = crossroads_game(tmp_path)
    read, write = os.pipe()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "btcli", "play", str(game), "--script", f"/dev/fd/{read}", "-q"],
                            env=env, stderr=subprocess.PIPE, text=True, pass_fds=(read,))
    os.close(read)
    with os.fdopen(write, "w") as f:
        f.write("resolve-phase\n")
        f.flush()
        f.write("move hunchback --path F,F,F,F\n")
    assert proc.wait(timeout=60) == 0, proc.stderr.read()
    assert ok("report", game, "--field", "revision").out == "3\n"


def test_an_empty_script_does_nothing_and_a_missing_one_is_refused(tmp_path):
    game = crossroads_game(tmp_path)
    before = game.read_bytes()
    script = tmp_path / "orders.txt"
    script.write_text("# nothing yet\n\n", encoding="utf-8")
    assert ok("play", game, "--script", script).out == ""
    missing = run("play", game, "--script", tmp_path / "none.txt")
    assert missing.code == 4 and missing.err == f"Error: no script at {tmp_path / 'none.txt'}\n"
    script.write_bytes(b"resolve-phase\nmove hunchback --path \xff\n")
    result = run("play", game, "--script", script)
    assert result.code == 2 and result.err == "Error: line 2: the line is not UTF-8 text\n"
    assert game.read_bytes() != before and ok("report", game, "--field", "revision").out == "2\n"


def test_drops_commit_and_reveal_in_a_batch_as_the_single_commands_do(tmp_path):
    """The command-line forms too: ``drop UNIT --hex H`` keeps its secret as the single command does, and
    ``drop UNIT --reveal`` reads it back (the drop-zone example's turn 2)."""
    init, orders = logged(GOLDEN / "drop-zone" / "game.toml")
    first_commit = next(i for i, o in enumerate(orders) if "--commit" in o)
    game = fresh(tmp_path, init)
    script = tmp_path / "orders.txt"
    own = ["drop hunchback --hex 0810 --facing N", "drop wasp --hex 0606 --facing S", "resolve-phase",
           "move locust --mode stand", "move scorpion --mode stand", "move commando --path F,F",
           "drop hunchback --reveal", "drop wasp --reveal"]
    script.write_text("\n".join(orders[:first_commit] + own) + "\n", encoding="utf-8")
    out = ok("play", game, "--script", script).out
    assert f"landing hex kept secret in {tmp_path / 'game.blue.secrets.toml'}" in out
    assert ok("report", game, "--field", "dropping.blue").out == "\n"
    assert ok("verify", game).out.startswith("ok: ")
    (tmp_path / "json").mkdir()
    lines = ok("--json", "play", fresh(tmp_path / "json", init), "--script", script).out.splitlines()
    assert [json.loads(line)["command"].split()[:2] for line in lines] == [o.split()[:2] for o in orders[:first_commit] + own]


def test_play_help_says_what_it_reads_and_how_it_stops():
    text = " ".join(ok("play", "--help").out.split())
    for words in ("one a line as the log writes them", "standard input or --script", "# comments",
                  "Error: line N: ...", "exit code", "move, stand, attack, drop, deploy, resolve-phase", "--quiet"):
        assert words in text, words


def test_play_is_in_the_readme_and_the_json_document():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "btcli play GAME [--script FILE]" in readme and "### Scripts: many orders in one process" in readme
    assert "`btcli play`" in (ROOT / "docs" / "json-output.md").read_text(encoding="utf-8")


def test_play_runs_on_the_fast_path():
    from btcli.cli import fast

    assert fast.parse(["play", "game.toml", "--script", "x.txt"]) == ("play", {"game": "game.toml", "script": "x.txt",
                                                                              "quiet": False})

