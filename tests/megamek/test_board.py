"""Reading .board maps (btcli/megamek/board.py; /work/shared/spec/megamek-formats.md): levels, woods, water,
rough, rubble, pavement, roads with their exits, buildings and bridges with the structures their exits make."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.megamek import board
from btcli.megamek.notes import Notes
from btcli.store.scenario import scenario_from_dict
from tests.builders import scenario
from tests.megamek.helpers import BAD, DATA, imported

TOWN = DATA / "boards" / "16x17" / "Riverside Town.board"
LAKE = DATA / "boards" / "Lakeside Works.board"


def tiny(*terrains: str) -> str:
    """A 3 x 1 board whose hexes hold ``terrains`` (level 0)."""
    return "size 3 1\n" + "".join(f'hex {c + 1:02d}01 0 "{t}" ""\n' for c, t in enumerate(terrains)) + "end\n"


def read(text: str, lenient: bool = False) -> tuple[dict, list[str]]:
    notes = Notes("test.board", lenient)
    return board.read(text, notes), notes.left_out


def refused(text: str, lenient: bool = False) -> str:
    with pytest.raises(GameFileError) as info:
        read(text, lenient)
    return str(info.value)


def test_levels_woods_water_rough_rubble_and_pavement():
    hexes = imported(TOWN)["hexes"]
    assert hexes["0202"] == {"terrain": "clear", "level": 2}
    assert hexes["0506"]["terrain"] == "light_woods" and hexes["1203"]["terrain"] == "heavy_woods"
    assert hexes["0209"] == {"terrain": "water", "level": 0, "depth": 2}  # LEVEL is the surface
    assert hexes["0912"]["terrain"] == "rough" and hexes["0715"]["terrain"] == "paved"
    assert hexes["1315"] == {"terrain": "rubble", "level": 0, "ruin": {"kind": "building", "type": "medium"}}


def test_a_building_s_exits_join_its_hexes_into_one_structure():  # URB-GEN-01
    hexes = imported(TOWN)["hexes"]
    assert [hexes[h]["building"].get("structure") for h in ("1005", "1006", "1007")] == ["building-1005"] * 3
    assert hexes["1313"]["building"] == {"type": "heavy", "height": 2, "cf": 80, "structure": "building-1312"}
    assert "structure" not in hexes["0612"]["building"] and hexes["0612"]["building"]["height"] == 3


def test_buildings_without_exits_join_every_building_beside_them():  # MegaMek's reading
    hexes = imported(LAKE)["hexes"]
    assert hexes["0902"]["building"]["structure"] == hexes["0903"]["building"]["structure"] == "building-0902"
    assert hexes["1008"] == {"terrain": "building", "level": 1,
                             "building": {"type": "hardened", "height": 3, "cf": 150}}


def test_a_bridge_carries_a_road_at_its_deck_level_and_its_exits_make_one_bridge():  # URB-BRG-04
    hexes = imported(TOWN)["hexes"]
    assert hexes["0809"] == {"terrain": "water", "level": 0, "depth": 1, "road": True,
                             "bridge": {"type": "medium", "cf": 40, "level": 0, "structure": "bridge-0809"}}


def test_roads_keep_their_exits_where_they_do_not_join_every_road_beside_them():
    hexes = imported(TOWN)["hexes"]
    assert hexes["0813"]["road_exits"] == ["N", "S"]  # runs past 0914, which joins 0814 and 1014
    assert hexes["0914"]["road_exits"] == ["SE", "SW"]
    assert "road_exits" not in hexes["0814"] and hexes["1014"]["road"] is True
    assert imported(LAKE)["hexes"]["0604"] == {"terrain": "light_woods", "level": 0, "road": True}


def test_the_board_plays_as_a_scenario_map():
    table = imported(TOWN)
    state = scenario_from_dict({**scenario({"id": "a", "side": "red", "design": "Locust LCT-1V", "position": "0806"},
                                           {"id": "b", "side": "blue", "design": "Wasp WSP-1A", "position": "0101"}),
                                "map": table})
    assert state.board.width == 16 and state.board.hex(state.board.parse_hex("0809")).bridge.structure == "bridge-0809"


def test_an_unknown_terrain_is_refused_or_left_out():
    text = (BAD / "unknown-terrain.board").read_text(encoding="utf-8")
    assert "test.board line 7: terrain 'swamp:1' in hex 0202" in refused(text)
    table, left_out = read(text, lenient=True)
    assert table["hexes"].get("0202", {"terrain": table["terrain"]})["terrain"] == "clear" and len(left_out) == 1


@pytest.mark.parametrize("terrains, said", [
    (("woods:1;rough:1", "", ""), "rough as well as woods (a btcli hex holds one terrain) in hex 0101"),
    (("woods:3", "", ""), "woods:3 (btcli has light woods:1 and heavy woods:2) in hex 0101"),
    (("woods:1;foliage_elev:1", "", ""), "foliage_elev:1 (btcli's woods stand 2 levels tall, AMB-02) in hex 0101"),
    (("building:1;bldg_elev:1;bldg_class:2", "", ""), "building class bldg_class:2 in hex 0101"),
    (("road:1:4", "road:1:34", "road:1:0"), "a road with no exits beside roads that lead into it (0201; btcli would "
     "join them) in hex 0301"),
    (("building:1;bldg_elev:2;bldg_cf:20", "", ""), "a light building of CF 20 (TW p.67 gives light buildings CF "
     "1-15) in hex 0101 (read as CF 15, the nearest its type allows)"),  # URB-BLD-06
])
def test_what_btcli_does_not_model_is_refused_unless_lenient(terrains, said):
    assert said.partition(" (read as")[0] in refused(tiny(*terrains))
    assert any(said in line for line in read(tiny(*terrains), lenient=True)[1])


@pytest.mark.parametrize("text, said", [
    (tiny("building:1", "", ""), "hex 0101: a building needs bldg_elev"),
    (tiny("building:1:2;bldg_elev:1", "building:2:32;bldg_elev:1", ""), "line 3: hex 0201: its building joins 0101's, a light one, but is medium"),
    (tiny("", "", "")[:-4], "no 'end' line after the hexes"),
    (tiny("", "")[:-4] + "end\n", "gives no hex 0301"),
    ('size 2 1\nhex 0101 0 "" ""\nhex 0101 0 "" ""\nend\n', "line 3: hex 0101 stands where hex 0201 belongs"),
    ('size 1 1\nhex 0101 0 "" ""\nhex 0201 0 "" ""\nend\n', "line 3: a hex line past the 1 x 1 board's 1 hexes"),
    ('size 1 1\nhex 0101 ' + "9" * 5000 + ' "" ""\nend\n', "hex 0101's level: expected a whole number from -999"),
    ("size 5000 1\nend\n", "board width: expected a whole number from 1 to 999, not '5000'"),
    ('size 1 1\nhex 0101 zero "" ""\nend\n', "line 2: 'hex 0101 zero \"\" \"\"': expected"),
])
def test_a_malformed_board_is_refused_even_when_lenient(text, said):
    assert said in refused(text, lenient=True)


def test_a_file_that_is_no_board_is_refused():
    assert refused("hello\n") == "test.board line 1: 'hello': not a MegaMek .board file (one begins with 'size WIDTH HEIGHT')"
    assert refused("") == "test.board line 1: not a MegaMek .board file (no 'size WIDTH HEIGHT' line)"
    assert "line 5: line 'comment here'" in refused(tiny("", "", "").replace("end", "comment here\nend"))


def test_hexes_stand_in_the_file_s_order_as_megamek_places_them():
    """Board.load reads past the labels and places hexes row by row; a board over 99 columns labels them
    CCCRR, which btcli reads past too."""
    wide = "size 100 1\n" + "".join(f'hex {c:03d}01 0 "{"rough:1" if c == 100 else ""}" ""\n' for c in range(1, 101))
    assert read(wide + "end\n")[0]["hexes"] == {"100001": {"terrain": "rough", "level": 0}}


def test_board_options_tags_and_decorations_are_read_past():
    """MegaMek's board options and tags, and its decorative terrains (ground_fluff, ...) change nothing btcli
    plays (Terrains.java)."""
    plain = read(tiny("", "", ""))
    text = tiny("ground_fluff:1:3", "bldg_fluff:2", "").replace("end", "option exit_roads_to_pavement false\nend")
    assert read('tag "woods"\n' + text) == plain
