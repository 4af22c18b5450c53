"""Air-to-ground attacks: an aircraft's strike, strafing run or bombing on the ground board (issue #14).

An aerospace unit whose flight path this turn passed over the low-altitude hex that holds the ground board
(``LowAltitudeMap.ground_hex``) attacks the board in the weapon attack phase, with the ordinary ``attack``
command and one of three modes (docs/aerospace.md, "Attacks on the ground"):

- ``--strike``: its weapons at one ground unit or building hex (+2, tables.md 9.8);
- ``--strafe HEX,HEX,...``: up to 5 hexes in a line along its direction of travel, every unit (friend or foe)
  and building in them attacked by every weapon named (+4, tables.md 9.8; energy weapons only);
- ``--bomb N``: N high-explosive bombs dropped on a hex (+2, tables.md 9.8), a dive-bombing attack.

The seeds hold none of these rules. The figures below are MegaMek's (``ComputeToHitIsImpossible``,
``ComputeAeroAttackerToHitMods``, ``MMConstants``; the pages its comments cite), all UNVERIFIED against Total
Warfare; the readings are btcli's and listed in docs/rules-notes.md ("Air-to-ground attacks (issue #14)").
The flight path is at the scale of the low-altitude map, where the whole ground board is one hex: every hex
of the board lies under it, and the direction of travel over it is the flight's heading into that hex.

Fire is simultaneous: the to-hit and location rolls are made when the attack is declared, and the damage
waits in ``GameState.pending`` for the end of the phase, where it strikes ground units through the ground
damage rules (``hits.apply_hits``) and buildings through ``buildings.apply_structure_hits``.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.aero import FiringArc, LowAltitudeMap, Shape
from btcli.model.board import WOODS_HEIGHT
from btcli.model.events_combat import GroupStrikes
from btcli.model.events_aero import (
    AttackAltitudeLost,
    BombsHit,
    BombsMissed,
    BombsMissSecondElement,
    BombsStrikeBuilding,
    GroundAttackHit,
    GroundAttackMissed,
    ShotHeld,
)
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId, n_hexes
from btcli.model.hits import DeclaredTarget, HexTarget, StrafeTarget
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, Hit, StructureHit
from btcli.model.units import AmmoBin, MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.aero import attacks as aero_attacks, low_altitude as aero_low_altitude, weapons as aero_weapons
from btcli.rules.core import arcs, condition, tohit
from btcli.rules.drops import landing_turn as drop_turn
from btcli.rules.ground import placement
from btcli.rules.kinds import aero as aero_kind
from btcli.rules.urban import structures
from btcli.rules.core.modifiers import IMMOBILE, WOODS_IN_HEX, ToHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

STRIKE, STRAFE, BOMB = "strike", "strafe", "bomb"
MODES = (STRIKE, STRAFE, BOMB)
# tables.md 9.8 (MegaMek's ``ComputeAeroAttackerToHitMods``, TW p.243 as it cites): the attack's own modifier.
MODE_MODIFIER = {STRIKE: 2, STRAFE: 4, BOMB: 2}
AIRBORNE_VTOL = 5  # tables.md 9.8: an airborne VTOL is attacked air-to-air at +5, in place of the strike's +2
STRAFING_NOE = 2  # MegaMek: strafing at altitude 1 (NOE) +2 more (UNVERIFIED)
# MegaMek's ceilings (UNVERIFIED): no strike above altitude 5, no strafing above 3; dive bombing from 3-5
# (``DIVE_BOMB_MIN_ALTITUDE``, ``DIVE_BOMB_MAX_ALTITUDE``, TW p.243 as MegaMek tags it).
CEILING = {STRIKE: 5, STRAFE: 3, BOMB: 5}
FLOOR = {STRIKE: 1, STRAFE: 1, BOMB: 3}
# MegaMek (UNVERIFIED): a strike costs the attacker 1 altitude, dive bombing 2, strafing none, once a turn; an
# attack that would bring it down to the ground is refused.
ALTITUDE_COST = {STRIKE: 1, STRAFE: 0, BOMB: 2}
STRAFE_LENGTH = 5  # hexes at most in a strafing run (TW p.243 as MegaMek reads it; UNVERIFIED)
# TW p.243 as MegaMek quotes it: "non-ammo-dependent direct-fire energy and pulse weapons" strafe (lasers, PPCs,
# flamers). Ballistic weapons and missiles do not (issue #14 allowed ballistic ones: the book's reading is kept).
STRAFING_FAMILIES = frozenset({"energy"})
BOMB_DAMAGE, BOMB_GROUP = 10, 5  # a high-explosive bomb: 10 to each unit in the hex, in 5-point groups (UNVERIFIED)
# Mounts that fire at the ground (MegaMek): an aerodyne's forward ones, a spheroid's aft and aft-side ones.
GROUND_MOUNTS = {
    Shape.AERODYNE: frozenset({FiringArc.NOSE, FiringArc.LEFT, FiringArc.RIGHT}),
    Shape.SPHEROID: frozenset({FiringArc.AFT, FiringArc.LEFT_AFT, FiringArc.RIGHT_AFT}),
}
MAX_TO_HIT = 12
A2G = "MegaMek air-to-ground"  # the rule a refusal names where MegaMek gives no page


class Overflight(Record, slots=False):
    """How an aircraft crossed the ground board this turn: on which low-altitude map, over which hex, at
    which altitude (the lowest it flew there) and heading which way."""

    map: str
    hex: HexId
    altitude: int
    heading: Facing


class Target(Record, slots=False):
    """One target of an air-to-ground attack: a ground unit, or a building hex (``unit`` None)."""

    label: str  # as the events name it: the unit's id, or "building hex 0705"
    hex: HexId
    unit: Unit | None
    side: str  # the ground hit table's column: the attack comes from behind the flight (MegaMek)


class Shot(Record, slots=False):
    """One weapon (or DropShip bay) fired at one target."""

    target: Target
    label: str
    indexes: tuple[int, ...]
    groups: tuple[int, ...]  # its damage in groups, as each strikes the target
    to_hit: ToHit


class Plan(Record, slots=False):
    attacker: Unit
    mode: str
    over: Overflight
    targets: tuple[Target, ...]
    shots: tuple[Shot, ...]
    bombs: int = 0


def _refuse(message: str, rule: str) -> None:
    raise IllegalOrderError(message, rule)


def board_map(state: GameState) -> LowAltitudeMap | None:
    """Returns the low-altitude map one of whose hexes holds the ground board, or None."""
    return next((m for m in state.maps.values() if isinstance(m, LowAltitudeMap) and m.ground_hex is not None), None)


def overflight(state: GameState, unit: Unit) -> Overflight | None:
    """Returns how an aircraft's flight path this turn crossed the ground board, or None if it did not: a point
    of ``AeroFlight.path`` in the low-altitude hex holding the board. Its heading is the direction it flew into
    that hex (out of it, if it started there; its facing, if it never left it)."""
    area = board_map(state)
    if not kinds.of(unit).flies_on_aerospace_maps or area is None:
        return None
    path = aero_kind.flight(unit).path
    over = [i for i, p in enumerate(path) if p.map == area.id and p.hex == area.ground_hex]
    if not over:
        return None
    heading = None
    if over[0] > 0 and path[over[0] - 1].map == area.id:
        heading = path[over[0] - 1].hex.direction_to(area.ground_hex)
    if heading is None:
        after = next((p for p in path[over[0]:] if p.map == area.id and p.hex != area.ground_hex), None)
        heading = area.ground_hex.direction_to(after.hex) if after is not None else None
    altitude = min(path[i].altitude for i in over)
    return Overflight(area.id, area.ground_hex, altitude, heading if heading is not None else unit.facing)


def flew_over(state: GameState, unit: Unit) -> Overflight:
    """Returns the aircraft's overflight; refuses one whose flight path this turn never crossed the board."""
    over = overflight(state, unit)
    if over is None:
        area = board_map(state)
        where = (f"low-altitude hex {area.ground_hex.label} of map {area.id!r}, which holds the ground board"
                 if area is not None else "the ground board (no low-altitude map holds it)")
        _refuse(f"'{unit.id}''s flight path this turn did not pass over {where}", A2G)
    return over


