"""Battlefield Support assets in a game (seed 004, issue #12): the seams where assets meet the turn.

The pure asset rules (``asset_general``, ``asset_order``, ``asset_deployment``, ``asset_movement``,
``asset_attacks``, ``asset_damage``, ``artillery``) decide; this module reads the game state for
them and writes their answers back:

- a new asset unit from its card, placed with its footprint (ASSET-GEN-03, ASSET-MULTI-03);
- the deployment phase: assets first in alternating halves, then the other units (ASSET-DEP);
- the movement phase's asset batches before every other unit (ASSET-INIT), and an asset's move
  (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI);
- an asset's one attack a turn (ASSET-ATK) and the artillery attack of an Artillery card
  (UNVERIFIED, btcli.rules.artillery), whose area effect strikes every unit in its hexes;
- the End Phase destruction checks, wear and the forgetting of the turn's damage (ASSET-DMG).

Imported only by a game that holds assets (commands are whole processes).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from math import ceil

from btcli.dice import Dice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.area_effect import AreaEffect
from btcli.model.assets import ARTILLERY, AssetCard, AssetState, MovementCode
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import DeployOrder, MoveOrder, WeaponAttackOrder
from btcli.model.state import AttackDeclaration, GameState, Hit, Phase, evolve
from btcli.model.units import GROUND, AssetRecord, Motive, MoveMode, Position, Unit, UnitKind
from btcli.rules import (
    arcs,
    artillery,
    asset_attacks,
    asset_damage,
    asset_deployment,
    asset_movement,
    asset_order,
    kinds,
    los,
    minefields,
    tohit,
    turn_order,
)
from btcli.rules.asset_kind import ASSET_LOCATION, record
from btcli.rules.asset_movement import NonAsset, Occupant
from btcli.rules.modifiers import ToHit

# ASSET-TERR-01: the movement code as the unit's motive, which the shared rules (LOS, reports) read.
MOTIVES = {
    MovementCode.FOOT: Motive.FOOT,
    MovementCode.JUMP: Motive.JUMP,
    MovementCode.HOVER: Motive.HOVER,
    MovementCode.TRACKED: Motive.TRACKED,
    MovementCode.WHEELED: Motive.WHEELED,
    MovementCode.VTOL: Motive.VTOL,
    MovementCode.NONE: Motive.NONE,
}
# ASSET-DMG-07: the weapons a record sheet marks AI (machine guns, flamers), when a 'Mech or vehicle fires them.
AI_WEAPONS = frozenset({"Machine Gun", "Flamer", "Vehicle Flamer"})
# UNVERIFIED (TW artillery, not in the seeds): area-effect damage strikes a 'Mech or vehicle in 5-point groups.
AREA_GROUP = 5
ASSET_MODES = ("", "stand", "backward", "jump")  # ASSET-MOVE-02: no movement mode; backward is a declaration


def new_asset(uid: str, side: str, name: str, card: AssetCard, veteran: bool, facing: Facing = Facing.N) -> Unit:
    """Returns an asset of ``card`` off the map, its card carried with it (tables.md 16.1, ASSET-GEN-07)."""
    return Unit(
        id=uid, side=side, name=name, kind=UnitKind.ASSET, motive=MOTIVES[card.movement], tons=0, engine="none",
        walk=card.mp, run=card.mp, jump=card.mp if card.movement is MovementCode.JUMP else 0,
        gunnery=card.skill_for(veteran), piloting=0, max_armor={}, max_internal={}, armor={}, internal={},
        facing=facing, asset=AssetRecord(card, AssetState.fresh(card, veteran)),
    )


def placed(unit: Unit, hex_id: HexId, facing: Facing, elevation: int = 0) -> Unit:
    """Returns the asset in ``hex_id`` facing ``facing``, its secondary hexes in its footprint (ASSET-GEN-03)."""
    footprint = unit.asset.card.occupied_hexes(hex_id, facing)[1:]
    return evolve(unit, position=Position(hex_id, GROUND, elevation=elevation, footprint=footprint), facing=facing)


def occupied(unit: Unit) -> tuple[HexId, ...]:
    """Returns every hex a unit occupies, its primary hex first (ASSET-MULTI-03)."""
    if unit.position is None:
        return ()
    return (unit.position.hex,) + unit.position.footprint


def _bare(exc: IllegalOrderError) -> str:
    """Returns a refusal's message without the rule it ends with."""
    return str(exc).removesuffix(f" ({exc.rule})")


