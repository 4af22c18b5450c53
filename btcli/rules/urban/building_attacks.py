"""Attacks on building and bridge hexes (URB-ATK-01..06; tables.md 10.2).

A hex is named as the target (``attack GAME UNIT 0705``). Building hexes are
immobile targets (-4); an attacker in the next hex always hits, and so does
every physical attack, though weapon-effect rolls are still made; cluster
weapons against an adjacent building do their full damage. The damage waits
in ``GameState.pending`` and lowers the CF when the phase ends (URB-COLL-03).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.events_urban import BlowAtHexFails, BlowAtHexLands, HexFireHeld, HexHit, HexHitPointBlank, HexMissed
from btcli.model.hexgrid import HexId
from btcli.model.hits import HexTarget
from btcli.model.state import AttackDeclaration, GameState, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import arcs, combat, condition, fire_control, los, ranged_damage, tohit, weapon_modes
from btcli.rules.ground import physical
from btcli.rules.urban import structures

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def hex_target(state: GameState, text: str) -> HexId | None:
    """Returns the hex a target argument names when it is a hex label (CCRR) and no unit's id."""
    if text in state.units or len(text) != 4 or not (text.isascii() and text.isdigit()):
        return None
    hex_id = state.board.parse_hex(text)
    h = state.board.hex(hex_id)
    if h.building is None and h.bridge is None:
        raise IllegalOrderError(f"hex {text} holds no building or bridge to attack", "URB-ATK-01")
    return hex_id


def structure_top(board, hex_id: HexId) -> int:
    """Returns a building or bridge hex's top for line of sight, as a unit's top (los.unit_top): a building's
    roof; a bridge is seen as one level on its deck, like a vehicle there (MegaMek's BuildingTarget: a bridge
    is 0 levels high at its deck, its units' reading; UNVERIFIED), so a bank at the deck's level beside it
    does not hide it (TW p.99-103 adjacency, los.py)."""
    h = board.hex(hex_id)
    return h.level + h.building.height if h.building is not None else h.bridge.level + 1


def hex_to_hit(state: GameState, attacker: Unit, index: int, hex_id: HexId, twist: int) -> tohit.ToHit:
    """Returns the to-hit number of one weapon against a building or bridge hex (URB-ATK-03)."""
    mount = attacker.weapons[index]
    weapon = attacker.spec(mount.weapon)
    mods: list[tuple[str, int]] = [("gunnery", attacker.gunnery)]

    def impossible(why: str, rule: str) -> tohit.ToHit:
        return tohit.ToHit(tuple(mods), why, rule)

    why, rule = tohit.cannot_fire(state, attacker, mount)
    if why:
        return impossible(why, rule)
    distance = attacker.hex.distance(hex_id)
    if distance == 0:
        return impossible(f"'{attacker.id}' stands in {hex_id.label}", "URB-ATK-01")
    arc = kinds.mount_arc(attacker, mount.location, mount.rear)
    if not arcs.in_arc(attacker.hex, attacker.facing.turned(twist), arc, hex_id):
        return impossible(f"{hex_id.label} is outside the {arc.replace('_', ' ')} arc of {mount.label}",
                          arcs.arc_rule(attacker.kind.value))
    sight = los.sight_to_hex(state.board, attacker, hex_id, structure_top(state.board, hex_id))
    if sight.blocked:
        return impossible(f"no line of sight to {hex_id.label}: {sight.reason}", "tables.md 6.4")
    in_range, why = tohit.range_and_weapon_modifiers(weapon, mount.weapon, distance, f"hex {hex_id.label}")
    if why:
        return impossible(why, "tables.md 6.1")
    mods.extend(in_range)
    mods.extend(tohit.attacker_modifiers(attacker, mount))
    mods.append(("building: immobile target", tohit.IMMOBILE))  # URB-ATK-03
    if sight.woods:
        mods.append(("intervening woods", sight.woods))
    mods.extend(tohit.equipment_modifiers(attacker, mount))
    return tohit.ToHit(tuple(mods))


