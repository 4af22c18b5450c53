"""Buildings and bridges in play: entering them, falling inside and into basements, the damage
of a phase landing on them, collapse, and girder clubs (seed 003; tables.md 10; catalog URB-*).

Where a unit stands in a hex is ``placement``; construction factor, weight and basement
arithmetic is ``structures``. Every move and resolve-phase loads this module, only a game with buildings
meets its events: each function imports those it says (``model.events_urban``; issue #17).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.board import Building
from btcli.model.hexgrid import HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.urban import structures
from btcli.rules.ground.placement import floor_of, inside, on_top, placed
from btcli.rules.urban.structures import (
    absorbed,
    damage_structure,
    entry_psr_modifiers,
    girder_target,
    is_structure_hit,
    overweight,
    roll_basement,
    weight_damage,
)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

# -- damage ------------------------------------------------------------------------------------


def apply_structure_hits(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """End of an attack phase: the buildings and bridges take the phase's damage, then what is
    destroyed collapses (URB-IN-03, URB-ATK-06, URB-COLL-03, URB-BRG-05)."""
    from btcli.model.events_urban import StructureDamaged
    from btcli.rules.core import displacement

    totals: dict[HexId, int] = {}
    for hit in state.pending:
        if is_structure_hit(hit):
            hex_id = hit.target.hex
            totals[hex_id] = totals.get(hex_id, 0) + hit.damage
    events: Events = []
    board = state.board
    for hex_id, amount in totals.items():
        h = board.hex(hex_id)
        what = h.building or h.bridge
        if what is None:
            continue
        board = damage_structure(board, hex_id, amount)
        left = (board.hex(hex_id).building or board.hex(hex_id).bridge).cf
        events.append(StructureDamaged(hex_id, amount, what.cf, left, bridge=h.building is None))
    state = state.with_board(board)
    doomed = [hex_id for hex_id in totals if structures.destroyed(state.board.hex(hex_id))]
    if doomed:
        state = displacement.collapse(state, doomed, dice, events, "destroyed by attacks")
    for hex_id in totals:  # URB-COLL-01: a CF worn below the tons on a level gives way too
        if hex_id not in doomed and (why := overweight(state, hex_id)):
            state = displacement.collapse(state, [hex_id], dice, events, why)
    return state, events

# -- weight ------------------------------------------------------------------------------------


# -- basements ---------------------------------------------------------------------------------


def basement_falls(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """URB-BSMT-02 (AMB-41): as a movement phase starts, every 'Mech on the ground floor of a building
    hex heavier than its CF falls into the basement, if the hex has one."""
    events: Events = []
    structures = state.board.structure_hexes
    for uid in sorted(u.id for u in state.units.values() if u.hex in structures):
        unit = state.units[uid]
        if not (kinds.of(unit).finds_basements and unit.active) or floor_of(unit) != 0 or on_top(unit):
            continue
        b = state.board.hex(unit.hex).building
        if b is None or unit.tons <= b.cf:
            continue
        if not b.basement:  # placed here by the scenario: the hex has not been rolled yet
            state = state.with_board(roll_basement(state.board, unit.hex, dice, events))
            b = state.board.hex(unit.hex).building
        if b.basement == "none" or b.sublevel:
            continue
        state = _fall_into_basement(state, unit, b, dice, events)
    return state, events


def _fall_into_basement(state: GameState, unit: Unit, b: Building, dice: Dice, events: Events) -> GameState:
    from btcli.model.events_urban import BrokeThroughFloor, FallDamagesBuilding
    from btcli.rules.core import displacement
    from btcli.rules.core.falls import fall

    levels, how = b.basement.split(":")
    depth = int(levels)
    events.append(BrokeThroughFloor(unit.id, unit.tons, unit.hex, b.cf, depth))
    table = {"kick": "kick", "punch": "punch"}.get(how, "")
    fallen = fall(unit, dice, events, levels=depth, table=table, into_water=False)  # a basement is dry
    state = state.with_unit(placed(fallen, floor=-depth))
    # URB-BSMT-03/04: the basement becomes a sub-level; the hex takes ceil(tons/10), doubled if two deep.
    h = state.board.hex(unit.hex)
    cur = h.building
    opened = evolve(cur, sublevel=depth)
    board = state.board.with_hex(unit.hex, evolve(h, building=opened))
    amount = weight_damage(unit.tons) * depth
    board = damage_structure(board, unit.hex, amount)
    events.append(FallDamagesBuilding(unit.hex, amount, cur.cf, board.hex(unit.hex).building.cf))
    state = state.with_board(board)
    return displacement.after_damage(state, unit.hex, dice, events, "destroyed by the fall into its basement")

# -- collapse ----------------------------------------------------------------------------------


# -- entering -----------------------------------------------------------------------------------


def enter(
    state: GameState, unit_id: str, hex_id: HexId, kind: str, hexes_moved: int, backward: bool, floor: int,
    dice: Dice, events: Events,
) -> tuple[GameState, str]:
    """Resolves a unit meeting a structure on its way: entering a building (or a bridge it cannot pass,
    URB-BRG-08), climbing onto a roof or driving onto a bridge deck. Returns the new state and why the
    hex collapses under it now ("" if it does not)."""
    unit = state.units[unit_id]
    h = state.board.hex(hex_id)
    if kind in ("roof", "deck"):  # URB-BLD-11 (AMB-40), URB-BRG-03: legal; too weak, it collapses at once
        why = overweight(state, hex_id, unit, (0, kind == "roof", False))
        return state, (f"{unit.id} ({unit.tons} t) climbs onto the roof: {why}" if why and kind == "roof" else why)
    from btcli.model.events_urban import EntryDamagesStructure  # a unit meeting a structure: not every move's

    structure = h.building if kind == "enter" else h.bridge
    state, unit = _entry_roll(state, unit, structure, hex_id, hexes_moved, backward, dice, events)
    before = structure.cf
    board = damage_structure(state.board, hex_id, weight_damage(unit.tons))  # URB-MOVE-05, every time
    after = (board.hex(hex_id).building or board.hex(hex_id).bridge).cf
    events.append(EntryDamagesStructure(hex_id, weight_damage(unit.tons), unit.id, before, after, bridge=kind != "enter"))
    state = state.with_board(board)
    if after <= 0:  # URB-COLL-03: damage from movement brings the hex down at once
        return state, f"{unit.id}'s entry destroys it"
    if kind == "enter" and kinds.of(unit).finds_basements and floor == 0 and not h.building.basement:
        state = state.with_board(roll_basement(state.board, hex_id, dice, events))  # URB-BSMT-01
    why = overweight(state, hex_id, unit, (floor, False, kind == "bridge"))  # URB-MOVE-07: everyone on a level
    return state, (f"with {unit.id} ({unit.tons} t) on level {floor}: {why}" if why and kind == "enter" else why)


def _entry_roll(state, unit, structure, hex_id, hexes_moved, backward, dice, events):
    """URB-MOVE-03/04: the entry PSR (driving roll for a vehicle); failure costs ceil(CF/10) damage on the
    side facing the movement, and a vehicle also rolls on the motive system table; nobody falls."""
    from btcli.model.events_urban import BuildingEntered, EntryFailed

    mods = entry_psr_modifiers(structure.type, hexes_moved)
    reason = f"entering {hex_id.label}"
    roll = kinds.control_roll(state, unit, reason, dice, named=tuple(mods))
    if roll is not None and roll.success:
        events.append(BuildingEntered(unit.id, hex_id, roll.total, roll.target))
        return state, unit
    side = "rear" if backward else "front"
    amount = absorbed(structure.cf)  # URB-BLD-07: the CF as it is at this moment
    events.append(EntryFailed(unit.id, hex_id, roll.shown if roll else None, roll.target if roll else None, amount, side))
    from btcli.rules.core.falls import group_damage

    unit = group_damage(state, unit, amount, "standard", dice, events, side, f"entering {hex_id.label}")
    motive = kinds.of(unit).motive_damage
    if motive is not None and not unit.destroyed:
        unit = motive(unit, side, dice, events)  # tables.md 10.2: a vehicle's motive system
    return state.with_unit(unit), unit


def falls_inside(before: GameState, state: GameState, dice: Dice, events: Events) -> GameState:
    """URB-MOVE-08 (AMB-42): a 'Mech that fell inside a building hex takes, besides its falling damage,
    what a failed entry deals (ceil(CF/10)), and the hex takes ceil(tons/10). Falls into a basement
    have their own rule (URB-BSMT) and are not counted again. A prone 'Mech that fails to stand up
    falls again; the engine calls ``fell_inside`` for it."""
    if not state.board.structure_hexes:
        return state
    # Only a fall where the 'Mech stood: one pushed into a building has had its failed-entry damage
    # (URB-MOVE-09), and one that fell elsewhere (a collapse) did not fall inside.
    fallen = [uid for uid, unit in state.units.items()
              if unit.built.prone and unit is not before.units.get(uid) and uid in before.units and not before.units[uid].built.prone
              and unit.hex == before.units[uid].hex]
    for uid in fallen:
        state = fell_inside(state, uid, dice, events)
    return state


def fell_inside(state: GameState, uid: str, dice: Dice, events: Events) -> GameState:
    """Resolves URB-MOVE-08 for one 'Mech that has just fallen, if it is inside a building (not a basement)."""
    unit = state.units[uid]
    b = inside(state.board, unit)
    if b is None or floor_of(unit) < 0 or not kinds.of(unit).falls_over or not unit.active:
        return state
    from btcli.model.events_urban import FellInside
    from btcli.rules.core import displacement
    from btcli.rules.core.falls import group_damage

    hex_id = unit.hex
    events.append(FellInside(uid, hex_id, absorbed(b.cf), weight_damage(unit.tons)))
    unit = group_damage(state, unit, absorbed(b.cf), "standard", dice, events, "front", "fall inside a building")
    state = state.with_unit(unit)
    state = state.with_board(damage_structure(state.board, hex_id, weight_damage(unit.tons)))
    return displacement.after_damage(state, hex_id, dice, events, "destroyed by a 'Mech falling inside")


