"""Aerospace damage: hit location, armor and structural integrity, critical hits, the crew.

Sources: tables.md 9.1 (fighter hit location and critical table, VERIFIED from
MegaMek ``Aero.rollHitLocation``; critical effects from MegaMek), seed 001
(nose damage from over-speed and failed re-entry, AERO-HALT-04, AERO-ATM-06;
SI damage from high-G, AERO-HIGHG-02; pilot damage and the consciousness roll,
AERO-HIGHG-04), tables.md 15 (consciousness targets, UNVERIFIED; shared with
'Mechs through btcli.rules.ground.piloting).

Small craft and DropShips roll on a table of their own (AERO-CRIT-01): tables.md
lacks it (section 14), so it is MegaMek's (@f0b2b01 SmallCraft.java:324-554, which
DropShips use too), UNVERIFIED; it names the criticals only they have (thrusters,
doors, cargo, docking collar, K-F boom, life support; MegaMek Server.java:25667-25830
for their effects, AERO-CRIT-02..06). Fighters, conventional fighters and support
vehicles roll on tables.md 9.1. Damage first strips the armor of the location hit;
what gets through reduces structural integrity; SI 0 destroys the unit.
"""

from __future__ import annotations

from math import ceil

from btcli.dice import Dice
from btcli.model.aero import AeroClass, AeroDesign, AeroState, Arc, FiringArc, Shape
from btcli.model.choices import Choice
from btcli.model.events import Event
from btcli.model.events_aero import (
    AeroCritical,
    AeroCriticalNoEffect,
    AeroCrewKilled,
    AeroDamaged,
    AeroFuelExploded,
    AeroWeaponDestroyed,
    CrewHit,
    PilotUnconscious,
    StructureGone,
)
from btcli.model.frozen import Record, evolve
from btcli.rules.ground import piloting
from btcli.rules.aero.maneuvers import rolled_armor_arc


class AttackDirection(Choice):
    """The column of the hit location table (tables.md 9.1)."""

    NOSE = "nose"
    AFT = "aft"
    SIDE = "side"
    ABOVE_BELOW = "above_below"


class Critical(Choice):
    """The critical system a hit location names (tables.md 9.1; small craft and DropShips, AERO-CRIT-01)."""

    WEAPON = "weapon"
    SENSORS = "sensors"
    HEAT_SINK = "heat_sink"
    LANDING_GEAR = "landing_gear"
    FUEL_TANK = "fuel_tank"
    CREW = "crew"
    AVIONICS = "avionics"
    ENGINE = "engine"
    CONTROL = "control"
    FIRE_CONTROL = "fire_control"
    BOMB = "bomb"
    # Small craft and DropShips only (AERO-CRIT-01); a thruster is the one on the side hit (AERO-CRIT-02).
    THRUSTER = "thruster"
    DOOR = "door"
    CARGO = "cargo"
    DOCKING_COLLAR = "docking_collar"
    KF_BOOM = "kf_boom"
    LIFE_SUPPORT = "life_support"


WING = "wing"  # the wing on the attacked side (above/below: 1D6, 1-3 right, 4-6 left)