def plan_attack(state: GameState, attacker_id: str, hex_id: HexId, weapons: tuple[str, ...], twist: str):
    """Checks an attack on a building or bridge hex and returns (attacker, [(weapon index, to-hit)],
    modes, twist); rolls nothing. The one check behind both the attack and its dry run."""
    attacker = state.unit(attacker_id)
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map and cannot attack", "TW p.99")
    if kinds.of(attacker).searched_for_girder(attacker, state.turn):
        raise IllegalOrderError(f"'{attacker.id}' spent this weapon phase searching for a girder", "URB-CLUB-01")
    if not weapons:
        raise InputError("name the weapons to fire with --weapon (repeatable)")
    turn = combat.check_twist(attacker, twist)
    chosen = combat.choose_mounts(attacker, weapons)
    ammo_kinds = combat.modes_of(attacker, chosen, weapons)
    plans = []
    for index, kind in zip(chosen, ammo_kinds):
        mount = attacker.weapons[index]
        problem = combat.ammo_kind_problem(attacker, mount.weapon, kind)
        if problem:
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label}:{kind}: {problem}", "VEH-DMG-10")
        spec = attacker.spec(mount.weapon)
        if spec.ams or spec.narc or spec.tag:  # issue #31: they fire at units (EQ-AMS-01, EQ-NARC-01, EQ-TAG-01)
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label} at a building or bridge hex: it "
                                    "fires only at units", "EQ-AMS-01" if spec.ams else "EQ-NARC-01" if spec.narc
                                    else "EQ-TAG-01")
        twisted = turn if kinds.turns_with_twist(attacker, mount.location) else 0
        result = hex_to_hit(state, fire_control.loaded_unit(attacker, mount.weapon, kind), index, hex_id, twisted)
        if result.impossible:  # an arc refusal names the twist that would bring the weapon to bear (issue #33)
            advice = combat.twist_advice(attacker, mount, hex_id, twisted) if result.rule == arcs.arc_rule(
                attacker.kind.value) else ""
            raise IllegalOrderError(f"{attacker.id} cannot fire {mount.label}: {result.impossible}{advice}", result.rule)
        plans.append((index, combat.mode_to_hit(result, kind, attacker, mount.weapon)))
    combat.check_ammo(attacker, [(i, k) for (i, _), k in zip(plans, ammo_kinds)])
    return attacker, plans, ammo_kinds, turn


def weapon_attack(
    state: GameState, attacker_id: str, hex_id: HexId, weapons: tuple[str, ...], twist: str, dice: Dice
) -> tuple[GameState, Events]:
    """Fires at a building or bridge hex; the damage lowers its CF when the phase ends (URB-ATK-04..06)."""
    attacker, plans, ammo_kinds, turn = plan_attack(state, attacker_id, hex_id, weapons, twist)
    adjacent = attacker.hex.distance(hex_id) == 1
    events: Events = []
    pending = list(state.pending)
    ammo, fired = list(attacker.ammo), list(attacker.fired)
    for (index, result), kind in zip(plans, ammo_kinds):
        mount = attacker.weapons[index]
        data = fire_control.loaded(attacker.spec(mount.weapon), kind)  # an ATM's rounds (EQ-ATM-01)
        data = ranged_damage.between(data, attacker.hex, hex_id)  # EQ-RNG-01
        if not adjacent and result.target > combat.MAX_TO_HIT:  # 2D6 cannot make it: the weapon is held
            events.append(HexFireHeld(attacker.id, mount.label, hex_id, result.target))
            continue
        streak = data.streak and not adjacent  # a Streak spends its salvo only if it hits
        if not streak:
            combat.spend_ammo(attacker, ammo, index, kind)
            fired.extend([index] * weapon_modes.shots(kind))  # heat per shot fired
        source = f"{mount.label} from {attacker.id}"
        if adjacent:  # URB-ATK-04/05: no to-hit roll; a cluster weapon does its full damage
            if weapon_modes.shots(kind) > 1:  # URB-ATK-04: the jam roll is still made (Ultra, Rotary: EQ-RAC-03)
                rate = "double rate" if kind == "ultra" else f"{kind} shots"
                natural = dice.roll(2, f"jam check {mount.label} {attacker.id} ({rate})").total
                attacker = weapon_modes.after_roll(attacker, index, natural, kind, events)
            amount = weapon_modes.full_damage(data, kind)
            events.append(HexHitPointBlank(attacker.id, mount.label, hex_id, amount))
            pending.append(structures.building_hit(hex_id, amount, source))
            continue
        tn = result.target
        roll = dice.roll(2, f"to-hit {mount.label} {attacker.id} vs hex {hex_id.label}", target=tn,
                         modifiers=result.modifiers)
        attacker = weapon_modes.after_roll(attacker, index, roll.total, kind, events)
        if not roll.success:
            events.append(HexMissed(attacker.id, mount.label, hex_id, tn, roll.total, streak))
            continue
        if streak:
            combat.spend_ammo(attacker, ammo, index, kind)
            fired.append(index)
        amount = sum(weapon_modes.damage_groups(dice, data, kind, mount.label, hex_id.label))
        events.append(HexHit(attacker.id, mount.label, hex_id, tn, roll.total, amount))
        pending.append(structures.building_hit(hex_id, amount, source))
    target = HexTarget(hex_id)
    primary = combat.primary_target(state, attacker) or target
    declaration = AttackDeclaration(attacker.id, target, tuple(attacker.weapons[i].label for i, _ in plans), "",
                                    primary == target)
    attacker = combat.spend_one_shots(evolve(attacker, ammo=tuple(ammo), fired=tuple(fired), twist=turn))  # EQ-OS-01
    state = evolve(state.with_unit(attacker), pending=tuple(pending), declarations=state.declarations + (declaration,))
    return state, events


