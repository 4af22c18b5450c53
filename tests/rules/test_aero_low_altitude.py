"""Tests for low-altitude flight and moving between the maps (btcli.rules.aero.low_altitude and the
moves btcli.rules.aero.movement makes on the low-altitude map; catalog AERO-LALT-01..11, AMB-56).

``LOW`` (tests/rules/aero_fixtures.py) is 16 x 17, clear, level 0, and lies under
ground-row hex 0110 of ``SPACE``; ``hilly`` adds a level-2 hill at 0809, a
level-3 hill at 0808 and level-1 woods at 0709.
"""

from __future__ import annotations

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.aero import MapKind
from btcli.model.board import Board, Building, Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing
from btcli.rules.aero import low_altitude as aero_low_altitude, turn as aero_turn
from btcli.rules.aero.movement import Outcome
from tests.rules.aero_fixtures import AIRSHIP, ANGEL, CORSAIR, LOW, SPACE, H, fly, hexes, plan, unit

HILLY = evolve(LOW, board=Board(16, 17, hexes={
    H("0809"): Hex(level=2), H("0808"): Hex(level=3), H("0709"): Hex(Terrain.LIGHT_WOODS, level=1),
}))


def low(design, label, altitude, facing=Facing.N, **changes):
    return unit(design, label, facing, area=LOW, altitude=altitude, **changes)


def test_entering_the_ground_row_leads_to_the_low_altitude_map():  # AERO-LALT-01, TURN-07, AMB-56
    state = unit(CORSAIR, "0210", Facing.NW, area=SPACE, velocity=3)
    flight = plan(CORSAIR, state, "3F", SPACE)  # 0110 is the ground row: the flight there ends
    assert flight.outcome is Outcome.TRANSIT and hexes(flight) == ["0110"]
    transit = flight.end.transit
    assert (transit.to_map, transit.kind, transit.from_hex.label, transit.facing) == (
        "low", MapKind.LOW_ALTITUDE, "0110", Facing.NW)
    assert aero_turn.arrival(6, MapKind.LOW_ALTITUDE) == (7, "aero_movement")
    arrived = aero_low_altitude.arrive_on_low_altitude(flight.end, LOW, H("1610"))  # its SE neighbour is off the map
    assert (arrived.map_id, arrived.hex.label, arrived.altitude, arrived.velocity, arrived.facing) == (
        "low", "1610", 10, 3, Facing.NW)
    with pytest.raises(IllegalOrderError) as err:
        aero_low_altitude.arrive_on_low_altitude(flight.end, LOW, H("0808"))
    assert err.value.rule == "AMB-56"


def test_entry_edge_hexes_lie_behind_the_direction_of_travel():  # AMB-56
    north = aero_low_altitude.entry_edge_hexes(LOW, Facing.N)
    assert len(north) == 16 and all(h.row == 17 for h in north)
    assert H("0101") in aero_low_altitude.entry_edge_hexes(LOW, Facing.SE)


def test_a_unit_flies_its_velocity_on_the_low_altitude_map():  # AERO-LALT-02
    state = low(CORSAIR, "0816", 5, velocity=6)
    assert plan(CORSAIR, state, "6F", LOW).end.hex.label == "0810"
    with pytest.raises(IllegalOrderError) as err:
        plan(CORSAIR, state, "5F", LOW)
    assert err.value.rule == "AERO-LALT-02"


@pytest.mark.parametrize("altitude, ok", [(0, False), (1, True), (10, True), (11, False), (None, False)])
def test_ten_altitudes(altitude, ok):  # AERO-LALT-03
    if ok:
        aero_low_altitude.check_altitude(altitude)
    else:
        with pytest.raises(IllegalOrderError) as err:
            aero_low_altitude.check_altitude(altitude)
        assert err.value.rule == "AERO-LALT-03"


def test_climbing_is_for_the_low_altitude_map():  # AERO-LALT-03
    with pytest.raises(IllegalOrderError) as err:
        plan(CORSAIR, unit(CORSAIR, "1010", area=SPACE), "A", SPACE)
    assert err.value.rule == "AERO-LALT-03"


def test_climbing_costs_2_thrust_and_descending_nothing():  # docs/rules-notes.md (MegaMek, UNVERIFIED)
    flight = plan(CORSAIR, low(CORSAIR, "0810", 5, velocity=2), "A F D D F", LOW)
    assert flight.thrust == (2, 0, 0, 0, 0) and flight.end.altitude == 4
    assert [p.altitude for p in flight.path] == [5, 6, 6, 5, 4, 4]


def test_terrain_levels_are_altitudes():  # AERO-LALT-04
    at_2 = plan(CORSAIR, unit(CORSAIR, "0810", area=HILLY, altitude=2, velocity=1), "F", HILLY)
    assert at_2.outcome is Outcome.LAND_OR_CRASH and at_2.end.hex.label == "0809"  # legal, but land or crash
    at_3 = plan(CORSAIR, unit(CORSAIR, "0810", area=HILLY, altitude=3, velocity=1), "F", HILLY)
    assert at_3.outcome is Outcome.MOVED


