"""The game file: a TOML head (current state) followed by an append-only ``[[log]]`` tail.

Reading the state parses only the head. Appending writes the new head, copies
the old log's bytes unchanged and adds one entry, all into a temporary file in
the same folder that is fsynced and renamed over the game (atomic), under a lock
file. A write whose game changed since it was read (another process got there
first) is refused as stale.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from btcli.errors import GameFileError
from btcli.model.state import GameState

LOG_MARKER = b"\n[[log]]\n"
HEADER = b"# btcli game file: the head is the current state, [[log]] entries are appended below.\n"
HEADER += b"# Edit nothing by hand: 'btcli verify' detects any change.\n\n"
LOCK_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class LoadedGame:
    """A game as read from disk: its state, and the bytes needed to append to it."""

    path: Path
    state: GameState
    head_end: int  # offset of the log tail in ``data``
    data: bytes
    stamp: tuple[int, int, int]  # inode, size, mtime: changes on every write

    @property
    def log_bytes(self) -> bytes:
        return self.data[self.head_end :]


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def split_head(data: bytes) -> int:
    """Returns the offset where the log tail starts (len(data) if there is none)."""
    if data.startswith(LOG_MARKER[1:]):
        return 0
    at = data.find(LOG_MARKER)
    return len(data) if at < 0 else at


def parse_toml(text: bytes, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise GameFileError(f"{what} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"{what} is not valid TOML ({exc})") from None


def read_bytes(path: Path) -> tuple[bytes, tuple[int, int, int]]:
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            return f.read(), _stamp(st)
    except FileNotFoundError:
        raise GameFileError(f"no game file at {path}") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a game file") from None
    except OSError as exc:
        raise GameFileError(f"cannot read {path}: {exc.strerror}") from None


def load(path: str | Path) -> LoadedGame:
    """Reads a game file's head into a GameState (the log is not parsed)."""
    from btcli.store.codec import state_from_dict

    path = Path(path)
    data, stamp = read_bytes(path)
    head_end = split_head(data)
    if head_end == len(data):
        raise GameFileError(f"{path} has no [[log]] entries: not a btcli game file, or truncated")
    head = parse_toml(data[:head_end], f"game file {path}")
    state = state_from_dict(head)
    return LoadedGame(path, state, head_end, data, stamp)


def render_head(state: GameState) -> bytes:
    import tomli_w

    from btcli.store.codec import state_to_dict

    return HEADER + tomli_w.dumps(state_to_dict(state)).encode()


def render_entry(entry: dict[str, Any]) -> bytes:
    import tomli_w

    return b"\n" + tomli_w.dumps({"log": [entry]}).encode()


def last_entry(log: bytes) -> dict[str, Any]:
    """Parses only the last ``[[log]]`` entry of a log tail."""
    at = log.rfind(LOG_MARKER)
    block = log[at + 1 :] if at >= 0 else log
    entries = parse_toml(block, "the last log entry").get("log")
    if not entries:
        raise GameFileError("the game file's log is damaged (no readable last entry)")
    return entries[-1]


def _write_atomic(path: Path, chunks: list[bytes], mode: int) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _lock(path: Path):
    from filelock import FileLock

    return FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT_S)


def append(game: LoadedGame, state: GameState, entry: dict[str, Any]) -> None:
    """Writes the new head and one more log entry, refusing if the file changed since ``load``."""
    from filelock import Timeout

    path = game.path
    chunks = [render_head(state), game.log_bytes, render_entry(entry)]
    try:
        with _lock(path):
            try:
                st = os.stat(path)
            except FileNotFoundError:
                raise GameFileError(f"{path} disappeared while this command ran; nothing was written") from None
            if _stamp(st) != game.stamp:
                raise GameFileError(
                    f"stale revision: {path} changed since it was read (revision {game.state.revision} "
                    "is no longer the latest; another btcli call wrote it); nothing was written, run the command again"
                )
            _write_atomic(path, chunks, st.st_mode & 0o7777)
    except Timeout:
        raise GameFileError(f"{path} is locked by another btcli process; nothing was written") from None
    except PermissionError as exc:
        raise GameFileError(f"cannot write {path}: {exc.strerror}") from None


def create(path: str | Path, state: GameState, entry: dict[str, Any], overwrite: bool = False) -> None:
    """Writes a new game file with its first log entry."""
    from filelock import Timeout

    path = Path(path)
    if path.exists() and not overwrite:
        raise GameFileError(f"{path} already exists (use --force to replace it)")
    if not path.parent.is_dir():
        raise GameFileError(f"folder {path.parent} does not exist")
    umask = os.umask(0)
    os.umask(umask)
    try:
        with _lock(path):
            _write_atomic(path, [render_head(state), render_entry(entry)], 0o666 & ~umask)
    except Timeout:
        raise GameFileError(f"{path} is locked by another btcli process; nothing was written") from None
    except PermissionError as exc:
        raise GameFileError(f"cannot write {path}: {exc.strerror}") from None


# -- reading the whole log fast (verify) ----------------------------------------------
#
# tomllib reads a 10,000-entry log in about half a second. Entries written by
# tomli_w have a tiny fixed grammar (integers, one-line strings, arrays of strings),
# so a block that matches it exactly is read with a regular expression and
# json.loads, which for that grammar yields what tomllib yields; any other block
# (the first entry with the initial state, a hand-edited one) goes to tomllib.

_STRING = r'"(?:[^"\\\x00-\x1f\x7f]|\\["\\btnfr]|\\u[0-9A-Fa-f]{4})*"'
_SCALAR_LINE = re.compile(rf"([A-Za-z0-9_-]+) = (-?(?:0|[1-9][0-9]*)|{_STRING}|\[\])\Z")
_ARRAY_OPEN = re.compile(r"([A-Za-z0-9_-]+) = \[\Z")
_ARRAY_ITEM = re.compile(rf"    ({_STRING}),\Z")


def _string(raw: str) -> str:
    """Decodes a basic string already matched by _STRING (TOML and JSON agree on its escapes)."""
    return raw[1:-1] if "\\" not in raw else json.loads(raw)


def _fast_block(block: str) -> dict[str, Any] | None:
    entry: dict[str, Any] = {}
    lines = block.split("\n")
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if not line:
            continue
        m = _SCALAR_LINE.match(line)
        if m:
            key, raw = m.groups()
            value: Any = [] if raw == "[]" else (_string(raw) if raw[0] == '"' else int(raw))
        else:
            m = _ARRAY_OPEN.match(line)
            if not m:
                return None
            key, value = m.group(1), []
            while i < n and lines[i] != "]":
                item = _ARRAY_ITEM.match(lines[i])
                if not item:
                    return None
                value.append(_string(item.group(1)))
                i += 1
            if i >= n:
                return None
            i += 1
        if key in entry:
            return None
        entry[key] = value
    return entry


def parse_log(log: bytes) -> list[dict[str, Any]]:
    """Parses a log tail (starting at its first ``[[log]]``) into entries."""
    try:
        text = log.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError("the game file's log is not UTF-8 text") from None
    if not text.startswith("\n[[log]]\n"):
        text = "\n" + text
    entries = []
    for block in text.split("\n[[log]]\n")[1:]:
        entry = _fast_block(block)
        if entry is None:
            parsed = parse_toml(("[[log]]\n" + block).encode(), "a log entry").get("log")
            if not isinstance(parsed, list) or len(parsed) != 1 or not isinstance(parsed[0], dict):
                raise GameFileError("the game file's log is damaged (an entry is not a [[log]] table)")
            entry = parsed[0]
        entries.append(entry)
    return entries