# -- checking ------------------------------------------------------------------------------------------------


def mode_of(order: WeaponAttackOrder) -> str:
    """Returns the air-to-ground mode an order names; refuses none or more than one."""
    named = [m for m, on in ((STRIKE, order.strike), (STRAFE, bool(order.strafe)), (BOMB, order.bombs > 0)) if on]
    if len(named) > 1:
        raise InputError("give one of --strike, --strafe and --bomb")
    if not named:
        raise IllegalOrderError(f"'{order.attacker}' -> '{order.target}': an aircraft attacks the ground with "
                                "--strike, --strafe HEX,... or --bomb N (docs/aerospace.md)", "tables.md 9.8")
    return named[0]


def _check_attacker(state: GameState, attacker: Unit, mode: str) -> Overflight:
    if not kinds.of(attacker).flies_on_aerospace_maps:
        _refuse(f"'{attacker.id}' is not an aerospace unit: --{mode} is an aircraft's attack on the ground", A2G)
    if not attacker.active:
        _refuse(f"'{attacker.id}' is destroyed or out of the battle", "TW p.99")
    if aero_kind.flight(attacker).landed:
        _refuse(f"'{attacker.id}' has landed: it makes no air-to-ground attack (not resolved in btcli)",
                "AERO-GEN-01")
    aero_attacks.check_can_fire(attacker)
    mine = [d for d in state.declarations if d.attacker == attacker.id]
    if any(not d.air_ground for d in mine):
        _refuse(f"'{attacker.id}' made an air-to-air attack this turn: it makes no air-to-ground attack as well",
                A2G)
    earlier = next((d.air_ground for d in mine), "")
    if earlier and earlier != mode:
        _refuse(f"'{attacker.id}' already makes a {earlier} attack this turn: one kind of air-to-ground attack "
                "a turn", A2G)
    if earlier and mode in (STRAFE, BOMB):
        _refuse(f"'{attacker.id}' already made its {'strafing run' if mode == STRAFE else 'bombing attack'} this "
                "turn", "TW p.243")
    shape = attacker.aero_design.shape
    if shape is Shape.SPHEROID and mode in (STRAFE, BOMB):
        _refuse(f"'{attacker.id}' is a spheroid: spheroids make no {'strafing' if mode == STRAFE else 'bombing'} "
                "attacks", "TW p.243")
    over = flew_over(state, attacker)
    if not FLOOR[mode] <= over.altitude <= CEILING[mode]:
        what = {STRIKE: "strike", STRAFE: "strafe", BOMB: "dive bomb"}[mode]
        limit = f"at altitude {CEILING[mode]} or lower" if FLOOR[mode] == 1 else \
            f"from altitude {FLOOR[mode]}-{CEILING[mode]}"
        _refuse(f"'{attacker.id}' crossed the ground board at altitude {over.altitude}: aircraft {what} only "
                f"{limit}", "TW p.243" if mode != STRIKE else A2G)
    cost = ALTITUDE_COST[mode] if not earlier else 0
    if cost:
        area = state.maps[attacker.position.map]
        now = attacker.position.altitude or 0
        ground = (aero_low_altitude.terrain_altitude(area.board.hex(attacker.position.hex))
                  if isinstance(area, LowAltitudeMap) else 0)
        if now - cost <= ground:
            _refuse(f"a {mode} costs '{attacker.id}' {cost} altitude: from altitude {now} it would come down to "
                    f"the ground (terrain altitude {ground})", A2G)
    return over


