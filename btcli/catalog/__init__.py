"""Built-in weapon and unit data (TOML files beside this module), read on first use."""

from __future__ import annotations

import os
import tomllib
from functools import cache

_HERE = os.path.dirname(__file__)


@cache
def weapons() -> dict[str, dict]:
    """Returns the weapon table keyed by name (tables.md 12)."""
    with open(os.path.join(_HERE, "weapons.toml"), "rb") as f:
        return tomllib.load(f)["weapons"]


@cache
def designs() -> dict[str, dict]:
    """Returns the sample unit designs keyed by name (tables.md 13)."""
    with open(os.path.join(_HERE, "units.toml"), "rb") as f:
        return tomllib.load(f)["units"]


@cache
def _weapon_index() -> dict[str, str]:
    index = {}
    for name, data in weapons().items():
        index[name.casefold()] = name
        for alias in data.get("aliases", ()):
            index[alias.casefold()] = name
    return index


def weapon_name(text: str) -> str | None:
    """Returns the catalog name for a weapon name or alias (any case), or None."""
    return _weapon_index().get(text.strip().casefold())


_FIELDS = ("heat", "damage", "short", "medium", "long", "kind", "min_range", "to_hit", "ammo_per_ton", "cluster",
           "group", "explosive_ammo", "explodes_when_destroyed", "flak", "streak", "ultra", "rotary", "lbx", "atm", "ams",
           "narc", "tag", "aliases", "damage_by_range", "heavy_gauss", "one_shot")


@cache
def weapon(name: str):
    """Returns a catalog weapon's data as the typed value units carry (btcli.model.units.Weapon)."""
    from btcli.model.units import Weapon

    data = weapons()[name]
    values = {k: data[k] for k in _FIELDS if k in data}
    values["aliases"] = tuple(values.get("aliases", ()))
    if "damage_by_range" in values:
        values["damage_by_range"] = tuple(values["damage_by_range"])
    return Weapon(**values)
