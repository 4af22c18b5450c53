"""Tests for attack directions and firing arcs (btcli.rules.core.arcs).

Positions are written relative to the unit: ``walk(centre, facing, 1, 2)`` steps
once across the hexside one clockwise of the facing, then once across the
hexside two clockwise of it. So ``(1, 1)`` is two hexes out along the 60-degree
hex row, and ``(1, 2)`` the hex two away exactly on the 90-degree corner line.
Bearings are measured clockwise from the facing, as in tables.md 0. Every case
is checked for all six facings.
"""

from __future__ import annotations

import pytest

from btcli.model.hexgrid import Facing, HexId
from btcli.rules.core import arcs

H = HexId.parse
CENTRE = H("0505")


def walk(start: HexId, facing: Facing, *turns: int) -> HexId:
    """Returns the hex reached by one step per entry, each ``turn`` hexsides clockwise of ``facing``."""
    here = start
    for turn in turns:
        here = here.neighbor(facing.turned(turn))
    return here


# -- attack direction (tables.md 0) ---------------------------------------------------------

# (relative steps, bearing in degrees, 'Mech column, vehicle column). tables.md 0: 'Mech front
# 270-90, right 90-150, rear 150-210, left 210-270; vehicle front 330-30, right 30-150, rear
# 150-210, left 210-330. On a corner line btcli gives the front-most of the two sectors.
DIRECTIONS = [
    pytest.param((0,), 0, "front", "front", id="adjacent-000"),
    pytest.param((1,), 60, "front", "right", id="adjacent-060"),
    pytest.param((2,), 120, "right", "right", id="adjacent-120"),
    pytest.param((3,), 180, "rear", "rear", id="adjacent-180"),
    pytest.param((4,), 240, "left", "left", id="adjacent-240"),
    pytest.param((5,), 300, "front", "left", id="adjacent-300"),
    pytest.param((0, 0), 0, "front", "front", id="two-000"),
    pytest.param((0, 1), 30, "front", "front", id="two-030-corner"),
    pytest.param((1, 1), 60, "front", "right", id="two-060"),
    pytest.param((1, 2), 90, "front", "right", id="two-090-corner"),
    pytest.param((2, 2), 120, "right", "right", id="two-120"),
    pytest.param((2, 3), 150, "right", "right", id="two-150-corner"),
    pytest.param((3, 3), 180, "rear", "rear", id="two-180"),
    pytest.param((3, 4), 210, "left", "left", id="two-210-corner"),
    pytest.param((4, 4), 240, "left", "left", id="two-240"),
    pytest.param((4, 5), 270, "front", "left", id="two-270-corner"),
    pytest.param((5, 5), 300, "front", "left", id="two-300"),
    pytest.param((5, 0), 330, "front", "front", id="two-330-corner"),
    # Three away, off every row and corner line: strictly inside one sector.
    pytest.param((0, 0, 1), 19, "front", "front", id="three-019"),
    pytest.param((1, 1, 2), 79, "front", "right", id="three-079"),
    pytest.param((1, 2, 2), 101, "right", "right", id="three-101"),
    pytest.param((2, 3, 3), 161, "rear", "rear", id="three-161"),
    pytest.param((3, 3, 4), 199, "rear", "rear", id="three-199"),
    pytest.param((4, 4, 5), 259, "left", "left", id="three-259"),
    pytest.param((5, 5, 0), 319, "front", "left", id="three-319"),
    pytest.param((5, 0, 0), 341, "front", "front", id="three-341"),
]


@pytest.mark.parametrize("facing", list(Facing), ids=lambda f: f.name)
@pytest.mark.parametrize("steps, bearing, mech_side, vehicle_side", DIRECTIONS)
def test_mech_attack_direction_by_bearing(facing, steps, bearing, mech_side, vehicle_side):
    # tables.md 0: 'Mech front 270-90 (front and both front-diagonal hexsides), right 90-150,
    # rear 150-210, left 210-270; corner lines go to the front-most sector.
    attacker = walk(CENTRE, facing, *steps)
    assert arcs.attack_direction(CENTRE, facing, attacker, vehicle=False) == mech_side


@pytest.mark.parametrize("facing", list(Facing), ids=lambda f: f.name)
@pytest.mark.parametrize("steps, bearing, mech_side, vehicle_side", DIRECTIONS)
def test_vehicle_attack_direction_by_bearing(facing, steps, bearing, mech_side, vehicle_side):
    # tables.md 0, VEH-DMG-01: vehicle front 330-30 (front hexside only), right 30-150,
    # rear 150-210, left 210-330; corner lines go to the front-most sector.
    attacker = walk(CENTRE, facing, *steps)
    assert arcs.attack_direction(CENTRE, facing, attacker, vehicle=True) == vehicle_side


