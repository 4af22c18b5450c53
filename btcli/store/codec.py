"""Converts a GameState to and from the plain dict written as the game file's head.

The same unit and map formats are accepted in scenarios (with defaults and
catalog designs filled in by ``btcli.store.scenario``).
"""

from __future__ import annotations

from btcli.errors import GameFileError
from btcli.model.board import Board, Bridge, Building, BuildingType, Hex, Terrain
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import (
    FORMAT_VERSION,
    AttackDeclaration,
    GameState,
    Hit,
    Phase,
    Side,
    Victory,
)
from btcli.model.units import AmmoBin, Motive, Mount, MoveMode, Unit, UnitKind

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
        kind = "bridge" if isinstance(h.ruin, Bridge) else "building"
        out["ruin"] = {"kind": kind, **(bridge_to_dict(h.ruin) if kind == "bridge" else building_to_dict(h.ruin))}
    if h.minefield:
        out["minefield"] = h.minefield
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


def hex_from_dict(data: dict[str, object], where: str) -> Hex:
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
    return Hex(terrain, int(data.get("level", 0)), depth, road, building, bridge, ruin, minefield)


def board_from_dict(data: dict[str, object]) -> Board:
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


# -- units --------------------------------------------------------------------


def unit_to_dict(u: Unit) -> dict[str, object]:
    vehicle = u.is_vehicle
    out: dict[str, object] = {
        "side": u.side,
        "name": u.name,
        "kind": u.kind.value,
        "motive": u.motive.value,
        "tons": u.tons,
        "engine": u.engine,
        ("cruise" if vehicle else "walk"): u.walk,
        ("flank" if vehicle else "run"): u.run,
        "jump": u.jump,
        "gunnery": u.gunnery,
        ("driving" if vehicle else "piloting"): u.piloting,
        "heat_sinks": u.heat_sinks,
        "position": u.position.label if u.position else "",
        "facing": u.facing.name,
        "elevation": u.elevation,
        "destroyed": u.destroyed,
        "prone": u.prone,
        "heat": u.heat,
        "mode": u.mode.value,
        "mp_spent": u.mp_spent,
        "hexes_moved": u.hexes_moved,
        "weapons": [_mount_to_dict(m) for m in u.weapons],
        "ammo": [_ammo_to_dict(a) for a in u.ammo],
        "armor": dict(u.armor),
        "internal": dict(u.internal),
        "max_armor": dict(u.max_armor),
        "max_internal": dict(u.max_internal),
        "pilot_hits": u.pilot_hits,
        "conscious": u.conscious,
        "shutdown": u.shutdown,
        "twist": u.twist,
        "crits": list(u.crits),
        "fired": list(u.fired),
        "damage_phase": u.damage_phase,
    }
    if u.slots:
        out["slots"] = {loc: list(items) for loc, items in u.slots.items()}
    if u.unverified:
        out["unverified"] = u.unverified
    if u.extra:
        out["extra"] = dict(u.extra)
    return out


def _mount_to_dict(m: Mount) -> dict[str, object]:
    out: dict[str, object] = {"name": m.weapon, "location": m.location}
    if m.rear:
        out["rear"] = True
    if m.destroyed:
        out["destroyed"] = True
    if m.jammed:
        out["jammed"] = True
    return out


def _ammo_to_dict(a: AmmoBin) -> dict[str, object]:
    d: dict[str, object] = {"weapon": a.weapon, "location": a.location, "shots": a.shots}
    if a.kind != "standard":
        d["kind"] = a.kind
    return d


def _ammo_from_dict(a: dict, where: str) -> AmmoBin:
    """Reads an ammunition bin: ``kind = "ap"`` (armor-piercing, standard autocannons, VEH-DMG-10) or
    ``"cluster"`` (LB-X cluster rounds); standard by default."""
    if "kind" not in a:
        return AmmoBin(a["weapon"], a["location"], int(a["shots"]))
    from btcli import catalog
    from btcli.rules import weapon_modes

    kind = str(a["kind"])
    data = catalog.weapons().get(str(a["weapon"]), {})
    problem = ("'ultra' is a way of firing, not a kind of ammunition" if kind == "ultra"
               else weapon_modes.problem(str(a["weapon"]), data, kind))
    if problem:
        raise GameFileError(f"ammunition of {where}: {problem}")
    return AmmoBin(a["weapon"], a["location"], int(a["shots"]), kind)


def _mount_from_dict(w: dict[str, object]) -> Mount:
    return Mount(
        str(w["name"]), str(w["location"]), bool(w.get("rear", False)),
        bool(w.get("destroyed", False)), bool(w.get("jammed", False)),
    )


