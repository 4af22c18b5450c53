"""Applies damage groups to units: each by its kind's damage rules, then what the damage sets
off at once: a VTOL's fall or crash (VTOL-CRIT, VEH-VTOL), a hover vehicle sinking (tables.md 3)."""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_damage import Sank
from btcli.model.state import GameState, Hit, evolve
from btcli.rules import kinds
from btcli.rules.ground import vtol

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def apply_hits(state: GameState, hits: tuple[Hit, ...], dice: Dice) -> tuple[GameState, Events]:
    """Applies every pending hit in order; returns the new state and what happened."""
    events: Events = []
    for hit in hits:
        unit = state.units[hit.target]
        if unit.destroyed:  # later groups of the phase find only a wreck
            continue
        before = unit
        unit = kinds.take_hit(unit, hit, dice, events, state.turn)
        if unit.is_vehicle:
            if unit.motive.value == "vtol":
                state = vtol.after_damage(state.with_unit(unit), before, dice, events)
                continue
            sinking = unit.motive.value == "hover" and unit.vehicle.immobile and not before.vehicle.immobile
            if sinking and not unit.destroyed and state.board.hex(unit.hex).is_deep_water:
                events.append(Sank(unit.id))
                unit = evolve(unit, destroyed=True)
        state = state.with_unit(unit)
    return state, events
