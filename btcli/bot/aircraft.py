"""The bot's aircraft (issue #35 item 2, "aircraft's strikes"): which flight an aerospace unit makes and which
attack it makes, from ``btcli options``' own lists (btcli.rules.aero.options: every flight and every attack the
orders accept). Its rules are BOT-21..BOT-26 in docs/rules-notes.md; the code is btcli's own.

Anchored on MegaMek's bot Princess (MegaMek @f0b2b01 megamek/src/megamek/client/bot/princess/): it flies an
aircraft on a ground map only along paths that need no piloting roll where it can (``AeroPathUtil.java:96``
``isSafePathOffBoard``, ``:160`` ``calculateMaxSafeThrust``: thrust up to what needs no roll) and never into a
stall (``AeroPathUtil.java:52`` ``willStall``) or the ground (``:83`` ``willCrash``); it keeps no flight at
altitude 1 without bombs (``PathRanker.java:177-184``); it values a flight by the air-to-ground attack it makes
possible, which needs the target under the flight path and an altitude of 5 or lower
(``FireControl.java:1682`` ``guessFullAirToGroundPlan``, ``:1092`` ``isTargetUnderFlightPath``,
``AeroGroundPathFinder.OPTIMAL_STRIKE_ALTITUDE``). Princess ignores ground fire at its aircraft
(``BasicPathRanker.java:157-161``); this bot weighs it (BOT-23), as the air defence of issue #35.
"""

from __future__ import annotations

import bisect

from btcli.bot.legal_orders import accepted
from btcli.errors import BtcliError
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Callable, Iterator, Protocol

    from btcli.model.options import Flight

    class Settings(Protocol):
        """What this module reads of ``policy.Settings`` (policy imports this module, not the other way)."""

        @property
        def dealt_weight(self) -> float: ...

        @property
        def taken_weight(self) -> float: ...

        @property
        def worst_shot(self) -> int: ...

    Focus = Callable[[GameState, Unit], float]  # policy.focus: BOT-05's worth of a point of damage on a unit

ROLL_PENALTY = 4.0  # BOT-21: expected damage a flight's control roll is worth avoiding
LOST = 1000.0  # BOT-21: a flight that stalls, crashes or leaves the battle


def flight(state: GameState, ours: tuple[str, ...], settings: Settings, focus: Focus,
           seed: int = 0) -> MoveOrder | None:
    """The next aerospace unit's flight for the side whose slot it is (TURN-04..06), or None when another side
    must move; the unit's best flight (BOT-21..24) the game accepts."""
    from btcli.rules.aero import phases as aero_phases

    side = aero_phases.side_to_move(state)
    if side is None or side not in ours:
        return None
    for unit in sorted(aero_phases.movers(state, state.phase), key=lambda u: u.id):
        if unit.side != side or aero_phases.has_moved(unit):
            continue
        for order in ranked_flights(state, unit, settings, focus):
            if accepted(state, order, seed):
                return order
    return None


def ranked_flights(state: GameState, unit: Unit, settings: Settings, focus: Focus) -> Iterator[MoveOrder]:
    """The unit's listed flights as orders, best first (BOT-21..24); none when it may not move now. BOT-24's
    coming back is first counted for every flight that may come back (``_may_come_back``) and played out
    (``_comes_back``) only for the flight at the head of the list: one that cannot waits its turn."""
    from btcli.rules.aero import moves as aero_moves, options as aero_options

    try:
        aero_moves.check_turn(state, unit)
    except BtcliError:
        return
    flights = aero_options.flights(state, unit)

    def rank(score: float, flight: Flight) -> tuple:
        return (-score, flight.thrust, flight.path, flight.mode)

    queue = sorted(((rank(flight_score(state, unit, f, settings, focus, _may_come_back), f), f) for f in flights),
                   key=lambda r: r[0])
    checked: set[Flight] = set()
    while queue:
        key, flight = queue.pop(0)
        if flight not in checked:
            checked.add(flight)
            if _may_come_back(state, unit, flight):
                key = rank(flight_score(state, unit, flight, settings, focus), flight)
                if queue and queue[0][0] < key:
                    bisect.insort(queue, (key, flight), key=lambda r: r[0])
                    continue
        yield MoveOrder(unit.id, flight.mode, flight.path)