PHYSICAL_ON_BUILDINGS = ("punch", "kick", "club", "hatchet", "sword")  # hatchet, sword: EQ-PHYS-01


def check_physical(state: GameState, attacker: Unit, hex_id: HexId, kind: str) -> None:
    """Raises unless ``attacker`` can make this physical attack on an adjacent building hex: the same
    limbs, arcs and actuators as against a unit (tables.md 8.7); only the to-hit roll is skipped."""
    if kind not in PHYSICAL_ON_BUILDINGS:
        raise IllegalOrderError(f"a building hex takes a {'/'.join(PHYSICAL_ON_BUILDINGS)}, not a {kind}", "URB-ATK-04")
    if not kinds.of(attacker).limbs:
        raise IllegalOrderError(f"vehicle '{attacker.id}' may only charge", "VEH-PHYS-01")
    if attacker.hex.distance(hex_id) != 1:
        raise IllegalOrderError(f"hex {hex_id.label} is not adjacent to '{attacker.id}'", "tables.md 8.7")
    if attacker.built.prone or condition.is_immobile(attacker):
        raise IllegalOrderError(f"'{attacker.id}' is prone, shut down or unconscious", "tables.md 8.7")
    if kind == "club" and not kinds.of(attacker).club(attacker):
        raise IllegalOrderError(f"'{attacker.id}' carries no club (girder clubs come from rubble)", "URB-CLUB-01")
    physical.limb_check(attacker, hex_id, f"hex {hex_id.label}", kind)


def resolve_physical(state: GameState, attacker_id: str, hex_id: HexId, kind: str) -> tuple[GameState, Events]:
    """URB-ATK-04: a physical attack on a building always hits; the hex takes the damage as the phase ends."""
    attacker = state.units[attacker_id]
    if not attacker.active:
        return state, [BlowAtHexFails(attacker_id, kind, hex_id)]

    try:  # a limb may have been lost earlier in the phase (the phase's attacks resolve in order)
        limb, _ = physical.limb_check(attacker, hex_id, f"hex {hex_id.label}", kind)
    except IllegalOrderError as exc:
        return state, [BlowAtHexFails(attacker_id, kind, hex_id, str(exc))]
    amount = physical.limb_damage(attacker, kind, limb)
    hit = structures.building_hit(hex_id, amount, f"{kind} from {attacker_id}")
    return evolve(state, pending=state.pending + (hit,)), [BlowAtHexLands(attacker_id, kind, hex_id, amount)]


def preview(state: GameState, attacker_id: str, hex_id: HexId, weapons: tuple[str, ...], twist: str) -> list[str]:
    """Returns the dry-run lines for an attack on a building or bridge hex; rolls nothing."""
    attacker, plans, _, _ = plan_attack(state, attacker_id, hex_id, weapons, twist)
    lines = []
    for index, result in plans:
        mount = attacker.weapons[index]
        if attacker.hex.distance(hex_id) == 1:
            lines.append(f"{attacker.id} {mount.label} -> hex {hex_id.label}: hits automatically from the next hex (URB-ATK-04)")
            continue
        lines.append(f"{attacker.id} {mount.label} -> hex {hex_id.label}: to-hit {result.target}, "
                     f"{tohit.odds(result.target):.1%} to hit")
        for name, value in result.modifiers:
            lines.append(f"  {name:32s} {value:+d}" if name != "gunnery" else f"  {name:32s} {value}")
    return lines
