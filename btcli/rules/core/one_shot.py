"""One-shot weapons (issue #31, part "weapons"; EQ-OS-01, EQ-RL-01): a one-shot (OS) launcher, an LRM, SRM,
Streak SRM or MRM rack with its one salvo built in, and a rocket launcher (always one-shot) fire once a game and
need no ammunition bin. MegaMek @f0b2b01 ``WeaponType.F_ONESHOT`` (``weapons/srms/ISSRM4OS.java:45``,
``weapons/missiles/RLWeapon.java:40``): the weapon's own round, which ``Mounted.isOneShot`` holds as its linked
ammunition of one shot, fired once; MegaMek marks it used when it fires (``WeaponHandler.useAmmo``). A Streak's
salvo fires only on a hit (EQ-STREAK-01), so a one-shot Streak that misses keeps its salvo."""

from __future__ import annotations

from btcli.model.state import evolve
from btcli.model.units import Mount, Unit, Weapon


def is_one_shot(mount: Mount, data: Weapon) -> bool:
    """Tells whether a mount fires once a game: an (OS) launcher or a rocket launcher."""
    return mount.one_shot or data.one_shot


def takes_one_shot(data: Weapon) -> bool:
    """Tells whether a weapon comes as a one-shot (OS) launcher: MegaMek @f0b2b01 has OS versions of the LRM, SRM,
    Streak SRM, MRM and Narc launchers (weapons/lrms/ISLRM5OS.java ..., srms/ISStreakSRM2OS.java ...,
    missiles/ISMRM10OS.java ..., other/ISNarcOS.java); not of an ATM, an AMS or a rocket launcher (one-shot already)."""
    return data.kind == "missile" and data.ammo_per_ton > 0 and not (data.atm or data.ams or data.one_shot)


def spent_problem(unit: Unit, index: int) -> str:
    """Returns why a unit's weapon cannot fire because it has fired its one shot ('' when it may)."""
    mount = unit.weapons[index]
    if mount.spent and is_one_shot(mount, unit.spec(mount.weapon)):
        return f"{unit.id} cannot fire {mount.label}: it has fired its one shot (a one-shot weapon)"
    return ""


def spend_fired(unit: Unit) -> Unit:
    """Returns the unit with every one-shot weapon it has fired this turn marked spent."""
    mounts = list(unit.weapons)
    changed = False
    for i in set(unit.fired):
        mount = mounts[i]
        if not mount.spent and is_one_shot(mount, unit.spec(mount.weapon)):
            mounts[i] = evolve(mount, spent=True)
            changed = True
    return evolve(unit, weapons=tuple(mounts)) if changed else unit
