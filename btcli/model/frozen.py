"""Frozen records: the typed values btcli's state is made of, built without ``dataclasses``.

A command is a whole Python process, run hundreds of times a game (issue #17). ``dataclasses``
compiles several methods from source for every class it makes and imports ``inspect`` (with
``ast``, ``dis`` and ``tokenize``) to do it: measured, about 20 ms of a 70 ms ``btcli move``.
A subclass of ``Record`` is the same frozen class, made from its annotations alone: the equality,
hash, repr, ordering and frozen attribute guards are shared functions, and only ``__init__`` is
compiled, once a class has built a few dozen records (the first ones bind their arguments in a loop),
so a command pays for the classes it builds many times and no others. ``Record``'s metaclass gives the
class body all of that before the class is made: a class is made once (issue #30).

What a record keeps of the ``dataclasses`` API, and what it drops:
- fields in declaration order, defaults, ``field(default_factory=...)``, ``fields()``;
- ``__init__`` with one positional-or-keyword parameter a field, ``__eq__`` (same class only),
  ``__hash__`` and ``__repr__`` exactly as generated (tests/model/test_records.py compares them with
  real dataclasses), ordering with ``order=True``, ``__slots__`` unless ``slots=False``, ``__match_args__``;
- pickling and ``copy`` of slotted records;
- no inheritance between records, no ``ClassVar``/``InitVar``/``kw_only``/``__post_init__``: btcli's
  model uses none of them, and a record refuses a base class that is itself a record.

Type checkers see a frozen dataclass: ``Record`` carries ``typing.dataclass_transform`` and
``field`` the overloads of ``dataclasses.field``, declared under ``TYPE_CHECKING`` (issue #30).
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")
else:  # at run time typing's decorators would only mark the functions: checkers read the ones above
    def overload(func):
        return func

    def dataclass_transform(**kwargs):
        return overload  # the identity


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()  # a field with no default
_FACTORY = _Missing()  # the __init__ default of a field with a default factory


class FrozenInstanceError(AttributeError):
    """Raised on assigning to a field of a record (as ``dataclasses.FrozenInstanceError``)."""


class Field:
    """One field of a record: its name, its annotation (a string: every model module uses
    ``from __future__ import annotations``), its default or its default factory."""

    __slots__ = ("name", "type", "default", "default_factory")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("a field cannot have both a default and a default factory")
        self.name, self.type, self.default, self.default_factory = "", "", default, default_factory

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, type={self.type!r}, default={self.default!r})"


@overload
def field(*, default: T) -> T: ...
@overload
def field(*, default_factory: Callable[[], T]) -> T: ...
def field(*, default: object = MISSING, default_factory: object = MISSING) -> Any:
    """Declares a field's default, or the factory that makes a fresh one (``default_factory=dict``).

    Returns a ``Field``; checkers read the overloads above, as for ``dataclasses.field``, which
    types it as the field's value."""
    return Field(default, default_factory)


def fields(cls_or_record) -> tuple[Field, ...]:
    """Returns the fields of a record class or record, in declaration order."""
    return cls_or_record.__record_specs__


def is_record(obj) -> bool:
    """Tells whether ``obj`` is a record class or a record."""
    return hasattr(obj, "__record_specs__")


def _eq(self, other):
    if other.__class__ is self.__class__:
        return self.__record_key__(self) == other.__record_key__(other)
    return NotImplemented


def _hash(self):
    return hash(self.__record_key__(self))


def _repr(self):
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_fields__)
    return f"{type(self).__qualname__}({shown})"


def _comparison(op):
    def compare(self, other):
        if other.__class__ is self.__class__:
            return op(self.__record_key__(self), other.__record_key__(other))
        return NotImplemented

    return compare


def _no_key(obj: object) -> tuple:
    """The key of a record without fields."""
    return ()


def _one_field_key(getter: Callable[[object], object]) -> Callable[[object], tuple]:
    """Returns the key of a record of one field: an attrgetter of one name gives the value, not a tuple."""

    def key(obj: object, get: Callable[[object], object] = getter) -> tuple:
        return (get(obj),)

    return key


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self):
    return [getattr(self, name) for name in self.__record_fields__]


def _setstate(self, state):
    for name, value in zip(self.__record_fields__, state):
        object.__setattr__(self, name, value)


