"""Standing still in one command (``btcli stand``, issue #33): which units stand, and which of them takes
each movement slot.

Each unit still stands by its own order, ``move UNIT --mode stand``, in its own slot of the movement
order (TW p.39), so the game file is the one the single commands write; this module only picks the units
and their order. A unit's own standing is checked by the move rules as the single order is. Imported only
by that command.
"""

from __future__ import annotations

from btcli.errors import IllegalOrderError, InputError
from btcli.model.state import GameState
from btcli.rules.core import turn_order

ORDER_RULE = "TW p.39 movement order"


def units_to_stand(state: GameState, names: list[str] | None, side: str | None) -> list[str]:
    """Returns the ids of the units to stand, in the order given: the named units (all of ``side`` when it
    is given), else every unit of ``side`` (default: the side to move now) still to move."""
    from btcli.model.orders import MoveOrder
    from btcli.rules.core import phases

    if side is not None and side not in state.sides:
        raise InputError(f"no side {side!r} in this game (its sides: {', '.join(state.sides)})")
    if names:
        ids = [state.unit_id(name) for name in names]  # an unknown unit is bad input (exit 2)
        twice = next((uid for i, uid in enumerate(ids) if uid in ids[:i]), None)
        if twice is not None:
            raise InputError(f"'{twice}' is named twice: a unit stands once a phase")
        other = next((uid for uid in ids if side is not None and state.units[uid].side != side), None)
        if other is not None:
            raise InputError(f"'{other}' is a unit of side '{state.units[other].side}', not of side '{side}'")
        phases.check_accepts(state, MoveOrder)
        return ids
    phases.check_accepts(state, MoveOrder)
    if side is None:
        side = turn_order.side_to_move(state)
        if side is None:
            raise InputError("no side is to move now: name the UNITs to stand, or give --side")
    ids = [uid for uid in turn_order.missing_movers(state) if state.units[uid].side == side]
    if not ids:
        raise IllegalOrderError(f"side '{side}' has no unit left to move this phase", ORDER_RULE)
    return ids


def next_to_stand(state: GameState, left: list[str], done: list[str]) -> str | None:
    """Returns which of the units ``left`` to stand takes the next movement slot: the first of them of the
    side that moves next (TW p.39); None when none is left. Refuses when that side has none of them: it
    must move first, and what the other side does with its slot is its own decision. ``done``: the units
    that stood already in this command, for the refusal's advice."""
    if not left:
        return None
    expected = turn_order.side_to_move(state)
    if expected is None:  # no movement order drawn: any unit may move
        return left[0]
    found = next((uid for uid in left if state.units[uid].side == expected), None)
    if found is not None:
        return found
    names = ", ".join(left)
    if not done:
        raise IllegalOrderError(f"side '{expected}' moves its next unit first, before {names} can stand", ORDER_RULE)
    raise IllegalOrderError(
        f"side '{expected}' moves its next unit after {', '.join(done)} and before {names}: only "
        f"{len(done)} of the {len(done) + len(left)} units can stand now (name only {' '.join(done)})", ORDER_RULE)
