"""The referee's seed file of a game whose dice seed is held (design.md, referee-held seed).

The game file holds only a commitment to the seed; ``GAME.seed`` beside it (or whatever
``$BTCLI_SEED_FILE`` names) holds the seed itself, under a header line that names the game it
belongs to: a seed file is never taken for, or replaced by, another game's. It must be private
(0600). A seed that does not match the game's commitment is never used as the seed.
"""

from __future__ import annotations

import os
import re

from btcli.errors import GameFileError
from btcli.store import files

SEED_DIGITS = 40  # a 128-bit seed has 39
_OWNER = re.compile(r"# btcli referee seed of (.+?): ")


def path_for(game: str | os.PathLike) -> str:
    """Returns where the referee keeps a game's seed: $BTCLI_SEED_FILE, else ``game.seed`` beside the game."""
    return os.environ.get("BTCLI_SEED_FILE") or os.path.splitext(os.fspath(game))[0] + ".seed"


def text_for(game: str | os.PathLike, seed: int) -> bytes:
    """Returns a seed file's content: the header naming its game, then the seed."""
    name = os.path.basename(os.fspath(game))
    return files.SEED_HEADER + f" of {name}: keep it secret, never commit or share it\n{seed}\n".encode()


def owner(path: str) -> str | None:
    """Returns the game an existing seed file says it belongs to (None: an older file that does not say)."""
    found = _OWNER.match(files.sniff(path).decode("utf-8", "replace"))
    return found.group(1) if found else None


def read(path: str, game: str | os.PathLike) -> int | None:
    """Returns the seed in ``path`` (None when there is no such file); refuses an unreadable or open file,
    one that is not a seed file, and one that names another game."""
    if not os.path.lexists(path):
        return None
    data = files.read_regular(path, "seed file", files.SEED_LIMIT)
    files.check_private(path, "seed file")
    text = files.decode(data, f"seed file {path}")
    name = os.path.basename(os.fspath(game))
    belongs = owner(path)
    if belongs is not None and belongs != name:
        raise GameFileError(f"the seed file {path} belongs to the game {belongs!r}, not {name!r}")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    if len(lines) != 1 or not (lines[0].isascii() and lines[0].isdigit()) or len(lines[0]) > SEED_DIGITS:
        raise GameFileError(f"the seed file {path} must hold one whole number (the referee's seed)")
    return int(lines[0])


def for_game(game: str | os.PathLike, commitment: str, path: str | None = None) -> tuple[int | None, str]:
    """Returns (the referee's seed, "") when its file is here and matches the game's commitment, else
    (None, why not) — "" when there is simply no seed file."""
    from btcli.dice import seed_commitment

    path = path or path_for(game)
    seed = read(path, game)
    if seed is None:
        return None, ""
    if seed_commitment(seed) != commitment:
        return None, f"the seed file {path} does not match this game's seed commitment"
    return seed, ""


def check_replaceable(path: str, game: str | os.PathLike) -> None:
    """Refuses to replace (init --referee --force) a seed file that belongs to another game."""
    belongs = owner(path) if os.path.lexists(path) else None
    name = os.path.basename(os.fspath(game))
    if belongs is not None and belongs != name:
        from btcli.errors import InputError

        raise InputError(f"{path} is the seed of the game {belongs!r}; btcli never replaces another game's seed "
                         "(name the game differently, or set BTCLI_SEED_FILE)")