def _first_init(self, *args, **kwargs):
    """Every record's ``__init__`` for its first ``_COMPILE_AFTER`` records: binds the arguments as
    the compiled ``__init__`` does, then compiles and installs that. Compiling costs a third of a
    millisecond a class, and a command builds most classes a few times (issue #17); a replay builds
    thousands and gets the compiled one."""
    cls = type(self)
    seen = _BUILT[cls] = _BUILT.get(cls, 0) + 1
    if seen > _COMPILE_AFTER:
        cls.__init__ = _compile_init(cls)
        cls.__init__(self, *args, **kwargs)
        return
    specs = cls.__record_specs__
    if len(args) > len(specs):  # Python's own message for the compiled __init__
        least = 1 + sum(spec.default is MISSING and spec.default_factory is MISSING for spec in specs)
        most = len(specs) + 1
        takes = f"from {least} to {most} positional arguments" if least < most else \
            f"{most} positional argument{'s' if most > 1 else ''}"
        raise TypeError(f"{cls.__qualname__}.__init__() takes {takes} but {len(args) + 1} were given")
    for spec, value in zip(specs, args):
        if spec.name in kwargs:
            raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for argument {spec.name!r}")
        object.__setattr__(self, spec.name, value)
    used = 0
    for spec in specs[len(args):]:
        name = spec.name
        if name in kwargs:
            value = kwargs[name]
            used += 1
        elif spec.default_factory is not MISSING:
            value = spec.default_factory()
        elif spec.default is not MISSING:
            value = spec.default
        else:
            raise TypeError(f"{cls.__qualname__}.__init__() missing 1 required positional argument: {name!r}")
        object.__setattr__(self, name, value)
    if used != len(kwargs):
        names = cls.__record_names__
        unknown = next(k for k in kwargs if k not in names)
        raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {unknown!r}")


_COMPILE_AFTER = 64  # records of one class built before its __init__ is compiled
_BUILT: dict[type, int] = {}


def _compile_init(cls):
    """Returns ``__init__`` for a record class, compiled from its fields as ``dataclasses`` would."""
    params, lines = ["self"], []
    names: dict[str, Any] = {"_set": object.__setattr__, "_FACTORY": _FACTORY}
    for spec in cls.__record_specs__:
        value = spec.name
        if spec.default_factory is not MISSING:
            names[f"_factory_{spec.name}"] = spec.default_factory
            params.append(f"{spec.name}=_FACTORY")
            value = f"_factory_{spec.name}() if {spec.name} is _FACTORY else {spec.name}"
        elif spec.default is not MISSING:
            names[f"_default_{spec.name}"] = spec.default
            params.append(f"{spec.name}=_default_{spec.name}")
        else:
            params.append(spec.name)
        lines.append(f"    _set(self, {spec.name!r}, {value})")
    source = f"def __init__({', '.join(params)}):\n" + ("\n".join(lines) or "    pass") + "\n"
    exec(source, names)  # noqa: S102 - source built from the class's own field names
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _specs(cls_name: str, body) -> tuple[Field, ...]:
    """Reads the fields from the class body: annotations in order, defaults from the values."""
    specs, defaulted = [], None
    for name, annotation in body.get("__annotations__", {}).items():
        if isinstance(annotation, str) and annotation.startswith(("ClassVar", "typing.ClassVar")):
            raise TypeError(f"{cls_name}.{name}: a record has no class variables")
        value = body.get(name, MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        if isinstance(spec.default, (list, dict, set)):
            raise ValueError(f"{cls_name}.{name}: mutable default, use field(default_factory=...)")
        if spec.default is MISSING and spec.default_factory is MISSING:
            if defaulted is not None:
                raise TypeError(f"{cls_name}: non-default field {name!r} follows default field {defaulted!r}")
        else:
            defaulted = name
        spec.name, spec.type = name, annotation
        specs.append(spec)
    return tuple(specs)


_METHODS = (("__init__", _first_init), ("__setattr__", _frozen_setattr), ("__delattr__", _frozen_delattr),
            ("__eq__", _eq), ("__hash__", _hash), ("__repr__", _repr))


def _record_body(name: str, body: dict, slots: bool, order: bool) -> dict:
    """Returns what a record class's body gets (its fields read from ``body``): the record's attributes and
    shared methods (not those the body writes itself, as HexId.__repr__), and with ``slots`` its slots."""
    specs = _specs(name, body)
    names = tuple(spec.name for spec in specs)
    getter: Callable[[object], object] = attrgetter(*names) if names else _no_key
    added: dict[str, object] = {
        "__record_key__": staticmethod(getter if len(names) != 1 else _one_field_key(getter)),
        "__record_fields__": names, "__record_names__": frozenset(names), "__record_specs__": specs,
        "__match_args__": names}
    methods = _METHODS
    if order:
        import operator

        methods += tuple((f"__{op}__", _comparison(getattr(operator, op))) for op in ("lt", "le", "gt", "ge"))
    for method_name, method in methods:
        if method_name not in body:
            added[method_name] = method
    if slots:
        added.update(__slots__=names, __getstate__=_getstate, __setstate__=_setstate)
    return added


class _RecordType(type):
    """The metaclass of ``Record``: a subclass's body becomes a record's as the class is made, once (a
    decorator has to make a slotted class twice, and a class costs about as much to make as a module to
    import: issue #30)."""

    if TYPE_CHECKING:
        __record_fields__: tuple[str, ...]  # every class it makes has its fields' names (Record: none)

    def __new__(mcls, name, bases, namespace, /, *, slots: bool = True, order: bool = False):
        if any(isinstance(base, _RecordType) and base.__record_fields__ for base in bases):
            raise TypeError(f"{name}: a record cannot inherit from another record")
        if "__record_fields__" not in namespace:  # Record itself has none of its own
            added = _record_body(name, namespace, slots, order)
            if slots:
                names = added["__record_names__"]
                namespace = {key: value for key, value in namespace.items() if key not in names}
            else:  # a default factory leaves no Field object on the class
                namespace = {key: value for key, value in namespace.items()
                             if not isinstance(value, Field) or value.default_factory is MISSING}
            namespace.update(added)
        return super().__new__(mcls, name, bases, namespace)

    def __init__(cls, name, bases, namespace, /, **options) -> None:
        super().__init__(name, bases, namespace)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))  # checkers see a frozen dataclass
