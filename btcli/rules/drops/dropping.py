"""Dropping BattleMechs (Seed 002, BattleMech Manual simplified drops; catalog DROP-01..19).

Reserves wait off the map (``DropState.reserve`` = their group) until their group's
public arrival turn (DROP-01..03). At the start of that turn each controller commits
to a landing hex: the game file holds only a salted hash of it (DROP-04). At the end
of the movement phase, after every other unit moved, the droppers reveal their hexes
and make their landing rolls, alternating by initiative as in movement (DROP-05, 06).
A success places the 'Mech (DROP-07); a failure by a margin m scatters it m D6 hexes,
and damages it as an m-level fall; m >= 7 destroys it (DROP-15..18). Stacking is
settled by displacement (DROP-14, 19). Decisions: docs/rules-notes.md (AMB-34..38).

A reserve's ``DropState`` holds its group while it waits, its ``commitment`` (the landing
hash), ``landed_turn`` (the turn it came down, whatever the outcome), ``aborted_turn`` and
``off_map`` (scattered out of the play area, DROP-16).
"""

from __future__ import annotations

import re

from btcli.dice import Dice
from btcli.digest import sha256
from btcli.errors import GameFileError, IllegalOrderError, VerificationError
from btcli.model.events_drops import (
    ArrivalRolled,
    CameDownOn,
    CameDownOnRoof,
    DestroyedLanding,
    DropCalledOff,
    Landed,
    LandingCommitted,
    LandingDamage,
    LandingDisplaces,
    LandingFailed,
    LandingFall,
    LandingRevealed,
    Scattered,
    ScatteredOffMap,
)
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import AbortDropOrder, CommitDropOrder, RevealDropOrder
from btcli.model.state import DropGroup, GameState, Phase, evolve
from btcli.model.units import MoveMode, Unit
from btcli.rules import kinds
from btcli.rules.core import combat_tables, damage, displacement
from btcli.rules.drops import minefields
from btcli.rules.ground import collisions, piloting, placement
from btcli.rules.urban import structures
from btcli.rules.core.displacement import displace
from btcli.rules.drops.landing_turn import landed_this_turn
from btcli.rules.core.falls import fall, in_water
from btcli.rules.kinds import pilot_modifiers
from btcli.rules.ground.terrain import prohibited_rule
from btcli.rules.core.turn_order import missing_movers, movement_slots

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

DEFAULT_ARRIVAL_TURN = 3  # DROP-03
DEFAULT_GROUP = "reserve"  # the group of a unit marked ``reserve = true``
DESTROYED_MARGIN = 7  # DROP-18
# DROP-15: the scatter diagram is an image missing from the seed. tables.md 8.8 numbers it
# 1 = the map's "up" (N), then clockwise -- from memory, UNVERIFIED.
SCATTER_DIRECTIONS = {1: Facing.N, 2: Facing.NE, 3: Facing.SE, 4: Facing.S, 5: Facing.SW, 6: Facing.NW}

_SCHEDULE = re.compile(r"^\s*(?:(\d+)|(\d*)[dD]6\s*([+-]\s*\d+)?)\s*$")


# -- arrival schedule (DROP-01..03) ----------------------------------------------------------


def parse_arrival(text: object) -> tuple[int, int]:
    """Returns (number of D6, fixed part) of an arrival schedule: ``5`` -> (0, 5), ``"1D6-1"`` -> (1, -1)."""
    if isinstance(text, bool):
        raise GameFileError(f"bad drop arrival {text!r}: give a turn (e.g. 5) or dice (e.g. \"1D6\", \"1D6-1\")")
    match = _SCHEDULE.match(str(text))
    if match is None:
        raise GameFileError(f"bad drop arrival {text!r}: give a turn (e.g. 5) or dice (e.g. \"1D6\", \"1D6-1\")")
    fixed, count, plus = match.groups()
    if fixed is not None:
        return 0, int(fixed)
    n = int(count) if count else 1
    if not 1 <= n <= 6:
        raise GameFileError(f"bad drop arrival {text!r}: 1 to 6 dice")
    return n, int(plus.replace(" ", "")) if plus else 0


