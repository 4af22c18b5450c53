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
from tests.builders import vehicle
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


def test_a_vehicles_weapons_carry_no_heat_in_the_report_and_a_mechs_do():
    # VEH-HEAT-01: vehicles do not track heat, so their weapons' report entries have no heat field (the kind says
    # so: KindRules.builds_heat); a 'Mech's carry the weapon's heat.
    from btcli.render.view import game_view
    from tests.builders import design, game

    state = game(design("Hunchback HBK-4G", "hbk", at="0505"),
                 vehicle("tracked", 4, "tank", at="0508", side="blue",
                         weapons=[{"name": "Medium Laser", "location": "front"}]))
    units = {u["id"]: u for u in game_view(state)["units"]}
    assert [w.get("heat") for w in units["hbk"]["weapon_states"]] == [7, 3, 3, 1]  # AC/20, two Medium Lasers, Small Laser
    assert units["tank"]["weapon_states"] and all("heat" not in w for w in units["tank"]["weapon_states"])
    assert units["tank"]["weapon_states"][0]["damage"] == 5
