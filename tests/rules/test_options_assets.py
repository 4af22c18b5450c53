"""``btcli options`` for a Battlefield Support asset (issue #33 item 2; seed 004): its ``--path`` moves searched by MP
through hexes it may pass but not stop in, its backward moves (ASSET-MOVE-05) and an Artillery card's attacks."""

from __future__ import annotations

from btcli.model.state import Phase
from btcli.rules.assets import options as asset_options
from btcli.rules.core import options
from tests.builders import H, asset, game, hunchback

TANK = "S-1 Light tracked tank"  # 4 MP, tracked
LONG_TOM = "Mobile Long Tom Artillery LT-MOB-25"


def _reach(found, mode: str) -> dict[str, int]:
    return {h.label: mp for r in found.moves if r.mode == mode for h, mp in r.hexes}


def test_a_backward_move_has_half_the_mp_rounded_up():  # ASSET-MOVE-05
    state = game(asset(TANK, at="0510", facing="N"), width=12, height=12)
    found = options.unit_options(state, state.units["a1"])
    backward = _reach(found, "backward")
    assert backward["0512"] == 2 and found.card["backward_paths"]["0512"] == "B,B"
    assert max(backward.values()) == 2 and "0513" not in backward  # 4 MP halved: 2
    assert _reach(found, "path")["0506"] == 4


def test_a_backward_move_changes_no_level():  # ASSET-MOVE-05
    state = game(asset(TANK, at="0510", facing="N"), hexes={"0509": {"level": 1}}, width=12, height=12)
    found = options.unit_options(state, state.units["a1"])
    assert "0509" not in _reach(found, "backward")
    assert _reach(found, "path")["0509"] == 3  # without the declaration: 1 MP and 2 for the level (ASSET-MOVE-07)


def test_a_path_runs_through_a_hex_the_asset_may_not_stop_in():  # ASSET-STACK-01: two friendly assets fill a hex
    state = game(asset(TANK, at="0510", facing="N"), asset(TANK, "a2", at="0509"), asset(TANK, "a3", at="0509"),
                 width=12, height=12)
    found = options.unit_options(state, state.units["a1"])
    forward = _reach(found, "path")
    assert "0509" not in forward
    assert forward["0508"] == 2 and found.card["paths"]["0508"] == "F,F"


def test_an_artillery_card_aims_at_each_enemy_and_every_hex_of_its_front_arc():  # ASSET-ATK-06; artillery UNVERIFIED
    state = game(asset(LONG_TOM, at="0510", facing="N"), hunchback("h", at="0505", side="blue"),
                 phase=Phase.WEAPON, width=12, height=12)
    unit = state.units["a1"]
    found = options.unit_options(state, unit)
    shelling = found.card["artillery"]
    assert shelling["weapon"] == "Long Tom" and shelling["to_hit"] == unit.asset.card.skill_for(False)
    assert [(s.target, s.to_hit) for s in found.shots] == [("h", shelling["to_hit"])]
    assert "0505" in shelling["hexes"] and "0510" not in shelling["hexes"]  # not its own hex
    assert "0512" not in shelling["hexes"] and "0105" in shelling["hexes"]  # No Turret: the front arc only


def test_a_card_without_artillery_lists_no_hexes():  # ASSET-ATK-04: one card attack, at units
    state = game(asset(TANK, at="0510"), hunchback("h", at="0505", side="blue"), phase=Phase.WEAPON)
    found = options.unit_options(state, state.units["a1"])
    assert "artillery" not in found.card and [s.target for s in found.shots] == ["h"]
    assert asset_options.artillery_hexes(state, state.units["a1"]) is None
    assert H("0505") == state.units["h"].hex
