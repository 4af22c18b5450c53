"""The one entry to the rules: ``apply(state, order, dice) -> (state, events)``, and ``preview(state, order)``
for ``--dry-run``, both from one table of handlers.

The engine decides nothing: it asks the phase table whether the current phase takes the order,
hands the order to its rule area, and lets a 'Mech that fell inside a building meet the
building's rule (URB-MOVE-08). Replay goes through exactly the same ``apply``.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.frozen import Record
from btcli.model.orders import (
    AbortDropOrder,
    ClearJamOrder,
    CommitDropOrder,
    DeployOrder,
    GirderSearchOrder,
    MoveOrder,
    Order,
    PhysicalAttackOrder,
    Preview,
    ResolvePhaseOrder,
    RevealDropOrder,
    WeaponAttackOrder,
)
from btcli.model.state import GameState
from btcli.rules import later
from btcli.rules.core import phases

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable

    from btcli.model.events import Events


class Handler(Record):
    """How the rules carry out one type of order: ``apply(state, order, dice) -> (state, events)``; its
    ``preview(state, order) -> Preview`` (``--dry-run``: rolls nothing, writes nothing; None: none); and
    whether falls inside buildings follow it (URB-MOVE-08)."""

    apply: Callable
    preview: Callable | None = None
    falls: bool = False


# Each order type and the rules that carry it out, imported when such an order comes (``later``; every
# name resolves, tests/test_engine.py). Declarations fell nobody: their damage waits for the phase's end.
HANDLERS: dict[type, Handler] = {
    MoveOrder: Handler(later("core.moves", "apply_move"), later("core.move_preview", "preview"), falls=True),
    WeaponAttackOrder: Handler(later("core.attacks", "weapon_attack"), later("core.attacks", "preview_weapon_attack")),
    PhysicalAttackOrder: Handler(later("core.attacks", "physical_attack"), later("core.attacks", "preview_physical")),
    GirderSearchOrder: Handler(later("core.attacks", "girder_search")),
    ClearJamOrder: Handler(later("core.attacks", "clear_jam")),
    CommitDropOrder: Handler(later("drops.dropping", "apply_commit_order"), falls=True),  # seed 002 only
    RevealDropOrder: Handler(later("drops.dropping", "apply_reveal_order"), falls=True),
    AbortDropOrder: Handler(later("drops.dropping", "apply_abort_order"), falls=True),
    DeployOrder: Handler(later("assets.deployment_phase", "apply_deploy")),  # seed 004 only
    ResolvePhaseOrder: Handler(lambda state, order, dice: phases.resolve(state, dice, order.gravity, order.arrive,
                                                                          order.stealth),
                               falls=True),
}


def apply(state: GameState, order: Order, dice: Dice) -> tuple[GameState, Events]:
    """Applies one order and returns the new state and what happened: events (``btcli.model.events``; the
    application layer words them, ``btcli.runner``), and the sentences of rules not converted yet."""
    handler = _handler(state, order)
    new, events = handler.apply(state, order, dice)
    if not handler.falls:
        return new, events
    from btcli.rules.urban import buildings

    return buildings.falls_inside(state, new, dice, events), events


def preview(state: GameState, order: Order) -> Preview:
    """Shows what one order would do, rolling nothing and writing nothing; raises as the order would
    where the preview cannot go on."""
    handler = _handler(state, order)
    if handler.preview is None:
        raise InputError(f"--dry-run previews moves and attacks; {type(order).__name__} has no preview")
    return handler.preview(state, order)


def _handler(state: GameState, order: Order) -> Handler:
    phases.check_accepts(state, type(order))
    return HANDLERS[type(order)]