def schedule_groups(groups: dict[str, dict[str, object]], used: set[str]) -> dict[str, DropGroup]:
    """Returns the ``GameState.drops`` table for a scenario's ``[drops.GROUP]`` tables (DROP-02, 03).

    Fixed arrivals get their turn now; dice arrivals keep turn 0 until ``roll_arrivals``.
    A group used by a unit but not described arrives on turn 3 (DROP-03).
    """
    table: dict[str, DropGroup] = {}
    for gid, spec in groups.items():
        if not isinstance(spec, dict):
            raise GameFileError(f"[drops.{gid}] must be a table")
        unknown = set(spec) - {"arrival", "after"}
        if unknown:
            raise GameFileError(f"[drops.{gid}]: unknown key(s) {', '.join(sorted(unknown))} (arrival, after)")
        arrival = spec.get("arrival", DEFAULT_ARRIVAL_TURN)
        n, fixed = parse_arrival(arrival)
        after = str(spec.get("after", ""))
        if after and after not in groups:
            raise GameFileError(f"[drops.{gid}]: after = {after!r} is not a drop group")
        if not n and not after and fixed < 1:
            raise GameFileError(f"[drops.{gid}]: arrival turn must be 1 or later, not {fixed}")
        table[gid] = DropGroup(str(arrival), after, fixed if not n and not after else 0)
    for gid in sorted(used - set(table)):
        table[gid] = DropGroup(str(DEFAULT_ARRIVAL_TURN), "", DEFAULT_ARRIVAL_TURN)
    _check_no_cycle(table)
    return table


def _check_no_cycle(table: dict[str, DropGroup]) -> None:
    for gid in table:
        seen, at = {gid}, table[gid].after
        while at:
            if at in seen:
                raise GameFileError(f"[drops.{gid}]: arrival 'after' groups form a loop")
            seen.add(at)
            at = table[at].after