def _airborne(unit: Unit) -> bool:
    return unit.motive is Motive.VTOL and unit.elevation > 0


def occupant(unit: Unit) -> Occupant:
    """Returns how a unit counts for asset stacking: its asset kind, or a 'Mech or other non-asset."""
    if unit.asset is not None:
        return Occupant(unit.side, unit.asset.card.kind)
    return Occupant(unit.side, NonAsset.MECH if unit.is_mech else NonAsset.OTHER)


def occupants(state: GameState, exclude: str = "") -> dict[HexId, list[Occupant]]:
    """Returns who stands in each hex, secondary hexes of multi-hex assets included (ASSET-MULTI-03);
    airborne VTOLs take no part in ground stacking."""
    found: dict[HexId, list[Occupant]] = {}
    for u in state.units.values():
        if u.id == exclude or not u.active or _airborne(u):
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
        if u.active and not _airborne(u):
            for h in occupied(u):
                if h in mine:
                    present.setdefault(h, []).append(occupant(u))
    for hex_id in sorted(present):
        try:
            asset_movement.check_stacking(hex_id, occupant(unit), present[hex_id])
        except IllegalOrderError as exc:
            return f"unit {unit.id!r}: {exc}"
    return ""


# -- deployment (ASSET-DEP) ----------------------------------------------------------------------


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
    counts = _asset_counts(u for u in waiting if u.is_asset)
    assets = _expand(asset_order.asset_batches(counts, order, larger_first))
    others = _asset_counts(u for u in waiting if not u.is_asset)
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
    assets = [u for u in waiting if u.is_asset]
    stage, start = (assets, 0) if assets else ([u for u in waiting if not u.is_asset], state.asset_slots)
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


def end_deployment(state: GameState, dice: Dice) -> tuple[GameState, list[str]]:
    """Closes the deployment phase: turn 1 begins."""
    return evolve(state, turn=1, move_order=(), asset_slots=0), ["every unit is deployed"]


def _choose_batch(state: GameState, unit: Unit, batch: int) -> GameState:
    """Applies a side's choice of batch order (AMB-64): ``batch`` is the size of its first half, given
    with the first asset it deploys or moves in the phase. Returns the state with the slots redrawn."""
    if not unit.is_asset:
        raise InputError("--batch is the size of a side's first half of assets; only assets deploy and move in halves")
    rule = "ASSET-DEP-02" if state.phase is Phase.DEPLOYMENT else "ASSET-INIT-03"
    asset_part = state.move_order[:state.asset_slots]
    count = asset_part.count(unit.side)
    if state.phase is Phase.DEPLOYMENT:
        done = count - sum(1 for u in undeployed(state) if u.is_asset and u.side == unit.side)
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


