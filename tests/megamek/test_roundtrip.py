"""Import round trips (issue #16): btcli's catalog designs (tables.md 13; btcli/catalog/units.toml and
aero.toml), written as .mtf and .blk fixtures, import to exactly the catalog's values."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from btcli import catalog
from btcli.catalog.aero_designs import DESIGN_FIELDS, aero_designs, parse_design
from btcli.errors import GameFileError
from btcli.megamek import blk, board, mtf
from btcli.megamek.convert import Source, import_file, render_toml
from btcli.megamek.notes import Notes
from btcli.model.frozen import evolve
from tests.builders import design, game
from tests.megamek.helpers import DATA, FIXTURES, imported

MECHS = {"Locust LCT-1V": "mechs/Locust LCT-1V.mtf", "Commando COM-2D": "mechs/Commando COM-2D.mtf",
         "Wasp WSP-1A": "mechs/wasp.mtf", "Hunchback HBK-4G": "mechs/Hunchback HBK-4G.mtf",
         "Atlas AS7-D": "mechs/Atlas AS7-D.mtf"}
VEHICLES = ("Scorpion Light Tank", "Manticore Heavy Tank", "Savannah Master Hovercraft", "J. Edgar Light Hover Tank",
            "Demolisher Heavy Tank (Mk. I)", "Ferret Light Scout VTOL", "Warrior Attack Helicopter H-7")
FIGHTERS = ("Sparrowhawk SPR-H5", "Corsair CSR-V12", "Lucifer LCF-R15", "Light Strike Fighter Angel")
NOT_IN_FILES = ("actuators", "unverified")  # the .mtf's slots hold the actuators; a note is no design value


def fixture(name: str) -> str:
    return str(DATA / (MECHS[name] if name in MECHS else f"vehicles/{name}.blk"))


@pytest.mark.parametrize("name", [*MECHS, *VEHICLES])
def test_a_catalog_design_imports_to_its_catalog_values(name):
    entry, expected = imported(fixture(name)), catalog.designs()[name]
    assert entry["name"] == name
    assert {k: entry[k] for k in expected if k not in NOT_IN_FILES} == {
        k: v for k, v in expected.items() if k not in NOT_IN_FILES}


@pytest.mark.parametrize("name", MECHS)
def test_an_imported_mech_plays_as_its_catalog_design_with_the_file_s_slots(name):
    """The unit made from the file equals the catalog's, but for the slots: the file's layout, which holds
    the same items per location bar heat sinks and jump jets (where the derived layout puts its heat sinks
    is btcli's choice; it puts no jump jets), and as many heat sinks."""
    entry = imported(fixture(name))
    ours, theirs = game(design(entry)).units["u1"], game(design(name)).units["u1"]
    assert ours.with_mech(slots={}) == theirs.with_mech(slots={})
    moved = ("heat_sink", "jump_jet", "")
    for location, items in theirs.mech.slots.items():
        assert sorted(i for i in ours.mech.slots[location] if i not in moved) == sorted(i for i in items if i not in moved)
    count = sum(items.count("heat_sink") for items in ours.mech.slots.values())
    assert count == sum(items.count("heat_sink") for items in theirs.mech.slots.values())


def test_the_catalog_locust_has_no_lower_arms_nor_hands_and_neither_has_its_file():  # tables.md 13.2
    slots = imported(fixture("Locust LCT-1V"))["slots"]
    assert [s for s in slots["LA"] if s] == ["shoulder", "upper_arm", "weapon:Machine Gun"]
    assert catalog.designs()["Locust LCT-1V"]["actuators"]["LA"] == ["shoulder", "upper_arm"]


@pytest.mark.parametrize("name", FIGHTERS)
def test_a_catalog_fighter_imports_to_its_record_sheet(name):  # tables.md 13.3, 13.4
    """Every fighter's file gives its fuel (MegaMek refuses one without); tables.md 13.3 has none for the Corsair
    and the Lucifer, so the catalog leaves theirs out."""
    entry = imported(DATA / "fighters" / f"{name}.blk")
    assert entry["kind"] == "aero" and entry["name"] == name
    catalog_sheet = aero_designs()[name]
    fields = {k: v for k, v in entry.items() if k in DESIGN_FIELDS and (k != "fuel" or catalog_sheet.fuel is not None)}
    assert parse_design(name, fields, "test") == catalog_sheet


@pytest.mark.parametrize("path", sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*.*")))
def test_btcli_import_prints_toml_that_reads_back_to_the_same_entry(path):
    kind, shown, entry = import_file(str(DATA / path), Source(str(DATA)))
    parsed = tomllib.loads(render_toml(kind, shown, entry))
    assert (parsed["map"] if kind == "map" else parsed["units"][0]) == entry


@pytest.mark.parametrize("path", sorted(p.relative_to(FIXTURES).as_posix() for p in FIXTURES.rglob("*.*")))
def test_a_fixture_cut_short_at_any_line_is_read_or_refused_in_one_line(path):
    """Whatever a file is cut down to, the reader gives a design or a GameFileError naming the file, never
    another exception (the CLI's exit 1)."""
    lines = (FIXTURES / path).read_text(encoding="utf-8").splitlines(keepends=True)
    read = {".mtf": mtf.read, ".blk": blk.read, ".board": board.read}[Path(path).suffix]
    for cut in range(len(lines)):
        try:
            read("".join(lines[:cut]), Notes("cut", lenient=True))
        except GameFileError as exc:
            assert str(exc).startswith("cut")
