"""A reproducible git for tests: no user or system configuration, a fixed identity and date."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

GIT = shutil.which("git")

ENV = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull,
       "GIT_AUTHOR_NAME": "blue player", "GIT_AUTHOR_EMAIL": "blue@example.com",
       "GIT_COMMITTER_NAME": "blue player", "GIT_COMMITTER_EMAIL": "blue@example.com",
       "GIT_AUTHOR_DATE": "2025-01-01T12:00:00Z", "GIT_COMMITTER_DATE": "2025-01-01T12:00:00Z"}


def git(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs ``git ARGS`` in ``folder`` with the test environment; returns the finished process."""
    done = subprocess.run(["git", *args], cwd=folder, env=ENV, capture_output=True, text=True, timeout=120)
    if check:
        assert done.returncode == 0, f"git {' '.join(args)}: {done.stderr}"
    return done


def new_repo(folder: Path) -> Path:
    """Makes ``folder`` an empty git repository on branch main and returns it."""
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "-q", "-b", "main")
    return folder