def apply_deploy(state: GameState, order: DeployOrder, dice: Dice) -> tuple[GameState, list[str]]:
    """Deploys one unit: assets first in alternating halves, in the side's zone; gun emplacements far
    enough from the enemy (ASSET-DEP-01..04, AMB-64, AMB-67)."""
    unit = state.unit(order.unit)
    if unit.position is not None or unit.destroyed:
        raise IllegalOrderError(f"'{unit.id}' is already on the map", "ASSET-DEP-01")
    if unit.drop is not None:
        raise IllegalOrderError(f"'{unit.id}' is a dropping reserve: it lands with 'btcli drop'", "DROP-05")
    waiting = undeployed(state)
    if not unit.is_asset and any(u.is_asset for u in waiting):
        raise IllegalOrderError(f"'{unit.id}' deploys after every asset: "
                                f"{', '.join(u.id for u in waiting if u.is_asset)} first", "ASSET-DEP-01")
    events: list[str] = []
    if order.batch:
        state = _choose_batch(state, unit, order.batch)
        events.append(f"{unit.side} deploys its assets in halves, {order.batch} first (AMB-64)")
    expected = side_to_deploy(state)
    if expected is not None and expected != unit.side:
        rule = "ASSET-DEP-02" if unit.is_asset else "ASSET-DEP-01"
        raise IllegalOrderError(f"out of order: '{unit.id}' ({unit.side}) cannot deploy now; side '{expected}' "
                                f"deploys its next {'asset' if unit.is_asset else 'unit'} first", rule)
    board = state.board
    hex_id = board.parse_hex(order.hex.label) if order.hex is not None else None
    if hex_id is None:
        raise InputError("give --hex CCRR")
    facing = order.facing if order.facing is not None else unit.facing
    dep = state.deployment
    enemy = next(s for s in state.sides if s != unit.side)
    own_zone = dep.zones.get(unit.side)
    if unit.is_asset:
        edge = dep.edges.get(enemy)
        try:
            asset_deployment.check_placement(
                unit.asset.card, hex_id, board, own_zone=own_zone, enemy_zone=dep.zones.get(enemy),
                enemy_home_edge=asset_deployment.Edge(edge) if edge else None)
        except IllegalOrderError as exc:
            raise IllegalOrderError(f"cannot deploy '{unit.id}': {_bare(exc)}", exc.rule) from None
        problem = placement_problem(board, unit, hex_id, facing)
        if problem:
            raise IllegalOrderError(f"'{unit.id}' {problem.rsplit(' (', 1)[0]}", problem.rsplit("(", 1)[1].rstrip(")"))
        new = placed(unit, hex_id, facing)
        present = occupants(state, exclude=unit.id)
        for h in occupied(new):
            asset_movement.check_stacking(h, occupant(new), present.get(h, ()))
    else:
        if own_zone is not None and hex_id not in own_zone:
            raise IllegalOrderError(f"'{unit.id}' must deploy in side {unit.side}'s deployment zone, not "
                                    f"{hex_id.label}", "ASSET-DEP-01")
        present = occupants(state, exclude=unit.id).get(hex_id, [])
        if present and not any(o.is_asset for o in present):
            raise IllegalOrderError(f"'{unit.id}' cannot deploy in {hex_id.label}: another unit stands there",
                                    "TW p.57 stacking")
        if present:
            asset_movement.check_stacking(hex_id, occupant(unit), present)
        new = evolve(unit.at(hex_id), facing=facing)
    events.append(f"{unit.id} deploys in {hex_id.label} facing {facing.name}"
                  + (f" (also {', '.join(h.label for h in occupied(new)[1:])})" if occupied(new)[1:] else ""))
    return state.with_unit(new), events


# -- an asset's move (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI) -------------------------


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


def apply_move(state: GameState, order: MoveOrder, dice: Dice) -> tuple[GameState, list[str]]:
    """Moves an asset: fixed MP, the terrain of its code, no PSR, skid or sideslip, stacking and its
    footprint checked where it ends (ASSET-MOVE, ASSET-TERR, ASSET-STACK, ASSET-MULTI)."""
    unit = state.unit(order.unit)
    if unit.has_moved:
        raise IllegalOrderError(f"'{unit.id}' has already moved this turn", "TW p.39 movement order")
    if not unit.active:
        raise IllegalOrderError(f"'{unit.id}' is destroyed or off the map and cannot move", "TW p.39")
    check_mode(unit, order.mode)
    card = unit.asset.card
    events: list[str] = []
    if order.batch:
        state = _choose_batch(state, unit, order.batch)
        events.append(f"{unit.side} moves its assets in halves, {order.batch} first (AMB-64)")
    turn_order.check_turn_to_move(state, unit.side, unit.id)
    if order.after_slip:
        raise IllegalOrderError(f"'{unit.id}' is an asset: it never sideslips", "ASSET-MOVE-13")
    if order.mode == "stand" or (not order.steps and order.to is None):
        if order.steps:
            raise InputError("--mode stand takes no --path")
        moved = evolve(unit, mode=MoveMode.STAND, mp_spent=0, hexes_moved=0)
        return state.with_unit(moved), events + [f"{unit.id} stands still in {unit.hex.label}"]
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
    how = "jumps" if mode is MoveMode.JUMP else "moves backward" if move.backward else "moves"
    text = (f"{unit.id} {how} {unit.hex.label} -> {move.end.label} facing {move.facing.name}: {move.mp} of "
            f"{move.allowance} MP, {hexes} hex{'es' if hexes != 1 else ''}")
    if move.road_bonus:
        text += " (+1 MP on the road, ASSET-TERR-06)"
    if card.movement is MovementCode.VTOL:
        text += f", elevation {unit.elevation} -> {move.elevation}"
    if moved.position.footprint:
        text += f"; its second element in {', '.join(h.label for h in moved.position.footprint)}"
    state = state.with_unit(moved)
    events.append(text)
    if mode is not MoveMode.JUMP and not (card.movement is MovementCode.VTOL and move.elevation > 0):
        state = minefields.along(state, unit.id, move.hexes, dice, events)  # ASSET-DMG-08 via the area effect
    return state, events


