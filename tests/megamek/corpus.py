"""The corpus of real MegaMek files (issue #28): unit and board files taken unchanged from the MegaMek
repository (MegaMek/megamek on GitHub; MegaMek's data is CC BY-NC-SA 4.0, (c) the MegaMek team).

The files themselves stay out of btcli's repository (the team keeps fetched data under ``../shared``,
never in commits): ``corpus.toml`` beside this module lists each one, its path in MegaMek's repository,
the commit it was taken at, its SHA-256, and what btcli makes of it (its kind, whether it imports exactly,
only with ``--lenient``, or not at all, and why). The tests read the files from ``$BTCLI_MEGAMEK_CORPUS``,
else ``../shared/megamek-corpus`` or ``../megamek-corpus`` beside the checkout, and skip when none holds them.

    python -m tests.megamek.corpus fetch MEGAMEK_CLONE   # copy the files out of a clone of MegaMek's repository
    python -m tests.megamek.corpus write                 # rewrite corpus.toml from the files (review the diff)

``write`` reads each folder's ``MANIFEST.tsv`` (repository path, commit, characters, SHA-256), as the
files were gathered; ``fetch`` needs a clone whose history holds those commits.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
# The first of: $BTCLI_MEGAMEK_CORPUS, ../shared/megamek-corpus, ../megamek-corpus (``shared`` may be read-only:
# then the team keeps the files beside the checkout).
_PLACES = [ROOT.parent / "shared" / "megamek-corpus", ROOT.parent / "megamek-corpus"]
CORPUS = Path(os.environ.get("BTCLI_MEGAMEK_CORPUS")
              or next((p for p in _PLACES if (p / "2021" / "MANIFEST.tsv").exists()), _PLACES[0]))
MANIFEST = Path(__file__).resolve().parent / "corpus.toml"


class Entry(NamedTuple):
    path: str  # under the corpus folder: GATHERING/REPOSITORY PATH
    commit: str  # MegaMek/megamek's commit the file was taken at
    sha256: str
    kind: str
    outcome: str  # exact, lenient, refused
    because: tuple[str, ...]  # what keeps it from importing exactly (library summary keys)

    @property
    def file(self) -> Path:
        return CORPUS / self.path

    @property
    def repository_path(self) -> str:
        return self.path.split("/", 1)[1]


def entries() -> list[Entry]:
    """Returns the manifest's files."""
    with open(MANIFEST, "rb") as f:
        data = tomllib.load(f)
    return [Entry(e["path"], e["commit"], e["sha256"], e["kind"], e["outcome"], tuple(e["because"]))
            for e in data["file"]]


def present() -> bool:
    """Tells whether the corpus's files are at hand."""
    return CORPUS.is_dir() and all(e.file.is_file() for e in entries())


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def because(result) -> list[str]:
    """Returns what keeps a file from importing exactly: why it is refused, then what it holds btcli does not
    play (library summary keys)."""
    return list(dict.fromkeys(result.reasons + result.missing))


def write() -> None:
    """Rewrites corpus.toml from the corpus folder's MANIFEST.tsv files and what btcli makes of each file."""
    import tomli_w

    from btcli.megamek import library

    files = []
    for manifest in sorted(CORPUS.glob("*/MANIFEST.tsv")):
        gathering = manifest.parent.name
        for line in manifest.read_text(encoding="utf-8").splitlines():
            path, commit, _, digest = line.split("\t")
            local = manifest.parent / path
            if sha256(local) != digest:
                raise SystemExit(f"{local}: its SHA-256 is not the one its MANIFEST.tsv records")
            result = library.read_one(str(local), str(manifest.parent))
            files.append({"path": f"{gathering}/{path}", "commit": commit, "sha256": digest, "kind": result.kind,
                          "outcome": result.outcome, "because": because(result)})
    head = __doc__.split("\n\n")[0].replace('"""', "")
    text = "".join(f"# {line}\n" if line else "#\n" for line in head.splitlines())
    text += "# Rewritten by `python -m tests.megamek.corpus write`; a changed outcome is reviewed like a golden file.\n\n"
    MANIFEST.write_text(text + tomli_w.dumps({"file": files}), encoding="utf-8")


def fetch(clone: str) -> None:
    """Copies each manifest file out of a clone of MegaMek's repository, at its commit."""
    for entry in entries():
        data = subprocess.run(["git", "-C", clone, "show", f"{entry.commit}:{entry.repository_path}"],
                              capture_output=True, check=True).stdout
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            print(f"{entry.path}: not byte for byte the recorded file (line endings?); kept anyway", file=sys.stderr)
        entry.file.parent.mkdir(parents=True, exist_ok=True)
        entry.file.write_bytes(data)


if __name__ == "__main__":
    if sys.argv[1:2] == ["write"]:
        write()
    elif sys.argv[1:2] == ["fetch"] and len(sys.argv) == 3:
        fetch(sys.argv[2])
    else:
        raise SystemExit(__doc__)
