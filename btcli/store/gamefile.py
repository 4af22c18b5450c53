"""The game file: a TOML head (current state) followed by an append-only ``[[log]]`` tail.

Reading the state parses only the head and the last entry (``runner.load``
also checks that the head is the state the last entry recorded). Appending writes the new head, copies the
old log's bytes unchanged and adds one entry, all into a temporary file in the
same folder that is fsynced and renamed over the game (atomic), under a lock on
the game file itself. A write whose game changed since it was read (another
process got there first) is refused as stale. Symlinks are followed: the file
written is the one the link points to.
"""

from __future__ import annotations

import os

from btcli.errors import GameFileError
from btcli.model.frozen import Record
from btcli.model.state import GameState
from btcli.store import files
from btcli.store.files import parse_toml  # noqa: F401  (re-exported: the log parser and tests use it)

LOG_MARKER = b"\n[[log]]\n"
HEADER = files.GAME_HEADER + b" the head is the current state, [[log]] entries are appended below.\n"
HEADER += b"# Edit nothing by hand: 'btcli verify' detects any change.\n\n"
LOCK_TIMEOUT_S = 10.0
ENTRY_KEYS = {"seq", "turn", "phase", "command", "events", "rolls", "prev", "state"}


class LoadedGame(Record, slots=False):
    """A game as read from disk: its state, where its log starts, and its last entry's text.

    Only the head and the tail of the file are read; the log in between is copied
    kernel-side when the game is written back.
    """

    path: str  # the real path (symlinks resolved): the file that is replaced
    state: GameState
    head_end: int  # offset of the log tail (its leading newline)
    size: int
    last: dict  # the last [[log]] entry, parsed: checked on load, hashed as the next entry's ``prev``
    stamp: tuple[int, int, int]  # inode, size, mtime: changes on every write
    shown: str = ""  # the path as the user gave it, for messages


CHUNK = 1 << 16


