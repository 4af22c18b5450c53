"""Tests for ground movement: btcli.rules.ground.movement, the movement parts of
btcli.rules.core.phases (initiative, movement slots) and engine.apply with MoveOrder.

Every state is built in code from a tiny scenario dict (``game`` of tests/builders.py):
a small map, default clear, with per-hex overrides, and units either by
catalog design or inline. Unless a test says otherwise a mover stands in 0510
facing N, so ``F`` steps go 0509, 0508, ... up column 05.
"""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.board import Terrain
from btcli.model.events import InitiativeRolled
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder, ResolvePhaseOrder
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode
from btcli.render.events import sentence
from btcli.rules.core import phases, turn_order
from btcli.rules.ground import movement
from tests.builders import column, design, game, jump, plan, refused, vehicle

H = HexId.parse

SCORPION = "Scorpion Light Tank"  # tracked, cruise 4 / flank 6
J_EDGAR = "J. Edgar Light Hover Tank"  # hover, cruise 11 / flank 17
HUNCHBACK = "Hunchback HBK-4G"  # 'Mech, walk 4 / run 6, no jump jets
WASP = "Wasp WSP-1A"  # 'Mech, walk 6 / run 9 / jump 6


def forward(n: int) -> str:
    return ",".join(["F"] * n)


# -- tables.md 11.1: MP to enter one hex ---------------------------------------------------

# (terrain override of hex 0509, MP to enter it from clear 0510). Paved and road cost 1 whatever
# lies under them; a building costs 1 plus its type's extra MP from tables.md 10.1.
COMMON_COSTS = [
    pytest.param({"terrain": "clear"}, 1, id="clear"),
    pytest.param({"terrain": "paved"}, 1, id="paved"),
    pytest.param({"terrain": "road"}, 1, id="road"),
    pytest.param({"terrain": "rough"}, 2, id="rough"),
    pytest.param({"terrain": "rubble"}, 2, id="rubble"),
    pytest.param({"terrain": "light_woods"}, 2, id="light-woods"),
    pytest.param({"terrain": "water", "depth": 0}, 1, id="water-depth-0"),
    pytest.param({"terrain": "building", "building": {"type": "light"}}, 2, id="building-light"),
    pytest.param({"terrain": "building", "building": {"type": "medium"}}, 3, id="building-medium"),
    pytest.param({"terrain": "building", "building": {"type": "heavy"}}, 4, id="building-heavy"),
    pytest.param({"terrain": "building", "building": {"type": "hardened"}}, 5, id="building-hardened"),
]
MECH_ONLY_COSTS = [
    pytest.param({"terrain": "heavy_woods"}, 3, id="heavy-woods"),
    pytest.param({"terrain": "water", "depth": 1}, 2, id="water-depth-1"),
    pytest.param({"terrain": "water", "depth": 2}, 4, id="water-depth-2"),
    pytest.param({"terrain": "water", "depth": 3}, 4, id="water-depth-3"),
]


@pytest.mark.parametrize("terrain, mp", COMMON_COSTS + MECH_ONLY_COSTS)
def test_mech_pays_terrain_cost_to_enter_hex(terrain, mp):
    # tables.md 11.1 (terrain), 10.1 (building extra MP)
    state = game(design(HUNCHBACK), hexes={"0509": terrain})
    p = plan(state, "F")
    assert (p.end, p.mp, p.hexes_moved) == (H("0509"), mp, 1)


@pytest.mark.parametrize("terrain, mp", COMMON_COSTS)
def test_tracked_vehicle_pays_terrain_cost_to_enter_hex(terrain, mp):
    # tables.md 11.1, 10.1; VEH-MOVE-01: vehicles pay the same terrain costs as 'Mechs
    state = game(design(SCORPION), hexes={"0509": terrain})
    p = plan(state, "F")
    assert (p.end, p.mp) == (H("0509"), mp)


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_hover_pays_one_mp_for_water_of_any_depth(depth):
    # tables.md 11.1: hover pays no water surcharge; VEH-MOVE-09
    state = game(design(J_EDGAR), hexes={"0509": {"terrain": "water", "depth": depth}})
    assert plan(state, "F").mp == 1


def test_vehicles_move_like_mechs_in_a_straight_line():
    # VEH-MOVE-01: tracked cruise 4 through 4 clear hexes -> 4 MP, cruise movement
    state = game(design(SCORPION))
    p = plan(state, forward(4))
    assert (p.end, p.mp, p.hexes_moved, p.mode) == (H("0506"), 4, 4, MoveMode.CRUISE)


# -- level changes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start_level, end_level, mp",
    [(0, 1, 2), (0, 2, 3), (1, 0, 2), (2, 0, 3)],
    ids=["up-1", "up-2", "down-1", "down-2"],
)
def test_mech_pays_one_mp_per_level_changed(start_level, end_level, mp):
    # tables.md 11.1: 'Mech level change +1 MP per level, up or down
    state = game(design(HUNCHBACK), hexes={"0510": {"level": start_level}, "0509": {"level": end_level}})
    assert plan(state, "F").mp == mp


