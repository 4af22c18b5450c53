"""Anti-missile systems (EQ-AMS-01, EQ-AMS-02; btcli.rules.core.fire_control has the modifiers): which AMS of a
unit engages a missile attack at it, and its round spent. Apart from fire_control because it asks the unit's kind
for a mount's arc (fire_control stays below weapon_modes)."""

from __future__ import annotations

from btcli.model.state import evolve
from btcli.model.units import AmmoBin, Unit
from btcli.rules import kinds
from btcli.rules.core import arcs


def ready_ams(target: Unit, attacker: Unit) -> int | None:
    """Returns the index of the first anti-missile system of ``target`` that may engage an attack from
    ``attacker``, or None: not destroyed or jammed, not yet fired this turn, with a round left, its unit not shut
    down, the attacker in its arc (MegaMek @f0b2b01 MissileWeaponHandler.getAMSHitsMod, Entity.assignAMS)."""
    if target.built.shutdown or not target.active or target.hex is None or attacker.hex is None:
        return None
    for i, mount in enumerate(target.weapons):
        if not target.spec(mount.weapon).ams or mount.destroyed or mount.jammed or i in target.fired:
            continue
        if not any(a.weapon == mount.weapon and a.shots > 0 for a in target.ammo):
            continue
        twist = target.twist if kinds.turns_with_twist(target, mount.location) else 0
        arc = kinds.mount_arc(target, mount.location, mount.rear)
        if arcs.in_arc(target.hex, target.facing.turned(twist), arc, attacker.hex):
            return i
    return None


def fire_ams(target: Unit, index: int) -> Unit:
    """Returns the target with its AMS ``index`` fired: one round from its first bin with shots, and the mount
    counted as fired this turn (its heat at the heat phase; once a turn)."""
    name = target.weapons[index].weapon
    ammo = list(target.ammo)
    b = next(i for i, a in enumerate(ammo) if a.weapon == name and a.shots > 0)
    ammo[b] = AmmoBin(ammo[b].weapon, ammo[b].location, ammo[b].shots - 1, ammo[b].kind)
    return evolve(target, ammo=tuple(ammo), fired=target.fired + (index,))
