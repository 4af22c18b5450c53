"""Tests for movement in and around buildings, on roads and across bridges
(btcli.rules.ground.movement.step_into/check_move/check_jump, btcli.rules.urban.buildings.enter, moves._meet_structures,
btcli.rules.core.displacement; catalog URB-MOVE-01..14, URB-BRG-01..08; tables.md 10.1, 10.2, 8.6, 11.1).

As in tests/builders.py the mover 'u1' starts at 0510 facing N (``F`` enters 0509,
then 0508, ...); piloting and driving default to 5. Building hexes have ``basement = "none"``
unless a test is about basements, so no basement roll interleaves.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.board import Bridge, BuildingType, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import HexTarget
from btcli.model.orders import MoveOrder, ResolvePhaseOrder, WeaponAttackOrder
from btcli.model.state import GameState, Hit, Phase
from btcli.rules.core import displacement
from btcli.rules.ground import placement, terrain
from btcli.rules.urban import buildings, structures
from btcli.rules.ground.movement import StructureMeet
from btcli.render.events import sentences
from tests.builders import (
    SCORPION,
    armor_lost,
    at,
    building,
    cf,
    changed,
    design,
    fly,
    game,
    jump,
    pending_hits,
    plan,
    purposes,
    refused,
    vehicle,
)
from tests.builders import hunchback as mech

H = HexId.parse
LOCUST = "Locust LCT-1V"  # 20 t, walk 8 / run 12
WASP = "Wasp WSP-1A"  # 20 t, walk 6 / run 9 / jump 6


def bridge_cf(state: GameState, label: str) -> int:
    return state.board.hex(H(label)).bridge.cf


# -- URB-MOVE-01: inside versus onto the roof ---------------------------------------------------------------------


def test_urb_move_01_onto_the_roof_no_psr_into_the_interior_a_psr():
    # URB-MOVE-01: T (forward onto the roof) meets a "roof": no roll; F enters the interior: the entry PSR
    # (URB-MOVE-03) and 1 + 2 MP for a Medium building (tables.md 10.1) instead of 1 + 2 levels.
    hexes = {"0509": building(height=2)}
    roof = plan(game(mech(tons=40), hexes=hexes), "T")
    inside = plan(game(mech(tons=40), hexes=hexes), "F")
    assert [s.kind for s in roof.structures] == ["roof"]
    assert [s.kind for s in inside.structures] == ["enter"]
    assert (roof.place, inside.place) == ((0, True, False), (0, False, False))
    _, _, rolls = fly(game(mech(tons=40), hexes=hexes), "T")
    assert rolls == []
    _, _, rolls = fly(game(mech(tons=40), hexes=hexes), "F", [8])
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)"]


@pytest.mark.parametrize("type_, mp", [("light", 2), ("medium", 3), ("heavy", 4), ("hardened", 5)])
def test_urb_move_01_entering_costs_one_plus_the_types_extra_mp(type_, mp):
    # URB-MOVE-01, tables.md 10.1: extra MP to enter +1 / +2 / +3 / +4.
    assert plan(game(design(LOCUST), hexes={"0509": building(type_)}), "F").mp == mp


# -- URB-MOVE-02: the level a building is entered at --------------------------------------------------------------


def test_urb_move_02_from_a_higher_neighbour_the_building_is_entered_at_that_level():
    # URB-MOVE-02 (the seed's example): from a level-3 hill into a building on a level-1 hill -> building
    # level 2 (absolute level 3), no level change: 1 + 3 (Heavy) MP.
    hexes = {"0510": {"terrain": "clear", "level": 3}, "0509": {**building("heavy", 3), "level": 1}}
    p = plan(game(design(LOCUST), hexes=hexes), "F")
    assert (p.place, p.mp, p.structures[0].floor) == ((2, False, False), 4, 2)


@pytest.mark.parametrize("start, floor, mp", [(1, 0, 4), (0, 0, 5), (2, 1, 4)])
def test_urb_move_02_from_the_same_or_a_lower_level_it_is_the_ground_floor(start, floor, mp):
    # URB-MOVE-02: from a level-1 hex (the building's base) or from below -> ground floor (climbing 1 level
    # from level 0 costs 1 more); from level 2 -> building level 1.
    hexes = {"0510": {"terrain": "clear", "level": start}, "0509": {**building("heavy", 3), "level": 1}}
    p = plan(game(design(LOCUST), hexes=hexes), "F")
    assert (p.place, p.mp) == ((floor, False, False), mp)


def test_urb_move_02_a_higher_neighbour_above_the_top_floor_enters_the_top_floor():
    # URB-MOVE-02: from a level-3 hill into a 1-level building at level 1: only its ground floor exists
    # (a 2-level drop, legal for a 'Mech).
    hexes = {"0510": {"terrain": "clear", "level": 3}, "0509": {**building("heavy", 1), "level": 1}}
    p = plan(game(design(LOCUST), hexes=hexes), "F")
    assert (p.place, p.mp) == ((0, False, False), 1 + 3 + 2)


# -- URB-MOVE-03..05: the entry PSR, its failure, the damage to the hex ----------------------------------------------


def test_urb_move_03_entry_psr_has_type_and_hexes_moved_modifiers():
    # URB-MOVE-03: a Locust enters a Heavy building as its 4th hex: piloting 5 + Heavy 2 + (3-4 hexes) 1 = 8.
    state = game(design(LOCUST), hexes={"0506": building("heavy")})
    state, events, rolls = fly(state, "F,F,F,F", [8])
    assert (rolls[0].purpose, rolls[0].target) == ("piloting skill roll u1 (entering 0506)", 8)
    assert rolls[0].modifiers == (("piloting", 5), ("heavy building", 2), ("4 hexes moved", 1))
    assert "u1 enters 0506 (8 vs 8)" in events


@pytest.mark.parametrize("type_, hexes, mods", [
    (BuildingType.LIGHT, 1, []),
    (BuildingType.LIGHT, 2, []),
    (BuildingType.MEDIUM, 3, [("medium building", 1), ("3 hexes moved", 1)]),
    (BuildingType.HEAVY, 5, [("heavy building", 2), ("5 hexes moved", 2)]),
    (BuildingType.HARDENED, 7, [("hardened building", 5), ("7 hexes moved", 3)]),
    (BuildingType.LIGHT, 9, [("9 hexes moved", 3)]),
    (BuildingType.LIGHT, 10, [("10 hexes moved", 4)]),
])
def test_urb_move_03_modifier_tables(type_, hexes, mods):
    # URB-MOVE-03: tables.md 10.1 (type +0/+1/+2/+5) and the 8.6 hexes-moved ladder (1-2 +0 ... 10+ +4).
    assert structures.entry_psr_modifiers(type_, hexes) == mods


def test_urb_move_03_a_vehicle_makes_a_driving_roll_and_a_motive_roll_when_it_fails():
    # URB-MOVE-03/04, tables.md 10.2: a 30-ton tracked vehicle enters a Medium CF-40 hex: driving 5 + 1;
    # fails (4) -> 4 damage on the front, then one motive system damage roll; the hex takes 3.
    state = game(vehicle("tracked", 4), hexes={"0509": building()})
    state, events, rolls = fly(state, "F", [4, 7, 2])
    assert purposes(rolls) == ["driving skill roll u1 (entering 0509)", "hit location entering 0509 vs u1 (front)",
                               "motive system damage u1"]
    assert rolls[0].target == 6
    assert armor_lost(state.units["u1"]) == 4
    assert cf(state, "0509") == 37


@pytest.mark.parametrize("type_, value, damage", [("medium", 40, 4), ("medium", 35, 4), ("light", 15, 2)])
def test_urb_move_04_failed_entry_damage_is_ceil_cf_over_10_and_the_mech_stays_up(type_, value, damage):
    # URB-MOVE-04: CF 40 -> 4, CF 35 -> 4, CF 15 -> 2, on the front (the side facing the movement);
    # the 'Mech does not fall.
    state = game(mech(tons=40), hexes={"0509": building(type_, cf=value)})
    state, events, rolls = fly(state, "F", [2, 7])
    u = state.units["u1"]
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)", "hit location entering 0509 vs u1 (front)"]
    assert (armor_lost(u), u.armor["CT"], u.mech.prone, u.hex) == (damage, u.max_armor["CT"] - damage, False, H("0509"))


def test_urb_move_04_backing_in_takes_the_damage_on_the_rear():
    # URB-MOVE-04: moving backward into the building, the side facing the movement is the rear: CT rear.
    state = game(mech(tons=40, facing="S"), hexes={"0509": building()})
    state, events, rolls = fly(state, "B", [2, 7])
    u = state.units["u1"]
    assert rolls[1].purpose == "hit location entering 0509 vs u1 (rear)"
    assert (u.max_armor["CTR"] - u.armor["CTR"], armor_lost(u)) == (4, 4)


@pytest.mark.parametrize("psr, cf_after", [(9, 34), (2, 34)])
def test_urb_move_05_entering_damages_the_hex_by_ceil_tons_over_10_pass_or_fail(psr, cf_after):
    # URB-MOVE-05: a 55-ton 'Mech enters a CF-40 hex: 40 -> 34, whether its PSR succeeds or fails.
    state = game(mech(tons=55), hexes={"0509": building()})
    state, events, _ = fly(state, "F", [psr] + ([7] if psr == 2 else []))
    assert cf(state, "0509") == cf_after
    assert "building hex 0509 takes 6 damage from u1 entering: CF 40 -> 34 (URB-MOVE-05)" in events


def test_urb_move_05_each_building_hex_entered_is_damaged():
    # URB-MOVE-05: a Locust (20 t) walks through two hexes of one building: 2 to each, a PSR for each.
    hexes = {"0509": building(structure="s"), "0508": building(structure="s")}
    state, events, rolls = fly(game(design(LOCUST), hexes=hexes), "F,F,F", [9, 9])
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)", "piloting skill roll u1 (entering 0508)"]
    assert (cf(state, "0509"), cf(state, "0508")) == (38, 38)


# -- URB-MOVE-06: no level changes inside ----------------------------------------------------------------------------


def inside_building(start_floor: int, next_hex: dict) -> GameState:
    hexes = {"0510": building("heavy", 3, structure="s"), "0509": {**next_hex}}
    return at(game(design(LOCUST), hexes=hexes), "u1", "0510", floor=start_floor)


def test_urb_move_06_moving_on_inside_keeps_the_level():
    # URB-MOVE-06: from level 1 of one hex to the next hex of the same building: level 1 there too.
    p = plan(inside_building(1, building("heavy", 3, structure="s")), "F")
    assert (p.place, p.mp) == ((1, False, False), 4)


@pytest.mark.parametrize("start_floor, next_hex", [
    (1, building("heavy", 1, structure="s")),                 # level 1 does not exist there
    (0, {**building("heavy", 3, structure="s"), "level": 1}),  # its ground floor is a level higher
])
def test_urb_move_06_a_level_change_inside_the_building_is_refused(start_floor, next_hex):
    # URB-MOVE-06: inside the building the 'Mech cannot go up or down a level.
    error = refused(inside_building(start_floor, next_hex), "F")
    assert error.rule == "URB-MOVE-06"
    assert "cannot change levels inside the building entering 0509" in str(error)


def test_urb_move_06_climbing_from_inside_onto_the_same_buildings_roof_is_refused():
    # URB-MOVE-06: from level 1 inside, T onto the roof (level 3) of the next hex of the same building would
    # be a level change inside the building.
    error = refused(inside_building(1, building("heavy", 3, structure="s")), "T")
    assert error.rule == "URB-MOVE-06"


# -- URB-MOVE-07: overweight on a level above the ground floor --------------------------------------------------------


@pytest.mark.parametrize("floor, why", [(1, "60 tons on level 1 exceed CF 40"), (0, "")])
def test_urb_move_07_overweight_above_the_ground_floor_collapses_the_hex(floor, why):
    # URB-MOVE-07: a 60-ton 'Mech on level 1 of a CF-40 hex -> collapse; on level 0 the basement rule instead.
    state = at(game(mech(tons=60), hexes={"0509": building(height=3)}), "u1", "0509", floor=floor)
    assert structures.overweight(state, H("0509")) == why


def test_urb_move_07_entering_level_1_overweight_collapses_the_hex_at_once():
    # URB-MOVE-07: a 60-ton 'Mech steps from a level-1 hill onto level 1 of a CF-40, 3-level hex: PSR made,
    # the hex takes 6 (CF 34) and collapses under it. Collapse damage: 40 (the phase's start) / 10 x (1 + 1
    # level above) = 8 on the punch table (5, 3); then a 1-level fall, 6 x 2 = 12 (5, 5, 2).
    hexes = {"0510": {"terrain": "clear", "level": 1}, "0509": building(height=3)}
    state = game(mech(tons=60), hexes=hexes)
    state, events, rolls = fly(state, "F,F", [9, 3, 3, 1, 7, 7, 7, 12])
    assert purposes(rolls) == [
        "piloting skill roll u1 (entering 0509)", "punch location vs u1 (front)", "punch location vs u1 (front)",
        "facing after a fall u1", "hit location fall vs u1 (front)", "hit location fall vs u1 (front)",
        "hit location fall vs u1 (front)", "MechWarrior fall check u1",
    ]
    u = state.units["u1"]
    assert (u.hex, u.mech.prone, armor_lost(u)) == (H("0509"), True, 8 + 12)  # the move ends in the rubble
    assert state.board.hex(H("0509")).terrain is Terrain.RUBBLE
    assert "building hex 0509 (medium, level 3) collapses: with u1 (60 t) on level 1: 60 tons on level 1 exceed CF 34" in events


# -- URB-MOVE-08: falling inside ----------------------------------------------------------------------------------------


def test_urb_move_08_a_fall_inside_adds_the_failed_entry_damage_and_damages_the_hex():
    # URB-MOVE-08 (AMB-42): a 50-ton 'Mech inside a CF-30 hex takes 20 in the weapon phase, fails the
    # 20-damage PSR and falls: normal fall damage 5, plus ceil(30/10) = 3; the hex takes 5 (CF 30 -> 25).
    state = at(game(mech(), hexes={"0509": building(cf=30)}, phase=Phase.WEAPON), "u1", "0509")
    state = changed(state, pending=(Hit("u1", "LT", 20),))
    dice = ManualDice([3, 1, 7, 12, 7])
    state, events = engine.apply(state, ResolvePhaseOrder(), dice)
    dice.finish()
    assert purposes(dice.rolls) == [
        "piloting skill roll u1 (took 20+ damage)", "facing after a fall u1", "hit location fall vs u1 (front)",
        "MechWarrior fall check u1", "hit location fall inside a building vs u1 (front)",
    ]
    u = state.units["u1"]
    assert (u.mech.prone, u.max_armor["CT"] - u.armor["CT"]) == (True, 5 + 3)
    assert cf(state, "0509") == 25
    assert "u1 fell inside building hex 0509: 3 damage to it, 5 to the building (URB-MOVE-08)" in sentences(events)


def test_urb_move_08_a_fall_outside_a_building_adds_nothing():
    # URB-MOVE-08: the same fall in the open: only the normal 5 points.
    state = game(mech(at="0509"), phase=Phase.WEAPON)
    state = changed(state, pending=(Hit("u1", "LT", 20),))
    dice = ManualDice([3, 1, 7, 12])
    state, events = engine.apply(state, ResolvePhaseOrder(), dice)
    dice.finish()
    assert state.units["u1"].max_armor["CT"] - state.units["u1"].armor["CT"] == 5


# -- URB-MOVE-09: involuntary entry ------------------------------------------------------------------------------------


def test_urb_move_09_a_mech_displaced_into_a_building_takes_and_deals_failed_entry_damage():
    # URB-MOVE-09: a 40-ton 'Mech displaced north into a CF-40 hex: it takes ceil(40/10) = 4, the hex 4.
    state = game(mech(tons=40), hexes={"0509": building()})
    dice = ManualDice([7])
    events: list[str] = []
    state = displacement.displace(state, "u1", Facing.N, dice, events, psr=False)
    dice.finish()
    u = state.units["u1"]
    assert (u.hex, armor_lost(u), cf(state, "0509")) == (H("0509"), 4, 36)
    assert placement.inside(state.board, u) is not None and placement.floor_of(u) == 0
    assert "u1 is pushed into building hex 0509: 4 damage to it, 4 to the building (URB-MOVE-09)" in sentences(events)


def test_urb_move_09_units_on_other_levels_are_not_in_the_way():
    # URB-MOVE-09: "each level of a building hex is considered separately for stacking": a Commando on level 1
    # and a Locust on the roof of 0509 stay put when the 40-ton 'Mech is pushed onto its ground floor; one on
    # the ground floor is pushed on first (domino) to 0508.
    hexes = {"0509": building(height=2, cf=40)}
    state = game(mech(tons=40), design("Commando COM-2D", "c", at="0101"), design(LOCUST, "l", at="0102"),
                 hexes=hexes)
    state = at(at(state, "c", "0509", floor=1), "l", "0509", top=True)
    dice = ManualDice([7])
    after = displacement.displace(state, "u1", Facing.N, dice, [], psr=False)
    dice.finish()
    assert [after.units[u].hex for u in ("u1", "c", "l")] == [H("0509")] * 3
    state = at(state, "c", "0509", floor=0)
    dice = ManualDice([7, 8])  # the Commando's displacement PSR (7: made), then u1's entry damage location (8)
    after = displacement.displace(state, "u1", Facing.N, dice, [], psr=False)
    dice.finish()
    assert purposes(dice.rolls) == ["piloting skill roll c (displaced)", "hit location pushed into a building vs u1 (front)"]
    assert [after.units[u].hex for u in ("u1", "c", "l")] == [H("0509"), H("0508"), H("0509")]


# -- URB-MOVE-10: jumping ------------------------------------------------------------------------------------------------


def test_urb_move_10_a_jump_into_a_building_hex_lands_on_its_roof():
    # URB-MOVE-10: a jump never ends inside: the Wasp lands on the level-2 roof (a "roof" meeting, no PSR).
    state = game(design(WASP), hexes={"0507": building(height=2)})
    p = jump(state, "0507")
    assert (p.place, p.structures) == ((0, True, False), (StructureMeet(0, H("0507"), "roof", 3, False, 0),))
    dice = ManualDice([])
    state, events = engine.apply(state, MoveOrder("u1", "jump", (), H("0507"), None), dice)
    assert dice.rolls == [] and placement.on_top(state.units["u1"]) and cf(state, "0507") == 40


def test_urb_move_10_a_roof_beyond_the_jump_mp_is_refused():
    # URB-MOVE-10: the roof of a 9-level building is 9 levels up, more than 6 jump MP: the jump cannot go
    # inside instead, so it is refused.
    with pytest.raises(IllegalOrderError) as info:
        jump(game(design(WASP), hexes={"0508": building("hardened", 9)}), "0508")
    assert info.value.rule == "URB-MOVE-10"


def test_urb_move_10_jumping_out_of_a_building_onto_another_roof_is_legal():
    # URB-MOVE-10: from inside (ground floor) of 0510 onto the roof of another building in 0507.
    hexes = {"0510": building(structure="a"), "0507": building(structure="b")}
    state = at(game(design(WASP), hexes=hexes), "u1", "0510")
    p = jump(state, "0507")
    assert (p.end, p.place) == (H("0507"), (0, True, False))


def test_urb_move_10_jump_out_into_the_open():
    # URB-MOVE-10: from inside a building to clear ground: legal, no structure met, the marks cleared.
    state = at(game(design(WASP), hexes={"0510": building()}), "u1", "0510", floor=1)
    p = jump(state, "0507")
    assert (p.place, p.structures) == ((0, False, False), ())


# -- URB-MOVE-11: stacking per level ---------------------------------------------------------------------------------------


def five_level_hex(occupied: tuple[int, ...], start_level: int) -> GameState:
    others = [design(LOCUST, f"o{floor}", at=f"01{floor + 1:02d}") for floor in occupied]
    hexes = {"0509": building("hardened", 5), "0510": {"terrain": "clear", "level": start_level}}
    state = game(design(LOCUST), *others, hexes=hexes)
    for floor in occupied:
        state = at(state, f"o{floor}", "0509", floor=floor)
    return state


def test_urb_move_11_one_mech_on_each_of_five_levels_is_legal():
    # URB-MOVE-11: levels 0-3 hold a 'Mech each; a fifth enters level 4 from a level-4 hill: legal.
    p = plan(five_level_hex((0, 1, 2, 3), 4), "F")
    assert p.place == (4, False, False)


def test_urb_move_11_two_mechs_on_one_level_are_refused():
    # URB-MOVE-11: with level 3 taken, entering at level 3 (from a level-3 hill) breaks stacking.
    error = refused(five_level_hex((0, 1, 2, 3), 3), "F")
    assert error.rule == "TW p.57 stacking"


# -- URB-MOVE-12..14: roads ----------------------------------------------------------------------------------------------

ROAD_WOODS = {"terrain": "heavy_woods", "road": True}


def test_urb_move_12_road_to_road_is_road_movement_off_the_road_is_not():
    # URB-MOVE-12: road hex to the next road hex follows the road; road to off-road woods does not, nor does
    # off-road ground onto a road.
    state = game(design(LOCUST), hexes={"0510": {"terrain": "road"}, "0509": ROAD_WOODS,
                                        "0508": {"terrain": "heavy_woods"}})
    hx = state.board.hex
    assert terrain.follows_road(hx(H("0510")), hx(H("0509")), Facing.N)
    assert not terrain.follows_road(hx(H("0509")), hx(H("0508")), Facing.N)
    assert not terrain.follows_road(hx(H("0508")), hx(H("0509")), Facing.S)


def test_urb_move_13_along_the_road_one_mp_per_hex_through_heavy_woods():
    # URB-MOVE-13: 3 road hexes through heavy woods -> 3 MP (not 9).
    hexes = {"0510": {"terrain": "road"}, "0509": ROAD_WOODS, "0508": ROAD_WOODS, "0507": ROAD_WOODS}
    assert plan(game(design(LOCUST), hexes=hexes), "F,F,F").mp == 3


def test_urb_move_13_level_changes_still_cost_on_the_road():
    # URB-MOVE-13: one road hex a level higher: 1 + 1; coming down again: 1 + 1 -> 1 + 2 + 2 = 5.
    hexes = {"0510": {"terrain": "road"}, "0509": ROAD_WOODS, "0508": {**ROAD_WOODS, "level": 1},
             "0507": ROAD_WOODS}
    assert plan(game(design(LOCUST), hexes=hexes), "F,F,F").mp == 5


def test_urb_move_13_entering_the_road_hex_from_off_the_road_pays_the_terrain():
    # URB-MOVE-13: from clear off-road ground into a road hex in heavy woods: the woods' 3 MP.
    assert plan(game(design(LOCUST), hexes={"0509": ROAD_WOODS}), "F").mp == 3


def road_through_woods() -> GameState:
    hexes = {"0510": {"terrain": "road"}, "0509": ROAD_WOODS, "0508": ROAD_WOODS, "0507": {"terrain": "road"},
             "0609": {"terrain": "heavy_woods"}, "0608": {"terrain": "heavy_woods"}}
    return game(design(SCORPION), hexes=hexes)


def test_urb_move_14_a_tank_may_cross_heavy_woods_staying_on_the_road():
    # URB-MOVE-14: heavy woods are prohibited to a tracked tank (tables.md 11.2), but along the road it crosses
    # them: 3 hexes, 3 MP; stopping on the road inside the woods is also legal.
    assert plan(road_through_woods(), "F,F,F").mp == 3
    assert plan(road_through_woods(), "F").end == H("0509")


def test_urb_move_14_stepping_off_the_road_inside_the_woods_is_refused():
    # URB-MOVE-14: from the road hex 0509 north-east into off-road heavy woods 0608.
    error = refused(road_through_woods(), "F,R,F")
    assert error.rule == "VEH-MOVE-11"
    assert "may not enter heavy woods at 0608" in str(error)


def test_urb_move_14_the_crossing_must_begin_on_the_road():
    # URB-MOVE-14: from off-road clear ground at 0409 the tank cannot join the road in the middle of the
    # woods (0509, north-east of it): that entry does not follow the road.
    state = road_through_woods()
    state = state.with_unit(changed(state.units["u1"], position=H("0409"), facing=Facing.NE))
    error = refused(state, "F")
    assert error.rule == "VEH-MOVE-11"
    assert "may not enter heavy woods at 0509" in str(error)


# -- URB-BRG: bridges ------------------------------------------------------------------------------------------------------


def ravine(bridge: dict, tons: int = 40, **more) -> GameState:
    """Road at level 2 on 0510 and 0508; 0509 is a level-0 ravine spanned by a level-2 bridge."""
    hexes = {"0510": {"terrain": "road", "level": 2}, "0509": {"terrain": "clear", "level": 0, "road": True,
                                                             "bridge": bridge},
             "0508": {"terrain": "road", "level": 2}, **more}
    return game(mech(tons=tons), hexes=hexes)


def test_urb_brg_01_a_road_over_a_ravine_or_water_is_a_bridge():
    # URB-BRG-01: a level-2 road over a level-0 ravine: a bridge at level 2 (walking it costs 1 MP per hex, no
    # level change); a road over depth-1 water: a vehicle drives across on the deck.
    state = ravine({"level": 2})
    p = plan(state, "F,F")
    assert (p.mp, p.structures[0].kind) == (2, "deck")
    state, _, _ = fly(state, "F")
    assert placement.unit_level(state.board, state.units["u1"]) == 2
    water = {"0509": {"terrain": "water", "depth": 1, "road": True, "bridge": {"level": 0}},
             "0510": {"terrain": "road"}, "0508": {"terrain": "road"}}
    assert plan(game(vehicle("wheeled", 4), hexes=water), "F,F").mp == 2


def test_urb_brg_02_undefined_bridge_is_medium_cf_40_and_falls_at_cf_0():
    # URB-BRG-02: a bridge given no type: Medium, CF 40; 40 damage from attacks brings it down.
    state = ravine({"level": 2})
    g = state.board.hex(H("0509")).bridge
    assert (g.type, g.cf) == (BuildingType.MEDIUM, 40)
    state, events = buildings.apply_structure_hits(pending_hits(state, ("0509", 40)), ManualDice([]))
    h = state.board.hex(H("0509"))
    assert h.bridge is None and isinstance(h.ruin, Bridge)
    assert sentences(events) == ["bridge hex 0509 takes 40 damage: CF 40 -> 0",
                      "bridge hex 0509 (medium) collapses: destroyed by attacks"]


def test_urb_brg_02_bridge_cf_must_fit_its_type():
    # URB-BRG-02: the same CF ranges as buildings: a Light bridge of CF 20 is refused.
    from btcli.errors import GameFileError

    with pytest.raises(GameFileError, match="a light bridge has a CF of 1-15, not 20"):
        ravine({"type": "light", "cf": 20, "level": 2})


def test_urb_brg_03_the_deck_holds_its_cf_in_tons():
    # URB-BRG-03: a 40-ton 'Mech on a CF-40 bridge: it stands and the deck takes no damage (no entry rules).
    state, events, rolls = fly(ravine({"level": 2}, tons=40), "F")
    assert rolls == [] and bridge_cf(state, "0509") == 40
    assert structures.overweight(state, H("0509")) == ""


def test_urb_brg_03_a_heavier_mech_collapses_the_bridge_and_falls():
    # URB-BRG-03: a 45-ton 'Mech drives onto the CF-40 deck: it collapses at once; the 'Mech falls the 2
    # levels to the ravine floor: 5 x 3 = 15 (5, 5, 5) and ends prone there; the move stops.
    state, events, rolls = fly(ravine({"level": 2}, tons=45), "F,F", [1, 7, 7, 7, 12])
    u = state.units["u1"]
    assert (u.hex, u.mech.prone, armor_lost(u), placement.unit_level(state.board, u)) == (H("0509"), True, 15, 0)
    assert "bridge hex 0509 (medium) collapses: 45 tons on the bridge exceed its CF 40" in events


def test_urb_brg_03_a_fall_into_deep_water_does_half_damage():
    # URB-BRG-03, tables.md 8.3: a level-0 bridge over depth-2 water collapses under a 45-ton 'Mech: it falls
    # 2 levels to the bottom (level -2) into water: 5 x 3 = 15, halved and rounded up: 8 (5, 3).
    hexes = {"0510": {"terrain": "road"}, "0508": {"terrain": "road"},
             "0509": {"terrain": "water", "depth": 2, "road": True, "bridge": {"level": 0}}}
    state = game(mech(tons=45), hexes=hexes)
    state, events, rolls = fly(state, "F", [1, 7, 7, 12])
    u = state.units["u1"]
    assert (armor_lost(u), placement.unit_level(state.board, u)) == (8, -2)
    assert "u1 falls: now facing N, 8 damage on the front side" in events


def test_urb_brg_03_the_load_is_every_unit_on_the_deck():
    # URB-BRG-03: a 25-ton Commando already on the deck; a 20-ton Locust drives on: 45 > 40, collapse.
    hexes = {"0510": {"terrain": "road", "level": 2}, "0508": {"terrain": "road", "level": 2},
             "0509": {"terrain": "clear", "road": True, "bridge": {"level": 2}}}
    state = game(design(LOCUST), design("Commando COM-2D", "c", at="0509", side="red"), hexes=hexes)
    p = plan(state, "F,F")
    state, why = buildings.enter(state, "u1", H("0509"), "deck", 1, False, 0, ManualDice([]), [])
    assert why == "45 tons on the bridge exceed its CF 40"
    assert p.structures[0].kind == "deck"


def four_hex_bridge(**options) -> GameState:
    hexes = {f"05{row:02d}": {"terrain": "water", "depth": 1, "road": True, "bridge": {"level": 1, "structure": "span"}}
             for row in (3, 4, 5, 6)}
    state = game(mech(at="0110"), hexes=hexes)
    return changed(state, options=options)


def test_urb_brg_04_one_hex_of_four_down_leaves_the_rest():
    # URB-BRG-04: 4-hex bridge, one hex destroyed -> the other three still stand at CF 40.
    state, events = buildings.apply_structure_hits(pending_hits(four_hex_bridge(), ("0504", 40)), ManualDice([]))
    assert structures.structure_hexes(state.board, "span", bridge=True) == (
        [H("0503"), H("0505"), H("0506")], [H("0504")])
    assert [bridge_cf(state, label) for label in ("0503", "0505", "0506")] == [40, 40, 40]


def test_urb_brg_04_the_second_hex_of_four_brings_the_whole_bridge_down():
    # URB-BRG-04 (AMB-39): a second hex destroyed -> 2 of 4 -> the whole bridge collapses.
    state, _ = buildings.apply_structure_hits(pending_hits(four_hex_bridge(), ("0504", 40)), ManualDice([]))
    state = changed(state, pending=(), board=structures.new_phase(state.board))
    state, events = buildings.apply_structure_hits(pending_hits(state, ("0506", 40)), ManualDice([]))
    assert all(state.board.hex(H(f"05{r:02d}")).bridge is None for r in (3, 4, 5, 6))
    assert "2 of 4 hexes of span are down: the whole bridge collapses" in sentences(events)


def test_urb_brg_05_a_bridge_destroyed_by_attacks_falls_when_the_weapon_phase_ends():
    # URB-BRG-05: an Atlas next to a CF-20 bridge hex fires its AC/20 at it (adjacent: an automatic hit for
    # 20, URB-ATK-04). The hit waits in pending; the bridge stands until the weapon attack phase ends, then falls.
    hexes = {"0509": {"terrain": "water", "depth": 1, "road": True, "bridge": {"cf": 20, "level": 1}}}
    state = game(design("Atlas AS7-D", at="0510"), hexes=hexes, phase=Phase.WEAPON)
    dice = ManualDice([])
    state, events = engine.apply(state, WeaponAttackOrder("u1", "0509", ("AC/20",)), dice)
    assert bridge_cf(state, "0509") == 20  # still standing during the phase
    assert [h.target for h in state.pending] == [HexTarget(HexId(5, 9))]
    state, events = engine.apply(state, ResolvePhaseOrder(), dice)
    assert state.board.hex(H("0509")).bridge is None
    assert "bridge hex 0509 (medium) collapses: destroyed by attacks" in sentences(events)


def test_urb_brg_05_a_bridge_brought_down_by_movement_falls_at_once():
    # URB-BRG-05: 4-hex bridge, one hex already down (attacks); a 45-ton 'Mech drives onto the CF-40 deck of
    # 0509: that hex collapses under it and, 2 of 4 now down, the whole bridge falls during the move.
    hexes = {"0510": {"terrain": "road", "level": 2}, "0508": {"terrain": "road", "level": 2},
             "0509": {"terrain": "clear", "road": True, "bridge": {"level": 2, "structure": "span"}},
             "0609": {"terrain": "clear", "road": True, "bridge": {"level": 2, "structure": "span"}},
             "0709": {"terrain": "clear", "road": True, "bridge": {"level": 2, "structure": "span"}},
             "0809": {"terrain": "clear", "road": True, "bridge": {"level": 2, "structure": "span"}}}
    state = game(mech(tons=45), hexes=hexes)
    state, _ = buildings.apply_structure_hits(pending_hits(state, ("0809", 40)), ManualDice([]))
    state = changed(state, pending=(), board=structures.new_phase(state.board), phase=Phase.MOVEMENT)
    assert bridge_cf(state, "0609") == 40  # 1 of 4 down: the rest stand
    state, events, rolls = fly(state, "F", [1, 7, 7, 7, 12])
    assert [state.board.hex(H(x)).bridge for x in ("0509", "0609", "0709", "0809")] == [None] * 4
    assert "2 of 4 hexes of span are down: the whole bridge collapses" in events


@pytest.mark.parametrize("deck, under", [(2, True), (1, False)])
def test_urb_brg_06_a_mech_passes_under_a_bridge_if_base_plus_height_fits(deck, under):
    # URB-BRG-06 (AMB-45): base 0 + 'Mech height 2 <= 2 -> under (normal terrain MP, no PSR); deck at 1 ->
    # it cannot, and enters the bridge hex like a building (URB-BRG-08).
    hexes = {"0509": {"terrain": "clear", "road": True, "bridge": {"level": deck}}}
    state = game(mech(facing="NE", at="0409"), hexes=hexes)
    assert H("0409").neighbor(Facing.NE) == H("0509")
    p = plan(state, "F")
    assert p.place == (0, False, True)
    assert [s.kind for s in p.structures] == ([] if under else ["bridge"])
    assert p.mp == (1 if under else 3)


def test_urb_brg_06_a_vehicle_of_height_1_fits_under_a_level_1_bridge():
    # URB-BRG-06: a vehicle is 1 level tall: base 0 + 1 <= 1.
    hexes = {"0509": {"terrain": "clear", "road": True, "bridge": {"level": 1}}}
    state = game(vehicle("tracked", 4, at="0409", facing="NE"), hexes=hexes)
    p = plan(state, "F")
    assert (p.place, p.structures) == ((0, False, True), ())


def test_urb_brg_07_base_level_is_the_bottom_of_the_water():
    # URB-BRG-07: a level-1 bridge over depth-2 water (surface 0): base -2; a 'Mech (-2 + 2 = 0 <= 1) fits
    # under and stands on the bottom at level -2: it is in the water, so it makes the PSR of entering it
    # (PSR-WATER-01: depth 2, +0; a 5 makes it).
    hexes = {"0509": {"terrain": "water", "depth": 2, "road": True, "bridge": {"level": 1}}}
    state = game(mech(at="0409", facing="NE"), hexes=hexes)
    h = state.board.hex(H("0509"))
    assert (placement.base_level(h), placement.fits_under(h, 2), placement.fits_under(h, 4)) == (-2, True, False)
    state, events, rolls = fly(state, "F", [5])
    u = state.units["u1"]
    assert (placement.under_bridge(u), placement.unit_level(state.board, u)) == (True, -2)
    assert [r.purpose for r in rolls] == ["piloting skill roll u1 (entering depth 2 water)"]


def test_urb_brg_08_a_mech_that_fits_neither_over_nor_under_enters_as_into_a_building():
    # URB-BRG-08: deck at level 1 over level-0 ground, approached off the road: entry PSR (Medium +1),
    # failed -> ceil(40/10) = 4 to the 'Mech; the bridge takes ceil(50/10) = 5 (CF 40 -> 35).
    hexes = {"0509": {"terrain": "clear", "road": True, "bridge": {"level": 1}}}
    state = game(mech(at="0409", facing="NE"), hexes=hexes)
    state, events, rolls = fly(state, "F", [3, 7])
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)", "hit location entering 0509 vs u1 (front)"]
    assert rolls[0].modifiers == (("piloting", 5), ("medium building", 1))
    assert (armor_lost(state.units["u1"]), bridge_cf(state, "0509")) == (4, 35)
    assert "bridge hex 0509 takes 5 damage from u1 entering: CF 40 -> 35 (URB-MOVE-05)" in events


def test_urb_move_08_a_prone_mech_failing_to_stand_inside_a_building_falls_inside_again():
    # URB-MOVE-08: a prone 50-ton 'Mech inside a CF-30 hex fails to stand up (roll 3 vs 5): the fall in place
    # (no levels: 5 damage) plus ceil(30/10) = 3 for falling inside; the hex takes 5 (CF 30 -> 25).
    state = at(game(mech(), hexes={"0509": building(cf=30)}), "u1", "0509")
    state = state.with_unit(changed(state.units["u1"], prone=True))
    dice = ManualDice([3, 1, 7, 12, 7])
    state, events = engine.apply(state, MoveOrder("u1", "", ("U",)), dice)
    dice.finish()
    assert purposes(dice.rolls)[-1] == "hit location fall inside a building vs u1 (front)"
    assert armor_lost(state.units["u1"]) == 5 + 3 and cf(state, "0509") == 25
    assert "u1 fell inside building hex 0509: 3 damage to it, 5 to the building (URB-MOVE-08)" in sentences(events)


def test_urb_bsmt_01_a_mech_displaced_into_an_unrolled_building_hex_rolls_its_basement():
    # URB-BSMT-01 with URB-MOVE-09: pushed in at ground level, the 'Mech is the first in: the basement is rolled
    # (2D6 3: one level deep, feet first), after its failed-entry damage.
    state = game(mech(tons=40), hexes={"0509": building(basement="")})
    dice = ManualDice([7, 3])
    state = displacement.displace(state, "u1", Facing.N, dice, [], psr=False)
    dice.finish()
    assert purposes(dice.rolls) == ["hit location pushed into a building vs u1 (front)", "basement table 0509"]
    assert state.board.hex(H("0509")).building.basement == "1:kick"


def test_urb_bld_11_a_jump_onto_a_roof_too_weak_collapses_it_with_the_mech_on_it():
    # AMB-40 for jumps (review finding): the 20-ton Wasp jumps onto a light roof of CF 12: the hex collapses at
    # once with the Wasp on the roof (collapse damage round(12/10) = 1, then a 2-level fall).
    state = game(design(WASP), hexes={"0507": building("light", height=2, cf=12)})
    dice = ManualDice([7, 3, 7, 7, 7, 7])
    state, events = engine.apply(state, MoveOrder("u1", "jump", (), H("0507"), None), dice)
    assert any("collapses: u1 (20 t) climbs onto the roof: 20 tons on the roof exceed CF 12" in e for e in sentences(events))
    u = state.units["u1"]
    assert u.hex == H("0507") and state.board.hex(H("0507")).building is None and u.mech.prone


def test_urb_move_07_a_cf_worn_below_a_mech_already_on_level_1_collapses_the_hex():
    # URB-MOVE-07 / URB-COLL-01 (review finding): a 20-ton Locust stands on level 1 of a CF-22 hex; a 25-ton
    # 'Mech entering the ground floor deals 3 (CF 19 < 20 t on level 1): the hex collapses at once.
    state = game(design(LOCUST, "l", at="0101"), mech(tons=25), hexes={"0509": building(height=3, cf=22)})
    state = at(state, "l", "0509", floor=1)
    state, events = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([12] + [3] * 30))
    assert any("collapses: with u1 (25 t) on level 0: 20 tons on level 1 exceed CF 19" in e for e in sentences(events))
    assert state.board.hex(H("0509")).building is None


def test_urb_move_04_an_entry_that_destroys_the_unit_still_happens():
    # URB-MOVE-04 (review finding): a failed entry whose damage destroys the unit is a legal move that ends
    # with the wreck in the hex, not a refused order.
    tank = vehicle("tracked", 4, armor={"front": 1, "right": 1, "left": 1, "rear": 1})
    state = game(tank, hexes={"0509": building("hardened")})
    state, events = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([2] + [3] * 30))
    u = state.units["u1"]
    assert u.destroyed and u.hex == H("0509")
