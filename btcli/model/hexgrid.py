"""Hex coordinates as printed on BattleTech mapsheets.

Labels are ``CCRR``: column then row, both 1-based, ``0101`` in the top-left
corner. Hexes are flat-topped and the columns are offset: every even-numbered
column (02, 04, ...) sits half a hex lower than its odd neighbours, as on the
printed mapsheets. All arithmetic is done in cube coordinates (Red Blob Games'
hex guide); the label form exists only at parse and format time.
"""

from __future__ import annotations

from math import lcm

from btcli.errors import InputError
from btcli.model.choices import IntChoice
from btcli.model.frozen import Record

_set = object.__setattr__  # a frozen record's own fields are set past its __setattr__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from collections.abc import Iterator


def n_hexes(count: int) -> str:
    """Returns a count of hexes in words, singular or plural: '1 hex', '3 hexes' (issue #33)."""
    return f"{count} hex" if count == 1 else f"{count} hexes"


class Facing(IntChoice):
    """The six hexside facings, numbered clockwise from north."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turned(self, hexsides: int) -> "Facing":
        """Returns the facing after turning ``hexsides`` clockwise (negative: counter-clockwise)."""
        return Facing((self + hexsides) % 6)

    def opposite(self) -> "Facing":
        return self.turned(3)

    @classmethod
    def parse(cls, text: str) -> "Facing":
        """Parses ``N``, ``NE``, ... (any case); raises InputError otherwise."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise InputError(f"unknown facing {text!r} (use N, NE, SE, S, SW, NW)") from None


# Cube steps (x, y, z) for each facing; x grows to the east, z to the south.
_CUBE_STEP = {
    Facing.N: (0, 1, -1),
    Facing.NE: (1, 0, -1),
    Facing.SE: (1, -1, 0),
    Facing.S: (0, -1, 1),
    Facing.SW: (-1, 0, 1),
    Facing.NW: (-1, 1, 0),
}


class HexId(Record, order=True):
    """A mapsheet hex, e.g. ``HexId(8, 5)`` printed as ``0805``."""

    col: int
    row: int

    def __init__(self, col: int, row: int) -> None:  # written out: a command builds hundreds (issue #30)
        _set(self, "col", col)
        _set(self, "row", row)

    @classmethod
    def parse(cls, label: str) -> "HexId":
        """Parses a ``CCRR`` label (four digits, or six for maps wider than 99 hexes)."""
        text = str(label).strip()
        if len(text) not in (4, 6) or not (text.isascii() and text.isdigit()):
            raise InputError(f"bad hex {label!r}: expected CCRR, e.g. 0805")
        half = len(text) // 2
        return cls(int(text[:half]), int(text[half:]))

    @property
    def label(self) -> str:
        width = 2 if self.col < 100 and self.row < 100 else 3
        return f"{self.col:0{width}d}{self.row:0{width}d}"

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"HexId({self.label!r})"

    # -- cube coordinates -------------------------------------------------
    def cube(self) -> tuple[int, int, int]:
        """Returns cube coordinates; even mapsheet columns are the lowered ones."""
        q = self.col - 1
        r = (self.row - 1) - (q - (q & 1)) // 2
        return (q, -q - r, r)

    @classmethod
    def from_cube(cls, x: int, y: int, z: int) -> "HexId":
        q = x
        row0 = z + (q - (q & 1)) // 2
        return cls(q + 1, row0 + 1)

    def neighbor(self, facing: Facing) -> "HexId":
        """Returns the adjacent hex across the hexside ``facing``."""
        x, y, z = self.cube()
        dx, dy, dz = _CUBE_STEP[facing]
        return HexId.from_cube(x + dx, y + dy, z + dz)

    def neighbors(self) -> Iterator["HexId"]:
        for facing in Facing:
            yield self.neighbor(facing)

    def __hash__(self) -> int:  # the record's own hash, hash((col, row)), without its key getter: the path
        return hash((self.col, self.row))  # searches and the bot hash hexes millions of times a game (issue #35)

    def distance(self, other: "HexId") -> int:
        """Returns the number of hexes between the two hexes (adjacent = 1)."""
        # ``cube`` written out (q, r; y = -q - r): the bot measures a million distances a game (issue #35).
        q, p = self.col - 1, other.col - 1
        dq, dr = q - p, (self.row - (q >> 1)) - (other.row - (p >> 1))
        return max(abs(dq), abs(dr), abs(dq + dr))

    def direction_to(self, other: "HexId") -> Facing | None:
        """Returns the facing pointing at an adjacent hex, or None if not adjacent."""
        ax, ay, az = self.cube()
        bx, by, bz = other.cube()
        step = (bx - ax, by - ay, bz - az)
        for facing, delta in _CUBE_STEP.items():
            if delta == step:
                return facing
        return None


