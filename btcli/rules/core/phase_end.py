"""The ends of the attack phases and the heat phase: the phase's damage lands, then the piloting
skill rolls it forces and the MechWarriors' consciousness rolls (tables.md 8.6, 8.3, 15); the heat
phase adds, sinks and checks every 'Mech's heat (tables.md 15).

Declaring and resolving weapon fire is ``combat``; the damage it rolls waits in
``GameState.pending`` until ``end_weapon_phase`` (Total Warfare p.99). The two are separate modules so
that a declaration does not load the damage, fall and building rules (issue #17).
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.events_damage import (
    FellAutomatically,
    FootingLost,
    HeatChanged,
    PSRFailed,
    PSRPassed,
    Restarted,
    ShutDown,
    ShutdownPSRFailed,
)
from btcli.model.state import GameState, evolve
from btcli.model.units import Unit
from btcli.rules.core import damage, weapon_modes
from btcli.rules import kinds
from btcli.rules.ground import construction, heat, myomer_jets, piloting
from btcli.rules.urban import buildings, structures
from btcli.rules.core import falls
from btcli.rules.core.falls import consciousness, fall
from btcli.rules.core.hits import apply_hits
from btcli.rules.kinds import mech, pilot_modifiers, piloting_roll

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from btcli.model.events import Events


def end_weapon_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Applies the phase's pending damage, then PSRs and consciousness rolls."""
    before = dict(state.units)
    unit_hits = tuple(h for h in state.pending if not structures.is_structure_hit(h))
    # A kind with damage rules of its own for the phase's hits (air-to-air fire, issue #14: the aerospace damage
    # rules and the control rolls they force) takes its hits after the others'.
    own: dict = {}
    for h in unit_hits:
        handler = kinds.of(state.units[h.target]).apply_hits
        if handler is not None:
            own.setdefault(handler, []).append(h)
    if own:
        unit_hits = tuple(h for h in unit_hits if kinds.of(state.units[h.target]).apply_hits is None)
    state, events = apply_hits(state, unit_hits, dice)
    for handler, hits in own.items():
        state, more = handler(state, tuple(hits), dice)
        events.extend(more)
    state, more = buildings.apply_structure_hits(state, dice)  # URB-IN-03, URB-COLL-03: at the phase's end
    events.extend(more)
    state = evolve(state, pending=())
    for uid, unit in list(state.units.items()):  # the crews that cleared jams are done (VEH-CRIT-23)
        done = kinds.of(unit).after_weapon_phase(unit)
        if done is not unit:
            state = state.with_unit(done)
    state, more = after_damage(state, dice, before, recoil=True)
    return state, events + more


def after_damage(state: GameState, dice: Dice, before: dict[str, Unit], recoil: bool = False) -> tuple[GameState, Events]:
    """Rolls the PSRs forced by this phase's damage and the consciousness rolls (tables.md 8.6, 15).

    ``before`` holds the units as the phase began, to tell what this phase did; ``recoil``: the weapon phase's
    end, when a heavy Gauss rifle fired after moving forces its roll (EQ-HGR-01).
    """
    events: Events = []
    for uid in list(state.units):
        unit = state.units[uid]
        if kinds.of(unit).damage_rolls and not unit.destroyed:
            unit = _damage_psr(unit, before.get(uid, unit), dice, events, recoil, falls.in_water(state.board, unit))
            unit = consciousness(unit, before.get(uid, unit).pilot_hits, dice, events)
        if unit is not state.units[uid]:
            state = state.with_unit(unit)
    return state, events


LEG_ITEMS = {"hip": "hip actuator hit", "upper_leg": "leg actuator hit", "lower_leg": "leg actuator hit",
             "foot": "foot actuator hit", "gyro": "gyro hit"}


