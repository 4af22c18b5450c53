"""The one entry to the rules: ``apply(state, order, dice) -> (state, events)``.

The engine decides nothing: it asks the phase table whether the current phase takes the order,
hands the order to its rule area, and lets a 'Mech that fell inside a building meet the
building's rule (URB-MOVE-08). Replay goes through exactly the same ``apply``.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.orders import (
    AbortDropOrder,
    ClearJamOrder,
    CommitDropOrder,
    DeployOrder,
    GirderSearchOrder,
    MoveOrder,
    Order,
    PhysicalAttackOrder,
    ResolvePhaseOrder,
    RevealDropOrder,
    WeaponAttackOrder,
)
from btcli.model.state import GameState
from btcli.rules import later
from btcli.rules.core import phases, victory
from btcli.rules.urban import buildings

# Each order type and the rule that carries it out, imported when such an order comes (``later``);
# whether falls inside buildings follow it.
HANDLERS = {
    MoveOrder: (later("core.moves", "apply_move"), True),
    WeaponAttackOrder: (later("core.attacks", "weapon_attack"), False),  # declarations fell nobody: damage waits
    PhysicalAttackOrder: (later("core.attacks", "physical_attack"), False),
    GirderSearchOrder: (later("core.attacks", "girder_search"), False),
    ClearJamOrder: (later("core.attacks", "clear_jam"), False),
    CommitDropOrder: (later("drops.dropping", "apply_commit_order"), True),  # seed 002 only
    RevealDropOrder: (later("drops.dropping", "apply_reveal_order"), True),
    AbortDropOrder: (later("drops.dropping", "apply_abort_order"), True),
    DeployOrder: (later("assets.deployment_phase", "apply_deploy"), False),  # seed 004 only
    ResolvePhaseOrder: (lambda state, order, dice: phases.resolve(state, dice, order.gravity, order.arrive), True),
}


def apply(state: GameState, order: Order, dice: Dice) -> tuple[GameState, list[str]]:
    """Applies one order and returns the new state and what happened, in words."""
    if state.winner:
        raise IllegalOrderError(f"the game is over: {victory.describe(state)}", "TW p.39")
    phases.check_accepts(state, type(order))
    handler, falls = HANDLERS[type(order)]
    new, events = handler(state, order, dice)
    return (buildings.falls_inside(state, new, dice, events) if falls else new), events
