"""A move as a whole (TW p.39 movement; seeds 000 and 003): who may move now, what the path meets
on its way (driving rolls that skid or slip, buildings, roofs and bridges, minefields), standing
up, and going on after a sideslip. ``movement`` checks and prices the path itself."""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.hexgrid import Facing
from btcli.model.orders import MoveOrder, parse_steps
from btcli.model.state import FLIGHT_PHASES, GameState, evolve
from btcli.rules import kinds
from btcli.rules.kinds import mech
from btcli.rules.core import phases, turn_order
from btcli.rules.drops import landing_turn as drop_turn, minefields
from btcli.rules.ground import masc, movement, vehicles, vtol
from btcli.rules.urban import buildings

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events
    from btcli.rules.ground.routes import Route


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
    if order.mode.lower() == masc.MODE:  # a run with MASC engaged (EQ-MASC-01)
        return movement.check_move(state, masc.with_masc(unit), movement.MoveMode.RUN, order.steps)
    mode = movement.parse_mode(unit, order.mode)
    if mode is movement.MoveMode.JUMP:
        if order.to is None:
            raise InputError("a jump needs --to HEX (and optionally --facing)")
        return movement.check_jump(state, unit, order.to, order.facing)
    if order.to is not None or order.facing is not None:
        raise InputError("--to/--facing belong to jumps; give ground moves as a --path")
    return movement.check_move(state, unit, mode, order.steps)


def _masc(state: GameState, plan: movement.MovePlan, dice: Dice) -> tuple[GameState, Events, bool]:
    """MASC engaged for a move (EQ-MASC-01..04): within the running MP without it, a plain run; beyond it, the
    unit runs with MASC, rolling once a turn (a failure: criticals in the legs, and it has not moved).
    Returns the state with the unit's MASC use, the events, and whether the move goes on."""
    unit = state.units[plan.unit]
    if plan.mp <= mech.running_mp_without_masc(unit):
        return state, [], True
    events: Events = []
    if masc.used(unit):  # rolled already this turn (Entity.checkForMASCFailure)
        return state, events, True
    from btcli.rules.core import masc_roll  # only a move beyond running MP with MASC meets it

    state, goes_on = masc_roll.roll(state, unit.id, dice, events)
    return state, events, goes_on


def _check_drops_allow_move(state: GameState, unit) -> None:
    """DROP-09: no move in the landing turn; DROP-04: landing hexes are chosen before anyone moves."""
    from btcli.rules.drops import dropping as drops

    drop_turn.check_can_act(unit, state.turn)
    if unit.in_reserve:
        raise IllegalOrderError(f"'{unit.id}' is a dropping reserve: it lands with 'btcli drop'", "DROP-05")
    waiting = drops.missing_commitments(state)
    if waiting:
        raise IllegalOrderError(
            f"{', '.join(waiting)} must commit a landing hex before any unit moves "
            f"('btcli drop GAME UNIT --hex CCRR')", "DROP-04")


def apply_move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, Events]:
    if state.phase in FLIGHT_PHASES:  # the aerospace movement phases: every move is a flight (AERO-MOVE)
        from btcli.rules.aero import moves as aero_moves

        return aero_moves.apply_move(state, order, dice)
    own = kinds.of(state.unit(order.unit)).move
    if own is not None:  # an aerospace unit's or an asset's move, by its own rules (AERO-MOVE; seed 004)
        return own(state, order, dice)
    if order.batch:
        raise InputError("--batch is the size of a side's first half of assets; only assets move in halves")
    plan = check_move(state, order)
    if order.mode.lower() == masc.MODE:  # EQ-MASC-02: rolled beyond the running MP without it, once a turn
        state, masc_events, goes_on = _masc(state, plan, dice)
        if not goes_on:
            return state, masc_events
        if masc_events:
            state, events = apply_move(state, evolve(order, mode="run"), dice)
            return state, [*masc_events, *events]
    if plan.steps[:1] == ("U",):  # standing up: a PSR; failure is another fall in place (tables.md 8.6)
        unit = state.units[plan.unit]
        shape = mech.body(unit)
        from btcli.model.events_ground import FailedToStand, StoodUp

        if not shape.stand_roll(unit, shape):  # a quad on four sound legs (kinds.quad)
            state, walked = movement.apply_move(state, plan)
            return state, [StoodUp(unit.id, body=shape.name), *walked]
        roll = kinds.piloting_roll(unit, "standing up", dice)
        assert roll is not None  # check_move refused the immobile
        if not roll.success:
            from btcli.rules.core import falls

            fell: Events = [FailedToStand(unit.id, roll.shown, roll.target)]
            fallen = falls.fall(unit, dice, fell, levels=0, into_water=falls.in_water(state.board, unit))
            mode = movement.slow_mode(unit)
            fallen = evolve(fallen, mode=mode, mp_spent=movement.STAND_UP_MP, hexes_moved=0)
            return buildings.fell_inside(state.with_unit(fallen), fallen.id, dice, fell), fell
        state, walked = movement.apply_move(state, plan)
        return state, [StoodUp(unit.id, roll.total, roll.target), *walked]
    skid = _skid(state.units[plan.unit], state.board, plan, dice)
    limit = skid[0] if skid else (len(plan.steps) or 1)  # a jump: no steps, one landing
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
        from btcli.rules.ground import skids

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
    before = state.units[plan.unit]
    state, more = movement.apply_move(state, plan)
    events = [*more, *events]
    if plan.crash:
        state = vtol.crash(state, state.units[plan.unit], 0, plan.crash, dice, events)
    elif plan.elevation is not None and kinds.mobility(before).flies:  # VEH-VTOL-10: a roof must carry it
        state = vtol.roof_landing(state, before, dice, events)
    if plan.charge:  # VEH-VTOL-11: it tried to land on a large unit
        from btcli.model.events_ground import TriesToLandOn
        from btcli.rules.ground import collisions

        events.append(TriesToLandOn(plan.unit, plan.charge))
        state = collisions.automatic_charge(state, state.units[plan.unit], state.units[plan.charge], dice, events,
                                            "VEH-VTOL-11")
    state = minefields.along(state, plan.unit, plan.hexes, dice, events)  # DROP-12
    return state, events