def _side(target_hex: HexId, unit: Unit | None, over: Overflight) -> str:
    """Returns the hit location column: the attack comes from the hex behind the target along the flight
    (MegaMek's ``passedThroughPrevious``)."""
    if unit is None:
        return "front"
    behind = target_hex.neighbor(over.heading.opposite())
    return arcs.attack_direction(target_hex, unit.facing, behind, kinds.of(unit).vehicle_sides)


def _unit_target(state: GameState, attacker: Unit, unit: Unit, over: Overflight) -> Target:
    if kinds.of(unit).flies_on_aerospace_maps:
        _refuse(f"'{unit.id}' is an aerospace unit: aircraft attack one another air-to-air, without "
                "--strike/--strafe/--bomb", A2G)
    if not unit.active or unit.hex is None:
        _refuse(f"'{unit.id}' is destroyed or not on the ground board", "TW p.99")
    return Target(unit.id, unit.hex, unit, _side(unit.hex, unit, over))


def units_in(state: GameState, hex_id: HexId) -> list[Unit]:
    """Returns the ground units in a hex of the ground board (a multi-hex unit in any of its hexes)."""
    return [u for u in state.units.values() if u.active and u.hex is not None
            and not kinds.of(u).flies_on_aerospace_maps and (u.hex == hex_id or hex_id in u.position.footprint)]