def test_mech_level_change_adds_to_terrain_cost():
    # tables.md 11.1: light woods 2 + one level 1
    state = game(design(HUNCHBACK), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    assert plan(state, "F").mp == 3


@pytest.mark.parametrize("start_level, end_level", [(0, 3), (3, 0)], ids=["up-3", "down-3"])
def test_mech_may_not_change_three_levels_in_one_hex(start_level, end_level):
    # tables.md 11.1: a 'Mech changes at most 2 levels per hex
    state = game(design(WASP), hexes={"0510": {"level": start_level}, "0509": {"level": end_level}})
    assert refused(state, "F").rule == "tables.md 11.1"


@pytest.mark.parametrize("start_level, end_level", [(0, 2), (2, 0)], ids=["up-2", "down-2"])
def test_vehicle_may_not_change_more_than_one_level_per_hex(start_level, end_level):
    # VEH-MOVE-04
    state = game(design(SCORPION), hexes={"0510": {"level": start_level}, "0509": {"level": end_level}})
    assert refused(state, "F").rule == "VEH-MOVE-04"


@pytest.mark.parametrize("start_level, end_level", [(0, 1), (1, 0)], ids=["up-1", "down-1"])
def test_vehicle_level_change_costs_two_mp(start_level, end_level):
    # VEH-MOVE-05: clear 1 + level change 2 = 3 MP
    state = game(design(SCORPION), hexes={"0510": {"level": start_level}, "0509": {"level": end_level}})
    assert plan(state, "F").mp == 3


def test_vehicle_level_change_adds_to_terrain_cost():
    # VEH-MOVE-05: light woods 2 + level change 2 = 4 MP
    state = game(design(SCORPION), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    assert plan(state, "F").mp == 4


def test_road_level_change_still_costs_for_vehicle():
    # tables.md 11.1 (paved/road: level changes still cost), VEH-MOVE-05: road 1 + level 2 = 3
    state = game(design(SCORPION), hexes={"0510": {"terrain": "road"}, "0509": {"terrain": "road", "level": 1}})
    assert plan(state, "F").mp == 3


# -- backward movement -------------------------------------------------------------------------


def test_vehicle_may_move_backward_with_cruise_mp():
    # VEH-MOVE-08 (backward allowed, just restricted); tables.md 11.1
    state = game(design(SCORPION, at="0505"))
    p = plan(state, "B,B")
    assert (p.end, p.facing, p.mp, p.mode) == (H("0507"), Facing.N, 2, MoveMode.CRUISE)


def test_vehicle_moving_backward_may_not_change_levels():
    # VEH-MOVE-08: backward into a hex one level higher
    state = game(design(SCORPION, at="0505"), hexes={"0506": {"level": 1}})
    assert refused(state, "B").rule == "VEH-MOVE-08"


def test_vehicle_moving_forward_after_backward_may_change_levels():
    # VEH-MOVE-08 restricts only the backward steps themselves
    state = game(vehicle("tracked", 6, at="0505"), hexes={"0504": {"level": 1}})
    assert plan(state, "B,F,F").mp == 1 + 1 + 3


def test_vehicle_may_not_move_backward_beyond_cruise_mp():
    # VEH-MOVE-08: cruise 4, a 5th MP spent backward would be flank movement
    state = game(design(SCORPION, at="0505"))
    assert refused(state, "F,F,F,F,B").rule == "VEH-MOVE-08"


def test_vehicle_may_not_move_backward_in_flank_mode():
    # VEH-MOVE-08: no backward movement with flank MP, even a short one
    state = game(design(SCORPION, at="0505"))
    assert refused(state, "B", mode="flank").rule == "VEH-MOVE-08"


# -- minimum movement ----------------------------------------------------------------------------


def test_minimum_move_enters_one_hex_costing_more_than_flank_mp():
    # VEH-MOVE-06: cruise 1 / flank 2; light woods one level up costs 2 + 2 = 4 MP
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    p = plan(state, "F")
    assert (p.end, p.minimum_move, p.hexes_moved) == (H("0509"), True, 1)


def test_minimum_move_counts_as_flank_movement():
    # VEH-MOVE-07
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    assert plan(state, "F", mode="cruise").mode is MoveMode.FLANK


def test_minimum_move_with_full_mp_unit():
    # VEH-MOVE-06: Scorpion flank 6 into a hardened building one level up: 5 + 2 = 7 MP
    state = game(
        design(SCORPION), hexes={"0509": {"terrain": "building", "level": 1, "building": {"type": "hardened"}}}
    )
    p = plan(state, "F")
    assert (p.mode, p.minimum_move) == (MoveMode.FLANK, True)


def test_reduced_vehicle_enters_two_mp_hex_as_flank_movement():
    # VEH-MOVE-06 test case: cruise 1 (flank 2), adjacent hex costs 2 MP -> may enter it
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "rough"}})
    p = plan(state, "F")
    assert (p.end, p.mp, p.mode) == (H("0509"), 2, MoveMode.FLANK)


def test_minimum_move_may_not_enter_prohibited_terrain():
    # VEH-MOVE-06: minimum movement never enters prohibited terrain (VEH-MOVE-11)
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "heavy_woods"}})
    assert refused(state, "F").rule == "VEH-MOVE-11"


def test_minimum_move_is_one_hex_only():
    # VEH-MOVE-06: one hex; a second hex beyond the MP is refused (VEH-MOVE-01)
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    assert refused(state, "F,F").rule == "VEH-MOVE-01"


def test_minimum_move_may_not_go_backward():
    # VEH-MOVE-07 + VEH-MOVE-08: minimum movement is flank movement, so never backward
    # (a medium building costs 3 MP, more than cruise 1 / flank 2)
    state = game(vehicle("tracked", 1, at="0505"), hexes={"0506": {"terrain": "building"}})
    assert refused(state, "B").rule == "VEH-MOVE-08"


