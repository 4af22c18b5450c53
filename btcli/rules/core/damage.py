"""Damage: armor, internal structure, transfer, critical hits, ammunition explosions.

'Mechs (tables.md 8.1, 8.4): damage strikes the location's armor (the rear
torso armor for rear attacks), then its internal structure; what a destroyed
location cannot hold moves inward (arm/leg -> side torso -> center torso);
head or center torso destroyed, three engine hits, or the cockpit hit destroys
the 'Mech. Internal structure damage (and a 2 on the hit location roll) calls a
roll on the critical hit table; each critical picks a slot by 1D6 (two rolls
in a 12-slot location), re-rolling empty or already destroyed slots.

Vehicles: see btcli.rules.ground.vehicles (no transfer, critical and motive effects).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_damage import (
    AmmoExploded,
    AmmoInert,
    CASEContained,
    CASEIIVented,
    CockpitHit,
    CommercialArmorCheck,
    CriticalFindsNothing,
    CriticalHit,
    DamageTaken,
    DamageTransferred,
    EngineDestroyed,
    EngineSlotsLost,
    GyroDestroyed,
    LocationDestroyed,
    PilotHit,
    PilotKilled,
    UnitDestroyed,
    WeaponExploded,
)
from btcli.model.state import Hit, evolve
from btcli.model.units import AmmoBin, Unit
from btcli.rules.core import combat_tables
from btcli.rules.ground import construction, piloting, placement, vehicles
from btcli.rules.ground.mechs import REAR_ARMOR, armor_key
from btcli.rules.kinds.mech import body
from btcli.rules.core.weapon_modes import shot_damage, weapon_blast

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

ENGINE_DESTROYED_HITS = construction.ENGINE_DESTROYED_HITS
GYRO_DESTROYED_HITS = 2
AMMO_EXPLOSION_PILOT_DAMAGE = 2  # TW: the MechWarrior takes 2 damage from an ammunition explosion
HEAD_HIT_PILOT_DAMAGE = 1  # TW: each hit on the head wounds the MechWarrior


def mech_hit(dice: Dice, target: Unit, side: str, damage: int, source: str) -> Hit:
    """Rolls where one damage group strikes a 'Mech (tables.md 1), a 2 marking a through-armor critical."""
    roll = dice.roll(2, f"hit location {source} vs {target.id} ({side})").total
    location = body(target).location("hit", roll, side)
    return Hit(target.id, location, damage, side, side == "rear", roll == 2, False, source)


def vehicle_location(dice: Dice, target: Unit, side: str, damage: int, source: str) -> Hit:
    """Rolls where one damage group strikes a vehicle or VTOL (tables.md 2, 8.1)."""
    roll = dice.roll(2, f"hit location {source} vs {target.id} ({side})").total
    return _vehicle_hit(target, roll, side, damage, source)


def vehicle_hit(unit: Unit, side: str, amount: int, dice: Dice, source: str) -> Hit:
    """Rolls where one damage group of a slide or crash strikes a vehicle, keeping the table's [C]/[M]
    marks (VEH-SLIP, VTOL-CRASH)."""
    roll = dice.roll(2, f"hit location {source} {unit.id} ({side})").total
    return _vehicle_hit(unit, roll, side, amount, source)


def _vehicle_hit(unit: Unit, roll: int, side: str, amount: int, source: str) -> Hit:
    if placement.flies_as_vtol(unit):  # VEH-VTOL: a VTOL's own table
        location, mark = combat_tables.vtol_hit_location(roll, side)
    else:
        location, mark = combat_tables.vehicle_hit_location(roll, side, vehicles.has_turret(unit))
    return Hit(unit.id, location, amount, side, False, mark == "C", mark == "M", source)


# -- 'Mechs ----------------------------------------------------------------------------


