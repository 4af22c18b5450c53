"""The private secrets files beside a game: each player's committed landing hexes (DROP-04).

``game.toml`` keeps only salted hashes; ``game.SIDE.secrets.toml`` keeps the hex, facing and
salt behind each of that side's commitments, for ``btcli drop GAME UNIT --reveal``. One file a
side, so two players sharing a folder (hot seat) do not share their secrets. It belongs to the
player who committed: never commit it to git (the examples add ``*.secrets.toml`` to
``.gitignore``).
"""

from __future__ import annotations

import os
import secrets
import tomllib

from btcli.errors import GameFileError, InputError

HEADER = "# btcli secrets: landing hexes behind the commitments in the game file. Do not commit or share.\n\n"


SALT_HEX_DIGITS = 32  # a salt a player picks must be as long as the random one


def path_for(game: str | os.PathLike, side: str) -> str:
    """Returns a side's secrets file: ``game.toml`` -> ``game.blue.secrets.toml``."""
    base, ext = os.path.splitext(os.fspath(game))
    return f"{base}.{side}.secrets{ext or '.toml'}"


def check_path(path: str, game: str) -> None:
    """Refuses a secrets path that is the game itself or an existing file that is not a secrets file."""
    if os.path.exists(path):
        if os.path.exists(game) and os.path.samefile(path, game):
            raise InputError(f"--secrets {path} is the game file itself")
        try:
            with open(path, "rb") as f:
                head = f.read(len(HEADER))
        except OSError as exc:
            raise GameFileError(f"cannot read secrets file {path}: {exc.strerror or exc}") from None
        if head != HEADER.encode():
            raise InputError(f"{path} exists and is not a btcli secrets file; choose another --secrets")


def check_salt(salt: str) -> None:
    """A salt a player chooses must be hard to guess: 32+ hexadecimal digits (a random one is the default)."""
    if len(salt) < SALT_HEX_DIGITS or any(c not in "0123456789abcdef" for c in salt.lower()):
        raise InputError(f"a --salt needs at least {SALT_HEX_DIGITS} hexadecimal digits (leave it out for a random one)")


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
    if not all(isinstance(found[k], str) for k in ("hex", "facing", "salt")):
        raise GameFileError(f"secrets file {path}: the hex, facing and salt of '{unit}' must be strings")
    return found


def store(path: str, unit: str, record: dict[str, str]) -> None:
    """Adds or replaces ``unit``'s record under a lock, writing the file atomically, readable by its
    owner only (a fresh temporary file, never one that already exists)."""
    import tempfile

    import tomli_w

    from btcli.store.lock import GameLock

    folder = os.path.dirname(os.path.abspath(path))
    try:
        with GameLock(path, 5.0):
            data = read(path)
            data[unit] = dict(record)
            text = HEADER + tomli_w.dumps({"drops": data})
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".secrets.toml")  # 0600, O_EXCL
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
            except OSError:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
                raise
    except OSError as exc:
        raise GameFileError(f"cannot write secrets file {path}: {exc.strerror or exc}") from None
