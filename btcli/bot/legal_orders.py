"""The orders a side may give now, built as typed orders are built and checked by the engine itself.

This is the bot's one door to "what may I do". Where ``btcli options`` (``rules/core/options.py``, issue #33
item 2) lists what the bot needs, it reads it there: a unit's shots (``weapon_shots``: every weapon at every
enemy, aircraft over the board included, with the ``--twist`` that brings it to bear), its physical attacks
(``blows``), its twists (``weapon_twists``), a prone 'Mech's stand-up (``stand_up``), and an asset's card and
card attacks (``kind_options``, read by ``asset_moves``, ``kind_shots``, ``keeps_away``). Three things it
still finds itself, each checked only when ordered (``accepted``): the hexes a ground unit can reach
(``ground_moves``: ``options.moves`` checks each hex's path as ``move --to`` builds it, 5-15 times slower than
the path search alone, too slow for a whole game in 2 s), a jump's landing hexes (``jump_hexes``, for the same
reason) and an asset's candidate moves (``asset_moves``: the asset options' search of every path costs about a
second an asset).

Every order the bot gives passes ``accepted`` first: ``engine.apply`` on the state with the bot's own dice (a
declaration is legal or not whatever the dice roll; the game's dice are never touched), so the bot gives no
order the game would refuse.
"""

from __future__ import annotations

from btcli.errors import BtcliError
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.options import Blow, Shot, UnitOptions
from btcli.model.orders import MoveOrder, Order, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules import kinds


class Drop(Record):
    """A drop the bot makes through ``btcli drop`` (its secret is the side's own, kept by the command):
    commit ``hex`` (with ``facing`` and the bot's ``salt``), or reveal the committed hex (``hex`` empty)."""

    unit: str
    hex: str = ""
    facing: str = ""
    salt: str = ""


Action = Order | Drop


def BotDice(seed: int):  # noqa: N802  (read as the dice it makes)
    """The bot's own dice for trying an order on a copy of the state: seeded by the bot, never the game's."""
    from btcli.dice import SeededDice

    return SeededDice(f"bot:{seed}", 0)


def accepted(state: GameState, order: Order, seed: int = 0) -> bool:
    """Tells whether the game would accept ``order`` now (the engine's own checks, with the bot's dice)."""
    from btcli import engine

    try:
        engine.apply(state, order, BotDice(seed))
    except BtcliError:
        return False
    return True


def refusal(state: GameState, order: Order) -> str:
    """Why the game refuses ``order`` (``""`` when it accepts it)."""
    from btcli import engine

    try:
        engine.apply(state, order, BotDice(0))
    except BtcliError as exc:
        return str(exc)
    return ""


def card_attack(state: GameState, unit: Unit, target: str) -> WeaponAttackOrder | None:
    """An asset's card attack at ``target`` as the game accepts it: the card's attack, else naming every weapon it
    has left (None where the game accepts neither)."""
    labels = tuple(m.label for m in unit.weapons if not m.destroyed)
    for order in (WeaponAttackOrder(unit.id, target), WeaponAttackOrder(unit.id, target, labels)):
        if accepted(state, order):
            return order
    return None


def move_order(state: GameState, unit: Unit, path: str | None = None, to: str | None = None,
               facing: str | None = None, mode: str | None = None) -> MoveOrder | None:
    """The move order ``btcli move`` would build from these words (``moves.order_for``), or None where it
    refuses them."""
    from btcli.rules.core import moves

    try:
        return moves.order_for(state, unit.id, path, to, facing, mode, None)
    except BtcliError:
        return None


def ground_moves(state: GameState, unit: Unit) -> dict[str, dict[HexId, int]]:
    """The hexes a unit that moves over the ground can end its move in, by movement mode (walk and run,
    cruise and flank), with their MP; hexes held by another unit left out (none for other kinds)."""
    return hexes_of(ground_reach(state, unit))


def ground_reach(state: GameState, unit: Unit) -> dict[str, dict[tuple[HexId, Facing], int]]:
    """``ground_moves`` with each facing the unit can end its move in there, cheapest first
    (``movement.reachable_facings``)."""
    from btcli.rules.ground import movement

    if not unit.active or unit.hex is None or kinds.of(unit).mobility is None:
        return {}
    held = {u.hex for u in state.units.values() if u.active and u.id != unit.id and u.hex is not None}
    found: dict[str, dict[tuple[HexId, Facing], int]] = {}
    for mode in dict.fromkeys((movement.slow_mode(unit), movement.fast_mode(unit))):
        try:
            places = movement.reachable_facings(state, unit, mode)
        except BtcliError:
            continue
        found[mode.value] = {p: mp for p, mp in places.items() if p[0] != unit.hex and p[0] not in held}
    return found


def hexes_of(reach: dict[str, dict[tuple[HexId, Facing], int]]) -> dict[str, dict[HexId, int]]:
    """The hexes of a ``ground_reach``, each with its cheapest facing's MP (``movement.cheapest_facing``)."""
    from btcli.rules.ground import movement

    return {mode: movement.cheapest_facing(places) for mode, places in reach.items()}


