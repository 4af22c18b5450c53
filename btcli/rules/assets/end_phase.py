"""The End Phase of a game with assets (ASSET-DMG): each due destruction check once per asset, wear,
removal of every element of a destroyed multi-hex asset, and the turn's damage forgotten."""
from __future__ import annotations

from btcli.dice import Dice
from btcli.model.state import GameState, evolve
from btcli.rules.assets import damage as asset_damage
from btcli.rules.kinds.asset import record
from btcli.rules.assets.units import occupied


def end_phase(state: GameState, dice: Dice) -> tuple[GameState, list[str]]:
    """Makes every due destruction check, once per asset (ASSET-DMG-02..06, -12, -13), removes the
    destroyed with every element (ASSET-DMG-09), then forgets the turn's damage (ASSET-DMG-11)."""
    events: list[str] = []
    for uid in list(state.units):
        unit = state.units[uid]
        if unit.asset is None:
            continue
        card, before = unit.asset.card, unit.asset.state
        if unit.destroyed or before.destroyed:
            continue
        after, more = asset_damage.end_phase(card, before, dice, unit.id)
        events.extend(more)
        if after == before:
            continue
        new = record(unit, after)
        if after.destroyed:
            new = evolve(new, destroyed=True)
            if unit.position is not None and unit.position.footprint:
                events.append(f"{unit.id}'s every element is removed: {', '.join(h.label for h in occupied(unit))} "
                              "(ASSET-DMG-09)")
        state = state.with_unit(new)
    return state, events
