"""Equipment that plays no part in btcli's game (issue #31; docs/equipment-rules.md EQ-INERT-01..05), imported as
carried, on real units of MegaMek's library: the Badger Tracked Transport A's battle armor handles, the Warhammer
WHM-6K (Olesko)'s communications equipment, the Mobile Headquarters' and the Kestrel VTOL (MedEvac)'s gear, and a
Locust carrying a searchlight and environmental sealing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.errors import GameFileError
from btcli.megamek import blk, mtf
from btcli.megamek.notes import Notes
from btcli.rules.core import damage
from btcli.store.scenario import scenario_from_dict
from tests.builders import design, scenario, weapon_game
from tests.cli.helpers import game_from_state, ok
from tests.megamek.test_mtf import LOCUST

LIBRARY = Path("/work/megamek-library/megamek/data/mechfiles")
BADGER = LIBRARY / "vehicles" / "3058Uu" / "Badger Tracked Transport A.blk"
WARHAMMER = LIBRARY / "mechs" / "Turning Points" / "TP Vega 3039" / "Warhammer WHM-6K (Olesko).mtf"
HEADQUARTERS = LIBRARY / "vehicles" / "3039u" / "Mobile Headquarters.blk"
MEDEVAC = LIBRARY / "vehicles" / "3058Uu" / "Kestrel VTOL (MedEvac).blk"

needs_library = pytest.mark.skipif(not WARHAMMER.exists(), reason="MegaMek's unit library is not on disk")


def _read(path: Path) -> dict:
    notes = Notes(path.name, lenient=False)  # strict: these files import exactly now
    reader = mtf.read if path.suffix == ".mtf" else blk.read
    read = reader(path.read_text(errors="replace"), notes)
    assert not notes.problems
    return read


def _badger() -> Path:
    return BADGER if BADGER.exists() else next(LIBRARY.rglob("Badger Tracked Transport A.blk"))


@needs_library
def test_real_files_with_inert_equipment_import_exactly():  # EQ-INERT-01, EQ-INERT-04
    assert _read(_badger())["carried"] == ["Battle Armor Handles"]
    warhammer = _read(WARHAMMER)
    assert warhammer["carried"] == ["Communications Equipment"]  # 4 slots a run: one item of 4 tons
    assert sum(items.count("equipment:Communications Equipment") for items in warhammer["slots"].values()) == 4
    assert _read(HEADQUARTERS)["carried"] == ["Communications Equipment"]
    assert _read(MEDEVAC)["carried"] == ["Paramedic Equipment"] * 6


def test_a_searchlight_and_sealing_are_carried_in_their_slots():  # EQ-INERT-02, EQ-INERT-03
    text = LOCUST.replace("IS Ammo MG - Full", "Searchlight")
    notes = Notes("test.mtf", lenient=False)
    read = mtf.read(text, notes)
    assert not notes.problems and read["carried"] == ["Searchlight"] and "equipment:Searchlight" in read["slots"]["CT"]
    sealed = LOCUST.replace("-Empty-", "Environmental Sealing", 8)
    read = mtf.read(sealed, Notes("test.mtf", lenient=False))
    assert read["carried"] == ["Environmental Sealing"]  # 8 spread slots, one item


@needs_library
def test_a_critical_hit_destroys_a_carried_item_and_the_report_says_so(tmp_path):  # EQ-INERT-05
    state = weapon_game(design(_read(WARHAMMER), "a", at="0606"), design(_read(_badger()), "v", at="0603", side="blue"))
    warhammer = state.units["a"]
    where, slot = next((loc, i) for loc, items in warhammer.built.slots.items() for i, item in enumerate(items)
                       if item == "equipment:Communications Equipment")
    hit = damage.critical_effect(warhammer.with_slot_hit(where, slot), where, slot,
                                 "equipment:Communications Equipment", [])
    g = game_from_state(tmp_path / "game.toml", state.with_unit(hit))
    report = json.loads(ok("report", g, "--format", "json").out)
    units = {u["id"]: u for u in report["units"]}
    assert units["a"]["carried"] == ["Communications Equipment (destroyed)"]
    assert units["v"]["carried"] == ["Battle Armor Handles"]
    text = ok("report", g).out
    assert "carries (no part in play): Communications Equipment (destroyed)" in text
    assert "carries (no part in play): Battle Armor Handles" in text
    assert "hashes match" in ok("verify", g).out


def test_check_refuses_carried_that_is_no_list_of_names():  # EQ-INERT-05
    with pytest.raises(GameFileError, match="carried must be an array"):  # the schema, then btcli check
        scenario_from_dict(scenario(design("Wasp WSP-1A", "u1", carried="Searchlight")))
    wasp = scenario_from_dict(scenario(design("Wasp WSP-1A", "u1", carried=["Searchlight"]))).units["u1"]
    assert wasp.mech is not None and wasp.mech.carried == ("Searchlight",)
