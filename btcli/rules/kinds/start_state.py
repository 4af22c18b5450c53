"""A unit's state as scenario data (issue #32): the ``[units.state]`` table of a scenario's unit, read onto a
fresh unit (``apply``) and read back off a unit in play (``read``), the form a campaign carries from one game
to the next (``carried``, ``repaired``). docs/scenario-format.md, "A unit's state", lists every key.

Every key sets exactly the state a game holds (``Unit``, ``MechState``, ``VehicleState``, ``AeroFlight``,
``AssetState``), and as a game would: a critical hit by slot or by what the slot holds goes through the same
lasting effects a critical hit in play has (a weapon destroyed, an ammunition bin emptied, a vehicle's crew,
turret and motive results through ``btcli.rules.ground.vehicles``), a destroyed location through
``btcli.rules.core.damage.destroy_location``. A value no game could reach is refused (``StateError``) naming
the key: more damage than a location has, a critical hit in an empty or missing slot, ammunition below 0 or
above the bin's, internal structure damage under armor that is still there (TW: damage reaches the structure
through the armor; only an ammunition or Gauss explosion strikes it directly, ST-01), a dead pilot (6 hits), a
unit the state would destroy (a destroyed unit takes no part in a scenario).

The kind of a unit decides its keys and how they are applied and read (``KindRules.state_keys``, ``apply_state``,
``read_state``); this module holds the shared readers and the present kinds' own, which their ``KindRules`` name."""

from __future__ import annotations

from btcli.errors import GameFileError
from btcli.model.frozen import evolve
from btcli.model.hits import MOTIVE, CritResult, SlotHit
from btcli.model.units import AmmoBin, Unit
from btcli.rules import kinds

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any


class StateError(GameFileError):
    """A ``[units.state]`` value no game could reach; the message names the key."""


# What a campaign may repair between battles (docs/scenario-format.md, "Campaigns"), least first: each level
# repairs what the one before it does and more.
REPAIRS = ("none", "ammunition", "armor", "everything")
# The keys each level restores to the design's values.
REPAIRED = {"none": (), "ammunition": ("ammo", "bombs_dropped", "weapons_spent"),
            "armor": ("ammo", "bombs_dropped", "weapons_spent", "armor_left", "armor_damage", "weapons_jammed")}
# What does not last from one battle to the next (ST-07): heat sinks cool, a 'Mech stands up and restarts, a
# pilot comes to, a stunned crew recovers.
TRANSIENT = ("heat", "prone", "shutdown", "conscious", "crew_stunned")

# An aerospace unit's damage boxes (AeroFlight's counts of the same names), each a whole number of hits.
AERO_BOXES = ("engine_hits", "left_thruster_hits", "right_thruster_hits", "avionics_hits", "sensor_hits",
              "fire_control_hits", "bomb_hits", "door_hits", "cargo_hits", "heat_sinks_lost")
# An aerospace unit's damage flags (AeroFlight's of the same names).
AERO_FLAGS = ("landing_gear_damaged", "life_support_hit", "docking_collar_damaged", "kf_boom_damaged")
# ST-10: the critical result that marks each box or flag; a class whose table lacks it cannot have it
# (AERO-CRIT-01, 05: a fighter takes no door, cargo or life support hit, a small craft no bomb hit). Thruster
# boxes are any class's: seed 001's re-entry example gives a fighter 3 of them (AERO-ATM-04), though no fighter
# critical crosses one (AERO-CRIT-02).
AERO_CRITICAL_OF = {"engine_hits": "engine", "left_thruster_hits": None, "right_thruster_hits": None,
                    "avionics_hits": "avionics", "sensor_hits": "sensors", "fire_control_hits": "fire_control",
                    "bomb_hits": "bomb", "door_hits": "door", "cargo_hits": "cargo", "heat_sinks_lost": "heat_sink",
                    "landing_gear_damaged": "landing_gear", "life_support_hit": "life_support",
                    "docking_collar_damaged": "docking_collar", "kf_boom_damaged": "kf_boom"}
MOTIVE_RESULTS = ("minor damage", "moderate damage", "heavy damage", "major damage")  # tables.md 3
# A vehicle's critical results a state gives by name (tables.md 4, 5): each lasts; the others are given another
# way (a weapon destroyed or jammed by weapons_destroyed / weapons_jammed, an ammunition explosion by its ammo
# left and its damage) or destroy the vehicle.
VEHICLE_RESULTS = ("driver hit", "commander hit", "crew stunned", "crew killed", "sensors", "stabilizer",
                   "engine hit", "turret jam", "turret locks", "turret blown off", "cargo/infantry hit",
                   "co-pilot hit", "pilot hit", "flight stabilizer", "rotor damage", "ammunition")
TURRET = {"jammed": "turret jam", "locked": "turret locks", "gone": "turret blown off"}  # VEH-CRIT-17..19
PILOT_DEAD = 6  # tables.md 15: the sixth hit kills the MechWarrior


def keys(unit: Unit) -> tuple[str, ...]:
    """Returns the keys a unit's kind takes in its state table (its ``KindRules.state_keys``)."""
    return kinds.of(unit).state_keys


# -- applying a state table -------------------------------------------------------------------------------


