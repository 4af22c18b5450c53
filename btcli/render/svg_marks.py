"""The pieces every SVG map draws with (issue #15): the fixed slots of a hex, unit markers by kind with their
facing arrow and state, text sized to its slot, colour shading, and the legend.

Plain SVG 1.1 strings: presentation attributes only (no CSS, no scripts, no external fonts), so a git
host's SVG viewer shows what a browser does. Coordinates are relative to a hex's centre, y downwards,
for a flat-topped hex of radius ``SIZE``.
"""

from __future__ import annotations

from math import cos, radians, sin, sqrt
from xml.sax.saxutils import escape

SIZE = 40  # hex radius in pixels
HALF_HEIGHT = SIZE * sqrt(3) / 2
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SIDE_FILL = ("#2f5fbf", "#bf2f2f", "#2f9f5f", "#9f6f1f")
DEAD_FILL, DEAD_INK = "#9a9a9a", "#444444"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

# The fixed slots of a hex. Texts stay in their own slot and the marker with its facing arrow stays in
# MARKER_BOX whatever its facing, so no label is ever drawn over an arrow or a hex note.
SLOTS: dict[str, Box] = {
    "label": (-15.0, -32.5, 15.0, -25.5),  # the hex's CCRR label
    "note": (-24.0, -25.0, 24.0, -18.0),  # building / bridge / rubble
    "level": (-36.5, -5.0, -24.0, 4.0),  # level and depth
    "mines": (-32.0, 5.0, -18.5, 12.0),  # minefield density (under the level: the right is the damage bars')
    "name": (-26.0, 16.0, 26.0, 23.5),  # the unit's id (first unit's, when several share the hex)
    "state": (-21.0, 24.5, 21.0, 32.0),  # its state in words (the second unit's id when two share it)
}
MARKER_CENTRE = (0.0, -1.0)
ARROW_REACH = 16.0  # from the marker's centre to its arrow's tip, at scale 1
ARROW_BASE, ARROW_HALF = 9.5, 4.5  # the arrow head's base: how far out and how wide
MARKER_BOX: Box = (-17.0, -18.0, 17.0, 16.0)  # a lone unit's marker and arrow lie inside, whatever its facing
DAMAGE_BOX: Box = (18.0, -15.5, 31.0, 11.5)  # a lone unit's damage bars, one row a location (damage_bars)
# Two or more units in a hex (issue #33): the hex is cut into columns side by side, each holding one unit's
# marker, its damage bars, its id and its state words, so no label lies over another or over the note slot.
STACK_TOP, STACK_BOTTOM = -17.5, 31.5  # a column's extent: under the note slot, above the hex's bottom
STACK_HALF_WIDTH = 27.5  # the columns share -27.5..27.5 (inside the hex down to y = 21)
STACK_MARKER_Y, STACK_BARS, STACK_NAME, STACK_STATE = -7.0, (5.0, 10.5), (11.5, 18.5), (19.5, 25.5)
LABEL_HALO = "#ffffff"  # the outline every label on the map is drawn over: readable on any terrain


def marker_places(count: int) -> list[tuple[float, float, float]]:
    """Returns where the markers of ``count`` units sharing a hex go: (x, y, scale) each. A lone unit's is in
    MARKER_BOX; two or more stand side by side, one in the middle of each column (``stack_columns``), each
    within its arrow's reach of its own column."""
    cx, cy = MARKER_CENTRE
    if count <= 1:
        return [(cx, cy, 1.0)]
    columns = stack_columns(count)
    width = columns[0][1] - columns[0][0]
    scale = min(0.6, (width - 1.0) / (2 * ARROW_REACH))
    return [((x0 + x1) / 2, STACK_MARKER_Y, scale) for x0, x1 in columns]


def stack_columns(count: int) -> list[tuple[float, float]]:
    """Returns the columns (x0, x1) that ``count`` units sharing a hex are laid out in, left to right."""
    width = 2 * STACK_HALF_WIDTH / count
    return [(-STACK_HALF_WIDTH + i * width, -STACK_HALF_WIDTH + (i + 1) * width) for i in range(count)]


