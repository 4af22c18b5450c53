"""Missile fire control and the electronics that act on it (issue #31 items 1 and 5; docs/equipment-rules.md).

- Artemis IV FCS (EQ-ART-01): a launcher it is linked to, firing Artemis-capable rounds (``:artemis``), adds +2
  to its cluster roll, unless ECM affects the line of fire or the FCS is destroyed.
- ATMs (EQ-ATM-01..03): standard, ER (``:er``) and HE (``:he``) rounds with their own brackets and damage a
  missile; +2 on the cluster roll with standard and ER rounds unless ECM affects the line of fire.
- Anti-missile systems (EQ-AMS-01, 02): -4 on the cluster roll of a missile attack that hits their unit, or
  a d6 of 1-3 stops a single pod; once a turn, one round and its heat, by themselves.
- Narc (EQ-NARC-01, 02): a pod attached to a unit gives the pod's side's Narc-capable missiles (``:narc``)
  +2 on the cluster roll against it, unless ECM covers its hex.
- TAG (EQ-TAG-01): a hit tags the target for the turn.
- ECM (EQ-ECM-01): an enemy Guardian or Clan ECM suite within 6 hexes of any hex of the line of fire (the
  attacker's and the target's hexes included) cancels the Artemis IV and ATM bonuses; the Narc bonus only when
  it covers the target's hex. Active probes (EQ-PROBE-01) change nothing btcli plays yet.

Where MegaMek (@f0b2b01) decides each is cited at the function. Pure functions over the units' own data.
"""

from __future__ import annotations

from btcli.model.hexgrid import HexId, hex_lines
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit, Weapon

ECM_RADIUS = 6  # Guardian and Clan ECM suites (MegaMek @f0b2b01 Entity.getECMRange; equipment.md E3)
ARTEMIS_BONUS = 2  # MegaMek @f0b2b01 MissileWeaponHandler.calcHits: nMissilesModifier += 2
ATM_BONUS = 2  # the same, for T_ATM (equipment.md E2: standard and ER rounds only; docs/rules-notes.md)
NARC_BONUS = 2
AMS_MODIFIER = -4  # MissileWeaponHandler.getAMSHitsMod @f0b2b01: amsMod = -4
AMS_POD_STOPPED = 3  # NarcHandler.calcHits @f0b2b01: Compute.d6() <= 3 destroys the pod
STREAK_ROLL = 11  # Compute.missilesHit @f0b2b01: a Streak's cluster roll is 11 (plus modifiers)

FCS_SLOTS = ("equipment:Artemis IV FCS", "equipment:Clan Artemis IV FCS")
ECM_SLOTS = ("equipment:Guardian ECM Suite", "equipment:Clan ECM Suite")
PROBE_SLOTS = ("equipment:Beagle Active Probe", "equipment:Clan Active Probe", "equipment:Clan Light Active Probe")

# ATM rounds (equipment.md E2 "ATM by ammo type"): minimum range, short, medium, long, damage a missile, and
# whether the ATM's +2 applies.
ATM_AMMO: dict[str, tuple[int, int, int, int, int, bool]] = {
    "standard": (4, 5, 10, 15, 2, True),
    "er": (4, 9, 18, 27, 1, True),
    "he": (0, 3, 6, 9, 3, False),
}
MODES = ("artemis", "narc", "er", "he")  # the ammunition kinds of this module (``--weapon NAME:MODE``)


def mode_problem(weapon: str, data: Weapon, mode: str) -> str:
    """Returns why a weapon cannot fire these rounds, or ''."""
    if mode in ("er", "he") and not data.atm:
        return f"ER and HE rounds are for ATMs, not {weapon!r}"
    if mode in ("artemis", "narc") and not guided(weapon, data):
        return f"{'Artemis IV' if mode == 'artemis' else 'Narc'}-capable missiles are for LRMs and SRMs, not {weapon!r}"
    return ""


def guided(weapon: str, data: Weapon) -> bool:
    """Tells whether a launcher fires Artemis IV- and Narc-capable missiles: an LRM or SRM, Inner Sphere or Clan,
    not a Streak or an MRM (MegaMek @f0b2b01: F_ARTEMIS_COMPATIBLE on LRMWeapon and SRMWeapon; MissileWeaponHandler
    gives the Narc bonus to T_LRM and T_SRM rounds)."""
    return data.kind == "missile" and not data.streak and weapon.removeprefix("Clan ").startswith(("LRM", "SRM"))


