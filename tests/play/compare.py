"""Compares the game files of two random-game runs: ``python -m tests.play.compare DIR_A DIR_B``.

For proving that a restructure of btcli changes nothing: run ``python -m tests.play``
with the same seeds against the old and the new code, then compare. For every
game file present in both folders it compares the ``[[log]]`` entries one by one
(``seq``, ``turn``, ``phase``, ``command``, ``events``, ``rolls``) and the final
units (``armor``, ``internal``, ``position``, ``destroyed``; from the JSON report
the player keeps beside each game, ``SCENARIO-SEED.report.json``, else from the
game file's head), and prints the first difference of each game. The ``state``/``prev`` hashes may change under a
new file format, so their differences are reported apart, for information only.
Exits 0 only when every game compared is identical (and at least one was).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ENTRY_KEYS = ("seq", "turn", "phase", "command", "events", "rolls")
HASH_KEYS = ("prev", "state")
UNIT_KEYS = ("armor", "internal", "position", "destroyed")
SHOWN = 300  # characters of a differing value shown


def game_files(folder: Path) -> dict[str, Path]:
    return {p.name: p for p in sorted(folder.glob("*.toml")) if not p.name.endswith(".secrets.toml")}


def final_units(a: Path, b: Path, head_a: dict, head_b: dict) -> tuple[dict, dict]:
    """Returns both games' final units by id: from the JSON reports the player kept beside the games (the
    documented report format, whatever the game file's), else, when either lacks one, from the heads."""
    reports = [p.with_name(p.stem + ".report.json") for p in (a, b)]
    if all(r.exists() for r in reports):
        units = [{u["id"]: u for u in json.loads(r.read_text(encoding="utf-8"))["units"]} for r in reports]
        return units[0], units[1]
    return head_a.get("units", {}), head_b.get("units", {})


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def _value_difference(where: str, a: object, b: object) -> str:
    """Describes how two values differ, down to the first differing item of a list."""
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return f"{where}[{i}]:\n    A: {_short(x)}\n    B: {_short(y)}"
        longer, name = (a, "A") if len(a) > len(b) else (b, "B")
        return f"{where}: {name} has {abs(len(a) - len(b))} more item(s), first {_short(longer[min(len(a), len(b))])}"
    if isinstance(a, dict) and isinstance(b, dict):
        key = next((k for k in [*a, *b] if a.get(k) != b.get(k)), None)
        if key is not None:
            return f"{where}[{key!r}]:\n    A: {_short(a.get(key))}\n    B: {_short(b.get(key))}"
    return f"{where}:\n    A: {_short(a)}\n    B: {_short(b)}"


def first_difference(a: dict, b: dict, units_a: dict | None = None, units_b: dict | None = None) -> str | None:
    """Returns the first difference between two parsed game files (log entries, then the final units, by
    default those of the heads), or None."""
    log_a, log_b = a.get("log", []), b.get("log", [])
    for entry_a, entry_b in zip(log_a, log_b):
        for key in ENTRY_KEYS:
            if entry_a.get(key) != entry_b.get(key):
                return _value_difference(f"log entry {entry_a.get('seq', '?')} ({entry_a.get('command', '')!r}) "
                                         f"{key}", entry_a.get(key), entry_b.get(key))
    if len(log_a) != len(log_b):
        longer = log_a if len(log_a) > len(log_b) else log_b
        extra = longer[min(len(log_a), len(log_b))]
        return (f"A has {len(log_a)} log entries, B {len(log_b)}; the first extra one is "
                f"{extra.get('seq')} {extra.get('command')!r}")
    units_a = a.get("units", {}) if units_a is None else units_a
    units_b = b.get("units", {}) if units_b is None else units_b
    if list(units_a) != list(units_b):
        return _value_difference("final units", list(units_a), list(units_b))
    for uid, unit_a in units_a.items():
        for key in UNIT_KEYS:
            if unit_a.get(key) != units_b[uid].get(key):
                return _value_difference(f"final unit {uid} {key}", unit_a.get(key), units_b[uid].get(key))
    return None


def hash_differences(a: dict, b: dict) -> int:
    """Counts the log entries whose state or prev hash differs (informational: a new format may change them)."""
    return sum(1 for x, y in zip(a.get("log", []), b.get("log", [])) if any(x.get(k) != y.get(k) for k in HASH_KEYS))


def _load(path: Path) -> tuple[dict | None, str]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8")), ""
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return None, f"cannot read {path}: {exc}"


def compare(dir_a: Path, dir_b: Path, out=sys.stdout) -> int:
    """Compares every game present in both folders; prints one line (or block) a game; returns the exit code."""
    files_a, files_b = game_files(dir_a), game_files(dir_b)
    common = [name for name in files_a if name in files_b]
    for name in sorted(set(files_a) ^ set(files_b)):
        out.write(f"only in {'A' if name in files_a else 'B'}: {name} (not compared)\n")
    differing = 0
    for name in common:
        (a, err_a), (b, err_b) = _load(files_a[name]), _load(files_b[name])
        if a is None or b is None:
            differing += 1
            out.write(f"DIFFERENT {name}: {err_a or err_b}\n")
            continue
        difference = first_difference(a, b, *final_units(files_a[name], files_b[name], a, b))
        hashes = hash_differences(a, b)
        note = f" ({hashes} entries with other state/prev hashes, informational)" if hashes else ""
        if difference is None:
            out.write(f"same {name}: {len(a.get('log', []))} entries{note}\n")
        else:
            differing += 1
            out.write(f"DIFFERENT {name}: {difference}\n{note.strip()}\n" if note else f"DIFFERENT {name}: {difference}\n")
    out.write(f"{len(common)} games compared, {len(common) - differing} identical, {differing} different\n")
    return 0 if common and not differing else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.play.compare", description=__doc__.splitlines()[0])
    parser.add_argument("dir_a", type=Path, help="game files of the first run (e.g. the old code)")
    parser.add_argument("dir_b", type=Path, help="game files of the second run (e.g. the new code)")
    args = parser.parse_args(argv)
    for folder in (args.dir_a, args.dir_b):
        if not folder.is_dir():
            parser.error(f"{folder} is not a folder")
    return compare(args.dir_a, args.dir_b)


if __name__ == "__main__":
    sys.exit(main())
