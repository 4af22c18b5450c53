"""The aerospace part of a scenario (seed 001, issue #13): the space and low-altitude maps under
``[maps.ID]`` and the aerospace ``[[units]]`` (docs/scenario-format.md, docs/aerospace.md).

A ``[maps.ID]`` table with ``kind = "space"`` is a space map (``width``, ``height``, ``surface =
"west" | "east"`` for a planet's edge, ``gravity_range``); ``kind = "low_altitude"`` is a low-altitude
map: a board (``width``, ``height``, ``terrain``, ``level``, ``[maps.ID.hexes]``, levels being
altitudes) lying ``under`` a ground-row hex of the space map, with ``ground_hex`` the hex that
holds the ground battle's board. Each low-altitude map is tied to its space map's hex here, so the
space map's ``low_altitude`` table is never written by hand. A map without ``under`` is tied to the
ground-row hex the first unit comes down through (AMB-56's default); no unit may start on it.
"""

from __future__ import annotations

from btcli.catalog.aero_designs import DESIGN_FIELDS, aero_designs, parse_design
from btcli.errors import GameFileError, IllegalOrderError, InputError
from btcli.model.aero import LowAltitudeMap, Region, SpaceMap, new_state
from btcli.model.frozen import evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.units import GROUND, Position, Unit
from btcli.store import typed
from btcli.store.codec import board_from_dict

DEFAULT_GUNNERY, DEFAULT_PILOTING = 4, 5  # tables.md 6: default crew 4/5
SPACE_KEYS = {"kind", "width", "height", "surface", "gravity_range"}
LOW_KEYS = {"kind", "under", "space_map", "ground_hex"}
UNIT_KEYS = {"id", "side", "design", "map", "position", "facing", "velocity", "altitude", "piloting", "gunnery",
             "bombs", "state"}  # state: its [units.state] table (btcli.rules.kinds.start_state), read by scenario._placed
INLINE_KEYS = (UNIT_KEYS - {"design"}) | {"kind", "name"} | DESIGN_FIELDS  # kind = "aero": the record sheet inline
AERO_KIND = "aero"


def is_aero_unit(raw: object) -> bool:
    """Tells whether a ``[[units]]`` entry is an aerospace unit: its design is in btcli/catalog/aero.toml,
    or it gives its record sheet inline (``kind = "aero"``, the fields of an aero.toml design)."""
    if not isinstance(raw, dict):
        return False
    return raw.get("kind") == AERO_KIND or (isinstance(raw.get("design"), str) and raw["design"] in aero_designs())