# -- attacks (ASSET-ATK) ---------------------------------------------------------------------------


def _artillery_hex(state: GameState, attacker: Unit, target: str) -> HexId | None:
    """Returns the hex an Artillery card aims at (a hex label, or the hex of the unit named), else None."""
    if not attacker.asset.card.has(ARTILLERY):
        return None
    if target in state.units:
        aimed = state.units[target]
        if not aimed.active:
            raise IllegalOrderError(f"'{target}' is destroyed or off the map", "TW p.99")
        return aimed.hex
    if len(target) == 4 and target.isascii() and target.isdigit():
        return state.board.parse_hex(target)
    state.unit(target)  # raises: unknown unit
    return None


def _check_attacker(state: GameState, attacker: Unit, order: WeaponAttackOrder) -> None:
    if not attacker.active:
        raise IllegalOrderError(f"'{attacker.id}' is destroyed or off the map and cannot attack", "TW p.99")
    asset_attacks.check_can_attack(attacker.asset.state, attacker.id)
    if order.weapons:
        raise InputError(f"'{attacker.id}' is an asset: it attacks with its card ({_card_attack(attacker.asset.card)}); "
                         "give no --weapon")
    if order.twist:
        raise InputError(f"'{attacker.id}' is an asset: it has no torso or turret to twist (ASSET-ATK-06)")


def _card_attack(card: AssetCard) -> str:
    if card.has(ARTILLERY):
        return f"{artillery.artillery_weapon(card).name} artillery"
    if not card.has_attack:
        return "no attack"
    groups = f"{card.damage_per_hit}x{card.hits}" if card.hits > 1 else str(card.damage_per_hit)
    return f"{groups} at {card.range}"


def plan_attack(state: GameState, attacker: Unit, target: Unit) -> ToHit:
    """Returns the to-hit number of an asset's direct-fire attack on a unit: card skill, card range bands,
    its arc, the target's modifiers and intervening terrain, never attacker movement (ASSET-ATK-03..10)."""
    if not target.active:
        raise IllegalOrderError(f"'{target.id}' is destroyed or off the map", "TW p.99")
    if attacker.side == target.side:
        raise IllegalOrderError(f"'{attacker.id}' cannot attack '{target.id}' of its own side", "TW p.99")
    card = attacker.asset.card
    if _airborne(attacker) and attacker.hex == target.hex:
        raise IllegalOrderError(f"airborne VTOL '{attacker.id}' cannot attack a unit in its own hex", "VTOL-ATK-02")
    sight = los.line_of_sight(state.board, attacker, target)
    mods: list[tuple[str, int]] = []
    if sight.partial_cover:
        mods.append((tohit.PARTIAL_COVER, 1))
    if sight.inside >= 0:
        mods.append(("inside a building" + (f", {sight.inside} intervening" if sight.inside else ""), 1 + sight.inside))
    result = asset_attacks.asset_to_hit(
        card, veteran=attacker.asset.state.veteran, attacker_hex=attacker.hex, facing=attacker.facing,
        target_hex=target.hex, target_modifiers=tohit.target_modifiers(state, attacker, target),
        intervening_woods=sight.woods, other_modifiers=mods)
    if result.impossible:
        raise IllegalOrderError(f"{attacker.id} cannot attack '{target.id}': {result.impossible}", result.rule)
    if sight.blocked:
        raise IllegalOrderError(f"no line of sight to '{target.id}': {sight.reason}", "tables.md 6.4")
    return result


