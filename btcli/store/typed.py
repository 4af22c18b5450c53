"""Typed values to and from plain TOML data, derived from the dataclasses themselves (issue #11).

Every frozen dataclass of btcli.model is written as a table of its fields in declaration order,
leaving out a field that holds its default; read back, each field is checked against its
annotated type. Enums are written by value (facings by name), hexes by label, tuples as arrays,
dicts as tables. Adding a field to a model class is all it takes to have it written, read and
hashed: nothing here lists fields by hand.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum

from btcli.errors import GameFileError, InputError
from btcli.model.hexgrid import Facing, HexId

_MISSING = dataclasses.MISSING


def to_plain(value: object) -> object:
    """Returns ``value`` as plain data: dicts, lists, strings, numbers and booleans."""
    if isinstance(value, HexId):
        return value.label
    if dataclasses.is_dataclass(value):
        out = {}
        for name, default in _defaults(type(value)):
            item = getattr(value, name)
            if default is not _MISSING and item == default:
                continue
            out[name] = to_plain(item)
        return out
    if isinstance(value, Facing):
        return value.name
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {(k.label if isinstance(k, HexId) else k): to_plain(v) for k, v in value.items()}
    return value


def from_plain(cls: type, data: object, where: str, **given):
    """Builds a ``cls`` from plain data, checking every field's type; ``given`` fields come from
    elsewhere (a unit's id is its table's key). Raises GameFileError naming ``where`` and the field."""
    if not isinstance(data, dict):
        raise GameFileError(f"{where} must be a table, not {_shown(data)}")
    values = dict(given)
    hints = _hints(cls)
    for name, default in _defaults(cls):
        if name in given:
            continue
        if name in data:
            values[name] = decode(hints[name], data[name], f"{where}: {name}")
        elif default is _MISSING:
            raise GameFileError(f"{where} is missing {name!r}")
    unknown = [k for k in data if k not in hints or k in given]
    if unknown:
        raise GameFileError(f"{where}: unknown key {unknown[0]!r}")
    return cls(**values)


def decode(tp, data: object, where: str):
    """Reads plain data as a value of type ``tp`` (see the module docstring)."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        if data is None and len(options) < len(typing.get_args(tp)):
            return None
        if len(options) == 1:
            return decode(options[0], data, where)
        raise GameFileError(f"{where}: cannot tell which of {tp} it is")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, (list, tuple)):
            raise GameFileError(f"{where} must be an array, not {_shown(data)}")
        return tuple(decode(args[0], item, where) for item in data)
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        if not isinstance(data, dict):
            raise GameFileError(f"{where} must be a table, not {_shown(data)}")
        return {decode(key_type, k, where): decode(value_type, v, f"{where}.{k}") for k, v in data.items()}
    if tp is bool:
        if not isinstance(data, bool):
            raise GameFileError(f"{where} must be true or false, not {_shown(data)}")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise GameFileError(f"{where} must be a whole number, not {_shown(data)}")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise GameFileError(f"{where} must be a number, not {_shown(data)}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise GameFileError(f"{where} must be a string, not {_shown(data)}")
        return data
    if tp is HexId:
        try:
            return HexId.parse(_text(data, where))
        except InputError as exc:
            raise GameFileError(f"{where}: {exc}") from None
    if tp is Facing:
        try:
            return Facing.parse(_text(data, where))
        except InputError as exc:
            raise GameFileError(f"{where}: {exc}") from None
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(data)
        except ValueError:
            choices = ", ".join(str(m.value) for m in tp)
            raise GameFileError(f"{where}: unknown value {_shown(data)} (choose from {choices})") from None
    if dataclasses.is_dataclass(tp):
        return from_plain(tp, data, where)
    raise AssertionError(f"typed: no reader for {tp!r} ({where})")


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
            for f in dataclasses.fields(cls)
        )
        _DEFAULTS[cls] = found
    return found


def _hints(cls: type) -> dict[str, object]:
    found = _HINTS.get(cls)
    if found is None:
        found = typing.get_type_hints(cls)
        found = {f.name: found[f.name] for f in dataclasses.fields(cls)}
        _HINTS[cls] = found
    return found
