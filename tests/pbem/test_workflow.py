"""The play-by-email workflow of examples/pbem/workflow (issue #34, item 3): the turn-cycle script, run by
two players against a local bare repository standing in for the remote, and the GitHub Actions workflow,
whose shell steps are run here on a sample game as the runner would run them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import ok, run
from tests.conftest import EXAMPLES, SCENARIOS
from tests.gitrepo import ENV, GIT, git

yaml = pytest.importorskip("yaml")

WORKFLOW = EXAMPLES / "pbem" / "workflow"
pytestmark = pytest.mark.skipif(GIT is None, reason="git is not installed")


def _btcli_command() -> str:
    """How a script calls btcli: the installed console script beside this Python, else this Python."""
    found = shutil.which("btcli", path=os.path.dirname(sys.executable))
    return found or f"{sys.executable} -m btcli"


def _hook_bin(tmp_path: Path) -> Path:
    """A folder holding ``btcli-hook``: the installed console script's, else a stand-in for it."""
    here = Path(sys.executable).parent
    if (here / "btcli-hook").exists() and (here / "btcli").exists():
        return here
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name, module in (("btcli-hook", "btcli.cli.hooks"), ("btcli", "btcli")):
        shim = folder / name
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m {module} "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    return folder


@pytest.fixture
def players(tmp_path: Path) -> dict[str, Path]:
    """A bare remote holding a freshly set up Crossroads game, and blue's and red's clones of it."""
    git(tmp_path, "init", "-q", "--bare", "-b", "main", "remote.git")
    clones = {}
    for player in ("blue", "red"):
        git(tmp_path, "clone", "-q", "remote.git", player)
        git(tmp_path / player, "config", "user.name", f"{player} player")
        git(tmp_path / player, "config", "user.email", f"{player}@example.com")
        clones[player] = tmp_path / player
    blue = clones["blue"]
    ok("init", SCENARIOS / "crossroads.toml", "-o", blue / "game.toml", "--seed", "11", "-q")
    (blue / ".gitattributes").write_text("*.toml -text\n", encoding="utf-8")
    git(blue, "add", "game.toml", ".gitattributes")
    git(blue, "commit", "-qm", "Crossroads set up")
    git(blue, "push", "-q", "-u", "origin", "main")
    git(clones["red"], "pull", "-q")
    return clones


