"""Tests for collisions during skids and sideslips (btcli.rules.ground.collisions; VEH-SLIP-09..12, VEH-VTOL-14,
VTOL-CRASH-05, VTOL-CRIT-06).

The skid collision procedure itself (TW p.62) is MegaMek's reading, UNVERIFIED (docs/rules-notes.md).
The slider 'u1' starts at 0510 facing N; ``3F,R,F`` at flank moves it to 0507, turns it NE and rolls;
a failed roll slips it north (0506, 0505) by the margin of failure, at most 2 hexes (VEH-SLIP-04).
"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.model.units import MoveMode
from btcli.rules.ground import collisions, placement, vtol
from btcli.render.events import sentences
from tests.builders import (
    HUNCHBACK,
    J_EDGAR,
    SLIP_ROLL,
    airborne,
    armor_lost,
    asset,
    changed,
    design,
    drive,
    fly,
    game,
    heavy_vtol,
    paved,
    plan,
    purposes,
    skid_state,
    vehicle,
)

H = HexId.parse
TO_HIT = "to-hit accidental charge u1 vs m"


def moved(state: GameState, uid: str) -> GameState:
    """Marks a unit as having moved this turn (it cannot get out of the way)."""
    return state.with_unit(changed(state.units[uid], mode=MoveMode.WALK))


def hover_and_mech(**mech) -> GameState:
    """J. Edgar (25 t hover, driving 8) at 0510; the enemy Hunchback 'm' (50 t, piloting 5) at 0506."""
    return game(design(J_EDGAR, driving=8), design(HUNCHBACK, "m", at="0506", side="blue", **mech))


# -- VEH-SLIP-09: a slip into an occupied hex is an accidental charge ------------------------------------------


def test_sideslip_into_a_mech_makes_an_accidental_charge_roll():
    # VEH-SLIP-09 test: hover slips into the 'Mech's hex -> accidental charge: driving 8 + (8 - 5) = 11,
    # no attacker movement modifier; a miss (10) leaves the 'Mech alone and the hover slides on to 0505.
    state, events, rolls = drive(moved(hover_and_mech(), "m"), "3F,R,F", [4, 10])
    assert purposes(rolls) == [SLIP_ROLL, TO_HIT]
    assert (rolls[1].target, rolls[1].modifiers) == (11, (("driving", 8), ("piloting difference", 3)))
    assert "u1 sideslips into m in 0506: accidental charge (VEH-SLIP-09)" in events
    assert (state.units["u1"].hex, state.units["m"].hex) == (H("0505"), H("0506"))
    assert armor_lost(state.units["m"]) == 0


def test_accidental_charge_that_hits_is_resolved_as_a_charge_and_ends_the_slide():
    # VEH-SLIP-09, tables.md 8.7: hit -> ceil(25/10 x 3 hexes moved) = 8 to the 'Mech (kick table, VEH-PHYS-04,
    # groups 5 + 3), ceil(50/10) = 5 back to the hover's leading (left) side; the 'Mech is pushed on to 0505 and
    # the hover takes 0506; the slide ends there. Then the 'Mech's PSR (+2) and the hover's motive roll.
    state, events, rolls = drive(moved(hover_and_mech(), "m"), "3F,R,F", [4, 11, 1, 1, 7, 12, 2])
    u, m = state.units["u1"], state.units["m"]
    assert (u.hex, m.hex) == (H("0506"), H("0505"))
    assert (armor_lost(m), armor_lost(u)) == (8, 5)
    assert purposes(rolls) == [
        SLIP_ROLL, TO_HIT, "kick location vs m (rear)", "kick location vs m (rear)",
        "hit location normal from m vs u1 (left)", "piloting skill roll m (was charged)", "motive system damage u1",
    ]
    assert "u1's accidental charge hits m (11 vs 11) and ends its sideslip" in events


def test_a_mech_whose_leg_an_accidental_charge_destroys_falls_without_a_psr():
    # PSR-AUTO-01 (tables.md 8.6 "leg destroyed: automatic fall"; PHYS-PSR-03 in the movement phase): the charge's
    # first kick-table group (5) takes the bare right leg (0 armor, 5 structure); the 'Mech falls automatically
    # at once (facing roll, 5 falling damage, the MechWarrior's roll) and rolls no "was charged" PSR, which at
    # piloting 5 + 2 + 5 (a leg lost) = 12 a 12 would have made.
    state = moved(hover_and_mech(), "m")
    m = state.units["m"]
    state = changed(state, units={**state.units, "m": changed(m, armor={**m.armor, "RL": 0},
                                                              internal={**m.internal, "RL": 5})})
    state, events, rolls = drive(state, "3F,R,F", [4, 11, 1, 6, 2, 2, 1, 7, 2, 3])
    assert purposes(rolls) == [
        SLIP_ROLL, TO_HIT, "kick location vs m (rear)", "kick location vs m (rear)",
        "hit location normal from m vs u1 (left)", "vehicle critical u1 left", "facing after a fall m",
        "hit location fall vs m (front)", "MechWarrior fall check m", "motive system damage u1",
    ]
    assert "m falls automatically (leg destroyed)" in events
    assert state.units["m"].built.prone and state.units["m"].internal["RL"] == 0

def test_slide_resting_on_a_missed_unit_pushes_it_on():
    # VEH-SLIP-09 (stacking, TW p.57; MegaMek): fail by 1 -> slip 1 into 0506; the charge misses; the hover
    # comes to rest there and the 'Mech is displaced north (its displacement PSR, made).
    state, _events, rolls = drive(moved(hover_and_mech(), "m"), "3F,R,F", [7, 10, 12])
    assert (state.units["u1"].hex, state.units["m"].hex) == (H("0506"), H("0505"))
    assert purposes(rolls) == [SLIP_ROLL, TO_HIT, "piloting skill roll m (displaced)"]


def test_unit_that_has_not_moved_may_get_out_of_the_way():
    # VEH-SLIP-09 (MegaMek canAvoidSkid): the 'Mech has not moved: piloting 5, roll 5 -> it dodges;
    # no charge roll, the hover slides on to 0505.
    state, events, rolls = drive(hover_and_mech(), "3F,R,F", [4, 5])
    assert purposes(rolls) == [SLIP_ROLL, "avoid collision m"]
    assert "m gets out of the way (5 vs 5)" in events
    assert state.units["u1"].hex == H("0505")


def test_unit_that_fails_to_get_out_of_the_way_is_charged():
    # VEH-SLIP-09: dodge roll 4 vs 5 fails -> the accidental charge roll follows (a miss here).
    _state, _events, rolls = drive(hover_and_mech(), "3F,R,F", [4, 4, 10])
    assert purposes(rolls) == [SLIP_ROLL, "avoid collision m", TO_HIT]


def test_an_asset_never_gets_out_of_the_way():
    # ASSET-GEN-01: an asset makes no driving skill roll; a roll asked of it fails without rolling. The unmoved
    # tank asset in 0506 does not dodge (it used to roll against its piloting 0 and always got away): the
    # accidental charge roll follows at once (a miss here, 2) and the hover slides on to 0505.
    state = game(design(J_EDGAR, driving=8), asset("S-1 Light tracked tank", "a", "0506", side="blue"))
    state, events, rolls = drive(state, "3F,R,F", [4, 2])
    assert purposes(rolls) == [SLIP_ROLL, "to-hit accidental charge u1 vs a"]
    assert "a cannot get out of the way: assets make no driving skill rolls (ASSET-GEN-01)" in events
    assert state.units["u1"].hex == H("0505")


def test_an_accidental_charge_on_an_asset_has_no_piloting_difference():
    # VEH-SLIP-09 with ASSET-GEN-01: an asset has no piloting skill (its card's one skill is its gunnery), so
    # the accidental charge adds no piloting difference, as a charge at an asset does (tables.md 8.7 in
    # physical.py): driving 8 + the card's TMM +1 = 9 (it was 8 + (8 - 0) + 1 = 17, a charge that never hit).
    state = game(design(J_EDGAR, driving=8), asset("S-1 Light tracked tank", "a", "0506", side="blue"))
    _state, _events, rolls = drive(state, "3F,R,F", [4, 2])
    assert rolls[1].target == 9 and ("piloting difference", 8) not in rolls[1].modifiers


def test_no_going_on_after_a_collision():
    # VEH-SLIP-07: "if the sideslip does not cause a collision" -> after a hit the move ends even with continue.
    from btcli import engine
    from btcli.model.orders import MoveOrder, parse_steps

    dice = ManualDice([4, 11, 1, 1, 7, 12, 2])
    state, _ = engine.apply(moved(hover_and_mech(), "m"), MoveOrder("u1", "flank", parse_steps("3F,R,F,F"), after_slip="continue"), dice)
    dice.finish()
    assert state.units["u1"].hex == H("0506")


def test_skid_into_an_occupied_hex_is_an_accidental_charge():
    # VEH-URB-03 skid with VEH-SLIP-09's procedure: wheeled 30 t (driving 5) skids on pavement after 4 hexes
    # (half = 2) into the tank at 0511: to-hit 5 + 0 (same skill) = 5; roll 4 misses.
    tank = vehicle("tracked", 4, "m", at="0511", side="blue")
    state = moved(skid_state(vehicle("wheeled", 10, at="0516"), tank, hexes=paved()), "m")
    state, _events, rolls = drive(state, "4F,R,F", [2, 4, 7])
    assert purposes(rolls)[:2] == ["driving skill roll u1 (skid)", TO_HIT]
    assert rolls[1].target == 5
    # the skid went on through 0511 to 0510; the closing motive roll of the skid follows (VEH-MOVE-02)
    assert state.units["u1"].hex == H("0510")


# -- VEH-SLIP-10, VEH-VTOL-14: heights -----------------------------------------------------------------------


def vtol_and_tank(elevation: int) -> GameState:
    """A 30-ton VTOL (driving 7) over 0510 at ``elevation``; a tank (driving 5) on the level-1 hex 0506."""
    unit = heavy_vtol(driving=7)
    tank = vehicle("tracked", 4, "m", at="0506", side="blue", armor={"front": 20, "right": 20, "left": 20, "rear": 20})
    return moved(airborne(game(unit, tank, hexes={"0506": {"level": 1}}), elevation), "m")


def test_slipping_vtol_charges_a_unit_whose_top_reaches_its_height():
    # VEH-SLIP-10 test: level-1 hex + tank (1) = 2 >= the VTOL's height 2 -> accidental charge (7 + 2 = 9)
    _state, events, rolls = drive(vtol_and_tank(2), "3F,R,F", [3, 8])
    assert purposes(rolls) == [SLIP_ROLL, TO_HIT]
    assert rolls[1].target == 9
    assert "u1 sideslips into m in 0506: accidental charge (VEH-SLIP-09)" in events


def test_slipping_vtol_above_the_unit_passes_over():
    # VEH-SLIP-10 test: the VTOL at height 3 passes over (2 < 3): no charge roll, it slips on to 0505.
    state, _events, rolls = drive(vtol_and_tank(3), "3F,R,F", [3])
    assert purposes(rolls) == [SLIP_ROLL]
    assert (state.units["u1"].hex, state.units["u1"].elevation) == (H("0505"), 3)


def test_vtol_that_hits_keeps_its_height_in_the_targets_hex():
    # VEH-SLIP-10: the charge hits (9 vs 9); the tank is pushed to 0505; the VTOL takes 0506 at elevation 1
    # (absolute height 2 over the level-1 hex). Tank damage ceil(30/10 x 3) = 9 (5 + 4), 3 back to the VTOL.
    state, _events, rolls = drive(vtol_and_tank(2), "3F,R,F", [3, 9, 7, 7, 7, 2])
    u, m = state.units["u1"], state.units["m"]
    assert (u.hex, u.elevation, m.hex) == (H("0506"), 1, H("0505"))
    assert (armor_lost(m), armor_lost(u)) == (9, 3)
    assert purposes(rolls)[-1] == "motive system damage m"  # VEH-PHYS-05 (a VTOL makes none)


@pytest.mark.parametrize("elevation, blocked", [(1, True), (2, False), (4, False)])
def test_vtol_entering_a_tanks_hex_at_its_height_meets_it(elevation, blocked):
    # VEH-VTOL-14 test: a VTOL at absolute height 1 entering a level-0 hex with a tank (occupies height 1)
    # -> accidental-charge check generated (the tank is in the way); at height 4 -> none.
    state = game(heavy_vtol(), vehicle("tracked", 4, "m", at="0509", side="blue"))
    vtol_unit = airborne(state, elevation).units["u1"]
    found = [u.id for u in placement.units_in_the_way(state, vtol_unit, H("0509"), elevation)]
    assert found == (["m"] if blocked else [])


def test_voluntary_flight_into_a_unit_at_the_vtols_height_is_refused():
    # VEH-VTOL-14 (btcli's decision): a player's own path may not fly into a unit at its height.
    state = airborne(game(heavy_vtol(), vehicle("tracked", 4, "m", at="0509", side="blue")), 1)
    with pytest.raises(IllegalOrderError) as info:
        plan(state, "F,F")
    assert info.value.rule == "VEH-VTOL-14"
    assert plan(airborne(state, 2), "F,F").end == H("0508")


# -- VEH-SLIP-12: buildings -----------------------------------------------------------------------------------


def test_vtol_slipping_into_a_building_charges_it_then_crashes():
    # VEH-SLIP-12 test (AMB-05: the charge first): a 3-level building (medium, CF 40) at 0506, VTOL at height 3;
    # slip 1 (fail by 1) -> 4 hexes moved -> ceil(30/10 x 4) = 12 charge damage: CF 28; then the crash (VEH-SLIP-11).
    unit = heavy_vtol(driving=7)
    state = airborne(game(unit, hexes={"0506": {"terrain": "building", "building": {"height": 3}}}), 3)
    state, events, _rolls = drive(state, "3F,R,F", [6, 7, 7, 7])
    assert state.board.hex(H("0506")).building.cf == 28
    assert "u1 charges the building in 0506: 12 damage, CF now 28 (VEH-SLIP-12)" in events
    assert events.index("u1 charges the building in 0506: 12 damage, CF now 28 (VEH-SLIP-12)") < events.index(
        "u1 slips into terrain as high as itself and crashes: 12 damage (VTOL-CRASH-01)"
    )


def test_building_damage_lowers_cf_but_not_below_zero():
    # VEH-SLIP-12 helper: the building hex keeps its type and height; CF floors at 0 (collapse: issue #5).
    state = game(heavy_vtol(), hexes={"0506": {"terrain": "building", "building": {"type": "light"}}})
    board = collisions.damage_building(state.board, H("0506"), 10)
    assert board.hex(H("0506")).building.cf == 5
    assert collisions.damage_building(board, H("0506"), 10).hex(H("0506")).building.cf == 0


# -- VTOL-CRASH-05: crashing onto units ------------------------------------------------------------------------


def vtol_towards_a_tank_on_a_hill() -> GameState:
    """A 30-ton VTOL (driving 7) at height 2 over 0510; a tank on the level-2 hill 0505."""
    tank = vehicle("tracked", 4, "m", at="0505", side="blue")
    return moved(airborne(game(heavy_vtol(driving=7), tank, hexes={"0505": {"level": 2}, "0504": {"level": 2}}), 2), "m")


def test_vtol_crashing_into_a_hex_with_a_unit_falls_on_it():
    # VTOL-CRASH-05 test: the VTOL slips 2 (0506, then the hill 0505 as high as itself) and crashes there onto
    # the tank: accidental fall from above, to-hit 7 (base, MegaMek); hit -> ceil(30/10) x 1 = 3 to the tank's
    # front column; the tank is pushed north to 0504; then the VTOL's own crash damage (15: 5, 5, 5).
    state, events, rolls = drive(vtol_towards_a_tank_on_a_hill(), "3F,R,F", [3, 7, 6, 7, 7, 7])
    assert purposes(rolls)[:3] == [SLIP_ROLL, "to-hit falling u1 onto m", "hit location fall of u1 vs m (front)"]
    assert rolls[1].target == 7
    assert "u1 falls onto m (7 vs 7): 3 damage (VTOL-CRASH-05)" in events
    m, u = state.units["m"], state.units["u1"]
    assert (armor_lost(m), m.hex, u.hex, armor_lost(u)) == (3, H("0504"), H("0505"), 15)


def test_vtol_missing_the_unit_below_comes_down_beside_it():
    # VTOL-CRASH-05 (MegaMek): a miss puts the falling VTOL down in the next hex instead (0504), unharmed tank.
    state, events, _rolls = drive(vtol_towards_a_tank_on_a_hill(), "3F,R,F", [3, 6, 7, 7, 7])
    assert "u1 falls beside m (6 vs 7) (VTOL-CRASH-05)" in events
    assert (state.units["u1"].hex, state.units["m"].hex, armor_lost(state.units["m"])) == (H("0504"), H("0505"), 0)


# -- VTOL-CRIT-06: forced landing on a weak building ------------------------------------------------------------


def vtol_over_building(cf: int) -> GameState:
    unit = heavy_vtol(at="0505")
    hexes = {"0505": {"terrain": "building", "building": {"type": "medium", "height": 2, "cf": cf}}}
    return airborne(game(unit, hexes=hexes), 4)


def test_forced_landing_on_a_building_weaker_than_the_vtol_collapses_it():
    # VTOL-CRIT-06 test: 30-ton VTOL, engine-damage landing (roll 9 vs 5 + 4) on a building hex with CF 25
    # -> the hex collapses (rubble, no building) by the building rules, with the VTOL on its roof: collapse
    # damage round(25/10) = 3 (URB-COLL-04) and a 2-level fall (URB-COLL-08); it ends on the ground.
    state = vtol_over_building(25)
    events: list[str] = []
    dice = ManualDice([9, 7, 3, 7, 7])  # landing, collapse hit location, fall direction, fall hit locations
    state = vtol.forced_landing(state, state.units["u1"], "engine hit (VTOL-CRIT-04)", dice, events)
    h, u = state.board.hex(H("0505")), state.units["u1"]
    assert (h.terrain.value, h.building) == ("rubble", None)
    assert u.elevation == 0 and u.vehicle.immobile and not u.position.roof
    assert any("VTOL-CRIT-06" in e for e in sentences(events))
    assert any("collapses" in e for e in sentences(events)) and any("takes 3 collapse damage" in e for e in sentences(events))


def test_forced_landing_on_a_building_strong_enough_lands_on_the_roof():
    # VTOL-CRIT-06: CF 30 >= 30 tons -> the roof holds; landed at the roof (elevation 2).
    state = vtol_over_building(30)
    state = vtol.forced_landing(state, state.units["u1"], "engine hit", ManualDice([9]), [])
    assert state.board.hex(H("0505")).building.cf == 30
    assert state.units["u1"].elevation == 2


@pytest.mark.parametrize("cf, collapses", [(25, True), (30, False)])
def test_landing_on_a_roof_that_cannot_carry_the_vtol_collapses_it(cf, collapses):
    # VEH-VTOL-10 (a roof landing, the seed's P.176 collapse) with URB-COLL-01 / URB-BLD-05: the 30-ton VTOL
    # descending from elevation 4 onto the level-2 roof of a CF-25 hex brings it down at once, as a forced
    # landing does (VTOL-CRIT-06): collapse damage 3, then the 2-level fall; a CF-30 roof holds it.
    state = vtol_over_building(cf)
    state, events, _ = fly(state, "D,D", [7, 3, 7, 7] if collapses else [])
    h, u = state.board.hex(H("0505")), state.units["u1"]
    assert (h.building is None) == collapses
    assert u.elevation == (0 if collapses else 2) and not u.vehicle.immobile
    assert any("cannot carry u1 (30 t) (VEH-VTOL-10)" in e for e in events) == collapses


def test_a_slide_coming_to_rest_beside_a_friendly_asset_leaves_it_there():
    # ASSET-STACK-01: a hex holds 1 asset and 1 friendly 'Mech or other unit, so the hover that slips into the
    # friendly tank asset's hex (0505, where the slide ends) and misses its accidental charge (2) stops there
    # beside it; the asset is not pushed on (it was, to 0504, as for any unit in the way).
    state = game(design(J_EDGAR, driving=8), asset("S-1 Light tracked tank", "a", "0505", side="red"))
    state, events, rolls = drive(moved(state, "a"), "3F,R,F", [4, 2])
    assert purposes(rolls) == [SLIP_ROLL, "to-hit accidental charge u1 vs a"]
    assert state.units["u1"].hex == H("0505") and state.units["a"].hex == H("0505")
