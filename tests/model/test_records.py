"""``record`` (btcli.model.frozen) makes the frozen classes of the state without ``dataclasses``:
they must behave exactly as the generated ones would, since states are compared, used as keys,
hashed into the log, sorted and shown in test failures."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import subprocess
import sys
from functools import cached_property

import pytest

from btcli.model.frozen import FrozenInstanceError, Record, evolve, field, fields, is_record


class Point(Record):
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


class Bag(Record, slots=False):
    name: str
    items: dict = field(default_factory=dict)

    @cached_property
    def size(self) -> int:
        return len(self.items)


@dataclasses.dataclass(frozen=True)
class Generated:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, order=True)
class GeneratedOrdered:
    col: int
    row: int


class Ordered(Record, order=True):
    col: int
    row: int


class Single(Record):
    only: int


def test_a_record_compares_hashes_and_shows_like_a_generated_dataclass():
    a, b = Point(1, 2, ("t",)), Generated(1, 2, ("t",))
    assert a == Point(1, 2, ("t",)) and a != Point(1, 3, ("t",))
    assert hash(a) == hash(b) == hash(Point(1, 2, ("t",)))
    assert repr(a) == repr(b).replace("Generated", "Point")
    assert a != b  # another class is never equal, as with generated __eq__
    assert {a: 1}[Point(1, 2, ("t",))] == 1


def test_a_record_takes_its_arguments_as_the_generated_init_does():
    assert Point(1) == Point(x=1) == Point(1, 0, ())
    assert Point(y=2, x=1) == Point(1, 2)
    with pytest.raises(TypeError):
        Point()
    with pytest.raises(TypeError):
        Point(1, 2, (), 4)
    with pytest.raises(TypeError):
        Point(1, z=3)


def test_the_first_records_of_a_class_are_built_as_the_compiled_init_builds_them():
    """A class's first records are built without compiling its ``__init__`` (issue #17: a command
    builds most classes a few times), the rest by the compiled one: both take the same arguments,
    refuse the same calls with the same message, and build equal records."""
    from btcli.model import frozen

    class Late(Record):
        x: int
        y: int = 0
        items: list = field(default_factory=list)

    def calls() -> list[object]:
        made = [Late(1), Late(1, 2), Late(y=2, x=1), Late(1, items=[3])]
        assert made[0].items is not Late(1).items  # a fresh value per record
        refused = []
        for args, keys in (((), {}), ((1, 2, [], 4), {}), ((1,), {"z": 3}), ((1,), {"x": 2})):
            with pytest.raises(TypeError) as caught:
                Late(*args, **keys)
            refused.append(str(caught.value))
        return [*made, *refused]

    first = calls()
    assert Late.__init__ is frozen._first_init
    while Late.__init__ is frozen._first_init:
        Late(0)
    assert calls() == first


def test_a_default_factory_makes_a_fresh_value_per_record():
    a, b = Bag("a"), Bag("b")
    assert a.items == {} and a.items is not b.items
    assert Bag("c", {"k": 1}).items == {"k": 1}


def test_ordered_records_sort_as_generated_ordered_dataclasses():
    pairs = [(3, 1), (1, 2), (1, 1), (2, 5)]
    assert [(o.col, o.row) for o in sorted(Ordered(*p) for p in pairs)] == [
        (g.col, g.row) for g in sorted(GeneratedOrdered(*p) for p in pairs)
    ]
    assert Ordered(1, 2) < Ordered(2, 0) and Ordered(1, 2) >= Ordered(1, 2)
    with pytest.raises(TypeError):
        Ordered(1, 2) < Point(1, 2)  # noqa: B015 - only records of one class order


def test_a_single_field_record_hashes_as_a_tuple():
    assert Single(3) == Single(3) and hash(Single(3)) == hash((3,))


def test_records_stay_frozen_and_keep_the_fields_api():
    a = Point(1)
    with pytest.raises(FrozenInstanceError):
        a.x = 2
    with pytest.raises(AttributeError):  # as dataclasses.FrozenInstanceError is one
        del a.y
    assert evolve(a, y=5) == Point(1, 5)
    assert [f.name for f in fields(Point)] == ["x", "y", "tags"]
    assert [f.type for f in fields(Point)] == ["int", "int", "tuple[str, ...]"]
    assert Point.__slots__ == ("x", "y", "tags") and "__slots__" not in vars(Bag) and hasattr(Bag("b"), "__dict__")
    assert Point.__match_args__ == ("x", "y", "tags")
    assert is_record(Point) and is_record(a) and not is_record(Generated)


def test_records_pickle_and_copy():
    a = Point(1, 2, ("t",))
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.copy(a) == a and copy.deepcopy(a) == a
    bag = Bag("b", {"k": 1})
    assert pickle.loads(pickle.dumps(bag)) == bag and copy.deepcopy(bag) == bag


def test_evolve_copies_a_non_slots_record_and_refuses_a_name_that_is_not_a_field():
    bag = Bag("b", {"k": 1})
    assert evolve(bag, name="c") == Bag("c", {"k": 1})
    with pytest.raises(TypeError, match="no field"):
        evolve(bag, nmae="c")
    with pytest.raises(TypeError, match="no field"):
        evolve(Point(1), z=2)
    assert Bag("b") != Bag("b", {"k": 1})  # unhashable contents compare by value
    with pytest.raises(TypeError):
        hash(Bag("b"))


def test_evolve_leaves_a_cached_property_behind():
    bag = Bag("b", {"k": 1})
    assert bag.size == 1
    assert evolve(bag, items={}).size == 0
    assert evolve(bag, name="c").size == 1


def test_a_record_refuses_what_it_cannot_mean():
    with pytest.raises(ValueError, match="mutable default"):
        class Bad(Record):
            items: list = []  # noqa: RUF012

    with pytest.raises(TypeError, match="follows default"):
        class Order(Record):
            a: int = 0
            b: int

    with pytest.raises(TypeError, match="inherit"):
        class Child(Point, Record):
            z: int = 0


def test_a_move_does_not_import_dataclasses():
    """The point of ``record`` (issue #17): the hot path never pays for ``dataclasses``/``inspect``."""
    code = ("import sys, btcli.cli.fast, btcli.rules.core.moves, btcli.rules.assets.moves, btcli.store.journal, "
            "btcli.store.typed; print(sorted({'dataclasses', 'inspect'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
