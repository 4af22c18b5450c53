"""Runs one command against a state and writes its log entry; replays a whole log.

Every invocation becomes one entry: sequence number, turn, phase, the canonical
command (with its manual dice), the events, every roll, the hash of the previous
entry and the hash of the resulting state. ``verify`` folds ``apply`` over the
log from the initial state kept in the first entry and checks every hash.
"""

from __future__ import annotations

import itertools

from btcli.contexts import contextmanager  # contextlib's, without its imports (issue #17)
from btcli.dice import HeldDice, ManualDice, Roll, SeededDice, is_held, seed_commitment
from btcli.errors import BtcliError, GameFileError, VerificationError
from btcli.grammar import order_from_text, order_text, with_dice
from btcli.model.frozen import record
from btcli.model.state import GameState, evolve
from btcli.store.files import parse_toml
from btcli.store.hashing import blob_hash, entry_blob, entry_hash, state_hash

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.orders import Order


def load(path):
    """Reads a game for a command: ``gamefile.load``, then the head checked against the log.

    The head's state hash must be the one the last entry recorded; a head edited by hand is refused
    (exit 4), naming the unit and field that differ from the last verified state.
    """
    from btcli.store import gamefile

    game = gamefile.load(path)
    if state_hash(game.state) != game.last.get("state"):
        raise GameFileError(f"{game.shown} was edited by hand: {explain_head_edit(game)}; nothing was done "
                            f"(restore the file, e.g. 'git checkout {game.shown}', and run 'btcli verify')")
    return game


@contextmanager
def hold(path):
    """Keeps a game locked and loaded for many orders (``btcli play``): yields a ``gamefile.Held``
    whose game each ``gamefile.append(..., held=...)`` replaces by the game it wrote, so no order
    reads the file again. The lock is taken before the game is read and kept until the end."""
    from btcli.store import files, gamefile
    from btcli.store.lock import locked_game

    with locked_game(files.real(path), gamefile.LOCK_TIMEOUT_S) as f:
        held = gamefile.Held(load(path), f)
        try:
            yield held
        finally:
            held.file.close()  # the lock goes with it


def format_roll(roll: Roll) -> str:
    """Returns one log line for a roll: purpose, dice, total, and the check if any."""
    shown = f"{roll.n}D6"
    if roll.dice:
        shown += " " + "+".join(map(str, roll.dice))
    text = f"{roll.purpose}: {shown} = {roll.total}"
    if roll.target is None and roll.modifiers:  # a table roll: its modifiers add to the dice (tables.md 3)
        added = sum(value for _, value in roll.modifiers)
        mods = ", ".join(f"{name} {value:+d}" for name, value in roll.modifiers)
        text += f", {added:+d} ({mods}) = {roll.total + added}"
    if roll.target is not None:
        mods = ", ".join(f"{name} {value:+d}" for name, value in roll.modifiers)
        text += f" vs TN {roll.target}" + (f" ({mods})" if mods else "")
        text += " success" if roll.success else f" failed by {-roll.margin}"
    return text


@record(slots=False)
class Outcome:
    state: GameState
    events: list[str]
    rolls: list[Roll]
    command: str


def game_dice(state: GameState, held_seed: int | None = None, why_not: str = "", player_dice: bool = False):
    """Returns the game's seeded dice; for a referee-held seed, from ``held_seed`` once it matches the
    commitment in the file, else dice that refuse to roll, saying ``why_not`` (design.md)."""
    if not is_held(state.seed):
        return SeededDice(state.seed, state.rolls)
    if held_seed is None:
        return HeldDice(why_not, player_dice)
    if seed_commitment(held_seed) != state.seed:
        raise VerificationError("the referee's seed does not match this game's seed commitment")
    return SeededDice(held_seed, state.rolls)


def execute(state: GameState, order: Order, dice_values: list[int] | None, held_seed: int | None = None,
            why_not: str = "", player_dice: bool = False) -> Outcome:
    """Applies ``order`` with manual dice if given, else the game's seeded dice."""
    from btcli.engine import apply

    dice = ManualDice(dice_values) if dice_values else game_dice(state, held_seed, why_not, player_dice)
    new, events = apply(state, order, dice)
    dice.finish()
    counter = dice.counter if isinstance(dice, SeededDice) else state.rolls
    new = evolve(new, rolls=counter, revision=state.revision + 1)
    return Outcome(new, events, dice.rolls, with_dice(order_text(order), dice_values))


def make_entry(before: GameState, outcome: Outcome, prev: str) -> dict[str, object]:
    return {
        "seq": outcome.state.revision,
        "turn": before.turn,
        "phase": before.phase.value,
        "command": outcome.command,
        "events": outcome.events,
        "rolls": [format_roll(r) for r in outcome.rolls],
        "prev": prev,
        "state": state_hash(outcome.state),
    }