def apply(unit: Unit, table: dict[str, Any]) -> Unit:
    """Returns the fresh ``unit`` in the state ``table`` gives; raises StateError naming the key of a value no
    game could reach."""
    if not isinstance(table, dict):
        raise StateError("state must be a table of the unit's state (docs/scenario-format.md)")
    allowed = keys(unit)
    unknown = [k for k in table if k not in allowed]
    if unknown:
        raise StateError(f"state.{unknown[0]} is not part of {kinds.of(unit).called}'s state (its keys: "
                         f"{', '.join(allowed)})")
    if not table:
        return unit
    apply_state = kinds.of(unit).apply_state
    assert apply_state is not None  # a kind with state keys reads them
    unit = apply_state(unit, table)
    if unit.destroyed:
        raise StateError("this state destroys the unit, and a destroyed unit cannot be in a scenario")
    return unit


def _whole(table: dict[str, Any], key: str, low: int = 0, high: int | None = None) -> int:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of {low} or more"
        raise StateError(f"state.{key} must be a whole number {span}, not {value!r}")
    return value


def _flag(table: dict[str, Any], key: str) -> bool:
    value = table[key]
    if not isinstance(value, bool):
        raise StateError(f"state.{key} is true or false, not {value!r}")
    return value


def _texts(table: dict[str, Any], key: str) -> list[str]:
    value = table[key]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise StateError(f"state.{key} is a list of texts, not {value!r}")
    return [v.strip() for v in value]


def _per_location(table: dict[str, Any], key: str, places: dict[str, int]) -> dict[str, int]:
    """Reads a ``{LOCATION = n}`` table of ``key`` over the locations ``places`` (location -> its most)."""
    value = table[key]
    if not isinstance(value, dict):
        raise StateError(f"state.{key} is a table of locations, e.g. {key} = {{ {next(iter(places), 'LA')} = 3 }}")
    out = {}
    for where, n in value.items():
        if where not in places:
            raise StateError(f"state.{key}: unknown location {where!r} (its locations: {', '.join(places)})")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= places[where]:
            raise StateError(f"state.{key}.{where} must be a whole number from 0 to {places[where]}, not {n!r}")
        out[where] = n
    return out


def _levels(table: dict[str, Any], what: str, most: dict[str, int]) -> dict[str, int]:
    """Returns the values left per location from ``WHAT_left`` or ``WHAT_damage`` (never both for one place)."""
    left = _per_location(table, f"{what}_left", most) if f"{what}_left" in table else {}
    damage = _per_location(table, f"{what}_damage", most) if f"{what}_damage" in table else {}
    both = sorted(set(left) & set(damage))
    if both:
        raise StateError(f"state: {both[0]} is given in both {what}_left and {what}_damage (give one)")
    return {**left, **{k: most[k] - v for k, v in damage.items()}}


def _ammo(unit: Unit, table: dict[str, Any], bins: dict[str, list[int]], capacity: dict[str, list[int]]) -> dict[str, list[int]]:
    """Reads ``ammo = { "WEAPON@LOCATION" = SHOTS }`` (a list of shots where a location holds several bins of a
    weapon, in the unit's order; ``WEAPON:KIND@LOCATION`` for a bin of another kind of round)."""
    value = table["ammo"]
    if not isinstance(value, dict):
        raise StateError('state.ammo is a table of bins, e.g. ammo = { "AC/20@LT" = 3 }')
    out = {}
    for key, shots in value.items():
        if key not in capacity:
            raise StateError(f"state.ammo: no ammunition bin {key!r} (its bins: {', '.join(capacity) or 'none'})")
        given = shots if isinstance(shots, list) else [shots]
        if len(given) != len(capacity[key]):
            raise StateError(f"state.ammo.{key!r}: {len(capacity[key])} bin(s) there, {len(given)} value(s) given")
        for n, most in zip(given, capacity[key]):
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= most:
                raise StateError(f"state.ammo.{key!r}: shots left must be a whole number from 0 to {most} (the bin "
                                 f"holds {most}), not {n!r}")
        out[key] = list(given)
    return out


def _bin_key(a: AmmoBin) -> str:
    return f"{a.weapon}{'' if a.kind == 'standard' else ':' + a.kind}@{a.location}"


def _ground_bins(unit: Unit) -> dict[str, list[int]]:
    """The unit's ammunition bins by key, each key's bin indexes in order."""
    bins: dict[str, list[int]] = {}
    for i, a in enumerate(unit.ammo):
        bins.setdefault(_bin_key(a), []).append(i)
    return bins


def _set_ground_ammo(unit: Unit, table: dict[str, Any], fresh: Unit) -> Unit:
    """Sets the shots left in each bin the table gives, up to what the ``fresh`` unit's bin holds."""
    bins = _ground_bins(unit)
    capacity = {k: [fresh.ammo[i].shots for i in v] for k, v in bins.items()}
    ammo = list(unit.ammo)
    for key, shots in _ammo(unit, table, bins, capacity).items():
        for i, n in zip(bins[key], shots):
            ammo[i] = evolve(ammo[i], shots=n)
    return evolve(unit, ammo=tuple(ammo))