def weapon_attack(state: GameState, order: WeaponAttackOrder, dice: Dice) -> tuple[GameState, list[str]]:
    """Resolves an asset's one attack this turn: its card's direct fire at a unit, or an Artillery card's
    attack on a hex (ASSET-ATK-01..10; artillery UNVERIFIED). Damage waits for the phase's end."""
    attacker = state.unit(order.attacker)
    _check_attacker(state, attacker, order)
    card = attacker.asset.card
    aimed = _artillery_hex(state, attacker, order.target)
    if aimed is not None:
        return _artillery(state, attacker, aimed, dice)
    target = state.unit(order.target)
    result = plan_attack(state, attacker, target)
    events: list[str] = []
    pending = list(state.pending)
    tn = result.target
    label = f"{attacker.id} ({card.name})"
    if tn > 12:
        events.append(f"{label} holds its fire: to-hit {tn} against {target.id} cannot be made")
    else:
        roll = dice.roll(2, f"to-hit {attacker.id} (asset card) vs {target.id}", target=tn, modifiers=result.modifiers)
        if not roll.success:
            events.append(f"{label} attacks {target.id}: needs {tn}, rolls {roll.total}: miss")
        else:
            side = arcs.attack_direction(target.hex, target.facing, attacker.hex, target.is_vehicle or target.is_asset)
            damage = asset_attacks.hit_damage(card, target.is_asset)
            events.append(f"{label} attacks {target.id}: needs {tn}, rolls {roll.total}: hit ({side} side), "
                          f"{damage.total} damage in {len(damage.groups)} group(s) (ASSET-ATK-04)")
            source = f"{card.name} from {attacker.id}"
            if target.is_asset:  # ASSET-DMG-01: every group summed, no location
                pending.append(Hit(target.id, ASSET_LOCATION, damage.total, side, side == "rear", source=source,
                                   attacker=attacker.id, anti_infantry=damage.anti_infantry))
                events.append(f"  {damage.total} to {target.id}{' (rear)' if side == 'rear' else ''}")
            else:
                for amount in damage.groups:  # each group rolls its location by the normal rules
                    h = kinds.hit(dice, target, side, amount, source)
                    events.append(f"  {amount} to {target.id} {h.location}{' (rear)' if h.rear else ''}")
                    pending.append(h)
    new = record(attacker, asset_attacks.record_attack(attacker.asset.state))
    decl = AttackDeclaration(attacker.id, target.id, (card.name,), "", True)
    return evolve(state.with_unit(new), pending=tuple(pending), declarations=state.declarations + (decl,)), events


def _artillery(state: GameState, attacker: Unit, aimed: HexId, dice: Dice) -> tuple[GameState, list[str]]:
    """An Artillery card's attack on a hex (UNVERIFIED basic Total Warfare reading, btcli.rules.artillery):
    a hit or a scatter, then the blast strikes every unit in its hexes at the phase's end."""
    card = attacker.asset.card
    strike, events = artillery.artillery_attack(card, veteran=attacker.asset.state.veteran, target=aimed,
                                                board=state.board, dice=dice, attacker=attacker.id)
    hits = area_hits(state, strike.effect, attacker.id, dice, events)
    new = record(attacker, asset_attacks.record_attack(attacker.asset.state))
    decl = AttackDeclaration(attacker.id, aimed.label, (f"{artillery.artillery_weapon(card).name} artillery",), "", True)
    return evolve(state.with_unit(new), pending=state.pending + tuple(hits),
                  declarations=state.declarations + (decl,)), events