def mech_damage(unit: Unit, hit: Hit, dice: Dice, events: Events) -> Unit:
    armor, internal = dict(unit.armor), dict(unit.internal)
    location, damage, rear = hit.location, hit.damage, hit.rear
    transfer = body(unit).transfer
    unit = evolve(unit, damage_phase=unit.damage_phase + hit.damage)
    events.append(DamageTaken(unit.id, damage, armor_key(location, rear), hit.source))
    if location == "HD":
        unit = wound(unit, HEAD_HIT_PILOT_DAMAGE, "head hit", events)
    critical_check = hit.critical
    ap_check = bool(hit.ap)  # VEH-DMG-10 / TW p.140: armor-piercing rounds may crit through armor
    reached: list[str] = []  # the locations the group damaged (EQ-IND-03)
    while damage > 0:
        if internal.get(location, 0) <= 0:  # already destroyed: everything moves inward
            nxt = transfer.get(location)
            if nxt is None:
                break
            location = nxt
            continue
        key = armor_key(location, rear)
        absorbed = min(armor.get(key, 0), damage)
        armor[key] = armor.get(key, 0) - absorbed
        damage -= absorbed
        reached.append(location)
        if damage <= 0:
            break
        into = min(internal[location], damage)
        internal[location] -= into
        damage -= into
        unit = evolve(unit, armor=armor, internal=dict(internal))
        critical_check = ap_check = False  # structure damage makes the standard roll instead
        if internal[location] > 0:  # a location that is gone takes its contents with it: no critical roll
            unit = _critical_roll(unit, location, dice, events, "internal structure damage")
            internal, armor = dict(unit.internal), dict(unit.armor)
            if unit.destroyed:
                break
        else:
            unit = destroy_location(unit, location, events)
            internal, armor = dict(unit.internal), dict(unit.armor)
        if internal[location] <= 0:
            if unit.destroyed:
                break
            nxt = transfer.get(location)
            if nxt is None or damage <= 0:
                break
            events.append(DamageTransferred(unit.id, damage, location, nxt))
            location = nxt
    unit = evolve(unit, armor=armor, internal=internal)
    if critical_check and not unit.destroyed:
        unit = _critical_roll(unit, hit.location, dice, events, "through-armor critical (hit location roll of 2)")
    if ap_check and not unit.destroyed:
        unit = _critical_roll(unit, hit.location, dice, events, "armor-piercing round", hit.ap)
    if unit.built.armor_type == "commercial" and not unit.destroyed:  # EQ-IND-03: BAR 5
        from btcli.rules.ground import industrial  # a 'Mech with commercial armor only

        for place in dict.fromkeys(reached) if industrial.commercial_check(unit, hit) else ():
            if unit.internal.get(place, 0) > 0 and not unit.destroyed:  # MegaMek @f0b2b01 Server.java:22754-22766
                events.append(CommercialArmorCheck(unit.id, place, hit.damage))
                unit = _critical_roll(unit, place, dice, events, "commercial armor")
    return unit


def wound(unit: Unit, hits: int, why: str, events: Events) -> Unit:
    """Marks MechWarrior hits; the consciousness roll is made by the caller's phase (tables.md 15)."""
    total = unit.pilot_hits + hits
    events.append(PilotHit(unit.id, hits, why, total))
    unit = evolve(unit, pilot_hits=total)
    if piloting.pilot_killed(total):
        events.append(PilotKilled(unit.id))
        unit = evolve(unit, destroyed=True, conscious=False)
    return unit


def destroy_location(unit: Unit, location: str, events: Events, blown_off: bool = False) -> Unit:
    """Destroys a location and everything in it (a side torso takes its arm along)."""
    armor, internal = dict(unit.armor), dict(unit.internal)
    internal[location] = 0
    for key in (location, armor_key(location, True)):
        if key in armor:
            armor[key] = 0
    weapons = tuple(evolve(m, destroyed=True) if m.holds(location) else m for m in unit.weapons)  # EQ-SPLIT-02
    ammo = tuple(AmmoBin(a.weapon, a.location, 0, a.kind) if a.location == location else a for a in unit.ammo)
    unit = evolve(unit, armor=armor, internal=internal, weapons=weapons, ammo=ammo)
    events.append(LocationDestroyed(unit.id, location, blown_off))
    if location in ("HD", "CT"):
        events.append(UnitDestroyed(unit.id, f"{'head' if location == 'HD' else 'center torso'} gone"))
        return evolve(unit, destroyed=True)
    limb = body(unit).torso_limb.get(location)
    if limb is not None and unit.internal.get(limb, 0) > 0:
        unit = destroy_location(unit, limb, events)
    lost = construction.lost_engine_slots(unit, location)
    if lost and not unit.destroyed:  # EQ-ENG-02: an XL or light engine's slots go with the side torso
        hits = construction.engine_hits(unit)
        events.append(EngineSlotsLost(unit.id, location, lost, hits))
        if hits >= ENGINE_DESTROYED_HITS:
            events.append(EngineDestroyed(unit.id))
            return evolve(unit, destroyed=True)
    return unit


