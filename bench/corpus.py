"""Runs every file of the MegaMek corpus through btcli's command line, as a user would (issue #28).

    python3 bench/corpus.py [--jobs N]

For each file of tests/megamek/corpus.toml: ``btcli import FILE`` and ``btcli import FILE --lenient``,
whole processes. Prints the targets of issue #28 (0 tracebacks, 0 exit 1, no file over 2 s; every file
whose every item btcli plays imports strictly) and, per kind, the share that imports exactly; then
``btcli import DIR`` on each corpus folder, the library summary (what keeps the rest out, for issue #31).
The corpus lives outside the repository (tests/megamek/corpus.py: ``$BTCLI_MEGAMEK_CORPUS``, else
``../shared/megamek-corpus`` or ``../megamek-corpus``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.megamek import corpus  # noqa: E402  (the path above first)


def btcli(*args: str) -> tuple[int, str, float, str]:
    """Runs btcli from this source tree; returns (exit code, stderr, seconds, stdout)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "btcli", *args], capture_output=True, text=True, env=env)
    return done.returncode, done.stderr, time.perf_counter() - started, done.stdout


def check(entry: corpus.Entry) -> dict[str, object]:
    strict = btcli("import", str(entry.file))
    lenient = btcli("import", str(entry.file), "--lenient")
    return {"entry": entry, "codes": (strict[0], lenient[0]), "seconds": max(strict[2], lenient[2]),
            "traceback": "Traceback" in strict[1] + lenient[1]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if not corpus.present():
        print(f"the corpus is not at {corpus.CORPUS} (set BTCLI_MEGAMEK_CORPUS)", file=sys.stderr)
        return 2
    entries = corpus.entries()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(check, entries))
    exit_1 = [r for r in results if 1 in r["codes"]]
    slow = [r for r in results if r["seconds"] > 2]
    wrong = [r for r in results if r["codes"][0] != (0 if r["entry"].outcome == "exact" else 4)
             or r["codes"][1] != (0 if r["entry"].outcome in ("exact", "lenient") else 4)]
    print(f"{len(results)} files, each imported strictly and with --lenient as separate processes")
    print(f"  tracebacks: {sum(r['traceback'] for r in results)}   exit 1: {len(exit_1)}   over 2 s: {len(slow)}   "
          f"slowest: {max(r['seconds'] for r in results):.2f} s")
    print(f"  exit codes not those corpus.toml's outcomes call for: {len(wrong)}")
    for r in exit_1 + slow + wrong:
        print(f"    {r['entry'].path}: exit {r['codes']}, {r['seconds']:.2f} s")
    for kind in ("'Mech", "vehicle", "aerospace"):  # a strict import that exits 0 is an exact one
        mine = [r for r in results if r["entry"].kind == kind]
        exact = sum(r["codes"][0] == 0 for r in mine)
        print(f"  {kind}: {exact} of {len(mine)} import strictly and exactly ({exact / len(mine):.0%})")
    for folder in sorted({e.path.split("/")[0] for e in entries}):
        code, _, seconds, out = btcli("import", str(corpus.CORPUS / folder))
        print(f"\n$ btcli import {corpus.CORPUS / folder}   (exit {code}, {seconds:.2f} s)\n{out}", end="")
    return 1 if exit_1 or slow or wrong or any(r["traceback"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
