"""Vehicle damage: no transfer, critical hits and their effects, motive system damage.

Sources: catalog VEH-DMG, VEH-CRIT, VTOL-CRIT; tables.md 1-5. A vehicle's
lasting conditions live in its ``VehicleState`` (``Unit.vehicle``):

- ``motive_dsr``: the motive damage driving-roll modifiers taken (+1, +2, +3, each once);
- ``immobile``: no movement for the rest of the game (major motive damage, engine hit);
- ``engine_hit``, ``crew_killed``: as the critical results say;
- ``stunned_from``..``stunned_until``: the turns of a Crew Stunned result (VEH-CRIT-10, AMB-14);
- ``turret``: '' / 'jammed' / 'locked' / 'gone';
- ``stabilized``: locations whose stabilizer is hit (VEH-CRIT-16).
``Unit.crits`` records every critical result as a ``CritResult`` (location, result; motive damage at
location ``motive``), which the game file writes 'location: result'.

Every command loads this module, only damage meets its events: each function imports those it says
(``model.events_vehicles``; issue #17).
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.hits import MOTIVE, CritResult
from btcli.model.state import Hit, evolve
from btcli.model.units import AmmoBin, Mount, Unit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events
    from btcli.model.events_vehicles import JamCleared

# tables.md 4 and 5: critical results by column for rolls 6..12 (2-5: no critical).
VEHICLE_CRITS = {
    "front": ("driver hit", "weapon malfunction", "stabilizer", "sensors", "commander hit", "weapon destroyed", "crew killed"),
    "side": ("cargo/infantry hit", "weapon malfunction", "crew stunned", "stabilizer", "weapon destroyed", "engine hit", "fuel tank"),
    "rear": ("weapon malfunction", "cargo/infantry hit", "stabilizer", "weapon destroyed", "engine hit", "ammunition", "fuel tank"),
    "turret": ("stabilizer", "turret jam", "weapon malfunction", "turret locks", "weapon destroyed", "ammunition", "turret blown off"),
}
VTOL_CRITS = {
    "front": ("co-pilot hit", "weapon malfunction", "stabilizer", "sensors", "pilot hit", "weapon destroyed", "crew killed"),
    "side": ("weapon malfunction", "cargo/infantry hit", "stabilizer", "weapon destroyed", "engine hit", "ammunition", "fuel tank"),
    "rear": ("cargo/infantry hit", "weapon malfunction", "stabilizer", "weapon destroyed", "sensors", "engine hit", "fuel tank"),
    "rotor": ("rotor damage", "rotor damage", "rotor damage", "flight stabilizer", "flight stabilizer", "rotor destroyed", "rotor destroyed"),
}
# tables.md 3: motive system damage (modified 2D6), modifiers and effects.
MOTIVE_SIDE = {"front": 0, "rear": 1, "left": 2, "right": 2}
MOTIVE_TYPE = {"tracked": 0, "naval": 0, "wheeled": 2, "hover": 3, "wige": 4}
MOTIVE_RESULTS = ((5, "no effect"), (7, "minor damage"), (9, "moderate damage"), (11, "heavy damage"))
MOTIVE_DSR = {"minor damage": 1, "moderate damage": 2, "heavy damage": 3}
SENSOR_HITS_BLIND = 4  # VEH-CRIT-15: after the 4th sensors hit no weapon fires
NOT_REDUCED = ("fall", "crash")  # VEH-DMG-13: damage without a weapon damage value


def flank_for(cruise: int) -> int:
    """Returns flank MP for a cruise MP: x1.5, rounded up (VEH-GEN-03)."""
    return ceil(cruise * 1.5)


def _against_bar(unit: Unit) -> int:
    """An armor-piercing round's critical roll against a support vehicle's BAR armor: +2 (EQ-SV-07)."""
    if not unit.as_vehicle.support:
        return 0
    from btcli.rules.ground.support_vehicles import ap_modifier

    return ap_modifier(unit)


def column_of(location: str) -> str:
    return location if location in ("front", "rear", "turret", "rotor") else "side"


def count(unit: Unit, result: str) -> int:
    """Returns how many critical results of a kind the vehicle has taken."""
    return sum(1 for c in unit.crits if isinstance(c, CritResult) and c.result == result)


def has_turret(unit: Unit) -> bool:
    return "turret" in unit.max_armor and unit.vehicle.turret != "gone"


def with_state(unit: Unit, **changes) -> Unit:
    """Returns the vehicle with some of its lasting conditions changed."""
    return evolve(unit, vehicle=evolve(unit.vehicle, **changes))


# -- damage -----------------------------------------------------------------------------------


def vehicle_damage(unit: Unit, hit: Hit, dice: Dice, events: Events, turn: int) -> Unit:
    """Applies one damage group to a vehicle: armor, then internal structure, no transfer (VEH-DMG-02)."""
    from btcli.model.events_damage import DamageTaken
    from btcli.model.events_vehicles import RotorDamageReduced, VehicleDestroyed

    location, amount = hit.location, hit.damage
    if location == "turret" and not has_turret(unit):
        location = hit.side  # VEH-DMG-11: the armor of the side attacked
    if location == "rotor" and not any(hit.source.startswith(s) for s in NOT_REDUCED):
        reduced = ceil(amount / 10)  # VEH-DMG-12, each cluster group on its own (VEH-DMG-14)
        events.append(RotorDamageReduced(unit.id, amount, reduced))
        amount = reduced
    armor, internal = dict(unit.armor), dict(unit.internal)
    events.append(DamageTaken(unit.id, amount, location, hit.source))
    armor_before = armor.get(location, 0)
    absorbed = min(armor_before, amount)
    armor[location] = armor.get(location, 0) - absorbed
    rest = amount - absorbed
    structure_hit = False
    if rest > 0 and location in internal:
        into = min(internal[location], rest)
        internal[location] -= into
        structure_hit = into > 0
    unit = evolve(unit, armor=armor, internal=internal, damage_phase=unit.damage_phase + amount)
    if location in internal and internal[location] <= 0:
        events.append(VehicleDestroyed(unit.id, location))
        return evolve(unit, destroyed=True)
    if location == "rotor" and hit.location == "rotor":
        unit = rotor_hit(unit, events)
    if unit.as_vehicle.support and amount > 0:  # a support vehicle's armor (its BAR), EQ-SV-02
        from btcli.rules.ground import support_vehicles

        if support_vehicles.penetrates(unit, armor_before, amount):
            modifier = support_vehicles.penetration(unit, location, amount, events)
            unit = critical(unit, location, dice, events, turn, amount, modifier, "armored chassis")
    if hit.critical and amount > 0:  # VEH-CRIT-01; a critical needs at least 1 point of damage (VEH-CRIT-02)
        unit = critical(unit, location, dice, events, turn, amount)
    if structure_hit and not unit.destroyed:  # VEH-CRIT-02
        unit = critical(unit, location, dice, events, turn, amount)
    elif hit.ap and not hit.critical and amount > 0 and not unit.destroyed:
        # VEH-DMG-10: an armor-piercing hit rolls on the column of the location hit, at the AP modifier
        # (one roll: a hit that already rolls for [C] or structure damage gets no second one).
        unit = critical(unit, location, dice, events, turn, amount, hit.ap + _against_bar(unit))
    if hit.motive and not unit.destroyed:
        unit = motive_roll(unit, hit.side, dice, events)
    return unit


# -- critical hits ------------------------------------------------------------------------------


def critical(
    unit: Unit, location: str, dice: Dice, events: Events, turn: int, damage: int = 0, modifier: int = 0,
    why: str = "armor-piercing",
) -> Unit:
    """Rolls on the vehicle critical table (VEH-DMG-04) and applies the result (VEH-CRIT-*); ``modifier``
    is an armor-piercing round's (VEH-DMG-10) or a support vehicle's armored chassis' (EQ-SV-03), ``why``."""
    from btcli.model.events_vehicles import VehicleCritical
    from btcli.rules.kinds.vehicle import mobility  # the vehicle kind: its damage by motive

    column = column_of(location)
    table = (VTOL_CRITS if mobility(unit).vtol_criticals else VEHICLE_CRITS)[column]
    mods = ((why, modifier),) if modifier else ()
    roll = dice.roll(2, f"vehicle critical {unit.id} {location}", modifiers=mods).total + modifier
    if roll < 6:
        events.append(VehicleCritical(unit.id, roll, column, "no critical"))
        return unit
    # VEH-CRIT-04: an inapplicable result moves down the column, wrapping from 12 to 6.
    for step in range(len(table)):
        result = table[(roll - 6 + step) % len(table)]
        effective = _effective(unit, location, result)
        if effective is not None:
            events.append(VehicleCritical(unit.id, roll, column, effective, table[roll - 6] if step else ""))
            unit = unit.with_crit_result(location, effective)
            return apply_effect(unit, location, effective, dice, events, turn, damage)
    events.append(VehicleCritical(unit.id, roll, column, "nothing left to damage"))
    return unit


