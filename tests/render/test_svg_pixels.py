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
    return re.search(rf'<g class="unit[^"]*"[^>]*>\n<title>{re.escape(uid)}:.*?\n</g>', svg, re.S).group(0)


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


# -- issue #33 item 5: damage, stacks and labels readable at a glance -----------------------------------------

ZOOM = 3  # parts of the damage scene are drawn three times larger: a label's letters and its halo pixels apart


@pytest.fixture(scope="module")
def hurt():
    from tests.render.scenes import damaged

    return damaged()


@pytest.fixture(scope="module")
def hurt_svg(hurt) -> str:
    return render_svg(hurt)


class Window:
    """A part of the document (x0, y0, x1, y1 in its own pixels) drawn ZOOM times larger; ``at(x, y)`` is the
    pixel under the document's point (x, y)."""

    def __init__(self, svg: str, box) -> None:
        from math import ceil, floor

        self.x0, self.y0, x1, y1 = floor(box[0]), floor(box[1]), ceil(box[2]), ceil(box[3])  # whole: scale exactly ZOOM
        w, h = x1 - self.x0, y1 - self.y0
        framed = re.sub(r'width="\d+" height="\d+" viewBox="[^"]*"',
                        f'width="{w * ZOOM:.0f}" height="{h * ZOOM:.0f}" viewBox="{self.x0} {self.y0} {w} {h}"', svg, 1)
        self.picture = render(framed)

    def at(self, x: float, y: float):
        return self.picture.at(round((x - self.x0) * ZOOM), round((y - self.y0) * ZOOM))

    def points(self, box):
        """The pixels of a box of the document, as the document's points."""
        x0, y0, x1, y1 = box
        return [(self.x0 + px / ZOOM, self.y0 + py / ZOOM)
                for py in range(round((y0 - self.y0) * ZOOM), round((y1 - self.y0) * ZOOM))
                for px in range(round((x0 - self.x0) * ZOOM), round((x1 - self.x0) * ZOOM))]


def around(box, by: float = 8):
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def luminance(px) -> float:
    return marks.luminance("#%02x%02x%02x" % tuple(round(v) for v in px[:3]))


def mean(pixels) -> tuple[float, float, float]:
    return tuple(sum(p[i] for p in pixels) / len(pixels) for i in range(3))


