"""The targeting computer (issue #31 item 5; equipment.md E3; docs/equipment-rules.md EQ-TC-01..03).

- EQ-TC-01: a unit with a working targeting computer (Inner Sphere or Clan) takes -1 on the to-hit number
  of each direct-fire weapon it fires (MegaMek @f0b2b01 common/actions/WeaponAttackAction.java:3465-3476,
  ``F_DIRECT_FIRE``): lasers, PPCs, autocannons of every kind and Gauss rifles, not flamers and machine guns
  (which lack the flag: weapons/flamers/FlamerWeapon.java:41, mgs/MGWeapon.java:42), not missiles or
  artillery, and not an LB-X firing cluster rounds.
- EQ-TC-02: its size: ceil(the tons of the unit's direct-fire weapons / 4) critical slots for the Inner
  Sphere's, / 5 for the Clan's (MegaMek @f0b2b01 common/MiscType.java:1111-1130 and 641-659); the importer
  reads its slots from the file and ``btcli check`` refuses another count.
- EQ-TC-03: one critical hit on any of its slots destroys it (one spreadable item, MiscType.java:6737) and the
  bonus is lost (Entity.java:5575 ``hasTargComp``: ``!m.isInoperable()``).

A 'Mech carries it in its critical slots (``equipment:Targeting Computer``, ``equipment:Clan Targeting
Computer``), a vehicle as ``Unit.targeting_computer`` ("IS" or "Clan"), so no rule reads the catalog.
"""

from __future__ import annotations

from math import ceil

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.units import Unit, Weapon

ITEMS = {"equipment:Targeting Computer": 4, "equipment:Clan Targeting Computer": 5}  # item: weapon tons a slot
TO_HIT = -1
NOT_DIRECT_FIRE = ("Flamer", "Machine Gun")  # energy and ballistic weapons without MegaMek's F_DIRECT_FIRE


def direct_fire(weapon: str, data: Weapon) -> bool:
    """Tells whether a weapon is direct fire as MegaMek flags it: an energy or ballistic weapon that is not a
    flamer or a machine gun (EQ-TC-01)."""
    if data.ams or data.tag:  # an anti-missile system, a TAG: no F_DIRECT_FIRE either (EQ-AMS-01, EQ-TAG-01)
        return False
    return data.kind in ("energy", "ballistic") and not any(word in weapon for word in NOT_DIRECT_FIRE)


VEHICLE_ITEMS = {"IS": "equipment:Targeting Computer", "Clan": "equipment:Clan Targeting Computer"}


def computer(unit: Unit) -> tuple[str, list[tuple[str, int]]]:
    """Returns the unit's targeting computer's slot item and its slots (location, index), or ('', []); a
    vehicle's (``Unit.targeting_computer``) has no slots: no critical hit of a vehicle's destroys it (MegaMek
    @f0b2b01 server/Server.java:25944 applyTankCritical names none; it stays working)."""
    if unit.targeting_computer:
        return VEHICLE_ITEMS[unit.targeting_computer], []
    for contents in unit.built.slots.values():
        for item in contents:
            if item in ITEMS:
                return item, [(loc, j) for loc, cs in unit.built.slots.items() for j, it in enumerate(cs) if it == item]
    return "", []


def working(unit: Unit) -> bool:
    """Tells whether the unit has a targeting computer no critical hit has destroyed (EQ-TC-03)."""
    item, where = computer(unit)
    return bool(item) and not any(slot in unit.slot_hits(location) for location, slot in where)


def state(unit: Unit) -> str:
    """Returns what the reports say of it: 'working', 'destroyed', or '' for none."""
    item, _ = computer(unit)
    return "" if not item else "working" if working(unit) else "destroyed"


def modifiers(unit: Unit, weapon: str, mode: str) -> list[tuple[str, int]]:
    """Returns the -1 of a working targeting computer for a direct-fire weapon it covers in this mode (EQ-TC-01)."""
    if mode == "cluster" or not working(unit) or not direct_fire(weapon, unit.spec(weapon)):
        return []
    return [("targeting computer", TO_HIT)]


def size(item: str, weapons: list[tuple[str, float, Weapon]]) -> int:
    """Returns the slots a targeting computer takes: the tons of the direct-fire weapons over 4 (Inner Sphere)
    or 5 (Clan), rounded up (EQ-TC-02). ``weapons``: (name, tons, data) of each weapon mounted."""
    tons = sum(t for name, t, data in weapons if direct_fire(name, data))
    return ceil(tons / ITEMS[item] - 1e-9)