def stack_slots(count: int, i: int) -> dict[str, Box]:
    """Returns the boxes of the ``i``th of ``count`` units sharing a hex: its marker's, its damage bars',
    its id's and (two in a hex) its state words'. Two: each inside its column. Three or more: the ids take
    two rows in turn, each as wide as two columns, and the state words are left to the tooltip. No box of one
    unit overlaps a box of another."""
    x0, x1 = stack_columns(count)[i]
    x, _, scale = marker_places(count)[i]
    reach = ARROW_REACH * scale
    slots = {"marker": (x - reach, STACK_MARKER_Y - reach, x + reach, STACK_MARKER_Y + reach),
             "bars": (x0 + 1.5, STACK_BARS[0], x1 - 1.5, STACK_BARS[1])}
    if count == 2:
        slots["name"] = (x0 + 1.5, STACK_NAME[0], x1 - 1.5, STACK_NAME[1])
        slots["state"] = (x0 + 2.5, STACK_STATE[0], x1 - 2.5, STACK_STATE[1])
        return slots
    top, bottom = (STACK_NAME if i % 2 == 0 else STACK_STATE)
    edge = STACK_HALF_WIDTH if i % 2 == 0 else 25.0  # the hex narrows towards its bottom
    half = (x1 - x0) - 0.75
    slots["name"] = (max(x - half, -edge), top, min(x + half, edge), bottom)
    return slots


def arrow_box(x: float, y: float, scale: float, facing: int) -> Box:
    """Returns the bounding box of a facing arrow drawn from a marker at (x, y)."""
    dx, dy = facing_vector(facing)
    reach, half, base = ARROW_REACH * scale, ARROW_HALF * scale, ARROW_BASE * scale
    xs = [x + dx * reach, x + dx * base - dy * half, x + dx * base + dy * half, x]
    ys = [y + dy * reach, y + dy * base + dx * half, y + dy * base - dx * half, y]
    return min(xs), min(ys), max(xs), max(ys)


