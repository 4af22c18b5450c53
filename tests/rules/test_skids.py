"""Tests for skids and sideslips (btcli.rules.ground.skids and the driving rolls of moves.apply_move).

States are built with the helpers of tests/builders.py; unless a test
says otherwise the mover 'u1' starts in the bottom row of column 05 facing N, so
``F`` steps go up column 05, and ``R`` turns it NE. Every move goes through
``engine.apply`` with ManualDice and every scripted value must be used
(``ManualDice.finish``). Crews have driving 5 unless a test raises it to get a
large margin of failure out of a 2D6 roll.

Vehicles: J. Edgar Light Hover Tank (25 t hover, cruise 11 / flank 17, front armor
30, turret), Savannah Master Hovercraft (5 t hover, cruise 13 / flank 20), the
inline 30-ton vehicles of tests/builders.py (armor F10 R8 L8 Rr6, no turret) and an
inline 30-ton VTOL with 20 armor everywhere.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.render.events import sentences
from btcli.dice import ManualDice
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder, parse_steps
from btcli.model.state import GameState
from btcli.model.units import MoveMode
from tests.builders import (
    SLIP_ROLL,
    airborne,
    changed,
    column,
    design,
    drive,
    game,
    paved,
    purposes,
    skid_state,
    vehicle,
)

H = HexId.parse

J_EDGAR = "J. Edgar Light Hover Tank"  # hover, 25 t, cruise 11 / flank 17
SAVANNAH = "Savannah Master Hovercraft"  # hover, 5 t, cruise 13 / flank 20
FERRET = "Ferret Light Scout VTOL"  # VTOL, 5 t, cruise 15 / flank 23

SKID_ROLL = "driving skill roll u1 (skid)"
MOTIVE_ROLL = "motive system damage u1"
THICK = {"front": 20, "right": 20, "left": 20, "rear": 20, "rotor": 20}


# -- VEH-SLIP-03, VEH-MOVE-03, VEH-VTOL-01: when the sideslip roll is made ------------------------------------


def test_hover_at_flank_rolls_driving_before_the_hex_after_a_turn():
    # VEH-MOVE-03, VEH-SLIP-03: 0510 -> 0508, turn NE, roll (TN 5, rolls 5: made), then 0607
    state, _events, rolls = drive(game(design(J_EDGAR)), "F,F,R,F", [5])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.mp_spent, u.hexes_moved, u.mode) == (H("0607"), "NE", 4, 3, MoveMode.FLANK)
    assert [(r.purpose, r.target, r.modifiers) for r in rolls] == [(SLIP_ROLL, 5, (("driving", 5),))]


def test_flanking_vtol_rolls_driving_before_the_hex_after_a_turn():
    # VEH-VTOL-01, VEH-SLIP-03: the Ferret at elevation 1 turns and flies on after a made roll
    state, _events, rolls = drive(airborne(game(design(FERRET)), 1), "F,F,R,F", [5])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.elevation, u.mp_spent, u.hexes_moved) == (H("0607"), "NE", 1, 4, 3)
    assert purposes(rolls) == [SLIP_ROLL]


def test_vtol_turning_without_flying_on_rolls_nothing():
    # VEH-SLIP-05 for a VTOL: the turn and a climb, but no hex after the turn
    state, _events, rolls = drive(airborne(game(design(FERRET)), 1), "F,F,R,A", [])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.elevation, rolls) == (H("0508"), "NE", 2, [])


def test_hover_turning_as_its_last_action_rolls_nothing():
    # VEH-SLIP-05
    state, _events, rolls = drive(game(design(J_EDGAR)), "F,F,R", [])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.mode, rolls) == (H("0508"), "NE", MoveMode.FLANK, [])


def test_hover_turning_at_cruise_rolls_nothing():
    # VEH-SLIP-03, VEH-MOVE-03: only flank movement risks a sideslip
    state, _events, rolls = drive(game(design(J_EDGAR)), "F,F,R,F", [], mode="cruise")
    u = state.units["u1"]
    assert (u.hex, u.mode, rolls) == (H("0607"), MoveMode.CRUISE, [])


def test_hover_turning_in_a_clear_hex_rolls():
    # VEH-URB-04: a hover vehicle risks a sideslip whatever the terrain (the map is all clear)
    _state, _events, rolls = drive(game(design(SAVANNAH)), "F,R,F", [12])
    assert purposes(rolls) == [SLIP_ROLL]


def test_sideslip_roll_has_no_skid_modifier():
    # VEH-SLIP-01: 5 hexes on pavement before the turn would be +1 on the skid ladder; TN stays driving 5
    state = skid_state(design(J_EDGAR, at="0516"), hexes=paved())
    state, _events, rolls = drive(state, "5F,R,F", [5])
    assert [(r.purpose, r.target, r.modifiers) for r in rolls] == [(SLIP_ROLL, 5, (("driving", 5),))]


@pytest.mark.parametrize(
    "path, rolls",
    [("F,F,R,F,L,F", 2), ("F,F,R,R,F", 1), ("F,R,F,F,F", 1), ("F,R,F,L,F,R,F", 3)],
    ids=["two-turns", "one-turn-two-hexsides", "one-turn-many-hexes", "three-turns"],
)
def test_one_sideslip_roll_per_facing_change_followed_by_movement(path, rolls):
    # AMB-04: one roll before the first hex entered after each facing change
    _state, _events, used = drive(game(design(J_EDGAR)), path, [8] * rolls)
    assert purposes(used) == [SLIP_ROLL] * rolls


# -- VEH-SLIP-04, 08: sideslip distance, direction, MP -------------------------------------------------------


@pytest.mark.parametrize(
    "before, roll, end",
    [(3, 4, "0505"), (3, 7, "0506"), (1, 5, "0509"), (4, 6, "0504"), (4, 2, "0503")],
    ids=["moved-3-mof-4", "moved-3-mof-1", "moved-1-mof-3", "moved-4-mof-2", "moved-4-mof-6"],
)
def test_sideslip_distance_is_margin_of_failure_capped_at_hexes_moved_minus_one(before, roll, end):
    # VEH-SLIP-04 (catalog test: moved 3, MoF 4 -> 2; moved 3, MoF 1 -> 1; moved 1, MoF 3 -> 0);
    # driving 8, so 2D6 = 4 fails by 4. The slip goes N, the way it went before turning NE.
    state = game(design(J_EDGAR, driving=8))
    state, _events, rolls = drive(state, f"{before}F,R,F", [roll])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.destroyed) == (H(end), "NE", False)
    assert purposes(rolls) == [SLIP_ROLL]


def test_sideslip_goes_the_way_the_unit_went_before_a_left_turn():
    # VEH-SLIP-04: facing N, turns NW (L), fails by 4 after 3 hexes -> slips 2 hexes N, not NW
    state = game(design(J_EDGAR, driving=8))
    state, _events, _rolls = drive(state, "3F,L,F", [4])
    u = state.units["u1"]
    assert (u.hex, u.facing.name) == (H("0505"), "NW")


def test_sideslip_hexes_cost_no_mp_but_count_as_hexes_moved():
    # VEH-SLIP-08: 3 hexes and a turn (4 MP), slip 2 -> MP 4, hexes moved 5
    state = game(design(J_EDGAR, driving=8))
    state, events, _rolls = drive(state, "3F,R,F", [4])
    u = state.units["u1"]
    assert (u.mp_spent, u.hexes_moved, u.mode) == (4, 5, MoveMode.FLANK)
    assert events == [
        "u1 flanks 0510 -> 0507 facing NE: 4 MP, 3 hexes",
        "u1 fails its driving skill roll (4 vs 8) and sideslips",
        "u1 sideslips into 0506",
        "u1 sideslips into 0505",
    ]


def test_sideslip_without_a_collision_does_no_damage():
    # VEH-SLIP-02, VEH-URB-04: two hexes of clear ground: no damage, no motive roll, not immobile
    state = game(design(J_EDGAR, driving=8))
    state, _events, rolls = drive(state, "3F,R,F", [4])
    u = state.units["u1"]
    assert (u.armor, u.internal) == (dict(u.max_armor), dict(u.max_internal))
    assert (u.destroyed, u.vehicle.immobile, purposes(rolls)) == (False, False, [SLIP_ROLL])


def test_hover_on_pavement_sideslips_instead_of_skidding():
    # VEH-URB-04, VEH-MOVE-02: a failed roll on pavement is a sideslip: no skid ladder, no motive roll
    state = skid_state(design(J_EDGAR, at="0516", driving=8), hexes=paved())
    state, events, rolls = drive(state, "3F,R,F", [4])
    u = state.units["u1"]
    assert u.hex == H("0511")
    assert purposes(rolls) == [SLIP_ROLL]
    assert "u1 fails its driving skill roll (4 vs 8) and sideslips" in events


def test_sideslip_from_a_friendly_units_hex_is_resolved():
    # VEH-SLIP-04, TW p.57 (a unit may pass through a friendly hex): through 0509, into 0508 (friend),
    # turn NE there, fail by 1 (4 vs 5) -> slip 1 hex N to 0507
    state = game(design(J_EDGAR), design(J_EDGAR, "f", at="0508"))
    state, _events, _rolls = drive(state, "F,F,R,F", [4])
    assert state.units["u1"].hex == H("0507")


# -- VEH-SLIP-11, VTOL-CRASH-01, 02, AMB-06: VTOL slipping into high terrain ----------------------------------


def _vtol_towards_a_hill(elevation: int) -> GameState:
    """A 30-ton VTOL (cruise 8 / flank 12, driving 7) over 0510; a level-2 hill at 0505 (clear)."""
    unit = vehicle("vtol", 8, engine="fusion", armor=dict(THICK), driving=7)
    return airborne(game(unit, hexes={"0505": {"level": 2}}), elevation)


def test_vtol_slipping_into_terrain_as_high_as_itself_crashes():
    # VEH-SLIP-11, VTOL-CRASH-01 (AMB-06: hexes x ceil(tons / 10)), VTOL-CRASH-02 (5-point groups):
    # 3 hexes, turn, 2D6 = 3 fails by 4 -> slip 2: 0506, then the level-2 hill 0505 at absolute height 2.
    # Hexes moved 5 (slip hexes count) x 3 = 15 -> 5, 5, 5: three location rolls (2D6 = 7 each)
    state, events, rolls = drive(_vtol_towards_a_hill(2), "3F,R,F", [3, 7, 7, 7])
    u = state.units["u1"]
    lost = sum(u.max_armor.values()) - sum(u.armor.values())
    assert (u.hex, u.elevation, u.hexes_moved, u.mp_spent, lost, u.destroyed) == (H("0505"), 0, 5, 4, 15, False)
    assert u.vehicle.crashed_turn == 1
    assert purposes(rolls)[0] == SLIP_ROLL and len(rolls) == 4
    assert "u1 slips into terrain as high as itself and crashes: 15 damage (VTOL-CRASH-01)" in events
    assert events[-1] == "u1 survives the crash and is landed in 0505 (VTOL-CRASH-03)"  # VTOL-CRASH-03: clear hill


def test_vtol_slipping_above_terrain_lower_than_itself_does_not_crash():
    # VEH-SLIP-11: absolute height 3 passes over the level-2 hill (elevation 1 there)
    state, _events, rolls = drive(_vtol_towards_a_hill(3), "3F,R,F", [3])
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.hexes_moved, u.destroyed) == (H("0505"), 1, 5, False)
    assert purposes(rolls) == [SLIP_ROLL]
    assert not u.vehicle.crashed_turn


def test_vtol_slipping_into_a_building_as_high_as_itself_crashes():
    # VEH-SLIP-11 (the VEH-SLIP-12 charge: test_collisions): a 3-level building at 0506, absolute height 3;
    # slip 1 (3 hexes, fails by 1) -> 4 hexes x 3 = 12 -> 5, 5, 2; a building is landing ground (VTOL-CRASH-03)
    unit = vehicle("vtol", 8, engine="fusion", armor=dict(THICK), driving=7)
    state = airborne(game(unit, hexes={"0506": {"terrain": "building", "building": {"height": 3}}}), 3)
    state, events, _rolls = drive(state, "3F,R,F", [6, 7, 7, 7])
    u = state.units["u1"]
    lost = sum(u.max_armor.values()) - sum(u.armor.values())
    # landed on the roof: elevation = the building's height (VEH-VTOL-10)
    assert (u.hex, u.elevation, u.hexes_moved, lost, u.destroyed) == (H("0506"), 3, 4, 12, False)
    assert "u1 slips into terrain as high as itself and crashes: 12 damage (VTOL-CRASH-01)" in events


def test_vtol_sideslip_crash_damage_uses_the_side_that_struck_the_terrain():
    # VTOL-CRASH-01, 02: "applied to the side that struck the terrain"
    _state, _events, rolls = drive(_vtol_towards_a_hill(2), "3F,R,F", [3, 7, 7, 7])
    assert purposes(rolls)[1:] == ["hit location crash u1 (left)"] * 3


def test_vtol_slipping_over_lower_ground_does_not_fall():
    # VEH-SLIP-14: the slip hexes drop to level -2; no accidental fall, the VTOL keeps its absolute height 1
    hexes = {"0506": {"level": -2}, "0505": {"level": -2}}
    state = airborne(game(vehicle("vtol", 8, armor=dict(THICK), driving=7), hexes=hexes), 1)
    state, _events, rolls = drive(state, "3F,R,F", [3])
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.armor, purposes(rolls)) == (H("0505"), 3, dict(u.max_armor), [SLIP_ROLL])


# -- VEH-URB-02, VEH-GEN-02: when the skid roll is made -----------------------------------------------------------


@pytest.mark.parametrize(
    "before, modifier", [(1, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (10, 2), (11, 4)]
)
def test_skid_roll_is_driving_plus_the_skid_ladder(before, modifier):
    # VEH-URB-02, VEH-GEN-02, tables.md 8.6 (hexes moved before the turn: 0-2 -1, 3-4 0, 5-7 +1, 8-10 +2, 11+ +4)
    state = skid_state(vehicle("wheeled", 10, at="0516"), hexes=paved())
    state, _events, rolls = drive(state, f"{before}F,R,F", [12])
    assert [(r.purpose, r.target, r.modifiers) for r in rolls] == [
        (SKID_ROLL, 5 + modifier, (("driving", 5), (f"hexes moved {before}", modifier)))
    ]


def test_tracked_vehicle_turning_on_pavement_at_flank_rolls_for_a_skid():
    # VEH-GEN-02 (catalog test: same manoeuvre in a paved hex -> skid roll requested); roll made
    state = skid_state(vehicle("tracked", 4, at="0516"), hexes=paved())
    state, _events, rolls = drive(state, "3F,R,F", [5])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.mp_spent, u.mode) == (H("0612"), "NE", 5, MoveMode.FLANK)
    assert purposes(rolls) == [SKID_ROLL]


@pytest.mark.parametrize("motive", ["tracked", "wheeled"])
def test_ground_vehicle_turning_in_a_clear_hex_rolls_nothing(motive):
    # VEH-GEN-02: skids only on paved hexes
    state, _events, rolls = drive(game(vehicle(motive, 4)), "F,F,R,F", [])
    assert (state.units["u1"].hex, rolls) == (H("0607"), [])


def test_ground_vehicle_turning_off_the_pavement_rolls_nothing():
    # VEH-URB-02: the hex of the turn decides; the turn is made in clear 0513 amid pavement
    state = skid_state(vehicle("wheeled", 4, at="0516"), hexes=paved(**{"0513": {"terrain": "clear"}}))
    state, _events, rolls = drive(state, "3F,R,F", [])
    assert (state.units["u1"].hex, rolls) == (H("0612"), [])


def test_ground_vehicle_turning_on_pavement_at_cruise_rolls_nothing():
    # VEH-URB-02 / TW p.62: a skid needs flank movement
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=paved())
    state, _events, rolls = drive(state, "3F,R,F", [], mode="cruise")
    assert (state.units["u1"].hex, state.units["u1"].mode, rolls) == (H("0612"), MoveMode.CRUISE, [])


def test_ground_vehicle_turning_without_moving_on_rolls_nothing():
    # VEH-URB-02: no hex entered after the turn
    state = skid_state(vehicle("wheeled", 4, at="0516"), hexes=paved())
    state, _events, rolls = drive(state, "3F,R", [])
    assert (state.units["u1"].hex, state.units["u1"].facing.name, rolls) == (H("0513"), "NE", [])


# -- VEH-MOVE-02, VEH-URB-03: a failed skid ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "before, end",
    [(3, "0512"), (4, "0510"), (5, "0509"), (1, "0515")],
    ids=["3-skids-1", "4-skids-2", "5-skids-2", "1-skids-0"],
)
def test_skid_goes_half_the_hexes_entered_in_the_original_direction(before, end):
    # VEH-URB-03; distance = hexes entered // 2 (btcli/rules/ground/skids.py: the standard skid distance is memory,
    # UNVERIFIED). Fails (2 vs TN), slides N though facing NE, then motive roll 2D6 = 2 (+2 wheeled): no effect
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=paved())
    state, _events, _rolls = drive(state, f"{before}F,R,F", [2, 2])
    u = state.units["u1"]
    assert (u.hex, u.facing.name, u.hexes_moved, u.mp_spent) == (H(end), "NE", before + before // 2, before + 1)
    assert (u.armor, u.destroyed) == (dict(u.max_armor), False)


def test_failed_skid_makes_exactly_one_motive_system_roll():
    # VEH-MOVE-02 (catalog test: wheeled fails its skid roll -> exactly 1 motive roll), VEH-URB-03
    # (2 hexes of level pavement: no damage); motive 2D6 = 2, +0 front, +2 wheeled = 4: no effect
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=paved())
    state, events, rolls = drive(state, "4F,R,F", [2, 2])
    assert purposes(rolls) == [SKID_ROLL, MOTIVE_ROLL]
    assert rolls[1].modifiers == (("hit from the front", 0), ("wheeled", 2))
    assert events == [
        "u1 flanks 0516 -> 0512 facing NE: 5 MP, 4 hexes",
        "u1 fails its driving skill roll (2 vs 5) and skids",
        "u1 skids into 0511",
        "u1 skids into 0510",
        "u1: motive system roll 4: no effect",
    ]


def test_failed_skid_motive_roll_takes_effect():
    # VEH-MOVE-02, tables.md 3: 2D6 = 7, +2 wheeled = 9: moderate damage, cruise 6 -> 5, +2 driving rolls
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=paved())
    state, _events, _rolls = drive(state, "4F,R,F", [2, 7])
    u = state.units["u1"]
    assert (u.walk, u.run, u.vehicle.motive_dsr) == (5, 8, (2,))


def test_skid_into_prohibited_terrain_damages_the_front_and_immobilizes():
    # VEH-URB-05, AMB-17: a 40-ton wheeled vehicle skids into rough: ceil(40 / 5) = 8 -> 5, 3 on the front
    # column (2D6 = 7: front, no mark); immobile; then the skid's motive roll (VEH-MOVE-02, 2 + 2: no effect)
    hexes = paved(**{"0510": {"terrain": "rough"}})
    state = skid_state(vehicle("wheeled", 6, at="0516", tons=40), hexes=hexes)
    state, events, rolls = drive(state, "4F,R,F", [2, 7, 7, 2])
    u = state.units["u1"]
    assert (u.hex, u.armor["front"], u.vehicle.immobile, u.destroyed) == (H("0510"), 2, True, False)
    assert purposes(rolls) == [SKID_ROLL, "hit location skid u1 (front)", "hit location skid u1 (front)", MOTIVE_ROLL]
    assert "u1 skids into terrain it cannot enter: 8 damage, immobile (VEH-URB-05)" in events


@pytest.mark.parametrize("tons, groups", [(40, [5, 3]), (42, [5, 4]), (25, [5]), (5, [1])])
def test_skid_into_prohibited_terrain_damage_is_tons_over_five_rounded_up(tons, groups):
    # VEH-URB-05 (catalog test: 40 t -> 8 in groups 5, 3; 42 t -> 9)
    hexes = paved(**{"0510": {"terrain": "rough"}})
    armor = {"front": 20, "right": 8, "left": 8, "rear": 6}
    state = skid_state(vehicle("wheeled", 6, at="0516", tons=tons, armor=armor), hexes=hexes)
    state, events, _rolls = drive(state, "4F,R,F", [2] + [7] * len(groups) + [2])
    u = state.units["u1"]
    assert 20 - u.armor["front"] == sum(groups)
    assert [e for e in events if e.startswith("u1 takes")] == [f"u1 takes {g} in front (skid)" for g in groups]


def test_hover_sliding_into_woods_is_damaged_and_immobilized():
    # VEH-URB-05 (e.g. hover into woods), VEH-SLIP-02 (a collision does damage): J. Edgar 25 t -> 5 damage,
    # one group on the front column (2D6 = 7: front); a sideslip makes no motive roll
    state = game(design(J_EDGAR, driving=8), hexes={"0505": {"terrain": "light_woods"}})
    state, _events, rolls = drive(state, "3F,R,F", [4, 7])
    u = state.units["u1"]
    assert (u.hex, u.armor["front"], u.vehicle.immobile, u.destroyed) == (H("0505"), 25, True, False)
    assert purposes(rolls) == [SLIP_ROLL, "hit location sideslip u1 (front)"]


@pytest.mark.parametrize("depth", [1, 2])
def test_skid_into_deep_water_destroys_the_vehicle(depth):
    # VEH-URB-06: no damage rolls and, the vehicle being gone, no motive roll
    hexes = paved(**{"0511": {"terrain": "water", "depth": depth}})
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=hexes)
    state, events, rolls = drive(state, "4F,R,F", [2])
    u = state.units["u1"]
    assert (u.hex, u.destroyed, purposes(rolls)) == (H("0511"), True, [SKID_ROLL])
    assert events[-1] == f"u1 skids into depth-{depth} water and is destroyed (VEH-URB-06)"


def test_hover_sliding_into_deep_water_is_unharmed():
    # VEH-URB-06 covers only units that may not enter water; a hover rides over it (VEH-SLIP-02)
    state = game(design(J_EDGAR, driving=8), hexes={"0505": {"terrain": "water", "depth": 2}})
    state, _events, rolls = drive(state, "3F,R,F", [4])
    u = state.units["u1"]
    assert (u.hex, u.destroyed, u.armor, purposes(rolls)) == (H("0505"), False, dict(u.max_armor), [SLIP_ROLL])


def test_skid_into_a_lower_hex_is_an_accidental_fall():
    # VEH-URB-03 / TW p.152: the pavement is level 1, 0511 is level 0: the skid stops there with a 1-level fall:
    # ceil(30 / 10) x (1 + 1) = 6 -> 5, 1; fall direction 1D6 = 1 (front), locations 2D6 = 7, 7 (front);
    # then the skid's motive roll (2 + 2: no effect)
    hexes = column({"terrain": "paved", "level": 1}, rows=range(1, 17))
    hexes["0511"] = {"terrain": "paved", "level": 0}
    state = skid_state(vehicle("wheeled", 6, at="0516"), hexes=hexes)
    state, events, rolls = drive(state, "4F,R,F", [2, 1, 7, 7, 2])
    u = state.units["u1"]
    assert (u.hex, u.armor["front"], u.destroyed, u.hexes_moved) == (H("0511"), 4, False, 5)
    assert purposes(rolls) == [SKID_ROLL, "fall direction u1", "hit location fall vs u1 (front)",
                               "hit location fall vs u1 (front)", MOTIVE_ROLL]
    assert "u1 falls 1 level (accidental fall from above)" in events


@pytest.mark.parametrize("option, damage", [("per_hex", 15), ("product", 13)])
def test_sideslip_crash_damage_formula_follows_the_amb_06_option(option, damage):
    # AMB-06: 25 tons, 5 hexes: hexes x ceil(tons/10) = 5 x 3 = 15 (default), or ceil(5 x 25 / 10) = 13
    unit = vehicle("vtol", 8, engine="fusion", armor=dict(THICK), driving=7, tons=25)
    state = airborne(game(unit, hexes={"0505": {"level": 2}}), 2)
    state = changed(state, options={"vtol_crash_damage": option})
    state, events, _rolls = drive(state, "3F,R,F", [3, 7, 7, 7])
    assert f"u1 slips into terrain as high as itself and crashes: {damage} damage (VTOL-CRASH-01)" in events


def _drive_on(state: GameState, path: str, rolls: list[int]):
    dice = ManualDice(list(rolls))
    state, events = engine.apply(state, MoveOrder("u1", "flank", parse_steps(path), after_slip="continue"), dice)
    dice.finish()
    return state, sentences(events)


def test_after_a_sideslip_the_unit_may_go_on_in_the_direction_it_turned_to():
    # VEH-SLIP-07: 0510 facing N, 3F (0507), R (NE), F: the roll fails by 4 -> slips 2 north (0505);
    # with --after-slip continue the rest of the path (the F that called the roll, then F) goes on
    # facing NE from 0505 to 0704. MP: 4 before the roll + 2 after (the slip is free, VEH-SLIP-08);
    # hexes moved: 3 + 2 slipped + 2 = 7.
    state = game(design(J_EDGAR, driving=8))
    state, events = _drive_on(state, "3F,R,F,F", [4])
    u = state.units["u1"]
    assert "u1 goes on after the slip (VEH-SLIP-07)" in events
    assert (u.hex.label, u.facing.name, u.mp_spent, u.hexes_moved) == ("0704", "NE", 6, 7)


def test_without_continue_the_move_ends_after_the_slip():
    # VEH-SLIP-07 is the player's choice: by default the move ends where the slip ends
    state = game(design(J_EDGAR, driving=8))
    state, events, _rolls = drive(state, "3F,R,F,F", [4])
    assert state.units["u1"].hex == H("0505")


def test_a_unit_that_goes_on_after_a_slip_and_slides_off_the_map_keeps_its_mp():
    # VEH-SLIP-07, 08: going on after a slip lends the rest of the move the MP left (11/17 less the 5 spent); a
    # second slip that carries it off the map must not leave its walking and running MP cut for good. The first
    # roll fails by 6 (slips 3 north, 0506 -> 0503), the rest goes on (F,F,F north-east to 0801, R), whose roll
    # fails too: 0901, then off the map. MP spent 5 + 4, hexes 4 + 3 slipped + 3 + 1 slipped.
    state = game(design(J_EDGAR, driving=8))
    state, events = _drive_on(state, "4F,R,F,F,F,R,F", [2, 2])
    u = state.units["u1"]
    assert "u1 sideslips off the map at 1000 and leaves the battle" in events
    assert "u1 goes on after the slip (VEH-SLIP-07)" in events
    assert (u.position, u.walk, u.run, u.mp_spent, u.hexes_moved) == (None, 11, 17, 9, 11)
