"""Combat lookup tables: hit locations, cluster hits, falls and 'Mech critical hits.

Pure lookups over the printed tables; no dice are rolled here. Callers roll and
pass the result in. Sources: tables.md 0 (attack direction columns), 1 (ground
vehicle hit location), 2 (VTOL hit location), 7 (cluster hits), 8.1-8.4
('Mech hit location, punch/kick, falls, critical hits). Where tables.md notes a
MegaMek difference, these tables follow Total Warfare as printed.
"""

from __future__ import annotations

from btcli.model.hexgrid import Facing

# tables.md 0: the attack direction as seen by the target, i.e. the table column.
SIDES = ("front", "rear", "left", "right")

_TORSOS = frozenset({"CT", "LT", "RT"})
# tables.md 8.4: a 12 on a head or limb blows it off / destroys it.
_BLOWN_OFF = -1


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ValueError(f"unknown attack side {side!r} (use one of {', '.join(SIDES)})")


def _check_roll(roll: int, low: int, high: int, what: str) -> None:
    if not low <= roll <= high:
        raise ValueError(f"{what} roll {roll!r} out of range {low}..{high}")


def _column(side: str) -> int:
    """Returns the column index of a left / front-or-rear / right 'Mech table."""
    _check_side(side)
    return {"left": 0, "front": 1, "rear": 1, "right": 2}[side]


# "side" in the printed tables is the side attacked; resolved per call.
_SIDE = "side"

# tables.md 1 (TW p.193): 2D6 -> ((front attack), (rear attack), (side attack)),
# each (location, mark). MegaMek maps a front-attack 5 to the left side; TW says right.
_VEHICLE_HIT = {
    2: (("front", "C"), ("rear", "C"), (_SIDE, "C")),
    3: (("front", "M"), ("rear", "M"), (_SIDE, "M")),
    4: (("front", "M"), ("rear", "M"), (_SIDE, "M")),
    5: (("right", "M"), ("left", "M"), ("front", "M")),
    6: (("front", ""), ("rear", ""), (_SIDE, "")),
    7: (("front", ""), ("rear", ""), (_SIDE, "")),
    8: (("front", ""), ("rear", ""), (_SIDE, "C")),
    9: (("left", "M"), ("right", "M"), ("rear", "M")),
    10: (("turret", ""), ("turret", ""), ("turret", "")),
    11: (("turret", ""), ("turret", ""), ("turret", "")),
    12: (("turret", "C"), ("turret", "C"), ("turret", "C")),
}

# tables.md 2 (TW p.196-197): as above with the rotor. MegaMek swaps the rear-attack
# 5 and 9 (5 -> right, 9 -> left); TW says 5 -> left, 9 -> right.
_VTOL_HIT = {
    2: (("front", "C"), ("rear", "C"), (_SIDE, "C")),
    3: (("rotor", "R"), ("rotor", "R"), ("rotor", "R")),
    4: (("rotor", "R"), ("rotor", "R"), ("rotor", "R")),
    5: (("right", ""), ("left", ""), ("front", "")),
    6: (("front", ""), ("rear", ""), (_SIDE, "")),
    7: (("front", ""), ("rear", ""), (_SIDE, "")),
    8: (("front", ""), ("rear", ""), (_SIDE, "C")),
    9: (("left", ""), ("right", ""), ("rear", "")),
    10: (("rotor", "R"), ("rotor", "R"), ("rotor", "R")),
    11: (("rotor", "R"), ("rotor", "R"), ("rotor", "R")),
    12: (("rotor", "C"), ("rotor", "C"), ("rotor", "C")),
}


def _vehicle_cell(table: dict[int, tuple[tuple[str, str], ...]], roll: int, side: str) -> tuple[str, str]:
    """Returns the (location, mark) cell of a vehicle table with 'side' resolved."""
    _check_side(side)
    _check_roll(roll, 2, 12, "2D6 hit location")
    column = {"front": 0, "rear": 1, "left": 2, "right": 2}[side]
    location, mark = table[roll][column]
    return (side if location == _SIDE else location), mark


def vehicle_hit_location(roll: int, side: str, has_turret: bool) -> tuple[str, str]:
    """Returns the ground vehicle location hit and its mark (tables.md 1).

    ``location`` is one of front, rear, left, right, turret; a 'Side' result is the
    side attacked. ``mark`` is '' , 'C' (roll once on the vehicle critical table) or
    'M' (motive system damage roll). Without a turret a Turret result hits the armor
    of the side attacked and a 12 still gives 'C' (tables.md 1 notes, TW p.193).
    """
    location, mark = _vehicle_cell(_VEHICLE_HIT, roll, side)
    if location == "turret" and not has_turret:
        location = side
    return location, mark


def vtol_hit_location(roll: int, side: str) -> tuple[str, str]:
    """Returns the VTOL location hit (front rear left right rotor) and its mark '' 'C' or 'R' (tables.md 2)."""
    return _vehicle_cell(_VTOL_HIT, roll, side)