def maps(data: object) -> dict[str, SpaceMap | LowAltitudeMap]:
    """Returns the scenario's ``[maps.ID]`` maps by id, each low-altitude map tied to its space map."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise GameFileError("[maps] must hold one [maps.ID] table per map")
    found: dict[str, SpaceMap | LowAltitudeMap] = {}
    from btcli.store.schema import id_problem

    for map_id, spec in data.items():
        problem = id_problem(map_id)
        if problem:
            raise GameFileError(f"a [maps.ID] map id {problem}")
        where = f"[maps.{map_id}]"
        if map_id == GROUND:
            raise GameFileError(f"{where}: the ground board is [map]")
        if not isinstance(spec, dict) or spec.get("kind") not in ("space", "low_altitude"):
            raise GameFileError(f"{where}: kind must be 'space' or 'low_altitude'")
        if spec["kind"] == "space":
            _known(spec, SPACE_KEYS, where)
            space = typed.from_plain(SpaceMap, {k: v for k, v in spec.items() if k != "kind"}, where, id=map_id)
            if not (1 <= space.width <= 999 and 1 <= space.height <= 999) or space.gravity_range < 0:
                raise GameFileError(f"{where}: size 1-999 x 1-999 and a gravity_range of 0 or more")
            found[map_id] = space
    for map_id, spec in data.items():
        if spec["kind"] == "low_altitude":
            found[map_id] = _low_map(map_id, spec, found)
    return found


def _low_map(map_id: str, spec: dict, found: dict[str, SpaceMap | LowAltitudeMap]) -> LowAltitudeMap:
    where = f"[maps.{map_id}]"
    own = {k: spec[k] for k in LOW_KEYS if k in spec}
    board = board_from_dict({k: v for k, v in spec.items() if k not in LOW_KEYS})
    spaces = [m for m in found.values() if isinstance(m, SpaceMap)]
    space_id = own.get("space_map", spaces[0].id if len(spaces) == 1 else "")
    space = found.get(space_id)
    if not isinstance(space, SpaceMap) or space.surface is None:
        raise GameFileError(f"{where}: space_map must name a space map with a planetary surface (AERO-ATM-01)")
    ground = _hex(own["ground_hex"], f"{where} ground_hex", board.contains) if "ground_hex" in own else None
    if "under" not in own:  # tied when the first unit comes down (AMB-56)
        return LowAltitudeMap(map_id, board, space_map=space_id, space_hex=None, ground_hex=ground)
    under = _hex(own["under"], f"{where} under", space.contains)
    if space.region(under) is not Region.GROUND_ROW:
        raise GameFileError(f"{where}: under = {under.label} is not a ground-row hex of {space_id!r} (AMB-56)")
    if under in space.low_altitude:
        raise GameFileError(f"{where}: {space_id!r} hex {under.label} already has a low-altitude map")
    found[space_id] = evolve(space, low_altitude={**space.low_altitude, under: map_id})
    return LowAltitudeMap(map_id, board, space_map=space_id, space_hex=under, ground_hex=ground)


def unit(raw: dict, sides: dict, maps_by_id: dict[str, SpaceMap | LowAltitudeMap]) -> Unit:
    """Returns an aerospace unit of a ``[[units]]`` entry, placed where the rules allow it (AERO-GEN-03,
    AERO-HALT-05/06, AERO-LALT-03); raises GameFileError naming the unit and the rule."""
    from btcli.rules.aero import atmosphere as aero_atmosphere  # the aerospace rules: a game with aircraft only
    from btcli.rules.kinds import aero as aero_kind

    uid = str(raw.get("id", ""))
    where = f"unit {uid!r}"
    inline = raw.get("kind") == AERO_KIND
    _known(raw, INLINE_KEYS if inline else UNIT_KEYS, where)
    if raw.get("side") not in sides:
        raise GameFileError(f"{where} has side {raw.get('side')!r}, not one of {', '.join(sides)}")
    if inline:
        name = str(raw.get("name", uid))
        design = parse_design(name, {k: v for k, v in raw.items() if k in DESIGN_FIELDS}, where)
    else:
        design = aero_designs()[raw["design"]]
    if "bombs" in raw:  # issue #14: the bombs this unit carries (its design's, 0 unless given, otherwise)
        bombs = raw["bombs"]
        if isinstance(bombs, bool) or not isinstance(bombs, int) or bombs < 0:
            raise GameFileError(f"{where}: bombs must be a whole number of 0 or more, not {bombs!r}")
        design = evolve(design, bombs=bombs)
    map_id = raw.get("map")
    area = maps_by_id.get(map_id) if isinstance(map_id, str) else None
    if area is None:
        known = ", ".join(maps_by_id) or "none"
        raise GameFileError(f"{where}: map must name a space or low-altitude map (maps: {known})")
    hex_id = _hex(raw.get("position"), f"{where} position", area.contains)
    try:
        facing = Facing.parse(str(raw.get("facing", "N")))
    except InputError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    velocity, altitude = raw.get("velocity", 0), raw.get("altitude")
    for key, value in (("velocity", velocity), ("piloting", raw.get("piloting", 5)), ("gunnery", raw.get("gunnery", 4))):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise GameFileError(f"{where}: {key} must be a whole number of 0 or more, not {value!r}")
    if isinstance(area, LowAltitudeMap) and area.space_hex is None:
        raise GameFileError(f"{where}: low-altitude map {area.id!r} lies under no ground-row hex yet (no 'under'), "
                            "so no unit starts on it (AMB-56)")
    if isinstance(area, LowAltitudeMap) and altitude is None:
        raise GameFileError(f"{where}: a unit on a low-altitude map needs an altitude 1-10 (AERO-LALT-03)")
    if altitude is not None and (isinstance(altitude, bool) or not isinstance(altitude, int)):
        raise GameFileError(f"{where}: altitude must be a whole number 1-10, not {altitude!r} (AERO-LALT-03)")
    state = new_state(design, area.id, hex_id, facing, velocity=velocity, altitude=altitude,
                      piloting=raw.get("piloting", DEFAULT_PILOTING), gunnery=raw.get("gunnery", DEFAULT_GUNNERY))
    try:
        aero_atmosphere.check_placement(design, state, area)
    except IllegalOrderError as exc:
        raise GameFileError(f"{where}: {exc}") from None
    armor = {a: getattr(design.armor, a) for a in aero_kind.ARCS}
    si = {aero_kind.SI: design.structural_integrity}
    base = aero_kind.new_unit(
        id=uid, side=raw["side"], name=design.name, tons=int(design.tons),
        engine="fusion", walk=design.safe_thrust, run=design.max_thrust, jump=0, gunnery=state.gunnery,
        piloting=state.piloting, max_armor=dict(armor), max_internal=dict(si), armor=armor, internal=si,
        heat_sinks=design.heat_sinks, position=Position(hex_id, area.id), facing=facing,
        aero_design=design,
    )
    return aero_kind.store(base, state)


def _known(table: dict, keys: set[str], where: str) -> None:
    unknown = sorted(set(table) - keys)
    if unknown:
        raise GameFileError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(sorted(keys))})")


def _hex(label: object, where: str, contains) -> HexId:
    try:
        hex_id = HexId.parse(str(label))
    except InputError:
        raise GameFileError(f"{where}: {label!r} is not a hex label such as \"0105\"") from None
    if not contains(hex_id):
        raise GameFileError(f"{where}: hex {hex_id.label} is off the map")
    return hex_id
