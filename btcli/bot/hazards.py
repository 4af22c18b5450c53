"""BOT-28: what a move may cost the unit that makes it, before any enemy fires: the rolls its path calls for (a
hover tank's or VTOL's sideslip, a skid, a 'Mech's PSR for rubble or water, a building's entry) and what their
failure does, and what happens whatever the dice say (a bridge that cannot bear the unit's tons collapses under
it, VEH-DISP-01).

The move is played on a copy of the game, as ``move --dry-run`` plays it (``move_preview``): once with every check
made, then for each of those checks once for each total that fails it (a sideslip slides as far as the roll misses
by, VEH-SLIP-04), the checks before it made; other rolls come up average (7 on 2D6). The expected loss is the first
play's loss plus, for each check and failing total, the chance that the checks before it were made and it comes up
that total, times what that play loses more. A unit destroyed, out of action or off the map counts twice the armor
and structure it had (the victory's count is of units, ``victory.losses``). Measured in the same points as BOT-01's
damage taken.
"""

from __future__ import annotations

from functools import cache

from btcli.bot.evaluate import points
from btcli.dice import Dice, Roll
from btcli.errors import BtcliError, InputError
from btcli.model.orders import MoveOrder
from btcli.model.state import GameState
from btcli.model.units import Unit

MAX_ROLLS = 200  # a move's rolls, at most (a long path's checks and what their failures roll)
LOST_UNIT = 2.0  # BOT-28: a unit lost counts this many times the armor and structure it had (btcli's, UNVERIFIED)


class _Outcome(Dice):
    """Dice that make every check, but the ``fail``-th (counted from 0) comes up ``total``; a roll without a target
    number comes up average (3 and 4 on 2D6)."""

    def __init__(self, fail: int = -1, total: int = 0) -> None:
        super().__init__()
        self.fail, self.failed_total = fail, total
        self.checks = 0

    def roll(self, n: int, purpose: str, *, target: int | None = None,
             modifiers: tuple[tuple[str, int], ...] = ()) -> Roll:
        if len(self.rolls) > MAX_ROLLS:  # a rule that re-rolls what these dice give would never end
            raise InputError(f"BOT-28: more than {MAX_ROLLS} rolls for one move")
        if target is None:
            total = 7 * n // 2
        else:
            total = self.failed_total if self.checks == self.fail else max(n, min(6 * n, target))
            self.checks += 1
        faces = tuple(total // n + (1 if i < total % n else 0) for i in range(n))
        roll = Roll(purpose, n, total, faces, target, tuple(modifiers))
        self.rolls.append(roll)
        return roll

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:  # every roll goes through ``roll``
        raise NotImplementedError


@cache
def _failures(n: int, target: int) -> tuple[tuple[int, float], ...]:
    """Each total of ``n``D6 below ``target`` with its chance."""
    from itertools import product

    totals = [sum(faces) for faces in product(range(1, 7), repeat=n)]
    return tuple((t, totals.count(t) / len(totals)) for t in sorted(set(totals)) if t < target)


def _loss(before: Unit, after: GameState) -> float:
    moved = after.units.get(before.id)
    if moved is None or moved.out_of_action:
        return LOST_UNIT * points(before)
    return float(max(0, points(before) - points(moved)))


def expected_loss(state: GameState, order: MoveOrder) -> float | None:
    """BOT-28: the armor and structure the move is expected to cost its unit (module docstring); None when the
    game refuses the order."""
    from btcli import engine

    before = state.unit(order.unit)
    made = _Outcome()
    try:
        after, _ = engine.apply(state, order, made)
    except BtcliError:
        return None
    loss = _loss(before, after)
    expected, reached = loss, 1.0  # reached: the chance that every check before this one was made
    for k, roll in enumerate(r for r in made.rolls if r.target is not None):
        failures = _failures(roll.n, roll.target)
        for total, chance in failures:
            try:
                failed, _ = engine.apply(state, order, _Outcome(k, total))
            except BtcliError:
                continue
            expected += reached * chance * max(0.0, _loss(before, failed) - loss)
        reached *= 1.0 - sum(chance for _, chance in failures)
    return expected