def _weapons_in(unit: Unit, location: str, usable: bool = True) -> list[int]:
    return [i for i, m in enumerate(unit.weapons) if m.location == location and not m.destroyed and (not usable or not m.jammed)]


def effective(unit: Unit, location: str, result: str) -> str | None:
    """Returns the result a critical hit in ``location`` listing ``result`` has on the vehicle as it is now
    (VEH-CRIT-04, 08, 11, 12, 15; a second driver hit stuns the crew), or None when nothing is left to take it."""
    return _effective(unit, location, result)


def _effective(unit: Unit, location: str, result: str) -> str | None:
    """Returns the result that takes effect (second hits escalate), or None if it does not apply."""
    if result == "weapon malfunction":
        return result if _weapons_in(unit, location) else None
    if result == "weapon destroyed":
        return result if _weapons_in(unit, location, usable=False) else None
    if result == "ammunition":  # ** no ammunition: Weapon Destroyed (tables.md 4)
        if any(a.shots > 0 for a in unit.ammo):
            return result
        return "weapon destroyed" if _weapons_in(unit, location, usable=False) else None
    if result == "stabilizer" or result == "flight stabilizer":
        return None if CritResult(location, result) in unit.crits else result
    if result == "cargo/infantry hit":
        return result if unit.vehicle.cargo_tons or unit.vehicle.infantry else None
    if result in ("turret jam", "turret locks", "turret blown off"):
        if not has_turret(unit) or unit.vehicle.turret == "locked" and result != "turret blown off":
            return None
        if result == "turret jam" and count(unit, "turret jam") >= 1:
            return "turret locks"  # VEH-CRIT-18: a second jam locks
        return result
    if result == "engine hit":
        return None if unit.vehicle.engine_hit else result
    if result == "fuel tank" and unit.engine != "ice":  # tables.md 4 *: a fusion engine takes an Engine Hit
        return None if unit.vehicle.engine_hit else "engine hit"
    if result == "driver hit" and count(unit, "driver hit") >= 1:
        result = "crew stunned"  # VEH-CRIT-12
    if result == "commander hit" and count(unit, "commander hit") >= 1:
        result = "crew stunned"  # VEH-CRIT-08
    if result == "crew stunned" and count(unit, "driver hit") and count(unit, "commander hit"):
        return "crew killed"  # VEH-CRIT-11
    if result in ("co-pilot hit", "pilot hit") and count(unit, result) >= 1:
        return "crew killed"  # VTOL-CRIT-02, VTOL-CRIT-08
    if result == "crew killed" and unit.vehicle.crew_killed:
        return None
    return result


