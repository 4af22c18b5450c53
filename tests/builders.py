"""Shared test builders: states from scenario tables, and units changed by the names the rules use.

``changed(unit, **changes)`` knows where each piece of a unit's state lives: ``at`` (a hex, or its
label) and ``floor``, ``roof``, ``under_bridge``, ``elevation`` go into its position; the fields
of its own kind's record (``immobile``, ``turret``, ``club``, ...) and of its drop record go
there; everything else is a field of the unit. On anything that is not a unit it is ``evolve``.
"""

from __future__ import annotations

import dataclasses

from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState
from btcli.model.units import DropState, MechState, Position, Unit, VehicleState

PLACE = {"floor", "roof", "under_bridge", "elevation"}
_FIELDS = {
    "mech": {f.name for f in dataclasses.fields(MechState)},
    "vehicle": {f.name for f in dataclasses.fields(VehicleState)},
    "drop": {f.name for f in dataclasses.fields(DropState)},
}


def changed(obj, **changes):
    """Returns a unit (or any frozen state value) with some of its state changed; see the module."""
    if isinstance(obj, GameState):
        if isinstance(changes.get("options"), dict):  # options given by name: set on top of the state's
            changes["options"] = dataclasses.replace(obj.options, **changes["options"])
        if "board" in changes:
            obj = obj.with_board(changes.pop("board"))
    if not isinstance(obj, Unit):
        if not changes:
            return obj
        return evolve(obj, **changes) if hasattr(obj, "__dict__") else dataclasses.replace(obj, **changes)
    unit = obj
    if "at" in changes or "position" in changes:
        where = changes.pop("at", None) or changes.pop("position", None)
        where = HexId.parse(where) if isinstance(where, str) else where
        unit = unit.at(where) if not isinstance(where, Position) else evolve(unit, position=where)
    place = {k: changes.pop(k) for k in list(changes) if k in PLACE}
    if place:
        unit = unit.placed_at(**place)
    for record, names in _FIELDS.items():
        mine = {k: changes.pop(k) for k in list(changes) if k in names and k not in Unit.__dataclass_fields__}
        if mine:
            current = getattr(unit, record) or {"mech": MechState, "vehicle": VehicleState, "drop": DropState}[record]()
            unit = evolve(unit, **{record: dataclasses.replace(current, **mine)})
    return evolve(unit, **changes) if changes else unit


def put(state: GameState, uid: str, **changes) -> GameState:
    """Returns the state with unit ``uid`` changed (see ``changed``)."""
    return state.with_unit(changed(state.units[uid], **changes))


def armed(unit: Unit, *mounts) -> Unit:
    """Returns the unit with more weapon mounts (``Mount`` values), carrying each weapon's catalog data."""
    from btcli import catalog

    specs = {**unit.weapon_specs, **{m.weapon: catalog.weapon(m.weapon) for m in mounts}}
    return evolve(unit, weapons=unit.weapons + tuple(mounts), weapon_specs=specs)
