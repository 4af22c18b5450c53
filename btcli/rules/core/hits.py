"""Applies damage groups to units: each by its kind's damage rules, then what the damage sets
off at once: a VTOL's fall or crash (VTOL-CRIT, VEH-VTOL), a hover vehicle sinking (tables.md 3)."""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.state import GameState, Hit
from btcli.rules import kinds

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
        follow = kinds.of(unit).after_damage  # a VTOL's fall, a hover vehicle sinking
        state = state.with_unit(unit) if follow is None else follow(state, before, unit, dice, events)
    return state, events
