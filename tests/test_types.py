"""Checkable types (issue #30 item 6): mypy, configured in pyproject.toml, finds no error in the strict
set and no more errors in the whole package than the count recorded here, which may only fall
(docs/architecture.md, "Types")."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytest.importorskip("mypy", reason="the type check needs mypy: pip install -e '.[test]'")

# The model, the engine, the store and the per-kind rules : no error.
STRICT = ("btcli/model/", "btcli/engine.py", "btcli/store/", "btcli/rules/kinds/")
# mypy's errors in the whole package, strict set included. Lower it when the count falls; never raise it.
RECORDED = 493

_ERROR = re.compile(r"^(?P<path>[^:\n]+):\d+: error: .*$", re.MULTILINE)


@pytest.fixture(scope="module")
def errors() -> list[tuple[str, str]]:
    """Returns mypy's errors over the package as (path, line), checked once for this module's tests.
    The cache lives in the temp folder, one per checkout, never in the source tree."""
    cache = Path(tempfile.gettempdir()) / f"btcli-mypy-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache),
         "--no-pretty", "--no-error-summary"],
        cwd=ROOT, capture_output=True, text=True,
    )
    if run.returncode not in (0, 1):  # 2: mypy itself failed (a bad option, a crash)
        pytest.fail(f"mypy exited {run.returncode}:\n{run.stdout}{run.stderr}")
    return [(m["path"].replace("\\", "/"), m[0]) for m in _ERROR.finditer(run.stdout)]


def test_the_strict_set_has_no_type_error(errors):
    strict = [line for path, line in errors if path.startswith(STRICT)]
    assert not strict, f"{len(strict)} type errors in the strict set:\n" + "\n".join(strict)


def test_the_whole_package_has_no_more_type_errors_than_recorded(errors):
    assert len(errors) <= RECORDED, (
        f"mypy finds {len(errors)} type errors in btcli, more than the {RECORDED} recorded: fix the new ones "
        "(python3 -m mypy lists them)")
    assert len(errors) == RECORDED, (
        f"mypy finds {len(errors)} type errors in btcli, fewer than the {RECORDED} recorded: "
        f"lower RECORDED in tests/test_types.py to {len(errors)}")