def search_girder(state: GameState, unit_id: str, dice: Dice) -> tuple[GameState, Events]:
    """URB-CLUB-01: a 'Mech in the rubble of a medium, heavy or hardened building rolls 2D6 for a girder
    club in the weapon attack phase and picks it up if found. Searching is its action for the phase
    (it fires nothing), and it searches once per turn (docs/rules-notes.md)."""
    unit = state.unit(unit_id)
    if not unit.active or not kinds.of(unit).limbs:
        raise IllegalOrderError(f"only a 'Mech on the map can pick up a girder ('{unit_id}')", "URB-CLUB-01")
    if kinds.of(unit).club(unit):
        raise IllegalOrderError(f"'{unit_id}' already carries a club", "URB-CLUB-01")
    if unit.fired or kinds.of(unit).searched_for_girder(unit, state.turn):
        raise IllegalOrderError(f"'{unit_id}' has already acted this weapon phase", "URB-CLUB-01")
    if unit.built.prone or unit.built.shutdown or not unit.conscious:
        raise IllegalOrderError(f"'{unit_id}' is prone, shut down or unconscious", "URB-CLUB-01")
    target = girder_target(state.board.hex(unit.hex))
    if target is None:
        raise IllegalOrderError(
            f"'{unit_id}' stands in no rubble of a medium, heavy or hardened building", "URB-CLUB-01")
    from btcli.model.events_urban import GirderSearched

    roll = dice.roll(2, f"girder search {unit_id} in {unit.hex.label}", target=target)
    found = roll.success
    said = GirderSearched(unit_id, unit.hex, roll.total, target, found)
    searched = evolve(unit.mech, girder_search=state.turn, club="girder" if found else unit.mech.club)
    return state.with_unit(evolve(unit, mech=searched)), [said]