# -- water and prohibited terrain ------------------------------------------------------------


def test_hover_stays_on_the_water_surface():
    # VEH-MOVE-09: over depth-2 water the hover is at the surface (level 0), so leaving onto level-0
    # clear ground is no level change: water 1 + clear 1 = 2 MP
    state = game(design(J_EDGAR), hexes={"0509": {"terrain": "water", "depth": 2}})
    p = plan(state, "F,F")
    assert (p.end, p.mp) == (H("0508"), 2)


@pytest.mark.parametrize("motive", ["tracked", "wheeled"])
@pytest.mark.parametrize("depth", [1, 2])
def test_non_hover_vehicle_may_not_enter_water_depth_one_or_more(motive, depth):
    # VEH-MOVE-10
    state = game(vehicle(motive, 5), hexes={"0509": {"terrain": "water", "depth": depth}})
    assert refused(state, "F").rule == "VEH-MOVE-10"


@pytest.mark.parametrize("motive", ["tracked", "wheeled"])
def test_non_hover_vehicle_may_enter_depth_zero_water(motive):
    # VEH-MOVE-10: depth-0 water is allowed (1 MP, tables.md 11.1)
    state = game(vehicle(motive, 5), hexes={"0509": {"terrain": "water", "depth": 0}})
    assert plan(state, "F").mp == 1


# tables.md 11.2 / VEH-MOVE-11, one row per (motive, terrain): None = prohibited, else MP.
PROHIBITED_TABLE = [
    ("tracked", "light_woods", 2),
    ("tracked", "heavy_woods", None),
    ("tracked", "rough", 2),
    ("tracked", "rubble", 2),
    ("wheeled", "light_woods", None),
    ("wheeled", "heavy_woods", None),
    ("wheeled", "rough", None),
    ("wheeled", "rubble", None),
    ("wheeled", "clear", 1),
    ("hover", "light_woods", None),
    ("hover", "heavy_woods", None),
    ("hover", "rough", 2),
    ("hover", "rubble", 2),
]


@pytest.mark.parametrize("motive, terrain, mp", PROHIBITED_TABLE, ids=[f"{m}-{t}" for m, t, _ in PROHIBITED_TABLE])
def test_vehicle_prohibited_terrain_table(motive, terrain, mp):
    # VEH-MOVE-11, tables.md 11.2
    state = game(vehicle(motive, 5), hexes={"0509": {"terrain": terrain}})
    if mp is None:
        assert refused(state, "F").rule == "VEH-MOVE-11"
    else:
        assert plan(state, "F").mp == mp


def test_mech_may_enter_terrain_prohibited_to_vehicles():
    # tables.md 11.2 applies to vehicles only: a 'Mech walks into heavy woods (3 MP)
    state = game(design(HUNCHBACK), hexes={"0509": {"terrain": "heavy_woods"}})
    assert plan(state, "F").mp == 3


def test_prohibited_hex_on_the_way_refuses_the_whole_path():
    # VEH-MOVE-11: a tracked tank cannot pass through heavy woods to clear ground beyond
    state = game(design(SCORPION), hexes={"0509": {"terrain": "heavy_woods"}})
    assert refused(state, "F,F").rule == "VEH-MOVE-11"


# -- roads ----------------------------------------------------------------------------------------


def test_road_through_woods_carries_wheeled_vehicle_road_to_road():
    # tables.md 11.1 (road: ignores the underlying terrain) overrides VEH-MOVE-11 while following it
    hexes = column({"terrain": "road"})
    hexes["0508"] = {"terrain": "light_woods", "road": True}
    hexes["0507"] = {"terrain": "heavy_woods", "road": True}
    state = game(vehicle("wheeled", 5), hexes=hexes)
    p = plan(state, "F,F,F,F")
    assert (p.end, p.mp) == (H("0506"), 4)


def test_road_through_woods_refuses_wheeled_vehicle_arriving_off_road():
    # VEH-MOVE-11: entering the woods hex from open ground does not follow the road
    state = game(vehicle("wheeled", 5), hexes={"0509": {"terrain": "light_woods", "road": True}})
    assert refused(state, "F").rule == "VEH-MOVE-11"


def test_road_through_woods_costs_terrain_when_entered_off_road():
    # tables.md 11.1: the road cost applies only when following the road; tracked pays light woods 2
    state = game(design(SCORPION), hexes={"0509": {"terrain": "light_woods", "road": True}})
    assert plan(state, "F").mp == 2


# -- VEH-GEN-03: cruise and flank ------------------------------------------------------------------


@pytest.mark.parametrize("cruise, flank", [(1, 2), (2, 3), (3, 5), (4, 6), (5, 8), (11, 17)])
def test_flank_mp_is_cruise_times_one_and_a_half_rounded_up(cruise, flank):
    # VEH-GEN-03: flank = ceil(1.5 x cruise) when the scenario omits it
    state = game(vehicle("tracked", cruise))
    assert (state.units["u1"].cruise, state.units["u1"].flank) == (cruise, flank)


def test_explicit_flank_mp_is_kept():
    # VEH-GEN-03 fills in flank only when the scenario omits it
    state = game(vehicle("tracked", 4, flank=5))
    assert state.units["u1"].flank == 5


@pytest.mark.parametrize(
    "hexes, mode", [(5, MoveMode.CRUISE), (6, MoveMode.FLANK), (8, MoveMode.FLANK)], ids=["5", "6", "8"]
)
def test_vehicle_mode_follows_mp_spent(hexes, mode):
    # VEH-GEN-03: cruise 5 -> 5 MP is cruise movement, 6-8 MP flank movement
    state = game(vehicle("tracked", 5))
    p = plan(state, forward(hexes))
    assert (p.mp, p.mode) == (hexes, mode)


