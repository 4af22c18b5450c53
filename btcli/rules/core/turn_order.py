"""Who moves when (TW p.39): the initiative loser moves first; when the sides field unequal
numbers of units, the larger side moves several units for each one of the smaller side.
Movement and landings (DROP-05) both take their order from here."""

from __future__ import annotations

from btcli.errors import IllegalOrderError
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds


def movement_slots(counts: dict[str, int], order: tuple[str, ...]) -> tuple[str, ...]:
    """Returns the side of each movement slot: impulses alternate loser-then-winner.

    The smaller side moves one unit per impulse; the larger side spreads its units
    evenly over the same number of impulses, any surplus going to the last
    impulses (TW p.39 unequal numbers: 4 against 7 moves 1-1, 1-2, 1-2, 1-2).
    """
    first, second = order
    a, b = counts.get(first, 0), counts.get(second, 0)
    if a == 0 or b == 0:
        return (first,) * a + (second,) * b
    impulses = min(a, b)

    def shares(n: int) -> list[int]:
        base, extra = divmod(n, impulses)
        return [base + (1 if i >= impulses - extra else 0) for i in range(impulses)]

    slots: list[str] = []
    for share_a, share_b in zip(shares(a), shares(b)):
        slots += [first] * share_a + [second] * share_b
    return tuple(slots)


def movers(state: GameState) -> dict[str, int]:
    """Returns how many units of each side move this turn (units still in action on the map; aerospace
    units move in their own phases, btcli.rules.aero.phases)."""
    counts = {sid: 0 for sid in state.sides}
    for unit in state.units.values():
        if not unit.out_of_action and kinds.of(unit).moves_in_ground_turn:
            counts[unit.side] += 1
    return counts


def side_to_move(state: GameState) -> str | None:
    """Returns the side whose unit moves next, or None when every unit has moved (assets first: ASSET-INIT).

    Every unit that has moved used its slot, even one its own move destroyed. A slot whose side has
    no unit left to move (lost before its turn) passes on to the next slot, and units left over when
    the slots run out move in initiative order: a side that still has a unit to move is never
    locked out (issue #10: no deadlock).
    """
    if state.asset_slots:
        return _side_to_move_with_assets(state)
    done, waiting = movement_count(state)
    return side_after(state, done, waiting)


def movement_count(state: GameState) -> tuple[int, dict[str, int]]:
    """How many units have moved this phase, and how many of each side are still to move (without
    assets: ``side_to_move``)."""
    done = 0
    waiting = {sid: 0 for sid in state.sides}
    unmoved = MoveMode.NONE
    for u in state.units.values():  # one pass: replay asks this at every move
        if u.mode is not unmoved:
            done += 1
        elif waits_to_move(u):
            waiting[u.side] = waiting.get(u.side, 0) + 1
    return done, waiting


def waits_to_move(u) -> bool:
    """Whether a unit that has not moved still takes a movement slot: in action, on the ground map."""
    return kinds.of(u).moves_in_ground_turn and not u.out_of_action


def side_after(state: GameState, done: int, waiting: dict[str, int]) -> str | None:
    """The side that moves next once ``done`` units have moved, ``waiting`` of each side still to
    move (``movement_count``): the next slot's side with a unit left, else initiative order."""
    for side in state.move_order[done:]:
        if waiting.get(side):
            return side
    if not state.move_order:  # no movement order drawn (a state built by hand): anyone may move
        return None
    return next((side for side in state.initiative or tuple(state.sides) if waiting.get(side)), None)


def check_turn_to_move(state: GameState, side: str, unit_id: str) -> None:
    """Raises unless it is ``side``'s turn to move a unit (TW p.39 movement order; assets: ASSET-INIT)."""
    if state.asset_slots:
        _check_asset_turn(state, state.units[unit_id])
        return
    expected = side_to_move(state)
    if expected is not None and expected != side:
        raise IllegalOrderError(
            f"out of order: '{unit_id}' ({side}) cannot move now; side '{expected}' moves its next unit first",
            "TW p.39 movement order",
        )


