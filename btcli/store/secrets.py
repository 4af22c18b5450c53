"""The private secrets files beside a game: each player's committed landing hexes (DROP-04).

``game.toml`` keeps only salted hashes; ``game.SIDE.secrets.toml`` keeps the hex, facing and
salt behind each of that side's commitments, for ``btcli drop GAME UNIT --reveal``. One file a
side, so two players sharing a folder (hot seat) do not share their secrets. It belongs to the
player who committed: never commit it to git (the examples add ``*.secrets.toml`` to
``.gitignore``).

A secret is written under the game's lock (and the secrets file's own), just before the game
entry holding its commitment is renamed into place (``gamefile.append(..., with_it=...)``): a
concurrent or killed ``drop --hex`` leaves the game and the secrets file agreeing. The file's
header names its game, and another game's secrets file is refused, so two games can never
share one. It is private (0600); one that others can read is refused, as ssh refuses an open key.
"""

from __future__ import annotations

import os
import re
import secrets

from btcli.errors import GameFileError, InputError
from btcli.store import files

LOCK_TIMEOUT_S = 10.0
_OWNER = re.compile(r"# btcli secrets of (.+?): ")

# Salts printed in btcli's own examples: public, so never secret (examples/drop-zone.sh, examples/pbem).
PUBLISHED_SALTS = frozenset({
    "8e37e70b886cfee58e7f30fe747916c5", "d346370c086b754b0444366f83a46e9d",
    "643187c5eb44ae6941722326cc5ce4b7", "664854c73d383c79756fad2ae474b588",
})


def header(game: str | os.PathLike) -> str:
    """Returns a secrets file's first lines, naming the game whose commitments it backs."""
    return (f"# btcli secrets of {os.path.basename(os.fspath(game))}: landing hexes behind the commitments in "
            "the game file. Do not commit or share.\n\n")

SALT_HEX_DIGITS = 32  # 128 bits: a salt a player picks must be as long as the random one
HEX_DIGITS = "0123456789abcdef"


def path_for(game: str | os.PathLike, side: str) -> str:
    """Returns a side's secrets file: ``game.toml`` -> ``game.blue.secrets.toml``."""
    base, ext = os.path.splitext(os.fspath(game))
    return f"{base}.{side}.secrets{ext or '.toml'}"


def check_path(path: str, game: str, seed_file: str = "") -> str:
    """Returns the real path of a ``--secrets`` file, refusing the game, its seed, or an existing
    file that is not a btcli secrets file."""
    return files.check_output(path, what="secrets file", force=True, replaceable="secrets",
                              protect={"the game file": game, "the game's seed file": seed_file})


def check_salt(salt: str) -> None:
    """Refuses a salt a player chose that is short or plainly not random (DROP-04: the salt is all that
    hides the landing hex from an opponent who can hash every hex and facing)."""
    text = salt.lower()
    if text in PUBLISHED_SALTS:
        raise InputError(f"--salt {salt} is printed in btcli's own examples, so anyone can try it; leave --salt "
                         "out for a random one")
    if len(text) < SALT_HEX_DIGITS or any(c not in HEX_DIGITS for c in text):
        raise InputError(f"a --salt needs at least {SALT_HEX_DIGITS} hexadecimal digits (leave it out for a random one)")
    weakness = _weakness(text)
    if weakness:
        raise InputError(f"--salt {salt} is not random enough ({weakness}): an opponent could guess it and "
                         "find the landing hex; leave --salt out for a random one")


def _weakness(text: str) -> str:
    """Names a pattern no random salt shows (each about 1 in 10,000 for 32 random digits, or rarer)."""
    if len(set(text)) < 8:
        return f"only {len(set(text))} different digits"
    for period in range(1, 17):
        if period < len(text) and all(text[i] == text[i % period] for i in range(len(text))):
            return f"it repeats '{text[:period]}'"
    run = longest = 1
    step_run = longest_step = 1
    step = 0
    for a, b in zip(text, text[1:]):
        run = run + 1 if a == b else 1
        longest = max(longest, run)
        d = HEX_DIGITS.index(b) - HEX_DIGITS.index(a)
        if d in (1, -1):
            step_run = step_run + 1 if d == step else 2
            step = d
        else:
            step_run, step = 1, 0
        longest_step = max(longest_step, step_run)
    if longest >= 6:
        return f"a digit repeated {longest} times in a row"
    if longest_step >= 6:
        return f"{longest_step} digits counting up or down"
    return ""


REPRODUCIBLE = "BTCLI_REPRODUCIBLE_SALTS"  # tests and golden examples only: see new_salt


def new_salt(unit: str) -> str:
    """Returns a fresh random salt of 128 bits (not a game roll: it only hides the hex).

    With ``$BTCLI_REPRODUCIBLE_SALTS`` set, the salt is a hash of its text and the unit instead, so a
    scripted example commits the same hashes on every run (the golden tests set it). Never in a real
    game: anyone who knows the text can read the landing hexes."""
    fixed = os.environ.get(REPRODUCIBLE)
    if fixed:
        import hashlib

        return hashlib.sha256(f"btcli-salt:{fixed}:{unit}".encode()).hexdigest()[:SALT_HEX_DIGITS]
    return secrets.token_hex(16)


def read(path: str, game: str | os.PathLike) -> dict[str, dict[str, str]]:
    """Returns the secrets by unit id ({} when the file does not exist or is empty); refuses another
    game's secrets file."""
    if not os.path.lexists(path):
        return {}
    raw = files.read_regular(path, "secrets file", files.SECRETS_LIMIT)
    files.check_private(path, "secrets file")
    found = _OWNER.match(raw[:400].decode("utf-8", "replace"))
    name = os.path.basename(os.fspath(game))
    if found and found.group(1) != name:
        raise GameFileError(f"secrets file {path} holds the secrets of the game {found.group(1)!r}, not {name!r}; "
                            "give each game its own (--secrets)")
    data = files.parse_toml(raw, f"secrets file {path}")
    drops = data.get("drops", {})
    if not isinstance(drops, dict):
        raise GameFileError(f"secrets file {path}: [drops] must be a table")
    return drops


def lookup(path: str, game: str | os.PathLike, unit: str) -> dict[str, str]:
    """Returns the stored hex, facing and salt of ``unit``; raises InputError when there are none."""
    found = read(path, game).get(unit)
    if not isinstance(found, dict) or not all(k in found for k in ("hex", "facing", "salt")):
        raise InputError(f"no landing secret for '{unit}' in {path}; give --hex, --facing and --salt")
    if not all(isinstance(found[k], str) for k in ("hex", "facing", "salt")):
        raise GameFileError(f"secrets file {path}: the hex, facing and salt of '{unit}' must be strings")
    return found


def store(path: str, game: str | os.PathLike, unit: str, record: dict[str, str]) -> None:
    """Adds or replaces ``unit``'s record, writing the file atomically, readable by its owner only.

    The caller holds the game's lock (see the module docstring); this holds the file's own.
    """
    import tomli_w

    from btcli.store.lock import locked_game

    real = files.real(path)
    try:
        with locked_game(real, LOCK_TIMEOUT_S, create_mode=0o600):
            data = read(real, game)
            data[unit] = dict(record)
            files.discard_leftovers(real)
            files.write_atomic(real, (header(game) + tomli_w.dumps({"drops": data})).encode(), 0o600)
    except OSError as exc:
        raise GameFileError(f"cannot write secrets file {path}: {exc.strerror or exc}") from None
