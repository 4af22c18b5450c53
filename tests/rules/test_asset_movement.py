"""Tests for asset movement, terrain, stacking and multi-hex assets (btcli.rules.assets.movement).

Catalog areas ASSET-MOVE, ASSET-TERR, ASSET-STACK and ASSET-MULTI. Boards are
small and clear unless a test puts terrain on them; paths start in 0505.
"""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card, asset_cards, card_from_table
from btcli.errors import IllegalOrderError, InputError
from btcli.model.assets import AssetKind, AssumedMode
from btcli.model.board import Board, Building, Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.assets.movement import (
    NonAsset,
    Occupant,
    assumed_mode,
    check_asset_jump,
    check_asset_move,
    check_stacking,
    may_pass_through,
    movement_allowance,
)

H = HexId.parse
START = H("0505")
N = Facing.N
TANK = asset_card("S-1 Light tracked tank")  # 4 MP, tracked
HOVER = asset_card("Maxim Heavy Hover Transport")  # 8 MP
WHEELED = asset_card("Browning Mobile HQ")  # 7 MP
VTOL = asset_card("S-2 Scout VTOL")  # 15 MP
FOOT = asset_card("Foot Platoon (Rifle)")  # 1 MP
JUMP = asset_card("S-3 Jump platoon")  # jump 3
MECHANIZED = asset_card("S-4 Mechanized platoon")  # tracked infantry
LONG_TOM = asset_card("Mobile Long Tom Artillery LT-MOB-25")
EMPLACEMENT = asset_card("Heavy Emplacement")


def card(name: str, **fields):
    base = {"kind": "vehicle", "mp": 5, "movement": "T", "tmm": 1, "skill": 6, "check": 7, "threshold": 5}
    return card_from_table(name, {**base, **fields})


FIVE_TRACKED = card("five-tracked")
FIVE_WHEELED = card("five-wheeled", movement="W")
FOOT_3 = card("foot-3", kind="conventional_infantry", movement="F", mp=3)


def board(**terrain: Hex) -> Board:
    """Returns a 10 x 20 clear board with the given hexes (keyword = CCRR label with a leading h)."""
    return Board(10, 20, hexes={H(label[1:]): h for label, h in terrain.items()})


def move(card_, steps, b=None, **kw):
    kw.setdefault("side", "red")
    return check_asset_move(card_, b or board(), kw.pop("start", START), kw.pop("facing", N), steps, **kw)


def rule_of(excinfo) -> str:
    return excinfo.value.rule


# -- ASSET-MOVE ------------------------------------------------------------------------


def test_terrain_costs_as_for_mechs():  # ASSET-MOVE-01
    plan = move(TANK, "F F", board(h0504=Hex(Terrain.LIGHT_WOODS)))
    assert (plan.mp, plan.mp_left, plan.end) == (3, 1, H("0503"))


@pytest.mark.parametrize("name", sorted(asset_cards()))
def test_fixed_mp_every_turn(name):  # ASSET-MOVE-02
    c = asset_card(name)
    assert movement_allowance(c) == c.mp


def test_a_path_beyond_the_fixed_mp_is_refused():  # ASSET-MOVE-02
    assert move(FIVE_TRACKED, "FFFFF", facing=Facing.S).mp == 5
    with pytest.raises(IllegalOrderError, match="needs 6 MP for this path, has 5") as e:
        move(FIVE_TRACKED, "FFFFFF", facing=Facing.S)
    assert rule_of(e) == "ASSET-MOVE-02"


def test_minimum_movement_enters_one_hex_whatever_it_costs():  # ASSET-MOVE-01, tables.md 11.1
    # The 'Mech rules' minimum movement: a 1 MP platoon into light woods (2 MP), a 2 MP tracked asset up
    # a level (1 + 2 MP), each as its whole move.
    assert move(FOOT, "F", board(h0504=Hex(Terrain.LIGHT_WOODS))).mp == 1
    assert move(card("two-tracked", mp=2), "F", board(h0504=Hex(Terrain.CLEAR, level=1))).mp == 2


