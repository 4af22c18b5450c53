"""Weapon modes chosen with a suffix on ``--weapon`` (tables.md 12, 7).

- ``:ap``: armor-piercing autocannon rounds (VEH-DMG-10; btcli.rules.core.combat).
- ``:cluster``: LB-X cluster rounds: 10 pellets of 1 damage from the cluster table
  (size 10), each its own hit location, -1 to-hit (grouping from memory, UNVERIFIED).
- ``:ultra``: an Ultra autocannon at double rate: two shots of ammunition and heat,
  the cluster table size 2 for the shots that hit, each its own hit; a natural 2 on
  the to-hit roll jams the weapon for the rest of the game: no crew clears it (EQ-UAC-01;
  MegaMek @f0b2b01 weapons/UltraWeaponHandler.java:157, Entity.java:2693 canUnjamRAC).
- ``:2`` .. ``:6``: a Rotary autocannon's shots this attack (``:1`` or none: one shot; EQ-RAC-01..03):
  a round and the heat per shot, the cluster table of that size, a jam on a low to-hit roll
  (MegaMek @f0b2b01 weapons/RACHandler.java:55-94; 2 shots fire through UltraWeaponHandler).

- ``:artemis``, ``:narc``: Artemis IV- and Narc-capable missiles, ``:er``, ``:he``: ATM rounds
  (btcli.rules.core.fire_control; EQ-ART-01, EQ-NARC-02, EQ-ATM-01).

Streak launchers need no suffix: on a hit every missile hits (no cluster roll); on
a miss the launcher does not fire, using no ammunition and making no heat (memory,
UNVERIFIED). Gauss rifles explode when a critical hit destroys them
(btcli.rules.core.damage).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_combat import RotaryJammed, WeaponJammed
from btcli.model.state import evolve
from btcli.model.units import Weapon
from btcli.rules.core import combat_tables, fire_control

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MODES = ("standard", "ap", "cluster", "ultra", *fire_control.MODES)
ROTARY_MODES = ("1", "2", "3", "4", "5", "6")  # a Rotary AC's shots in one attack (EQ-RAC-01)
# EQ-RAC-03: the to-hit roll at or below which a Rotary AC jams, by shots fired (MegaMek @f0b2b01
# weapons/RACHandler.java:64-84: 6 shots <= 4, 4-5 <= 3, 2-3 <= 2; UltraWeaponHandler.java:157 for 2).
ROTARY_JAM = {1: 0, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4}
# VEH-DMG-10, TW p.140 (UNVERIFIED; Sarna "Armor-Piercing"): armor-piercing rounds for standard autocannons
# only: +1 to-hit, half the shots per ton, and a critical roll on every hit at this modifier.
AP_CRITICAL_MODIFIER = {"AC/2": -4, "AC/5": -3, "AC/10": -2, "AC/20": -1}
AP_TO_HIT = 1
CLUSTER_TO_HIT = -1
ULTRA_SHOTS = 2
ULTRA_JAM_ROLL = 2  # a natural 2 while double-firing


def problem(weapon: str, data: Weapon, mode: str) -> str:
    """Returns why a weapon cannot fire in this mode, or ''."""
    if mode in ROTARY_MODES:
        return "" if data.rotary else f"only Rotary autocannons fire 1 to 6 shots (:{mode}), not {weapon!r}"
    if data.rotary and mode not in ("standard",):
        return f"a Rotary autocannon fires 1 to 6 shots (:1 .. :6), not {mode!r}"
    if mode not in MODES:
        return f"unknown mode {mode!r} (use {', '.join(MODES[1:])}, or 1 to 6 shots for a Rotary AC)"
    if mode == "ap" and weapon not in AP_CRITICAL_MODIFIER:
        return f"armor-piercing ammunition is for standard autocannons ({', '.join(AP_CRITICAL_MODIFIER)}), not {weapon!r}"
    if mode == "cluster" and not data.lbx:
        return f"cluster rounds are for LB-X autocannons, not {weapon!r}"
    if mode == "ultra" and not data.ultra:
        return f"only Ultra autocannons fire at double rate, not {weapon!r}"
    return fire_control.mode_problem(weapon, data, mode)


def bin_kind(mode: str) -> str:
    """Returns the ammunition kind a mode fires (an Ultra's double rate and a Rotary's shots fire standard rounds)."""
    return "standard" if mode == "ultra" or mode in ROTARY_MODES else mode


def shots(mode: str) -> int:
    """Returns the rounds (and heat multiples) one attack in this mode uses (EQ-UAC-01, EQ-RAC-01)."""
    if mode in ROTARY_MODES:
        return int(mode)
    return ULTRA_SHOTS if mode == "ultra" else 1


def modes_of(data: Weapon, weapon: str, kinds: tuple[str, ...] = ("cluster", "ap")) -> tuple[str, ...]:
    """Returns the modes a weapon may fire in, as ``--weapon NAME:MODE`` spells them ('' = standard;
    EQ-STATE-01): an Ultra's ultra, a Rotary's 2 to 6 shots, an LB-X's cluster rounds and a standard
    autocannon's armor-piercing rounds (those two when ``kinds``, the ammunition carried, holds them)."""
    if data.rotary:
        return ("",) + ROTARY_MODES[1:]
    found = [""]
    if data.ultra:
        found.append("ultra")
    if data.lbx and "cluster" in kinds:
        found.append("cluster")
    if weapon in AP_CRITICAL_MODIFIER and "ap" in kinds:
        found.append("ap")
    return tuple(found)


