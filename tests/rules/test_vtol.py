"""Tests for VTOL flight, landing and crashes (btcli.rules.ground.vtol, movement._check_vtol,
moves.apply_move) and for attacks by and against VTOLs (btcli.rules.core.tohit).

States are built with the helpers of tests/builders.py: a 10 x 10 map,
default clear, the mover 'u1' in 0510 facing N, so ``F`` steps fly 0509, 0508, ...
up column 05. Elevation (levels above the hex) is set with ``evolve``. Moves go
through ``engine.apply`` with ManualDice, and every test checks that each scripted
value was used (``ManualDice.finish``).

The Ferret Light Scout VTOL (5 t, ICE, cruise 15 / flank 23, armor F2 R1 L1 Rr2
rotor 2, internal structure 1) takes ceil(5 / 10) = 1 point from a crash; the
inline 30-ton VTOL takes 3.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.board import Hex, Terrain
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode
from btcli.rules.core import tohit
from btcli.rules.ground import vtol
from btcli.render.events import sentences
from tests.builders import airborne, changed, design, fly, game, heavy_vtol, plan, purposes, refused

H = HexId.parse

FERRET = "Ferret Light Scout VTOL"  # 5 t ICE VTOL, cruise 15 / flank 23, Machine Gun (front)
SCORPION = "Scorpion Light Tank"  # 25 t tracked, AC/5 and MG in the turret

THICK = {"front": 20, "right": 20, "left": 20, "rear": 20, "rotor": 20}


# -- VEH-VTOL-02, 04: MP -----------------------------------------------------------------------


def test_vtol_pays_one_mp_per_hex_whatever_the_terrain():
    # VEH-VTOL-02: rough, heavy woods (above the treetops) and a building (above the roof) -> 3 MP
    hexes = {"0509": {"terrain": "rough"}, "0508": {"terrain": "heavy_woods"}, "0507": {"terrain": "building"}}
    state = airborne(game(design(FERRET), hexes=hexes), 3)
    p = plan(state, "F,F,F")
    assert (p.end, p.elevation, p.mp, p.hexes_moved, p.mode) == (H("0507"), 3, 3, 3, MoveMode.CRUISE)


@pytest.mark.parametrize(
    "path, elevation, mp, end",
    [("A,A,A,F,F", 3, 5, "0508"), ("A,A,D", 1, 3, "0510")],
    ids=["climb-3-fly-2", "climb-2-descend-1"],
)
def test_vtol_pays_one_mp_per_level_climbed_or_descended(path, elevation, mp, end):
    # VEH-VTOL-04 (catalog test: climb 3 then 2 hexes -> 5 MP; climb 2, descend 1 -> 3 MP)
    p = plan(game(design(FERRET)), path)
    assert (p.end, p.elevation, p.mp) == (H(end), elevation, mp)


# -- VEH-VTOL-03, 08, 09: landed ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["R", "L", "F"])
def test_landed_vtol_may_not_turn_or_enter_a_hex(path):
    # VEH-VTOL-03, VEH-VTOL-08: at elevation 0 the only movement is to rise
    assert refused(game(design(FERRET)), path).rule == "VEH-VTOL-03"


def test_landed_vtol_turns_and_flies_after_climbing_one_level():
    # VEH-VTOL-03, 08: climb to elevation 1 (1 MP), then turn (1 MP) and fly NE to 0609 (1 MP)
    p = plan(game(design(FERRET)), "A,R,F")
    assert (p.end, p.facing.name, p.elevation, p.mp) == (H("0609"), "NE", 1, 3)


def test_landed_vtol_may_not_descend():
    # VEH-VTOL-09: elevation 0 is landed; there is nothing to descend
    assert refused(game(design(FERRET)), "D").rule == "VEH-VTOL-09"


# -- VEH-VTOL-05: elevation record and maximum ---------------------------------------------------------


def test_vtol_elevation_is_kept_after_the_move():
    # VEH-VTOL-05: climb 4 levels and fly one hex -> stored elevation 4
    state, events, rolls = fly(game(design(FERRET)), "A,A,A,A,F")
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.mp_spent, u.hexes_moved, u.mode) == (H("0509"), 4, 5, 1, MoveMode.CRUISE)
    assert events == ["u1 flies 0510 -> 0509 facing N, elevation 0 -> 4: 5 MP, 1 hex (cruise)"]
    assert rolls == []


def test_vtol_may_not_climb_above_elevation_500():
    # VEH-VTOL-05
    error = refused(airborne(game(design(FERRET)), 500), "A")
    assert error.rule == "VEH-VTOL-05"


def test_vtol_may_climb_to_elevation_500():
    # VEH-VTOL-05: 500 itself is allowed
    assert plan(airborne(game(design(FERRET)), 499), "A").elevation == 500


# -- VEH-VTOL-06, AMB-02: woods and buildings ----------------------------------------------------------


@pytest.mark.parametrize("woods", ["light_woods", "heavy_woods"])
def test_vtol_may_not_fly_into_woods_at_treetop_height(woods):
    # VEH-VTOL-06, AMB-02: woods stand 2 levels; elevation 2 over level-0 woods is at the treetops
    state = airborne(game(design(FERRET), hexes={"0509": {"terrain": woods}}), 2)
    assert refused(state, "F").rule == "VEH-VTOL-06"


@pytest.mark.parametrize("woods", ["light_woods", "heavy_woods"])
def test_vtol_flies_over_woods_above_the_treetops(woods):
    # VEH-VTOL-06, AMB-02: elevation 3 clears the trees
    state = airborne(game(design(FERRET), hexes={"0509": {"terrain": woods}}), 3)
    p = plan(state, "F")
    assert (p.end, p.elevation, p.mp) == (H("0509"), 3, 1)


def test_vtol_may_not_descend_to_the_treetops():
    # VEH-VTOL-06: over heavy woods, descending from elevation 3 to 2 is refused
    state = airborne(game(design(FERRET), hexes={"0510": {"terrain": "heavy_woods"}}), 3)
    assert refused(state, "D").rule == "VEH-VTOL-06"


def test_vtol_may_not_fly_into_a_building_at_roof_height():
    # VEH-VTOL-06: a 3-level building on level-0 ground, VTOL at elevation 3
    state = airborne(game(design(FERRET), hexes={"0509": {"terrain": "building", "building": {"height": 3}}}), 3)
    assert refused(state, "F").rule == "VEH-VTOL-06"


def test_vtol_flies_over_a_building_above_the_roof():
    # VEH-VTOL-06: elevation 4 over the 3-level building
    state = airborne(game(design(FERRET), hexes={"0509": {"terrain": "building", "building": {"height": 3}}}), 4)
    p = plan(state, "F")
    assert (p.end, p.elevation, p.crash) == (H("0509"), 4, "")


def test_vtol_lands_on_a_roof_by_descending_to_the_building_height():
    # VEH-VTOL-06 (catalog test: 3-level building, elevation 3 -> only as a roof landing), VEH-VTOL-10
    state = airborne(game(design(FERRET), hexes={"0510": {"terrain": "building", "building": {"height": 3}}}), 4)
    p = plan(state, "D")
    assert (p.end, p.elevation, p.mp, p.crash) == (H("0510"), 3, 1, "")


# -- VEH-VTOL-12: roads through woods ---------------------------------------------------------------


def _woods_road(**more) -> dict[str, dict]:
    hexes = {
        "0510": {"terrain": "light_woods", "road": True},
        "0509": {"terrain": "heavy_woods", "road": True},
        "0508": {"terrain": "light_woods", "road": True},
        "0507": {"terrain": "light_woods", "road": True},
    }
    hexes.update(more)
    return hexes


def test_vtol_follows_a_woods_road_below_the_treetops():
    # VEH-VTOL-12: starts at elevation 1 on a woods road and stays on it for 3 hexes
    state = airborne(game(design(FERRET), hexes=_woods_road()), 1)
    p = plan(state, "F,F,F")
    assert (p.end, p.elevation, p.mp) == (H("0507"), 1, 3)


def test_vtol_below_the_treetops_may_not_leave_the_road_into_woods():
    # VEH-VTOL-12, VEH-VTOL-06: 0609 (NE of 0510) is heavy woods without the road
    state = airborne(game(design(FERRET), hexes=_woods_road(**{"0609": {"terrain": "heavy_woods"}})), 1)
    assert refused(state, "R,F").rule == "VEH-VTOL-06"


def test_vtol_climbs_above_the_trees_and_then_leaves_the_road():
    # VEH-VTOL-12: climbing to elevation 3 first makes the same hex legal
    state = airborne(game(design(FERRET), hexes=_woods_road(**{"0609": {"terrain": "heavy_woods"}})), 1)
    p = plan(state, "A,A,R,F")
    assert (p.end, p.elevation, p.mp) == (H("0609"), 3, 4)


def test_vtol_must_start_on_the_woods_road_to_fly_it_below_the_treetops():
    # VEH-VTOL-12: starting on a road over clear ground does not count
    hexes = {"0510": {"terrain": "road"}, "0509": {"terrain": "light_woods", "road": True}}
    state = airborne(game(design(FERRET), hexes=hexes), 1)
    assert refused(state, "F").rule == "VEH-VTOL-06"


def test_vtol_that_left_the_road_may_not_rejoin_it_below_the_treetops():
    # VEH-VTOL-12: "stay on the road for its entire movement": out to clear 0609, back onto the road at 0608
    hexes = {"0510": {"terrain": "light_woods", "road": True}, "0608": {"terrain": "light_woods", "road": True}}
    state = airborne(game(design(FERRET), hexes=hexes), 1)
    assert refused(state, "R,F,L,F").rule == "VEH-VTOL-06"


# -- VEH-VTOL-10, 15, AMB-03: landing -------------------------------------------------------------------


@pytest.mark.parametrize("terrain", ["clear", "paved", "road"])
def test_vtol_lands_on_clear_paved_or_road(terrain):
    # VEH-VTOL-10, 09: descending to elevation 0 there is a landing; no dice
    state = airborne(game(design(FERRET), hexes={"0510": {"terrain": terrain}}), 1)
    state, _events, rolls = fly(state, "D")
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.mp_spent, u.destroyed) == (H("0510"), 0, 1, False)
    assert not u.vehicle.crashed_turn
    assert rolls == []


@pytest.mark.parametrize(
    "h, problem",
    [
        (Hex(Terrain.CLEAR), ""),
        (Hex(Terrain.PAVED), ""),
        (Hex(Terrain.CLEAR, road=True), ""),
        (Hex(Terrain.BUILDING), ""),
        (Hex(Terrain.ROUGH), "rough is no landing ground (VEH-VTOL-10)"),
        (Hex(Terrain.RUBBLE), "rubble is no landing ground (VEH-VTOL-10)"),
        (Hex(Terrain.LIGHT_WOODS), "light woods is no landing ground (VEH-VTOL-10)"),
        (Hex(Terrain.WATER), "water (VEH-VTOL-15)"),
        (Hex(Terrain.WATER, depth=2), "water (VEH-VTOL-15)"),
    ],
    ids=["clear", "paved", "road", "building", "rough", "rubble", "light-woods", "water-0", "water-2"],
)
def test_landing_ground_table(h, problem):
    # VEH-VTOL-10 (clear, paved, building roof; a road counts as paved), VEH-VTOL-15 / AMB-03 (any water)
    assert vtol.landing_problem(h) == problem


def test_vtol_landing_in_rough_crashes_and_is_destroyed():
    # VEH-VTOL-10: landing in rough is an automatic crash: 1 x (0 + 1) = 1 damage, side 1D6 = 1 (front),
    # location 2D6 = 7 (front); VTOL-CRASH-03: rough is no landing ground, so it is destroyed
    state = airborne(game(design(FERRET), hexes={"0510": {"terrain": "rough"}}), 1)
    state, events, rolls = fly(state, "D", [1, 7])
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.armor["front"], u.destroyed) == (H("0510"), 0, 1, True)
    assert purposes(rolls) == ["crash side u1", "hit location crash u1 (front)"]
    assert events[1:] == [
        "u1 crashes: it tries to land: rough is no landing ground (VEH-VTOL-10)",
        "u1 takes 1 in front (crash)",
        "u1 cannot come to rest there (rough is no landing ground (VEH-VTOL-10)) and is destroyed (VTOL-CRASH-03)",
    ]


@pytest.mark.parametrize("depth", [0, 1, 3])
def test_vtol_landing_in_water_is_destroyed(depth):
    # VEH-VTOL-15, AMB-03: any water hex, whatever its depth; no damage is rolled
    state = airborne(game(design(FERRET), hexes={"0510": {"terrain": "water", "depth": depth}}), 1)
    state, events, rolls = fly(state, "D")
    u = state.units["u1"]
    assert (u.elevation, u.destroyed, u.armor) == (0, True, dict(u.max_armor))
    assert rolls == []
    assert events[-1] == "u1 crashes into water and is destroyed (VEH-VTOL-15)"


def test_vtol_path_ending_in_a_landing_may_not_exceed_flank_mp():
    # VEH-VTOL-02, 04: 12 climbs and 13 descents cost 25 MP; the Ferret has 23
    state = airborne(game(design(FERRET)), 1)
    assert refused(state, "12A,13D").rule == "VEH-VTOL-02"


def test_vtol_path_after_touching_down_is_not_silently_dropped():
    # VEH-VTOL-04: climb and descend any number of times in a hex; the A and F steps are part of the order
    state = airborne(game(design(FERRET)), 1)
    p = plan(state, "D,A,F")
    assert (p.end, p.elevation, p.mp) == (H("0509"), 1, 3)


# -- VEH-VTOL-13 and absolute height -------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, end, elevation",
    [("F", "0509", 2), ("F,F", "0508", 1), ("F,F,F", "0507", 3), ("F,F,F,F", "0506", 4)],
)
def test_flying_keeps_the_absolute_height(path, end, elevation):
    # VEH-VTOL-13 model (btcli/rules/ground/vtol.py): absolute height 3 stays 3 over ground levels 1, 2, 0, -1
    hexes = {"0509": {"level": 1}, "0508": {"level": 2}, "0507": {"level": 0}, "0506": {"level": -1}}
    state = airborne(game(design(FERRET), hexes=hexes), 3)
    p = plan(state, path)
    assert (p.end, p.elevation, p.crash) == (H(end), elevation, "")


def test_vtol_flying_into_a_hill_as_high_as_itself_crashes():
    # VEH-VTOL-13: absolute height 2 into a level-2 hill -> crash in the hill hex at elevation 0;
    # 1 damage (side 1D6 = 1: front; location 7: front); VTOL-CRASH-03: clear hill -> landed, survives
    state = airborne(game(design(FERRET), hexes={"0509": {"level": 2}}), 2)
    state, events, rolls = fly(state, "F", [1, 7])
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.armor["front"], u.destroyed) == (H("0509"), 0, 1, False)
    assert u.vehicle.crashed_turn == 1
    assert purposes(rolls) == ["crash side u1", "hit location crash u1 (front)"]
    assert events == [
        "u1 flies 0510 -> 0509 facing N, elevation 2 -> 0: 1 MP, 1 hex (cruise)",
        "u1 crashes: flies into the ground at 0509 (VEH-VTOL-13)",
        "u1 takes 1 in front (crash)",
        "u1 survives the crash and is landed in 0509 (VTOL-CRASH-03)",
    ]


def test_vtol_flying_above_a_hill_does_not_crash():
    # VEH-VTOL-13: absolute height 3 over the level-2 hill -> elevation 1 there, no dice
    state = airborne(game(design(FERRET), hexes={"0509": {"level": 2}}), 3)
    state, _events, rolls = fly(state, "F")
    u = state.units["u1"]
    assert (u.hex, u.elevation, u.destroyed, rolls) == (H("0509"), 1, False, [])


# -- VTOL-CRASH-03, VEH-DMG-06, AMB-13: crash damage, survival, explosion ---------------------------------


def test_crash_damage_is_tons_over_ten_times_levels_plus_one_in_five_point_groups():
    # tables.md 5 notes (falling crash): 30 t, 2 levels -> ceil(30 / 10) x 3 = 9 -> groups 5, 4;
    # side 1D6 = 1 (front), both locations 2D6 = 7 (front); armor only -> landed (VTOL-CRASH-03)
    state = game(heavy_vtol())
    dice, events = ManualDice([1, 7, 7]), []
    state = vtol.crash(state, state.units["u1"], 2, "test", dice, events)
    dice.finish()
    u = state.units["u1"]
    assert (u.armor["front"], u.internal["front"], u.elevation, u.destroyed) == (11, 3, 0, False)
    assert purposes(dice.rolls) == ["crash side u1"] + ["hit location crash u1 (front)"] * 2
    assert sentences(events) == [
        "u1 crashes: test",
        "u1 takes 5 in front (crash)",
        "u1 takes 4 in front (crash)",
        "u1 survives the crash and is landed in 0510 (VTOL-CRASH-03)",
    ]


@pytest.mark.parametrize("d6, side", [(1, "front"), (2, "right"), (3, "right"), (4, "rear"), (5, "left"), (6, "left")])
def test_crash_side_comes_from_one_d6(d6, side):
    # tables.md 5 notes (MegaMek crashVTOLorWiGE): 1 front, 2-3 right, 4 rear, 5-6 left; location 2D6 = 6
    state = game(heavy_vtol())
    dice, events = ManualDice([d6, 6]), []
    state = vtol.crash(state, state.units["u1"], 0, "test", dice, events)
    dice.finish()
    assert state.units["u1"].armor[side] == 17
    assert dice.rolls[1].purpose == f"hit location crash u1 ({side})"


# (option vtol_crash_explosion, engine, destroyed): the 30-ton VTOL with 1 front armor flies into a
# hill: 3 damage on the front, 1 to armor and 2 to internal structure (3 -> 1).
EXPLOSIONS = [
    pytest.param(None, "fusion", True, id="default-all-fusion"),
    pytest.param("all", "fusion", True, id="all-fusion"),
    pytest.param("all", "ice", True, id="all-ice"),
    pytest.param("ice", "ice", True, id="ice-ice"),
    pytest.param("ice", "fusion", False, id="ice-fusion"),
]


@pytest.mark.parametrize("option, engine_type, destroyed", EXPLOSIONS)
def test_crash_damage_to_internal_structure_makes_the_vtol_explode(option, engine_type, destroyed):
    # VEH-DMG-06, AMB-13 (option vtol_crash_explosion: "all" = catalog reading, default; "ice" = tables.md 5);
    # side 1 (front), location 7 (front), structure critical (VEH-CRIT-02) 2D6 = 2: none
    armor = dict(THICK, front=1)
    state = airborne(game(heavy_vtol(engine=engine_type, armor=armor), hexes={"0509": {"level": 2}}), 2)
    if option is not None:
        state = changed(state, options={"vtol_crash_explosion": option})
    state, events, rolls = fly(state, "F", [1, 7, 2])
    u = state.units["u1"]
    assert (u.hex, u.armor["front"], u.internal["front"], u.destroyed) == (H("0509"), 0, 1, destroyed)
    assert purposes(rolls) == ["crash side u1", "hit location crash u1 (front)", "vehicle critical u1 front"]
    exploded = "u1's crash damaged its internal structure: it explodes (VEH-DMG-06)"
    assert (exploded in events) is destroyed


def test_crash_armor_damage_alone_does_not_make_the_vtol_explode():
    # VEH-DMG-06: only internal structure damage counts (3 damage on 20 front armor)
    state = airborne(game(heavy_vtol(engine="ice"), hexes={"0509": {"level": 2}}), 2)
    state, _events, _rolls = fly(state, "F", [1, 7])
    u = state.units["u1"]
    assert (u.armor["front"], u.internal["front"], u.destroyed, u.elevation) == (17, 3, False, 0)


# -- VTOL-CRASH-04, VTOL-ATK: attacks -------------------------------------------------------------------


def _crashed_ferret_facing_a_tank() -> GameState:
    """The Ferret flies into the level-2 hill at 0509 and survives; a blue Scorpion waits in 0507."""
    state = game(design(FERRET), design(SCORPION, "t", at="0507", side="blue"), hexes={"0509": {"level": 2}})
    state, _, _ = fly(airborne(state, 2), "F", [1, 7])
    return evolve(state, phase=Phase.WEAPON)


def test_vtol_that_crashed_may_not_attack_that_turn():
    # VTOL-CRASH-04
    state = _crashed_ferret_facing_a_tank()
    assert not state.units["u1"].destroyed
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, WeaponAttackOrder("u1", "t", ("Machine Gun",)), ManualDice([]))
    assert info.value.rule == "VTOL-CRASH-04"


def test_vtol_that_crashed_may_attack_the_next_turn():
    # VTOL-CRASH-04: the ban is for the crash turn only
    state = evolve(_crashed_ferret_facing_a_tank(), turn=2)
    result = tohit.weapon_to_hit(state, state.units["u1"], 0, state.units["t"], None, 0)
    assert (result.impossible, result.rule) == ("", "")


def test_airborne_vtol_may_not_attack_a_unit_in_its_own_hex():
    # VTOL-ATK-02: the Ferret at elevation 5 over 0505; the tank is put into the same hex
    state = game(
        design(FERRET, at="0505"), design(SCORPION, "t", at="0305", side="blue"), phase=Phase.WEAPON
    )
    state = airborne(state, 5)
    state = state.with_unit(changed(state.units["t"], position=H("0505")))
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, WeaponAttackOrder("u1", "t", ("Machine Gun",)), ManualDice([]))
    assert info.value.rule == "VTOL-ATK-02"


def _tank_shoots_ferret(terrain: str = "clear", road: bool = False, **ferret) -> tohit.ToHit:
    """Returns the to-hit of the Scorpion's AC/5 (0510, facing N) at the Ferret in 0507 (3 hexes)."""
    hexes = {"0507": {"terrain": terrain, "road": road}}
    state = game(
        design(SCORPION, "a"), design(FERRET, "t", at="0507", side="blue"), hexes=hexes, phase=Phase.WEAPON
    )
    state = state.with_unit(changed(state.units["t"], **ferret))
    return tohit.weapon_to_hit(state, state.units["a"], 0, state.units["t"], None, 0)


