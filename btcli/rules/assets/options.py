"""``btcli options`` for a Battlefield Support asset (seed 004, issue #33): its fixed MP and movement code, the
hexes a ``--path`` of forward steps and turns (a VTOL's climbs and descents too) takes it to (each path checked as the move checks it:
btcli.rules.assets.movement.check_asset_move, ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI) or a jump
asset's landing hexes (check_asset_jump), and its one card attack at each enemy with the to-hit number
(attack_orders.plan_attack, ASSET-ATK); its backward moves (``--mode backward --path``, ASSET-MOVE-05), and an
Artillery card's attack on each enemy's hex and every hex it may aim at (UNVERIFIED artillery)."""

from __future__ import annotations

import heapq

from btcli.dice import HeldDice
from btcli.errors import BtcliError, passes
from btcli.model.assets import ARTILLERY, MovementCode
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.options import Reach, Shot, UnitOptions
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules.assets import attack_orders, movement as asset_movement, moves as asset_moves
from btcli.rules.assets.units import occupants
from btcli.rules.core import options as core_options

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

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
    reach, paths, backward = moves(state, unit)
    card = _card(unit)
    found_shots = shots(state, unit)
    shelling = artillery_hexes(state, unit)
    return evolve(base, now=found, waits=waits, moves=reach, shots=found_shots,
                  card={"mp": card.mp, "movement": card.movement.value, "attack": attack_orders._card_attack(card),
                        "paths": paths, **({"backward_paths": backward} if backward else {}), "targets": {s.target: s.to_hit for s in found_shots},
                        **({"artillery": shelling} if shelling is not None else {})})


def moves(state: GameState, unit: Unit) -> tuple[tuple[Reach, ...], dict[str, str], dict[str, str]]:
    """The hexes its moves reach with their MP: a jump asset's ``--mode jump --to HEX``; ``--path`` (the path for
    each hex, the fewest MP then the fewest steps, in the second value) and ``--mode backward --path`` (ASSET-MOVE-05:
    declared at the start, half the MP rounded up, no level change; its paths in the third value); nothing for a gun
    emplacement. A jump asset's ``--path`` is its one-hex move into or out of a building (ASSET-MOVE-11)."""
    card = _card(unit)
    here = unit.hex
    assert here is not None
    if card.is_immobile or unit.has_moved:
        return (), {}, {}
    present = occupants(state, exclude=unit.id)
    found: list[Reach] = []
    if card.movement is MovementCode.JUMP:
        jumps = []
        for hex_id in _within(state, here, card.mp):
            try:
                move = asset_movement.check_asset_jump(card, state.board, here, hex_id, unit.facing, side=unit.side,
                                                       occupants=present, name=unit.id)
            except BtcliError:
                continue
            jumps.append((hex_id, move.mp))
        found.append(Reach("jump", tuple(sorted(jumps))))
    forward = _paths(state, unit, present, backward=False)
    backward = {} if card.movement is MovementCode.JUMP else _paths(state, unit, present, backward=True)
    for mode, paths in (("path", forward), ("backward", backward)):
        if paths or (mode == "path" and card.movement is not MovementCode.JUMP):
            found.append(Reach(mode, tuple((h, mp) for h, (mp, _) in sorted(paths.items()))))
    return (tuple(found), {h.label: ",".join(path) for h, (_, path) in sorted(forward.items())},
            {h.label: ",".join(path) for h, (_, path) in sorted(backward.items())})