def apply_effect(unit: Unit, location: str, result: str, dice: Dice, events: Events, turn: int, damage: int) -> Unit:
    """Makes a critical result take effect (VEH-CRIT-05..23, VTOL-CRIT-02..11)."""
    from btcli.model.events_vehicles import (
        CargoDestroyed,
        CrashedAndDestroyed,
        CrewKilled,
        FuelTankExploded,
        RotorDestroyed,
        WeaponMalfunctions,
    )
    from btcli.rules.kinds.vehicle import mobility  # the vehicle kind: its damage by motive

    v = unit.vehicle
    if result == "crew stunned":  # VEH-CRIT-10, AMB-14: the next turn; each more stun one turn more
        if v.stunned_until >= turn + 1 and v.stunned_from <= turn + 1:
            return with_state(unit, stunned_until=v.stunned_until + 1)
        return with_state(unit, stunned_from=turn + 1, stunned_until=turn + 1)
    if result == "crew killed":  # VEH-CRIT-09
        unit = with_state(unit, crew_killed=True)
        events.append(CrewKilled(unit.id))
        if mobility(unit).airborne(unit):  # a flying VTOL, any WiGE (kinds/vehicle.py)
            events.append(CrashedAndDestroyed(unit.id))
            return evolve(unit, conscious=False, destroyed=True)
        return evolve(unit, conscious=False)
    if result == "engine hit":  # VEH-CRIT-13, VTOL-CRIT-03
        return with_state(unit, engine_hit=True, immobile=True)
    if result == "fuel tank":  # VEH-CRIT-14, VTOL-CRIT-07 (ICE only; fusion became an engine hit)
        events.append(FuelTankExploded(unit.id))
        return evolve(unit, destroyed=True)
    if result == "stabilizer":  # VEH-CRIT-16
        return with_state(unit, stabilized=tuple(sorted(set(v.stabilized) | {location})))
    if result == "turret jam":  # VEH-CRIT-18
        return with_state(unit, turret="jammed")
    if result == "turret locks":  # VEH-CRIT-19
        return with_state(unit, turret="locked")
    if result == "turret blown off":  # VEH-CRIT-17, AMB-15: the vehicle survives
        weapons = tuple(_destroyed(m) if m.location == "turret" else m for m in unit.weapons)
        armor, internal = dict(unit.armor), dict(unit.internal)
        armor["turret"] = 0
        return evolve(with_state(unit, turret="gone"), weapons=weapons, armor=armor, internal=internal)
    if result == "weapon destroyed":  # VEH-CRIT-20, 21
        return _weapon_destroyed(unit, location, dice, events, turn, damage)
    if result == "weapon malfunction":  # VEH-CRIT-22
        candidates = _weapons_in(unit, location)
        index = candidates[_pick(dice, len(candidates), f"malfunctioning weapon {unit.id} {location}")]
        weapons = list(unit.weapons)
        weapons[index] = _with(unit.weapons[index], jammed=True)
        events.append(WeaponMalfunctions(unit.id, unit.weapons[index].label))
        return evolve(unit, weapons=tuple(weapons))
    if result == "ammunition":  # VEH-CRIT-05, 06
        return _ammunition(unit, location, events, turn)
    if result == "cargo/infantry hit":  # VEH-CRIT-07
        events.append(CargoDestroyed(unit.id, damage))
        return with_state(unit, cargo_tons=0.0)
    if result == "rotor damage":  # VTOL-CRIT-09
        return _lose_cruise(unit, 1, "rotor damage critical (VTOL-CRIT-09)", events)
    if result == "rotor destroyed":  # VTOL-CRIT-10
        events.append(RotorDestroyed(unit.id))
        return evolve(unit, destroyed=True)
    # commander hit, driver hit, sensors, co-pilot hit, pilot hit, flight stabilizer: counted from crits.
    return unit


