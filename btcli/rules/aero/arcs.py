"""Aerospace firing arcs and attack directions on an aerospace map (issue #14; AERO-MOVE-11, AERO-MNV-09).

Seed 001 says only that the nose direction decides where a unit fires and where
attacks strike it (AERO-MOVE-11). The arcs are MegaMek's (``ComputeArc``
``ARC_NOSE`` .. ``ARC_RIGHTSIDEA_SPHERE``; UNVERIFIED against TW's firing-arc
diagrams), as bearings clockwise from the unit's facing, edges as listed:

| mount | aerodyne (fighters, aerodyne small craft and DropShips, support vehicles) | spheroid |
|---|---|---|
| nose | 300-60 (open) | 300-60 (open) |
| left | 300-360 (0 included): the left half of the nose arc | 240-360 (open) |
| right | 0-60 (0 included) | 0-120 (open) |
| left_aft | 180-240 (180 included) | 180-300 (open) |
| right_aft | 120-180 (180 included) | 60-180 (open) |
| aft | 120-240 (open) | 120-240 (open) |

A rolled unit's left mounts fire into its right arcs and vice versa (AERO-MNV-09,
``aero_maneuvers.rolled_firing_arc``). A target in the attacker's own hex is in
every arc (btcli's reading, UNVERIFIED).

The attack direction (the column of tables.md 9.1) is read like a vehicle's
(tables.md 0): through the nose hexside the nose, through the aft hexside the
aft, else the side it came from, a corner line going to the front-most column.
An attacker in the target's hex attacks from above or below (btcli's reading,
UNVERIFIED; the seed and tables.md are silent). Bearings are decided by the
exact integer tests of ``rules/core/arcs.py``.
"""

from __future__ import annotations

from btcli.model.aero import Arc, FiringArc, Shape
from btcli.model.hexgrid import Facing, HexId
from btcli.rules.core import arcs
from btcli.rules.aero.damage import AttackDirection
from btcli.rules.aero.maneuvers import rolled_firing_arc

# Sectors in clock units (x 30 degrees) clockwise from the facing: (start, end, start included, end included).
_AERODYNE = {
    FiringArc.NOSE: (10, 2, False, False),
    FiringArc.LEFT: (10, 0, False, True),
    FiringArc.RIGHT: (0, 2, True, False),
    FiringArc.LEFT_AFT: (6, 8, True, False),
    FiringArc.RIGHT_AFT: (4, 6, False, True),
    FiringArc.AFT: (4, 8, False, False),
}
_SPHEROID = {
    FiringArc.NOSE: (10, 2, False, False),
    FiringArc.LEFT: (8, 0, False, False),
    FiringArc.RIGHT: (0, 4, False, False),
    FiringArc.LEFT_AFT: (6, 10, False, False),
    FiringArc.RIGHT_AFT: (2, 6, False, False),
    FiringArc.AFT: (4, 8, False, False),
}


def _on_ray(v: arcs.Vector, facing: Facing, clock: int) -> bool:
    d = arcs._direction(clock, facing)
    return arcs._cross(d, v) == 0 and d[0] * v[0] + d[1] * v[1] > 0


def covers(shape: Shape, mount: FiringArc, rolled: bool, at: HexId, facing: Facing, target: HexId) -> bool:
    """Tells whether a weapon mounted in ``mount`` of a unit at ``at`` facing ``facing`` bears on ``target``."""
    if at == target:
        return True
    start, end, with_start, with_end = (_SPHEROID if shape is Shape.SPHEROID else _AERODYNE)[
        rolled_firing_arc(mount, rolled)]
    v = arcs._vector(at, target)
    return (arcs._within(v, facing, start, end, closed=False) or (with_start and _on_ray(v, facing, start))
            or (with_end and _on_ray(v, facing, end)))


def attack_direction(target_hex: HexId, target_facing: Facing, attacker_hex: HexId,
                     above_below: bool = False) -> tuple[AttackDirection, Arc | None]:
    """Returns the hit location column of an attack and, for a side attack, the side it strikes."""
    if above_below or attacker_hex == target_hex:
        return AttackDirection.ABOVE_BELOW, None
    side = arcs.attack_direction(target_hex, target_facing, attacker_hex, vehicle=True)
    if side == "front":
        return AttackDirection.NOSE, None
    if side == "rear":
        return AttackDirection.AFT, None
    return AttackDirection.SIDE, Arc.LEFT if side == "left" else Arc.RIGHT
