"""Reads a scenario file into the initial GameState.

A scenario is TOML with ``[scenario]``, ``[map]``, ``[sides.ID]`` and
``[[units]]``; each unit either names a catalog ``design`` or gives its design
inline. See docs/scenario-format.md. Every scenario is first checked against
schema/scenario.schema.json (``check_keys``): an unknown or misplaced key, or a value
of the wrong type, is refused with every such problem listed (docs/schema.md).
"""

from __future__ import annotations

from btcli import catalog
from btcli.errors import GameFileError, InputError, ScenarioError
from btcli.model.hexgrid import Facing
from btcli.model.state import DropGroup, GameState, Options, Side, Victory
from btcli.model.units import ARMOR_KINDS, COCKPIT_KINDS, GROUND, HEAT_SINK_SLOTS, STRUCTURE_KINDS, Motive
from btcli.rules import kinds
from btcli.rules.core import setup
from btcli.rules.ground.internal_structure import mech_internal, vehicle_internal
from btcli.store import typed
from btcli.store.codec import board_from_dict, unit_from_dict

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from btcli.model.state import Deployment
    from btcli.model.units import Unit
    from btcli.store.campaign import Carry

DEFAULT_GUNNERY = 4  # tables.md 6: default crew 4/5
DEFAULT_PILOTING = 5


def _check_id(text: str, what: str) -> str:
    """Returns ``text`` if it is an id (letters, digits, '-', '_'; not a hex label; issue #29), else refuses it."""
    from btcli.store.schema import id_problem

    problem = id_problem(text)
    if problem:
        raise GameFileError(f"{what} {problem}")
    return text


def parse_scenario_text(text: str, seed: int | None = None, base: str | None = None, source: str = "",
                        megamek=None, carry: Carry | None = None) -> GameState:
    """Returns the initial state of the scenario in ``text`` (raises GameFileError); ``base`` is the
    folder its ``card_file`` paths and MegaMek files are read from (the scenario's own), ``source`` its
    name in messages, ``megamek`` a ``btcli.megamek.convert.Source`` (the MegaMek data folder, lenient
    reading), ``carry`` a campaign's finished game (``btcli.store.campaign``, issue #32)."""
    from btcli.store.files import parse_toml

    data = parse_toml(text, "scenario")
    try:
        return scenario_from_dict(data, seed, base, source, megamek, carry)
    except (GameFileError, InputError):
        raise
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise GameFileError(f"scenario is malformed: {type(exc).__name__}: {exc}") from None


def check_keys(data: object, source: str = "") -> None:
    """Refuses a game file, then a scenario the schema refuses, listing every problem (ScenarioError)."""
    from btcli.store import schema

    if isinstance(data, dict) and ("game" in data or "log" in data):
        raise InputError(f"{source or 'this file'} is a game file (it has [game] and [[log]] tables), not a scenario: "
                         "btcli init starts a game from a scenario (btcli scenarios lists the shipped ones)")
    problems = schema.problems(data, schema.SCENARIO)
    if problems:
        raise ScenarioError(problems, source)


def scenario_from_dict(data: dict[str, Any], seed: int | None = None, base: str | None = None,
                       source: str = "", megamek=None, carry: Carry | None = None) -> GameState:
    check_keys(data, source)
    expanded = _megamek_files(data, base, megamek, source)
    if expanded is not data:  # what the MegaMek files brought in is held to the schema too
        check_keys(expanded, source)
    data = expanded
    meta = data.get("scenario", {})
    if not isinstance(meta, dict):
        raise GameFileError("[scenario] must be a table")
    if "map" not in data:
        raise GameFileError("scenario has no [map]")
    board = board_from_dict(data["map"])
    sides_data = data.get("sides", {})
    if len(sides_data) != 2:
        raise GameFileError(f"scenario needs exactly two [sides.ID] tables, found {len(sides_data)}")
    for sid in sides_data:
        _check_id(sid, "side id")
    folded = {sid.casefold() for sid in sides_data}
    if len(folded) < len(sides_data):
        raise GameFileError(f"the side ids {' and '.join(map(repr, sides_data))} differ only in case (ids are "
                            "matched ignoring case)")
    sides = {sid: Side(sid, str(v.get("name", sid))) for sid, v in sides_data.items()}
    other_maps = _aero_maps(data.get("maps"))  # space and low-altitude maps (docs/aerospace.md)
    repair = dict(data.get("campaign", {})).get("repair", "none")  # what a campaign repairs between battles
    if carry is not None and carry.repair_given is None:
        carry.repair = repair
    units: dict[str, Unit] = {}
    problems: list[str] = []
    for raw in data.get("units", []):
        try:  # every unit's problem is listed, not only the first unit's
            units.update(_placed(raw, sides, board, other_maps, base, units, carry))
        except GameFileError as exc:
            problems.append(str(exc))
    if problems:
        raise ScenarioError(problems, source)
    if not units:
        raise GameFileError("scenario has no [[units]]")
    if any(u.c3_network or u.c3_master for u in units.values()):  # EQ-C3-02
        from btcli.rules.core import c3

        problems = c3.network_problems(units)
        if problems:
            raise ScenarioError(problems, source)
    drops = _drops(meta, data.get("drops", {}), units)
    _check_ranges(meta, data.get("options", {}), board)
    problem = setup.weight_problem(GameState("", 0, {GROUND: board}, {}, units))
    if problem:
        raise GameFileError(problem)
    deployment = _deployment(data.get("deployment"), sides, board, units)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
        raise InputError(f"--seed must be a whole number from 0 to 2^63-1, not {seed!r}")  # the command line's: exit 2
    chosen_seed = seed if seed is not None else meta.get("seed", 1)
    if isinstance(chosen_seed, bool) or not isinstance(chosen_seed, int) or not 0 <= chosen_seed < 2**63:
        raise GameFileError(f"scenario seed must be a whole number from 0 to 2^63-1, not {chosen_seed!r}")
    state = GameState(
        name=str(meta.get("name", "unnamed scenario")),
        seed=chosen_seed,
        maps={GROUND: board, **other_maps},
        sides=sides,
        units=units,
        victory=Victory(int(meta.get("turn_limit", 0)), float(meta.get("destroy_share", 0.0))),
        options=Options(**data.get("options", {})),
        drops=drops,
        deployment=deployment,
    )
    if deployment is not None:  # ASSET-DEP: the game opens with the deployment phase (turn 0)
        from btcli.rules.assets import deployment_phase as asset_deployment_phase

        state = asset_deployment_phase.open_deployment(state)
    return state