_C = Critical
HitTable = dict[AttackDirection, dict[int, tuple[Arc | str, Critical]]]
# tables.md 9.1: 2D6 -> (location, critical) per attack direction.
HIT_TABLE: HitTable = {
    AttackDirection.NOSE: {
        2: (Arc.NOSE, _C.WEAPON), 3: (Arc.NOSE, _C.SENSORS), 4: (Arc.RIGHT, _C.HEAT_SINK),
        5: (Arc.RIGHT, _C.WEAPON), 6: (Arc.NOSE, _C.AVIONICS), 7: (Arc.NOSE, _C.CONTROL),
        8: (Arc.NOSE, _C.FIRE_CONTROL), 9: (Arc.LEFT, _C.WEAPON), 10: (Arc.LEFT, _C.HEAT_SINK),
        11: (Arc.NOSE, _C.LANDING_GEAR), 12: (Arc.NOSE, _C.WEAPON),
    },
    AttackDirection.AFT: {
        2: (Arc.AFT, _C.WEAPON), 3: (Arc.AFT, _C.HEAT_SINK), 4: (Arc.RIGHT, _C.FUEL_TANK),
        5: (Arc.RIGHT, _C.WEAPON), 6: (Arc.AFT, _C.ENGINE), 7: (Arc.AFT, _C.CONTROL),
        8: (Arc.AFT, _C.ENGINE), 9: (Arc.LEFT, _C.WEAPON), 10: (Arc.LEFT, _C.FUEL_TANK),
        11: (Arc.AFT, _C.HEAT_SINK), 12: (Arc.AFT, _C.WEAPON),
    },
    AttackDirection.SIDE: {
        2: (Arc.NOSE, _C.WEAPON), 3: (WING, _C.LANDING_GEAR), 4: (Arc.NOSE, _C.SENSORS),
        5: (Arc.NOSE, _C.CREW), 6: (WING, _C.WEAPON), 7: (WING, _C.AVIONICS),
        8: (WING, _C.BOMB), 9: (Arc.AFT, _C.CONTROL), 10: (Arc.AFT, _C.ENGINE),
        11: (WING, _C.LANDING_GEAR), 12: (Arc.AFT, _C.WEAPON),
    },
    AttackDirection.ABOVE_BELOW: {
        2: (Arc.NOSE, _C.WEAPON), 3: (WING, _C.LANDING_GEAR), 4: (Arc.NOSE, _C.SENSORS),
        5: (Arc.NOSE, _C.CREW), 6: (WING, _C.WEAPON), 7: (Arc.NOSE, _C.AVIONICS),
        8: (WING, _C.WEAPON), 9: (Arc.AFT, _C.CONTROL), 10: (Arc.AFT, _C.ENGINE),
        11: (WING, _C.LANDING_GEAR), 12: (Arc.AFT, _C.WEAPON),
    },
}
FIGHTER_TABLE = HIT_TABLE

# AERO-CRIT-01: the small craft table (MegaMek @f0b2b01 SmallCraft.java:324-554; DropShips use it too,
# Dropship.java:1789-1873 overriding only kicks and punches). Its left and right side columns are one column
# here: "wing" is the side hit, and a thruster result is the thruster on that side. Above/below picks the side
# by the 1D6 wing die, as the fighter table does (MegaMek rolls its own wing die the same way).
_SIDE_SC = {
    2: (Arc.NOSE, _C.WEAPON), 3: (Arc.NOSE, _C.FIRE_CONTROL), 4: (Arc.NOSE, _C.SENSORS),
    5: (WING, _C.THRUSTER), 6: (WING, _C.CARGO), 7: (WING, _C.WEAPON), 8: (WING, _C.DOOR),
    9: (WING, _C.THRUSTER), 10: (Arc.AFT, _C.AVIONICS), 11: (Arc.AFT, _C.ENGINE), 12: (Arc.AFT, _C.WEAPON),
}
SMALL_CRAFT_TABLE: HitTable = {
    AttackDirection.NOSE: {
        2: (Arc.NOSE, _C.CREW), 3: (Arc.NOSE, _C.AVIONICS), 4: (Arc.RIGHT, _C.WEAPON),
        5: (Arc.RIGHT, _C.THRUSTER), 6: (Arc.NOSE, _C.FIRE_CONTROL), 7: (Arc.NOSE, _C.WEAPON),
        8: (Arc.NOSE, _C.CONTROL), 9: (Arc.LEFT, _C.THRUSTER), 10: (Arc.LEFT, _C.WEAPON),
        11: (Arc.NOSE, _C.SENSORS), 12: (Arc.NOSE, _C.KF_BOOM),
    },
    AttackDirection.AFT: {
        2: (Arc.AFT, _C.LIFE_SUPPORT), 3: (Arc.AFT, _C.CONTROL), 4: (Arc.RIGHT, _C.WEAPON),
        5: (Arc.RIGHT, _C.DOOR), 6: (Arc.AFT, _C.ENGINE), 7: (Arc.AFT, _C.WEAPON),
        8: (Arc.AFT, _C.DOCKING_COLLAR), 9: (Arc.LEFT, _C.DOOR), 10: (Arc.LEFT, _C.WEAPON),
        11: (Arc.AFT, _C.LANDING_GEAR), 12: (Arc.AFT, _C.FUEL_TANK),
    },
    AttackDirection.SIDE: _SIDE_SC,
    AttackDirection.ABOVE_BELOW: _SIDE_SC,
}
# AERO-CRIT-01: the classes with a table of their own; every other class rolls on tables.md 9.1 (conventional
# fighters and fixed-wing support vehicles as MegaMek's ConvFighter and FixedWingSupport, which keep Aero's).
TABLE_OF_CLASS: dict[AeroClass, HitTable] = {
    AeroClass.SMALL_CRAFT: SMALL_CRAFT_TABLE,
    AeroClass.DROPSHIP: SMALL_CRAFT_TABLE,
}
# AERO-CRIT-05: only a DropShip has a docking collar and a K-F boom to damage (MegaMek Server.java:25699-25730:
# a small craft's result on them does nothing).
COLLAR_CLASSES = frozenset({AeroClass.DROPSHIP})