def _with(m: Mount, **changes) -> Mount:
    return evolve(m, **changes)


def _destroyed(m: Mount) -> Mount:
    return _with(m, destroyed=True, jammed=False)


def _pick(dice: Dice, n: int, purpose: str) -> int:
    """Returns a random index 0..n-1 with 1D6 (re-rolling values above n; n <= 6)."""
    if n <= 1:
        return 0
    while True:
        value = dice.d6(purpose)
        if value <= min(n, 6):
            return value - 1


def _weapon_destroyed(unit: Unit, location: str, dice: Dice, events: Events, turn: int, damage: int) -> Unit:
    from btcli.model.events_vehicles import VehicleWeaponDestroyed
    from btcli.rules.core.weapon_modes import shot_damage, weapon_blast  # a critical hit's rule (issue #17)

    candidates = _weapons_in(unit, location, usable=False)
    chooser = dice.d6(f"who chooses the destroyed weapon {unit.id} {location}")
    by_damage = sorted(candidates, key=lambda i: (shot_damage(unit.spec(unit.weapons[i].weapon)), i))
    # VEH-CRIT-20: 1-3 the owner chooses (btcli: the least damaging), 4-6 the attacker (the most damaging).
    index = by_damage[0] if chooser <= 3 else by_damage[-1]
    blast = weapon_blast(unit.spec(unit.weapons[index].weapon), unit.weapons[index].jammed)  # EQ-RAC-05 too
    weapons = list(unit.weapons)
    weapons[index] = _destroyed(unit.weapons[index])
    events.append(VehicleWeaponDestroyed(unit.id, unit.weapons[index].label, chooser <= 3))
    unit = evolve(unit, weapons=tuple(weapons))
    if blast:
        return _ammunition(unit, location, events, turn)  # VEH-CRIT-21
    return unit