def test_vehicle_may_not_spend_more_than_flank_mp():
    # VEH-GEN-03 / VEH-MOVE-01: cruise 5 / flank 8, 9 MP refused
    state = game(vehicle("tracked", 5))
    err = refused(state, forward(9))
    assert err.rule == "VEH-MOVE-01"
    assert "needs 9 MP" in str(err) and "has 8" in str(err)


# -- VEH-URB-01: pavement bonus ------------------------------------------------------------------


@pytest.mark.parametrize(
    "hexes, mode", [(5, MoveMode.CRUISE), (7, MoveMode.FLANK)], ids=["cruise-4+1", "flank-6+1"]
)
def test_tracked_vehicle_on_road_all_move_gets_one_more_mp(hexes, mode):
    # VEH-URB-01: cruise 4 / flank 6 starting and staying on road -> 5 / 7
    state = game(design(SCORPION), hexes=column({"terrain": "road"}))
    p = plan(state, forward(hexes))
    assert (p.mp, p.mode) == (hexes, mode)


def test_pavement_bonus_is_one_mp_only():
    # VEH-URB-01: flank 6 + 1 = 7, so 8 road hexes are refused
    state = game(design(SCORPION), hexes=column({"terrain": "road"}))
    assert refused(state, forward(8)).rule == "VEH-MOVE-01"


def test_pavement_bonus_on_paved_hexes():
    # VEH-URB-01: paved terrain counts like road
    state = game(design(SCORPION), terrain="paved")
    assert plan(state, forward(5)).mode is MoveMode.CRUISE


def test_leaving_the_road_loses_the_pavement_bonus():
    # VEH-URB-01: 4 road hexes then 1 clear hex = 5 MP, beyond cruise 4 without the bonus
    hexes = column({"terrain": "road"})
    hexes["0505"] = {"terrain": "clear"}
    state = game(design(SCORPION), hexes=hexes)
    p = plan(state, forward(5))
    assert (p.end, p.mp, p.mode) == (H("0505"), 5, MoveMode.FLANK)


def test_starting_off_the_road_gets_no_pavement_bonus():
    # VEH-URB-01: the unit must start the turn on a paved hex
    hexes = column({"terrain": "road"})
    hexes["0510"] = {"terrain": "clear"}
    state = game(design(SCORPION), hexes=hexes)
    assert plan(state, forward(5)).mode is MoveMode.FLANK


def test_hover_gets_no_pavement_bonus():
    # VEH-URB-01: hover tank -> no bonus (cruise 4, 5 road hexes is flank)
    state = game(vehicle("hover", 4), hexes=column({"terrain": "road"}))
    assert plan(state, forward(5)).mode is MoveMode.FLANK


def test_mech_gets_no_pavement_bonus():
    # VEH-URB-01 / tables.md 11.1: the bonus is for ground vehicles; walk 4, 5 road hexes is running
    state = game(design(HUNCHBACK), hexes=column({"terrain": "road"}))
    assert plan(state, forward(5)).mode is MoveMode.RUN


# -- facing and modes ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, facing", [("R", Facing.NE), ("R,R", Facing.SE), ("R,R,R", Facing.S), ("L", Facing.NW), ("L,L", Facing.SW)]
)
def test_facing_change_costs_one_mp_per_hexside(path, facing):
    # tables.md 11.1: facing change 1 MP per hexside
    state = game(design(HUNCHBACK))
    p = plan(state, path)
    assert (p.end, p.facing, p.mp, p.hexes_moved) == (H("0510"), facing, len(path.split(",")), 0)


def test_turn_then_move_pays_for_both():
    # tables.md 11.1: R (1) + F into clear (1)
    state = game(design(SCORPION, at="0509"))
    p = plan(state, "R,F")
    assert (p.end, p.facing, p.mp) == (H("0608"), Facing.NE, 2)


@pytest.mark.parametrize(
    "hexes, mode", [(1, MoveMode.WALK), (4, MoveMode.WALK), (5, MoveMode.RUN), (6, MoveMode.RUN)]
)
def test_mech_mode_is_walk_within_walking_mp_else_run(hexes, mode):
    # tables.md 11.1 / 6.2: walk 4 / run 6; the mode is chosen from the MP spent
    state = game(design(HUNCHBACK))
    p = plan(state, forward(hexes))
    assert (p.mp, p.mode) == (hexes, mode)


def test_mech_may_not_spend_more_than_running_mp():
    # tables.md 11.1: walk 4 / run 6, 7 MP refused
    state = game(design(HUNCHBACK))
    assert refused(state, forward(7)).rule == "tables.md 11.1"


def test_explicit_run_mode_is_kept_for_a_short_move():
    # tables.md 6.2: the player may declare running even within walking MP
    state = game(design(HUNCHBACK))
    assert plan(state, "F", mode="run").mode is MoveMode.RUN


def test_explicit_walk_mode_limits_mp_to_walking():
    # tables.md 11.1: declared walking, 5 MP > walk 4
    state = game(design(HUNCHBACK))
    err = refused(state, forward(5), mode="walk")
    assert err.rule == "tables.md 11.1"
    assert "has 4 (walk)" in str(err)


