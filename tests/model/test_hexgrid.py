"""Tests for btcli.model.hexgrid: CCRR labels, facings, cube maths and hex lines."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from btcli.errors import InputError
from btcli.model.hexgrid import Facing, HexId, hex_line, hex_lines, hex_path, is_split

H = HexId.parse

hexes = st.builds(HexId, st.integers(1, 60), st.integers(1, 60))
facings = st.sampled_from(list(Facing))

# The six directions in which a straight line runs along hexsides (through
# hex vertices): east/west and 60 degrees either side of them.
_HEXSIDE_DIRECTIONS = [
    (2, -1, -1), (-2, 1, 1),
    (1, 1, -2), (-1, -1, 2),
    (1, -2, 1), (-1, 2, -1),
]


# Hex lines are checked on a smaller board: the exact walk grows with length.
line_hexes = st.builds(HexId, st.integers(1, 40), st.integers(1, 40))


@st.composite
def _hexside_runs(draw) -> tuple[HexId, HexId]:
    """Draws two hexes whose centre line runs along hexsides (rare among random pairs)."""
    a = draw(line_hexes)
    dx, dy, dz = draw(st.sampled_from(_HEXSIDE_DIRECTIONS))
    k = draw(st.integers(1, 13))
    x, y, z = a.cube()
    b = HexId.from_cube(x + k * dx, y + k * dy, z + k * dz)
    assume(1 <= b.col <= 40 and 1 <= b.row <= 40)
    return a, b


# Either end of a line first: random pairs, and pairs along hexsides.
line_ends = st.one_of(st.tuples(line_hexes, line_hexes), _hexside_runs())

# One cube step per pair of opposite hexsides; the cell around a centre c is
# |p.s - c.s| <= 1 for each of them (|dx-dy|, |dy-dz|, |dz-dx| <= 1).
_CELL_NORMALS = [(1, -1, 0), (0, 1, -1), (-1, 0, 1)]


def _dot(u, v) -> Fraction:
    return sum((Fraction(p) * q for p, q in zip(u, v)), Fraction(0))


def _segment_in_cell(a: HexId, b: HexId, hex_: HexId) -> tuple[Fraction, Fraction] | None:
    """Returns the closed range of t in [0, 1] where a + t (b - a) lies in the closed cell of ``hex_``.

    Exact: every bound is a Fraction. None when the segment misses the cell.
    """
    start, centre = a.cube(), hex_.cube()
    d = tuple(q - p for p, q in zip(start, b.cube()))
    offset = tuple(p - c for p, c in zip(start, centre))
    lo, hi = Fraction(0), Fraction(1)
    for normal in _CELL_NORMALS:
        o, g = _dot(offset, normal), _dot(d, normal)
        if g == 0:
            if abs(o) > 1:
                return None
            continue
        t1, t2 = sorted(((-1 - o) / g, (1 - o) / g))
        lo, hi = max(lo, t1), min(hi, t2)
    return (lo, hi) if lo <= hi else None


def _strictly_inside(a: HexId, b: HexId, hex_: HexId, t: Fraction) -> bool:
    start, centre = a.cube(), hex_.cube()
    point = tuple(p + t * (q - p) - c for p, q, c in zip(start, b.cube(), centre))
    return all(abs(_dot(point, normal)) < 1 for normal in _CELL_NORMALS)


def _cube_delta(a: HexId, b: HexId) -> tuple[int, int, int]:
    return tuple(q - p for p, q in zip(a.cube(), b.cube()))


def _labels(path) -> list[str]:
    return ["|".join(h.label for h in step) for step in path]


def _differing_positions(a: HexId, b: HexId) -> list[int]:
    left, right = hex_lines(a, b)
    return [i for i, (x, y) in enumerate(zip(left, right)) if x != y]


# -- BattleTech mapsheet layout -------------------------------------------
# Flat-topped hexes; even-numbered columns sit half a hex lower. So from an
# odd column the side neighbours in the next/previous column share the row
# number going up (NE/NW) and row+1 going down (SE/SW); from an even column
# they share the row number going down and row-1 going up.

@pytest.mark.parametrize(
    "facing, expected",
    [
        (Facing.N, "0304"),
        (Facing.NE, "0404"),
        (Facing.SE, "0405"),
        (Facing.S, "0306"),
        (Facing.SW, "0205"),
        (Facing.NW, "0204"),
    ],
)
def test_neighbour_of_odd_column_hex_follows_mapsheet_layout(facing, expected):
    assert H("0305").neighbor(facing) == H(expected)


@pytest.mark.parametrize(
    "facing, expected",
    [
        (Facing.N, "0405"),
        (Facing.NE, "0506"),
        (Facing.SE, "0507"),
        (Facing.S, "0407"),
        (Facing.SW, "0307"),
        (Facing.NW, "0306"),
    ],
)
def test_neighbour_of_even_column_hex_follows_mapsheet_layout(facing, expected):
    assert H("0406").neighbor(facing) == H(expected)


def test_neighbors_lists_the_six_facings_in_clockwise_order():
    assert [h.label for h in H("0406").neighbors()] == ["0405", "0506", "0507", "0407", "0307", "0306"]


def test_top_left_hex_is_cube_origin():
    assert H("0101").cube() == (0, 0, 0)


# -- distances --------------------------------------------------------------

@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("0101", "0201", 1),  # lowered even column: 0201 is SE of 0101
        ("0101", "0102", 1),
        ("0101", "0301", 2),
        ("0101", "0110", 9),
        ("0101", "1601", 15),
        ("0505", "0515", 10),  # straight down one column
        ("0101", "0505", 6),  # diagonal: 4 columns, then 2 more rows
        ("0101", "0603", 5),  # exact SE diagonal: 0101 0201 0302 0402 0503 0603
        ("0406", "0406", 0),
    ],
)
def test_distance_on_mapsheet(a, b, expected):
    assert H(a).distance(H(b)) == expected


# -- labels -------------------------------------------------------------------

def test_parse_then_label_round_trips():
    assert H("0805").label == "0805"


def test_parse_reads_column_then_row():
    assert H("0805") == HexId(8, 5)


def test_repr_shows_the_label():
    assert repr(H("0805")) == "HexId('0805')"


def test_str_is_the_label():
    assert str(HexId(8, 5)) == "0805"


def test_parse_ignores_surrounding_whitespace():
    assert H(" 0805 \n") == HexId(8, 5)


def test_six_digit_labels_are_used_beyond_column_or_row_99():
    assert HexId(5, 100).label == "005100"
    assert H("005100") == HexId(5, 100)


@pytest.mark.parametrize("label", ["805", "08a5", "", "12345", "08 5", "-805", "08²5", "0805x"])
def test_parse_rejects_bad_label_with_input_error(label):
    with pytest.raises(InputError):
        H(label)


@given(st.integers(1, 999), st.integers(1, 999))
def test_label_parse_round_trips_for_any_positive_hex(col, row):
    assert H(HexId(col, row).label) == HexId(col, row)


# -- facings --------------------------------------------------------------------

def test_turned_clockwise_wraps_past_nw():
    assert Facing.NW.turned(1) is Facing.N


def test_turned_counter_clockwise_wraps_past_n():
    assert Facing.N.turned(-1) is Facing.NW


def test_turned_by_full_circle_is_identity():
    assert Facing.SE.turned(6) is Facing.SE
    assert Facing.SE.turned(-12) is Facing.SE


@pytest.mark.parametrize(
    "facing, opposite",
    [(Facing.N, Facing.S), (Facing.NE, Facing.SW), (Facing.SE, Facing.NW),
     (Facing.S, Facing.N), (Facing.SW, Facing.NE), (Facing.NW, Facing.SE)],
)
def test_opposite_facing(facing, opposite):
    assert facing.opposite() is opposite


@pytest.mark.parametrize("text, expected", [("ne", Facing.NE), ("Sw", Facing.SW), ("N", Facing.N), (" nw ", Facing.NW)])
def test_facing_parse_accepts_any_case(text, expected):
    assert Facing.parse(text) is expected


@pytest.mark.parametrize("text", ["X", "", "NNE", "0"])
def test_facing_parse_rejects_unknown_with_input_error(text):
    with pytest.raises(InputError):
        Facing.parse(text)


# -- cube coordinate properties ------------------------------------------------

@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert sum(h.cube()) == 0


@given(hexes)
def test_from_cube_inverts_cube(h):
    assert HexId.from_cube(*h.cube()) == h


@given(st.integers(-3, 120), st.integers(-3, 120), st.integers(-3, 120), st.integers(-3, 120))
def test_distance_is_the_cube_distance_off_the_map_too(c1, r1, c2, r2):
    # HexId.distance writes the cube coordinates out (issue #35): the same number as the cube walk, columns 0 and
    # below included (a neighbour off the map's edge).
    a, b = HexId(c1, r1), HexId(c2, r2)
    assert a.distance(b) == max(abs(x - y) for x, y in zip(a.cube(), b.cube()))


@given(hexes)
def test_a_hexs_hash_is_its_records_hash_of_col_and_row(h):
    # HexId writes its hash out (issue #35); the value stays the record's, so no set of hexes changes its order.
    assert hash(h) == hash((h.col, h.row))


@given(hexes, hexes)
def test_distance_is_symmetric(a, b):
    assert a.distance(b) == b.distance(a)


@given(hexes, hexes)
def test_distance_is_zero_iff_same_hex(a, b):
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_satisfies_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, facings)
def test_every_neighbour_is_at_distance_one(h, facing):
    assert h.distance(h.neighbor(facing)) == 1


@given(hexes, facings)
def test_direction_to_neighbour_is_its_facing(h, facing):
    assert h.direction_to(h.neighbor(facing)) is facing


@given(hexes, hexes)
def test_direction_to_non_adjacent_hex_is_none(a, b):
    assume(a.distance(b) != 1)
    assert a.direction_to(b) is None


@given(hexes, facings)
def test_stepping_out_and_back_returns_to_start(h, facing):
    assert h.neighbor(facing).neighbor(facing.opposite()) == h


@given(hexes)
def test_neighbours_are_six_distinct_hexes(h):
    assert len(set(h.neighbors())) == 6


# -- hex lines -------------------------------------------------------------------

@given(hexes, hexes)
def test_hex_line_starts_at_a_and_ends_at_b(a, b):
    line = hex_line(a, b)
    assert (line[0], line[-1]) == (a, b)


@given(hexes, hexes)
def test_hex_line_steps_between_adjacent_hexes(a, b):
    line = hex_line(a, b)
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


def test_hex_line_to_itself_is_the_single_hex():
    assert hex_line(H("0406"), H("0406")) == [H("0406")]
    assert not is_split(H("0406"), H("0406"))


def test_hex_line_down_one_column_stays_in_the_column():
    assert [h.label for h in hex_line(H("0505"), H("0509"))] == ["0505", "0506", "0507", "0508", "0509"]


@given(line_hexes, line_hexes)
def test_hex_line_has_at_least_distance_plus_one_hexes(a, b):
    # A line also picks up hexes it crosses for only a sliver, so it can be longer.
    assert len(hex_line(a, b)) >= a.distance(b) + 1


@given(hexes, hexes)
def test_both_hex_lines_start_at_a_and_end_at_b(a, b):
    for line in hex_lines(a, b):
        assert (line[0], line[-1]) == (a, b)


@given(hexes, hexes)
def test_both_hex_lines_step_between_adjacent_hexes(a, b):
    for line in hex_lines(a, b):
        assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


@given(hexes, hexes)
def test_hex_line_is_the_first_of_hex_lines(a, b):
    assert hex_line(a, b) == hex_lines(a, b)[0]


@given(line_ends)
def test_both_hex_lines_have_one_hex_per_step_of_the_path(ends):
    a, b = ends
    left, right = hex_lines(a, b)
    assert len(left) == len(right) == len(hex_path(a, b)) >= a.distance(b) + 1


@given(line_ends)
def test_hex_lines_take_the_left_then_the_right_of_every_step(ends):
    a, b = ends
    path = hex_path(a, b)
    assert hex_lines(a, b) == ([step[0] for step in path], [step[-1] for step in path])


# -- hex paths: the exact supercover walk -----------------------------------------

def test_hex_path_to_itself_is_the_single_hex():
    assert hex_path(H("0406"), H("0406")) == [(H("0406"),)]


@given(line_ends)
def test_hex_path_starts_at_a_and_ends_at_b(ends):
    a, b = ends
    path = hex_path(a, b)
    assert (path[0], path[-1]) == ((a,), (b,))


@given(line_ends)
def test_hex_path_steps_are_single_hexes_or_adjacent_pairs(ends):
    a, b = ends
    for step in hex_path(a, b):
        assert len(step) in (1, 2)
        assert all(isinstance(h, HexId) for h in step)
        if len(step) == 2:
            assert step[0].distance(step[1]) == 1


@given(line_ends)
def test_hex_path_steps_between_adjacent_hexes(ends):
    a, b = ends
    # Every hex of a step touches every hex of the next one along a hexside.
    path = hex_path(a, b)
    for here, there in zip(path, path[1:]):
        assert all(x.distance(y) == 1 for x in here for y in there), (here, there)


@given(line_ends)
def test_hex_path_never_has_two_hexside_runs_in_a_row(ends):
    a, b = ends
    # A run along a hexside always ends in the hex beyond it.
    path = hex_path(a, b)
    assert not any(len(x) == len(y) == 2 for x, y in zip(path, path[1:]))


@given(line_ends)
def test_hex_path_has_at_least_distance_plus_one_steps(ends):
    a, b = ends
    assert len(hex_path(a, b)) >= a.distance(b) + 1


@given(line_ends)
def test_hex_path_never_repeats_a_hex(ends):
    a, b = ends
    hexes_on_path = [h for step in hex_path(a, b) for h in step]
    assert len(hexes_on_path) == len(set(hexes_on_path))


@given(line_ends)
def test_hex_path_back_is_the_path_reversed_with_left_and_right_swapped(ends):
    a, b = ends
    there = hex_path(a, b)
    assert hex_path(b, a) == [tuple(reversed(step)) for step in reversed(there)]


@given(line_ends)
def test_hex_lines_back_are_the_lines_reversed_and_swapped(ends):
    a, b = ends
    left, right = hex_lines(a, b)
    assert hex_lines(b, a) == (list(reversed(right)), list(reversed(left)))


@given(line_ends)
def test_hex_path_is_exactly_the_hexes_the_centre_line_passes_through(ends):
    a, b = ends
    # Checked with exact Fractions in cube space: each single hex holds a
    # positive length of the segment with its middle strictly inside the cell;
    # each pair shares one positive length lying on the hexside between them;
    # the steps follow each other along the segment without gaps; and no other
    # hex next to the path holds more than a single point (a corner) of it.
    path = hex_path(a, b)
    reached = Fraction(0)
    for step in path:
        ranges = {_segment_in_cell(a, b, h) for h in step}
        assert len(ranges) == 1, (step, ranges)
        span = ranges.pop()
        assert span is not None, step
        lo, hi = span
        if a != b:
            assert lo < hi, (step, span)
        assert lo == reached, (step, span, reached)
        reached = hi
        inside = _strictly_inside(a, b, step[0], (lo + hi) / 2)
        assert inside == (len(step) == 1), (step, span)
    assert reached == 1 or a == b
    on_path = {h for step in path for h in step}
    for h in {n for step in path for x in step for n in x.neighbors()} - on_path:
        span = _segment_in_cell(a, b, h)
        assert span is None or span[0] == span[1], (h, span)


@given(line_ends)
def test_hexside_pairs_list_the_hex_left_of_travel_first(ends):
    a, b = ends
    # Screen coordinates (y down) scaled per axis: x ~ 3q, y ~ 2r + q. Left of
    # travel (dx, dy) lies along (dy, -dx).
    def screen(h):
        x, _, z = h.cube()
        return 3 * x, 2 * z + x

    (ax, ay), (bx, by) = screen(a), screen(b)
    left_normal = (by - ay, -(bx - ax))
    for step in hex_path(a, b):
        if len(step) == 2:
            (lx, ly), (rx, ry) = screen(step[0]), screen(step[1])
            assert (lx - rx) * left_normal[0] + (ly - ry) * left_normal[1] > 0, step


@given(line_ends)
def test_is_split_iff_the_line_runs_along_a_hexside_direction(ends):
    a, b = ends
    # Along a hexside direction means a multiple of (2, -1, -1) or one of its
    # rotations: two equal non-zero components (the third is then -2x).
    delta = _cube_delta(a, b)
    along = any(
        delta[i] == delta[j] != 0 and delta[3 - i - j] == -2 * delta[i]
        for i, j in ((0, 1), (1, 2), (0, 2))
    )
    assert is_split(a, b) == along
    assert is_split(a, b) == any(len(step) == 2 for step in hex_path(a, b))


@given(hexes, hexes)
def test_is_split_iff_hex_lines_differ(a, b):
    left, right = hex_lines(a, b)
    assert is_split(a, b) == (left != right)


def test_line_along_hexside_two_columns_apart_is_split_at_the_middle():
    # 0102 -> 0302 runs along the hexside between 0201 and 0202 (column 02 is lowered).
    left, right = hex_lines(H("0102"), H("0302"))
    assert is_split(H("0102"), H("0302"))
    assert {left[1], right[1]} == {H("0201"), H("0202")}


def test_long_line_along_hexsides_differs_only_at_ambiguous_positions():
    # 0102 -> 0702 runs east along the hexsides under row 01 of every even column.
    left, right = hex_lines(H("0102"), H("0702"))
    assert _differing_positions(H("0102"), H("0702")) == [1, 3, 5]
    assert [left[i] for i in (0, 2, 4, 6)] == [H("0102"), H("0302"), H("0502"), H("0702")]
    assert {left[1], right[1]} == {H("0201"), H("0202")}
    assert {left[3], right[3]} == {H("0401"), H("0402")}
    assert {left[5], right[5]} == {H("0601"), H("0602")}


def test_each_hex_line_keeps_to_one_side_of_a_hexside_run():
    left, right = hex_lines(H("0102"), H("0702"))
    assert [left[i].row for i in (1, 3, 5)] in ([1, 1, 1], [2, 2, 2])
    assert [right[i].row for i in (1, 3, 5)] in ([1, 1, 1], [2, 2, 2])


@given(st.integers(1, 60), st.integers(1, 60), st.integers(1, 60))
def test_straight_line_down_a_column_is_never_split(col, row_a, row_b):
    assert not is_split(HexId(col, row_a), HexId(col, row_b))


@given(hexes, facings, st.integers(1, 20))
def test_straight_line_through_hex_centres_is_never_split(h, facing, steps):
    end = h
    for _ in range(steps):
        end = end.neighbor(facing)
    assert not is_split(h, end)


@given(hexes, st.sampled_from(_HEXSIDE_DIRECTIONS), st.integers(1, 15))
def test_line_along_hexsides_is_always_split(h, direction, k):
    x, y, z = h.cube()
    dx, dy, dz = direction
    end = HexId.from_cube(x + k * dx, y + k * dy, z + k * dz)
    assume(1 <= end.col <= 60 and 1 <= end.row <= 60)
    assert is_split(h, end)
    assert _differing_positions(h, end) == list(range(1, 2 * k, 2))


def test_line_crossing_a_hexside_at_its_midpoint_is_not_split():
    # 0105 -> 0504 crosses the hexside between 0305 and 0304 through its
    # midpoint at a shallow angle: both hexes are really on the line, one
    # after the other, and the line never runs along a hexside.
    a, b = H("0105"), H("0504")
    path = hex_path(a, b)
    assert _labels(path) == ["0105", "0204", "0305", "0304", "0404", "0504"]
    assert (H("0305"),) in path and (H("0304"),) in path
    assert not is_split(a, b)
    left, right = hex_lines(a, b)
    assert left == right
    assert len(left) == a.distance(b) + 2  # one more than the hex count


def test_long_unsplit_line_includes_the_hexes_it_crosses():
    a, b = H("1010"), H("0102")
    path = hex_path(a, b)
    assert not is_split(a, b)
    assert (H("0505"),) in path and (H("0607"),) in path
    assert _labels(path) == [
        "1010", "0910", "0909", "0808", "0708", "0707", "0607", "0606",
        "0506", "0505", "0405", "0404", "0304", "0203", "0202", "0102",
    ]


def test_long_line_along_hexsides_lists_both_hexes_left_first():
    # Travelling east the left hex is the northern one (row 01) ...
    assert _labels(hex_path(H("0102"), H("0702"))) == [
        "0102", "0201|0202", "0302", "0401|0402", "0502", "0601|0602", "0702",
    ]
    # ... and travelling back west it is the southern one.
    assert _labels(hex_path(H("0702"), H("0102"))) == [
        "0702", "0602|0601", "0502", "0402|0401", "0302", "0202|0201", "0102",
    ]


def test_long_line_along_hexsides_left_and_right_lines():
    left, right = hex_lines(H("0102"), H("0702"))
    assert [h.label for h in left] == ["0102", "0201", "0302", "0401", "0502", "0601", "0702"]
    assert [h.label for h in right] == ["0102", "0202", "0302", "0402", "0502", "0602", "0702"]
    assert hex_line(H("0102"), H("0702")) == left


@given(st.integers(1, 40), st.integers(1, 40), st.integers(1, 40))
def test_straight_line_down_a_column_is_the_column(col, row_a, row_b):
    step = 1 if row_b >= row_a else -1
    expected = [(HexId(col, row),) for row in range(row_a, row_b + step, step)]
    assert hex_path(HexId(col, row_a), HexId(col, row_b)) == expected


def test_hex_lines_are_remembered_but_each_caller_gets_its_own_lists():
    """issue #17: replay draws the same lines of sight over and over, so the walk is cached; a caller
    changing the lists it got must not change what the next caller gets."""
    a, b = HexId.parse("0101"), HexId.parse("0504")
    path, (left, right) = hex_path(a, b), hex_lines(a, b)
    expected = (list(path), list(left), list(right))
    path.clear()
    left.append(a)
    right.clear()
    assert (hex_path(a, b), *hex_lines(a, b)) == expected and len(expected[0]) > 1
    assert hex_path(a, b) is not hex_path(a, b)