def init_entry(state: GameState, command: str) -> tuple[GameState, dict[str, object]]:
    """Returns the first state (revision 1) and the entry that records it whole, for replay."""
    from btcli.store.codec import state_to_dict

    state = evolve(state, revision=1)
    entry = {
        "seq": 1,
        "turn": state.turn,
        "phase": "setup",
        "command": command,
        "events": [f"game '{state.name}' set up: {len(state.units)} units on a {state.board.width}x{state.board.height} map"],
        "rolls": [],
        "prev": "",
        "state": state_hash(state),
        "initial": state_to_dict(state),
    }
    return state, entry


@record
class Verified:
    """What ``verify`` proved: how many entries replayed (``count``), the final ``state``, and which
    entries' dice were given by hand (``--dice``, ``hand_dice``) rather than rolled from the seed."""

    count: int
    state: GameState
    hand_dice: tuple[int, ...] = ()


def _parts(data: bytes):
    """Splits a whole game file into its parsed head and log entries."""
    head, entries = _stream(data)
    return head, list(entries)


def _stream(data, more=()):
    """Returns a game file's parsed head and an iterator over its log entries, read one at a time
    (``logparse.iter_log``; ``more``: the rest of the file, as ``gamefile.read_log`` reads it);
    refuses a file without entries."""
    from btcli.store.codec import check_format
    from btcli.store.gamefile import split_head
    from btcli.store.logparse import iter_log

    head_end = split_head(data)
    if head_end == len(data) and data.find(b"\r\n[[log]]\r\n") >= 0:
        raise VerificationError("the game file has Windows (CRLF) line endings; btcli game files use LF "
                                "(see README: play by email)")
    head = parse_toml(data[:head_end], "game file head")
    check_format(head.get("game"))
    entries = iter_log(data, head_end, more)
    first = next(entries, None)
    if first is None or "log" in head:
        raise VerificationError("the game file has no [[log]] entries to verify")
    return head, itertools.chain((first,), entries)


def _initial(first: dict) -> GameState:
    from btcli.store.codec import state_from_dict

    if "initial" not in first:
        raise VerificationError("entry 1 does not hold the initial state", 1)
    try:
        state = state_from_dict(first["initial"])
    except GameFileError as exc:
        raise VerificationError(f"entry 1: initial state unreadable: {exc}", 1) from None
    if state_hash(state) != first.get("state"):
        raise VerificationError("entry 1: the initial state does not match its hash", 1)
    if first.get("seq") != 1:
        raise VerificationError("entry 1 is not numbered 1", 1)
    return state


def verify_text(data: bytes, held_seed=None, each=None, more=()) -> Verified:
    """Replays a whole game file; returns what it proved or raises VerificationError.

    A game whose seed the referee holds replays its seeded rolls only with the seed: ``held_seed`` is
    the seed, or a function given the commitment that returns it (None when it cannot be had).
    ``each(entry, state)``, if given, sees every entry with the state it verified to, first to last
    (the replay page, ``btcli.render.replay``). ``more``: the rest of the file after ``data``, in
    chunks (``gamefile.read_log``), read as the replay reaches it."""
    from btcli.store.codec import state_to_dict

    head, log = _stream(data, more)
    first = next(log)
    state = _initial(first)
    if each is not None:
        each(first, state)
    if callable(held_seed):
        held_seed = held_seed(state.seed) if is_held(state.seed) else None
    prev = entry_hash(first)
    hand: list[int] = []
    index = 1
    for index, entry in enumerate(log, start=2):
        seq = entry.get("seq")
        if seq != index:
            raise VerificationError(f"entry {index}: numbered {seq!r}, expected {index}", index)
        if entry.get("prev") != prev:
            raise VerificationError(f"entry {index}: previous-entry hash does not match entry {index - 1}", index)
        try:
            outcome = replay(state, entry, held_seed)
        except BtcliError as exc:
            raise VerificationError(f"entry {index}: command {entry.get('command')!r} does not replay: {exc}", index) from None
        if "--dice" in str(entry.get("command", "")).split():
            hand.append(index)
        expected = make_entry(state, outcome, prev)
        if not same_entry(entry, expected):
            key = next((k for k in list(expected) + list(entry) if entry.get(k, None) != expected.get(k, None)
                        or type(entry.get(k)) is not type(expected.get(k))), "a field")
            message = f"entry {index}: {key} differs from the replay"
            if key == "state" and _is_last(log):  # the head and its hash edited together
                message += _head_difference(head, outcome.state, "the replay")
            raise VerificationError(message, index)
        state = outcome.state
        blob = entry_blob(entry)  # what the entry's hash hashes
        prev = entry_hash(entry) if blob is None else blob_hash(blob)
        if each is not None:
            each(entry, state)
    if not _same(head, state_to_dict(state)):
        raise VerificationError(
            f"the current state (head) differs from the replay of all {index} entries"
            + _head_difference(head, state, "the replay"), index
        )
    return Verified(index, state, tuple(hand))


def _is_last(entries) -> bool:
    """Tells whether no entry follows in ``entries`` (a damaged one counts as following)."""
    try:
        return next(entries, None) is None
    except GameFileError:
        return False


# Patterns compiled on first use (by re's cache), not by every command that imports the journal (issue #17).
_TABLE_ARITHMETIC = r"(= \d+), [+-]\d+ \(.*\) = -?\d+$"


