"""Converts a GameState to and from the plain dict written as the game file's head (format 2).

Units, hits, declarations, options and drop groups are written field by field as their
dataclasses declare them (``btcli.store.typed``); the map keeps its compact hand-made form
(a default hex and the hexes that differ), which scenarios share. A scenario's units are
completed into this form by ``btcli.store.scenario``.
"""

from __future__ import annotations

from btcli.errors import GameFileError
from btcli.model.board import Board, Bridge, Building, BuildingType, Hex, Terrain
from btcli.model.state import (
    FORMAT_VERSION,
    AttackDeclaration,
    Deployment,
    DropGroup,
    GameState,
    Hit,
    Options,
    Phase,
    Side,
    StructureHit,
    Victory,
)
from btcli.model.units import GROUND, Unit, UnitKind
from btcli.store import typed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.aero import LowAltitudeMap, SpaceMap

# -- map ----------------------------------------------------------------------


def building_to_dict(b: Building) -> dict[str, object]:
    out: dict[str, object] = {"type": b.type.value, "height": b.height, "cf": b.cf}
    if b.structure:
        out["structure"] = b.structure
    if b.basement:
        out["basement"] = b.basement
    if b.sublevel:
        out["sublevel"] = b.sublevel
    if b.start_cf:
        out["start_cf"] = b.start_cf
    return out


def bridge_to_dict(b: Bridge) -> dict[str, object]:
    out: dict[str, object] = {"type": b.type.value, "cf": b.cf, "level": b.level}
    if b.structure:
        out["structure"] = b.structure
    if b.start_cf:
        out["start_cf"] = b.start_cf
    return out


def hex_to_dict(h: Hex) -> dict[str, object]:
    out: dict[str, object] = {"terrain": h.terrain.value, "level": h.level}
    if h.depth:
        out["depth"] = h.depth
    if h.road:
        out["road"] = True
    if h.building is not None:
        out["building"] = building_to_dict(h.building)
    if h.bridge is not None:
        out["bridge"] = bridge_to_dict(h.bridge)
    if h.ruin is not None:
        out["ruin"] = {"kind": "bridge", **bridge_to_dict(h.ruin)} if isinstance(h.ruin, Bridge) \
            else {"kind": "building", **building_to_dict(h.ruin)}
    if h.minefield:
        out["minefield"] = h.minefield
    if h.road_exits:
        out["road_exits"] = [f.name for f in h.road_exits]
    return out


def board_to_dict(board: Board) -> dict[str, object]:
    default = hex_to_dict(board.default)
    out: dict[str, object] = {"width": board.width, "height": board.height}
    out.update(default)
    out["hexes"] = {h.label: hex_to_dict(board.hexes[h]) for h in sorted(board.hexes)}
    return out


def _enum(cls, value, what: str):
    try:
        return cls(value)
    except ValueError:
        choices = ", ".join(m.value for m in cls)
        raise GameFileError(f"unknown {what} {value!r} (choose from {choices})") from None


def _building_from(spec, where: str) -> Building:
    from btcli.model.board import DEFAULT_BUILDING_HEIGHT, DEFAULT_CF

    if isinstance(spec, str):
        spec = {"type": spec}
    btype = _enum(BuildingType, spec.get("type", "medium"), f"building type in {where}")
    return Building(
        type=btype,
        height=int(spec.get("height", DEFAULT_BUILDING_HEIGHT)),
        cf=int(spec.get("cf", DEFAULT_CF[btype])),
        structure=str(spec.get("structure", "")),
        basement=str(spec.get("basement", "")),
        sublevel=int(spec.get("sublevel", 0)),
        start_cf=int(spec.get("start_cf", 0)),
    )


def _bridge_from(spec, where: str) -> Bridge:
    from btcli.model.board import DEFAULT_CF

    if isinstance(spec, str):
        spec = {"type": spec}
    btype = _enum(BuildingType, spec.get("type", "medium"), f"bridge type in {where}")
    return Bridge(
        type=btype, cf=int(spec.get("cf", DEFAULT_CF[btype])), level=int(spec.get("level", 1)),
        structure=str(spec.get("structure", "")), start_cf=int(spec.get("start_cf", 0)),
    )