@pytest.mark.parametrize(
    "facing, attacker, mech_side, vehicle_side",
    [
        ("N", "0705", "front", "right"),  # exactly 90 degrees: the front/right corner line
        ("N", "0305", "front", "left"),  # exactly 270 degrees
        ("N", "0603", "front", "front"),  # exactly 30 degrees: the vehicle front/right corner line
        ("N", "0606", "right", "right"),  # exactly 150 degrees: right/rear corner line
        ("N", "0406", "left", "left"),  # exactly 210 degrees: left/rear corner line
        ("N", "0507", "rear", "rear"),
        ("NE", "0705", "front", "front"),  # 30 degrees off a NE facing
        ("NE", "0606", "front", "right"),  # 90 degrees off a NE facing
        ("S", "0705", "front", "left"),  # 270 degrees off a S facing
        ("S", "0503", "rear", "rear"),
        ("SW", "0705", "left", "left"),  # 210 degrees off a SW facing
        ("NW", "0705", "right", "right"),  # 150 degrees off a NW facing
    ],
)
def test_attack_direction_worked_examples_on_the_map(facing, attacker, mech_side, vehicle_side):
    # tables.md 0 with mapsheet labels: 0505 facing N, attacker 0705 is exactly 90 degrees.
    f = Facing.parse(facing)
    assert arcs.attack_direction(CENTRE, f, H(attacker), vehicle=False) == mech_side
    assert arcs.attack_direction(CENTRE, f, H(attacker), vehicle=True) == vehicle_side


def test_attacker_directly_behind_a_vehicle_attacks_its_rear():
    # VEH-DMG-01 / VEH-ATK-02: attacker directly behind a vehicle -> rear column.
    assert arcs.attack_direction(H("0505"), Facing.N, H("0509"), vehicle=True) == "rear"


# -- firing arcs -------------------------------------------------------------------------------

ALL_ARCS = ("front", "right", "rear", "left", "right_arm", "left_arm")

# (relative steps, bearing, arcs containing the hex). Firing arcs (MegaMek Compute.isInArc; VEH-ATK-02):
# front 300-60, right side 60-120, rear 120-240, left side 240-300, right arm 300-120, left arm
# 240-60; the boundary hex rows at 120 and 240 degrees belong to both arcs they divide, but the
# rows at 60 and 300 belong to the front arc alone: side mounts never fire into it (VEH-ATK-03).
ARC_CASES = [
    pytest.param((0, 0), 0, {"front", "right_arm", "left_arm"}, id="000"),
    pytest.param((0, 1), 30, {"front", "right_arm", "left_arm"}, id="030"),
    pytest.param((1,), 60, {"front", "right_arm", "left_arm"}, id="060-row-adjacent"),
    pytest.param((1, 1), 60, {"front", "right_arm", "left_arm"}, id="060-row-two"),
    pytest.param((1, 1, 1), 60, {"front", "right_arm", "left_arm"}, id="060-row-three"),
    pytest.param((1, 1, 2), 79, {"right", "right_arm"}, id="079"),
    pytest.param((1, 2), 90, {"right", "right_arm"}, id="090"),
    pytest.param((2, 2), 120, {"right", "rear", "right_arm"}, id="120-row"),
    pytest.param((2, 3), 150, {"rear"}, id="150"),
    pytest.param((3, 3), 180, {"rear"}, id="180"),
    pytest.param((3, 4), 210, {"rear"}, id="210"),
    pytest.param((4, 4), 240, {"rear", "left", "left_arm"}, id="240-row"),
    pytest.param((4, 5), 270, {"left", "left_arm"}, id="270"),
    pytest.param((5, 5, 4), 281, {"left", "left_arm"}, id="281"),
    pytest.param((5,), 300, {"front", "right_arm", "left_arm"}, id="300-row-adjacent"),
    pytest.param((5, 5), 300, {"front", "right_arm", "left_arm"}, id="300-row-two"),
    pytest.param((5, 0), 330, {"front", "right_arm", "left_arm"}, id="330"),
]


@pytest.mark.parametrize("facing", list(Facing), ids=lambda f: f.name)
@pytest.mark.parametrize("steps, bearing, expected", ARC_CASES)
def test_in_arc_covers_sector_with_edge_rows(facing, steps, bearing, expected):
    # Firing arcs (VEH-ATK-02: vehicles use the 'Mech arcs): edges on hex rows belong to the arc.
    target = walk(CENTRE, facing, *steps)
    inside = {arc for arc in ALL_ARCS if arcs.in_arc(CENTRE, facing, arc, target)}
    assert inside == expected


