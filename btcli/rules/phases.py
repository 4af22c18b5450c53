"""The turn sequence: initiative, movement order, phase completion and advance.

Total Warfare p.39: each turn runs initiative, movement, weapon attack,
physical attack, heat and end phases. The initiative loser moves first; when
the sides field unequal numbers of units, the larger side moves several units
for each one of the smaller side ("unequal numbers of units").
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.state import GameState, Phase, evolve
from btcli.model.units import MoveMode

PHASE_ORDER = (Phase.INITIATIVE, Phase.MOVEMENT, Phase.WEAPON, Phase.PHYSICAL, Phase.HEAT, Phase.END)


def next_phase(phase: Phase) -> Phase:
    i = PHASE_ORDER.index(phase)
    return PHASE_ORDER[(i + 1) % len(PHASE_ORDER)]


def roll_initiative(state: GameState, dice: Dice) -> tuple[tuple[str, ...], list[str]]:
    """Rolls 2D6 per side, re-rolling ties; returns the sides lowest first (the loser moves first)."""
    sides = list(state.sides)
    events = []
    while True:
        totals = {sid: dice.roll(2, f"initiative {sid} (turn {state.turn})").total for sid in sides}
        shown = ", ".join(f"{sid} {total}" for sid, total in totals.items())
        if len(set(totals.values())) == len(totals):
            order = tuple(sorted(sides, key=lambda sid: totals[sid]))
            events.append(f"initiative: {shown}; {order[0]} loses and moves first")
            return order, events
        events.append(f"initiative: {shown}; tie, rolling again")


def _kept_twist(unit) -> int:
    """A jammed or locked turret stays where it points (VEH-CRIT-18, 19); torsos and free turrets center."""
    return unit.twist if unit.is_vehicle and unit.vehicle.turret in ("jammed", "locked") else 0


def end_turn(state: GameState) -> GameState:
    """Clears this turn's movement records and advances the turn counter (End Phase)."""
    units = {
        uid: (
            u
            if u.mode is MoveMode.NONE and not u.mp_spent and not u.fired and not u.twist
            else evolve(u, mode=MoveMode.NONE, mp_spent=0, hexes_moved=0, fired=(), twist=_kept_twist(u))
        )
        for uid, u in state.units.items()
    }
    return evolve(state, units=units, turn=state.turn + 1, initiative=(), move_order=(), declarations=())
