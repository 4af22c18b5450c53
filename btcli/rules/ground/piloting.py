"""Piloting Skill Rolls, falls and MechWarrior consciousness for 'Mechs.

Sources: tables.md 8.6 (PSR modifiers, skid and building ladders; VERIFIED, the
building ladder PARTLY VERIFIED), tables.md 8.3 (falling damage; VERIFIED, but
the MechWarrior fall damage rule is worded loosely and is treated here as
UNVERIFIED), tables.md 15 / 6.5 (consciousness table; UNVERIFIED, from memory).

Every function takes and returns plain ints, strings and (reason, value) pairs;
a PSR target is compared with a 2D6 result the caller passes in (2D6 >= TN
succeeds). Modifiers are (reason, value) pairs so a report can show each one.
"""

from __future__ import annotations

from math import ceil

# tables.md 8.6: situation modifiers to a PSR.
PSR_MODIFIERS: dict[str, int] = {
    "damage_20": 1,  # took 20+ damage in one phase
    "shutdown": 3,  # shut down by heat
    "leg_actuator": 1,  # leg/foot actuator destroyed
    "hip": 2,  # hip actuator destroyed
    "gyro_hit": 3,
    "charged": 2,  # was charged or hit by a DFA
    "charging": 2,  # made a successful charge
    "dfa": 4,  # made a DFA (hit or miss)
    "water_1": -1,  # entering water depth 1
    "water_2": 0,  # entering water depth 2
    "water_3": 1,  # entering water depth 3+
    "quad": -2,  # four-legged 'Mech with its legs intact
    "small_cockpit": 1,
}

DAMAGE_PSR_THRESHOLD = 20  # tables.md 8.6: 20+ damage in one phase forces a PSR.

# tables.md 8.6: pre-existing damage modifiers, always added.
ACTUATOR_MODIFIER = 1  # each leg/foot actuator destroyed
HIP_MODIFIER = 2  # each hip actuator destroyed
GYRO_HIT_MODIFIER = 3  # each gyro hit
LEG_DESTROYED_MODIFIER = 5  # each leg destroyed

# tables.md 8.6: skid ladder, (fewest hexes moved, modifier), highest row first.
SKID_LADDER = ((11, 4), (8, 2), (5, 1), (3, 0), (0, -1))
# tables.md 8.6 (PARTLY VERIFIED): building-entry ladder by hexes moved so far;
# the building type's own modifier (tables.md 10.1) is added separately.
BUILDING_LADDER = ((10, 4), (7, 3), (5, 2), (3, 1), (0, 0))

FALL_TONS_PER_POINT = 10  # tables.md 8.3: ceil(tons / 10) x (levels fallen + 1).
PILOT_FALL_DAMAGE = 1  # tables.md 8.3 (UNVERIFIED reading): 1, +1 per level beyond the first.

# tables.md 15 / 6.5 (UNVERIFIED, memory): pilot hits -> 2D6 target to stay conscious.
CONSCIOUSNESS_TARGET: dict[int, int] = {1: 3, 2: 5, 3: 7, 4: 10, 5: 11}
PILOT_KILLED_HITS = 6  # tables.md 15 / 6.5 (UNVERIFIED): the sixth hit kills.


def _ladder(value: int, ladder: tuple[tuple[int, int], ...]) -> int:
    """Returns the modifier of the highest ladder row whose lower bound ``value`` reaches."""
    for lowest, modifier in ladder:
        if value >= lowest:
            return modifier
    return ladder[-1][1]


def damage_psr_needed(damage_this_phase: int) -> bool:
    """Returns whether the damage taken this phase forces a PSR: 20 or more (tables.md 8.6)."""
    return damage_this_phase >= DAMAGE_PSR_THRESHOLD


def preexisting_modifiers(
    actuator_hits: int, hip_hits: int, gyro_hits: int, legs_destroyed: int
) -> list[tuple[str, int]]:
    """Returns the pre-existing damage modifiers added to every PSR, as (reason, value) pairs.

    +1 per leg/foot actuator, +2 per hip, +3 per gyro hit, +5 per destroyed leg
    (tables.md 8.6); a kind of damage the 'Mech does not have is left out.
    """
    rows = [
        ("leg/foot actuator destroyed", ACTUATOR_MODIFIER * actuator_hits),
        ("hip actuator destroyed", HIP_MODIFIER * hip_hits),
        ("gyro hit", GYRO_HIT_MODIFIER * gyro_hits),
        ("leg destroyed", LEG_DESTROYED_MODIFIER * legs_destroyed),
    ]
    return [(reason, value) for reason, value in rows if value != 0]


def automatic_fall(gyro_destroyed: bool, legs_destroyed: int) -> str | None:
    """Returns why the 'Mech falls without a roll, or None when a PSR is rolled as usual.

    tables.md 8.6: "Gyro destroyed / leg destroyed: automatic fall". Pass the
    legs destroyed by the damage being resolved; a leg lost earlier is the +5
    pre-existing modifier instead (``preexisting_modifiers``).
    """
    if gyro_destroyed:
        return "gyro destroyed"
    if legs_destroyed > 0:
        return "leg destroyed"
    return None


def psr_target(piloting: int, modifiers: list[tuple[str, int]]) -> int:
    """Returns the PSR target number: Piloting skill plus every modifier (tables.md 8.6)."""
    return piloting + sum(value for _, value in modifiers)


def water_modifier(depth: int) -> int:
    """Returns the PSR modifier of entering water of ``depth`` (tables.md 8.6, PSR-WATER-01): -1, 0, +1 for 3+."""
    return PSR_MODIFIERS["water_1" if depth == 1 else "water_2" if depth == 2 else "water_3"]


def falling_damage(tons: int, levels: int, into_water: bool = False) -> int:
    """Returns the damage a falling 'Mech takes: ceil(tons / 10) x (levels + 1) (tables.md 8.3).

    Falling into water of depth 1 or more halves it. tables.md 8.3 does not say
    how to round the half; rounding up is our choice. MegaMek uses
    round(tons / 10) instead of ceil (tables.md 8.3); we follow the table.
    """
    damage = ceil(tons / FALL_TONS_PER_POINT) * (levels + 1)
    if into_water:
        return ceil(damage / 2)
    return damage


def pilot_fall_damage_levels(levels: int) -> int:
    """Returns the MechWarrior's damage when the fall PSR fails: 1, +1 per level beyond the first.

    tables.md 8.3 (UNVERIFIED reading): "MechWarrior takes 1 damage unless a PSR
    succeeds, +1 per level fallen beyond the first".
    """
    return PILOT_FALL_DAMAGE + max(0, levels - 1)


def consciousness_target(hits: int) -> int | None:
    """Returns the 2D6 target to stay conscious after a pilot hit (tables.md 15 / 6.5, UNVERIFIED).

    None when the pilot has no hits (no roll) or is dead (see ``pilot_killed``).
    """
    return CONSCIOUSNESS_TARGET.get(hits)


def pilot_killed(hits: int) -> bool:
    """Returns whether this many hits kill the MechWarrior: 6 or more (tables.md 15 / 6.5, UNVERIFIED)."""
    return hits >= PILOT_KILLED_HITS


def skid_modifier(hexes_moved: int) -> int:
    """Returns the skid PSR modifier for the hexes moved before the skid (tables.md 8.6)."""
    return _ladder(hexes_moved, SKID_LADDER)


def building_entry_modifier(hexes_moved: int) -> int:
    """Returns the building-entry PSR modifier for the hexes moved so far (tables.md 8.6, PARTLY VERIFIED)."""
    return _ladder(hexes_moved, BUILDING_LADDER)