def test_woods_stand_one_altitude_above_their_ground():  # AERO-LALT-05
    assert aero_low_altitude.terrain_altitude(Hex(Terrain.HEAVY_WOODS, level=1)) == 2
    assert aero_low_altitude.entry(2, Hex(Terrain.LIGHT_WOODS, level=1)) is aero_low_altitude.Entry.LAND_OR_CRASH
    assert aero_low_altitude.entry(3, Hex(Terrain.LIGHT_WOODS, level=1)) is aero_low_altitude.Entry.CLEAR


def test_buildings_are_ignored_in_flight():  # AERO-LALT-06
    tower = Hex(Terrain.BUILDING, level=1, building=Building(height=4))
    assert aero_low_altitude.terrain_altitude(tower) == 1


def test_damaged_sensors_forbid_nap_of_the_earth():  # AERO-LALT-07
    with pytest.raises(IllegalOrderError) as err:
        plan(CORSAIR, low(CORSAIR, "0808", 2, sensor_hits=1), "D", LOW)
    assert err.value.rule == "AERO-LALT-07"
    assert plan(CORSAIR, low(CORSAIR, "0808", 2), "D", LOW).end.altitude == 1


def test_down_to_altitude_0_a_unit_lands_or_crashes():  # AERO-LALT-08
    flight = plan(CORSAIR, low(CORSAIR, "0808", 1), "D", LOW)
    assert flight.outcome is Outcome.LAND_OR_CRASH and flight.end.altitude == 0


def test_entering_a_hex_at_its_level_means_land_or_crash():  # AERO-LALT-08
    state = unit(CORSAIR, "0710", area=HILLY, altitude=2, velocity=2)  # 0709: woods on level 1 = altitude 2
    flight = plan(CORSAIR, state, "2F", HILLY)
    assert flight.outcome is Outcome.LAND_OR_CRASH and hexes(flight) == ["0709"]


def test_higher_terrain_means_a_crash():  # AERO-LALT-09
    state = unit(CORSAIR, "0810", area=HILLY, altitude=2, velocity=2)
    flight = plan(CORSAIR, evolve(state, hex=H("0809"), altitude=3), "2F", HILLY)  # 0808 is level 3
    assert flight.outcome is Outcome.LAND_OR_CRASH
    crash = plan(CORSAIR, unit(CORSAIR, "0809", area=HILLY, altitude=2, velocity=1), "F", HILLY)
    assert crash.outcome is Outcome.CRASH and crash.end.hex.label == "0808"


def test_climbing_past_altitude_10_leads_to_the_space_map():  # AERO-LALT-10, TURN-07, AMB-56
    flight = plan(CORSAIR, low(CORSAIR, "0808", 10, velocity=4), "A 4F", LOW)
    assert flight.outcome is Outcome.TRANSIT and flight.end.transit.kind is MapKind.SPACE
    assert flight.end.transit.to_map == "space"
    assert aero_turn.arrival(3, MapKind.SPACE) == (6, "space_movement")
    assert aero_low_altitude.climb_out_arrival_hexes(SPACE, LOW) == (H("0209"), H("0210"))
    arrived = aero_low_altitude.arrive_on_space_map(flight.end, SPACE, LOW, H("0210"), Facing.NE)
    assert (arrived.map_id, arrived.hex.label, arrived.altitude, arrived.velocity) == ("space", "0210", None, 4)
    with pytest.raises(IllegalOrderError):
        aero_low_altitude.arrive_on_space_map(flight.end, SPACE, LOW, H("0310"), Facing.NE)


def test_conventional_fighters_may_climb_out_to_row_1():  # AERO-LALT-10, AMB-30
    assert aero_low_altitude.may_climb_out(ANGEL)
    assert plan(ANGEL, low(ANGEL, "0808", 10), "A", LOW).outcome is Outcome.TRANSIT


def test_airships_stay_at_altitude_10_with_a_control_roll():  # AERO-LALT-11, AMB-30
    state = low(AIRSHIP, "0808", 10, velocity=1)
    flight = plan(AIRSHIP, state, "A F", LOW)
    assert (flight.outcome, flight.end.altitude, flight.end.transit) == (Outcome.STOPPED, 10, None)
    assert [r.rule for r in flight.rolls] == ["AERO-LALT-11"]
    lost, dice = fly(AIRSHIP, state, "A F", rolls=[3, 2], area=LOW)  # fails (target 7), then 1D6 altitude
    assert lost.end.out_of_control and lost.end.altitude == 8


def test_altitude_lost_out_of_control_can_meet_the_ground():  # tables.md 9.4, AERO-LALT-09
    mountain = evolve(LOW, board=Board(16, 17, hexes={H("0808"): Hex(level=5)}))
    state = unit(AIRSHIP, "0808", area=mountain, altitude=10)
    crashed, _ = fly(AIRSHIP, state, "A", rolls=[3, 6], area=mountain)  # control roll fails, 6 altitudes lost
    assert crashed.end.altitude == 4 and crashed.outcome is Outcome.CRASH  # out of control: no landing
