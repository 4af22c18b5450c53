"""Support vehicles (issue #31, docs/equipment-rules.md EQ-SV): what a support vehicle plays otherwise than a
combat vehicle of its motive. Everything else (hit locations, critical tables, motive damage, crew) is the
combat vehicle's (EQ-SV-01): MegaMek @f0b2b01's SupportTank extends Tank and SupportVTOL extends VTOL without
overriding their hit or critical tables.

- EQ-SV-02: a damage group greater than the barrier armor rating (BAR) of the armor it strikes rolls once on the
  location's critical column (MegaMek @f0b2b01 megamek/src/megamek/server/Server.java:22754-22766).
- EQ-SV-03: with an armored chassis that roll takes -1 (the same lines).
- EQ-SV-04: its fire control: none +2 to hit, basic +1, advanced +0 (MegaMek @f0b2b01
  megamek/src/megamek/common/actions/WeaponAttackAction.java:3429-3438).
- EQ-SV-07: an armor-piercing round's critical roll against BAR armor takes +2 (MegaMek @f0b2b01
  megamek/src/megamek/server/Server.java:23384-23398).

The unit carries what these read (``VehicleState.support``, ``bar``, ``fire_control``, ``armored_chassis``).
"""

from __future__ import annotations

from btcli.model.units import Unit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

NO_BAR = 10  # BAR 10: the armor of a combat vehicle, which no damage penetrates (Entity.hasBARArmor: BAR < 10)
ARMORED_CHASSIS = -1  # EQ-SV-03
FIRE_CONTROL = {"none": 2, "basic": 1, "advanced": 0}  # EQ-SV-04
AP_AGAINST_BAR = 2  # EQ-SV-07


def penetrates(unit: Unit, armor_before: int, damage: int) -> bool:
    """EQ-SV-02: whether a damage group penetrates the armor it strikes: the location still had armor when it
    struck, and the group's damage exceeds the armor's BAR (below 10)."""
    v = unit.vehicle
    return v is not None and v.bar < NO_BAR and armor_before > 0 and damage > v.bar


def penetration(unit: Unit, location: str, damage: int, events: Events) -> int:
    """EQ-SV-02, 03: says that a damage group penetrates a support vehicle's armor and returns the modifier of the
    critical roll it makes, once, on the location's column (-1 with an armored chassis); the vehicle's damage rule
    rolls it."""
    from btcli.model.events_vehicles import ArmorPenetrated

    v = unit.vehicle
    assert v is not None  # penetrates() said it is a vehicle
    events.append(ArmorPenetrated(unit.id, location, damage, v.bar))
    return ARMORED_CHASSIS if v.armored_chassis else 0


def ap_modifier(unit: Unit) -> int:
    """EQ-SV-07: an armor-piercing round's critical roll against armor of a BAR below 10 takes +2."""
    v = unit.vehicle
    return AP_AGAINST_BAR if v is not None and v.bar < NO_BAR else 0


def fire_control_modifiers(unit: Unit) -> list[tuple[str, int]]:
    """EQ-SV-04: a support vehicle's to-hit modifier for its fire control (none +2, basic +1, advanced none)."""
    v = unit.vehicle
    if v is None or not v.support:
        return []
    kind = v.fire_control or "none"
    return [("no fire control" if kind == "none" else f"{kind} fire control", FIRE_CONTROL[kind])] if FIRE_CONTROL[kind] else []