def psrs_after_damage(unit: Unit, before: Unit, dice: Dice, events: Events, wet: bool = False) -> Unit:
    """The PSRs a unit's damage since ``before`` calls for, rolled now (MASC's failure, EQ-MASC-04); ``wet``: it
    stands in water of depth 1 or more, where a fall does half damage (``falls.in_water``)."""
    return _damage_psr(unit, before, dice, events, wet=wet)


def automatic_fall(unit: Unit, before: Unit) -> str | None:
    """Returns why a 'Mech falls without a roll for its damage since ``before`` (its gyro destroyed or a leg lost:
    tables.md 8.6), or None."""
    gyro_gone = unit.count_hits("gyro") >= damage.GYRO_DESTROYED_HITS > before.count_hits("gyro")
    shape = mech.body(unit)
    return piloting.automatic_fall(gyro_gone, shape.legs_gone(unit) - shape.legs_gone(before))


def _damage_psr(unit: Unit, before: Unit, dice: Dice, events: Events, recoil: bool = False,
                wet: bool = False) -> Unit:
    """Rolls one PSR per event of this phase that calls for one; the first failure is a fall (tables.md 8.6), into
    the water where it stands in water of depth 1 or more (``wet``: half damage, tables.md 8.3)."""
    if unit.built.prone:
        return unit
    automatic = automatic_fall(unit, before)
    if automatic:
        events.append(FellAutomatically(unit.id, automatic))
        return fall(unit, dice, events, levels=0, into_water=wet)
    reasons: list[tuple[str, int]] = []
    if piloting.damage_psr_needed(unit.damage_phase):
        reasons.append(("took 20+ damage", piloting.PSR_MODIFIERS["damage_20"]))
    for item in unit.destroyed_items(len(before.crits)):  # the modifiers of the damage itself are pre-existing now
        if item in LEG_ITEMS:
            reasons.append((LEG_ITEMS[item], 0))
    if recoil and unit.fired:
        from btcli.rules.core import heavy_gauss  # a unit that fired only

        reasons += heavy_gauss.recoil_reasons(unit)
    for reason, value in reasons:
        roll = piloting_roll(unit, reason, dice, value)
        if roll is None:
            events.append(FootingLost(unit.id, reason))
            return fall(unit, dice, events, levels=0, into_water=wet)
        if not roll.success:
            events.append(PSRFailed(unit.id, reason, roll.shown, roll.target))
            return fall(unit, dice, events, levels=0, into_water=wet)
        events.append(PSRPassed(unit.id, reason, roll.total, roll.target))
    return unit


# -- heat phase ----------------------------------------------------------------------------------


def heat_phase(state: GameState, dice: Dice) -> tuple[GameState, Events]:
    """Adds this turn's heat to every 'Mech, sinks it, and rolls shutdown and ammunition checks (tables.md 15)."""
    events: Events = []
    for uid in list(state.units):
        unit = state.units[uid]
        if not kinds.of(unit).builds_heat or unit.destroyed:
            continue  # VEH-HEAT-01: vehicles track no heat
        weapons = [unit.spec(unit.weapons[i].weapon).heat for i in unit.fired]
        moved = heat.movement_heat(unit.mode.value, myomer_jets.jump_heat_hexes(unit, unit.hexes_moved))
        if unit.engine != "fusion":  # EQ-IND-04: an ICE or fuel cell engine makes no heat walking or running
            from btcli.rules.ground import industrial

            moved = industrial.movement_heat(unit, unit.mode.value, moved)
        generated = moved + heat.weapon_heat(weapons)
        stealthy = 0
        if unit.built.armor_type == "stealth":  # EQ-STEALTH-04: 10 heat a turn switched on
            from btcli.rules.core import stealth

            stealthy = stealth.heat(unit)
            generated += stealthy
        sinks = unit.working_heat_sinks
        dissipated, double = construction.dissipation(unit)  # EQ-HS-01, 02
        engine = construction.engine_hits(unit)  # EQ-ENG-02: a side torso's lost engine slots too
        new = heat.new_heat(unit.built.heat, generated, dissipated, engine)
        events.append(HeatChanged(unit.id, unit.built.heat, new, moved, sum(weapons), 5 * engine, sinks, double, stealthy))
        if new != unit.built.heat:
            unit = unit.with_mech(heat=new)
        unit = _shutdown_check(unit, dice, events, falls.in_water(state.board, unit))
        unit = _heat_ammo_check(unit, dice, events)
        if unit is not state.units[uid]:
            state = state.with_unit(unit)
    for own_heat in kinds.phase_rules(state, "heat_phase"):  # aerospace fighters' heat (issue #14)
        state, more = own_heat(state)
        events.extend(more)
    return state, events


