"""The private secrets file beside a game: each player's committed landing hexes (DROP-04).

``game.toml`` keeps only salted hashes; ``game.secrets.toml`` keeps the hex, facing and
salt behind each one, for ``btcli drop GAME UNIT --reveal``. It belongs to the player who
committed: never commit it to git (the examples add it to ``.gitignore``).
"""

from __future__ import annotations

import os
import secrets
import tomllib

from btcli.errors import GameFileError, InputError

HEADER = "# btcli secrets: landing hexes behind the commitments in the game file. Do not commit or share.\n\n"


def path_for(game: str | os.PathLike) -> str:
    """Returns the secrets file of a game: ``game.toml`` -> ``game.secrets.toml``."""
    base, ext = os.path.splitext(os.fspath(game))
    return f"{base}.secrets{ext or '.toml'}"


def new_salt() -> str:
    """Returns a fresh random salt (not a game roll: it only hides the hex)."""
    return secrets.token_hex(16)


def read(path: str) -> dict[str, dict[str, str]]:
    """Returns the secrets by unit id ({} when the file does not exist)."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise GameFileError(f"cannot read secrets file {path}: {exc}") from None
    drops = data.get("drops", {})
    if not isinstance(drops, dict):
        raise GameFileError(f"secrets file {path}: [drops] must be a table")
    return drops


def lookup(path: str, unit: str) -> dict[str, str]:
    """Returns the stored hex, facing and salt of ``unit``; raises InputError when there are none."""
    found = read(path).get(unit)
    if not isinstance(found, dict) or not all(k in found for k in ("hex", "facing", "salt")):
        raise InputError(f"no landing secret for '{unit}' in {path}; give --hex, --facing and --salt")
    return found


def store(path: str, unit: str, record: dict[str, str]) -> None:
    """Adds or replaces ``unit``'s record, writing the file atomically and readable by its owner only."""
    import tomli_w

    data = read(path)
    data[unit] = dict(record)
    text = HEADER + tomli_w.dumps({"drops": data})
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise GameFileError(f"cannot write secrets file {path}: {exc.strerror or exc}") from None