def _placed(raw: dict, sides: dict[str, Side], board, other_maps: dict, base: str | None, units: dict,
            carry: Carry | None = None) -> dict:
    """Returns ``{id: unit}`` for one ``[[units]]`` entry, placed and checked against the units before it, in
    the state its ``[units.state]`` table gives, or the state ``carry`` brings from a finished game (issue #32)."""
    table = raw.get("state") if isinstance(raw, dict) else None
    if table is not None:
        raw = {k: v for k, v in raw.items() if k != "state"}
    read, on_ground = next((read, on_ground) for claims, read, on_ground in UNIT_READERS if claims(raw))
    unit = read(raw, sides, board, other_maps, base)
    try:
        if carry is not None and carry.has(unit.id):  # the finished game's state replaces the scenario's own
            table = carry.table(unit.id)
        if table is not None:
            from btcli.rules.kinds import start_state

            unit = start_state.apply(unit, table)
    except GameFileError as exc:
        raise GameFileError(f"unit {unit.id!r}: {exc}") from None
    _check_unique(unit.id, units)
    problem = on_ground and (setup.place_problem(board, unit) or setup.stacking_problem(list(units.values()), unit))
    if problem:
        raise GameFileError(problem)
    return {unit.id: unit}


def _aero_maps(data: object) -> dict:
    if data is None:  # a ground game: the aerospace reader is not needed
        return {}
    from btcli.store import aero_scenario

    return aero_scenario.maps(data)


def _names_aero(raw: object) -> bool:
    """An aerospace unit: ``kind = "aero"``, or a design the aerospace catalog holds (a ground unit's design is
    looked up there too, by btcli.store.aero_scenario)."""
    if not isinstance(raw, dict) or not (raw.get("kind") == "aero" or isinstance(raw.get("design"), str)):
        return False
    from btcli.store import aero_scenario

    return aero_scenario.is_aero_unit(raw)


def _read_aero(raw: dict, sides: dict[str, Side], board, other_maps: dict, base: str | None) -> Unit:
    from btcli.store import aero_scenario

    return aero_scenario.unit(raw, sides, other_maps)  # its own map and place (AERO-GEN-03)


def _names_asset(raw: object) -> bool:
    return isinstance(raw, dict) and _is_asset(raw)


def _read_asset(raw: dict, sides: dict[str, Side], board, other_maps: dict, base: str | None) -> Unit:
    return _asset(raw, sides, board, base)


def _any_entry(raw: object) -> bool:
    return True


def _read_ground_unit(raw: dict, sides: dict[str, Side], board, other_maps: dict, base: str | None) -> Unit:
    return _unit(raw, sides)  # a 'Mech, vehicle or infantry unit, by its ``kind``


# How each kind of ``[[units]]`` entry is read, the first whose test claims it: (claims, reader, placed on the
# ground board and checked there). An aerospace unit (btcli.store.aero_scenario, which loads the aerospace rules
# only when it reads one), a Battlefield Support asset (seed 004), or a 'Mech, vehicle or infantry unit.
UNIT_READERS: tuple[tuple[Callable[[object], bool], Callable[..., Unit], bool], ...] = (
    (_names_aero, _read_aero, False),
    (_names_asset, _read_asset, True),
    (_any_entry, _read_ground_unit, True),
)


def _check_unique(uid: str, units: dict) -> None:
    """Refuses an id another unit has, or has but for case: players' ids are matched ignoring case (issue #29)."""
    folded = uid.casefold()
    same = next((other for other in units if other.casefold() == folded), None)
    if same == uid:
        raise GameFileError(f"two units share the id {uid!r}")
    if same is not None:
        raise GameFileError(f"the unit ids {same!r} and {uid!r} differ only in case (ids are matched ignoring case)")


def _megamek_files(data: dict[str, Any], base: str | None, source, name: str = "") -> dict[str, Any]:
    """Puts the designs and board of the MegaMek files a scenario names (``design = "mtf:..."``,
    ``"blk:..."``, ``[map] board = "..."``) in their place, inline (btcli.megamek, issues #16, #28);
    ``name`` is the scenario's, for messages."""
    from btcli.megamek import convert  # small; the readers are imported only for a scenario that names a file

    if not convert.references(data):
        return data
    return convert.expand_scenario(data, base, source if source is not None else convert.Source(), name)


def _is_asset(raw: dict) -> bool:
    return "card" in raw or "card_file" in raw or raw.get("kind") == "asset"


ASSET_KEYS = {"id", "side", "name", "kind", "card", "card_file", "veteran", "position", "facing", "elevation",
              "state"}  # state: its [units.state] table (btcli.rules.kinds.start_state), read by _placed


