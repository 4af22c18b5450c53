"""Displacement ("domino") and building collapse, for every rule that pushes units or brings a
structure down. The two call each other: a collapse displaces the units it leaves stacked
(URB-COLL-09), and a 'Mech displaced into a building may bring it down (URB-MOVE-09).

Reading used (Total Warfare p.151-152 as understood; decisions in
docs/rules-notes.md): a displaced unit moves one hex in the direction it is
pushed. A unit already in that hex is displaced first, in the same direction
(the domino effect). A hex more than one level higher cannot be entered; then
the next hexsides round the push direction are tried (right, left, further
right, further left, back). A unit with nowhere to go is destroyed (DROP-14).
Pushed off the map it leaves the battle (a loss for victory). A drop of two or
more levels is an accidental fall from above: falling damage for the levels
fallen (a 'Mech falls; VEH-DISP-02 for vehicles); an airborne VTOL ignores it
(VEH-SLIP-14). A vehicle pushed into water it cannot enter is destroyed
(VEH-DISP-01). A 'Mech pushed into water of depth 1 or more makes the PSR of entering it (PSR-WATER-01) and
falls in it on a failure; a displaced 'Mech that did not fall makes a PSR or falls. A fall into water of depth 1
or more does half damage (tables.md 8.3).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.errors import IllegalOrderError
from btcli.model.board import Bridge, Building, Terrain
from btcli.model.events_damage import Displaced, DisplacedPSRFailed, NowhereToGo, PushedIntoWater, PushedOffMap
from btcli.model.events_urban import (
    BridgeHexCollapses,
    BuildingHexCollapses,
    BuriedInBasement,
    CollapseDamage,
    FellIntoWater,
    PushedIntoBuilding,
    WholeStructureCollapses,
)
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import falls, los
from btcli.rules.ground import placement
from btcli.rules.urban import structures
from btcli.rules.core.falls import accidental_fall, fall, group_damage
from btcli.rules.kinds import piloting_roll
from btcli.rules.ground.placement import base_level, on_top, placed, under_bridge, unit_level
from btcli.rules.urban.structures import collapse_damage, collapse_share_met, overweight, structure_hexes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

MAX_CHAIN = 30  # a domino chain longer than any map row ends here
TRY_ORDER = (0, 1, -1, 2, -2, 3)


def displace(
    state: GameState, unit_id: str, direction: Facing, dice: Dice, events: Events, psr: bool = True, depth: int = 0
) -> GameState:
    """Pushes a unit one hex (trying the hexsides round ``direction``); returns the new state."""
    unit = state.units[unit_id]
    if unit.destroyed or unit.hex is None:
        return state
    for turn in TRY_ORDER:
        heading = direction.turned(turn)
        there = unit.hex.neighbor(heading)
        if not state.board.contains(there):
            events.append(PushedOffMap(unit.id, there))
            return state.with_unit(unit.at(None))
        if _climb(state, unit, there) > 1:
            continue
        if depth >= MAX_CHAIN:
            break
        others = _in_the_way(state, there, unit.id)
        if others and may_stay(unit.at(there), others):  # ASSET-STACK-01: it may share the hex with them
            return _arrive(state, unit, there, dice, events, psr)
        for other in others:
            state = displace(state, other.id, heading, dice, events, psr=True, depth=depth + 1)
        if _in_the_way(state, there, unit.id):
            continue  # the unit in the way could not be moved: try another hexside
        return _arrive(state, state.units[unit_id], there, dice, events, psr)
    events.append(NowhereToGo(unit.id))
    return state.with_unit(evolve(unit, destroyed=True))


def _in_the_way(state: GameState, there: HexId, unit_id: str) -> list[Unit]:
    """Returns the units where a displaced unit arrives: in a building hex only those on its ground floor,
    in a bridge hex only those on the deck (URB-MOVE-09: each level is stacked separately)."""

    return [u for u in state.units.values()
            if u.hex == there and u.active and u.id != unit_id
            and placement.floor_of(u) == 0 and not placement.on_top(u) and not placement.under_bridge(u)]


def _ground(state: GameState, unit: Unit, hex_id: HexId) -> int:
    return los.ground_level(state.board, hex_id, unit)


def _climb(state: GameState, unit: Unit, there: HexId) -> int:
    """Levels from where the unit stands now (a deck, a floor, a roof) up to where it would arrive."""
    return _ground(state, unit, there) - unit_level(state.board, unit)


def _arrive(state: GameState, unit: Unit, there: HexId, dice: Dice, events: Events, psr: bool) -> GameState:
    drop = -_climb(state, unit, there)
    hex_there = state.board.hex(there)
    events.append(Displaced(unit.id, unit.hex, there))
    unit = placement.placed(unit.at(there))
    if hex_there.building is not None and kinds.of(unit).pushed_into_buildings:  # URB-MOVE-09: as an entry whose PSR failed
        b = hex_there.building
        events.append(PushedIntoBuilding(unit.id, there, structures.absorbed(b.cf), structures.weight_damage(unit.tons)))
        unit = falls.group_damage(state, unit, structures.absorbed(b.cf), "standard", dice, events,
                                      "front", "pushed into a building")
        board = structures.damage_structure(state.board, there, structures.weight_damage(unit.tons))
        state = state.with_unit(unit).with_board(board)
        if board.hex(there).building.cf <= 0 or structures.overweight(state, there):
            return after_damage(state, there, dice, events, "destroyed by a 'Mech pushed into it")
        if not board.hex(there).building.basement:  # URB-BSMT-01: the first 'Mech in at ground level
            state = state.with_board(structures.roll_basement(state.board, there, dice, events))
        hex_there = state.board.hex(there)
    if hex_there.bridge is not None and (why := overweight(state.with_unit(unit), there)):
        return collapse(state.with_unit(unit), [there], dice, events, why)  # URB-BRG-03: on the deck
    airborne = kinds.airborne(unit)
    if hex_there.is_deep_water and not airborne and kinds.of(unit).drowns(unit, False):  # VEH-DISP-01
        events.append(PushedIntoWater(unit.id, hex_there.depth))
        return state.with_unit(evolve(unit, destroyed=True))
    if drop >= 2 and not airborne:
        return state.with_unit(accidental_fall(unit, drop, dice, events, state.turn,
                                               into_water=falls.in_water(state.board, unit)))
    wet = falls.in_water(state.board, unit)
    if kinds.of(unit).falls_over and wet and not unit.built.prone:
        # PSR-WATER-01: pushed into water of depth 1 or more, it makes the PSR of entering it, in the hex (MegaMek
        # @f0b2b01 Server.java:12741-12746, doEntityDisplacement: checkWaterMove, doSkillCheckInPlace)
        from btcli.model.events_ground import EnteredWater, FellEnteringWater
        from btcli.rules.ground import piloting

        depth = hex_there.depth
        roll = piloting_roll(unit, f"entering depth {depth} water", dice, piloting.water_modifier(depth))
        if roll is not None and roll.success:
            events.append(EnteredWater(unit.id, there, depth, roll.total, roll.target))
        else:
            events.append(FellEnteringWater(unit.id, there, depth, roll.shown if roll else None,
                                            roll.target if roll else None))
            unit = fall(unit, dice, events, levels=0, into_water=True)
    if kinds.of(unit).falls_over and psr and not unit.built.prone:
        roll = piloting_roll(unit, "displaced", dice)
        if roll is None or not roll.success:
            events.append(DisplacedPSRFailed(unit.id, roll.shown, roll.target) if roll else DisplacedPSRFailed(unit.id))
            unit = fall(unit, dice, events, levels=0, into_water=wet)  # tables.md 8.3: halved in water
    return state.with_unit(unit)


def after_damage(state: GameState, hex_id: HexId, dice: Dice, events: Events, cause: str) -> GameState:
    """Collapses a building or bridge hex at once if damage left it with no CF, or with less CF than the
    tons standing on one of its levels (URB-COLL-01/03, URB-MOVE-07, URB-BRG-03)."""
    h = state.board.hex(hex_id)
    if structures.destroyed(h):
        return collapse(state, [hex_id], dice, events, cause)
    why = overweight(state, hex_id)
    return collapse(state, [hex_id], dice, events, why) if why else state


def collapse(state: GameState, hex_ids: list[HexId], dice: Dice, events: Events, why: str) -> GameState:
    """Collapses building or bridge hexes and everything the collapse brings down with them."""
    queue = list(dict.fromkeys(hex_ids))
    done: set[HexId] = set()
    spreading: set[str] = set()  # structures already coming down whole
    while queue:
        hex_id = queue.pop(0)
        if hex_id in done:
            continue
        done.add(hex_id)
        h = state.board.hex(hex_id)
        if h.building is not None:
            state = _collapse_building_hex(state, hex_id, dice, events, why)
            name = h.building.structure
        elif h.bridge is not None:
            state = _collapse_bridge_hex(state, hex_id, dice, events, why)
            name = h.bridge.structure
        else:
            continue
        if name:  # URB-COLL-02, URB-BRG-04: half or more of a structure down brings the rest down
            standing, fallen = structure_hexes(state.board, name, bridge=h.building is None)
            rule = state.options.collapse_share
            if standing and name not in spreading and collapse_share_met(len(fallen), len(standing) + len(fallen), rule):
                spreading.add(name)
                events.append(WholeStructureCollapses(name, len(fallen), len(standing) + len(fallen), h.building is None))
                queue.extend(x for x in standing if x not in done)
                why = f"{name} collapses"
    return state


def _collapse_building_hex(state: GameState, hex_id: HexId, dice: Dice, events: Events, why: str) -> GameState:
    """URB-COLL-04..10: collapse damage, falling damage, then displacement, lowest level first."""
    h = state.board.hex(hex_id)
    b = h.building
    events.append(BuildingHexCollapses(hex_id, b.type, b.height, why))
    rubble = evolve(h, terrain=Terrain.RUBBLE, depth=0, building=None,
                     ruin=evolve(b, cf=0, basement="none" if b.basement else "", sublevel=0, start_cf=0))  # URB-COLL-06
    for u in [u for u in state.units.values() if u.hex == hex_id and u.active and _on_roof_as_vtol(u, b)]:
        state = state.with_unit(placed(u.placed_at(elevation=0), top=True))  # landed on the roof (VEH-VTOL-10)
    occupants = sorted((u for u in state.units.values() if u.hex == hex_id and u.active and not _flies_over(u, b)),
                       key=lambda u: (unit_level(state.board, u), u.id))
    levels = {u.id: unit_level(state.board, u) - h.level for u in occupants}
    roofs = {u.id for u in occupants if on_top(u)}
    state = state.with_board(state.board.with_hex(hex_id, rubble))
    survivors = []
    for unit in occupants:
        unit = state.units[unit.id]
        if levels[unit.id] < 0:  # URB-COLL-07
            events.append(BuriedInBasement(unit.id))
            state = state.with_unit(placed(evolve(unit, destroyed=True)))
            continue
        above = 0 if unit.id in roofs else max(0, b.height - 1 - levels[unit.id])
        amount = collapse_damage(b.phase_cf, above)
        table = "standard" if unit.id in roofs else "punch"  # URB-COLL-05
        events.append(CollapseDamage(unit.id, amount, b.phase_cf, 1 + above))
        unit = group_damage(state, unit, amount, table, dice, events)
        state = state.with_unit(placed(unit))
        if not unit.destroyed:
            survivors.append(unit.id)
    for uid in survivors:  # URB-COLL-08: levels 1+ (the roof too) fall as well
        unit = state.units[uid]
        if levels[uid] >= 1 and unit.active:
            state = state.with_unit(accidental_fall(unit, levels[uid], dice, events, state.turn,
                                                    into_water=False))  # inside the building's hex
    return _unstack(state, hex_id, [uid for uid in survivors if state.units[uid].active], dice, events)


def _flies_over(unit: Unit, b: Building | None = None) -> bool:
    """Tells whether a unit flies above a building or bridge hex, and so is not in what collapses there: a VTOL
    above the roof (VEH-VTOL-06) or the deck, a VTOL asset at any elevation (ASSET-MOVE-10: above the building)."""
    if not placement.flies_as_vtol(unit) or unit.elevation <= 0:
        return False
    return kinds.of(unit).flies_over_buildings or b is None or unit.elevation > b.height


def _on_roof_as_vtol(unit: Unit, b: Building) -> bool:
    """Tells whether a VTOL is landed on a building's roof (its elevation the building's height, VEH-VTOL-10)."""
    return placement.flies_as_vtol(unit) and not kinds.of(unit).flies_over_buildings and 0 < unit.elevation == b.height


def _unstack(state: GameState, hex_id: HexId, lowest_first: list[str], dice: Dice, events: Events) -> GameState:
    """URB-COLL-09/10: the unit lowest down keeps the hex; each other is displaced in a random
    direction (1D6, 1 = north, clockwise), lowest first; one that cannot be displaced is destroyed. Where
    assets are involved their stacking limits decide: one that may share the hex with those staying stays
    (ASSET-STACK-01: two friendly assets, or one asset and one friendly 'Mech)."""
    kept = [state.units[uid] for uid in lowest_first[:1]]
    for uid in lowest_first[1:]:
        if not state.units[uid].active or state.units[uid].hex != hex_id:
            continue
        if may_stay(state.units[uid], kept):
            kept.append(state.units[uid])
            continue
        d6 = dice.d6(f"displacement direction {uid}")
        state = displace(state, uid, Facing(d6 - 1), dice, events, psr=False)
    return state


def may_stay(unit: Unit, kept: list[Unit]) -> bool:
    """Tells whether ``unit`` may stay in a hex with ``kept`` by the asset stacking limits (ASSET-STACK-01..03);
    never without an asset among them (one unit a hex, TW p.57)."""
    if all(kinds.of(u).stacking is None for u in (unit, *kept)):  # no asset's stacking rule among them
        return False
    from btcli.rules.assets import movement as asset_movement, units as asset_units

    try:
        asset_movement.check_stacking(unit.hex, asset_units.occupant(unit), [asset_units.occupant(u) for u in kept])
    except IllegalOrderError:
        return False
    return True


def _collapse_bridge_hex(state: GameState, hex_id: HexId, dice: Dice, events: Events, why: str) -> GameState:
    """URB-BRG-02/03: the bridge hex falls; every unit on the deck falls to the bottom of the hex."""
    h = state.board.hex(hex_id)
    g = h.bridge
    events.append(BridgeHexCollapses(hex_id, g.type, why))
    # The road went with the deck; nobody is on or under a bridge there any more.
    state = state.with_board(state.board.with_hex(
        hex_id, evolve(h, bridge=None, road=False, ruin=Bridge(g.type, 0, g.level, g.structure))))
    riders = [u for u in state.units.values()
              if u.hex == hex_id and u.active and not under_bridge(u) and not _flies_over(u)]
    beneath = sorted(u.id for u in state.units.values() if u.hex == hex_id and u.active and under_bridge(u))
    for uid in beneath:
        state = state.with_unit(placed(state.units[uid]))
    bottom = base_level(h)
    for unit in sorted(riders, key=lambda u: u.id):
        unit = placed(unit)
        levels = g.level - (bottom if kinds.of(unit).stands_on_the_bottom else h.level)  # a 'Mech stands on the water's bottom
        if levels >= 1:  # tables.md 8.3: a fall into water of depth 1+ does half damage
            unit = accidental_fall(unit, levels, dice, events, state.turn, into_water=h.is_deep_water)
        if not unit.destroyed and h.is_deep_water and kinds.of(unit).drowns(unit, True):  # URB-BRG-03
            events.append(FellIntoWater(unit.id, h.depth))
            unit = evolve(unit, destroyed=True)
        state = state.with_unit(unit)
    # Whoever was under the bridge keeps the hex; the fallen are displaced (URB-COLL-09: lowest first).
    fallen = [u.id for u in sorted(riders, key=lambda u: u.id) if state.units[u.id].active]
    order = [uid for uid in beneath if state.units[uid].active] + fallen
    if len(order) > 1:
        state = _unstack(state, hex_id, order, dice, events)
    return state
