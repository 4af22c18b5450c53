"""Battlefield Support asset cards: the built-in set, inline scenario cards and MegaMek ``.bfs`` files.

- ``asset_card(name)`` returns a card of ``assets.toml`` beside this module
  (the six real cards of tables.md 16.3 and the six SAMPLE cards of 16.4).
- ``card_from_table(name, table)`` builds a card from a TOML table of the same
  shape, as a scenario may define an asset inline.
- ``card_from_bfs(text)`` reads a MegaMek ``.bfs`` card (YAML). It reads exactly
  the keys of tables.md 16.1, with MegaMek's default when a key is absent:
  ``chassis`` (required), ``model``, ``cardTitle``, ``cardSubtitle`` (the name),
  ``assetType`` (Vehicle), ``movement.mp`` (0), ``movement.mode`` (TRACKED),
  ``tmm`` (0), ``range`` (three -1: none), ``skill.standard`` (6),
  ``skill.veteran`` (none), ``damage.perHit`` and ``damage.hits`` (0x0),
  ``destroyCheck`` (7), ``threshold`` (5), ``cost.standard`` (0),
  ``cost.veteran`` (none) and ``specials`` (none). Bookkeeping keys (uuid,
  year, techBase, source, role, art) are ignored. The footprint is not in a
  card file: an ``Artillery (LT)`` Special gives the Long Tom's second hex.
  PyYAML is imported only when a ``.bfs`` card is read.

Every malformed card raises GameFileError naming the card and the field.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from functools import cache

from btcli.errors import GameFileError
from btcli.model.assets import (
    ARTILLERY,
    BEHIND,
    AssetCard,
    AssetKind,
    MovementCode,
    Offset,
    RangeBands,
    Special,
)

_HERE = os.path.dirname(__file__)

# The Special that makes a card a two-hex Long Tom (tables.md 16.1 notes, ASSET-GEN-03).
LONG_TOM = Special(ARTILLERY, "LT")

REQUIRED = ("kind", "mp", "movement", "tmm", "skill", "check", "threshold")
OPTIONAL = ("veteran_skill", "damage", "range", "cost", "veteran_cost", "specials", "footprint", "sample")

# tables.md 16.1: MegaMek's assetType values.
BFS_ASSET_TYPES = {
    "vehicle": AssetKind.VEHICLE,
    "convinfantry": AssetKind.CONVENTIONAL_INFANTRY,
    "conventionalinfantry": AssetKind.CONVENTIONAL_INFANTRY,
    "battlearmor": AssetKind.BATTLE_ARMOR,
    "emplacement": AssetKind.GUN_EMPLACEMENT,
}
NO_RANGE = -1  # tables.md 16.1: [-1, -1, -1] = the card prints a keyword or a dash


# -- the built-in cards --------------------------------------------------------


@cache
def asset_cards() -> dict[str, AssetCard]:
    """Returns the built-in asset cards keyed by name (tables.md 16.3 and 16.4)."""
    with open(os.path.join(_HERE, "assets.toml"), "rb") as f:
        data = tomllib.load(f)["assets"]
    return {name: card_from_table(name, table) for name, table in data.items()}


def asset_card(name: str) -> AssetCard:
    """Returns the built-in card called ``name`` (any case); raises GameFileError for an unknown name."""
    cards = asset_cards()
    wanted = name.strip().casefold()
    for known, card in cards.items():
        if known.casefold() == wanted:
            return card
    raise GameFileError(f"unknown asset card {name!r} (known: {', '.join(sorted(cards))})")


# -- inline (TOML) cards -------------------------------------------------------


def card_from_table(name: str, table: Mapping) -> AssetCard:
    """Returns the card a TOML table describes (the keys of assets.toml); raises GameFileError if malformed."""
    if not isinstance(table, Mapping):
        raise GameFileError(f"asset card '{name}' must be a table, not {type(table).__name__}")
    unknown = sorted(set(table) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise GameFileError(f"asset card '{name}': unknown field {unknown[0]!r}")
    for key in REQUIRED:
        if key not in table:
            raise GameFileError(f"asset card '{name}': missing required field '{key}'")
    field = _Fields(name, table)
    kind = field.choice("kind", {k.value: k for k in AssetKind})
    specials = field.specials("specials")
    per_hit, hits = field.damage("damage")
    return _checked(AssetCard(
        name=name,
        kind=kind,
        mp=field.integer("mp"),
        movement=field.movement("movement"),
        tmm=field.integer("tmm", signed=True),
        skill=field.integer("skill"),
        veteran_skill=field.optional_integer("veteran_skill"),
        damage_per_hit=per_hit,
        hits=hits,
        range=field.range("range"),
        destruction_check=field.integer("check"),
        threshold=field.integer("threshold"),
        cost=field.integer("cost") if "cost" in table else 0,
        veteran_cost=field.optional_integer("veteran_cost"),
        specials=specials,
        footprint=field.footprint("footprint") if "footprint" in table else default_footprint(specials),
        sample=field.boolean("sample") if "sample" in table else False,
    ))


def default_footprint(specials: tuple[Special, ...]) -> tuple[Offset, ...]:
    """Returns the footprint a card's Specials imply: one hex behind for a Long Tom (ASSET-GEN-03)."""
    return (BEHIND,) if LONG_TOM in specials else ()