def flight_score(state: GameState, unit: Unit, flight: Flight, settings: Settings, focus: Focus,
                 coming_back: Callable[[GameState, Unit, Flight], float] | None = None) -> float:
    """BOT-21..24: what a flight is worth. The damage its air-to-ground or air-to-air attack this turn may deal
    (focus-weighted) and, at half weight, next turn's best strike when a flight from where this one ends can make
    it (``coming_back``, by default ``_comes_back``), times the aggression weight; minus the ground fire it flies
    into times the caution weight; minus the control rolls it needs; a stall or leaving the battle is lost; off
    the board's low-altitude map, the way down to it counts (``_descent``)."""
    strike = _strike_value(state, unit, flight, focus) if 0 < flight.over_board else 0.0
    air = _air_value(state, unit, flight)
    later = 0.0
    if not state.victory.turn_limit or state.turn < state.victory.turn_limit:
        back = (coming_back or _comes_back)(state, unit, flight)
        later = 0.5 * back * _best_strike(state, unit, focus) if back else 0.0
    taken = _air_defence(state, unit, flight.over_board, striking=strike > 0) if flight.over_board else 0.0
    score = settings.dealt_weight * (strike + air + later) - settings.taken_weight * taken
    score -= ROLL_PENALTY * flight.rolls
    if flight.outcome == "left_map" or _stalls(unit, flight):
        score -= LOST  # BOT-21
    score += _descent(state, flight)
    if flight.altitude == 1 and not _bombs(unit):
        score -= 5.0  # BOT-21: no flight at NOE without bombs (Princess, PathRanker.java:177-184)
    return score


def _descent(state: GameState, flight: Flight) -> float:
    """BOT-24: off the low-altitude map that holds the ground board, a flight is worth more the nearer it ends to
    the space map's ground-row hex above that map (flying into it takes the unit down to the board's map,
    TURN-07; into another ground-row hex, out of the battle): a point per hex nearer. Climbing out of the
    board's map counts against a flight."""
    from btcli.model.hexgrid import HexId
    from btcli.rules.aero import air_ground

    area = air_ground.board_map(state)
    map_id, _, label = flight.end.partition(" ")
    if area is None or map_id == area.id:
        return -LOST / 20 if flight.outcome == "transit" else 0.0  # climbing out, away from the board
    if area.space_hex is None:
        return 0.0
    distance = HexId.parse(label).distance(area.space_hex)
    if flight.outcome == "transit":  # down into the ground row: onto the board's map, or out of the battle
        return 0.0 if distance == 0 else -LOST
    return -float(distance)


def _stalls(unit: Unit, flight: Flight) -> bool:
    """BOT-21: a flight that leaves an aerodyne at velocity 0 (it stalls and crashes, AERO-GRAV-05) or a
    spheroid at velocity 0 without hovering."""
    return flight.next_velocity == 0 and "H" not in flight.path


def _bombs(unit: Unit) -> int:
    from btcli.rules.kinds import aero as aero_kind

    return aero_kind.design(unit).bombs - aero_kind.flight(unit).bombs_dropped


def _strike_value(state: GameState, unit: Unit, flight: Flight, focus: Focus) -> float:
    """BOT-22: the strike this flight makes possible: none above altitude 5 (a strike's ceiling) or at 1 (a strike
    costs an altitude), else the best strike on an enemy (``_best_strike``), with +2 to hit when the flight goes
    over Safe Thrust (tables.md 9.8)."""
    from btcli.rules.aero import air_ground

    if not 1 < flight.over_board <= air_ground.CEILING[air_ground.STRIKE]:
        return 0.0
    from btcli.rules.kinds import aero as aero_kind

    over_safe = aero_kind.flight(unit).thrust_spent + flight.thrust > aero_kind.design(unit).safe_thrust
    return _best_strike(state, unit, focus, 2 if over_safe else 0)


def _best_strike(state: GameState, unit: Unit, focus: Focus, extra: int = 0) -> float:
    """BOT-22: the expected damage (focus-weighted) of a strike by every weapon that fires at the ground at the
    enemy ground unit where it is worth most: Gunnery + 2 (tables.md 9.8) + the target's modifiers."""
    from btcli.rules.aero import air_ground, attacks as aero_attacks
    from btcli.rules.core.tohit import odds

    from btcli.rules.kinds import aero as aero_kind

    design = aero_kind.design(unit)
    mounts = air_ground.GROUND_MOUNTS[design.shape]
    damage = sum(aero_attacks.weapon_data(w.name).damage * w.count for i, w in enumerate(design.weapons)
                 if w.arc in mounts and i not in aero_kind.flight(unit).weapons_destroyed)
    best = 0.0
    for foe in _ground_enemies(state, unit):
        if foe.hex is None:
            continue
        target = air_ground.Target(foe.id, foe.hex, foe, "front")
        number = unit.gunnery + air_ground.MODE_MODIFIER[air_ground.STRIKE] + extra + sum(
            v for _, v in air_ground.target_modifiers(state, unit, target))
        best = max(best, odds(number) * damage * focus(state, foe) * fragility(state, foe))
    return best


