"""btcli's pre-commit hooks (issue #34, item 1): ``.pre-commit-hooks.yaml``, the example configuration a
play-by-email repository copies, and a real ``pre-commit install`` in a git repository that commits a
good turn and refuses a hand-edited game and a broken scenario."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.cli.helpers import init_game, ok
from tests.conftest import EXAMPLES, ROOT, SCENARIOS
from tests.gitrepo import ENV, GIT, git, new_repo

yaml = pytest.importorskip("yaml")

CONFIG = EXAMPLES / "pbem" / "workflow" / "pre-commit-config.yaml"


def _hooks_of(path: Path) -> dict[str, dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    hooks = data if isinstance(data, list) else [h for repo in data["repos"] for h in repo["hooks"]]
    return {hook["id"]: hook for hook in hooks}


def test_the_repository_offers_both_hooks_to_pre_commit():
    hooks = _hooks_of(ROOT / ".pre-commit-hooks.yaml")
    assert set(hooks) == {"btcli-verify", "btcli-check"}
    assert hooks["btcli-verify"]["entry"] == "btcli-hook verify" and hooks["btcli-check"]["entry"] == "btcli-hook check"
    assert all(hook["language"] == "python" and hook["types"] == ["text"] for hook in hooks.values())


def test_the_example_configuration_runs_the_same_hooks_with_the_installed_btcli():
    offered, example = _hooks_of(ROOT / ".pre-commit-hooks.yaml"), _hooks_of(CONFIG)
    assert set(example) == set(offered)
    for hook_id, hook in example.items():
        assert hook["language"] == "system"
        assert {k: v for k, v in hook.items() if k != "language"} == \
            {k: v for k, v in offered[hook_id].items() if k != "language"}


def test_the_console_script_is_the_hooks_entry():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["btcli-hook"] == "btcli.cli.hooks:main"


def _hook(*args: str) -> tuple[int, str, str]:
    from btcli.cli.hooks import run

    out, err = io.StringIO(), io.StringIO()
    return run(args[0], list(args[1:]), out, err), out.getvalue(), err.getvalue()


def test_verify_finds_game_files_by_content_and_names_the_entry_that_fails(tmp_path: Path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "3", "-q")
    ok("resolve-phase", game, "-q")
    renamed = tmp_path / "turn-2.txt"  # a game under any name is still a game
    text = game.read_text(encoding="utf-8")
    renamed.write_text(text.replace("initiative: blue ", "initiative: BLUE ", 1), encoding="utf-8")
    (tmp_path / "notes.toml").write_text("[tool]\nx = 1\n", encoding="utf-8")
    code, out, err = _hook("verify", str(game), str(renamed), str(tmp_path / "notes.toml"), str(tmp_path / "gone"))
    assert code == 1
    assert out == f"{game}: ok, 2 entries replayed\n"
    assert err == (f"{renamed}: entry 2: events differs from the replay\n"
                   "btcli-verify: 1 game file does not verify\n")


def test_check_judges_scenarios_only(tmp_path: Path):
    good = Path(shutil.copy(SCENARIOS / "crossroads.toml", tmp_path / "good.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text(encoding="utf-8").replace("[scenario]", "[scenario]\nbogus = 1", 1), encoding="utf-8")
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "-q")
    code, out, err = _hook("check", str(good), str(bad), str(game))
    assert code == 1 and out == f"{good}: ok\n"
    assert err.startswith(f"{bad}: ") and "bogus" in err and err.endswith("btcli-check: 1 scenario has problems\n")


def test_a_bad_invocation_prints_the_usage(capsys):
    from btcli.cli.hooks import main

    with pytest.raises(SystemExit) as exc:
        main(["fix", "game.toml"])
    assert exc.value.code == 2 and capsys.readouterr().err.startswith("usage: btcli-hook verify|check|games FILE...")


def _pre_commit_env(tmp_path: Path) -> dict[str, str]:
    """The environment git's hook runs in: pre-commit's cache under tmp_path, and ``btcli-hook`` on PATH
    (the console script installed beside this Python, else a stand-in running this Python's btcli)."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "btcli-hook").exists():
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        shim = bin_dir / "btcli-hook"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m btcli.cli.hooks "$@"\n', encoding="utf-8")
        shim.chmod(0o755)
    return {**ENV, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-cache"),
            "PATH": f"{bin_dir}{os.pathsep}{ENV.get('PATH', '')}"}


def _has_pre_commit() -> bool:
    return subprocess.run([sys.executable, "-m", "pre_commit", "--version"], capture_output=True).returncode == 0


@pytest.mark.skipif(GIT is None, reason="git is not installed")
def test_pre_commit_commits_a_good_turn_and_refuses_a_hand_edited_game(tmp_path: Path):
    if not _has_pre_commit():
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    env = _pre_commit_env(tmp_path)
    repo = new_repo(tmp_path / "repo")
    shutil.copy(CONFIG, repo / ".pre-commit-config.yaml")
    done = subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr

    def commit(message: str) -> subprocess.CompletedProcess:  # stdout: git's and pre-commit's output together
        return subprocess.run(["git", "commit", "-m", message], cwd=repo, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=300)

    game = init_game(repo, SCENARIOS / "crossroads.toml", "--seed", "3", "-q", name="game.txt")
    git(repo, "add", ".pre-commit-config.yaml", "game.txt")
    first = commit("set up")
    assert first.returncode == 0, first.stdout
    assert "btcli verify (game files)....." in first.stdout and "Passed" in first.stdout

    ok("resolve-phase", game, "-q")  # a good turn
    git(repo, "add", "game.txt")
    assert commit("initiative").returncode == 0

    text = game.read_text(encoding="utf-8")
    edited = text.replace("initiative: blue ", "initiative: BLUE ", 1)
    assert edited != text
    game.write_text(edited, encoding="utf-8")  # a hand edit of the last entry
    git(repo, "add", "game.txt")
    refused = commit("a better initiative")
    assert refused.returncode != 0
    assert "game.txt: entry 2: events differs from the replay" in refused.stdout
    assert "btcli-verify: 1 game file does not verify" in refused.stdout
    assert git(repo, "log", "--format=%s").stdout.split("\n")[:2] == ["initiative", "set up"]

    broken = repo / "my-scenario.toml"  # a scenario with a key the schema does not know
    broken.write_text((SCENARIOS / "crossroads.toml").read_text(encoding="utf-8")
                      .replace("[scenario]", "[scenario]\nbogus = 1", 1), encoding="utf-8")
    git(repo, "checkout", "game.txt")
    git(repo, "reset", "-q")
    git(repo, "add", "my-scenario.toml")
    refused = commit("a new scenario")
    assert refused.returncode != 0 and "my-scenario.toml: " in refused.stdout and "bogus" in refused.stdout


def test_a_referee_game_without_its_seed_gets_the_head_check(tmp_path: Path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--referee", "-q")
    ok("resolve-phase", game, "-q")
    assert _hook("verify", str(game)) == (0, f"{game}: ok, 2 entries replayed\n", "")
    seed = tmp_path / "game.seed"
    seed.rename(tmp_path / "kept-by-the-referee")
    assert _hook("verify", str(game)) == (0, f"{game}: head checked (the dice seed is held by the referee: "
                                             "'btcli verify' needs it)\n", "")
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace('facing = "S"', 'facing = "N"', 1), encoding="utf-8")
    code, out, err = _hook("verify", str(game))
    assert (code, out) == (1, "") and err.startswith(f"{game}: {game} was edited by hand: ")
