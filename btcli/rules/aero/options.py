"""``btcli options`` for an aerospace unit (issue #33): its thrust and what each manoeuvre costs now, the
flights it may make now (straight on at its velocity, one faster, one slower, in safe and in maximum thrust),
each checked as ``move --mode safe|max --path ...`` checks it (btcli.rules.aero.moves.check: AERO-GEN-02,
AERO-MOVE, TURN-04..06), and its air-to-air shots (btcli.rules.aero.attacks.plan). Other paths (turns,
climbs, evasive action, rolls) are given by their costs, not enumerated; air-to-ground attacks (strike,
strafe, bombs) are not listed."""

from __future__ import annotations

from btcli.errors import BtcliError
from btcli.model.frozen import evolve
from btcli.model.options import Flight, Shot, UnitOptions
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import options as core_options
from btcli.rules.kinds import aero as aero_kind


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
                  shots=found_shots, flying=flying(state, unit))


def flying(state: GameState, unit: Unit) -> dict[str, object]:
    """Its velocity, safe and maximum thrust now (AERO-MOVE-04, AMB-24), thrust spent, and the thrust of each
    manoeuvre step at its velocity: a hexside turn (AERO-MOVE-12, thruster hits), +1 velocity (1, 2 in a space
    map's atmosphere rows: AERO-HALT-02),
    evasive action (AERO-MNV-02), a roll (AERO-MNV-07)."""
    from btcli.rules.aero import maneuvers, movement, thrust

    view, design = aero_kind.view(unit), aero_kind.design(unit)
    area = aero_kind.area(state, unit)
    atmosphere = movement.atmosphere_row(area, view.hex)
    steps = {"L": thrust.turn_cost(view, view.velocity, -1), "R": thrust.turn_cost(view, view.velocity, 1),
             "+": thrust.acceleration_cost(atmosphere), "-": 1}
    if not view.evading and core_options.accepts(maneuvers.check_evasive_action, design):  # AERO-MNV-02
        steps["E"] = maneuvers.EVASIVE_ACTION_COST
    if core_options.accepts(maneuvers.check_roll_phase, state.phase.value):  # AERO-MNV-07: in a movement phase
        steps["ROLL"] = maneuvers.ROLL_COST
    return {"velocity": view.velocity, "safe_thrust": design.safe_thrust,
            "max_thrust": thrust.current_max_thrust(design, view), "thrust_spent": view.thrust_spent,
            "out_of_control": view.out_of_control, "steps": steps}


def flights(state: GameState, unit: Unit) -> tuple[Flight, ...]:
    """The straight flights ``move`` accepts now: at its velocity, one faster (``+``) or one slower (``-``), in
    each thrust mode; an out-of-control unit's one order, no path (tables.md 9.4)."""
    from btcli.rules.aero import moves as aero_moves

    view = aero_kind.view(unit)
    if view.out_of_control:
        candidates: list[tuple[str, ...]] = [()]
    else:
        candidates = [("F",) * view.velocity, ("+",) + ("F",) * (view.velocity + 1)]
        if view.velocity > 0:
            candidates.append(("-",) + ("F",) * (view.velocity - 1))
    found = []
    for steps in candidates:
        for mode in aero_moves.MODES:
            try:
                plan = aero_moves.check(state, MoveOrder(unit.id, mode, steps))
            except BtcliError:
                continue
            end = plan.end
            found.append(Flight(mode, steps, plan.total_thrust, plan.velocity, f"{end.map_id} {end.hex.label}",
                                len(plan.rolls)))
    return tuple(found)


def shots(state: GameState, unit: Unit) -> tuple[Shot, ...]:
    """Each weapon's air-to-air shot at each enemy aircraft, with its to-hit number (btcli.rules.aero.attacks)."""
    from btcli.rules.aero import attacks as aero_attacks
    from btcli.rules.core import attacks

    if not core_options.accepts(attacks.may_attack, state, unit.id, True):
        return ()
    found: list[Shot] = []
    labels = list(dict.fromkeys(m.label for m in unit.weapons))
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