def _may_come_back(state: GameState, unit: Unit, flight: Flight) -> float:
    """BOT-24, the quick look: 1 when the flight ends on the low-altitude map that holds the ground board, at an
    altitude from which next turn's flight may strike (2 to 5, or 6 and descend) and within reach of the board's
    hex (next turn's velocity, changed by as much as a listed flight changes it, plus one), else 0."""
    from btcli.model.hexgrid import HexId
    from btcli.rules.aero import air_ground
    from btcli.rules.aero.options import VELOCITY_CHANGES

    area = air_ground.board_map(state)
    map_id, _, label = flight.end.partition(" ")
    if area is None or area.ground_hex is None or map_id != area.id or not 1 < flight.altitude <= 6:
        return 0.0
    reach = flight.next_velocity + VELOCITY_CHANGES + 1
    return 1.0 if HexId.parse(label).distance(area.ground_hex) <= reach else 0.0


def _comes_back(state: GameState, unit: Unit, flight: Flight) -> float:
    """BOT-24: 1 when, from where the flight ends, one of next turn's listed flights (``options.candidates``, at
    the velocity this one leaves) crosses the board's hex at a striking altitude (``air_ground.CEILING``, above
    1) with no control roll, no stall and no crash; else 0. Played out with the flight rules' own planner."""
    if not _may_come_back(state, unit, flight):
        return 0.0
    from btcli.rules.aero import air_ground, movement, options as aero_options
    from btcli.rules.aero.movement import AeroMode, Outcome
    from btcli.rules.kinds import aero as aero_kind

    board, design = air_ground.board_map(state), aero_kind.design(unit)
    if board is None or board.ground_hex is None:
        return 0.0
    try:
        plan = movement.plan_move(design, aero_kind.view(unit), aero_kind.area(state, unit), flight.path,
                                  mode=AeroMode.MAX_THRUST)
    except BtcliError:
        return 0.0
    if plan.end.map_id != board.id:
        return 0.0
    ahead = aero_kind.store(unit, movement.end_of_turn(plan.end))
    start = aero_kind.view(ahead)
    ceiling = air_ground.CEILING[air_ground.STRIKE]
    for steps in aero_options.candidates(state, ahead, crossing=True):
        try:
            then = movement.plan_move(design, start, board, steps, mode=AeroMode.MAX_THRUST)
        except BtcliError:
            continue
        if then.rolls or then.outcome in (Outcome.CRASH, Outcome.LAND_OR_CRASH):
            continue
        if then.end.velocity == 0 and "H" not in steps:
            continue  # a stall (BOT-21)
        if 1 < aero_options.over_board(state, then) <= ceiling:
            return 1.0
    return 0.0


def fragility(state: GameState, target: Unit) -> float:
    """BOT-22, BOT-26: how much nearer destruction a point of damage brings ``target`` than the average unit of
    its side of the same element (ground or air): their mean armor and structure left over its own, within
    0.25-4. In a short air raid the fire goes where it can kill (btcli's rule)."""
    from btcli.bot import evaluate

    air = kinds.of(target).flies_on_aerospace_maps
    peers = [evaluate.points(u) for u in state.units.values() if u.side == target.side and u.active
             and kinds.of(u).flies_on_aerospace_maps == air]
    mine = max(1, evaluate.points(target))
    return min(4.0, max(0.25, (sum(peers) / len(peers) if peers else mine) / mine))


def _ground_enemies(state: GameState, unit: Unit) -> list[Unit]:
    return [u for u in sorted(state.units.values(), key=lambda u: u.id) if u.side != unit.side and u.active
            and u.hex is not None and not kinds.of(u).flies_on_aerospace_maps]