def label_contrast(svg: str, box, ink: str) -> float:
    """The contrast ratio (WCAG 2) of a drawn label: its letters (the pixels near its ink) against the pixels
    just around them (two pixels out, outside the letters: what the eye reads them on)."""
    view = Window(svg, around(box))
    pic = view.picture
    x0, y0 = round((box[0] - view.x0) * ZOOM), round((box[1] - view.y0) * ZOOM)
    x1, y1 = round((box[2] - view.x0) * ZOOM), round((box[3] - view.y0) * ZOOM)
    letters = {(x, y) for y in range(y0, y1) for x in range(x0, x1) if near(ink, 25)(pic.at(x, y))}
    assert len(letters) > 20, "the label is not drawn"
    ring = {(x + dx, y + dy) for x, y in letters for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))} - letters
    glyph, back = mean([pic.at(*p) for p in letters]), mean([pic.at(*p) for p in ring])
    hi, lo = sorted((luminance(glyph), luminance(back)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_box(svg: str, words: str) -> marks.Box:
    """The box a text element of the document is drawn in, from its slot text (x, baseline, size)."""
    found = re.search(rf'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>{re.escape(words)}</text>', svg)
    x, y, size = (float(v) for v in found.groups())
    half = marks.text_width(words, size, True) / 2 + 2
    return MARGIN + x - half, TITLE_HEIGHT + y - size, MARGIN + x + half, TITLE_HEIGHT + y + size * 0.3


@pytest.mark.parametrize("uid, terrain", [("swimmer", "river"), ("deck-a", "bridge"), ("walker", "clear"),
                                          ("tank", "clear")])
def test_a_units_label_reads_at_wcag_contrast_on_any_terrain(hurt, hurt_svg, uid, terrain):
    """Issue #33: a label on a river was blue on blue. Each label now lies on a white halo: its letters against
    what is drawn around them reach 4.5:1 (WCAG AA), measured on the drawn pixels."""
    ink = marks.label_ink(side_colours(hurt)[hurt.units[uid].side])
    assert label_contrast(hurt_svg, text_box(hurt_svg, uid), ink) >= 4.5


def test_without_its_halo_a_label_on_the_river_would_not_read(hurt, hurt_svg):
    """The measure above can fail: the same label drawn without its halo, on the river, is well under 4.5:1."""
    bare = re.sub(r' stroke="#ffffff" stroke-width="[\d.]+" stroke-linejoin="round" paint-order="stroke">swimmer<',
                  ">swimmer<", hurt_svg)
    ink = marks.label_ink(side_colours(hurt)["red"])
    assert label_contrast(bare, text_box(hurt_svg, "swimmer"), ink) < 3


def drawn_box(svg: str, element: str, window) -> tuple[float, float, float, float]:
    """The box (in the document's pixels) that one element covers: where the window drawn with it differs
    from the window drawn without it."""
    with_it, without = Window(svg, window), Window(svg.replace(element, "", 1), window)
    changed = [p for p in with_it.points(window) if with_it.at(*p) != without.at(*p)]
    assert changed, f"{element[:60]} draws nothing"
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    return min(xs), min(ys), max(xs) + 1 / ZOOM, max(ys) + 1 / ZOOM


def test_stacked_units_labels_stand_side_by_side_clear_of_each_other_and_the_bridges_label(hurt_svg):
    """Issue #33: two units on a bridge printed their ids over each other and over the bridge's label. Each label
    is measured where it is drawn (its pixels, halo included): no two of the boxes overlap."""
    def element(words: str) -> str:
        return re.search(rf"<text [^>]*>{re.escape(words)}</text>", hurt_svg).group(0)

    names = [element("deck-a"), element("deck-b"), element("bridge M CF40")]
    alone = hurt_svg
    for text in names:  # each label drawn over the board alone, so its box is only its own
        alone = alone.replace(text, "")
    hex_box = around(on_page("0506") * 2, marks.SIZE)
    boxes = [drawn_box(alone.replace('</g>\n</g>\n<g class="panel"', text + '</g>\n</g>\n<g class="panel"', 1),
                       text, hex_box) for text in names]
    assert [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if marks.overlaps(a, b)] == []
    assert boxes[0][2] <= boxes[1][0]  # side by side: deck-a's left of deck-b's


def bar_rects(svg: str, uid: str, location: str) -> list[tuple[float, float, float, float, str]]:
    """The rectangles of one location's bar in a unit's damage bars, on the page: (x, y, width, height, fill)."""
    group = unit_group(svg, uid)
    dx, dy = (float(v) for v in re.search(r'<g class="damage" transform="translate\((-?[\d.]+),(-?[\d.]+)\)">',
                                          group).groups())
    bar = re.search(rf'<g class="bar"><title>{location}: [^<]*</title>(.*?)</g>', group).group(1)
    return [(MARGIN + dx + float(x), TITLE_HEIGHT + dy + float(y), float(w), float(h), fill) for x, y, w, h, fill in
            re.findall(r'<rect x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="([^"]+)"/>',
                       bar)]


def painted(svg: str, track, colour: str) -> float:
    """How long a run of ``colour`` is along the middle of a bar's track, in the document's pixels."""
    x, y, w, h, _ = track
    view = Window(svg, around((x, y, x + w, y + h), 2))
    middle = y + h / 2
    return sum(1 for px, py in view.points((x, middle, x + w, middle + 1 / ZOOM))
               if near(colour, 30)(view.at(px, py))) / ZOOM


@pytest.mark.parametrize("uid, location, left, waiting, built", [
    ("walker", "HD", 9, 0, 9),  # untouched
    ("walker", "CT", 21, 10, 31),  # 26 + 5 rear armor; 10 damage of this weapon phase pending
    ("walker", "LT", 2, 4, 24),  # 5 + 1 rear left, 4 pending on the rear
    ("walker", "LL", 0, 0, 20),  # armor gone
    ("tank", "front", 2, 0, 10),
])
def test_a_damage_bars_length_is_the_locations_armor_fraction_with_pending_damage_marked(
        hurt_svg, uid, location, left, waiting, built):
    """Issue #33: a unit's armor at a glance, measured in pixels: the dark run of a location's armor bar is its
    armor left over its armor as built, and the pink run after it the damage waiting to land as the phase ends."""
    from btcli.render import damage_bars as bars

    track = bar_rects(hurt_svg, uid, location)[0]
    assert track[4] == bars.TRACK
    assert painted(hurt_svg, track, bars.ARMOR) == pytest.approx(track[2] * left / built, abs=1.0)
    assert painted(hurt_svg, track, bars.PENDING) == pytest.approx(track[2] * waiting / built, abs=1.0)


def test_a_destroyed_location_is_a_red_row_and_hurt_structure_is_orange(hurt_svg):
    from btcli.render import damage_bars as bars

    (ra,) = bar_rects(hurt_svg, "walker", "RA")
    assert ra[4] == bars.DESTROYED and painted(hurt_svg, ra, bars.DESTROYED) == pytest.approx(ra[2], abs=1.0)
    structure = bar_rects(hurt_svg, "walker", "LL")[1]  # the structure's track: 5 of 12 left, drawn orange
    assert painted(hurt_svg, structure, bars.CRIPPLED) == pytest.approx(structure[2] * 5 / 12, abs=1.0)
    infantry = bar_rects(hurt_svg, "inf", "troopers")[0]  # infantry in its own terms: troopers left, 14 of 28
    assert painted(hurt_svg, infantry, bars.CRIPPLED) == pytest.approx(infantry[2] / 2, abs=1.0)
