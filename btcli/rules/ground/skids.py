"""Skids (ground vehicles turning on pavement at flank) and sideslips (hover, VTOL, WiGE).

When a move carries a risk, ``movement.check_move`` marks the step at which the
driving skill roll is made; the engine rolls and, on a failure, cuts the move
there and resolves the skid or sideslip from that point.

- Skid (VEH-URB-02, 03; TW p.62 standard skids): a non-hover ground vehicle
  using flank MP that changes facing in a paved hex and then enters a hex rolls
  driving + the skid ladder (tables.md 8.6) + its lasting driving modifiers. On a
  failure it skids on in the direction it travelled before the turn for half the
  hexes it had entered (rounded down; the standard skid distance is memory,
  UNVERIFIED), then rolls once on the motive system damage table (VEH-MOVE-02).
- Sideslip (VEH-SLIP-03, 04, VEH-MOVE-03, VEH-VTOL-01): a hover vehicle, VTOL or
  WiGE using flank MP that changes facing and then enters a hex rolls driving
  (no skid ladder, VEH-SLIP-01). On a failure it slips MoF hexes in the direction
  it would have gone without the turn, never more than the hexes entered before
  the roll - 1 (VEH-SLIP-04); no MP (VEH-SLIP-08). The move ends after the slip
  unless the player asked to go on (`move --after-slip continue`, VEH-SLIP-07).
- Along the way (both): off the map leaves the battle; prohibited terrain costs
  ceil(tons/5) in 5-point groups on the front/rear column and immobilizes
  (VEH-URB-05, AMB-17); deep water destroys a unit that may not enter it
  (VEH-URB-06); a ground vehicle dropping a level or more falls (VEH-URB-03); an
  airborne VTOL or a WiGE (flying one level above its hex) meeting terrain as
  high as itself crashes with hexes moved x ceil(tons/10) damage (VEH-SLIP-11,
  VTOL-CRASH-01); it charges a large unit as high as itself, then crashes
  (VEH-SLIP-12); it comes down on infantry it meets and crashes (VEH-SLIP-13);
  any other unit in the way is met
  with an accidental charge (btcli.rules.ground.collisions, VEH-SLIP-09, 10, 12,
  VTOL-CRASH-05); a slide that ends on another unit's hex pushes that unit on.
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.model.events_ground import (
    SlidInto,
    SlidIntoProhibited,
    SlidIntoWater,
    SlidOffMap,
    SlidOver,
    SlipCrash,
    SlippedIntoInfantry,
)
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import combat_tables, damage
from btcli.rules.ground import collisions, infantry, piloting, placement, vehicles, vtol
from btcli.rules.core.falls import accidental_fall
from btcli.rules.ground.placement import flies_as_vtol, flight_elevation, is_large, struck_side, units_in_the_way
from btcli.rules.ground.terrain import obstacle_height, prohibited_rule

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def risk_kind(unit: Unit) -> str:
    """What a failed driving roll of a fast turn does: a sideslip (hover, VTOL, WiGE; VEH-SLIP-03) or a skid."""
    return "sideslip" if kinds.mobility(unit).sideslips else "skid"


def driving_roll(unit: Unit, kind: str, hexes_before: int, dice: Dice):
    """Rolls the driving skill roll against a skid or sideslip (VEH-GEN-01)."""
    modifiers = [("driving", unit.piloting)] + vehicles.driving_modifiers(unit)
    if kind == "skid":
        modifiers.append((f"hexes moved {hexes_before}", piloting.skid_modifier(hexes_before)))
    target = sum(v for _, v in modifiers)
    return dice.roll(2, f"driving skill roll {unit.id} ({kind})", target=target, modifiers=tuple(modifiers))


def slide(
    state: GameState, unit: Unit, direction: Facing, distance: int, kind: str, dice: Dice, events: Events
) -> GameState:
    """Moves a skidding or sideslipping unit up to ``distance`` hexes and resolves what it meets."""
    board = state.board
    start = unit.hex
    airborne = flight_elevation(unit) > 0  # a flying VTOL, or a WiGE (always a level up)
    # VEH-SLIP-06: a VTOL or WiGE keeps its absolute height through the slip (a WiGE: 1 above its hex).
    absolute = board.hex(start).level + flight_elevation(unit)
    for _ in range(distance):
        here = unit.hex
        there = here.neighbor(direction)
        if not board.contains(there):
            events.append(SlidOffMap(unit.id, kind, there))
            return state.with_unit(unit.at(None))
        h = board.hex(there)
        if airborne:
            top = h.level + obstacle_height(h, on_road=False)  # hills, roofs and treetops (AMB-02)
            if top >= absolute:  # VEH-SLIP-11 (and VEH-SLIP-12 for a building)
                return _slip_into_terrain(state, unit, there, absolute, direction, dice, events)
            elevation = absolute - h.level
            large = _large_in_the_way(state, unit, there, elevation)
            if large is not None:  # VEH-SLIP-11, 12
                return _slip_into_large(state, unit, large, there, elevation, direction, dice, events)
            if _infantry_in_the_way(state, unit, there, elevation):  # VEH-SLIP-13
                return _slip_onto_infantry(state, unit, there, elevation, direction, dice, events)
        else:
            elevation = 0
        state = state.with_unit(unit)
        state, ended = _collide(state, unit, there, elevation, direction, kind, dice, events)
        if ended:
            return state
        if airborne:  # VEH-SLIP-14: no fall whatever the ground below does (a WiGE: btcli's reading)
            if not flies_as_vtol(unit):  # a WiGE keeps flying a level above whatever hex it enters
                unit = evolve(unit.at(there), hexes_moved=unit.hexes_moved + 1)
                events.append(SlidOver(unit.id, kind, there))
                continue
            unit = evolve(unit.at(there, elevation=elevation), hexes_moved=unit.hexes_moved + 1)
            events.append(SlidOver(unit.id, kind, there, unit.elevation))
            continue
        drop = board.hex(here).level - h.level
        unit = evolve(unit.at(there), hexes_moved=unit.hexes_moved + 1)
        events.append(SlidInto(unit.id, kind, there))
        if h.is_deep_water and not kinds.mobility(unit).floats:
            events.append(SlidIntoWater(unit.id, kind, h.depth))
            return state.with_unit(evolve(unit, destroyed=True))

        if prohibited_rule(unit, h, on_road=False) and not h.is_deep_water:
            state = state.with_unit(_prohibited(unit, kind, dice, events, state.turn))
            return _make_room(state, unit.id, direction, dice, events)
        if drop >= 1 and kinds.mobility(unit).falls_in_a_skid:
            state = state.with_unit(accidental_fall(unit, drop, dice, events, state.turn,  # VEH-URB-03
                                                    into_water=h.is_deep_water))
            return _make_room(state, unit.id, direction, dice, events)
    state = state.with_unit(unit)
    return _make_room(state, unit.id, direction, dice, events) if unit.hex != start else state


def _collide(state, unit: Unit, there: HexId, elevation: int, direction: Facing, kind: str, dice: Dice,
             events: Events) -> tuple[GameState, bool]:
    """VEH-SLIP-09, 10, VEH-VTOL-14: accidental charges against the units in the way in ``there``;
    returns the state and whether the slide ends (a charge hit)."""
    hit = False
    for target in placement.units_in_the_way(state, unit, there, elevation):
        state, struck = collisions.accidental_charge(state, state.units[unit.id], target, direction, kind, dice, events)
        hit = hit or struck
        if not state.units[unit.id].active:
            return state, True
    moved = state.units[unit.id]
    vtol = flies_as_vtol(moved)
    if hit and vtol and moved.hex == there and moved.elevation != elevation:  # a VTOL keeps its absolute height
        state = state.with_unit(moved.placed_at(elevation=elevation))
    return state, hit


def _make_room(state: GameState, uid: str, direction: Facing, dice: Dice, events: Events) -> GameState:
    """A slide that comes to rest on another unit's hex pushes that unit on (stacking, TW p.57)."""
    unit = state.units[uid]
    if not unit.active:
        return state
    return collisions.make_room(state, unit, direction, dice, events)


