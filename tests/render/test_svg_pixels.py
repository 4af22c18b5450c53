"""The SVG map as a viewer shows it (issue #15): rendered to pixels by resvg (``resvg-py``, in the test
extra) and looked at. Skipped, saying what to install, where resvg is missing."""

from __future__ import annotations

import re

import pytest

from btcli.model.board import Terrain
from btcli.model.hexgrid import HexId
from btcli.render import svg_marks as marks
from btcli.render.svg import DECK, MARGIN, ROAD, TERRAIN_FILL, TITLE_HEIGHT, _center, render_svg, side_colours
from tests.render.pixels import near, render, renderer
from tests.render.scenes import everything

pytestmark = pytest.mark.usefixtures("resvg")


@pytest.fixture(scope="module")
def resvg():
    return renderer()


@pytest.fixture(scope="module")
def state():
    return everything()


@pytest.fixture(scope="module")
def svg(state) -> str:
    return render_svg(state)


@pytest.fixture(scope="module")
def picture(svg):
    return render(svg)


def on_page(label: str, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
    """Returns where a point of a hex (relative to its centre) lands on the picture."""
    x, y = _center(HexId.parse(label))
    return MARGIN + x + dx, TITLE_HEIGHT + y + dy


def box_on_page(label: str, box: marks.Box) -> marks.Box:
    x0, y0 = on_page(label, box[0], box[1])
    x1, y1 = on_page(label, box[2], box[3])
    return x0, y0, x1, y1


def unit_group(svg: str, uid: str) -> str:
    """Returns the SVG text of one unit's group."""
    return re.search(rf'<g class="unit[^"]*">\n<title>{re.escape(uid)}:.*?\n</g>', svg, re.S).group(0)


def test_the_picture_has_the_documents_size(picture, svg):
    width, height = re.search(r'width="(\d+)" height="(\d+)"', svg).groups()
    assert (picture.width, picture.height) == (int(width), int(height))


def test_a_destroyed_units_hex_still_shows_its_greyed_crossed_marker(picture):
    (x, y, scale), _ = marks.marker_places(2)  # the wreck first, under the live 'Mech beside it
    cx, cy = marks.MARKER_CENTRE
    body = box_on_page("0303", (x - 5, y - 5, x + 5, y + 5))
    assert picture.count(body, near(marks.DEAD_FILL, 30)) > 15  # grey body
    assert picture.count(body, near("#222222", 40)) > 15  # the cross over it
    blank = box_on_page("0603", (cx - 5, cy - 5, cx + 5, cy + 5))  # an empty hex: terrain only
    assert picture.count(blank, near(marks.DEAD_FILL, 30)) == 0


def test_the_name_under_a_unit_facing_its_label_is_clear_of_its_arrow(svg, picture):
    blue = side_colours(everything())["blue"]
    arrow = marks.arrow_box(*marks.MARKER_CENTRE, 1.0, 3)  # walker faces south, towards its name
    name = marks.SLOTS["name"]
    walker = unit_group(svg, "walker")
    no_text = svg.replace(walker, re.sub(r"<text .*?</text>", "", walker))
    only_text = svg.replace(walker, re.sub(r"<(circle|line|path)[^>]*/>", "", walker))
    assert render(no_text).count(box_on_page("0307", arrow), near(blue)) > 20  # the arrow is drawn
    assert render(no_text).count(box_on_page("0307", name), near(blue, 60)) == 0  # and stops above the name
    assert render(only_text).count(box_on_page("0307", name), near(blue, 60)) > 10  # the name is drawn
    assert render(only_text).count(box_on_page("0307", arrow), near(blue, 60)) == 0  # below the arrow
    assert picture.count(box_on_page("0307", arrow), near(blue)) > 20


def test_markers_differ_in_shape_by_kind(picture, state):
    blue, red = side_colours(state)["blue"], side_colours(state)["red"]
    cx, cy = marks.MARKER_CENTRE
    corner = (cx + 7, cy - 4, cx + 9, cy - 2)  # inside a vehicle's box, outside a 'Mech's disc
    assert picture.count(box_on_page("0704", corner), near(blue, 50)) == 4  # tank
    assert picture.count(box_on_page("0307", corner), near(blue, 50)) == 0  # walker
    top = (cx - 0.5, cy - 8, cx + 0.5, cy - 7)  # a diamond's top point, a 'Mech's disc, an infantry box's air
    assert picture.count(box_on_page("0804", top), near(blue, 50)) == 1  # heli
    assert picture.count(box_on_page("0707", top), near(red, 50)) == 0  # inf


def test_roads_and_bridges_are_drawn_and_levels_are_darker(picture):
    (x1, y1), (x2, y2) = on_page("0106"), on_page("0206")
    mid = ((x1 + x2) / 2 - 2, (y1 + y2) / 2 - 2, (x1 + x2) / 2 + 2, (y1 + y2) / 2 + 2)
    assert picture.count(mid, near(ROAD, 20)) > 4
    assert picture.count(box_on_page("0506", (-3, -3, 3, 3)), near(DECK, 20)) > 10  # the bridge's deck
    flat, high = picture.at(*on_page("0101", 12, 8)), picture.at(*on_page("0102", 12, 8))
    assert sum(high[:3]) < sum(flat[:3]) - 60


def test_the_legend_is_drawn_in_the_side_panel(picture, state):
    board_right = MARGIN + _center(HexId(state.board.width, 1))[0] + marks.SIZE
    panel = (board_right + 10, TITLE_HEIGHT, picture.width, picture.height)
    for fill in (TERRAIN_FILL[Terrain.HEAVY_WOODS], TERRAIN_FILL[Terrain.WATER], TERRAIN_FILL[Terrain.BUILDING]):
        assert picture.count(panel, near(fill, 6)) >= 100  # its swatch
    assert picture.count(panel, near(marks.DEAD_FILL, 20)) > 10  # the destroyed state's marker
    assert picture.count(panel, near("#000000", 90)) > 500  # and its words