def _skid(unit, board, plan, dice: Dice):
    """Rolls the driving skill rolls a vehicle's flank move calls for (VEH-GEN-01), up to the first that
    fails: returns (step index, facing before the turn, hexes entered before, skid or sideslip, roll), or
    None. Only a vehicle's fast move can skid, and only then are the skid rules (which load the collision
    rules) imported (issue #17)."""
    fast = plan.mode in (movement.MoveMode.FLANK, movement.MoveMode.RUN)
    if not (fast and kinds.mobility(unit).skids):
        return None
    from btcli.rules.ground import skids

    for index, turned_from, entered, _ in skids.risk_points(unit, board, plan.steps, fast):
        kind = skids.risk_kind(unit)
        roll = skids.driving_roll(unit, kind, entered, dice)
        if not roll.success:
            return index, turned_from, entered, kind, roll
    return None


def _meet_structures(state: GameState, plan, limit: int, dice: Dice) -> tuple[GameState, Events, bool]:
    """Resolves the buildings, roofs and bridges (URB-MOVE-03..07, URB-BLD-11, URB-BRG-03/08) and the deep water
    (PSR-WATER-01) a move meets before step ``limit``, in the order it meets them. A hex that collapses under
    the unit ends its move there: the unit is placed in it and the collapse resolved; so does a failed PSR
    entering water: the 'Mech falls in it. Returns (state, events, whether the move ended so)."""
    events: Events = []
    waters = movement.water_entries(state.board, state.units[plan.unit], plan)
    met = sorted([*plan.structures, *waters], key=lambda m: m[0] if isinstance(m, tuple) else m.index)
    for meet in met:
        if isinstance(meet, tuple):  # deep water entered (PSR-WATER-01)
            if meet[0] >= limit:
                break
            water_index, water_hex, depth = meet
            state, fell = _enter_water(state, plan, water_index, water_hex, depth, dice, events)
            if fell:
                return state, events, True
            continue
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
        from btcli.rules.core import displacement

        state = displacement.collapse(state, [hex_id], dice, events, why)
        return state, events, True
    return state, events, False


def _enter_water(state: GameState, plan, index: int, hex_id, depth: int, dice: Dice,
                 events: Events) -> tuple[GameState, bool]:
    """PSR-WATER-01: a 'Mech entering water of depth 1 or more makes a PSR (tables.md 8.6: depth 1 -1, 2 +0, 3+ +1;
    MegaMek @f0b2b01 Entity.checkWaterMove); a failure ends its move in that hex, where it falls into the water
    (falling damage halved, tables.md 8.3). Returns (state, whether it fell)."""
    from btcli.model.events_ground import EnteredWater, FellEnteringWater
    from btcli.rules.ground import piloting

    unit = state.units[plan.unit]
    modifier = piloting.water_modifier(depth)
    roll = kinds.piloting_roll(unit, f"entering depth {depth} water", dice, modifier)
    if roll is not None and roll.success:
        events.append(EnteredWater(unit.id, hex_id, depth, roll.total, roll.target))
        return state, False
    if plan.steps:  # the move stops in the water hex
        partial = movement.check_move(state, unit, plan.mode, plan.steps[: index + 1], partial=True)
        partial = movement.MovePlan(partial.unit, plan.mode, partial.steps, partial.hexes, partial.end,
                                    partial.facing, partial.mp, partial.hexes_moved, place=partial.place)
    else:  # a jump lands in it
        partial = plan
    state, moved = movement.apply_move(state, partial)
    events[:0] = moved
    events.append(FellEnteringWater(unit.id, hex_id, depth, roll.shown if roll else None, roll.target if roll else None))
    from btcli.rules.core.falls import fall  # a fall is a rare consequence (issue #17)

    state = state.with_unit(fall(state.units[unit.id], dice, events, levels=0, into_water=True))
    state = minefields.along(state, unit.id, partial.hexes, dice, events)  # DROP-12: the hexes it entered
    return state, True


