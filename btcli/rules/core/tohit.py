"""The to-hit number of a weapon attack, with every modifier and its source (tables.md 6).

``weapon_to_hit`` returns the target number as a list of named modifiers, so
``attack --dry-run``, the log and the tests all see the same breakdown.
"""

from __future__ import annotations

from btcli.model.hits import DeclaredTarget
from btcli.model.board import WOODS_HEIGHT
from btcli.model.hexgrid import n_hexes
from btcli.model.state import GameState
from btcli.model.units import MoveMode, Unit, Weapon
from btcli.rules import kinds
from btcli.rules.kinds import mech
from btcli.rules.core import arcs, condition, los
from btcli.rules.drops import landing_turn as drop_turn
from btcli.rules.ground import heat, placement
from btcli.rules.core.modifiers import IMMOBILE, RANGE_MODIFIER, WOODS_IN_HEX, ToHit  # noqa: F401  (tohit's own names)

# tables.md 6.2: attacker movement modifier by the mode used this turn.
ATTACKER_MOVEMENT = {
    MoveMode.NONE: 0,
    MoveMode.STAND: 0,
    MoveMode.WALK: 1,
    MoveMode.CRUISE: 1,
    MoveMode.RUN: 2,
    MoveMode.FLANK: 2,
    MoveMode.JUMP: 3,
}
# tables.md 6.3: target movement modifier by hexes moved: (up to hexes, modifier).
TARGET_MOVEMENT = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4), (24, 5))
TARGET_MOVEMENT_MAX = 6
PRONE_ADJACENT, PRONE_FAR = -2, 1
ATTACKER_PRONE = mech.ATTACKER_PRONE
SECONDARY_FRONT, SECONDARY_OTHER = 1, 2  # tables.md 6.5
SENSOR_HIT = 2
PARTIAL_COVER = "partial cover"  # the modifier's name; leg hits then strike the cover
SHOULDER, ARM_ACTUATOR = 4, 1


def target_movement_modifier(hexes: int) -> int:
    """Returns the target movement modifier for hexes moved this turn (tables.md 6.3)."""
    for limit, modifier in TARGET_MOVEMENT:
        if hexes <= limit:
            return modifier
    return TARGET_MOVEMENT_MAX


def range_bracket(weapon: Weapon, distance: int) -> str | None:
    """Returns 'short', 'medium', 'long' or None (out of range) for a weapon at ``distance`` hexes."""
    for bracket in ("short", "medium", "long"):
        if distance <= getattr(weapon, bracket):
            return bracket
    return None


def cannot_fire(state: GameState, attacker: Unit, mount) -> tuple[str, str]:
    """Returns (why, rule) when ``attacker`` cannot fire this mount at all this phase, else ("", "")."""
    if mount.destroyed:
        return f"{mount.label} is destroyed", "tables.md 8.4"
    if mount.jammed:
        return f"{mount.label} is jammed", "VEH-CRIT-23"
    if attacker.built.shutdown or not attacker.conscious:
        return f"'{attacker.id}' is shut down or its warrior unconscious", "tables.md 15"
    return kinds.of(attacker).fire_refusal(attacker, state.turn)  # lost sensors, a vehicle's crew


def range_and_weapon_modifiers(weapon: Weapon, name: str, distance: int,
                               what: str) -> tuple[list[tuple[str, int]], str]:
    """Returns the weapon's modifiers at this distance: its range bracket and minimum range (tables.md 6.1)
    and its own modifier (a pulse laser's -2, EQ-PULSE-01; an MRM's +1, EQ-MRM-01); or ([], why) beyond
    long range."""
    bracket = range_bracket(weapon, distance)
    if bracket is None:
        return [], f"{what} is {n_hexes(distance)} away, beyond {name}'s long range {weapon.long}"
    mods = [(f"{bracket} range ({n_hexes(distance)})", RANGE_MODIFIER[bracket])]
    minimum = weapon.min_range
    if minimum and distance <= minimum:
        mods.append((f"minimum range {minimum}", minimum - distance + 1))
    if weapon.to_hit:
        mods.append((name, weapon.to_hit))
    return mods, ""


