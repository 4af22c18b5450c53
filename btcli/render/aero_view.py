"""The aerospace part of the report (issue #13; docs/json-output.md): each aerospace unit's flight
(map, hex, altitude, velocity, thrust left, control, transit) and damage (armor per arc, SI), and
each map with its units. Only games with aerospace maps show it: a ground game's report is unchanged.
"""

from __future__ import annotations

from btcli.model.aero import AeroFlight, LowAltitudeMap, SpaceMap
from btcli.model.board import Board
from btcli.model.state import GameState
from btcli.model.units import Unit
from btcli.rules.aero import phases as aero_phases, thrust as aero_thrust
from btcli.rules.kinds import aero as aero_kind


# The critical damage the report shows, when there is any: counts, then the systems hit once for all
# (tables.md 9.1; small craft and DropShips AERO-CRIT-01..06), with their words in the text report.
CRITICALS = {
    "engine_hits": "engine", "left_thruster_hits": "left thruster", "right_thruster_hits": "right thruster",
    "avionics_hits": "avionics", "sensor_hits": "sensors", "fire_control_hits": "fire control", "bomb_hits": "bomb",
    "door_hits": "door", "cargo_hits": "cargo", "heat_sinks_lost": "heat sinks lost",
    "landing_gear_damaged": "landing gear", "life_support_hit": "life support",
    "docking_collar_damaged": "docking collar", "kf_boom_damaged": "K-F boom",
}


def critical_words(criticals: dict[str, object]) -> str:
    """Returns the critical damage in words: ``engine 1, left thruster 2, life support``."""
    return ", ".join(CRITICALS[k] + ("" if v is True else f" {v}") for k, v in criticals.items())


def unit_aero(u: Unit, state: GameState | None) -> dict[str, object]:
    """Returns an aerospace unit's flight and damage as plain data."""
    flight, design = _flight(u), u.aero_design
    p = u.position
    area = state.maps.get(p.map) if state is not None and p is not None else None
    placed = aero_kind.placed(u)  # between maps: its thrust as it left (TURN-07)
    most = aero_thrust.current_max_thrust(design, aero_kind.view(placed)) if placed.position is not None else 0
    region = area.region(p.hex).value if isinstance(area, SpaceMap) else (
        "low_altitude" if isinstance(area, LowAltitudeMap) else None)
    carried = aero_kind.design(u).bombs  # issue #32: the bombs it carried (its design's, or the scenario's)
    criticals = {name: getattr(flight, name) for name in CRITICALS if getattr(flight, name)}
    return {
        "class": design.aero_class.value,
        "map": p.map if p is not None else None,
        "hex": p.hex.label if p is not None else None,
        "altitude": (p.altitude or None) if p is not None else None,
        "region": region,
        "velocity": flight.velocity,
        "moved_velocity": flight.moved_velocity,
        "thrust": {"safe": design.safe_thrust, "max": most, "spent": flight.thrust_spent,
                   "left": max(0, most - flight.thrust_spent)},
        "out_of_control": flight.out_of_control,
        "random_movement": flight.random_movement,
        "evading": flight.evading,
        "rolled": flight.rolled,
        "landed": flight.landed,
        "in_transit": u.between_maps,  # on no map: off the one it left, not yet on its new one (TURN-07)
        "immobile": flight.immobile,
        "transit": None if flight.transit is None else {
            "to_map": flight.transit.to_map or None, "kind": flight.transit.kind.value,
            "left_turn": flight.transit_turn or None,
            "from_map": flight.transit.from_map or None,  # once it is off the map it left (TURN-07)
            "arrives_turn": aero_phases.arrival_turn(u),
            "arrival": flight.arrival.label if flight.arrival else None,
            "arrival_facing": flight.arrival_facing.name if flight.arrival_facing else None},
        "arcs": {arc: {"armor": u.armor.get(arc, 0), "max": u.max_armor.get(arc, 0)} for arc in aero_kind.ARCS},
        "si": {"left": u.internal.get(aero_kind.SI, 0), "max": u.max_internal.get(aero_kind.SI, 0)},
        "criticals": criticals,
        "path": [{"map": f.map, "hex": f.hex.label, "altitude": f.altitude or None} for f in flight.path],
        "heat": flight.heat,  # aerospace fighters' heat (issue #14); 0 for the classes that build none
        # issue #32: the bombs it carried and has left (null for a unit that carries none)
        "bombs": {"carried": carried, "left": max(0, carried - flight.bombs_dropped)} if carried else None,
    }


