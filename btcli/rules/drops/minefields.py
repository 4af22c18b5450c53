"""A minimal conventional minefield (DROP-12 needs one; TW p.14 is not in the seeds; UNVERIFIED).

A hex may hold ``minefield = DENSITY``. A unit entering it along the ground (each
hex of a ground path, a jump's landing hex, a landing 'Mech) rolls 2D6; on 7+ it
takes the density in damage: a 'Mech to one leg (1D6: 1-3 left, 4-6 right), a
vehicle to its front, infantry as any hit. Airborne VTOLs fly over. Minefields
are not cleared.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.rules import kinds

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

HITS_ON = 7


def attack(state: GameState, unit_id: str, dice: Dice, events: Events) -> GameState:
    """Attacks a unit that has entered a minefield hex along the ground (DROP-12)."""
    unit = state.units[unit_id]
    density = state.board.hex(unit.hex).minefield if unit.hex is not None else 0
    if not density or unit.destroyed or kinds.airborne(unit):
        return state
    from btcli.model.events_drops import MineExploded, MinefieldCrossed  # only a game with minefields meets them

    roll = dice.roll(2, f"minefield {unit.hex.label} vs {unit.id}", target=HITS_ON)
    if not roll.success:
        events.append(MinefieldCrossed(unit.id, unit.hex, roll.total))
        return state
    events.append(MineExploded(unit.id, unit.hex, density, roll.total))

    hit = kinds.of(unit).minefield_hit(dice, unit, density)  # a 'Mech's leg, a vehicle's front (ASSET-DMG-08)
    from btcli.rules.core.hits import apply_hits  # only a mine that goes off deals damage (issue #17)

    state, more = apply_hits(state, (hit,), dice)
    events.extend(more)
    return state


def along(state: GameState, unit_id: str, hexes: tuple[HexId, ...], dice: Dice, events: Events) -> GameState:
    """Attacks a unit in every minefield hex it entered along the ground, in order; it ends where it was."""
    if not any(state.board.hex(h).minefield for h in hexes):
        return state
    end = state.units[unit_id].hex
    for hex_id in hexes:
        if state.board.hex(hex_id).minefield and not state.units[unit_id].destroyed:
            state = attack(state.with_unit(state.units[unit_id].at(hex_id)), unit_id, dice, events)
    return state.with_unit(state.units[unit_id].at(end))