def loaded(data: Weapon, mode: str) -> Weapon:
    """Returns a weapon's data as these rounds fire it: an ATM's brackets, minimum range and damage a missile
    by its ammunition (EQ-ATM-01); any other weapon as it is."""
    if not data.atm or mode not in ATM_AMMO:
        return data
    low, short, medium, long, damage, _ = ATM_AMMO[mode]
    return evolve(data, min_range=low, short=short, medium=medium, long=long, damage=damage)


def loaded_unit(unit: Unit, weapon: str, mode: str) -> Unit:
    """Returns the unit with a weapon's data as these rounds fire it (for the to-hit number's brackets)."""
    data = unit.spec(weapon)
    fired = loaded(data, mode)
    if fired is data:
        return unit
    return evolve(unit, weapon_specs={**unit.weapon_specs, weapon: fired})


def default_mode(unit: Unit, index: int, mode: str) -> str:
    """Returns the rounds a weapon fires when the order names none: standard rounds, or, when the unit has no
    standard rounds left for it, the first Artemis IV- or Narc-capable bin with shots (they are missiles of the
    same launcher; MegaMek fires whatever bin is loaded)."""
    if mode != "standard":
        return mode
    name = unit.weapons[index].weapon
    bins = [a for a in unit.ammo if a.weapon == name and a.shots > 0]
    if not bins or any(a.kind == "standard" for a in bins):
        return mode
    return next((a.kind for a in bins if a.kind in ("artemis", "narc")), mode)


# -- what is working -------------------------------------------------------------------------------------


def _slot_working(unit: Unit, location: str, items: tuple[str, ...], nth: int | None = None) -> bool:
    """Tells whether an item in a location is unhit: the ``nth`` slot holding one of ``items`` (one-slot items,
    several in a location), or with ``nth`` None every slot of the one item there (a hit on any slot destroys
    it, as a critical hit destroys MegaMek's Mounted). A unit that lists no such slot (a vehicle, a design
    without its slots) loses the item only with its location."""
    if unit.internal.get(location, 1) <= 0:
        return False
    contents = unit.built.slots.get(location, ())
    places = [i for i, item in enumerate(contents) if item in items]
    hit = unit.slot_hits(location)
    if nth is None:
        return not any(i in hit for i in places)
    return nth >= len(places) or places[nth] not in hit


def artemis_working(unit: Unit, index: int) -> bool:
    """Tells whether weapon ``index`` has a working Artemis IV FCS: linked to it (``Mount.artemis``) and not
    destroyed. The n-th FCS of a location is linked to the n-th Artemis launcher there (MegaMek @f0b2b01
    MechFileParser.postLoadInit links each FCS to the first unlinked compatible weapon of its location)."""
    mount = unit.weapons[index]
    if not mount.artemis or mount.destroyed:
        return False
    nth = sum(1 for m in unit.weapons[:index] if m.artemis and m.location == mount.location)
    return _slot_working(unit, mount.location, FCS_SLOTS, nth)


def ecm_working(unit: Unit) -> bool:
    """Tells whether a unit's ECM suite is on: it carries one, is on the ground board and not shut down, and the
    suite is not destroyed (MegaMek @f0b2b01 Entity.hasActiveECM, getECMRange); a 'Mech's stealth armor switched
    on leaves it no bubble (EQ-STEALTH-05)."""
    if not unit.ecm or not unit.active or unit.hex is None or unit.built.shutdown:
        return False
    return _slot_working(unit, unit.ecm, ECM_SLOTS) and not stealth_on(unit)


def suite_intact(unit: Unit) -> bool:
    """Tells whether a unit's ECM suite is not destroyed, whatever it is doing (EQ-STEALTH-02)."""
    return bool(unit.ecm) and _slot_working(unit, unit.ecm, ECM_SLOTS)


def stealth_on(unit: Unit) -> bool:
    """Tells whether a 'Mech's stealth armor is switched on: the switch, its ECM suite not destroyed
    (EQ-STEALTH-02: the suite's destruction switches it off; MegaMek @f0b2b01 Server.java:24729-24741)."""
    return unit.built.armor_type == "stealth" and unit.built.stealth_on and suite_intact(unit)


