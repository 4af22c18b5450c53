"""Locks held while one command checks and replaces a game (and the secrets written with it).

POSIX: ``fcntl.flock`` on the game file itself, so no lock file is left beside
the game and every link to one game (symlinks are resolved by the caller, hard
links share the inode) meets the same lock. A waiter that gets the lock after
another process renamed a new file over the game retries on the new file. A game
that does not exist yet is created under a lock on its folder.

Windows (``msvcrt.locking``) cannot rename over an open file, so there the lock
is a ``GAME.lock`` file beside the game, as before. Both locks vanish with the
process, so a crash never leaves a game locked. (The ``filelock`` package does
the same but costs about 15 ms to import, on every command.)
"""

from __future__ import annotations

import os
import stat
import sys
import time

from btcli.contexts import contextmanager  # contextlib's, without its imports (issue #17)
from btcli.errors import GameFileError

POLL_S = 0.02


def _locked_message(path: str) -> GameFileError:
    return GameFileError(f"{path} is locked by another btcli process; nothing was written")


@contextmanager
def locked_game(path: str, timeout: float, create_mode: int | None = None):
    """Yields the game file opened for reading and locked exclusively: the file now at ``path``.

    With ``create_mode`` a missing file is created empty with that mode first (a secrets file)."""
    deadline = time.monotonic() + timeout
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        with _lock_file(path + ".lock", deadline, path):
            with _open_game(path, create_mode) as f:
                yield f
        return
    while True:
        f = _open_game(path, create_mode)
        try:
            while not _try_lock(f.fileno()):
                if time.monotonic() >= deadline:
                    raise _locked_message(path)
                time.sleep(POLL_S)
            if _same_file(path, f):
                yield f
                return
        finally:
            f.close()  # closing the descriptor releases the lock
        # Another process replaced the game while we waited: lock the new file.


def locked_temp(path: str):
    """Opens a temporary file about to be renamed over a game, locked: the lock a batch of orders holds
    moves with the game (``gamefile.append``'s ``held``) and is never let go in between."""
    f = _open_game(path)
    if not _try_lock(f.fileno()):  # nobody else knows the name yet
        f.close()
        raise GameFileError(f"cannot lock {path}; nothing was written")
    return f


@contextmanager
def locked_folder(folder: str, timeout: float, path: str):
    """Holds an exclusive lock on a folder while a new game is created in it."""
    deadline = time.monotonic() + timeout
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        with _lock_file(path + ".lock", deadline, path):
            yield
        return
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError as exc:
        raise GameFileError(f"cannot use folder {folder}: {exc.strerror or exc}") from None
    try:
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise _locked_message(path)
            time.sleep(POLL_S)
        yield
    finally:
        os.close(fd)


def _open_game(path: str, create_mode: int | None = None):
    """Opens the file for reading without ever blocking (a FIFO swapped in is refused, not waited on)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        if create_mode is not None:
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, create_mode))
            except FileExistsError:
                pass
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise GameFileError(f"{path} disappeared while this command ran; nothing was written") from None
    except OSError as exc:
        raise GameFileError(f"cannot open {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise GameFileError(f"{path} is no longer a regular file; nothing was written")
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _same_file(path: str, f) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise GameFileError(f"{path} disappeared while this command ran; nothing was written") from None
    own = os.fstat(f.fileno())
    return (st.st_dev, st.st_ino) == (own.st_dev, own.st_ino)


@contextmanager
def _lock_file(lock_path: str, deadline: float, path: str):  # pragma: no cover - Windows only
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                raise _locked_message(path)
            time.sleep(POLL_S)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - Windows only (os.name "nt": checkers read sys.platform)
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