def _slip_into_terrain(state, unit: Unit, there: HexId, absolute: int, direction: Facing, dice: Dice,
                       events: Events) -> GameState:
    """VEH-SLIP-11, 12, VTOL-CRASH-05: the VTOL enters terrain as high as itself: it charges a building
    there (AMB-05: the charge first), falls on any units there, then crashes."""
    h = state.board.hex(there)
    unit = evolve(unit.at(there), hexes_moved=unit.hexes_moved + 1)
    hexes = unit.hexes_moved
    if h.building is not None:
        state = collisions.charge_building(state, unit, there, events)
    elevation = max(0, absolute - h.level)
    state = state.with_unit(unit.placed_at(elevation=elevation if flies_as_vtol(unit) else 0))
    state = collisions.fall_onto(state, state.units[unit.id], elevation, direction, dice, events)
    return _vtol_crash(state, state.units[unit.id], hexes, direction, dice, events)


def _large_in_the_way(state: GameState, unit: Unit, there: HexId, elevation: int) -> Unit | None:
    """Returns the large support vehicle or landed DropShip in ``there`` as high as the slipping unit
    (hex level + its height >= the unit's height, VEH-SLIP-11, 12), or None."""
    return next((u for u in units_in_the_way(state, unit, there, elevation) if is_large(u)), None)


