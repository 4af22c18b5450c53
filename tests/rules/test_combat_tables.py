"""Transcription tests for btcli.rules.core.combat_tables.

The expected rows are copied from ../shared/rules/tables.md in the printed wording
(e.g. "Right side [M]") and translated to the API's vocabulary by the small maps
below, so a mistyped cell in either the module or here shows up as a mismatch
against the printed table.
"""

from __future__ import annotations

import pytest

from btcli.model.hexgrid import Facing
from btcli.rules.core import combat_tables as ct
from btcli.rules.kinds.mech import BIPED

LIMBS = BIPED.arms + BIPED.legs  # a biped's arms and legs (tables.md 8.4: a 12 blows a limb off)


def mech_hit_location(roll: int, side: str) -> tuple[str, bool]:  # the biped body's 2D6 table and its TAC
    return BIPED.location("hit", roll, side), roll == 2


def punch_location(d6: int, side: str) -> str:
    return BIPED.location("punch", d6, side)


def kick_location(d6: int, side: str) -> str:
    return BIPED.location("kick", d6, side)

# Printed 'Mech location names -> API location codes.
MECH_NAMES = {
    "Head": "HD",
    "Center torso": "CT",
    "Left torso": "LT",
    "Right torso": "RT",
    "Left arm": "LA",
    "Right arm": "RA",
    "Left leg": "LL",
    "Right leg": "RL",
}

# Printed vehicle/VTOL location names -> API locations; "Side" is resolved per attack side.
VEHICLE_NAMES = {
    "Front": "front",
    "Rear": "rear",
    "Left side": "left",
    "Right side": "right",
    "Turret": "turret",
    "Rotor": "rotor",
}


def printed_vehicle_cell(cell: str, side: str) -> tuple[str, str]:
    """Returns the (location, mark) a printed cell like 'Side [C]' means for an attack from ``side``."""
    name, _, mark = cell.partition(" [")
    location = side if name == "Side" else VEHICLE_NAMES[name]
    return location, mark.rstrip("]")


# -- tables.md 8.1 -------------------------------------------------------------------

# Source: tables.md 8.1, columns: left side, front / rear, right side.
MECH_HIT_TABLE = [
    (2, "Left torso (TAC)", "Center torso (TAC)", "Right torso (TAC)"),
    (3, "Left leg", "Right arm", "Right leg"),
    (4, "Left arm", "Right arm", "Right arm"),
    (5, "Left arm", "Right leg", "Right arm"),
    (6, "Left leg", "Right torso", "Right leg"),
    (7, "Left torso", "Center torso", "Right torso"),
    (8, "Center torso", "Left torso", "Center torso"),
    (9, "Right torso", "Left leg", "Left torso"),
    (10, "Right arm", "Left arm", "Left arm"),
    (11, "Right leg", "Left arm", "Left leg"),
    (12, "Head", "Head", "Head"),
]
MECH_HIT_CELLS = [
    (roll, side, cell)
    for roll, left, front_rear, right in MECH_HIT_TABLE
    for side, cell in (("left", left), ("front", front_rear), ("right", right))
]


# tables.md 8.1 (VERIFIED, MM Mek.innerRollHitLocation)
@pytest.mark.parametrize(("roll", "side", "cell"), MECH_HIT_CELLS)
def test_mech_hit_location_matches_printed_table(roll, side, cell):
    name = cell.removesuffix(" (TAC)")
    assert mech_hit_location(roll, side) == (MECH_NAMES[name], cell.endswith("(TAC)"))


# tables.md 8.1 (VERIFIED): 'Front / Rear attack' is one column.
@pytest.mark.parametrize("roll", range(2, 13))
def test_mech_rear_attack_uses_the_front_column(roll):
    assert mech_hit_location(roll, "rear") == mech_hit_location(roll, "front")


# tables.md 8.1 (VERIFIED): TAC exactly on a 2.
@pytest.mark.parametrize("side", ct.SIDES)
def test_mech_through_armor_critical_only_on_2(side):
    assert [roll for roll in range(2, 13) if mech_hit_location(roll, side)[1]] == [2]


# -- tables.md 8.2 -------------------------------------------------------------------

