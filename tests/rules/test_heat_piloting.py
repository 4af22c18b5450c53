"""Tests for 'Mech heat (btcli.rules.ground.heat) and Piloting Skill Rolls (btcli.rules.ground.piloting).

Expected values are re-typed straight from ../shared/rules/tables.md: section 15
(heat scale, UNVERIFIED), 6.5 (heat to-hit, consciousness; UNVERIFIED), 8.3
(falling damage) and 8.6 (PSR modifiers, skid and building ladders). Threshold
tests check both sides of every row boundary.
"""

from __future__ import annotations

import pytest

from btcli.errors import InputError
from btcli.rules.ground import heat, piloting

# -- heat generated and dissipated -----------------------------------------------------


# tables.md 15 (UNVERIFIED): walking +1, running +2, jumping 1 per hex (minimum 3).
@pytest.mark.parametrize(
    ("mode", "hexes_jumped", "expected"),
    [
        ("none", 0, 0),
        ("stand", 0, 0),
        ("walk", 0, 1),
        ("run", 0, 2),
        ("jump", 0, 3),
        ("jump", 1, 3),
        ("jump", 3, 3),
        ("jump", 4, 4),
        ("jump", 6, 6),
        ("walk", 5, 1),  # hexes jumped only count when jumping
    ],
)
def test_movement_heat_by_mode(mode, hexes_jumped, expected):
    assert heat.movement_heat(mode, hexes_jumped) == expected


def test_movement_heat_rejects_unknown_mode():
    with pytest.raises(InputError, match="'flank'"):
        heat.movement_heat("flank", 0)


# tables.md 15 (UNVERIFIED): weapon heat is the sum of the weapons fired (tables.md 12 heat column).
@pytest.mark.parametrize(("heats", "expected"), [([], 0), ([3], 3), ([3, 3, 1, 7], 14)])
def test_weapon_heat_is_the_sum_of_weapons_fired(heats, expected):
    assert heat.weapon_heat(heats) == expected


# tables.md 15 (UNVERIFIED): single heat sink dissipates 1, double 2.
@pytest.mark.parametrize(("sinks", "double", "expected"), [(0, False, 0), (10, False, 10), (10, True, 20)])
def test_dissipation_per_heat_sink(sinks, double, expected):
    assert heat.dissipation(sinks, double) == expected


# tables.md 15 (UNVERIFIED): each engine critical adds 5 heat per turn; heat never drops below 0.
@pytest.mark.parametrize(
    ("current", "generated", "dissipated", "engine_hits", "expected"),
    [
        (0, 12, 10, 0, 2),
        (5, 12, 10, 0, 7),
        (0, 3, 10, 0, 0),  # never below 0
        (4, 0, 10, 0, 0),
        (0, 10, 10, 1, 5),
        (0, 10, 10, 2, 10),
        (8, 0, 10, 2, 8),
    ],
)
def test_new_heat_adds_generation_and_engine_hits_minus_dissipation(
    current, generated, dissipated, engine_hits, expected
):
    assert heat.new_heat(current, generated, dissipated, engine_hits) == expected


# -- the heat scale ----------------------------------------------------------------------

# tables.md 15 (UNVERIFIED), one line per heat on both sides of every row boundary:
# heat, Walking MP lost, to-hit, shutdown avoid TN, ammo explosion avoid TN.
HEAT_SCALE = [
    (0, 0, 0, None, None),
    (4, 0, 0, None, None),
    (5, 1, 0, None, None),
    (7, 1, 0, None, None),
    (8, 1, 1, None, None),
    (9, 1, 1, None, None),
    (10, 2, 1, None, None),
    (12, 2, 1, None, None),
    (13, 2, 2, None, None),
    (14, 2, 2, 4, None),
    (15, 3, 2, 4, None),
    (16, 3, 2, 4, None),
    (17, 3, 3, 4, None),
    (18, 3, 3, 6, None),
    (19, 3, 3, 6, 4),
    (20, 4, 3, 6, 4),
    (21, 4, 3, 6, 4),
    (22, 4, 3, 8, 4),
    (23, 4, 3, 8, 6),
    (24, 4, 4, 8, 6),
    (25, 5, 4, 8, 6),
    (26, 5, 4, 10, 6),
    (27, 5, 4, 10, 6),
    (28, 5, 4, 10, 8),
    (29, 5, 4, 10, 8),
    (30, 5, 4, "automatic", 8),
    (35, 5, 4, "automatic", 8),
]
HEAT_IDS = [f"heat{row[0]}" for row in HEAT_SCALE]


