"""Frozen records: the dataclasses btcli's state is made of, made cheaply; and fast copies of them.

``dataclasses`` compiles six methods from source for every frozen class (``__init__``,
``__setattr__``, ``__delattr__``, ``__eq__``, ``__hash__``, ``__repr__``): measured, over half of
the import time of a ``btcli move``, which a script pays hundreds of times a game. ``record``
lets ``dataclasses`` compile only the three that depend on the fields' defaults and frozenness
and gives every record the same ``__eq__``, ``__hash__`` and ``__repr__``, which compare, hash and
show the fields in declaration order exactly as the generated ones do.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter


def _eq(self, other):
    if other.__class__ is self.__class__:
        return self.__record_key__(self) == other.__record_key__(other)
    return NotImplemented


def _hash(self):
    return hash(self.__record_key__(self))


def _repr(self):
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_fields__)
    return f"{type(self).__qualname__}({shown})"


def record(cls=None, /, *, slots: bool = True):
    """Makes ``cls`` a frozen dataclass (with ``__slots__`` unless ``slots=False``) whose equality,
    hash and repr are the shared ones above. Use it as ``@record`` or ``@record(slots=False)``."""

    def wrap(cls):
        own = {name for name in ("__eq__", "__hash__", "__repr__") if name in cls.__dict__}
        cls = dataclasses.dataclass(cls, frozen=True, slots=slots, eq=False, repr=False)
        names = tuple(f.name for f in dataclasses.fields(cls))
        getter = attrgetter(*names) if names else (lambda obj: ())
        cls.__record_key__ = staticmethod(getter if len(names) != 1 else (lambda obj, g=getter: (g(obj),)))
        cls.__record_fields__ = names
        for name, method in (("__eq__", _eq), ("__hash__", _hash), ("__repr__", _repr)):
            if name not in own:
                setattr(cls, name, method)
        return cls

    return wrap if cls is None else wrap(cls)


def evolve(obj, **changes):
    """Returns a copy of a frozen dataclass with some fields changed.

    Like ``dataclasses.replace`` without re-running ``__init__``: several times faster, which
    matters when ``verify`` replays tens of thousands of commands. A name that is not a field
    (a property, a typo) is refused rather than silently stored beside it.
    """
    fields = obj.__dataclass_fields__
    if not changes.keys() <= fields.keys():
        raise TypeError(f"{type(obj).__name__} has no field {sorted(changes.keys() - fields.keys())}")
    new = object.__new__(type(obj))
    try:
        state = obj.__dict__
    except AttributeError:  # a record with __slots__: set each field past the frozen __setattr__
        for name in getattr(obj, "__record_fields__", None) or fields:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
        return new
    new.__dict__.update(state)
    new.__dict__.update(changes)
    return new