def maps_view(state: GameState) -> list[dict[str, object]]:
    """Returns every map of a game with aerospace maps, and the units on it (the ground board first)."""
    out = []
    for map_id, area in state.maps.items():
        entry: dict[str, object] = {"id": map_id}
        if isinstance(area, Board):
            entry.update(kind="ground", width=area.width, height=area.height)
        elif isinstance(area, SpaceMap):
            entry.update(kind="space", width=area.width, height=area.height,
                         surface=area.surface.value if area.surface else None,
                         low_altitude={h.label: m for h, m in area.low_altitude.items()})
        else:
            entry.update(kind="low_altitude", width=area.board.width, height=area.board.height,
                         under=area.space_hex.label if area.space_hex else None,
                         ground_hex=area.ground_hex.label if area.ground_hex else None)
        entry["units"] = [u.id for u in state.units.values()
                          if u.position is not None and u.position.map == map_id and not u.destroyed]
        out.append(entry)
    return out


def transit_words(transit: dict) -> str:
    """Says where a unit between maps is going and when it arrives: 'in transit to space, arrives turn 6', or
    with the hex chosen for it 'in transit to low by 0317, arrives turn 7'."""
    by = ""
    if transit.get("arrival"):  # the hex (and facing) its controller chose with resolve-phase --arrive (AMB-56)
        by = f" by {transit['arrival']}" + (f" facing {transit['arrival_facing']}" if transit.get("arrival_facing")
                                            else "")
    return f"in transit to {transit['to_map']}{by}, arrives turn {transit['arrives_turn']}"


def status(u: Unit) -> list[str]:
    """Its status words: on its way to another map (TURN-07)."""
    if not u.between_maps:
        return []
    flight = _flight(u)
    return [transit_words({"to_map": aero_kind.transit(u).to_map, "arrives_turn": aero_phases.arrival_turn(u),
                           "arrival": flight.arrival.label if flight.arrival else None,
                           "arrival_facing": flight.arrival_facing.name if flight.arrival_facing else None})]


def in_play(state: GameState) -> bool:
    return aero_phases.in_play(state)


def next_to_move(state: GameState) -> str | None:
    """The side whose aerospace unit moves next in an aerospace phase (TURN-04, 05)."""
    return aero_phases.side_to_move(state)


def text_lines(view: dict) -> list[str]:
    """Returns the report's aerospace lines: each map with its units, then each aerospace unit's flight."""
    lines = []
    for m in view.get("maps", ()):
        where = {"ground": "ground board", "space": "space map", "low_altitude": "low-altitude map"}[m["kind"]]
        extra = ""
        if m["kind"] == "space" and m["surface"]:
            extra = f", planet to the {m['surface']}"
        elif m["kind"] == "low_altitude" and m["under"]:
            extra = f", under {m['under']}" + (f", ground board at {m['ground_hex']}" if m["ground_hex"] else "")
        lines.append(f"map {m['id']} ({where} {m['width']}x{m['height']}{extra}): {', '.join(m['units']) or 'empty'}")
    for u in view["units"]:
        a = u.get("aero")
        if a is None:
            continue
        at = f"{a['map']} {a['hex']}" + (f" altitude {a['altitude']}" if a["altitude"] else "")
        if a["in_transit"]:
            at = transit_words(a["transit"]) + ";"
        region = f" ({a['region'].replace('_', ' ')})" if a["region"] else ""
        thrust = a["thrust"]
        state = "out of control" + (", moving randomly" if a["random_movement"] else "") if a["out_of_control"] \
            else "in control"
        if u["destroyed"]:
            state = "wrecked"
        elif a["landed"]:
            state = "landed" + (", immobile (AERO-CRASH-21)" if a["immobile"] else "")
        arcs = " ".join(f"{arc} {v['armor']}/{v['max']}" for arc, v in a["arcs"].items())
        line = (f"{u['id']}: {at}{region} facing {u['facing']}, velocity {a['velocity']}, thrust left "
                f"{thrust['left']}/{thrust['max']} (safe {thrust['safe']}), {state}; SI {a['si']['left']}/"
                f"{a['si']['max']}, {arcs}")
        if a.get("heat"):
            line += f"; heat {a['heat']}"
        if a.get("bombs"):
            line += f"; bombs {a['bombs']['left']}/{a['bombs']['carried']}"
        if a["criticals"]:  # its damage boxes (issue #32: a scenario's starting damage shows)
            line += f"; criticals: {critical_words(a['criticals'])}"
        if a["transit"] and not a["in_transit"]:
            line += f"; leaving for {a['transit']['to_map'] or 'an untied ground-row hex'}"
            if a["transit"]["arrival"]:
                line += f" by {a['transit']['arrival']}" + (
                    f" facing {a['transit']['arrival_facing']}" if a["transit"]["arrival_facing"] else "")
        lines.append(line)
    return lines