def test_explicit_flank_mode_is_kept_for_a_short_vehicle_move():
    # VEH-GEN-03: a declared flank move stays flank movement
    state = game(design(SCORPION))
    assert plan(state, "F", mode="flank").mode is MoveMode.FLANK


@pytest.mark.parametrize(
    "unit, mode, expected",
    [(design(HUNCHBACK), "cruise", MoveMode.WALK), (design(SCORPION), "walk", MoveMode.CRUISE)],
    ids=["mech-cruise", "vehicle-walk"],
)
def test_walk_and_cruise_are_aliases(unit, mode, expected):
    # VEH-GEN-03: cruise/flank are the vehicle names of walk/run
    state = game(unit)
    assert plan(state, "F", mode=mode).mode is expected


@pytest.mark.parametrize("unit, mode", [(design(SCORPION), "jump"), (design(HUNCHBACK), "sprint")])
def test_mode_not_available_to_unit_is_bad_input(unit, mode):
    # design.md exit code 2: a malformed --mode is an input error, not a rule refusal
    state = game(unit)
    with pytest.raises(InputError):
        plan(state, "F", mode=mode)


@pytest.mark.parametrize("depth", [1, 2])
def test_mech_may_not_run_into_water(depth):
    # tables.md 11.1: 'Mechs may not use running MP to enter water of depth 1+
    state = game(design(HUNCHBACK), hexes={"0509": {"terrain": "water", "depth": depth}})
    assert refused(state, "F", mode="run").rule == "tables.md 11.1"


def test_mech_whose_move_needs_run_mp_may_not_end_in_water():
    # tables.md 11.1: 3 clear + depth-1 water 2 = 5 MP > walk 4, so running into water -> refused
    state = game(design(HUNCHBACK), hexes={"0506": {"terrain": "water", "depth": 1}})
    assert refused(state, forward(4)).rule == "tables.md 11.1"


def test_mech_may_run_through_depth_zero_water():
    # tables.md 11.1: depth 0 is not "water" for the no-running rule
    state = game(design(HUNCHBACK), hexes={"0509": {"terrain": "water", "depth": 0}})
    assert plan(state, "F", mode="run").mode is MoveMode.RUN


def test_mech_may_walk_backward():
    # tables.md 11.1: backward walking costs the same as forward
    state = game(design(HUNCHBACK, at="0505"))
    p = plan(state, "B,B")
    assert (p.end, p.facing, p.mp, p.mode) == (H("0507"), Facing.N, 2, MoveMode.WALK)


def test_mech_may_not_run_backward():
    # tables.md 11.1 (TW: no backward movement when running)
    state = game(design(HUNCHBACK, at="0505"))
    assert refused(state, "B", mode="run").rule == "tables.md 11.1"


def test_mech_backward_move_beyond_walking_mp_is_refused():
    # tables.md 11.1: 5 backward MP would need running, which may not go backward
    state = game(design(HUNCHBACK, at="0503"))
    assert refused(state, "B,B,B,B,B").rule == "tables.md 11.1"


def test_stand_still_plan():
    # TW p.39: a unit may declare no movement: 0 MP, same hex and facing
    state = game(design(HUNCHBACK, facing="SE"))
    p = plan(state, "", mode="stand")
    assert (p.mode, p.end, p.facing, p.mp) == (MoveMode.STAND, H("0510"), Facing.SE, 0)


# -- jumps -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("to, distance", [("0509", 1), ("0507", 3), ("0504", 6), ("0805", 6), ("0806", 5)])
def test_jump_costs_one_mp_per_hex_of_distance(to, distance):
    # tables.md 11.1: Wasp jump 6; jump MP = hexes = distance
    state = game(design(WASP))
    p = jump(state, to)
    assert (p.mode, p.end, p.mp, p.hexes_moved) == (MoveMode.JUMP, H(to), distance, distance)


def test_jump_ends_in_any_facing_for_free():
    # tables.md 11.1: facing after a jump is free
    state = game(design(WASP))
    p = jump(state, "0507", Facing.S)
    assert (p.facing, p.mp) == (Facing.S, 3)


def test_jump_keeps_facing_when_none_given():
    # tables.md 11.1
    state = game(design(WASP, facing="SW"))
    assert jump(state, "0507").facing is Facing.SW


def test_jump_ignores_terrain_on_the_way_and_in_the_landing_hex():
    # tables.md 11.1: jump MP depend on distance only
    hexes = {
        "0509": {"terrain": "heavy_woods"},
        "0508": {"terrain": "water", "depth": 2},
        "0507": {"terrain": "heavy_woods"},
    }
    state = game(design(WASP), hexes=hexes)
    assert jump(state, "0507").mp == 3


def test_jump_beyond_jump_mp_is_refused():
    # tables.md 11.1: distance 7 > jump 6
    state = game(design(WASP))
    with pytest.raises(IllegalOrderError) as info:
        jump(state, "0503")
    assert info.value.rule == "tables.md 11.1"


def test_jump_may_climb_up_to_jump_mp_levels():
    # tables.md 11.1: climb 6 levels with jump 6
    state = game(design(WASP), hexes={"0509": {"level": 6}})
    assert jump(state, "0509").mp == 1


def test_jump_may_not_climb_more_levels_than_jump_mp():
    # tables.md 11.1: climb 7 levels with jump 6
    state = game(design(WASP), hexes={"0509": {"level": 7}})
    with pytest.raises(IllegalOrderError) as info:
        jump(state, "0509")
    assert info.value.rule == "tables.md 11.1"


