"""The one entry to the rules: ``apply(state, order, dice) -> (state, events)``.

``check_*`` functions validate an order and raise; ``apply_*`` functions trust
a checked order. Replay goes through exactly the same ``apply``.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.hexgrid import HexId
from btcli.model.state import AttackDeclaration, GameState, Phase, evolve
from btcli.orders import AttackOrder, DropOrder, MoveOrder, Order, ResolvePhaseOrder
from btcli.rules import (
    building_attacks,
    buildings,
    collisions,
    combat,
    displacement,
    drop_turn,
    drops,
    falls,
    minefields,
    movement,
    phases,
    physical,
    skids,
    structures,
    turn_order,
    vehicles,
    victory,
    vtol,
)

# Which orders each phase accepts (the phase table; resolve-phase is always allowed).
PHASE_ORDERS = {
    Phase.INITIATIVE: (),
    Phase.MOVEMENT: (MoveOrder,),
    Phase.WEAPON: (AttackOrder,),
    Phase.PHYSICAL: (AttackOrder,),
    Phase.HEAT: (),
    Phase.END: (),
}

PHYSICAL_ATTACKS = ("punch", "kick", "charge", "dfa", "club")


def apply(state: GameState, order: Order, dice: Dice) -> tuple[GameState, list[str]]:
    """Applies one order and returns the new state and what happened, in words."""
    if state.winner:
        raise IllegalOrderError(f"the game is over: {victory.describe(state)}", "TW p.39")
    if isinstance(order, ResolvePhaseOrder):
        new, events = resolve_phase(state, dice)
        return buildings.falls_inside(state, new, dice, events), events
    if isinstance(order, DropOrder):
        new, events = apply_drop(state, order, dice)
        return buildings.falls_inside(state, new, dice, events), events
    check_phase(state, type(order))
    if isinstance(order, MoveOrder):
        new, events = apply_move(state, order, dice)
        return buildings.falls_inside(state, new, dice, events), events
    return declare_attack(state, order, dice)  # declarations fell nobody: damage waits for the phase's end


def check_phase(state: GameState, kind: type) -> None:
    """Raises unless the current phase accepts orders of this kind (and the game goes on)."""
    if state.winner:
        raise IllegalOrderError(f"the game is over: {victory.describe(state)}", "TW p.39")
    if not issubclass(kind, PHASE_ORDERS[state.phase]):
        verb = "move" if kind is MoveOrder else "attack"
        allowed = "movement" if kind is MoveOrder else "weapon or physical"
        raise IllegalOrderError(
            f"cannot {verb} in the {state.phase.value} phase (only in the {allowed} phase)", "TW p.39 phases"
        )


# -- movement ---------------------------------------------------------------------


def check_move(state: GameState, order: MoveOrder) -> movement.MovePlan:
    unit = state.unit(order.unit)
    if order.after_slip not in ("", "stop", "continue"):
        raise InputError(f"bad --after-slip {order.after_slip!r} (stop or continue)")
    if unit.has_moved:
        raise IllegalOrderError(f"'{unit.id}' has already moved this turn", "TW p.39 movement order")
    if (unit.drop and unit.drop.landed_turn) or state.drops:
        _check_drops_allow_move(state, unit)
    if not unit.active:
        raise IllegalOrderError(f"'{unit.id}' is destroyed or off the map and cannot move", "TW p.39")
    turn_order.check_turn_to_move(state, unit.side, unit.id)
    mode = movement.parse_mode(unit, order.mode)
    if mode is movement.MoveMode.JUMP:
        if order.to is None:
            raise InputError("a jump needs --to HEX (and optionally --facing)")
        return movement.check_jump(state, unit, order.to, order.facing)
    if order.to is not None or order.facing is not None:
        raise InputError("--to/--facing belong to jumps; give ground moves as a --path")
    return movement.check_move(state, unit, mode, order.steps)


def _check_drops_allow_move(state: GameState, unit) -> None:
    """DROP-09: no move in the landing turn; DROP-04: landing hexes are chosen before anyone moves."""
    drop_turn.check_can_act(unit, state.turn)
    if unit.in_reserve:
        raise IllegalOrderError(f"'{unit.id}' is a dropping reserve: it lands with 'btcli drop'", "DROP-05")
    waiting = drops.missing_commitments(state)
    if waiting:
        raise IllegalOrderError(
            f"{', '.join(waiting)} must commit a landing hex before any unit moves "
            f"('btcli drop GAME UNIT --hex CCRR')", "DROP-04")


def apply_move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, list[str]]:
    plan = check_move(state, order)
    if plan.steps[:1] == ("U",):  # standing up: a PSR; failure is another fall in place (tables.md 8.6)
        unit = state.units[plan.unit]
        roll = falls.piloting_roll(unit, "standing up", dice)  # never None: check_move refused the immobile
        if not roll.success:
            events = [f"{unit.id} fails to stand up ({roll.total} vs {roll.target})"]
            fallen = falls.fall(unit, dice, events, levels=0)
            mode = movement.slow_mode(unit)
            fallen = evolve(fallen, mode=mode, mp_spent=movement.STAND_UP_MP, hexes_moved=0)
            return buildings.fell_inside(state.with_unit(fallen), fallen.id, dice, events), events
        state, events = movement.apply_move(state, plan)
        return state, [f"{unit.id} stands up ({roll.total} vs {roll.target})"] + events
    unit = state.units[plan.unit]
    fast = plan.mode in (movement.MoveMode.FLANK, movement.MoveMode.RUN)
    skid = None
    for index, turned_from, entered, _ in skids.risk_points(unit, state.board, plan.steps, fast):
        kind = skids.risk_kind(unit)
        roll = skids.driving_roll(unit, kind, entered, dice)
        if not roll.success:
            skid = (index, turned_from, entered, kind, roll)
            break
    limit = skid[0] if skid else (len(plan.steps) or len(plan.structures))  # a jump: no steps, one landing
    state, events, collapsed = _meet_structures(state, plan, limit, dice)
    if collapsed:
        return state, events
    unit = state.units[plan.unit]
    if skid:
        index, turned_from, entered, kind, roll = skid
        # The move stops where the roll failed; the unit skids or slips from there.
        partial = movement.check_move(state, unit, plan.mode, plan.steps[:index], partial=True) if index else None
        if partial is not None and partial.mode is not movement.MoveMode.STAND:
            partial = movement.MovePlan(partial.unit, plan.mode, partial.steps, partial.hexes, partial.end,
                                        partial.facing, partial.mp, partial.hexes_moved, elevation=partial.elevation,
                                        place=partial.place)
            state, more = movement.apply_move(state, partial)
            events.extend(more)
            state = minefields.along(state, unit.id, partial.hexes, dice, events)  # DROP-12: the hexes before
        failed = f"{unit.id} fails its driving skill roll ({roll.total} vs {roll.target}) and {kind}s"
        events.append(failed)
        if kind == "sideslip":
            distance = min(-roll.margin, max(0, entered - 1))  # VEH-SLIP-04
        else:
            distance = entered // 2  # standard skid distance (memory, UNVERIFIED)
        state = skids.slide(state, state.units[unit.id], turned_from, distance, kind, dice, events)
        moved = state.units[unit.id]
        if kind == "skid" and moved.active:  # VEH-MOVE-02: a skid also damages the motive system
            state = state.with_unit(vehicles.motive_roll(moved, "front", dice, events))
        if (
            kind == "sideslip" and order.after_slip == "continue" and moved.active
            and state.turn not in (moved.vehicle.crashed_turn, moved.vehicle.collided_turn)
        ):
            state, more = _continue_after_slip(state, moved, plan, index, partial, dice)
            events.extend(more)
        return state, events
    state, more = movement.apply_move(state, plan)
    events = more + events
    if plan.crash:
        state = vtol.crash(state, state.units[plan.unit], 0, plan.crash, dice, events)
    if plan.charge:  # VEH-VTOL-11: it tried to land on a large unit

        events.append(f"{plan.unit} tries to land on {plan.charge}")
        state = collisions.automatic_charge(state, state.units[plan.unit], state.units[plan.charge], dice, events,
                                            "VEH-VTOL-11")
    state = minefields.along(state, plan.unit, plan.hexes, dice, events)  # DROP-12
    return state, events


def _meet_structures(state: GameState, plan, limit: int, dice: Dice) -> tuple[GameState, list[str], bool]:
    """Resolves the buildings, roofs and bridges a move meets before step ``limit`` (URB-MOVE-03..07,
    URB-BLD-11, URB-BRG-03/08). A hex that collapses under the unit ends its move there: the unit is
    placed in it and the collapse resolved. Returns (state, events, whether the move ended so)."""
    events: list[str] = []
    for meet in plan.structures:
        if meet.index >= limit:
            break
        index, hex_id = meet.index, meet.hex
        state, why = buildings.enter(state, plan.unit, hex_id, meet.kind, meet.hexes_moved, meet.backward, meet.floor,
                                     dice, events)
        unit = state.units[plan.unit]
        if not why and not unit.destroyed:
            continue
        if unit.destroyed:  # the entry's damage destroyed it where it entered
            state = state.with_unit(evolve(unit.at(hex_id), mode=plan.mode))
            return state, events, True
        if plan.steps:
            partial = movement.check_move(state, unit, plan.mode, plan.steps[: index + 1], partial=True)
            partial = movement.MovePlan(partial.unit, plan.mode, partial.steps, partial.hexes, partial.end,
                                        partial.facing, partial.mp, partial.hexes_moved, place=partial.place)
        else:  # a jump lands in the one hex it meets
            partial = plan
        state, moved = movement.apply_move(state, partial)
        events = moved + events
        state = minefields.along(state, unit.id, partial.hexes[:-1], dice, events)  # DROP-12: crossed before
        state = displacement.collapse(state, [hex_id], dice, events, why)
        return state, events, True
    return state, events, False


# -- drops ------------------------------------------------------------------------------


def apply_drop(state: GameState, order: DropOrder, dice: Dice) -> tuple[GameState, list[str]]:
    """Commits a dropping 'Mech's secret landing hex, or reveals it and lands (DROP-04..19)."""
    if order.abort:
        return drops.abort_drop(state, order.unit)
    if not order.reveal:
        return drops.apply_commit(state, order.unit, order.commitment)
    unit = drops.check_reveal(state, order.unit, order.hex, order.facing, order.salt)
    return drops.land(state, unit.id, order.hex, order.facing, dice)


def _continue_after_slip(state, moved, plan, index, partial, dice) -> tuple[GameState, list[str]]:
    """VEH-SLIP-07: after a sideslip without a collision the unit goes on with the rest of its path,
    travelling in the direction it turned to, with the MP it had left (the slip cost none, VEH-SLIP-08)."""
    rest = plan.steps[index:]
    spent = partial.mp if partial is not None else 0
    slipped = moved.hexes_moved
    original = (moved.walk, moved.run)
    fresh = evolve(moved, walk=max(0, moved.walk - spent), run=max(0, moved.run - spent),
                   mode=movement.MoveMode.NONE, mp_spent=0, hexes_moved=0)
    trial = state.with_unit(fresh)
    try:
        trial, events = apply_move(trial, MoveOrder(moved.id, plan.mode.value, rest, after_slip="continue"), dice)
    except (IllegalOrderError, InputError) as exc:
        return state, [f"{moved.id} cannot go on from {moved.hex.label} after the slip: {exc}"]
    after = trial.units[moved.id]
    if not after.active:
        return trial, events
    finished = evolve(after, walk=original[0] if after.walk == fresh.walk else after.walk + spent,
                      run=original[1] if after.run == fresh.run else after.run + spent,
                      mode=plan.mode, mp_spent=spent + after.mp_spent, hexes_moved=slipped + after.hexes_moved)
    return trial.with_unit(finished), [f"{moved.id} goes on after the slip (VEH-SLIP-07)"] + events


# -- attacks ------------------------------------------------------------------------------


def declare_attack(state: GameState, order: AttackOrder, dice: Dice) -> tuple[GameState, list[str]]:
    if order.girder:
        if state.phase is not Phase.WEAPON:
            raise IllegalOrderError("a girder is searched for in the weapon attack phase", "URB-CLUB-01")
        return buildings.search_girder(state, order.attacker, dice)
    if state.drops:

        drop_turn.check_can_act(state.unit(order.attacker), state.turn)
    if order.clear:
        if state.phase is not Phase.WEAPON:
            raise IllegalOrderError("jams are cleared in the weapon attack phase", "VEH-CRIT-23")
        unit = state.unit(order.attacker)
        if not unit.is_vehicle:
            raise IllegalOrderError(f"'{unit.id}' is not a vehicle; only vehicle crews clear jams", "VEH-CRIT-23")
        cleared, event = vehicles.clear_jam(unit, order.clear, state.turn)
        return state.with_unit(cleared), [event]
    if state.unit(order.attacker).is_infantry:  # btcli's minimal infantry model (docs/rules-notes.md)
        what = "weapon attacks by infantry are not resolved by btcli" if state.phase is Phase.WEAPON else \
            "infantry make no physical attacks"
        raise IllegalOrderError(f"'{order.attacker}': {what}", "btcli infantry model")

    hex_id = building_attacks.hex_target(state, order.target)
    if state.phase is Phase.WEAPON:
        if order.physical:
            raise InputError("physical attacks are declared in the physical attack phase")
        if hex_id is not None:
            return building_attacks.weapon_attack(state, order.attacker, hex_id, order.weapons, order.twist, dice)
        return combat.weapon_attack(state, order.attacker, order.target, order.weapons, order.twist, dice)
    if hex_id is not None:
        return _declare_physical_on_hex(state, order, hex_id)
    attacker = state.unit(order.attacker)
    target = state.unit(order.target)
    if not attacker.active or not target.active:
        raise IllegalOrderError("destroyed units neither make nor receive physical attacks", "TW p.144")
    if attacker.side == target.side:
        raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.144")
    if order.weapons or order.physical not in PHYSICAL_ATTACKS:
        raise InputError(f"in the physical phase give --physical {'|'.join(PHYSICAL_ATTACKS)}")
    if any(d.attacker == attacker.id for d in state.declarations):
        raise IllegalOrderError(f"'{attacker.id}' already made its physical attack this turn", "TW p.144")
    target_number, modifiers, _ = physical.check(state, attacker, target, order.physical)
    decl = AttackDeclaration(attacker.id, target.id, (), order.physical, True)
    new = evolve(state, declarations=state.declarations + (decl,))
    shown = ", ".join(f"{name} {value:+d}" for name, value in modifiers[1:])
    return new, [
        f"{attacker.id} declares a {order.physical} at {target.id}: to-hit {target_number} "
        f"(piloting {attacker.piloting}{', ' + shown if shown else ''}); resolved when the phase ends"
    ]


def _declare_physical_on_hex(state: GameState, order: AttackOrder, hex_id) -> tuple[GameState, list[str]]:
    attacker = state.unit(order.attacker)
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map", "TW p.144")
    if order.weapons or order.physical not in PHYSICAL_ATTACKS:
        raise InputError(f"in the physical phase give --physical {'|'.join(PHYSICAL_ATTACKS)}")
    if any(d.attacker == attacker.id for d in state.declarations):
        raise IllegalOrderError(f"'{attacker.id}' already made its physical attack this turn", "TW p.144")
    building_attacks.check_physical(state, attacker, hex_id, order.physical)
    target = structures.HEX_TARGET + hex_id.label
    decl = AttackDeclaration(attacker.id, target, (), order.physical, True)
    return evolve(state, declarations=state.declarations + (decl,)), [
        f"{attacker.id} declares a {order.physical} at building hex {hex_id.label}: it always hits (URB-ATK-04); "
        f"resolved when the phase ends"
    ]


# -- phases -------------------------------------------------------------------------


def resolve_phase(state: GameState, dice: Dice) -> tuple[GameState, list[str]]:
    """Closes the current phase (refusing if an action is missing) and opens the next."""
    phase = state.phase
    events: list[str] = []
    if phase is Phase.INITIATIVE:
        if any(not group.turn for group in state.drops.values()):
            state, events = drops.roll_arrivals(state, dice)
        order, rolled = phases.roll_initiative(state, dice)
        events += rolled
        slots = turn_order.movement_slots(turn_order.movers(state), order)
        state = evolve(state, initiative=order, move_order=slots)
        state, more = buildings.basement_falls(state, dice)  # URB-BSMT-02 (AMB-41): as movement begins
        events.extend(more)
    elif phase is Phase.MOVEMENT:
        missing = turn_order.missing_movers(state)
        if missing:
            raise IllegalOrderError(
                f"cannot end the movement phase: {', '.join(missing)} {'has' if len(missing) == 1 else 'have'} not moved "
                f"(use 'btcli move GAME UNIT --mode stand' to stand still)",
                "TW p.39 movement phase",
            )
        if state.drops:
            waiting = [u.id for u in drops.arriving(state)]
            if waiting:
                raise IllegalOrderError(
                    f"cannot end the movement phase: {', '.join(waiting)} must still land "
                    f"('btcli drop GAME UNIT --reveal')", "DROP-05")
    elif phase is Phase.WEAPON:
        state, events = combat.end_weapon_phase(state, dice)
        state = evolve(state, declarations=())
    elif phase is Phase.PHYSICAL:
        before = dict(state.units)
        for decl in state.declarations:
            if decl.target.startswith(structures.HEX_TARGET):
                hex_id = HexId.parse(decl.target[len(structures.HEX_TARGET):])
                state, more = building_attacks.resolve_physical(state, decl.attacker, hex_id, decl.physical)
            else:
                state, more = physical.resolve(state, decl.attacker, decl.target, decl.physical, dice)
            events.extend(more)
        state, more = buildings.apply_structure_hits(state, dice)  # URB-COLL-03: at the phase's end
        events.extend(more)
        state, more = combat.after_damage(evolve(state, declarations=(), pending=()), dice, before)
        events.extend(more)
    elif phase is Phase.HEAT:
        state, events = combat.heat_phase(state, dice)
    elif phase is Phase.END:
        state = phases.end_turn(state)
    state = state.with_board(structures.new_phase(state.board))  # URB-COLL-04: the next phase's starting CFs
    # Damage counts toward the 20-point PSR only within its own phase (tables.md 8.6).
    stale = {uid: evolve(u, damage_phase=0) for uid, u in state.units.items() if u.damage_phase}
    if stale:
        state = evolve(state, units={**state.units, **stale})
    state = evolve(state, phase=phases.next_phase(phase))
    events.append(f"{phase.value} phase ends; {state.phase.value} phase of turn {state.turn} begins")
    state, over = victory.check(state)
    events.extend(over)
    return state, events
