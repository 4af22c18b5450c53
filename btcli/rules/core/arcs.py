"""Firing arcs and attack directions, decided exactly on the hex grid.

Bearings are measured clockwise from a unit's facing. A bearing lying exactly
on a sector boundary (a hex row for arcs, a corner line for attack directions)
is decided by integer orientation tests, never by floating-point angles.

- Attack direction (tables.md 0, MegaMek ``targetSideTable``): which column of
  the hit location table an attack uses, from the bearing of the attacker seen
  from the target. On a corner line the defender chooses; btcli gives the
  front-most of the two sectors (docs/rules-notes.md).
- Firing arcs (Total Warfare; MegaMek ``Compute.isInArc``): front +-60 degrees
  (edges included: the hex rows from the front corners), right side 60-120,
  rear 120-240, left side 240-300; a 'Mech's arms also cover their side; a
  torso twist turns torso and arm arcs one hexside; a turret's arc is a front
  arc centred on the turret's facing (VEH-ATK-03..05).
"""

from __future__ import annotations

from btcli.model.hexgrid import _CUBE_STEP, Facing, HexId

Vector = tuple[int, int]


def _screen(cube: tuple[int, int, int]) -> Vector:
    # Cube (x, y, z) to screen coordinates with y downward, scaled so that every
    # coordinate is an integer; a linear map keeps orientation tests exact.
    x, _, z = cube
    return (3 * x, 2 * z + x)


def _cross(a: Vector, b: Vector) -> int:
    """Returns > 0 when ``b`` lies clockwise of ``a`` (screen y grows downward)."""
    return a[0] * b[1] - a[1] * b[0]


def _direction(clock: int, facing: Facing) -> Vector:
    """Returns the vector at ``clock`` x 30 degrees clockwise from ``facing`` (even: hexside, odd: corner)."""
    if clock % 2 == 0:
        return _screen(_CUBE_STEP[facing.turned(clock // 2)])
    a = _CUBE_STEP[facing.turned((clock - 1) // 2)]
    b = _CUBE_STEP[facing.turned((clock + 1) // 2)]
    return _screen((a[0] + b[0], a[1] + b[1], a[2] + b[2]))


def _vector(origin: HexId, other: HexId) -> Vector:
    o, t = origin.cube(), other.cube()
    return _screen((t[0] - o[0], t[1] - o[1], t[2] - o[2]))


def _within(v: Vector, facing: Facing, start: int, end: int, closed: bool = True) -> bool:
    """Tells whether ``v`` lies in the clockwise sweep from ``start`` to ``end`` (clock units of 30 degrees)."""
    span = (end - start) % 12
    if span > 6:  # split wide sweeps so each test covers at most 180 degrees
        mid = start + 6
        return _within(v, facing, start, mid, closed) or _within(v, facing, mid, end, closed)
    a, b = _direction(start, facing), _direction(end, facing)
    left, right = _cross(a, v), _cross(v, b)
    if span == 6:  # a half plane (b = -a): clockwise of a; both boundary rays when closed
        return left > 0 or (closed and left == 0)
    if closed:
        return left >= 0 and right >= 0
    return left > 0 and right > 0


# -- attack direction (tables.md 0) ---------------------------------------------------

# Sectors in clock units (x 30 degrees) clockwise from the target's facing, front-most first.
MECH_SECTORS = (("front", 9, 3), ("right", 3, 5), ("left", 7, 9), ("rear", 5, 7))
VEHICLE_SECTORS = (("front", 11, 1), ("right", 1, 5), ("left", 7, 11), ("rear", 5, 7))


def attack_direction(target_hex: HexId, target_facing: Facing, attacker_hex: HexId, vehicle: bool) -> str:
    """Returns 'front', 'left', 'right' or 'rear': the hit location column for an attack from ``attacker_hex``.

    An attacker in the target's own hex attacks the front (tables.md 0 gives no sector for it).
    """
    if attacker_hex == target_hex:
        return "front"
    v = _vector(target_hex, attacker_hex)
    for side, start, end in VEHICLE_SECTORS if vehicle else MECH_SECTORS:
        if _within(v, target_facing, start, end):
            return side  # front-most first: a corner line goes to the defender's better column
    raise AssertionError("every bearing lies in a sector")  # pragma: no cover


# -- firing arcs --------------------------------------------------------------------------

ARCS = {
    "front": (10, 2),
    "right": (2, 4),
    "rear": (4, 8),
    "left": (8, 10),
    "right_arm": (10, 4),
    "left_arm": (8, 2),
    "any": (0, 0),
}

# The arcs that include the front arc, and so a target in the unit's own hex (URB-IN-12).
SAME_HEX_ARCS = ("front", "right_arm", "left_arm")


def in_arc(attacker_hex: HexId, facing: Facing, arc: str, target_hex: HexId) -> bool:
    """Tells whether ``target_hex`` lies in ``arc`` of a unit at ``attacker_hex`` facing ``facing``.

    ``facing`` is the direction the arc is centred on: the unit's facing, turned by
    a torso twist, or a turret's facing. Arc edges (hex rows) belong to the arc.
    """
    if arc == "any":
        return True
    if attacker_hex == target_hex:  # URB-IN-12: a target in the unit's own hex lies in its front arc
        return arc in SAME_HEX_ARCS
    start, end = ARCS[arc]
    v = _vector(attacker_hex, target_hex)
    if arc in ("left", "right") and _within(v, facing, *ARCS["front"]):
        return False  # VEH-ATK-03: the front arc's edge rows belong to the front arc alone
    return _within(v, facing, start, end)


def mount_arc(location: str) -> str:
    """Returns the arc a weapon mount fires into by its location (VEH-ATK-03; a 'Mech's mounts fire as its body
    says, ``kinds.mount_arc``)."""
    return {"front": "front", "left": "left", "right": "right", "rear": "rear", "turret": "front"}.get(location, "front")


# TW 'Mech firing arcs (docs/rules-notes.md); tables.md 0 is the attack direction, not the arcs (issue #33).
MECH_ARCS_RULE = "MECH-ARC-01"  # a 'Mech's mounts: front, arms, rear (and torso twists)  # a 'Mech's mounts: front, arms, rear (and torso twists)


def arc_rule(kind: str) -> str:
    """Returns the rule a weapon mount's arc cites: VEH-ATK-03 for a vehicle's, TW's 'Mech firing arcs for a
    'Mech's (arms included)."""
    return MECH_ARCS_RULE if kind == "mech" else "VEH-ATK-03"


def arc_of(attacker_hex: HexId, facing: Facing, target_hex: HexId) -> str:
    """Returns the arc ('front', 'left', 'right', 'rear') the target lies in, front first on an edge."""
    for arc in ("front", "right", "left", "rear"):
        if in_arc(attacker_hex, facing, arc, target_hex):
            return arc
    raise AssertionError("every hex lies in an arc")  # pragma: no cover
