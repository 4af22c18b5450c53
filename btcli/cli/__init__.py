"""The command line entry point: one place maps every error to its exit code."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    """Runs btcli, turning every error into one 'Error:' line and its exit code (docs: README)."""
    args = list(sys.argv[1:] if argv is None else argv)
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # started with the stream closed (`btcli report GAME >&-`): as /dev/null
            import os

            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    debug = "--debug" in args
    as_json = "--json" in args  # global: every order command prints one JSON object (docs/json-output.md)
    args = [a for a in args if a not in ("--debug", "--json")]
    if as_json and args[:1] == ["report"]:
        chosen = _format_given(args)
        if chosen is None:
            args += ["--format", "json"]
        elif chosen not in ("json", ""):  # two outputs asked for: neither silently wins (no value: Typer says so)
            sys.stderr.write(f"Error: --json prints the report as JSON; it cannot go with --format {_one_line(chosen)}: "
                             "give one of them\n")
            sys.exit(2)
    if not args:
        args = ["--help"]
    if as_json:
        from btcli.cli import commands

        commands.OUTPUT["json"] = True
    try:
        return _main(args, debug)
    finally:
        if as_json:
            commands.OUTPUT["json"] = False  # main() may run again in this process (tests, batch scripts)


def _format_given(args: list[str]) -> str | None:
    """The value of a ``--format``/``-f`` option among a report's arguments, if one is given."""
    for i, arg in enumerate(args):
        if arg.startswith("--format="):
            return arg.partition("=")[2]
        if arg in ("--format", "-f"):
            return args[i + 1] if i + 1 < len(args) else ""
    return None


def entry() -> None:
    """The console script (pyproject.toml, [project.scripts]): ``main``, then the process ends at once.

    A command's work is done when ``main`` returns: every file it wrote is closed and renamed into
    place (``files.write_temp`` fsyncs and closes before the rename). Tearing down the interpreter
    (module and object finalization) costs milliseconds on every call and does nothing for btcli, so
    this flushes standard output and standard error and leaves with ``os._exit`` (issue #17). An
    error the flush meets still decides the exit code: a reader that left (``btcli report | head``)
    gives 141, as in ``main``; another failed write (a full disk) says so and gives 1. ``main``
    itself never exits this way (tests and ``python -m btcli`` run it in-process).

    Collecting garbage cycles is off while a one-order command runs (``fast.dispatch`` turns it back on
    for every other command): such a command makes next to no cyclic garbage, and the collector ran dozens
    of times over the classes and functions its imports make, 4% of its work (issue #30).
    """
    import gc
    import os

    gc.disable()
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else _exit_message(exc.code))
    os._exit(_flushed(code))


def _exit_message(message: object) -> int:
    """What the interpreter does with ``sys.exit("text")``: prints it to standard error, exit 1."""
    sys.stderr.write(f"{message}\n")
    return 1


def _flushed(code: int) -> int:
    """Flushes standard output and standard error; returns the exit code the process should end with
    (what a flush could not write is dropped with the process)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:  # the reader left: what main says for a pipe closed during the command
        code = code or 141
    except (OSError, ValueError) as exc:  # a full disk, an I/O error, a closed stream
        if not code:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            try:
                sys.stderr.write(f"Error: cannot write the output: {reason}\n")
            except (OSError, ValueError):
                pass
            code = 1
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return code


def _main(args: list[str], debug: bool) -> None:
    from btcli.errors import BtcliError

    try:
        from btcli.cli.fast import dispatch

        if dispatch(args):
            code = 0
        else:
            import gc

            from btcli.cli.app import run_typer

            gc.enable()  # Typer's commands may run long (entry)

            code = run_typer(args)
    except BtcliError as exc:
        lines = getattr(exc, "lines", None) or [str(exc)]  # a scenario's problems: one a line (ScenarioError)
        sys.stderr.write("".join(f"{'Error: ' if i == 0 else ''}{_one_line(line)}\n" for i, line in enumerate(lines)))
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted\n")
        sys.exit(130)
    except BrokenPipeError:  # `btcli report GAME | head`: the reader left; the game file is already saved
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
    except Exception as exc:
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):  # Typer's usage errors
            sys.stderr.write(f"Error: {_one_line(exc.format_message())}\n")
            sys.exit(2)
        if _output_failed(exc):  # as ``_flushed`` says when the last flush meets it: no bug in btcli
            sys.stderr.write(f"Error: cannot write the output: {exc.strerror}\n")
            sys.exit(1)
        if debug:
            raise
        sys.stderr.write(
            f"Error: internal error ({type(exc).__name__}: {_one_line(str(exc))}); this is a bug in btcli, please "
            "report it (rerun with --debug for the traceback)\n"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _output_failed(exc: Exception) -> bool:
    """A write to standard output that failed during the command (a full disk, an I/O error; unbuffered
    output, or more than a buffer of it): every file btcli writes itself turns its own OSError into an
    'Error:' line naming the file, so an OSError without a file name and with these codes is the output."""
    import errno

    return (isinstance(exc, OSError) and exc.filename is None
            and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO))


WORD_LIMIT = 200  # characters of one word of an error line (a quoted value, a path) before it is shortened
LINE_LIMIT = 2000  # characters of a whole error line


def _one_line(text: str) -> str:
    """Keeps an error on one line whatever it quotes (a file name may hold a line break), and short (issue
    #29: a 400,000-character unit id in a ``play`` line was echoed whole): a word longer than WORD_LIMIT
    keeps its first and last characters and says its length, and a line still longer than LINE_LIMIT (a
    long value with spaces in it) keeps its start and its end and says how much is left out."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    if not text.isprintable():  # no control character reaches the terminal
        text = "".join(c if c.isprintable() or c == "\t" else repr(c)[1:-1] for c in text)
    if len(text) <= WORD_LIMIT:
        return text
    text = " ".join(_short(word) if len(word) > WORD_LIMIT else word for word in text.split(" "))
    if len(text) > LINE_LIMIT:
        head, tail = LINE_LIMIT * 3 // 4, LINE_LIMIT // 8
        text = f"{text[:head]} [... {len(text) - head - tail:,} characters left out ...] {text[-tail:]}"
    return text


def _short(word: str) -> str:
    """A long word shortened: a quoted value (``'...'`` as ``!r`` quotes it, maybe followed by punctuation)
    keeps its quotes and says the length of what is between them."""
    quote = word[0]
    end = word.rfind(quote) if quote in "'\"" else -1
    if end > 0 and word[end + 1:].strip("),.:;!?]}") == "":
        value, rest = word[1:end], word[end + 1:]
        return f"{quote}{value[:100]}...{value[-20:]}{quote} ({len(value):,} characters){rest}"
    return f"{word[:100]}...{word[-20:]} ({len(word):,} characters)"
