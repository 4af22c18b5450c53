"""Ground-to-air fire: a ground unit's weapons at an aircraft that crossed the ground board this turn (issue #14).

``btcli attack GAME hunchback corsair-1 --weapon "Medium Laser"`` in the weapon attack phase. The aircraft must
have flown over the low-altitude hex holding the ground board this turn (``air_ground.overflight``). The ground
unit fires its ordinary weapons with their ordinary to-hit modifiers as the attacker (gunnery, its movement,
heat and damage, tables.md 6.1, 6.2, 6.5), and:

- range: twice the aircraft's altitude over the board (MegaMek's ``Compute.effectiveDistance``: the distance to
  the nearest hex of the flight path + 2 x the altitude; UNVERIFIED). The low-altitude map does not say where
  over the board the aircraft flew (the whole board is one of its hexes), so btcli reads it as passing over
  the firer: the distance along the ground is 0 and only front-arc weapons bear (URB-IN-12's own-hex rule);
- the target: evading +3/+2/+1 (AERO-MNV-02, ``aero_attacks.EVADING_TARGET``), at altitude 1 (NOE) +1 (MegaMek,
  passing within a hex of the firer), making an air-to-ground attack this turn -3 (tables.md 9.8, as issue
  #14 asks; MegaMek gives that one to air-to-air attacks only). No target movement modifier, no terrain;
- refused: an aircraft above altitude 8, infantry firing, a second target or a ground target in the same phase
  (MegaMek, UNVERIFIED).

A hit strikes the aircraft's hit location table from below (tables.md 9.1, ``aero_attacks.locate``), the
weapon's damage (a cluster weapon's: the cluster roll's total) as one hit; the damage waits in the pending hits
and lands through ``aero_attacks.apply_hits`` when the phase ends, with its critical checks and control rolls.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.events_aero import AirShotHit, ShotHeld, ShotMissed, StreakNoLock
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import n_hexes
from btcli.model.orders import WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, Hit
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.aero import air_ground, attacks as aero_attacks
from btcli.rules.core import arcs, combat, tohit, weapon_modes
from btcli.rules.aero.damage import AttackDirection
from btcli.rules.core.modifiers import ToHit

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

ALTITUDE_RANGE = 2  # MegaMek: each altitude counts 2 hexes of range (UNVERIFIED)
CEILING = 8  # MegaMek: no ground-to-air attack at an aircraft above altitude 8 (UNVERIFIED)
NOE_TARGET = 1  # MegaMek: a target at NOE (altitude 1) that passed within 1 hex of the firer (else +3)
GTA = "MegaMek ground-to-air"


class Plan(Record, slots=False):
    attacker: Unit
    target: Unit
    over: air_ground.Overflight
    distance: int
    shots: tuple[tuple[int, str, ToHit], ...]  # (weapon index, ammunition mode, to-hit)
    turn: int


def _refuse(message: str, rule: str) -> None:
    raise IllegalOrderError(message, rule)


def check_after(state: GameState, attacker: Unit, target_id: str) -> None:
    """Refuses a ground unit's attack at a ground target after it fired at an aircraft this phase (MegaMek)."""
    earlier = next((d.target for d in state.declarations if d.attacker == attacker.id), None)
    if earlier is not None and earlier in state.units and kinds.of(state.units[earlier]).flies_on_aerospace_maps:
        _refuse(f"'{attacker.id}' fired at aircraft '{earlier}' this turn: it attacks no other target", GTA)


