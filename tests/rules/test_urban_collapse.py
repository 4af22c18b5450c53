"""Tests for building collapse (seed 003: URB-COLL-01..10): btcli.rules.urban.buildings (overweight, collapse,
apply_structure_hits, collapse_damage) and the collapses the engine triggers during movement and at the end
of attack phases.

States are small scenario dicts built in code (``game`` is tests/builders.py's ``weapon_game``, a clear
12 x 12 map); units sharing a building hex are moved in after loading. Dice are scripted with
``ManualDice`` in request order. On the Punch table's front column a 3 is the CT; on the standard table's
front column a 7 is the CT.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.model.board import Terrain
from btcli.model.frozen import evolve
from btcli.model.orders import MoveOrder, ResolvePhaseOrder, WeaponAttackOrder, parse_steps
from btcli.model.state import GameState, Phase
from btcli.rules.core import displacement
from btcli.rules.ground import piloting
from btcli.rules.urban import buildings, structures
from btcli.render.events import sentences
from tests.builders import ATLAS, HUNCHBACK, H, at, cf, changed, purposes
from tests.builders import design as mech
from tests.builders import unrolled_building as building
from tests.builders import weapon_game as game

LOCUST = "Locust LCT-1V"  # 20 t


def lost(unit) -> int:
    return sum(unit.max_armor.values()) - sum(unit.armor.values())


def collapse(state: GameState, labels: list[str], dice: list[int], why: str = "test"):
    d = ManualDice(dice)
    events: list[str] = []
    state = displacement.collapse(state, [H(x) for x in labels], d, events, why)
    d.finish()
    return state, sentences(events), d


def with_building(state: GameState, label: str, **changes) -> GameState:
    h = state.board.hex(H(label))
    return state.with_board(state.board.with_hex(H(label), evolve(h, building=evolve(h.building, **changes))))


def standing(state: GameState, label: str) -> bool:
    return state.board.hex(H(label)).building is not None


# -- URB-COLL-01: collapse conditions -------------------------------------------------------------------------------


def _loaded(tons_mech: str, floor: int, top: bool = False) -> GameState:
    state = game(mech(tons_mech, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building(cf=40)})
    return at(state, "m", floor=floor, top=top)


def test_urb_coll_01_more_tons_than_the_cf_on_level_1_collapse_the_hex():
    assert structures.overweight(_loaded(HUNCHBACK, 1), H("0505")) == "50 tons on level 1 exceed CF 40"
    assert structures.overweight(_loaded(HUNCHBACK, 0, top=True), H("0505")) == "50 tons on the roof exceed CF 40"


def test_urb_coll_01_level_0_never_counts():
    assert structures.overweight(_loaded(ATLAS, 0), H("0505")) == ""


def test_urb_coll_01_weight_up_to_the_cf_is_held():
    # A 40-ton load on level 1 of a CF-40 hex: two 20-ton Locusts (each level holds its CF, URB-BLD-05).
    state = game(mech(LOCUST, "m", "1211"), mech(LOCUST, "n", "1210"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(cf=40)})
    state = at(at(state, "m", floor=1, hex="0505"), "n", floor=1, hex="0505")
    assert structures.overweight(state, H("0505")) == ""
    state = with_building(state, "0505", cf=39)
    assert structures.overweight(state, H("0505")) == "40 tons on level 1 exceed CF 39"


def test_urb_coll_01_forty_points_of_damage_bring_a_cf_40_hex_down():
    state = game(mech(HUNCHBACK, "a", "0509"), mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building(cf=40)})
    state = changed(state, pending=(structures.building_hit(H("0505"), 40, "test"),))
    state, events = buildings.apply_structure_hits(state, ManualDice([]))
    assert not standing(state, "0505")
    assert state.board.hex(H("0505")).terrain is Terrain.RUBBLE


# -- URB-COLL-02 (AMB-39): half or more of a building's hexes down bring the rest down -----------------------------


SIX = [f"05{r:02d}" for r in range(1, 7)]


def _six_hex_building(options=None) -> GameState:
    return game(mech(HUNCHBACK, "a", "0909"), mech(ATLAS, "x", "1212", side="blue"),
                hexes={label: building(structure="mall") for label in SIX}, options=options)


def test_urb_coll_02_two_of_six_down_leave_the_rest_standing():
    state, events, _ = collapse(_six_hex_building(), SIX[:2], [])
    assert [standing(state, x) for x in SIX] == [False, False, True, True, True, True]
    assert structures.structure_hexes(state.board, "mall") == ([H(x) for x in SIX[2:]], [H(x) for x in SIX[:2]])


def test_urb_coll_02_a_third_of_six_down_brings_the_whole_building_down():
    state, _, _ = collapse(_six_hex_building(), SIX[:2], [])
    state, events, _ = collapse(state, [SIX[2]], [])
    assert [standing(state, x) for x in SIX] == [False] * 6
    assert "3 of 6 hexes of mall are down: the whole building collapses" in events
    assert "building hex 0506 (medium, level 2) collapses: mall collapses" in events


def test_urb_coll_02_option_more_than_half_needs_four_of_six():
    state, _, _ = collapse(_six_hex_building({"collapse_share": "more_than_half"}), SIX[:3], [])
    assert [standing(state, x) for x in SIX] == [False, False, False, True, True, True]
    state, _, _ = collapse(state, [SIX[3]], [])
    assert [standing(state, x) for x in SIX] == [False] * 6


@pytest.mark.parametrize("down, total, rule, met", [
    (1, 4, "half_or_more", False), (2, 4, "half_or_more", True), (2, 4, "more_than_half", False),
    (3, 4, "more_than_half", True), (1, 1, "half_or_more", False),
])
def test_urb_coll_02_collapse_share(down, total, rule, met):
    assert structures.collapse_share_met(down, total, rule) is met


# -- URB-COLL-03: weight and movement collapse at once; attack damage at the end of the phase ------------------


def test_urb_coll_03_weapon_fire_to_cf_0_collapses_the_hex_only_when_the_phase_ends():
    state = game(mech(HUNCHBACK, "a", "0506"), mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building(cf=20)})
    state, events = engine.apply(state, WeaponAttackOrder("a", "0505", ("AC/20",)), ManualDice([]))
    assert standing(state, "0505") and cf(state, "0505") == 20  # still standing mid-phase
    state, events = engine.apply(state, ResolvePhaseOrder(), ManualDice([]))
    assert not standing(state, "0505")
    assert "building hex 0505 (medium, level 2) collapses: destroyed by attacks" in sentences(events)


def test_urb_coll_03_entry_damage_to_cf_0_collapses_the_hex_at_once():
    # A 50-ton 'Mech walks into a light CF-5 hex: the PSR (piloting 5, light 0) is made; the hex takes 5 and
    # collapses during the move. Collapse damage: 5/10 x (1 + 1 level above) = 1, on the Punch table.
    # URB-COLL-06: the collapse on the first entry needs no basement roll.
    state = game(mech(HUNCHBACK, "h", "0506"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building("light", cf=5)}, phase=Phase.MOVEMENT)
    d = ManualDice([8, 3])
    state, events = engine.apply(state, MoveOrder("h", "walk", parse_steps("F")), d)
    d.finish()
    assert purposes(d) == ["piloting skill roll h (entering 0505)", "punch location vs h (front)"]
    assert not standing(state, "0505")
    assert state.units["h"].hex == H("0505")
    assert "building hex 0505 (light, level 2) collapses: h's entry destroys it" in sentences(events)
    assert "h takes 1 collapse damage (5 CF / 10 x 2; URB-COLL-04)" in sentences(events)
    assert lost(state.units["h"]) == 1


def test_urb_coll_03_overweight_on_a_roof_collapses_at_once():
    # URB-BLD-11 (AMB-40): a 50-ton 'Mech climbing onto a CF-40 level-1 roof: the move is legal, the hex collapses
    # at once. Roof: no levels above, 4 damage on the standard table; it then falls 1 level (ceil(50/10) x 2 = 10).
    state = game(mech(HUNCHBACK, "h", "0506"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(height=1, cf=40)}, phase=Phase.MOVEMENT)
    d = ManualDice([7, 1, 7, 7, 12])
    state, events = engine.apply(state, MoveOrder("h", "walk", parse_steps("T")), d)
    d.finish()
    assert "building hex 0505 (medium, level 1) collapses: h (50 t) climbs onto the roof: 50 tons on the roof exceed CF 40" in sentences(events)
    assert purposes(d) == ["hit location collapse vs h (front)", "facing after a fall h",
                           "hit location fall vs h (front)", "hit location fall vs h (front)",
                           "MechWarrior fall check h"]
    assert lost(state.units["h"]) == 4 + 10


# -- URB-COLL-04 (AMB-46): collapse damage ------------------------------------------------------------------------


@pytest.mark.parametrize("phase_cf, above, damage", [(45, 2, 14), (45, 0, 5), (40, 3, 16), (40, 0, 4), (15, 1, 3)])
def test_urb_coll_04_collapse_damage_is_cf_over_10_times_one_plus_levels_above_rounded(phase_cf, above, damage):
    assert structures.collapse_damage(phase_cf, above) == damage


def _heavy_tower(floor: int = 0, top: bool = False) -> GameState:
    """A heavy level-3 hex 0505 whose CF was 45 when the phase began and is 30 now; Atlas 'm' inside."""
    state = game(mech(ATLAS, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building("heavy", height=3, cf=45)})
    state = state.with_board(structures.damage_structure(state.board, H("0505"), 15))
    assert state.board.hex(H("0505")).building.start_cf == 45
    return at(state, "m", floor=floor, top=top)


def test_urb_coll_04_uses_the_cf_at_the_start_of_the_phase_and_the_levels_above():
    # Ground floor of a level-3 hex: 2 levels above -> 4.5 + 9 = 13.5 -> 14 (not 30/10 x 3 = 9).
    state, events, d = collapse(_heavy_tower(0), ["0505"], [3, 3, 3])
    assert "m takes 14 collapse damage (45 CF / 10 x 3; URB-COLL-04)" in events
    assert lost(state.units["m"]) == 14


def test_urb_coll_04_top_floor_has_no_multiplier():
    # Top floor (level 2 of 3): 4.5 -> 5; it then falls 2 levels (URB-COLL-08): ceil(100/10) x 3 = 30.
    state, events, d = collapse(_heavy_tower(2), ["0505"], [3, 1, 7, 7, 7, 7, 7, 7, 12])
    assert "m takes 5 collapse damage (45 CF / 10; URB-COLL-04)" in events
    assert lost(state.units["m"]) == 5 + 30


# -- URB-COLL-05: 5-point groups; Punch table inside, standard table on the roof -----------------------------------


def test_urb_coll_05_inside_14_damage_in_groups_5_5_4_on_the_punch_table():
    state, events, d = collapse(_heavy_tower(0), ["0505"], [3, 3, 1])
    assert purposes(d) == ["punch location vs m (front)"] * 3
    assert [e for e in events if e.startswith("m takes") and "(collapse)" in e] == [
        "m takes 5 in CT (collapse)", "m takes 5 in CT (collapse)", "m takes 4 in LA (collapse)"]


def test_urb_coll_05_on_the_roof_the_standard_table():
    # Roof: 4.5 -> 5 on the standard table (2D6 10 -> LA); then a fall of 3 levels: ceil(100/10) x 4 = 40.
    state, events, d = collapse(_heavy_tower(top=True), ["0505"], [10, 1] + [7] * 8 + [12])
    assert purposes(d)[0] == "hit location collapse vs m (front)"
    assert "m takes 5 in LA (collapse)" in events
    assert lost(state.units["m"]) == 5 + 40


# -- URB-COLL-06: the rubble fills the basement ------------------------------------------------------------------


@pytest.mark.parametrize("basement, sublevel", [("1:fall", 0), ("1:fall", 1), ("2:kick", 2)])
def test_urb_coll_06_collapse_leaves_rubble_at_the_ground_level(basement, sublevel):
    state = game(mech(HUNCHBACK, "a", "0909"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": {"level": 0, **building(basement=basement, sublevel=sublevel)}})
    state, _, _ = collapse(state, ["0505"], [])
    h = state.board.hex(H("0505"))
    assert (h.terrain, h.level, h.depth, h.building) == (Terrain.RUBBLE, 0, 0, None)
    assert (h.ruin.basement, h.ruin.sublevel) == ("none", 0)


def test_urb_coll_06_unrolled_basement_stays_unrolled_in_the_rubble():
    state = game(mech(HUNCHBACK, "a", "0909"), mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building()})
    state, _, d = collapse(state, ["0505"], [])
    assert d.rolls == []  # no basement roll
    assert state.board.hex(H("0505")).ruin.basement == ""


# -- URB-COLL-07: a 'Mech in the basement is destroyed ----------------------------------------------------------


def test_urb_coll_07_mech_in_the_basement_is_destroyed_by_the_collapse():
    state = game(mech(ATLAS, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(basement="1:fall", sublevel=1)})
    state = at(state, "m", floor=-1)
    state, events, d = collapse(state, ["0505"], [])
    assert state.units["m"].destroyed
    assert "m is buried in the basement and destroyed (URB-COLL-07)" in events
    assert d.rolls == []


# -- URB-COLL-08: levels 1+ fall as well --------------------------------------------------------------------------


def test_urb_coll_08_mech_on_level_2_takes_collapse_and_falling_damage():
    # 50 t on level 2 (top floor) of a CF-40 level-3 hex: collapse 4, then a 2-level fall: ceil(50/10) x 3 = 15.
    assert piloting.falling_damage(50, 2) == 15
    state = game(mech(HUNCHBACK, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(height=3, cf=40)})
    state = at(state, "m", floor=2)
    state, events, d = collapse(state, ["0505"], [3, 1, 7, 7, 7, 12])
    assert events[1:4] == ["m takes 4 collapse damage (40 CF / 10; URB-COLL-04)", "m takes 4 in CT (collapse)",
                           "m falls 2 levels (accidental fall from above)"]
    assert "m falls: now facing N, 15 damage on the front side" in events
    assert lost(state.units["m"]) == 19 and state.units["m"].mech.prone


def test_urb_coll_08_mech_on_the_ground_floor_does_not_fall():
    state = game(mech(HUNCHBACK, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(height=1, cf=40)})
    state, events, d = collapse(state, ["0505"], [3])
    assert lost(state.units["m"]) == 4 and not state.units["m"].mech.prone
    assert not any("falls" in e for e in events)


# -- URB-COLL-09: order of resolution -----------------------------------------------------------------------------


def test_urb_coll_09_entry_damage_then_collapse_damage_then_falling_then_displacement():
    # The Hunchback steps from a level-2 hill into a CF-40 level-3 hex at its level 2 (URB-MOVE-02), fails the
    # entry PSR (4 damage), the hex takes 5 (CF 35) and 50 t on level 2 bring it down. The Atlas on the ground
    # floor takes 40/10 x 3 = 12, the Hunchback 4 (top floor); the Hunchback falls 2 levels; then the
    # Hunchback, the higher, is displaced (the lowest unit keeps the hex: code's reading).
    state = game(mech(HUNCHBACK, "h", "0506"), mech(ATLAS, "m", "0505"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(height=3, cf=40), "0506": {"level": 2}}, phase=Phase.MOVEMENT)
    d = ManualDice([2, 7, 3, 3, 3, 3, 1, 7, 7, 7, 12, 1])
    state, events = engine.apply(state, MoveOrder("h", "walk", parse_steps("F")), d)
    d.finish()
    order = [e for e in sentences(events) if any(key in e for key in (
        "fails to enter", "collapse damage", "accidental fall", "is displaced"))]
    assert order == [
        "h fails to enter 0505 cleanly (2 vs 6) and takes 4 damage on the front (URB-MOVE-04)",
        "m takes 12 collapse damage (40 CF / 10 x 3; URB-COLL-04)",
        "h takes 4 collapse damage (40 CF / 10; URB-COLL-04)",
        "h falls 2 levels (accidental fall from above)",
        "h is displaced 0505 -> 0504",
    ]
    assert purposes(d) == [
        "piloting skill roll h (entering 0505)", "hit location entering 0505 vs h (front)",
        "punch location vs m (front)", "punch location vs m (front)", "punch location vs m (front)",
        "punch location vs h (front)", "facing after a fall h",
        "hit location fall vs h (front)", "hit location fall vs h (front)", "hit location fall vs h (front)",
        "MechWarrior fall check h", "displacement direction h",
    ]
    assert (state.units["m"].hex, state.units["h"].hex) == (H("0505"), H("0504"))
    assert (lost(state.units["m"]), lost(state.units["h"])) == (12, 4 + 4 + 15)


def test_urb_coll_09_displacement_goes_lowest_level_first():
    # Three 'Mechs on floors 0, 1, 2 of a level-3 hex: the ground-floor one keeps the hex; floor 1 is
    # displaced before floor 2.
    state = game(mech(HUNCHBACK, "a", "1201"), mech(HUNCHBACK, "b", "1202"), mech(HUNCHBACK, "c", "1203"),
                 mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building(height=3, cf=40)})
    state = at(at(at(state, "a", floor=0, hex="0505"), "b", floor=1, hex="0505"), "c", floor=2, hex="0505")
    # collapse: a 12 (5, 5, 2), b 8 (5, 3), c 4; falls: b 1 level (10: 5 + 5), c 2 levels (15: 5 + 5 + 5);
    # then b is pushed north (1), c south (4).
    dice = [3, 3, 3, 3, 3, 3] + [1, 7, 7, 12] + [1, 7, 7, 7, 12] + [1, 4]
    state, events, d = collapse(state, ["0505"], dice)
    moves = [e for e in events if "is displaced" in e]
    assert moves == ["b is displaced 0505 -> 0504", "c is displaced 0505 -> 0506"]
    assert state.units["a"].hex == H("0505")
    assert purposes(d)[-2:] == ["displacement direction b", "displacement direction c"]


# -- URB-COLL-10: a survivor with nowhere to go is destroyed ---------------------------------------------------------


def test_urb_coll_10_survivor_that_cannot_be_displaced_is_destroyed():
    # 0505 is ringed by level-2 hills (more than one level up: no displacement there). The Atlas on the ground
    # floor keeps the hex; the Locust from floor 1 must be displaced and cannot be: destroyed.
    ring = {x: {"level": 2} for x in ("0504", "0604", "0605", "0506", "0405", "0404")}
    state = game(mech(ATLAS, "m", "0505"), mech(LOCUST, "l", "1201"), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(height=2, cf=40), **ring})
    state = at(state, "l", floor=1, hex="0505")
    # collapse: m 8 (5, 3), l 4 (top floor); l falls 1 level: ceil(20/10) x 2 = 4; then the displacement roll.
    state, events, d = collapse(state, ["0505"], [3, 3, 3, 1, 7, 12, 1])
    assert state.units["l"].destroyed and not state.units["m"].destroyed
    assert "l cannot be displaced anywhere and is destroyed (DROP-14)" in events


def test_urb_coll_10_a_survivor_may_be_displaced_more_than_once():
    # As test_urb_coll_09_displacement_goes_lowest_level_first, but both upper 'Mechs are pushed north: c
    # pushes b on from 0504 to 0503 (domino), so b is displaced twice.
    state = game(mech(HUNCHBACK, "a", "1201"), mech(HUNCHBACK, "b", "1202"), mech(HUNCHBACK, "c", "1203"),
                 mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building(height=3, cf=40)})
    state = at(at(at(state, "a", floor=0, hex="0505"), "b", floor=1, hex="0505"), "c", floor=2, hex="0505")
    dice = [3, 3, 3, 3, 3, 3] + [1, 7, 7, 12] + [1, 7, 7, 7, 12] + [1, 1]
    state, events, d = collapse(state, ["0505"], dice)
    assert [e for e in events if "is displaced" in e] == [
        "b is displaced 0505 -> 0504", "b is displaced 0504 -> 0503", "c is displaced 0505 -> 0504"]
    assert [state.units[u].hex for u in "abc"] == [H("0505"), H("0503"), H("0504")]


def test_urb_coll_09_friendly_assets_that_may_share_the_rubble_stay():
    # URB-COLL-09/10 with ASSET-STACK-01: two friendly infantry assets on the ground floor of a collapsing hex
    # may still share it (a hex holds 2 friendly assets), so neither is displaced: each takes its collapse
    # damage (15 / 10 x 3 = 4.5 -> 5, no location) and both stay in the rubble; no displacement roll is made.
    from tests.builders import asset

    state = game(asset("Foot Platoon (Rifle)", "p", "0505"), asset("S-5 Inner Sphere battle-armor squad", "b", "1201"),
                 mech(ATLAS, "x", "1212", side="blue"), hexes={"0505": building("light", height=3, cf=15)})
    state = at(state, "b", hex="0505")
    state, events, d = collapse(state, ["0505"], [])
    assert [state.units[u].hex for u in "pb"] == [H("0505"), H("0505")]
    assert [state.units[u].asset.state.damage for u in "pb"] == [5, 5]
    assert not any("is displaced" in e for e in events)


def test_urb_coll_04_a_vtol_flying_above_the_roof_is_not_in_the_collapse():
    # URB-COLL-04 ("every 'Mech in a collapsing hex") with VEH-VTOL-06: a VTOL at elevation 5 over a level-2
    # building flies above it, so the collapse neither damages nor moves it (it took 8 as if on the ground
    # floor); a VTOL asset flying there is above the building too (ASSET-MOVE-10).
    from tests.builders import airborne, asset, heavy_vtol

    state = airborne(game(heavy_vtol(at="0505"), mech(ATLAS, "x", "1212", side="blue"),
                          hexes={"0505": building(cf=40)}), 5)
    state, events, _ = collapse(state, ["0505"], [])
    u = state.units["u1"]
    assert (u.hex, u.elevation, lost(u)) == (H("0505"), 5, 0) and len(events) == 1
    state = game(asset("S-2 Scout VTOL", "v", "0505", elevation=5), mech(ATLAS, "x", "1212", side="blue"),
                 hexes={"0505": building(cf=40)})
    state, events, _ = collapse(state, ["0505"], [])
    assert state.units["v"].asset.state.damage == 0


def test_urb_coll_05_a_vtol_landed_on_the_roof_is_on_the_roof():
    # URB-COLL-04, 05, 08 with VEH-VTOL-10: a VTOL landed on the level-2 roof (elevation 2) is on the roof when
    # the hex collapses: 40 / 10 = 4 with no multiplier on its front (7), then a 2-level fall; it ends on the
    # rubble at elevation 0 (it was taken for a ground-floor occupant: 8 damage, no fall, left at elevation 2).
    from tests.builders import airborne, heavy_vtol

    state = airborne(game(heavy_vtol(at="0505"), mech(ATLAS, "x", "1212", side="blue"),
                          hexes={"0505": building(cf=40)}), 2)
    state, events, _ = collapse(state, ["0505"], [7, 6, 5, 4])
    assert "u1 takes 4 collapse damage (40 CF / 10; URB-COLL-04)" in events
    assert "u1 falls 2 levels (accidental fall from above)" in events
    assert state.units["u1"].elevation == 0