def _building(state: GameState, hex_id: HexId) -> bool:
    h = state.board.hex(hex_id)
    return h.building is not None or h.bridge is not None


def targets(state: GameState, attacker: Unit, order: WeaponAttackOrder, mode: str,
            over: Overflight) -> tuple[Target, ...]:
    """Returns the attack's targets: the struck unit or building hex; every unit and building in the strafed
    hexes; the bombed hex's (one ``Target`` of the hex for the bombs)."""
    if mode == STRAFE:
        if order.target:
            raise InputError("a strafing run names its hexes with --strafe, not a TARGET")
        hexes = order.strafe
        for h in hexes:
            if not state.board.contains(h):
                raise InputError(f"strafed hex {h.label} is not on the ground board")
        if len(hexes) > STRAFE_LENGTH:
            _refuse(f"a strafing run covers at most {STRAFE_LENGTH} hexes, not {len(hexes)}", "TW p.243")
        if len(set(hexes)) != len(hexes) or any(b != a.neighbor(over.heading) for a, b in zip(hexes, hexes[1:])):
            _refuse(f"strafed hexes {','.join(h.label for h in hexes)} are not a line of hexes one after another "
                    f"along '{attacker.id}''s direction of travel ({over.heading.name})", "TW p.243")
        found: list[Target] = []
        for h in hexes:
            found += [Target(u.id, h, u, _side(h, u, over)) for u in units_in(state, h) if h == u.hex]
            if _building(state, h):
                found.append(Target(f"building hex {h.label}", h, None, "front"))
        return tuple(found)
    if not order.target:
        raise InputError("name the TARGET of the attack")
    if order.target in state.units:
        unit = state.units[order.target]
        if mode == BOMB:
            _unit_target(state, attacker, unit, over)
            return (Target(f"hex {unit.hex.label}", unit.hex, None, "front"),)
        return (_unit_target(state, attacker, unit, over),)
    if not (len(order.target) in (4, 6) and order.target.isascii() and order.target.isdigit()):
        raise InputError(f"no unit {order.target!r} and no hex CCRR of the ground board")
    hex_id = state.board.parse_hex(order.target)
    if mode == BOMB:
        return (Target(f"hex {hex_id.label}", hex_id, None, "front"),)
    if not _building(state, hex_id):
        _refuse(f"hex {hex_id.label} holds no building or bridge to strike", "URB-ATK-01")
    return (Target(f"building hex {hex_id.label}", hex_id, None, "front"),)


def _check_one_strike_target(state: GameState, attacker: Unit, target: Target) -> None:
    key = target.unit.id if target.unit is not None else HexTarget(target.hex)
    earlier = next((d.target for d in state.declarations if d.attacker == attacker.id and d.air_ground == STRIKE),
                   None)
    if earlier is not None and earlier != key:
        _refuse(f"'{attacker.id}' strikes '{earlier}' this turn: a strike attacks one target", A2G)


def _mount_refusal(attacker: Unit, mode: str):
    design = attacker.aero_design
    allowed = GROUND_MOUNTS[design.shape]

    def bears(mount: FiringArc) -> bool:
        return mount in allowed

    def refuse(label: str, mount: FiringArc) -> None:
        which = "nose and wing (left, right)" if design.shape is Shape.AERODYNE else "aft and aft-side"
        _refuse(f"{label} cannot fire at the ground: a{' ' if design.shape is Shape.SPHEROID else 'n '}"
                f"{design.shape.value} attacks the ground with its {which} weapons", A2G)

    return bears, refuse


def _groups(data: aero_weapons.AeroWeaponData) -> tuple[int, ...]:
    if not data.group:
        return (data.damage,)
    whole, rest = divmod(data.damage, data.group)
    return (data.group,) * whole + ((rest,) if rest else ())


