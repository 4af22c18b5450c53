"""Displacement ("domino") and accidental falls from above, for every rule that pushes units.

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
(VEH-DISP-01). A displaced 'Mech that did not fall makes a PSR or falls.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, evolve
from btcli.model.units import Motive, Unit
from btcli.rules import combat_tables, damage, los, placement, structures, vehicles

MAX_CHAIN = 30  # a domino chain longer than any map row ends here
TRY_ORDER = (0, 1, -1, 2, -2, 3)


def displace(
    state: GameState, unit_id: str, direction: Facing, dice: Dice, events: list[str], psr: bool = True, depth: int = 0
) -> GameState:
    """Pushes a unit one hex (trying the hexsides round ``direction``); returns the new state."""
    unit = state.units[unit_id]
    if unit.destroyed or unit.position is None:
        return state
    for turn in TRY_ORDER:
        heading = direction.turned(turn)
        there = unit.position.neighbor(heading)
        if not state.board.contains(there):
            events.append(f"{unit.id} is pushed off the map at {there.label} and leaves the battle")
            return state.with_unit(evolve(unit, position=None))
        if _climb(state, unit, there) > 1:
            continue
        if depth >= MAX_CHAIN:
            break
        for other in _in_the_way(state, there, unit.id):
            state = displace(state, other.id, heading, dice, events, psr=True, depth=depth + 1)
        if _in_the_way(state, there, unit.id):
            continue  # the unit in the way could not be moved: try another hexside
        return _arrive(state, state.units[unit_id], there, dice, events, psr)
    events.append(f"{unit.id} cannot be displaced anywhere and is destroyed (DROP-14)")
    return state.with_unit(evolve(unit, destroyed=True))


def _in_the_way(state: GameState, there: HexId, unit_id: str) -> list[Unit]:
    """Returns the units where a displaced unit arrives: in a building hex only those on its ground floor,
    in a bridge hex only those on the deck (URB-MOVE-09: each level is stacked separately)."""

    return [u for u in state.units.values()
            if u.position == there and u.active and u.id != unit_id
            and placement.floor_of(u) == 0 and not placement.on_top(u) and not placement.under_bridge(u)]


def _ground(state: GameState, unit: Unit, hex_id: HexId) -> int:
    return los.ground_level(state.board, hex_id, unit)


def _climb(state: GameState, unit: Unit, there: HexId) -> int:
    """Levels from where the unit stands now (a deck, a floor, a roof) up to where it would arrive."""
    from btcli.rules.placement import unit_level

    return _ground(state, unit, there) - unit_level(state.board, unit)


def _arrive(state: GameState, unit: Unit, there: HexId, dice: Dice, events: list[str], psr: bool) -> GameState:
    drop = -_climb(state, unit, there)
    hex_there = state.board.hex(there)
    from btcli.rules import buildings

    events.append(f"{unit.id} is displaced {unit.position.label} -> {there.label}")
    unit = placement.placed(evolve(unit, position=there))
    if hex_there.building is not None and unit.is_mech:  # URB-MOVE-09: as an entry whose PSR failed
        b = hex_there.building
        events.append(f"{unit.id} is pushed into building hex {there.label}: {structures.absorbed(b.cf)} damage to it, "
                      f"{structures.weight_damage(unit.tons)} to the building (URB-MOVE-09)")
        unit = buildings.group_damage(state, unit, structures.absorbed(b.cf), "standard", dice, events,
                                      "front", "pushed into a building")
        board = structures.damage_structure(state.board, there, structures.weight_damage(unit.tons))
        state = evolve(state.with_unit(unit), board=board)
        if board.hex(there).building.cf <= 0 or structures.overweight(state, there):
            return buildings.after_damage(state, there, dice, events, "destroyed by a 'Mech pushed into it")
        if not board.hex(there).building.basement:  # URB-BSMT-01: the first 'Mech in at ground level
            state = evolve(state, board=structures.roll_basement(state.board, there, dice, events))
        hex_there = state.board.hex(there)
    airborne = unit.motive is Motive.VTOL and unit.elevation > 0
    if unit.is_vehicle and hex_there.is_deep_water and unit.motive not in (Motive.HOVER, Motive.NAVAL, Motive.WIGE) and not airborne:
        events.append(f"{unit.id} is pushed into depth-{hex_there.depth} water and destroyed (VEH-DISP-01)")
        return state.with_unit(evolve(unit, destroyed=True))
    if drop >= 2 and not airborne:
        return state.with_unit(accidental_fall(unit, drop, dice, events, state.turn))
    if unit.is_mech and psr and not unit.prone:
        from btcli.rules.combat import fall, piloting_roll

        roll = piloting_roll(unit, "displaced", dice)
        if roll is None or not roll.success:
            shown = f"{roll.total} vs {roll.target}" if roll else "shut down or unconscious"
            events.append(f"{unit.id} fails its PSR after being displaced ({shown}) and falls")
            unit = fall(unit, dice, events, levels=0)
    return state.with_unit(unit)


def accidental_fall(
    unit: Unit, levels: int, dice: Dice, events: list[str], turn: int = 0, into_water: bool = False
) -> Unit:
    """A unit falls ``levels`` levels: a 'Mech falls; a vehicle takes falling damage (VEH-DISP-02).
    ``into_water``: it lands in water of depth 1 or more, which halves the damage (tables.md 8.3)."""
    from btcli.rules import piloting
    from btcli.rules.combat import fall

    events.append(f"{unit.id} falls {levels} level{'s' if levels != 1 else ''} (accidental fall from above)")
    if unit.is_mech:
        return fall(unit, dice, events, levels=levels, into_water=into_water)
    total = piloting.falling_damage(unit.tons, levels, into_water)
    d6 = dice.d6(f"fall direction {unit.id}")
    _, side = combat_tables.fall_result(d6, unit.facing)
    side = "front" if side == "front" else side
    hits = [damage.roll_hit(dice, unit, side, amount, "fall") for amount in combat_tables.damage_groups(total, 5)]
    events.append(f"{unit.id} takes {total} falling damage on the {side}")
    state_events: list[str] = []
    for hit in hits:
        unit = vehicles.vehicle_damage(unit, hit, dice, state_events, turn)
        if unit.destroyed:
            break
    events.extend(state_events)
    return unit
