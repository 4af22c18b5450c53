"""The End Phase of a game with assets (ASSET-DMG): each due destruction check once per asset, wear,
removal of every element of a destroyed multi-hex asset, and the turn's damage forgotten."""
from __future__ import annotations

from btcli.dice import Dice
from btcli.model.state import GameState
from btcli.rules import kinds
from btcli.rules.assets.units import occupied

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def end_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Makes every due destruction check, once per asset (ASSET-DMG-02..06, -12, -13), removes the
    destroyed with every element (ASSET-DMG-09), then forgets the turn's damage (ASSET-DMG-11)."""
    from btcli.model.events_assets import ElementsRemoved

    events: Events = []
    for uid in list(state.units):
        unit = state.units[uid]
        check = kinds.of(unit).destruction_check
        if check is None:  # a kind that makes no destruction check
            continue
        new = check(unit, dice, events)
        if new is unit:
            continue
        if new.destroyed and unit.position is not None and unit.position.footprint:
            events.append(ElementsRemoved(unit.id, occupied(unit)))
        state = state.with_unit(new)
    return state, events