def _check_ammo_after(before: Unit, unit: Unit, table: dict[str, Any]) -> None:
    """Refuses shots left in a bin the state's critical hits or destroyed locations emptied."""
    given = table.get("ammo", {})
    for key, indexes in _ground_bins(unit).items():
        if key not in given:
            continue
        shots = given[key] if isinstance(given[key], list) else [given[key]]
        for i, n in zip(indexes, shots):
            if before.ammo[i].shots == 0 and n > 0:
                raise StateError(f"state.ammo.{key!r}: that bin exploded or its location is gone (its critical hit "
                                 "or destroyed location empties it), so no shots are left")


def _mounts(unit: Unit, names: list[str], key: str, usable=lambda m: True) -> list[int]:
    """Returns the index of the mount each name names (``NAME``, ``NAME@LOCATION``, ``NAME@LOCATION(R)``, or the
    alias players type), a name given twice naming the next such mount."""
    taken: list[int] = []
    for text in names:
        name, _, where = text.partition("@")
        rear = where.endswith("(R)")
        where = where.removesuffix("(R)")
        weapon = unit.weapon_named(name)
        found = [i for i, m in enumerate(unit.weapons) if m.weapon == weapon and (not where or m.location == where)
                 and (not rear or m.rear) and i not in taken and usable(m)]
        if not found:
            labels = ", ".join(m.label for m in unit.weapons) or "none"
            raise StateError(f"state.{key}: no {'other ' if taken else ''}weapon {text!r} it could take (its weapons: "
                             f"{labels})")
        taken.append(found[0])
    return taken


def _weapon_states(unit: Unit, table: dict[str, Any], jams) -> Unit:
    """Jammed and spent weapons: a jam only where a weapon jams (``jams(unit, mount)``), spent only a one-shot."""
    weapons = list(unit.weapons)
    if "weapons_jammed" in table:
        names = _texts(table, "weapons_jammed")
        for i in _mounts(unit, names, "weapons_jammed", lambda m: not m.destroyed):
            if not jams(unit, weapons[i]):
                raise StateError(f"state.weapons_jammed: {weapons[i].label} never jams (an Ultra or Rotary AC jams; "
                                 "a vehicle's weapon malfunctions, VEH-CRIT-22)")
            weapons[i] = evolve(weapons[i], jammed=True)
    if "weapons_spent" in table:
        for i in _mounts(unit, _texts(table, "weapons_spent"), "weapons_spent", lambda m: not m.destroyed):
            if not (weapons[i].one_shot or unit.spec(weapons[i].weapon).one_shot):
                raise StateError(f"state.weapons_spent: {weapons[i].label} is no one-shot weapon (EQ-OS-01)")
            weapons[i] = evolve(weapons[i], spent=True)
    return evolve(unit, weapons=tuple(weapons))


def _pilot(unit: Unit, table: dict[str, Any], dead: int = PILOT_DEAD, who: str = "MechWarrior") -> Unit:
    hits = _whole(table, "pilot_hits") if "pilot_hits" in table else unit.pilot_hits
    if hits >= dead:
        raise StateError(f"state.pilot_hits: {hits} hits kill the {who} ({dead} do), and a destroyed unit cannot be "
                         "in a scenario")
    conscious = _flag(table, "conscious") if "conscious" in table else unit.conscious
    if not conscious and hits == 0:
        raise StateError("state.conscious = false: a pilot is knocked out only by the hits he takes, and he has none "
                         "(give pilot_hits)")
    return evolve(unit, pilot_hits=hits, conscious=conscious)


# -- 'Mechs --


