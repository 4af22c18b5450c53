"""Shared test fixtures: scenario paths, a fresh game file, and the golden-file option."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# The shared helpers assert too: let pytest explain their failures as it does a test's own asserts.
pytest.register_assert_rewrite("tests.builders", "tests.cli.helpers")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
EXAMPLES = ROOT / "examples"


def pytest_addoption(parser):
    parser.addoption(
        "--regen-golden",
        action="store_true",
        default=False,
        help="Rewrite the golden files from the current output (review the diff like code).",
    )


@pytest.fixture
def regen_golden(request) -> bool:
    return request.config.getoption("--regen-golden")


@pytest.fixture
def crossroads(tmp_path) -> Path:
    """Returns a copy of the Crossroads scenario in a temporary folder."""
    target = tmp_path / "crossroads.toml"
    shutil.copy(SCENARIOS / "crossroads.toml", target)
    return target
