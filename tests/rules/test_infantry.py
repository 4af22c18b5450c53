"""Tests for the minimal infantry model (btcli.rules.ground.infantry) and the seed-000 rules that name infantry:
VEH-SLIP-13 (slipping into infantry), VEH-VTOL-07 (battle armor with VTOL movement) and VTOL-CRASH-05
(crashing onto infantry).

The TW infantry rules are in neither the seeds nor tables.md: loading, damage and movement follow
btcli's readings in docs/rules-notes.md (UNVERIFIED). States are built with the helpers of
tests/builders.py: a 10 x 10 clear map, the mover 'u1' in 0510 facing N.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.orders import PhysicalAttackOrder, WeaponAttackOrder
from btcli.model.state import Hit, Phase
from btcli.model.units import Motive, MoveMode, UnitKind
from btcli.render.view import unit_view
from btcli.rules import kinds
from btcli.rules.core.hits import apply_hits
from btcli.store import codec
from btcli.store.gamefile import parse_toml, render_head
from btcli.store.hashing import state_hash
from btcli.render.events import sentences
from tests.builders import (
    SCORPION,
    SLIP_ROLL,
    airborne,
    asset,
    changed,
    design,
    drive,
    game,
    heavy_vtol,
    plan,
    platoon,
    purposes,
    refused,
    vehicle,
)

H = HexId.parse
SIDES = {"front": 20, "right": 20, "left": 20, "rear": 20}


def squad(uid: str = "ba", *, at: str = "0510", side: str = "red", **extra) -> dict:
    """A battle armor squad with VTOL movement (a Sylph): 4 troopers, 5 armor each, 5 MP."""
    return {"id": uid, "side": side, "kind": "infantry", "motive": "vtol", "tons": 4, "troopers": 4,
            "trooper_armor": 5, "walk": 5, "position": at, **extra}


# -- loading, saving, the report ----------------------------------------------------------------------------


def test_platoon_and_battle_armor_load_with_their_troopers():
    state = game(platoon(), squad())
    inf, ba = state.units["inf"], state.units["ba"]
    assert (inf.kind, inf.motive, inf.armor, inf.internal, inf.walk, inf.run) == (
        UnitKind.INFANTRY, Motive.FOOT, {}, {"troopers": 28}, 1, 1)
    assert (ba.motive, ba.armor, ba.internal["trooper4"]) == (Motive.VTOL, {f"trooper{i}": 5 for i in range(1, 5)}, 1)


@pytest.mark.parametrize("change, message", [
    ({"motive": "wheeled"}, "infantry motive must be one of foot, jump, vtol, not 'wheeled'"),
    ({"troopers": 0}, "infantry troopers must be a whole number from 1 to 100, not 0"),
    ({"motive": "vtol"}, "only battle armor (trooper_armor > 0) has VTOL movement (VEH-VTOL-07)"),
    ({"motive": "jump"}, "jump infantry need jump MP"),
    ({"armor": {"front": 3}}, "infantry give troopers (and trooper_armor), not armor or internal"),
    ({"large": True}, "large = true|false belongs to vehicles only"),
])
def test_bad_infantry_designs_are_refused_with_one_clear_line(change, message):
    with pytest.raises(GameFileError) as info:
        game(platoon(**change))
    assert str(info.value) == f"unit 'inf': {message}"


def test_infantry_round_trip_through_the_game_file_and_keep_their_hash():
    state = game(platoon(), squad(), design(SCORPION, "t", at="0303"))
    again = codec.state_from_dict(parse_toml(render_head(state), "game"))
    assert again.units == state.units
    assert state_hash(again) == state_hash(state)


def test_report_shows_troopers_left():
    state = game(platoon(), squad())
    view = unit_view(state.units["ba"], state)
    assert (view["kind"], view["troopers"], view["battle_armor"], view["elevation"]) == ("infantry", 4, True, 0)
    assert view["status"] == "4 troopers, landed"
    assert unit_view(state.units["inf"], state)["status"] == "28 troopers"


# -- damage -------------------------------------------------------------------------------------------------


def test_each_point_of_damage_removes_one_trooper_of_a_platoon():
    state = game(platoon())
    hit = kinds.hit(ManualDice([]), state.units["inf"], "front", 5, "test")  # no location roll
    state, events = apply_hits(state, (hit, Hit("inf", "troopers", 25, "front", False, False, False, "t")),
                                      ManualDice([]))
    assert sentences(events) == ["inf takes 5 (test): 23 troopers left", "inf takes 25 (t): 0 troopers left", "inf is destroyed"]
    assert state.units["inf"].destroyed


def test_battle_armor_damage_strikes_the_first_trooper_standing_and_excess_is_lost():
    state = game(squad())
    hits = tuple(Hit("ba", "troopers", n, "front", False, False, False, "t") for n in (3, 10, 6))
    state, events = apply_hits(state, hits, ManualDice([]))
    ba = state.units["ba"]
    assert (ba.armor["trooper1"], ba.internal["trooper1"], ba.internal["trooper2"], ba.armor["trooper3"]) == (0, 0, 0, 5)
    assert sentences(events)[-1] == "ba takes 6 (t): trooper2 is killed"
    assert not ba.destroyed and unit_view(ba, state)["troopers"] == 2


# -- attacks by infantry ------------------------------------------------------------------------------------


@pytest.mark.parametrize("phase, order, message", [
    (Phase.WEAPON, WeaponAttackOrder("inf", "t", weapons=()), "weapon attacks by infantry are not resolved by btcli"),
    (Phase.PHYSICAL, PhysicalAttackOrder("inf", "t", "charge"), "infantry make no physical attacks"),
])
def test_infantry_attacks_are_refused(phase, order, message):
    state = changed(game(platoon(), design(SCORPION, "t", at="0505", side="red")), phase=phase)
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, order, ManualDice([]))
    assert str(info.value) == f"'inf': {message} (btcli infantry model)"


# -- movement -------------------------------------------------------------------------------------------------


def test_foot_infantry_walk_and_pay_two_mp_per_level():
    # tables.md 11.1: infantry pay 2 MP per level changed (1 + 2 = 3)
    state = game(platoon(at="0510", walk=3), hexes={"0509": {"level": 1}})
    p = plan(state, "F", uid="inf")
    assert (p.end, p.mp, p.mode) == (H("0509"), 3, MoveMode.WALK)


@pytest.mark.parametrize("terrain", [{"terrain": "water", "depth": 1}, {"terrain": "building"}])
def test_foot_infantry_stay_out_of_deep_water_and_buildings(terrain):
    state = game(platoon(at="0510", walk=3), hexes={"0509": terrain})
    assert refused(state, "F", uid="inf").rule == "btcli infantry model"


def test_battle_armor_with_vtol_movement_uses_the_vtol_rules():
    # VEH-VTOL-07 test: battle armor with VTOL movement climbing 2 levels and moving 1 hex -> 3 MP
    p = plan(game(squad()), "A,A,F", uid="ba")
    assert (p.end, p.elevation, p.mp, p.hexes_moved, p.mode) == (H("0509"), 2, 3, 1, MoveMode.WALK)


def test_battle_armor_with_vtol_movement_must_climb_before_moving():
    # VEH-VTOL-07 with VEH-VTOL-03, 08: landed, it may only rise first
    assert refused(game(squad()), "F", uid="ba").rule == "VEH-VTOL-03"


def test_battle_armor_flight_is_bound_by_its_own_mp():
    # VEH-VTOL-07: its own MP (5) bound the flight, with no flank MP
    assert refused(game(squad()), "A,F,F,F,F,F", uid="ba").rule == "VEH-VTOL-02"


# -- VEH-SLIP-13, VTOL-CRASH-05: slipping into infantry ---------------------------------------------------------


def test_vtol_slipping_into_infantry_drops_to_the_hex_level_and_crashes_onto_them():
    # VEH-SLIP-13 test: VTOL at elevation 1 slips into a level-0 hex holding infantry (0 + 1 >= 1): its
    # height becomes the hex's base level (0) and it crashes. VTOL-CRASH-05: it falls on the platoon
    # (to-hit 7, 2D6 = 8 hits: ceil(30/10) x 1 level = 3 troopers), which is pushed on to 0505.
    # VTOL-CRASH-01: 4 hexes moved x 3 = 12 -> 5, 5, 2 on the VTOL table, left column; it lands in 0506.
    state = airborne(game(heavy_vtol(driving=7), platoon()), 1)
    state, events, rolls = drive(state, "3F,R,F", [3, 8, 7, 7, 7])
    u, inf = state.units["u1"], state.units["inf"]
    assert purposes(rolls) == [SLIP_ROLL, "to-hit falling u1 onto inf"] + ["hit location crash u1 (left)"] * 3
    assert "u1 slips into infantry in 0506: its height drops to the hex's base level (VEH-SLIP-13)" in events
    assert "u1 crashes: 12 damage (VTOL-CRASH-01)" in events
    assert (u.hex, u.elevation, u.hexes_moved, u.destroyed) == (H("0506"), 0, 4, False)
    assert (inf.hex, inf.internal) == (H("0505"), {"troopers": 25})


def test_vtol_slipping_into_an_infantry_asset_crashes_as_into_infantry():
    # VEH-SLIP-13 with ASSET-GEN-05 ("infantry" means conventional infantry and battle armor, assets too): the
    # VTOL at elevation 1 slipping into a foot platoon asset drops to the hex's level and crashes onto it
    # (VTOL-CRASH-05: 2D6 = 8 hits, ceil(30/10) x 1 = 3 to the asset, pushed on to 0505), where it used to
    # make an accidental charge that the asset always dodged.
    state = airborne(game(heavy_vtol(driving=7), asset("Foot Platoon (Rifle)", "inf", "0506", side="blue")), 1)
    state, events, rolls = drive(state, "3F,R,F", [3, 8, 7, 7, 7])
    u, inf = state.units["u1"], state.units["inf"]
    assert purposes(rolls) == [SLIP_ROLL, "to-hit falling u1 onto inf"] + ["hit location crash u1 (left)"] * 3
    assert "u1 slips into infantry in 0506: its height drops to the hex's base level (VEH-SLIP-13)" in events
    assert (u.hex, u.elevation) == (H("0506"), 0)
    assert (inf.hex, inf.asset.state.damage) == (H("0505"), 3)


def test_vtol_slipping_above_infantry_does_not_meet_them():
    # VEH-SLIP-13 test: at elevation 2 the infantry's hex (0 + 1) is below it: no interaction
    state = airborne(game(heavy_vtol(driving=7), platoon()), 2)
    state, _events, rolls = drive(state, "3F,R,F", [3])
    assert purposes(rolls) == [SLIP_ROLL]
    assert (state.units["u1"].hex, state.units["u1"].elevation) == (H("0505"), 2)
    assert state.units["inf"].internal == {"troopers": 28}


def test_wige_slipping_into_infantry_crashes():
    # VEH-SLIP-13 for a WiGE (it flies at level 1 over level 0); VTOL-CRASH-05: 2D6 = 5 misses, so the WiGE
    # comes down beside the platoon in the next hex (0505) and takes its crash damage there (12 -> 3 rolls
    # on the ground vehicle table).
    wige = vehicle("wige", 8, armor=dict(SIDES), driving=7)
    state, events, rolls = drive(game(wige, platoon()), "3F,R,F", [3, 5, 7, 7, 7])
    u = state.units["u1"]
    assert purposes(rolls) == [SLIP_ROLL, "to-hit falling u1 onto inf"] + ["hit location crash u1 (left)"] * 3
    assert (u.hex, u.elevation, u.destroyed) == (H("0505"), 0, False)
    assert state.units["inf"].internal == {"troopers": 28}