def _modifier(result: tohit.ToHit, prefix: str) -> int | None:
    found = [value for name, value in result.modifiers if name.startswith(prefix)]
    assert len(found) <= 1, result.modifiers
    return found[0] if found else None


@pytest.mark.parametrize(
    "elevation, mp, hexes, extra",
    [(3, 5, 5, 1), (3, 0, 0, None), (0, 0, 0, None), (0, 2, 0, None)],
    ids=["airborne-moved", "airborne-hovering", "landed-still", "landed-after-moving"],
)
def test_airborne_vtol_that_spent_mp_is_one_harder_to_hit(elevation, mp, hexes, extra):
    # VTOL-ATK-05 (catalog test: airborne, moved 5 hexes: TMM +2 and +1 more; landed, 0 hexes: no +1)
    mode = MoveMode.CRUISE if mp else MoveMode.STAND
    result = _tank_shoots_ferret(elevation=elevation, mp_spent=mp, hexes_moved=hexes, mode=mode)
    assert result.impossible == ""
    assert _modifier(result, "target airborne VTOL") == extra
    assert _modifier(result, "target moved") == (2 if hexes == 5 else None)


@pytest.mark.parametrize("woods", ["light_woods", "heavy_woods"])
def test_airborne_vtol_gets_no_woods_modifier_from_its_own_hex(woods):
    # VTOL-ATK-06: at elevation 3 above the trees
    result = _tank_shoots_ferret(woods, elevation=3)
    assert result.impossible == ""
    assert _modifier(result, "target in") is None


def test_vtol_on_a_woods_road_below_the_treetops_keeps_the_woods_modifier():
    # VTOL-ATK-06 (catalog test: elevation 1 following a road through light woods -> woods modifier applies)
    result = _tank_shoots_ferret("light_woods", road=True, elevation=1)
    assert _modifier(result, "target in light woods") == 1


def test_airborne_vtol_attacker_keeps_its_movement_modifier():
    # VTOL-ATK-04: an airborne Ferret that flanked fires its Machine Gun at a tank 2 hexes ahead: +2
    state = game(design(FERRET), design(SCORPION, "t", at="0508", side="blue"), phase=Phase.WEAPON)
    state = state.with_unit(changed(state.units["u1"], elevation=3, mode=MoveMode.FLANK, mp_spent=20, hexes_moved=17))
    result = tohit.weapon_to_hit(state, state.units["u1"], 0, state.units["t"], None, 0)
    assert result.impossible == ""
    assert _modifier(result, "attacker flank") == 2