# Source: tables.md 8.2 punch table, columns: left side, front/rear, right side.
PUNCH_TABLE = [
    (1, "Left torso", "Left arm", "Right torso"),
    (2, "Left torso", "Left torso", "Right torso"),
    (3, "Center torso", "Center torso", "Center torso"),
    (4, "Left arm", "Right torso", "Right arm"),
    (5, "Left arm", "Right arm", "Right arm"),
    (6, "Head", "Head", "Head"),
]
# Source: tables.md 8.2 kick table, rows printed as 1-3 and 4-6.
KICK_TABLE = [
    (range(1, 4), "Left leg", "Right leg", "Right leg"),
    (range(4, 7), "Left leg", "Left leg", "Right leg"),
]


def physical_cells(rows):
    """Returns (d6, side, printed cell) for every side, front and rear both reading the middle column."""
    return [
        (d6, side, cell)
        for rolls, left, front_rear, right in rows
        for d6 in (rolls if isinstance(rolls, range) else [rolls])
        for side, cell in (("left", left), ("front", front_rear), ("rear", front_rear), ("right", right))
    ]


# tables.md 8.2 punch (VERIFIED, MM Mek.java punch table)
@pytest.mark.parametrize(("d6", "side", "cell"), physical_cells(PUNCH_TABLE))
def test_punch_location_matches_printed_table(d6, side, cell):
    assert punch_location(d6, side) == MECH_NAMES[cell]


# tables.md 8.2 kick (VERIFIED, MM Mek.java kick table)
@pytest.mark.parametrize(("d6", "side", "cell"), physical_cells(KICK_TABLE))
def test_kick_location_matches_printed_table(d6, side, cell):
    assert kick_location(d6, side) == MECH_NAMES[cell]


# -- tables.md 1 and 2 ---------------------------------------------------------------

# Source: tables.md 1, columns: front attack, rear attack, side attack.
VEHICLE_HIT_TABLE = [
    (2, "Front [C]", "Rear [C]", "Side [C]"),
    (3, "Front [M]", "Rear [M]", "Side [M]"),
    (4, "Front [M]", "Rear [M]", "Side [M]"),
    (5, "Right side [M]", "Left side [M]", "Front [M]"),
    (6, "Front", "Rear", "Side"),
    (7, "Front", "Rear", "Side"),
    (8, "Front", "Rear", "Side [C]"),
    (9, "Left side [M]", "Right side [M]", "Rear [M]"),
    (10, "Turret", "Turret", "Turret"),
    (11, "Turret", "Turret", "Turret"),
    (12, "Turret [C]", "Turret [C]", "Turret [C]"),
]
# Source: tables.md 2, columns: front attack, rear attack, side attack.
VTOL_HIT_TABLE = [
    (2, "Front [C]", "Rear [C]", "Side [C]"),
    (3, "Rotor [R]", "Rotor [R]", "Rotor [R]"),
    (4, "Rotor [R]", "Rotor [R]", "Rotor [R]"),
    (5, "Right side", "Left side", "Front"),
    (6, "Front", "Rear", "Side"),
    (7, "Front", "Rear", "Side"),
    (8, "Front", "Rear", "Side [C]"),
    (9, "Left side", "Right side", "Rear"),
    (10, "Rotor [R]", "Rotor [R]", "Rotor [R]"),
    (11, "Rotor [R]", "Rotor [R]", "Rotor [R]"),
    (12, "Rotor [C]", "Rotor [C]", "Rotor [C]"),
]


def vehicle_cells(rows):
    """Returns (roll, side, printed cell) for every side, left and right both reading the 'Side' column."""
    return [
        (roll, side, cell)
        for roll, front, rear, side_col in rows
        for side, cell in (("front", front), ("rear", rear), ("left", side_col), ("right", side_col))
    ]


# tables.md 1 (VERIFIED, TW p.193; MM Tank.rollHitLocation except front 5 -> right per TW)
@pytest.mark.parametrize(("roll", "side", "cell"), vehicle_cells(VEHICLE_HIT_TABLE))
def test_vehicle_hit_location_matches_printed_table(roll, side, cell):
    assert ct.vehicle_hit_location(roll, side, has_turret=True) == printed_vehicle_cell(cell, side)


