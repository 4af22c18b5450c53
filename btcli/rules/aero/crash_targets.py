"""What an aerospace crash on the ground board does to the units there (seed 001 "墜落", issue #14; catalog
AERO-CRASH-08, 12, 14-20, 13; AMB-33, AMB-57, AMB-58): who is struck, the avoidance rolls, the damage in
5-point groups, the units a DropShip destroys outright, displacement away from the crash and the ground
a DropShip leaves lowered. The crash itself (the crash hex, the aircraft's own damage, buildings) is
``btcli.rules.aero.crash``, which calls ``strike`` once its buildings have come down.

Damage goes through the kinds' damage rules (``falls.group_damage``, ``kinds.hit``/``take_hit``),
displacement through ``displacement.displace``; nothing here is a copy of either. The readings
(docs/rules-notes.md, "Aerospace crashes"):

- The damage a unit takes on a failed roll is the damage the aircraft took (doubled by a hardened
  building, AMB-32) / 2, x 2 from a large fixed-wing support vehicle, / 2 again from an airship
  (AMB-31), x 2 for conventional infantry in the open; fractions round up (AMB-31). A DropShip's
  damage is halved too (AMB-33; ``CrashReadings.dropship_halved`` False: the literal full amount).
- 'Mechs take it on the Punch table's front column; vehicles (and every other kind) on the front
  column, or the rear one when a DropShip's direction of travel puts it in the vehicle's rear arc
  (AMB-33). Battle armor: each group on a random trooper (1D6, re-rolled above the squad's size or
  on a trooper already down: TW's battle armor hit location, UNVERIFIED).
- Every unit is damaged first, then the survivors are displaced, the DropShip's six surrounding
  hexes before its crash hex: from the crash hex opposite to the direction of travel (AERO-CRASH-15),
  from the six around a DropShip straight away from its crash hex (the seed gives no direction), and a
  'Mech in a DropShip's crash hex on outward from the surrounding hex it was pushed into (AERO-CRASH-20).
  Only the last push of a 'Mech calls for its PSR. Units caught in the way are pushed on (the domino
  effect of ``displace``).
- The PSRs for 20 or more damage and the consciousness rolls are not rolled here: the phase the crash
  happens in rolls them, as the attack phases do (``phase_end.after_damage``).
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.model.aero import AeroClass, AeroDesign
from btcli.model.board import Board, Terrain
from btcli.model.events_aero import CrashAvoided, CrushedUnderDropShip, StaysUnderDropShip, StruckByCrash
from btcli.model.frozen import Record, evolve
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, Hit
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import arcs, combat_tables, displacement, falls
from btcli.rules.ground import infantry

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

SAFE_ROLL = 2  # AERO-CRASH-14: a non-infantry unit takes no damage on 1-2
INFANTRY_SAFE_ROLL = 3  # AERO-CRASH-16, 17: infantry on 1-3
GROUP = 5  # AERO-CRASH-14: damage to units in 5-point groups
LEVELS_LOWERED = 2  # AERO-CRASH-13
LARGE_FIXED_WING_TONS = 100  # large fixed-wing support vehicles weigh over 100 t (TW support vehicle sizes; UNVERIFIED)
OPEN_GROUND = (Terrain.CLEAR, Terrain.PAVED)  # "平地": conventional infantry there take double (reading, UNVERIFIED)


class CrashReadings(Record):
    """The switches the catalog asks for where the seed is ambiguous; the defaults are its adopted readings."""

    dropship_halved: bool = True  # AMB-33: a DropShip's damage to units is halved too (False: the literal full amount)
    crash_hex_mech_damage: str = "per_failed_roll"  # AMB-58: or "at_most_once" (avoided only if both rolls succeed)


READINGS = CrashReadings()


class Target(Record):
    """One unit the crash reaches: the hex it was struck in, and whether that is the crash hex."""

    unit: str
    hex: HexId
    in_crash_hex: bool


def is_dropship(design: AeroDesign) -> bool:
    return design.aero_class is AeroClass.DROPSHIP


def affected_hexes(board: Board, crash_hex: HexId, design: AeroDesign) -> tuple[HexId, ...]:
    """Returns the hexes a crash reaches: the crash hex, and for a DropShip the six around it that are on the
    board (AERO-CRASH-08, 10, 11; an airship the crash hex only, AMB-62)."""
    return (crash_hex, *surrounding(board, crash_hex)) if is_dropship(design) else (crash_hex,)


def surrounding(board: Board, crash_hex: HexId) -> tuple[HexId, ...]:
    """Returns the six hexes around a crash hex that are on the board, N first, clockwise."""
    return tuple(h for h in crash_hex.neighbors() if board.contains(h))


def targets(state: GameState, hexes: tuple[HexId, ...], exclude: str = "") -> tuple[Target, ...]:
    """Returns the ground units in the crash's hexes, the crash hex first, each hex's by id (AERO-CRASH-08)."""
    found = []
    for i, hex_id in enumerate(hexes):
        here = sorted(u.id for u in state.units.values() if u.active and u.hex == hex_id and u.id != exclude)
        found += [Target(uid, hex_id, i == 0) for uid in here]
    return tuple(found)


def safe_roll(unit: Unit) -> int:
    """Returns the highest 1D6 result that avoids the crash's damage: 2, infantry 3 (AERO-CRASH-14, 16, 17)."""
    return INFANTRY_SAFE_ROLL if infantry.counts_as_infantry(unit) else SAFE_ROLL