def apply_mech(unit: Unit, table: dict[str, Any]) -> Unit:
    from btcli.rules.core import damage
    from btcli.rules.ground import construction

    fresh = unit
    for text in _texts(table, "crits") if "crits" in table else ():
        location, slot = _mech_slot(unit, text)
        unit = _slot_hit(unit, location, slot, text)
    if "weapons_destroyed" in table:  # a 'Mech's weapon is destroyed by a critical hit on one of its slots
        for i in _mounts(unit, _texts(table, "weapons_destroyed"), "weapons_destroyed", lambda m: not m.destroyed):
            m = unit.weapons[i]
            free = [s for s, item in enumerate(unit.built.slots.get(m.location, ()))
                    if item == f"weapon:{m.weapon}" and s not in unit.slot_hits(m.location)]
            if not free:
                raise StateError(f"state.weapons_destroyed: {m.label} has no slot left to take the critical hit")
            unit = _slot_hit(unit, m.location, free[0], m.label)
    gone = _texts(table, "destroyed_locations") if "destroyed_locations" in table else []
    most_internal = dict(unit.max_internal)
    levels_internal = _levels(table, "internal", most_internal)
    gone += [where for where, n in levels_internal.items() if n == 0 and where not in gone]
    for where in gone:
        if where not in most_internal:
            raise StateError(f"state.destroyed_locations: unknown location {where!r} (its locations: "
                             f"{', '.join(most_internal)})")
        if unit.internal.get(where, 0) > 0:
            unit = damage.destroy_location(unit, where, [])
            if unit.destroyed:
                raise StateError(f"state: {where} destroyed destroys the 'Mech (its head, centre torso or engine), and "
                                 "a destroyed unit cannot be in a scenario")
    armor, internal = dict(unit.armor), dict(unit.internal)
    for what, levels, values in (("armor", _levels(table, "armor", dict(unit.max_armor)), armor),
                                 ("internal", levels_internal, internal)):
        for where, n in levels.items():
            place = where if what == "internal" else _torso_of(where)
            if unit.internal.get(place, 1) <= 0 and n > 0:
                raise StateError(f"state.{what}: {place} is destroyed, so its {what} is 0, not {n}")
            values[where] = n
    unit = evolve(unit, armor=armor, internal=internal)
    _check_structure_under_armor(unit)
    before = unit
    if "ammo" in table:
        unit = _set_ground_ammo(unit, table, fresh)
        _check_ammo_after(before, unit, table)
    unit = _weapon_states(unit, table, lambda u, m: u.spec(m.weapon).ultra or u.spec(m.weapon).rotary)
    unit = _pilot(unit, table)
    heat = _whole(table, "heat") if "heat" in table else unit.built.heat
    shutdown = _flag(table, "shutdown") if "shutdown" in table else unit.built.shutdown
    from btcli.rules.ground.heat import AUTOMATIC_SHUTDOWN_HEAT

    if heat >= AUTOMATIC_SHUTDOWN_HEAT and not shutdown:
        raise StateError(f"state.heat: at {heat} a 'Mech is shut down (tables.md 15: automatic at "
                         f"{AUTOMATIC_SHUTDOWN_HEAT}); give shutdown = true")
    prone = _flag(table, "prone") if "prone" in table else unit.built.prone
    unit = unit.with_mech(heat=heat, shutdown=shutdown, prone=prone)
    if construction.engine_hits(unit) >= damage.ENGINE_DESTROYED_HITS:
        raise StateError("state: three engine hits destroy the 'Mech, and a destroyed unit cannot be in a scenario")
    return unit


def _torso_of(armor_location: str) -> str:
    from btcli.rules.ground.mechs import REAR_ARMOR

    return next((front for front, rear in REAR_ARMOR.items() if rear == armor_location), armor_location)


def _mech_slot(unit: Unit, text: str) -> tuple[str, int]:
    """Returns the slot a critical hit names: ``LOC:N`` (the slot counted from 0, as the game file writes it),
    ``LOC:ITEM`` (the first slot of the location holding ITEM not yet hit) or ``ITEM`` (the first anywhere)."""
    slots = unit.built.slots
    where, sep, rest = text.partition(":")
    if sep and where in slots and rest.strip().isdigit():
        slot = int(rest)
        if slot >= len(slots[where]):
            raise StateError(f"state.crits: {text!r}: {where} has slots 0 to {len(slots[where]) - 1}")
        if slot in unit.slot_hits(where):
            raise StateError(f"state.crits: {text!r} is hit twice")
        return where, slot
    places = [where] if sep and where in slots else list(slots)
    item = rest.strip() if sep and where in slots else text
    hits = [(w, s) for w in places for s, held in enumerate(slots[w]) if held == item and s not in unit.slot_hits(w)]
    if not hits:
        inside = f" in {where}" if len(places) == 1 else ""
        raise StateError(f"state.crits: {text!r}: no slot{inside} holding {item!r} is left to hit (slot items: engine, "
                         "gyro, cockpit, sensors, life_support, an actuator, weapon:NAME, ammo:NAME, heat_sink, ...)")
    return hits[0]


def _slot_hit(unit: Unit, location: str, slot: int, text: str) -> Unit:
    """Marks a critical hit on a slot with its lasting effect, as ``damage.critical_effect`` has it in play: its
    weapon destroyed, its ammunition bin emptied (the explosion's damage is the state's own armor and structure)."""
    from btcli.rules.ground import construction

    item = unit.built.slots[location][slot]
    if not item:
        raise StateError(f"state.crits: {text!r}: slot {location}:{slot} is empty, and a critical hit never falls "
                         "on an empty slot")
    if construction.rolls_again(item):
        raise StateError(f"state.crits: {text!r}: slot {location}:{slot} holds {item}, which a critical hit never "
                         "destroys (it rolls again, EQ-STR-01)")
    if unit.internal.get(location, 0) <= 0:
        raise StateError(f"state.crits: {text!r}: {location} is destroyed")
    unit = unit.with_slot_hit(location, slot)
    if item == "cockpit":
        raise StateError(f"state.crits: {text!r}: a cockpit hit kills the MechWarrior, and a destroyed unit cannot be "
                         "in a scenario")
    if item.startswith("weapon:"):
        weapon = item.split(":", 1)[1]
        for i, m in enumerate(unit.weapons):
            if m.weapon == weapon and m.holds(location) and not m.destroyed:  # EQ-SPLIT-02
                return evolve(unit, weapons=unit.weapons[:i] + (evolve(m, destroyed=True),) + unit.weapons[i + 1:])
    if item.startswith("ammo:"):
        weapon = item.split(":", 1)[1]
        nth = sum(1 for s in range(slot) if unit.built.slots[location][s] == item)
        bins = [i for i, a in enumerate(unit.ammo) if a.weapon == weapon and a.location == location]
        if nth < len(bins):
            ammo = list(unit.ammo)
            ammo[bins[nth]] = evolve(ammo[bins[nth]], shots=0)
            return evolve(unit, ammo=tuple(ammo))
    return unit