def test_mech_without_jump_jets_may_not_jump():
    # tables.md 11.1: Hunchback has jump 0
    state = game(design(HUNCHBACK))
    with pytest.raises(IllegalOrderError) as info:
        jump(state, "0509")
    assert info.value.rule == "tables.md 11.1"


def test_jump_of_zero_hexes_is_refused():
    # tables.md 11.1: a jump moves at least one hex
    state = game(design(WASP))
    with pytest.raises(IllegalOrderError) as info:
        jump(state, "0510")
    assert info.value.rule == "tables.md 11.1"


def test_jump_to_off_map_hex_is_bad_input():
    # design.md exit code 2: hex off the map
    state = game(design(WASP))
    with pytest.raises(InputError):
        jump(state, "0511")


# -- stacking (TW p.57) ----------------------------------------------------------------------------


def test_may_pass_through_a_friendly_units_hex():
    # TW p.57 stacking
    state = game(design(HUNCHBACK), design(SCORPION, "friend", at="0508"))
    assert plan(state, forward(3)).end == H("0507")


def test_may_not_end_in_a_friendly_units_hex():
    # TW p.57 stacking: one 'Mech or vehicle per hex at the end of movement
    state = game(design(HUNCHBACK), design(SCORPION, "friend", at="0508"))
    assert refused(state, forward(2)).rule == "TW p.57 stacking"


def test_may_not_enter_an_enemy_units_hex():
    # TW p.57 stacking
    state = game(design(HUNCHBACK), design(SCORPION, "enemy", at="0508", side="blue"))
    assert refused(state, forward(3)).rule == "TW p.57 stacking"


def test_may_not_jump_into_an_occupied_hex():
    # TW p.57 stacking
    state = game(design(WASP), design(SCORPION, "friend", at="0507"))
    with pytest.raises(IllegalOrderError) as info:
        jump(state, "0507")
    assert info.value.rule == "TW p.57 stacking"


def test_destroyed_unit_does_not_block_its_hex():
    # TW p.57 stacking counts units on the board, not wrecks
    state = game(design(HUNCHBACK), design(SCORPION, "wreck", at="0508", side="blue", destroyed=True))
    assert plan(state, forward(2)).end == H("0508")


# -- the map edge ------------------------------------------------------------------------------------


def test_step_off_the_map_is_bad_input():
    # design.md exit code 2: hex off the map
    state = game(design(HUNCHBACK, at="0502"))
    with pytest.raises(InputError, match="0500"):
        plan(state, "F,F")


# -- find_path ---------------------------------------------------------------------------------------


def _path_hexes(start: HexId, facing: Facing, steps: tuple[str, ...]) -> list[HexId]:
    out, here = [], start
    for s in steps:
        if s in "LR":
            facing = facing.turned(-1 if s == "L" else 1)
        else:
            here = here.neighbor(facing if s == "F" else facing.opposite())
            out.append(here)
    return out


def test_find_path_goes_straight_through_light_woods_when_cheapest():
    # tables.md 11.1: light woods 2 + clear 1 = 3 MP beats any detour
    state = game(design(SCORPION, at="0509"), hexes={"0508": {"terrain": "light_woods"}})
    unit = state.units["u1"]
    steps = movement.find_path(state, unit, H("0507"), None, None)
    assert steps == ("F", "F")
    assert movement.check_move(state, unit, None, steps).mp == 3


def test_find_path_avoids_heavy_woods_for_tracked_tank():
    # VEH-MOVE-11 + tables.md 11.1: around 0508 heavy woods: R,F,L,F,L,F = 6 MP (flank)
    state = game(design(SCORPION, at="0509"), hexes={"0508": {"terrain": "heavy_woods"}})
    unit = state.units["u1"]
    steps = movement.find_path(state, unit, H("0507"), None, None)
    p = movement.check_move(state, unit, None, steps)
    assert H("0508") not in _path_hexes(unit.hex, unit.facing, steps)
    assert (p.end, p.mp, p.mode) == (H("0507"), 6, MoveMode.FLANK)


def test_find_path_prefers_cheaper_detour_over_costly_straight_line():
    # tables.md 11.1: straight through heavy woods 3 + 1 = 4 MP; for a 'Mech that is the cheapest
    state = game(design(HUNCHBACK, at="0509"), hexes={"0508": {"terrain": "heavy_woods"}})
    unit = state.units["u1"]
    steps = movement.find_path(state, unit, H("0507"), None, None)
    assert movement.check_move(state, unit, None, steps).mp == 4


def test_find_path_uses_pavement_bonus():
    # VEH-URB-01: 5 road hexes within cruise 4 + 1
    state = game(design(SCORPION), hexes=column({"terrain": "road"}))
    unit = state.units["u1"]
    steps = movement.find_path(state, unit, H("0505"), None, None)
    p = movement.check_move(state, unit, None, steps)
    assert (p.mp, p.mode) == (5, MoveMode.CRUISE)


def test_find_path_honours_the_requested_facing():
    # tables.md 11.1: two hexes + three hexsides to face S = 5 MP
    state = game(design(SCORPION, at="0509"))
    unit = state.units["u1"]
    steps = movement.find_path(state, unit, H("0507"), Facing.S, None)
    p = movement.check_move(state, unit, None, steps)
    assert (p.end, p.facing, p.mp) == (H("0507"), Facing.S, 5)