def missing_movers(state: GameState) -> list[str]:
    """Returns the active units that have not yet moved (or declared standing still); gun emplacements
    never move (ASSET-MOVE-04); aerospace units fly in phases of their own."""
    return [u.id for u in state.units.values() if not u.out_of_action and u.mode is MoveMode.NONE
            and kinds.of(u).moves_in_ground_turn and not kinds.of(u).never_moves(u)]


# -- assets move first (seed 004) ----------------------------------------------------------------


def _per_side(units) -> dict[str, int]:
    counts: dict[str, int] = {}
    for u in units:
        counts[u.side] = counts.get(u.side, 0) + 1
    return counts


def asset_movers(state: GameState) -> list[Unit]:
    """Returns the assets that take a place in the movement order: active and mobile; gun emplacements
    do not count (ASSET-INIT-04) and never move (ASSET-MOVE-04); aerospace units fly in phases of their own."""
    return [u for u in state.units.values() if kinds.of(u).moves_first and not u.out_of_action
            and not kinds.of(u).never_moves(u)]


def movement_order(state: GameState, order: tuple[str, ...]) -> tuple[tuple[str, ...], int]:
    """Returns the movement slots and how many of the first belong to assets: every asset batch from the
    initiative loser, each side's larger half first unless it chooses otherwise with --batch, then the
    other units by the usual alternation (ASSET-INIT-01..04; AMB-49, AMB-64)."""
    if not any(kinds.of(u).moves_first for u in state.units.values()):
        return movement_slots(movers(state), order), 0
    from btcli.rules.assets import order as asset_order

    batches = asset_order.asset_batches(_per_side(asset_movers(state)), order, {})
    assets = tuple(side for b in batches for side in [b.side] * b.size)
    others = {sid: 0 for sid in state.sides}
    for u in state.units.values():
        if _moves_after_assets(u):
            others[u.side] += 1
    return assets + movement_slots(others, order), len(assets)


def _moves_after_assets(unit: Unit) -> bool:
    """Whether a unit takes a movement slot after the assets: in action, no asset, and moving in the ground turn
    (an aerospace unit flies in phases of its own, as ``movers`` counts; issue #32 found a game with an asset and
    an aircraft waiting in turn 1 for the aircraft's ground move)."""
    rules = kinds.of(unit)
    return not unit.out_of_action and not rules.moves_first and rules.moves_in_ground_turn


def _side_to_move_with_assets(state: GameState) -> str | None:
    waiting_assets = [u for u in asset_movers(state) if not u.has_moved]
    if waiting_assets:
        done = sum(1 for u in state.units.values() if kinds.of(u).moves_first and u.has_moved)
        per_side = _per_side(waiting_assets)
        for side in state.move_order[done:state.asset_slots]:
            if per_side.get(side):
                return side
        return next((s for s in state.initiative or tuple(state.sides) if per_side.get(s)), None)
    done = sum(1 for u in state.units.values()  # a unit that moved and fell out of action still took its slot
               if not kinds.of(u).moves_first and kinds.of(u).moves_in_ground_turn and u.has_moved)
    waiting = _per_side(u for u in state.units.values() if _moves_after_assets(u) and not u.has_moved)
    for side in state.move_order[state.asset_slots + done:]:
        if waiting.get(side):
            return side
    return next((s for s in state.initiative or tuple(state.sides) if waiting.get(s)), None)


def _check_asset_turn(state: GameState, unit: Unit) -> None:
    """Every asset moves before any other unit (ASSET-INIT-01), the sides' batches alternating from the
    initiative loser (ASSET-INIT-02)."""
    waiting_assets = [u.id for u in asset_movers(state) if not u.has_moved]
    first = kinds.of(unit).moves_first
    if not first and waiting_assets:
        raise IllegalOrderError(f"out of order: '{unit.id}' moves after the assets ({', '.join(waiting_assets)} "
                                "first)", "ASSET-INIT-01")
    expected = side_to_move(state)
    if expected is not None and expected != unit.side:
        rule = "ASSET-INIT-02" if first else "TW p.39 movement order"
        raise IllegalOrderError(f"out of order: '{unit.id}' ({unit.side}) cannot move now; side '{expected}' "
                                f"moves its next {'asset' if first else 'unit'} first", rule)