def _ammunition(unit: Unit, location: str, events: Events, turn: int) -> Unit:
    from btcli.model.events_vehicles import AmmoVented, VehicleAmmoExploded, VehicleDestroyed
    from btcli.rules.core.weapon_modes import shot_damage

    total = sum(a.shots * shot_damage(unit.spec(a.weapon)) for a in unit.ammo if unit.spec(a.weapon).explosive_ammo)
    unit = evolve(unit, ammo=tuple(AmmoBin(a.weapon, a.location, 0, a.kind) for a in unit.ammo))
    if unit.vehicle.case:  # VEH-CRIT-06: to the rear armor, excess lost, crew stunned
        armor = dict(unit.armor)
        armor["rear"] = max(0, armor.get("rear", 0) - total)
        events.append(AmmoVented(unit.id, total))
        unit = evolve(unit, armor=armor)
        stun = _effective(unit, location, "crew stunned") or "crew stunned"  # VEH-CRIT-11 applies here too
        unit = unit.with_crit_result(location, stun)
        return apply_effect(unit, location, stun, None, events, turn, 0)  # type: ignore[arg-type]
    events.append(VehicleAmmoExploded(unit.id, total, location))
    internal = dict(unit.internal)
    if location in internal:
        internal[location] = max(0, internal[location] - total)
    unit = evolve(unit, internal=internal)
    if location in internal and internal[location] <= 0 and total > 0:
        events.append(VehicleDestroyed(unit.id, location))
        return evolve(unit, destroyed=True)
    return unit


# -- motive system damage (tables.md 3) ---------------------------------------------------------------


def motive_roll(unit: Unit, side: str, dice: Dice, events: Events) -> Unit:
    """Rolls on the motive system damage table and applies the result (tables.md 3)."""
    from btcli.rules.kinds.vehicle import mobility  # the vehicle kind: its damage by motive

    if not mobility(unit).motive_damage:
        return unit
    from btcli.model.events_vehicles import MotiveRolled

    mods = ((f"hit from the {side}", MOTIVE_SIDE.get(side, 0)), (unit.motive.value, MOTIVE_TYPE.get(unit.motive.value, 0)))
    roll = dice.roll(2, f"motive system damage {unit.id}", modifiers=mods)
    total = roll.total + sum(v for _, v in mods)
    result = next((name for limit, name in MOTIVE_RESULTS if total <= limit), "major damage")
    events.append(MotiveRolled(unit.id, total, result))
    if result == "no effect":
        return unit
    return motive_result(unit, result, events)


def motive_result(unit: Unit, result: str, events: Events) -> Unit:
    """Applies one motive system damage result (tables.md 3): the result kept, its driving-roll modifier, the
    cruising MP it costs or the vehicle immobilized; a scenario's starting motive damage takes the same way."""
    from btcli.model.events_vehicles import Immobilized

    unit = unit.with_crit_result(MOTIVE, result)
    if result in MOTIVE_DSR:  # each modifier only once (tables.md 3 notes)
        unit = with_state(unit, motive_dsr=tuple(sorted(set(unit.vehicle.motive_dsr) | {MOTIVE_DSR[result]})))
    if result == "moderate damage":
        return _lose_cruise(unit, 1, "moderate motive damage", events)
    if result == "heavy damage":
        return _lose_cruise(unit, unit.walk - ceil(unit.walk / 2), "heavy motive damage", events)
    if result == "major damage":
        unit = evolve(with_state(unit, immobile=True, design_cruise=unit.vehicle.design_cruise or unit.walk),
                      walk=0, run=0)
        events.append(Immobilized(unit.id))
        return unit
    return unit


def rotor_hit(unit: Unit, events: Events) -> Unit:
    """Returns a VTOL with the cruising MP a hit on its rotor costs (tables.md 2): a scenario's starting rotor hits
    take it as a hit in play does."""
    return _lose_cruise(unit, 1, "rotor hit (tables.md 2)", events)


def _lose_cruise(unit: Unit, points: int, why: str, events: Events) -> Unit:
    from btcli.model.events_vehicles import CruiseLost

    cruise = max(0, unit.walk - points)
    events.append(CruiseLost(unit.id, unit.walk, cruise, flank_for(cruise), why))
    unit = with_state(unit, design_cruise=unit.vehicle.design_cruise or unit.walk)
    return evolve(unit, walk=cruise, run=flank_for(cruise))


# -- what the conditions change -----------------------------------------------------------------------


def to_hit_modifiers(unit: Unit, location: str) -> list[tuple[str, int]]:
    """Returns a vehicle's own to-hit modifiers from its critical hits (tables.md 6.5)."""
    mods = []
    commander = count(unit, "commander hit")
    if commander:
        mods.append(("commander hit", 1))
    sensors = count(unit, "sensors")
    if sensors:
        mods.append((f"sensor hits ({sensors})", sensors))
    if count(unit, "co-pilot hit"):
        mods.append(("co-pilot hit", 1))
    if count(unit, "flight stabilizer"):
        mods.append(("flight stabilizer", 1))
    if unit.as_vehicle.support:  # a support vehicle's fire control, EQ-SV-04
        from btcli.rules.ground.support_vehicles import fire_control_modifiers

        mods.extend(fire_control_modifiers(unit))
    return mods