def _air_defence(state: GameState, unit: Unit, altitude: int, striking: bool) -> float:
    """BOT-23: the expected damage of the ground fire an aircraft flies into when it crosses the ground board at
    ``altitude``: each enemy ground unit's front-arc weapons at range 2 x altitude (btcli.rules.aero.ground_to_air),
    -3 to hit while it attacks the ground (tables.md 9.8), none above altitude 8; shared among the side's
    aircraft over the board."""
    from btcli.bot import evaluate
    from btcli.rules.aero import ground_to_air
    from btcli.rules.core import tohit

    if altitude > ground_to_air.CEILING:
        return 0.0
    distance = ground_to_air.ALTITUDE_RANGE * altitude
    bonus = -3 if striking else 0
    total = 0.0
    for foe in _ground_enemies(state, unit):
        if kinds.of(foe).ground_to_air_refusal(foe):
            continue
        for index in evaluate.usable(foe):
            modifier = evaluate.range_modifier(foe, index, distance)
            if modifier is None:
                continue
            number = foe.gunnery + modifier + bonus + (ground_to_air.NOE_TARGET if altitude == 1 else 0)
            total += tohit.odds(number) * evaluate.shot_damage(foe, index, distance)
    ours = sum(1 for u in state.units.values()
               if u.side == unit.side and u.active and kinds.of(u).flies_on_aerospace_maps)
    return total / max(1, ours) * 0.5  # BOT-23: only its front arc, and not every unit fires at this one


def _air_value(state: GameState, unit: Unit, flight: Flight) -> float:
    """BOT-25: the air-to-air fire a flight sets up: each enemy aircraft on its map within 6 hexes (short range)
    of where it ends counts its damage at Gunnery + 4 when it lies ahead (the nose arc), else nothing."""
    from btcli.bot.evaluate import facing_towards
    from btcli.model.hexgrid import Facing, HexId
    from btcli.rules.aero import attacks as aero_attacks
    from btcli.rules.core.tohit import odds

    map_id, _, label = flight.end.partition(" ")
    if flight.outcome != "moved":
        return 0.0
    end = HexId.parse(label)
    foes = [u for u in state.units.values() if u.side != unit.side and u.active and kinds.of(u).flies_on_aerospace_maps
            and u.position is not None and u.position.map == map_id and not u.between_maps]
    if not foes:
        return 0.0
    from btcli.rules.kinds import aero as aero_kind

    damage = sum(aero_attacks.weapon_data(w.name).damage * w.count for w in aero_kind.design(unit).weapons
                 if w.arc.value == "nose")
    best = 0.0
    for foe in foes:
        where = foe.position
        if where is None:
            continue
        distance = end.distance(where.hex) + abs(flight.altitude - (where.altitude or 0))
        if distance > 6:
            continue
        ahead = distance == 0 or abs((facing_towards(end, where.hex).value - Facing[flight.facing].value + 3)
                                     % 6 - 3) <= 1
        if ahead:
            best = max(best, odds(unit.gunnery + 4) * damage)
    return best


# -- attacks ------------------------------------------------------------------------------------------------


def attack(state: GameState, unit: Unit, settings: Settings, focus: Focus) -> WeaponAttackOrder | None:
    """BOT-26: an aircraft's attack: of its listed strikes (all the weapons listed for one target together),
    strafing runs and air-to-air shots, the one with the most focus-weighted expected damage (a friend in a
    strafing run counts against it), each weapon's to-hit at most the bot's worst shot; None when nothing is
    worth it."""
    from btcli.model.frozen import evolve

    if not kinds.of(unit).flies_on_aerospace_maps:
        return None
    candidates: list[WeaponAttackOrder] = []
    for order, to_hit in listed_attacks(state, unit):
        if order.bombs:
            candidates.append(order)
        elif order.strafe:
            candidates.append(_doubled(state, order))
        else:  # a strike or an air-to-air volley: the weapons worth their to-hit number (BOT-07)
            labels = tuple(w for w in order.weapons if to_hit[w] <= settings.worst_shot)
            if labels:
                candidates.append(_doubled(state, evolve(order, weapons=labels)))
    scored = sorted(((_attack_value(state, o, focus), i, o) for i, o in enumerate(candidates)),
                    key=lambda s: (-s[0], s[1]))
    for value, _, order in scored:
        if value > 0.5 and accepted(state, order):
            return order
    return None


def listed_attacks(state: GameState, unit: Unit) -> list[tuple[WeaponAttackOrder, dict[str, int]]]:
    """An aircraft's attacks as ``btcli options`` lists them, as orders: a strike at each ground target and an
    air-to-air volley at each enemy aircraft with every weapon listed for it (each weapon's to-hit number beside
    it), each strafing run and each bombing (their to-hit numbers not needed: empty)."""
    from btcli.model.hexgrid import HexId
    from btcli.rules.aero import options as aero_options

    found: list[tuple[WeaponAttackOrder, dict[str, int]]] = []
    attacks = aero_options.ground_attacks(state, unit)
    for target in dict.fromkeys(g.target for g in attacks if g.mode == "strike"):
        listed = [g for g in attacks if g.mode == "strike" and g.target == target]
        found.append((WeaponAttackOrder(unit.id, target, tuple(g.weapons[0] for g in listed), strike=True),
                      {g.weapons[0]: g.to_hit[0][1] for g in listed}))
    for g in attacks:
        if g.mode == "strafe":
            found.append((WeaponAttackOrder(unit.id, "", g.weapons, strafe=tuple(HexId.parse(h) for h in g.hexes)),
                          {}))
        elif g.mode == "bomb":
            found.append((WeaponAttackOrder(unit.id, g.target, bombs=g.bombs), {}))
    shots = aero_options.shots(state, unit)
    for target in dict.fromkeys(s.target for s in shots):
        at = [s for s in shots if s.target == target]
        found.append((WeaponAttackOrder(unit.id, target, tuple(s.weapon for s in at)),
                      {s.weapon: s.to_hit for s in at}))
    return found