def _slip_into_large(state, unit: Unit, large: Unit, there: HexId, elevation: int, direction: Facing, dice: Dice,
                     events: Events) -> GameState:
    """VEH-SLIP-12 then VEH-SLIP-11 (AMB-05: the charge first): the VTOL or WiGE automatically charges the
    large unit, then crashes in its hex."""
    state = collisions.automatic_charge(state, unit, large, dice, events, "VEH-SLIP-12")
    unit = state.units[unit.id]
    if not unit.active:
        return state
    unit = evolve(unit.at(there, elevation=elevation if flies_as_vtol(unit) else 0),
                  hexes_moved=unit.hexes_moved + 1)
    state = state.with_unit(unit)
    return _vtol_crash(state, unit, unit.hexes_moved, direction, dice, events, "large", large.id)


def _infantry_in_the_way(state: GameState, unit: Unit, there: HexId, elevation: int) -> bool:
    """VEH-SLIP-13: whether a VTOL or WiGE entering ``there`` at ``elevation`` could charge infantry there
    (infantry are 1 level tall: hex level + 1 >= its height). Infantry assets are infantry too (ASSET-GEN-05)."""
    return any(infantry.counts_as_infantry(u) for u in units_in_the_way(state, unit, there, elevation))


def _slip_onto_infantry(state, unit: Unit, there: HexId, elevation: int, direction: Facing, dice: Dice,
                        events: Events) -> GameState:
    """VEH-SLIP-13, VTOL-CRASH-05: the VTOL or WiGE comes down to the base level of the infantry's hex and
    crashes, falling on the units there (accidental fall from above)."""
    unit = evolve(unit.at(there, elevation=0), hexes_moved=unit.hexes_moved + 1)
    events.append(SlippedIntoInfantry(unit.id, there))
    state = state.with_unit(unit)
    state = collisions.fall_onto(state, unit, elevation, direction, dice, events)
    return _vtol_crash(state, state.units[unit.id], unit.hexes_moved, direction, dice, events, "infantry")


def _prohibited(unit: Unit, kind: str, dice: Dice, events: Events, turn: int) -> Unit:
    """VEH-URB-05: ceil(tons/5) in 5-point groups on the front (forward) column, then immobile."""
    total = ceil(unit.tons / 5)
    events.append(SlidIntoProhibited(unit.id, kind, total))
    for amount in combat_tables.damage_groups(total, 5):
        hit = damage.vehicle_hit(unit, "front", amount, dice, kind)
        unit = vehicles.vehicle_damage(unit, hit, dice, events, turn)
        if unit.destroyed:
            return unit
    return vehicles.with_state(unit, immobile=True)


def _vtol_crash(state: GameState, unit: Unit, hexes: int, direction: Facing, dice: Dice, events: Events,
                into: str = "terrain", large: str = "") -> GameState:
    """VTOL-CRASH-01: hexes moved x ceil(tons/10) on the side that struck the terrain (AMB-06); ``into`` says what
    it slipped into: ``terrain``, ``infantry`` or ``large`` (the unit ``large``)."""
    # AMB-06: hexes x ceil(tons / 10) (catalog reading); option vtol_crash_damage = "product": ceil(hexes x tons / 10)
    if state.options.vtol_crash_damage == "product":
        total = ceil(hexes * unit.tons / 10)
    else:
        total = hexes * ceil(unit.tons / 10)
    events.append(SlipCrash(unit.id, into, total, large))
    # The side that struck the terrain faces the direction of the slip.
    return vtol.crash_damage(state, unit, total, struck_side(unit.facing, direction), dice, events)


def risk_points(unit: Unit, board, steps: tuple[str, ...], fast: bool) -> list[tuple[int, Facing, int, HexId]]:
    """Returns where a driving roll is due: (index of the step entering the hex, facing before the turn,
    hexes entered before, hex of the turn). One roll per facing-change event (AMB-04)."""
    mobility = kinds.mobility(unit)
    if not fast or not mobility.skids:  # a vehicle's fast move, not a naval vessel's (VEH-GEN-01)
        return []
    slipping = mobility.sideslips
    points = []
    here, facing = unit.hex, unit.facing
    turned_from: Facing | None = None
    turn_hex = None
    entered = 0
    for i, step in enumerate(steps):
        if step in ("L", "R"):
            if turned_from is None and (slipping or board.hex(here).paved):
                turned_from, turn_hex = facing, here
            facing = facing.turned(-1 if step == "L" else 1)
        elif step in ("F", "B"):
            if turned_from is not None:
                points.append((i, turned_from, entered, turn_hex))
                turned_from = None
            here = here.neighbor(facing if step == "F" else facing.opposite())
            entered += 1
    return points