def _dot(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def hex_path(a: HexId, b: HexId) -> list[tuple[HexId, ...]]:
    """Returns every hex the straight line between the centres of ``a`` and ``b`` passes through.

    Each element is one hex, or two hexes where the line runs exactly along the
    hexside between them (the line of sight rules decide which one counts; see
    docs/hexes.md). A hex the line only touches at a corner is not included.
    The walk is exact (integer and fraction arithmetic), so no floating-point
    accident decides a hexside.
    """
    return list(_hex_path(a, b))


def _hex_path(a: HexId, b: HexId) -> tuple[tuple[HexId, ...], ...]:
    """The walk from ``a`` to ``b``, kept: a pure function of two hexes, and replay asks for the same
    lines over and over (a dict, not functools.lru_cache: functools' import costs every command, issue #17)."""
    key = (a, b)
    found = _PATHS.get(key)
    if found is None:
        if len(_PATHS) >= _PATHS_KEPT:
            _PATHS.clear()
        found = _PATHS[key] = tuple(_walk(a, b))
    return found


_PATHS: dict[tuple[HexId, HexId], tuple[tuple[HexId, ...], ...]] = {}
_PATHS_KEPT = 4096


def _walk(a: HexId, b: HexId) -> list[tuple[HexId, ...]]:
    if a == b:
        return [(a,)]
    start, end = a.cube(), b.cube()
    d = (end[0] - start[0], end[1] - start[1], end[2] - start[2])
    path: list[tuple[HexId, ...]] = [(a,)]
    here = start
    for _ in range(4 * a.distance(b) + 4):
        if here == end:
            return path
        # Leave ``here`` across the first hexside bisector ahead: (P - here) . step = 1.
        offset = (start[0] - here[0], start[1] - here[1], start[2] - here[2])
        crossings = []  # t = rise / ahead for each bisector ahead
        for facing, step in _CUBE_STEP.items():
            ahead = _dot(d, step)
            if ahead > 0:
                crossings.append((1 - _dot(offset, step), ahead, facing))
        # The fractions compared exactly as integers, each scaled by the denominators' least common
        # multiple (fractions.Fraction would import re and decimal into every attack, issue #17).
        common = lcm(*(ahead for _, ahead, _ in crossings))
        exits = sorted((rise * (common // ahead), facing) for rise, ahead, facing in crossings)
        t, first = exits[0]
        if len(exits) > 1 and exits[1][0] == t:
            # Out through a corner shared with two neighbours.
            second = exits[1][1]
            s1, s2 = _CUBE_STEP[first], _CUBE_STEP[second]
            n1 = (here[0] + s1[0], here[1] + s1[1], here[2] + s1[2])
            n2 = (here[0] + s2[0], here[1] + s2[1], here[2] + s2[2])
            lean = _dot(d, (s1[0] - s2[0], s1[1] - s2[1], s1[2] - s2[2]))
            if lean > 0:
                here = n1
            elif lean < 0:
                here = n2
            else:  # along the hexside between n1 and n2, then on into the hex beyond
                path.append(_side_pair(start, d, n1, n2))
                here = (n1[0] + s2[0], n1[1] + s2[1], n1[2] + s2[2])
        else:
            s1 = _CUBE_STEP[first]
            here = (here[0] + s1[0], here[1] + s1[1], here[2] + s1[2])
        path.append((HexId.from_cube(*here),))
    raise AssertionError(f"hex walk from {a} to {b} did not arrive")  # unreachable


def _side_pair(start, d, n1, n2) -> tuple[HexId, HexId]:
    """Orders a hexside pair: the hex left of the direction of travel first."""
    # Screen coordinates of cube (x, y, z), scaled so the signs stay exact: (3x, 2z + x), y down.
    def screen(c):
        return (3 * c[0], 2 * c[2] + c[0])

    dx, dy = screen(d)
    px, py = screen((n1[0] - start[0], n1[1] - start[1], n1[2] - start[2]))
    cross = dx * py - dy * px  # < 0: n1 lies to the left of travel (y grows downward)
    h1, h2 = HexId.from_cube(*n1), HexId.from_cube(*n2)
    return (h1, h2) if cross < 0 else (h2, h1)


def hex_lines(a: HexId, b: HexId) -> tuple[list[HexId], list[HexId]]:
    """Returns the hex line from ``a`` to ``b`` taking the left, then the right, of every hexside run."""
    path = _hex_path(a, b)
    return [step[0] for step in path], [step[-1] for step in path]


def hex_line(a: HexId, b: HexId) -> list[HexId]:
    """Returns the hexes from ``a`` to ``b`` inclusive, the left of any hexside run."""
    return hex_lines(a, b)[0]


def is_split(a: HexId, b: HexId) -> bool:
    """Tells whether the line from ``a`` to ``b`` runs along a hexside somewhere."""
    return any(len(step) == 2 for step in _hex_path(a, b))