# -- MegaMek .bfs cards --------------------------------------------------------


def read_bfs(path: str) -> AssetCard:
    """Returns the card in a MegaMek ``.bfs`` file; raises GameFileError if unreadable or malformed."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise GameFileError(f"cannot read asset card {path}: {e}") from None
    return card_from_bfs(text, os.path.basename(path))


def card_from_bfs(text: str, source: str = "<bfs>") -> AssetCard:
    """Returns the card in the text of a MegaMek ``.bfs`` file (YAML; keys in the module docstring)."""
    import yaml  # only .bfs import needs PyYAML; btcli itself never loads it

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise GameFileError(f"asset card {source}: not valid YAML ({str(e).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise GameFileError(f"asset card {source}: expected a YAML mapping of card fields")
    if not isinstance(data.get("chassis"), str) or not data["chassis"].strip():
        raise GameFileError(f"asset card {source}: missing required field 'chassis'")
    name = _bfs_name(data, source)
    field = _Fields(name, data)
    movement = field.mapping("movement")
    skill = field.mapping("skill")
    damage = field.mapping("damage")
    cost = field.mapping("cost")
    kind_text = data.get("assetType", "Vehicle")
    if not isinstance(kind_text, str):
        raise GameFileError(f"asset card '{name}': field 'assetType' must be text, not {type(kind_text).__name__}")
    kind = BFS_ASSET_TYPES.get(kind_text.replace(" ", "").casefold())
    if kind is None:
        raise GameFileError(
            f"asset card '{name}': unknown assetType {kind_text!r} (use Vehicle, ConvInfantry, BattleArmor or Emplacement)"
        )
    specials = field.specials("specials")
    per_hit = _Fields(name, damage, "damage.").integer("perHit", default=0)
    hits = _Fields(name, damage, "damage.").integer("hits", default=0)
    return _checked(AssetCard(
        name=name,
        kind=kind,
        mp=_Fields(name, movement, "movement.").integer("mp", default=0),
        movement=_Fields(name, movement, "movement.").movement("mode", default="TRACKED"),
        tmm=field.integer("tmm", default=0, signed=True),
        skill=_Fields(name, skill, "skill.").integer("standard", default=6),
        veteran_skill=_Fields(name, skill, "skill.").optional_integer("veteran"),
        damage_per_hit=per_hit,
        hits=hits,
        range=field.range("range"),
        destruction_check=field.integer("destroyCheck", default=7),
        threshold=field.integer("threshold", default=5),
        cost=_Fields(name, cost, "cost.").integer("standard", default=0),
        veteran_cost=_Fields(name, cost, "cost.").optional_integer("veteran"),
        specials=specials,
        footprint=default_footprint(specials),
    ))


def _bfs_name(data: dict, source: str) -> str:
    """Returns a card's name: its title (else chassis) and subtitle (else model), as printed."""
    parts = []
    for key, fallback in (("cardTitle", "chassis"), ("cardSubtitle", "model")):
        value = data.get(key) or data.get(fallback) or ""
        if not isinstance(value, str):
            raise GameFileError(f"asset card {source}: field '{key}' must be text, not {type(value).__name__}")
        if value.strip():
            parts.append(value.strip())
    return " ".join(parts)


# -- field readers -------------------------------------------------------------

_SPECIAL = re.compile(r"^(?P<name>[A-Za-z][A-Za-z \-]*?)\s*(?:\((?P<paren>[^()]+)\)|(?P<number>\d+))?$")
_SIGNED = re.compile(r"^[+-]?\d+\*?$")  # tmm printed "+3", or "+0*" on an Immobile card
_DAMAGE = re.compile(r"^(\d+)(?:\s*[xX×]\s*(\d+))?$")