def _paths(state: GameState, unit: Unit, present, backward: bool) -> dict[HexId, tuple[int, tuple[str, ...]]]:
    """Each hex a ``--path`` (declared ``backward`` or not) ends in, with the MP and the path of the cheapest (then
    shortest) one. A search by MP over where a path leaves the asset (hex, facing, elevation, whether it earns the
    road bonus, whether it entered a hex yet or more than one: what the rest of a path's check depends on), each
    path checked as the move checks it (``check_asset_move``): without its end (``ends=False``) to go on through a
    hex it may not stop in, and whole for a hex it ends in (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI)."""
    card = _card(unit)
    here = unit.hex
    codes = ["F", "L", "R"]
    if backward or not card.has_facing:
        codes.append("B")  # ASSET-MOVE-05; infantry have no facing to move backward from (ASSET-MOVE-06)
    if card.movement is MovementCode.VTOL and not backward:
        codes += ["A", "D"]  # ASSET-MOVE-09; no level change backward (ASSET-MOVE-05)

    def check(path: tuple[str, ...], ends: bool):
        return asset_movement.check_asset_move(card, state.board, here, unit.facing, path, side=unit.side,
                                               occupants=present, backward=backward, elevation=unit.elevation,
                                               name=unit.id, ends=ends)

    frontier: list[tuple[int, int, int, tuple[str, ...]]] = [(0, 0, 0, ())]
    best: dict[tuple, int] = {}
    found: dict[HexId, tuple[int, tuple[str, ...]]] = {}
    counter = 0
    while frontier:
        _, _, _, path = heapq.heappop(frontier)
        for code in codes:
            longer = path + (code,)
            if len(longer) > MAX_STEPS:
                continue
            try:
                move = check(longer, False)
            except BtcliError:
                continue
            key = (move.end, move.facing, move.elevation, move.road_bonus, min(len(move.hexes), 2))
            if best.get(key, 1 << 30) <= move.mp:
                continue
            best[key] = move.mp
            counter += 1
            heapq.heappush(frontier, (move.mp, len(longer), counter, longer))
            if move.end == here or (move.end in found and found[move.end][0] <= move.mp):
                continue
            try:
                check(longer, True)
            except BtcliError:
                continue
            found[move.end] = (move.mp, longer)
    return found


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
    its fire); an Artillery card's attack aimed at each enemy's hex (``artillery``)."""
    from btcli.rules.core import attacks

    if not passes(attacks.may_attack, state, unit.id, True):
        return ()
    card = _card(unit)
    shelling = card.has(ARTILLERY)
    found = []
    for enemy in sorted(state.units.values(), key=lambda u: u.id):
        if enemy.side == unit.side or not enemy.active or enemy.hex is None:
            continue
        try:
            attack_orders._check_attacker(state, unit, WeaponAttackOrder(unit.id, enemy.id))
            if shelling:  # the attack order aims an Artillery card at the enemy's hex (attack_orders._artillery_hex)
                if attack_orders._artillery_hex(state, unit, enemy.id) is None:
                    continue
                result = _artillery_to_hit(unit)
            else:
                result = attack_orders.plan_attack(state, unit, enemy)
        except BtcliError:
            continue
        found.append(Shot(enemy.id, "", result.target))  # no --weapon: the card attacks (ASSET-ATK-04)
    return tuple(found)


def _artillery_to_hit(unit: Unit):
    """An Artillery card's to-hit number, as its attack and dry run find it (its skill; UNVERIFIED)."""
    from btcli.rules.assets import artillery

    record = unit.asset
    assert record is not None
    return artillery.artillery_to_hit(record.card, record.state.veteran)


def artillery_hexes(state: GameState, unit: Unit) -> dict[str, Any] | None:
    """An Artillery card's attack on a hex (``attack UNIT HEX``; btcli.rules.assets.artillery, UNVERIFIED): its
    weapon, to-hit number and every hex the order aims it at (in its firing arc, not its own hex, ASSET-ATK-06);
    None for a card without the Artillery Special, or one that may not attack now (ASSET-ATK-04)."""
    card = _card(unit)
    if not card.has(ARTILLERY):
        return None
    from btcli.rules.assets import artillery
    from btcli.rules.core import attacks

    try:
        attacks.may_attack(state, unit.id, True)
        attack_orders._check_attacker(state, unit, WeaponAttackOrder(unit.id, unit.id))
    except BtcliError:
        return None
    board = state.board
    hexes = []
    for col in range(1, board.width + 1):
        for row in range(1, board.height + 1):
            label = HexId(col, row).label
            if passes(attack_orders._artillery_hex, state, unit, label):
                hexes.append(label)
    return {"weapon": artillery.artillery_weapon(card).name, "to_hit": _artillery_to_hit(unit).target, "hexes": hexes}