# AERO-CRIT-08: a spheroid small craft or DropShip in an atmosphere hit from the nose, aft or a side: 1D6 after
# the location roll, 1 the nose column, 6 the aft column, else the attack's (MegaMek @f0b2b01 SmallCraft.java:335-347,
# from a forum ruling; UNVERIFIED). MegaMek rolls it for above/below attacks too but keeps their column.
SPHEROID_COLUMN = {1: AttackDirection.NOSE, 6: AttackDirection.AFT}

CRITICAL_TARGET = 8  # tables.md 9.1: 2D6 >= 8 applies the listed critical
FUEL_EXPLOSION_TARGET = 10  # tables.md 9.1: fuel tank hit, 2D6 10+ explodes
DIRECT_DAMAGE_PER_POINT = 5  # AERO-HALT-04, AERO-ATM-06: 5 nose damage per point


class HitResult(Record, slots=False):
    """What one hit did: the new state, what happened, and the control rolls it forces (tables.md 9.4)."""

    state: AeroState
    events: tuple[Event, ...]
    control_rolls: tuple[str, ...] = ()  # reasons: damage at or above the threshold, avionics or control critical


def hit_table(design: AeroDesign) -> HitTable:
    """Returns the hit location table a unit's class rolls on: small craft and DropShips their own
    (AERO-CRIT-01), every other class the fighter table (tables.md 9.1)."""
    return TABLE_OF_CLASS.get(design.aero_class, FIGHTER_TABLE)


def reachable_criticals(design: AeroDesign) -> frozenset[Critical]:
    """Returns the critical results a unit of this class can take: those on its table (AERO-CRIT-01), a docking
    collar and a K-F boom only on a DropShip (AERO-CRIT-05). A scenario may give only these (issue #32, ST-10)."""
    found = {critical for column in hit_table(design).values() for _, critical in column.values()}
    if design.aero_class not in COLLAR_CLASSES:
        found -= {Critical.DOCKING_COLLAR, Critical.KF_BOOM}
    return frozenset(found)


def spheroid_die_due(design: AeroDesign, direction: AttackDirection, atmosphere: bool) -> bool:
    """Tells whether a hit needs AERO-CRIT-08's 1D6: a spheroid with the small craft table, in an atmosphere,
    attacked from anywhere but above or below."""
    return (atmosphere and design.shape is Shape.SPHEROID and design.aero_class in TABLE_OF_CLASS
            and direction is not AttackDirection.ABOVE_BELOW)


def spheroid_column(die: int, direction: AttackDirection) -> AttackDirection:
    """Returns the column a spheroid in an atmosphere is hit on: 1 the nose's, 6 the aft's, else ``direction``'s
    (AERO-CRIT-08)."""
    return SPHEROID_COLUMN.get(die, direction)


def needs_wing_die(table: HitTable, direction: AttackDirection, roll: int) -> bool:
    """Tells whether a hit location roll needs the 1D6 wing die: a "wing" result of an above/below attack."""
    return direction is AttackDirection.ABOVE_BELOW and table[direction][roll][0] == WING


def hit_location(
    direction: AttackDirection, roll: int, *, side: Arc | None = None, wing_die: int | None = None,
    table: HitTable = FIGHTER_TABLE,
) -> tuple[Arc, Critical]:
    """Returns the location and critical system for a 2D6 hit location roll on ``table`` (tables.md 9.1 by
    default; ``hit_table`` gives a class's).

    "Wing" results strike the wing (a small craft's side) on the attacked ``side`` (side attacks), or by
    ``wing_die`` for above/below attacks: 1-3 right, 4-6 left.
    """
    location, critical = table[direction][roll]
    if location != WING:
        return location, critical  # type: ignore[return-value]
    if direction is AttackDirection.ABOVE_BELOW:
        if wing_die is None:
            raise ValueError("an above/below wing hit needs the 1D6 wing die")
        return (Arc.RIGHT if wing_die <= 3 else Arc.LEFT), critical
    if side not in (Arc.LEFT, Arc.RIGHT):
        raise ValueError("a side wing hit needs the attacked side (left or right)")
    return side, critical


