"""The one error hierarchy; the CLI maps each class to its exit code in one place."""

from __future__ import annotations


class BtcliError(Exception):
    """Base of every error a user may see. ``exit_code`` follows docs/design.md."""

    exit_code = 1


class InputError(BtcliError):
    """Bad input: unknown unit, malformed option, hex off the map, bad --dice (exit 2)."""

    exit_code = 2


class IllegalOrderError(BtcliError):
    """An order the rules or the current phase forbid (exit 3); ``rule`` is a catalog ID."""

    exit_code = 3

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule


class GameFileError(BtcliError):
    """Unreadable, malformed, newer-format, locked or stale game/scenario file (exit 4)."""

    exit_code = 4


class ScenarioError(GameFileError):
    """A scenario with problems, every one of them listed (exit 4): ``lines`` is the message as printed,
    one problem a line after a heading when there are several."""

    def __init__(self, problems: list[str], source: str = ""):
        self.problems = list(problems)
        if len(self.problems) == 1:
            self.lines = [self.problems[0]]
        else:
            self.lines = [f"{source or 'the scenario'} has {len(self.problems)} problems:"]
            self.lines += [f"  {problem}" for problem in self.problems]
        super().__init__("\n".join(self.lines))


class VerificationError(GameFileError):
    """``verify`` found an entry or state that does not match its replay (exit 4)."""

    def __init__(self, message: str, seq: int | None = None):
        super().__init__(message)
        self.seq = seq


def quoted(text: str, limit: int = 40) -> str:
    """Returns ``text`` quoted for an error message (``repr``), a long one shortened with its length said,
    so a value of a million characters makes a short line (issue #29)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def passes(check, *args) -> bool:
    """Tells whether ``check(*args)`` passes: an order's check that refuses by raising a ``BtcliError`` (``btcli
    options`` asks each order's own check this way)."""
    try:
        check(*args)
    except BtcliError:
        return False
    return True
