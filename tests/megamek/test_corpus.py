"""MegaMek's own files, unchanged (issue #28): every file of the corpus (tests/megamek/corpus.py, corpus.toml)
reads as recorded, quickly and without an internal error; the 'Mechs btcli imports exactly agree with an
independent reader (mtf2json, PyPI) on every fact both read, each difference explained; the designs btcli
ships that MegaMek's files also hold import to the catalog's values; a folder of them is summed up.

The files stay outside the repository (corpus.py says where and why): without them these tests skip, and
tests/megamek/test_formats.py keeps each layout tested on fixtures written in it."""

from __future__ import annotations

import json
import re
import time
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from btcli import catalog
from btcli.megamek import equipment, library
from btcli.megamek.convert import Source, import_file
from tests.cli.helpers import ok
from tests.megamek import corpus
from tests.megamek.helpers import FIXTURES

ENTRIES = corpus.entries()
needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS} (set "
                                  "BTCLI_MEGAMEK_CORPUS; python -m tests.megamek.corpus fetch CLONE)")


def short(entry: corpus.Entry) -> str:
    return f"{entry.path.split('/')[0]}:{entry.path.rsplit('/', 1)[-1]}"


def test_the_corpus_spans_every_kind_btcli_reads():
    """At least 150 files: 'Mechs of 3039, 3050 and later, Clan and Inner Sphere, OmniMechs and quads; tanks,
    hovercraft, VTOLs, naval vehicles; fighters, small craft, DropShips; infantry; boards of many sizes."""
    kinds = Counter(e.kind for e in ENTRIES)
    assert len(ENTRIES) >= 150 and kinds["'Mech"] >= 90 and kinds["vehicle"] >= 40 and kinds["aerospace"] >= 25
    assert kinds["infantry"] >= 10 and kinds["board"] >= 25
    paths = " ".join(e.path for e in ENTRIES)
    for folder in ("3039u", "3050U", "3058Uu", "3067", "3075", "3085u", "3145", "dropships", "smallcraft",
                   "convfighter", "battlearmor", "infantry", "boards"):
        assert f"/{folder}/" in paths, folder
    assert {"tripod 'Mech", "LandAir'Mech", "battle armor unit", "submarine vehicle"} <= {
        b for e in ENTRIES for b in e.because}
    quads = [e for e in ENTRIES if e.kind == "'Mech" and "Config:Quad" in e.file.read_text(encoding="utf-8")] \
        if corpus.present() else []
    assert not corpus.present() or sum(e.outcome == "exact" for e in quads) >= 2  # issue #30: quads play


@needs_corpus
@pytest.mark.parametrize("entry", ENTRIES, ids=short)
def test_each_file_is_unchanged_and_reads_as_recorded(entry):
    """Each file imports exactly, only with --lenient, or is refused, for the reasons corpus.toml records
    (rewritten with ``python -m tests.megamek.corpus write`` and reviewed like a golden file); never an
    internal error, and within 2 seconds."""
    assert corpus.sha256(entry.file) == entry.sha256, "the corpus file changed"
    started = time.perf_counter()
    result = library.read_one(str(entry.file), str(corpus.CORPUS / entry.path.split("/")[0]))
    assert time.perf_counter() - started < 2
    assert (result.kind, result.outcome, tuple(corpus.because(result))) == (entry.kind, entry.outcome, entry.because)


# -- An independent reader -------------------------------------------------------------------------------

MTF2JSON_LOCATIONS = {"head": "HD", "center_torso": "CT", "left_torso": "LT", "right_torso": "RT", "left_arm": "LA",
                      "right_arm": "RA", "left_leg": "LL", "right_leg": "RL"}
REAR = {"CT": "CTR", "LT": "LTR", "RT": "RTR"}

# Where mtf2json (it reads the weapon list) and btcli (it reads the critical slots, as MegaMek does: MtfFile
# skips the list) differ, MegaMek's reading is btcli's: these files' lists leave out their rear mounts' (R).
REAR_ONLY_IN_SLOTS = {
    "current:Zeus ZEU-6S.mtf": [("Medium Laser", "LT")], "2021:Zeus ZEU-6S.mtf": [("Medium Laser", "LT")],
    "current:Archer ARC-2R.mtf": [("Medium Laser", "CT")] * 2, "2021:Archer ARC-2R.mtf": [("Medium Laser", "CT")] * 2,
    "fixture:Sentinel STN-3C.mtf": [("Medium Laser", "LT")],
    "current:Phantom A.mtf": [("Clan ER Small Laser", "LT")],  # CLERSmallLaser (R) (omnipod)
}


