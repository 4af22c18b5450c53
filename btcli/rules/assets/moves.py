"""An asset's move in the movement phase (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI): no
movement mode, fixed card MP, backward declared; the order of the batches is ``asset_order``'s."""
from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.assets import MovementCode
from btcli.model.hexgrid import Facing
from btcli.model.orders import MoveOrder
from btcli.model.state import GameState, evolve
from btcli.model.units import MoveMode, Unit
from btcli.rules.assets import movement as asset_movement
from btcli.rules.core import turn_order
from btcli.rules.drops import minefields
from btcli.rules.assets.units import occupants, placed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

ASSET_MODES = ("", "stand", "backward", "jump")  # ASSET-MOVE-02: no movement mode; backward is a declaration


def check_mode(unit: Unit, mode: str) -> None:
    """Refuses a movement mode: assets have fixed MP and choose none (ASSET-MOVE-02); only a jump asset
    jumps (ASSET-MOVE-04); ``backward`` declares a backward move (ASSET-MOVE-05)."""
    if mode not in ASSET_MODES:
        raise IllegalOrderError(f"'{unit.id}' is an asset: it has a fixed {unit.asset.card.mp} MP and no movement "
                                f"mode (--mode {mode} refused; use --mode backward to declare a backward move, or "
                                "--mode stand)", "ASSET-MOVE-02")
    if mode == "jump" and unit.asset.card.movement is not MovementCode.JUMP:
        raise IllegalOrderError(f"'{unit.id}' has no jump movement", "ASSET-MOVE-08")


def move_order_for(state: GameState, unit: Unit, path: str | None, to: str | None, facing: str | None,
                   mode: str | None) -> MoveOrder:
    """Builds an asset's move order from the command line: a --path, a jump --to a hex, or standing."""
    from btcli.model.orders import parse_steps

    mode = (mode or "").lower()
    check_mode(unit, mode)
    wanted = Facing.parse(facing) if facing is not None else None
    jumper = unit.asset.card.movement is MovementCode.JUMP
    if to is not None:
        if path is not None:
            raise InputError("give either --path or --to, not both")
        if not jumper:
            raise InputError(f"'{unit.id}' moves along a --path (F, B, L, R; A/D for a VTOL); --to is a jump "
                             "asset's jump")
        return MoveOrder(unit.id, "jump", (), state.board.parse_hex(to), wanted)
    if facing is not None:
        raise InputError("--facing goes with a jump's --to; a --path ends facing where its turns leave it")
    if path is None:
        if mode != "stand":
            raise InputError("give --path STEPS, --to HEX (a jump asset), or --mode stand")
        return MoveOrder(unit.id, "stand")
    return MoveOrder(unit.id, mode, parse_steps(path))


def apply_move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, Events]:
    """Moves an asset: fixed MP, the terrain of its code, no PSR, skid or sideslip, stacking and its
    footprint checked where it ends (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI)."""
    unit = state.unit(order.unit)
    if unit.has_moved:
        raise IllegalOrderError(f"'{unit.id}' has already moved this turn", "TW p.39 movement order")
    if not unit.active:
        raise IllegalOrderError(f"'{unit.id}' is destroyed or off the map and cannot move", "TW p.39")
    check_mode(unit, order.mode)
    card = unit.asset.card
    start = unit.hex
    assert start is not None  # an active unit stands on the board
    if card.is_immobile:  # not even a stand: it holds no movement slot of its side (ASSET-INIT-04)
        raise IllegalOrderError(f"'{unit.id}' is a gun emplacement: immobile, it takes no part in the movement "
                                "phase (ASSET-INIT-04)", "ASSET-MOVE-04")
    from btcli.model.events_assets import AssetMoved, AssetStoodStill, MovesInHalves

    events: Events = []
    if order.batch:
        from btcli.rules.assets.deployment_phase import choose_batch  # the halves are chosen as in deployment

        state = choose_batch(state, unit, order.batch)
        events.append(MovesInHalves(unit.side, order.batch))
    turn_order.check_turn_to_move(state, unit.side, unit.id)
    if order.after_slip:
        raise IllegalOrderError(f"'{unit.id}' is an asset: it never sideslips", "ASSET-MOVE-13")
    if order.mode == "stand" or (not order.steps and order.to is None):
        if order.steps:
            raise InputError("--mode stand takes no --path")
        moved = evolve(unit, mode=MoveMode.STAND, mp_spent=0, hexes_moved=0)
        return state.with_unit(moved), events + [AssetStoodStill(unit.id, start)]
    present = occupants(state, exclude=unit.id)
    if order.to is not None or order.mode == "jump":
        if order.to is None:
            raise InputError("a jump needs --to HEX")
        move = asset_movement.check_asset_jump(
            card, state.board, unit.hex, order.to, unit.facing, side=unit.side, end_facing=order.facing,
            occupants=present, name=unit.id)
        mode = MoveMode.JUMP
    else:
        move = asset_movement.check_asset_move(
            card, state.board, unit.hex, unit.facing, order.steps, side=unit.side, occupants=present,
            backward=order.mode == "backward", elevation=unit.elevation, name=unit.id)
        mode = MoveMode.JUMP if card.movement is MovementCode.JUMP else MoveMode.RUN  # ASSET-MOVE-04
    moved = placed(unit, move.end, move.facing, move.elevation if card.movement is MovementCode.VTOL else 0)
    hexes = move.mp if mode is MoveMode.JUMP else move.hexes_moved  # a jump moves as many hexes as its MP
    moved = evolve(moved, mode=mode, mp_spent=move.mp, hexes_moved=hexes)
    vtol = card.movement is MovementCode.VTOL
    events.append(AssetMoved(unit.id, start, move.end, move.facing, move.mp, move.allowance, hexes,
                             jumped=mode is MoveMode.JUMP, backward=move.backward, road_bonus=move.road_bonus,
                             rose_from=unit.elevation if vtol else None, elevation=move.elevation if vtol else None,
                             footprint=moved.position.footprint))
    state = state.with_unit(moved)
    # ASSET-DMG-08 via the area effect. A VTOL asset is airborne in every hex it enters (VEH-VTOL-03);
    # a jump's hexes are its landing hex alone, which a mine attacks as it does a 'Mech's (DROP-12).
    if card.movement is not MovementCode.VTOL:
        state = minefields.along(state, unit.id, move.hexes, dice, events)
    return state, events
