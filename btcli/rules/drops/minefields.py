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
from btcli.model.state import GameState, Hit
from btcli.rules import kinds
from btcli.rules.kinds import mech

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

HITS_ON = 7


def attack(state: GameState, unit_id: str, dice: Dice, events: Events) -> GameState:
    """Attacks a unit that has entered a minefield hex along the ground (DROP-12)."""
    unit = state.units[unit_id]
    density = state.board.hex(unit.hex).minefield if unit.hex is not None else 0
    if not density or unit.destroyed or (unit.motive.value == "vtol" and unit.elevation > 0):
        return state
    from btcli.model.events_drops import MineExploded, MinefieldCrossed  # only a game with minefields meets them

    roll = dice.roll(2, f"minefield {unit.hex.label} vs {unit.id}", target=HITS_ON)
    if not roll.success:
        events.append(MinefieldCrossed(unit.id, unit.hex, roll.total))
        return state
    events.append(MineExploded(unit.id, unit.hex, density, roll.total))

    if unit.is_mech:
        # 1-3 the first leg, 4-6 the second (a quad's: 1-3 a front leg, 4-6 a rear one, then the side by
        # another die; UNVERIFIED, btcli's reading of the biped rule)
        legs = mech.body(unit).legs
        leg = legs[0] if dice.d6(f"minefield leg {unit.id}") <= 3 else legs[1]
        if len(legs) == 4:
            leg = legs[legs.index(leg) * 2 + (dice.d6(f"minefield leg side {unit.id}") > 3)]
        hit = Hit(unit.id, leg, density, source="minefield")
    elif unit.is_infantry:
        hit = kinds.hit(dice, unit, "front", density, "minefield")
    elif unit.is_asset:  # ASSET-DMG-08: a minefield is area-effect damage, doubled against infantry assets
        hit = Hit(unit.id, "asset", density, source="minefield", attacker="minefield", area_effect=True)
    else:
        hit = Hit(unit.id, "front", density, source="minefield")
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