@pytest.mark.parametrize("steps", ["F F", "R F"])
def test_minimum_movement_is_one_hex_and_no_facing_change(steps):  # ASSET-MOVE-01, ASSET-MOVE-02
    with pytest.raises(IllegalOrderError, match="needs 2 MP for this path, has 1") as e:
        move(card("one-tracked", mp=1), steps)
    assert rule_of(e) == "ASSET-MOVE-02"


def test_facing_changes_cost_one_mp_per_hexside():  # ASSET-MOVE-03
    plan = move(TANK, "R R")
    assert (plan.mp, plan.facing) == (2, Facing.SE)


@pytest.mark.parametrize("c, mode", [(TANK, AssumedMode.RUN), (HOVER, AssumedMode.RUN), (JUMP, AssumedMode.JUMP),
                                     (asset_card("Elemental Battle Armor [MG](Sqd5)"), AssumedMode.JUMP),
                                     (EMPLACEMENT, AssumedMode.IMMOBILE)])
def test_assumed_movement_mode(c, mode):  # ASSET-MOVE-04
    assert assumed_mode(c) is mode


def test_gun_emplacements_cannot_move():  # ASSET-MOVE-04
    with pytest.raises(IllegalOrderError) as e:
        move(EMPLACEMENT, "R")
    assert rule_of(e) == "ASSET-MOVE-04"
    assert move(EMPLACEMENT, "").mp == 0


def test_jump_assets_always_jump():  # ASSET-MOVE-04
    with pytest.raises(IllegalOrderError) as e:
        move(JUMP, "F")
    assert rule_of(e) == "ASSET-MOVE-04"


def test_backward_halves_the_mp_rounding_up():  # ASSET-MOVE-05
    assert movement_allowance(FIVE_TRACKED, backward=True) == 3
    assert move(FIVE_TRACKED, "B B B", backward=True).mp == 3
    with pytest.raises(IllegalOrderError, match="needs 4 MP"):
        move(FIVE_TRACKED, "B B B B", backward=True)


def test_backward_must_be_declared_at_the_start():  # ASSET-MOVE-05
    with pytest.raises(IllegalOrderError) as e:
        move(FIVE_TRACKED, "F B")
    assert rule_of(e) == "ASSET-MOVE-05"


def test_no_level_change_when_moving_backward():  # ASSET-MOVE-05
    with pytest.raises(IllegalOrderError) as e:
        move(FIVE_TRACKED, "B", board(h0506=Hex(level=1)), backward=True)
    assert rule_of(e) == "ASSET-MOVE-05"
    with pytest.raises(IllegalOrderError) as e:  # forward steps of a backward turn neither
        move(FIVE_TRACKED, "F", board(h0504=Hex(level=1)), backward=True)
    assert rule_of(e) == "ASSET-MOVE-05"


def test_wheeled_backward_on_a_road_halves_then_adds_one():  # ASSET-MOVE-05, ASSET-TERR-06, AMB-68
    assert movement_allowance(FIVE_WHEELED, backward=True, on_road=True) == 4
    assert movement_allowance(FIVE_WHEELED, backward=True, on_road=True, road_bonus_first=True) == 3  # alternative
    road = {f"h05{r:02d}": Hex(Terrain.PAVED, road=True) for r in range(1, 21)}
    assert move(FIVE_WHEELED, "BBBB", board(**road), backward=True).allowance == 4


def test_infantry_turns_for_free():  # ASSET-MOVE-06
    assert move(FOOT_3, "R R R").mp == 0
    assert move(FOOT_3, "B").mp == 1  # no facing: no backward declaration


@pytest.mark.parametrize("level, cost", [(1, 3), (-1, 3), (0, 1)])
def test_one_level_per_hex_for_two_mp(level, cost):  # ASSET-MOVE-07
    assert move(TANK, "F", board(h0504=Hex(level=level))).mp == cost


