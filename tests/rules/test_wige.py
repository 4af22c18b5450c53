"""Tests for WiGE movement, sideslips and crashes (btcli.rules.ground.movement, skids, vtol.crash_damage).

The seeds give WiGEs prohibited terrain (tables.md 11.2), sideslips like VTOLs and hover vehicles
(VEH-SLIP-03..14), crashes from sideslips (VTOL-CRASH-01..05, on the ground vehicle hit table), no
charges (VEH-PHYS-02) and no per-hex level limit (VEH-MOVE-04). btcli's reading of the rest (UNVERIFIED,
docs/rules-notes.md): a WiGE moves over the ground like a hover vehicle and flies one level above the
hex it is in, which is its height for VEH-SLIP-10, 11.

The mover 'u1' is an inline 30-ton WiGE (cruise 8 / flank 12, armor 20 on each side, no turret) at 0510
facing N; ``3F,R,F`` at flank moves it to 0507, turns it NE and rolls; a failed roll slips it north
(0506, 0505) by the margin of failure, at most 2 hexes (VEH-SLIP-04).
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import PhysicalAttackOrder
from btcli.model.state import Phase
from btcli.model.units import MoveMode
from btcli.render.events import sentences
from tests.builders import (
    SCORPION,
    SLIP_ROLL,
    armor_lost,
    changed,
    design,
    drive,
    game,
    plan,
    purposes,
    refused,
    vehicle,
)

H = HexId.parse
SIDES = {"front": 20, "right": 20, "left": 20, "rear": 20}


def wige(uid: str = "u1", **extra) -> dict:
    return vehicle("wige", 8, uid, armor=dict(SIDES), driving=7, **extra)


# -- movement: like a hover vehicle, tables.md 11.1, 11.2, VEH-MOVE-04 -------------------------------------------


def test_wige_moves_over_deep_water_without_surcharge():
    # tables.md 11.1 (hover, naval and WiGE pay no water surcharge), 11.2 (WiGE column: water allowed)
    state = game(wige(), hexes={"0509": {"terrain": "water", "depth": 3}, "0508": {"terrain": "water", "depth": 1}})
    p = plan(state, "F,F,F")
    assert (p.end, p.mp, p.hexes_moved, p.mode) == (H("0507"), 3, 3, MoveMode.CRUISE)


@pytest.mark.parametrize("terrain", ["light_woods", "heavy_woods", "building"])
def test_wige_may_not_enter_woods_or_buildings(terrain):
    # VEH-MOVE-11, tables.md 11.2 WiGE column
    state = game(wige(), hexes={"0509": {"terrain": terrain}})
    assert refused(state, "F").rule == "VEH-MOVE-11"


@pytest.mark.parametrize("terrain", ["rough", "rubble"])
def test_wige_may_enter_rough_and_rubble(terrain):
    # tables.md 11.2 WiGE column (MegaMek): allowed, at the terrain's cost
    p = plan(game(wige(), hexes={"0509": {"terrain": terrain}}), "F")
    assert (p.end, p.mp) == (H("0509"), 2)


def test_wige_may_change_several_levels_in_one_hex():
    # VEH-MOVE-04 does not apply to WiGE units; VEH-MOVE-05: 2 MP per level (1 + 2 x 2 = 5)
    state = game(wige(), hexes={"0509": {"level": 2}})
    p = plan(state, "F")
    assert (p.end, p.mp) == (H("0509"), 5)
    tracked = game(vehicle("tracked", 8), hexes={"0509": {"level": 2}})
    assert refused(tracked, "F").rule == "VEH-MOVE-04"


def test_wige_gets_no_pavement_bonus_and_may_not_charge():
    # VEH-PHYS-02: a WiGE may not make a charge attack
    state = game(wige(), vehicle("tracked", 4, "t", at="0508", side="blue"))
    state, _events, _rolls = drive(state, "F", mode="cruise")
    state = changed(state, phase=Phase.PHYSICAL)
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, PhysicalAttackOrder("u1", "t", "charge"), ManualDice([]))
    assert info.value.rule == "VEH-PHYS-02"


# -- VEH-SLIP-03, 04: the sideslip roll --------------------------------------------------------------------------


def test_flanking_wige_rolls_driving_before_the_hex_after_a_turn():
    # VEH-SLIP-03: a WiGE using flank MP that turns and then enters a hex rolls driving (7); 7 passes
    state, _events, rolls = drive(game(wige()), "3F,R,F", [7])
    assert purposes(rolls) == [SLIP_ROLL]
    assert (rolls[0].target, state.units["u1"].hex) == (7, H("0606"))


def test_wige_at_cruise_rolls_nothing():
    # VEH-SLIP-03: only flank movement risks a sideslip
    _state, _events, rolls = drive(game(wige()), "3F,R,F", [], mode="cruise")
    assert rolls == []


def test_failed_wige_sideslip_goes_the_way_it_was_going():
    # VEH-SLIP-04: fails by 4 after 3 hexes -> 2 hexes north; VEH-SLIP-02: no damage; VEH-SLIP-08: 5 hexes moved
    state, events, rolls = drive(game(wige()), "3F,R,F", [3])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.hexes_moved, u.mp_spent, armor_lost(u)) == (H("0505"), "NE", 5, 4, 0)
    assert (u.elevation, purposes(rolls)) == (0, [SLIP_ROLL])
    assert events[-1] == "u1 sideslips over 0505"


# -- VEH-SLIP-10: the height test for accidental charges -----------------------------------------------------------


def test_wige_slipping_into_a_tank_on_its_own_level_makes_an_accidental_charge():
    # VEH-SLIP-10: the WiGE flies at level 1 (one above the level-0 hexes); the tank's hex is level 0 + 1 = 1 >= 1
    state = game(wige(), design(SCORPION, "t", at="0506", side="blue"))
    state = state.with_unit(changed(state.units["t"], mode=MoveMode.CRUISE))  # moved: cannot get out of the way
    state, events, rolls = drive(state, "3F,R,F", [3, 2])
    assert purposes(rolls) == [SLIP_ROLL, "to-hit accidental charge u1 vs t"]
    assert "u1 sideslips into t in 0506: accidental charge (VEH-SLIP-09)" in events
    assert state.units["u1"].hex == H("0505")  # the charge missed (2): it slides on


def test_wige_slipping_off_higher_ground_passes_over_a_tank():
    # VEH-SLIP-10: from level-1 ground the WiGE flies at level 2; the tank's hex is 0 + 1 = 1 < 2: no charge
    hexes = {f"05{row:02d}": {"level": 1} for row in range(7, 11)}
    state = game(wige(), design(SCORPION, "t", at="0506", side="blue"), hexes=hexes)
    state, _events, rolls = drive(state, "3F,R,F", [3])
    assert purposes(rolls) == [SLIP_ROLL]
    assert (state.units["u1"].hex, state.units["t"].hex) == (H("0505"), H("0506"))
    assert armor_lost(state.units["t"]) == 0


# -- VEH-SLIP-11, VTOL-CRASH-01..03: slipping into terrain as high as itself ------------------------------------


def test_wige_slipping_into_a_hill_as_high_as_itself_crashes():
    # VEH-SLIP-11: the WiGE flies at level 1; the level-1 hill at 0505 is as high -> crash.
    # VTOL-CRASH-01: 5 hexes moved (slip hexes count) x ceil(30 / 10) = 15 -> VTOL-CRASH-02: 5, 5, 5 on the
    # GROUND combat vehicle table, left column (the side that struck): 2D6 = 10 is a turret hit, which on a
    # WiGE without a turret strikes the left side (a VTOL's table would give the rotor). VTOL-CRASH-03: a
    # clear hill is ground it may be in: landed there.
    state = game(wige(), hexes={"0505": {"level": 1}})
    state, events, rolls = drive(state, "3F,R,F", [3, 10, 10, 10])
    u = state.units["u1"]
    assert purposes(rolls) == [SLIP_ROLL] + ["hit location crash u1 (left)"] * 3
    assert "u1 slips into terrain as high as itself and crashes: 15 damage (VTOL-CRASH-01)" in events
    assert (u.hex, u.elevation, u.hexes_moved, u.armor["left"], u.destroyed) == (H("0505"), 0, 5, 5, False)
    assert u.vehicle.crashed_turn == 1  # VTOL-CRASH-04
    assert events[-1] == "u1 survives the crash and is landed in 0505 (VTOL-CRASH-03)"


def test_wige_slipping_over_lower_ground_does_not_crash():
    # VEH-SLIP-11: a level-0 hex is below the WiGE's height 1: it slips over
    state, _events, rolls = drive(game(wige()), "3F,R,F", [3])
    assert (state.units["u1"].hex, state.units["u1"].destroyed) == (H("0505"), False)
    assert not state.units["u1"].vehicle.crashed_turn


def test_wige_crashing_into_woods_is_destroyed():
    # VEH-SLIP-11 (treetops are 2 levels, AMB-02), VTOL-CRASH-03: a WiGE may not be in woods -> destroyed.
    # 5 hexes x 3 = 15: three location rolls (2D6 = 7, left side)
    state = game(wige(), hexes={"0505": {"terrain": "light_woods"}})
    state, events, rolls = drive(state, "3F,R,F", [3, 7, 7, 7])
    assert state.units["u1"].destroyed
    assert events[-1] == "u1 cannot come to rest there (a WiGE may not enter light woods (VEH-MOVE-11)) and is destroyed (VTOL-CRASH-03)"


def test_wige_crew_killed_crashes():
    # VEH-CRIT-09: "a VTOL or WiGE crashes and is destroyed" (a WiGE always flies in btcli)
    from btcli.rules.ground import vehicles

    unit = game(wige()).units["u1"]
    events: list[str] = []
    after = vehicles.apply_effect(unit, "front", "crew killed", ManualDice([]), events, 1, 5)
    assert after.destroyed and sentences(events)[-1] == "u1 crashes and is destroyed"