def _check_structure_under_armor(unit: Unit) -> None:
    """Refuses internal structure damage under armor still there (ST-01): damage reaches the structure through the
    armor (front, or a torso's rear), unless an explosion in the location or one further out struck it directly
    (an ammunition bin or a Gauss rifle destroyed by a critical hit, as the state's crits say)."""
    from btcli.rules.core.weapon_modes import weapon_blast
    from btcli.rules.ground.mechs import REAR_ARMOR
    from btcli.rules.kinds.mech import body

    transfer = body(unit).transfer
    blasts = set()
    for c in unit.crits:
        if isinstance(c, SlotHit):
            item = unit.built.slots.get(c.location, ("",) * (c.slot + 1))[c.slot]
            weapon = item.split(":", 1)[1] if item.startswith("weapon:") else ""
            if item.startswith("ammo:") or (weapon in unit.weapon_specs and weapon_blast(unit.spec(weapon), True)):
                where: str | None = c.location
                while where is not None:
                    blasts.add(where)
                    where = transfer.get(where)
    for where, most in unit.max_internal.items():
        left = unit.internal.get(where, 0)
        if 0 < left < most and where not in blasts:
            front = unit.armor.get(where, 0)
            rear = REAR_ARMOR.get(where)
            if front > 0 and (rear is None or unit.armor.get(rear, 0) > 0):
                shown = f"{where} {front}" + (f", {rear} {unit.armor.get(rear, 0)}" if rear else "")
                raise StateError(f"state: {where} has internal structure damage under its armor ({shown} left): damage "
                                 "reaches the structure through the armor, or from an ammunition or Gauss explosion "
                                 "(give that critical hit) (ST-01)")


# -- vehicles --


def apply_vehicle(unit: Unit, table: dict[str, Any]) -> Unit:
    from btcli.rules.ground import vehicles
    from btcli.rules.kinds.vehicle import mobility

    fresh = unit
    results = [_vehicle_result(unit, text) for text in (_texts(table, "crits") if "crits" in table else ())]
    if "turret" in table:
        if table["turret"] not in TURRET:
            raise StateError(f"state.turret is {', '.join(map(repr, TURRET))}, not {table['turret']!r} (VEH-CRIT-17..19)")
        results.append(("turret", TURRET[table["turret"]]))
    for key, result in (("crew_stunned", "crew stunned"), ("crew_killed", "crew killed")):
        if key in table and _flag(table, key):
            results.append((_default_location(unit, result), result))
    for where, result in results:
        if where not in unit.max_armor:
            raise StateError(f"state.crits: unknown location {where!r} (its locations: {', '.join(unit.max_armor)})")
        if result == "ammunition":  # VEH-CRIT-05: every bin emptied; its damage is the state's own structure
            unit = evolve(unit.with_crit_result(where, result),
                          ammo=tuple(evolve(a, shots=0) for a in unit.ammo))
            continue
        taken = vehicles.effective(unit, where, result)
        if taken != result:
            raise StateError(f"state.crits: {where}: {result} cannot be taken now"
                             + (f": it would be {taken} (VEH-CRIT-04, 08, 12, 18)" if taken else
                                " (nothing left for it to damage, VEH-CRIT-04)"))
        unit = unit.with_crit_result(where, result)
        unit = vehicles.apply_effect(unit, where, result, None, [], 0, 0)  # type: ignore[arg-type]  # no dice: none rolls
        if unit.destroyed:
            raise StateError(f"state.crits: {result} destroys the vehicle, and a destroyed unit cannot be in a scenario")
    for text in _texts(table, "motive_damage") if "motive_damage" in table else ():
        result = text if text.endswith(" damage") else f"{text} damage"
        if result not in MOTIVE_RESULTS:
            raise StateError(f"state.motive_damage: {text!r} is not a motive result (minor, moderate, heavy, major; "
                             "tables.md 3)")
        if not mobility(unit).motive_damage:
            raise StateError("state.motive_damage: a VTOL takes no motive system damage (its rotor takes it)")
        unit = vehicles.motive_result(unit, result, [])
    rotor_hits = _whole(table, "rotor_hits") if "rotor_hits" in table else 0
    if rotor_hits and not mobility(unit).vtol_criticals:
        raise StateError("state.rotor_hits: only a VTOL has a rotor")
    for _ in range(rotor_hits):
        unit = vehicles.rotor_hit(unit, [])
    if "weapons_destroyed" in table:
        for i in _mounts(unit, _texts(table, "weapons_destroyed"), "weapons_destroyed", lambda m: not m.destroyed):
            m = unit.weapons[i]
            unit = evolve(unit, weapons=unit.weapons[:i] + (evolve(m, destroyed=True, jammed=False),)
                          + unit.weapons[i + 1:]).with_crit_result(m.location, "weapon destroyed")
    most = dict(unit.max_armor)
    armor = {**unit.armor, **_levels(table, "armor", most)}
    if unit.as_vehicle.turret == "gone" and armor.get("turret"):
        raise StateError("state.armor: the turret is gone (turret blown off), so its armor is 0")
    internal = {**unit.internal, **_levels(table, "internal", dict(unit.max_internal))}
    exploded = {c.location for c in unit.crits if isinstance(c, CritResult) and c.result == "ammunition"}
    for where, left in internal.items():
        if left <= 0:
            raise StateError(f"state.internal: {where} has no structure left, which destroys a vehicle")
        if left < unit.max_internal.get(where, left) and armor.get(where, 0) > 0 and where not in exploded:
            raise StateError(f"state: {where} has internal structure damage under its armor ({armor[where]} left): "
                             "damage reaches the structure through the armor (ST-01)")
    rotor_damage = (unit.max_armor.get("rotor", 0) - armor.get("rotor", 0)
                    + unit.max_internal.get("rotor", 0) - internal.get("rotor", 0))
    if rotor_hits > rotor_damage:
        raise StateError(f"state.rotor_hits: {rotor_hits} hits on the rotor leave at least {rotor_hits} damage on it, "
                         f"not {rotor_damage} (each hit deals at least 1, VEH-DMG-12)")
    unit = evolve(unit, armor=armor, internal=internal)
    if "ammo" in table:
        before = unit
        unit = _set_ground_ammo(unit, table, fresh)
        if exploded:
            _check_ammo_after(before, unit, table)
    unit = _weapon_states(unit, table, lambda u, m: True)  # any vehicle weapon malfunctions (VEH-CRIT-22)
    if "immobile" in table and _flag(table, "immobile"):
        unit = vehicles.with_state(unit, immobile=True)
    return unit


