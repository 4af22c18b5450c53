"""Enumerations of the game's terms (phases, facings, terrain, motive types) without the enum module.

Every command is a whole process: ``import enum`` and the building of each enumeration with it
cost about 3 ms of each one (issue #17). ``Choice`` (members that are strings, as ``class X(str,
Enum)``) and ``IntChoice`` (members that are integers, as ``IntEnum``) behave as those do in Python
3.11 wherever btcli and its files can tell: members are the class's plain attributes in the order
written, ``Cls(value)`` returns the member or raises ValueError, ``Cls[name]`` and iteration work,
``.name`` and ``.value``, and ``repr``, ``str``, ``format``, ``hash``, equality, ordering, copying and
pickling give what the enum module gives (tests/model/test_choices.py compares them). Not kept:
aliases (two members of one value are refused), ``auto()``, and subclassing an enumeration that has
members. Type checkers see ``(str, Enum)``, ``IntEnum`` and ``Enum`` (``Member``), declared under
``TYPE_CHECKING`` (issue #30), so a member's type is its class.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any


def _is_member(key: str, value: object) -> bool:
    """A class attribute that becomes a member: not a _private or __dunder__ name, not a descriptor
    (a method, a property, a classmethod), as for enum."""
    return not key.startswith("_") and not hasattr(type(value), "__get__")


class _EnumerationType(type):
    """The enumerations' metaclass: a class body's plain attributes become its members."""

    if TYPE_CHECKING:  # set on each enumeration by __new__ (not class annotations: its classes would inherit them)
        _by_value_: dict
        _by_name_: dict
        _data_: Any  # str or int: the members' type, whose __new__ makes each member

    def __new__(mcls, name, bases, namespace):
        if not any(isinstance(base, _EnumerationType) for base in bases):  # Choice and IntChoice themselves
            return super().__new__(mcls, name, bases, namespace)
        members, body = [], {}
        for key, value in namespace.items():
            if _is_member(key, value):
                members.append((key, value))
            else:
                body[key] = value
        cls = super().__new__(mcls, name, bases, body)
        if any(base._by_value_ for base in bases if isinstance(base, _EnumerationType)):
            raise TypeError(f"{name}: an enumeration with members cannot be extended")
        by_value: dict = {}
        for key, value in members:
            if value in by_value:
                raise TypeError(f"{name}.{key}: the value {value!r} is {by_value[value]._name_}'s (no aliases)")
            member = cls._data_.__new__(cls, value)
            member._name_, member._value_ = key, value
            type.__setattr__(cls, key, member)
            by_value[value] = member
        cls._by_value_ = by_value
        cls._by_name_ = {member._name_: member for member in by_value.values()}
        return cls

    def __call__(cls, value):
        try:
            return cls._by_value_[value]
        except (KeyError, TypeError):  # TypeError: an unhashable value
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None

    def __getitem__(cls, name: str):
        return cls._by_name_[name]

    def __iter__(cls):
        return iter(cls._by_value_.values())

    def __reversed__(cls):
        return reversed(cls._by_value_.values())

    def __len__(cls) -> int:
        return len(cls._by_value_)

    def __contains__(cls, value) -> bool:
        """A member, or a member's value (Python 3.12's reading; 3.11's enum refuses the value)."""
        try:
            return value in cls._by_value_
        except TypeError:
            return False

    def __bool__(cls) -> bool:
        return True

    @property
    def __members__(cls) -> dict:
        return dict(cls._by_name_)

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"

    def __setattr__(cls, key, value):
        if key in cls.__dict__.get("_by_name_", ()):
            raise AttributeError(f"cannot reassign member {key!r}")
        super().__setattr__(key, value)


if TYPE_CHECKING:  # what checkers see: the enum module's classes, whose members are their class's instances
    from enum import Enum as Member, IntEnum

    class Choice(str, Member):
        """Members that are strings, as ``(str, Enum)``."""

    class IntChoice(IntEnum):
        """Members that are integers, as ``IntEnum``."""
else:
    class Member:
        """What every member has, whatever its data type: ``issubclass(tp, Member)`` tells an enumeration."""

        _by_value_: dict = {}
        _by_name_: dict = {}

        @property
        def name(self) -> str:
            return self._name_

        @property
        def value(self):
            return self._value_

        def __repr__(self) -> str:
            return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

        def __reduce_ex__(self, protocol):
            return type(self), (self._value_,)

        def __copy__(self):
            return self

        def __deepcopy__(self, memo):
            return self

    class Choice(Member, str, metaclass=_EnumerationType):
        """Members that are strings (``class Phase(Choice): MOVEMENT = "movement"``), as ``(str, Enum)``:
        ``str()`` and ``format()`` give ``Phase.MOVEMENT``, the value is ``.value``."""

        _data_ = str

        def __str__(self) -> str:
            return f"{type(self).__name__}.{self._name_}"

        def __format__(self, spec: str) -> str:
            return format(str(self), spec)

    class IntChoice(Member, int, metaclass=_EnumerationType):
        """Members that are integers, as ``IntEnum``: ``str()`` and ``format()`` give the number."""

        _data_ = int
        __str__ = int.__repr__  # not object's, which would call Member.__repr__
        __format__ = int.__format__
