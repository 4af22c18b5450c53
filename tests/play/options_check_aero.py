"""Checks an aircraft's ``btcli options`` against its orders (issues #33, #35): tests/play/options_check.py calls
``check_aircraft`` for each aerospace unit it samples.

- Every listed flight is accepted by ``move --mode MODE --path PATH`` and spends the thrust, ends where and at
  the altitude, and crosses the ground board at the altitude, it says; beside it, the same path one hex longer,
  a turn before the first hex (a fighter: AERO-MOVE-15) and a ``max`` flight declared ``safe`` (AERO-GEN-02)
  are refused.
- Completeness: random flights of the listed shape (a velocity change or a climb or descent at the start, turns
  after hexes) that ``move`` accepts have a listed flight ending alike for no more thrust.
- Every listed strike, strafing run, bombing and air-to-air shot is accepted by ``attack``; a strike or shot with a
  weapon at a target it is not listed for, and a strafing run of six hexes, are refused.
"""

from __future__ import annotations

import random

from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState

TYPE_CHECKING = False
if TYPE_CHECKING:
    from btcli.model.options import UnitOptions


def check_aircraft(state: GameState, uid: str, found: UnitOptions, rng: random.Random, accepted, refused,
                   problem, samples: int = 6) -> None:
    """Checks one aircraft's listed flights and attacks (``accepted``/``refused``/``problem`` are
    options_check.check_unit's)."""
    from btcli.rules.aero import moves as aero_moves, options as aero_options
    from btcli.rules.aero.movement import Outcome
    from btcli.rules.kinds import aero as aero_kind

    unit = state.units[uid]
    moving = "move" in found.now
    view = aero_kind.view(unit)
    listed = {(f.end, f.facing, f.altitude, f.next_velocity, f.outcome, f.over_board): f for f in found.flights}
    for flight in rng.sample(found.flights, min(samples, len(found.flights))):
        order = MoveOrder(uid, flight.mode, flight.path)
        what = f"move --mode {flight.mode} --path {','.join(flight.path)}"
        if not moving:
            refused(order, what + " (not now)")
            continue
        accepted(order, what)
        plan = aero_moves.check(state, order)
        said = (plan.total_thrust, f"{plan.end.map_id} {plan.end.hex.label}", plan.end.altitude or 0,
                aero_options.over_board(state, plan))
        if said != (flight.thrust, flight.end, flight.altitude, flight.over_board):
            listed_as = (flight.thrust, flight.end, flight.altitude, flight.over_board)
            problem(f"listed {what} says thrust/end/altitude/over {listed_as}, the move {said}")
        if view.out_of_control or not flight.path or flight.outcome != Outcome.MOVED.value:
            continue
        refused(MoveOrder(uid, flight.mode, flight.path + ("F",)), what + ",F (a hex too many)")
        if flight.mode == "max":
            refused(MoveOrder(uid, "safe", flight.path), f"move --mode safe --path {','.join(flight.path)}")
        first = next((i for i, code in enumerate(flight.path) if code == "F"), None)
        two = unit.aero_design.aero_class.value in ("dropship", "small_craft")
        if first is not None and not two and view.velocity + flight.path.count("+") - flight.path.count("-") > 0:
            early = flight.path[:first] + ("L",) + flight.path[first:]
            refused(MoveOrder(uid, flight.mode, early), f"move --path {','.join(early)} (a turn before a hex)")
    if moving and not view.out_of_control:
        for steps in _random_flights(state, unit, rng, samples):
            try:
                plan = aero_moves.check(state, MoveOrder(uid, "max", steps))
            except Exception:
                continue
            if plan.outcome.value in ("crash", "land_or_crash"):
                continue
            key = (f"{plan.end.map_id} {plan.end.hex.label}", plan.end.facing.name, plan.end.altitude or 0,
                   plan.end.velocity, plan.outcome.value, aero_options.over_board(state, plan))
            near = listed.get(key)
            if near is None or near.thrust > plan.total_thrust:
                shown = f" (listed: {','.join(near.path)})" if near else ""
                problem(f"move --mode max --path {','.join(steps)} is accepted ({plan.total_thrust} thrust) but no "
                        f"flight ending alike is listed for as little{shown}")
    firing = "attack" in found.now
    for g in rng.sample(found.ground_attacks, min(samples, len(found.ground_attacks))):
        order = WeaponAttackOrder(uid, g.target, g.weapons, strike=g.mode == "strike",
                                  strafe=tuple(state.board.parse_hex(h) for h in g.hexes), bombs=g.bombs)
        what = f"attack {g.target or '(strafe)'} --{g.mode}" + (f" --weapon {g.weapons[0]}" if g.weapons else "")
        accepted(order, what) if firing else refused(order, what + " (not now)")
    if not firing or unit.aero is None:
        return
    labels = aero_options.weapon_labels(unit)
    strikes = {(g.target, g.weapons[0]) for g in found.ground_attacks if g.mode == "strike"}
    shots = {(s.target, s.weapon) for s in found.shots}
    ground = [u.id for u in state.units.values() if u.side != unit.side and u.active and u.hex is not None
              and u.aero is None]
    air = [u.id for u in state.units.values() if u.side != unit.side and u.active and u.aero is not None]
    beside = [(t, w, True) for t in ground for w in labels if (t, w) not in strikes]
    beside += [(t, w, False) for t in air for w in labels if (t, w) not in shots]
    for target, weapon, strike in rng.sample(beside, min(samples, len(beside))):
        refused(WeaponAttackOrder(uid, target, (weapon,), strike=strike),
                f"attack {target} --weapon {weapon}" + (" --strike" if strike else ""))
    runs = [g for g in found.ground_attacks if g.mode == "strafe" and len(g.hexes) == 5]
    for g in runs[:1]:
        line = [state.board.parse_hex(h) for h in g.hexes]
        longer = tuple(line) + (line[-1].neighbor(line[0].direction_to(line[1])),)
        refused(WeaponAttackOrder(uid, "", g.weapons, strafe=longer), "attack --strafe (six hexes)")


def _random_flights(state: GameState, unit, rng: random.Random, count: int) -> list[tuple[str, ...]]:
    """Random step paths of the listed shape: a velocity change or an altitude change at the start (within the
    listed bounds), then the hexes, each followed by no turn or a turn of one or two hexsides (up to the listed
    number of turns)."""
    from btcli.model.aero import LowAltitudeMap
    from btcli.rules.aero import options as aero_options
    from btcli.rules.kinds import aero as aero_kind

    view, area = aero_kind.view(unit), aero_kind.area(state, unit)
    found = []
    for _ in range(count):
        change = rng.randint(-aero_options.VELOCITY_CHANGES, aero_options.VELOCITY_CHANGES)
        velocity = view.velocity + change
        if velocity < 0:
            continue
        climb = rng.randint(-aero_options.ALTITUDE_CHANGES, aero_options.ALTITUDE_CHANGES) \
            if isinstance(area, LowAltitudeMap) and change == 0 else 0
        steps = ["+" if change > 0 else "-"] * abs(change) + ["A" if climb > 0 else "D"] * abs(climb)
        turns = 0
        for _ in range(velocity):
            steps.append("F")
            turn = rng.choice(((), (), ("L",), ("R",), ("L", "L"), ("R", "R")))
            if turn and turns < aero_options.max_turns(velocity):
                steps += turn
                turns += 1
        found.append(tuple(steps))
    return found
