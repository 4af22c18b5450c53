"""``btcli options`` for an aerospace unit (issues #33, #35): its thrust and what each manoeuvre costs now, every
flight it may make now, and every attack it may make now.

Flights: each shape of move the move order accepts within bounds, each checked as ``move`` checks it
(btcli.rules.aero.moves.check: AERO-GEN-02, AERO-MOVE, TURN-04..06): a velocity change at the start of up to
``VELOCITY_CHANGES`` either way, or a climb or descent at the start of up to ``ALTITUDE_CHANGES`` (a
low-altitude map), then its velocity in hexes with the turns its thrust pays for, up to ``MAX_TURNS`` (above
velocity 3 ``FAST_TURNS``; one hexside after each hex, two for DropShips and small craft: AERO-MOVE-14, 15),
flying off the map's edge where the path meets it; evasive action on a straight flight; hovering at velocity 0.
The bounds keep the list short and quick (a fighter at velocity 6 on a low-altitude map: some 500 flights). Of the flights that end alike (map, hex, facing, altitude, next
turn's velocity, how it ends, and the altitude at which it crossed the ground board) the cheapest in thrust is
kept (then the fewest rolls, the shortest path), in the thrust mode it needs (``safe`` when it stays within Safe
Thrust, else ``max``). Not listed: flights into the ground (crashes, ``LAND``), velocity changes at the end of
the move, rolls (AERO-MNV-07) and hover moves.

Attacks: each weapon's (or DropShip bay's) air-to-air shot at each enemy aircraft (btcli.rules.aero.attacks),
and, when its flight this turn crossed the ground board, each air-to-ground attack (btcli.rules.aero.air_ground):
a strike by each weapon at each enemy ground unit and each building hex, a strafing run with every weapon that
strafes along each line of hexes through an enemy unit, and bombs on each enemy unit's hex."""

from __future__ import annotations

from btcli.errors import BtcliError, passes
from btcli.model.frozen import evolve
from btcli.model.options import Flight, GroundAttack, Shot, UnitOptions
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import options as core_options
from btcli.rules.kinds import aero as aero_kind

VELOCITY_CHANGES = 2  # +/- steps at the start of a listed flight, at most (the list stays finite and fast)
ALTITUDE_CHANGES = 2  # A/D steps at the start of a listed flight, at most (with no velocity change)
MAX_TURNS = 3  # facing changes in a listed flight at velocity 3 or less (a U-turn: three hexsides, three hexes)
FAST_TURNS = 2  # ... and above velocity 3 (the list stays short: thrust allows more, each a hex apart)


def options(state: GameState, unit: Unit) -> UnitOptions:
    """Returns an aerospace unit's options (``kinds.KindRules.options``)."""
    base = UnitOptions(unit.id, state.turn, state.phase.value)
    if not unit.active or unit.position is None:
        return evolve(base, waits=f"'{unit.id}' is destroyed or off the maps")
    from btcli.rules.aero import moves as aero_moves

    now: list[str] = []
    why = ""
    if core_options.phase_takes(state, MoveOrder):
        try:
            aero_moves.check_turn(state, unit)
            now.append("move")
        except BtcliError as exc:
            why = str(exc)
    found_shots = shots(state, unit)
    if core_options.phase_takes(state, WeaponAttackOrder):
        from btcli.rules.core import attacks

        try:
            attacks.may_attack(state, unit.id, True)
            now.append("attack")
        except BtcliError as exc:
            why = str(exc)
    found, waits = core_options.phase_end(state, now, why)
    return evolve(base, now=found, waits=waits, flights=flights(state, unit) if "move" in found else (),
                  shots=found_shots, ground_attacks=ground_attacks(state, unit), flying=flying(state, unit))


