"""The SVG map's drawing as data (issue #15): the fixed slots of a hex, the document a git host's viewer
shows, a tooltip group per unit, the legend and the units off the board. The pixels are tested in
test_svg_pixels.py."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from btcli.model.hexgrid import Facing
from btcli.render import svg_marks as marks
from btcli.render.svg import hex_fill, render_svg
from tests.render.scenes import ROOT, drop_zone, everything

NS = "{http://www.w3.org/2000/svg}"
TEXT_SLOTS = ("label", "note", "level", "mines", "name", "state")


@pytest.fixture(scope="module")
def drawn() -> ET.Element:
    return ET.fromstring(render_svg(everything()))


def texts(element: ET.Element) -> list[str]:
    return [t.text for t in element.iter(f"{NS}text")]


def groups(root: ET.Element, word: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if word in g.get("class", "").split()]


# -- the layout of a hex ---------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", TEXT_SLOTS + ("marker",))
def test_every_slot_lies_inside_its_hex(slot):
    assert marks.inside_hex(marks.MARKER_BOX if slot == "marker" else marks.SLOTS[slot])


def test_no_two_text_slots_overlap_and_none_overlaps_the_marker():
    boxes = [marks.SLOTS[s] for s in TEXT_SLOTS] + [marks.MARKER_BOX]
    assert [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if marks.overlaps(a, b)] == []


@pytest.mark.parametrize("facing", list(Facing))
def test_a_lone_units_facing_arrow_stays_in_the_marker_box_clear_of_every_label_and_its_damage_bars(facing):
    box = marks.MARKER_BOX
    (x, y, scale), = marks.marker_places(1)
    ax0, ay0, ax1, ay1 = marks.arrow_box(x, y, scale, int(facing))
    assert box[0] <= ax0 and box[1] <= ay0 and ax1 <= box[2] and ay1 <= box[3]
    assert not [s for s in TEXT_SLOTS if marks.overlaps((ax0, ay0, ax1, ay1), marks.SLOTS[s])]
    assert not marks.overlaps((ax0, ay0, ax1, ay1), marks.DAMAGE_BOX)


def test_the_damage_bars_lie_inside_the_hex_clear_of_every_slot():
    assert marks.inside_hex(marks.DAMAGE_BOX)
    assert [s for s in TEXT_SLOTS if marks.overlaps(marks.DAMAGE_BOX, marks.SLOTS[s])] == []
    assert not marks.overlaps(marks.DAMAGE_BOX, marks.MARKER_BOX)


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("facing", list(Facing))
def test_units_sharing_a_hex_stand_side_by_side_each_in_its_own_column(count, facing):
    """Issue #33 item 5: stacked units' markers, bars, ids and state words each in a column of their own, inside
    the hex, under the note slot (a building's or a bridge's label), no box of one over a box of another."""
    boxes = []
    for i, (x, y, scale) in enumerate(marks.marker_places(count)):
        x0, x1 = marks.stack_columns(count)[i]
        slots = marks.stack_slots(count, i)
        ax0, ay0, ax1, ay1 = marks.arrow_box(x, y, scale, int(facing))
        assert x0 <= ax0 and ax1 <= x1 and slots["marker"][1] <= ay0 and ay1 <= slots["marker"][3]
        for name, box in slots.items():
            assert marks.inside_hex(box), (name, box)
            width = x1 - x0 if name != "name" or count == 2 else 2 * (x1 - x0)  # 3+: ids two columns wide, in turns
            assert box[2] - box[0] <= width and x0 - width / 2 <= box[0] and box[2] <= x1 + width / 2
            assert not marks.overlaps(box, marks.SLOTS["note"]) and not marks.overlaps(box, marks.SLOTS["label"])
        boxes += [(i, name, box) for name, box in slots.items()]
    assert [(a, b) for a in boxes for b in boxes if a < b and marks.overlaps(a[2], b[2])] == []


def test_a_label_too_long_for_its_slot_is_shrunk_then_cut():
    line = marks.slot_text(0, 0, "name", "a-very-long-unit-identifier-indeed", bold=True)
    size = float(line.split('font-size="')[1].split('"')[0])
    shown = line.split(">")[1].split("<")[0]
    x0, _, x1, _ = marks.SLOTS["name"]
    assert size >= 5 and shown.endswith("~") and marks.text_width(shown, size, True) <= x1 - x0


# -- the document --------------------------------------------------------------------------------------------


def test_the_document_is_plain_svg_with_its_size_and_viewbox(drawn):
    svg = render_svg(everything())
    width, height = drawn.get("width"), drawn.get("height")
    assert drawn.get("viewBox") == f"0 0 {width} {height}" and int(width) > 600 and int(height) > 500
    assert drawn.get("style") == "max-width: 100%; height: auto"  # issue #33: fits its container in a page
    for banned in ("<script", "<style", "<foreignObject", "<image", "href=", "url(", "@font-face", "<use"):
        assert banned not in svg  # what a git host's viewer drops or refuses


def test_the_title_line_names_the_game_turn_and_phase(drawn):
    assert drawn.find(f"{NS}title").text == "Everything: turn 1, movement phase"
    assert texts(groups(drawn, "title")[0]) == ["Everything: turn 1, movement phase"]


def test_each_unit_is_a_group_whose_own_title_says_id_design_armor_and_state(drawn):
    units = {g.find(f"{NS}title").text.split(":")[0]: g for g in groups(drawn, "unit")}
    assert sorted(units) == ["dead", "flat", "heli", "inf", "sleepy", "tank", "walker", "wreck-mate"]
    assert all(list(g)[0].tag == f"{NS}title" for g in units.values())  # the tooltip of that group alone
    assert units["flat"].find(f"{NS}title").text == (
        "flat: Hunchback HBK-4G ('Mech); side red; armor 160/160, internal 83/83; prone")
    assert units["dead"].find(f"{NS}title").text.endswith("; destroyed")
    assert "immobile" in units["tank"].find(f"{NS}title").text


def test_markers_differ_by_kind_and_the_destroyed_unit_stays_drawn(drawn):
    kinds = {g.find(f"{NS}title").text.split(":")[0]: g.get("class") for g in groups(drawn, "unit")}
    assert kinds["walker"] == "unit mech" and kinds["tank"] == "unit vehicle"
    assert kinds["heli"] == "unit vtol" and kinds["inf"] == "unit infantry"
    assert kinds["dead"] == "unit mech destroyed"
    dead = [g for g in groups(drawn, "destroyed")][0]
    assert dead.find(f"{NS}circle").get("fill") == marks.DEAD_FILL and dead.find(f"{NS}path") is not None
    assert "destroyed" not in texts(dead) and "dead" in texts(dead)  # two share 0303: ids only, the state in the tooltip


def test_states_show_as_letters_on_the_marker_and_words_under_it(drawn):
    by_id = {g.find(f"{NS}title").text.split(":")[0]: texts(g) for g in groups(drawn, "unit")}
    assert by_id["flat"] == ["P", "flat", "prone"]
    assert by_id["sleepy"] == ["S", "sleepy", "shut down"]
    assert by_id["tank"] == ["I", "tank", "immobile"]
    assert by_id["heli"] == ["heli", "elev 2"]


def test_roads_rivers_and_bridges_are_lines_and_levels_are_shaded(drawn):
    assert len(groups(drawn, "roads")[0]) > 10 and len(groups(drawn, "rivers")[0]) >= 14
    assert len(groups(drawn, "bridges")[0]) == 4  # the deck's two halves, edged
    board = everything().board
    from btcli.model.hexgrid import HexId

    low, high = hex_fill(board.hex(HexId.parse("0101"))), hex_fill(board.hex(HexId.parse("0102")))
    assert sum(int(high[i:i + 2], 16) for i in (1, 3, 5)) < sum(int(low[i:i + 2], 16) for i in (1, 3, 5))
    assert "L2" in texts(drawn) and "d1" in texts(drawn) and "H2 CF60" in texts(drawn)


def test_the_legend_names_terrain_markers_and_states(drawn):
    legend = texts(groups(drawn, "legend")[0])
    for words in ("Legend", "heavy woods", "road", "'Mech", "vehicle", "VTOL", "infantry", "asset (card)",
                  "aircraft", "aircraft wreck", "destroyed: grey, crossed", "P prone", "I immobile"):
        assert words in legend


def test_units_off_the_board_are_listed_in_the_side_panel(drawn):
    assert texts(groups(drawn, "reserves")[0]) == ["Not on the board", "To deploy",
                                                   "late (blue): S-1 Light tracked tank"]
    reserves = texts(groups(ET.fromstring(render_svg(drop_zone())), "reserves")[0])
    assert reserves[:2] == ["Not on the board", "Dropping reserves"]
    assert "hunchback (blue): alpha, arrives turn 2" in reserves
    assert "atlas (red): reinforcement, arrival not rolled yet" in reserves


def test_an_aerospace_map_has_its_title_legend_and_a_tooltip_group_per_flier(tmp_path):
    from btcli.render.aero_svg import render_map_svg
    from btcli.store.scenario import parse_scenario_text

    path = ROOT / "scenarios" / "town-strike.toml"
    state = parse_scenario_text(path.read_text(encoding="utf-8"), base=str(path.parent))
    low = ET.fromstring(render_map_svg(state, "low"))
    assert texts(groups(low, "title")[0]) == ["Town Strike - map low: turn 1, initiative phase"]
    assert "aircraft" in texts(groups(low, "legend")[0])
    titles = [g.find(f"{NS}title").text for g in groups(low, "unit")]
    assert sorted(t.split(":")[0] for t in titles) == ["hawk-1", "hawk-2", "union"]
    assert {"hawk-1", "hawk-2", "union"} <= set(texts(low))  # three in one hex: side by side, every id shown


def test_move_and_report_without_map_do_not_import_the_svg_modules(tmp_path):
    game = tmp_path / "game.toml"
    code = ("import sys\nfrom btcli.cli import main\n"
            f"for argv in (['init', {str(ROOT / 'scenarios' / 'city-fight.toml')!r}, '-o', {str(game)!r}],"
            f" ['report', {str(game)!r}]):\n"
            "    sys.argv = ['btcli'] + argv\n"
            "    try:\n        main()\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in sys.modules if 'svg' in m), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stderr.strip().splitlines()[-1] == "[]"


def test_a_road_with_exits_is_drawn_only_toward_the_roads_it_joins():
    """A MegaMek board's road exits (Hex.road_exits, read as terrain.follows_road reads them): a junction's
    neighbouring roads that do not face each other are not joined on the map either."""
    from btcli.model.board import Board, Hex, Terrain
    from btcli.model.hexgrid import HexId

    road = Hex(Terrain.CLEAR, road=True)
    north_south = Hex(Terrain.CLEAR, road=True, road_exits=(Facing.N, Facing.S))
    hexes = {HexId.parse("0203"): north_south, HexId.parse("0202"): road, HexId.parse("0204"): road,
             HexId.parse("0303"): road}  # 0303 is beside 0203 but its road is not one 0203 leaves toward

    def segments(board) -> int:
        drawn = ET.fromstring(render_svg(everything().with_board(board)))
        return len(groups(drawn, "roads")[0])

    joined = Board(5, 5, Hex(Terrain.CLEAR), {**hexes, HexId.parse("0203"): road})
    assert segments(Board(5, 5, Hex(Terrain.CLEAR), hexes)) < segments(joined)


@pytest.mark.parametrize(("where", "words"), [
    (dict(hex="0505"), "level 0"), (dict(hex="0505", floor=1), "level 1"), (dict(hex="0505", floor=-1), "basement"),
    (dict(hex="0505", top=True), "roof"), (dict(hex="0506"), "on bridge"), (dict(hex="0506", under=True), "under bridge"),
    (dict(hex="0507"), ""),
])
def test_a_units_state_slot_says_where_it_stands_from_its_position(where, words):
    """The state slot reads the unit's Position (floor, roof, under the bridge), as view.place_of words it shortened:
    "inside, level 1" -> "level 1", "in the basement (depth 1)" -> "basement", "on the roof" -> "roof"."""
    from btcli.model.frozen import evolve
    from btcli.model.hexgrid import HexId
    from btcli.render.svg import state_words
    from btcli.rules.ground import placement
    from tests.builders import building, game, hunchback

    bridge = {"terrain": "water", "depth": 1, "road": True, "bridge": {"type": "medium", "cf": 40, "level": 1}}
    state = game(hunchback(at="0909"), hexes={"0505": building(height=3, basement="1:fall"), "0506": bridge})
    unit = evolve(state.units["u1"], position=None).at(HexId.parse(where.pop("hex")))
    unit = placement.placed(unit, floor=where.get("floor", 0), top=where.get("top", False),
                            under=where.get("under", False))
    assert state_words(unit, state.board) == words