def roll_arrivals(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Rolls every arrival still unknown, once, with the game dice (DROP-02); returns the events.

    Called when turn 1's initiative phase is resolved; a group arriving "after" another
    counts from that group's turn, so groups are settled in dependency order. An arrival
    never falls before turn 1 (a "1D6-1" of 0 arrives on turn 1).
    """
    table = dict(state.drops)
    events: Events = []
    pending = [gid for gid, g in table.items() if not g.turn]
    while pending:
        for gid in list(pending):
            group = table[gid]
            after = group.after
            if after and not table[after].turn:
                continue
            n, fixed = parse_arrival(group.arrival)
            base = table[after].turn if after else 0
            rolled = dice.roll(n, f"drop arrival {gid} ({group.arrival}{' after ' + after if after else ''})").total if n else 0
            table[gid] = evolve(group, turn=max(1, base + rolled + fixed))
            events.append(ArrivalRolled(gid, table[gid].turn))
            pending.remove(gid)
    return evolve(state, drops=table), events


def arrival_turn(state: GameState, unit: Unit) -> int:
    """Returns the turn a reserve unit arrives (0 while its dice are unrolled)."""
    group = state.drops.get(unit.drop.reserve) if unit.drop is not None else None
    return group.turn if group else 0


def arriving(state: GameState) -> list[Unit]:
    """Returns the reserves arriving this turn that have not landed yet."""
    return [u for u in state.units.values() if u.in_reserve and arrival_turn(state, u) == state.turn]


# -- the secret landing hex (DROP-04) --------------------------------------------------------


def commitment(salt: str, unit_id: str, hex_id: HexId, facing: Facing) -> str:
    """Returns the public commitment to a landing hex: SHA-256 of salt, unit, hex and facing. The unit
    is bound in, so another player cannot copy the hash for a unit of their own and reveal the
    first player's landing as theirs."""
    return sha256(f"{salt}:{unit_id}:{hex_id.label}:{facing.name}".encode()).hexdigest()


def secret_landing(state: GameState, unit_id: str, hex_label: str, facing: str | None, salt: str) -> dict[str, str]:
    """Checks a landing hex the player keeps secret (the engine only ever sees its hash) and returns the
    record to keep: unit, hex, facing, salt and the commitment (DROP-04). The salt comes from the caller:
    it is no game die."""
    unit = check_commit(state, unit_id)
    hex_id = state.board.parse_hex(hex_label)
    check_landing_hex(state, unit, hex_id)
    chosen = Facing.parse(facing) if facing is not None else unit.facing
    return {"unit": unit.id, "hex": hex_id.label, "facing": chosen.name, "salt": salt,
            "commitment": commitment(salt, unit.id, hex_id, chosen)}


def abort_drop(state: GameState, unit_id: str) -> tuple[GameState, Events]:
    """Calls off a drop in its arrival turn (before it lands): the 'Mech leaves the battle and counts as
    lost, as one scattered off the map (DROP-16). It is the way out when a secret is lost, so nobody
    waits for a landing that cannot be revealed."""
    unit = state.unit(unit_id)
    if not unit.in_reserve or arrival_turn(state, unit) != state.turn:
        raise IllegalOrderError(f"'{unit.id}' is not a dropping 'Mech arriving this turn", "DROP-05")
    if state.phase not in (Phase.INITIATIVE, Phase.MOVEMENT):
        raise IllegalOrderError("a drop is called off in its arrival turn's initiative or movement phase", "DROP-05")
    aborted = evolve(unit.drop, reserve="", commitment="", aborted_turn=state.turn)
    return state.with_unit(evolve(unit, drop=aborted)), [DropCalledOff(unit.id, unit.side)]


def check_commit(state: GameState, unit_id: str) -> Unit:
    """Raises unless ``unit_id`` may commit its landing hex now; returns the unit.

    The window (DROP-04, "at the start of the turn"): the initiative phase of the arrival
    turn, or its movement phase before any unit has moved or landed.
    """
    unit = state.unit(unit_id)
    if not unit.in_reserve:
        raise IllegalOrderError(f"'{unit.id}' is not a dropping reserve waiting to land", "DROP-01")
    turn = arrival_turn(state, unit)
    if turn != state.turn:
        when = f"turn {turn}" if turn else "a turn still to be rolled"
        raise IllegalOrderError(f"'{unit.id}' arrives on {when}, not turn {state.turn}", "DROP-04")
    if unit.drop.commitment:
        raise IllegalOrderError(f"'{unit.id}' has already committed its landing hex this turn", "DROP-04")
    started = any(u.has_moved and not u.out_of_action for u in state.units.values()) or any(
        landed_this_turn(u, state.turn) for u in state.units.values()
    )
    if state.phase not in (Phase.INITIATIVE, Phase.MOVEMENT) or (state.phase is Phase.MOVEMENT and started):
        raise IllegalOrderError(
            f"landing hexes are chosen at the start of the turn (initiative phase, or movement phase before "
            f"any unit moves); too late for '{unit.id}'", "DROP-04")
    return unit


def check_landing_hex(state: GameState, unit: Unit, hex_id: HexId) -> None:
    """Raises unless the 'Mech may target ``hex_id``: on the map and not prohibited to it (DROP-04).

    A hex that would break stacking may be targeted on purpose.
    """
    state.board.require(hex_id)
    rule = prohibited_rule(unit, state.board.hex(hex_id), on_road=False)
    if rule:
        raise IllegalOrderError(f"'{unit.id}' may not enter {hex_id.label} and so cannot land there", "DROP-04")


def apply_commit(state: GameState, unit_id: str, digest: str) -> tuple[GameState, Events]:
    unit = check_commit(state, unit_id)
    if not re.fullmatch(r"[0-9a-f]{64}", digest):
        raise IllegalOrderError(f"bad landing commitment {digest!r}: 64 hex digits", "DROP-04")
    if any(u.drop is not None and u.drop.commitment == digest for u in state.units.values()):
        raise IllegalOrderError("this commitment is already another 'Mech's: commit with your own salt", "DROP-04")
    committed = evolve(unit, drop=evolve(unit.drop, commitment=digest))
    return state.with_unit(committed), [LandingCommitted(unit.id, unit.side)]


def missing_commitments(state: GameState) -> list[str]:
    """Returns the 'Mechs arriving this turn that have not committed a landing hex."""
    return [u.id for u in arriving(state) if not u.drop.commitment]


# -- landing order (DROP-05, 06) -----------------------------------------------------------------


def landing_slots(state: GameState) -> tuple[str, ...]:
    """Returns the side of each landing this turn: alternating in initiative order as in movement."""
    counts = {sid: 0 for sid in state.sides}
    for u in state.units.values():
        if (u.in_reserve and arrival_turn(state, u) == state.turn) or landed_this_turn(u, state.turn):
            counts[u.side] += 1
    order = state.initiative or tuple(state.sides)
    return movement_slots(counts, order)


def side_to_drop(state: GameState) -> str | None:
    """Returns the side whose 'Mech lands next, or None (not the movement phase, ground units still
    to move, or nobody left to land)."""
    if state.phase is not Phase.MOVEMENT or not arriving(state) or missing_movers(state):
        return None
    done = sum(1 for u in state.units.values() if landed_this_turn(u, state.turn))
    slots = landing_slots(state)
    return slots[done] if done < len(slots) else None


def check_reveal(state: GameState, unit_id: str, hex_id: HexId, facing: Facing, salt: str) -> Unit:
    """Raises unless ``unit_id`` may land now and the revealed values match its commitment."""
    unit = state.unit(unit_id)
    if not unit.in_reserve or arrival_turn(state, unit) != state.turn:
        raise IllegalOrderError(f"'{unit.id}' is not a dropping 'Mech arriving this turn", "DROP-05")
    if state.phase is not Phase.MOVEMENT:
        raise IllegalOrderError("dropping 'Mechs land at the end of the movement phase", "DROP-05")
    waiting = missing_movers(state)
    if waiting:
        raise IllegalOrderError(
            f"'{unit.id}' lands after every other unit has moved; still to move: {', '.join(waiting)}", "DROP-05")
    if unit.drop is None or not unit.drop.commitment:
        raise IllegalOrderError(f"'{unit.id}' has no committed landing hex", "DROP-04")
    missing = missing_commitments(state)
    if missing:
        raise IllegalOrderError(
            f"'{unit.id}' lands once every arriving 'Mech has committed; still to commit: {', '.join(missing)}",
            "DROP-04")
    expected = side_to_drop(state)
    if expected is not None and expected != unit.side:
        raise IllegalOrderError(
            f"out of order: '{unit.id}' ({unit.side}) cannot land now; side '{expected}' lands its next 'Mech first",
            "DROP-05")
    if commitment(salt, unit.id, hex_id, facing) != unit.drop.commitment:
        raise VerificationError(
            f"revealed landing {hex_id.label} {facing.name} for '{unit.id}' does not match its commitment (DROP-06)")
    check_landing_hex(state, unit, hex_id)
    return unit


# -- landing (DROP-07, 08, 12..19) ---------------------------------------------------------------


def landing_roll(state: GameState, unit: Unit, dice: Dice):
    """Rolls the landing PSR: piloting, planetary conditions (DROP-13) and damage modifiers."""
    planetary = state.options.planetary_psr_modifier
    modifiers = [("piloting", unit.piloting)] + ([("planetary conditions", planetary)] if planetary else [])
    modifiers += pilot_modifiers(unit)
    return dice.roll(2, f"landing roll {unit.id}", target=sum(v for _, v in modifiers), modifiers=tuple(modifiers))


def scatter_hex(start: HexId, direction: Facing, distance: int) -> HexId:
    """Returns the hex ``distance`` hexes from ``start`` straight along ``direction`` (DROP-15)."""
    at = start
    for _ in range(distance):
        at = at.neighbor(direction)
    return at


def land(state: GameState, unit_id: str, target: HexId, facing: Facing, dice: Dice) -> tuple[GameState, Events]:
    """Resolves one landing completely (DROP-08): the roll, then success or scatter, damage, stacking.

    Order on a failure (AMB-34): scatter -> off the map -> destroyed at margin 7+ ->
    fall damage -> minefield -> stacking.
    """
    unit = state.units[unit_id]
    events: Events = [LandingRevealed(unit.id, unit.side, target, facing)]
    roll = landing_roll(state, unit, dice)
    landed = evolve(unit.drop, reserve="", commitment="", landed_turn=state.turn)
    placed = evolve(unit, drop=landed, facing=facing, mode=MoveMode.STAND, mp_spent=0, hexes_moved=0)
    if roll.success:
        events.append(Landed(unit.id, target, facing, roll.total, roll.target))
        state = _touch_down(state, placed.at(target), dice, events)
        state = minefields.attack(state, unit.id, dice, events)
        return settle_stacking(state, unit.id, None, 0, dice, events), events
    margin = roll.target - roll.total
    events.append(LandingFailed(unit.id, roll.total, roll.target, margin))
    distance = dice.roll(margin, f"scatter distance {unit.id} ({margin}D6)").total
    direction = SCATTER_DIRECTIONS[dice.d6(f"scatter direction {unit.id}")]
    end = scatter_hex(target, direction, distance)
    if not state.board.contains(end):
        events.append(ScatteredOffMap(unit.id, distance, direction))
        return state.with_unit(evolve(placed, position=None, drop=evolve(landed, off_map=True))), events
    events.append(Scattered(unit.id, distance, direction, target, end))
    placed = placed.at(end)
    if margin >= DESTROYED_MARGIN:
        events.append(DestroyedLanding(unit.id, margin))
        return state.with_unit(evolve(placed, destroyed=True)), events
    placed = landing_damage(state, placed, margin, dice, events)
    state = _touch_down(state, placed, dice, events)
    if not placed.destroyed:
        state = minefields.attack(state, unit.id, dice, events)
    return settle_stacking(state, unit.id, direction, margin, dice, events), events


def _touch_down(state: GameState, unit: Unit, dice: Dice, events: Events) -> GameState:
    """Puts a landed 'Mech in its hex: coming from above it is on the roof of a building (as a jump,
    URB-MOVE-10), or on the deck of a bridge, whose hex collapses at once if it cannot carry it (URB-COLL-01,
    AMB-40, URB-BRG-03)."""

    h = state.board.hex(unit.hex) if not unit.destroyed else None
    if h is None or (h.building is None and h.bridge is None):
        return state.with_unit(unit)
    state = state.with_unit(placement.placed(unit, top=h.building is not None))
    why = structures.overweight(state, unit.hex)
    if why:
        state = displacement.collapse(state, [unit.hex], dice, events, why)
    return state


def landing_damage(state: GameState, unit: Unit, levels: int, dice: Dice, events: Events) -> Unit:
    """Damages a 'Mech as a fall of ``levels`` levels (DROP-17).

    AMB-36 reading (default): the standard falling damage and hit locations only; the
    'Mech keeps its chosen facing, is not prone, and its MechWarrior makes no check.
    Option ``drop_failure = "fall"``: the full standard fall (prone, new facing, check).
    """
    if state.options.drop_failure == "fall":
        events.append(LandingFall(unit.id, levels))
        return fall(unit, dice, events, levels=levels, into_water=in_water(state.board, unit))
    total = piloting.falling_damage(unit.tons, levels, in_water(state.board, unit))  # tables.md 8.3: halved in water
    _, side = combat_tables.fall_result(dice.d6(f"fall side {unit.id}"), unit.facing)
    events.append(LandingDamage(unit.id, levels, total, side))
    hits = [kinds.hit(dice, unit, side, amount, "failed landing")
            for amount in combat_tables.damage_groups(total, 5)]
    for hit in hits:
        unit = damage.mech_damage(unit, hit, dice, events)
        if unit.destroyed:
            break
    return unit


def settle_stacking(
    state: GameState, unit_id: str, direction: Facing | None, levels: int, dice: Dice, events: Events
) -> GameState:
    """Resolves the landed 'Mech sharing its hex with units in its way (DROP-14, 19).

    After a success (``direction`` None) each of them is displaced its own random 1D6 way, no
    accidental fall (AMB-37). After a scatter the 'Mech comes down on them: an accidental fall from
    above from ``levels`` levels (DROP-19; btcli.rules.ground.collisions.fall_onto), whose displacements go
    the scatter direction (AMB-38). Units elsewhere in the hex (inside a building under a 'Mech on
    its roof, a VTOL flying above) are not in its way.
    """
    unit = state.units[unit_id]
    if not unit.active:
        return state
    on_roof = state.board.hex(unit.hex).building is not None
    if on_roof:
        others = [u for u in state.units.values()
                  if u.hex == unit.hex and u.active and u.id != unit.id and placement.on_top(u)]
    else:
        others = placement.units_in_the_way(state, unit, unit.hex, 0)
    if not others or displacement.may_stay(unit, others):  # ASSET-STACK-01: beside a friendly asset (DROP-14, 19)
        return state
    if direction is not None and not on_roof:
        events.append(CameDownOn(unit.id, tuple(u.id for u in others)))
        return collisions.fall_onto(state, unit, levels, direction, dice, events, rule="DROP-19")
    for other in others:
        if direction is None:
            way = SCATTER_DIRECTIONS[dice.d6(f"displacement direction {other.id}")]
            events.append(LandingDisplaces(unit.id, other.id, way))
        else:
            way = direction
            events.append(CameDownOnRoof(unit.id, other.id, way))
        state = displace(state, other.id, way, dice, events)
    return state


# -- the landing turn (DROP-09..11) -----------------------------------------------------------------




def apply_commit_order(state: GameState, order: CommitDropOrder, dice: Dice) -> tuple[GameState, Events]:
    """DROP-04: records a dropping 'Mech's commitment to its secret landing hex."""
    return apply_commit(state, order.unit, order.commitment)


def apply_reveal_order(state: GameState, order: RevealDropOrder, dice: Dice) -> tuple[GameState, Events]:
    """DROP-05..19: checks a revealed landing hex against its commitment, then lands."""
    unit = check_reveal(state, order.unit, order.hex, order.facing, order.salt)
    return land(state, unit.id, order.hex, order.facing, dice)


def apply_abort_order(state: GameState, order: AbortDropOrder, dice: Dice) -> tuple[GameState, Events]:
    return abort_drop(state, order.unit)
