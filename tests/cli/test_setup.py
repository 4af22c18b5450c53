"""Issue #33 item 8: a fresh checkout stays clean after ``btcli demo``, and the README says how long the tests take."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from btcli import grammar
from tests.conftest import ROOT


def test_the_demos_default_folder_is_ignored_by_the_repository():
    """``btcli demo`` run inside the checkout writes its default folder there (where the README sends a player
    to play on); the repository's .gitignore keeps it out of ``git status``."""
    default = next(o.default for o in grammar.COMMANDS["demo"].options if o.dest == "output")
    assert f"{default}/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    found = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", f"{default}/demo-game.toml"])
    assert found.returncode == 0


def test_the_readme_says_how_long_the_tests_take():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    assert re.search(r"about \d+ minutes", section), "the README's test command gives no idea of its duration"