def avoids(unit: Unit, die: int) -> bool:
    """Tells whether a 1D6 avoidance roll of ``die`` spares the unit (AERO-CRASH-14, 16, 17)."""
    return die <= safe_roll(unit)


def destroyed_outright(unit: Unit, in_crash_hex: bool, design: AeroDesign) -> bool:
    """Tells whether the crash destroys the unit without a roll: every non-'Mech, infantry included, in a
    DropShip's crash hex (AERO-CRASH-12, AMB-57)."""
    return is_dropship(design) and in_crash_hex and not kinds.of(unit).dropship_crash_hex_rolls


def avoidance_rolls(unit: Unit, in_crash_hex: bool, design: AeroDesign) -> int:
    """Returns how many avoidance rolls the unit makes: one per hex it is displaced, so two for a 'Mech in a
    DropShip's crash hex (AERO-CRASH-12, 19; AMB-58), one otherwise."""
    rolls = kinds.of(unit).dropship_crash_hex_rolls  # 0: crushed outright, no roll (destroyed_outright)
    return rolls if is_dropship(design) and in_crash_hex and rolls else 1


def large_fixed_wing(design: AeroDesign) -> bool:
    """Tells whether the crashing unit is a large fixed-wing support vehicle (over 100 t; UNVERIFIED)."""
    return design.aero_class is AeroClass.FIXED_WING and design.tons > LARGE_FIXED_WING_TONS


def in_the_open(board: Board, unit: Unit) -> bool:
    """Tells whether a conventional infantry unit stands in the open (clear or paved, no building; AERO-CRASH-16)."""
    h = board.hex(unit.hex)
    return infantry.is_conventional(unit) and h.terrain in OPEN_GROUND and h.building is None


def unit_damage(took: int, design: AeroDesign, unit: Unit, board: Board, readings: CrashReadings = READINGS) -> int:
    """Returns the damage one failed avoidance roll deals to ``unit``: what the aircraft took / 2 (AERO-CRASH-14;
    a DropShip's too unless ``readings`` say otherwise, AMB-33), x 2 from a large fixed-wing support vehicle
    (AERO-CRASH-14), / 2 from an airship (AERO-CRASH-09, AMB-31), x 2 for conventional infantry in the open
    (AERO-CRASH-16, 17); rounded up (AMB-31)."""
    numerator, denominator = took, 1
    if readings.dropship_halved or not is_dropship(design):
        denominator *= 2
    if design.aero_class is AeroClass.AIRSHIP:
        denominator *= 2
    if large_fixed_wing(design):
        numerator *= 2
    if in_the_open(board, unit):
        numerator *= 2
    return ceil(numerator / denominator)


