"""A lock file beside the game, held while one command checks and replaces it.

POSIX uses ``fcntl.flock``, Windows ``msvcrt.locking``; both locks vanish with
the process, so a crash never leaves a game locked. (The ``filelock`` package
does the same but costs about 15 ms to import, on every command.)
"""

from __future__ import annotations

import os
import time

from btcli.errors import GameFileError

POLL_S = 0.02


class GameLock:
    """Context manager: an exclusive lock on ``PATH.lock``, waiting up to ``timeout`` seconds."""

    def __init__(self, path: str, timeout: float) -> None:
        self.path = path + ".lock"
        self.timeout = timeout
        self.fd = -1

    def __enter__(self) -> "GameLock":
        deadline = time.monotonic() + self.timeout
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o666)
        while not _try_lock(self.fd):
            if time.monotonic() >= deadline:
                os.close(self.fd)
                self.fd = -1
                raise GameFileError(f"{self.path[:-5]} is locked by another btcli process; nothing was written")
            time.sleep(POLL_S)
        return self

    def __exit__(self, *exc) -> None:
        _unlock(self.fd)
        os.close(self.fd)
        self.fd = -1


if os.name == "nt":  # pragma: no cover - exercised on Windows only
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