def overlaps(a: Box, b: Box) -> bool:
    """Tells whether two boxes share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside_hex(box: Box) -> bool:
    """Tells whether a box lies inside a flat-topped hex of radius SIZE centred on the origin."""
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        if abs(y) > HALF_HEIGHT or abs(x) > SIZE - abs(y) / sqrt(3):
            return False
    return True


def facing_vector(facing: int) -> tuple[float, float]:
    """Returns a unit vector for a facing (0 = north, clockwise, flat-topped hexes)."""
    angle = radians(facing * 60)
    return sin(angle), -cos(angle)


# -- text ---------------------------------------------------------------------------------------------------


def text(x: float, y: float, words: str, size: float = 9, weight: str = "normal", fill: str = "#222",
         anchor: str = "middle", halo: str = "") -> str:
    """Returns one line of text with its baseline at ``y``; with ``halo``, drawn over an outline of that colour
    (``paint-order``: the outline first, under the letters) so it reads on any background (issue #33)."""
    outline = (f' stroke="{halo}" stroke-width="{max(2.2, size * 0.36):.1f}" stroke-linejoin="round" '
               f'paint-order="stroke"') if halo else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" font-family="{FONT}"{outline}>{escape(words)}</text>')


def text_width(words: str, size: float, bold: bool = False) -> float:
    """Returns an estimate of a line's width in pixels (sans-serif: about 0.56 em a character, 0.62 bold)."""
    return len(words) * size * (0.62 if bold else 0.56)


def slot_text(cx: float, cy: float, slot: str | Box, words: str, fill: str = "#222", bold: bool = False,
              largest: float = 8.0, halo: str = "") -> str:
    """Returns ``words`` drawn in a slot of the hex centred at (cx, cy) (a name of ``SLOTS`` or a box): the
    largest font that fits the slot's width and height, cut short with '~' if even the smallest does not."""
    x0, y0, x1, y1 = SLOTS[slot] if isinstance(slot, str) else slot
    width = x1 - x0
    size = min(largest, (y1 - y0) / 0.95)
    while size > 5.0 and text_width(words, size, bold) > width:
        size = max(5.0, size - 0.5)
    while len(words) > 2 and text_width(words, size, bold) > width:
        words = words[:-2] + "~"
    baseline = y1 - 0.22 * (y1 - y0)
    return text(cx + (x0 + x1) / 2, cy + baseline, words, size, "bold" if bold else "normal", fill, halo=halo)


def label_ink(colour: str) -> str:
    """Returns the ink a label in a side's colour is written in: the colour darkened until it stands out
    from the white halo under it by 7:1 (WCAG's AAA for text), so that small letters, whose edges blend into
    the halo, still read at 4.5:1 or more where they are drawn."""
    ink = _INKS.get(colour)
    if ink is None:
        ink = colour
        for _ in range(12):
            if contrast(ink, LABEL_HALO) >= 7:
                break
            ink = mix(ink, "#000000", 0.12)
        _INKS[colour] = ink
    return ink


_INKS: dict[str, str] = {}  # label_ink's answers: a game has a few side colours


def luminance(colour: str) -> float:
    """Returns a colour's relative luminance (WCAG 2: sRGB channels linearised)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """Returns the contrast ratio of two colours (WCAG 2: 1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# -- colour -------------------------------------------------------------------------------------------------


def mix(colour: str, other: str, share: float) -> str:
    """Returns ``colour`` moved ``share`` (0..1) of the way to ``other`` (both #rrggbb)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(p + (q - p) * share):02x}" for p, q in zip(a, b))


def shade(colour: str, level: int) -> str:
    """Returns a hex's fill for its level: darker with height, lighter below level 0."""
    if level > 0:
        return mix(colour, "#000000", min(0.13 * level, 0.65))
    if level < 0:
        return mix(colour, "#ffffff", min(0.18 * -level, 0.7))
    return colour


# -- markers ------------------------------------------------------------------------------------------------

KINDS = ("mech", "vehicle", "vtol", "infantry", "asset", "aircraft")
STATE_LETTER = {"prone": "P", "shut down": "S", "immobile": "I", "unconscious": "U"}


def _points(points) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)


def arrow(x: float, y: float, scale: float, facing: int, fill: str) -> str:
    """Returns a facing arrow drawn over a marker's body: a short shaft from the body's middle ring and a
    head from ARROW_BASE out to ARROW_REACH (the centre stays free for the state letters)."""
    dx, dy = facing_vector(facing)
    reach, half, base = ARROW_REACH * scale, ARROW_HALF * scale, ARROW_BASE * scale
    start = 5.5 * scale
    tip = (x + dx * reach, y + dy * reach)
    left = (x + dx * base - dy * half, y + dy * base + dx * half)
    right = (x + dx * base + dy * half, y + dy * base - dx * half)
    return (f'<line x1="{x + dx * start:.1f}" y1="{y + dy * start:.1f}" x2="{x + dx * base:.1f}" y2="{y + dy * base:.1f}" stroke="{fill}" '
            f'stroke-width="{2.6 * scale:.1f}"/><path d="M{_points([tip, left, right]).replace(" ", " L")} Z" '
            f'fill="{fill}" stroke="#ffffff" stroke-width="{0.7 * scale:.1f}"/>')


def body(kind: str, x: float, y: float, scale: float, fill: str, facing: int = 0, faded: bool = False) -> str:
    """Returns a unit's marker body: a disc ('Mech), a wide rounded box (vehicle), a diamond (VTOL), a box
    with a cross (infantry), a square (asset) or a triangle pointing where it faces (aircraft)."""
    s = scale
    paint = f'fill="{fill}" stroke="#ffffff" stroke-width="{1.0 * s:.1f}"'
    if faded:
        paint += ' fill-opacity="0.45"'
    if kind == "vehicle":
        return f'<rect x="{x - 9.5 * s:.1f}" y="{y - 6 * s:.1f}" width="{19 * s:g}" height="{12 * s:g}" ' \
               f'rx="{2 * s:g}" {paint}/>'
    if kind == "vtol":
        d = 9.5 * s
        return (f'<path d="M{x:.1f},{y - d:.1f} L{x + d:.1f},{y:.1f} L{x:.1f},{y + d:.1f} L{x - d:.1f},{y:.1f} Z" '
                f'{paint}/><line x1="{x - d * 0.8:.1f}" y1="{y - d * 0.8:.1f}" x2="{x + d * 0.8:.1f}" '
                f'y2="{y + d * 0.8:.1f}" stroke="#ffffff" stroke-width="{0.8 * s:.1f}"/>')
    if kind == "infantry":
        w, h = 9 * s, 6 * s
        return (f'<rect x="{x - w:.1f}" y="{y - h:.1f}" width="{2 * w:g}" height="{2 * h:g}" {paint}/>'
                f'<path d="M{x - w:.1f},{y - h:.1f} L{x + w:.1f},{y + h:.1f} M{x + w:.1f},{y - h:.1f} '
                f'L{x - w:.1f},{y + h:.1f}" stroke="#ffffff" stroke-width="{1.0 * s:.1f}"/>')
    if kind == "asset":
        side = 18 * s
        return f'<rect x="{x - side / 2:.1f}" y="{y - side / 2:.1f}" width="{side:g}" height="{side:g}" {paint}/>'
    if kind == "aircraft":
        dx, dy = facing_vector(facing)
        def at(ahead: float, aside: float) -> tuple[float, float]:
            return x + (dx * ahead - dy * aside) * s, y + (dy * ahead + dx * aside) * s

        dart = [at(14, 0), at(-8, 9), at(-3, 0), at(-8, -9)]  # a dart: its nose where it faces
        return f'<path d="M{_points(dart).replace(" ", " L")} Z" {paint}/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{8.5 * s:g}" {paint}/>'


def cross(x: float, y: float, scale: float, ink: str = "#222222", reach: float = 9.0) -> str:
    """Returns the cross drawn over a destroyed unit (and an aircraft's wreck)."""
    r = reach * scale
    return (f'<path d="M{x - r:.1f},{y - r:.1f} L{x + r:.1f},{y + r:.1f} M{x + r:.1f},{y - r:.1f} '
            f'L{x - r:.1f},{y + r:.1f}" stroke="{ink}" stroke-width="{2.6 * scale:.1f}" stroke-linecap="round"/>')


def marker(kind: str, x: float, y: float, scale: float, fill: str, facing: int | None, states: tuple[str, ...] = (),
           destroyed: bool = False) -> list[str]:
    """Returns a unit's whole marker: its facing arrow (None: it has none), its body by kind, the letters
    of its states on the body, and greyed with a cross when destroyed."""
    if destroyed:
        fill = DEAD_FILL
    out = [body(kind, x, y, scale, fill, facing or 0, faded="shut down" in states and not destroyed)]
    if facing is not None and kind != "aircraft":  # an aircraft's triangle is its own arrow
        out.append(arrow(x, y, scale, facing, DEAD_INK if destroyed else fill))
    if destroyed:
        out.append(cross(x, y, scale))
        return out
    letters = "".join(STATE_LETTER[s] for s in states if s in STATE_LETTER)
    if letters:
        size = 7.5 * scale if len(letters) < 3 else 5.5 * scale
        out.append(text(x, y + size * 0.36, letters, round(size, 1), "bold", "#ffffff"))
    return out


# -- legend -------------------------------------------------------------------------------------------------

LEGEND_MARKERS = (("mech", "'Mech"), ("vehicle", "vehicle"), ("vtol", "VTOL"), ("infantry", "infantry"),
                  ("asset", "asset (card)"), ("aircraft", "aircraft"))
LEGEND_STATES = (("destroyed", "destroyed: grey, crossed"), ("prone", "P prone"),
                 ("shut down", "S shut down (faded)"), ("immobile", "I immobile"), ("unconscious", "U unconscious"))
ROW = 17.0


def legend_heading(x: float, y: float, words: str) -> str:
    return text(x, y, words, 10, "bold", "#222", "start")


def legend_markers(x: float, y: float, fill: str, kinds=LEGEND_MARKERS, wreck: bool = True,
                   states: bool = True) -> tuple[list[str], float]:
    """Returns the legend's unit markers (and the wreck and the states, unless told not to) from (x, y) down,
    and the y below them."""
    out = [legend_heading(x, y, "Units"), text(x + 44, y, "(the arrow or the nose: facing)", 8, fill="#444",
                                               anchor="start")]
    y += 6
    for kind, label in kinds:
        y += ROW + 2
        out.extend(marker(kind, x + 12, y - 4, 0.8, fill, 0 if kind not in ("asset", "infantry") else None))
        out.append(text(x + 30, y, label, 9, anchor="start"))
    if wreck:
        y += ROW + 2
        out.append(cross(x + 12, y - 4, 0.9, "#333333"))
        out.append(text(x + 30, y, "aircraft wreck", 9, anchor="start"))
    if not states:
        return out, y
    y += 10
    out.append(legend_heading(x, y + ROW - 4, "States"))
    y += ROW
    for state, label in LEGEND_STATES:
        y += ROW + 2
        out.extend(marker("mech", x + 12, y - 4, 0.8, fill, 0, (state,), destroyed=state == "destroyed"))
        out.append(text(x + 30, y, label, 9, anchor="start"))
    return out, y
