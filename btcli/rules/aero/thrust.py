"""Thrust: safe and maximum thrust, what velocity changes and facing changes cost.

Sources: seed 001 (thrust points, velocity change, facing change cost table),
tables.md 9.2 and 9.3 (the same numbers; thruster damage adds to the facing
change cost, MegaMek ``MoveStep.asfTurnCost``), catalog AERO-MOVE-04, 05, 08, 12,
AERO-HALT-02, AERO-ATM-07 (AMB-24), AERO-MNV-09.
"""

from __future__ import annotations

from math import ceil

from btcli.model.aero import AeroClass, AeroDesign, AeroState

# tables.md 9.1 (MegaMek Aero): the third engine hit destroys the engine (UNVERIFIED count).
ENGINE_DESTROYED_HITS = 3
# AERO-CRIT-06: a small craft's or DropShip's engine takes 6 (MegaMek @f0b2b01 SmallCraft.java:835-837, UNVERIFIED).
ENGINE_BOXES = {AeroClass.SMALL_CRAFT: 6, AeroClass.DROPSHIP: 6}

ATMOSPHERE_ACCELERATION_COST = 2  # AERO-HALT-02: 2 thrust per +1 velocity in atmosphere rows 1-4


def maximum_thrust(safe_thrust: int) -> int:
    """Returns Maximum Thrust: Safe Thrust x 1.5, rounded up (AERO-MOVE-04)."""
    return ceil(1.5 * safe_thrust)


def engine_boxes(design: AeroDesign) -> int:
    """Returns the engine hits that destroy a unit's engine: 3 (tables.md 9.1), 6 for small craft and DropShips
    (AERO-CRIT-06)."""
    return ENGINE_BOXES.get(design.aero_class, ENGINE_DESTROYED_HITS)


def engine_destroyed(design: AeroDesign, state: AeroState) -> bool:
    """Tells whether the engine is gone: the unit has no thrust (re-entry table "no thrust")."""
    return state.engine_hits >= engine_boxes(design)


def current_max_thrust(design: AeroDesign, state: AeroState) -> int:
    """Returns the most thrust the unit can spend in a turn now (AMB-24: after damage effects).

    The seeds and tables.md name no thrust loss per engine hit, so only a destroyed
    engine changes it (to 0).
    """
    return 0 if engine_destroyed(design, state) else design.max_thrust


def over_safe_thrust(design: AeroDesign, thrust: int) -> bool:
    """Tells whether ``thrust`` spent this turn is above Safe Thrust (AERO-MOVE-05; AMB-19: at Safe Thrust is safe)."""
    return thrust > design.safe_thrust


def facing_change_cost(velocity: int) -> int:
    """Returns the thrust one hexside of facing change costs at ``velocity`` (AERO-MOVE-12).

    0-2: 1, 3-5: 2, 6-7: 3, 8-9: 4, 10: 5, and 1 more per velocity point above 10.
    """
    if velocity <= 2:
        return 1
    if velocity <= 5:
        return 2
    if velocity <= 7:
        return 3
    if velocity <= 9:
        return 4
    return velocity - 5


def turn_cost(state: AeroState, velocity: int, direction: int) -> int:
    """Returns the thrust for one hexside to the left (``direction`` -1) or right (+1).

    Each thruster hit on the turning side adds 1 (tables.md 9.3; MegaMek: a left
    turn pays the left thruster hits). A rolled unit has its sides swapped, so its
    left turns pay the right thruster hits (AERO-MNV-09).
    """
    left = (direction < 0) != state.rolled
    hits = state.left_thruster_hits if left else state.right_thruster_hits
    return facing_change_cost(velocity) + hits


def acceleration_cost(atmosphere_row: bool) -> int:
    """Returns the thrust for +1 velocity: 1, or 2 in atmosphere rows 1-4 of the space map (AERO-HALT-02)."""
    return ATMOSPHERE_ACCELERATION_COST if atmosphere_row else 1