# tables.md 15 (UNVERIFIED): 5+ -1, 10+ -2, 15+ -3, 20+ -4, 25+ -5 Walking MP; only the highest row.
@pytest.mark.parametrize(("level", "mp", "_to_hit", "_shutdown", "_ammo"), HEAT_SCALE, ids=HEAT_IDS)
def test_heat_mp_penalty_uses_the_highest_row(level, mp, _to_hit, _shutdown, _ammo):
    assert heat.heat_mp_penalty(level) == mp


# tables.md 15 and 6.5 (UNVERIFIED): 8+ +1, 13+ +2, 17+ +3, 24+ +4 to-hit.
@pytest.mark.parametrize(("level", "_mp", "to_hit", "_shutdown", "_ammo"), HEAT_SCALE, ids=HEAT_IDS)
def test_heat_to_hit_uses_the_highest_row(level, _mp, to_hit, _shutdown, _ammo):
    assert heat.heat_to_hit(level) == to_hit


# tables.md 15 (UNVERIFIED): avoid shutdown 14+ on 4, 18+ on 6, 22+ on 8, 26+ on 10; 30+ automatic.
@pytest.mark.parametrize(("level", "_mp", "_to_hit", "shutdown", "_ammo"), HEAT_SCALE, ids=HEAT_IDS)
def test_shutdown_avoid_target_uses_the_highest_row(level, _mp, _to_hit, shutdown, _ammo):
    assert heat.shutdown_avoid_target(level) == shutdown


# tables.md 15 (UNVERIFIED): avoid ammo explosion 19+ on 4, 23+ on 6, 28+ on 8.
@pytest.mark.parametrize(("level", "_mp", "_to_hit", "_shutdown", "ammo"), HEAT_SCALE, ids=HEAT_IDS)
def test_ammo_explosion_avoid_target_uses_the_highest_row(level, _mp, _to_hit, _shutdown, ammo):
    assert heat.ammo_explosion_avoid_target(level) == ammo


def test_automatic_shutdown_is_a_named_value_not_a_magic_number():
    # tables.md 15 (UNVERIFIED): 30+ automatic shutdown; style.md: no magic integers for "no roll".
    assert heat.shutdown_avoid_target(30) == heat.AUTOMATIC == "automatic"


# tables.md 15 (UNVERIFIED): reduced Walking MP = walk - penalty (never below 0);
# Running MP = ceil(1.5 x reduced Walking MP).
@pytest.mark.parametrize(
    ("walk", "level", "walking", "running"),
    [
        (4, 0, 4, 6),
        (4, 4, 4, 6),
        (4, 5, 3, 5),
        (4, 9, 3, 5),
        (4, 10, 2, 3),
        (4, 14, 2, 3),
        (4, 15, 1, 2),
        (4, 19, 1, 2),
        (4, 20, 0, 0),
        (4, 25, 0, 0),  # never below 0
        (6, 24, 2, 3),
        (6, 25, 1, 2),
        (5, 0, 5, 8),
        (5, 5, 4, 6),
    ],
)
def test_heated_walking_and_running_mp(walk, level, walking, running):
    assert heat.heated_walking_mp(walk, level) == walking
    assert heat.heated_running_mp(walk, level) == running


# -- piloting skill rolls ----------------------------------------------------------------


def test_psr_modifier_table():
    # tables.md 8.6: situation modifiers, re-typed from the PSR table.
    assert piloting.PSR_MODIFIERS == {
        "damage_20": 1,
        "shutdown": 3,
        "leg_actuator": 1,
        "hip": 2,
        "gyro_hit": 3,
        "charged": 2,
        "charging": 2,
        "dfa": 4,
        "water_1": -1,
        "water_2": 0,
        "water_3": 1,
        "quad": -2,
        "small_cockpit": 1,
    }


# tables.md 8.6: 20+ damage in one phase forces a PSR.
@pytest.mark.parametrize(("damage", "needed"), [(0, False), (19, False), (20, True), (35, True)])
def test_damage_psr_needed_at_twenty_points(damage, needed):
    assert piloting.damage_psr_needed(damage) is needed