def unit_modes(unit, weapon: str) -> tuple[str, ...]:
    """Returns the modes a unit's weapon may fire in now: ``modes_of`` with the ammunition it carries."""
    kinds = tuple({a.kind for a in unit.ammo if a.weapon == weapon and a.shots > 0})
    return modes_of(unit.spec(weapon), weapon, kinds)


def to_hit_modifiers(mode: str) -> list[tuple[str, int]]:
    """Returns a mode's to-hit modifier: +1 armor-piercing (TW p.140, UNVERIFIED), -1 LB-X cluster rounds."""
    if mode == "ap":
        return [("armor-piercing ammunition", AP_TO_HIT)]
    return [("LB-X cluster rounds", CLUSTER_TO_HIT)] if mode == "cluster" else []


def jams(mode: str, natural: int) -> bool:
    """Tells whether an Ultra autocannon jams on this to-hit roll (a natural 2 while double-firing, EQ-UAC-01)
    or a Rotary one (at or below its rate's number, EQ-RAC-03)."""
    if mode in ROTARY_MODES:
        return natural <= ROTARY_JAM[int(mode)]
    return mode == "ultra" and natural == ULTRA_JAM_ROLL


def jams_by_firing(data: Weapon) -> bool:
    """Tells whether the weapon's jams come from its own fire (an Ultra or a Rotary AC: EQ-UAC-01, EQ-RAC-03), which
    no crew clears (a Rotary is unjammed by EQ-RAC-04). Derived, not kept: btcli reads every jam of such a weapon
    as one (a vehicle's weapon-jam critical on one is the rare exception it misses; docs/rules-notes.md)."""
    return data.ultra or data.rotary


def after_roll(attacker, index: int, natural: int, mode: str, events: Events):
    """Returns the attacker with its weapon jammed if this roll jams it (an Ultra at double rate on a
    natural 2), else unchanged."""
    if not jams(mode, natural):
        return attacker
    label = attacker.weapons[index].label
    events.append(RotaryJammed(attacker.id, label, int(mode), natural) if mode in ROTARY_MODES
                  else WeaponJammed(attacker.id, label))
    mounts = list(attacker.weapons)
    mounts[index] = evolve(mounts[index], jammed=True)
    return evolve(attacker, weapons=tuple(mounts))