def mtf2json_facts(path: Path, clan: bool) -> dict[str, object]:
    """Returns what mtf2json reads of a 'Mech in btcli's terms."""
    from mtf2json import mtf2json

    data = mtf2json.read_mtf(path)
    armor = {}
    for where, value in data["armor"].items():
        if where in MTF2JSON_LOCATIONS:
            location = MTF2JSON_LOCATIONS[where]
            if "front" in value:
                armor[location], armor[REAR[location]] = value["front"]["pips"], value["rear"]["pips"]
            else:
                armor[location] = value["pips"]
    weapons = Counter()
    for weapon in data["weapons"]:
        # mtf2json gives a Clan weapon's name without "Clan " (LRM-20): a Clan 'Mech's weapon is looked up as a
        # Clan one first (the slots name it CLLRM20), its own name after
        item = (equipment.lookup(f"Clan {weapon['name']}", clan) if clan else None) or equipment.lookup(weapon["name"], clan)
        if item is not None and item.kind != "weapon":
            continue  # mtf2json lists some equipment (an active probe, an ECM suite) among the weapons
        name = item.plays if item is not None else equipment.listed_weapon(weapon["name"], clan) or weapon["name"]
        weapons[(name, MTF2JSON_LOCATIONS[weapon["location"]], weapon["facing"] == "rear")] += weapon["quantity"]
    return {"tons": data["mass"], "engine_rating": int(str(data["engine"]).split()[0]),
            "heat_sinks": (data["heat_sinks"]["quantity"], data["heat_sinks"]["type"].replace("Clan ", "").replace("IS ", "")),
            "walk": data["walk_mp"],
            "run": data["run_mp"], "jump": data.get("jump_mp", 0), "armor": armor, "weapons": weapons}


def btcli_facts(design: dict) -> dict[str, object]:
    weapons = Counter((w["name"], w["location"], w.get("rear", False)) for w in design["weapons"])
    kind = "Single" if design.get("heat_sink_type", "single") == "single" else "Double"  # EQ-HS-01
    return {"tons": design["tons"], "engine_rating": design["engine_rating"], "heat_sinks": (design["heat_sinks"],
            kind), "walk": design["walk"], "run": design["run"], "jump": design["jump"],
            "armor": design["armor"], "weapons": weapons}


def agree(path: Path, key: str = "") -> None:
    pytest.importorskip("mtf2json")
    design = import_file(str(path), Source())[2]
    clan = re.search(r"^\s*techbase\s*:\s*(clan|mixed \(clan chassis\))", path.read_text(encoding="latin-1"), re.I | re.M)
    ours, theirs = btcli_facts(design), mtf2json_facts(path, clan is not None)
    for name, location in REAR_ONLY_IN_SLOTS.get(key, ()):
        theirs["weapons"][(name, location, False)] -= 1
        theirs["weapons"][(name, location, True)] += 1
    # The weapon list may name either location of a weapon split over two; MegaMek (and btcli) mount it in the
    # more restrictive one (EQ-SPLIT-01): the list's other location counts as that one.
    for w in design["weapons"]:
        listed = (w["name"], w.get("split", ""), w.get("rear", False))
        if w.get("split") and theirs["weapons"][listed] > 0:
            theirs["weapons"][listed] -= 1
            theirs["weapons"][(w["name"], w["location"], w.get("rear", False))] += 1
    theirs["weapons"] = +theirs["weapons"]
    assert ours == theirs


def biped(entry: corpus.Entry) -> bool:
    """mtf2json, the independent reader, reads biped 'Mechs only ("Only 'Biped' mechs are supported"): quads are
    checked by tests/megamek/test_corpus_games.py and tests/rules/test_quads.py instead."""
    return not corpus.present() or "config:quad" not in entry.file.read_text(encoding="latin-1").casefold()


EXACT_MECHS = [e for e in ENTRIES if e.kind == "'Mech" and e.outcome == "exact" and biped(e)]


