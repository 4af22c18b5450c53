"""``btcli play GAME``: many orders in one process, for scripts and CI (issue #17). This module reads
the lines; ``btcli.cli.commands.play`` runs them.

Each line is one order as the game's log keeps it, without ``btcli GAME`` in front
(``move wasp --mode walk --path F,F``). It runs through the same command function as the single
command (``btcli.cli.commands``), so it is checked, logged and written as its own entry, the game
file byte for byte what the single commands make. What play saves is the reading: the game is
locked once, read once, and each order starts from the game its predecessor wrote
(``runner.hold``; the lock moves with each new file, so no other btcli call gets in between).

The first refused line stops the batch with that order's exit code and ``Error: line N: ...``;
the orders before it stay written.
"""

from __future__ import annotations

import sys

from btcli import grammar
from btcli.errors import InputError

# The commands that change the game: what the log holds, and stand (whose entries are moves, issue #33).
ORDERS = ("move", "stand", *grammar.LOGGED_VERBS[1:])
SCRIPT_LIMIT = 64 << 20  # bytes of a --script file
LINE_LIMIT = 64 << 10  # bytes of one order line: an order is short; a longer line is refused unread (issue #29)


def orders(script: str | None):
    """Yields ``(line number, text)`` for each order of ``script`` (default: standard input), skipping
    blank lines and ``#`` comments; a line that is no text is refused with its number."""
    lines = _script_lines(script) if script is not None else _stdin_lines()
    for number, raw in enumerate(lines, start=1):
        if len(raw) > LINE_LIMIT:
            raise InputError(f"line {number}: the line is over play's limit of {LINE_LIMIT:,} bytes a line "
                             "(an order is one short line)")
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            raise InputError(f"line {number}: the line is not UTF-8 text") from None
        if text and not text.startswith("#"):
            yield number, text


def order_call(game: str, text: str, quiet: bool = False) -> tuple[str, dict]:
    """Returns the command function's name and arguments for one line: the single command
    ``btcli VERB GAME ...``, read by the command grammar as the fast path reads it.

    Two logged forms of ``drop`` are no command-line form and are read as the log means them:
    ``drop UNIT --commit HASH`` (the commitment itself) and ``drop UNIT --hex H --facing F --salt S``
    (the reveal; the single command would commit with that salt)."""
    try:
        words = grammar.shell_split(text)  # shlex.split's words in linear time (issue #29)
    except ValueError as exc:
        raise InputError(f"cannot read {text!r}: {exc}") from None
    verb = words[0]
    if verb == "btcli":
        raise InputError(f"{text!r}: write the order without 'btcli GAME' in front, e.g. 'move wasp --path F,F'")
    if verb not in ORDERS:
        what = "does not change the game" if verb in grammar.COMMANDS else "is no btcli order"
        raise InputError(f"{verb!r} {what}: play runs only orders ({', '.join(ORDERS)}); "
                         f"run other commands on their own")
    values = grammar.parse(verb, [game, *words[1:]])
    if values is None and verb == "drop":
        logged = grammar.parse(verb, words[1:], logged=True)
        if logged is not None and logged["commit"] is not None:
            values = {**grammar.defaults(grammar.COMMANDS[verb]), **logged, "game": game}
    if values is None:
        raise InputError(f"cannot read {text!r} as {'an' if verb[0] in 'aeiou' else 'a'} {verb} order: {_problem(grammar.COMMANDS[verb], words[1:])}; "
                         f"see 'btcli {verb} --help'")
    if values.get("dry_run"):
        raise InputError(f"{text!r}: --dry-run writes nothing; play runs orders (preview with the single command)")
    if verb == "drop" and values["hex"] and values["facing"] and values["salt"] and values.get("commit") is None:
        values["reveal"] = True  # the logged reveal
    if quiet:
        values["quiet"] = True
    return verb.replace("-", "_"), values


def _problem(command: grammar.Command, words: list[str]) -> str:
    """Says what keeps the command grammar from reading a line's words (after the verb)."""
    flags = {f: o for o in command.options if o.where != grammar.LOG_ONLY for f in o.flags}
    names = [a.name.upper() for a in command.args]
    positional = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word in ("-h", "--help"):
            return "help is no order"
        if not (word.startswith("-") and len(word) > 1):
            positional.append(word)
            continue
        key, eq, value = word.partition("=")
        opt = flags.get(key)
        if opt is None:
            import difflib

            close = difflib.get_close_matches(key, list(flags), 1)
            return f"no option {key}" + (f" (did you mean {close[0]}?)" if close else "")
        if opt.takes == grammar.FLAG:
            if eq:
                return f"{key} takes no value"
            continue
        if not eq:
            if i >= len(words) or (words[i].startswith("-") and len(words[i]) > 1):
                return f"{key} needs a value"
            value = words[i]
            i += 1
        if isinstance(opt.kind, tuple) and value not in opt.kind:
            return f"{key} takes one of {', '.join(opt.kind)}"
    if len(positional) < sum(a.required for a in command.args):
        return f"{names[len(positional)]} is missing"
    if len(positional) > len(names):
        return f"unexpected {positional[len(names)]!r}"
    return "not a complete order"


def _script_lines(path: str):
    """A script file's lines. A pipe the shell opened for us (``--script <(make-orders)``, a ``/dev/fd``
    path) is read as its lines arrive; a named pipe is refused as every other input refuses it: opening one
    would wait for a writer forever (issue #29)."""
    import os
    import stat

    from btcli.errors import GameFileError
    from btcli.store import files

    try:
        pipe = stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        pipe = False  # missing or unreadable: read_regular says so
    if not pipe:
        return files.read_regular(path, "script", SCRIPT_LIMIT).splitlines()
    if not path.startswith(("/dev/fd/", "/proc/self/fd/")):
        raise GameFileError(f"{path} is not a regular file (a named pipe), not a script: give a file, "
                            f"standard input (btcli play GAME < FILE) or a process substitution (--script <(...))")
    try:
        stream = open(path, "rb")
    except OSError as exc:
        raise GameFileError(f"cannot read script {path}: {exc.strerror or exc}") from None
    return _lines(stream, close=True)


def _stdin_lines():
    """Standard input line by line, each order run as it arrives (a program may read its result first)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # replaced by text (a test's StringIO), or closed
        return (line.encode() for line in (sys.stdin or ()))
    return _lines(stream)


def _lines(stream, close: bool = False):
    """The stream's lines, each read up to one byte over ``LINE_LIMIT`` (a longer one is refused unread)."""
    try:
        while True:
            raw = stream.readline(LINE_LIMIT + 2)
            if not raw:
                return
            yield raw.rstrip(b"\r\n")
    finally:
        if close:
            stream.close()
