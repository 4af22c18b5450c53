"""Damage by range bracket (issue #31, part "weapons"; EQ-RNG-01): a weapon whose damage falls with the range
bracket it fires into, the Snub-Nose PPC (10/8/5) and the Heavy Gauss Rifle (25/20/10). MegaMek @f0b2b01
``weapons/ppc/ISSnubNosePPC.java:49-51, 75-85`` and ``weapons/gaussrifles/ISHGaussRifle.java:54-56, 79-89``
(``getDamage(range)``: the short damage up to the short range, the medium damage up to the medium range, else
the long damage)."""

from __future__ import annotations

from btcli.model.hexgrid import HexId
from btcli.model.state import evolve
from btcli.model.units import Weapon


def between(data: Weapon, origin: HexId | None, target: HexId | None) -> Weapon:
    """Returns a weapon's data with the damage of the bracket the distance from ``origin`` to ``target`` falls in
    (any other weapon, or a unit off the map, as it is)."""
    if not data.damage_by_range or origin is None or target is None:
        return data
    return at_distance(data, origin.distance(target))


def at_distance(data: Weapon, distance: int) -> Weapon:
    """Returns a weapon's data with the damage of the bracket ``distance`` hexes falls in (any other weapon as
    it is)."""
    if not data.damage_by_range:
        return data
    short, medium, long = data.damage_by_range
    damage = short if distance <= data.short else medium if distance <= data.medium else long
    return data if damage == data.damage else evolve(data, damage=damage)