def damage_groups(dice: Dice, data: Weapon, mode: str, label: str, target_id: str,
                  modifiers: tuple[tuple[str, int], ...] = ()) -> list[int]:
    """Returns the damage groups of one hit (tables.md 7, 12); ``modifiers`` change a missile salvo's cluster roll
    (Artemis IV, ATM, Narc, AMS: btcli.rules.core.fire_control), which stays within 2..12."""
    per = data.damage
    if mode == "ultra":
        roll = dice.roll(2, f"cluster hits {label} vs {target_id} (2 shots, double rate)").total
        return [per] * combat_tables.cluster_hits(ULTRA_SHOTS, roll)
    if mode in ROTARY_MODES and mode != "1":  # EQ-RAC-02: the cluster table of the shots fired
        roll = dice.roll(2, f"cluster hits {label} vs {target_id} ({mode} shots)").total
        return [per] * combat_tables.cluster_hits(int(mode), roll)
    if mode == "cluster":
        size = data.cluster
        roll = dice.roll(2, f"cluster hits {label} vs {target_id} ({size} pellets)").total
        return [1] * combat_tables.cluster_hits(size, roll)
    if data.kind == "missile" and data.cluster > 0:
        size = data.cluster
        change = sum(v for _, v in modifiers)
        if data.streak and not modifiers:
            missiles = size  # a Streak that hits hits with every missile
        elif data.streak:  # an AMS against a Streak: a roll of 11 and the modifier (EQ-AMS-01)
            missiles = combat_tables.cluster_hits(size, fire_control.clamp_cluster_roll(fire_control.STREAK_ROLL + change))
        else:
            roll = dice.roll(2, f"cluster hits {label} vs {target_id} ({size} missiles)", modifiers=modifiers).total
            missiles = combat_tables.cluster_hits(size, fire_control.clamp_cluster_roll(roll + change))
        if data.atm:  # EQ-ATM-03: the damage of the missiles that hit, in 5-point groups
            return combat_tables.damage_groups(missiles * per, data.group)
        group = data.group or missiles
        return [n * per for n in combat_tables.damage_groups(missiles, group)]
    return [per]


def full_damage(data: Weapon, mode: str = "standard") -> int:
    """Returns a weapon's whole damage, every missile, pellet or shot hitting (URB-ATK-05)."""
    per = data.damage
    if mode == "ultra" or mode in ROTARY_MODES:
        return per * shots(mode)
    if mode == "cluster" or (data.kind == "missile" and data.cluster > 0):
        return (1 if mode == "cluster" else per) * data.cluster
    return per


def shot_damage(data: Weapon, kind: str = "standard") -> int:
    """Returns the damage one shot of ammunition holds: a missile salvo counts every missile (tables.md 12); an
    ATM's by its rounds (MegaMek @f0b2b01 AmmoType: ER 1, HE 3 a missile)."""
    data = fire_control.loaded(data, kind)
    missiles = data.cluster if data.kind == "missile" else 0
    return data.damage * max(1, missiles)


def preview_damage(data: Weapon, mode: str) -> str:
    """Returns what ``attack --dry-run`` says a hit does in this mode: a missile's damage and the cluster table,
    an Ultra's or a Rotary's shots and theirs, an LB-X's pellets, or the damage of one shot."""
    if data.kind == "missile" and data.cluster:
        return f"{data.damage} a missile, {data.cluster} missiles (cluster table)"
    if mode == "cluster" and data.lbx:
        return f"1 a pellet, {data.cluster} pellets (cluster table)"
    if shots(mode) > 1:
        return f"{data.damage} a shot, {shots(mode)} shots (cluster table)"
    return f"{data.damage} damage"


def modes_line(unit, weapon: str) -> str:
    """Returns the modes a weapon of several fires in now, for the dry run (EQ-STATE-01), or ''."""
    modes = unit_modes(unit, weapon)
    if len(modes) < 2:
        return ""
    return "; modes " + ", ".join(f":{m}" if m else "standard" for m in modes)


def weapon_blast(data: Weapon, jammed: bool) -> int:
    """Returns the damage a weapon deals its location when a critical hit destroys it (0: none): a Gauss
    rifle's explosion (EQ-GAUSS-01: IS and Clan Gauss 20, Light Gauss 16; MegaMek @f0b2b01
    weapons/gaussrifles/ISGaussRifle.java:62, ISLGaussRifle.java:63, CLGaussRifle.java:62), a Rotary AC's
    one shot's damage while it is jammed (EQ-RAC-05; weapons/autocannons/RACWeapon.java:47-49, ISRAC5.java:55,
    common/EquipmentType.java:426-430: explosive only when jammed)."""
    if data.rotary:
        return data.damage if jammed else 0
    return data.explodes_when_destroyed


def fired_mode(unit, index: int) -> str:
    """Returns the rate a weapon fired at this turn ('' for one shot or not fired; EQ-STATE-01): an Ultra's
    ``ultra`` and a Rotary's shots, from the times ``fired`` lists it. Which rounds an autocannon fired (AP,
    cluster) is not kept in the state: a game file written before issue #31 must replay to the same hashes."""
    shots_fired = unit.fired.count(index)
    if not shots_fired:
        return ""
    data = unit.spec(unit.weapons[index].weapon)
    if data.rotary:
        return str(shots_fired) if shots_fired > 1 else ""
    if data.ultra:
        return "ultra" if shots_fired == ULTRA_SHOTS else ""
    return ""