def test_find_path_honours_the_requested_mode():
    # tables.md 11.1: walking, 0507 behind the 'Mech is B,B (2 MP); running may not go backward
    state = game(design(HUNCHBACK, at="0505"))
    unit = state.units["u1"]
    assert movement.find_path(state, unit, H("0507"), None, None) == ("B", "B")
    steps = movement.find_path(state, unit, H("0507"), None, MoveMode.RUN)
    p = movement.check_move(state, unit, MoveMode.RUN, steps)
    assert "B" not in steps
    assert (p.end, p.mode, p.mp) == (H("0507"), MoveMode.RUN, 5)


def test_find_path_to_prohibited_hex_is_refused():
    # VEH-MOVE-11: a tracked tank can never end in heavy woods
    state = game(design(SCORPION, at="0509"), hexes={"0508": {"terrain": "heavy_woods"}})
    with pytest.raises(IllegalOrderError):
        movement.find_path(state, state.units["u1"], H("0508"), None, None)


def test_find_path_beyond_flank_mp_is_refused_with_the_mp_needed():
    # VEH-MOVE-01: 9 clear hexes need 9 MP, flank 6
    state = game(design(SCORPION))
    with pytest.raises(IllegalOrderError) as info:
        movement.find_path(state, state.units["u1"], H("0501"), None, None)
    assert info.value.rule == "VEH-MOVE-01"
    assert "needs 9 MP" in str(info.value)


def test_find_path_to_off_map_hex_is_bad_input():
    # design.md exit code 2
    state = game(design(SCORPION))
    with pytest.raises(InputError):
        movement.find_path(state, state.units["u1"], H("1105"), None, None)


@pytest.mark.parametrize("side", ["red", "blue"], ids=["friendly", "enemy"])
def test_find_path_to_occupied_hex_names_stacking_rule(side):
    # TW p.57 stacking: no move may end in another unit's hex (nor enter an enemy's)
    state = game(design(SCORPION), design(HUNCHBACK, "other", at="0508", side=side))
    with pytest.raises(IllegalOrderError) as info:
        movement.find_path(state, state.units["u1"], H("0508"), None, None)
    assert info.value.rule == "TW p.57 stacking"


def test_find_path_passes_through_a_friendly_unit():
    # TW p.57 stacking: the straight line through the friendly hex is still the cheapest path
    state = game(design(SCORPION), design(HUNCHBACK, "friend", at="0508"))
    assert movement.find_path(state, state.units["u1"], H("0507"), None, None) == ("F", "F", "F")


# -- reachable_hexes -----------------------------------------------------------------------------------


def test_reachable_hexes_give_no_pavement_bonus_off_the_road():
    # VEH-URB-01: 4 road hexes + 1 clear hex = 5 MP, beyond cruise 4 once the unit leaves the road
    hexes = column({"terrain": "road"})
    hexes["0505"] = {"terrain": "clear"}
    state = game(design(SCORPION), hexes=hexes)
    assert H("0505") not in movement.reachable_hexes(state, state.units["u1"], MoveMode.CRUISE)


def test_reachable_hexes_report_cheapest_mp():
    # tables.md 11.1: cruise 4 from 0510 N: 0506 in 4 MP; 0505 not reachable cruising
    state = game(design(SCORPION))
    reach = movement.reachable_hexes(state, state.units["u1"], MoveMode.CRUISE)
    assert reach[H("0506")] == 4
    assert H("0505") not in reach


# -- phases: initiative and movement order -------------------------------------------------------------


@pytest.mark.parametrize(
    "counts, expected",
    [
        ({"a": 1, "b": 1}, "ab"),
        ({"a": 3, "b": 3}, "ababab"),
        ({"a": 2, "b": 4}, "abbabb"),
        ({"a": 4, "b": 2}, "aabaab"),
        ({"a": 4, "b": 7}, "ab" + "abb" * 3),
        ({"a": 3, "b": 7}, "abb" + "abb" + "abbb"),
        ({"a": 0, "b": 3}, "bbb"),
        ({"a": 2, "b": 0}, "aa"),
    ],
    ids=["1v1", "3v3", "2v4", "4v2", "4v7", "3v7", "0v3", "2v0"],
)
def test_movement_slots_alternate_loser_first_with_unequal_numbers(counts, expected):
    # TW p.39 movement order, unequal numbers: 4 against 7 moves 1-1, 1-2, 1-2, 1-2
    assert turn_order.movement_slots(counts, ("a", "b")) == tuple(expected)


def test_initiative_lower_roll_moves_first():
    # TW p.39: the initiative loser moves first
    state = game(design(HUNCHBACK), design(SCORPION, "enemy", at="0505", side="blue"), phase=Phase.INITIATIVE)
    order, _ = phases.roll_initiative(state, ManualDice([8, 5]))
    assert order == ("blue", "red")


def test_initiative_ties_are_rolled_again():
    # TW p.39: tied initiative is re-rolled; 7-7 then red 9, blue 4
    state = game(design(HUNCHBACK), design(SCORPION, "enemy", at="0505", side="blue"), phase=Phase.INITIATIVE)
    dice = ManualDice([7, 7, 9, 4])
    order, events = phases.roll_initiative(state, dice)
    assert order == ("blue", "red")
    assert len(dice.rolls) == 4 and dice.used == 4
    assert [r.n for r in dice.rolls] == [2, 2, 2, 2]
    assert events[0] == InitiativeRolled((("red", 7), ("blue", 7)))  # no loser: rolled again


