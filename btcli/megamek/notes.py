"""What reading one MegaMek file met that btcli cannot take: a malformed file is refused at once; what
btcli does not model is refused too, unless the reading is lenient, when it is left out and listed."""

from __future__ import annotations

import os

from btcli.errors import GameFileError

LENIENT_HINT = "btcli does not model it; --lenient leaves it out with a warning"


class Notes:
    """One file's reading: its name for messages, whether it is lenient, and what it left out."""

    def __init__(self, path: str, lenient: bool = False, left_out: list[str] | None = None):
        self.path = path
        self.name = os.path.basename(path) or path
        self.lenient = lenient
        self.left_out = [] if left_out is None else left_out

    def at(self, line: int | None) -> str:
        """Returns where a problem lies: ``FILE line N`` (or the file alone)."""
        return f"{self.path} line {line}" if line else self.path

    def fail(self, line: int | None, message: str) -> GameFileError:
        """Returns the error for a malformed file (the caller raises it)."""
        return GameFileError(f"{self.at(line)}: {message}")

    def unmodelled(self, line: int | None, message: str, instead: str = "") -> None:
        """Refuses something btcli does not model, or, lenient, notes it as left out (``instead``: what the
        reading does in its place, e.g. 'read as single heat sinks')."""
        if not self.lenient:
            raise GameFileError(f"{self.at(line)}: {message} ({LENIENT_HINT})")
        self.left_out.append(f"{self.at(line)}: {message}" + (f" ({instead})" if instead else ""))
