"""'Mech physical attacks on vehicles and VTOLs (VEH-PHYS-04, 06, 08, 09)."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.orders import PhysicalAttackOrder
from btcli.model.units import MoveMode
from btcli.rules.core import phases
from btcli.render.events import sentences
from tests.builders import ATLAS, FERRET, HUNCHBACK, J_EDGAR, SCORPION, design, physical_game, put


def declare(state, kind, dice=()):
    state, _ = engine.apply(state, PhysicalAttackOrder("a", "t", kind), ManualDice(list(dice)))
    return state


def resolve(state, dice):
    d = ManualDice(list(dice))
    state, events = phases.resolve(state, d)
    return state, events, d


def test_kick_on_a_ground_vehicle_strikes_a_random_side():
    # VEH-PHYS-06, AMB-09: 1D6 picks the side (3 = rear) whatever the attack direction (front here)
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(SCORPION, "t", "0506", "N", "blue"))
    state = declare(state, "kick")
    state, events, d = resolve(state, [3, 3, 7])  # to-hit 3 vs 3, side die 3 (rear), location 7 (rear column)
    assert [r.purpose for r in d.rolls][1] == "random side of t"
    assert "t takes 10 in rear (kick from a)" in sentences(events)


def test_a_kicked_vehicle_makes_no_psr():
    # PHYS-PSR-02: only a 'Mech that can fall rolls for being kicked (MegaMek Server.java:15749, Tank.canFall false)
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(SCORPION, "t", "0506", "N", "blue"))
    state = declare(state, "kick")
    state, events, d = resolve(state, [3, 1, 7])  # hits, side die 1 (front), location 7
    d.finish()
    assert not [r for r in d.rolls if "skill roll" in r.purpose]
    assert "t takes 10 in front (kick from a)" in sentences(events)


def test_side_die_of_5_or_6_is_rolled_again():
    # VEH-PHYS-06: only four sides; 5 and 6 roll again
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(SCORPION, "t", "0506", "N", "blue"))
    state = declare(state, "kick")
    state, events, d = resolve(state, [3, 6, 5, 1, 7])
    assert "t takes 10 in front (kick from a)" in sentences(events)


def test_hover_charging_a_mech_in_depth_1_water_uses_the_punch_table():
    # VEH-PHYS-04: a hover vehicle on the surface against a 'Mech standing in depth-1 water -> punch table
    state = physical_game(design(J_EDGAR, "a", "0505", "S", "red"), design(ATLAS, "t", "0506", "N", "blue"))
    state = state.with_unit(put(state, "a", mode=MoveMode.CRUISE, hexes_moved=2).units["a"])
    board = state.board
    from btcli.model.board import Hex, Terrain
    from btcli.model.hexgrid import HexId

    state = state.with_board(board.with_hex(HexId.parse("0506"), Hex(Terrain.WATER, 0, 1)))
    state = declare(state, "charge")
    # to-hit 12; damage ceil(25/10 x 2) = 5 on the punch table (1D6 3 = CT); 10 back to the hover tank (2D6 7);
    # PSR for the Atlas (12 passes); motive rolls for the hover tank (2)
    state, events, d = resolve(state, [12, 3, 7] + [12] * 10)
    purposes = [r.purpose for r in d.rolls]
    assert purposes[:2] == ["to-hit charge a vs t", "punch location vs t (front)"]


def test_airborne_vtol_out_of_reach_of_a_punch_is_refused():
    # VEH-PHYS-08 (UNVERIFIED reach): a VTOL 3 levels above the 'Mech's hex cannot be punched
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(FERRET, "t", "0506", "N", "blue"))
    state = put(state, "t", elevation=3)
    with pytest.raises(IllegalOrderError, match="out of reach") as info:
        declare(state, "punch")
    assert info.value.rule == "VEH-PHYS-08"


def test_successful_punch_on_an_airborne_vtol_destroys_its_rotor():
    # VEH-PHYS-09, AMB-11 (literal): the rotor is destroyed, and with it the VTOL (VTOL-CRIT-10)
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(FERRET, "t", "0506", "N", "blue"))
    state = put(state, "t", elevation=1, mode=MoveMode.CRUISE, mp_spent=1)
    state = declare(state, "punch")
    state, events, _ = resolve(state, [12])
    assert state.units["t"].destroyed
    assert any("rotor is destroyed (VEH-PHYS-09)" in e for e in sentences(events))


def test_rotor_option_off_applies_the_punch_to_the_rotor_instead():
    # AMB-11 alternative ([options] physical_destroys_rotor = false): the punch (5) strikes the rotor,
    # reduced to ceil(5/10) = 1 (VEH-DMG-12): rotor armor 2 -> 1, and the rotor hit costs 1 cruise MP
    state = physical_game(design(HUNCHBACK, "a", "0505", "S", "red"), design(FERRET, "t", "0506", "N", "blue"),
                          options={"physical_destroys_rotor": False})
    state = put(state, "t", elevation=1)
    state = declare(state, "punch")
    state, events, _ = resolve(state, [12])
    ferret = state.units["t"]
    assert not ferret.destroyed
    assert (ferret.armor["rotor"], ferret.walk, ferret.run) == (1, 14, 21)
