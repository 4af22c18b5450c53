"""How a 'Mech is built, as it plays (issue #31; docs/equipment-rules.md, equipment.md E3): its engine's hits
(a destroyed side torso takes its engine slots with it), its heat sinks' dissipation, the slots a critical
hit rolls again on, and what CASE and CASE II do to an explosion. The unit carries its construction (its
``engine_type``, its 'Mech record's heat sink type, structure, armor and CASE locations); nothing here reads
the catalog.
"""

from __future__ import annotations

from btcli.model.units import ROLL_AGAIN, Unit

ENGINE_DESTROYED_HITS = 3  # EQ-ENG-02: MegaMek @f0b2b01 Server.java:24847 and :23432 (hitsToDestroy = 3)
DOUBLE_SINK = 2  # EQ-HS-01: a working double heat sink dissipates 2 (Mech.getHeatCapacity)
CASE_II_CRITICAL_CANCEL = 8  # EQ-CASE-03: 2D6 >= 8 cancels the critical check (Server.java:22966-22971)


def engine_hits(unit: Unit) -> int:
    """Returns the engine's hits: its engine slots destroyed by critical hits, and those of a destroyed
    location (EQ-ENG-02: MegaMek @f0b2b01 Mech.getEngineHits counts damaged, breached and missing slots,
    Entity.getHitCriticals; a destroyed location's slots are missing)."""
    hits = unit.count_hits("engine")
    for location, contents in unit.built.slots.items():
        if location in unit.internal and unit.internal[location] <= 0 and "engine" in contents:
            hit = unit.slot_hits(location)
            hits += sum(1 for i, item in enumerate(contents) if item == "engine" and i not in hit)
    return hits


def lost_engine_slots(unit: Unit, location: str) -> int:
    """Returns the engine slots a location holds that no critical hit has destroyed (those a destroyed side
    torso takes with it, EQ-ENG-02)."""
    hit = unit.slot_hits(location)
    return sum(1 for i, item in enumerate(unit.built.slots.get(location, ())) if item == "engine" and i not in hit)


def dissipation(unit: Unit) -> tuple[int, bool]:
    """Returns the heat its working heat sinks dissipate and whether they are double (EQ-HS-01: a single
    sink 1, a double 2; destroyed ones nothing, EQ-HS-02)."""
    double = unit.built.double_sinks
    return unit.working_heat_sinks * (DOUBLE_SINK if double else 1), double


def rolls_again(item: str) -> bool:
    """Tells whether a critical hit on a slot holding ``item`` is rolled again (EQ-STR-01: Endo Steel,
    Ferro-Fibrous, CASE and CASE II are not hittable, MegaMek @f0b2b01 MiscType ``hittable = false``;
    TW's "Roll Again")."""
    return item in ROLL_AGAIN


def has_case(unit: Unit, location: str) -> bool:
    """Tells whether CASE (or Clan CASE) protects a location (EQ-CASE-01)."""
    return location in unit.built.case


def has_case_ii(unit: Unit, location: str) -> bool:
    """Tells whether CASE II protects a location (EQ-CASE-03)."""
    return location in unit.built.case_ii


def case_ii_armor(unit: Unit, location: str, prevented: int, rear_key: str | None) -> tuple[str, int]:
    """Returns the armor a CASE II explosion vents through and what it strips (EQ-CASE-03: MegaMek @f0b2b01
    Server.java:22928-22960): a torso loses rear armor up to the damage prevented; the head, an arm or a leg
    its armor up to half its original armor, rounded up."""
    if rear_key is not None:
        return rear_key, min(prevented, unit.armor.get(rear_key, 0))
    half = -(-unit.max_armor.get(location, 0) // 2)
    return location, min(prevented, half, unit.armor.get(location, 0))