def parse_special(token: str) -> Special:
    """Parses a card Special token (``IF2``, ``Artillery (LT)``, ``No Turret``); raises ValueError otherwise."""
    match = _SPECIAL.match(token.strip())
    if match is None:
        raise ValueError(f"bad Special {token!r}")
    value = match["paren"] or match["number"]
    return Special(match["name"].strip(), value.strip() if value else None)


class _Fields:
    """Reads typed fields of one card's mapping; every error names the card and the field."""

    def __init__(self, card: str, data: Mapping, prefix: str = ""):
        self.card, self.data, self.prefix = card, data, prefix

    def _error(self, key: str, why: str) -> GameFileError:
        return GameFileError(f"asset card '{self.card}': field '{self.prefix}{key}' {why}")

    def _wrong_type(self, key: str, wanted: str, value) -> GameFileError:
        return self._error(key, f"must be {wanted}, not {type(value).__name__} {value!r}")

    def integer(self, key: str, default: int | None = None, signed: bool = False) -> int:
        value = self.data.get(key, default)
        if value is None:
            raise self._error(key, "is missing")
        if signed and isinstance(value, str) and _SIGNED.match(value.strip()):
            return int(value.strip().rstrip("*"))
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong_type(key, "a whole number", value)
        if value < 0 and not signed:
            raise self._error(key, f"must not be negative, is {value}")
        return value

    def optional_integer(self, key: str) -> int | None:
        return None if self.data.get(key) is None else self.integer(key)

    def boolean(self, key: str) -> bool:
        value = self.data[key]
        if not isinstance(value, bool):
            raise self._wrong_type(key, "true or false", value)
        return value

    def mapping(self, key: str) -> Mapping:
        value = self.data.get(key, {})
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise self._wrong_type(key, "a mapping", value)
        return value

    def choice(self, key: str, options: dict):
        value = self.data[key]
        if not isinstance(value, str):
            raise self._wrong_type(key, "text", value)
        if value not in options:
            raise self._error(key, f"is {value!r}; use one of {', '.join(options)}")
        return options[value]

    def movement(self, key: str, default: str | None = None) -> MovementCode:
        value = self.data.get(key, default)
        if not isinstance(value, str):
            raise self._wrong_type(key, "a movement code", value)
        try:
            return MovementCode.parse(value)
        except ValueError as e:
            raise self._error(key, f"is invalid: {e}") from None

    def damage(self, key: str) -> tuple[int, int]:
        """Returns (damage per hit, hits) from ``"5x4"``, ``"15"`` or 15; absent = no attack."""
        value = self.data.get(key)
        if value is None:
            return 0, 0
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value, 1 if value else 0
        match = _DAMAGE.match(value.strip()) if isinstance(value, str) else None
        if match is None:
            raise self._wrong_type(key, 'damage as printed ("5x4" or "15")', value)
        per_hit = int(match[1])
        hits = int(match[2]) if match[2] is not None else (1 if per_hit else 0)
        return per_hit, hits

    def range(self, key: str) -> RangeBands | None:
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != 3 or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
            raise self._wrong_type(key, "three whole numbers [short, medium, long]", value)
        if value == [NO_RANGE] * 3:
            return None
        short, medium, long = value
        if not 0 < short <= medium <= long:
            raise self._error(key, f"must rise from short to long, is {value}")
        return RangeBands(short, medium, long)

    def specials(self, key: str) -> tuple[Special, ...]:
        value = self.data.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
            raise self._wrong_type(key, "a list of Special tokens", value)
        try:
            return tuple(parse_special(v) for v in value)
        except ValueError as e:
            raise self._error(key, f"has a {e}") from None

    def footprint(self, key: str) -> tuple[Offset, ...]:
        value = self.data[key]
        ok = isinstance(value, list) and all(
            isinstance(walk, list) and walk and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 5 for s in walk)
            for walk in value
        )
        if not ok:
            raise self._wrong_type(key, "a list of hexside walks such as [[3]]", value)
        return tuple(tuple(walk) for walk in value)


def _checked(card: AssetCard) -> AssetCard:
    """Returns ``card`` after the checks that need several fields; raises GameFileError."""
    if card.is_gun_emplacement and card.mp:
        raise GameFileError(f"asset card '{card.name}': field 'mp' of a gun emplacement must be 0, is {card.mp}")
    if card.movement is MovementCode.NONE and card.mp:
        raise GameFileError(f"asset card '{card.name}': field 'mp' must be 0 with movement none, is {card.mp}")
    if card.destruction_check < 2:
        raise GameFileError(f"asset card '{card.name}': destruction check (CHECK) must be at least 2, is {card.destruction_check}")
    return card
