"""Tests for large support vehicles and landed DropShips (scenario ``large = true``): VEH-VTOL-11 (a VTOL
landing on one charges it) and VEH-SLIP-11, 12 (a VTOL or WiGE slipping into one as high as itself charges
it, then crashes; AMB-05).

The charge itself follows btcli.rules.ground.collisions.automatic_charge (TW p.67 as btcli reads it, UNVERIFIED):
no to-hit roll, charge damage with at least 1 hex moved, the large unit is not pushed, motive rolls follow.
The large unit 'ds' is an inline 100-ton tracked vehicle that cannot move (cruise 0), 50 armor a side.
"""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.model.hexgrid import HexId
from tests.builders import SLIP_ROLL, airborne, drive, fly, game, heavy_vtol, purposes

H = HexId.parse


def large(at: str = "0509", **extra) -> dict:
    return {"id": "ds", "side": "blue", "kind": "vehicle", "motive": "tracked", "tons": 100, "cruise": 0,
            "large": True, "armor": {"front": 50, "right": 50, "left": 50, "rear": 50}, "position": at, **extra}


def test_large_flag_and_height_load_into_the_units_record():
    ds = game(large(height=3)).units["ds"]
    assert (ds.vehicle.large, ds.vehicle.height) == (True, 3)


@pytest.mark.parametrize("entry, message", [
    ({"large": "yes"}, "[[units]] 'ds' large must be true or false, not 'yes'"),  # the scenario schema's check
    ({"large": False, "height": 2}, "unit 'ds': height (a whole number of levels, at least 1) is for large = true units"),
    ({"height": 0}, "unit 'ds': height (a whole number of levels, at least 1) is for large = true units"),
])
def test_bad_large_unit_entries_are_refused(entry, message):
    with pytest.raises(GameFileError) as info:
        game(large(**entry))
    assert str(info.value) == message


# -- VEH-VTOL-11 ------------------------------------------------------------------------------------------------


def test_vtol_trying_to_land_on_a_large_vehicle_charges_it():
    # VEH-VTOL-11 test: the VTOL flies over 'ds' at elevation 2 (its top is level 1) and descends (D): touching
    # it is an automatic charge, no to-hit roll. 30 t x 1 hex moved -> ceil(3) = 3 to 'ds' (own hex: front,
    # 2D6 = 7); ceil(100 / 10) = 10 back (5, 5, front, 7 and 7); then the motive roll of 'ds' (5: no effect).
    # The VTOL does not come down: the move ends at elevation 2.
    state = airborne(game(heavy_vtol(), large()), 2)
    state, events, rolls = fly(state, "F,D", [7, 7, 7, 5])
    u, ds = state.units["u1"], state.units["ds"]
    assert purposes(rolls) == ["hit location normal from u1 vs ds (front)"] + \
        ["hit location normal from ds vs u1 (front)"] * 2 + ["motive system damage ds"]
    assert "u1 tries to land on ds" in events and "u1 automatically charges ds in 0509 (VEH-VTOL-11)" in events
    assert (u.hex, u.elevation, u.armor["front"], ds.armor["front"], u.destroyed) == (H("0509"), 2, 10, 47, False)


def test_vtol_descending_clear_of_a_large_vehicle_does_not_charge():
    # VEH-VTOL-11: from elevation 3 to 2 it stays above 'ds' (top at level 1): no charge
    state = airborne(game(heavy_vtol(), large()), 3)
    state, _events, rolls = fly(state, "F,D", [])
    assert (rolls, state.units["u1"].elevation) == ([], 2)


# -- VEH-SLIP-11, 12 ---------------------------------------------------------------------------------------------


def test_vtol_slipping_into_a_large_vehicle_as_high_as_itself_charges_it_then_crashes():
    # VEH-SLIP-12: elevation 1 vs 'ds' in a level-0 hex (0 + 1 >= 1): automatic charge from 0507 (its rear):
    # ceil(3 x 3 hexes) = 9 -> 5, 4 (2D6 7, 7); 10 back on the VTOL's leading left side (7, 7); motive roll 5.
    # VEH-SLIP-11, AMB-05: then it crashes: 4 hexes x 3 = 12 -> 5, 5, 2 (2D6 5 front, 9 rear, 5 front);
    # 'ds' fills the hex, so it cannot come to rest there and is destroyed (VTOL-CRASH-03).
    state = airborne(game(heavy_vtol(driving=7), large(at="0506")), 1)
    state, events, rolls = drive(state, "3F,R,F", [3, 7, 7, 7, 7, 5, 5, 9, 5])
    u, ds = state.units["u1"], state.units["ds"]
    assert purposes(rolls) == [SLIP_ROLL] + ["hit location normal from u1 vs ds (rear)"] * 2 + \
        ["hit location normal from ds vs u1 (left)"] * 2 + ["motive system damage ds"] + \
        ["hit location crash u1 (left)"] * 3
    assert "u1 automatically charges ds in 0506 (VEH-SLIP-12)" in events
    assert "u1 slips into ds, as high as itself, and crashes (VEH-SLIP-11): 12 damage (VTOL-CRASH-01)" in events
    assert events[-1] == "u1 cannot come to rest there ('ds' fills the hex) and is destroyed (VTOL-CRASH-03)"
    assert (u.destroyed, u.hex, ds.armor["rear"], ds.hex) == (True, H("0506"), 41, H("0506"))


def test_vtol_slipping_above_a_large_vehicle_passes_over():
    # VEH-SLIP-10, 11: at elevation 2 the hex level (0 + 1) is below it: no charge, no crash
    state = airborne(game(heavy_vtol(driving=7), large(at="0506")), 2)
    state, _events, rolls = drive(state, "3F,R,F", [3])
    assert purposes(rolls) == [SLIP_ROLL]
    assert (state.units["u1"].hex, state.units["u1"].destroyed) == (H("0505"), False)


def test_a_tall_large_unit_meets_a_higher_vtol():
    # VEH-SLIP-11, 12: a 3-level DropShip meets a VTOL at elevation 2 (0 + 3 >= 2); 2D6 values as above
    state = airborne(game(heavy_vtol(driving=7), large(at="0506", height=3)), 2)
    state, events, _rolls = drive(state, "3F,R,F", [3, 7, 7, 7, 7, 5, 5, 9, 5])
    assert "u1 automatically charges ds in 0506 (VEH-SLIP-12)" in events
    assert state.units["u1"].destroyed
