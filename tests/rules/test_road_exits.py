"""Roads with exits (issue #16: a MegaMek board's roads keep theirs): a road joins only the neighbouring roads
its exits face, and they must face it back; a road without exits joins every road beside it (tables.md 11.1,
URB-MOVE; MegaMek's reading, UNVERIFIED)."""

from __future__ import annotations

import re

import pytest

from btcli.errors import GameFileError
from btcli.model.board import Hex, Terrain
from btcli.model.hexgrid import Facing
from btcli.rules.ground.terrain import follows_road
from tests.builders import game, plan, refused, vehicle

ROAD = {"terrain": "clear", "road": True}


def woods_road(exits_here: list[str], exits_there: list[str]):
    """A wheeled vehicle on a road in 0510 facing N, the road going on into light woods in 0509."""
    return game(vehicle("wheeled", 5), hexes={"0510": {**ROAD, "road_exits": exits_here},
                                              "0509": {"terrain": "light_woods", "road": True,
                                                       "road_exits": exits_there}})


def test_a_road_whose_exits_face_each_other_carries_a_wheeled_vehicle_into_woods():  # VEH-MOVE-11, URB-MOVE
    assert plan(woods_road(["N", "S"], ["N", "S"]), "F").end.label == "0509"


def test_roads_beside_each_other_but_not_joined_by_their_exits_are_two_roads():  # VEH-MOVE-11
    error = refused(woods_road(["N", "S"], ["NE", "SW"]), "F")  # 0509's road runs past 0510
    assert error.rule == "VEH-MOVE-11"
    assert refused(woods_road(["NE"], ["N", "S"]), "F").rule == "VEH-MOVE-11"  # 0510's road leaves NE


def test_a_road_without_exits_joins_every_road_beside_it():
    plain, exits = Hex(Terrain.CLEAR, road=True), Hex(Terrain.CLEAR, road=True, road_exits=(Facing.S,))
    assert follows_road(plain, exits, Facing.N) and not follows_road(plain, exits, Facing.NE)
    assert follows_road(plain, plain, Facing.SE)


@pytest.mark.parametrize("hex_table, message", [
    ({"terrain": "clear", "road_exits": ["N"]}, "road_exits lists the hexsides"),  # no road to leave by
    ({**ROAD, "road_exits": ["north"]}, "road_exits #1 must be one of N, NE, SE, S, SW, NW, not 'north'"),  # schema
    ({**ROAD, "road_exits": "N,S"}, "road_exits must be an array"),  # the scenario schema
])
def test_road_exits_are_hexsides_of_a_road(hex_table, message):
    with pytest.raises(GameFileError, match=re.escape(message)):
        game(vehicle("wheeled", 5), hexes={"0505": hex_table})
