"""Weapon modes chosen with a suffix on ``--weapon`` (tables.md 12, 7).

- ``:ap``: armor-piercing autocannon rounds (VEH-DMG-10; btcli.rules.core.combat).
- ``:cluster``: LB-X cluster rounds: 10 pellets of 1 damage from the cluster table
  (size 10), each its own hit location, -1 to-hit (grouping from memory, UNVERIFIED).
- ``:ultra``: an Ultra autocannon at double rate: two shots of ammunition and heat,
  the cluster table size 2 for the shots that hit, each its own hit; a natural 2 on
  the to-hit roll jams the weapon for the rest of the game (memory, UNVERIFIED).

- ``:artemis``, ``:narc``: Artemis IV- and Narc-capable missiles, ``:er``, ``:he``: ATM rounds
  (btcli.rules.core.fire_control; EQ-ART-01, EQ-NARC-02, EQ-ATM-01).

Streak launchers need no suffix: on a hit every missile hits (no cluster roll); on
a miss the launcher does not fire, using no ammunition and making no heat (memory,
UNVERIFIED). Gauss rifles explode when a critical hit destroys them
(btcli.rules.core.damage).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_combat import WeaponJammed
from btcli.model.state import evolve
from btcli.model.units import Weapon
from btcli.rules.core import combat_tables, fire_control

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MODES = ("standard", "ap", "cluster", "ultra", *fire_control.MODES)
# VEH-DMG-10, TW p.140 (UNVERIFIED; Sarna "Armor-Piercing"): armor-piercing rounds for standard autocannons
# only: +1 to-hit, half the shots per ton, and a critical roll on every hit at this modifier.
AP_CRITICAL_MODIFIER = {"AC/2": -4, "AC/5": -3, "AC/10": -2, "AC/20": -1}
AP_TO_HIT = 1
CLUSTER_TO_HIT = -1
ULTRA_SHOTS = 2
ULTRA_JAM_ROLL = 2  # a natural 2 while double-firing


def problem(weapon: str, data: Weapon, mode: str) -> str:
    """Returns why a weapon cannot fire in this mode, or ''."""
    if mode not in MODES:
        return f"unknown mode {mode!r} (use {', '.join(MODES[1:])})"
    if mode == "ap" and weapon not in AP_CRITICAL_MODIFIER:
        return f"armor-piercing ammunition is for standard autocannons ({', '.join(AP_CRITICAL_MODIFIER)}), not {weapon!r}"
    if mode == "cluster" and not data.lbx:
        return f"cluster rounds are for LB-X autocannons, not {weapon!r}"
    if mode == "ultra" and not data.ultra:
        return f"only Ultra autocannons fire at double rate, not {weapon!r}"
    return fire_control.mode_problem(weapon, data, mode)


def bin_kind(mode: str) -> str:
    """Returns the ammunition kind a mode fires (an Ultra's double rate fires standard rounds)."""
    return "standard" if mode == "ultra" else mode


def shots(mode: str) -> int:
    """Returns the rounds (and heat multiples) one attack in this mode uses."""
    return ULTRA_SHOTS if mode == "ultra" else 1


def to_hit_modifiers(mode: str) -> list[tuple[str, int]]:
    """Returns a mode's to-hit modifier: +1 armor-piercing (TW p.140, UNVERIFIED), -1 LB-X cluster rounds."""
    if mode == "ap":
        return [("armor-piercing ammunition", AP_TO_HIT)]
    return [("LB-X cluster rounds", CLUSTER_TO_HIT)] if mode == "cluster" else []


def jams(mode: str, natural: int) -> bool:
    """Tells whether an Ultra autocannon jams on this to-hit roll (a natural 2 while double-firing)."""
    return mode == "ultra" and natural == ULTRA_JAM_ROLL


def after_roll(attacker, index: int, natural: int, mode: str, events: Events):
    """Returns the attacker with its weapon jammed if this roll jams it (an Ultra at double rate on a
    natural 2), else unchanged."""
    if not jams(mode, natural):
        return attacker
    events.append(WeaponJammed(attacker.id, attacker.weapons[index].label))
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
    if mode == "ultra":
        return per * ULTRA_SHOTS
    if mode == "cluster" or (data.kind == "missile" and data.cluster > 0):
        return (1 if mode == "cluster" else per) * data.cluster
    return per


def shot_damage(data: Weapon, kind: str = "standard") -> int:
    """Returns the damage one shot of ammunition holds: a missile salvo counts every missile (tables.md 12); an
    ATM's by its rounds (MegaMek @f0b2b01 AmmoType: ER 1, HE 3 a missile)."""
    data = fire_control.loaded(data, kind)
    missiles = data.cluster if data.kind == "missile" else 0
    return data.damage * max(1, missiles)
