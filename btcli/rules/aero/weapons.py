"""Weapons in aerospace combat: range brackets in hexes and each weapon's aerospace values (issue #14).

Aerospace units measure range in hexes of the map they fly on, in four brackets
(TW aerospace ranges; UNVERIFIED, from memory, as MegaMek's ``RANGE_SHORT`` ..
``RANGE_EXT``): short 1-6 (+0), medium 7-12 (+2), long 13-20 (+4), extreme
21-25 (+6; the modifiers are tables.md 6.1's). A weapon fires out to its
longest bracket and has no minimum range there.

A weapon's aerospace values (``AERO_WEAPONS``) are its heat (tables.md 12), its
damage as one hit (the "attack value": a missile launcher's is the cluster
table's result for a roll of 7 times the damage per missile, tables.md 7) and
its longest bracket (TW's aerospace weapon table, from memory; UNVERIFIED, see
docs/rules-notes.md), its family (energy, ballistic, missile: what may strafe) and the groups its
damage strikes a ground unit in (air-to-ground, ``air_ground``). The seed gives none of these. They are rules data beside
the rules that use them, as the to-hit tables are: no rule reads the catalog.
"""

from __future__ import annotations

from btcli.model.choices import Choice
from btcli.model.frozen import Record


class Bracket(Choice):
    """An aerospace range bracket."""

    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"


# UNVERIFIED (TW aerospace ranges, memory): the last hex of each bracket, and its to-hit modifier (tables.md 6.1).
BRACKETS = ((Bracket.SHORT, 6, 0), (Bracket.MEDIUM, 12, 2), (Bracket.LONG, 20, 4), (Bracket.EXTREME, 25, 6))
_ORDER = [b for b, _, _ in BRACKETS]


class AeroWeaponData(Record):
    """What a weapon does in aerospace combat: heat, damage as one hit, longest bracket."""

    heat: int
    damage: int
    reach: Bracket
    to_hit: int = 0  # its own modifier (a pulse laser's -2)
    capital_missile: bool = False  # AERO-MNV-04: no evading-shooter penalty
    family: str = "energy"  # "energy", "ballistic" or "missile" (tables.md 12's flags): what may strafe (TW p.243)
    group: int = 0  # against a ground unit its damage strikes in groups of this size (missiles; 0: one group)


_S, _M, _L = Bracket.SHORT, Bracket.MEDIUM, Bracket.LONG
_B, _MI = "ballistic", "missile"
# Heat and damage: tables.md 12 (missiles: cluster table at 7 x damage per missile); reach: UNVERIFIED (memory).
# Groups against ground units (air-to-ground, btcli's reading, UNVERIFIED): LRMs in 5-point groups, SRMs 2 per
# missile, as tables.md 12 groups them on the ground.
AERO_WEAPONS: dict[str, AeroWeaponData] = {
    "Small Laser": AeroWeaponData(1, 3, _S),
    "Medium Laser": AeroWeaponData(3, 5, _S),
    "Large Laser": AeroWeaponData(8, 8, _M),
    "ER Large Laser": AeroWeaponData(12, 8, _L),
    "Medium Pulse Laser": AeroWeaponData(4, 6, _S, to_hit=-2),  # not in tables.md 12: TW from memory, UNVERIFIED
    "PPC": AeroWeaponData(10, 10, _M),
    "ER PPC": AeroWeaponData(15, 10, _L),
    "Machine Gun": AeroWeaponData(0, 2, _S, family=_B),
    "Flamer": AeroWeaponData(3, 2, _S),
    "AC/2": AeroWeaponData(1, 2, _L, family=_B),
    "AC/5": AeroWeaponData(1, 5, _M, family=_B),
    "AC/10": AeroWeaponData(3, 10, _M, family=_B),
    "AC/20": AeroWeaponData(7, 20, _S, family=_B),
    "Gauss Rifle": AeroWeaponData(1, 15, _M, family=_B),
    "LRM-5": AeroWeaponData(2, 3, _L, family=_MI, group=5),
    "LRM-10": AeroWeaponData(4, 6, _L, family=_MI, group=5),
    "LRM-15": AeroWeaponData(5, 9, _L, family=_MI, group=5),
    "LRM-20": AeroWeaponData(6, 12, _L, family=_MI, group=5),
    "SRM-2": AeroWeaponData(2, 2, _S, family=_MI, group=2),
    "SRM-4": AeroWeaponData(3, 6, _S, family=_MI, group=2),
    "SRM-6": AeroWeaponData(4, 8, _S, family=_MI, group=2),
}


def data(name: str) -> AeroWeaponData | None:
    """Returns a weapon's aerospace values, or None for a weapon btcli has none for."""
    return AERO_WEAPONS.get(name)


def bracket(distance: int) -> Bracket | None:
    """Returns the bracket ``distance`` hexes fall in (0, the same hex, is short), or None beyond extreme."""
    for name, last, _ in BRACKETS:
        if distance <= last:
            return name
    return None


def modifier(which: Bracket) -> int:
    """Returns a bracket's to-hit modifier: +0, +2, +4, +6 (tables.md 6.1)."""
    return next(m for b, _, m in BRACKETS if b is which)


def reaches(weapon: AeroWeaponData, which: Bracket) -> bool:
    """Tells whether a weapon fires into a bracket: every bracket up to its longest."""
    return _ORDER.index(which) <= _ORDER.index(weapon.reach)


def last_hex(which: Bracket) -> int:
    """Returns the last hex of a bracket."""
    return next(last for b, last, _ in BRACKETS if b is which)
