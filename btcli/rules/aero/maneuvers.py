"""Special movement modes: evasive action and rolls (catalog AERO-MNV-01..10).

Seed 001: evasive action costs 2 thrust; a roll costs 1 thrust, is made at the
start or end of the unit's own move (AMB-60), once safely per aerospace
movement phase, never in an atmosphere; a rolled unit has left and right
swapped for its weapons, its armor and its turning damage. The Evasive Action
Modifiers table is missing from the seed (tables.md 14), so the to-hit increase
against an evading unit is not here; what is here is who may evade and what
evading does to the evader's own fire.
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.aero import AeroClass, AeroDesign, Arc, FiringArc

EVASIVE_ACTION_COST = 2  # AERO-MNV-02
ROLL_COST = 1  # AERO-MNV-07
SAFE_ROLLS_PER_PHASE = 1  # AERO-MNV-08
EVADING_LARGE_CRAFT_PENALTY = 2  # AERO-MNV-06

# AERO-MNV-05: fighters and small craft that evade fire nothing but defensive systems.
NO_FIRE_WHILE_EVADING = frozenset({AeroClass.AEROSPACE_FIGHTER, AeroClass.CONVENTIONAL_FIGHTER, AeroClass.SMALL_CRAFT})
# AERO-MNV-06: large craft (of the seed-001 classes, DropShips) fire at +2 while evading.
LARGE_CRAFT = frozenset({AeroClass.DROPSHIP})

# AERO-MNV-07, AMB-60: the phases in which a unit may roll.
ROLL_PHASES = frozenset({"aero_movement", "space_movement"})

_SWAP_ARMOR = {Arc.LEFT: Arc.RIGHT, Arc.RIGHT: Arc.LEFT}
_SWAP_FIRING = {
    FiringArc.LEFT: FiringArc.RIGHT, FiringArc.RIGHT: FiringArc.LEFT,
    FiringArc.LEFT_AFT: FiringArc.RIGHT_AFT, FiringArc.RIGHT_AFT: FiringArc.LEFT_AFT,
}


def check_evasive_action(design: AeroDesign) -> None:
    """Raises unless the unit may take evasive action (AERO-MNV-02; airships never, AERO-MNV-03)."""
    if design.aero_class is AeroClass.AIRSHIP:
        raise IllegalOrderError(f"'{design.name}' is an airship: airships cannot take evasive action", "AERO-MNV-03")


def evading_fire_modifier(design: AeroDesign, *, capital_missile: bool = False, defensive: bool = False) -> int | None:
    """Returns the evading unit's own to-hit modifier for a weapon, or None if it may not fire it.

    Fighters and small craft fire only defensive systems (AERO-MNV-05); large
    craft fire at +2 (AERO-MNV-06), capital missiles without that penalty
    (AERO-MNV-04). Support vehicles are named by none of these rules: no change.
    """
    if design.aero_class in NO_FIRE_WHILE_EVADING:
        return 0 if defensive else None
    if design.aero_class in LARGE_CRAFT and not capital_missile and not defensive:
        return EVADING_LARGE_CRAFT_PENALTY
    return 0


def check_roll_phase(phase: str) -> None:
    """Raises unless ``phase`` is an aerospace movement phase: rolls are made only there (AERO-MNV-07)."""
    if phase not in ROLL_PHASES:
        raise IllegalOrderError(f"a roll is made only in an aerospace movement phase, not in {phase!r}", "AERO-MNV-07")


def roll_needs_control_roll(rolls_this_phase: int) -> bool:
    """Tells whether the roll that brings the phase's count to ``rolls_this_phase`` needs a control roll (AERO-MNV-08)."""
    return rolls_this_phase > SAFE_ROLLS_PER_PHASE


def rolled_armor_arc(arc: Arc, rolled: bool) -> Arc:
    """Returns the armor a hit on ``arc`` strikes: a rolled unit's left is its right (AERO-MNV-09)."""
    return _SWAP_ARMOR.get(arc, arc) if rolled else arc


def rolled_firing_arc(arc: FiringArc, rolled: bool) -> FiringArc:
    """Returns where a weapon mounted in ``arc`` fires: a rolled unit's left weapons fire right (AERO-MNV-09)."""
    return _SWAP_FIRING.get(arc, arc) if rolled else arc