@pytest.mark.parametrize("c", [TANK, HOVER, FOOT_3, MECHANIZED])
def test_two_levels_in_one_hex_are_refused(c):  # ASSET-MOVE-07
    with pytest.raises(IllegalOrderError) as e:
        move(c, "F", board(h0504=Hex(level=2)))
    assert rule_of(e) == "ASSET-MOVE-07"


def test_jump_assets_pay_nothing_for_levels():  # ASSET-MOVE-08
    plan = check_asset_jump(JUMP, board(h0503=Hex(level=2)), START, H("0503"), N, side="red")
    assert (plan.mp, plan.end) == (2, H("0503"))


@pytest.mark.parametrize("to, level, why", [("0501", 0, "needs 4 jump MP"), ("0504", 4, "cannot climb 4 levels")])
def test_jumps_are_limited_by_jump_mp(to, level, why):  # ASSET-MOVE-08
    with pytest.raises(IllegalOrderError, match=why) as e:
        check_asset_jump(JUMP, board(h0504=Hex(level=level)), START, H(to), N, side="red")
    assert rule_of(e) == "ASSET-MOVE-08"


def test_only_jump_assets_jump():  # ASSET-MOVE-08
    with pytest.raises(IllegalOrderError) as e:
        check_asset_jump(TANK, board(), START, H("0504"), N, side="red")
    assert rule_of(e) == "ASSET-MOVE-08"


def test_vtol_pays_one_mp_per_level():  # ASSET-MOVE-09: forward 1 hex and up 5 levels = 6 MP (source example)
    plan = move(VTOL, "F A A A A A", elevation=1)
    assert (plan.mp, plan.elevation) == (6, 6)


def test_vtol_climbs_off_the_ground_before_moving():  # ASSET-MOVE-09, VEH-VTOL-03
    assert move(VTOL, "A F").mp == 2
    with pytest.raises(IllegalOrderError) as e:
        move(VTOL, "F")
    assert rule_of(e) == "VEH-VTOL-03"
    with pytest.raises(IllegalOrderError) as e:
        move(VTOL, "D")
    assert rule_of(e) == "ASSET-MOVE-09"


def test_only_vtols_climb():  # ASSET-MOVE-09
    with pytest.raises(IllegalOrderError) as e:
        move(TANK, "A")
    assert rule_of(e) == "ASSET-MOVE-09"


BUILDING = Hex(Terrain.BUILDING, building=Building())


@pytest.mark.parametrize("c", [TANK, HOVER, WHEELED])
def test_vehicle_assets_cannot_enter_buildings(c):  # ASSET-MOVE-10
    with pytest.raises(IllegalOrderError) as e:
        move(c, "F", board(h0504=BUILDING))
    assert rule_of(e) == "ASSET-MOVE-10"


def test_vtol_flies_over_buildings_as_clear_terrain():  # ASSET-MOVE-10
    assert move(VTOL, "F", board(h0504=BUILDING), elevation=1).mp == 1


def test_infantry_entering_a_building_uses_its_whole_move():  # ASSET-MOVE-11, AMB-66
    plan = move(FOOT_3, "F", board(h0504=BUILDING))
    assert (plan.end, plan.mp_left) == (H("0504"), 0)
    assert move(FOOT, "F", board(h0504=Hex(Terrain.BUILDING, building=Building(height=3)))).mp_left == 0  # 1 MP suffices


def test_infantry_cannot_move_before_entering_a_building():  # ASSET-MOVE-11, AMB-66
    with pytest.raises(IllegalOrderError) as e:
        move(FOOT_3, "F F", board(h0503=BUILDING))
    assert rule_of(e) == "ASSET-MOVE-11"


def test_infantry_leaving_a_building_moves_one_hex_with_all_its_mp():  # ASSET-MOVE-11, AMB-66
    b = board(h0505=BUILDING)
    plan = check_asset_move(FOOT, b, START, N, "F", side="red")
    assert (plan.end, plan.mp, plan.mp_left) == (H("0504"), 1, 0)
    with pytest.raises(IllegalOrderError) as e:
        move(FOOT_3, "F F", b)
    assert rule_of(e) == "ASSET-MOVE-11"