def plan(state: GameState, order: WeaponAttackOrder) -> Plan:
    """Checks a ground unit's attack at an aircraft and returns each weapon's to-hit number (no dice)."""
    if order.strike or order.strafe or order.bombs:
        raise InputError("--strike, --strafe and --bomb are an aircraft's attacks on the ground")
    attacker, target = state.unit(order.attacker), state.unit(order.target)
    if not attacker.active or attacker.hex is None:
        _refuse(f"'{attacker.id}' is destroyed or off the ground board and cannot attack", "TW p.99")
    if not target.active or target.aero.landed:
        _refuse(f"'{target.id}' is destroyed, out of the battle or landed (attacks on landed aircraft are not "
                "resolved in btcli)", "AERO-GEN-01")
    if attacker.side == target.side:
        _refuse(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.99")
    refusal = kinds.of(attacker).ground_to_air_refusal(attacker)
    if refusal:
        _refuse(refusal, GTA)
    over = air_ground.overflight(state, target)
    if over is None:
        area = air_ground.board_map(state)
        where = f"low-altitude hex {area.ground_hex.label} of map {area.id!r}" if area is not None else "it"
        _refuse(f"'{target.id}' did not fly over the ground board this turn (its flight path never entered {where}): "
                "ground units fire only at aircraft that crossed their board", GTA)
    if over.altitude > CEILING:
        _refuse(f"'{target.id}' crossed the board at altitude {over.altitude}: ground units fire at aircraft at "
                f"altitude {CEILING} or lower", GTA)
    earlier = [d.target for d in state.declarations if d.attacker == attacker.id]
    if any(t != target.id for t in earlier):
        _refuse(f"'{attacker.id}' already attacked '{earlier[0]}' this turn: a ground unit firing at an aircraft "
                "attacks that one target alone", GTA)
    if kinds.of(attacker).searched_for_girder(attacker, state.turn):
        _refuse(f"'{attacker.id}' spent this weapon phase searching for a girder", "URB-CLUB-01")
    turn = combat.check_twist(attacker, order.twist)
    if not order.weapons:
        raise InputError("name the weapons to fire with --weapon (repeatable)")
    distance = ALTITUDE_RANGE * over.altitude
    modes = [combat.split_ammo(text)[1] for text in order.weapons]
    shots = []
    for index, kind in zip(combat.choose_mounts(attacker, order.weapons), modes):
        mount = attacker.weapons[index]
        problem = combat.ammo_kind_problem(attacker, mount.weapon, kind)
        if problem:
            _refuse(f"{attacker.id} cannot fire {mount.label}:{kind}: {problem}", "VEH-DMG-10")
        twisted = turn if kinds.turns_with_twist(attacker, mount.location) else 0
        result = to_hit(state, attacker, index, target, over, distance, twisted)
        if result.impossible:
            _refuse(f"{attacker.id} cannot fire {mount.label}: {result.impossible}", result.rule)
        shots.append((index, kind, combat.mode_to_hit(result, kind, attacker, mount.weapon)))
    combat.check_ammo(attacker, [(i, k) for i, k, _ in shots])
    return Plan(attacker, target, over, distance, tuple(shots), turn)


def to_hit(state: GameState, attacker: Unit, index: int, target: Unit, over: air_ground.Overflight, distance: int,
           twist: int) -> ToHit:
    """Returns the to-hit number of one ground weapon at an aircraft overhead (see the module's notes)."""
    mount = attacker.weapons[index]
    weapon = attacker.spec(mount.weapon)
    mods: list[tuple[str, int]] = [("gunnery", attacker.gunnery)]
    why, rule = tohit.cannot_fire(state, attacker, mount)
    if why:
        return ToHit(tuple(mods), why, rule)
    arc = kinds.mount_arc(attacker, mount.location, mount.rear)
    if not arcs.in_arc(attacker.hex, attacker.facing.turned(twist), arc, attacker.hex):
        return ToHit(tuple(mods), f"'{target.id}' passes overhead, outside the {arc.replace('_', ' ')} arc of "
                     f"{mount.label} (only front-arc weapons fire straight up)", "URB-IN-12")
    in_range, why = tohit.range_and_weapon_modifiers(weapon, mount.weapon, distance,
                                                     f"'{target.id}' at altitude {over.altitude} ({n_hexes(distance)})")
    if why:
        return ToHit(tuple(mods), why, "tables.md 6.1")
    mods.extend((f"{name}, altitude {over.altitude} x {ALTITUDE_RANGE}", value) if name.endswith(("hexes)", " hex)"))
                else (name, value) for name, value in in_range)
    mods.extend(tohit.attacker_modifiers(attacker, mount))
    if target.aero.evading and target.aero_design.aero_class in aero_attacks.EVADING_TARGET:  # AERO-MNV-02
        mods.append(("target evading", aero_attacks.EVADING_TARGET[target.aero_design.aero_class]))
    if over.altitude == 1:
        mods.append(("target at NOE (altitude 1)", NOE_TARGET))
    if aero_attacks.ground_attack(state, target.id):  # tables.md 9.8 (as issue #14 reads it; UNVERIFIED)
        mods.append(("target making an air-to-ground attack", aero_attacks.TARGET_ATTACKING_GROUND))
    mods.extend(tohit.equipment_modifiers(attacker, mount))
    return ToHit(tuple(mods))


def preview(state: GameState, order: WeaponAttackOrder) -> list[str]:
    """Returns the dry-run lines: each weapon's target number, modifiers and odds; rolls nothing."""
    p = plan(state, order)
    lines = [f"{p.attacker.id} -> {p.target.id}: overhead at altitude {p.over.altitude} ({n_hexes(p.distance)} of range)"]
    for index, _, result in p.shots:
        mount = p.attacker.weapons[index]
        lines.append(f"{p.attacker.id} {mount.label} -> {p.target.id}: to-hit {result.target}, "
                     f"{tohit.odds(result.target):.1%} to hit")
        for name, value in result.modifiers:
            lines.append(f"  {name:32s} {value:+d}" if name != "gunnery" else f"  {name:32s} {value}")
    return lines


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Declares and resolves a ground unit's attack at an aircraft; its damage waits for the end of the phase."""
    p = plan(state, order)
    attacker, target = p.attacker, p.target
    where = aero_attacks.Geometry(p.distance, AttackDirection.ABOVE_BELOW, None)
    events: Events = []
    pending = list(state.pending)
    ammo, fired = list(attacker.ammo), list(attacker.fired)
    for index, kind, result in p.shots:
        mount = attacker.weapons[index]
        data = attacker.spec(mount.weapon)
        tn = result.target
        if tn > combat.MAX_TO_HIT:
            events.append(ShotHeld(attacker.id, mount.label, target.id, tn))
            continue
        if not data.streak:  # a Streak spends its salvo only if it hits
            combat.spend_ammo(attacker, ammo, index, kind)
            fired.extend([index] * weapon_modes.shots(kind))
        roll = dice.roll(2, f"to-hit {mount.label} {attacker.id} vs {target.id}", target=tn,
                         modifiers=result.modifiers)
        attacker = weapon_modes.after_roll(attacker, index, roll.total, kind, events)
        if not roll.success:
            missed = StreakNoLock if data.streak else ShotMissed
            events.append(missed(attacker.id, mount.label, target.id, tn, roll.total))
            continue
        if data.streak:
            combat.spend_ammo(attacker, ammo, index, kind)
            fired.append(index)
        damage = sum(weapon_modes.damage_groups(dice, data, kind, mount.label, target.id))
        arc, critical, location_roll = aero_attacks.locate(dice, target, where)
        events.append(AirShotHit(attacker.id, mount.label, target.id, tn, roll.total, "from below", damage, arc.value,
                                 location_roll, critical.value))
        pending.append(Hit(target.id, arc.value, damage, side=where.direction.value, critical=roll.total == 12,
                           source=f"{mount.label} from {attacker.id}|{critical.value}", attacker=attacker.id))
    declaration = AttackDeclaration(attacker.id, target.id, tuple(attacker.weapons[i].label for i, _, _ in p.shots))
    attacker = combat.spend_one_shots(evolve(attacker, ammo=tuple(ammo), fired=tuple(fired), twist=p.turn))  # EQ-OS-01
    return evolve(state.with_unit(attacker), pending=tuple(pending),
                  declarations=state.declarations + (declaration,)), events
