"""``record`` (btcli.model.frozen) makes the frozen dataclasses of the state with shared equality,
hash and repr: they must behave exactly as the generated ones would, since states are compared,
used as keys and shown in test failures."""

from __future__ import annotations

import dataclasses

import pytest

from btcli.model.frozen import evolve, record


@record
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@record(slots=False)
class Bag:
    name: str
    items: dict = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Generated:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@record
class Single:
    only: int


def test_a_record_compares_hashes_and_shows_like_a_generated_dataclass():
    a, b = Point(1, 2, ("t",)), Generated(1, 2, ("t",))
    assert a == Point(1, 2, ("t",)) and a != Point(1, 3, ("t",))
    assert hash(a) == hash(Point(1, 2, ("t",)))
    assert repr(a) == repr(b).replace("Generated", "Point")
    assert a != b  # another class is never equal, as with generated __eq__
    assert {a: 1}[Point(1, 2, ("t",))] == 1


def test_a_single_field_record_hashes_as_a_tuple():
    assert Single(3) == Single(3) and hash(Single(3)) == hash((3,))


def test_records_stay_frozen_and_keep_the_dataclass_api():
    a = Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 2
    assert dataclasses.replace(a, y=5) == Point(1, 5)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags"]
    assert Point.__slots__ == ("x", "y", "tags") and not hasattr(Bag, "__slots__")


def test_evolve_copies_a_non_slots_record_and_refuses_a_name_that_is_not_a_field():
    bag = Bag("b", {"k": 1})
    assert evolve(bag, name="c") == Bag("c", {"k": 1})
    with pytest.raises(TypeError, match="no field"):
        evolve(bag, nmae="c")
    assert Bag("b") != Bag("b", {"k": 1})  # unhashable contents compare by value
    with pytest.raises(TypeError):
        hash(Bag("b"))