def plain_rolls(lines: object) -> object:
    """Returns logged roll lines without a table roll's arithmetic (``, +5 (...) = 9``), which btcli
    writes since issue #15 and derives from the rest of the line: games logged before it still verify."""
    if not isinstance(lines, list):
        return lines
    import re

    return [re.sub(_TABLE_ARITHMETIC, r"\1", line) if isinstance(line, str) else line for line in lines]


def same_entry(logged: dict, replayed: dict) -> bool:
    """Tells whether a logged entry is the one its replay makes (roll lines compared by ``plain_rolls``)."""
    if _same(logged, replayed):
        return True
    if "rolls" not in logged or "rolls" not in replayed:
        return False
    return _same({**logged, "rolls": plain_rolls(logged["rolls"])}, {**replayed, "rolls": plain_rolls(replayed["rolls"])})


def _same(a: object, b: object) -> bool:
    """Tells whether two parsed tables hold the same content, types included (1.0 is not 1, 0 not false),
    in whatever key order: equal, then the types compared value by value (no text written: verify
    compares every entry, issue #17)."""
    return a == b and _same_types(a, b)


def _same_types(a: Any, b: Any) -> bool:
    """For two equal values: whether every value in them has the same type in both."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        for key, value in a.items():
            if not _same_types(value, b[key]):
                return False
    elif type(a) is list:
        for x, y in zip(a, b):
            if not _same_types(x, y):
                return False
    return True


def _head_difference(head: dict, state: GameState, other: str) -> str:
    from btcli.store.codec import state_to_dict

    found = first_difference(head, state_to_dict(state))
    if found is None:
        return ""
    where, ours, theirs = found
    return f": {where} is {_shown(ours)} in the head, {_shown(theirs)} in {other}"


def _shown(value: object) -> str:
    text = "missing" if value is _MISSING else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_MISSING = object()


def first_difference(a: object, b: object, where: str = "") -> tuple[str, object, object] | None:
    """Returns the first (dotted path, value in a, value in b) where two parsed states differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            found = first_difference(a.get(key, _MISSING), b.get(key, _MISSING), f"{where}.{key}" if where else str(key))
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found is not None:
                return found
        return None
    if a != b or type(a) is not type(b):
        return (where or "the state", a, b)
    return None


def _describe_path(where: str) -> str:
    """Turns ``units.wasp.armor.LT`` into ``unit 'wasp' field armor.LT``."""
    parts = where.split(".")
    if parts[0] == "units" and len(parts) >= 3:
        return f"unit '{parts[1]}' field {'.'.join(parts[2:])}"
    return f"field {where}"


_ROLL_TOTAL = r": (\d+)D6(?: [0-9+]+)? = (\d+)(?= vs TN |, [+-]\d+ \(|$)"


class _LoggedDice(ManualDice):
    """Replays the dice a log entry shows, advancing the seeded counter as the real dice did: for
    finding what was edited in a game whose seed the referee holds."""

    def __init__(self, values: list[int], counter: int) -> None:
        super().__init__(values)
        self.counter = counter

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        self.counter += n
        return super()._faces(n, purpose)


def explain_head_edit(game) -> str:
    """Says what a hand edit changed in a game's head, against the state the log replays to.

    Only called when the head's hash is not its last entry's (a refused command), so it may replay
    the whole log. A referee game is replayed with the dice its log shows.
    """
    from btcli.store.codec import state_to_dict
    from btcli.store.gamefile import read_bytes

    data, _ = read_bytes(game.path)
    try:
        _, log = _parts(data)
        state = _initial(log[0])
        for entry in log[1:]:
            state = replay(state, entry, logged_dice=True).state
    except BtcliError as exc:
        return f"its state is not the one its last log entry recorded, and the log does not replay ({exc})"
    found = first_difference(state_to_dict(game.state), state_to_dict(state))
    if found is None:
        return "the last log entry's state hash was changed"
    where, ours, theirs = found
    return (f"{_describe_path(where)} is {_shown(ours)} in the head but {_shown(theirs)} in the state "
            f"verified by entry {len(log)}")


def replay(state: GameState, entry: dict, held_seed: int | None = None, logged_dice: bool = False) -> Outcome:
    """Runs one logged entry's command again: with its ``--dice``, else the game's seeded dice (a referee
    game's with ``held_seed``). ``logged_dice``: a referee game without the seed rolls the totals its
    log shows instead (the states come out right; the roll texts lose their faces)."""
    order, dice = order_from_text(str(entry.get("command", "")))
    if dice or not is_held(state.seed) or held_seed is not None or not logged_dice:
        return execute(state, order, dice, held_seed)
    import re

    totals = []
    for line in entry.get("rolls", ()):
        found = re.findall(_ROLL_TOTAL, str(line))
        totals.append(int(found[-1][1]) if found else 0)
    logged = _LoggedDice(totals, state.rolls)
    from btcli.engine import apply

    new, events = apply(state, order, logged)
    logged.finish()
    return Outcome(evolve(new, rolls=logged.counter, revision=state.revision + 1), events, logged.rolls,
                   with_dice(order_text(order), None))
