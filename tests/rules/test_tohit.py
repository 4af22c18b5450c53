"""Tests for weapon to-hit numbers (btcli.rules.core.tohit).

Every state is a weapon-phase game on a clear 12 x 24 map with an attacker 'a'
(red) and a target 't' (blue). Unless a test says otherwise the attacker is a
Hunchback in 0502 facing S, firing its left-arm Medium Laser (range 3/6/9) at an
Atlas straight down column 05, gunnery 4, neither unit has moved.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.model.units import MoveMode
from btcli.rules.core import tohit
from tests.builders import design, put, weapon_game

H = HexId.parse

HUNCHBACK = "Hunchback HBK-4G"  # AC/20 RT, Medium Laser LA, Medium Laser RA, Small Laser HD
ATLAS = "Atlas AS7-D"
MANTICORE = "Manticore Heavy Tank"  # PPC, LRM-10, SRM-6 (turret); Medium Laser (front)
SCORPION = "Scorpion Light Tank"


def make_state(
    attacker: str = HUNCHBACK,
    target: str = ATLAS,
    *,
    distance: int = 2,
    at: str = "0502",
    to: str | None = None,
    facing: str = "S",
    hexes: dict[str, dict[str, Any]] | None = None,
) -> GameState:
    """Returns a weapon-phase game; the target stands ``distance`` hexes south of ``at`` unless ``to`` is given."""
    start = H(at)
    target_hex = H(to) if to else HexId(start.col, start.row + distance)
    return weapon_game(design(attacker, "a", at, facing), design(target, "t", target_hex.label, "N", "blue"),
                       height=24, hexes=hexes)


def mount_index(state: GameState, weapon: str, location: str | None = None) -> int:
    unit = state.units["a"]
    return next(i for i, m in enumerate(unit.weapons) if m.weapon == weapon and location in (None, m.location))


def to_hit(
    state: GameState, weapon: str = "Medium Laser", location: str | None = "LA", primary: str | None = None, twist: int = 0
) -> tohit.ToHit:
    return tohit.weapon_to_hit(
        state, state.units["a"], mount_index(state, weapon, location), state.units["t"], primary, twist
    )


def modifier(result: tohit.ToHit, prefix: str) -> int | None:
    """Returns the value of the one modifier whose name starts with ``prefix``, or None."""
    found = [value for name, value in result.modifiers if name.startswith(prefix)]
    assert len(found) <= 1, result.modifiers
    return found[0] if found else None


# -- tables.md 6.1: range -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "distance, bracket, mod",
    [(1, "short", 0), (2, "short", 0), (3, "short", 0), (4, "medium", 2), (6, "medium", 2), (7, "long", 4), (9, "long", 4)],
)
def test_medium_laser_range_brackets(distance, bracket, mod):
    # tables.md 6.1 (short +0, medium +2, long +4) with tables.md 12 Medium Laser 3/6/9.
    result = to_hit(make_state(distance=distance))
    assert result.modifiers == (("gunnery", 4), (f"{bracket} range ({distance} hex{'es' if distance != 1 else ''})", mod))
    assert result.target == 4 + mod


def test_medium_laser_beyond_long_range_is_impossible():
    # tables.md 6.1: beyond long range (9 for a Medium Laser) no attack can be made.
    result = to_hit(make_state(distance=10))
    assert result.impossible == "'t' is 10 hexes away, beyond Medium Laser's long range 9"
    assert result.rule == "tables.md 6.1"


@pytest.mark.parametrize(
    "distance, mods",
    [
        (1, [("short range (1 hex)", 0), ("minimum range 6", 6)]),
        (2, [("short range (2 hexes)", 0), ("minimum range 6", 5)]),
        (5, [("short range (5 hexes)", 0), ("minimum range 6", 2)]),
        (6, [("short range (6 hexes)", 0), ("minimum range 6", 1)]),
        (7, [("short range (7 hexes)", 0)]),
        (8, [("medium range (8 hexes)", 2)]),
        (14, [("medium range (14 hexes)", 2)]),
        (15, [("long range (15 hexes)", 4)]),
        (21, [("long range (21 hexes)", 4)]),
    ],
)
def test_lrm10_range_and_minimum_range(distance, mods):
    # tables.md 6.1: inside minimum range add (minimum - distance + 1) on top of the bracket;
    # tables.md 12 LRM-10: minimum 6, 7/14/21. At 2 hexes: +5.
    state = make_state(MANTICORE, distance=distance)
    result = to_hit(state, "LRM-10", "turret")
    assert result.modifiers == (("gunnery", 4), *mods)


def test_lrm10_beyond_long_range_is_impossible():
    # tables.md 6.1, 12: LRM-10 long range ends at 21.
    assert "beyond LRM-10's long range 21" in to_hit(make_state(MANTICORE, distance=22), "LRM-10", "turret").impossible


# -- tables.md 6.2: attacker movement -----------------------------------------------------------


@pytest.mark.parametrize(
    "mode, mod",
    [(MoveMode.NONE, None), (MoveMode.STAND, None), (MoveMode.WALK, 1), (MoveMode.RUN, 2), (MoveMode.JUMP, 3)],
)
def test_mech_attacker_movement_modifier(mode, mod):
    # tables.md 6.2: stationary +0, walked +1, ran +2, jumped +3.
    result = to_hit(put(make_state(), "a", mode=mode))
    assert modifier(result, "attacker") == mod
    assert result.target == 4 + (mod or 0)


@pytest.mark.parametrize("mode, mod", [(MoveMode.STAND, None), (MoveMode.CRUISE, 1), (MoveMode.FLANK, 2)])
def test_vehicle_attacker_movement_modifier(mode, mod):
    # tables.md 6.2, VEH-ATK-01: vehicles use the standard modifiers; cruised +1, flanked +2.
    result = to_hit(put(make_state(MANTICORE), "a", mode=mode), "Medium Laser", "front")
    assert modifier(result, "attacker") == mod


def test_prone_attacker_adds_two():
    # tables.md 6.2: a prone 'Mech firing +2.
    assert modifier(to_hit(put(make_state(), "a", prone=True)), "attacker prone") == 2


# -- tables.md 6.3: target movement ----------------------------------------------------------------

LADDER = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3), (10, 4), (17, 4), (18, 5), (24, 5),
          (25, 6), (40, 6)]


@pytest.mark.parametrize("hexes, mod", LADDER)
def test_target_movement_modifier_ladder(hexes, mod):
    # tables.md 6.3: 0-2 +0, 3-4 +1, 5-6 +2, 7-9 +3, 10-17 +4, 18-24 +5, 25+ +6.
    assert tohit.target_movement_modifier(hexes) == mod


@pytest.mark.parametrize("hexes, mod", LADDER)
def test_target_movement_modifier_in_to_hit(hexes, mod):
    # tables.md 6.3: the ladder enters the to-hit number as "target moved N hexes" (none at +0).
    result = to_hit(put(make_state(), "t", mode=MoveMode.RUN, hexes_moved=hexes))
    assert modifier(result, "target moved") == (mod or None)
    assert result.target == 4 + mod


def test_target_that_jumped_adds_one_more():
    # tables.md 6.3: jumped this turn +1 in addition to hexes moved (4 hexes: +1).
    result = to_hit(put(make_state(), "t", mode=MoveMode.JUMP, hexes_moved=4))
    assert modifier(result, "target moved") == 1
    assert modifier(result, "target jumped") == 1
    assert result.target == 6


@pytest.mark.parametrize("changes", [{"shutdown": True}, {"conscious": False}], ids=["shutdown", "unconscious"])
def test_immobile_target_subtracts_four(changes):
    # tables.md 6.3: immobile (shut down, unconscious crew) -4.
    result = to_hit(put(make_state(), "t", **changes))
    assert modifier(result, "target immobile") == -4
    assert result.target == 0


@pytest.mark.parametrize("distance, name, mod", [(1, "target prone, adjacent", -2), (2, "target prone", 1)])
def test_prone_target_modifier(distance, name, mod):
    # tables.md 6.3: prone target, attacker adjacent -2; not adjacent +1.
    result = to_hit(put(make_state(distance=distance), "t", prone=True))
    assert (name, mod) in result.modifiers
    assert result.target == 4 + mod


# -- tables.md 6.4: terrain ----------------------------------------------------------------------


@pytest.mark.parametrize("terrain, name, mod", [("light_woods", "target in light woods", 1),
                                                ("heavy_woods", "target in heavy woods", 2)])
def test_target_in_woods(terrain, name, mod):
    # tables.md 6.4: target in light woods +1, heavy woods +2 (its own hex never intervenes).
    result = to_hit(make_state(hexes={"0504": {"terrain": terrain}}))
    assert (name, mod) in result.modifiers
    assert modifier(result, "intervening woods") is None
    assert result.target == 4 + mod


def test_intervening_woods_add_their_points():
    # tables.md 6.4: each intervening light woods hex +1.
    result = to_hit(make_state(hexes={"0503": {"terrain": "light_woods"}}))
    assert modifier(result, "intervening woods") == 1


def test_blocked_line_of_sight_is_impossible():
    # tables.md 6.4: no attack without line of sight.
    result = to_hit(make_state(hexes={"0503": {"level": 2}}))
    assert result.impossible.startswith("no line of sight to 't'")
    assert result.rule == "tables.md 6.4"


# -- tables.md 6.5: multiple targets, heat, damage ------------------------------------------------


def test_secondary_target_in_front_arc_adds_one():
    # tables.md 6.5, VEH-ATK-01: secondary target in the front arc +1.
    result = to_hit(make_state(), primary="someone-else")
    assert ("secondary target, front arc", 1) in result.modifiers


def test_secondary_target_in_another_arc_adds_two():
    # tables.md 6.5: secondary target in any other arc +2. The Hunchback faces S; the target west of
    # it at 90 degrees to its right lies in the right arm arc but not the front arc.
    state = make_state(at="0505", to="0305")
    result = to_hit(state, "Medium Laser", "RA", primary="someone-else")
    assert ("secondary target", 2) in result.modifiers


def test_primary_target_takes_no_secondary_modifier():
    # tables.md 6.5: the primary target is not a secondary target.
    assert modifier(to_hit(make_state(), primary="t"), "secondary") is None


def test_turret_arc_counts_as_front_arc_for_secondary_target():
    # VEH-ATK-06: with the turret turned right, a secondary target in the turret arc (but outside the
    # vehicle's front arc) gets the front-arc +1, not +2.
    state = make_state(MANTICORE, at="0505", to="0706", facing="N")
    result = to_hit(state, "PPC", "turret", primary="someone-else", twist=1)
    assert not result.impossible
    assert ("secondary target, front arc", 1) in result.modifiers


@pytest.mark.parametrize(
    "heat, mod", [(0, None), (7, None), (8, 1), (12, 1), (13, 2), (16, 2), (17, 3), (23, 3), (24, 4), (29, 4)]
)
def test_attacker_heat_modifier(heat, mod):
    # tables.md 6.5 / 15 (UNVERIFIED): heat 8-12 +1, 13-16 +2, 17-23 +3, 24+ +4.
    assert modifier(to_hit(put(make_state(), "a", heat=heat)), "heat") == mod


def test_vehicle_attacker_takes_no_heat_modifier():
    # VEH-HEAT-01: vehicles track no heat (heat is a 'Mech's or a fighter's own), so no heat modifier.
    result = to_hit(make_state(MANTICORE), "Medium Laser", "front")
    assert modifier(result, "heat") is None


def test_first_sensor_hit_adds_two():
    # tables.md 6.5: 'Mech sensor hit (1st) +2 (head slot 2 holds sensors).
    assert modifier(to_hit(put(make_state(), "a", crits=("HD:1",))), "sensor hit") == 2


def test_second_sensor_hit_prevents_firing():
    # tables.md 6.5: the 2nd sensor hit: cannot fire.
    result = to_hit(put(make_state(), "a", crits=("HD:1", "HD:4")))
    assert result.impossible == "'a' has lost both sensors"


@pytest.mark.parametrize(
    "crits, mods",
    [
        (("RA:0",), [("shoulder actuator destroyed", 4)]),
        (("RA:0", "RA:1"), [("shoulder actuator destroyed", 4)]),
        (("RA:1",), [("upper arm actuator destroyed", 1)]),
        (("RA:2",), [("lower arm actuator destroyed", 1)]),
        (("RA:1", "RA:2"), [("upper arm actuator destroyed", 1), ("lower arm actuator destroyed", 1)]),
        (("RA:3",), []),  # hand actuator: no weapon attack modifier
        (("LA:0",), []),  # the other arm's shoulder does not matter
    ],
)
def test_arm_actuator_damage(crits, mods):
    # tables.md 6.5: shoulder destroyed +4 for weapons in that arm; upper/lower arm actuator +1 each.
    result = to_hit(put(make_state(), "a", crits=crits), "Medium Laser", "RA")
    assert [m for m in result.modifiers if "actuator" in m[0]] == mods


# -- impossible attacks ----------------------------------------------------------------------------


def test_target_outside_the_weapon_arc_is_impossible():
    # Firing arcs / VEH-ATK-03: a front-arc Medium Laser cannot fire at a target behind the unit.
    state = make_state(MANTICORE, at="0505", to="0503", facing="S")
    result = to_hit(state, "Medium Laser", "front")
    assert result.impossible == "'t' is outside the front arc of Medium Laser@front"
    assert result.rule == "VEH-ATK-03"


def test_shut_down_attacker_cannot_fire():
    # tables.md 15: a shut-down 'Mech makes no attacks.
    assert "shut down" in to_hit(put(make_state(), "a", shutdown=True)).impossible


# -- worked examples and odds -----------------------------------------------------------------------


def test_vehicle_gunnery_4_medium_range_target_moved_3_needs_7():
    # VEH-ATK-01 test: gunnery 4, medium range (+2), target moved 3 hexes (+1) -> TN 7.
    state = put(make_state(MANTICORE, distance=5), "t", mode=MoveMode.WALK, hexes_moved=3)
    result = to_hit(state, "Medium Laser", "front")
    assert result.modifiers == (("gunnery", 4), ("medium range (5 hexes)", 2), ("target moved 3 hexes", 1))
    assert result.target == 7


@pytest.mark.parametrize("target, expected", [(-3, 1.0), (0, 1.0), (2, 1.0), (3, 35 / 36), (7, 21 / 36), (8, 15 / 36),
                                              (11, 3 / 36), (12, 1 / 36), (13, 0.0), (20, 0.0)])
def test_odds_of_2d6(target, expected):
    # tables.md conventions: 2D6 >= TN succeeds; TN 2 or less always, 13+ never.
    assert tohit.odds(target) == expected


def test_turret_facing_rear_can_fire_into_rear_arc_only():
    # VEH-ATK-05 test: vehicle faces N, turret faces S (offset 3): a turret weapon reaches a target in
    # the vehicle's rear arc, not one in its front arc.
    behind = make_state(SCORPION, at="0505", to="0508", facing="N")
    ahead = make_state(SCORPION, at="0505", to="0502", facing="N")
    assert not to_hit(behind, "AC/5", "turret", twist=3).impossible
    assert "outside the front arc" in to_hit(ahead, "AC/5", "turret", twist=3).impossible


def test_twisted_torso_turns_the_front_arc():
    # Firing arcs: a torso twist turns the torso arcs one hexside; facing N twisted right, a target
    # due east (90 degrees, outside the unturned front arc) is in front of the twisted torso.
    state = make_state(at="0505", to="0705", facing="N")
    assert "outside the front arc" in to_hit(state, "Small Laser", "HD").impossible
    assert not to_hit(state, "Small Laser", "HD", twist=1).impossible