def damage_threshold(design: AeroDesign, arc: Arc) -> int:
    """Returns a location's damage threshold: its starting armor / 10, rounded up (tables.md 9.1)."""
    return ceil(design.armor.get(arc) / 10)


def apply_hit(
    design: AeroDesign,
    state: AeroState,
    arc: Arc,
    damage: int,
    dice: Dice,
    *,
    critical: Critical | None = None,
    natural_twelve: bool = False,
    reason: str = "hit",
) -> HitResult:
    """Applies one hit of ``damage`` to ``arc``: armor first, the rest to SI; then the critical check.

    A rolled unit takes left hits on its right side and vice versa (AERO-MNV-09).
    A critical chance arises on a natural 12, when the hit reaches the location's
    threshold, or when SI is damaged; 2D6 >= 8 then applies ``critical``
    (tables.md 9.1). Direct damage with no location roll (over-speed, failed
    re-entry) names no critical system, so it makes no critical check.
    """
    arc = rolled_armor_arc(arc, state.rolled)
    armor = state.armor.get(arc)
    absorbed = min(armor, damage)
    through = damage - absorbed
    state = evolve(state, armor=state.armor.with_arc(arc, armor - absorbed))
    events: list[Event] = [AeroDamaged(reason, damage, arc.value, through)]
    if through:
        state = damage_structure(state, through)
        if state.destroyed:
            events.append(StructureGone())
    control = []
    reaches_threshold = damage >= damage_threshold(design, arc)
    if reaches_threshold:
        control.append(f"damage {damage} at or above the {arc.value} threshold {damage_threshold(design, arc)}")
    if critical is not None and not state.destroyed and (natural_twelve or reaches_threshold or through):
        check = dice.roll(2, f"critical check: {critical.value} ({arc.value})", target=CRITICAL_TARGET)
        if check.success:
            state, more, forced = apply_critical(design, state, critical, arc, dice)
            events += more
            control += forced
    return HitResult(state, tuple(events), tuple(control))


def direct_nose_damage(design: AeroDesign, state: AeroState, points: int, dice: Dice, reason: str) -> HitResult:
    """Applies ``points`` x 5 damage to the nose as one hit (over-speed AERO-HALT-04, failed re-entry AERO-ATM-06)."""
    return apply_hit(design, state, Arc.NOSE, DIRECT_DAMAGE_PER_POINT * points, dice, reason=reason)


def damage_structure(state: AeroState, points: int) -> AeroState:
    """Takes ``points`` off structural integrity; at 0 the unit is destroyed."""
    si = max(0, state.structural_integrity - points)
    return evolve(state, structural_integrity=si, destroyed=state.destroyed or si == 0)