# tables.md 1 notes, "No turret" (TW p.193; Seed 000)
@pytest.mark.parametrize(("roll", "mark"), [(10, ""), (11, ""), (12, "C")])
@pytest.mark.parametrize("side", ct.SIDES)
def test_vehicle_without_turret_takes_turret_hits_on_side_attacked(roll, mark, side):
    assert ct.vehicle_hit_location(roll, side, has_turret=False) == (side, mark)


# tables.md 1: the turret flag changes nothing outside the Turret rows.
@pytest.mark.parametrize(("roll", "side", "cell"), vehicle_cells(VEHICLE_HIT_TABLE[:8]))
def test_vehicle_without_turret_other_rows_unchanged(roll, side, cell):
    assert ct.vehicle_hit_location(roll, side, has_turret=False) == printed_vehicle_cell(cell, side)


# tables.md 2 (VERIFIED, TW p.196-197; MM VTOL.rollHitLocation except rear 5/9 per TW)
@pytest.mark.parametrize(("roll", "side", "cell"), vehicle_cells(VTOL_HIT_TABLE))
def test_vtol_hit_location_matches_printed_table(roll, side, cell):
    assert ct.vtol_hit_location(roll, side) == printed_vehicle_cell(cell, side)


# -- tables.md 7 ---------------------------------------------------------------------

