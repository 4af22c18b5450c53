"""Air-to-air weapon attacks between aerospace units on one aerospace map (issue #14).

``btcli attack GAME ATTACKER TARGET --weapon NAME`` in the weapon attack phase,
in space and in the atmosphere (the space map's rows, a low-altitude map). A
weapon is named as the record sheet lists it (``Large Laser``, ``Small
Laser@aft`` for one arc); a DropShip's bay fires as one attack by its bay name
(``--weapon "nose laser"``, tables.md 13.4). Each weapon (or bay) is one attack:
one to-hit roll, and on a hit one location roll on tables.md 9.1 and its whole
aerospace damage as one hit (``aero_weapons``). Fire is simultaneous: the hits
wait in ``GameState.pending`` and strike when the phase ends (``apply_hits``),
with their critical checks (tables.md 9.1) and then the control rolls the
damage forces (tables.md 9.4). Aerospace fighters build heat (``heat_phase``).

Where the seed is silent the readings and UNVERIFIED figures are listed in
docs/rules-notes.md ("Aerospace attacks (issue #14)"); each constant below names
its source. Attacks between an aircraft and the ground board are ``air_ground``'s and ``ground_to_air``'s
(``attacks.aero_rules`` routes them).
"""

from __future__ import annotations

from collections.abc import Callable

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import AeroClass, AeroDesign, Arc, FiringArc, LowAltitudeMap, SpaceMap
from btcli.model.events_aero import AeroHeat, AirShotHeld, AirShotHit, DamageControlRoll, ShotMissed
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import n_hexes
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, Hit
from btcli.model.units import AmmoBin, Unit
from btcli.rules import kinds
from btcli.rules.aero import (
    arcs as aero_arcs,
    control as aero_control,
    damage as aero_damage,
    maneuvers as aero_maneuvers,
    turn as aero_turn,
    weapons as aero_weapons,
)
from btcli.rules.ground import heat
from btcli.rules.kinds import aero as aero_kind
from btcli.rules.aero.damage import AttackDirection
from btcli.rules.core.modifiers import ToHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MAX_TO_HIT = 12  # 2D6 cannot roll more

# TW p.237 aerospace attack modifiers as MegaMekLab prints them on record sheets (``AeroToHitMods``;
# UNVERIFIED against the book): the attack direction, the target at velocity 0, secondary targets.
DIRECTION_MODIFIER = {AttackDirection.NOSE: 1, AttackDirection.SIDE: 2, AttackDirection.AFT: 0,
                      AttackDirection.ABOVE_BELOW: 0}
TARGET_AT_REST = -2
SECONDARY_NOSE, SECONDARY_OTHER = 1, 2  # not for large craft
# AERO-MOVE-05 (TW p.237, the table missing from the seed): MegaMek's "excess thrust" +2 for an attacker that
# spent more than its Safe Thrust this turn (above, not at it: AMB-19).
OVER_THRUST = 2
OUT_OF_CONTROL = 2  # tables.md 9.4: an out-of-control unit that fires
PILOT_HIT = 1  # per pilot/crew hit (MegaMekLab's table; UNVERIFIED)
FIRE_CONTROL_HIT = 2  # tables.md 9.1: +2 per fire control hit
SENSOR_HIT = 1  # tables.md 9.1: +1 per sensor hit, +5 from the third
SENSORS_DESTROYED_HITS, SENSORS_DESTROYED = 3, 5
# AERO-MNV-02: the Evasive Action Modifiers table is missing from the seed: MegaMek's values for fighters and
# small craft; DropShips +1 and fixed-wing support vehicles as small craft are btcli's readings (UNVERIFIED).
EVADING_TARGET = {
    AeroClass.AEROSPACE_FIGHTER: 3, AeroClass.CONVENTIONAL_FIGHTER: 3, AeroClass.SMALL_CRAFT: 2,
    AeroClass.FIXED_WING: 2, AeroClass.DROPSHIP: 1,
}
# tables.md 9.8 (MegaMek ``ComputeAeroAttackerToHitMods``, citing TW p.241; UNVERIFIED against the book): -3 to hit
# an aircraft making an air-to-ground attack this turn. MegaMek gives it to air-to-air attacks; btcli also to
# ground-to-air fire (btcli.rules.aero.ground_to_air), as issue #14 asks.
TARGET_ATTACKING_GROUND = -3
ENGINE_HEAT = 2  # tables.md 9.1: +2 heat per engine hit, every turn
HEAT_TRACKED = frozenset({AeroClass.AEROSPACE_FIGHTER})  # conventional fighters build no heat (MegaMek)