def _asset(raw: dict, sides: dict[str, Side], board, base: str | None) -> Unit:
    """Returns a Battlefield Support asset (seed 004) placed by card name, inline card or .bfs file."""
    from btcli.catalog import asset_cards
    from btcli.rules.assets import units as asset_units

    uid = _check_id(str(raw.get("id", "")), "unit id")
    if raw.get("side") not in sides:
        raise GameFileError(f"unit {uid!r} has side {raw.get('side')!r}, not one of {', '.join(sides)}")
    unknown = sorted(set(raw) - ASSET_KEYS)
    if unknown:
        raise GameFileError(f"asset {uid!r}: unknown key {unknown[0]!r} (an asset takes {', '.join(sorted(ASSET_KEYS))}; "
                            "its card gives the rest, tables.md 16.1)")
    if ("card" in raw) == ("card_file" in raw):
        raise GameFileError(f"asset {uid!r}: give its card by name or inline (card = ...) or as a MegaMek .bfs file "
                            "(card_file = ...), one of them (tables.md 16.1)")
    source = raw.get("card", raw.get("card_file"))
    try:
        if "card_file" in raw:
            import os

            if not isinstance(source, str) or not source:
                raise GameFileError("card_file must be the path of a .bfs file")
            path = source if os.path.isabs(source) or base is None else os.path.join(base, source)
            card = asset_cards.read_bfs(path)
        elif isinstance(source, str):
            card = asset_cards.asset_card(source)
        elif isinstance(source, dict):
            table = dict(source)
            name = table.pop("name", uid)
            if not isinstance(name, str) or not name:
                raise GameFileError("an inline card's name must be text")
            card = asset_cards.card_from_table(name, table)
        else:
            raise GameFileError("card must be a card name or an inline card table")
    except GameFileError as exc:
        raise GameFileError(f"asset {uid!r}: {exc} (tables.md 16.1)") from None
    veteran = raw.get("veteran", False)
    if not isinstance(veteran, bool):
        raise GameFileError(f"asset {uid!r}: veteran must be true or false")
    if veteran and card.veteran_skill is None:
        raise GameFileError(f"asset {uid!r}: card '{card.name}' has no Veteran skill (ASSET-GEN-07)")
    position = raw.get("position", "")
    if position and not isinstance(position, str):
        raise GameFileError(f"asset {uid!r}: position must be a hex label such as \"0805\", not {position!r}")
    elevation = raw.get("elevation", 0)
    if isinstance(elevation, bool) or not isinstance(elevation, int) or elevation < 0:
        raise GameFileError(f"asset {uid!r}: elevation must be a whole number of levels")
    if elevation and card.movement.value != "V":
        raise GameFileError(f"asset {uid!r}: only a VTOL asset flies (elevation)")
    try:
        facing = Facing.parse(str(raw.get("facing", "N")))
    except InputError as exc:
        raise GameFileError(f"asset {uid!r}: {exc}") from None
    unit = asset_units.new_asset(uid, str(raw["side"]), str(raw.get("name", card.name)), card, veteran, facing)
    if position:
        hex_id = board.parse_hex(position)
        problem = asset_units.placement_problem(board, unit, hex_id, unit.facing)
        if problem:
            raise GameFileError(f"asset {uid!r}: {problem}")
        unit = asset_units.placed(unit, hex_id, unit.facing, elevation)
    elif elevation:
        raise GameFileError(f"asset {uid!r} has no position to fly over")
    return unit


def _deployment(raw: object, sides: dict[str, Side], board, units: dict) -> Deployment | None:
    """Reads ``[deployment]`` (ASSET-DEP): the order the sides deploy in, their zones and home edges."""
    if raw is None:
        waiting = [u.id for u in units.values() if kinds.of(u).deploys_first and u.position is None]
        if waiting:
            undeployed = waiting[0]
            raise GameFileError(f"unit {undeployed!r} has no position: give one, or a [deployment] table to deploy "
                                "it in the deployment phase (ASSET-DEP-01)")
        return None
    from btcli.model.state import Deployment
    from btcli.rules.assets.deployment import Edge

    if not isinstance(raw, dict) or set(raw) - {"order", "zones", "edges"}:
        raise GameFileError("[deployment] takes order, zones and edges (docs/scenario-format.md)")
    order = raw.get("order", list(sides))
    if not isinstance(order, list) or sorted(order) != sorted(sides):
        raise GameFileError(f"[deployment] order must list both sides once, e.g. {list(sides)!r}")
    zones = {}
    for sid, spec in dict(raw.get("zones", {})).items():
        if sid not in sides:
            raise GameFileError(f"[deployment.zones] names side {sid!r}, not one of {', '.join(sides)}")
        zones[sid] = tuple(sorted(_zone_hexes(board, spec, sid)))
    edges = {}
    for sid, edge in dict(raw.get("edges", {})).items():
        if sid not in sides:
            raise GameFileError(f"[deployment.edges] names side {sid!r}, not one of {', '.join(sides)}")
        if edge not in {e.value for e in Edge}:
            raise GameFileError(f"[deployment.edges] {sid}: an edge is north, south, east or west, not {edge!r}")
        edges[sid] = edge
    return Deployment(tuple(order), zones, edges)


def _zone_hexes(board, spec: object, sid: str) -> set:
    """Returns a zone's hexes from labels ("0101") and rectangles ("0101-0410": columns 01-04, rows 01-10)."""
    from btcli.model.hexgrid import HexId

    if isinstance(spec, str):
        spec = [spec]
    if not isinstance(spec, list) or not spec:
        raise GameFileError(f"[deployment.zones] {sid}: a zone is a list of hexes or ranges such as \"0101-0410\"")
    hexes = set()
    for item in spec:
        if not isinstance(item, str):
            raise GameFileError(f"[deployment.zones] {sid}: {item!r} is not a hex label or range")
        first, _, last = item.partition("-")
        a = board.parse_hex(first)
        b = board.parse_hex(last) if last else a
        for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
            for row in range(min(a.row, b.row), max(a.row, b.row) + 1):
                hexes.add(HexId(col, row))
    return hexes


def _drops(meta: dict, groups: object, units: dict) -> dict[str, DropGroup]:
    """Checks the dropping reserves and returns their arrival groups (DROP-01..03)."""
    from btcli.rules.drops.dropping import schedule_groups

    if not isinstance(groups, dict):
        raise GameFileError("[drops] must hold one [drops.GROUP] table per group")
    used = {u.drop.reserve for u in units.values() if u.drop is not None}
    if not used and not groups:
        return {}
    for key in ("allow_drop", "drop_agreed"):
        if not isinstance(meta.get(key, False), bool):
            raise GameFileError(f"{key} must be true or false")
    problem = setup.drop_problem(bool(meta.get("allow_drop")), bool(meta.get("drop_agreed")))
    if problem:
        raise GameFileError(problem)
    return schedule_groups(groups, used)


