"""Every file btcli reads or writes goes through here (issue #10: nothing lost, nobody cheats).

Reading: regular files only (never a FIFO, a device or a folder), opened without
blocking, within a size limit, decoded and parsed with depth and number checks.
Writing: a fresh temporary file in the target's folder, fsynced, renamed over
the target, and the folder fsynced; leftovers of killed writes are removed by
the next write. Output paths are guarded in one place, ``check_output``: never
over a game, seed or secrets file, never over an existing file without
``--force``, symlinks resolved before any check.
"""

from __future__ import annotations

import os
import stat
import time

from btcli.errors import GameFileError, InputError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

MIB = 1 << 20
GAME_LIMIT = 64 * MIB  # a 10,000-entry game is under 3 MB
SCENARIO_LIMIT = 16 * MIB
SECRETS_LIMIT = 1 * MIB
SEED_LIMIT = 4096
MAX_DEPTH = 32  # tables and arrays nested deeper than any btcli file
MAX_INT = 2**63 - 1  # TOML's own integer range

GAME_HEADER = b"# btcli game file:"
SECRETS_HEADER = b"# btcli secrets"
SEED_HEADER = b"# btcli referee seed"
TEMP_SUFFIX = ".tmp"


def real(path: str | os.PathLike) -> str:
    """Returns the path with every symlink resolved (the file btcli really reads and replaces)."""
    return os.path.realpath(os.fspath(path))


def open_regular(path: str | os.PathLike, what: str, limit: int):
    """Opens a regular file for binary reading, without ever blocking on a FIFO or a device.

    Raises GameFileError (exit 4) for a missing file, a folder, a special file or one over ``limit`` bytes.
    """
    path = os.fspath(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode) and not stat.S_ISDIR(os.stat(path).st_mode):
            raise GameFileError(f"{path} is not a regular file (a device, pipe or socket), not a {what}")
    except OSError:
        pass  # missing or unreadable: the open below says so
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise GameFileError(f"no {what} at {path}") from None
    except IsADirectoryError:
        raise GameFileError(f"{path} is a folder, not a {what}") from None
    except OSError as exc:
        raise GameFileError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise GameFileError(f"{path} is a folder, not a {what}")
        if not stat.S_ISREG(st.st_mode):
            raise GameFileError(f"{path} is not a regular file (a device, pipe or socket), not a {what}")
        if st.st_size > limit:
            raise GameFileError(f"{what} {path} is {_amount(st.st_size)}, over btcli's limit of {_amount(limit)}")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """Returns the whole content of a regular file of at most ``limit`` bytes (see ``open_regular``)."""
    with open_regular(path, what, limit) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise GameFileError(f"cannot read {what} {os.fspath(path)}: {exc.strerror or exc}") from None
    if len(data) > limit:  # it grew while being read
        raise GameFileError(f"{what} {os.fspath(path)} is over btcli's size limit")
    return data


def check_private(path: str, what: str) -> None:
    """Refuses a secret (seed or secrets file) that others may read, as ssh refuses an open key."""
    if os.name == "nt":  # pragma: no cover - POSIX permission bits only
        return
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if mode & 0o077:
        raise GameFileError(f"{what} {path} can be read by others (mode {stat.S_IMODE(mode):04o}); "
                            f"make it private first: chmod 600 {path}")


# -- parsing ------------------------------------------------------------------------------


def decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError(f"{what} is not UTF-8 text") from None


def parse_toml(data: bytes | str, what: str) -> dict[str, Any]:
    """Parses TOML text into plain data, refusing what no btcli file holds: nesting deeper than
    MAX_DEPTH, integers outside TOML's 64-bit range, NaN or infinite floats."""
    import tomllib

    text = decode(data, what) if isinstance(data, bytes) else data
    try:
        parsed = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if text.startswith("\ufeff"):  # what Windows Notepad saves as "UTF-8"
            raise GameFileError(f"{what} starts with a byte-order mark (BOM): save it as UTF-8 without one") from None
        raise GameFileError(f"{what} is not valid TOML ({exc})") from None
    except RecursionError:
        raise GameFileError(f"{what} nests arrays or tables deeper than btcli reads ({MAX_DEPTH} levels)") from None
    except ValueError as exc:  # an integer of thousands of digits
        raise GameFileError(f"{what} holds a number btcli cannot read ({str(exc)[:60]}...)") from None
    check_plain(parsed, what)
    return parsed


def check_plain(data: object, what: str) -> None:
    """Walks parsed data without recursion; raises GameFileError on excessive depth or numbers.

    A table or array met again at the same depth (``headparse`` shares the values of sections of the
    same text) is checked once."""
    stack = [(data, 0)]
    seen = set()
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if (id(value), depth) in seen:
                continue
            seen.add((id(value), depth))
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise GameFileError(f"{what} nests tables deeper than btcli reads ({MAX_DEPTH} levels)")
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise GameFileError(f"{what} nests arrays deeper than btcli reads ({MAX_DEPTH} levels)")
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not -MAX_INT - 1 <= value <= MAX_INT:
                raise GameFileError(f"{what} holds an integer outside TOML's 64-bit range")
        elif isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
            raise GameFileError(f"{what} holds a number that is not finite")


def ascii_int(text: str, what: str, max_digits: int = 18) -> int:
    """Converts ASCII decimal digits to an int, refusing other digits ('²', '٣') and huge numbers."""
    if not (text.isascii() and text.isdigit()):
        raise InputError(f"bad {what} {text!r}: expected a whole number in ASCII digits")
    if len(text) > max_digits:
        raise InputError(f"bad {what}: {len(text)} digits is more than btcli takes ({max_digits})")
    return int(text)


# -- what a file is -----------------------------------------------------------------------


