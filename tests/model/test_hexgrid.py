"""Tests for btcli.model.hexgrid: CCRR labels, facings, cube maths and hex lines."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from btcli.errors import InputError
from btcli.model.hexgrid import Facing, HexId, hex_line, hex_lines, is_split

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


def _cells_containing(point: tuple[Fraction, Fraction, Fraction], candidates) -> set[HexId]:
    """Returns the candidate hexes whose closed cell contains the exact cube point.

    The cell around a centre c is |dx-dy| <= 1, |dy-dz| <= 1, |dz-dx| <= 1 with
    d = point - c; equality on one of them means the point lies on a hexside.
    """
    found = set()
    for hex_ in candidates:
        dx, dy, dz = (p - c for p, c in zip(point, hex_.cube()))
        if abs(dx - dy) <= 1 and abs(dy - dz) <= 1 and abs(dz - dx) <= 1:
            found.add(hex_)
    return found


def _exact_point(a: HexId, b: HexId, i: int) -> tuple[Fraction, Fraction, Fraction]:
    n = max(a.distance(b), 1)
    return tuple(Fraction(ca) + Fraction((cb - ca) * i, n) for ca, cb in zip(a.cube(), b.cube()))


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
def test_hex_line_has_distance_plus_one_hexes(a, b):
    assert len(hex_line(a, b)) == a.distance(b) + 1


@given(hexes, hexes)
def test_hex_line_steps_between_adjacent_hexes(a, b):
    line = hex_line(a, b)
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


def test_hex_line_to_itself_is_the_single_hex():
    assert hex_line(H("0406"), H("0406")) == [H("0406")]
    assert not is_split(H("0406"), H("0406"))


def test_hex_line_down_one_column_stays_in_the_column():
    assert [h.label for h in hex_line(H("0505"), H("0509"))] == ["0505", "0506", "0507", "0508", "0509"]


@given(hexes, hexes)
def test_both_hex_lines_start_at_a_and_end_at_b(a, b):
    for line in hex_lines(a, b):
        assert (line[0], line[-1]) == (a, b)


@given(hexes, hexes)
def test_both_hex_lines_have_distance_plus_one_hexes(a, b):
    for line in hex_lines(a, b):
        assert len(line) == a.distance(b) + 1


@given(hexes, hexes)
def test_both_hex_lines_step_between_adjacent_hexes(a, b):
    for line in hex_lines(a, b):
        assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


@given(hexes, hexes)
def test_hex_line_is_the_first_of_hex_lines(a, b):
    assert hex_line(a, b) == hex_lines(a, b)[0]


@given(hexes, hexes)
def test_hex_lines_reversed_are_the_lines_back(a, b):
    there = hex_lines(a, b)
    back = hex_lines(b, a)
    assert [list(reversed(line)) for line in back] == list(there)


@given(hexes, hexes)
def test_hex_lines_differ_exactly_where_the_centre_line_lies_on_a_hexside(a, b):
    # At each step i the exact point a + (b - a) * i / n lies either inside one
    # hex (both lines must hold that hex) or on the hexside between two hexes
    # (the two lines must hold one each). A hex vertex is never hit exactly.
    left, right = hex_lines(a, b)
    n = a.distance(b)
    for i in range(n + 1):
        point = _exact_point(a, b, i)
        candidates = {left[i], right[i], *left[i].neighbors()}
        containing = _cells_containing(point, candidates)
        if len(containing) == 1:
            assert left[i] == right[i] == next(iter(containing))
        else:
            assert len(containing) == 2
            assert {left[i], right[i]} == containing


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


@pytest.mark.xfail(
    strict=True,
    reason="hexgrid bug: is_split is also true when the line crosses a hexside "
    "transversally through its midpoint (both hexes are really on the line)",
)
def test_line_crossing_a_hexside_at_its_midpoint_is_not_split():
    # 0105 -> 0504 crosses the hexside between 0304 and 0305 at its midpoint at
    # a shallow angle; it never runs along a hexside.
    assert not is_split(H("0105"), H("0504"))