# Source: tables.md 7 (MM Compute.clusterHitsTable), size -> hits for rolls 2..12.
PRINTED_CLUSTER_TABLE = {
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


# tables.md 7 (VERIFIED, MM Compute.clusterHitsTable): same sizes, 1..30 and 40.
def test_cluster_table_has_every_printed_size():
    assert sorted(ct.CLUSTER_TABLE) == sorted(PRINTED_CLUSTER_TABLE)


# tables.md 7 (VERIFIED, MM Compute.clusterHitsTable)
@pytest.mark.parametrize(("size", "row"), PRINTED_CLUSTER_TABLE.items())
def test_cluster_table_row_matches_printed_table(size, row):
    assert ct.CLUSTER_TABLE[size] == row
    assert [ct.cluster_hits(size, roll) for roll in range(2, 13)] == list(row)


# tables.md 7: sizes outside the printed rows are not guessed.
@pytest.mark.parametrize("size", [0, 31, 35, 39, 41, -1])
def test_cluster_hits_rejects_unprinted_size(size):
    with pytest.raises(ValueError, match=rf"cluster size {size}\b"):
        ct.cluster_hits(size, 7)


# -- damage groups (tables.md 7 grouping, 8.3 falling damage) ------------------------


# tables.md 7 grouping: LRM damage in 5-point groups, remainder last.
@pytest.mark.parametrize(
    ("total", "group", "expected"),
    [
        (12, 5, [5, 5, 2]),
        (10, 5, [5, 5]),
        (5, 5, [5]),
        (4, 5, [4]),
        (1, 5, [1]),
        (11, 2, [2, 2, 2, 2, 2, 1]),
        (20, 1, [1] * 20),
        (7, 0, [7]),
        (7, 7, [7]),
        (7, 9, [7]),
        (0, 5, []),
        (0, 0, []),
    ],
)
def test_damage_groups_split_with_remainder_last(total, group, expected):
    assert ct.damage_groups(total, group) == expected


# tables.md 7 grouping: nonsense input is rejected, not silently grouped.
@pytest.mark.parametrize(("total", "group", "bad"), [(-1, 5, "-1"), (5, -2, "-2")])
def test_damage_groups_rejects_negative_input(total, group, bad):
    with pytest.raises(ValueError, match=bad):
        ct.damage_groups(total, group)


# -- tables.md 8.3 -------------------------------------------------------------------


# tables.md 8.3 (VERIFIED side column; rotation marked memory), TW p.68
@pytest.mark.parametrize(
    ("d6", "facing", "side"),
    [
        (1, Facing.N, "front"),  # unchanged
        (2, Facing.NE, "right"),  # one hexside clockwise
        (3, Facing.SE, "right"),  # two hexsides clockwise
        (4, Facing.S, "rear"),  # reversed
        (5, Facing.SW, "left"),  # two hexsides counter-clockwise
        (6, Facing.NW, "left"),  # one hexside counter-clockwise
    ],
)
def test_fall_result_from_north(d6, facing, side):
    assert ct.fall_result(d6, Facing.N) == (facing, side)


# tables.md 8.3 (VERIFIED side column), TW p.68: rotations wrap past N.
@pytest.mark.parametrize(
    ("d6", "facing", "side"),
    [
        (1, Facing.SW, "front"),
        (2, Facing.NW, "right"),
        (3, Facing.N, "right"),
        (4, Facing.NE, "rear"),
        (5, Facing.SE, "left"),
        (6, Facing.S, "left"),
    ],
)
def test_fall_result_from_southwest_wraps_around(d6, facing, side):
    assert ct.fall_result(d6, Facing.SW) == (facing, side)


# -- tables.md 8.4 -------------------------------------------------------------------

# Source: tables.md 8.4, 2D6 -> (torso result, head-or-limb result); -1 = blown off / destroyed.
CRITICAL_TABLE = {
    2: (0, 0), 3: (0, 0), 4: (0, 0), 5: (0, 0), 6: (0, 0), 7: (0, 0),
    8: (1, 1), 9: (1, 1),
    10: (2, 2), 11: (2, 2),
    12: (3, -1),
}  # fmt: skip


# tables.md 8.4 (VERIFIED, TW; MM TWGameManager.criticalEntity)
@pytest.mark.parametrize("location", ["CT", "LT", "RT"])
@pytest.mark.parametrize("roll", range(2, 13))
def test_mech_critical_hits_torso(roll, location):
    assert ct.mech_critical_hits(roll, location, LIMBS) == CRITICAL_TABLE[roll][0]


# tables.md 8.4 (VERIFIED, TW): a 12 blows off a limb / destroys the head.
@pytest.mark.parametrize("location", ["HD", "LA", "RA", "LL", "RL"])
@pytest.mark.parametrize("roll", range(2, 13))
def test_mech_critical_hits_head_and_limbs(roll, location):
    assert ct.mech_critical_hits(roll, location, LIMBS) == CRITICAL_TABLE[roll][1]


# -- bad input (every lookup names the bad value) -----------------------------------


# tables.md 8.1, 8.2, 1, 2, 7, 8.3, 8.4: rolls outside the dice range are rejected.
@pytest.mark.parametrize(
    ("call", "bad"),
    [
        (lambda: mech_hit_location(1, "front"), "1"),
        (lambda: mech_hit_location(13, "left"), "13"),
        (lambda: punch_location(0, "front"), "0"),
        (lambda: punch_location(7, "right"), "7"),
        (lambda: kick_location(0, "left"), "0"),
        (lambda: kick_location(7, "rear"), "7"),
        (lambda: ct.vehicle_hit_location(1, "front", True), "1"),
        (lambda: ct.vehicle_hit_location(13, "rear", False), "13"),
        (lambda: ct.vtol_hit_location(1, "left"), "1"),
        (lambda: ct.vtol_hit_location(13, "right"), "13"),
        (lambda: ct.cluster_hits(10, 1), "1"),
        (lambda: ct.cluster_hits(10, 13), "13"),
        (lambda: ct.fall_result(0, Facing.N), "0"),
        (lambda: ct.fall_result(7, Facing.N), "7"),
        (lambda: ct.mech_critical_hits(1, "CT", LIMBS), "1"),
        (lambda: ct.mech_critical_hits(13, "LA", LIMBS), "13"),
    ],
)
def test_out_of_range_roll_is_rejected(call, bad):
    with pytest.raises(ValueError, match=rf"roll {bad} out of range"):
        call()


# tables.md 0: only the four attack directions select a column.
@pytest.mark.parametrize(
    "call",
    [
        lambda side: mech_hit_location(7, side),
        lambda side: punch_location(3, side),
        lambda side: kick_location(3, side),
        lambda side: ct.vehicle_hit_location(7, side, True),
        lambda side: ct.vtol_hit_location(7, side),
    ],
)
@pytest.mark.parametrize("side", ["side", "Front", "top", ""])
def test_unknown_side_is_rejected(call, side):
    with pytest.raises(ValueError, match=f"unknown attack side {side!r}"):
        call(side)


# tables.md 8.4: locations are HD CT LT RT LA RA LL RL only.
@pytest.mark.parametrize("location", ["CTR", "ct", "turret", ""])
def test_mech_critical_hits_rejects_unknown_location(location):
    with pytest.raises(ValueError, match=f"unknown 'Mech location {location!r}"):
        ct.mech_critical_hits(8, location, LIMBS)
