"""Tests for buildings: representation, types, CF, levels, roofs and basements
(btcli.rules.urban.buildings; catalog URB-GEN-01, URB-BLD-01..11, URB-BSMT-01..04; tables.md 10).

States are built with the helpers of tests/builders.py: a 10 x 10 clear map, a mover 'u1'
at 0510 facing N, so ``F`` enters 0509. Default piloting is 5 and a 'Mech's internal structure
follows its tonnage; ``mech(tons=...)`` is a Hunchback of another weight.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.board import CF_RANGE, DEFAULT_CF, BuildingType, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.orders import ResolvePhaseOrder
from btcli.model.state import GameState, Phase
from btcli.rules.core import los
from btcli.rules.ground import placement
from btcli.rules.urban import buildings, structures
from btcli.rules.ground.movement import StructureMeet
from btcli.render.events import sentences
from tests.builders import (
    armor_lost,
    at,
    building,
    cf,
    changed,
    design,
    fly,
    game,
    pending_hits,
    plan,
    purposes,
)
from tests.builders import hunchback as mech

H = HexId.parse


# -- URB-GEN-01: every building hex has a type and a level; multi-hex buildings are named -----------------------


def test_urb_gen_01_building_hex_always_carries_type_and_level_and_a_shared_name_makes_one_building():
    # URB-GEN-01: three hexes with the structure name "mall" form one building; a lone hex is its own.
    # The code's reading: a hex left without type or level is not an error but gets the defaults (URB-BLD-02).
    hexes = {"0303": building(structure="mall"), "0403": building(structure="mall"),
             "0503": building(structure="mall"), "0703": building()}
    state = game(mech(), hexes=hexes)
    standing, fallen = structures.structure_hexes(state.board, "mall")
    assert (standing, fallen) == ([H("0303"), H("0403"), H("0503")], [])
    assert placement.same_structure(state.board, H("0303"), H("0503"))
    assert not placement.same_structure(state.board, H("0503"), H("0703"))
    for label in ("0303", "0703"):
        b = state.board.hex(H(label)).building
        assert (b.type, b.height) == (BuildingType.MEDIUM, 2)


@pytest.mark.parametrize("spec, message", [
    ({"type": "cardboard"}, "type must be one of light, medium, heavy, hardened, not 'cardboard'"),
    ({"type": "light", "height": 0}, "buildings at least 1 level high"),
])
def test_urb_gen_01_a_building_with_an_unknown_type_or_no_level_is_refused(spec, message):
    # URB-GEN-01: the type must be one of the four, and the hex must stand at least one level high.
    with pytest.raises(GameFileError, match=message):
        game(mech(), hexes={"0509": {"terrain": "building", "building": spec}})


# -- URB-BLD-01..09: types, CF and levels ------------------------------------------------------------------------


def test_urb_bld_01_damage_changes_a_heavy_hexs_cf_but_not_its_type():
    # URB-BLD-01: a Heavy hex of CF 90 takes 30 -> CF 60, still Heavy, same height.
    state = game(mech(), hexes={"0509": building("heavy", 3)})
    board = structures.damage_structure(state.board, H("0509"), 30)
    b = board.hex(H("0509")).building
    assert (b.type, b.height, b.cf) == (BuildingType.HEAVY, 3, 60)


def test_urb_bld_02_unspecified_building_is_medium_level_2_cf_40():
    # URB-BLD-02 (+ URB-BLD-08): "terrain = building" alone -> Medium, level 2, CF 40.
    state = game(mech(), hexes={"0509": {"terrain": "building"}})
    b = state.board.hex(H("0509")).building
    assert (b.type, b.height, b.cf) == (BuildingType.MEDIUM, 2, 40)
    assert state.board.hex(H("0509")).terrain is Terrain.BUILDING


def test_urb_bld_03_a_four_level_hex_has_one_cf_for_all_its_levels():
    # URB-BLD-03: damage to the hex (here 7) lowers the one CF of the whole hex (90 -> 83), and every level
    # above the ground floor measures weight against that same CF: 85 tons overload level 1, 2 or 3 alike.
    state = game(mech(tons=85), hexes={"0509": building("heavy", 4)})
    state = state.with_board(structures.damage_structure(state.board, H("0509"), 7))
    assert cf(state, "0509") == 83
    reasons = [structures.overweight(at(state, "u1", "0509", floor=floor), H("0509")) for floor in range(4)]
    assert reasons == ["", "85 tons on level 1 exceed CF 83", "85 tons on level 2 exceed CF 83",
                       "85 tons on level 3 exceed CF 83"]


def test_urb_bld_04_damage_accumulates_over_the_game_until_the_hex_is_rubble():
    # URB-BLD-04: CF 40 takes 25 in turn 2 (-> 15, standing) and 15 in turn 5 (-> 0, rubble).
    state = game(mech(at="0101"), hexes={"0509": building()})
    state, events = buildings.apply_structure_hits(changed(pending_hits(state, ("0509", 25)), turn=2), ManualDice([]))
    assert sentences(events) == ["building hex 0509 takes 25 damage: CF 40 -> 15"]
    state = changed(state, pending=(), board=structures.new_phase(state.board), turn=5)
    assert cf(state, "0509") == 15
    state, events = buildings.apply_structure_hits(pending_hits(state, ("0509", 15)), ManualDice([]))
    h = state.board.hex(H("0509"))
    assert (h.building, h.terrain, h.ruin.type) == (None, Terrain.RUBBLE, BuildingType.MEDIUM)
    assert sentences(events)[0] == "building hex 0509 takes 15 damage: CF 15 -> 0"
    assert sentences(events)[1].startswith("building hex 0509 (medium, level 2) collapses")


@pytest.mark.parametrize("tons, why", [
    (40, ""),
    (45, "45 tons on level 1 exceed CF 40"),
])
def test_urb_bld_05_each_level_holds_its_cf_in_tons(tons, why):
    # URB-BLD-05: CF 40: a 40-ton 'Mech on level 1 is supported; a 45-ton one brings the hex down (URB-COLL-01).
    state = at(game(mech(tons=tons), hexes={"0509": building(height=3)}), "u1", "0509", floor=1)
    assert structures.overweight(state, H("0509")) == why


def test_urb_bld_05_weight_is_counted_per_level_not_per_hex():
    # URB-BLD-05: two 25-ton 'Mechs on levels 1 and 2 of a CF-40 hex: 25 per level, no collapse,
    # though the hex holds 50 tons in all.
    state = game(design("Commando COM-2D", "a"), design("Commando COM-2D", "b", at="0101"),
                 hexes={"0509": building(height=3)})
    state = at(at(state, "a", "0509", floor=1), "b", "0509", floor=2)
    assert structures.overweight(state, H("0509")) == ""


@pytest.mark.parametrize("type_, low, high", [
    ("light", 1, 15), ("medium", 16, 40), ("heavy", 41, 90), ("hardened", 91, 150),
])
def test_urb_bld_06_cf_outside_the_types_range_is_refused(type_, low, high):
    # URB-BLD-06: tables.md 10.1 CF ranges; the ends are legal, one beyond either end is not.
    for value in (low, high):
        state = game(mech(), hexes={"0509": building(type_, cf=value)})
        assert cf(state, "0509") == value
    for value in (low - 1, high + 1):
        with pytest.raises(GameFileError, match=f"a {type_} building has a CF of {low}-{high}, not {value}"):
            game(mech(), hexes={"0509": building(type_, cf=value)})
    assert CF_RANGE[BuildingType(type_)] == (low, high)


def test_urb_bld_07_a_second_mech_in_the_same_phase_meets_the_cf_as_it_is_now():
    # URB-BLD-07: Light CF 15. A 50-ton 'Mech walks through (PSR made, hex -> CF 10); a second one then
    # fails its entry PSR: it takes ceil(10/10) = 1, not ceil(15/10) = 2 (and the hex drops to 5).
    state = game(mech("a"), mech("b", at="0101"), hexes={"0509": building("light", cf=15)})
    state, events, rolls = fly(state, "F,F", [9], uid="a")  # 'a' walks through 0509 to 0508
    assert purposes(rolls) == ["piloting skill roll a (entering 0509)"]
    assert cf(state, "0509") == 10
    state = at(state, "b", "0510")
    state, events, rolls = fly(state, "F", [3, 7], uid="b")
    assert purposes(rolls) == ["piloting skill roll b (entering 0509)", "hit location entering 0509 vs b (front)"]
    assert "b fails to enter 0509 cleanly (3 vs 5) and takes 1 damage on the front (URB-MOVE-04)" in events
    assert armor_lost(state.units["b"]) == 1
    assert cf(state, "0509") == 5


def test_urb_bld_08_default_cf_by_type():
    # URB-BLD-08: Light 15, Medium 40, Heavy 90, Hardened 120, in the table and when a scenario omits the CF.
    assert DEFAULT_CF == {BuildingType.LIGHT: 15, BuildingType.MEDIUM: 40, BuildingType.HEAVY: 90,
                          BuildingType.HARDENED: 120}
    hexes = {"0101": building("light"), "0201": building("medium"), "0301": building("heavy"),
             "0401": building("hardened")}
    state = game(mech(), hexes=hexes)
    assert [cf(state, label) for label in ("0101", "0201", "0301", "0401")] == [15, 40, 90, 120]


def four_hex_building(**options) -> GameState:
    hexes = {label: building(structure="depot") for label in ("0303", "0403", "0503", "0603")}
    state = game(mech(at="0110"), hexes=hexes)
    return changed(state, options=options)


def test_urb_bld_09_one_destroyed_hex_of_four_leaves_the_rest_standing():
    # URB-BLD-09: 4-hex building: one hex destroyed -> rubble; the other three keep CF 40.
    state, events = buildings.apply_structure_hits(pending_hits(four_hex_building(), ("0403", 40)), ManualDice([]))
    assert state.board.hex(H("0403")).terrain is Terrain.RUBBLE
    assert [cf(state, label) for label in ("0303", "0503", "0603")] == [40, 40, 40]
    assert structures.structure_hexes(state.board, "depot") == ([H("0303"), H("0503"), H("0603")], [H("0403")])


def test_urb_bld_09_second_destroyed_hex_of_four_brings_the_whole_building_down():
    # URB-BLD-09 (AMB-39, half or more): a second hex of four destroyed -> all four are rubble.
    state, _ = buildings.apply_structure_hits(pending_hits(four_hex_building(), ("0403", 40)), ManualDice([]))
    state = changed(state, pending=(), board=structures.new_phase(state.board))
    state, events = buildings.apply_structure_hits(pending_hits(state, ("0603", 45)), ManualDice([]))
    assert all(state.board.hex(H(label)).terrain is Terrain.RUBBLE for label in ("0303", "0403", "0503", "0603"))
    assert "2 of 4 hexes of depot are down: the whole building collapses" in sentences(events)
    assert structures.structure_hexes(state.board, "depot")[0] == []


def test_urb_bld_09_more_than_half_option_keeps_two_of_four_standing():
    # URB-BLD-09 / AMB-39: with collapse_share = "more_than_half" (tables.md 10.3), 2 of 4 is not enough.
    state = four_hex_building(collapse_share="more_than_half")
    state, _ = buildings.apply_structure_hits(pending_hits(state, ("0403", 40), ("0603", 40)), ManualDice([]))
    assert [cf(state, label) for label in ("0303", "0503")] == [40, 40]
    assert structures.collapse_share_met(2, 4) and not structures.collapse_share_met(2, 4, "more_than_half")
    assert structures.collapse_share_met(3, 4, "more_than_half") and not structures.collapse_share_met(1, 3)


# -- URB-BLD-10: building levels are terrain levels ---------------------------------------------------------------


@pytest.mark.parametrize("height, blocked", [(1, False), (2, True), (3, True)])
def test_urb_bld_10_a_building_blocks_sight_exactly_like_a_hill_of_its_level(height, blocked):
    # URB-BLD-10: two standing 'Mechs at level 0 (tops at 2) with 0505 between them: a level-N building
    # blocks exactly when a level-N hill does.
    results = []
    for middle in (building(height=height), {"terrain": "clear", "level": height}):
        state = game(mech("a", at="0503"), mech("b", at="0507", side="blue"), hexes={"0505": middle})
        sight = los.line_of_sight(state.board, state.units["a"], state.units["b"])
        results.append(sight.blocked)
    assert results == [blocked, blocked]


def test_urb_bld_10_climbing_onto_a_roof_costs_levels_like_a_hill():
    # URB-BLD-10/11: onto a level-2 roof from the ground: 1 MP + 2 for the levels, as onto a level-2 hill.
    roof = plan(game(mech(), hexes={"0509": building(height=2)}), "T")
    hill = plan(game(mech(), hexes={"0509": {"terrain": "clear", "level": 2}}), "F")
    assert (roof.mp, hill.mp) == (3, 3)
    assert roof.place == (0, True, False)


# -- URB-BLD-11: roof to roof ------------------------------------------------------------------------------------


def roofs(upper: int, cf_upper: int = 40, tons: int = 50) -> GameState:
    state = game(mech(tons=tons), hexes={"0510": building(height=2), "0509": building(height=upper, cf=cf_upper)})
    return at(state, "u1", "0510", top=True)


def test_urb_bld_11_roof_to_roof_two_levels_up_is_legal_like_a_hill():
    # URB-BLD-11: from a level-2 roof onto a level-4 roof: a 2-level change, within a 'Mech's limit: 1 + 2 MP.
    p = plan(roofs(4), "T")
    assert (p.end, p.mp, p.place, p.structures) == (H("0509"), 3, (0, True, False), (StructureMeet(0, H("0509"), "roof", 1, False, 0),))


def test_urb_bld_11_roof_three_levels_up_is_too_high():
    # URB-BLD-11: a level-5 roof from a level-2 roof is a 3-level change: refused (tables.md 11.1).
    with pytest.raises(IllegalOrderError, match="cannot change 3 levels entering 0509"):
        plan(roofs(5), "T")


def test_urb_bld_11_roof_move_makes_no_entry_psr_and_leaves_the_cf_alone():
    # URB-BLD-11 / URB-MOVE-01: onto a roof that holds the 'Mech: no roll, no damage to the hex.
    state, events, rolls = fly(roofs(2, tons=40), "T")  # 40 tons: CF 40 holds it
    assert rolls == []
    assert cf(state, "0509") == 40
    assert placement.on_top(state.units["u1"]) and placement.unit_level(state.board, state.units["u1"]) == 2


def test_urb_bld_11_a_55_ton_mech_onto_a_cf_40_roof_collapses_it():
    # URB-BLD-11 (AMB-40): the move is legal and the hex collapses at once. Collapse damage on the roof
    # CF 40 / 10 = 4 (no multiplier on the roof, URB-COLL-04), normal column; then a 2-level fall:
    # ceil(55/10) x 3 = 18 in 5, 5, 5, 3 (URB-COLL-08). The 'Mech ends prone in the rubble at level 0.
    state, events, rolls = fly(roofs(2, tons=55), "T", [7, 1, 7, 7, 7, 7, 12])
    assert purposes(rolls) == [
        "hit location collapse vs u1 (front)", "facing after a fall u1",
        "hit location fall vs u1 (front)", "hit location fall vs u1 (front)",
        "hit location fall vs u1 (front)", "hit location fall vs u1 (front)",
        "MechWarrior fall check u1",
    ]
    u = state.units["u1"]
    h = state.board.hex(H("0509"))
    assert (h.terrain, h.building) == (Terrain.RUBBLE, None)
    assert (u.hex, u.mech.prone, armor_lost(u)) == (H("0509"), True, 4 + 18)
    assert "u1 takes 4 collapse damage (40 CF / 10; URB-COLL-04)" in events


def test_urb_bld_11_a_roof_holds_its_cf_for_everyone_on_it():
    # URB-BLD-11 / URB-BLD-05: a 25-ton Commando stands on the CF-40 roof of 0509; a 20-ton Locust crossing
    # that roof brings 45 tons onto it: the roof collapses (before the fix only the mover's 20 t counted).
    state = game(design("Locust LCT-1V", "u1"), design("Commando COM-2D", "c", at="0101"),
                 hexes={"0510": building(height=2), "0509": building(height=2), "0508": building(height=2)})
    state = at(at(state, "u1", "0510", top=True), "c", "0509", top=True)
    after, why = buildings.enter(state, "u1", H("0509"), "roof", 1, False, 0, ManualDice([]), [])
    assert why == "u1 (20 t) climbs onto the roof: 45 tons on the roof exceed CF 40"
    alone = at(state, "c", "0101")
    assert buildings.enter(alone, "u1", H("0509"), "roof", 1, False, 0, ManualDice([]), []) == (alone, "")


# -- URB-BSMT-01..04: basements ----------------------------------------------------------------------------------


def test_urb_bsmt_01_first_entry_rolls_the_basement_once_second_entry_does_not():
    # URB-BSMT-01: the first 'Mech entering the level-0 hex rolls 2D6 on the basement table (7: none);
    # a second 'Mech entering later rolls only its entry PSR.
    state = game(mech("a"), mech("b", at="0101"), hexes={"0509": building(basement="")})
    state, events, rolls = fly(state, "F,F", [9, 7], uid="a")
    assert purposes(rolls) == ["piloting skill roll a (entering 0509)", "basement table 0509"]
    assert "building hex 0509 has no basement (basement roll 7)" in events
    assert state.board.hex(H("0509")).building.basement == "none"
    state, events, rolls = fly(at(state, "b", "0510"), "F", [9], uid="b")
    assert purposes(rolls) == ["piloting skill roll b (entering 0509)"]


@pytest.mark.parametrize("roll, basement", [
    (2, "2:kick"), (3, "1:kick"), (4, "1:fall"), (5, "none"), (9, "none"), (10, "1:fall"), (11, "1:punch"),
    (12, "2:punch"),
])
def test_urb_bsmt_01_basement_table(roll, basement):
    # URB-BSMT-01, tables.md 10.4.
    state = game(mech(), hexes={"0509": building(basement="")})
    board = structures.roll_basement(state.board, H("0509"), ManualDice([roll]), [])
    assert board.hex(H("0509")).building.basement == basement


def test_urb_bsmt_01_no_roll_for_a_building_entered_above_ground_or_given_by_the_scenario():
    # URB-BSMT-01: a scenario's basement stands (no roll); entering on level 1 rolls no basement either.
    state = game(mech(), hexes={"0509": building(basement="1:fall")})
    _, _, rolls = fly(state, "F", [9])
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)"]
    state = game(mech(tons=20), hexes={"0509": building(height=3, basement=""),
                                       "0510": {"terrain": "clear", "level": 1}})
    state, _, rolls = fly(state, "F", [9])
    assert purposes(rolls) == ["piloting skill roll u1 (entering 0509)"]
    assert placement.floor_of(state.units["u1"]) == 1
    assert state.board.hex(H("0509")).building.basement == ""


def test_urb_bsmt_02_heavy_mech_on_the_ground_floor_falls_in_as_movement_starts():
    # URB-BSMT-02 (AMB-41): a 60-ton 'Mech at level 0 of a CF-40 hex with a 1-level basement ("1:fall"):
    # when the initiative phase ends (initiative 7 / 8) it falls 1 level: ceil(60/10) x 2 = 12 in 5, 5, 2
    # (facing roll 1: front), the MechWarrior check made; it is prone on floor -1.
    state = at(game(mech(tons=60), hexes={"0509": building(basement="1:fall")},
                    phase=Phase.INITIATIVE), "u1", "0509")
    dice = ManualDice([7, 8, 1, 7, 7, 7, 11])
    state, events = engine.apply(state, ResolvePhaseOrder(), dice)
    dice.finish()
    assert purposes(dice.rolls)[2:] == [
        "facing after a fall u1", "hit location fall vs u1 (front)",
        "hit location fall vs u1 (front)", "hit location fall vs u1 (front)",
        "MechWarrior fall check u1",
    ]
    u = state.units["u1"]
    assert (state.phase, u.mech.prone, placement.floor_of(u), armor_lost(u)) == (Phase.MOVEMENT, True, -1, 12)
    assert "u1 (60 t) breaks through the floor of 0509 (CF 40) into a 1-level basement (URB-BSMT-02)" in sentences(events)


def test_urb_bsmt_02_no_fall_when_light_enough_or_without_a_basement():
    # URB-BSMT-02: 40 tons on CF 40 does not exceed it; 60 tons over "none" has nowhere to fall.
    for tons, basement in ((40, "1:fall"), (60, "none")):
        state = at(game(mech(tons=tons), hexes={"0509": building(basement=basement)}), "u1", "0509")
        after, events = buildings.basement_falls(state, ManualDice([]))
        assert (after, events) == (state, [])


def test_urb_bsmt_02_unrolled_hex_rolls_its_basement_first():
    # URB-BSMT-01/02: a 'Mech placed by the scenario on an unrolled hex: the table is rolled (5: none) and
    # nothing falls.
    state = at(game(mech(tons=60), hexes={"0509": building(basement="")}), "u1", "0509")
    dice = ManualDice([5])
    state, events = buildings.basement_falls(state, dice)
    assert sentences(events) == ["building hex 0509 has no basement (basement roll 5)"]
    assert not state.units["u1"].mech.prone


def test_urb_bsmt_03_a_two_level_basement_becomes_a_sub_level_two_deep():
    # URB-BSMT-03: "2:kick" (feet first, kick table): the hex now has a sub-level of depth 2 and the
    # 'Mech is on floor -2 (2 levels below the ground floor), 2 levels fallen: 6 x 3 = 18 in 5, 5, 5, 3,
    # each located on the kick table (1-3 right leg, 4-6 left leg from the front).
    state = at(game(mech(tons=60), hexes={"0509": building(basement="2:kick")}), "u1", "0509")
    dice = ManualDice([1, 1, 1, 4, 4, 12])
    state, events = buildings.basement_falls(state, dice)
    dice.finish()
    assert purposes(dice.rolls)[1:5] == ["kick table location u1 (fall)"] * 4
    b = state.board.hex(H("0509")).building
    u = state.units["u1"]
    assert (b.sublevel, placement.floor_of(u), placement.unit_level(state.board, u)) == (2, -2, -2)
    assert armor_lost(u) == 18
    assert (u.max_armor["RL"] - u.armor["RL"], u.max_armor["LL"] - u.armor["LL"]) == (10, 8)


def test_urb_bsmt_03_an_opened_basement_catches_no_second_mech():
    # URB-BSMT-03: once the sub-level exists nothing more falls through (the 'Mech already below stays).
    state = at(game(mech(tons=60), hexes={"0509": building(basement="1:fall")}), "u1", "0509")
    board = state.board.with_hex(H("0509"), evolve(state.board.hex(H("0509")),
                                                      building=evolve(state.board.hex(H("0509")).building, sublevel=1)))
    state = state.with_board(board)
    assert buildings.basement_falls(state, ManualDice([])) == (state, [])


@pytest.mark.parametrize("basement, damage, rolls", [
    ("1:fall", 8, [1, 7, 7, 7, 7, 12]),          # 1 level: fall 8 x 2 = 16 (5, 5, 5, 1)
    ("2:punch", 16, [1, 1, 2, 3, 4, 5, 12]),     # 2 levels: fall 8 x 3 = 24 (5, 5, 5, 5, 4), punch table
])
def test_urb_bsmt_04_the_hex_takes_ceil_tons_over_10_doubled_for_two_levels(basement, damage, rolls):
    # URB-BSMT-04: a 75-ton 'Mech breaks into the basement: the hex takes ceil(75/10) = 8, 16 if two deep;
    # the hex does not collapse (CF 40 -> 32 / 24).
    state = at(game(mech(tons=75), hexes={"0509": building(basement=basement)}), "u1", "0509")
    dice = ManualDice(rolls)
    state, events = buildings.basement_falls(state, dice)
    dice.finish()
    assert cf(state, "0509") == 40 - damage
    assert state.board.hex(H("0509")).terrain is Terrain.BUILDING
    assert f"building hex 0509 takes {damage} damage from the fall: CF 40 -> {40 - damage} (URB-BSMT-04)" in sentences(events)
