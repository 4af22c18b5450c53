"""Declaring attacks: weapon fire (resolved at once, damage at the phase's end), physical attacks
(checked now, resolved when the phase ends), girder searches and jam clearing; each at a unit or,
where the rules allow, at a building or bridge hex (TW p.99, p.144; seed 003 URB-ATK)."""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.events_combat import PhysicalDeclared
from btcli.model.hits import HexTarget
from btcli.model.orders import ClearJamOrder, GirderSearchOrder, PhysicalAttackOrder, Preview, WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, evolve
from btcli.rules import kinds
from btcli.rules.core import combat
from btcli.rules.drops import landing_turn as drop_turn
from btcli.rules.ground import vehicles

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

PHYSICAL_ATTACKS = ("punch", "kick", "charge", "dfa", "club", "hatchet", "sword")  # hatchet, sword: EQ-PHYS-01


def may_attack(state: GameState, attacker_id: str, weapons: bool) -> None:
    """Refuses an attacker in its landing turn (DROP-09) and a kind that may not make this attack."""
    if state.drops:
        drop_turn.check_can_act(state.unit(attacker_id), state.turn)
    attacker = state.unit(attacker_id)
    if attacker.unjam_turn == state.turn:  # EQ-RAC-04: no weapon and no physical attack that turn
        raise IllegalOrderError(f"'{attacker_id}' spends this turn unjamming its Rotary AC and makes no attack",
                                "EQ-RAC-04")
    refusal = kinds.of(attacker).attack_refusal(attacker, weapons)
    if refusal:
        raise IllegalOrderError(f"'{attacker_id}': {refusal}", f"btcli {attacker.kind.value} model")


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Declares and resolves a weapon attack at a unit or a building hex (weapon attack phase)."""
    may_attack(state, order.attacker, weapons=True)
    own = kinds.of(state.unit(order.attacker)).weapon_attack
    if own is not None:  # seed 004: an asset's one attack a turn with its card (ASSET-ATK)
        return own(state, order, dice)
    rules = aero_rules(state, order)
    if rules is not None:  # an aircraft at either end (issue #14)
        return rules.weapon_attack(state, order, dice)
    hex_id = _hex_target(state, order.target)
    if hex_id is not None:
        from btcli.rules.urban import building_attacks

        return building_attacks.weapon_attack(state, order.attacker, hex_id, order.weapons, order.twist, dice)
    return combat.weapon_attack(state, order.attacker, order.target, order.weapons, order.twist, dice)


def _hex_target(state: GameState, target: str):
    """The building or bridge hex a target names (``building_attacks.hex_target``), or None for a unit. The
    building attack rules are imported only for a target that is no unit (issue #17)."""
    if target in state.units:
        return None
    from btcli.rules.urban import building_attacks

    return building_attacks.hex_target(state, target)


def aero_rules(state: GameState, order: WeaponAttackOrder):
    """Returns the rules module of a weapon attack with an aircraft at either end (issue #14), imported only
    then: ``aero_attacks`` (air-to-air), ``air_ground`` (an aircraft's strike, strafe or bombing, or any aircraft
    at a ground target) or ``ground_to_air``; None for a ground attack, which it refuses after a ground unit
    fired at an aircraft this phase (MegaMek, UNVERIFIED)."""
    ground_modes = order.strike or order.strafe or order.bombs
    if len(state.maps) <= 1:  # no aerospace maps: the ground game, unchanged
        if ground_modes:
            raise InputError("--strike, --strafe and --bomb are an aircraft's attacks on the ground board")
        return None
    from btcli.rules.aero import air_ground, attacks as aero_attacks, ground_to_air

    attacker, target = state.unit(order.attacker), state.units.get(order.target)
    from btcli.rules.aero import phases as aero_phases

    for unit in (attacker, target):
        if unit is not None and unit.between_maps:  # TURN-07: off the map it left, not yet on its new one
            raise IllegalOrderError(aero_phases.between_maps_text(unit) + ": no attack is made by or at a unit "
                                    "between maps", "TURN-07")
    # Kind branches left (issue #30): the rules are chosen by both ends together, an aircraft firing at an
    # aircraft (air-to-air), at the ground, or fired at from the ground, so no one unit's KindRules can say.
    if attacker.aero is not None:  # kind-branch: the rules of fire are chosen by both ends' kinds together
        hex_like = order.target.isascii() and order.target.isdigit()
        air_target = target is not None and target.aero is not None  # kind-branch: as above, the target's end
        if not ground_modes and (target is None and not hex_like or air_target):
            return aero_attacks  # air-to-air (a target that is no unit is refused there)
        return air_ground
    if target is not None and target.aero is not None:  # kind-branch: as above, an aircraft fired at from the ground
        return ground_to_air
    if ground_modes:
        raise InputError(f"'{attacker.id}' is not an aircraft: --strike, --strafe and --bomb are an aircraft's "
                         "attacks on the ground")
    ground_to_air.check_after(state, attacker, order.target)
    return None


def physical_attack(state: GameState, order: PhysicalAttackOrder, dice: Dice) -> tuple[GameState, Events]:
    """Declares a physical attack: checked now, rolled when the physical attack phase ends."""
    may_attack(state, order.attacker, weapons=False)
    if order.kind not in PHYSICAL_ATTACKS:
        raise InputError(f"unknown physical attack {order.kind!r}: give --physical {'|'.join(PHYSICAL_ATTACKS)}")
    hex_id = _hex_target(state, order.target)
    if hex_id is not None:
        return _physical_on_hex(state, order, hex_id)
    attacker = state.unit(order.attacker)
    target = state.unit(order.target)
    if not attacker.active or not target.active:
        raise IllegalOrderError("destroyed units neither make nor receive physical attacks", "TW p.144")
    combat.check_same_board(attacker, target)
    if attacker.side == target.side:
        raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.144")
    if any(d.attacker == attacker.id for d in state.declarations):
        raise IllegalOrderError(f"'{attacker.id}' already made its physical attack this turn", "TW p.144")
    from btcli.rules.ground import physical

    target_number, modifiers, _ = physical.check(state, attacker, target, order.kind)
    decl = AttackDeclaration(attacker.id, target.id, (), order.kind, True)
    new = evolve(state, declarations=state.declarations + (decl,))
    return new, [PhysicalDeclared(attacker.id, order.kind, target.id, target_number, attacker.piloting,
                                  tuple(modifiers[1:]))]


def _physical_on_hex(state: GameState, order: PhysicalAttackOrder, hex_id) -> tuple[GameState, Events]:
    attacker = state.unit(order.attacker)
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map", "TW p.144")
    if any(d.attacker == attacker.id for d in state.declarations):
        raise IllegalOrderError(f"'{attacker.id}' already made its physical attack this turn", "TW p.144")
    from btcli.rules.urban import building_attacks

    building_attacks.check_physical(state, attacker, hex_id, order.kind)
    decl = AttackDeclaration(attacker.id, HexTarget(hex_id), (), order.kind, True)
    from btcli.model.events_urban import BlowAtHexDeclared

    return evolve(state, declarations=state.declarations + (decl,)), [BlowAtHexDeclared(attacker.id, order.kind, hex_id)]


def girder_search(state: GameState, order: GirderSearchOrder, dice: Dice) -> tuple[GameState, Events]:
    """A 'Mech in rubble searches for a girder club instead of firing (URB-CLUB-01)."""
    from btcli.rules.urban import buildings

    return buildings.search_girder(state, order.unit, dice)


def clear_jam(state: GameState, order: ClearJamOrder, dice: Dice) -> tuple[GameState, Events]:
    """A vehicle crew clears a jammed weapon or turret instead of firing (VEH-CRIT-18, 23)."""
    if state.drops:
        drop_turn.check_can_act(state.unit(order.unit), state.turn)
    unit = state.unit(order.unit)
    from btcli.rules.core import unjam  # EQ-RAC-04: a jammed Rotary AC, whatever the unit's kind

    if unjam.names_rotary(unit, order.what):
        return unjam.unjam(state, unit.id, dice)
    if not kinds.of(unit).clears_jams:
        raise IllegalOrderError(f"'{unit.id}' is not a vehicle; only vehicle crews clear jams", "VEH-CRIT-23")
    cleared, event = vehicles.clear_jam(unit, order.what, state.turn)
    return state.with_unit(cleared), [event]


def preview_physical(state: GameState, order: PhysicalAttackOrder) -> Preview:
    """``attack --dry-run --physical``: the target number, odds, damage and modifiers; refused as the
    declaration would be (an attacker or target off the map, an aircraft, a unit that already declared):
    the declaration rolls nothing, so no dice are needed."""
    from btcli.dice import HeldDice
    from btcli.rules.ground import physical

    declared, _ = physical_attack(state, order, HeldDice())
    if order.target not in state.units:  # a building or bridge hex: it always hits (URB-ATK-04)
        aimed = declared.declarations[-1].target
        assert isinstance(aimed, HexTarget)  # a target that is no unit's id is a building hex here
        return Preview((f"{order.attacker} {order.kind} at building hex {aimed.hex.label}: it always hits (URB-ATK-04)",))
    return Preview(tuple(physical.preview(state, order.attacker, order.target, order.kind)))


def preview_weapon_attack(state: GameState, order: WeaponAttackOrder) -> Preview:
    """``attack --dry-run``: each weapon's to-hit number, modifiers, odds, damage and heat, rolling nothing;
    an asset's card attack, an aircraft's (``aero_rules``) and an attack on a building hex by their own
    rules. Weapons named but refused as given: the list, then the refusal the attack would meet."""
    own = kinds.of(state.unit(order.attacker)).weapon_attack_preview
    if own is not None:  # ASSET-ATK: the card's one attack
        return Preview(tuple(own(state, order)))
    rules = aero_rules(state, order)
    if rules is not None:  # an aircraft at either end (issue #14)
        return Preview(tuple(rules.preview(state, order)))
    from btcli.rules.urban import building_attacks

    hex_id = building_attacks.hex_target(state, order.target)
    if hex_id is not None:
        return Preview(tuple(building_attacks.preview(state, order.attacker, hex_id, order.weapons, order.twist)))
    lines = tuple(combat.preview(state, order.attacker, order.target, order.weapons, order.twist))
    if order.weapons:  # the preview agrees with the attack: refused as given, it says so after the list
        try:
            combat.plan_weapon_attack(state, order.attacker, order.target, order.weapons, order.twist)
        except IllegalOrderError as exc:
            return Preview(lines, str(exc).removesuffix(f" ({exc.rule})"), exc.rule)
    return Preview(lines)
