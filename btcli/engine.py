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
from btcli.rules import buildings, phases, victory


def _attack_rule(name: str):
    """The attack rules are imported by the orders that use them: a move does not load them."""

    def handler(state: GameState, order: Order, dice: Dice) -> tuple[GameState, list[str]]:
        from btcli.rules import attacks

        return getattr(attacks, name)(state, order, dice)

    return handler


def _drop_rule(name: str):
    """The drop orders' rules (seed 002), imported when a game gives one (issue #17)."""

    def handler(state: GameState, order: Order, dice: Dice) -> tuple[GameState, list[str]]:
        from btcli.rules import drops

        return getattr(drops, name)(state, order, dice)

    return handler


def _move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, list[str]]:
    from btcli.rules import moves  # only a move needs it: an attack or resolve-phase starts 1 ms sooner (issue #17)

    return moves.apply_move(state, order, dice)


def _deploy(state: GameState, order: DeployOrder, dice: Dice) -> tuple[GameState, list[str]]:
    from btcli.rules import asset_deployment_phase  # only a game with a deployment phase (seed 004) needs it

    return asset_deployment_phase.apply_deploy(state, order, dice)


# Each order type and the rule that carries it out; whether falls inside buildings follow it.
HANDLERS = {
    MoveOrder: (_move, True),
    WeaponAttackOrder: (_attack_rule("weapon_attack"), False),  # declarations fell nobody: damage waits for the end
    PhysicalAttackOrder: (_attack_rule("physical_attack"), False),
    GirderSearchOrder: (_attack_rule("girder_search"), False),
    ClearJamOrder: (_attack_rule("clear_jam"), False),
    CommitDropOrder: (_drop_rule("apply_commit_order"), True),
    RevealDropOrder: (_drop_rule("apply_reveal_order"), True),
    AbortDropOrder: (_drop_rule("apply_abort_order"), True),
    DeployOrder: (_deploy, False),
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
