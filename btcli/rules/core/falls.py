"""Falls, the mechanism every rule area builds on (tables.md 8.3, 15): a 'Mech falling (new facing,
damage, MechWarrior check), accidental falls from above for every unit kind, damage in 5-point
groups on one table column, and consciousness rolls. The rolls that make units fall are the
kinds' control rolls (``kinds``)."""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_damage import FallingDamage, Fell, FellFromAbove, PilotUnconscious
from btcli.model.state import GameState, Hit, evolve
from btcli.model.units import Unit
from btcli.rules import kinds
from btcli.rules.kinds import mech
from btcli.rules.core import combat_tables, damage
from btcli.rules.ground import piloting

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.board import Board
    from btcli.model.events import Events


def fall(unit: Unit, dice: Dice, events: Events, levels: int, table: str = "", *, into_water: bool) -> Unit:
    """A 'Mech falls: new facing (tables.md 8.3), falling damage in 5-point groups, pilot roll.

    ``table`` "kick" or "punch" takes the hit locations from that table instead (a basement
    fallen into feet or head first, tables.md 10.4). ``into_water``: the fall ends in water of
    depth 1 or more, halving the damage (tables.md 8.3); every caller says (``in_water`` tells it for
    a unit where it stands), so none forgets it."""
    d6 = dice.d6(f"facing after a fall {unit.id}")
    facing, side = combat_tables.fall_result(d6, unit.facing)
    total = piloting.falling_damage(unit.tons, levels, into_water)
    events.append(Fell(unit.id, facing, total, side))
    unit = evolve(unit, facing=facing).with_mech(prone=True)
    hits = []
    for amount in combat_tables.damage_groups(total, 5):
        if table in ("kick", "punch"):
            roll = dice.d6(f"{table} table location {unit.id} (fall)")
            hits.append(Hit(unit.id, mech.body(unit).location(table, roll, side), amount, side, side == "rear",
                            False, False, "fall"))
        else:
            hits.append(kinds.hit(dice, unit, side, amount, "fall"))
    fall_events: Events = []
    for hit in hits:
        unit = damage.mech_damage(unit, hit, dice, fall_events)
        if unit.destroyed:
            break
    events.extend(fall_events)
    if unit.built.structure == "industrial":  # EQ-IND-01: a critical check at the turn's end
        from btcli.rules.ground import industrial

        unit = industrial.fell(unit, levels)
    if not unit.destroyed:
        roll = dice.roll(2, f"MechWarrior fall check {unit.id}", target=unit.piloting, modifiers=(("piloting", unit.piloting),))
        if not roll.success:
            unit = damage.wound(unit, piloting.pilot_fall_damage_levels(max(levels, 1)), "fall", events)
    return unit


def consciousness(unit: Unit, hits_before: int, dice: Dice, events: Events) -> Unit:
    """Rolls consciousness once for each MechWarrior hit taken this phase (tables.md 15, UNVERIFIED)."""
    for hits in range(hits_before + 1, unit.pilot_hits + 1):
        if unit.destroyed or not unit.conscious:
            return unit
        target = piloting.consciousness_target(hits)
        if target is None:
            continue
        roll = dice.roll(2, f"consciousness {unit.id} ({hits} hits)", target=target)
        if not roll.success:
            events.append(PilotUnconscious(unit.id))
            return evolve(unit, conscious=False)
    return unit


def in_water(board: Board, unit: Unit) -> bool:
    """Tells whether a unit stands in water of depth 1 or more, where a fall does half damage (tables.md 8.3): in a
    water hex, not on a bridge's deck over it (a unit in a bridge hex stands on the deck unless placed under it)."""
    where, ground = unit.position, unit.hex  # the ground board's hex (None on another map)
    if where is None or ground is None:
        return False
    h = board.hex(ground)
    return h.is_deep_water and (h.bridge is None or where.under_bridge)


def accidental_fall(
    unit: Unit, levels: int, dice: Dice, events: Events, turn: int = 0, *, into_water: bool
) -> Unit:
    """A unit falls ``levels`` levels: a 'Mech falls; a vehicle takes falling damage (VEH-DISP-02).
    ``into_water``: it lands in water of depth 1 or more, which halves the damage (tables.md 8.3); every
    caller says."""
    events.append(FellFromAbove(unit.id, levels))
    if kinds.of(unit).falls_over:
        return fall(unit, dice, events, levels=levels, into_water=into_water)
    total = piloting.falling_damage(unit.tons, levels, into_water)
    d6 = dice.d6(f"fall direction {unit.id}")
    _, side = combat_tables.fall_result(d6, unit.facing)
    side = "front" if side == "front" else side
    hits = [kinds.hit(dice, unit, side, amount, "fall") for amount in combat_tables.damage_groups(total, 5)]
    events.append(FallingDamage(unit.id, total, side))
    state_events: Events = []
    for hit in hits:
        unit = kinds.take_hit(unit, hit, dice, state_events, turn)
        if unit.destroyed:
            break
    events.extend(state_events)
    return unit


def group_damage(
    state: GameState, unit: Unit, amount: int, table: str, dice: Dice, events: Events,
    side: str = "front", source: str = "collapse",
) -> Unit:
    """Applies damage in 5-point groups on one column of a table (URB-COLL-05, URB-MOVE-04)."""
    for group in combat_tables.damage_groups(amount, 5):
        punch = kinds.of(unit).punch_hit if table == "punch" else None
        hit = (punch or kinds.hit)(dice, unit, side, group, source)
        unit = kinds.take_hit(unit, hit, dice, events, state.turn)
        if unit.destroyed:
            break
    return unit
