"""The pre-commit hooks' entry point (``.pre-commit-hooks.yaml``; issue #34): ``btcli-hook verify FILE...``
and ``btcli-hook check FILE...`` (and ``btcli-hook games FILE...``, which lists the game files, for CI).

pre-commit passes every changed text file; each is told by its content (its first 4 KiB, as btcli tells
a game from a scenario everywhere else), not by its name, so a game named ``turn-12.txt`` is verified
and a ``pyproject.toml`` is left alone. ``verify`` replays every btcli game file as ``btcli verify`` does
(a referee game whose seed is not beside it gets the head checks only, and says so); ``check`` checks
every scenario as ``btcli check`` does. Each problem is one line naming the file; the exit code is 1
when any file fails (what pre-commit reads as a refused commit), 2 for a bad invocation.
"""

from __future__ import annotations

import os
import sys

USAGE = ("usage: btcli-hook verify|check|games FILE...\n"
         "  verify: replay every btcli game file among FILE (told by content) as 'btcli verify' does\n"
         "  check:  check every btcli scenario among FILE (told by content) as 'btcli check' does\n"
         "  games:  print the btcli game files among FILE, one a line (for CI scripts)\n")


def kind_of(path: str) -> str:
    """Returns what a file is by its content ("game", "scenario", ...; "" for anything else or a file
    that cannot be read: the hook judges btcli's files only)."""
    from btcli.store.files import kind_of_bytes

    try:
        if not os.path.isfile(path):
            return ""
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return ""
    return kind_of_bytes(head, path)


def _verify(path: str) -> str:
    """Verifies one game file; returns what to say when it passes (a BtcliError says why it fails)."""
    from btcli import runner
    from btcli.cli.commands import _referee_seed
    from btcli.dice import is_held
    from btcli.store import gamefile, seeds
    from btcli.store.files import parse_toml

    data, more = gamefile.read_log(path)
    game = parse_toml(data[: gamefile.split_head(data)], f"game file {path}").get("game")
    seed = game.get("seed") if isinstance(game, dict) else None
    if seed is not None and is_held(seed) and not os.path.exists(seeds.path_for(path)):  # a referee game, seed away
        runner.load(path)  # the head against the last entry's hash: a hand edit is still refused
        return f"{path}: head checked (the dice seed is held by the referee: 'btcli verify' needs it)"
    proved = runner.verify_text(data, _referee_seed(path, None), more=more)
    return f"{path}: ok, {proved.count} entries replayed"


def _check(path: str) -> str:
    """Checks one scenario; returns what to say when it passes (a ScenarioError lists its problems)."""
    from contextlib import redirect_stdout
    from io import StringIO

    from btcli.cli.commands import check

    with redirect_stdout(StringIO()):  # its own OK line: the hook says one line per file itself
        check(path)
    return f"{path}: ok"


def run(action: str, paths: list[str], out, err) -> int:
    """Runs one hook over ``paths``; returns the exit code (1 if any file failed)."""
    from btcli.errors import BtcliError

    wanted = {"verify": "game", "check": "scenario"}[action]
    judge = _verify if action == "verify" else _check
    failed = 0
    for path in paths:
        if kind_of(path) != wanted:
            continue
        try:
            out.write(judge(path) + "\n")
        except BtcliError as exc:
            from btcli.cli import _one_line

            failed += 1
            lines = getattr(exc, "lines", None) or [str(exc)]
            err.write("".join(f"{path}: {_one_line(line)}\n" for line in lines))
    if failed:
        what = ("game file", "does not verify", "do not verify") if action == "verify" else \
            ("scenario", "has problems", "have problems")
        err.write(f"btcli-{action}: {failed} {what[0]}{'' if failed == 1 else 's'} {what[1 if failed == 1 else 2]}\n")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> None:
    """The console script ``btcli-hook`` (pyproject.toml, [project.scripts])."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] in (["-h"], ["--help"]):
        sys.stdout.write(USAGE)
        sys.exit(0)
    if not args or args[0] not in ("verify", "check", "games"):
        sys.stderr.write(USAGE)
        sys.exit(2)
    if args[0] == "games":
        sys.stdout.write("".join(f"{path}\n" for path in args[1:] if kind_of(path) == "game"))
        sys.exit(0)
    sys.exit(run(args[0], args[1:], sys.stdout, sys.stderr))


if __name__ == "__main__":
    main()