def test_jump_infantry_may_walk_into_a_building_as_its_whole_move():  # ASSET-MOVE-11
    assert move(JUMP, "F", board(h0504=BUILDING)).mp_left == 0


def test_jump_infantry_lands_on_a_roof_it_can_reach():  # ASSET-MOVE-12
    plan = check_asset_jump(JUMP, board(h0504=BUILDING), START, H("0504"), N, side="red")
    assert plan.on_roof and plan.mp == 1
    with pytest.raises(IllegalOrderError) as e:
        check_asset_jump(JUMP, board(h0504=Hex(Terrain.BUILDING, building=Building(height=4))), START, H("0504"), N, side="red")
    assert rule_of(e) == "ASSET-MOVE-12"


def test_assets_never_skid_or_sideslip():  # ASSET-MOVE-13, ASSET-GEN-01
    paved = {f"h05{r:02d}": Hex(Terrain.PAVED) for r in range(1, 21)}
    plan = move(HOVER, "F F F F F F F R", board(**paved), facing=Facing.S)  # full MP, then a turn on pavement
    assert plan.mp == 8  # the checker has no skid or sideslip step; the game path: test_asset_play


def test_bad_steps_and_hexes_off_the_map_are_input_errors():
    with pytest.raises(InputError):
        move(TANK, "F X")
    with pytest.raises(InputError):
        move(TANK, "F", start=H("0501"))


# -- ASSET-TERR --------------------------------------------------------------------------

WATER_1 = Hex(Terrain.WATER, depth=1)
WATER_2 = Hex(Terrain.WATER, depth=2)
TERRAINS = {
    "clear": Hex(),
    "paved": Hex(Terrain.PAVED),
    "rough": Hex(Terrain.ROUGH),
    "rubble": Hex(Terrain.RUBBLE),
    "light_woods": Hex(Terrain.LIGHT_WOODS),
    "heavy_woods": Hex(Terrain.HEAVY_WOODS),
    "water_0": Hex(Terrain.WATER),
    "water_1": WATER_1,
    "water_2": WATER_2,
}
# Source: seed 004 terrain list (ASSET-TERR-03..08) over tables.md 11.1 costs:
# MP to enter each terrain by movement code, or the rule that forbids it.
TERRAIN_TABLE = {
    "F": {"clear": 1, "paved": 1, "rough": 2, "rubble": 2, "light_woods": 2, "heavy_woods": 3, "water_0": 1,
          "water_1": "ASSET-TERR-03", "water_2": "ASSET-TERR-03"},
    "H": {"clear": 1, "paved": 1, "rough": 1, "rubble": 1, "light_woods": "ASSET-TERR-04", "heavy_woods": "ASSET-TERR-04",
          "water_0": 1, "water_1": 1, "water_2": 1},
    "T": {"clear": 1, "paved": 1, "rough": 2, "rubble": 2, "light_woods": 2, "heavy_woods": "ASSET-TERR-05", "water_0": 1,
          "water_1": "ASSET-TERR-08", "water_2": "ASSET-TERR-08"},
    "W": {"clear": 1, "paved": 1, "rough": "ASSET-TERR-06", "rubble": "ASSET-TERR-06", "light_woods": "ASSET-TERR-06",
          "heavy_woods": "ASSET-TERR-06", "water_0": 1, "water_1": "ASSET-TERR-08", "water_2": "ASSET-TERR-08"},
    "V": {name: 1 for name in TERRAINS},
}
CODE_CARDS = {"F": FOOT_3, "H": HOVER, "T": TANK, "W": WHEELED, "V": VTOL}