def flying(state: GameState, unit: Unit) -> dict[str, object] | None:
    """Its velocity, safe and maximum thrust now (AERO-MOVE-04, AMB-24), thrust spent, and the thrust of each
    manoeuvre step at its velocity: a hexside turn (AERO-MOVE-12, thruster hits), +1 velocity (1, 2 in a space
    map's atmosphere rows: AERO-HALT-02), evasive action (AERO-MNV-02), a roll (AERO-MNV-07; none in an
    atmosphere: AERO-MNV-10), a climb and a descent on a low-altitude map (AERO-LALT-03). None for a unit down on
    the ground board (a crash that leaves it there, landed: it flies no more)."""
    from btcli.model.aero import LowAltitudeMap, SpaceMap
    from btcli.rules.aero import low_altitude, maneuvers, movement, thrust

    if unit.position is None or not isinstance(state.maps.get(unit.position.map), (SpaceMap, LowAltitudeMap)):
        return None
    view, design = aero_kind.view(unit), aero_kind.design(unit)
    area = aero_kind.area(state, unit)
    atmosphere = movement.atmosphere_row(area, view.hex)
    steps = {"L": thrust.turn_cost(view, view.velocity, -1), "R": thrust.turn_cost(view, view.velocity, 1),
             "+": thrust.acceleration_cost(atmosphere), "-": 1}
    if isinstance(area, LowAltitudeMap):
        steps["A"], steps["D"] = low_altitude.CLIMB_COST, low_altitude.DESCENT_COST
    if not view.evading and passes(maneuvers.check_evasive_action, design):  # AERO-MNV-02
        steps["E"] = maneuvers.EVASIVE_ACTION_COST
    if (passes(maneuvers.check_roll_phase, state.phase.value)  # AERO-MNV-07: in a movement phase
            and not area.in_atmosphere(view.hex)):  # AERO-MNV-10
        steps["ROLL"] = maneuvers.ROLL_COST
    return {"velocity": view.velocity, "safe_thrust": design.safe_thrust,
            "max_thrust": thrust.current_max_thrust(design, view), "thrust_spent": view.thrust_spent,
            "out_of_control": view.out_of_control, "steps": steps}


def flights(state: GameState, unit: Unit) -> tuple[Flight, ...]:
    """The flights ``move`` accepts now (the module's docstring says which), cheapest of each end; an
    out-of-control unit's one order, no path (tables.md 9.4)."""
    from btcli.rules.aero import moves as aero_moves
    from btcli.rules.aero.movement import AeroMode, Outcome, plan_move
    from btcli.rules.aero.thrust import over_safe_thrust

    view, design, area = aero_kind.view(unit), aero_kind.design(unit), aero_kind.area(state, unit)
    if view.out_of_control:
        found = []
        for mode in aero_moves.MODES:
            try:
                plan = aero_moves.check(state, MoveOrder(unit.id, mode, ()))
            except BtcliError:
                continue
            found.append(_flight(state, mode, (), plan))
        return tuple(found)
    best: dict[tuple, tuple[tuple[int, int, int], Flight]] = {}
    for steps in candidates(state, unit):
        try:
            plan = plan_move(design, view, area, steps, mode=AeroMode.MAX_THRUST)
        except BtcliError:
            continue
        if plan.outcome in (Outcome.CRASH, Outcome.LAND_OR_CRASH):
            continue  # into the ground: a crash, or a landing that needs its LAND step (not listed)
        mode = "max" if over_safe_thrust(design, plan.end.thrust_spent) else "safe"
        flight = _flight(state, mode, steps, plan)
        key = (flight.end, flight.facing, flight.altitude, flight.next_velocity, flight.outcome, flight.over_board)
        rank = (flight.thrust, flight.rolls, len(steps))
        if key not in best or rank < best[key][0]:
            best[key] = (rank, flight)
    return tuple(sorted((f for _, f in best.values()), key=lambda f: (f.velocity, f.thrust, f.end, f.path)))


def _flight(state: GameState, mode: str, steps: tuple[str, ...], plan) -> Flight:
    end = plan.end
    return Flight(mode, steps, plan.total_thrust, plan.velocity, f"{end.map_id} {end.hex.label}", len(plan.rolls),
                  facing=end.facing.name, altitude=end.altitude or 0, next_velocity=end.velocity,
                  outcome=plan.outcome.value, over_board=over_board(state, plan))


def over_board(state: GameState, plan) -> int:
    """The lowest altitude at which a flight's path crosses the low-altitude hex holding the ground board (0: it
    does not cross it): where it may attack the ground and be fired at from it (btcli.rules.aero.air_ground)."""
    from btcli.rules.aero import air_ground

    area = air_ground.board_map(state)
    if area is None:
        return 0
    over = [p.altitude or 0 for p in plan.path if p.map_id == area.id and p.hex == area.ground_hex]
    return min(over) if over else 0


