"""MegaMek files in a scenario and in ``btcli import`` (issue #16).

``expand_scenario`` is the scenario loader's hook: it replaces each ``design = "mtf:..."`` or
``"blk:..."`` with the design the file holds, inline (the unit's own keys win), and ``[map] board =
"..."`` with the board's ``[map]`` table (``[map.hexes]`` beside it replace whole hexes). ``import_file``
and ``render_toml`` are ``btcli import``: one file as the TOML a scenario takes.
"""

from __future__ import annotations

import json
import os
import re

from btcli.errors import GameFileError, InputError, ScenarioError
from btcli.megamek import find
from btcli.megamek.notes import Notes, UnmodelledError

PREFIXES = ("mtf:", "blk:")


class Source:
    """Where MegaMek files are looked for and how strictly they are read: the data folder (``--megamek-data``
    or ``BTCLI_MEGAMEK_DATA``), ``lenient`` (leave out what btcli does not play, listing it in ``left_out``),
    ``allow_unarmed`` (a lenient import may leave a unit no weapon)."""

    def __init__(self, folder: str | None = None, lenient: bool = False, allow_unarmed: bool = False):
        self.folder = folder or None
        self.lenient = lenient
        self.allow_unarmed = allow_unarmed
        self.left_out: list[str] = []
        self._read: dict[tuple[str, str], dict] = {}

    def read(self, kind: str, path: str) -> dict[str, object]:
        """Returns what the ``kind`` file at ``path`` holds, in the scenario's form (read once)."""
        key = (kind, os.path.realpath(path))
        if key not in self._read:
            text = find.read_text(path, kind)
            notes = Notes(path, self.lenient, self.left_out, self.allow_unarmed)
            self._read[key] = reader(kind)(text, notes)
        return json.loads(json.dumps(self._read[key]))  # each unit its own copy


def reader(kind: str):
    """Returns the reader of a kind of MegaMek file ("mtf", "blk", "board"): ``read(text, notes)``."""
    if kind == "mtf":
        from btcli.megamek.mtf import read
    elif kind == "blk":
        from btcli.megamek.blk import read
    else:
        from btcli.megamek.board import read
    return read


def references(data: dict) -> bool:
    """Tells whether a scenario names a MegaMek file (so the loader need not import this package otherwise)."""
    board = isinstance(data.get("map"), dict) and "board" in data["map"]
    units = data.get("units")
    return board or (isinstance(units, list) and any(
        isinstance(u, dict) and isinstance(u.get("design"), str) and u["design"].startswith(PREFIXES) for u in units))


def expand_scenario(data: dict, base: str | None, source: Source, name: str = "") -> dict:
    """Returns the scenario with its MegaMek designs inline and its board as a ``[map]`` table; refuses it
    naming every problem of every file it names (ScenarioError; ``name`` the scenario's, for messages)."""
    data = dict(data)
    problems: list[str] = []
    if isinstance(data.get("map"), dict) and "board" in data["map"]:
        try:
            data["map"] = _board_map(data["map"], base, source)
        except GameFileError as exc:
            problems += _problems("[map] board", exc)
    if isinstance(data.get("units"), list):
        units = []
        for raw in data["units"]:
            try:
                units.append(_unit(raw, base, source))
            except GameFileError as exc:
                problems += _problems(f"unit {str(raw.get('id', ''))!r}", exc)
        data["units"] = units
    if problems:
        raise ScenarioError(problems, name)
    return data


def _problems(what: str, exc: GameFileError) -> list[str]:
    """Returns a file's problems as a scenario lists them, one a line."""
    if isinstance(exc, UnmodelledError):
        return [f"{what}: {line}" for line in exc.each()]
    return [f"{what}: {exc}"]


def _unit(raw: object, base: str | None, source: Source) -> object:
    if not (isinstance(raw, dict) and isinstance(raw.get("design"), str) and raw["design"].startswith(PREFIXES)):
        return raw
    kind, _, text = raw["design"].partition(":")
    design = source.read(kind, find.locate(kind, text.strip(), base, source.folder))
    return {**design, **{k: v for k, v in raw.items() if k != "design"}}


def _board_map(table: dict, base: str | None, source: Source) -> dict:
    others = sorted(set(table) - {"board", "hexes"})
    if others:
        raise GameFileError(f"[map] with board = ... takes only [map.hexes] beside it (hexes that replace the "
                            f"board's), not {others[0]!r}")
    name = table["board"]
    if not isinstance(name, str):
        raise GameFileError("[map] board must name a MegaMek .board file")
    board = source.read("board", find.locate("board", name.strip(), base, source.folder))
    overrides = table.get("hexes", {})
    if not isinstance(overrides, dict):
        raise GameFileError("[map.hexes] must be a table of hexes")
    return {**board, "hexes": {**board["hexes"], **overrides}}


def import_file(text: str, source: Source, base: str | None = None) -> tuple[str, str, dict]:
    """Returns (kind, path, entry) for ``btcli import``'s argument: a file (its extension says which kind),
    or ``mtf:NAME``, ``blk:NAME``, ``board:NAME`` found as a scenario finds it."""
    kind, colon, name = text.partition(":")
    if colon and kind in find.EXTENSIONS and not os.path.exists(text):
        path = find.locate(kind, name.strip(), base, source.folder)
    else:
        path = text
        kind = find.kind_of(text)
        if not kind:
            raise InputError(f"{text}: btcli imports .mtf, .blk and .board files, mtf:NAME, blk:NAME, board:NAME, or a "
                             "folder of them")
    entry = source.read(kind, path)
    return ("map" if kind == "board" else str(entry["kind"])), path, entry


# -- TOML as a scenario writes it ----------------------------------------------------------------------


def render_toml(kind: str, path: str, entry: dict, left_out: list[str] = ()) -> str:
    """Returns the entry as the TOML a scenario takes: a ``[[units]]`` table or a ``[map]`` table, with what a
    lenient import left out as comments beside it."""
    source = os.path.basename(path)
    notes = [f"# --lenient left out {len(left_out)} thing{'s' if len(left_out) > 1 else ''} btcli does not play:"] + [
        f"#   {line.removeprefix(path).lstrip(' :')}" for line in left_out] if left_out else []
    if kind == "map":
        lines = [f"# {source}, imported by btcli: the scenario's [map] (docs/scenario-format.md).", *notes, "[map]"]
        lines += [f"{_key(k)} = {_value(v)}" for k, v in entry.items() if k != "hexes"]
        lines += ["", "[map.hexes]"] + [f"{_key(k)} = {_value(v)}" for k, v in entry["hexes"].items()]
        return "\n".join(lines) + "\n"
    lines = [f"# {entry['name']}, imported by btcli from {source}: a [[units]] entry with its design inline.",
             "# Add its id, side, position and facing (docs/scenario-format.md).", *notes, "[[units]]"]
    for key, value in entry.items():
        if key == "slots":
            lines += [f"slots.{loc} = {_value(items)}" for loc, items in value.items()]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            lines += [f"{key} = ["] + [f"  {_value(v)}," for v in value] + ["]"]
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", key) else json.dumps(key, ensure_ascii=False)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"no TOML for {value!r}")
