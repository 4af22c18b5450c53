"""Battlefield Support assets as units of a game (seed 004): a unit made from its card, the hexes
it covers and how it stacks (ASSET-GEN-03, ASSET-MULTI, ASSET-STACK). The phase modules
(``asset_deployment_phase``, ``asset_moves``, ``asset_attack_orders``, ``asset_end_phase``) read the
game state for the pure asset rules through these, and are imported only by a game that holds assets.
"""
from __future__ import annotations

from collections.abc import Iterable

from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetCard, AssetKind, AssetState, MovementCode
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import GROUND, AssetRecord, Position, Unit, UnitKind
from btcli.rules import kinds
from btcli.rules.assets import movement as asset_movement
from btcli.rules.kinds import asset_card
from btcli.rules.assets.movement import NonAsset, Occupant

# How a unit counts for the asset stacking rules, by what its kind answers (btcli.rules.kinds.KindRules.stacks_as).
STACKING: dict[str, AssetKind | NonAsset] = {**{k.value: k for k in AssetKind}, **{n.value: n for n in NonAsset}}


def new_asset(uid: str, side: str, name: str, card: AssetCard, veteran: bool, facing: Facing = Facing.N) -> Unit:
    """Returns an asset of ``card`` off the map, its card carried with it (tables.md 16.1, ASSET-GEN-07)."""
    return Unit(
        id=uid, side=side, name=name, kind=UnitKind.ASSET,  # kind-branch: a card made into a unit names its kind
        motive=asset_card.MOTIVES[card.movement], tons=0, engine="none",
        walk=card.mp, run=card.mp, jump=card.mp if card.movement is MovementCode.JUMP else 0,
        gunnery=card.skill_for(veteran), piloting=0, max_armor={}, max_internal={}, armor={}, internal={},
        facing=facing, asset=AssetRecord(card, AssetState.fresh(card, veteran)),
    )


def placed(unit: Unit, hex_id: HexId, facing: Facing, elevation: int = 0) -> Unit:
    """Returns the asset in ``hex_id`` facing ``facing``, its secondary hexes in its footprint (ASSET-GEN-03)."""
    footprint = unit.asset.card.occupied_hexes(hex_id, facing)[1:]
    return evolve(unit, position=Position(hex_id, GROUND, elevation=elevation, footprint=footprint), facing=facing)


def occupied(unit: Unit) -> tuple[HexId, ...]:
    """Returns every hex of the ground board a unit occupies, its primary hex first (ASSET-MULTI-03); none for
    a unit on another map (an aircraft's hex on the space or a low-altitude map is no ground hex)."""
    if unit.position is None or unit.position.map != GROUND:
        return ()
    return (unit.position.hex,) + unit.position.footprint


def bare(exc: IllegalOrderError) -> str:
    """Returns a refusal's message without the rule it ends with."""
    return str(exc).removesuffix(f" ({exc.rule})")


def airborne(unit: Unit) -> bool:
    """Tells whether a unit flies above the ground board, out of its stacking and blasts (a VTOL aloft)."""
    return kinds.of(unit).aloft(unit)


def occupant(unit: Unit) -> Occupant:
    """Returns how a unit counts for asset stacking: its asset kind, or a 'Mech or other non-asset, as its kind says."""
    return Occupant(unit.side, STACKING[kinds.of(unit).stacks_as(unit)])


def occupants(state: GameState, exclude: str = "") -> dict[HexId, list[Occupant]]:
    """Returns who stands in each hex, secondary hexes of multi-hex assets included (ASSET-MULTI-03);
    airborne VTOLs take no part in ground stacking."""
    found: dict[HexId, list[Occupant]] = {}
    for u in state.units.values():
        if u.id == exclude or not u.active or airborne(u):
            continue
        for hex_id in occupied(u):
            found.setdefault(hex_id, []).append(occupant(u))
    return found


def placement_problem(board, unit: Unit, hex_id: HexId, facing: Facing) -> str:
    """Says why an asset cannot stand in ``hex_id`` facing ``facing`` (terrain by its code, its footprint), or ''."""
    card = unit.asset.card
    if not board.contains(hex_id):
        return f"{hex_id.label} is off the map"
    here = board.hex(hex_id)
    problem = asset_movement.entry_problem(card, here, here.road)
    if problem is not None:
        return f"cannot stand in {hex_id.label}: {problem[0]} ({problem[1]})"
    try:
        asset_movement.check_footprint(card, board, hex_id, facing)
    except IllegalOrderError as exc:
        return str(exc)
    return ""


def stacking_problem(units: Iterable[Unit], unit: Unit) -> str:
    """Says why ``unit`` cannot start beside ``units`` where assets are involved (ASSET-STACK-01, -03), or ''."""
    mine = set(occupied(unit))
    present: dict[HexId, list[Occupant]] = {}
    for u in units:
        if u.active and not airborne(u):
            for h in occupied(u):
                if h in mine:
                    present.setdefault(h, []).append(occupant(u))
    for hex_id in sorted(present):
        try:
            asset_movement.check_stacking(hex_id, occupant(unit), present[hex_id])
        except IllegalOrderError as exc:
            return f"unit {unit.id!r}: {exc}"
    return ""
