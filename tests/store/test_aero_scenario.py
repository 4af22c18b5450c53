"""Aerospace maps and units in scenarios and game files (issue #13; docs/scenario-format.md): the
space map, low-altitude maps tied to ground-row hexes, aerospace [[units]], and the one-line errors
naming the rule for a unit placed where it may not be."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.model.aero import Edge, LowAltitudeMap, SpaceMap
from btcli.model.hexgrid import HexId
from btcli.store import codec, hashing
from btcli.store.scenario import scenario_from_dict
from tests.builders import ANGEL, LOW_MAP, NL42, SPACE_MAP, aero_game, aero_scenario, flier, game, hunchback

H = HexId.parse


def refused(*units, **keys) -> str:
    with pytest.raises(GameFileError) as caught:
        scenario_from_dict(aero_scenario(*units, **keys))
    return str(caught.value)


def test_maps_by_id_hold_the_space_map_and_the_low_altitude_map():  # AERO-ATM-01, AMB-56, AMB-63
    state = aero_game(flier())
    space, low = state.maps["space"], state.maps["low"]
    assert isinstance(space, SpaceMap) and space.surface is Edge.WEST and space.low_altitude == {H("0110"): "low"}
    assert isinstance(low, LowAltitudeMap) and (low.space_map, low.space_hex, low.ground_hex) == (
        "space", H("0110"), H("0809"))
    assert state.board.width == 10  # the ground board stays maps["ground"]


def test_the_game_file_round_trips_aerospace_maps_and_units():  # format 2: typed fields, one hash
    state = aero_game(flier(velocity=4), flier(NL42, "taxi", at="0912"), flier(uid="f2", map="low", at="0405",
                                                                                  altitude=7))
    again = codec.state_from_dict(codec.state_to_dict(state))
    assert again.units == state.units and again.maps == state.maps
    assert hashing.state_hash(again) == hashing.state_hash(state)


def test_a_game_without_aerospace_units_writes_nothing_new():  # existing games and hashes unchanged
    plain = codec.state_to_dict(game(hunchback()))
    assert "maps" not in plain
    assert not any(k in plain["units"]["u1"] for k in ("aero", "aero_design"))
    assert "altitude" not in plain["units"]["u1"]["position"]


def test_a_conventional_fighter_may_not_start_in_space():  # AERO-GEN-03
    assert refused(flier(ANGEL, at="0910")) == (
        "unit 'f1': 'Light Strike Fighter Angel' cannot be placed in 0910: conventional fighters fly only in the "
        "ground row and atmosphere row 1 (AERO-GEN-03)")


def test_a_conventional_fighter_may_not_start_above_row_1():  # AERO-HALT-06
    assert "(AERO-HALT-06)" in refused(flier(ANGEL, at="0310"))
    scenario_from_dict(aero_scenario(flier(ANGEL, at="0210")))  # row 1 is allowed


def test_altitude_outside_1_to_10_is_refused():  # AERO-LALT-03
    assert refused(flier(map="low", at="0405", altitude=11)) == (
        "unit 'f1': altitude 11 is not on the low-altitude map (1-10) (AERO-LALT-03)")
    assert "needs an altitude 1-10 (AERO-LALT-03)" in refused(flier(map="low", at="0405"))


def test_only_the_low_altitude_map_has_altitudes():  # AERO-LALT-03
    assert refused(flier(altitude=3)).endswith("only the low-altitude map has altitudes (AERO-LALT-03)")


def test_a_low_altitude_map_lies_under_a_ground_row_hex():  # AMB-56
    maps = {"space": dict(SPACE_MAP), "low": {**LOW_MAP, "under": "0310"}}
    assert "is not a ground-row hex of 'space' (AMB-56)" in refused(flier(), maps=maps)


def test_an_aerospace_unit_names_a_known_map():
    assert "map must name a space or low-altitude map (maps: space, low)" in refused(flier(map="orbit"))
    assert "hex 2510 is off the map" in refused(flier(at="2510"))
