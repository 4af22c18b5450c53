"""The command line entry point: one place maps every error to its exit code."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    """Runs btcli, turning every error into one 'Error:' line and its exit code (docs: README)."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    as_json = "--json" in args  # global: every order command prints one JSON object (docs/json-output.md)
    args = [a for a in args if a not in ("--debug", "--json")]
    if as_json and args[:1] == ["report"] and not any(a in ("--format", "-f") or a.startswith("--format=") for a in args):
        args += ["--format", "json"]
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


def _main(args: list[str], debug: bool) -> None:
    from btcli.errors import BtcliError

    try:
        from btcli.cli.fast import dispatch

        if dispatch(args):
            code = 0
        else:
            from btcli.cli.app import run_typer

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
        if debug:
            raise
        sys.stderr.write(
            f"Error: internal error ({type(exc).__name__}: {_one_line(str(exc))}); this is a bug in btcli, please "
            "report it (rerun with --debug for the traceback)\n"
        )
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


def _one_line(text: str) -> str:
    """Keeps an error on one line whatever it quotes (a file name may hold a line break)."""
    return text.replace("\r", "\\r").replace("\n", "\\n")
