"""What the reports show of each kind (issue #30 item 1): every kind has a view, every marker it names is one
the maps draw, and a report of a game without aircraft or assets loads neither kind's view."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from btcli.model.units import UnitKind
from btcli.render import kind_views, svg_marks
from tests.conftest import ROOT
from tests.render import scenes


def test_every_kind_has_a_view():
    assert set(kind_views.VIEWS) == set(UnitKind)


def test_every_unit_is_drawn_with_a_marker_the_maps_know():
    state = scenes.everything()
    markers = {u.id: kind_views.of(u).marker(u) for u in state.units.values()}
    assert set(markers.values()) <= set(svg_marks.KINDS)
    assert markers["heli"] == "vtol" and markers["tank"] == "vehicle" and markers["inf"] == "infantry"


def test_a_ground_game_report_loads_no_aerospace_or_asset_view(tmp_path):
    game = tmp_path / "game.toml"
    shutil.copy(ROOT / "tests" / "golden" / "crossroads" / "game.toml", game)
    code = ("import sys; from btcli.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(repr(sorted(m for m in sys.modules if m in "
            "('btcli.render.aero_view', 'btcli.render.asset_view', 'btcli.render.kind_views'))))")
    for args in (["report", str(game)], ["report", str(game), "--format", "json"],
                 ["report", str(game), "--map", str(tmp_path / "map.svg")]):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.stderr.strip().splitlines()[-1] == "['btcli.render.kind_views']", (args, done.stderr)