def _turn(clone: Path, orders: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in ENV.items() if not k.startswith(("GIT_AUTHOR", "GIT_COMMITTER"))}
    env["BTCLI"] = _btcli_command()
    done = subprocess.run(["bash", str(WORKFLOW / "turn.sh"), "game.toml"], cwd=clone, input=orders, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done


def test_a_turn_cycle_pulls_shows_what_happened_plays_commits_with_the_summary_and_pushes(players, tmp_path,
                                                                                        monkeypatch):
    blue, red = players["blue"], players["red"]
    red_turn = _turn(red, "# red rolls initiative\nresolve-phase\n")
    assert "--- since your last turn:" not in red_turn.stdout  # nothing new for red yet
    monkeypatch.chdir(red)  # the game named as the script names it
    summary = ok("report", "game.toml", "--since", "1").out
    assert red_turn.stdout.endswith("--- committed and pushed:\n" + summary)
    assert git(red, "log", "-1", "--pretty=format:%an|%B").stdout == "red player|" + summary

    unit = ok("report", red / "game.toml", "--field", "unmoved." + ok("report", red / "game.toml", "--field",
                                                                      "next_to_move").out.strip()).out.split()[0]
    blue_turn = _turn(blue, f"move {unit} --mode stand\n")
    assert blue_turn.stdout.startswith("--- since your last turn:\n" + summary)  # red's turn, in words
    assert f"  3. move {unit} --mode stand\n     {unit} stands still in " in blue_turn.stdout
    assert git(tmp_path / "remote.git", "log", "--format=%an").stdout.split() == \
        ["blue", "player", "red", "player", "blue", "player"]
    assert git(tmp_path / "remote.git", "log", "-1", "--format=%s").stdout.startswith(
        "1 entry (3) from turn 1 movement phase; now turn 1 movement phase")

    looked = _turn(red, "")  # no orders: red pulls, verifies and reads blue's turn
    assert looked.stdout.startswith("--- since your last turn:\n1 entry (3) from turn 1 movement phase")
    assert looked.stdout.endswith("--- no orders: nothing to commit\n")
    assert ok("verify", red / "game.toml").out.startswith("ok: 3 entries replayed")


def test_a_turn_with_an_illegal_order_commits_nothing(players):
    red = players["red"]
    env = {**ENV, "BTCLI": _btcli_command()}
    done = subprocess.run(["bash", str(WORKFLOW / "turn.sh"), "game.toml"], cwd=red, input="move nobody --path F\n",
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "Error: " in done.stderr
    assert git(red, "log", "--format=%s").stdout == "Crossroads set up\n"
    assert git(red, "status", "--porcelain").stdout == ""


def _workflow() -> dict:
    return yaml.safe_load((WORKFLOW / "btcli.yml").read_text(encoding="utf-8"))


def test_the_ci_workflow_is_a_github_actions_workflow_run_on_every_push():
    flow = _workflow()
    assert flow["name"] == "btcli" and set(flow[True]) == {"push", "pull_request"}  # YAML 1.1 reads "on" as true
    steps = flow["jobs"]["games"]["steps"]
    assert [s.get("uses", "").split("@")[0] for s in steps if "uses" in s] == \
        ["actions/checkout", "actions/setup-python", "actions/upload-artifact"]
    assert steps[0]["with"]["fetch-depth"] == 2


def _run_steps(repo: Path, summary: Path, tmp_path: Path) -> list[subprocess.CompletedProcess]:
    """Runs the workflow's ``run`` steps after the install in ``repo`` with bash -e, as the runner does."""
    env = {**ENV, "GITHUB_STEP_SUMMARY": str(summary), **_workflow()["env"],
           "PATH": f"{_hook_bin(tmp_path)}{os.pathsep}{ENV.get('PATH', '')}"}
    done = []
    for step in _workflow()["jobs"]["games"]["steps"]:
        if "run" in step and step["name"] != "Install btcli":
            done.append(subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env=env, capture_output=True,
                                       text=True, timeout=300))
    return done


def test_the_ci_workflow_verifies_every_game_and_publishes_its_report_and_map(tmp_path: Path):
    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", "-b", "main", "repo")
    (repo / "games").mkdir()
    ok("init", SCENARIOS / "crossroads.toml", "-o", repo / "games" / "cross.toml", "--seed", "2", "-q")
    shutil.copy(SCENARIOS / "crossroads.toml", repo / "scenario.toml")  # a scenario: not a game, not verified
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "set up")
    ok("resolve-phase", repo / "games" / "cross.toml", "-q")
    git(repo, "commit", "-qam", "initiative")
    summary = tmp_path / "summary.md"
    verified, reported = _run_steps(repo, summary, tmp_path)
    assert verified.returncode == 0 and verified.stdout == "games/cross.toml: ok, 2 entries replayed\n"
    assert reported.returncode == 0, reported.stderr
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("# Crossroads\n")
    assert "\n## What happened in this commit\n\n### 1 entry (2) from turn 1 initiative phase" in text
    assert text.endswith("\nMap: `btcli-maps/games-cross.svg` (artifact btcli-maps)\n\n")
    assert (repo / "btcli-maps" / "games-cross.svg").read_bytes().startswith(b"<svg")


def test_the_ci_workflow_fails_on_a_hand_edited_game(tmp_path: Path):
    repo = tmp_path / "repo"
    git(tmp_path, "init", "-q", "-b", "main", "repo")
    game = repo / "game.toml"
    ok("init", SCENARIOS / "crossroads.toml", "-o", game, "--seed", "2", "-q")
    ok("resolve-phase", game, "-q")
    game.write_text(game.read_text(encoding="utf-8").replace("initiative: blue ", "initiative: BLUE ", 1),
                    encoding="utf-8")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "edited")
    verified = _run_steps(repo, tmp_path / "summary.md", tmp_path)[0]
    assert verified.returncode != 0
    assert verified.stderr == "game.toml: entry 2: events differs from the replay\n" \
                              "btcli-verify: 1 game file does not verify\n"
    assert run("verify", game).code == 4