# Where a unit may start in its hex, and the kind records' facts a scenario may give, as scenario keys.
PLACE_KEYS = {"floor": "floor", "roof": "roof", "top": "roof", "under_bridge": "under_bridge", "under": "under_bridge",
              "elevation": "elevation"}
VEHICLE_KEYS = ("case", "cargo_tons", "infantry", "large", "height",  # VEH-CRIT-06, 07; VEH-VTOL-11, VEH-SLIP-11/12
                "carried")  # EQ-INERT-01..04
LEGACY_EXTRA = set(PLACE_KEYS) | (set(VEHICLE_KEYS) - {"carried"}) | {"club"}  # what a format-1 ``extra = {...}`` table may hold
# support vehicles (issue #31, EQ-SV-01..04): what a support vehicle's design says of it
SUPPORT_KEYS = ("support", "bar", "fire_control", "armored_chassis")
MECH_KEYS = ("heat_sink_type", "structure", "armor_type", "case", "case_ii", "cockpit",  # a 'Mech's construction (#31)
             "carried")  # EQ-INERT-01..04: equipment carried that plays no part


def _unit(raw: dict[str, Any], sides: dict[str, Side]) -> Unit:
    uid = _check_id(str(raw.get("id", "")), "unit id")
    if raw.get("side") not in sides:
        raise GameFileError(f"unit {uid!r} has side {raw.get('side')!r}, not one of {', '.join(sides)}")
    spec: dict[str, Any] = {}
    if "design" in raw:
        design = catalog.designs().get(raw["design"])
        if design is None:
            known = ", ".join(sorted(catalog.designs()))
            raise GameFileError(f"unit {uid!r}: unknown design {raw['design']!r} (catalog: {known})")
        spec.update(design)
        spec["name"] = raw["design"]
    spec.update({k: v for k, v in raw.items() if k not in ("id", "design", "reserve", "extra")})
    extra = raw.get("extra", {})  # the old way to give these facts: extra = { floor = 1, case = true }
    if not isinstance(extra, dict) or set(extra) - LEGACY_EXTRA:
        raise GameFileError(f"unit {uid!r}: extra may hold only {', '.join(sorted(LEGACY_EXTRA))}")
    spec.update(extra)
    kind = spec.get("kind")
    if kind not in ("mech", "vehicle", "infantry"):
        raise GameFileError(f"unit {uid!r}: kind must be 'mech', 'vehicle' or 'infantry', not {kind!r}")
    drop = _reserve(uid, raw, spec)
    mech_facts = _mech_facts(uid, kind, spec)
    vehicle_state = _vehicle_facts(uid, kind, spec)
    club = spec.pop("club", "")
    if club and kind != "mech":
        raise GameFileError(f"unit {uid!r}: only a 'Mech carries a club")
    if kind == "infantry":
        _infantry(uid, spec)
    vehicle = kind == "vehicle"
    spec.setdefault("name", uid)
    spec.setdefault("motive", "tracked" if vehicle else "biped")
    from btcli.rules.kinds.mech import BIPED, MECH_MOTIVES, body_of

    shape = BIPED
    if kind == "mech":
        if spec["motive"] not in [m.value for m in MECH_MOTIVES]:
            raise GameFileError(f"unit {uid!r}: a 'Mech's motive is {' or '.join(m.value for m in MECH_MOTIVES)}, "
                                f"not {spec['motive']!r}")
        shape = body_of(Motive(spec["motive"]))
    spec.setdefault("engine", "fusion")
    _engine_type(uid, kind, spec)
    spec.setdefault("jump", 0)
    spec.setdefault("gunnery", DEFAULT_GUNNERY)
    piloting = spec.pop("driving" if vehicle else "piloting", spec.pop("piloting", DEFAULT_PILOTING))
    spec["piloting"] = piloting
    if vehicle:  # a vehicle's MP are cruise and flank (VEH-GEN-03); the unit keeps them as walk and run
        if "cruise" not in spec:
            raise GameFileError(f"unit {uid!r}: a vehicle needs cruise MP")
        spec["walk"] = spec.pop("cruise")
        spec["run"] = spec.pop("flank", setup.flank_mp(spec["walk"]))
    else:
        if "walk" not in spec:
            raise GameFileError(f"unit {uid!r}: a 'Mech needs walk MP")
        spec.setdefault("run", setup.flank_mp(spec["walk"]))
    armor = spec.get("armor")
    if not isinstance(armor, dict) or (not armor and kind != "infantry"):
        raise GameFileError(f"unit {uid!r} has no armor table")
    if "internal" not in spec:
        if vehicle:
            spec["internal"] = vehicle_internal(int(spec["tons"]), list(armor))
        else:
            internal = mech_internal(int(spec["tons"]), shape)
            if internal is None:
                raise GameFileError(f"unit {uid!r}: no standard internal structure for {spec['tons']} tons")
            spec["internal"] = internal
    spec.setdefault("max_armor", dict(armor))
    spec.setdefault("max_internal", dict(spec["internal"]))
    weapons = []
    for w in spec.get("weapons", []):
        if not isinstance(w, dict):
            raise GameFileError(f"unit {uid!r}: each weapon is a table {{ name = ..., location = ... }}")
        name = catalog.weapon_name(str(w.get("name", "")))
        if name is None:
            raise GameFileError(f"unit {uid!r}: unknown weapon {w.get('name')!r}")
        weapons.append({"weapon": name, **{k: v for k, v in w.items() if k != "name"}})
    spec["weapons"] = weapons
    _check_electronics(uid, spec, weapons)
    _check_split(uid, kind, weapons, shape.transfer)
    for a in spec.get("ammo", []):
        _check_ammo(uid, a)
    carried = {w["weapon"] for w in weapons} | {str(a.get("weapon")) for a in spec.get("ammo", [])}
    spec["weapon_specs"] = {name: typed.to_plain(catalog.weapon(name)) for name in sorted(carried)}
    rating = spec.pop("engine_rating", None)  # a 'Mech's engine holds some heat sinks (btcli/rules/ground/mechs.py)
    if kind == "mech" and "slots" not in spec:
        from btcli.rules.ground.mechs import engine_rating, standard_slots

        if rating is None:  # an inline design without it: the engine that gives its walking MP
            rating = engine_rating(int(spec["tons"]), int(spec["walk"]))
        if isinstance(rating, bool) or not isinstance(rating, int) or rating < 0:
            raise GameFileError(f"unit {uid!r}: engine_rating must be a whole number, not {rating!r}")
        spec["slots"] = standard_slots(
            [(w["weapon"], w["location"], int(catalog.weapons()[w["weapon"]]["slots"])) for w in weapons],
            [(a["weapon"], a["location"]) for a in spec.get("ammo", [])],
            int(spec.get("heat_sinks", 10)),
            rating,
            spec.get("actuators"),
            shape,
            str(spec.get("engine_type", "standard")),
            HEAT_SINK_SLOTS[mech_facts.get("heat_sink_type", "single")],
            tuple(k for k in (mech_facts.get("structure"), mech_facts.get("armor_type")) if k and k != "standard"),
        )
    spec.pop("actuators", None)
    if kind == "mech":
        if "targeting_computer" in spec:
            raise GameFileError(f"unit {uid!r}: a 'Mech's targeting computer fills its slots "
                                "(\"equipment:Targeting Computer\"), it takes no targeting_computer key")
        _check_targeting_computer(uid, spec, weapons)
        _check_movement_equipment(uid, spec.get("slots"))
        _check_physical_weapons(uid, spec.get("slots"))
    spec["position"] = _position(uid, spec)
    if spec["position"] is None:
        del spec["position"]
    if kind == "mech":
        spec["mech"] = ({"club": "club" if club is True else club} if club else {}) | mech_facts
        _check_case(uid, mech_facts, spec)
        if mech_facts.get("armor_type") == "stealth" and not spec.get("ecm"):  # EQ-STEALTH-01
            raise GameFileError(f"unit {uid!r}: stealth armor needs an ECM suite (ecm = \"LOCATION\")")
    if vehicle:
        spec["vehicle"] = vehicle_state
    if drop is not None:
        spec["drop"] = drop
    try:
        return unit_from_dict(uid, spec)
    except InputError as exc:
        raise GameFileError(f"unit {uid!r}: {exc}") from None


