"""How a scenario's name for a MegaMek file finds it (btcli/megamek/find.py; docs/scenario-format.md)."""

from __future__ import annotations

import os
import shutil

import pytest

from btcli.errors import GameFileError
from btcli.megamek.find import locate, unit_name
from tests.megamek.helpers import DATA


def test_a_name_is_a_file_name_under_the_data_folder_in_any_case():
    assert locate("mtf", "locust  lct-1v", None, str(DATA)) == str(DATA / "mechs" / "Locust LCT-1V.mtf")
    assert locate("board", "Riverside Town", None, str(DATA)).endswith(os.path.join("16x17", "Riverside Town.board"))


def test_else_the_unit_a_file_holds():  # mechs/wasp.mtf holds the Wasp WSP-1A
    assert locate("mtf", "Wasp WSP-1A", None, str(DATA)) == str(DATA / "mechs" / "wasp.mtf")
    assert locate("blk", "Demolisher Heavy Tank (Mk. I)", None, str(DATA)).endswith("(Mk. I).blk")
    assert unit_name(str(DATA / "vehicles" / "Warrior Attack Helicopter H-7.blk"), "blk") == \
        "Warrior Attack Helicopter H-7"


def test_a_path_is_read_beside_the_scenario_first_then_under_the_data_folder(tmp_path):
    (tmp_path / "mechs").mkdir()
    shutil.copy(DATA / "mechs" / "Atlas AS7-D.mtf", tmp_path / "mechs" / "Locust LCT-1V.mtf")
    beside = locate("mtf", "mechs/Locust LCT-1V.mtf", str(tmp_path), str(DATA))
    assert beside == str(tmp_path / "mechs" / "Locust LCT-1V.mtf")
    assert locate("mtf", "mechs/Commando COM-2D.mtf", str(tmp_path), str(DATA)) == str(
        DATA / "mechs" / "Commando COM-2D.mtf")


def test_a_file_named_beside_the_scenario_needs_no_data_folder(tmp_path):
    shutil.copy(DATA / "mechs" / "Atlas AS7-D.mtf", tmp_path / "Atlas AS7-D.mtf")
    assert locate("mtf", "Atlas AS7-D", str(tmp_path), None) == str(tmp_path / "Atlas AS7-D.mtf")


def test_two_matches_are_refused_naming_both(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(DATA / "mechs" / "Atlas AS7-D.mtf", tmp_path / folder / "Atlas AS7-D.mtf")
    with pytest.raises(GameFileError, match=r"2 files in .* match \(a/Atlas AS7-D.mtf, b/Atlas AS7-D.mtf\)"):
        locate("mtf", "Atlas AS7-D", None, str(tmp_path))


@pytest.mark.parametrize("kind, text, folder, said", [
    ("mtf", "Marauder MAD-3R", str(DATA), "no .mtf file in"),
    ("mtf", "Marauder MAD-3R", None, "no MegaMek data folder to search"),
    ("mtf", "mechs/Marauder.mtf", str(DATA), "no such file"),
    ("board", "Anything", str(DATA / "nothing"), "is not a folder"),
    ("blk", " ", str(DATA), "give a file or a unit name"),
])
def test_what_is_not_found_is_refused_in_one_line(kind, text, folder, said):
    with pytest.raises(GameFileError, match=said):
        locate(kind, text, None, folder)