def _doubled(state: GameState, order: WeaponAttackOrder) -> WeaponAttackOrder:
    """The order with each weapon named as often as the unit has it unfired (a record-sheet entry of count 2
    fires twice when named twice), as far as the attack's own check allows."""
    from btcli.model.frozen import evolve

    weapons = list(order.weapons)
    for label in order.weapons:
        trial = evolve(order, weapons=tuple(weapons + [label]))
        if _plan(state, trial) is not None:
            weapons.append(label)
    return evolve(order, weapons=tuple(weapons))


def _plan(state: GameState, order: WeaponAttackOrder):
    from btcli.rules.aero import air_ground, attacks as aero_attacks

    rules = air_ground if (order.strike or order.strafe or order.bombs) else aero_attacks
    try:
        return rules.plan(state, order)
    except BtcliError:
        return None


def _attack_value(state: GameState, order: WeaponAttackOrder, focus: Focus) -> float:
    """BOT-26: the expected damage of an attack's shots, each times the focus on its target (a friend's: minus
    twice the damage)."""
    from btcli.rules.core.tohit import odds

    from btcli.rules.aero import air_ground

    plan = _plan(state, order)
    if plan is None:
        return 0.0
    side = state.units[order.attacker].side
    if isinstance(plan, air_ground.Plan):
        hits = [(s.target.unit, odds(s.to_hit.target) * sum(s.groups)) for s in plan.shots]
    else:
        hits = [(plan.target, odds(s.to_hit.target) * s.damage) for s in plan.shots]
    total = 0.0
    for unit, value in hits:
        if unit is None:
            total += value * 0.2  # a building: worth little to the bot
        elif unit.side == side:
            total -= 2 * value
        else:
            total += value * focus(state, unit) * fragility(state, unit)
    return total


def ground_to_air(state: GameState, unit: Unit, settings: Settings, focus: Focus) -> WeaponAttackOrder | None:
    """BOT-26: a ground unit with nothing better to fire at fires at the enemy aircraft overhead where its
    expected damage, times BOT-05's focus, is highest: the weapons whose to-hit is worth it
    (btcli.rules.aero.ground_to_air)."""
    from btcli.bot import evaluate
    from btcli.rules.aero import ground_to_air as gta
    from btcli.rules.core.tohit import odds

    if unit.hex is None or kinds.of(unit).flies_on_aerospace_maps:
        return None
    best: tuple[float, str, tuple[str, ...]] | None = None
    for foe in sorted(state.units.values(), key=lambda u: u.id):
        if foe.side == unit.side or not foe.active or not kinds.of(foe).flies_on_aerospace_maps:
            continue
        labels: list[str] = []
        value = 0.0
        for index, mount in enumerate(unit.weapons):
            order = WeaponAttackOrder(unit.id, foe.id, (mount.label,))
            try:
                plan = gta.plan(state, order)
            except BtcliError:
                continue
            number = plan.shots[0][2].target
            if number <= settings.worst_shot and labels.count(mount.label) < _copies(unit, mount.label):
                labels.append(mount.label)
                value += odds(number) * evaluate.shot_damage(unit, index, plan.distance)
        value *= focus(state, foe) * fragility(state, foe)  # BOT-05, BOT-26: the aircraft nearest destruction
        if labels and (best is None or value > best[0]):
            best = (value, foe.id, tuple(labels))
    if best is None:
        return None
    order = WeaponAttackOrder(unit.id, best[1], best[2])
    if accepted(state, order):
        return order
    singles = tuple(w for w in best[2] if accepted(state, WeaponAttackOrder(unit.id, best[1], (w,))))
    order = WeaponAttackOrder(unit.id, best[1], singles)
    return order if singles and accepted(state, order) else None



def _copies(unit: Unit, label: str) -> int:
    return sum(1 for m in unit.weapons if m.label == label)