def _stamp(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def split_head(data: bytes) -> int:
    """Returns the offset where the log tail starts (len(data) if there is none)."""
    if data.startswith(LOG_MARKER[1:]):
        return 0
    at = data.find(LOG_MARKER)
    return len(data) if at < 0 else at


def read_bytes(path: str | os.PathLike) -> tuple[bytes, tuple[int, int, int]]:
    """Returns a whole game file and its stamp (for verify)."""
    with files.open_regular(files.real(path), "game file", files.GAME_LIMIT) as f:
        try:
            data = f.read(files.GAME_LIMIT + 1)
        except OSError as exc:
            raise GameFileError(f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from None
        stamp = _stamp(os.fstat(f.fileno()))
    if len(data) > files.GAME_LIMIT:
        raise GameFileError(f"game file {os.fspath(path)} is over btcli's size limit")
    if split_head(data) == len(data):
        _refuse_a_scenario(data, os.fspath(path))
    return data, stamp


def read_log(path: str | os.PathLike):
    """Reads a game file as ``verify`` replays it: returns the head (with the log up to the chunk
    holding its first entry) and an iterator over the rest of the file in chunks, read only as they
    are asked for, so that memory stays flat in the log's length (issue #17). The file is closed
    once the chunks are read to the end (or the iterator is dropped)."""
    shown = os.fspath(path)
    f = files.open_regular(files.real(path), "game file", files.GAME_LIMIT)
    try:
        head, head_end = _read_head(f)
    except OSError as exc:
        f.close()
        raise GameFileError(f"cannot read {shown}: {exc.strerror or exc}") from None
    except BaseException:
        f.close()
        raise
    if head_end < 0:
        f.close()
        _refuse_a_scenario(head, shown)
        return head, iter(())
    return head, _chunks(f, len(head), shown)


LOG_CHUNK = 1 << 18  # what verify holds of a long log at a time, besides the entry it replays


def _chunks(f, size: int, shown: str):
    with f:
        while True:
            try:
                chunk = f.read(LOG_CHUNK)
            except OSError as exc:
                raise GameFileError(f"cannot read {shown}: {exc.strerror or exc}") from None
            if not chunk:
                return
            size += len(chunk)
            if size > files.GAME_LIMIT:  # a file that grows while it is read
                raise GameFileError(f"game file {shown} is over btcli's size limit")
            yield chunk


def _refuse_a_scenario(data: bytes, shown: str) -> None:
    """Refuses a scenario given where a game file belongs, saying how to make a game of it."""
    if files.kind_of_bytes(data[:4096], shown) == "scenario":
        raise GameFileError(f"{shown} is a scenario, not a game; make a game with 'btcli init {shown} -o game.toml'")


def _read_head(f) -> tuple[bytes, int]:
    """Reads from the start until the first ``[[log]]``; returns (bytes read, its offset or -1).

    Linear in the head's size (a bytearray grows in place; each chunk is searched once).
    """
    head = bytearray()
    while True:
        chunk = f.read(CHUNK)
        if not chunk:
            return bytes(head), -1
        if len(head) + len(chunk) > files.GAME_LIMIT:  # a file that grows, or lies about its size
            raise GameFileError("the game file is over btcli's size limit")
        scan_from = max(0, len(head) - len(LOG_MARKER))
        head += chunk
        if head.startswith(LOG_MARKER[1:]):
            return bytes(head), 0
        at = head.find(LOG_MARKER, scan_from)
        if at >= 0:
            return bytes(head), at


def _read_last_block(f, head_end: int, size: int) -> bytes:
    """Reads backwards from the end until the last ``[[log]]``; returns the entry's text from its
    ``[[log]]`` line. Each step doubles what it reads, so a huge last entry is read in linear time."""
    step = CHUNK
    start = size
    while start > head_end:
        start = max(head_end, size - step)
        f.seek(start)
        tail = f.read(size - start)
        at = tail.rfind(LOG_MARKER)
        if at >= 0:
            return tail[at + 1:]
        step *= 2
    return tail


def load(path: str | os.PathLike) -> LoadedGame:
    """Reads a game file's head into a GameState, and its last log entry (the log is not parsed).

    Commands load through ``runner.load``, which also checks the head against the log.
    """
    from btcli.store.codec import state_from_dict

    shown = os.fspath(path)
    real = files.real(path)
    with files.open_regular(real, "game file", files.GAME_LIMIT) as f:
        st = os.fstat(f.fileno())
        try:
            head, head_end = _read_head(f)
            if head_end < 0:
                if b"\r\n[[log]]\r\n" in head and files.decode(head, "game file"):
                    raise GameFileError(f"{shown} has Windows (CRLF) line endings; btcli game files use LF "
                                        "(see README: play by email)")
                _refuse_a_scenario(head, shown)
                raise GameFileError(f"{shown} has no [[log]] entries: not a btcli game file, or truncated")
            size = st.st_size
            last_block = _read_last_block(f, head_end, size)
        except OSError as exc:
            raise GameFileError(f"cannot read {shown}: {exc.strerror or exc}") from None
    state = state_from_dict(_parse(head[:head_end], f"game file {shown}", entry=False))
    _remember_head(head[:head_end], state)
    last = last_entry(last_block)  # a file cut inside its last entry is damaged
    if last.get("seq") != state.revision or set(last) not in (ENTRY_KEYS, ENTRY_KEYS | {"initial"},
                                                              ENTRY_KEYS | {"initial", "carried"}):
        raise GameFileError(f"{shown} is damaged: its last log entry is {last.get('seq')!r}, "
                            f"its head says revision {state.revision}")
    return LoadedGame(real, state, head_end, size, last, _stamp(st), shown)


def _remember_head(head: bytes, state: GameState) -> None:
    """Starts the head writer's caches with the text the head was read from: a command changes one or two
    of the units it loads and rarely the map, and writes the rest back as read (issue #30: writing every
    unit's tables again was a fifth of a command's work). The head is what ``render_head`` wrote (a command
    refuses a head whose state is not the one its log recorded, ``runner.load``), so an unchanged unit's
    tables and the maps are the bytes ``_unit_tables`` and ``_map_tables`` would write. Nothing is kept
    unless the head has the shape ``_render_head`` gives it: its maps' tables, then each unit's, in order."""
    if not state.units or not state.maps:
        return
    starts: list[int] = []
    for uid in state.units:  # unit ids are bare keys (docs/schema.md): the header is [units.ID]
        at = head.find(b"\n\n[units." + uid.encode() + b"]\n", starts[-1] if starts else 0)
        if at < 0:
            return
        starts.append(at + 2)
    first = starts[0]
    maps_at = head.find(b"\n\n[map")  # [map] or [maps.ID]: the first table after [game] .. [sides]
    if not 0 <= maps_at < first:
        return
    _map_cache[:] = (tuple(state.maps.items()), head[maps_at + 2:first - 1])
    ends = starts[1:] + [len(head) + 1]
    for unit, start, end in zip(state.units.values(), starts, ends):
        _unit_cache[id(unit)] = (unit, head[start:end - 1])


def render_head(state: GameState) -> bytes:
    """Returns the head: ``tomli_w.dumps(state_to_dict(state))`` after the header, each unit's tables
    rendered once per unit object (``btcli play`` writes a head per order; most units did not change).
    ``tomlwrite.dumps`` writes what tomli_w writes, faster (issue #17)."""
    from btcli.store import tomlwrite, typed

    # Units of one design share values; each is written once (``typed.write_shared``).
    return typed.write_shared(tomlwrite.write_shared, _render_head, state)


def _render_head(state: GameState) -> bytes:
    from btcli.store.codec import meta_to_dict, state_to_dict
    from btcli.store.tomlwrite import dumps

    if not state.units:
        return HEADER + dumps(state_to_dict(state)).encode()
    # The units are the head's last table and each unit a table of its own ([units.ID], [units.ID.x]):
    # tomli_w writes the rest, then each unit's tables after one blank line, as it writes them alone.
    # The maps likewise, after the [game] to [sides] tables: a map rarely changes, and is most of the rest.
    parts = [HEADER, dumps(meta_to_dict(state)).encode(), b"\n", _map_tables(state)]
    for unit in state.units.values():
        parts += (b"\n", _unit_tables(unit))
    return b"".join(parts)


_map_cache: list = [(), b""]  # the maps written last, as (id, map) pairs, and their tables


def _map_tables(state: GameState) -> bytes:
    """Returns the ``[map]`` and ``[maps.ID]`` tables as ``tomli_w`` writes them, kept for the (immutable)
    maps written last: ``btcli play`` writes the same maps with every order (a phase change copies
    the maps dict, not the maps)."""
    last, text = _map_cache
    maps = state.maps
    if len(last) == len(maps) and all(key == k and area is a for (key, area), (k, a) in zip(maps.items(), last)):
        return text
    from btcli.store.codec import maps_to_dict
    from btcli.store.tomlwrite import dumps

    text = dumps(maps_to_dict(maps)).encode()
    _map_cache[:] = (tuple(maps.items()), text)
    return text


_unit_cache: dict[int, tuple[object, bytes]] = {}


def _unit_tables(unit) -> bytes:
    """Returns a unit's ``[units.ID]`` tables as ``tomli_w`` writes them, cached by the (immutable) object."""
    hit = _unit_cache.get(id(unit))
    if hit is not None and hit[0] is unit:
        return hit[1]
    from btcli.store.codec import unit_to_dict
    from btcli.store.tomlwrite import dumps

    text = dumps({"units": {unit.id: unit_to_dict(unit)}}).encode()
    if len(_unit_cache) >= 4096:
        _unit_cache.clear()
    _unit_cache[id(unit)] = (unit, text)
    return text


def render_entry(entry: dict[str, object]) -> bytes:
    """Returns one ``[[log]]`` table (written by hand: tomli_w inlines short arrays of tables), as
    tomli_w writes it (``tomlwrite.dumps``)."""
    from btcli.store.tomlwrite import dumps

    if any(isinstance(v, dict) for v in entry.values()):  # the first entry, with the initial state
        text = dumps({"log": [entry]})
        if not text.startswith("[[log]]\n"):
            raise AssertionError("tomli_w wrote the first log entry inline")
        return b"\n" + text.encode()
    return b"\n[[log]]\n" + dumps(entry).encode()


def _parse(data: bytes, what: str, entry: bool) -> dict:
    """``parse_toml(data, what)``, read by ``headparse`` when the text has the shape tomli_w writes
    (every command reads the head: tomllib's import and parse grow the start-up, issue #17)."""
    from btcli.store import headparse

    text = files.decode(data, what)
    parsed = headparse.parse_entry(text) if entry else headparse.parse(text)
    if parsed is None:
        return parse_toml(text, what)
    return parsed  # within check_plain's limits by construction (headparse.MAX_LEVELS, MAX_DIGITS)


def last_entry(block: bytes) -> dict[str, object]:
    """Parses the text of the last ``[[log]]`` entry; anything after it but its own keys is damage."""
    parsed = _parse(block, "the last log entry", entry=True)
    entries = parsed.get("log")
    if set(parsed) != {"log"} or not isinstance(entries, list) or len(entries) != 1 \
            or not isinstance(entries[0], dict):
        raise GameFileError("the game file's log is damaged (its end is not one [[log]] entry)")
    return entries[0]


def _lock(path: str):
    from btcli.store.lock import locked_game

    return locked_game(path, LOCK_TIMEOUT_S)


def append(game: LoadedGame, state: GameState, entry: dict[str, object] | list[dict[str, object]], with_it=None,
           held: Held | None = None) -> None:
    """Writes the new head and one more log entry (or several, a list: ``btcli stand``'s, in one write, so
    they land together or not at all), refusing if the file changed since ``load``.

    ``with_it``, if given, runs under the game's lock after the staleness check and before the new
    game is renamed into place: what it writes (a drop's secret) and the game entry then land
    together, or the game does not change.

    ``held`` (``btcli play``): the game stays locked between appends; its lock moves to the new file
    before that file takes the game's name, and ``held.game`` becomes the game as written, so the next
    order needs no reading. The bytes written are the same either way.
    """
    shown = game.shown or game.path
    try:
        if held is not None:
            held.game, held.file = _write(game, held.file, state, entry, with_it, keep_lock=True,
                                          sweep=not held.swept)
            held.swept = True
        else:
            with _lock(game.path) as old:
                _write(game, old, state, entry, with_it)
    except OSError as exc:
        raise GameFileError(f"cannot write {shown}: {exc.strerror or exc}") from None


def _write(game: LoadedGame, old, state: GameState, entry: dict[str, object] | list[dict[str, object]], with_it,
           keep_lock: bool = False, sweep: bool = True):
    """Replaces the game (``old``: its locked file) by the new head, the old log's bytes and ``entry``.

    ``keep_lock``: returns the game as written and its file, opened and locked before the rename (a
    waiting btcli retries on the new file and finds it locked); ``old`` is closed, releasing its lock.
    ``sweep``: first removes what killed writes left behind (``files.discard_leftovers``).
    """
    path = game.path
    if _stamp(os.fstat(old.fileno())) != game.stamp:
        raise GameFileError(
            f"stale revision: {game.shown or path} changed since it was read (revision {game.state.revision} "
            "is no longer the latest; another btcli call wrote it); nothing was written, "
            "run the command again"
        )
    if sweep:
        files.discard_leftovers(path)
    entries = entry if isinstance(entry, list) else [entry]
    head, last = render_head(state), render_entry(entries[-1])
    tail = b"".join(render_entry(e) for e in entries[:-1]) + last
    log = game.size - game.head_end
    tmp = files.write_temp(path, [head, (old, game.head_end, log), tail], os.fstat(old.fileno()).st_mode & 0o7777)
    new = None
    try:
        if with_it is not None:
            with_it()
        if keep_lock and os.name != "nt":  # Windows: the lock is GAME.lock, held by ``runner.hold``
            from btcli.store.lock import locked_temp

            new = locked_temp(tmp)
    except BaseException:
        if new is not None:
            new.close()
        files.discard(tmp)
        raise
    if os.name == "nt":  # pragma: no cover - Windows cannot replace an open file
        old.close()
    try:
        files.replace(tmp, path)
    except BaseException:
        if new is not None:
            new.close()
        raise
    if not keep_lock:
        return None
    old.close()
    if new is None:  # pragma: no cover - Windows: the new file is opened once it has the game's name
        new = open(path, "rb")
    # The entry as a command reading the file would see it: its hash is the next entry's ``prev``.
    written = LoadedGame(path, state, len(head), len(head) + log + len(tail), last_entry(last[1:]),
                         _stamp(os.fstat(new.fileno())), game.shown)
    return written, new


class Held:
    """A game kept loaded and locked across many orders (``btcli play``, see ``hold``): ``game`` is the
    game as last written, ``file`` its open, locked file."""

    def __init__(self, game: LoadedGame, file) -> None:
        self.game = game
        self.file = file
        self.swept = False  # the leftovers of killed writes removed: none can appear while the lock is held


def create(path: str | os.PathLike, state: GameState, entry: dict[str, object], overwrite: bool = False,
           protect: dict[str, str] | None = None, companion: tuple[str, bytes, int] | None = None) -> None:
    """Writes a new game file with its first log entry.

    An existing file is replaced only with ``overwrite`` and only if it is a btcli game file; never a
    file in ``protect`` (the scenario). ``companion`` (path, content, mode) is a file that goes with the
    game (the referee's seed): both are written before either is renamed into place, under one lock, so
    a failed write leaves the old pair.
    """
    shown = os.fspath(path)
    real = files.check_output(path, what="game file", force=overwrite, protect=protect, replaceable="game")
    from btcli.store.lock import locked_folder

    temps: list[str] = []
    try:
        with locked_folder(os.path.dirname(real), LOCK_TIMEOUT_S, shown):
            if os.path.lexists(real) and not overwrite:  # another init got here first
                raise GameFileError(f"{shown} was created by another btcli call meanwhile; nothing was written")
            files.discard_leftovers(real)
            temps.append(files.write_temp(real, [render_head(state), render_entry(entry)], 0o666 & ~files.umask()))
            if companion is not None:
                files.discard_leftovers(companion[0])
                temps.append(files.write_temp(companion[0], [companion[1]], companion[2]))
            if os.path.exists(real) and os.name != "nt":  # replacing a game: wait for any command writing it
                # (on Windows the folder lock is the game's own lock file)
                with _lock(real):
                    _put_in_place(temps, real, companion)
            else:
                _put_in_place(temps, real, companion)
    except OSError as exc:
        raise GameFileError(f"cannot write {shown}: {exc.strerror or exc}") from None
    finally:
        for tmp in temps:
            files.discard(tmp)


def _put_in_place(temps: list[str], real: str, companion) -> None:
    # The companion first: a kill between the two renames leaves a stray seed (harmless; init
    # --force replaces it), never a new game without its seed.
    if companion is not None:
        files.replace(temps[1], companion[0])
    files.replace(temps[0], real)