def _check_targeting_computer(uid: str, spec: dict[str, Any], weapons: list[dict[str, Any]]) -> None:
    """Refuses a 'Mech whose targeting computer has fewer slots than its direct-fire weapons need (EQ-TC-02:
    ceil(tons / 4), Clan / 5), or two of them; a larger one is accepted (a lenient import may leave weapons out)."""
    from btcli.rules.core import targeting_computer

    held = [str(item) for contents in dict(spec.get("slots") or {}).values() for item in contents
            if str(item) in targeting_computer.ITEMS]
    if not held:
        return
    if len(set(held)) > 1:
        raise GameFileError(f"unit {uid!r}: two targeting computers (one of a kind per unit)")
    mounted = [(w["weapon"], float(catalog.weapons()[w["weapon"]]["tons"]), catalog.weapon(w["weapon"]))
               for w in weapons]
    need = targeting_computer.size(held[0], mounted)
    if len(held) < need:
        raise GameFileError(f"unit {uid!r}: its {held[0].removeprefix('equipment:')} fills {len(held)} slot(s); its "
                            f"direct-fire weapons need {need} (EQ-TC-02: their tons / {targeting_computer.ITEMS[held[0]]}, "
                            "rounded up)")


def _check_movement_equipment(uid: str, slots: object) -> None:
    """Refuses a 'Mech's slots that no design can hold: TSM in other than its 6 slots, an improved jump jet split
    over two locations (2 slots each, in one location: equipment.md E3; docs/equipment-rules.md)."""
    if not isinstance(slots, dict):
        return
    tsm = sum(list(items).count("tsm") for items in slots.values() if isinstance(items, (list, tuple)))
    if tsm not in (0, 6):
        raise GameFileError(f"unit {uid!r}: Triple-Strength Myomer takes 6 critical slots, not {tsm} (EQ-TSM-01)")
    for location, items in slots.items():
        if isinstance(items, (list, tuple)) and list(items).count("improved_jump_jet") % 2:
            raise GameFileError(f"unit {uid!r}: an improved jump jet takes 2 critical slots in one location; {location} "
                                f"holds {list(items).count('improved_jump_jet')} (EQ-JJ-01)")


def _check_split(uid: str, kind: object, weapons: list[dict[str, Any]], inner: dict[str, str]) -> None:
    """Refuses a split weapon (EQ-SPLIT-01) on a unit that is no 'Mech, or whose second location is not beside its
    location (a limb and its side torso, a side torso and the centre torso: ``inner``, where damage moves)."""
    for w in weapons:
        split = w.get("split", "")
        if not split:
            continue
        where = w.get("location")
        if kind != "mech" or not isinstance(split, str) or (inner.get(split) != where and inner.get(str(where)) != split):
            raise GameFileError(f"unit {uid!r}: a weapon's split is the 'Mech location beside its location its slots run "
                                f"on into (a limb and its side torso, a side torso and CT), not {split!r} beside "
                                f"{where!r} (EQ-SPLIT-01)")


def _check_physical_weapons(uid: str, slots: object) -> None:
    """Refuses a hatchet or sword outside an arm: it is swung from the arm that mounts it (EQ-PHYS-01)."""
    if not isinstance(slots, dict):
        return
    from btcli.rules.kinds.mech import BIPED

    for location, items in slots.items():
        held = {str(i) for i in items} & {"hatchet", "sword"} if isinstance(items, (list, tuple)) else set()
        if held and location not in BIPED.arms:  # a quad has no arms (QUAD-04)
            raise GameFileError(f"unit {uid!r}: a {sorted(held)[0]} is swung from an arm ({' or '.join(BIPED.arms)}), "
                                f"not from {location} (EQ-PHYS-01)")