def stealth_active(unit: Unit) -> bool:
    """Tells whether a 'Mech's stealth armor works: switched on, its ECM suite working (on the board, not shut
    down; MegaMek @f0b2b01 Mech.isStealthActive: mode On and hasActiveECM) (EQ-STEALTH-03)."""
    return stealth_on(unit) and unit.active and unit.hex is not None and not unit.built.shutdown


def probe_working(unit: Unit) -> bool:
    """Tells whether a unit's active probe is working (shown in the report; EQ-PROBE-01: nothing uses it yet)."""
    if not unit.probe or not unit.active:
        return False
    return _slot_working(unit, unit.probe, PROBE_SLOTS)


def ecm_affects(state: GameState, side: str, hexes: list[HexId]) -> str:
    """Returns the id of an enemy of ``side`` whose ECM covers any of the hexes ('' when none): MegaMek @f0b2b01
    ComputeECM.getECMEffects walks Coords.intervening(a, b), every hex from a to b inclusive, and counts an enemy
    ECM within its range of any of them."""
    for unit in state.units.values():
        if unit.side != side and ecm_working(unit):
            here = unit.hex
            assert here is not None
            if any(h.distance(here) <= ECM_RADIUS for h in hexes):
                return unit.id
    return ""


def line_of_fire(a: HexId, b: HexId) -> list[HexId]:
    """Returns the hexes of the line from ``a`` to ``b``, both ends included, and both hexes of any hexside the
    line runs along (btcli's reading where MegaMek's Coords.intervening picks one side; docs/equipment-rules.md)."""
    left, right = hex_lines(a, b)
    return list(dict.fromkeys(left + right))


# -- the cluster roll ------------------------------------------------------------------------------------


def cluster_modifiers(state: GameState, attacker: Unit, index: int, mode: str,
                      target: Unit) -> tuple[list[tuple[str, int]], list[tuple[str, str]]]:
    """Returns the cluster roll's modifiers of a missile attack before AMS (Artemis IV, ATM, Narc: one of them,
    in that order, as MegaMek @f0b2b01 MissileWeaponHandler.calcHits chains them) and the bonuses ECM cancels,
    each as (bonus, why)."""
    mount = attacker.weapons[index]
    data = attacker.spec(mount.weapon)
    mods: list[tuple[str, int]] = []
    lost: list[tuple[str, str]] = []
    if attacker.hex is None or target.hex is None:
        return mods, lost
    if mode == "artemis" and artemis_working(attacker, index):
        ecm = ecm_affects(state, attacker.side, line_of_fire(attacker.hex, target.hex))
        if ecm:
            lost.append(("Artemis IV", f"{ecm}'s ECM"))
        elif stealth_active(attacker):  # EQ-STEALTH-03: MissileWeaponHandler.java:133-138
            lost.append(("Artemis IV", "its own stealth armor"))
        else:
            mods.append(("Artemis IV", ARTEMIS_BONUS))
    elif data.atm:
        if ATM_AMMO.get(mode, ATM_AMMO["standard"])[5]:
            ecm = ecm_affects(state, attacker.side, line_of_fire(attacker.hex, target.hex))
            if ecm:
                lost.append(("ATM", f"{ecm}'s ECM"))
            elif stealth_active(attacker):  # EQ-STEALTH-03: MissileWeaponHandler.java:196-201
                lost.append(("ATM", "its own stealth armor"))
            else:
                mods.append(("ATM", ATM_BONUS))
    elif mode == "narc" and attacker.side in target.narc_pods:
        ecm = ecm_affects(state, attacker.side, [target.hex])
        if ecm:
            lost.append(("Narc pod", f"{ecm}'s ECM"))
        else:
            mods.append(("Narc pod", NARC_BONUS))
    return mods, lost


def missile_attack(data: Weapon) -> bool:
    """Tells whether an attack is a missile attack an AMS engages: a missile launcher's (MegaMek @f0b2b01
    Server.assignAMS: WeaponType.F_MISSILE), a Narc pod's included."""
    return data.kind == "missile" and (data.cluster > 0 or data.narc)


def own_fire(unit: Unit) -> tuple[int, ...]:
    """Returns the weapons a unit fired this turn by its own orders (its AMS fire by itself)."""
    return tuple(i for i in unit.fired if not unit.spec(unit.weapons[i].weapon).ams)


def clamp_cluster_roll(roll: int) -> int:
    """A modified cluster roll stays within 2..12 (MegaMek @f0b2b01 Compute.missilesHit without advanced AMS)."""
    return min(max(roll, 2), 12)
