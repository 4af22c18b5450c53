"""MASC (issue #31 item 4; docs/equipment-rules.md EQ-MASC-01..05): Myomer Accelerator Signal Circuitry lets a
'Mech run at twice its walking MP; each turn it is used beyond the running MP it has without it, a 2D6 roll
against the target number of its level, and on a failure a critical hit in each leg.

A 'Mech carries MASC as the slot item ``masc`` (Inner Sphere and Clan alike: they differ only in tons and
slots); a critical hit on any of its slots destroys it (MegaMek @f0b2b01 Entity.getMASC: a mount that is not
ready is not used). Its level and this turn's use are the 'Mech's ``MechState`` (masc_level, masc_rose,
masc_used). The roll and its failure are ``btcli.rules.core.masc_roll`` (it meets damage and PSRs).

Sources: equipment.md E3 (MASC); MegaMek @f0b2b01 megamek/src/megamek/common/Mech.java:1099-1112 (getRunMP),
:567-578 (newRound), Entity.java:769 (MASC_FAILURE), :14196-14392 (checkForMASCFailure, doMASCCheckFor),
MoveStep.java:2418-2441 (MASC used only beyond running MP without it), server/Server.java:6828-6836 and
:9629-9708 (checkMASCFailure: the roll at the first step, critical hits, PSRs at once, the move replotted).
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.frozen import evolve
from btcli.model.units import Unit

ITEM = "masc"  # the slot item
MODE = "masc"  # ``move --mode masc``: a run with MASC engaged
# The failure target number by level 0-6 (EQ-MASC-02; MegaMek @f0b2b01 Entity.java:769 MASC_FAILURE).
FAILURE_TARGET = (3, 5, 7, 11, 13, 13, 13)


def has_masc(unit: Unit) -> bool:
    """Tells whether the unit carries MASC none of whose slots is destroyed (EQ-MASC-01)."""
    found = False
    for location, items in unit.built.slots.items():
        if ITEM in items:
            hit = unit.slot_hits(location) if unit.crits else ()
            if any(item == ITEM and i in hit for i, item in enumerate(items)):
                return False
            found = True
    return found


def engaged(unit: Unit) -> bool:
    """Tells whether the unit runs with MASC this turn: it used it (or tried to) and it still works."""
    return used(unit) and has_masc(unit)


def used(unit: Unit) -> bool:
    """Tells whether the unit used MASC (or tried to: it rolled) this turn."""
    return unit.built.masc_used


def masc_running_mp(walking: int) -> int:
    """Running MP with MASC engaged: twice walking MP now (EQ-MASC-01; Mech.getRunMP: walk x 2)."""
    return walking * 2


def level(unit: Unit) -> int:
    return unit.built.masc_level


def target(unit: Unit) -> int:
    """The roll's target number at the unit's level (EQ-MASC-02): 3, 5, 7, 11, 13, 13, 13."""
    return FAILURE_TARGET[min(level(unit), len(FAILURE_TARGET) - 1)]


def with_masc(unit: Unit) -> Unit:
    """Returns the unit with MASC engaged for this turn; refuses a unit without working MASC."""
    if not has_masc(unit):
        raise IllegalOrderError(f"'{unit.id}' has no working MASC (--mode masc)", "EQ-MASC-01")
    if unit.built.masc_used:
        return unit
    return evolve(unit, mech=evolve(unit.built, masc_used=True))  # has_masc: a 'Mech


def end_turn(unit: Unit) -> Unit:
    """The End Phase (EQ-MASC-03; MegaMek @f0b2b01 Mech.newRound): a level rises by 1 after a turn MASC was
    used; after a turn it was not it falls by 1, and by 1 more the first such turn after it rose (the rise
    counted the next turn's use ahead), never below 0."""
    state = unit.mech
    if not state or not (state.masc_used or state.masc_level or state.masc_rose):
        return unit
    if state.masc_used:
        new = evolve(state, masc_level=state.masc_level + 1, masc_rose=True, masc_used=False)
    else:
        fallen = max(0, state.masc_level - 1)
        if state.masc_rose:
            fallen = max(0, fallen - 1)
        new = evolve(state, masc_level=fallen, masc_rose=False)
    return evolve(unit, mech=new)