@needs_corpus
@pytest.mark.parametrize("entry", EXACT_MECHS, ids=short)
def test_each_mech_btcli_imports_exactly_agrees_with_an_independent_reader(entry):
    agree(entry.file, short(entry))


LENIENT_MECHS = [e for e in ENTRIES if e.kind == "'Mech" and e.outcome == "lenient" and biped(e)]


@needs_corpus
@pytest.mark.parametrize("entry", LENIENT_MECHS, ids=short)
def test_each_mech_btcli_imports_leniently_agrees_with_the_independent_reader_on_its_frame(entry):
    """Whatever equipment is left out, the frame reads as mtf2json reads it: tonnage, engine rating, walking and
    jumping MP, the count of heat sinks and the armor of every location."""
    pytest.importorskip("mtf2json")
    design = import_file(str(entry.file), Source(lenient=True))[2]
    ours, theirs = btcli_facts(design), mtf2json_facts(entry.file, "TechBase:Clan" in entry.file.read_text(
        encoding="latin-1"))
    for fact in ("tons", "engine_rating", "walk", "run", "jump", "armor"):
        assert ours[fact] == theirs[fact], fact
    assert ours["heat_sinks"][0] == theirs["heat_sinks"][0]


@pytest.mark.parametrize("name", ["formats/Sentinel STN-3C.mtf", "formats/Sentinel STN-3A.mtf",
                                  "data/mechs/Locust LCT-1V.mtf", "data/mechs/Atlas AS7-D.mtf"])
def test_the_fixtures_agree_with_the_independent_reader_too(name):
    """mtf2json reads the Sentinel STN-3C's weapon list, which lacks its rear laser's (R); its slot has it."""
    agree(FIXTURES / name, f"fixture:{name.rsplit('/', 1)[-1]}")


# -- The designs btcli ships ------------------------------------------------------------------------------

@needs_corpus
def test_the_designs_btcli_ships_import_from_megamek_s_files_to_the_catalog_s_values():
    """tables.md 13 read the catalog's designs from MegaMek's data: the files themselves give the same (the
    weapons and bins as many and where, in the file's order rather than tables.md's)."""
    with open(Path(catalog.__file__).parent / "aero.toml", "rb") as f:
        aero = tomllib.load(f)["aero"]
    compared = []
    for entry in ENTRIES:
        if entry.outcome != "exact" or entry.kind not in ("'Mech", "vehicle", "aerospace"):
            continue
        design = import_file(str(entry.file), Source())[2]
        name = design["name"].removesuffix(" (Standard)")  # MegaMek's model of the standard version
        expected = catalog.designs().get(name) or aero.get(name)
        if expected is None:
            continue
        for key, value in expected.items():
            if key in ("actuators", "unverified"):
                continue
            if key in ("weapons", "ammo"):
                assert sorted(map(str, design[key])) == sorted(map(str, value)), (entry.path, key)
            else:
                assert design[key] == value, (entry.path, key)
        compared.append(name)
    assert sorted(set(compared)) == ["Hunchback HBK-4G", "Locust LCT-1V", "Savannah Master Hovercraft",
                                     "Scorpion Light Tank", "Union (2708)", "Warrior Attack Helicopter H-7",
                                     "Wasp WSP-1A"]


# -- A library at once ------------------------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("gathering", sorted({e.path.split("/")[0] for e in ENTRIES}))
def test_a_corpus_folder_is_summed_up_as_its_files_read(gathering, capsys):
    """``btcli import DIR``: per kind, the files that import exactly, only with --lenient, or not at all (the
    benchmark of issue #28: its table is printed here)."""
    data = json.loads(ok("import", corpus.CORPUS / gathering, "--json").out)
    mine = [e for e in ENTRIES if e.path.startswith(gathering + "/")]
    for kind in {e.kind for e in mine}:
        counts = Counter(e.outcome for e in mine if e.kind == kind)
        assert data["kinds"][kind] == {"files": sum(counts.values()), "exact": counts["exact"],
                                       "lenient": counts["lenient"], "refused": counts["refused"]}
    assert not any("a bug" in " ".join(r["because"]) for r in data["results"])
    with capsys.disabled():
        print(f"\n{library.render(data)}", end="")
