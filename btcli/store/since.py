"""Reads what a game's log holds after a given entry, for ``report --since`` (play by email: what
happened since my last move).

Only the entries after the one asked for are parsed: the log is searched backwards from its end, one
``[[log]]`` marker at a time, so a report of the last turn of a 10,000-entry game reads the file once
and parses a handful of entries, never the whole log. A git revision of the file (``--since HEAD~1``)
is read with ``git show REV:./FILE`` and names the last entry it held, which must be the same entry
(the same state hash) in the game as it is now.
"""

from __future__ import annotations

import os

from btcli.errors import GameFileError, InputError
from btcli.store import gamefile
from btcli.store.gamefile import LOG_MARKER, split_head

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

GIT_TIMEOUT_S = 30.0  # a git that hangs (a credential prompt, a lock) must not hang btcli


def _blocks_from_end(data: bytes):
    """Yields the raw text of each log entry, the last first (each without its ``[[log]]`` line)."""
    head_end = split_head(data)
    end = len(data)
    while end > head_end:
        at = data.rfind(LOG_MARKER, head_end, end)
        if at < 0:
            if head_end == 0 and data.startswith(LOG_MARKER[1:]):  # a file that starts with its first entry
                yield data[len(LOG_MARKER) - 1:end]
            return
        yield data[at + len(LOG_MARKER):end]
        end = at


def _entry(raw: bytes) -> dict[str, Any]:
    from btcli.store.logparse import parse_block

    entry = parse_block(raw)
    if not isinstance(entry.get("seq"), int):
        raise GameFileError("the game file's log is damaged (an entry without its number)")
    return entry


def entries_after(data: bytes, seq: int) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Returns the entry numbered ``seq`` (None for 0: the start) and the entries after it, in order.
    Parses the log from its end back to that entry only."""
    after: list[dict[str, Any]] = []
    last = None
    for raw in _blocks_from_end(data):
        entry = _entry(raw)
        if last is None:
            last = entry["seq"]
            if seq > last:
                raise InputError(f"--since {seq}: the game's log ends at entry {last}")
        if entry["seq"] <= seq:
            after.reverse()
            return entry, after
        after.append(entry)
    if last is None:
        raise GameFileError("the game file has no [[log]] entries")
    if seq != 0:
        raise GameFileError(f"the game file's log has no entry {seq} (its entries are not numbered in order)")
    after.reverse()
    return None, after


def last_entry_of(data: bytes, shown: str) -> dict[str, Any]:
    """Returns the last log entry of a whole game file's text (``shown`` names it in errors)."""
    from btcli.store.files import kind_of_bytes

    if kind_of_bytes(data[:4096]) != "game":
        raise InputError(f"{shown} is not a btcli game file")
    for raw in _blocks_from_end(data):
        return _entry(raw)
    raise InputError(f"{shown} has no log entries")


def at_revision(game: str, revision: str) -> bytes:
    """Returns the game file's text at a git revision, read with ``git show REVISION:./FILE`` in the
    file's folder; refuses (InputError) what git cannot show, saying git's own reason."""
    import subprocess

    if revision.startswith("-") or not revision.strip() or "\n" in revision or ":" in revision:
        raise InputError(f"--since {revision!r}: give an entry number or a git revision (HEAD~1, a commit, a tag)")
    folder, name = os.path.split(os.path.abspath(game))
    try:
        done = subprocess.run(["git", "show", f"{revision}:./{name}"], cwd=folder, capture_output=True,
                              timeout=GIT_TIMEOUT_S, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise InputError(f"--since {revision}: reading a git revision needs git, which is not installed") from None
    except subprocess.TimeoutExpired:
        raise InputError(f"--since {revision}: git show took over {GIT_TIMEOUT_S:.0f} s") from None
    if done.returncode != 0:
        why = done.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = why[-1].removeprefix("fatal: ") if why else f"exit {done.returncode}"
        raise InputError(f"--since {revision}: git cannot show {game} at {revision}: {reason}")
    return done.stdout


def since(game: str, data: bytes, revision: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Returns the entry a ``--since`` value names (an entry number, or the last entry of the file at a
    git revision) and the entries after it in ``data`` (the game file's text now)."""
    if revision.isascii() and revision.isdigit():
        return entries_after(data, int(revision))
    old = last_entry_of(at_revision(game, revision), f"{game} at {revision}")
    seq = old["seq"]
    base, after = entries_after(data, seq) if seq <= _last_seq(data) else (None, None)
    if base is None or after is None or base.get("state") != old.get("state"):
        raise InputError(f"--since {revision}: {game} at {revision} is not an earlier state of this game "
                         f"(its last entry, {seq}, is not this game's entry {seq})")
    return base, after


def _last_seq(data: bytes) -> int:
    for raw in _blocks_from_end(data):
        return _entry(raw)["seq"]
    return 0


def read(game: str) -> bytes:
    """Returns the whole game file (refusing what is not a btcli game)."""
    data, _ = gamefile.read_bytes(game)
    return data