def test_resolve_initiative_sets_movement_slots():
    # TW p.39: resolving initiative opens movement, loser first; red (2 units) lost to blue (1),
    # so red moves both its units in the one impulse before blue
    state = game(
        design(HUNCHBACK),
        design(WASP, "red-2", at="0310"),
        design(SCORPION, "enemy", at="0505", side="blue"),
        phase=Phase.INITIATIVE,
    )
    new, _ = engine.apply(state, ResolvePhaseOrder(), ManualDice([5, 8]))
    assert (new.phase, new.initiative, new.move_order) == (Phase.MOVEMENT, ("red", "blue"), ("red", "red", "blue"))


def _two_sides_in_movement() -> GameState:
    state = game(
        design(HUNCHBACK, "red-1"), design(SCORPION, "blue-1", at="0505", side="blue"), phase=Phase.INITIATIVE
    )
    state, _ = phases.resolve(state, ManualDice([8, 5]))  # blue 5 loses: blue moves first
    return state


def test_engine_refuses_move_by_side_out_of_order():
    # TW p.39 movement order: red won initiative, so blue moves first
    state = _two_sides_in_movement()
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, MoveOrder("red-1", "", ("F",)), ManualDice([]))
    assert info.value.rule == "TW p.39 movement order"


def test_engine_accepts_moves_in_slot_order():
    # TW p.39 movement order: blue then red
    state = _two_sides_in_movement()
    state, _ = engine.apply(state, MoveOrder("blue-1", "", ("F",)), ManualDice([]))
    state, _ = engine.apply(state, MoveOrder("red-1", "", ("F",)), ManualDice([]))
    assert (state.units["blue-1"].hex, state.units["red-1"].hex) == (H("0504"), H("0509"))


def test_engine_refuses_a_second_move_of_the_same_unit():
    # TW p.39 movement order: each unit moves once per movement phase
    state = game(design(HUNCHBACK))
    state, _ = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([]))
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([]))
    assert info.value.rule == "TW p.39 movement order"


def test_engine_move_records_position_facing_mode_and_mp():
    # VEH-MOVE-07 via the engine: a minimum move leaves the unit flanking
    state = game(vehicle("tracked", 1), hexes={"0509": {"terrain": "light_woods", "level": 1}})
    state, events = engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([]))
    u = state.units["u1"]
    assert (u.hex, u.facing, u.mode, u.hexes_moved) == (H("0509"), Facing.N, MoveMode.FLANK, 1)
    assert sentence(events[0]) == "u1 makes a minimum move 0510 -> 0509 facing N (counts as flank; VEH-MOVE-07)"


# -- phases: the engine's phase checks ---------------------------------------------------------------------


@pytest.mark.parametrize("phase", [p for p in Phase if p not in (Phase.MOVEMENT, Phase.AERO_MOVEMENT,
                                                                  Phase.SPACE_MOVEMENT)])  # aerospace: test_aero_phases
def test_engine_refuses_moves_outside_the_movement_phase(phase):
    # TW p.39 phases; the deployment phase exists only in turn 0 (ASSET-DEP)
    state = game(design(HUNCHBACK), phase=phase, turn=0 if phase is Phase.DEPLOYMENT else 1)
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, MoveOrder("u1", "", ("F",)), ManualDice([]))
    assert info.value.rule == "TW p.39 phases"


def test_movement_phase_cannot_end_while_a_unit_has_not_moved():
    # TW p.39 movement phase: every unit moves (or stands still) before the phase ends
    state = game(design(HUNCHBACK, "mover"), design(SCORPION, "laggard", at="0305", side="blue"))
    state, _ = engine.apply(state, MoveOrder("mover", "stand"), ManualDice([]))
    with pytest.raises(IllegalOrderError) as info:
        engine.apply(state, ResolvePhaseOrder(), ManualDice([]))
    assert info.value.rule == "TW p.39 movement phase"
    assert "laggard" in str(info.value) and "mover" not in str(info.value)


def test_movement_phase_ends_when_every_unit_has_moved():
    # TW p.39 phases: movement -> weapon attack phase
    state = game(design(HUNCHBACK, "a"), design(SCORPION, "b", at="0305", side="blue"))
    state, _ = engine.apply(state, MoveOrder("a", "stand"), ManualDice([]))
    state, _ = engine.apply(state, MoveOrder("b", "", ("F",)), ManualDice([]))
    state, _ = engine.apply(state, ResolvePhaseOrder(), ManualDice([]))
    assert state.phase is Phase.WEAPON


def test_terrain_enum_covers_the_cost_table():
    # tables.md 11.1: every ground terrain has a cost (water and buildings priced separately)
    priced = set(movement.TERRAIN_COST) | {Terrain.WATER}
    assert priced == set(Terrain)


# -- bridges (docs/rules-notes.md: until issue #5 a bridge carries its road) ---------------------


def test_tracked_vehicle_crosses_deep_water_on_a_bridge_along_the_road():
    # tables.md 11.1 road cost 1; VEH-MOVE-10 would forbid the depth-1 water without the bridge
    hexes = {"0510": {"terrain": "road"}, "0508": {"terrain": "road"}}
    hexes["0509"] = {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 0}}
    state = game(design(SCORPION), hexes=hexes)
    result = plan(state, "F,F")
    assert (result.end, result.mp) == (H("0508"), 2)


def test_bridge_entered_off_the_road_is_still_deep_water():
    # VEH-MOVE-10: only the road leads onto the bridge deck
    hexes = {"0509": {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "level": 0}}}
    state = game(design(SCORPION), hexes=hexes)
    assert refused(state, "F").rule == "VEH-MOVE-10"