# Source: tables.md 7 (MM Compute.clusterHitsTable; TW cluster hits table).
# size -> hits for 2D6 rolls 2..12.
CLUSTER_TABLE: dict[int, tuple[int, ...]] = {
    1: (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    2: (1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2),
    3: (1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3),
    4: (1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    5: (1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5),
    6: (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    7: (2, 2, 3, 4, 4, 4, 4, 6, 6, 7, 7),
    8: (2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8),
    9: (3, 3, 4, 5, 5, 5, 5, 7, 7, 9, 9),
    10: (3, 3, 4, 6, 6, 6, 6, 8, 8, 10, 10),
    11: (4, 4, 5, 7, 7, 7, 7, 9, 9, 11, 11),
    12: (4, 4, 5, 8, 8, 8, 8, 10, 10, 12, 12),
    13: (4, 4, 5, 8, 8, 8, 8, 11, 11, 13, 13),
    14: (5, 5, 6, 9, 9, 9, 9, 11, 11, 14, 14),
    15: (5, 5, 6, 9, 9, 9, 9, 12, 12, 15, 15),
    16: (5, 5, 7, 10, 10, 10, 10, 13, 13, 16, 16),
    17: (5, 5, 7, 10, 10, 10, 10, 14, 14, 17, 17),
    18: (6, 6, 8, 11, 11, 11, 11, 14, 14, 18, 18),
    19: (6, 6, 8, 11, 11, 11, 11, 15, 15, 19, 19),
    20: (6, 6, 9, 12, 12, 12, 12, 16, 16, 20, 20),
    21: (7, 7, 9, 13, 13, 13, 13, 17, 17, 21, 21),
    22: (7, 7, 9, 14, 14, 14, 14, 18, 18, 22, 22),
    23: (7, 7, 10, 15, 15, 15, 15, 19, 19, 23, 23),
    24: (8, 8, 10, 16, 16, 16, 16, 20, 20, 24, 24),
    25: (8, 8, 10, 16, 16, 16, 16, 21, 21, 25, 25),
    26: (9, 9, 11, 17, 17, 17, 17, 21, 21, 26, 26),
    27: (9, 9, 11, 17, 17, 17, 17, 22, 22, 27, 27),
    28: (9, 9, 11, 17, 17, 17, 17, 23, 23, 28, 28),
    29: (10, 10, 12, 18, 18, 18, 18, 23, 23, 29, 29),
    30: (10, 10, 12, 18, 18, 18, 18, 24, 24, 30, 30),
    40: (12, 12, 18, 24, 24, 24, 24, 32, 32, 40, 40),
}


def cluster_hits(size: int, roll: int) -> int:
    """Returns how many missiles/shots of a ``size`` cluster weapon hit on a 2D6 ``roll`` (tables.md 7).

    Raises ValueError for a size not in the table or a roll outside 2..12.
    """
    if size not in CLUSTER_TABLE:
        raise ValueError(f"cluster size {size!r} not in the cluster hits table (1..30, 40)")
    _check_roll(roll, 2, 12, "2D6 cluster hits")
    return CLUSTER_TABLE[size][roll - 2]


def damage_groups(total: int, group: int) -> list[int]:
    """Returns ``total`` damage split into groups of ``group`` points, the remainder last.

    ``damage_groups(12, 5) == [5, 5, 2]`` (tables.md 7 grouping, 8.3 falling damage).
    A group of 0 or one at least as large as ``total`` gives ``[total]``; a total of 0
    gives ``[]``. Raises ValueError for a negative total or group.
    """
    if total < 0:
        raise ValueError(f"damage total {total!r} is negative")
    if group < 0:
        raise ValueError(f"damage group size {group!r} is negative")
    if total == 0:
        return []
    if group == 0 or group >= total:
        return [total]
    full, rest = divmod(total, group)
    return [group] * full + ([rest] if rest else [])


# tables.md 8.3 (TW p.68): 1D6 -> (hexsides turned clockwise, side that takes the damage).
_FALL = {
    1: (0, "front"),
    2: (1, "right"),
    3: (2, "right"),
    4: (3, "rear"),
    5: (-2, "left"),
    6: (-1, "left"),
}


def fall_result(d6: int, facing: Facing) -> tuple[Facing, str]:
    """Returns the facing after a fall and the side hit ('front', 'right', 'rear', 'left') for a 1D6 roll (tables.md 8.3)."""
    _check_roll(d6, 1, 6, "1D6 fall")
    turn, side = _FALL[d6]
    return Facing(facing).turned(turn), side


def mech_critical_hits(roll: int, location: str, limbs: tuple[str, ...]) -> int:
    """Returns the number of critical hits a 2D6 ``roll`` gives in a 'Mech ``location`` (tables.md 8.4), whose
    body's arms and legs are ``limbs`` (``Body.arms + Body.legs``: a quad's four legs).

    2-7 gives 0, 8-9 gives 1, 10-11 gives 2; a 12 gives 3 in a torso (CT LT RT) and
    -1 in the head or a limb, meaning the location is blown off / destroyed.
    """
    if location not in _TORSOS and location != "HD" and location not in limbs:
        raise ValueError(f"unknown 'Mech location {location!r} (use HD CT LT RT LA RA LL RL)")
    _check_roll(roll, 2, 12, "2D6 critical hits")
    if roll <= 7:
        return 0
    if roll <= 9:
        return 1
    if roll <= 11:
        return 2
    return 3 if location in _TORSOS else _BLOWN_OFF