def hex_from_dict(data: dict[str, Any], where: str) -> Hex:
    terrain_name = data.get("terrain", "clear")
    road = bool(data.get("road", False))
    if terrain_name == "road":  # a road over open ground
        terrain_name, road = "clear", True
    terrain = _enum(Terrain, terrain_name, f"terrain in {where}")
    building = None
    if terrain is Terrain.BUILDING or "building" in data:
        building = _building_from(data.get("building", {}), where)
        terrain = Terrain.BUILDING
    bridge = _bridge_from(data["bridge"], where) if "bridge" in data else None
    ruin = None
    if "ruin" in data:
        spec = dict(data["ruin"])
        ruin = _bridge_from(spec, where) if spec.pop("kind", "building") == "bridge" else _building_from(spec, where)
    depth = int(data.get("depth", 0))
    if depth and terrain is not Terrain.WATER:
        raise GameFileError(f"{where}: only water hexes have a depth")
    minefield = data.get("minefield", 0)
    if isinstance(minefield, bool) or not isinstance(minefield, int) or minefield < 0:
        raise GameFileError(f"{where}: minefield density must be a whole number of damage points, not {minefield!r}")
    return Hex(terrain, int(data.get("level", 0)), depth, road, building, bridge, ruin, minefield,
               _road_exits(data.get("road_exits", []), road, where))


def _road_exits(names: object, road: bool, where: str) -> tuple:
    """Reads ``road_exits = ["N", "S"]``: the hexsides a road leaves its hex by (a MegaMek board's road)."""
    from btcli.model.hexgrid import Facing

    if not isinstance(names, list) or any(not isinstance(n, str) or n not in Facing.__members__ for n in names) \
            or (names and not road):
        raise GameFileError(f"{where}: road_exits lists the hexsides (N, NE, SE, S, SW, NW) a road leaves by")
    return tuple(sorted({Facing[n] for n in names}))


def map_to_dict(area) -> dict[str, object]:
    """Returns any map as its table: a ground board as ``board_to_dict``; a space map or a low-altitude
    map with its ``kind`` first and no ``id`` (the table's key; docs/scenario-format.md)."""
    if isinstance(area, Board):
        return board_to_dict(area)
    from btcli.model.aero import SpaceMap  # only games with aerospace maps reach this

    if isinstance(area, SpaceMap):
        out = {"kind": "space", **typed.to_plain(area)}
        del out["id"]
        return out
    out = {"kind": "low_altitude"}
    for name in ("space_map", "space_hex", "ground_hex"):
        value = getattr(area, name)
        if value:
            out[name] = typed.to_plain(value)
    return {**out, **board_to_dict(area.board)}


def map_from_dict(map_id: str, data: dict[str, Any]):
    """Reads a ``[maps.ID]`` table: a ground-style board, or a ``kind = "space"`` / ``"low_altitude"`` map."""
    if not isinstance(data, dict):
        raise GameFileError(f"[maps.{map_id}] must be a table")
    kind = data.get("kind")
    if kind is None:
        return board_from_dict(data)
    from btcli.model.aero import LowAltitudeMap, SpaceMap  # only games with aerospace maps reach this

    where = f"[maps.{map_id}]"
    rest = {k: v for k, v in data.items() if k != "kind"}
    if kind == "space":
        rest.pop("id", None)
        return typed.from_plain(SpaceMap, rest, where, id=map_id)
    if kind == "low_altitude":
        own = {k: rest.pop(k) for k in ("space_map", "space_hex", "ground_hex") if k in rest}
        return typed.from_plain(LowAltitudeMap, own, where, id=map_id, board=board_from_dict(rest))
    raise GameFileError(f"{where}: kind must be 'space' or 'low_altitude', not {kind!r}")