def unit_from_dict(unit_id: str, d: dict[str, object]) -> Unit:
    where = f"unit {unit_id!r}"
    try:
        kind = _enum(UnitKind, d["kind"], f"kind of {where}")
        vehicle = kind is UnitKind.VEHICLE
        position = HexId.parse(d["position"]) if d.get("position") else None
        return Unit(
            id=unit_id,
            side=str(d["side"]),
            name=str(d.get("name", unit_id)),
            kind=kind,
            motive=_enum(Motive, d.get("motive", "biped"), f"motive of {where}"),
            tons=int(d["tons"]),
            engine=str(d.get("engine", "fusion")),
            walk=int(d["cruise" if vehicle else "walk"]),
            run=int(d["flank" if vehicle else "run"]),
            jump=int(d.get("jump", 0)),
            gunnery=int(d["gunnery"]),
            piloting=int(d["driving" if vehicle else "piloting"]),
            heat_sinks=int(d.get("heat_sinks", 0)),
            position=position,
            facing=Facing.parse(d.get("facing", "N")),
            elevation=int(d.get("elevation", 0)),
            destroyed=bool(d.get("destroyed", False)),
            prone=bool(d.get("prone", False)),
            heat=int(d.get("heat", 0)),
            mode=_enum(MoveMode, d.get("mode", "none"), f"movement mode of {where}"),
            mp_spent=int(d.get("mp_spent", 0)),
            hexes_moved=int(d.get("hexes_moved", 0)),
            weapons=tuple(_mount_from_dict(w) for w in d.get("weapons", ())),
            ammo=tuple(_ammo_from_dict(a, where) for a in d.get("ammo", ())),
            armor={k: int(v) for k, v in d["armor"].items()},
            internal={k: int(v) for k, v in d["internal"].items()},
            max_armor={k: int(v) for k, v in d["max_armor"].items()},
            max_internal={k: int(v) for k, v in d["max_internal"].items()},
            pilot_hits=int(d.get("pilot_hits", 0)),
            conscious=bool(d.get("conscious", True)),
            shutdown=bool(d.get("shutdown", False)),
            twist=int(d.get("twist", 0)),
            slots={loc: tuple(items) for loc, items in d.get("slots", {}).items()},
            crits=tuple(d.get("crits", ())),
            fired=tuple(int(i) for i in d.get("fired", ())),
            damage_phase=int(d.get("damage_phase", 0)),
            unverified=str(d.get("unverified", "")),
            extra=dict(d.get("extra", {})),
        )
    except GameFileError:
        raise
    except KeyError as exc:
        raise GameFileError(f"{where} is missing {exc.args[0]!r}") from None
    except Exception as exc:  # wrong types in a hand-edited file
        raise GameFileError(f"{where} is malformed: {exc}") from None


# -- whole state --------------------------------------------------------------


def state_to_dict(s: GameState) -> dict[str, object]:
    out = meta_to_dict(s)
    out["map"] = board_to_dict(s.board)
    out["units"] = {u.id: unit_to_dict(u) for u in s.units.values()}
    return out


def meta_to_dict(s: GameState) -> dict[str, object]:
    """Returns the head without the map and the units (sections in file order)."""
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
    out: dict[str, object] = {"game": game}
    if s.options:
        out["options"] = dict(s.options)
    out["victory"] = {"turn_limit": s.victory.turn_limit, "destroy_share": s.victory.destroy_share}
    out["declarations"] = [
        {
            "attacker": d.attacker,
            "target": d.target,
            "weapons": list(d.weapons),
            "physical": d.physical,
            "primary": d.primary,
        }
        for d in s.declarations
    ]
    out["pending"] = [h.to_dict() for h in s.pending]
    if s.drops:
        out["drops"] = {gid: dict(group) for gid, group in s.drops.items()}
    out["sides"] = {side.id: {"name": side.name} for side in s.sides.values()}
    return out


def _units_of(d: dict[str, object]) -> dict[str, Unit]:
    units = {uid: unit_from_dict(uid, u) for uid, u in d.get("units", {}).items()}
    sides = d["sides"]
    if len(sides) != 2:
        raise GameFileError(f"game file has {len(sides)} sides; btcli plays two")
    for unit in units.values():
        if unit.side not in sides:
            raise GameFileError(f"unit {unit.id!r} belongs to side {unit.side!r}, which is not in [sides]")
    return units


def state_from_dict(d: dict[str, object]) -> GameState:
    try:
        game = d["game"]
        fmt = game.get("format")
        if not isinstance(fmt, int):
            raise GameFileError("not a btcli game file: [game] has no format version")
        if fmt > FORMAT_VERSION:
            raise GameFileError(
                f"game file format {fmt} is newer than this btcli understands ({FORMAT_VERSION}); upgrade btcli"
            )
        victory = d.get("victory", {})
        return GameState(
            name=str(game.get("name", "")),
            seed=game["seed"],
            board=board_from_dict(d["map"]),
            sides={sid: Side(sid, str(v.get("name", sid))) for sid, v in d["sides"].items()},
            units=_units_of(d),
            rolls=int(game["rolls"]),
            revision=int(game["revision"]),
            turn=int(game["turn"]),
            phase=_enum(Phase, game["phase"], "phase"),
            initiative=tuple(game.get("initiative", ())),
            move_order=tuple(game.get("move_order", ())),
            declarations=tuple(
                AttackDeclaration(
                    x["attacker"], x["target"], tuple(x.get("weapons", ())), x.get("physical", ""),
                    bool(x.get("primary", True)),
                )
                for x in d.get("declarations", ())
            ),
            pending=tuple(Hit.from_dict(h) for h in d.get("pending", ())),
            victory=Victory(int(victory.get("turn_limit", 0)), float(victory.get("destroy_share", 0.0))),
            winner=str(game.get("winner", "")),
            result=str(game.get("result", "")),
            options=dict(d.get("options", {})),
            drops={str(gid): dict(group) for gid, group in d.get("drops", {}).items()},
        )
    except GameFileError:
        raise
    except KeyError as exc:
        raise GameFileError(f"game file is missing {exc.args[0]!r}") from None
    except Exception as exc:
        raise GameFileError(f"game file is malformed: {exc}") from None