def candidates(state: GameState, unit: Unit, crossing: bool = False):
    """Yields the step paths worth checking: each velocity change at the start, or each climb or descent at
    the start, then each pattern of turns (``max_turns``) after the hexes it must fly that its thrust pays for (the cheapest pattern reaching each hex, facing and crossing of the
    ground board), evasive action on the straight flight, hovering at velocity 0. ``crossing``: only the paths
    whose hexes take in the low-altitude hex that holds the ground board (where a strike may be made)."""
    from btcli.model.aero import LowAltitudeMap
    from btcli.rules.aero import low_altitude, movement, thrust

    view, design, area = aero_kind.view(unit), aero_kind.design(unit), aero_kind.area(state, unit)
    low = isinstance(area, LowAltitudeMap)
    ground = area.ground_hex if isinstance(area, LowAltitudeMap) else None
    budget = thrust.current_max_thrust(design, view) - view.thrust_spent
    for change in range(-VELOCITY_CHANGES, VELOCITY_CHANGES + 1):
        velocity = view.velocity + change
        if velocity < 0:
            continue
        prefix: tuple[str, ...] = ("+",) * change if change > 0 else ("-",) * -change
        left = budget - (change * thrust.acceleration_cost(movement.atmosphere_row(area, view.hex)) if change > 0
                         else -change)
        if left < 0:
            continue
        hexes = movement.required_hexes(design, area, velocity)
        shapes: list[tuple[int, tuple[str, ...], bool]]
        if hexes == 0:
            shapes = [(0, (), view.hex == ground), (0, ("H",), view.hex == ground)]
        else:
            turns = {(d, t): thrust.turn_cost(view, velocity, d) * t for d in (-1, 1)
                     for t in (1, 2 if design.aero_class in movement.TWO_HEXSIDE_CLASSES else 1)}
            shapes = _shapes(area, view.hex, view.facing, hexes, turns, left, max_turns(velocity))
        climbs = range(-ALTITUDE_CHANGES, ALTITUDE_CHANGES + 1) if low and change == 0 else (0,)
        for climb in climbs:
            altitude = ("A",) * climb if climb > 0 else ("D",) * -climb
            for cost, shape, crossed in shapes:
                if cost + max(0, climb) * low_altitude.CLIMB_COST <= left and (crossed or not crossing):
                    yield prefix + altitude + shape
        if hexes and (not crossing or any(crossed for _, shape, crossed in shapes if "L" not in shape
                                          and "R" not in shape)):
            yield prefix + ("E",) + ("F",) * hexes


def max_turns(velocity: int) -> int:
    """The facing changes a listed flight makes at most at ``velocity``."""
    return MAX_TURNS if velocity <= 3 else FAST_TURNS


def _shapes(area, start, facing, hexes: int, turns: dict, budget: int,
            most: int) -> list[tuple[int, tuple[str, ...], bool]]:
    """The cheapest pattern of ``hexes`` hexes and up to ``most`` turns, each after a hex, to each (end
    hex, facing, crossed the ground board's hex), with its thrust and whether it crossed that hex; a pattern
    that flies off the map ends there."""
    from btcli.model.aero import LowAltitudeMap

    ground = area.ground_hex if isinstance(area, LowAltitudeMap) else None
    best: dict[tuple, tuple[int, tuple[str, ...], bool]] = {}
    seen: dict[tuple, int] = {}
    empty: tuple[str, ...] = ()
    stack = [(start, facing, 0, start == ground, 0, 0, empty)]
    while stack:
        here, heading, flown, crossed, turned, cost, steps = stack.pop()
        ahead = here.neighbor(heading)
        steps = steps + ("F",)
        if not area.contains(ahead):
            key = ("off", here, heading)
            if key not in best or cost < best[key][0]:
                best[key] = (cost, steps, crossed)
            continue
        flown += 1
        crossed = crossed or ahead == ground
        for (direction, count), extra in [((0, 0), 0), *turns.items()]:
            turns_now = turned + (1 if count else 0)
            if cost + extra > budget or turns_now > most:
                continue
            after = heading.turned(direction * count) if count else heading
            path = steps + (("L" if direction < 0 else "R"),) * count
            state_key = (ahead, after, flown, crossed, turns_now)
            if seen.get(state_key, budget + 1) <= cost + extra:
                continue
            seen[state_key] = cost + extra
            if flown == hexes:
                key = (ahead, after, crossed)
                if key not in best or cost + extra < best[key][0]:
                    best[key] = (cost + extra, path, crossed)
            else:
                stack.append((ahead, after, flown, crossed, turns_now, cost + extra, path))
    return sorted(best.values())


