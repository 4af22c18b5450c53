"""Builds schema/game.schema.json from the records the game file is written from (issue #16).

The head of a game file is ``btcli.store.codec.state_to_dict``: the records of ``btcli.model`` written
field by field (``btcli.store.typed``), and a few hand-made tables (``[game]``, the maps). This module
reads the records' fields and types as ``typed`` does, so a field added to a record changes the schema
it builds; ``tests/store/test_schemas.py`` checks the shipped file is this one (``--regen-golden``
rewrites it).
"""

from __future__ import annotations

import json
import types
import typing

from btcli.model.board import BuildingType, Terrain
from btcli.model.choices import Member
from btcli.model.frozen import MISSING, is_record
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import AimedHex, Crit, HexTarget, StrafeTarget
from btcli.model.state import (
    FORMAT_VERSION,
    AttackDeclaration,
    Deployment,
    DropGroup,
    Hit,
    Options,
    Phase,
    StructureHit,
    Victory,
)
from btcli.model.units import Unit
from btcli.store import typed

HEX_LABEL = {"type": "string", "pattern": "^([0-9]{4}|[0-9]{6})$",
             "description": "A hex label CCRR: column then row, e.g. \"0805\" (six digits on maps over 99 hexes)."}
FACING = {"type": "string", "enum": [f.name for f in Facing], "description": "A facing: N, NE, SE, S, SW or NW."}
HEX_TARGET = {"type": "string", "pattern": "^hex:([0-9]{4}|[0-9]{6})$",
              "description": "A building or bridge hex struck: hex: and its label, e.g. \"hex:0805\"."}
STRAFE_TARGET = {"type": "string", "pattern": "^strafe:([0-9]{4}|[0-9]{6})(,([0-9]{4}|[0-9]{6}))*$",
                 "description": "The hexes a strafe runs along: strafe: and their labels, e.g. \"strafe:0805,0806\"."}
AIMED_HEX = {"type": "string", "pattern": "^([0-9]{4}|[0-9]{6})$",
             "description": "The hex an artillery shot is aimed at: its label, e.g. \"0805\"."}
CRIT = {"type": "string", "pattern": "^([^:\\s]+:(0|[1-9][0-9]*)|[^:]+: .+)$",
        "description": "A critical hit taken: a 'Mech's destroyed slot LOC:slot (counted from 0), e.g. \"LA:3\"; "
                       "a vehicle's 'location: result', e.g. \"front: engine hit\", \"motive: heavy damage\"."}


class Builder:
    """Collects one definition per record, named by its class."""

    def __init__(self):
        self.definitions: dict[str, dict] = {"hex_label": HEX_LABEL, "facing": FACING, "crit": CRIT,
                                             "hex_target": HEX_TARGET, "strafe_target": STRAFE_TARGET,
                                             "aimed_hex": AIMED_HEX}

    def of(self, tp) -> dict:
        """Returns the schema of values of type ``tp`` as ``typed`` writes them."""
        if isinstance(tp, typed._Deferred):
            tp = tp.resolve()
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]
            if len(options) == 1:
                return self.of(options[0])
            values = options[:-1] if options[-1] is str else options  # a last str: what none of them reads
            if all(is_record(a) for a in values):  # read as the first that fits (typed._first_that_reads)
                return {"anyOf": [self.of(a) for a in options]}
            return {"type": [self.of(a)["type"] for a in options]}
        if origin is tuple:
            return {"type": "array", "items": self.of(args[0])}
        if origin is dict:
            return {"type": "object", "additionalProperties": self.of(args[1])}
        if tp in (int, str, bool, float):
            return {"type": {int: "integer", str: "string", bool: "boolean", float: "number"}[tp]}
        if tp is HexId:
            return {"$ref": "#/definitions/hex_label"}
        if tp is Facing:
            return {"$ref": "#/definitions/facing"}
        if tp is Crit:
            return {"$ref": "#/definitions/crit"}
        if tp is HexTarget:
            return {"$ref": "#/definitions/hex_target"}
        if tp is StrafeTarget:
            return {"$ref": "#/definitions/strafe_target"}
        if tp is AimedHex:
            return {"$ref": "#/definitions/aimed_hex"}
        if isinstance(tp, type) and issubclass(tp, Member):
            values = [m.value for m in tp]
            kind = "integer" if all(isinstance(v, int) for v in values) else "string"
            return {"type": kind, "enum": values}
        if is_record(tp):
            return self.record(tp)
        raise AssertionError(f"game_schema: no schema for {tp!r}")

    def record(self, cls: type, name: str = "", without: tuple[str, ...] = (), first: dict | None = None) -> dict:
        """Returns a reference to the definition of record ``cls`` (built once): a table of its fields,
        those without a default required; ``without`` leaves fields out, ``first`` puts keys before them."""
        name = name or _snake(cls.__name__)
        if name not in self.definitions:
            self.definitions[name] = {}  # a record that holds itself refers to this name
            properties, required = dict(first or {}), list(first or {})
            for field, default, tp, _source in typed.table_plan(cls):  # the keys as the game file writes them
                if field in without:
                    continue
                properties[field] = self.of(tp)
                if default is MISSING:
                    required.append(field)
            table = {"type": "object", "title": cls.__name__, "properties": properties}
            if required:
                table["required"] = required
            table["additionalProperties"] = False
            self.definitions[name] = table
        return {"$ref": f"#/definitions/{name}"}


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def _structure(fields: dict) -> dict:
    return {"type": "object", "properties": fields, "required": list(fields)[:1] + [k for k in ("cf",) if k in fields],
            "additionalProperties": False}