class Geometry(Record, slots=False):
    """Where the target lies from the attacker: range in hexes and the direction it is struck from."""

    distance: int
    direction: AttackDirection
    side: Arc | None  # the side a side attack strikes


class Shot(Record, slots=False):
    """One attack of the declaration: a weapon, or a DropShip's bay, with its to-hit number."""

    label: str
    indexes: tuple[int, ...]  # the record sheet's weapon entries fired, one per weapon
    damage: int
    heat: int
    to_hit: ToHit


class Plan(Record, slots=False):
    attacker: Unit
    target: Unit
    geometry: Geometry
    shots: tuple[Shot, ...]


def ground_attack(state: GameState, uid: str) -> str:
    """Returns the air-to-ground attack ("strike", "strafe", "bomb") unit ``uid`` declared this phase, or ''."""
    return next((d.air_ground for d in state.declarations if d.attacker == uid and d.air_ground), "")


# -- checking a declaration ---------------------------------------------------------------------------------


def _refuse(message: str, rule: str) -> None:
    raise IllegalOrderError(message, rule)


def check_can_fire(attacker: Unit) -> None:
    """Refuses an aircraft that fires nothing this turn, at an aircraft or at the ground: an unconscious
    pilot (AERO-HIGHG-04), evasive action by a fighter or small craft (AERO-MNV-05)."""
    if not attacker.conscious:
        _refuse(f"'{attacker.id}''s pilot is unconscious and cannot fire", "AERO-HIGHG-04")
    if attacker.aero.evading and aero_maneuvers.evading_fire_modifier(attacker.aero_design) is None:
        _refuse(f"'{attacker.id}' took evasive action this turn: fighters and small craft that evade fire no "
                "weapons", "AERO-MNV-05")