def stand_up(state: GameState, unit: Unit) -> dict | None:
    """A prone 'Mech's stand-up as ``btcli options`` lists it (its MP and roll), None when it is not prone or
    may not stand (``rules/core/options.stand_up``)."""
    from btcli.rules.core import options

    return options.stand_up(state, unit)


def jump_hexes(state: GameState, unit: Unit) -> list[HexId]:
    """The hexes within a 'Mech's jumping MP (each still checked by the jump rules when ordered)."""
    if not unit.jump or unit.hex is None or kinds.of(unit).mobility is None:
        return []
    held = {u.hex for u in state.units.values() if u.active and u.hex is not None}
    board = state.board
    return [h for h in board_hexes(state) if 0 < unit.hex.distance(h) <= unit.jump and h not in held
            and board.contains(h)]


def board_hexes(state: GameState) -> list[HexId]:
    """Every hex of the ground board."""
    board = state.board
    return [HexId(c, r) for c in range(1, board.width + 1) for r in range(1, board.height + 1)]


def weapon_twists(unit: Unit) -> dict[str, int]:
    """The torso twists (or turret turns) a unit may fire with now, each with its offset: ``""`` always, and each
    ``--twist`` ``options`` lists (``options.twists``: a 'Mech's left and right, a turret's every direction)."""
    from btcli.rules.core import combat, options

    found = {"": unit.twist}
    for word in options.twists(unit):
        found[word] = combat.check_twist(unit, word)
    return found


def weapon_shots(state: GameState, unit: Unit) -> tuple[Shot, ...]:
    """Each shot the unit may take now, as ``btcli options`` lists it (``options.shots``): weapon, target, to-hit
    number and the ``--twist`` it needs ("" none)."""
    from btcli.rules.core import options

    return options.shots(state, unit)


def kind_options(state: GameState, unit: Unit) -> UnitOptions | None:
    """What ``btcli options`` lists for a unit whose kind lists its own options (an asset: its card and its card
    attacks; ``options.unit_options``), None for other units or a unit off the ground board. Asked as if the unit
    had moved: the asset options' search of every path (about a second an asset on a shared core) is the bot's
    ``asset_moves`` instead, as the ground units' reach is ``ground_moves``."""
    if kinds.of(unit).options is None or unit.hex is None:
        return None
    from btcli.model.frozen import evolve
    from btcli.model.units import MoveMode
    from btcli.rules.core import options

    moved = unit if unit.has_moved else evolve(unit, mode=MoveMode.STAND)
    return options.unit_options(state, moved)


def kind_shots(listed: UnitOptions | None) -> tuple[Shot, ...]:
    """The shots of ``kind_options``: an asset's card attack at each enemy, with its to-hit number."""
    return listed.shots if listed is not None else ()


TURNS = ((), ("L",), ("R",), ("L", "L"), ("R", "R"), ("L", "L", "L"))


def asset_moves(state: GameState, unit: Unit, listed: UnitOptions | None) -> dict[HexId, tuple[str, str]]:
    """Candidate moves of an asset, from the MP and movement code of its card as ``kind_options`` give them: each
    hex with its ``--mode`` ("" for a path move) and its ``--path`` ("" for a jump: ``--to`` the hex). A jump card
    may land in any hex within its MP; another goes straight ahead after 0 to 3 turns, one hex per MP at most.
    Each is only a candidate: the move's own check (``accepted``) decides."""
    card = (listed.card if listed is not None else None) or {}
    mp = int(card.get("mp", 0) or 0)
    here = unit.hex
    if here is None or mp <= 0 or card.get("movement") == "-":
        return {}
    if card.get("movement") == "J":
        return {h: ("jump", "") for h in board_hexes(state) if 0 < here.distance(h) <= mp}
    found: dict[HexId, tuple[str, str]] = {}
    for turns in TURNS:
        facing, where, steps = unit.facing, here, list(turns)
        for turn in turns:
            facing = facing.turned(-1 if turn == "L" else 1)
        for _ in range(mp):
            where = where.neighbor(facing)
            if not state.board.contains(where):
                break
            steps.append("F")
            found.setdefault(where, ("", ",".join(steps)))
    return found


def keeps_away(listed: UnitOptions | None) -> bool:
    """Whether an asset's card, as its ``kind_options`` describe its attack, has no direct-fire attack to close
    in for: an artillery piece (its blast may strike its own hex) or a card with no attack."""
    attack = str(((listed.card if listed is not None else None) or {}).get("attack", ""))
    return attack == "no attack" or attack.endswith("artillery")


def blows(state: GameState, unit: Unit) -> tuple[Blow, ...]:
    """Each physical attack the unit may declare now, as ``btcli options`` lists it (``options.blows``)."""
    from btcli.rules.core import options

    return options.blows(state, unit)


def facings() -> tuple[Facing, ...]:
    return tuple(Facing)