# tables.md 8.6: pre-existing damage: actuator +1 each, hip +2, gyro hit +3, leg destroyed +5; zeros left out.
@pytest.mark.parametrize(
    ("actuators", "hips", "gyro", "legs", "expected"),
    [
        (0, 0, 0, 0, []),
        (1, 0, 0, 0, [("leg/foot actuator destroyed", 1)]),
        (2, 0, 0, 0, [("leg/foot actuator destroyed", 2)]),
        (0, 1, 0, 0, [("hip actuator destroyed", 2)]),
        (0, 2, 0, 0, [("hip actuator destroyed", 4)]),
        (0, 0, 1, 0, [("gyro hit", 3)]),
        (0, 0, 0, 1, [("leg destroyed", 5)]),
        (
            1,
            1,
            1,
            1,
            [
                ("leg/foot actuator destroyed", 1),
                ("hip actuator destroyed", 2),
                ("gyro hit", 3),
                ("leg destroyed", 5),
            ],
        ),
    ],
)
def test_preexisting_modifiers(actuators, hips, gyro, legs, expected):
    assert piloting.preexisting_modifiers(actuators, hips, gyro, legs) == expected


# tables.md 8.6: gyro destroyed / leg destroyed -> automatic fall.
@pytest.mark.parametrize(
    ("gyro_destroyed", "legs", "reason"),
    [(False, 0, None), (True, 0, "gyro destroyed"), (False, 1, "leg destroyed"), (True, 1, "gyro destroyed")],
)
def test_automatic_fall(gyro_destroyed, legs, reason):
    assert piloting.automatic_fall(gyro_destroyed, legs) == reason


# tables.md 8.6: TN = Piloting skill + modifiers; standing up is a PSR with the same sum.
@pytest.mark.parametrize(
    ("skill", "modifiers", "target"),
    [
        (5, [], 5),
        (5, [("took 20+ damage", 1)], 6),
        (4, [("gyro hit", 3), ("hip actuator destroyed", 2)], 9),
        (5, [("entering depth 1 water", -1)], 4),
        (5, [("four-legged", -2), ("small cockpit", 1)], 4),
    ],
)
def test_psr_and_stand_up_targets(skill, modifiers, target):
    assert piloting.psr_target(skill, modifiers) == target


# tables.md 8.6: skid ladder 0-2 -1, 3-4 +0, 5-7 +1, 8-10 +2, 11+ +4.
@pytest.mark.parametrize(
    ("hexes", "modifier"),
    [(0, -1), (2, -1), (3, 0), (4, 0), (5, 1), (7, 1), (8, 2), (10, 2), (11, 4), (20, 4)],
)
def test_skid_modifier_ladder(hexes, modifier):
    assert piloting.skid_modifier(hexes) == modifier


# tables.md 8.6 (ladder PARTLY VERIFIED): building entry 1-2 +0, 3-4 +1, 5-6 +2, 7-9 +3, 10+ +4.
@pytest.mark.parametrize(
    ("hexes", "modifier"),
    [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (9, 3), (10, 4), (15, 4)],
)
def test_building_entry_modifier_ladder(hexes, modifier):
    assert piloting.building_entry_modifier(hexes) == modifier


# -- falls -------------------------------------------------------------------------------


# tables.md 8.3: ceil(tons / 10) x (levels + 1); into water depth >= 1 halved (rounding up is our choice).
@pytest.mark.parametrize(
    ("tons", "levels", "into_water", "damage"),
    [
        (50, 0, False, 5),
        (55, 2, False, 18),
        (20, 1, True, 2),  # ceil(4 / 2)
        (20, 0, True, 1),  # ceil(2 / 2)
        (35, 0, True, 2),  # ceil(4 / 2)
        (25, 0, True, 2),  # ceil(3 / 2): the rounding choice
        (100, 3, False, 40),
        (20, 0, False, 2),
    ],
)
def test_falling_damage(tons, levels, into_water, damage):
    assert piloting.falling_damage(tons, levels, into_water) == damage


# tables.md 8.3 (UNVERIFIED reading): MechWarrior takes 1 on a failed PSR, +1 per level beyond the first.
@pytest.mark.parametrize(("levels", "damage"), [(0, 1), (1, 1), (2, 2), (3, 3), (5, 5)])
def test_pilot_fall_damage(levels, damage):
    assert piloting.pilot_fall_damage_levels(levels) == damage


# -- MechWarrior consciousness -----------------------------------------------------------


# tables.md 15 / 6.5 (UNVERIFIED): 1 hit 3, 2 hits 5, 3 hits 7, 4 hits 10, 5 hits 11; 6 hits killed.
@pytest.mark.parametrize(
    ("hits", "target", "killed"),
    [(0, None, False), (1, 3, False), (2, 5, False), (3, 7, False), (4, 10, False), (5, 11, False), (6, None, True)],
)
def test_consciousness_target_and_pilot_killed(hits, target, killed):
    assert piloting.consciousness_target(hits) == target
    assert piloting.pilot_killed(hits) is killed