@pytest.mark.parametrize(
    "code, terrain, expected",
    [(code, terrain, expected) for code, row in TERRAIN_TABLE.items() for terrain, expected in row.items()],
)
def test_terrain_table_by_movement_code(code, terrain, expected):  # ASSET-TERR-02..08
    c = CODE_CARDS[code]
    b = board(h0504=TERRAINS[terrain])
    elevation = 1 if code == "V" else 0  # airborne
    if isinstance(expected, str):
        with pytest.raises(IllegalOrderError) as e:
            move(c, "F", b, elevation=elevation)
        assert rule_of(e) == expected
    else:
        assert move(c, "F", b, elevation=elevation).mp == expected


def test_terrain_never_asks_for_a_psr():  # ASSET-TERR-02: rubble costs its MP and nothing else
    plan = move(TANK, "F", board(h0504=Hex(Terrain.RUBBLE)))
    assert plan.mp == 2
    assert not hasattr(plan, "psr") and not hasattr(plan, "rolls")


def test_jump_infantry_never_lands_in_deep_water():  # ASSET-TERR-03
    with pytest.raises(IllegalOrderError) as e:
        check_asset_jump(JUMP, board(h0504=WATER_1), START, H("0504"), N, side="red")
    assert rule_of(e) == "ASSET-TERR-03"


def test_mechanized_infantry_is_tracked():  # ASSET-TERR-05
    with pytest.raises(IllegalOrderError) as e:
        move(MECHANIZED, "F", board(h0504=Hex(Terrain.HEAVY_WOODS)))
    assert rule_of(e) == "ASSET-TERR-05"
    assert move(MECHANIZED, "F", board(h0504=Hex(Terrain.LIGHT_WOODS))).mp == 2


def test_vtol_treats_every_hex_as_clear():  # ASSET-TERR-07
    assert move(VTOL, "F", board(h0504=Hex(Terrain.HEAVY_WOODS)), elevation=1).mp == 1
    assert move(VTOL, "F", board(h0504=WATER_2), elevation=1).mp == 1


ROAD = {f"h05{r:02d}": Hex(Terrain.PAVED, road=True) for r in range(1, 21)}


def test_wheeled_on_the_road_all_move_gains_one_mp():  # ASSET-TERR-06
    plan = move(FIVE_WHEELED, "FFFFFF", board(**ROAD), facing=Facing.S)
    assert (plan.mp, plan.allowance, plan.road_bonus) == (6, 6, True)


def test_wheeled_leaving_the_road_once_loses_the_bonus():  # ASSET-TERR-06
    roads = {**ROAD, "h0507": Hex()}
    with pytest.raises(IllegalOrderError, match="has 5"):
        move(FIVE_WHEELED, "FFFFFF", board(**roads), facing=Facing.S)
    assert move(FIVE_WHEELED, "FFFFF", board(**roads), facing=Facing.S).allowance == 5


def test_a_road_through_woods_carries_a_wheeled_asset():  # ASSET-TERR-06 with tables.md 11.1 roads
    roads = {**ROAD, "h0504": Hex(Terrain.LIGHT_WOODS, road=True)}
    assert move(FIVE_WHEELED, "F", board(**roads)).mp == 1


# -- ASSET-STACK -------------------------------------------------------------------------

RED_TANK = Occupant("red", AssetKind.VEHICLE)
RED_MECH = Occupant("red", NonAsset.MECH)
BLUE_MECH = Occupant("blue", NonAsset.MECH)
BLUE_TANK = Occupant("blue", AssetKind.VEHICLE)
RED_INF = Occupant("red", AssetKind.CONVENTIONAL_INFANTRY)
BLUE_INF = Occupant("blue", AssetKind.BATTLE_ARMOR)
HERE = H("0504")


def test_two_friendly_assets_or_one_asset_and_a_mech():  # ASSET-STACK-01
    check_stacking(HERE, RED_TANK, [RED_TANK])
    check_stacking(HERE, RED_TANK, [RED_MECH])
    check_stacking(HERE, RED_MECH, [RED_TANK])
    for mover, present in [(RED_TANK, [RED_TANK, RED_MECH]), (RED_MECH, [RED_TANK, RED_TANK]), (RED_TANK, [RED_TANK, RED_TANK])]:
        with pytest.raises(IllegalOrderError) as e:
            check_stacking(HERE, mover, present)
        assert rule_of(e) == "ASSET-STACK-01"


