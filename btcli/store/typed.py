"""Typed values to and from plain TOML data, derived from the records themselves (issue #11).

Every record of btcli.model (``btcli.model.frozen``) is written as a table of its fields in declaration order,
leaving out a field that holds its default; read back, each field is checked against its
annotated type. Enums are written by value (facings by name), hexes by label, the values written
as a text (``btcli.model.hits.Written``: critical hits, a building hex target) by their label and read
back by their type's ``parse``, tuples as arrays, dicts as tables. Adding a field to a model class is
all it takes to have it written, read and hashed: nothing here lists fields by hand. A field that moved
from ``Unit`` into a kind's record stays where the file always had it, in the unit's own table: the model
says so (``Unit.LENT``, the record's ``IN_OWNER_TABLE``) and ``table_plan`` follows it.
"""

from __future__ import annotations

import sys
import types

from btcli.errors import GameFileError, InputError
from btcli.model.choices import Member
from btcli.model.frozen import MISSING, fields, is_record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import Written
from btcli.store.sharing import CallMemo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Reader = Callable[[Any, str], Any]  # reads plain data found at a place named in messages

_MISSING = MISSING


# typing's get_origin, get_args and get_type_hints for the annotations btcli's records use (builtin
# generics such as dict[str, Unit] and unions written X | None), without importing typing: it costs
# 2 ms of every command (issue #17). A type typing itself made (typing.Optional) is left to typing,
# which is then already imported by the module that wrote it.
def _origin(tp):
    if isinstance(tp, types.UnionType):
        return types.UnionType
    if isinstance(tp, types.GenericAlias):
        return tp.__origin__
    typing = sys.modules.get("typing")
    return typing.get_origin(tp) if typing is not None else None


def _args(tp) -> tuple:
    if isinstance(tp, (types.UnionType, types.GenericAlias)):
        return tp.__args__
    typing = sys.modules.get("typing")
    return typing.get_args(tp) if typing is not None else ()


def _is_union(origin) -> bool:
    typing = sys.modules.get("typing")
    return origin is types.UnionType or (typing is not None and origin is typing.Union)


