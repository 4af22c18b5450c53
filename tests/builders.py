"""Shared test builders: states from scenario tables, and units changed by the names the rules use.

Every test state is built here from a scenario table (the scenario file's own shape, read by
``scenario_from_dict``): ``game(*units, ...)`` on a small map (10 x 10, clear, sides 'red' and
'blue', the movement phase unless told), ``weapon_game`` and ``physical_game`` on the 12 x 12 board the
attack tests use.
The entries of ``[[units]]`` come from ``design`` (a catalog design), ``vehicle`` (an inline 30-ton
vehicle), ``heavy_vtol``, ``platoon``, ``gunner`` and ``asset`` (a seed-004 card); hexes from ``building``, ``column`` and ``paved``.
Unless a test says otherwise a unit stands in 0510 facing N, so ``F`` steps go 0509, 0508, ... up
column 05. A test module whose states differ keeps a one-line wrapper that fixes its own defaults.

``changed(unit, **changes)`` knows where each piece of a unit's state lives: ``at`` (a hex, or its
label) and ``floor``, ``roof``, ``under_bridge``, ``elevation`` go into its position; the fields
of its own kind's record (``immobile``, ``turret``, ``club``, ...) and of its drop record go
there; ``crits`` may be written as the game file writes them (``"LA:3"``, ``"front: sensors"``); everything
else is a field of the unit. On anything that is not a unit it is ``evolve``.

The rest drives the engine with scripted dice (``run``, ``resolve``, ``fly``, ``drive``, ``fire``;
every scripted value must be used; they return the events' sentences, as the log words them) or checks a
move (``plan``, ``jump``, ``refused``). A test calling a rule itself words its events with ``sentences``
(``btcli.render.events``; a rule still saying a sentence passes it through).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from btcli import engine
from btcli.dice import ManualDice, Roll
from btcli.errors import IllegalOrderError
from btcli.model.aero import AeroFlight
from btcli.model.frozen import evolve, fields
from btcli.model.hexgrid import Facing, HexId
from btcli.model.hits import Crit
from btcli.model.orders import MoveOrder, ResolvePhaseOrder, WeaponAttackOrder, parse_steps
from btcli.model.state import GameState, Phase
from btcli.model.units import DropState, MechState, Position, Unit, VehicleState
from btcli.render.events import sentences
from btcli.rules.core import moves
from btcli.rules.ground import movement, placement
from btcli.rules.urban import structures
from btcli.store.scenario import scenario_from_dict

H = HexId.parse

# -- catalog designs the tests share --------------------------------------------------------------------------

HUNCHBACK = "Hunchback HBK-4G"  # 'Mech, 50 t, walk 4 / run 6, no jump jets
ATLAS = "Atlas AS7-D"  # 'Mech, 100 t
SCORPION = "Scorpion Light Tank"  # tracked, 25 t, cruise 4 / flank 6, turret
J_EDGAR = "J. Edgar Light Hover Tank"  # hover, 25 t, cruise 11 / flank 17
FERRET = "Ferret Light Scout VTOL"  # VTOL, 5 t, cruise 15 / flank 23

SLIP_ROLL = "driving skill roll u1 (sideslip)"

VEHICLE_ARMOR = {"front": 10, "right": 8, "left": 8, "rear": 6}
VTOL_ARMOR = {"front": 20, "right": 20, "left": 20, "rear": 20, "rotor": 20}
MECH_ARMOR = {"HD": 9, "CT": 26, "CTR": 5, "LT": 20, "LTR": 4, "RT": 20, "RTR": 4, "LA": 16, "RA": 16, "LL": 20,
              "RL": 20}


# -- [[units]] entries ----------------------------------------------------------------------------------------


def design(name: str | dict, uid: str = "u1", at: str = "0510", facing: str = "N", side: str = "red", **keys) -> dict:
    """Returns a scenario [[units]] entry for a catalog design (or for an inline design: ``name`` is then the
    entry's design keys); ``keys`` are more of the entry's keys."""
    if isinstance(name, dict):
        return {**name, "id": uid, "side": side, "position": at, "facing": facing, **keys}
    return {"id": uid, "side": side, "design": name, "position": at, "facing": facing, **keys}


def hunchback(uid: str = "u1", tons: int = 50, **keys) -> dict:
    """Returns a Hunchback of ``tons`` tons (piloting 5, internal structure for that weight)."""
    return design(HUNCHBACK, uid, tons=tons, **keys)


def vehicle(motive: str, cruise: int, uid: str = "u1", *, at: str = "0510", facing: str = "N", side: str = "red",
            **keys) -> dict:
    """Returns an inline 30-ton vehicle entry (armor F10 R8 L8 Rr6, no turret); flank is left to the loader
    unless given."""
    return {
        "id": uid,
        "side": side,
        "kind": "vehicle",
        "motive": motive,
        "tons": 30,
        "cruise": cruise,
        "armor": dict(VEHICLE_ARMOR),
        "position": at,
        "facing": facing,
        **keys,
    }


def heavy_vtol(uid: str = "u1", *, engine: str = "fusion", armor: dict[str, int] | None = None, **keys) -> dict:
    """Returns an inline 30-ton VTOL (cruise 8 / flank 12, internal structure 3 per location, 20 armor a side)."""
    return vehicle("vtol", 8, uid, engine=engine, armor=dict(armor or VTOL_ARMOR), **keys)


def platoon(uid: str = "inf", *, at: str = "0506", side: str = "blue", **keys) -> dict:
    """A conventional foot platoon: 3 t, 28 troopers, walk 1."""
    return {"id": uid, "side": side, "kind": "infantry", "tons": 3, "troopers": 28, "walk": 1,
            "position": at, **keys}


def gunner(uid: str, at: str, weapon: str, facing: str = "N", side: str = "red", **keys) -> dict:
    """Returns an inline 50-ton 'Mech with one weapon in its right torso (gunnery 4 unless given)."""
    return {"id": uid, "side": side, "kind": "mech", "tons": 50, "walk": 4, "armor": dict(MECH_ARMOR),
            "weapons": [{"name": weapon, "location": "RT"}], "ammo": [], "position": at, "facing": facing, **keys}


# MegaMek's 2021 unit library on disk ('Mechs): tests of real units skip where it is not.
MEGAMEK_MECHS = Path("/work/megamek-library/megamek/data/mechfiles/mechs")


def library_design(path: Path) -> dict:
    """Returns a MegaMek ``.mtf`` file read strictly as an inline design; the file must import exactly."""
    from btcli.megamek import mtf
    from btcli.megamek.notes import Notes

    notes = Notes(path.name, lenient=False)
    read = mtf.read(path.read_text(), notes)
    assert not notes.problems
    return read


# -- [map.hexes] entries --------------------------------------------------------------------------------------


def asset(card: str | dict, uid: str = "a1", at: str | None = "0510", facing: str = "N", side: str = "red",
          **keys) -> dict:
    """Returns the [[units]] entry of a Battlefield Support asset (seed 004): a card name or inline card,
    on the map in ``at`` (None: waiting to deploy); ``keys`` are more keys (``veteran``, ``elevation``)."""
    entry = {"id": uid, "side": side, "card": card, "facing": facing, **keys}
    if at is not None:
        entry["position"] = at
    return entry


def column(terrain: dict[str, Any], rows=range(1, 11), col: str = "05") -> dict[str, dict[str, Any]]:
    """Returns the same hex override for every row of a column."""
    return {f"{col}{row:02d}": dict(terrain) for row in rows}


def paved(rows=range(1, 17), **more) -> dict[str, dict]:
    """Returns column 05 paved (rows 1-16) with some hexes overridden."""
    hexes = column({"terrain": "paved"}, rows=rows)
    hexes.update(more)
    return hexes


def building(type_: str = "medium", height: int = 2, cf: int | None = None, basement: str = "none", **more) -> dict:
    """Returns a building hex with no basement unless ``basement`` says (tables.md 10.4)."""
    spec = {"type": type_, "height": height, "basement": basement, **more}
    if cf is not None:
        spec["cf"] = cf
    return {"terrain": "building", "building": spec}


def unrolled_building(type_: str = "medium", height: int = 2, cf: int | None = None, **more) -> dict:
    """Returns a building hex whose basement is not rolled yet (URB-BSMT-01), as a scenario gives it by default."""
    return building(type_, height, cf, **{"basement": "", **more})


# -- states ---------------------------------------------------------------------------------------------------


def scenario(*units: dict, hexes: dict[str, Any] | None = None, width: int = 10, height: int = 10,
             terrain: str = "clear", sides: tuple[str, ...] = ("red", "blue"), options: dict[str, Any] | None = None,
             drops: dict[str, Any] | None = None, campaign: dict[str, Any] | None = None, **meta) -> dict:
    """Returns a scenario table: the [[units]] entries on a ``width`` x ``height`` map of ``terrain`` plus
    ``hexes``; ``meta`` are more [scenario] keys (``destroy_share``, ``allow_drop``, ...); ``campaign`` its
    [campaign] table (``repair``)."""
    data: dict[str, Any] = {
        "scenario": {"name": "test", "seed": 1, **meta},
        "map": {"width": width, "height": height, "terrain": terrain, "hexes": dict(hexes or {})},
        "sides": {side: {"name": side.capitalize()} for side in sides},
        "units": list(units),
    }
    if options:
        data["options"] = dict(options)
    if drops is not None:
        data["drops"] = drops
    if campaign is not None:
        data["campaign"] = campaign
    return data


def scenario_text(*units: dict, **keys) -> str:
    """Returns ``scenario(*units, **keys)`` as a scenario file's TOML text (for ``btcli init`` and ``check``)."""
    import tomli_w

    return tomli_w.dumps(scenario(*units, **keys))


def game(*units: dict, phase: Phase = Phase.MOVEMENT, turn: int = 1, **keys) -> GameState:
    """Returns the game of ``scenario(*units, **keys)`` in ``phase`` of ``turn`` (see ``scenario``)."""
    return evolve(scenario_from_dict(scenario(*units, **keys)), phase=phase, turn=turn)


def weapon_game(*units: dict, width: int = 12, height: int = 12, phase: Phase = Phase.WEAPON, **keys) -> GameState:
    """Returns ``game`` on a clear 12 x 12 map in the weapon attack phase, the attack tests' board."""
    return game(*units, width=width, height=height, phase=phase, **keys)


def physical_game(*units: dict, **keys) -> GameState:
    """Returns ``weapon_game`` (a clear 12 x 12 map) in the physical attack phase."""
    return weapon_game(*units, phase=Phase.PHYSICAL, **keys)


def facing_an_atlas(attacker: str | dict, at: str = "0605", phase: Phase = Phase.PHYSICAL) -> GameState:
    """Returns ``weapon_game`` in ``phase`` with 'a' (``attacker``: a design name or inline design) in 0606 facing N
    and an Atlas 'b' (blue) in ``at`` facing S, up column 06 (adjacent in 0605)."""
    return weapon_game(design(attacker, "a", at="0606", facing="N"), design(ATLAS, "b", at=at, facing="S", side="blue"),
                       phase=phase)


def skid_state(*units: dict, hexes: dict[str, dict] | None = None) -> GameState:
    """Returns a 10 x 16 map (room for 11 hexes up column 05 from 0516)."""
    return game(*units, hexes=hexes, height=16)


# -- changing a state -----------------------------------------------------------------------------------------


PLACE = {"floor", "roof", "under_bridge", "elevation"}
_FIELDS = {
    "mech": {f.name for f in fields(MechState)},
    "vehicle": {f.name for f in fields(VehicleState)},
    "drop": {f.name for f in fields(DropState)},
    "aero": {"heat"},  # an aerospace fighter's heat, in its AeroFlight (the rest of its flight: aero_state)
}


def changed(obj, **changes):
    """Returns a unit (or any frozen state value) with some of its state changed; see the module."""
    if isinstance(obj, GameState):
        if isinstance(changes.get("options"), dict):  # options given by name: set on top of the state's
            changes["options"] = evolve(obj.options, **changes["options"])
        if "board" in changes:
            obj = obj.with_board(changes.pop("board"))
    if not isinstance(obj, Unit):
        if not changes:
            return obj
        return evolve(obj, **changes) if hasattr(obj, "__dict__") else evolve(obj, **changes)
    unit = obj
    if "at" in changes or "position" in changes:
        where = changes.pop("at", None) or changes.pop("position", None)
        where = HexId.parse(where) if isinstance(where, str) else where
        unit = unit.at(where) if not isinstance(where, Position) else evolve(unit, position=where)
    place = {k: changes.pop(k) for k in list(changes) if k in PLACE}
    if place:
        unit = unit.placed_at(**place)
    if "crits" in changes:  # critical hits as values, or as the game file writes them ("LA:3", "front: sensors")
        changes["crits"] = tuple(c if isinstance(c, Crit) else Crit.parse(c) for c in changes["crits"])
    own = {"mech": unit.mech is not None, "vehicle": unit.vehicle is not None, "aero": unit.aero is not None}
    for record, names in sorted(_FIELDS.items(), key=lambda item: not own.get(item[0], False)):  # its own record first
        mine = {k: changes.pop(k) for k in list(changes) if k in names and k not in Unit.__record_names__}
        if mine:
            current = getattr(unit, record) or {"mech": MechState, "vehicle": VehicleState, "drop": DropState, "aero": AeroFlight}[record]()
            unit = evolve(unit, **{record: evolve(current, **mine)})
    return evolve(unit, **changes) if changes else unit


def put(state: GameState, uid: str, **changes) -> GameState:
    """Returns the state with unit ``uid`` changed (see ``changed``)."""
    return state.with_unit(changed(state.units[uid], **changes))


def armed(unit: Unit, *mounts) -> Unit:
    """Returns the unit with more weapon mounts (``Mount`` values), carrying each weapon's catalog data."""
    from btcli import catalog

    specs = {**unit.weapon_specs, **{m.weapon: catalog.weapon(m.weapon) for m in mounts}}
    return evolve(unit, weapons=unit.weapons + tuple(mounts), weapon_specs=specs)


def airborne(state: GameState, elevation: int, uid: str = "u1") -> GameState:
    return state.with_unit(changed(state.units[uid], elevation=elevation))


def at(state: GameState, uid: str, hex: str = "", floor: int = 0, top: bool = False) -> GameState:
    """Places a unit on a floor (or the roof) of the building hex it stands in, or is moved to (``hex``: a
    scenario starts one unit a hex, so units sharing a building hex are moved in afterwards)."""
    unit = state.units[uid]
    if hex:
        unit = changed(unit, position=H(hex))
    return state.with_unit(placement.placed(unit, floor=floor, top=top))


def pending_hits(state: GameState, *hits: tuple[str, int]) -> GameState:
    """Returns the state with these (hex, damage) hits on buildings pending."""
    return changed(state, pending=tuple(structures.building_hit(H(label), amount, "test") for label, amount in hits))


# -- moves and orders with scripted dice ----------------------------------------------------------------------


def plan(state: GameState, path: str, mode: str = "", uid: str = "u1") -> movement.MovePlan:
    """Checks a ground move through the engine's checker and returns the plan."""
    return moves.check_move(state, MoveOrder(uid, mode, parse_steps(path)))


def jump(state: GameState, to: str, facing: Facing | None = None, uid: str = "u1") -> movement.MovePlan:
    return moves.check_move(state, MoveOrder(uid, "jump", (), H(to), facing))


def refused(state: GameState, path: str, mode: str = "", uid: str = "u1") -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as info:
        plan(state, path, mode, uid)
    return info.value


def fly(state: GameState, path: str, rolls: list[int] = (), mode: str = "", uid: str = "u1"):
    """Applies a move through the engine; returns (state, its events' sentences, rolls), every die value used."""
    dice = ManualDice(list(rolls))
    state, events = engine.apply(state, MoveOrder(uid, mode, parse_steps(path)), dice)
    dice.finish()
    return state, sentences(events), dice.rolls


def drive(state: GameState, path: str, rolls: list[int] = (), mode: str = "flank", uid: str = "u1"):
    """Applies a move at flank speed (the moves that risk a skid or slip); see ``fly``."""
    return fly(state, path, rolls, mode, uid)


def run(state: GameState, order, dice: list[int]) -> tuple[GameState, list[str], ManualDice]:
    """Applies one order through the engine with scripted dice; checks every value was used. Returns the new
    state, its events' sentences (``render.events.sentences``: the log's words) and the dice."""
    d = ManualDice(list(dice))
    new, events = engine.apply(state, order, d)
    d.finish()
    return new, sentences(events), d


def resolve(state: GameState, dice: list[int] = ()) -> tuple[GameState, list[str], ManualDice]:
    """Ends the phase with scripted dice; checks every value was used."""
    return run(state, ResolvePhaseOrder(), list(dice))


def fire(state: GameState, attacker: str, target: str, weapons: tuple[str, ...], dice: list[int]):
    """Declares a weapon attack with scripted dice; returns (state, its events' sentences, dice), every value used."""
    d = ManualDice(dice)
    new, events = engine.apply(state, WeaponAttackOrder(attacker, target, weapons), d)
    d.finish()
    return new, sentences(events), d


# -- reading a state ------------------------------------------------------------------------------------------


def purposes(rolls: ManualDice | list[Roll]) -> list[str]:
    """Returns what each roll was for, of scripted dice or of a list of rolls."""
    return [r.purpose for r in (rolls.rolls if isinstance(rolls, ManualDice) else rolls)]


def cf(state: GameState, label: str) -> int:
    return state.board.hex(H(label)).building.cf


def hex_hits(state: GameState) -> list[tuple[str, int]]:
    """The damage waiting for building and bridge hexes, as (its target as the game file writes it, damage)."""
    return [(h.target.label, h.damage) for h in state.pending if structures.is_structure_hit(h)]


def armor_lost(unit: Unit) -> int:
    return sum(unit.max_armor.values()) - sum(unit.armor.values())


# -- aerospace (seed 001, issue #13) --------------------------------------------------------------------------

CORSAIR = "Corsair CSR-V12"  # aerospace fighter, SI 6, safe 6 / max 9
ANGEL = "Light Strike Fighter Angel"  # conventional fighter
NL42 = "Battle Taxi NL-42"  # spheroid small craft
SPACE_MAP = {"kind": "space", "width": 20, "height": 20, "surface": "west"}  # column 01 the ground row
LOW_MAP = {"kind": "low_altitude", "under": "0110", "ground_hex": "0809", "width": 16, "height": 17}


def flier(name: str = CORSAIR, uid: str = "f1", at: str = "0810", *, map: str = "space", facing: str = "SW",
          side: str = "red", **keys) -> dict:
    """Returns a scenario [[units]] entry for an aerospace design on a space or low-altitude map."""
    return {"id": uid, "side": side, "design": name, "map": map, "position": at, "facing": facing, **keys}


def aero_scenario(*units: dict, maps: dict[str, dict] | None = None, ground: tuple[dict, ...] = (), **keys) -> dict:
    """Returns ``scenario`` with the aerospace ``maps`` (default: the 20 x 20 space map with a west surface
    and the low-altitude map under 0110), the ``units`` and a 'Mech of each side on the ground board."""
    ground = ground or (design(HUNCHBACK, "g-red", at="0510"), design(HUNCHBACK, "g-blue", at="0505", side="blue"))
    data = scenario(*ground, *units, **keys)
    data["maps"] = {"space": dict(SPACE_MAP), "low": dict(LOW_MAP)} if maps is None else maps
    return data


def aero_game(*units: dict, phase: Phase = Phase.INITIATIVE, turn: int = 1, **keys) -> GameState:
    """Returns the game of ``aero_scenario(*units, **keys)`` in ``phase`` of ``turn``."""
    return evolve(scenario_from_dict(aero_scenario(*units, **keys)), phase=phase, turn=turn)