def _vehicle_result(unit: Unit, text: str) -> tuple[str, str]:
    """Returns (location, result) of ``"front: driver hit"`` or ``"driver hit"`` (at the first location whose
    column lists it)."""
    where, sep, result = text.partition(":")
    if not sep:
        where, result = "", text
    where, result = where.strip(), result.strip()
    if result not in VEHICLE_RESULTS:
        why = {"weapon destroyed": "give weapons_destroyed", "weapon malfunction": "give weapons_jammed",
               "fuel tank": "it destroys the vehicle", "rotor destroyed": "it destroys the vehicle"}.get(result)
        raise StateError(f"state.crits: {text!r}: " + (f"not given here: {why}" if why else
                         f"not a vehicle critical result ({', '.join(VEHICLE_RESULTS)})"))
    return where or _default_location(unit, result), result


def _default_location(unit: Unit, result: str) -> str:
    from btcli.rules.ground import vehicles
    from btcli.rules.kinds.vehicle import mobility

    table = vehicles.VTOL_CRITS if mobility(unit).vtol_criticals else vehicles.VEHICLE_CRITS
    column = next((c for c, listed in table.items() if result in listed), "front")
    return {"side": "left"}.get(column, column)


# -- infantry --


def apply_infantry(unit: Unit, table: dict[str, Any]) -> Unit:
    from btcli.rules.ground.infantry import LOCATION, is_battle_armor

    armor, internal = dict(unit.armor), dict(unit.internal)
    if "troopers_left" in table:
        most = len(unit.max_internal) if is_battle_armor(unit) else unit.max_internal.get(LOCATION, 0)
        left = _whole(table, "troopers_left", 1, most)
        if is_battle_armor(unit):  # the first trooper standing takes the hits (btcli.rules.ground.infantry)
            for name in list(unit.max_internal)[:most - left]:
                internal[name], armor[name] = 0, 0
        else:
            internal[LOCATION] = left
    for where, n in _levels(table, "armor", dict(unit.max_armor)).items():
        if internal.get(where, 0) <= 0 and n > 0:
            raise StateError(f"state.armor: {where} has fallen, so his armor is 0")
        armor[where] = n
    return evolve(unit, armor=armor, internal=internal)


# -- aerospace units --


