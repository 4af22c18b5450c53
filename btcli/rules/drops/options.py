"""``btcli options`` for a dropping reserve (seed 002, issue #33): which ``drop`` order it may give now, each
found by that order's own check (DROP-04: commit in the arrival turn's initiative phase or before anyone
moves; DROP-05: reveal and land after every ground unit has moved, in landing order; DROP-16: call it off
in the arrival turn)."""

from __future__ import annotations

from btcli.errors import BtcliError, VerificationError, passes
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.model.options import UnitOptions
from btcli.rules.drops import dropping


def options(state: GameState, unit: Unit, base: UnitOptions) -> UnitOptions:
    """Returns a dropping 'Mech's options: ``drop --hex`` (commit), ``drop --reveal`` (land), ``drop --abort``."""
    orders: list[str] = []
    if passes(dropping.check_commit, state, unit.id):
        orders.append("drop --hex")
    if unit.drop is not None and unit.drop.commitment and _may_reveal(state, unit):
        orders.append("drop --reveal")
    if passes(dropping.abort_drop, state, unit.id):
        orders.append("drop --abort")
    turn = dropping.arrival_turn(state, unit) if unit.in_reserve else 0
    drop = {"arrival_turn": turn, "committed": bool(unit.drop is not None and unit.drop.commitment),
            "orders": orders}
    waits = "" if orders else (f"it arrives on turn {turn}" if turn and turn != state.turn else "no drop order now")
    return evolve(base, now=tuple(orders), waits=waits, drop=drop)


def _may_reveal(state: GameState, unit: Unit) -> bool:
    """Whether its landing may be revealed now: every check of the reveal but the commitment's hash passes
    (that one fails on the made-up values asked here)."""
    try:
        dropping.check_reveal(state, unit.id, HexId(1, 1), Facing.N, "")
    except VerificationError:
        return True
    except BtcliError:
        return False
    return True