def apply_critical(
    design: AeroDesign, state: AeroState, critical: Critical, arc: Arc, dice: Dice
) -> tuple[AeroState, list[Event], list[str]]:
    """Applies a critical hit (tables.md 9.1 effects; small craft and DropShips AERO-CRIT-02..06); returns the
    state, events and forced control rolls."""
    if critical is Critical.THRUSTER:  # AERO-CRIT-02: the thruster of the side hit (the table names only sides)
        side = "left" if arc is Arc.LEFT else "right"
        state = evolve(state, **{f"{side}_thruster_hits": getattr(state, f"{side}_thruster_hits") + 1})
        return state, [AeroCritical(f"{side}_thruster")], []
    if critical in (Critical.DOCKING_COLLAR, Critical.KF_BOOM) and design.aero_class not in COLLAR_CLASSES:
        return state, [AeroCriticalNoEffect(critical.value, design.aero_class.value)], []
    events: list[Event] = [AeroCritical(critical.value)]
    forced: list[str] = []
    if critical is Critical.AVIONICS:
        state = evolve(state, avionics_hits=state.avionics_hits + 1)
        forced.append("avionics critical")
    elif critical is Critical.CONTROL:
        forced.append("control critical")
    elif critical is Critical.CREW:
        state, more = pilot_hit(design, state, dice, "crew critical")
        events += more
    elif critical is Critical.ENGINE:
        state = evolve(state, engine_hits=state.engine_hits + 1)
    elif critical is Critical.FIRE_CONTROL:
        state = evolve(state, fire_control_hits=state.fire_control_hits + 1)
    elif critical is Critical.SENSORS:
        state = evolve(state, sensor_hits=state.sensor_hits + 1)
    elif critical is Critical.BOMB:
        state = evolve(state, bomb_hits=state.bomb_hits + 1)
    elif critical is Critical.HEAT_SINK:
        state = evolve(state, heat_sinks_lost=min(design.heat_sinks, state.heat_sinks_lost + 1))
    elif critical is Critical.LANDING_GEAR:
        state = evolve(state, landing_gear_damaged=True)
    elif critical is Critical.FUEL_TANK:
        if dice.roll(2, "fuel tank explosion", target=FUEL_EXPLOSION_TARGET).success:
            state = evolve(state, destroyed=True)
            events.append(AeroFuelExploded())
    elif critical is Critical.DOOR:
        state = evolve(state, door_hits=state.door_hits + 1)  # AERO-CRIT-03
    elif critical is Critical.LIFE_SUPPORT:
        state = evolve(state, life_support_hit=True)  # AERO-CRIT-04
    elif critical is Critical.CARGO:
        state = evolve(state, cargo_hits=state.cargo_hits + 1)  # AERO-CRIT-05
    elif critical is Critical.DOCKING_COLLAR:
        state = evolve(state, docking_collar_damaged=True)  # AERO-CRIT-05
    elif critical is Critical.KF_BOOM:
        state = evolve(state, kf_boom_damaged=True)  # AERO-CRIT-05
    elif critical is Critical.WEAPON:
        index = next((i for i, w in enumerate(design.weapons)
                      if w.arc in _WEAPON_ARCS[arc] and state.weapons_destroyed.count(i) < w.count), None)
        if index is not None:
            state, more = _destroy_weapon(design, state, index)
            events += more
    return state, events, forced


def _destroy_weapon(design: AeroDesign, state: AeroState, index: int) -> tuple[AeroState, list[Event]]:
    """Destroys one weapon of entry ``index``, or, when it is in a bay, every weapon of the bay left (AERO-CRIT-07:
    MegaMek @f0b2b01 Server.java:25622-25642 hits all the bay's weapons)."""
    bay = design.weapons[index].bay
    hit = [i for i, w in enumerate(design.weapons) if w.bay == bay] if bay else [index]
    lost = list(state.weapons_destroyed)
    events: list[Event] = []
    for i in hit:
        for _ in range(design.weapons[i].count - lost.count(i) if bay else 1):
            lost.append(i)
            events.append(AeroWeaponDestroyed(design.weapons[i].name, design.weapons[i].arc.value))
    return evolve(state, weapons_destroyed=tuple(sorted(lost))), events


_WEAPON_ARCS = {
    Arc.NOSE: (FiringArc.NOSE,),
    Arc.LEFT: (FiringArc.LEFT, FiringArc.LEFT_AFT),
    Arc.RIGHT: (FiringArc.RIGHT, FiringArc.RIGHT_AFT),
    Arc.AFT: (FiringArc.AFT,),
}


def crew_killed(design: AeroDesign, state: AeroState) -> bool:
    """Tells whether every pilot/crew damage box is marked."""
    return state.pilot_hits >= design.crew_boxes


def pilot_hit(design: AeroDesign, state: AeroState, dice: Dice, reason: str) -> tuple[AeroState, list[Event]]:
    """Marks one pilot/crew box, then rolls for consciousness (AERO-HIGHG-04; tables.md 15, UNVERIFIED).

    The consciousness table stops at 5 hits; a crew with more boxes uses the 5-hit
    target. A crew with every box marked is killed and the unit is out of action.
    """
    state = evolve(state, pilot_hits=state.pilot_hits + 1)
    events: list[Event] = [CrewHit(reason, state.pilot_hits, design.crew_boxes)]
    if crew_killed(design, state):
        events.append(AeroCrewKilled())
        return evolve(state, conscious=False, destroyed=True), events
    if state.conscious:
        target = piloting.consciousness_target(min(state.pilot_hits, max(piloting.CONSCIOUSNESS_TARGET)))
        if not dice.roll(2, f"consciousness ({state.pilot_hits} hits)", target=target).success:
            state = evolve(state, conscious=False)
            events.append(PilotUnconscious())
    return state, events