def attacker_modifiers(attacker: Unit, mount) -> list[tuple[str, int]]:
    """Returns the attacker's movement and posture modifiers (tables.md 6.2; VTOL-ATK-04, VEH-CRIT-16)."""
    mods = []
    moved = ATTACKER_MOVEMENT[attacker.mode]  # VTOLs keep theirs airborne (VTOL-ATK-04)
    if moved:
        mods.append((f"attacker {attacker.mode.value}", moved))
        if kinds.of(attacker).stabilizer_hit(attacker, mount.location):
            mods.append(("stabilizer hit: movement counts twice", moved))  # VEH-CRIT-16
    if attacker.built.prone:  # tables.md 6.5; a quad with four sound legs fires as if standing (kinds.quad)
        shape = mech.body(attacker)
        mods.extend(shape.prone_fire(attacker, shape))
    return mods


def equipment_modifiers(attacker: Unit, mount) -> list[tuple[str, int]]:
    """Returns the attacker's damage modifiers: heat, sensors, arm actuators; a vehicle's crits (tables.md 6.5)."""
    return kinds.of(attacker).damage_modifiers(attacker, mount.location)


def weapon_to_hit(
    state: GameState, attacker: Unit, index: int, target: Unit, primary: DeclaredTarget | None, twist: int,
    sight: los.Sight | None = None,
) -> ToHit:
    """Returns the to-hit number for weapon ``index`` of ``attacker`` firing at ``target``.

    ``primary`` is the unit's primary target this phase (None: this is the first
    target); ``twist`` the torso twist (or turret offset) in hexsides; ``sight`` the line of sight
    between the two when the caller has it already (the bot asks it once for all of a unit's weapons).
    """
    mount = attacker.weapons[index]
    weapon = attacker.spec(mount.weapon)
    mods: list[tuple[str, int]] = [("gunnery", attacker.gunnery)]

    def impossible(why: str, rule: str) -> ToHit:
        return ToHit(tuple(mods), why, rule)

    why, rule = cannot_fire(state, attacker, mount)
    if why:
        return impossible(why, rule)
    distance = attacker.hex.distance(target.hex)
    if kinds.airborne(attacker) and distance == 0:
        return impossible(f"airborne VTOL '{attacker.id}' cannot attack a unit in its own hex", "VTOL-ATK-02")
    facing = attacker.facing.turned(twist)
    arc = kinds.mount_arc(attacker, mount.location, mount.rear)
    if not arcs.in_arc(attacker.hex, facing, arc, target.hex):
        return impossible(f"'{target.id}' is outside the {arc.replace('_', ' ')} arc of {mount.label}",
                          arcs.arc_rule(attacker.kind.value))
    if sight is None:
        sight = los.line_of_sight(state.board, attacker, target)
    if sight.blocked:
        return impossible(f"no line of sight to '{target.id}': {sight.reason}", "tables.md 6.4")
    in_range, why = range_and_weapon_modifiers(weapon, mount.weapon, distance, f"'{target.id}'")
    if why:
        return impossible(why, "tables.md 6.1")
    if attacker.c3_network:  # EQ-C3-04: a C3 spotter's range (the rule's module only for a linked unit)
        from btcli.rules.core import c3

        in_range = c3.range_modifiers(state, attacker, weapon, target, distance, in_range)
    mods.extend(in_range)
    if target.built.armor_type == "stealth":  # EQ-STEALTH-03: +1 medium, +2 long; never a secondary target
        from btcli.rules.core import stealth

        if primary is not None and primary != target.id and stealth.active(target):
            return impossible(f"'{target.id}''s stealth armor is on: it may not be a secondary target", "EQ-STEALTH-03")
        mods.extend(stealth.to_hit(target, range_bracket(weapon, distance) or "",
                                   kinds.of(attacker).conventional_infantry(attacker)))
    mods.extend(attacker_modifiers(attacker, mount))
    mods.extend(target_modifiers(state, attacker, target))
    mods.extend(drop_turn.flak_modifiers(target, state.turn, weapon))
    if sight.woods:
        mods.append(("intervening woods", sight.woods))
    if sight.partial_cover:
        mods.append((PARTIAL_COVER, 1))
    if sight.inside >= 0:  # URB-IN-11: +1 inside a building, +1 per intervening building hex or level
        mods.append(("inside a building" + (f", {sight.inside} intervening" if sight.inside else ""), 1 + sight.inside))
    if primary is not None and primary != target.id:
        in_front = arcs.in_arc(attacker.hex, facing, "front", target.hex)
        mods.append(("secondary target, front arc" if in_front else "secondary target", SECONDARY_FRONT if in_front else SECONDARY_OTHER))
    mods.extend(equipment_modifiers(attacker, mount))
    if attacker.built.cockpit != "standard":  # EQ-IND-02: an industrial cockpit without advanced fire control
        from btcli.rules.ground import industrial

        mods.extend(industrial.fire_control(attacker))
    return ToHit(tuple(mods))


