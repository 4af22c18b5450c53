"""The game file: a TOML head (current state) followed by an append-only ``[[log]]`` tail.

Reading the state parses only the head. Appending writes the new head, copies
the old log's bytes unchanged and adds one entry, all into a temporary file in
the same folder that is fsynced and renamed over the game (atomic), under a lock
file. A write whose game changed since it was read (another process got there
first) is refused as stale.
"""

from __future__ import annotations

import os
import time
import tomllib
from dataclasses import dataclass

from btcli.errors import GameFileError
from btcli.model.state import GameState

LOG_MARKER = b"\n[[log]]\n"
HEADER = b"# btcli game file: the head is the current state, [[log]] entries are appended below.\n"
HEADER += b"# Edit nothing by hand: 'btcli verify' detects any change.\n\n"
LOCK_TIMEOUT_S = 10.0
ENTRY_KEYS = {"seq", "turn", "phase", "command", "events", "rolls", "prev", "state"}


@dataclass(frozen=True)
class LoadedGame:
    """A game as read from disk: its state, where its log starts, and its last entry's text.

    Only the head and the tail of the file are read; the log in between is copied
    kernel-side when the game is written back.
    """

    path: str
    state: GameState
    head_end: int  # offset of the log tail (its leading newline)
    size: int
    last: dict  # the last [[log]] entry, parsed: checked on load, hashed as the next entry's ``prev``
    stamp: tuple[int, int, int]  # inode, size, mtime: changes on every write


CHUNK = 1 << 16


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def split_head(data: bytes) -> int:
    """Returns the offset where the log tail starts (len(data) if there is none)."""
    if data.startswith(LOG_MARKER[1:]):
        return 0
    at = data.find(LOG_MARKER)
    return len(data) if at < 0 else at


