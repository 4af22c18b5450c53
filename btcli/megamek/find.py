"""How a scenario's name for a MegaMek file finds it (docs/scenario-format.md, "MegaMek files").

``TEXT`` in ``design = "mtf:TEXT"``, ``"blk:TEXT"`` or ``[map] board = "TEXT"`` is

1. a path when it ends in the file's extension or holds a ``/``: read relative to the scenario's folder,
   else relative to the MegaMek data folder (an absolute path as it is);
2. otherwise a name: the file ``TEXT.mtf`` (``.blk``, ``.board``) beside the scenario; else, under the
   data folder and its subfolders, the one file so named, or, for units, the one file whose unit is so
   named (an ``.mtf``'s chassis and model, a ``.blk``'s Name and Model). Names compare ignoring case and
   runs of spaces. Two matches are refused, naming both.

The data folder is ``btcli init --megamek-data DIR``, else the environment variable ``BTCLI_MEGAMEK_DATA``.
"""

from __future__ import annotations

import os
import re
import stat

from btcli.errors import GameFileError

EXTENSIONS = {"mtf": ".mtf", "blk": ".blk", "board": ".board"}
ENV = "BTCLI_MEGAMEK_DATA"
HEAD_BYTES = 8192  # a unit file names its unit within its first lines
FILE_LIMIT = 4 << 20  # far beyond any MegaMek unit or board file


def kind_of(path: str) -> str:
    """Returns the kind of MegaMek file a path names by its extension ("mtf", "blk", "board"), or ""."""
    return next((kind for kind, ext in EXTENSIONS.items() if path.casefold().endswith(ext)), "")


def decode(data: bytes) -> str:
    """Returns a MegaMek file's text: UTF-8 (a byte-order mark dropped), or Latin-1 for older files (every
    byte reads)."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_text(path: str, kind: str) -> str:
    """Returns the text of a MegaMek file: a regular file of at most FILE_LIMIT bytes (GameFileError else)."""
    from btcli.store import files

    return decode(files.read_regular(path, f"MegaMek .{kind} file", FILE_LIMIT))


def normal(name: str) -> str:
    """Returns a name as names compare: case and runs of spaces ignored."""
    return " ".join(name.split()).casefold()


def locate(kind: str, text: str, base: str | None, folder: str | None) -> str:
    """Returns the path of the ``kind`` file ("mtf", "blk", "board") that ``text`` names; raises GameFileError."""
    ext = EXTENSIONS[kind]
    if not text.strip():
        raise GameFileError(f"{kind}: give a file or a unit name after '{kind}:'")
    if text.casefold().endswith(ext) or "/" in text or os.sep in text:
        tried = [text] if os.path.isabs(text) else [os.path.join(d, text) for d in (base, folder) if d]
        for path in tried:
            if os.path.isfile(path):
                return path
        raise GameFileError(f"{kind}:{text}: no such file (looked for {', '.join(tried) or text})")
    if base:
        beside = os.path.join(base, text + ext)
        if os.path.isfile(beside):
            return beside
    if not folder:
        raise GameFileError(f"{kind}:{text}: no file '{text}{ext}' beside the scenario, and no MegaMek data folder "
                            f"to search (give --megamek-data DIR, or set {ENV})")
    if not os.path.isdir(folder):
        raise GameFileError(f"MegaMek data folder {folder} is not a folder")
    files = _files(folder, ext)
    wanted = normal(text)
    found = [p for p in files if normal(os.path.basename(p)[: -len(ext)]) == wanted]
    if not found and kind != "board":
        found = _units(folder, kind).get(wanted, [])
    if len(found) == 1:
        return found[0]
    if found:
        shown = ", ".join(os.path.relpath(p, folder) for p in found[:4])
        raise GameFileError(f"{kind}:{text}: {len(found)} files in {folder} match ({shown}); give the path of one")
    raise GameFileError(f"{kind}:{text}: no {ext} file in {folder} is named so or holds that unit")


_FILES: dict[tuple[str, str], list[str]] = {}
_UNITS: dict[tuple[str, str], dict[str, list[str]]] = {}


def _files(folder: str, ext: str) -> list[str]:
    """Returns every ``ext`` file under ``folder``, in a stable order (listed once per process)."""
    key = (os.path.realpath(folder), ext)
    if key not in _FILES:
        found = []
        for root, dirs, names in os.walk(folder):
            dirs.sort()
            found += [os.path.join(root, n) for n in sorted(names) if n.casefold().endswith(ext)]
        _FILES[key] = found
    return _FILES[key]


def _units(folder: str, kind: str) -> dict[str, list[str]]:
    """Returns the unit files under ``folder`` by the unit each names (read once per process)."""
    key = (os.path.realpath(folder), kind)
    if key not in _UNITS:
        index: dict[str, list[str]] = {}
        for path in _files(folder, EXTENSIONS[kind]):
            index.setdefault(normal(unit_name(path, kind)), []).append(path)
        _UNITS[key] = index
    return _UNITS[key]


def unit_name(path: str, kind: str) -> str:
    """Returns the unit a unit file names in its head ('' when it cannot be read): an ``.mtf``'s chassis and
    model, a ``.blk``'s Name and Model."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or a device would block
            return ""
        with open(path, "rb") as f:
            head = decode(f.read(HEAD_BYTES))
    except OSError:
        return ""
    if kind == "blk":  # <Name> and <Model>, each value on its own line (blank lines and spaces as they come)
        parts = [re.search(rf"<\s*{tag}\s*>\s*\n\s*([^<\r\n]*?)\s*\r?\n\s*</\s*{tag}\s*>", head, re.IGNORECASE)
                 for tag in ("name", "model")]
        return " ".join(p.group(1).strip() for p in parts if p)
    lines = [line.strip() for line in head.splitlines()]
    keyed = {k.strip().casefold(): v.strip() for k, _, v in (line.partition(":") for line in lines if ":" in line)}
    if "chassis" in keyed:
        return f"{keyed['chassis']} {keyed.get('model', '')}"
    for i, line in enumerate(lines):
        if line.casefold().startswith("version:"):
            names = []
            for after in lines[i + 1:i + 3]:
                if not after or ":" in after:
                    break
                names.append(after)
            return " ".join(names)
    return ""