def vehicle_column(unit: Unit, heading: Facing, design: AeroDesign) -> str:
    """Returns the column a non-'Mech takes the crash on: front (AERO-CRASH-14), or rear when a DropShip's
    direction of travel puts it in the unit's rear arc (AERO-CRASH-17, AMB-33). An asset has no columns
    (ASSET-DMG-01), and a crash is no attack to double from the rear (ASSET-DMG-10): always the front."""
    if not is_dropship(design) or not kinds.of(unit).crash_rear_column:
        return "front"
    behind = unit.hex.neighbor(heading.opposite())  # the DropShip comes from behind its direction of travel
    return "rear" if arcs.attack_direction(unit.hex, unit.facing, behind, vehicle=True) == "rear" else "front"


def crash_damage(state: GameState, unit: Unit, amount: int, side: str, dice: Dice, events: Events) -> Unit:
    """Applies ``amount`` crash damage to a ground unit in 5-point groups: a 'Mech on the Punch table, battle
    armor one group to a random trooper each, every other kind on its table's ``side`` column (AERO-CRASH-14,
    16, 17)."""
    if not infantry.is_battle_armor(unit):
        return falls.group_damage(state, unit, amount, kinds.of(unit).crash_table, dice, events, side, "crash")
    for group in combat_tables.damage_groups(amount, GROUP):
        trooper = random_trooper(unit, dice)
        unit = kinds.take_hit(unit, Hit(unit.id, trooper, group, side, source="crash"), dice, events, state.turn)
        if unit.destroyed:
            break
    return unit


def random_trooper(unit: Unit, dice: Dice) -> str:
    """Rolls the trooper of a battle armor squad a damage group strikes: 1D6, re-rolled above the squad's size
    or on a trooper already down (TW battle armor hit location; UNVERIFIED)."""
    squad = list(unit.internal)
    while True:
        d6 = dice.d6(f"crash: trooper hit {unit.id}")
        if d6 <= len(squad) and unit.internal[squad[d6 - 1]] > 0:
            return squad[d6 - 1]


def strike(
    state: GameState, crash_hex: HexId, heading: Facing, design: AeroDesign, took: int, struck: tuple[Target, ...],
    dice: Dice, events: Events, readings: CrashReadings = READINGS,
) -> GameState:
    """Resolves the crash on every unit in ``struck`` (found before any building came down, AERO-CRASH-22):
    DropShip crash-hex non-'Mechs destroyed (AERO-CRASH-12), avoidance rolls and damage (AERO-CRASH-14, 16, 17,
    19), then displacement away from the crash (AERO-CRASH-15, 18, 20). ``took`` is the damage the aircraft
    took, ``heading`` its direction of travel."""
    for target in struck:
        unit = state.units[target.unit]
        if not unit.active:
            continue  # lost to the collapse before the crash reached it (AERO-CRASH-22)
        if destroyed_outright(unit, target.in_crash_hex, design):
            events.append(CrushedUnderDropShip(unit.id, target.hex))
            state = state.with_unit(evolve(unit, destroyed=True))
            continue
        state = state.with_unit(_damage(state, unit, target, heading, design, took, dice, events, readings))
    return _displace_all(state, crash_hex, heading, design, struck, dice, events)


def _damage(state: GameState, unit: Unit, target: Target, heading: Facing, design: AeroDesign, took: int,
            dice: Dice, events: Events, readings: CrashReadings) -> Unit:
    rolls = avoidance_rolls(unit, target.in_crash_hex, design)
    dies = [dice.d6(f"crash: avoid damage {unit.id}" + (f" ({i + 1} of {rolls})" if rolls > 1 else ""))
            for i in range(rolls)]
    failed = sum(1 for d in dies if not avoids(unit, d))
    if rolls > 1 and readings.crash_hex_mech_damage == "at_most_once":
        failed = min(failed, 1)
    rule = "AERO-CRASH-16" if infantry.counts_as_infantry(unit) else "AERO-CRASH-14"
    if not failed:
        events.append(CrashAvoided(unit.id, tuple(dies), safe_roll(unit), rule))
        return unit
    amount = unit_damage(took, design, unit, state.board, readings)
    side = vehicle_column(unit, heading, design)
    events.append(StruckByCrash(unit.id, tuple(dies), amount, GROUP, failed, rule))
    for _ in range(failed):
        unit = crash_damage(state, unit, amount, side, dice, events)
        if unit.destroyed:
            break
    return unit