def _continue_after_slip(state, moved, plan, index, partial, dice) -> tuple[GameState, Events]:
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
        from btcli.model.events_ground import CannotGoOnAfterSlip

        return state, [CannotGoOnAfterSlip(moved.id, moved.hex, str(exc))]
    after = trial.units[moved.id]
    # The MP it had left were lent to the rest of the move only: a unit that went on and then slid off the map or
    # was destroyed gets its MP back as well (they last beyond the turn), and its move counts the same way.
    finished = evolve(after, walk=original[0] if after.walk == fresh.walk else after.walk + spent,
                      run=original[1] if after.run == fresh.run else after.run + spent,
                      mode=plan.mode, mp_spent=spent + after.mp_spent, hexes_moved=slipped + after.hexes_moved)
    from btcli.model.events_ground import GoesOnAfterSlip

    return trial.with_unit(finished), [GoesOnAfterSlip(moved.id), *events]


def order_for(state: GameState, unit_id: str, path: str | None, to: str | None, facing: str | None,
              mode: str | None, after_slip: str | None, batch: int = 0) -> MoveOrder:
    """Builds the move order a player means: a step path, the path ``routes.choose`` finds to ``to`` (the
    cheapest, or one at most 2 MP dearer with fewer rolls; the order logs that path), a jump to a hex, or
    standing still; refuses what cannot be one."""
    return route_order(state, unit_id, path, to, facing, mode, after_slip, batch)[0]


def route_order(state: GameState, unit_id: str, path: str | None, to: str | None, facing: str | None,
                mode: str | None, after_slip: str | None, batch: int = 0) -> tuple[MoveOrder, Route | None]:
    """Returns ``order_for``'s order and, for a ground move ``--to`` a hex, the route it found (what ``move
    --dry-run`` says it avoided); None for any other order."""
    if path is not None and to is not None:
        raise InputError("give either --path or --to, not both")
    u = state.unit(unit_id)  # an unknown unit is bad input in every phase (exit 2)
    phases.check_accepts(state, MoveOrder)
    if state.phase in FLIGHT_PHASES:  # the aerospace movement phases: every move is a flight (AERO-MOVE)
        from btcli.rules.aero import moves as aero_moves

        return aero_moves.order_for(state, u, path, mode), None
    own = kinds.of(u).move_order
    if own is not None:  # an aerospace unit's or an asset's move order (AERO-MOVE; ASSET-MOVE-02)
        return own(state, u, path, to, facing, mode, after_slip, batch), None
    movement.check_words(state, u, path, to, facing)
    if batch:
        raise InputError("--batch is the size of a side's first half of assets; only assets move in halves")
    wanted = Facing.parse(facing) if facing is not None else None
    if (mode or "").lower() == masc.MODE:  # EQ-MASC-01: a run with MASC engaged
        engaged = masc.with_masc(u)
        route = None
        if to is not None:  # EQ-MASC-02: beyond the running MP without MASC, once a turn, a roll
            masc_from = None if masc.used(u) else mech.running_mp_without_masc(u)
            from btcli.rules.ground import routes  # a --to order's path finding (issue #33), not every move's

            route = routes.choose(state, engaged, state.board.parse_hex(to), wanted, movement.MoveMode.RUN, masc_from)
            steps = route.steps
        elif path is not None:
            steps = parse_steps(path)
        else:
            raise InputError("give --path STEPS or --to HEX with --mode masc")
        return MoveOrder(u.id, masc.MODE, steps, after_slip=after_slip or ""), route
    chosen = movement.parse_mode(u, mode or "")
    if chosen is movement.MoveMode.JUMP:
        if to is None:
            raise InputError("a jump needs --to HEX")
        return MoveOrder(u.id, "jump", (), state.board.parse_hex(to), wanted), None
    route = None
    if to is not None:
        from btcli.rules.ground import routes  # a --to order's path finding (issue #33), not every move's

        route = routes.choose(state, u, state.board.parse_hex(to), wanted, chosen)
        steps = route.steps
    elif path is not None:
        if facing is not None:
            raise InputError("--facing goes with --to; a --path ends facing where its turns leave it")
        steps = parse_steps(path)
    elif chosen is not movement.MoveMode.STAND:
        raise InputError("give --path STEPS, --to HEX, or --mode stand")
    else:
        steps = ()
    return MoveOrder(u.id, chosen.value if chosen else "", steps, after_slip=after_slip or ""), route