def critical_check(unit: Unit, location: str, dice: Dice, events: Events, why: str, modifier: int = 0,
                   label: str = "armor-piercing") -> Unit:
    """One roll on the Determining Critical Hits table in a location, ``modifier`` named ``label`` (EQ-IND-01)."""
    return _critical_roll(unit, location, dice, events, why, modifier, label)


def _critical_roll(unit: Unit, location: str, dice: Dice, events: Events, why: str, modifier: int = 0,
                   label: str = "armor-piercing") -> Unit:
    mods = ((label, modifier),) if modifier else ()
    roll = dice.roll(2, f"critical check {unit.id} {location} ({why})", modifiers=mods).total
    shape = body(unit)
    count = combat_tables.mech_critical_hits(max(2, roll + modifier), location, shape.arms + shape.legs)
    if count < 0:  # a 12 on the head or a limb
        return destroy_location(unit, location, events, blown_off=True)
    for _ in range(count):
        unit = _critical_slot(unit, location, dice, events)
        if unit.destroyed:
            break
    return unit




def critical_slot(unit: Unit, location: str, dice: Dice, events: Events) -> Unit:
    """One critical hit on a random slot of a location still holding something (MASC's failure, EQ-MASC-04)."""
    return _critical_slot(unit, location, dice, events)


def _critical_slot(unit: Unit, location: str, dice: Dice, events: Events) -> Unit:
    contents = unit.built.slots.get(location, ())
    hit = unit.slot_hits(location)
    live = [i for i, item in enumerate(contents) if item and i not in hit and not construction.rolls_again(item)]
    if not live:
        events.append(CriticalFindsNothing(unit.id, location))
        return unit
    while True:
        if len(contents) > 6:
            half = 0 if dice.d6(f"critical slot half {unit.id} {location}") <= 3 else 6
        else:
            half = 0
        slot = half + dice.d6(f"critical slot {unit.id} {location}") - 1
        if slot in live:
            break
    item = contents[slot]
    unit = unit.with_slot_hit(location, slot)
    return critical_effect(unit, location, slot, item, events, dice)


def critical_effect(unit: Unit, location: str, slot: int, item: str, events: Events, dice: Dice | None = None) -> Unit:
    """Applies what a destroyed critical slot does (TW critical hit effects)."""
    events.append(CriticalHit(unit.id, item, location, slot + 1))
    if item.startswith("weapon:"):
        weapon = item.split(":", 1)[1]
        for i, m in enumerate(unit.weapons):
            if m.weapon == weapon and m.holds(location) and not m.destroyed:  # EQ-SPLIT-02: either location
                weapons = list(unit.weapons)
                weapons[i] = evolve(m, destroyed=True)
                unit = evolve(unit, weapons=tuple(weapons))
                blast = weapon_blast(unit.spec(weapon), m.jammed)
                if blast:  # EQ-GAUSS-01: a Gauss rifle explodes when destroyed; EQ-RAC-05: a jammed Rotary AC
                    events.append(WeaponExploded(unit.id, weapon, location, blast))
                    unit = wound(unit, AMMO_EXPLOSION_PILOT_DAMAGE, "weapon explosion", events)
                    unit = _internal_damage(unit, location, blast, events, dice)
                return unit
        return unit
    if item.startswith("ammo:"):
        return ammo_explosion(unit, location, slot, item.split(":", 1)[1], events, dice)
    if item == "engine" and construction.engine_hits(unit) >= ENGINE_DESTROYED_HITS:
        events.append(EngineDestroyed(unit.id))
        return evolve(unit, destroyed=True)
    if item == "cockpit":
        events.append(CockpitHit(unit.id))
        return evolve(unit, destroyed=True, conscious=False)
    if item == "gyro" and unit.count_hits("gyro") >= GYRO_DESTROYED_HITS:
        events.append(GyroDestroyed(unit.id))
    return unit