def game_schema() -> dict:
    """Returns the game file's schema: the head of ``codec.state_to_dict`` and the ``[[log]]`` entries."""
    b = Builder()
    types_ = {"type": "string", "enum": [t.value for t in BuildingType]}
    building = {"type": types_, "height": {"type": "integer"}, "cf": {"type": "integer"},
                "structure": {"type": "string"}, "basement": {"type": "string"}, "sublevel": {"type": "integer"},
                "start_cf": {"type": "integer"}}
    bridge = {"type": types_, "cf": {"type": "integer"}, "level": {"type": "integer"}, "structure": {"type": "string"},
              "start_cf": {"type": "integer"}}
    b.definitions["building"] = {**_structure(building), "required": ["type", "height", "cf"]}
    b.definitions["bridge"] = {**_structure(bridge), "required": ["type", "cf", "level"]}
    b.definitions["ruin"] = {"type": "object", "properties": {
        "kind": {"type": "string", "enum": ["building", "bridge"]}, **building, **bridge},
        "required": ["kind", "type", "cf"], "additionalProperties": False}
    hex_fields = {  # codec.hex_to_dict
        "terrain": {"type": "string", "enum": [t.value for t in Terrain]}, "level": {"type": "integer"},
        "depth": {"type": "integer"}, "road": {"type": "boolean"}, "building": {"$ref": "#/definitions/building"},
        "bridge": {"$ref": "#/definitions/bridge"}, "ruin": {"$ref": "#/definitions/ruin"},
        "minefield": {"type": "integer"},
    }
    b.definitions["hex"] = {"type": "object", "properties": hex_fields, "required": ["terrain", "level"],
                            "additionalProperties": False}
    board = {"width": {"type": "integer"}, "height": {"type": "integer"}, **hex_fields,
             "hexes": {"type": "object", "additionalProperties": {"$ref": "#/definitions/hex"}}}
    b.definitions["board"] = {"type": "object", "title": "[map]", "properties": board,
                              "required": ["width", "height", "terrain", "level", "hexes"], "additionalProperties": False}
    from btcli.model.aero import SpaceMap

    b.record(SpaceMap, "space_map", without=("id",), first={"kind": {"type": "string", "enum": ["space"]}})
    b.definitions["low_altitude_map"] = {"type": "object", "title": "LowAltitudeMap", "properties": {
        "kind": {"type": "string", "enum": ["low_altitude"]}, "space_map": {"type": "string"},
        "space_hex": {"$ref": "#/definitions/hex_label"}, "ground_hex": {"$ref": "#/definitions/hex_label"}, **board},
        "required": ["kind", "width", "height", "terrain", "level", "hexes"], "additionalProperties": False}
    game = {  # codec.meta_to_dict
        "format": {"type": "integer", "enum": [FORMAT_VERSION]}, "name": {"type": "string"},
        "seed": {"type": ["integer", "string"]}, "rolls": {"type": "integer"}, "revision": {"type": "integer"},
        "turn": {"type": "integer"}, "phase": b.of(Phase), "initiative": {"type": "array", "items": {"type": "string"}},
        "move_order": {"type": "array", "items": {"type": "string"}}, "winner": {"type": "string"},
        "result": {"type": "string"}, "asset_slots": {"type": "integer"},
    }
    head = {
        "game": {"type": "object", "title": "[game]", "properties": game, "required": list(game)[:-1],
                 "additionalProperties": False},
        "options": b.record(Options),
        "victory": b.record(Victory),
        "declarations": {"type": "array", "items": b.record(AttackDeclaration)},
        "pending": {"type": "array", "items": {"anyOf": [b.record(StructureHit), b.record(Hit)]}},
        "drops": {"type": "object", "additionalProperties": b.record(DropGroup)},
        "deployment": b.record(Deployment),
        "sides": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"],
            "additionalProperties": False}},
        "map": {"$ref": "#/definitions/board"},
        "maps": {"type": "object", "additionalProperties": {
            "if": {"properties": {"kind": {"enum": ["space"]}}, "required": ["kind"]},
            "then": {"$ref": "#/definitions/space_map"}, "else": {"$ref": "#/definitions/low_altitude_map"}}},
        "units": {"type": "object", "additionalProperties": b.record(Unit, "unit", without=("id",))},
    }
    required = ["game", "victory", "declarations", "pending", "sides", "map", "units"]
    b.definitions["head"] = {"type": "object", "title": "the head", "properties": head, "required": required,
                             "additionalProperties": False}
    entry = {  # journal.make_entry, journal.init_entry
        "seq": {"type": "integer", "minimum": 1}, "turn": {"type": "integer"},
        "phase": {"type": "string", "enum": ["setup"] + [p.value for p in Phase]},  # "setup": the init entry
        "command": {"type": "string"}, "events": {"type": "array", "items": {"type": "string"}},
        "rolls": {"type": "array", "items": {"type": "string"}}, "prev": {"type": "string"},
        "state": {"type": "string"}, "initial": {"$ref": "#/definitions/head"},
        "carried": {  # issue #32: the campaign game a first entry's units were carried from (btcli.store.campaign)
            "type": "object", "title": "[log.carried]",
            "description": "Where the units of a campaign's game came from: the finished game's file name, its "
                           "entries and final state hash, the repair between the battles, and each carried unit's "
                           "starting state as a scenario's [units.state] table gives it.",
            "properties": {"game": {"type": "string"}, "entries": {"type": "integer", "minimum": 1},
                           "state": {"type": "string"},
                           "repair": {"enum": ["none", "ammunition", "armor", "everything"]},
                           "units": {"type": "object", "additionalProperties": {"type": "object"}}},
            "required": ["game", "entries", "state", "repair", "units"], "additionalProperties": False},
    }
    b.definitions["log_entry"] = {"type": "object", "title": "[[log]]", "properties": entry,
                                  "required": [k for k in entry if k not in ("initial", "carried")],
                                  "additionalProperties": False}
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "btcli game file",
        "description": f"A btcli game file, format {FORMAT_VERSION}: the head (the current state) and its [[log]] "
                       "(docs/schema.md). Written by btcli only: edit nothing by hand, 'btcli verify' detects it. "
                       "Built from the records by tests/store/game_schema.py.",
        "type": "object",
        "properties": {**head, "log": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/log_entry"}}},
        "required": required + ["log"],
        "additionalProperties": False,
        "definitions": dict(sorted(b.definitions.items())),
    }


def text() -> str:
    """Returns the schema as the shipped file holds it."""
    return json.dumps(game_schema(), indent=2, ensure_ascii=False) + "\n"