def _position(uid: str, spec: dict[str, Any]) -> dict[str, Any] | None:
    """Returns the unit's starting position table from its ``position`` label and place keys."""
    place = {PLACE_KEYS[k]: spec.pop(k) for k in list(spec) if k in PLACE_KEYS}
    label = spec.pop("position", "")
    if not label:
        if place:
            raise GameFileError(f"unit {uid!r} has no position to stand in ({', '.join(place)})")
        return None
    if not isinstance(label, str):
        raise GameFileError(f"unit {uid!r}: position must be a hex label such as \"0805\", not {label!r}")
    return {"hex": label, **place}


def _reserve(uid: str, raw: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any] | None:
    """Returns the drop record of a dropping reserve (DROP-01), which waits off the map; None otherwise."""
    reserve = raw.get("reserve", False)
    if reserve is False:
        return None
    if reserve is True:
        from btcli.rules.drops.dropping import DEFAULT_GROUP

        reserve = DEFAULT_GROUP
    from btcli.store.schema import id_problem, shown

    if not isinstance(reserve, str) or id_problem(reserve):
        raise GameFileError(f"unit {uid!r}: reserve must be true or a drop group name (an id), not {shown(reserve)}")
    if spec.get("kind") != "mech":
        raise GameFileError(f"unit {uid!r}: only BattleMechs drop (DROP-01)")
    if spec.get("position"):
        raise GameFileError(f"unit {uid!r} is a dropping reserve and starts off the map: give it no position")
    return {"reserve": reserve}


def _mech_facts(uid: str, kind: object, spec: dict[str, Any]) -> dict[str, Any]:
    """Returns a 'Mech's construction its rules read (heat sink type, structure, armor, CASE and CASE II
    locations: EQ-HS, EQ-STR, EQ-CASE), as its 'Mech record; refuses a value no 'Mech is built with."""
    if kind != "mech":
        named = [k for k in MECH_KEYS if k in spec and k not in ("case", "carried")]
        if named:
            raise GameFileError(f"unit {uid!r}: {', '.join(named)} belong to 'Mechs only")
        return {}
    facts = {k: spec.pop(k) for k in MECH_KEYS if k in spec}
    for key, known in (("heat_sink_type", tuple(HEAT_SINK_SLOTS)), ("structure", STRUCTURE_KINDS),
                       ("armor_type", ARMOR_KINDS), ("cockpit", COCKPIT_KINDS)):
        if key in facts and facts[key] not in known:
            raise GameFileError(f"unit {uid!r}: {key} is one of {', '.join(known)}, not {facts[key]!r}")
    for key in ("case", "case_ii"):
        if key in facts:
            value = facts[key]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(set(value)) != len(value):
                raise GameFileError(f"unit {uid!r}: a 'Mech's {key} lists the locations that carry it, e.g. "
                                    f"{key} = [\"LT\", \"RT\"], each once")
            facts[key] = list(value)
    _check_carried(uid, facts)
    return facts


def _check_carried(uid: str, facts: dict[str, Any]) -> None:
    """Refuses a ``carried`` that is not a list of equipment names (EQ-INERT-01..04)."""
    if "carried" in facts:
        value = facts["carried"]
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise GameFileError(f"unit {uid!r}: carried lists the names of equipment that plays no part, e.g. "
                                "carried = [\"Searchlight\"]")


def _check_case(uid: str, facts: dict[str, Any], spec: dict[str, Any]) -> None:
    """Refuses CASE in a location the 'Mech does not have, or CASE and CASE II in one location."""
    locations = set(spec["internal"])
    for key in ("case", "case_ii"):
        wrong = [loc for loc in facts.get(key, ()) if loc not in locations]
        if wrong:
            raise GameFileError(f"unit {uid!r}: {key} in {wrong[0]!r}, not one of its locations "
                                f"({', '.join(locations)})")
    both = set(facts.get("case", ())) & set(facts.get("case_ii", ()))
    if both:
        raise GameFileError(f"unit {uid!r}: CASE and CASE II both in {sorted(both)[0]}: a location carries one")


ENGINE_TYPES = ("standard", "xl", "clan_xl", "light", "compact")  # EQ-ENG-01
# support vehicles: the engines that play as an ICE (EQ-SV-05)
NON_FUSION_TYPES = ("fuel_cell", "fission", "steam", "battery", "solar")


def _engine_type(uid: str, kind: object, spec: dict[str, Any]) -> None:
    """Refuses an engine type no unit of its kind is built with: only a fusion engine is XL, light or compact."""
    engine_type = spec.get("engine_type", "standard")
    if engine_type in NON_FUSION_TYPES:  # EQ-SV-05
        if kind != "vehicle" or spec.get("engine") != "ice":
            raise GameFileError(f"unit {uid!r}: a {engine_type.replace('_', ' ')} engine is a vehicle's, with "
                                "engine = \"ice\" (it plays as one, EQ-SV-05)")
        return
    if engine_type not in ENGINE_TYPES:
        raise GameFileError(f"unit {uid!r}: engine_type is one of {', '.join(ENGINE_TYPES + NON_FUSION_TYPES)}, "
                            f"not {engine_type!r}")
    if engine_type != "standard" and (kind not in ("mech", "vehicle") or spec.get("engine") != "fusion"):
        raise GameFileError(f"unit {uid!r}: an {engine_type} engine is a fusion engine of a 'Mech or vehicle")
    if spec.get("engine") == "fuel_cell" and kind != "mech":  # EQ-IND-04: btcli plays a fuel cell in a 'Mech only
        raise GameFileError(f"unit {uid!r}: a fuel_cell engine is a 'Mech's (a vehicle's is not played yet)")