def stays_under_dropship(state: GameState, target: Target, struck: tuple[Target, ...]) -> bool:
    """Tells whether a surviving unit in a DropShip's surrounding hex stays put: infantry may share a hex with
    the crashed DropShip, one unit of a side a hex; a second friendly infantry unit is displaced (AERO-CRASH-18,
    AMB-57; btcli keeps the first by id for the owner's choice)."""
    unit = state.units[target.unit]
    stays = kinds.of(unit).stays_under_crashed_dropship
    if target.in_crash_hex or not stays or not unit.active or unit.hex != target.hex:
        return False
    friends = [t.unit for t in struck if t.hex == target.hex
               and kinds.of(state.units[t.unit]).stays_under_crashed_dropship
               and state.units[t.unit].active and state.units[t.unit].side == unit.side]
    return friends[0] == unit.id


def _displace_all(state: GameState, crash_hex: HexId, heading: Facing, design: AeroDesign,
                  struck: tuple[Target, ...], dice: Dice, events: Events) -> GameState:
    """AERO-CRASH-15, 18, 20: the survivors are pushed out of the hexes the crash covers: from the crash hex
    opposite to its direction of travel, from the six around a DropShip straight away from its crash hex (the
    seed gives them no direction; pushed outward, the hexsides ``displace`` tries after the three outward ones
    lead back into the crash site, the crash hex last). A 'Mech in a DropShip's crash hex goes two hexes: into a
    surrounding hex (not one holding infantry that stays, where it can), then outward from there."""
    ring = [t for t in struck if not t.in_crash_hex]
    centre = [t for t in struck if t.in_crash_hex]
    staying = {t.unit for t in ring if stays_under_dropship(state, t, struck)}
    for target in ring + centre:
        unit = state.units[target.unit]
        if not unit.active or unit.hex != target.hex or target.unit in staying:
            continue
        if not target.in_crash_hex:
            state = displacement.displace(state, unit.id, crash_hex.direction_to(unit.hex), dice, events)
            continue
        if not is_dropship(design):
            state = displacement.displace(state, unit.id, heading.opposite(), dice, events)
            continue
        covered = {state.units[uid].hex for uid in staying}
        first = _first_step(state.board, crash_hex, heading.opposite(), covered)
        state = displacement.displace(state, unit.id, first, dice, events, psr=False)
        here = state.units[unit.id].hex
        if state.units[unit.id].active and here is not None and here.distance(crash_hex) == 1:
            state = displacement.displace(state, unit.id, crash_hex.direction_to(here), dice, events)
    for uid in sorted(staying):
        events.append(StaysUnderDropShip(uid, state.units[uid].hex))
    return state


def _first_step(board: Board, crash_hex: HexId, away: Facing, covered: set[HexId]) -> Facing:
    """Returns the hexside a 'Mech leaves a DropShip's crash hex by: ``away``, or the nearest one round it into a
    surrounding hex on the board where no infantry stays (AERO-CRASH-18, 20; else ``away``)."""
    for turn in displacement.TRY_ORDER:
        facing = away.turned(turn)
        there = crash_hex.neighbor(facing)
        if board.contains(there) and there not in covered:
            return facing
    return away


def lower_terrain(board: Board, crash_hex: HexId) -> Board:
    """Returns the board after a DropShip's crash: the crash hex and the six around it 2 levels lower, and any
    of the six still above the crash hex down to its level (AERO-CRASH-13)."""
    bottom = board.hex(crash_hex).level - LEVELS_LOWERED
    board = board.with_hex(crash_hex, evolve(board.hex(crash_hex), level=bottom))
    for hex_id in surrounding(board, crash_hex):
        h = board.hex(hex_id)
        board = board.with_hex(hex_id, evolve(h, level=min(h.level - LEVELS_LOWERED, bottom)))
    return board