def apply_aero(unit: Unit, table: dict[str, Any]) -> Unit:
    from btcli.rules.kinds import aero

    design = aero.design(unit)
    armor = {**unit.armor, **_levels(table, "armor", dict(unit.max_armor))}
    internal = dict(unit.internal)
    if "si_left" in table or "si_damage" in table:
        if "si_left" in table and "si_damage" in table:
            raise StateError("state: give si_left or si_damage, not both")
        most = unit.max_internal[aero.SI]
        key = "si_left" if "si_left" in table else "si_damage"
        n = _whole(table, key, 0, most)
        internal[aero.SI] = n if key == "si_left" else most - n
        if internal[aero.SI] <= 0:
            raise StateError(f"state.{key}: no structural integrity left destroys the unit, and a destroyed unit "
                             "cannot be in a scenario")
    boxes = {k: _whole(table, k) for k in AERO_BOXES if k in table}
    if boxes.get("heat_sinks_lost", 0) > design.heat_sinks:
        raise StateError(f"state.heat_sinks_lost: it has {design.heat_sinks} heat sinks, not "
                         f"{boxes['heat_sinks_lost']} to lose")
    changes: dict[str, Any] = dict(boxes)
    changes.update({k: _flag(table, k) for k in AERO_FLAGS if k in table})
    from btcli.rules.aero.damage import reachable_criticals

    reachable = {critical.value for critical in reachable_criticals(design)}
    for key, value in changes.items():
        critical = AERO_CRITICAL_OF.get(key)
        if value and critical is not None and critical not in reachable:  # ST-10
            kind = design.aero_class.value.replace("_", " ")
            raise StateError(f"state.{key}: {'an' if kind[0] in 'aeiou' else 'a'} {kind} takes no "
                             f"{critical.replace('_', ' ')} critical (its critical hit table, AERO-CRIT-01)")
    if "bombs_dropped" in table:
        changes["bombs_dropped"] = _whole(table, "bombs_dropped", 0, design.bombs)
    if "heat" in table:
        changes["heat"] = _whole(table, "heat")
    if "weapons_destroyed" in table:
        changes["weapons_destroyed"] = _aero_weapons(design, _texts(table, "weapons_destroyed"))
    unit = evolve(unit, armor=armor, internal=internal, aero=evolve(aero.flight(unit), **changes))
    if "ammo" in table:
        capacity: dict[str, list[int]] = {}
        for w in design.weapons:
            if w.shots:
                key = f"{w.name}@{w.arc.value}"
                capacity[key] = [capacity.get(key, [0])[0] + w.shots]
        given = _ammo(unit, table, {}, capacity)
        kept = {(a.weapon, a.location): a for a in unit.ammo}
        for key, (shots,) in given.items():
            name, _, arc = key.rpartition("@")
            kept[(name, arc)] = AmmoBin(name, arc, shots)
        unit = evolve(unit, ammo=tuple(kept.values()))
    return _pilot(unit, table, design.crew_boxes, "crew (every crew box marked, tables.md 13.4)")


def _aero_weapons(design, names: list[str]) -> tuple[int, ...]:
    """Returns the design's weapon entry of each name (``NAME`` or ``NAME@ARC``), an entry of ``count`` weapons
    named up to ``count`` times (``AeroFlight.weapons_destroyed``)."""
    taken: list[int] = []
    for text in names:
        name, _, arc = text.partition("@")
        found = [i for i, w in enumerate(design.weapons) if w.name.casefold() == name.strip().casefold()
                 and (not arc or w.arc.value == arc.strip()) and taken.count(i) < w.count]
        if not found:
            labels = ", ".join(f"{w.name}@{w.arc.value}" + (f" x{w.count}" if w.count > 1 else "") for w in design.weapons)
            raise StateError(f"state.weapons_destroyed: no {'other ' if taken else ''}weapon {text!r} (its weapons: "
                             f"{labels or 'none'})")
        taken.append(found[0])
    return tuple(sorted(taken))


# -- assets --


def apply_asset(unit: Unit, table: dict[str, Any]) -> Unit:
    from btcli.rules.assets.damage import LAST_CHECK

    record = unit.asset
    assert record is not None  # an asset's kind: its record is set
    check = _whole(table, "check", LAST_CHECK, record.state.check)  # ASSET-DMG-12, 13: worn down to 2 at most
    return evolve(unit, asset=evolve(record, state=record.state.evolve(check=check)))


# -- reading a unit's state --------------------------------------------------------------------------------


def read(unit: Unit) -> dict[str, Any]:
    """Returns a unit's state as its state table (only what differs from a fresh unit of its design, but every
    ammunition bin): ``apply`` on a fresh unit of the same design gives the same state back."""
    read_state = kinds.of(unit).read_state
    found = read_state(unit) if read_state is not None else {}
    return {k: v for k, v in found.items()
            if not (v is None or v == {} or v == [] or (v is False and k != "conscious") or (v == 0 and v is not False))}


def _changed(values: dict[str, int], most: dict[str, int], skip=()) -> dict[str, int]:
    return {k: values.get(k, 0) for k in most if values.get(k, 0) != most[k] and k not in skip}


def _labels(unit: Unit, pick) -> list[str]:
    return [m.label for m in unit.weapons if pick(m)]


def _ammo_table(unit: Unit) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, indexes in _ground_bins(unit).items():
        shots = [unit.ammo[i].shots for i in indexes]
        out[key] = shots[0] if len(shots) == 1 else shots
    return out


def read_mech(unit: Unit) -> dict[str, Any]:
    from btcli.rules.kinds.mech import body

    shape = body(unit)
    gone = [w for w, n in unit.internal.items() if n <= 0]
    roots = [w for w in gone if not any(shape.torso_limb.get(t) == w for t in gone)]  # a torso takes its limb
    rear = {"CTR": "CT", "LTR": "LT", "RTR": "RT"}
    skip_armor = {k for k in unit.max_armor if rear.get(k, k) in gone}
    return {
        "crits": [c.label for c in unit.crits if isinstance(c, SlotHit)],
        "destroyed_locations": roots,
        "armor_left": _changed(unit.armor, unit.max_armor, skip_armor),
        "internal_left": _changed(unit.internal, unit.max_internal, gone),
        "ammo": _ammo_table(unit),
        "weapons_jammed": _labels(unit, lambda m: m.jammed and not m.destroyed),
        "weapons_spent": _labels(unit, lambda m: m.spent and not m.destroyed),
        "pilot_hits": unit.pilot_hits, "conscious": None if unit.conscious else False,
        "heat": unit.built.heat, "prone": unit.built.prone, "shutdown": unit.built.shutdown,
    }