# -- the aerospace kind's view (btcli.render.kind_views: called for aerospace units only) ---------------


def _flight(u: Unit) -> AeroFlight:
    flight = u.aero
    assert flight is not None  # VIEWS[AERO]: an aerospace unit always carries its flight
    return flight


def position(u: Unit) -> str | None:
    """Where it flies: its hex on its own map (the map is in ``aero``), issue #13."""
    return u.position.hex.label if u.position is not None else None


def fields(u: Unit, state: GameState | None) -> dict[str, object]:
    """Its flight and damage, and a fighter's heat (issue #14): the last fields of its view."""
    out: dict[str, object] = {"aero": unit_aero(u, state)}
    design = aero_kind.design(u)
    if design.heat_sinks:  # fighters build heat (issue #14)
        out["heat"] = _flight(u).heat
        out["heat_sinks"] = {"total": design.heat_sinks,
                             "working": max(0, design.heat_sinks - _flight(u).heat_sinks_lost)}
    return out


def weapon_states(u: Unit) -> list[dict[str, object]]:
    """Its record sheet's entries (``count`` weapons in an arc) as they stand."""
    flight = _flight(u)
    out: list[dict[str, object]] = []
    for index, w in enumerate(aero_kind.design(u).weapons):
        lost, fired = flight.weapons_destroyed.count(index), u.fired.count(index)
        state = "destroyed" if lost >= w.count else "fired" if fired and lost + fired >= w.count else "ready"
        out.append({"weapon": w.name, "location": w.arc.value, "rear": False, "state": state, "count": w.count,
                    "destroyed": lost, "fired": fired, "heat": None, "damage": None, "range": None,
                    "ammo": w.shots or None})
    return out


def immobile(u: Unit) -> bool:
    return _flight(u).immobile


def map_words(u: Unit) -> list[str]:
    """On the ground board an aircraft has landed, or crashed and cannot move (AERO-CRASH-21)."""
    return [] if _flight(u).immobile else ["landed"]


def what(u: Unit) -> str:
    if u.destroyed:
        return "wreck of a crashed aircraft"
    return f"{'immobile' if _flight(u).immobile else 'landed'} aircraft {u.name}"


def flight_words(u: Unit) -> str:
    """Its velocity and (low altitude) altitude as its map shows them under its id."""
    altitude = u.position.altitude if u.position is not None else 0
    return f"v{_flight(u).velocity}" + (f" alt {altitude}" if altitude else "")


def flight_title(u: Unit) -> str:
    """Its velocity, altitude and control, for its tooltip on its map."""
    flight, altitude = _flight(u), u.position.altitude if u.position is not None else 0
    return (f"; velocity {flight.velocity}" + (f", altitude {altitude}" if altitude else "")
            + (", out of control" if flight.out_of_control else ""))


def flight_path(u: Unit) -> tuple:
    """The hexes it flew through this turn, on every map (issue #14)."""
    return _flight(u).path


def where(view: dict) -> str:
    """The unit table's hex column: its map and hex."""
    return f"{view['aero']['map']}:{view['position']}" if view["position"] else "-"


def mp_cell(view: dict) -> str:
    return "-"  # its thrust is on its aerospace line


def heat(view: dict) -> int | None:
    return view["aero"]["heat"]


def crew(view: dict) -> str:
    return f"gunnery {view['skills']['gunnery']}"