@pytest.mark.parametrize(
    "steps, arc",
    [((1, 1), "front"), ((2, 2), "right"), ((4, 4), "left"), ((5, 5), "front"), ((3, 3), "rear")],
)
def test_arc_of_gives_front_first_on_an_edge(steps, arc):
    # Firing arcs: a hex on an edge row is reported in the front-most arc (front, right, left, rear).
    assert arcs.arc_of(CENTRE, Facing.N, walk(CENTRE, Facing.N, *steps)) == arc


def test_any_arc_covers_every_hex():
    # VEH-ATK-03 'any' (e.g. pintle mounts): no arc restriction.
    assert all(arcs.in_arc(CENTRE, Facing.N, "any", h) for h in (H("0503"), H("0507"), H("0705"), H("0305")))


# -- weapon mounts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "location, rear, arc",
    [
        ("LA", False, "left_arm"),
        ("RA", False, "right_arm"),
        ("CT", False, "front"),
        ("LT", False, "front"),
        ("RT", False, "front"),
        ("HD", False, "front"),
        ("LL", False, "front"),
        ("CT", True, "rear"),
        ("LT", True, "rear"),
    ],
)
def test_mech_mount_arc(location, rear, arc):
    # TW 'Mech firing arcs: arms fire into their arm arc, rear-mounted torso weapons into the
    # rear arc, everything else into the front arc.
    from btcli.rules import kinds
    from tests.builders import game, hunchback

    assert kinds.mount_arc(game(hunchback()).units["u1"], location, rear) == arc


@pytest.mark.parametrize(
    "location, arc",
    [("front", "front"), ("left", "left"), ("right", "right"), ("rear", "rear"), ("turret", "front")],
)
def test_vehicle_mount_arc(location, arc):
    # VEH-ATK-03: the mount location decides the arc; VEH-ATK-05: a turret fires into a front-shaped
    # arc centred on the turret's facing (the caller turns the facing).
    assert arcs.mount_arc(location) == arc


@pytest.mark.parametrize(
    "location, may_fire",
    [("front", True), ("left", False), ("right", False), ("rear", False)],
)
def test_vehicle_mount_into_front_arc(location, may_fire):
    # VEH-ATK-03 test: target in front arc: front weapon may fire; left-side, right-side and rear
    # weapons may not.
    arc = arcs.mount_arc(location)
    assert arcs.in_arc(CENTRE, Facing.N, arc, H("0503")) is may_fire


@pytest.mark.parametrize("location", ["left", "right"])
def test_vehicle_side_mount_never_fires_into_front_arc(location):
    # VEH-ATK-03: "Side-mounted weapons can never fire into the front arc." Every hex of the front
    # arc (its edge rows included, as in_arc defines it) must be out of reach of a side mount.
    arc = arcs.mount_arc(location)
    near = [HexId(c, r) for c in range(1, 10) for r in range(1, 10) if 0 < CENTRE.distance(HexId(c, r)) <= 3]
    in_front = [h for h in near if arcs.in_arc(CENTRE, Facing.N, "front", h)]
    assert [h.label for h in in_front if arcs.in_arc(CENTRE, Facing.N, arc, h)] == []


@pytest.mark.parametrize("facing", list(Facing), ids=lambda f: f.name)
@pytest.mark.parametrize("offset", range(6))
def test_turret_arc_is_front_arc_turned_by_turret_offset(facing, offset):
    # VEH-ATK-05: the turret arc is shaped like the front arc, centred on the hexside the turret
    # faces (VEH-ATK-04); the vehicle's own facing does not matter beyond that.
    turret = facing.turned(offset)
    for steps, _, expected in (p.values for p in ARC_CASES):
        target = walk(CENTRE, turret, *steps)
        assert arcs.in_arc(CENTRE, turret, arcs.mount_arc("turret"), target) is ("front" in expected)


def test_turret_facing_rear_covers_vehicle_rear_arc_not_front():
    # VEH-ATK-05 test: vehicle faces north, turret faces south -> a turret weapon may fire at a
    # target in the vehicle's rear arc, but not at one in its front arc.
    turret = Facing.N.turned(3)
    assert arcs.in_arc(CENTRE, turret, "front", H("0508"))
    assert not arcs.in_arc(CENTRE, turret, "front", H("0502"))


def test_torso_twist_turns_arm_arcs_one_hexside():
    # Firing arcs: a torso twist right turns the right arm arc 300-120 into 0-180 (0507 at 180 now inside).
    assert not arcs.in_arc(CENTRE, Facing.N, "right_arm", H("0507"))
    assert arcs.in_arc(CENTRE, Facing.N.turned(1), "right_arm", H("0507"))