def read_vehicle(unit: Unit) -> dict[str, Any]:
    v = unit.as_vehicle
    implied: tuple[str, ...] = ("weapon destroyed", "weapon malfunction", "crew stunned")
    if v.turret != "jammed":  # a jam the crew cleared leaves nothing (VEH-CRIT-18, 23)
        implied += ("turret jam",)
    crits = [c for c in unit.crits if isinstance(c, CritResult)]
    blown = v.turret == "gone"
    return {
        "crits": [c.label for c in crits if c.location != MOTIVE and c.result not in implied],
        "motive_damage": [c.result.removesuffix(" damage") for c in crits if c.location == MOTIVE],
        "rotor_hits": _rotor_hits(unit, crits),
        "crew_stunned": any(c.result == "crew stunned" for c in crits),
        "immobile": v.immobile and not v.engine_hit and not any(c.result == "major damage" for c in crits),
        "weapons_destroyed": _labels(unit, lambda m: m.destroyed and not (blown and m.location == "turret")),
        "weapons_jammed": _labels(unit, lambda m: m.jammed and not m.destroyed),
        "weapons_spent": _labels(unit, lambda m: m.spent and not m.destroyed),
        "armor_left": _changed(unit.armor, unit.max_armor, ("turret",) if blown else ()),
        "internal_left": _changed(unit.internal, unit.max_internal),
        "ammo": _ammo_table(unit),
    }


def _rotor_hits(unit: Unit, crits: list[CritResult]) -> int:
    """A VTOL's rotor hits: the cruising MP it lost that its rotor damage criticals do not account for."""
    from btcli.rules.kinds.vehicle import mobility

    if not mobility(unit).vtol_criticals or not unit.as_vehicle.design_cruise:
        return 0
    return max(0, unit.as_vehicle.design_cruise - unit.walk - sum(c.result == "rotor damage" for c in crits))


def read_infantry(unit: Unit) -> dict[str, Any]:
    standing = [k for k, n in unit.internal.items() if n > 0]
    most = max(unit.max_internal.values()) if unit.max_internal else 0
    troopers = len(standing) if most == 1 else sum(unit.internal.values())
    full = len(unit.max_internal) if most == 1 else sum(unit.max_internal.values())
    return {"troopers_left": troopers if troopers != full else 0,
            "armor_left": _changed(unit.armor, unit.max_armor, [k for k in unit.internal if k not in standing])}


def read_aero(unit: Unit) -> dict[str, Any]:
    from btcli.rules.kinds import aero

    flight, design = aero.flight(unit), aero.design(unit)
    si, most = unit.internal.get(aero.SI, 0), unit.max_internal.get(aero.SI, 0)
    out: dict[str, Any] = {"armor_left": _changed(unit.armor, unit.max_armor), "si_left": si if si != most else None}
    out.update({k: getattr(flight, k) for k in AERO_BOXES})
    out.update({k: getattr(flight, k) for k in AERO_FLAGS})
    out["weapons_destroyed"] = [f"{design.weapons[i].name}@{design.weapons[i].arc.value}" for i in flight.weapons_destroyed]
    out["ammo"] = {f"{a.weapon}@{a.location}": a.shots for a in unit.ammo}
    out.update(bombs_dropped=flight.bombs_dropped, heat=flight.heat, pilot_hits=unit.pilot_hits,
               conscious=None if unit.conscious else False)
    return out


def read_asset(unit: Unit) -> dict[str, Any]:
    record = unit.asset
    assert record is not None  # an asset's kind: its record is set
    return {"check": record.state.check if record.state.check != record.card.destruction_check else None}


# -- campaigns ---------------------------------------------------------------------------------------------


def carried(table: dict[str, Any], repair: str) -> dict[str, Any]:
    """Returns the state a unit carries into the next battle of a campaign (ST-07): its state table without what
    does not last (``TRANSIENT``), less what ``repair`` restores (``REPAIRED``; "everything": all of it)."""
    if repair == "everything":
        return {}
    dropped = set(TRANSIENT) | set(REPAIRED[repair])
    return {k: v for k, v in table.items() if k not in dropped}


def summary(table: dict[str, Any]) -> str:
    """Returns a few words for a carried state: what it holds, key by key."""
    if not table:
        return "as new"
    words = []
    for key in ("armor_left", "armor_damage", "internal_left", "internal_damage"):
        if key in table:
            words.append(f"{key.replace('_', ' ')} {', '.join(f'{k} {v}' for k, v in table[key].items())}")
    for key in ("destroyed_locations", "crits", "motive_damage", "weapons_destroyed", "weapons_jammed",
                "weapons_spent"):
        if key in table:
            words.append(f"{key.replace('_', ' ')}: {', '.join(table[key])}")
    if "ammo" in table:
        words.append("ammo " + ", ".join(f"{k} {v}" for k, v in table["ammo"].items()))
    listed = ("armor_left", "armor_damage", "internal_left", "internal_damage", "destroyed_locations", "crits",
              "motive_damage", "weapons_destroyed", "weapons_jammed", "weapons_spent", "ammo")
    rest = [k for k in table if k not in listed]
    words += [f"{k.replace('_', ' ')} {table[k]}" for k in rest]
    return "; ".join(words)