def _vehicle_facts(uid: str, kind: object, spec: dict[str, Any]) -> dict[str, Any]:
    """Returns the facts of a vehicle's design its rules read (CASE, cargo, carried infantry, a large unit's
    height), as its vehicle record."""
    facts = {k: spec.pop(k) for k in VEHICLE_KEYS + SUPPORT_KEYS if k in spec}
    _check_support(uid, facts)
    if "large" in facts and (kind != "vehicle" or not isinstance(facts["large"], bool)):
        raise GameFileError(f"unit {uid!r}: large = true|false belongs to vehicles only")
    if "height" in facts:  # levels a large unit stands tall (VEH-SLIP-11, 12; default 1, VEH-GEN-05)
        height = facts["height"]
        if not facts.get("large") or isinstance(height, bool) or not isinstance(height, int) or height < 1:
            raise GameFileError(f"unit {uid!r}: height (a whole number of levels, at least 1) is for large = true units")
    if facts and kind != "vehicle":
        raise GameFileError(f"unit {uid!r}: {', '.join(facts)} belong to vehicles only")
    _check_carried(uid, facts)
    if "infantry" in facts and isinstance(facts["infantry"], bool):
        facts["infantry"] = int(facts["infantry"])
    if "cargo_tons" in facts and isinstance(facts["cargo_tons"], int) and not isinstance(facts["cargo_tons"], bool):
        facts["cargo_tons"] = float(facts["cargo_tons"])
    return facts


def _check_one_shot(uid: str, w: dict[str, Any]) -> None:
    """Refuses a one-shot (OS) mount of a weapon MegaMek makes no OS version of, and a weapon said spent that fires
    more than once (issue #31, part "weapons": EQ-OS-01)."""
    from btcli.rules.core import one_shot

    for key in ("one_shot", "spent"):
        if not isinstance(w.get(key, False), bool):
            raise GameFileError(f"unit {uid!r}: a weapon's {key} is true or false, not {w[key]!r}")
    data = catalog.weapon(w["weapon"])
    if w.get("one_shot") and not one_shot.takes_one_shot(data):
        raise GameFileError(f"unit {uid!r}: {w['weapon']!r} comes in no one-shot (OS) version: an LRM, SRM, Streak "
                            "SRM, MRM or Narc launcher does (EQ-OS-01)")
    if w.get("spent") and not (w.get("one_shot") or data.one_shot):
        raise GameFileError(f"unit {uid!r}: only a one-shot weapon is spent, not {w['weapon']!r} (EQ-OS-01)")


def _check_support(uid: str, facts: dict[str, Any]) -> None:
    """Refuses a support vehicle's facts no support vehicle has: a BAR outside 2-10 (TechManual's armor ratings;
    EQ-SV-02), a fire control other than none, basic or advanced (EQ-SV-04), or any of them without
    ``support = true``."""
    if "support" in facts and not isinstance(facts["support"], bool):
        raise GameFileError(f"unit {uid!r}: support is true or false, not {facts['support']!r}")
    given = [k for k in SUPPORT_KEYS[1:] if k in facts]
    if given and not facts.get("support"):
        raise GameFileError(f"unit {uid!r}: {', '.join(given)} describe a support vehicle (support = true)")
    bar = facts.get("bar", 10)
    if isinstance(bar, bool) or not isinstance(bar, int) or not 2 <= bar <= 10:
        raise GameFileError(f"unit {uid!r}: bar is the armor's barrier armor rating, a whole number from 2 to 10, "
                            f"not {bar!r} (EQ-SV-02)")
    if facts.get("support"):
        facts.setdefault("fire_control", "none")
    if facts.get("fire_control", "none") not in FIRE_CONTROLS:
        raise GameFileError(f"unit {uid!r}: fire_control is {', '.join(FIRE_CONTROLS)}, not "
                            f"{facts['fire_control']!r} (EQ-SV-04)")
    if not isinstance(facts.get("armored_chassis", False), bool):
        raise GameFileError(f"unit {uid!r}: armored_chassis is true or false, not {facts['armored_chassis']!r}")


FIRE_CONTROLS = ("none", "basic", "advanced")  # EQ-SV-04


def _check_electronics(uid: str, spec: dict[str, Any], weapons: list[dict[str, Any]]) -> None:
    """Refuses an Artemis IV FCS on a launcher that takes none, and an ECM suite or active probe in no location of
    the unit (issue #31: EQ-ART-01, EQ-ECM-01, EQ-PROBE-01)."""
    from btcli.rules.core import fire_control

    for w in weapons:
        artemis = w.get("artemis", False)
        if not isinstance(artemis, bool):
            raise GameFileError(f"unit {uid!r}: a weapon's artemis is true or false, not {artemis!r}")
        if artemis and not fire_control.guided(w["weapon"], catalog.weapon(w["weapon"])):
            raise GameFileError(f"unit {uid!r}: an Artemis IV FCS guides an LRM or SRM launcher, not {w['weapon']!r} "
                                "(EQ-ART-01)")
        _check_one_shot(uid, w)
    armor = spec.get("armor")
    places = {k for k in (armor if isinstance(armor, dict) else {}) if k not in ("CTR", "LTR", "RTR")} | {"body"}  # no rear armor: a location's
    _check_c3(uid, spec, weapons)
    for key in ("ecm", "probe"):
        where = spec.get(key, "")
        if where and (not isinstance(where, str) or where not in places):
            raise GameFileError(f"unit {uid!r}: {key} is the location of its "
                                f"{'ECM suite' if key == 'ecm' else 'active probe'} ({', '.join(sorted(places))}), "
                                f"not {where!r}")


def _check_c3(uid: str, spec: dict[str, Any], weapons: list[dict[str, Any]]) -> None:
    """Refuses a C3 master without its master computer, a master computer on a unit that is not a master, and a
    slave or C3i 'Mech whose slots hold no such computer (EQ-C3-01)."""
    from btcli.rules.core import c3

    kind = spec.get("c3", "")
    mounted = any(w["weapon"] == c3.MASTER_WEAPON for w in weapons)
    if kind == c3.MASTER and not mounted:
        raise GameFileError(f"unit {uid!r}: a C3 master mounts its computer, a {c3.MASTER_WEAPON!r} weapon (EQ-C3-01)")
    if mounted and kind != c3.MASTER:
        raise GameFileError(f"unit {uid!r}: it mounts a {c3.MASTER_WEAPON!r}, so its c3 is \"master\" (EQ-C3-01)")
    slots = spec.get("slots")
    if kind in (c3.SLAVE, c3.C3I) and isinstance(slots, dict) and slots and not any(
            c3.ITEMS[kind] in (v if isinstance(v, list) else []) for v in slots.values()):
        raise GameFileError(f"unit {uid!r}: its c3 is {kind!r} but no slot holds {c3.ITEMS[kind]!r} (EQ-C3-01)")


