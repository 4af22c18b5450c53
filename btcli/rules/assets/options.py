"""``btcli options`` for a Battlefield Support asset (seed 004, issue #33): its fixed MP and movement code, the
hexes a ``--path`` of forward steps and turns (a VTOL's climbs and descents too) takes it to (each path checked as the move checks it:
btcli.rules.assets.movement.check_asset_move, ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI) or a jump
asset's landing hexes (check_asset_jump), and its one card attack at each enemy with the to-hit number
(attack_orders.plan_attack, ASSET-ATK). Backward moves and an Artillery card's attacks on hexes are not
enumerated."""

from __future__ import annotations

from btcli.dice import HeldDice
from btcli.errors import BtcliError
from btcli.model.assets import MovementCode
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.options import Reach, Shot, UnitOptions
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules.assets import attack_orders, movement as asset_movement, moves as asset_moves
from btcli.rules.assets.units import occupants
from btcli.rules.core import options as core_options

MAX_STEPS = 30  # turns and steps a searched path may have (no card has more MP than a path this long needs)


def options(state: GameState, unit: Unit) -> UnitOptions:
    """Returns an asset's options (``kinds.KindRules.options``)."""
    base = UnitOptions(unit.id, state.turn, state.phase.value)
    if core_options.deploys_now(state, unit):
        return evolve(base, now=("deploy",))
    if not unit.active or unit.hex is None:
        return evolve(base, waits=f"'{unit.id}' is destroyed or off the map")
    now: list[str] = []
    why = ""
    if core_options.phase_takes(state, MoveOrder):
        try:  # standing still rolls nothing: the move itself is the check
            asset_moves.apply_move(state, MoveOrder(unit.id, "stand"), HeldDice())
            now += ["move", "stand"]
        except BtcliError as exc:
            why = str(exc)
    if core_options.phase_takes(state, WeaponAttackOrder):
        from btcli.rules.core import attacks

        try:
            attacks.may_attack(state, unit.id, True)
            attack_orders._check_attacker(state, unit, WeaponAttackOrder(unit.id, unit.id))
            now.append("attack")
        except BtcliError as exc:
            why = str(exc)
    found, waits = core_options.phase_end(state, now, why)
    reach, paths = moves(state, unit)
    card = _card(unit)
    found_shots = shots(state, unit)
    return evolve(base, now=found, waits=waits, moves=reach, shots=found_shots,
                  card={"mp": card.mp, "movement": card.movement.value, "attack": attack_orders._card_attack(card),
                        "paths": paths, "targets": {s.target: s.to_hit for s in found_shots}})


def moves(state: GameState, unit: Unit) -> tuple[tuple[Reach, ...], dict[str, str]]:
    """The hexes its moves reach with their MP: a jump asset's ``--mode jump --to HEX``, else ``--path`` (the
    path for each hex, fewest steps first, in the second value); nothing for a gun emplacement."""
    card = _card(unit)
    here = unit.hex
    assert here is not None
    if card.is_immobile or unit.has_moved:
        return (), {}
    present = occupants(state, exclude=unit.id)
    if card.movement is MovementCode.JUMP:
        found = []
        for hex_id in _within(state, here, card.mp):
            try:
                move = asset_movement.check_asset_jump(card, state.board, here, hex_id, unit.facing, side=unit.side,
                                                       occupants=present, name=unit.id)
            except BtcliError:
                continue
            found.append((hex_id, move.mp))
        return (Reach("jump", tuple(sorted(found))),), {}
    best: dict[HexId, tuple[int, tuple[str, ...]]] = {}
    seen = {(here, unit.facing, unit.elevation)}
    codes = ("F", "L", "R", "A", "D") if card.movement is MovementCode.VTOL else ("F", "L", "R")  # a VTOL climbs
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        following: list[tuple[str, ...]] = []
        for steps in frontier:
            for code in codes:
                path = steps + (code,)
                if len(path) > MAX_STEPS:
                    continue
                try:
                    move = asset_movement.check_asset_move(card, state.board, here, unit.facing, path, side=unit.side,
                                                           occupants=present, elevation=unit.elevation, name=unit.id)
                except BtcliError:
                    continue
                if (move.end, move.facing, move.elevation) in seen:
                    continue
                seen.add((move.end, move.facing, move.elevation))
                following.append(path)
                if move.end != here and move.end not in best:
                    best[move.end] = (move.mp, path)
        frontier = following
    ordered = sorted(best.items())
    return ((Reach("path", tuple((h, mp) for h, (mp, _) in ordered)),),
            {h.label: ",".join(path) for h, (_, path) in ordered})


def _card(unit: Unit):
    """The asset's card (an asset always has its record)."""
    record = unit.asset
    assert record is not None
    return record.card


def _within(state: GameState, here: HexId, reach: int) -> list[HexId]:
    board = state.board
    return [HexId(col, row) for col in range(max(1, here.col - reach), min(board.width, here.col + reach) + 1)
            for row in range(max(1, here.row - reach - 1), min(board.height, here.row + reach + 1) + 1)
            if 0 < HexId(col, row).distance(here) <= reach]


def shots(state: GameState, unit: Unit) -> tuple[Shot, ...]:
    """Its card attack at each enemy on the ground board, with the to-hit number (ASSET-ATK; above 12 it holds
    its fire)."""
    from btcli.rules.core import attacks

    if not core_options.accepts(attacks.may_attack, state, unit.id, True):
        return ()
    found = []
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or enemy.hex is None:
            continue
        try:
            attack_orders._check_attacker(state, unit, WeaponAttackOrder(unit.id, enemy.id))
            result = attack_orders.plan_attack(state, unit, enemy)
        except BtcliError:
            continue
        found.append(Shot(enemy.id, "", result.target))  # no --weapon: the card attacks (ASSET-ATK-04)
    return tuple(found)
