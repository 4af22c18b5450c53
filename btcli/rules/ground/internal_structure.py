"""Internal structure: 'Mech points per location by tonnage, vehicle points per location."""

from __future__ import annotations

from math import ceil

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.rules.kinds.mech import Body

# Source: ../shared/rules/tables.md 8.5 (MegaMek Mek.autoSetInternal; TechManual table).
# tons: (CT, LT/RT, LA/RA, LL/RL); the head always has 3.
MECH_INTERNAL = {
    10: (4, 3, 1, 2),
    15: (5, 4, 2, 3),
    20: (6, 5, 3, 4),
    25: (8, 6, 4, 6),
    30: (10, 7, 5, 7),
    35: (11, 8, 6, 8),
    40: (12, 10, 6, 10),
    45: (14, 11, 7, 11),
    50: (16, 12, 8, 12),
    55: (18, 13, 9, 13),
    60: (20, 14, 10, 14),
    65: (21, 15, 10, 15),
    70: (22, 15, 11, 15),
    75: (23, 16, 12, 16),
    80: (25, 17, 13, 17),
    85: (27, 18, 14, 18),
    90: (29, 19, 15, 19),
    95: (30, 20, 16, 20),
    100: (31, 21, 17, 21),
}

VEHICLE_STRUCTURE_LOCATIONS = ("front", "right", "left", "rear", "turret", "rotor")


def mech_internal(tons: int, body: Body) -> dict[str, int] | None:
    """Returns the standard internal structure per location of ``body``'s shape, or None for an off-table
    tonnage."""
    row = MECH_INTERNAL.get(tons)
    if row is None:
        return None
    return body.internal(*row)


def vehicle_internal(tons: int, locations: list[str]) -> dict[str, int]:
    """Returns ceil(tons / 10) for every armored vehicle location (tables.md 1, 13)."""
    points = ceil(tons / 10)
    return {loc: points for loc in locations if loc in VEHICLE_STRUCTURE_LOCATIONS}
