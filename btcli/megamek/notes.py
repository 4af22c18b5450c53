"""What reading one MegaMek file met that btcli cannot take (issue #28).

Two kinds of trouble: a file btcli cannot read or a unit it does not play at all (a malformed line, a
battle armor squad) is refused at once (``fail``); what btcli does not play in a unit it otherwise
plays (an XL engine, an ATM) is noted (``unmodelled``) and the reading goes on, so that
``finish`` names every such item in one error, or, when the reading is lenient, lists each as left
out with what the import does in its place.
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from btcli.errors import GameFileError, ScenarioError

LENIENT_HINT = "--lenient leaves them out, listing each"


class Problem(NamedTuple):
    """One thing in a unit file btcli does not play (``count`` alike ones: two ER medium lasers in LT)."""

    line: int | None  # where the file first gives it
    what: str  # what it is, as a player says it: "19 double heat sinks", "ER Medium Laser in LA"
    key: str  # what a library summary counts it as: "Double Heat Sink", "engine: XL"
    instead: str = ""  # what a lenient import does in its place: "read as single heat sinks"
    count: int = 1
    hexes: tuple[str, ...] = ()  # a board's: the hexes that hold it

    @property
    def text(self) -> str:
        if self.hexes:
            shown = ", ".join(self.hexes[:4]) + (", ..." if len(self.hexes) > 4 else "")
            return f"{self.what} in hex {shown}" if len(self.hexes) == 1 else \
                f"{self.what} in {len(self.hexes)} hexes ({shown})"
        return f"{self.count} x {self.what}" if self.count > 1 else self.what


class UnmodelledError(ScenarioError):
    """A unit file holding things btcli does not play, every one listed (exit 4); ``unmodelled`` are the
    problems as data, for a library summary."""

    def __init__(self, path: str, problems: list[Problem]):
        self.path = path
        problems = sorted(problems, key=lambda p: p.line or 0)
        self.unmodelled = problems
        lines = [f"{_at(path, p.line)}: {p.text}" for p in problems]
        super().__init__(lines, path)
        count = len(problems)
        if count == 1:
            self.lines = self.each()
        else:
            self.lines = [f"{path}: btcli does not play {count} things in this file ({LENIENT_HINT}):"] + [
                f"  {line}" for line in lines]
        self.args = ("\n".join(self.lines),)


    def each(self) -> list[str]:
        """Returns each item as a line that stands alone (a scenario's list of problems)."""
        return [f"{_at(self.path, p.line)}: {p.text} (btcli does not play it; --lenient leaves it out)"
                for p in self.unmodelled]


class RefusedKind(GameFileError):
    """A unit file of a kind btcli does not play (battle armor, a quad 'Mech): ``key`` counts it."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.key = key


def _at(path: str, line: int | None) -> str:
    return f"{path} line {line}" if line else path


class Notes:
    """One file's reading: its name for messages, whether it is lenient, what it found it does not play
    (``problems``), and where left-out items are listed (``left_out``, shared by a scenario's files)."""

    def __init__(self, path: str, lenient: bool = False, left_out: list[str] | None = None,
                 allow_unarmed: bool = False):
        self.path = path
        self.name = os.path.basename(path) or path
        self.lenient = lenient
        self.allow_unarmed = allow_unarmed
        self.left_out = [] if left_out is None else left_out
        self.problems: list[Problem] = []
        self.weapons_left_out = 0

    def at(self, line: int | None) -> str:
        """Returns where a problem lies: ``FILE line N`` (or the file alone)."""
        return _at(self.path, line)

    def fail(self, line: int | None, message: str) -> GameFileError:
        """Returns the error for a malformed file (the caller raises it)."""
        return GameFileError(f"{self.at(line)}: {message}")

    def whole(self, line: int | None, text: str, what: str, low: int = 0, high: int = 10 ** 6) -> int:
        """Returns a whole number the file gives, refusing anything else or anything out of ``low``..``high``
        (a 5,000-digit count is refused at once, not converted)."""
        text = text.strip()
        if re.fullmatch(r"[+-]?\d{1,9}", text) and low <= int(text) <= high:
            return int(text)
        shown = text if len(text) <= 20 else f"{text[:20]}... ({len(text)} characters)"
        raise self.fail(line, f"{what}: expected a whole number from {low} to {high}, not {shown!r}")

    def refuse(self, line: int | None, message: str, key: str) -> RefusedKind:
        """Returns the error for a unit btcli does not play at all (the caller raises it)."""
        return RefusedKind(f"{self.at(line)}: {message}", key)

    def unmodelled(self, line: int | None, text: str, key: str = "", instead: str = "", weapons: int = 0,
                   hex_label: str = "") -> None:
        """Notes something btcli does not play; ``instead`` says what a lenient import does in its place,
        ``weapons`` how many weapons (or items it does not know, which may be weapons) that leaves out,
        ``hex_label`` which board hex holds it. The same thing
        noted again is counted (the hexes listed), not repeated."""
        self.weapons_left_out += weapons
        hexes = (hex_label,) if hex_label else ()
        for i, seen in enumerate(self.problems):
            if (seen.what, seen.key, seen.instead) == (text, key or text, instead):
                self.problems[i] = seen._replace(count=seen.count + 1, hexes=seen.hexes + hexes)
                return
        self.problems.append(Problem(line, text, key or text, instead, hexes=hexes))

    def finish(self, weapons: int | None = None) -> None:
        """Refuses the unit naming everything it holds that btcli does not play, or, lenient, lists each
        as left out; a lenient import that would leave a unit (``weapons`` kept) no weapon at all is
        refused unless unarmed units are allowed."""
        if not self.problems:
            return
        if not self.lenient:
            raise UnmodelledError(self.path, self.problems)
        if weapons == 0 and self.weapons_left_out and not self.allow_unarmed:
            count = self.weapons_left_out
            raise self.refuse(None, f"--lenient would leave this unit no weapon btcli plays (it leaves out {count} "
                              f"weapon{'s' if count > 1 else ''} or unknown item{'s' if count > 1 else ''}); give "
                              "--allow-unarmed to import it unarmed", "no weapon btcli plays")
        self.left_out += [f"{self.at(p.line)}: {p.text}" + (f" ({p.instead})" if p.instead else "")
                          for p in sorted(self.problems, key=lambda p: p.line or 0)]