def stunned(unit: Unit, turn: int) -> bool:
    """Tells whether the crew is stunned this turn (VEH-CRIT-10)."""
    return unit.vehicle.stunned_in(turn)


def cannot_fire(unit: Unit, turn: int) -> tuple[str, str]:
    """Returns (why, rule) when a vehicle may not fire this turn, else ("", "")."""
    if unit.vehicle.crew_killed:
        return "its crew is dead", "VEH-CRIT-09"
    if stunned(unit, turn):
        return "its crew is stunned", "VEH-CRIT-10"
    if count(unit, "sensors") >= SENSOR_HITS_BLIND:
        return "its sensors are gone", "VEH-CRIT-15"
    return "", ""


def is_immobile(unit: Unit) -> bool:
    """Tells whether a vehicle is an immobile target (engine hit, major motive damage, dead crew)."""
    return unit.vehicle.immobile or unit.vehicle.crew_killed


def driving_modifiers(unit: Unit) -> list[tuple[str, int]]:
    """Returns the lasting driving skill roll modifiers of a vehicle (tables.md 3, 4, 5)."""
    mods = []
    motive = sum(unit.vehicle.motive_dsr)
    if motive:
        mods.append(("motive damage", motive))
    if count(unit, "driver hit"):
        mods.append(("driver hit", 2))
    if count(unit, "commander hit"):
        mods.append(("commander hit", 1))
    if count(unit, "pilot hit"):
        mods.append(("pilot hit", 2))
    if count(unit, "flight stabilizer"):
        mods.append(("flight stabilizer", 3))
    return mods


def clearing(unit: Unit) -> bool:
    """Tells whether the crew is clearing a jam this weapon phase (VEH-CRIT-18, 23)."""
    return unit.vehicle.clearing


def clear_jam(unit: Unit, what: str, turn: int) -> tuple[Unit, JamCleared]:
    """Spends this weapon phase clearing one jammed weapon or a jammed turret (VEH-CRIT-18, VEH-CRIT-23)."""
    from btcli.model.events_vehicles import JamCleared  # a rare order's event and rule (issue #17)
    from btcli.rules.core import weapon_modes

    if unit.fired:
        raise IllegalOrderError(f"'{unit.id}' already fired this phase and cannot clear a jam", "VEH-CRIT-23")
    if clearing(unit):
        raise IllegalOrderError(f"'{unit.id}' already clears a jam this phase (one per phase)", "VEH-CRIT-23")
    why, rule = cannot_fire(unit, turn)
    if why and rule != "VEH-CRIT-15":  # blind sensors stop firing, not clearing a jam
        raise IllegalOrderError(f"'{unit.id}' cannot act: {why}", rule)
    if what.lower() == "turret":
        if unit.vehicle.turret != "jammed":
            raise IllegalOrderError(f"'{unit.id}''s turret is not jammed", "VEH-CRIT-18")
        return with_state(unit, clearing=True, turret=""), JamCleared(unit.id)
    name = unit.weapon_named(what.partition("@")[0])
    jammed = [i for i, m in enumerate(unit.weapons) if m.jammed and m.weapon == name
              and not weapon_modes.jams_by_firing(unit.spec(m.weapon))
              and (not what.partition("@")[2] or m.location == what.partition("@")[2])]
    if not jammed:
        if any(m.jammed and m.weapon == name and weapon_modes.jams_by_firing(unit.spec(m.weapon)) for m in unit.weapons):  # EQ-UAC-01: jammed by its own fire
            raise IllegalOrderError(f"'{unit.id}''s {what} jammed firing at double rate: no crew clears it (it stays "
                                    "jammed for the game)", "EQ-UAC-01")
        raise IllegalOrderError(f"'{unit.id}' has no jammed {what!r}", "VEH-CRIT-23")
    weapons = list(unit.weapons)
    weapons[jammed[0]] = _with(weapons[jammed[0]], jammed=False)
    return evolve(with_state(unit, clearing=True), weapons=tuple(weapons)), JamCleared(unit.id, weapons[jammed[0]].label)