def target_modifiers(state: GameState, attacker: Unit, target: Target) -> list[tuple[str, int]]:
    """Returns the ground target's modifiers (tables.md 6.3, 6.4; an asset's card, ASSET-ATK-05); a building hex
    is an immobile target (URB-ATK-03). The aircraft is never adjacent: a prone target is +1."""
    unit = target.unit
    if unit is None:
        return [("building: immobile target", IMMOBILE)]
    own = kinds.of(unit).target_modifiers
    if own is not None:
        return own(state, attacker, unit)
    mods = []
    tmm = tohit.target_movement_modifier(unit.hexes_moved)
    if tmm:
        mods.append((f"target moved {n_hexes(unit.hexes_moved)}", tmm))
    if unit.mode is MoveMode.JUMP:
        mods.append(("target jumped", 1))
    mods.extend(drop_turn.target_modifiers(unit, state.turn))
    if placement.flies_as_vtol(unit) and unit.elevation > 0 and unit.mp_spent > 0:
        mods.append(("target airborne VTOL", 1))  # VTOL-ATK-05
    if condition.is_immobile(unit):
        mods.append(("target immobile", IMMOBILE))
    if unit.built.prone:
        mods.append(("target prone", tohit.PRONE_FAR))
    here = state.board.hex(unit.hex)
    if here.terrain in WOODS_IN_HEX and not (placement.flies_as_vtol(unit) and unit.elevation > WOODS_HEIGHT):
        mods.append((f"target in {here.terrain.value.replace('_', ' ')}", WOODS_IN_HEX[here.terrain]))
    return mods


def _mode_modifiers(mode: str, target: Target, over: Overflight) -> list[tuple[str, int]]:
    unit = target.unit
    if mode == STRIKE and unit is not None and placement.flies_as_vtol(unit) and unit.elevation > 0:
        return [("air-to-air vs airborne VTOL", AIRBORNE_VTOL)]  # tables.md 9.8
    mods = [({STRIKE: "air-to-ground strike", STRAFE: "strafing", BOMB: "bombing"}[mode], MODE_MODIFIER[mode])]
    if mode == STRAFE and over.altitude == 1:
        mods.append(("strafing at NOE", STRAFING_NOE))
    return mods


