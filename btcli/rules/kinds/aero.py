"""Aerospace units as a unit kind (issue #13): the one adapter between a game's ``Unit`` and the
``AeroState`` the flight rules (``aero_movement``, ``aero_control``, ``aero_atmosphere``, ...) take.

One source of truth: where the unit is (``Position.map``, ``hex``, ``altitude``), its facing, armor
(``armor`` by arc: nose, left, right, aft), structural integrity (``internal["SI"]``), crew (piloting,
gunnery, pilot hits, consciousness) and whether it is destroyed are the unit's own fields; its
flight and critical damage are its ``AeroFlight`` record (``Unit.aero``), its record sheet
``Unit.aero_design``. ``view`` builds the rules' ``AeroState`` from them and ``store`` writes one
back, so nothing is kept twice.

Sources: seed 001 (catalog AERO-GEN, AERO-MOVE, tables.md 9.1, 9.4).
"""

from __future__ import annotations

from btcli.dice import Dice, Roll
from btcli.errors import InputError
from btcli.model.aero import (
    AeroDesign,
    AeroFlight,
    AeroMap,
    AeroState,
    Arc,
    ArcArmor,
    LowAltitudeMap,
    SpaceMap,
    Transit,
)
from btcli.model.frozen import evolve, fields
from btcli.model.state import GameState, Hit
from btcli.model.units import Motive, Position, Unit, UnitKind
from btcli.rules.aero import control as aero_control, damage as aero_damage

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.events import Events

SI = "SI"  # the unit's internal-structure entry holding its structural integrity
ARCS = tuple(a.value for a in Arc)
NO_PHYSICAL = "aerospace units make no physical attacks"  # their weapon attacks: rules/aero/attacks.py

_FLIGHT_FIELDS = tuple(f.name for f in fields(AeroFlight) if f.name in {g.name for g in fields(AeroState)})


def design(unit: Unit) -> AeroDesign:
    """Returns the record sheet an aerospace unit carries."""
    if unit.aero_design is None:
        raise InputError(f"'{unit.id}' is not an aerospace unit")
    return unit.aero_design


def flight(unit: Unit) -> AeroFlight:
    """Returns an aerospace unit's flight record (``Unit.aero``): where it flew this turn, its transit, landing."""
    if unit.aero is None:
        raise InputError(f"'{unit.id}' is not an aerospace unit")
    return unit.aero


def transit(unit: Unit) -> Transit:
    """Returns the transit record of an aerospace unit changing maps (TURN-07)."""
    record = flight(unit).transit
    if record is None:
        raise InputError(f"'{unit.id}' is not on its way to another map")
    return record


def placed(unit: Unit) -> Unit:
    """Returns a unit between maps (``Unit.between_maps``, TURN-07) back where it left its map, for the rules
    that read it there (its arrival, its thrust as the report shows it); any other unit as it is."""
    if not unit.between_maps:
        return unit
    record = transit(unit)
    return evolve(unit, position=Position(record.from_hex, record.from_map))


def view(unit: Unit) -> AeroState:
    """Returns the flight rules' view of an aerospace unit on a map."""
    if unit.aero is None or unit.position is None:
        raise InputError(f"'{unit.id}' is not an aerospace unit on a map")
    p, flight = unit.position, unit.aero
    return AeroState(
        map_id=p.map,
        hex=p.hex,
        facing=unit.facing,
        structural_integrity=unit.internal.get(SI, 0),
        armor=ArcArmor(*(unit.armor.get(a, 0) for a in ARCS)),
        altitude=p.altitude or None,
        destroyed=unit.destroyed,
        piloting=unit.piloting,
        gunnery=unit.gunnery,
        pilot_hits=unit.pilot_hits,
        conscious=unit.conscious,
        **{name: getattr(flight, name) for name in _FLIGHT_FIELDS},
    )


def store(unit: Unit, state: AeroState, **flight) -> Unit:
    """Returns ``unit`` with the rules' ``state`` written back into its own fields (``flight``: more of its
    ``AeroFlight`` fields, such as ``transit_turn``)."""
    position = unit.position or Position(state.hex, state.map_id)
    position = evolve(position, map=state.map_id, hex=state.hex, altitude=state.altitude or 0)
    armor = {a: state.armor.get(Arc(a)) for a in ARCS}
    record = evolve(unit.aero or AeroFlight(), **{name: getattr(state, name) for name in _FLIGHT_FIELDS}, **flight)
    changes = dict(position=position, facing=state.facing, destroyed=state.destroyed, pilot_hits=state.pilot_hits,
                   conscious=state.conscious, aero=record)
    if armor != unit.armor:
        changes["armor"] = armor
    if unit.internal.get(SI) != state.structural_integrity:
        changes["internal"] = {**unit.internal, SI: state.structural_integrity}
    return evolve(unit, **changes)