def to_plain(value: object) -> Any:
    """Returns ``value`` as plain data: dicts, lists, strings, numbers and booleans."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    written = WRITTEN.table
    if written is not None:
        hit = written.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for_value(kind)
    plain = encoder(value)
    if written is not None:
        written[id(value)] = (value, plain)
    return plain


WRITTEN = CallMemo()  # while ``write_shared`` runs: id(value) -> (value, plain data)


def write_shared(write, *args):
    """Returns ``write(*args)``, giving a value met again (the same object: units of one design share
    their armor, slots and weapons, ``read_shared``) the same plain data, which ``tomlwrite`` then
    writes once (issue #17). The plain data is shared: ``write`` must not change it."""
    return WRITTEN.during(write, *args)


_PLAIN = {int, str, bool, float, type(None)}
_ENCODERS: dict[type, Callable[[Any], object]] = {}


def _encoder_for_value(kind: type):
    """Returns an encoder for values of a runtime type (a record, an enum, a container)."""
    if kind is HexId:
        return _hex_label
    if issubclass(kind, Written):  # before is_record: a critical hit is a record written as its text
        return _label
    if is_record(kind):
        return _dataclass_encoder(kind)
    if issubclass(kind, Facing):
        return _facing_name
    if issubclass(kind, Member):
        return _enum_value
    if issubclass(kind, (tuple, list)):
        return lambda v: [to_plain(x) for x in v]
    if issubclass(kind, dict):
        return lambda v: {(k.label if isinstance(k, HexId) else k): to_plain(x) for k, x in v.items()}
    raise AssertionError(f"typed: cannot write a {kind.__name__}")


def _hex_label(value: HexId) -> str:
    return value.label


def _label(value: Written) -> str:
    return value.label


def _facing_name(value: Facing) -> str:
    return value.name


def _enum_value(value: Member) -> object:
    return value.value


def _encoder_for_type(tp):
    """Returns a fast encoder for a field's declared type, or to_plain when it cannot tell."""
    origin = _origin(tp)
    args = _args(tp)
    if tp in _PLAIN:
        return None  # written as it is
    if origin is dict and args and args[0] is str and args[1] in _PLAIN:
        return dict
    if origin is tuple and args and args[0] in _PLAIN:
        return list
    return to_plain


def table_plan(cls: type) -> tuple[tuple[str, object, object, tuple[str, ...]], ...]:
    """Returns (key, default, type, sources) for each key of a record's table, in file order (once per class):
    ``sources`` is () for a field of the record's own, or the fields holding the records that may lend the key
    (``LENT``: a kind's record's fields written in the unit's own table, ``IN_OWNER_TABLE``)."""
    found = _TABLE_PLANS.get(cls)
    if found is None:
        hints = _hints(cls)
        lent: dict[str, tuple[tuple[str, ...], str]] = getattr(cls, "LENT", {})
        in_owner = set(getattr(cls, "IN_OWNER_TABLE", ()))
        before: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
        for key, (sources, next_field) in lent.items():
            before.setdefault(next_field, []).append((key, sources))
        plan = []
        for name, default in _defaults(cls):
            for key, sources in before.get(name, ()):
                lender = _record_in(hints[sources[0]])  # the first lender gives the key's default and type
                plan.append((key, dict(_defaults(lender))[key], _hints(lender)[key], sources))
            if name not in in_owner:
                plan.append((name, default, hints[name], ()))
        found = _TABLE_PLANS[cls] = tuple(plan)
    return found


_TABLE_PLANS: dict[type, tuple] = {}


def _record_in(tp) -> type:
    """Returns the record class of a field typed ``X | None``."""
    return next(a for a in _args(tp) if a is not type(None)) if _is_union(_origin(tp)) else tp


def lent(value: object, key: str, sources: tuple[str, ...], default: object) -> object:
    """Returns the value of ``key`` a record lends its owner ``value`` (see ``table_plan``): ``default``
    when the owner holds none of the records that lend it (a unit of another kind)."""
    for source in sources:
        lender = getattr(value, source)
        if lender is not None:
            return getattr(lender, key)
    return default


def field_plan(cls: type) -> tuple[tuple[str, object, bool, tuple[str, ...]], ...]:
    """Returns (key, default, written as it is, source) for each key of a record's table (``table_plan``)."""
    found = _PLANS.get(cls)
    if found is None:
        found = _PLANS[cls] = tuple((name, default, tp in _PLAIN, source)
                                    for name, default, tp, source in table_plan(cls))
    return found


_PLANS: dict[type, tuple] = {}


def _dataclass_encoder(cls: type):
    """Compiles the encoder of a record: its fields, their defaults and how each is written."""
    plan = [(name, default, _encoder_for_type(tp), source) for name, default, tp, source in table_plan(cls)]

    def encode(value) -> dict:
        out = {}
        for name, default, encoder, source in plan:
            item = lent(value, name, source, default) if source else getattr(value, name)
            if default is not _MISSING and item == default:
                continue
            if encoder is None:
                out[name] = item
            elif encoder is to_plain or WRITTEN.table is None:
                out[name] = encoder(item)
            else:  # a dict or a tuple of plain values, shared while ``write_shared`` runs
                out[name] = to_plain(item)
        return out

    return encode


def from_plain(cls: type, data: object, where: str, **given):
    """Builds a ``cls`` from plain data, checking every field's type; ``given`` fields come from
    elsewhere (a unit's id is its table's key). Raises GameFileError naming ``where`` and the field."""
    if not isinstance(data, dict):
        raise GameFileError(f"{where} must be a table, not {_shown(data)}")
    lent = getattr(cls, "LENT", None)
    if lent and not data.keys().isdisjoint(lent):
        data = _lend(data, lent, where)
    values = dict(given)
    fields = _field_readers(cls)
    for name, default, read in fields:
        if name in given:
            continue
        if name in data:
            values[name] = read(data[name], f"{where}: {name}")
        elif default is _MISSING:
            raise GameFileError(f"{where} is missing {name!r}")
    if len(data) + len(given) > len(values) or given.keys() & data.keys():
        names = {name for name, _, _ in fields}
        unknown = [k for k in data if k not in names or k in given]
        raise GameFileError(f"{where}: unknown key {unknown[0]!r}")
    return cls(**values)


def _lend(data: dict, lent: dict[str, tuple[tuple[str, ...], str]], where: str) -> dict:
    """Returns a copy of a table with the keys its records lend it (``table_plan``) moved into the table of
    the first lender it has (copied too: the data may be shared with other units')."""
    data = dict(data)
    for key, (sources, _) in lent.items():
        if key in data:
            source = next((s for s in sources if isinstance(data.get(s), dict)), None)
            if source is None:
                raise GameFileError(f"{where}: unknown key {key!r}")
            data[source] = {**data[source], key: data.pop(key)}
    return data


def decode(tp, data: object, where: str):
    """Reads plain data as a value of type ``tp`` (see the module docstring)."""
    return _reader(tp)(data, where)


def _field_readers(cls: type) -> tuple[tuple[str, object, Reader], ...]:
    """Returns (name, default, reader) for each field of a record (built once per class)."""
    found = _FIELD_READERS.get(cls)
    if found is None:
        hints = _hints(cls)
        found = _FIELD_READERS[cls] = tuple((name, default, _reader(hints[name])) for name, default in _defaults(cls))
    return found


_FIELD_READERS: dict[type, tuple[tuple[str, object, Reader], ...]] = {}
_READERS: dict[object, Reader] = {}


def _reader(tp):
    """Returns the function that reads plain data as a ``tp``, built once per type: a game file is
    read by every command, so the type is looked at once, not once per value."""
    found = _READERS.get(tp)
    if found is None:
        found = _READERS[tp] = _make_reader(tp)
    return found


_SHARED = CallMemo()  # while ``read_shared`` runs: each reader's values by what it read


def read_shared(read, *args):
    """Returns ``read(*args)``, reading a table or array met again (the same object: ``headparse`` gives
    sections of the same text the same values) as the same typed value, built once. Units of one
    design then share their armor, slots and weapons, which the hash and the head writer then take
    once each (issue #17: an 80-unit head). Only while it runs, so data changed between two reads is
    read again."""
    return _SHARED.during(read, *args)


def _once(read, by_items: bool = False):
    """``read``, memoised by the data's identity while ``read_shared`` runs; ``by_items``: a table also
    by its items' identities (a unit's ``weapon_specs``, a table of tables that ``headparse`` gives
    each unit but fills with the same sub-tables)."""

    def read_once(data, where):
        shared = _SHARED.table
        if shared is None:
            return read(data, where)
        memo = shared.get(read_once)
        if memo is None:
            memo = shared[read_once] = {}
        if by_items and type(data) is dict:
            key = tuple([(k, id(v)) for k, v in data.items()])
            hit = memo.get(key)
            if hit is not None:  # the same keys, the same objects (kept alive by the memo)
                return hit[1]
            value = memo[key] = (tuple(data.values()), read(data, where))
            return value[1]
        hit = memo.get(id(data))
        if hit is not None and hit[0] is data:
            return hit[1]
        value = read(data, where)
        memo[id(data)] = (data, value)
        return value
    return read_once


def _make_reader(tp):
    if isinstance(tp, _Deferred):
        return _deferred_reader(tp)
    origin = _origin(tp)
    if _is_union(origin):
        options = [a for a in _args(tp) if a is not type(None)]
        optional = len(options) < len(_args(tp))
        values = options[:-1] if options[-1] is str else options  # a last ``str``: the text none of them reads
        if len(options) > 1 and all(is_record(a) for a in values):
            return _first_that_reads([_reader(a) for a in options], optional)
        if len(options) != 1:
            def ambiguous(data, where):
                if data is None and optional:
                    return None
                raise GameFileError(f"{where}: cannot tell which of {tp} it is")
            return ambiguous
        inner = _reader(options[0])
        return (lambda data, where: None if data is None else inner(data, where)) if optional else inner
    if origin is tuple:
        item = _reader(_args(tp)[0])

        def read_tuple(data, where):
            if not isinstance(data, (list, tuple)):
                raise GameFileError(f"{where} must be an array, not {_shown(data)}")
            return tuple(item(x, where) for x in data)
        return _once(read_tuple)
    if origin is dict:
        key_type, value_type = _args(tp)
        read_key, read_value = _reader(key_type), _reader(value_type)

        def read_dict(data, where):
            if not isinstance(data, dict):
                raise GameFileError(f"{where} must be a table, not {_shown(data)}")
            return {read_key(k, where): read_value(v, f"{where}.{k}") for k, v in data.items()}
        return _once(read_dict, by_items=value_type not in _PLAIN)
    if tp in _SCALAR_READERS:
        return _SCALAR_READERS[tp]
    if tp is HexId or tp is Facing or isinstance(tp, type) and issubclass(tp, Written):
        def read_parsed(data, where):
            try:
                return tp.parse(_text(data, where))
            except InputError as exc:
                raise GameFileError(f"{where}: {exc}") from None
        return read_parsed
    if isinstance(tp, type) and issubclass(tp, Member):
        def read_enum(data, where):
            try:
                return tp(data)
            except ValueError:
                choices = ", ".join(str(m.value) for m in tp)
                raise GameFileError(f"{where}: unknown value {_shown(data)} (choose from {choices})") from None
        return read_enum
    if is_record(tp):
        return _once(lambda data, where: from_plain(tp, data, where))
    raise AssertionError(f"typed: no reader for {tp!r}")


def _first_that_reads(readers: list, optional: bool):
    """Reads a union of records as the first, in the order the annotation names them, whose fields read
    (a pending hit on a building hex, whose target is ``hex:CCRR``, before a hit on a unit; a declared target's
    values before a unit's id, the text none of them reads); when none does, the last one's error."""

    def read_first(data, where):
        if data is None and optional:
            return None
        for read in readers[:-1]:
            try:
                return read(data, where)
            except GameFileError:
                continue
        return readers[-1](data, where)
    return read_first


def _read_bool(data, where):
    if data is True or data is False:
        return data
    raise GameFileError(f"{where} must be true or false, not {_shown(data)}")


def _read_int(data, where):
    if type(data) is int:
        return data
    if isinstance(data, bool) or not isinstance(data, int):
        raise GameFileError(f"{where} must be a whole number, not {_shown(data)}")
    return data


def _read_float(data, where):
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise GameFileError(f"{where} must be a number, not {_shown(data)}")
    return float(data)


def _read_str(data, where):
    if type(data) is str:
        return data
    if not isinstance(data, str):
        raise GameFileError(f"{where} must be a string, not {_shown(data)}")
    return data


_SCALAR_READERS = {bool: _read_bool, int: _read_int, float: _read_float, str: _read_str}


def _text(data: object, where: str) -> str:
    if not isinstance(data, str):
        raise GameFileError(f"{where} must be a string, not {_shown(data)}")
    return data


def _shown(data: object) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


_DEFAULTS: dict[type, tuple[tuple[str, object], ...]] = {}
_HINTS: dict[type, dict[str, object]] = {}


def _defaults(cls: type) -> tuple[tuple[str, object], ...]:
    """Returns (name, default) for every field, _MISSING for a required one (computed once per class)."""
    found = _DEFAULTS.get(cls)
    if found is None:
        found = tuple(
            (f.name, f.default if f.default is not _MISSING
             else f.default_factory() if f.default_factory is not _MISSING else _MISSING)
            for f in fields(cls)
        )
        _DEFAULTS[cls] = found
    return found


def _hints(cls: type) -> dict[str, object]:
    found = _HINTS.get(cls)
    if found is None:
        # What typing.get_type_hints gives for a record (no bases with fields, annotations written as
        # strings by ``from __future__ import annotations``): each evaluated in its module's names.
        names = vars(sys.modules[cls.__module__])
        found = {}
        for f in fields(cls):
            try:
                found[f.name] = eval(f.type, names) if isinstance(f.type, str) else f.type  # noqa: S307
            except NameError:  # a field typed by a name its module imports only when needed (deferred_types)
                found[f.name] = _Deferred(cls, f.type)
            if found[f.name] is None:
                found[f.name] = type(None)
        _HINTS[cls] = found
    return found


class _Deferred:
    """A field's type its module imports only for the games that hold one (``deferred_types()`` of the
    module): read as None without importing it, resolved the first time a value is read."""

    __slots__ = ("cls", "text")

    def __init__(self, cls: type, text: str):
        self.cls, self.text = cls, text

    def resolve(self):
        import re  # here, not for every command (issue #17)

        module = sys.modules[self.cls.__module__]
        names = set(re.findall(r"[A-Za-z_]\w*", self.text))
        return eval(self.text, {**vars(module), **module.deferred_types(names)})  # noqa: S307 - a field annotation


def _deferred_reader(tp: _Deferred):
    resolved: list[Reader] = []

    def read_deferred(data, where):
        if data is None:
            return None
        if not resolved:
            resolved.append(_reader(tp.resolve()))
        return resolved[0](data, where)
    return read_deferred