def ammo_explosion(unit: Unit, location: str, slot: int, weapon: str, events: Events, dice: Dice | None = None) -> Unit:
    """Explodes the ammunition bin in a slot: shots left x damage per shot, straight to internal structure."""
    contents = unit.built.slots[location]
    nth = sum(1 for i in range(slot) if contents[i] == f"ammo:{weapon}")
    bins = [i for i, a in enumerate(unit.ammo) if a.weapon == weapon and a.location == location]
    if nth >= len(bins):
        return unit
    index = bins[nth]
    shots = unit.ammo[index].shots
    data = unit.spec(weapon)
    per_shot = shot_damage(data, unit.ammo[index].kind)
    damage = shots * per_shot if data.explosive_ammo else 0
    ammo = list(unit.ammo)
    ammo[index] = AmmoBin(weapon, location, 0, unit.ammo[index].kind)
    unit = evolve(unit, ammo=tuple(ammo))
    if damage <= 0:
        events.append(AmmoInert(unit.id, weapon, location))
        return unit
    events.append(AmmoExploded(unit.id, weapon, location, shots, per_shot, damage))
    unit = wound(unit, AMMO_EXPLOSION_PILOT_DAMAGE, "ammunition explosion", events)
    return _internal_damage(unit, location, damage, events, dice)


def _internal_damage(unit: Unit, location: str, damage: int, events: Events, dice: Dice | None = None) -> Unit:
    """Applies an explosion's damage straight to internal structure, transferring inward (ammunition and
    Gauss rifle explosions), unless CASE stops what is left of it once a location is gone (EQ-CASE-01, 02)
    or CASE II vents it (EQ-CASE-03)."""
    transfer = body(unit).transfer
    while damage > 0 and not unit.destroyed:
        internal = dict(unit.internal)
        if internal.get(location, 0) <= 0:
            nxt = transfer.get(location)
            if nxt is None:
                break
            location = nxt
            continue
        if construction.has_case_ii(unit, location):
            assert dice is not None  # every explosion's caller passes its dice
            return _case_ii(unit, location, damage, events, dice)
        into = min(internal[location], damage)
        internal[location] -= into
        damage -= into
        unit = evolve(unit, internal=internal)
        if internal[location] <= 0:
            unit = destroy_location(unit, location, events)
            if damage > 0 and not unit.destroyed and construction.has_case(unit, location):
                events.append(CASEContained(unit.id, location, damage))  # MegaMek @f0b2b01 Server.java:23309
                break
            nxt = transfer.get(location)
            if nxt is None:
                break
            location = nxt
    return unit


def _case_ii(unit: Unit, location: str, damage: int, events: Events, dice: Dice) -> Unit:
    """CASE II vents an explosion (EQ-CASE-03; MegaMek @f0b2b01 Server.java:22928-22971): all but 1 point is
    prevented and strips armor as it goes (a torso's rear armor up to the damage prevented; the head's, an
    arm's or a leg's up to half its original armor, rounded up); the 1 point strikes the internal structure
    (none when none is left), and unless a 2D6 roll of 8 or more cancels it, that damage takes its critical
    check."""
    prevented = damage - 1
    key, stripped = construction.case_ii_armor(unit, location, prevented, REAR_ARMOR.get(location))
    armor = dict(unit.armor)
    armor[key] = armor.get(key, 0) - stripped
    internal = dict(unit.internal)
    into = 1 if internal[location] > 0 else 0
    internal[location] -= into
    unit = evolve(unit, armor=armor, internal=internal)
    roll = dice.roll(2, f"CASE II critical check {unit.id} {location}").total
    no_critical = roll >= construction.CASE_II_CRITICAL_CANCEL
    events.append(CASEIIVented(unit.id, location, prevented, into, key, stripped, roll, no_critical))
    if internal[location] <= 0:
        return destroy_location(unit, location, events)
    if not no_critical:
        unit = _critical_roll(unit, location, dice, events, "CASE II explosion damage")
    return unit
