"""The scripts' fast path: plain argument lists for the hot commands, without Typer.

A command is a whole Python process, run hundreds of times per game. Building
the Typer app (click, pydantic) costs more than everything btcli does, so
``dispatch`` parses the common, unambiguous shapes of ``move``, ``attack``,
``resolve-phase``, ``report`` and ``verify`` itself and calls the same command
functions. Anything else (help, unknown or malformed options, other commands)
returns None and goes to Typer, which stays the one definition of the CLI;
tests/cli/test_fast.py checks that this table matches it.
"""

from __future__ import annotations

# command: (positional parameter names, {option: parameter}, {flag: parameter}, {repeatable options})
TABLE = {
    "move": (
        ("game", "unit"),
        {"--path": "path", "--to": "to", "--facing": "facing", "--mode": "mode", "--after-slip": "after_slip",
         "--dice": "dice"},
        {"--quiet": "quiet", "-q": "quiet"},
        set(),
    ),
    "attack": (
        ("game", "attacker", "target"),
        {"--weapon": "weapon", "-w": "weapon", "--physical": "physical", "--twist": "twist", "--clear": "clear",
         "--dice": "dice"},
        {"--quiet": "quiet", "-q": "quiet", "--dry-run": "dry_run", "--girder": "girder"},
        {"weapon"},
    ),
    "resolve-phase": (("game",), {"--dice": "dice"}, {"--quiet": "quiet", "-q": "quiet"}, set()),
    "report": (("game",), {"--format": "format", "-f": "format", "--field": "field", "--map": "map"},
               {"--force": "force"}, set()),
    "verify": (("game",), {"--seed-file": "seed_file"}, {"--quiet": "quiet", "-q": "quiet"}, set()),
}
DEFAULTS = {
    "move": {"path": None, "to": None, "facing": None, "mode": None, "after_slip": None, "dice": None,
             "quiet": False},
    "attack": {"weapon": None, "physical": None, "twist": None, "dry_run": False, "clear": None, "girder": False,
               "dice": None, "quiet": False},
    "resolve-phase": {"dice": None, "quiet": False},
    "report": {"format": "text", "field": None, "map": None, "force": False},
    "verify": {"quiet": False, "seed_file": None},
}
FORMATS = ("text", "json", "markdown")


def parse(args: list[str]) -> tuple[str, dict] | None:
    """Returns (command, keyword arguments) for a plain invocation, or None to let Typer handle it."""
    if not args or args[0] not in TABLE:
        return None
    name = args[0]
    positional_names, options, flags, repeatable = TABLE[name]
    kwargs: dict = dict(DEFAULTS[name])
    positional: list[str] = []
    i = 1
    while i < len(args):
        word = args[i]
        if word.startswith("-"):
            key, eq, value = word.partition("=")
            if key in flags and not eq:
                kwargs[flags[key]] = True
                i += 1
                continue
            if key not in options:
                return None  # --help, a typo, "--": Typer explains
            if not eq:
                if i + 1 >= len(args) or args[i + 1].startswith("-"):
                    return None
                value = args[i + 1]
                i += 1
            param = options[key]
            if param in repeatable:
                kwargs[param] = (kwargs[param] or []) + [value]
            elif kwargs[param] != DEFAULTS[name][param]:
                return None  # given twice
            else:
                kwargs[param] = value
            i += 1
        else:
            positional.append(word)
            i += 1
    if len(positional) != len(positional_names):
        if not (name == "attack" and (kwargs.get("clear") or kwargs.get("girder")) and len(positional) == 2):
            return None
        positional.append(None)
    if name == "report" and kwargs["format"] not in FORMATS:
        return None
    kwargs.update(zip(positional_names, positional))
    return name, kwargs


def dispatch(args: list[str]) -> bool:
    """Runs a plain invocation of a hot command; returns False if Typer must handle ``args``."""
    parsed = parse(args)
    if parsed is None:
        return False
    from btcli.cli import commands

    name, kwargs = parsed
    getattr(commands, name.replace("-", "_"))(**kwargs)
    return True