def board_from_dict(data: dict[str, Any]) -> Board:
    try:
        width, height = int(data["width"]), int(data["height"])
    except (KeyError, TypeError, ValueError):
        raise GameFileError("[map] needs integer width and height") from None
    if not (1 <= width <= 999 and 1 <= height <= 999):
        raise GameFileError(f"[map] size {width} x {height} is out of range (1-999)")
    default = hex_from_dict({k: v for k, v in data.items() if k not in ("width", "height", "hexes")}, "[map]")
    board = Board(width, height, default, {})
    hexes = {}
    for label, spec in data.get("hexes", {}).items():
        try:
            hex_id = board.parse_hex(label)
        except Exception as exc:
            raise GameFileError(f"[map.hexes] {exc}") from None
        if not isinstance(spec, dict):
            spec = {"terrain": spec}
        hexes[hex_id] = hex_from_dict(spec, f"hex {label}")
    return Board(width, height, default, hexes)


# -- units ------------------------------------------------------------------------------


def unit_to_dict(u: Unit) -> dict[str, object]:
    """Returns a unit as the table under ``[units.ID]``: every field that is not at its default."""
    return {key: value for key, value in typed.to_plain(u).items() if key != "id"}  # the id: the table's key


def unit_from_dict(unit_id: str, d: dict[str, Any]) -> Unit:
    """Reads a unit table (format 2), checking each field's type and that the unit's kind record is its own."""
    where = f"unit {unit_id!r}"
    unit = typed.from_plain(Unit, d, where, id=unit_id)
    own = KIND_RECORDS.get(unit.kind)
    for kind, record in KIND_RECORDS.items():
        if kind is not unit.kind and getattr(unit, record) is not None:
            raise GameFileError(f"{where} is a {unit.kind.value} but has a [{record}] table")
    if own is not None and getattr(unit, own) is None:
        raise GameFileError(f"{where} is a {unit.kind.value} without its [{own}] table")
    if (unit.aero_design is None) != (unit.kind is not UnitKind.AERO):  # kind-branch: the file names the kind it checks
        raise GameFileError(f"{where}: only an aerospace unit has, and every one needs, an [aero_design] table")
    return unit


# The record of kind-specific state each unit kind keeps (Unit.mech, Unit.vehicle, Unit.asset, Unit.aero).
KIND_RECORDS = {UnitKind.MECH: "mech", UnitKind.VEHICLE: "vehicle", UnitKind.ASSET: "asset", UnitKind.AERO: "aero"}  # kind-branch: the format's table


# -- whole state ------------------------------------------------------------------------


def state_to_dict(s: GameState, units: bool = True) -> dict[str, object]:
    """Returns the head as plain tables in file order; the units (the last table) only with ``units``."""
    out = meta_to_dict(s)
    out.update(maps_to_dict(s.maps))
    if units:
        out["units"] = {u.id: unit_to_dict(u) for u in s.units.values()}
    return out


def maps_to_dict(maps: dict) -> dict[str, object]:
    """Returns a state's maps as the head's tables: the ground board as [map], any other as [maps.ID]."""
    out: dict[str, object] = {"map": board_to_dict(maps[GROUND])}
    others = {mid: map_to_dict(b) for mid, b in maps.items() if mid != GROUND}
    if others:
        out["maps"] = others
    return out


def meta_to_dict(s: GameState) -> dict[str, object]:
    """Returns the head without the maps and the units (sections in file order)."""
    game: dict[str, object] = {
        "format": FORMAT_VERSION,
        "name": s.name,
        "seed": s.seed,
        "rolls": s.rolls,
        "revision": s.revision,
        "turn": s.turn,
        "phase": s.phase.value,
        "initiative": list(s.initiative),
        "move_order": list(s.move_order),
        "winner": s.winner,
        "result": s.result,
    }
    if s.asset_slots:
        game["asset_slots"] = s.asset_slots
    out: dict[str, object] = {"game": game}
    options = typed.to_plain(s.options)
    if options:
        out["options"] = options
    out["victory"] = typed.to_plain(s.victory)
    out["declarations"] = typed.to_plain(s.declarations)
    out["pending"] = typed.to_plain(s.pending)
    if s.drops:
        out["drops"] = typed.to_plain(s.drops)
    if s.deployment is not None:
        out["deployment"] = typed.to_plain(s.deployment)
    out["sides"] = {side.id: {"name": side.name} for side in s.sides.values()}
    return out