def sniff(path: str, size: int = 64) -> bytes:
    """Returns the first bytes of an existing regular file (b'' for anything else)."""
    try:
        with open_regular(path, "file", 1 << 62) as f:
            return f.read(size)
    except (GameFileError, OSError):
        return b""


def kind_of(path: str) -> str:
    """Names what btcli keeps in an existing file: 'game', 'secrets', 'seed', 'scenario', or '' (anything else).

    By content where it can: a game is still a game with its header comment cut off."""
    return kind_of_bytes(sniff(path, 4096), path)


def kind_of_bytes(head: bytes, path: str = "") -> str:
    """Names what a file is from its first 4 KiB (and its name): see ``kind_of``."""
    if head.startswith(GAME_HEADER) or (b"[game]\nformat = " in head) or head.startswith(b"[game]\n"):
        return "game"
    if head.startswith(SECRETS_HEADER) or path.endswith(".secrets.toml"):
        return "secrets"
    if head.startswith(SEED_HEADER) or path.endswith(".seed"):
        return "seed"
    if b"[scenario]" in head or b"[[units]]" in head:
        return "scenario"
    return ""


def check_output(path: str | os.PathLike, *, what: str, force: bool, protect: dict[str, str] | None = None,
                 replaceable: str = "") -> str:
    """Returns the real path an output may be written to, or refuses (InputError, exit 2).

    An output never lands on a file in ``protect`` ({what it is: path}: the game being played, its seed,
    its scenario),
    nor on any btcli game, seed or secrets file other than one of kind ``replaceable``; an existing
    file is replaced only with ``--force``; the folder must exist. Symlinks are resolved first, so a
    link cannot smuggle a write onto a protected file.
    """
    shown = os.fspath(path)
    if not shown:
        raise InputError(f"an empty path names no file; give a file name for the {what}")
    if shown.endswith(("/", os.sep)):
        raise InputError(f"{shown!r} names a folder; give a file name for the {what}")
    target = real(path)
    for name, other in (protect or {}).items():
        if other and target == real(other):
            raise InputError(f"{shown} is {name}; write the {what} somewhere else")
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise InputError(f"cannot write the {what} to {shown}: folder {os.path.dirname(shown) or '.'} does not exist")
    if not os.path.lexists(target):
        return target
    if os.path.isdir(target):
        raise InputError(f"{shown} is a folder; give a file name for the {what}")
    if not os.path.isfile(target):
        raise InputError(f"{shown} is not a regular file; give a file name for the {what}")
    kind = kind_of(target)
    if kind and kind != replaceable:
        raise InputError(f"{shown} is a btcli {kind} file; btcli never writes a {what} over it")
    if not force:
        raise InputError(f"{shown} already exists (add --force to replace it)")
    if replaceable and kind != replaceable:
        raise InputError(f"{shown} exists and is not a btcli {replaceable} file; --force replaces only those")
    return target


# -- writing ------------------------------------------------------------------------------


def temp_name(path: str) -> str:
    """Returns a fresh hidden temporary name beside ``path`` (``.NAME.PID.NS.tmp``)."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.{os.getpid()}.{time.monotonic_ns()}{TEMP_SUFFIX}")


def write_temp(path: str, parts, mode: int) -> str:
    """Writes ``parts`` (bytes, (file, offset, count) ranges of an open file, or a function given the file
    that writes to it: the replay page as its log replays) to a fresh temporary file beside ``path`` with
    permission ``mode``, fsynced; returns its name. Nothing is left of it if writing fails."""
    tmp = temp_name(path)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    try:
        with os.fdopen(fd, "wb") as f:
            for part in parts:
                if isinstance(part, (bytes, bytearray)):
                    f.write(part)
                elif callable(part):
                    part(f)
                else:
                    source, offset, count = part
                    f.flush()
                    copy_range(source, f, offset, count)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
    except BaseException:
        discard(tmp)
        raise
    return tmp


def copy_range(src, dst, offset: int, count: int) -> None:
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
        chunk = src.read(min(count, MIB))
        if not chunk:
            raise GameFileError("a file shrank while it was being copied")
        dst.write(chunk)
        count -= len(chunk)


def replace(tmp: str, path: str) -> None:
    """Renames a written temporary file over ``path`` and makes the rename durable (folder fsync)."""
    try:
        os.replace(tmp, path)
    except BaseException:
        discard(tmp)
        raise
    sync_folder(os.path.dirname(path))


def sync_folder(folder: str) -> None:
    if os.name == "nt":  # pragma: no cover - Windows cannot open a folder for fsync
        return
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str, data: bytes, mode: int) -> None:
    """Replaces (or creates) ``path`` with ``data`` in one atomic step."""
    replace(write_temp(path, [data], mode), path)


def discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def discard_leftovers(path: str) -> None:
    """Removes the temporary files of writes to ``path`` that were killed before their rename.

    Called under the game's lock: no other btcli process is writing these files then.
    """
    folder, name = os.path.split(path)
    prefix = f".{name}."
    try:
        entries = os.listdir(folder or ".")
    except OSError:
        return
    for entry in entries:
        if entry.startswith(prefix) and entry.endswith(TEMP_SUFFIX):
            middle = entry[len(prefix):-len(TEMP_SUFFIX)].split(".")
            if len(middle) == 2 and all(p.isascii() and p.isdigit() for p in middle):
                discard(os.path.join(folder, entry))


def umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _amount(size: int) -> str:
    """A size as a player reads it: bytes, exact; MiB from one MiB up, with the bytes when not whole."""
    if size < MIB:
        return f"{size:,} bytes"
    whole = size % MIB == 0
    return f"{size // MIB:,} MiB" if whole else f"{size / MIB:,.1f} MiB ({size:,} bytes)"