def area(game: GameState, unit: Unit) -> AeroMap:
    """Returns the map an aerospace unit flies on (a space map or a low-altitude map)."""
    if unit.position is None:
        raise InputError(f"'{unit.id}' is on no map")
    found = game.maps.get(unit.position.map)
    if not isinstance(found, (SpaceMap, LowAltitudeMap)):
        raise InputError(f"'{unit.id}' is on map {unit.position.map!r}, which is not an aerospace map")
    return found


def aero_units(game: GameState) -> list[Unit]:
    """Returns the game's aerospace units, in the units table's order."""
    return [u for u in game.units.values() if u.aero is not None]


def in_atmosphere(game: GameState, unit: Unit) -> bool:
    """Tells whether the unit flies in an atmosphere (the ground row, rows 1-4, a low-altitude map)."""
    where = area(game, unit)
    assert unit.position is not None  # area() refused a unit on no map
    return isinstance(where, LowAltitudeMap) or where.in_atmosphere(unit.position.hex)


# -- the kind's entries in rules/kinds/__init__.py --------------------------------------------------------------------

_DIRECTION = {"front": aero_damage.AttackDirection.NOSE, "rear": aero_damage.AttackDirection.AFT}


def hit_location(dice: Dice, target: Unit, side: str, amount: int, source: str) -> Hit:
    """Rolls where one damage group strikes an aerospace unit on its class's table (tables.md 9.1; small craft
    and DropShips AERO-CRIT-01); ``side`` "front", "rear", "left" or "right"."""
    direction = _DIRECTION.get(side, aero_damage.AttackDirection.SIDE)
    roll = dice.roll(2, f"hit location {target.id} ({direction.value})")
    wing = Arc.LEFT if side == "left" else Arc.RIGHT
    table = aero_damage.hit_table(design(target))
    arc, critical = aero_damage.hit_location(direction, roll.total, side=wing, table=table)
    return Hit(target.id, arc.value, amount, side=side, critical=roll.total == 12, source=f"{source}|{critical.value}")


def take_hit(unit: Unit, hit: Hit, dice: Dice, events: Events, turn: int) -> Unit:
    """Applies one damage group to an aerospace unit: armor, then SI, then the critical check (tables.md 9.1)."""
    critical = hit.source.rpartition("|")[2]
    result = aero_damage.apply_hit(
        design(unit), view(unit), Arc(hit.location), hit.damage, dice,
        critical=aero_damage.Critical(critical) if critical in {c.value for c in aero_damage.Critical} else None,
        natural_twelve=hit.critical, reason=f"{unit.id} hit",
    )
    events.extend(result.events)
    return store(unit, result.state)


def control_roll(state: GameState, unit: Unit, reason: str, dice: Dice, modifier: int = 0, named=()) -> Roll | None:
    """Rolls an aerospace unit's control roll (tables.md 9.4; the base is its Piloting skill), with the
    atmosphere's modifiers where its map puts it in an atmosphere."""
    own = tuple(named) or (((reason, modifier),) if modifier else ())
    flight = view(unit)
    atmosphere = area(state, unit).in_atmosphere(flight.hex)
    return aero_control.roll_control(design(unit), flight, atmosphere, dice, f"{unit.id} ({reason})", own)


def attack_refusal(unit: Unit, weapons: bool) -> str:
    """Returns why an aerospace unit may not make the attack: its weapon attacks are ``aero_attacks``' to check
    (air-to-air, issue #14); it makes no physical attacks."""
    return "" if weapons else NO_PHYSICAL


# core: the aerospace unit a scenario's [[units]] entry makes (issue #30) ------------------------------------


def new_unit(**fields: Any) -> Unit:
    """Returns a new aerospace unit of ``fields`` (its id, side, design, armor, place): of the aerospace kind,
    moving by thrust (AERO-MOVE), its flight not begun."""
    return Unit(kind=UnitKind.AERO, motive=Motive.AERO, aero=AeroFlight(), **fields)
