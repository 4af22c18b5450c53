"""A whole MegaMek data folder at once (``btcli import DIR``, issue #28): every unit and board file read as
a scenario would read it, and what came of each counted per kind.

Each file is read once, leniently (``allow_unarmed`` off): a file with nothing btcli does not play
imports *exact*; one whose left-out items are all it holds against it imports *lenient only*; the rest
are *refused* (a kind of unit btcli does not play, a malformed file, a unit --lenient would leave with
no weapon). Nothing stops the walk: a file that makes a reader fail unexpectedly is counted as a bug,
never raised.
"""

from __future__ import annotations

import os
import stat
import time
from collections import Counter
from typing import Callable, NamedTuple

from btcli.errors import GameFileError
from btcli.megamek import find
from btcli.megamek.convert import reader
from btcli.megamek.notes import Notes, RefusedKind

KINDS = ("'Mech", "vehicle", "aerospace", "infantry", "ProtoMech", "gun emplacement", "board", "other")


class Result(NamedTuple):
    """What came of one file."""

    path: str  # relative to the folder
    kind: str  # one of KINDS
    outcome: str  # "exact", "lenient", "refused"
    reasons: tuple[str, ...]  # why it is refused, or what it imports only with --lenient (summary keys)
    detail: str = ""  # a refusal's message
    missing: tuple[str, ...] = ()  # what it holds that btcli does not play (summary keys), however it ends


def files_in(folder: str) -> tuple[list[str], int]:
    """Returns the unit and board files under ``folder`` (sorted, subfolders walked in order) and the count
    of zip archives met (MegaMek's older data folders zip their units: btcli reads them unzipped)."""
    found, archives = [], 0
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if find.kind_of(name):
                found.append(os.path.join(root, name))
            elif name.casefold().endswith(".zip"):
                archives += 1
    return found, archives


def read_one(path: str, folder: str) -> Result:
    """Reads one file leniently and says what came of it."""
    relative = os.path.relpath(path, folder)
    kind = find.kind_of(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO or device would block or never end
            return Result(relative, _kind(kind, ""), "refused", ("not a regular file",), "not a regular file")
        text = find.read_text(path, kind)
    except (OSError, GameFileError) as exc:
        return Result(relative, _kind(kind, ""), "refused", ("cannot be read",), str(getattr(exc, "strerror", "") or exc))
    what = _kind(kind, text)
    notes = Notes(relative, lenient=True)
    try:
        reader(kind)(text, notes)
    except RefusedKind as exc:
        return Result(relative, what, "refused", (exc.key,), str(exc), _missing(notes))
    except GameFileError as exc:
        return Result(relative, what, "refused", ("malformed file",), str(exc))
    except Exception as exc:  # noqa: BLE001: a reader bug must not stop the walk; it is reported as one
        return Result(relative, what, "refused", ("btcli failed to read it (a bug)",), f"{type(exc).__name__}: {exc}")
    if not notes.problems:
        return Result(relative, what, "exact", ())
    return Result(relative, what, "lenient", _missing(notes), missing=_missing(notes))


def _missing(notes: Notes) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p.key for p in notes.problems))


def _kind(kind: str, text: str) -> str:
    if kind == "board":
        return "board"
    if kind == "mtf":
        return "'Mech"
    from btcli.megamek import blk

    return blk.summary_kind(text)


def scan(folder: str, progress: Callable[[int, int, str], None] | None = None) -> tuple[list[Result], int, float]:
    """Reads every file under ``folder``; returns the results, the zip archives met and the seconds taken.
    ``progress(done, total, path)`` is called after each file."""
    started = time.perf_counter()
    paths, archives = files_in(folder)
    results = []
    for i, path in enumerate(paths):
        results.append(read_one(path, folder))
        if progress is not None:
            progress(i + 1, len(paths), path)
    return results, archives, time.perf_counter() - started


def summary(folder: str, results: list[Result], archives: int, seconds: float, top: int = 15) -> dict[str, object]:
    """Returns the summary of a scan as data (``btcli import DIR --json``, docs/json-output.md)."""
    kinds: dict[str, dict[str, int]] = {}
    for result in results:
        counts = kinds.setdefault(result.kind, {"files": 0, "exact": 0, "lenient": 0, "refused": 0})
        counts["files"] += 1
        counts[result.outcome] += 1
    refused = Counter(reason for r in results if r.outcome == "refused" for reason in r.reasons)
    missing = Counter(key for r in results if r.kind in ("'Mech", "vehicle", "aerospace") for key in r.missing)
    units = [r for r in results if r.kind in ("'Mech", "vehicle")]
    exact = sum(r.outcome == "exact" for r in units)
    return {
        "folder": folder, "files": len(results), "zip_archives": archives, "seconds": round(seconds, 2),
        "kinds": {k: kinds[k] for k in KINDS if k in kinds},
        "mech_and_vehicle_exact_share": round(exact / len(units), 4) if units else None,
        "refused_because": dict(refused.most_common(top)),
        "not_played_yet": dict(missing.most_common(top)),
        "results": [{"file": r.path, "kind": r.kind, "outcome": r.outcome, "because": list(r.reasons),
                     **({"detail": r.detail} if r.detail else {}), **({"missing": list(r.missing)} if r.missing else {})}
                    for r in results],
    }


def render(data: dict[str, object]) -> str:
    """Returns the summary as the text ``btcli import DIR`` prints."""
    lines = [f"MegaMek library {data['folder']}: {data['files']} files read in {data['seconds']} s"]
    if data["zip_archives"]:
        lines.append(f"  ({data['zip_archives']} zip archives not read: unzip them to import their units)")
    lines += ["", f"{'kind':<16} {'files':>6} {'exact':>6} {'lenient only':>13} {'refused':>8}"]
    for kind, counts in data["kinds"].items():
        lines.append(f"{kind:<16} {counts['files']:>6} {counts['exact']:>6} {counts['lenient']:>13} "
                     f"{counts['refused']:>8}")
    share = data["mech_and_vehicle_exact_share"]
    if share is not None:
        lines += ["", f"'Mechs and vehicles that import exactly: {share:.1%}"]
    for key, title in (("not_played_yet", "What btcli does not play yet ('Mechs, vehicles, aerospace units; files "
                                          "holding it)"),
                       ("refused_because", "Why files are refused (files)")):
        if data[key]:
            lines += ["", f"{title}:"] + [f"  {count:>6}  {reason}" for reason, count in data[key].items()]
    return "\n".join(lines) + "\n"