def _units_of(d: dict[str, Any]) -> dict[str, Unit]:
    raw = d.get("units", {})
    if not isinstance(raw, dict):
        raise GameFileError("[units] must be a table of units")
    units = {uid: unit_from_dict(uid, u) for uid, u in raw.items()}
    sides = d["sides"]
    if len(sides) != 2:
        raise GameFileError(f"game file has {len(sides)} sides; btcli plays two")
    for unit in units.values():
        if unit.side not in sides:
            raise GameFileError(f"unit {unit.id!r} belongs to side {unit.side!r}, which is not in [sides]")
    return units


def check_format(game: object) -> None:
    """Refuses a head that is not a btcli game of this format (older formats: ``btcli upgrade``)."""
    fmt = game.get("format") if isinstance(game, dict) else None
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise GameFileError("not a btcli game file: [game] has no format version")
    if fmt > FORMAT_VERSION:
        raise GameFileError(
            f"game file format {fmt} is newer than this btcli understands ({FORMAT_VERSION}); upgrade btcli"
        )
    if fmt < FORMAT_VERSION:
        raise GameFileError(
            f"this game file is in format {fmt}, from an older btcli; convert it with 'btcli upgrade GAME' "
            f"(it replays the log and writes format {FORMAT_VERSION})"
        )


def state_from_dict(d: dict[str, Any]) -> GameState:
    """Reads a head's plain data (see ``typed.read_shared``: units of one design share their values)."""
    return typed.read_shared(_state_from_dict, d)


def _state_from_dict(d: dict[str, Any]) -> GameState:
    try:
        game = d["game"]
        check_format(game)
        maps: dict[str, Board | SpaceMap | LowAltitudeMap] = {GROUND: board_from_dict(d["map"])}
        for mid, spec in d.get("maps", {}).items():
            maps[str(mid)] = map_from_dict(str(mid), spec)
        return GameState(
            name=typed.decode(str, game.get("name", ""), "[game] name"),
            seed=game["seed"],
            maps=maps,
            sides={sid: Side(sid, str(v.get("name", sid))) for sid, v in d["sides"].items()},
            units=_units_of(d),
            rolls=_int(game, "rolls"),
            revision=_int(game, "revision"),
            turn=_int(game, "turn"),
            phase=_enum(Phase, game["phase"], "phase"),
            initiative=tuple(str(x) for x in game.get("initiative", ())),
            move_order=tuple(str(x) for x in game.get("move_order", ())),
            declarations=typed.decode(tuple[AttackDeclaration, ...], d.get("declarations", []), "declarations"),
            pending=typed.decode(tuple[StructureHit | Hit, ...], d.get("pending", []), "pending hits"),
            victory=typed.from_plain(Victory, d.get("victory", {}), "[victory]"),
            winner=typed.decode(str, game.get("winner", ""), "[game] winner"),
            result=typed.decode(str, game.get("result", ""), "[game] result"),
            options=typed.from_plain(Options, d.get("options", {}), "[options]"),
            drops=typed.decode(dict[str, DropGroup], d.get("drops", {}), "[drops]"),
            deployment=(typed.from_plain(Deployment, d["deployment"], "[deployment]") if "deployment" in d else None),
            asset_slots=typed.decode(int, game.get("asset_slots", 0), "[game] asset_slots"),
        )
    except GameFileError:
        raise
    except KeyError as exc:
        raise GameFileError(f"game file is missing {exc.args[0]!r}") from None
    except Exception as exc:
        raise GameFileError(f"game file is malformed: {exc}") from None


def _int(table: dict, key: str) -> int:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameFileError(f"[game] {key} must be a whole number, not {value!r}")
    return value