def area_hits(state: GameState, effect: AreaEffect, attacker: str, dice: Dice, events: list[str]) -> list[Hit]:
    """Returns the hits an area effect deals every unit in its hexes: an asset by its primary hex only
    (ASSET-DMG-09), the damage flagged area effect (ASSET-DMG-08); a 'Mech or vehicle in 5-point groups,
    each with its own location (UNVERIFIED); airborne VTOLs fly above it."""
    hits: list[Hit] = []
    reached = set(effect.affected)
    for u in state.units.values():
        if not u.active or _airborne(u) or not reached.intersection(occupied(u)):
            continue
        if u.is_asset:
            damage = asset_damage.from_area_effect(u.asset.card, effect, u.hex, u.facing, attacker)
            if not damage.primary_hex:
                events.append(f"  the blast reaches only {u.id}'s second element: no damage (ASSET-DMG-09)")
                continue
            events.append(f"  the blast strikes {u.id} in {u.hex.label} for {damage.amount}")
            hits.append(Hit(u.id, ASSET_LOCATION, damage.amount, "front", source=effect.source, attacker=attacker,
                            area_effect=True))
            continue
        amount = effect.damage_at(u.hex)
        if not amount:
            continue
        events.append(f"  the blast strikes {u.id} in {u.hex.label} for {amount}")
        while amount > 0:
            group = min(AREA_GROUP, amount)
            hits.append(replace(kinds.hit(dice, u, "front", group, effect.source), area_effect=True, attacker=attacker))
            amount -= group
    return hits


def preview(state: GameState, order: WeaponAttackOrder) -> list[str]:
    """Returns the dry-run lines of an asset's attack: its to-hit number, modifiers and odds; rolls nothing."""
    attacker = state.unit(order.attacker)
    _check_attacker(state, attacker, order)
    card = attacker.asset.card
    aimed = _artillery_hex(state, attacker, order.target)
    if aimed is not None:
        result = artillery.artillery_to_hit(card, attacker.asset.state.veteran)
        what = f"{artillery.artillery_weapon(card).name} artillery -> {aimed.label}"
    else:
        target = state.unit(order.target)
        result = plan_attack(state, attacker, target)
        what = f"{_card_attack(card)} -> {target.id}"
    lines = [f"{attacker.id} {what}: to-hit {result.target}, {tohit.odds(result.target):.1%} to hit"]
    for i, (name, value) in enumerate(result.modifiers):
        lines.append(f"  {name:32s} {value}" if i == 0 else f"  {name:32s} {value:+d}")
    return lines


def with_weapon_flags(hit: Hit, attacker: Unit, weapon: str) -> Hit:
    """Returns a 'Mech's or vehicle's hit on an asset with its attacker and the AI note (ASSET-DMG-03, -07)."""
    return replace(hit, attacker=attacker.id, anti_infantry=weapon in AI_WEAPONS)


# -- the End Phase (ASSET-DMG) --------------------------------------------------------------------


def end_phase(state: GameState, dice: Dice) -> tuple[GameState, list[str]]:
    """Makes every due destruction check, once per asset (ASSET-DMG-02..06, -12, -13), removes the
    destroyed with every element (ASSET-DMG-09), then forgets the turn's damage (ASSET-DMG-11)."""
    events: list[str] = []
    for uid in list(state.units):
        unit = state.units[uid]
        if unit.asset is None:
            continue
        card, before = unit.asset.card, unit.asset.state
        if unit.destroyed or before.destroyed:
            continue
        after, more = asset_damage.end_phase(card, before, dice, unit.id)
        events.extend(more)
        if after == before:
            continue
        new = record(unit, after)
        if after.destroyed:
            new = evolve(new, destroyed=True)
            if unit.position is not None and unit.position.footprint:
                events.append(f"{unit.id}'s every element is removed: {', '.join(h.label for h in occupied(unit))} "
                              "(ASSET-DMG-09)")
        state = state.with_unit(new)
    return state, events

