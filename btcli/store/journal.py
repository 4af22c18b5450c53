"""The log's entries: what one holds, how one is made and compared, and how a log is read one entry
at a time.

Every invocation becomes one entry: sequence number, turn, phase, the canonical command (with its
manual dice), the events, every roll, the hash of the previous entry and the hash of the resulting
state. Running an order and replaying a log are the application layer's (``btcli.runner``).
"""

from __future__ import annotations

import itertools

from btcli.dice import Roll
from btcli.errors import GameFileError, VerificationError
from btcli.model.frozen import Record
from btcli.model.state import GameState, evolve
from btcli.store.files import parse_toml
from btcli.store.hashing import state_hash

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.events import Event


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


class Outcome(Record, slots=False):
    """One order's result: the new state, its events as the rules gave them (values, and the sentences
    of rules not converted yet), every roll, the command as logged, and the events' ``sentences`` (the
    application layer words them, ``btcli.runner``): what the log entry keeps."""

    state: GameState
    events: list[Event | str]
    rolls: list[Roll]
    command: str
    sentences: list[str]


def make_entry(before: GameState, outcome: Outcome, prev: str) -> dict[str, object]:
    return {
        "seq": outcome.state.revision,
        "turn": before.turn,
        "phase": before.phase.value,
        "command": outcome.command,
        "events": outcome.sentences,
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


def parts(data: bytes):
    """Splits a whole game file into its parsed head and log entries."""
    head, entries = stream_log(data)
    return head, list(entries)


def stream_log(data, more=()):
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


def initial_state(first: dict) -> GameState:
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


# Patterns compiled on first use (by re's cache), not by every command that imports the journal (issue #17).
_TABLE_ARITHMETIC = r"(= \d+), [+-]\d+ \(.*\) = -?\d+$"


def plain_rolls(lines: object) -> object:
    """Returns logged roll lines without a table roll's arithmetic (``, +5 (...) = 9``), which btcli
    writes since issue #15 and derives from the rest of the line: games logged before it still verify."""
    if not isinstance(lines, list):
        return lines
    import re

    return [re.sub(_TABLE_ARITHMETIC, r"\1", line) if isinstance(line, str) else line for line in lines]


# The words issue #33 changed in logged events and rolls, as (old pattern, what it reads now): a game logged
# before still verifies (its entries are read in today's words; its hash chain is its own bytes').
_REWORDED = (
    (r"(?<![\d.])1 hexes\b", "1 hex"),  # '1 hexes' is '1 hex' (a range, a move, a scatter, hexes moved)
    # A hit from behind on an arm, a leg or the head strikes its only armor: not '(rear)' (GroupStrikes).
    (r"^(  \d+ to .+ )(HD|LA|RA|LL|RL|FLL|FRL|RLL|RRL) \(rear\)$", r"\1\2 (from behind; \2 has no rear armor)"),
)


def reworded(entry: dict) -> dict:
    """Returns a logged entry with its events and rolls in today's words (``_REWORDED``)."""
    import re

    def words(lines: object) -> object:
        if not isinstance(lines, list):
            return lines
        out = []
        for line in lines:
            if isinstance(line, str):
                for pattern, now in _REWORDED:
                    line = re.sub(pattern, now, line)
            out.append(line)
        return out

    return {**entry, "events": words(entry.get("events")), "rolls": words(entry.get("rolls"))} \
        if "events" in entry and "rolls" in entry else entry


def same_entry(logged: dict, replayed: dict) -> bool:
    """Tells whether a logged entry is the one its replay makes (roll lines compared by ``plain_rolls``; the
    words of an older btcli read as today's, ``reworded``)."""
    if same_content(logged, replayed):
        return True
    logged = reworded(logged)
    if same_content(logged, replayed):
        return True
    if "rolls" not in logged or "rolls" not in replayed:
        return False
    return same_content({**logged, "rolls": plain_rolls(logged["rolls"])}, {**replayed, "rolls": plain_rolls(replayed["rolls"])})


def same_content(a: object, b: object) -> bool:
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


def head_difference(head: dict, state: GameState, other: str) -> str:
    from btcli.store.codec import state_to_dict

    found = first_difference(head, state_to_dict(state))
    if found is None:
        return ""
    where, ours, theirs = found
    return f": {where} is {shown_value(ours)} in the head, {shown_value(theirs)} in {other}"


def shown_value(value: object) -> str:
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


def describe_path(where: str) -> str:
    """Turns ``units.wasp.armor.LT`` into ``unit 'wasp' field armor.LT``."""
    parts = where.split(".")
    if parts[0] == "units" and len(parts) >= 3:
        return f"unit '{parts[1]}' field {'.'.join(parts[2:])}"
    return f"field {where}"


