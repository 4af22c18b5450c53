"""The scenarios shipped with btcli: inside the installed package (the wheel's ``btcli/scenarios``), else
the source tree's ``scenarios/``. ``btcli init NAME`` and ``btcli scenarios`` find them here."""

from __future__ import annotations

import os
from pathlib import Path

import btcli

LINE = 80  # the longest description ``btcli scenarios`` prints


def folder() -> Path | None:
    """Returns the folder of the shipped scenarios, or None when btcli was installed without them."""
    package = Path(btcli.__file__).parent
    for candidate in (package / "scenarios", package.parent / "scenarios"):
        if candidate.is_dir():
            return candidate
    return None


def find(name: str) -> Path | None:
    """Returns the shipped scenario called ``name`` (``crossroads`` or ``crossroads.toml``), or None."""
    where = folder()
    if where is None or not name or os.sep in name or "/" in name or name.startswith("."):
        return None
    path = where / (name if name.endswith(".toml") else name + ".toml")
    return path if path.is_file() else None


def listing() -> list[tuple[str, str, str]]:
    """Returns (file stem, [scenario] name, one-line description) of every shipped scenario, by file name."""
    where = folder()
    return [] if where is None else [describe(path) for path in sorted(where.glob("*.toml"))]


def describe(path: Path) -> tuple[str, str, str]:
    """Returns a scenario's file stem, its ``[scenario] name`` and the first sentence of its opening comment
    (without a leading "Name:" or "Name (...):"; a ``#:schema`` line before it is not part of it)."""
    import tomllib

    text = path.read_text(encoding="utf-8")
    try:
        meta = tomllib.loads(text).get("scenario", {})
    except tomllib.TOMLDecodeError:
        meta = {}
    name = str(meta.get("name", path.stem)) if isinstance(meta, dict) else path.stem
    comment = []
    for line in text.splitlines():
        if line.startswith("#:"):  # an editor's directive: #:schema ../schema/scenario.schema.json (docs/schema.md)
            continue
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("#").strip())
    about = " ".join(comment)
    head, colon, rest = about.partition(": ")
    if colon and head.casefold().startswith(name.casefold().split(" ")[0]):
        about = rest
    end = about.find(". ")
    about = about[: end + 1] if end >= 0 else about
    if len(about) > LINE:  # one line: cut at a word
        about = about[: about.rfind(" ", 0, LINE - 3)].rstrip(",;:- ") + "..."
    return path.stem, name, about