def weapon_labels(unit: Unit) -> list[str]:
    """The ``--weapon`` words that pick each of its weapons: a DropShip bay's name, else ``NAME@ARC``."""
    design = aero_kind.design(unit)
    return list(dict.fromkeys(w.bay if w.bay else f"{w.name}@{w.arc.value}" for w in design.weapons))


def shots(state: GameState, unit: Unit) -> tuple[Shot, ...]:
    """Each weapon's air-to-air shot at each enemy aircraft, with its to-hit number (btcli.rules.aero.attacks)."""
    from btcli.rules.aero import attacks as aero_attacks
    from btcli.rules.core import attacks

    if not passes(attacks.may_attack, state, unit.id, True):
        return ()
    found: list[Shot] = []
    labels = weapon_labels(unit)
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or not kinds.of(enemy).flies_on_aerospace_maps:
            continue
        for label in labels:
            order = WeaponAttackOrder(unit.id, enemy.id, (label,))
            try:
                if attacks.aero_rules(state, order) is not aero_attacks:
                    continue
                plan = aero_attacks.plan(state, order)
            except BtcliError:
                continue
            found += [Shot(enemy.id, label, shot.to_hit.target) for shot in plan.shots]
    return tuple(found)


def ground_attacks(state: GameState, unit: Unit) -> tuple[GroundAttack, ...]:
    """Each air-to-ground attack the attack order accepts now (btcli.rules.aero.air_ground): strikes by each
    weapon at each enemy ground unit and building hex, a strafing run along each line of up to five hexes
    through an enemy unit with every weapon that may strafe it, bombs (each count) on each enemy unit."""
    from btcli.rules.aero import air_ground
    from btcli.rules.core import attacks

    if not passes(attacks.may_attack, state, unit.id, True) or not kinds.of(unit).flies_on_aerospace_maps:
        return ()
    over = air_ground.overflight(state, unit)
    if over is None:
        return ()
    from btcli.model.orders import WeaponAttackOrder as Order

    def plan(order: Order):
        try:
            return air_ground.plan(state, order)
        except BtcliError:
            return None

    def record(mode: str, order: Order, found) -> GroundAttack:
        return GroundAttack(mode, order.target, order.weapons, tuple(h.label for h in order.strafe), order.bombs,
                            tuple(dict.fromkeys((s.target.label, s.to_hit.target) for s in found.shots)))

    enemies = [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.side != unit.side and u.active
               and u.hex is not None and not kinds.of(u).flies_on_aerospace_maps]
    board = state.board
    labels = weapon_labels(unit)
    out: list[GroundAttack] = []
    targets = [e.id for e in enemies] + [h.label for h in _building_hexes(state)]
    for target in targets:
        for label in labels:
            order = Order(unit.id, target, (label,), strike=True)
            found = plan(order)
            if found is not None:
                out.append(record(air_ground.STRIKE, order, found))
    first = next((e.hex for e in enemies if e.hex is not None), None)
    strafing = tuple(label for label in labels
                     if plan(Order(unit.id, "", (label,), strafe=(first,))) is not None) if first else ()
    if strafing:
        lines: dict[tuple, None] = {}
        for enemy in enemies:
            if enemy.hex is None:
                continue
            for length in range(1, air_ground.STRAFE_LENGTH + 1):
                for back in range(length):
                    line = _line(enemy.hex, over.heading, back, length)
                    if all(board.contains(h) for h in line):
                        lines[line] = None
        for line in lines:
            order = Order(unit.id, "", strafing, strafe=line)
            found = plan(order)
            if found is not None:
                out.append(record(air_ground.STRAFE, order, found))
    left = aero_kind.design(unit).bombs - aero_kind.flight(unit).bombs_dropped
    for enemy in enemies:
        for count in range(1, left + 1):
            order = Order(unit.id, enemy.id, bombs=count)
            found = plan(order)
            if found is not None:
                out.append(record(air_ground.BOMB, order, found))
    return tuple(out)


def _line(through, heading, back: int, length: int) -> tuple:
    """``length`` hexes one after another along ``heading``, ``back`` of them before ``through``."""
    start = through
    for _ in range(back):
        start = start.neighbor(heading.turned(3))
    line = [start]
    while len(line) < length:
        line.append(line[-1].neighbor(heading))
    return tuple(line)


def _building_hexes(state: GameState) -> list:
    """The ground board's hexes holding a building or a bridge (strike targets: URB-ATK-01), in label order."""
    return sorted(state.board.structure_hexes, key=lambda h: h.label)