class Record(metaclass=_RecordType):
    """The base of a record: ``class Hit(Record)``, ordered by its fields ``class HexId(Record, order=True)``,
    without slots ``class ToHit(Record, slots=False)``; an event ``class Fell(Event, Record)``."""

    __slots__ = ()
    __record_fields__: tuple[str, ...] = ()
    __record_specs__: tuple[Field, ...] = ()

    if TYPE_CHECKING:
        def __init_subclass__(cls, *, slots: bool = True, order: bool = False) -> None: ...


class computed_once:
    """A record's property computed on first read and kept in the instance's ``__dict__`` (a record
    with ``slots=False``): ``functools.cached_property`` without importing functools (which imports
    collections: about 2 ms of every command, issue #17). ``evolve`` leaves the kept value behind."""

    def __init__(self, func) -> None:
        self.func, self.name, self.__doc__ = func, func.__name__, func.__doc__

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def evolve(obj: T, **changes: object) -> T:
    """Returns a copy of a record with some fields changed.

    Like ``dataclasses.replace`` without re-running ``__init__``: several times faster, which
    matters when ``verify`` replays tens of thousands of commands. A name that is not a field
    (a property, a typo) is refused rather than silently stored beside it.
    """
    rec: Any = obj  # what Record adds to the class (__record_fields__, ...) checkers do not see
    names = rec.__record_fields__
    new = object.__new__(type(obj))
    try:
        state = rec.__dict__
    except AttributeError:  # a slotted record: set each field past the frozen __setattr__
        for name in names:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
        if not changes.keys() <= rec.__record_names__:
            raise TypeError(f"{type(obj).__name__} has no field {sorted(changes.keys() - rec.__record_names__)}")
        return new
    if not changes.keys() <= state.keys() or len(state) != len(names):
        if not changes.keys() <= rec.__record_names__:
            raise TypeError(f"{type(obj).__name__} has no field {sorted(changes.keys() - rec.__record_names__)}")
        state = {name: state[name] for name in names}  # leave cached properties behind: they may change
    new.__dict__.update(state)
    new.__dict__.update(changes)
    return new