def _shutdown_check(unit: Unit, dice: Dice, events: Events, wet: bool = False) -> Unit:
    target = heat.shutdown_avoid_target(unit.built.heat)
    if target is None:
        if unit.built.shutdown:
            events.append(Restarted(unit.id, unit.built.heat))
            return unit.with_mech(shutdown=False)
        return unit
    if target == heat.AUTOMATIC:
        if unit.built.shutdown:
            return unit
        events.append(ShutDown(unit.id, unit.built.heat, automatic=True))
        return _shutdown_psr(unit.with_mech(shutdown=True), dice, events, wet)
    roll = dice.roll(2, f"shutdown avoidance {unit.id} (heat {unit.built.heat})", target=target)
    if roll.success:
        return unit
    events.append(ShutDown(unit.id, unit.built.heat))
    return _shutdown_psr(unit.with_mech(shutdown=True), dice, events, wet)


def _shutdown_psr(unit: Unit, dice: Dice, events: Events, wet: bool = False) -> Unit:
    """A 'Mech that shuts down must make a PSR at +3 or fall (tables.md 8.6, 15); in water, for half damage."""
    if unit.built.prone:
        return unit
    # Shutting down is itself the roll's occasion: it is rolled (unless no 2D6 reaches it, PSR-AUTO-02), not failed
    # as a shut-down 'Mech's other PSRs are.
    from btcli.rules.kinds import skill_roll

    modifiers = [("piloting", unit.piloting), ("shutdown", piloting.PSR_MODIFIERS["shutdown"])] + pilot_modifiers(unit)
    roll = skill_roll(dice, f"piloting skill roll {unit.id} (shutdown)", tuple(modifiers))
    if roll.success:
        return unit
    events.append(ShutdownPSRFailed(unit.id, roll.shown, roll.target))
    return fall(unit, dice, events, levels=0, into_water=wet)


def _heat_ammo_check(unit: Unit, dice: Dice, events: Events) -> Unit:
    target = heat.ammo_explosion_avoid_target(unit.built.heat)
    if target is None:
        return unit
    live = [(loc, i, item) for loc, items in unit.built.slots.items() for i, item in enumerate(items)
            if item.startswith("ammo:") and i not in unit.slot_hits(loc)]
    if target is None or not live:
        return unit
    roll = dice.roll(2, f"heat ammunition explosion avoidance {unit.id} (heat {unit.built.heat})", target=target)
    if roll.success:
        return unit
    # The bin that would do the most damage explodes (docs/rules-notes.md).
    loc, slot, item = max(live, key=lambda entry: _bin_damage(unit, *entry))
    return damage.ammo_explosion(unit.with_slot_hit(loc, slot), loc, slot, item.split(":", 1)[1], events, dice)


def _bin_damage(unit: Unit, location: str, slot: int, item: str) -> int:
    weapon = item.split(":", 1)[1]
    contents = unit.built.slots[location]
    nth = sum(1 for i in range(slot) if contents[i] == item)
    bins = [a for a in unit.ammo if a.weapon == weapon and a.location == location]
    shots = bins[nth].shots if nth < len(bins) else 0
    return shots * weapon_modes.shot_damage(unit.spec(weapon))
