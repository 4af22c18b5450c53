"""Scenario end conditions: a destroyed share of a side, or a turn limit."""

from __future__ import annotations

from btcli.model.events import GameOver
from btcli.model.state import GameState, Phase, evolve

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def losses(state: GameState, side: str) -> tuple[int, int]:
    """Returns (units destroyed, off the map or with their crew killed, units) for a side (VEH-CRIT-09).

    Dropping reserves still waiting to land are not losses (DROP-01); a 'Mech that
    scattered off the map is (DROP-16). A destroyed asset is a loss like any unit: destroying
    enemy assets is the one objective assets count toward (ASSET-GEN-06, AMB-47), and btcli's
    scenarios have no objective of presence, scanning or exit for an asset to claim.
    """
    units = state.units_of(side)
    if state.phase is Phase.DEPLOYMENT:  # off the map because still to deploy, not lost (ASSET-DEP-01)
        return sum(1 for u in units if u.destroyed), len(units)
    return sum(1 for u in units if u.out_of_action and not u.in_reserve), len(units)


def check(state: GameState) -> tuple[GameState, Events]:
    """Ends the game if a victory condition holds; returns the state and the events."""
    if state.winner:
        return state, []
    v = state.victory
    if v.destroy_share > 0:
        beaten = [sid for sid in state.sides if _share(state, sid) >= v.destroy_share]
        if beaten:
            winner = "draw" if len(beaten) == len(state.sides) else next(s for s in state.sides if s not in beaten)
            return _over(state, winner, f"{', '.join(beaten)} lost {v.destroy_share:.0%} of its units")
    if v.turn_limit and state.turn > v.turn_limit and state.phase is Phase.INITIATIVE:
        shares = {sid: _share(state, sid) for sid in state.sides}
        best = min(shares.values())
        leaders = [sid for sid, share in shares.items() if share == best]
        winner = leaders[0] if len(leaders) == 1 else "draw"
        return _over(state, winner, f"turn limit {v.turn_limit} reached")
    return state, []


def _share(state: GameState, side: str) -> float:
    lost, total = losses(state, side)
    return lost / total if total else 0.0


def _over(state: GameState, winner: str, why: str) -> tuple[GameState, Events]:
    return evolve(state, winner=winner, result=why), [GameOver(winner, why)]


def describe(state: GameState) -> str:
    why = state.result
    text = "a draw" if state.winner == "draw" else f"{state.winner} won"
    return f"{text} ({why})" if why else text
