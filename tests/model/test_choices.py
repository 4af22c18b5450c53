"""btcli.model.choices behaves as the enum module does (issue #17: enumerations without ``import enum``):
the same repr, str, format, hash, equality, order, lookups, errors, copies and pickles, for members that
are strings (``(str, Enum)``) and integers (``IntEnum``)."""

from __future__ import annotations

import copy
import pickle
from enum import Enum, IntEnum

import pytest

from btcli.model.choices import Choice, IntChoice


class PhaseEnum(str, Enum):
    MOVEMENT = "movement"
    WEAPON = "weapon"
    END = "end"

    def is_late(self) -> bool:
        return self is not type(self).MOVEMENT


class PhaseChoice(Choice):
    MOVEMENT = "movement"
    WEAPON = "weapon"
    END = "end"

    def is_late(self) -> bool:
        return self is not type(self).MOVEMENT


class FacingEnum(IntEnum):
    N = 0
    NE = 1
    SE = 2

    @classmethod
    def parse(cls, text: str):
        return cls[text.upper()]


class FacingChoice(IntChoice):
    N = 0
    NE = 1
    SE = 2

    @classmethod
    def parse(cls, text: str):
        return cls[text.upper()]


PAIRS = [(PhaseEnum, PhaseChoice, "movement", "end"), (FacingEnum, FacingChoice, 0, 2)]


def same_text(text: str, enum_cls: type, choice_cls: type) -> str:
    return text.replace(enum_cls.__name__, "CLS").replace(choice_cls.__name__, "CLS")


@pytest.mark.parametrize("enum_cls, choice_cls, first, last", PAIRS, ids=["str", "int"])
def test_members_print_hash_and_compare_as_enum_members_do(enum_cls, choice_cls, first, last):
    for e, c in zip(enum_cls, choice_cls, strict=True):
        assert (e.name, e.value, type(e.value)) == (c.name, c.value, type(c.value))
        for shown in (repr, str, lambda m: f"{m}", lambda m: format(m, ">12"), lambda m: "%s" % m,
                      lambda m: "{}".format(m)):
            assert same_text(shown(e), enum_cls, choice_cls) == same_text(shown(c), enum_cls, choice_cls)
        assert hash(e) == hash(c) == hash(e.value)
        assert c == c.value and c != "other" and bool(c) == bool(e)
        assert isinstance(c, type(c.value)) and isinstance(c, choice_cls)
    assert [m.name for m in reversed(choice_cls)] == [m.name for m in reversed(enum_cls)]
    assert [m.name for m in sorted(enum_cls, reverse=True)] == [m.name for m in sorted(choice_cls, reverse=True)]


@pytest.mark.parametrize("enum_cls, choice_cls, first, last", PAIRS, ids=["str", "int"])
def test_lookups_and_errors_are_the_enum_modules(enum_cls, choice_cls, first, last):
    assert choice_cls(first) is list(choice_cls)[0] and choice_cls(choice_cls(last)) is list(choice_cls)[-1]
    assert len(choice_cls) == len(enum_cls) and list(choice_cls.__members__) == list(enum_cls.__members__)
    assert choice_cls[list(choice_cls)[1].name] is list(choice_cls)[1]
    for bad in ("nope", 7, None, [1]):
        with pytest.raises(ValueError) as ours:
            choice_cls(bad)
        if not isinstance(bad, list):
            with pytest.raises(ValueError) as theirs:
                enum_cls(bad)
            assert same_text(str(ours.value), enum_cls, choice_cls) == same_text(str(theirs.value), enum_cls, choice_cls)
    with pytest.raises(KeyError):
        choice_cls["nope"]
    assert list(choice_cls)[0] in choice_cls and first in choice_cls and "nope" not in choice_cls


@pytest.mark.parametrize("enum_cls, choice_cls, first, last", PAIRS, ids=["str", "int"])
def test_members_are_kept_by_copies_and_pickles(enum_cls, choice_cls, first, last):
    for member in choice_cls:
        assert copy.copy(member) is member and copy.deepcopy(member) is member
        assert pickle.loads(pickle.dumps(member)) is member


def test_methods_and_arithmetic_work_as_on_enum_members():
    assert PhaseChoice.WEAPON.is_late() and not PhaseChoice.MOVEMENT.is_late()
    assert PhaseChoice.END + "!" == PhaseEnum.END + "!" == "end!"
    assert FacingChoice.parse("ne") is FacingChoice.NE
    assert FacingChoice.NE + 1 == FacingEnum.NE + 1 == 2 and type(FacingChoice.NE + 1) is int
    assert {PhaseChoice.MOVEMENT: 1}["movement"] == 1 and {"weapon": 2}[PhaseChoice.WEAPON] == 2
    assert not FacingChoice.N and FacingChoice(True) is FacingChoice.NE


def test_a_member_cannot_be_reassigned_aliased_or_extended():
    with pytest.raises(AttributeError):
        PhaseChoice.MOVEMENT = "x"
    with pytest.raises(TypeError, match="no aliases"):
        class Aliased(Choice):
            A = "a"
            B = "a"
    with pytest.raises(TypeError, match="cannot be extended"):
        class More(PhaseChoice):
            EXTRA = "extra"