def plan(state: GameState, order: WeaponAttackOrder) -> Plan:
    """Checks an air-to-ground attack and returns every shot's to-hit number (no dice)."""
    mode = mode_of(order)
    attacker = state.unit(order.attacker)
    if order.twist:
        raise InputError("--twist is for 'Mechs and turrets; an aerospace unit rolls in its move (AERO-MNV-07)")
    over = _check_attacker(state, attacker, mode)
    found = targets(state, attacker, order, mode, over)
    own = aero_attacks.attacker_modifiers(attacker, False)
    if mode == BOMB:
        if order.weapons:
            raise InputError("a bombing attack drops bombs: it fires no --weapon")
        left = attacker.aero_design.bombs - attacker.aero.bombs_dropped
        if left < order.bombs:
            _refuse(f"'{attacker.id}' carries {left} bomb(s), {order.bombs} to drop (its bombs: "
                    f"{attacker.aero_design.bombs} loaded, {attacker.aero.bombs_dropped} dropped)", "TW p.243")
        (target,) = found
        mods = [("gunnery", attacker.gunnery), *_mode_modifiers(mode, target, over),
                ("a hex: immobile target", IMMOBILE), *own]
        groups = (BOMB_GROUP,) * (BOMB_DAMAGE // BOMB_GROUP) * order.bombs
        shot = Shot(target, f"{order.bombs} bomb(s)", (), groups, ToHit(tuple(mods)))
        return Plan(attacker, mode, over, found, (shot,), order.bombs)
    if not order.weapons:
        raise InputError("name the weapons to fire with --weapon (repeatable)")
    if mode == STRIKE:
        _check_one_strike_target(state, attacker, found[0])
    bears, refuse = _mount_refusal(attacker, mode)
    design = attacker.aero_design
    chosen = aero_attacks.choose(attacker, None, order.weapons, bears, refuse)
    shots = []
    for label, indexes in chosen:
        weapons = [(design.weapons[i].name, aero_attacks.weapon_data(design.weapons[i].name)) for i in indexes]
        if mode == STRAFE:
            barred = next((name for name, d in weapons if d.family not in STRAFING_FAMILIES), None)
            if barred is not None:
                family = aero_weapons.data(barred).family
                _refuse(f"{label} cannot strafe: {barred} is a {family} weapon, and only direct-fire energy weapons "
                        "(lasers, PPCs, flamers) strafe", "TW p.243")
        groups = tuple(g for _, d in weapons for g in _groups(d))
        weapon_mod = {d.to_hit for _, d in weapons}
        for target in found:
            mods = [("gunnery", attacker.gunnery), *_mode_modifiers(mode, target, over)]
            if len(weapon_mod) == 1 and weapon_mod != {0}:
                mods.append(("pulse laser", next(iter(weapon_mod))))
            mods += target_modifiers(state, attacker, target)
            mods += own
            shots.append(Shot(target, label, tuple(indexes), groups, ToHit(tuple(mods))))
    aero_attacks.check_ammo(attacker, tuple(aero_attacks.Shot(label, tuple(i), 0, 0, ToHit(()))
                                            for label, i in chosen))  # each weapon fires once
    return Plan(attacker, mode, over, found, tuple(shots))


def _what(mode: str) -> str:
    return {STRIKE: "strikes", STRAFE: "strafes", BOMB: "bombs"}[mode]


def preview(state: GameState, order: WeaponAttackOrder) -> list[str]:
    """Returns the dry-run lines: the overflight, then each shot's target number, modifiers, odds and damage."""
    p = plan(state, order)
    over = p.over
    where = (f"{','.join(h.label for h in order.strafe)}" if p.mode == STRAFE else
             ", ".join(t.label for t in p.targets))
    lines = [f"{p.attacker.id} {_what(p.mode)} {where}: over the ground board ({over.map} {over.hex.label}) at "
             f"altitude {over.altitude}, heading {over.heading.name}"]
    if not p.shots or (p.mode == STRAFE and not p.targets):
        lines.append("  no unit or building in the strafed hexes")
    for shot in p.shots:
        tn = shot.to_hit.target
        lines.append(f"{p.attacker.id} {shot.label} -> {shot.target.label}: to-hit {tn}, {tohit.odds(tn):.1%} to hit, "
                     f"{sum(shot.groups)} damage" + (f" ({shot.target.side} side)" if shot.target.unit else ""))
        for name, value in shot.to_hit.modifiers:
            lines.append(f"  {name:32s} {value:+d}" if name != "gunnery" else f"  {name:32s} {value}")
    return lines


# -- resolving it --------------------------------------------------------------------------------------------


def _hits(dice: Dice, shot: Shot, attacker: Unit, bomb: bool, state: GameState | None = None
          ) -> tuple[list[StructureHit | Hit], Events]:
    """Returns the pending hits of a shot that hit, and the events saying where each group strikes.

    A unit inside a building (``state`` given) is sheltered as from any attack: each group loses
    ceil(CF/10), which the building takes at the phase's end (URB-IN-02, 03; AMB-43); bombs are area
    effect and are not reduced (URB-IN-05)."""
    source = f"{shot.label} from {attacker.id}"
    target = shot.target
    if target.unit is None:
        return [structures.building_hit(target.hex, sum(shot.groups), source)], []
    shelter = placement.inside(state.board, target.unit) if state is not None and not bomb else None
    hits: list[StructureHit | Hit] = []
    said: Events = []
    for amount in shot.groups:
        hit = kinds.hit(dice, target.unit, target.side, amount, source)
        hit = evolve(hit, attacker=attacker.id, area_effect=bomb)
        if shelter is not None:
            building, hit, line = structures.absorb_hit(state, hit, target.hex, shelter.cf, source)
            said.append(line)
            hits.append(building)
            if hit is None:
                continue
        else:
            said.append(GroupStrikes(target.unit.id, amount, hit.location, hit.rear,
                                     kinds.without_rear_armor(target.unit, hit.location, hit.rear)))
        hits.append(hit)
    return hits, said


def _lose_altitude(state: GameState, attacker: Unit, mode: str, events: Events) -> Unit:
    if aero_attacks.ground_attack(state, attacker.id) or not ALTITUDE_COST[mode]:
        return attacker
    now = attacker.position.altitude
    new = now - ALTITUDE_COST[mode]
    events.append(AttackAltitudeLost(attacker.id, ALTITUDE_COST[mode], mode, now, new))
    return evolve(attacker, position=evolve(attacker.position, altitude=new))


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Declares and resolves an air-to-ground attack; its damage waits for the end of the phase."""
    p = plan(state, order)
    attacker = p.attacker
    events: Events = []
    pending = list(state.pending)
    if p.mode == BOMB:
        shot = p.shots[0]
        tn = shot.to_hit.target
        hex_id = shot.target.hex
        attacker = evolve(attacker, aero=evolve(attacker.aero, bombs_dropped=attacker.aero.bombs_dropped + p.bombs))
        roll = dice.roll(2, f"to-hit {shot.label} {attacker.id} vs hex {hex_id.label}", target=tn,
                         modifiers=shot.to_hit.modifiers) if tn <= MAX_TO_HIT else None
        if roll is None or not roll.success:
            events.append(BombsMissed(attacker.id, shot.label, hex_id, tn, roll.total if roll is not None else None))
        else:
            events.append(BombsHit(attacker.id, shot.label, hex_id, tn, roll.total, BOMB_DAMAGE))
            for unit in units_in(state, hex_id):
                if kinds.of(unit).primary_hex_only and unit.hex != hex_id:  # ASSET-DMG-09, AMB-52: only the primary hex
                    events.append(BombsMissSecondElement(unit.id))
                    continue
                side = _side(hex_id, unit, p.over)
                hits, said = _hits(dice, Shot(Target(unit.id, hex_id, unit, side), shot.label, (), shot.groups,
                                              shot.to_hit), attacker, True)
                pending += hits
                events += said
            if _building(state, hex_id):
                pending.append(structures.building_hit(hex_id, sum(shot.groups), f"{shot.label} from {attacker.id}"))
                events.append(BombsStrikeBuilding(sum(shot.groups), hex_id))
        labels: tuple[str, ...] = (shot.label,)
    else:
        fired = list(attacker.fired)
        ammo = {(a.weapon, a.location): a for a in attacker.ammo}
        design = attacker.aero_design
        spent: set[tuple[int, ...]] = set()
        for shot in p.shots:
            tn = shot.to_hit.target
            if tn > MAX_TO_HIT:
                events.append(ShotHeld(attacker.id, shot.label, shot.target.label, tn))
                continue
            if shot.indexes not in spent:  # a weapon fires once, at every target of a strafing run
                spent.add(shot.indexes)
                fired += shot.indexes
                for i in shot.indexes:
                    if design.weapons[i].shots:
                        key = (design.weapons[i].name, design.weapons[i].arc.value)
                        left = ammo[key].shots if key in ammo else aero_attacks.shots_left(attacker, i)
                        ammo[key] = AmmoBin(key[0], key[1], left - 1)
            roll = dice.roll(2, f"to-hit {shot.label} {attacker.id} vs {shot.target.label}", target=tn,
                             modifiers=shot.to_hit.modifiers)
            if not roll.success:
                events.append(GroundAttackMissed(attacker.id, p.mode, shot.target.label, shot.label, tn, roll.total))
                continue
            side = shot.target.side if shot.target.unit is not None else ""
            events.append(GroundAttackHit(attacker.id, p.mode, shot.target.label, shot.label, tn, roll.total, side,
                                          sum(shot.groups)))
            hits, said = _hits(dice, shot, attacker, False, state)
            pending += hits
            events += said
        attacker = evolve(attacker, fired=tuple(fired), ammo=tuple(ammo.values()))
        labels = tuple(dict.fromkeys(s.label for s in p.shots))
    attacker = _lose_altitude(state, attacker, p.mode, events)
    if p.mode == STRAFE:
        aimed: DeclaredTarget = StrafeTarget(order.strafe)
    elif p.targets[0].unit is not None:
        aimed = p.targets[0].unit.id
    else:
        aimed = HexTarget(p.targets[0].hex)
    declaration = AttackDeclaration(attacker.id, aimed, labels, "", True, air_ground=p.mode)
    return evolve(state.with_unit(attacker), pending=tuple(pending),
                  declarations=state.declarations + (declaration,)), events