def movement_modifiers(target: Unit) -> list[tuple[str, int]]:
    """Returns the to-hit modifiers a unit's move this turn gives attacks at it (tables.md 6.3, VTOL-ATK-05)."""
    mods = []
    tmm = target_movement_modifier(target.hexes_moved)
    if tmm:
        mods.append((f"target moved {n_hexes(target.hexes_moved)}", tmm))
    if target.mode is MoveMode.JUMP:
        mods.append(("target jumped", 1))
    if kinds.airborne(target) and target.mp_spent > 0:
        mods.append(("target airborne VTOL", 1))  # VTOL-ATK-05
    return mods


def target_modifiers(state: GameState, attacker: Unit, target: Unit) -> list[tuple[str, int]]:
    """Returns the target's movement, state and terrain modifiers (tables.md 6.3, 6.4); a kind with its own
    (an asset's card TMM, ASSET-ATK-05) gives them itself."""
    own = kinds.of(target).target_modifiers
    if own is not None:
        return own(state, attacker, target)
    mods = movement_modifiers(target)
    mods.extend(drop_turn.target_modifiers(target, state.turn))  # DROP-10, AMB-35: +3 for the landing turn
    if condition.is_immobile(target):
        mods.append(("target immobile", IMMOBILE))
    if target.built.prone:
        adjacent = attacker.hex.distance(target.hex) <= 1
        mods.append(("target prone, adjacent" if adjacent else "target prone", PRONE_ADJACENT if adjacent else PRONE_FAR))
    here = state.board.hex(target.hex)
    # VTOL-ATK-06: no woods benefit flying above the trees; under the canopy on a road it counts.
    above_trees = placement.flies_as_vtol(target) and target.elevation > WOODS_HEIGHT
    if here.terrain in WOODS_IN_HEX and not above_trees:
        mods.append((f"target in {here.terrain.value.replace('_', ' ')}", WOODS_IN_HEX[here.terrain]))
    return mods


def mech_damage_modifiers(attacker: Unit, location: str) -> list[tuple[str, int]]:
    """Returns heat, sensor and arm actuator modifiers of an attacking 'Mech (tables.md 6.5)."""
    mods = []
    heat_mod = heat.heat_to_hit(attacker.built.heat)
    if heat_mod:
        mods.append((f"heat {attacker.built.heat}", heat_mod))
    if attacker.count_hits("sensors") == 1:
        mods.append(("sensor hit", SENSOR_HIT))
    if location in mech.body(attacker).arms:
        contents = attacker.built.slots.get(location, ())
        hit = attacker.slot_hits(location)
        destroyed = {contents[i] for i in hit}
        if "shoulder" in destroyed:
            mods.append(("shoulder actuator destroyed", SHOULDER))
        else:
            for actuator in ("upper_arm", "lower_arm"):
                if actuator in destroyed:
                    mods.append((f"{actuator.replace('_', ' ')} actuator destroyed", ARM_ACTUATOR))
    return mods


def odds(target: int) -> float:
    """Returns the exact probability that 2D6 rolls ``target`` or more."""
    if target <= 2:
        return 1.0
    if target > 12:
        return 0.0
    return _ODDS[target]


# The ways of 36 that 2D6 rolls each target or more (the bot asks ``odds`` a million times a game, issue #35).
_ODDS = {target: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= target) / 36 for target in range(3, 13)}