def parse_toml(text: bytes, what: str) -> dict[str, object]:
    try:
        return tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise GameFileError(f"{what} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise GameFileError(f"{what} is not valid TOML ({exc})") from None


def read_bytes(path: str | os.PathLike) -> tuple[bytes, tuple[int, int, int]]:
    """Returns a whole game file and its stamp (for verify)."""
    with _open(os.fspath(path)) as f:
        return f.read(), _stamp(os.fstat(f.fileno()))


def _open(path: str):
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise GameFileError(f"no game file at {path}") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a game file") from None
    except OSError as exc:
        raise GameFileError(f"cannot read {path}: {exc.strerror}") from None


def load(path: str | os.PathLike) -> LoadedGame:
    """Reads a game file's head into a GameState, and its last log entry (the log is not parsed)."""
    from btcli.store.codec import state_from_dict

    path = os.fspath(path)
    with _open(path) as f:
        st = os.fstat(f.fileno())
        head = b""
        head_end = -1
        while head_end < 0:  # read until the first [[log]]
            chunk = f.read(CHUNK)
            if not chunk:
                break
            scan_from = max(0, len(head) - len(LOG_MARKER))
            head += chunk
            if head.startswith(LOG_MARKER[1:]):
                head_end = 0
            else:
                at = head.find(LOG_MARKER, scan_from)
                head_end = at
        if head_end < 0:
            if b"\r\n" in head:
                raise GameFileError(f"{path} has Windows (CRLF) line endings; btcli game files use LF (see README: play by email)")
            raise GameFileError(f"{path} has no [[log]] entries: not a btcli game file, or truncated")
        size = st.st_size
        tail_from = size
        tail = b""
        at = -1
        while at < 0 and tail_from > head_end:  # read backwards until the last [[log]]
            start = max(head_end, tail_from - CHUNK)
            f.seek(start)
            tail = f.read(tail_from - start) + tail
            tail_from = start
            at = tail.rfind(LOG_MARKER)
    state = state_from_dict(parse_toml(head[:head_end], f"game file {path}"))
    last_block = tail[at + 1 :] if at >= 0 else tail
    last = last_entry(last_block)  # a file cut inside its last entry is damaged
    if last.get("seq") != state.revision or not ENTRY_KEYS <= set(last):
        raise GameFileError(f"{path} is damaged: its last log entry is {last.get('seq')!r}, its head says revision {state.revision}")
    return LoadedGame(path, state, head_end, size, last, _stamp(st))


def render_head(state: GameState) -> bytes:
    import tomli_w

    from btcli.store.codec import state_to_dict

    return HEADER + tomli_w.dumps(state_to_dict(state)).encode()


def render_entry(entry: dict[str, object]) -> bytes:
    """Returns one ``[[log]]`` table (written by hand: tomli_w inlines short arrays of tables)."""
    import tomli_w

    if any(isinstance(v, dict) for v in entry.values()):  # the first entry, with the initial state
        text = tomli_w.dumps({"log": [entry]})
        if not text.startswith("[[log]]\n"):
            raise AssertionError("tomli_w wrote the first log entry inline")
        return b"\n" + text.encode()
    return b"\n[[log]]\n" + tomli_w.dumps(entry).encode()


def last_entry(block: bytes) -> dict[str, object]:
    """Parses the text of the last ``[[log]]`` entry."""
    entries = parse_toml(block, "the last log entry").get("log")
    if not isinstance(entries, list) or not entries:
        raise GameFileError("the game file's log is damaged (no readable last entry)")
    return entries[-1]


def _copy_range(src, dst, offset: int, count: int) -> None:
    """Copies ``count`` bytes of ``src`` from ``offset`` to the end of ``dst``, kernel-side where possible."""
    copy = getattr(os, "copy_file_range", None)
    if copy is not None:
        try:
            while count > 0:
                done = copy(src.fileno(), dst.fileno(), count, offset)
                if done == 0:
                    break
                offset += done
                count -= done
            if count == 0:
                return
        except OSError:
            pass
    src.seek(offset)
    while count > 0:
        chunk = src.read(min(count, 1 << 20))
        if not chunk:
            raise GameFileError("the game file shrank while it was being copied")
        dst.write(chunk)
        count -= len(chunk)


def _write_temp(path: str, parts: list, mode: int) -> str:
    """Writes and fsyncs a temporary file in the game's folder; returns its path.

    ``parts`` are bytes, or (file, offset, count) ranges copied from an open file.
    """
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, f".{name}.{os.getpid()}.{time.monotonic_ns()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        with os.fdopen(fd, "wb") as f:
            for part in parts:
                if isinstance(part, bytes):
                    f.write(part)
                else:
                    source, offset, count = part
                    f.flush()
                    _copy_range(source, f, offset, count)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        _discard(tmp)
        raise
    return tmp


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _replace(tmp: str, path: str) -> None:
    try:
        os.replace(tmp, path)
    except BaseException:
        _discard(tmp)
        raise


def _lock(path: str):
    from btcli.store.lock import GameLock

    return GameLock(path, LOCK_TIMEOUT_S)


def append(game: LoadedGame, state: GameState, entry: dict[str, object]) -> None:
    """Writes the new head and one more log entry, refusing if the file changed since ``load``."""
    path = game.path
    try:
        with _lock(path):
            try:
                old = open(path, "rb")
            except FileNotFoundError:
                raise GameFileError(f"{path} disappeared while this command ran; nothing was written") from None
            with old:
                st = os.fstat(old.fileno())
                if _stamp(st) != game.stamp:
                    raise GameFileError(
                        f"stale revision: {path} changed since it was read (revision {game.state.revision} "
                        "is no longer the latest; another btcli call wrote it); nothing was written, "
                        "run the command again"
                    )
                parts = [render_head(state), (old, game.head_end, game.size - game.head_end), render_entry(entry)]
                tmp = _write_temp(path, parts, st.st_mode & 0o7777)
            _replace(tmp, path)  # after closing the old file: Windows cannot replace an open one
    except OSError as exc:
        raise GameFileError(f"cannot write {path}: {exc.strerror or exc}") from None


def create(path: str | os.PathLike, state: GameState, entry: dict[str, object], overwrite: bool = False) -> None:
    """Writes a new game file with its first log entry."""
    path = os.fspath(path)
    if os.path.exists(path) and not overwrite:
        raise GameFileError(f"{path} already exists (use --force to replace it)")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise GameFileError(f"folder {folder} does not exist")
    umask = os.umask(0)
    os.umask(umask)
    try:
        with _lock(path):
            if os.path.isdir(path):
                raise GameFileError(f"{path} is a folder, not a game file")
            _replace(_write_temp(path, [render_head(state), render_entry(entry)], 0o666 & ~umask), path)
    except OSError as exc:
        raise GameFileError(f"cannot write {path}: {exc.strerror or exc}") from None
