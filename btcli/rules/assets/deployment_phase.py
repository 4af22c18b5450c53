"""The deployment phase of a game with assets (ASSET-DEP): assets first in alternating halves, the
owner choosing its batch (``--batch``), then the other units; zones and gun emplacement distances
checked by ``asset_deployment``."""
from __future__ import annotations

from collections.abc import Iterable
from math import ceil

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.orders import DeployOrder
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, Phase, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.assets import deployment as asset_deployment, movement as asset_movement, order as asset_order
from btcli.rules.core import turn_order
from btcli.rules.assets.units import airborne, bare, occupant, occupants, occupied, placed, placement_problem

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def _first(unit: Unit) -> bool:
    """Tells whether the unit's kind deploys before every other unit, in halves (assets: ASSET-DEP-01, -02)."""
    return kinds.of(unit).deploys_first


def undeployed(state: GameState) -> list[Unit]:
    """Returns the units still to deploy: off the map, not dropping reserves, not destroyed."""
    return [u for u in state.units.values() if u.position is None and u.drop is None and not u.destroyed]


def _asset_counts(units: Iterable[Unit]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for u in units:
        counts[u.side] = counts.get(u.side, 0) + 1
    return counts


def _expand(batches) -> tuple[str, ...]:
    return tuple(side for batch in batches for side in [batch.side] * batch.size)


def _larger_first(slots: tuple[str, ...], counts: dict[str, int]) -> dict[str, bool]:
    """Returns each side's batch-order choice as the slots hold it: its first run is its larger half."""
    choice = {}
    for side, count in counts.items():
        first = 0
        for s in slots:
            if s == side:
                first += 1
            elif first:
                break
        choice[side] = first == ceil(count / 2)
    return choice


def deployment_slots(state: GameState, larger_first: dict[str, bool]) -> tuple[tuple[str, ...], int]:
    """Returns the deployment order: the assets' alternating halves in the scenario's order (gun
    emplacements counted, AMB-48), then the other units (ASSET-DEP-01, -02; AMB-64)."""
    waiting = undeployed(state)
    order = state.deployment.order or tuple(state.sides)
    counts = _asset_counts(u for u in waiting if _first(u))
    assets = _expand(asset_order.asset_batches(counts, order, larger_first))
    others = _asset_counts(u for u in waiting if not _first(u))
    rest = turn_order.movement_slots(others, tuple(order)) if len(order) == 2 else ()
    return assets + rest, len(assets)


def open_deployment(state: GameState) -> GameState:
    """Returns the game at its start: in the deployment phase of turn 0 when units wait to deploy."""
    if not undeployed(state):
        return state
    slots, asset_slots = deployment_slots(state, {})
    return evolve(state, turn=0, phase=Phase.DEPLOYMENT, move_order=slots, asset_slots=asset_slots)


def side_to_deploy(state: GameState) -> str | None:
    """Returns the side whose unit deploys next: assets first, half a side's assets at a time (ASSET-DEP)."""
    waiting = undeployed(state)
    assets = [u for u in waiting if _first(u)]
    stage, start = (assets, 0) if assets else ([u for u in waiting if not _first(u)], state.asset_slots)
    slots = state.move_order[start:state.asset_slots] if assets else state.move_order[state.asset_slots:]
    per_side = _asset_counts(stage)
    done = len(slots) - len(stage)
    for side in slots[max(0, done):]:
        if per_side.get(side):
            return side
    return next((s for s in (state.deployment.order or tuple(state.sides)) if per_side.get(s)), None)


def missing_deployments(state: GameState) -> tuple[str, str] | None:
    waiting = [u.id for u in undeployed(state)]
    if not waiting:
        return None
    return (f"{', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not deployed "
            f"('btcli deploy GAME UNIT --hex CCRR')", "ASSET-DEP-01")


def end_deployment(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Closes the deployment phase: turn 1 begins."""
    from btcli.model.events_assets import EveryUnitDeployed

    return evolve(state, turn=1, move_order=(), asset_slots=0), [EveryUnitDeployed()]


def choose_batch(state: GameState, unit: Unit, batch: int) -> GameState:
    """Applies a side's choice of batch order (AMB-64): ``batch`` is the size of its first half, given
    with the first asset it deploys or moves in the phase. Returns the state with the slots redrawn."""
    in_halves = _first(unit) if state.phase is Phase.DEPLOYMENT else kinds.of(unit).moves_first
    if not in_halves:
        raise InputError("--batch is the size of a side's first half of assets; only assets deploy and move in halves")
    rule = "ASSET-DEP-02" if state.phase is Phase.DEPLOYMENT else "ASSET-INIT-03"
    asset_part = state.move_order[:state.asset_slots]
    count = asset_part.count(unit.side)
    if state.phase is Phase.DEPLOYMENT:
        done = count - sum(1 for u in undeployed(state) if _first(u) and u.side == unit.side)
    else:
        done = sum(1 for u in turn_order.asset_movers(state) if u.side == unit.side and u.has_moved)
    if done:
        raise IllegalOrderError(f"side '{unit.side}' chose its batches with its first asset this phase; "
                                f"--batch comes with that first asset only", rule)
    asset_order.check_batch_size(count, 0, batch, rule)
    counts = {s: asset_part.count(s) for s in state.sides if asset_part.count(s)}
    choice = _larger_first(asset_part, counts)
    choice[unit.side] = batch == ceil(count / 2)
    order = tuple(s for s in dict.fromkeys(asset_part))
    if len(order) < 2:  # a side alone with assets acts in one batch (AMB-49)
        return state
    if state.phase is Phase.INITIATIVE or state.phase is Phase.MOVEMENT:
        order = tuple(s for s in state.initiative if s in counts)
    else:
        order = tuple(s for s in (state.deployment.order or tuple(state.sides)) if s in counts)
    assets = _expand(asset_order.asset_batches(counts, order, choice))
    return evolve(state, move_order=assets + state.move_order[state.asset_slots:])


def apply_deploy(state: GameState, order: DeployOrder, dice: Dice) -> tuple[GameState, Events]:
    """Deploys one unit: assets first in alternating halves, in the side's zone; gun emplacements far
    enough from the enemy (ASSET-DEP-01..04, AMB-64, AMB-67)."""
    unit = state.unit(order.unit)
    if unit.position is not None or unit.destroyed:
        raise IllegalOrderError(f"'{unit.id}' is already on the map", "ASSET-DEP-01")
    if unit.drop is not None:
        raise IllegalOrderError(f"'{unit.id}' is a dropping reserve: it lands with 'btcli drop'", "DROP-05")
    from btcli.model.events_assets import Deployed, DeploysInHalves

    waiting = undeployed(state)
    first = _first(unit)
    if not first and any(_first(u) for u in waiting):
        raise IllegalOrderError(f"'{unit.id}' deploys after every asset: "
                                f"{', '.join(u.id for u in waiting if _first(u))} first", "ASSET-DEP-01")
    events: Events = []
    if order.batch:
        state = choose_batch(state, unit, order.batch)
        events.append(DeploysInHalves(unit.side, order.batch))
    expected = side_to_deploy(state)
    if expected is not None and expected != unit.side:
        rule = "ASSET-DEP-02" if first else "ASSET-DEP-01"
        raise IllegalOrderError(f"out of order: '{unit.id}' ({unit.side}) cannot deploy now; side '{expected}' "
                                f"deploys its next {'asset' if first else 'unit'} first", rule)
    board = state.board
    hex_id = board.parse_hex(order.hex.label) if order.hex is not None else None
    if hex_id is None:
        raise InputError("give --hex CCRR")
    facing = order.facing if order.facing is not None else unit.facing
    new = (kinds.of(unit).deploy or deploy_unit)(state, unit, hex_id, facing)
    events.append(Deployed(unit.id, hex_id, facing, occupied(new)[1:]))
    return state.with_unit(new), events


def deploy_asset(state: GameState, unit: Unit, hex_id: HexId, facing: Facing) -> Unit:
    """Returns an asset deployed in ``hex_id``: in its side's zone, a gun emplacement far enough from the enemy
    (ASSET-DEP-03, -04, AMB-67), on terrain its movement code may enter, its footprint and stacking legal."""
    dep = state.deployment
    enemy = next(s for s in state.sides if s != unit.side)
    edge = dep.edges.get(enemy)
    try:
        asset_deployment.check_placement(
            unit.asset.card, hex_id, state.board, own_zone=dep.zones.get(unit.side), enemy_zone=dep.zones.get(enemy),
            enemy_home_edge=asset_deployment.Edge(edge) if edge else None)
    except IllegalOrderError as exc:
        raise IllegalOrderError(f"cannot deploy '{unit.id}': {bare(exc)}", exc.rule) from None
    problem = placement_problem(state.board, unit, hex_id, facing)
    if problem:
        raise IllegalOrderError(f"'{unit.id}' {problem.rsplit(' (', 1)[0]}", problem.rsplit("(", 1)[1].rstrip(")"))
    new = placed(unit, hex_id, facing)
    present = occupants(state, exclude=unit.id)
    for h in occupied(new):
        asset_movement.check_stacking(h, occupant(new), present.get(h, ()))
    return new


def deploy_unit(state: GameState, unit: Unit, hex_id: HexId, facing: Facing) -> Unit:
    """Returns a unit deployed in ``hex_id``, in its side's zone (ASSET-DEP-01): alone in its hex (TW p.57),
    or beside assets as their stacking rule allows (ASSET-STACK-01..03)."""
    own_zone = state.deployment.zones.get(unit.side)
    if own_zone is not None and hex_id not in own_zone:
        raise IllegalOrderError(f"'{unit.id}' must deploy in side {unit.side}'s deployment zone, not "
                                f"{hex_id.label}", "ASSET-DEP-01")
    there = [u for u in state.units.values()
             if u.id != unit.id and u.active and not airborne(u) and hex_id in occupied(u)]
    rules = [stacking for stacking in (kinds.of(u).stacking for u in there) if stacking is not None]
    if there and not rules:
        raise IllegalOrderError(f"'{unit.id}' cannot deploy in {hex_id.label}: another unit stands there",
                                "TW p.57 stacking")
    if rules:
        rules[0](hex_id, unit, there)
    return evolve(unit.at(hex_id), facing=facing)
