"""Compares two game files for behaviour, whatever their file formats (issue #11: the restructure
must play every game the same).

Two games play the same when their logs hold the same commands, events and rolls, entry by entry,
and their final heads hold the same units in the same condition. State hashes and the layout of
the head may differ between formats; this compares what a player sees.

    python -m tests.play.equivalence OLD.toml NEW.toml [...]    (pairs; exit 1 on a difference)
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ENTRY_FIELDS = ("seq", "turn", "phase", "command", "events", "rolls")
UNIT_FIELDS = ("side", "name", "kind", "motive", "tons", "walk", "run", "jump", "gunnery", "piloting", "heat_sinks",
               "facing", "destroyed", "prone", "heat", "mode", "mp_spent", "hexes_moved", "armor", "internal",
               "pilot_hits", "conscious", "shutdown", "twist", "crits", "fired", "damage_phase")
DEFAULTS = {"jump": 0, "heat_sinks": 0, "facing": "N", "destroyed": False, "prone": False, "heat": 0, "mode": "none",
            "mp_spent": 0, "hexes_moved": 0, "pilot_hits": 0, "conscious": True, "shutdown": False, "twist": 0,
            "crits": [], "fired": [], "damage_phase": 0}
RENAMED = {"cruise": "walk", "flank": "run", "driving": "piloting"}  # format 1 wrote a vehicle's MP so


def unit_view(raw: dict, fmt: int) -> dict:
    """Returns what matters of a unit, from a format-1 or format-2 head table."""
    raw = {RENAMED.get(k, k): v for k, v in raw.items()}
    view = {k: raw.get(k, DEFAULTS.get(k)) for k in UNIT_FIELDS}
    pos = raw.get("position")
    extra = raw.get("extra", {})
    if fmt >= 2:
        pos = pos or {}
        view["hex"] = pos.get("hex")
        view["place"] = (pos.get("floor", 0), pos.get("roof", False), pos.get("under_bridge", False))
        view["elevation"] = pos.get("elevation", 0)
        view["state"] = {**raw.get("vehicle", {}), **raw.get("mech", {}), **raw.get("drop", {})}
    else:  # format 1
        view["hex"] = pos or None
        view["place"] = (extra.get("floor", 0), bool(extra.get("top", False)), bool(extra.get("under", False)))
        view["elevation"] = raw.get("elevation", 0) if pos else 0
        view["state"] = {k: v for k, v in extra.items() if k not in ("floor", "top", "under")}
    view["state"] = {k: (list(v) if isinstance(v, (list, tuple)) else v) for k, v in view["state"].items()
                     if v not in (0, 0.0, False, "", [], ())}
    view["weapons"] = [(w.get("name") or w.get("weapon"), w["location"], w.get("rear", False),
                        w.get("destroyed", False), w.get("jammed", False)) for w in raw.get("weapons", [])]
    view["ammo"] = [(a["weapon"], a["location"], a["shots"], a.get("kind", "standard")) for a in raw.get("ammo", [])]
    return view


def differences(old_path: Path, new_path: Path) -> list[str]:
    old, new = (tomllib.loads(p.read_text(encoding="utf-8")) for p in (old_path, new_path))
    found = []
    old_log, new_log = old.get("log", []), new.get("log", [])
    if len(old_log) != len(new_log):
        found.append(f"{len(old_log)} entries against {len(new_log)}")
    for a, b in zip(old_log, new_log):
        for key in ENTRY_FIELDS:
            if a.get(key) != b.get(key) and not (key == "command" and a.get("seq") == 1):
                found.append(f"entry {a.get('seq')}: {key} differs: {a.get(key)!r} / {b.get(key)!r}")
                break
        if found:
            break
    old_units, new_units = old.get("units", {}), new.get("units", {})
    if set(old_units) != set(new_units):
        found.append(f"units differ: {sorted(old_units)} / {sorted(new_units)}")
    for uid in sorted(set(old_units) & set(new_units)):
        a = unit_view(old_units[uid], old["game"].get("format", 1))
        b = unit_view(new_units[uid], new["game"].get("format", 1))
        for key in a:
            if a[key] != b[key]:
                found.append(f"unit {uid}: {key} {a[key]!r} / {b[key]!r}")
    for key in ("turn", "phase", "winner", "result", "rolls", "revision"):
        if old["game"].get(key) != new["game"].get(key):
            found.append(f"[game] {key}: {old['game'].get(key)!r} / {new['game'].get(key)!r}")
    return found


def main(argv: list[str]) -> int:
    if len(argv) % 2:
        print(__doc__)
        return 2
    bad = 0
    for old, new in zip(argv[::2], argv[1::2]):
        found = differences(Path(old), Path(new))
        print(f"{'same' if not found else 'DIFFERENT'}: {old} / {new}")
        for line in found[:10]:
            print("   ", line)
        bad += bool(found)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