def check_pair(state: GameState, attacker: Unit, target_id: str) -> Unit:
    """Returns the target of an air-to-air attack; refuses the pairs the rules do not allow."""
    target = state.units.get(target_id)
    flier = kinds.of(attacker).flies_on_aerospace_maps
    if target is None or not flier or not kinds.of(target).flies_on_aerospace_maps:
        other = target_id if target is None or flier else attacker.id
        _refuse(f"'{attacker.id}' -> '{target_id}': '{other}' is not an aerospace unit (air-to-ground and "
                "ground-to-air attacks: btcli.rules.aero.air_ground, ground_to_air)", "AERO-GEN-01")
    for unit in (attacker, target):
        if not unit.active:
            _refuse(f"'{unit.id}' is destroyed or out of the battle", "TW p.99")
        if unit.aero.landed:
            _refuse(f"'{unit.id}' has landed: attacks by and on landed aircraft are not resolved yet (issue #14)",
                    "AERO-GEN-01")
    if attacker.side == target.side:
        _refuse(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.99")
    if attacker.position.map != target.position.map:
        _refuse(f"'{attacker.id}' is on map {attacker.position.map!r}, '{target.id}' on {target.position.map!r}: "
                "aerospace units attack units on their own map", "AERO-GEN-01")
    if isinstance(aero_kind.area(state, attacker), SpaceMap) and not aero_turn.space_attacks_due(state.turn):
        _refuse(f"units on the space map attack only in space turns (6, 12, ...), not in turn {state.turn}",
                "AMB-55")
    check_can_fire(attacker)
    if ground_attack(state, attacker.id):  # MegaMek (UNVERIFIED): one or the other in a turn
        _refuse(f"'{attacker.id}' makes a {ground_attack(state, attacker.id)} attack on the ground this turn: it "
                "makes no air-to-air attack as well", "TW p.242")
    return target


def geometry(state: GameState, attacker: Unit, target: Unit) -> Geometry:
    """Returns the range (hexes, + the altitude difference on a low-altitude map) and the attack direction."""
    a, t = attacker.position, target.position
    distance = a.hex.distance(t.hex)
    low = isinstance(aero_kind.area(state, attacker), LowAltitudeMap)
    if low:  # btcli's reading (UNVERIFIED): altitude counts toward range as on the ground (docs/rules-notes.md)
        distance += abs((a.altitude or 0) - (t.altitude or 0))
    above = low and a.hex == t.hex
    direction, side = aero_arcs.attack_direction(t.hex, target.facing, a.hex, above_below=above)
    return Geometry(distance, direction, side)


def _available(attacker: Unit, index: int, chosen: list[int]) -> int:
    weapon = attacker.aero_design.weapons[index]
    used = attacker.aero.weapons_destroyed.count(index) + attacker.fired.count(index) + chosen.count(index)
    return max(0, weapon.count - used)


def _weapon_list(attacker: Unit) -> str:
    design = attacker.aero_design
    names = [w.bay if w.bay else f"{w.name}@{w.arc.value}" for w in design.weapons]
    return ", ".join(dict.fromkeys(names)) or "none"


def _data(name: str) -> aero_weapons.AeroWeaponData:
    found = aero_weapons.data(name)
    if found is None:
        _refuse(f"btcli has no aerospace values for {name!r} (btcli/rules/aero/weapons.py)", "tables.md 12")
    return found


def weapon_data(name: str) -> aero_weapons.AeroWeaponData:
    """Returns a weapon's aerospace values; refuses a weapon btcli has none for (tables.md 12)."""
    return _data(name)


def _in_arc(attacker: Unit, target: Unit, mount: FiringArc) -> bool:
    design = attacker.aero_design
    return aero_arcs.covers(design.shape, mount, attacker.aero.rolled, attacker.position.hex, attacker.facing,
                            target.position.hex)


def _out_of_arc(attacker: Unit, target: Unit, label: str, mount: FiringArc) -> None:
    rolled = attacker.aero.rolled and mount is not aero_maneuvers.rolled_firing_arc(mount, True)
    into = aero_maneuvers.rolled_firing_arc(mount, attacker.aero.rolled).value.replace("_", " ")
    _refuse(f"'{target.id}' is outside the {into} arc {label} fires into"
            + (" (rolled: left fires right)" if rolled else ""), "AERO-MNV-09" if rolled else "AERO-MOVE-11")


def choose(attacker: Unit, target: Unit | None, texts: tuple[str, ...],
           bears: Callable[[FiringArc], bool] | None = None,
           refuse: Callable[[str, FiringArc], None] | None = None) -> list[tuple[str, list[int]]]:
    """Returns each ``--weapon``'s label and the weapon entries it fires (one index per weapon). ``bears`` tells
    whether a mount may fire at the target (default: its arc covers the target's hex, AERO-MOVE-11) and
    ``refuse`` refuses a mount that may not (air-to-ground attacks give their own, ``air_ground``)."""
    design = attacker.aero_design
    if bears is None:
        def bears(mount: FiringArc) -> bool:
            return _in_arc(attacker, target, mount)

        def refuse(label: str, mount: FiringArc) -> None:
            _out_of_arc(attacker, target, label, mount)
    chosen: list[int] = []
    out = []
    for text in texts:
        name, _, arc_text = text.partition("@")
        name = name.strip()
        want = None
        if arc_text:
            try:
                want = FiringArc(arc_text.strip().lower())
            except ValueError:
                raise InputError(f"bad arc {arc_text!r} in --weapon {text!r} (use "
                                 f"{', '.join(a.value for a in FiringArc)})") from None
        bay = [i for i, w in enumerate(design.weapons) if w.bay and w.bay.lower() == name.lower()]
        if bay:
            fired = [i for i in bay for _ in range(_available(attacker, i, chosen))]
            if not fired:
                _refuse(f"'{attacker.id}''s bay {design.weapons[bay[0]].bay!r} has fired or is destroyed", "TW p.99")
            if not bears(design.weapons[bay[0]].arc):
                refuse(f"bay {design.weapons[bay[0]].bay!r}", design.weapons[bay[0]].arc)
            chosen += fired
            out.append((f"{design.weapons[bay[0]].bay} bay", fired))
            continue
        named = [i for i, w in enumerate(design.weapons) if w.name.lower() == name.lower()
                 and (want is None or w.arc is want)]
        if not named:
            _refuse(f"'{attacker.id}' has no weapon {text!r} (weapons: {_weapon_list(attacker)})", "TW p.99")
        in_bays = [i for i in named if design.weapons[i].bay]
        if in_bays:
            _refuse(f"'{attacker.id}''s {design.weapons[in_bays[0]].name} fires with its bay: --weapon "
                    f"{design.weapons[in_bays[0]].bay!r}", "tables.md 13.4")
        ready = [i for i in named if _available(attacker, i, chosen)]
        if not ready:
            _refuse(f"'{attacker.id}' has no unfired {text!r} left (weapons: {_weapon_list(attacker)})", "TW p.99")
        bearing = [i for i in ready if bears(design.weapons[i].arc)]
        if not bearing:
            w = design.weapons[ready[0]]
            refuse(f"{w.name} ({w.arc.value})", w.arc)
        index = bearing[0]
        chosen.append(index)
        w = design.weapons[index]
        out.append((f"{w.name} ({w.arc.value})", [index]))
    return out


def attacker_modifiers(attacker: Unit, capital_missile: bool) -> list[tuple[str, int]]:
    """Returns the attacker's own modifiers: over-thrust, control, crew, fire control, sensors, heat, evading."""
    design, flight = attacker.aero_design, attacker.aero
    mods = []
    if flight.thrust_spent > design.safe_thrust:  # AERO-MOVE-05, AMB-19
        mods.append((f"attacker over safe thrust ({flight.thrust_spent} > {design.safe_thrust})", OVER_THRUST))
    if flight.out_of_control:
        mods.append(("attacker out of control", OUT_OF_CONTROL))
    if attacker.pilot_hits:
        mods.append((f"pilot hits ({attacker.pilot_hits})", PILOT_HIT * attacker.pilot_hits))
    if flight.fire_control_hits:
        mods.append((f"fire control hits ({flight.fire_control_hits})", FIRE_CONTROL_HIT * flight.fire_control_hits))
    if flight.sensor_hits >= SENSORS_DESTROYED_HITS:
        mods.append(("sensors destroyed", SENSORS_DESTROYED))
    elif flight.sensor_hits:
        mods.append((f"sensor hits ({flight.sensor_hits})", SENSOR_HIT * flight.sensor_hits))
    if design.aero_class in HEAT_TRACKED and heat.heat_to_hit(flight.heat):
        mods.append((f"heat {flight.heat}", heat.heat_to_hit(flight.heat)))
    if flight.evading:  # AERO-MNV-06 (+2 for large craft), AERO-MNV-04 (not for capital missiles)
        extra = aero_maneuvers.evading_fire_modifier(design, capital_missile=capital_missile)
        if extra:
            mods.append(("attacker evading", extra))
    return mods


def target_modifiers(state: GameState, attacker: Unit, target: Unit, where: Geometry) -> list[tuple[str, int]]:
    """Returns the modifiers of the target and the geometry: direction, velocity 0, evading, secondary target."""
    mods = []
    if DIRECTION_MODIFIER[where.direction]:
        mods.append((f"attack against the {where.direction.value}", DIRECTION_MODIFIER[where.direction]))
    if target.aero.velocity == 0:
        mods.append(("target at velocity 0", TARGET_AT_REST))
    if target.aero.evading and target.aero_design.aero_class in EVADING_TARGET:  # AERO-MNV-02
        mods.append(("target evading", EVADING_TARGET[target.aero_design.aero_class]))
    if ground_attack(state, target.id):  # tables.md 9.8, TW p.241 (MegaMek; UNVERIFIED)
        mods.append(("target making an air-to-ground attack", TARGET_ATTACKING_GROUND))
    primary = next((d.target for d in state.declarations if d.attacker == attacker.id), None)
    if primary is not None and primary != target.id and attacker.aero_design.aero_class is not AeroClass.DROPSHIP:
        nose = _in_arc(attacker, target, FiringArc.NOSE)
        mods.append(("secondary target, nose arc" if nose else "secondary target",
                     SECONDARY_NOSE if nose else SECONDARY_OTHER))
    return mods


def _shot(state: GameState, attacker: Unit, target: Unit, where: Geometry, label: str, indexes: list[int]) -> Shot:
    design = attacker.aero_design
    weapons = [(design.weapons[i], _data(design.weapons[i].name)) for i in indexes]
    band = aero_weapons.bracket(where.distance)
    reaching = [(w, d) for w, d in weapons if band is not None and aero_weapons.reaches(d, band)]
    if not reaching:
        longest = max((d.reach for _, d in weapons), key=lambda b: aero_weapons.last_hex(b))
        _refuse(f"'{target.id}' is {n_hexes(where.distance)} away, beyond {label}'s {longest.value} range "
                f"(to {n_hexes(aero_weapons.last_hex(longest))})", "tables.md 6.1")
    own = {d.to_hit for _, d in reaching}
    mods: list[tuple[str, int]] = [("gunnery", attacker.gunnery),
                                   (f"{band.value} range ({n_hexes(where.distance)})", aero_weapons.modifier(band))]
    if len(own) == 1 and own != {0}:
        mods.append(("pulse laser", own.pop()))
    mods += target_modifiers(state, attacker, target, where)
    mods += attacker_modifiers(attacker, all(d.capital_missile for _, d in weapons))
    return Shot(label, tuple(indexes), sum(d.damage for _, d in reaching), sum(d.heat for _, d in weapons),
                ToHit(tuple(mods)))


def _bin(weapon) -> tuple[str, str]:
    return weapon.name, weapon.arc.value


def shots_left(attacker: Unit, index: int) -> int:
    """Returns the shots left for a weapon entry's ammunition (kept per weapon and arc in ``Unit.ammo``)."""
    design = attacker.aero_design
    key = _bin(design.weapons[index])
    for a in attacker.ammo:
        if (a.weapon, a.location) == key:
            return a.shots
    return sum(w.shots for w in design.weapons if _bin(w) == key)


def check_ammo(attacker: Unit, shots: tuple[Shot, ...]) -> None:
    """Refuses a declaration needing more shots of a weapon's ammunition than the unit has left."""
    design = attacker.aero_design
    needed: dict[tuple[str, str], tuple[int, int]] = {}
    for shot in shots:
        for i in shot.indexes:
            if design.weapons[i].shots:
                count = needed.get(_bin(design.weapons[i]), (0, i))[0]
                needed[_bin(design.weapons[i])] = (count + 1, i)
    for (name, arc), (count, i) in needed.items():
        have = shots_left(attacker, i)
        if have < count:
            _refuse(f"'{attacker.id}' has {have} {name} ({arc}) shot(s) left, {count} needed", "TW p.99")


def plan(state: GameState, order: WeaponAttackOrder) -> Plan:
    """Checks an air-to-air attack declaration and returns each attack's to-hit number (no dice)."""
    attacker = state.unit(order.attacker)
    target = check_pair(state, attacker, order.target)
    if order.twist:
        raise InputError("--twist is for 'Mechs and turrets; an aerospace unit rolls in its move (AERO-MNV-07)")
    if not order.weapons:
        raise InputError("name the weapons to fire with --weapon (repeatable)")
    where = geometry(state, attacker, target)
    shots = tuple(_shot(state, attacker, target, where, label, indexes)
                  for label, indexes in choose(attacker, target, order.weapons))
    check_ammo(attacker, shots)
    return Plan(attacker, target, where, shots)


def preview(state: GameState, order: WeaponAttackOrder) -> list[str]:
    """Returns the dry-run lines: the geometry, then each attack's target number, modifiers, odds and damage."""
    from btcli.rules.core.tohit import odds

    p = plan(state, order)
    where = p.geometry
    lines = [f"{p.attacker.id} -> {p.target.id}: {n_hexes(where.distance)}, attack against the "
             f"{_direction_words(where)}"]
    for shot in p.shots:
        tn = shot.to_hit.target
        lines.append(f"{p.attacker.id} {shot.label} -> {p.target.id}: to-hit {tn}, {odds(tn):.1%} to hit, "
                     f"{shot.damage} damage")
        for name, value in shot.to_hit.modifiers:
            lines.append(f"  {name:32s} {value:+d}" if name != "gunnery" else f"  {name:32s} {value}")
    return lines


def _direction_words(where: Geometry) -> str:
    if where.direction is AttackDirection.SIDE:
        return f"{where.side.value} side"
    return {AttackDirection.ABOVE_BELOW: "above/below"}.get(where.direction, where.direction.value)


# -- resolving it --------------------------------------------------------------------------------------------


def locate(dice: Dice, target: Unit, where: Geometry,
           atmosphere: bool = False) -> tuple[Arc, aero_damage.Critical, int]:
    """Rolls the hit location on the target's table (tables.md 9.1; small craft and DropShips AERO-CRIT-01), then
    the 1D6 that may turn a spheroid's column in an ``atmosphere`` (AERO-CRIT-08) and the wing die of an
    above/below wing hit."""
    design = aero_kind.design(target)
    table = aero_damage.hit_table(design)
    direction = where.direction
    roll = dice.roll(2, f"hit location {target.id} ({direction.value})").total
    if aero_damage.spheroid_die_due(design, direction, atmosphere):
        die = dice.d6(f"spheroid {target.id} in an atmosphere (1: nose column, 6: aft column)")
        direction = aero_damage.spheroid_column(die, direction)
    wing = None
    if aero_damage.needs_wing_die(table, direction, roll):
        wing = dice.d6(f"wing hit {target.id} (1-3 right, 4-6 left)")
    arc, critical = aero_damage.hit_location(direction, roll, side=where.side, wing_die=wing, table=table)
    return arc, critical, roll


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Declares and resolves an air-to-air attack; its damage waits for the end of the phase."""
    p = plan(state, order)
    attacker, target, where = p.attacker, p.target, p.geometry
    events: Events = []
    pending = list(state.pending)
    fired = list(attacker.fired)
    ammo = {(a.weapon, a.location): a for a in attacker.ammo}
    design = attacker.aero_design
    for shot in p.shots:
        tn = shot.to_hit.target
        if tn > MAX_TO_HIT:  # 2D6 cannot make it: not fired (no ammunition, no heat)
            events.append(AirShotHeld(attacker.id, shot.label, target.id, tn, shot.to_hit.modifiers))
            continue
        fired += shot.indexes
        for i in shot.indexes:
            if design.weapons[i].shots:
                key = _bin(design.weapons[i])
                left = ammo[key].shots if key in ammo else shots_left(attacker, i)
                ammo[key] = AmmoBin(key[0], key[1], left - 1)
        roll = dice.roll(2, f"to-hit {shot.label} {attacker.id} vs {target.id}", target=tn,
                         modifiers=shot.to_hit.modifiers)
        if not roll.success:
            events.append(ShotMissed(attacker.id, shot.label, target.id, tn, roll.total))
            continue
        arc, critical, location_roll = locate(dice, target, where, aero_kind.in_atmosphere(state, target))
        events.append(AirShotHit(attacker.id, shot.label, target.id, tn, roll.total, _direction_words(where),
                                 shot.damage, arc.value, location_roll, critical.value))
        pending.append(Hit(target.id, arc.value, shot.damage, side=where.direction.value, critical=roll.total == 12,
                           source=f"{shot.label} from {attacker.id}|{critical.value}", attacker=attacker.id))
    primary = next((d.target for d in state.declarations if d.attacker == attacker.id), target.id)
    declaration = AttackDeclaration(attacker.id, target.id, tuple(s.label for s in p.shots), "", primary == target.id)
    attacker = evolve(attacker, fired=tuple(fired), ammo=tuple(ammo.values()))
    return evolve(state.with_unit(attacker), pending=tuple(pending),
                  declarations=state.declarations + (declaration,)), events


def apply_hits(state: GameState, hits: tuple[Hit, ...], dice: Dice) -> tuple[GameState, Events]:
    """Applies the phase's hits on aerospace units (armor, SI, critical checks; tables.md 9.1), then each
    damaged unit's control rolls the damage forced, one per cause, in order (tables.md 9.4)."""
    events: Events = []
    forced: dict[str, list[str]] = {}
    for hit in hits:
        unit = state.units[hit.target]
        if unit.destroyed:  # later hits of the phase find only a wreck
            continue
        label, _, critical = hit.source.rpartition("|")
        result = aero_damage.apply_hit(
            unit.aero_design, aero_kind.view(unit), Arc(hit.location), hit.damage, dice,
            critical=aero_damage.Critical(critical) if critical else None, natural_twelve=hit.critical,
            reason=f"{unit.id} hit ({label})")
        events.extend(result.events)
        forced.setdefault(unit.id, []).extend(result.control_rolls)
        state = state.with_unit(aero_kind.store(unit, result.state))
    for uid, reasons in forced.items():
        for reason in reasons:
            unit = state.units[uid]
            if unit.destroyed:
                break
            area = aero_kind.area(state, unit)
            made = aero_control.control_check(unit.aero_design, aero_kind.view(unit),
                                              area.in_atmosphere(unit.position.hex), dice, f"{uid} ({reason})")
            events.append(DamageControlRoll(uid, reason, made.roll.total, made.roll.target, made.success,
                                            () if made.success else made.events))
            state = state.with_unit(aero_kind.store(unit, made.state))
    return state, events


# -- heat ----------------------------------------------------------------------------------------------------


def heat_built(design: AeroDesign, fired: tuple[int, ...], engine_hits: int) -> tuple[int, int]:
    """Returns (weapon heat, engine heat) of a turn: the weapons fired (tables.md 12) and +2 per engine hit
    (tables.md 9.1)."""
    return sum(_data(design.weapons[i].name).heat for i in fired), ENGINE_HEAT * engine_hits


def heat_phase(state: GameState) -> tuple[GameState, Events]:
    """Adds each aerospace fighter's heat for the turn and sinks it: 1 per working heat sink (single sinks,
    UNVERIFIED). Its effect is the to-hit rows of tables.md 15 (UNVERIFIED for fighters)."""
    events: Events = []
    for unit in aero_kind.aero_units(state):
        design = unit.aero_design
        if unit.destroyed or design.aero_class not in HEAT_TRACKED:
            continue
        flight = aero_kind.flight(unit)
        weapons, engine = heat_built(design, unit.fired, flight.engine_hits)
        if not (flight.heat or weapons or engine):
            continue
        sinks = max(0, design.heat_sinks - flight.heat_sinks_lost)
        new = max(0, flight.heat + weapons + engine - sinks)
        events.append(AeroHeat(unit.id, flight.heat, new, weapons, engine, sinks))
        if new != flight.heat:
            state = state.with_unit(evolve(unit, aero=evolve(flight, heat=new)))
    return state, events