def test_the_stacking_limit_applies_to_asset_moves():  # ASSET-STACK-01
    with pytest.raises(IllegalOrderError) as e:
        move(TANK, "F", occupants={HERE: [RED_TANK, RED_MECH]})
    assert rule_of(e) == "ASSET-STACK-01"
    assert move(TANK, "F", occupants={HERE: [RED_MECH]}).end == HERE


def test_anyone_moves_through_assets_but_ends_under_the_standard_rule():  # ASSET-STACK-02
    assert may_pass_through(BLUE_MECH, [RED_TANK, RED_TANK])
    assert not may_pass_through(RED_TANK, [BLUE_MECH])
    with pytest.raises(IllegalOrderError) as e:
        check_stacking(HERE, BLUE_MECH, [RED_TANK])
    assert rule_of(e) == "ASSET-STACK-02"


def test_assets_move_through_enemy_assets_not_enemy_mechs():  # ASSET-STACK-02
    assert move(TANK, "F F", occupants={HERE: [BLUE_TANK]}).end == H("0503")
    with pytest.raises(IllegalOrderError) as e:
        move(TANK, "F F", occupants={HERE: [BLUE_MECH]})
    assert rule_of(e) == "ASSET-STACK-02"


def test_infantry_assets_ignore_enemy_infantry_assets():  # ASSET-STACK-03
    check_stacking(HERE, RED_INF, [RED_INF, BLUE_INF, BLUE_INF])
    with pytest.raises(IllegalOrderError) as e:
        check_stacking(HERE, RED_INF, [RED_INF, RED_INF, BLUE_INF, BLUE_INF])
    assert rule_of(e) == "ASSET-STACK-01"
    with pytest.raises(IllegalOrderError) as e:  # but not enemy vehicles
        check_stacking(HERE, RED_INF, [BLUE_TANK])
    assert rule_of(e) == "ASSET-STACK-02"


# -- ASSET-MULTI -------------------------------------------------------------------------


def test_a_multi_hex_asset_moves_by_its_primary_hex():  # ASSET-MULTI-01
    # Turning in 0505 swings the second element through heavy woods; only the primary path counts.
    swing = START.neighbor(Facing.SW)
    plan = move(LONG_TOM, "R F", board(**{f"h{swing.label}": Hex(Terrain.HEAVY_WOODS)}))
    assert plan.end == START.neighbor(Facing.NE)
    assert plan.occupied == (plan.end, START)


def test_a_multi_hex_asset_ends_on_legal_hexes_at_one_level():  # ASSET-MULTI-02
    # Turning once to the right swings the second element into the hex south-west of 0505.
    swing = f"h{START.neighbor(Facing.SW).label}"
    assert move(LONG_TOM, "R").occupied == (START, START.neighbor(Facing.SW))
    for hex_ in (Hex(level=1), Hex(Terrain.HEAVY_WOODS), WATER_1):
        with pytest.raises(IllegalOrderError) as e:
            move(LONG_TOM, "R", board(**{swing: hex_}))
        assert rule_of(e) == "ASSET-MULTI-02"


def test_secondary_hexes_count_for_stacking():  # ASSET-MULTI-03
    behind = START.neighbor(Facing.S)
    assert LONG_TOM.occupied_hexes(START, N)[1] == behind
    tom_element = Occupant("red", AssetKind.VEHICLE)
    with pytest.raises(IllegalOrderError) as e:  # 'Mech + the Long Tom's element + one more asset
        check_stacking(behind, RED_TANK, [RED_MECH, tom_element])
    assert rule_of(e) == "ASSET-STACK-01"
    with pytest.raises(IllegalOrderError) as e:  # the Long Tom itself may not end with its element there
        move(LONG_TOM, "R L", occupants={behind: [RED_MECH, RED_TANK]})
    assert rule_of(e) == "ASSET-STACK-01"
