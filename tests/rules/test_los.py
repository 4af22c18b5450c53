"""Tests for line of sight and partial cover (btcli.rules.core.los).

Unless a test says otherwise the attacker, a Hunchback, stands in 0505 and the
target, an Atlas, in 0508: the line runs straight down column 05, so 0506 and
0507 are the intervening hexes and 0507 the one adjacent to the target. Both
'Mechs stand on level 0, so their tops are at level 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli.model.hexgrid import HexId, hex_lines
from btcli.model.state import GameState
from btcli.rules.core import los, tohit
from btcli.rules.urban import building_attacks
from tests.builders import changed, design, weapon_game

H = HexId.parse

HUNCHBACK = "Hunchback HBK-4G"
ATLAS = "Atlas AS7-D"
SCORPION = "Scorpion Light Tank"
MANTICORE = "Manticore Heavy Tank"


def make_state(
    attacker: str = HUNCHBACK,
    target: str = ATLAS,
    *,
    at: str = "0505",
    to: str = "0508",
    hexes: dict[str, dict[str, Any]] | None = None,
) -> GameState:
    """Returns a weapon-phase game on a clear 12 x 12 map: 'a' (red) at ``at`` facing S, 't' (blue) at ``to``."""
    return weapon_game(design(attacker, "a", at, "S"), design(target, "t", to, "N", "blue"), hexes=hexes)


def sight(state: GameState) -> los.Sight:
    return los.line_of_sight(state.board, state.units["a"], state.units["t"])


LIGHT = {"terrain": "light_woods"}
HEAVY = {"terrain": "heavy_woods"}


# -- blocking by ground and buildings -------------------------------------------------------------


def test_clear_ground_gives_clear_line_of_sight():
    # tables.md 6.4: nothing intervening, no modifier.
    s = sight(make_state())
    assert (s.blocked, s.woods, s.partial_cover) == (False, 0, False)
    assert s.hexes == (H("0505"), H("0506"), H("0507"), H("0508"))


def test_level_2_hill_between_ground_mechs_blocks():
    # TW LOS: an intervening hex as high as the higher unit's top (two 2-level 'Mechs on level 0) blocks.
    s = sight(make_state(hexes={"0506": {"level": 2}}))
    assert s.blocked
    assert "0506" in s.reason


def test_level_1_hill_between_ground_mechs_does_not_block():
    # TW LOS: a level-1 hill is lower than a standing 'Mech's top (level 2); not adjacent to the
    # target, so no partial cover either.
    s = sight(make_state(hexes={"0506": {"level": 1}}))
    assert (s.blocked, s.woods, s.partial_cover) == (False, 0, False)


def test_level_1_hill_between_vehicles_blocks():
    # VEH-GEN-05: a vehicle is 1 level tall, so a level-1 hill reaches both tops and blocks.
    s = sight(make_state(SCORPION, MANTICORE, hexes={"0506": {"level": 1}}))
    assert s.blocked


def test_attacker_on_a_hill_sees_over_a_level_2_hill():
    # TW LOS: the higher unit's top (level 3 + 2 = 5) is above the level-2 hill.
    s = sight(make_state(hexes={"0505": {"level": 3}, "0506": {"level": 2}}))
    assert not s.blocked


@pytest.mark.parametrize("height, blocked", [(1, False), (2, True), (3, True)])
def test_building_as_tall_as_the_higher_unit_blocks(height, blocked):
    # TW LOS: an intervening building whose top (hex level + height) reaches the higher unit's top blocks.
    s = sight(make_state(hexes={"0506": {"terrain": "building", "building": {"type": "medium", "height": height}}}))
    assert s.blocked is blocked


# -- woods ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hexes, woods, blocked",
    [
        pytest.param({"0506": LIGHT}, 1, False, id="one-light"),
        pytest.param({"0506": HEAVY}, 2, False, id="one-heavy"),
        pytest.param({"0506": LIGHT, "0507": LIGHT}, 2, False, id="two-light"),
        pytest.param({"0506": LIGHT, "0507": HEAVY}, 3, True, id="light-and-heavy"),
        pytest.param({"0506": HEAVY, "0507": HEAVY}, 4, True, id="two-heavy"),
    ],
)
def test_intervening_woods_points(hexes, woods, blocked):
    # tables.md 6.4: each intervening light woods hex +1, heavy +2; 3 or more points block
    # (threshold UNVERIFIED, memory).
    s = sight(make_state(hexes=hexes))
    assert (s.woods, s.blocked) == (woods, blocked)


def test_three_light_woods_hexes_block():
    # tables.md 6.4 (UNVERIFIED threshold): three light woods = 3 points = blocked.
    s = sight(make_state(to="0509", hexes={"0506": LIGHT, "0507": LIGHT, "0508": LIGHT}))
    assert (s.woods, s.blocked) == (3, True)


@pytest.mark.parametrize("where", ["0505", "0508"], ids=["attacker-hex", "target-hex"])
def test_woods_in_own_hex_never_intervene(where):
    # tables.md 6.4: intervening terrain never includes the attacker's or target's own hex.
    s = sight(make_state(hexes={where: HEAVY}))
    assert (s.woods, s.blocked) == (0, False)


def test_heavy_woods_in_both_end_hexes_do_not_block():
    # tables.md 6.4: 4 points of woods, all in the two units' own hexes, are not intervening.
    s = sight(make_state(hexes={"0505": HEAVY, "0508": HEAVY}))
    assert (s.woods, s.blocked) == (0, False)


def test_woods_below_both_units_do_not_count():
    # TW LOS (module model): woods (2 levels) at level 0 are below the line between two 'Mechs on
    # level-3 hills (tops at 5).
    s = sight(make_state(hexes={"0505": {"level": 3}, "0508": {"level": 3}, "0506": HEAVY, "0507": LIGHT}))
    assert (s.woods, s.blocked) == (0, False)


# -- terrain adjacent to the attacker or the target (TW p.99-103) ----------------------------------
# TW p.99-103 (as remembered, UNVERIFIED; BMR p.26 and MegaMek's LosEffects agree): an intervening hex
# adjacent to the attacker or the target counts when its terrain reaches that unit's own top, even if
# the other unit stands higher. A hill 0505..0508 below means: 0506 is beside the attacker, 0507 beside
# the target.


@pytest.mark.parametrize("attacker, target", [("a", "t"), ("t", "a")], ids=["low-fires-up", "high-fires-down"])
def test_woods_beside_a_low_unit_count_against_a_shot_at_a_hill(attacker, target):
    # TW p.99-103: a 'Mech on level 0 (top 2) beside light woods (top 2) fires at a 'Mech on a level-2
    # hill (top 4); the woods are below the higher top but reach the adjacent unit's: +1, both ways.
    state = make_state(hexes={"0506": LIGHT, "0508": {"level": 2}})
    s = los.line_of_sight(state.board, state.units[attacker], state.units[target])
    assert (s.blocked, s.woods, s.partial_cover) == (False, 1, False)


@pytest.mark.parametrize("woods_hex, woods", [("0507", 2), ("0506", 0)], ids=["beside-target", "mid-line"])
def test_woods_beside_a_target_in_a_valley_count(woods_hex, woods):
    # TW p.99-103: a 'Mech on a level-3 ridge (top 5) fires at a 'Mech on level 0 (top 2) three hexes on;
    # heavy woods beside the target reach its top and count +2; the same woods in the middle of the line,
    # adjacent to neither unit, are below the higher top and do not.
    state = make_state(at="0504", hexes={"0504": {"level": 3}, woods_hex: HEAVY})
    s = sight(state)
    assert (s.blocked, s.woods) == (False, woods)


def test_woods_adjacent_to_both_units_count_against_the_lower():
    # TW p.99-103: at range 2 the one intervening hex is beside both; light woods reach the low target's
    # top (2) though not the ridge attacker's (5): +1.
    s = sight(make_state(to="0507", hexes={"0505": {"level": 3}, "0506": LIGHT}))
    assert (s.blocked, s.woods) == (False, 1)


@pytest.mark.parametrize(
    "terrain, reason",
    [
        pytest.param({"level": 2}, "level 2 ground at 0506", id="level-2-hill"),
        pytest.param({"terrain": "building", "building": {"type": "medium", "height": 2}}, "building at 0506",
                     id="2-level-building"),
        pytest.param({"level": 1}, "", id="level-1-rise"),
    ],
)
def test_hill_beside_a_low_attacker_blocks_a_shot_at_a_higher_target(terrain, reason):
    # TW p.99-103: a 'Mech on level 0 (top 2) beside a level-2 hill or 2-level building fires at a 'Mech on
    # a level-3 hill (top 5): the hill is below the target but reaches the attacker's top, so it blocks; a
    # level-1 rise does not reach it.
    s = sight(make_state(hexes={"0506": terrain, "0508": {"level": 3}}))
    assert (s.blocked, s.reason) == (bool(reason), reason)


def test_hill_beside_a_target_in_a_valley_blocks_a_shot_from_a_ridge():
    # TW p.99-103: a level-2 hill beside a 'Mech on level 0 hides it from a 'Mech on a level-3 ridge, whose
    # top (5) the hill does not reach.
    s = sight(make_state(hexes={"0505": {"level": 3}, "0507": {"level": 2}}))
    assert (s.blocked, s.reason) == (True, "level 2 ground at 0507")


def test_hill_beside_a_low_attacker_blocks_a_shot_at_a_tall_building():
    # TW p.99-103 for a building hex target (sight_to_hex): a level-2 hill beside a 'Mech on level 0 blocks
    # its shot at a 4-level building whose top the hill does not reach.
    state = make_state(hexes={"0506": {"level": 2}, "0508": {"terrain": "building", "building": {"height": 4}}})
    s = los.sight_to_hex(state.board, state.units["a"], H("0508"), 4)
    assert (s.blocked, s.reason) == (True, "level 2 ground at 0506")


@pytest.mark.parametrize("bank, blocked", [(0, False), (1, True)])
def test_bank_beside_a_bridge_hides_it_only_above_its_deck(bank, blocked):
    # TW p.99-103 for a bridge hex target: the deck (level 0) is seen as one level on it, like a vehicle
    # there (building_attacks.structure_top; MegaMek's reading), so from a level-3 ridge a bank at the deck's
    # level beside it does not hide it and a level-1 bank does.
    state = make_state(at="0504", hexes={"0504": {"level": 3}, "0506": {"level": bank},
                                         "0507": {"terrain": "water", "depth": 1, "bridge": {"level": 0}}})
    top = building_attacks.structure_top(state.board, H("0507"))
    assert top == 1
    assert los.sight_to_hex(state.board, state.units["a"], H("0507"), top).blocked is blocked


@pytest.mark.parametrize("hill_hex", ["0604", "0605"])
def test_hexside_line_hill_beside_a_low_attacker_blocks_on_either_side(hill_hex):
    # TW p.99-103 + docs/hexes.md: 0505 -> 0905 runs along hexsides (0604/0605, then 0804/0805); a level-2
    # hill beside the level-0 attacker on either side blocks its shot at a 'Mech on a level-3 hill, the
    # defender choosing that side.
    s = sight(make_state(at="0505", to="0905", hexes={hill_hex: {"level": 2}, "0905": {"level": 3}}))
    assert (s.blocked, s.reason) == (True, f"level 2 ground at {hill_hex}")


@pytest.mark.parametrize("light_hex, heavy_hex", [("0804", "0805"), ("0805", "0804")])
def test_hexside_line_beside_a_target_in_a_valley_takes_the_worse_woods(light_hex, heavy_hex):
    # TW p.99-103 + docs/hexes.md: from a level-3 ridge at 0505 to a 'Mech on level 0 at 0905 the line
    # splits over 0804/0805 beside the target; light woods on one side, heavy on the other both count
    # (beside the target) and the defender chooses the heavy side: +2, on the line through it.
    s = sight(make_state(at="0505", to="0905", hexes={"0505": {"level": 3}, light_hex: LIGHT, heavy_hex: HEAVY}))
    assert (s.blocked, s.woods) == (False, 2)
    assert H(heavy_hex) in s.hexes


# -- lines along a hexside: the defender's choice (docs/hexes.md) ---------------------------------


def test_line_between_0505_and_0705_runs_along_a_hexside():
    # docs/hexes.md: 0705 lies on a hexside direction from 0505; the line splits over 0604/0605.
    left, right = hex_lines(H("0505"), H("0705"))
    assert {left[1], right[1]} == {H("0604"), H("0605")}


@pytest.mark.parametrize("woods_hex", ["0604", "0605"])
@pytest.mark.parametrize("attacker_hex, target_hex", [("0505", "0705"), ("0705", "0505")])
def test_hexside_line_counts_woods_on_either_side(woods_hex, attacker_hex, target_hex):
    # docs/hexes.md: along a hexside the defender chooses the line, so the woods count whichever
    # side of the hexside they stand on, and whichever way the line is drawn.
    s = sight(make_state(at=attacker_hex, to=target_hex, hexes={woods_hex: LIGHT}))
    assert (s.woods, s.blocked) == (1, False)
    assert H(woods_hex) in s.hexes


@pytest.mark.parametrize("hill_hex, woods_hex", [("0604", "0605"), ("0605", "0604")])
def test_hexside_line_blocked_on_one_side_is_blocked(hill_hex, woods_hex):
    # docs/hexes.md: a block on either side of the hexside is the defender's choice.
    s = sight(make_state(at="0505", to="0705", hexes={hill_hex: {"level": 2}, woods_hex: LIGHT}))
    assert s.blocked


def test_hexside_line_gives_partial_cover_from_either_side():
    # docs/hexes.md + tables.md 6.4: the defender chooses the hexside line, so a level-1 rise
    # adjacent to the target on either side of the hexside (0604 or 0605) gives partial cover.
    covered = {
        rise: sight(make_state(at="0705", to="0505", hexes={rise: {"level": 1}})).partial_cover
        for rise in ("0604", "0605")
    }
    assert covered == {"0604": True, "0605": True}


# -- partial cover (tables.md 6.4) ------------------------------------------------------------------


def test_level_1_rise_adjacent_to_target_gives_partial_cover():
    # tables.md 6.4: a 'Mech behind a one-level rise adjacent to it has partial cover.
    s = sight(make_state(hexes={"0507": {"level": 1}}))
    assert (s.blocked, s.partial_cover) == (False, True)


def test_level_1_building_adjacent_to_target_gives_partial_cover():
    # tables.md 6.4: a building shoulder one level above the target's hex acts like a rise.
    s = sight(make_state(hexes={"0507": {"terrain": "building", "building": {"height": 1}}}))
    assert (s.blocked, s.partial_cover) == (False, True)


def test_level_1_rise_adjacent_to_the_attacker_gives_no_cover():
    # tables.md 6.4: only a rise adjacent to the target gives the target partial cover.
    assert not sight(make_state(hexes={"0506": {"level": 1}})).partial_cover


def test_attacker_firing_downhill_negates_partial_cover():
    # TW p.102: an attacker whose top is above the target 'Mech's top negates partial cover.
    s = sight(make_state(hexes={"0505": {"level": 1}, "0507": {"level": 1}}))
    assert (s.blocked, s.partial_cover) == (False, False)


def test_vehicle_target_gets_no_partial_cover():
    # tables.md 6.4: partial cover is a 'Mech rule. A 'Mech fires over the rise (its top is level 2),
    # and the vehicle behind it gets no partial cover.
    s = sight(make_state(HUNCHBACK, SCORPION, hexes={"0507": {"level": 1}}))
    assert not s.partial_cover


def test_prone_mech_gets_no_partial_cover():
    # tables.md 6.4 / TW p.109: partial cover applies only to standing 'Mechs.
    state = make_state(hexes={"0507": {"level": 1}})
    state = state.with_unit(changed(state.units["t"], prone=True))
    assert not sight(state).partial_cover


def test_mech_in_depth_1_water_has_partial_cover():
    # tables.md 6.4: a 'Mech standing in depth-1 water has partial cover (+1).
    s = sight(make_state(hexes={"0508": {"terrain": "water", "depth": 1}}))
    assert (s.blocked, s.partial_cover) == (False, True)


def test_mech_in_depth_1_water_stands_on_the_bottom():
    # Module model: a 'Mech in water stands on the bottom, so its top is surface - depth + 2.
    state = make_state(hexes={"0508": {"terrain": "water", "depth": 1}})
    assert los.unit_top(state.board, state.units["t"]) == 1


def test_partial_cover_adds_one_to_hit():
    # tables.md 6.4: partial cover +1 to hit.
    state = make_state(hexes={"0507": {"level": 1}})
    a, t = state.units["a"], state.units["t"]
    index = next(i for i, m in enumerate(a.weapons) if m.weapon == "Medium Laser" and m.location == "LA")
    result = tohit.weapon_to_hit(state, a, index, t, None, 0)
    assert ("partial cover", 1) in result.modifiers
