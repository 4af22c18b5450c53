"""Aerospace designs: aero.toml (tables.md 13.3, 13.4) read into ``AeroDesign`` values.

``parse_designs`` checks every field and raises GameFileError naming the unit and
the field (``aero.toml: 'Corsair CSR-V12'.armor.nose: ...``), so a scenario's inline
designs can go through the same checks as the built-in file.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from math import ceil

from btcli.errors import GameFileError
from btcli.model.aero import AeroClass, AeroDesign, AeroWeapon, Arc, ArcArmor, FiringArc, Shape

_PATH = os.path.join(os.path.dirname(__file__), "aero.toml")

DESIGN_FIELDS = _FIELDS = {
    "class", "shape", "tons", "safe_thrust", "max_thrust", "structural_integrity", "heat_sinks", "fuel",
    "armor", "weapons", "crew_boxes", "propeller", "cargo_tons", "transport_bays", "bombs",
}
_REQUIRED = ("class", "shape", "tons", "safe_thrust", "max_thrust", "structural_integrity", "armor")
_WEAPON_FIELDS = {"name", "arc", "count", "bay", "shots"}


@cache
def aero_designs() -> dict[str, AeroDesign]:
    """Returns the built-in aerospace designs keyed by name (read once per process)."""
    with open(_PATH, "rb") as f:
        data = tomllib.load(f)
    return parse_designs(data.get("aero", {}), "aero.toml")


def parse_designs(table: dict, source: str) -> dict[str, AeroDesign]:
    """Returns the designs of an ``[aero.NAME]`` table; raises GameFileError naming a bad field."""
    if not isinstance(table, dict):
        raise GameFileError(f"{source}: 'aero' must be a table of designs")
    return {name: parse_design(name, data, source) for name, data in table.items()}


def parse_design(name: str, data: dict, source: str) -> AeroDesign:
    """Returns one design; raises GameFileError naming the unit and the field at fault."""
    where = f"{source}: {name!r}"
    _table(data, _FIELDS, where, "a table of fields")
    for key in _REQUIRED:
        if key not in data:
            raise GameFileError(f"{where}.{key}: missing")
    safe = _count(data, "safe_thrust", where)
    max_thrust = _count(data, "max_thrust", where)
    if max_thrust != ceil(1.5 * safe):  # AERO-MOVE-04
        raise GameFileError(
            f"{where}.max_thrust: {max_thrust} is not 1.5 x safe thrust {safe}, rounded up ({ceil(1.5 * safe)})"
        )
    fuel = data.get("fuel")
    return AeroDesign(
        name=name,
        aero_class=_choice(data, "class", AeroClass, where),
        shape=_choice(data, "shape", Shape, where),
        tons=float(_number(data, "tons", where, positive=True)),
        safe_thrust=safe,
        max_thrust=max_thrust,
        structural_integrity=_count(data, "structural_integrity", where, least=1),
        armor=_armor(data["armor"], f"{where}.armor"),
        weapons=_weapons(data.get("weapons", []), f"{where}.weapons"),
        heat_sinks=_count(data, "heat_sinks", where, default=0),
        fuel=None if fuel is None else _count(data, "fuel", where),
        crew_boxes=_count(data, "crew_boxes", where, default=6, least=1),
        propeller=_flag(data, "propeller", where),
        cargo_tons=float(_number(data, "cargo_tons", where, default=0)),
        transport_bays=_bays(data.get("transport_bays", {}), f"{where}.transport_bays"),
        bombs=_count(data, "bombs", where, default=0),  # issue #14: not in the unit files, none by default
    )


def _table(data, fields: set[str], where: str, shape: str) -> None:
    """Raises unless ``data`` is a table whose keys are all in ``fields``."""
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: expected {shape}")
    unknown = sorted(set(data) - fields)
    if unknown:
        raise GameFileError(f"{where}.{unknown[0]}: unknown field (known: {', '.join(sorted(fields))})")


def _count(data: dict, key: str, where: str, *, default: int | None = None, least: int = 0) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise GameFileError(f"{where}.{key}: expected a whole number >= {least}, got {value!r}")
    return value


def _number(data: dict, key: str, where: str, *, default: float | None = None, positive: bool = False) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or (positive and value == 0):
        raise GameFileError(f"{where}.{key}: expected a number {'> 0' if positive else '>= 0'}, got {value!r}")
    return value


def _flag(data: dict, key: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise GameFileError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _choice(data: dict, key: str, enum, where: str):
    value = data.get(key)
    try:
        return enum(value)
    except ValueError:
        known = ", ".join(e.value for e in enum)
        raise GameFileError(f"{where}.{key}: unknown value {value!r} (use {known})") from None


def _armor(value, where: str) -> ArcArmor:
    if not isinstance(value, dict):
        raise GameFileError(f"{where}: expected {{ nose = N, left = N, right = N, aft = N }}")
    arcs = {a.value for a in Arc}
    extra = sorted(set(value) - arcs)
    if extra:
        raise GameFileError(f"{where}.{extra[0]}: unknown arc (use nose, left, right, aft)")
    return ArcArmor(**{arc: _count(value, arc, where) for arc in ("nose", "left", "right", "aft")})


def _weapons(value, where: str) -> tuple[AeroWeapon, ...]:
    if not isinstance(value, list):
        raise GameFileError(f"{where}: expected a list of {{ name = ..., arc = ... }}")
    weapons = []
    for i, entry in enumerate(value):
        at = f"{where}[{i}]"
        _table(entry, _WEAPON_FIELDS, at, "{ name = ..., arc = ... }")
        name, bay = entry.get("name"), entry.get("bay", "")
        if not isinstance(name, str) or not name.strip():
            raise GameFileError(f"{at}.name: expected a weapon name, got {name!r}")
        if not isinstance(bay, str):
            raise GameFileError(f"{at}.bay: expected a bay name, got {bay!r}")
        weapons.append(AeroWeapon(
            name=name,
            arc=_choice(entry, "arc", FiringArc, at),
            count=_count(entry, "count", at, default=1, least=1),
            bay=bay,
            shots=_count(entry, "shots", at, default=0),
        ))
    return tuple(weapons)


def _bays(value, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise GameFileError(f"{where}: expected {{ KIND = COUNT, ... }}")
    return {kind: _count(value, kind, where, least=1) for kind in value}