def _check_ammo(uid: str, a: object) -> None:
    """Refuses an ammunition bin of a kind its weapon cannot fire (VEH-DMG-10, tables.md 12)."""
    from btcli.rules.core import weapon_modes

    if not isinstance(a, dict):
        raise GameFileError(f"unit {uid!r}: each ammunition bin is a table {{ weapon = ..., location = ..., shots = ... }}")
    if str(a.get("weapon")) not in catalog.weapons():
        raise GameFileError(f"unit {uid!r}: ammunition for unknown weapon {a.get('weapon')!r}")
    kind = a.get("kind", "standard")
    if kind == "standard":
        return
    data = catalog.weapon(str(a.get("weapon")))
    problem = ("'ultra' is a way of firing, not a kind of ammunition" if kind == "ultra"
               else weapon_modes.problem(str(a.get("weapon")), data, str(kind)))
    if problem:
        raise GameFileError(f"ammunition of unit {uid!r}: {problem}")


def _infantry(uid: str, spec: dict[str, Any]) -> None:
    """Completes an infantry design (btcli.rules.ground.infantry): troopers, optional armor per trooper (battle
    armor), walk MP (no running), jump MP for ``motive = "jump"``, VTOL MP in ``walk`` for ``"vtol"``."""
    from btcli.rules.ground.infantry import MOTIVES, record

    spec.setdefault("motive", "foot")
    motives = [m.value for m in MOTIVES]
    if spec["motive"] not in motives:
        raise GameFileError(f"unit {uid!r}: infantry motive must be one of {', '.join(motives)}, not {spec['motive']!r}")
    for key, low, high in (("tons", 1, 200), ("troopers", 1, 100), ("walk", 0, 99), ("jump", 0, 99),
                           ("trooper_armor", 0, 99)):
        value = spec.get(key, 0 if key in ("jump", "trooper_armor") else None)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise GameFileError(f"unit {uid!r}: infantry {key} must be a whole number from {low} to {high}, "
                                f"not {value!r}")
    if spec["motive"] == "jump" and spec.get("jump", 0) < 1:
        raise GameFileError(f"unit {uid!r}: jump infantry need jump MP")
    if spec["motive"] == "vtol" and not spec.get("trooper_armor"):
        raise GameFileError(f"unit {uid!r}: only battle armor (trooper_armor > 0) has VTOL movement (VEH-VTOL-07)")
    if "armor" in spec or "internal" in spec:
        raise GameFileError(f"unit {uid!r}: infantry give troopers (and trooper_armor), not armor or internal")
    spec["armor"], spec["internal"] = record(spec.pop("troopers"), spec.pop("trooper_armor", 0))
    spec.setdefault("run", spec["walk"])  # no running (btcli's reading)
    spec.setdefault("engine", "none")


# Rule switches a scenario may set, with the values each accepts (docs/scenario-format.md).
OPTIONS = {
    "mech_charges_vehicles": (True, False),
    "physical_destroys_rotor": (True, False),
    "vtol_crash_explosion": ("all", "ice"),
    "vtol_crash_damage": ("per_hex", "product"),
    "collapse_share": ("half_or_more", "more_than_half"),  # AMB-39
    "occupant_hit_building_damage": ("absorbed", "full"),  # AMB-43
    "drop_failure": ("damage", "fall"),  # AMB-36
    "planetary_psr_modifier": tuple(range(-4, 7)),  # DROP-13
    "player_dice": (False, True),  # referee games: may players without the seed give --dice? (README)
}


def _check_ranges(meta: dict, options: dict, board) -> None:
    """Refuses values no game can use: a share outside 0-1, negative depths or heights, unknown switches."""
    share = meta.get("destroy_share", 0.0)
    if not isinstance(share, (int, float)) or isinstance(share, bool) or not 0 <= share <= 1:
        raise GameFileError(f"destroy_share must be a number from 0 to 1, not {share!r}")
    limit = meta.get("turn_limit", 0)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise GameFileError(f"turn_limit must be a whole number of turns (0 = none), not {limit!r}")
    for name, value in options.items():
        if name not in OPTIONS:
            raise GameFileError(f"unknown option {name!r} (options: {', '.join(OPTIONS)})")
        if value not in OPTIONS[name] or type(value) is not type(OPTIONS[name][0]):
            raise GameFileError(f"option {name} must be one of {', '.join(map(repr, OPTIONS[name]))}, not {value!r}")
    from btcli.model.board import CF_RANGE
    from btcli.rules.urban.structures import BASEMENTS

    for hex_id, h in board.hexes.items():
        if h.depth < 0 or (h.building is not None and h.building.height < 1):
            raise GameFileError(f"hex {hex_id.label}: water depth must be 0 or more and buildings at least 1 level high")
        for what, structure in (("building", h.building), ("bridge", h.bridge)):
            if structure is None:
                continue
            low, high = CF_RANGE[structure.type]  # URB-BLD-06, URB-BRG-02
            if not low <= structure.cf <= high:
                raise GameFileError(
                    f"hex {hex_id.label}: a {structure.type.value} {what} has a CF of {low}-{high}, not {structure.cf}"
                )
        if h.building is not None and h.building.basement not in BASEMENTS:
            raise GameFileError(
                f"hex {hex_id.label}: basement must be one of {', '.join(repr(b) for b in BASEMENTS if b)} "
                f"(or left out to roll it), not {h.building.basement!r}"
            )
