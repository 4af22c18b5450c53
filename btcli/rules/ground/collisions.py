"""Collisions during skids and sideslips (VEH-SLIP-09..12, VEH-VTOL-14, VTOL-CRASH-05).

The standard skid collision procedure (TW p.62, p.67) is in neither the seeds
nor tables.md. btcli follows MegaMek's skid code (rule handler ``EntitySkid``:
``doAccidentalCharge``, ``canAvoidSkid``; read for the facts, UNVERIFIED against
the book; decisions in docs/rules-notes.md):

- A unit in the next hex is *in the way* when the two units' heights overlap
  (VEH-SLIP-10: for a slipping VTOL, hex level + the occupant's height >= the
  VTOL's height).
- A unit in the way that has not moved yet this turn may get out of the way:
  a piloting (driving) roll with no modifier; success = it is not struck.
- Otherwise the sliding unit makes an accidental charge: to-hit = its driving
  + (its driving - the target's piloting) + the target's modifiers, no attacker
  movement modifier. A hit is resolved as a charge with the hexes moved this
  turn so far (tables.md 8.7): the target is pushed on, the slider takes its
  hex and its slide ends. A miss leaves the target alone and the slider goes
  on; if it comes to rest sharing a hex, the other unit is displaced.
- A slipping VTOL meeting a building as high as itself charges the building
  hex automatically (VEH-SLIP-12), then crashes (VEH-SLIP-11, AMB-05).
- A VTOL crashing into a hex holding units falls on them: an accidental fall
  from above (VTOL-CRASH-05; TW p.152 as MegaMek resolves it, UNVERIFIED).
- A VTOL landing on, or a VTOL or WiGE slipping into, a large support vehicle or
  landed DropShip charges it automatically (VEH-VTOL-11, VEH-SLIP-12).
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.model.board import Board
from btcli.model.events_ground import (
    AccidentalChargeHit,
    AccidentalChargeMissed,
    AutomaticCharge,
    BuildingCharged,
    CannotDodge,
    Dodged,
    FellBeside,
    FellOnto,
    SlidIntoUnit,
)
from btcli.model.hexgrid import Facing, HexId
from btcli.model.state import GameState, Hit, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.core import arcs, combat_tables, condition, displacement, tohit
from btcli.rules.ground import physical, vehicles
from btcli.rules.core.displacement import displace
from btcli.rules.core.hits import apply_hits
from btcli.rules.ground.placement import is_large, struck_side, units_in_the_way
from btcli.rules.urban.structures import damage_structure

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events

AFFA_BASE = 7  # accidental fall from above: base to-hit (MegaMek; UNVERIFIED)
AFFA_TARGET_PSR = 2  # a 'Mech fallen upon makes a PSR at +2 (MegaMek "fallen on"; UNVERIFIED)


def _gets_out_of_the_way(target: Unit, dice: Dice, events: Events) -> bool:
    """A unit that has not moved yet may dodge: piloting/driving roll, no modifier (MegaMek canAvoidSkid).
    An asset makes no such roll: it fails without rolling (ASSET-GEN-01)."""
    if target.has_moved or condition.is_immobile(target):
        return False
    dodge = kinds.of(target).dodge_modifiers
    if dodge is None:
        events.append(CannotDodge(target.id))
        return False
    modifiers = dodge(target)
    roll = dice.roll(2, f"avoid collision {target.id}", target=sum(v for _, v in modifiers), modifiers=tuple(modifiers))
    if roll.success:
        events.append(Dodged(target.id, roll.total, roll.target))
    return roll.success


def accidental_charge(
    state: GameState, slider: Unit, target: Unit, direction: Facing, kind: str, dice: Dice, events: Events
) -> tuple[GameState, bool]:
    """Resolves a sliding unit running into ``target`` (VEH-SLIP-09, TW p.62 as MegaMek does it).

    Returns the new state and whether the charge hit (which ends the slide).
    """
    events.append(SlidIntoUnit(slider.id, kind, target.id, target.hex))
    if _gets_out_of_the_way(target, dice, events):
        return state, False
    mods = [("driving", slider.piloting)]
    # An asset has no piloting skill, only its card's one skill: no difference, as for a charge (physical.py).
    if slider.piloting != target.piloting and kinds.of(target).has_piloting:
        mods.append(("piloting difference", slider.piloting - target.piloting))
    mods += tohit.target_modifiers(state, slider, target)  # no attacker movement modifier
    tn = sum(v for _, v in mods)
    roll = dice.roll(2, f"to-hit accidental charge {slider.id} vs {target.id}", target=tn, modifiers=tuple(mods))
    if not roll.success:
        events.append(AccidentalChargeMissed(slider.id, target.id, roll.total, tn))
        return state, False
    events.append(AccidentalChargeHit(slider.id, target.id, roll.total, tn, kind))
    side = arcs.attack_direction(target.hex, target.facing, slider.hex, kinds.of(target).blows_on_vehicle_sides)
    hits, psr = physical.charge_hits(state, slider, target, side, struck_side(slider.facing, direction), dice)
    state, _ = physical.land_charge(state, slider, target, hits, psr, dice, events)
    moved = state.units[slider.id]  # VEH-SLIP-07: no going on after a collision
    state = state.with_unit(vehicles.with_state(moved, collided_turn=state.turn))
    return state, True


def make_room(state: GameState, slider: Unit, direction: Facing, dice: Dice, events: Events) -> GameState:
    """Pushes on the units a slide came to rest on (stacking, TW p.57; MegaMek displaces them), unless the
    asset stacking limits let them share the hex (ASSET-STACK-01)."""
    others = units_in_the_way(state, slider, slider.hex, slider.elevation)
    if others and displacement.may_stay(slider, others):
        return state
    for other in others:
        state = displace(state, other.id, direction, dice, events)
    return state


# -- buildings (VEH-SLIP-12, VTOL-CRIT-06) ---------------------------------------------------------------------


def damage_building(board: Board, hex_id: HexId, amount: int) -> Board:
    """Returns the board with a building hex's current CF lowered by ``amount`` (not below 0).

    Collapse (tables.md 10.3) is not resolved here: it comes with the urban rules (issue #5).
    """
    return damage_structure(board, hex_id, amount)


def charge_building(state: GameState, slider: Unit, hex_id: HexId, events: Events) -> GameState:
    """VEH-SLIP-12: a slipping VTOL automatically charges a building as high as itself; the hex takes
    charge damage, ceil(tons/10 x hexes moved) (tables.md 8.7)."""
    amount = ceil(slider.tons / 10 * slider.hexes_moved)
    board = damage_building(state.board, hex_id, amount)
    events.append(BuildingCharged(slider.id, hex_id, amount, board.hex(hex_id).building.cf))
    return state.with_board(board)


def automatic_charge(
    state: GameState, slider: Unit, target: Unit, dice: Dice, events: Events, rule: str
) -> GameState:
    """VEH-VTOL-11, VEH-SLIP-12: a VTOL or WiGE that lands on, or slips into, a large support vehicle or a
    landed DropShip charges it automatically: no to-hit roll and no getting out of the way. It is resolved
    as a charge (tables.md 8.7) with at least 1 hex moved (a landing may have moved none; btcli's reading,
    UNVERIFIED), the side struck seen from the slider's hex (its own hex: the front); the large unit is not
    pushed. Both vehicles then roll on the motive table (VEH-PHYS-05)."""
    events.append(AutomaticCharge(slider.id, target.id, target.hex, rule))
    side = arcs.attack_direction(target.hex, target.facing, slider.hex, kinds.of(target).blows_on_vehicle_sides)
    attacker = evolve(slider, hexes_moved=max(1, slider.hexes_moved))
    heading = slider.hex.direction_to(target.hex)  # None from its own hex (a landing)
    back_side = struck_side(slider.facing, slider.facing if heading is None else heading)
    hits, psr = physical.charge_hits(state, attacker, target, side, back_side, dice)
    state, _ = physical.finish(state, hits, psr, dice, events)
    return physical.after_charge(state, (slider.id, target.id), dice, events)


# -- VTOL-CRASH-05: falling on the units below -----------------------------------------------------------------


def fall_onto(
    state: GameState, faller: Unit, levels: int, direction: Facing, dice: Dice, events: Events,
    rule: str = "VTOL-CRASH-05",
) -> GameState:
    """VTOL-CRASH-05: a VTOL crashing into a hex with units falls on them (accidental fall from above).

    MegaMek's reading (UNVERIFIED): to-hit 7 + the target's movement and terrain modifiers; a hit does
    ceil(tons/10) x levels fallen (at least 1) in 5-point groups on the front column (punch table for
    a 'Mech) and pushes the target on in the slide's direction ('Mech PSR +2); a miss puts the faller
    down in the next free hex instead. A building hex catches the faller on its roof: no fall.
    """
    if state.board.hex(faller.hex).building is not None:
        return state
    if any(is_large(u) for u in units_in_the_way(state, faller, faller.hex, 0)):
        return state  # a large unit fills the hex: the faller comes down on it (its crash resolves the rest)
    for target in units_in_the_way(state, faller, faller.hex, 0):
        mods = [("base", AFFA_BASE)] + tohit.target_modifiers(state, faller, target)
        tn = sum(v for _, v in mods)
        roll = dice.roll(2, f"to-hit falling {faller.id} onto {target.id}", target=tn, modifiers=tuple(mods))
        if not roll.success:
            events.append(FellBeside(faller.id, target.id, roll.total, tn, rule))
            return displace(state, faller.id, direction, dice, events, psr=False)
        total = ceil(faller.tons / 10) * max(1, levels)
        events.append(FellOnto(faller.id, target.id, roll.total, tn, total, rule))
        hits = _fall_hits(dice, target, total, faller.id)
        state, more = apply_hits(state, tuple(hits), dice)
        events.extend(more)
        state = displace(state, target.id, direction, dice, events, psr=False)
        state = physical.psr_or_fall(state, target.id, target, "fallen on", AFFA_TARGET_PSR, dice, events)
    return state


def _fall_hits(dice: Dice, target: Unit, total: int, source: str) -> list[Hit]:
    # the punch table for a 'Mech (btcli.rules.kinds: its blow_hit), any other kind's own table
    return [kinds.of(target).blow_hit(dice, target, "punch", "front", amount, f"fall of {source}")
            for amount in combat_tables.damage_groups(total, 5)]
