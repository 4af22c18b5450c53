"""A 'Mech entering water of depth 1 or more makes a PSR (PSR-WATER-01: tables.md 8.6, depth 1 -1, depth 2 +0,
depth 3+ +1; MegaMek @f0b2b01 Entity.checkWaterMove, walking and jumping alike). A failure ends the move in that hex
and the 'Mech falls into the water (falling damage halved, tables.md 8.3).

The 'Mech is a Locust LCT-1V 'm' (20 t, piloting 5, walk 8, jump 0) in 0510 facing N unless a test says otherwise."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.dice import ManualDice
from btcli.model.hexgrid import HexId
from btcli.model.orders import MoveOrder, parse_steps
from btcli.render.events import sentences
from tests.builders import design, game, put, vehicle

LOCUST = "Locust LCT-1V"
FALL = [1, 7, 12]  # facing unchanged (front), 2D6 7: the CT, the MechWarrior's check 12 passes


def walk(state, path: str, rolls: list[int], mode: str = "walk", uid: str = "m"):
    dice = ManualDice(list(rolls))
    state, events = engine.apply(state, MoveOrder(uid, mode, parse_steps(path)), dice)
    dice.finish()
    return state, sentences(events), dice.rolls


def water(*depths: int, **more) -> dict:
    """Water hexes up column 05 from 0509: 0509 of the first depth, 0508 of the second, ..."""
    return {f"05{9 - i:02d}": {"terrain": "water", "depth": d} for i, d in enumerate(depths)} | more


@pytest.mark.parametrize("depth, modifier", [(1, -1), (2, 0), (3, 1), (4, 1)])
def test_entering_water_calls_for_a_psr_by_its_depth(depth, modifier):
    # PSR-WATER-01: piloting 5 + the depth's modifier; an 8 makes it and the move goes on.
    state = game(design(LOCUST, "m", at="0510"), hexes=water(depth))
    state, said, rolls = walk(state, "F", [8])
    assert [(r.purpose, r.target) for r in rolls] == [(f"piloting skill roll m (entering depth {depth} water)",
                                                        5 + modifier)]
    assert f"m enters depth {depth} water in 0509 (8 vs {5 + modifier}, PSR-WATER-01)" in said
    assert state.units["m"].hex == HexId.parse("0509") and not state.units["m"].mech.prone


def test_each_hex_of_water_entered_calls_for_its_own_psr_and_dry_land_for_none():
    # PSR-WATER-01: 0509 depth 1 (TN 4), 0508 depth 1 (TN 4), 0507 clear: two rolls.
    state = game(design(LOCUST, "m", at="0510"), hexes=water(1, 1))
    state, said, rolls = walk(state, "F,F,F", [4, 4])
    assert [r.target for r in rolls] == [4, 4]
    assert state.units["m"].hex == HexId.parse("0507")


def test_a_failed_water_psr_ends_the_move_in_that_hex_and_the_mech_falls_into_the_water():
    # PSR-WATER-01: the roll for 0509 (TN 4) fails with a 3: the move stops there (2 MP, 1 hex), the Locust falls:
    # 20 t at level 0 is 2 damage, halved in water (tables.md 8.3) to 1.
    state = game(design(LOCUST, "m", at="0510"), hexes=water(1, 1))
    before = state.units["m"]
    state, said, rolls = walk(state, "F,F,F", [3, *FALL])
    m = state.units["m"]
    assert said[:2] == ["m walks 0510 -> 0509 facing N: 2 MP, 1 hex",
                        "m fails its PSR entering depth 1 water in 0509 (3 vs 4) and falls (PSR-WATER-01)"]
    assert (m.hex, m.mp_spent, m.hexes_moved, m.mech.prone) == (HexId.parse("0509"), 2, 1, True)
    assert sum(before.armor.values()) - sum(m.armor.values()) == 1


def test_a_mech_jumping_into_water_makes_the_psr_as_it_lands():
    # PSR-WATER-01 (MegaMek @f0b2b01 Server.java:9070: a jump's landing in water rolls it too): depth 2, TN 5.
    jumper = design("Wasp WSP-1A", "m", at="0510")
    state = game(jumper, hexes=water(0, 2))
    dice = ManualDice([5])
    state, events = engine.apply(state, MoveOrder("m", "jump", (), HexId.parse("0508")), dice)
    dice.finish()
    assert [(r.purpose, r.target) for r in dice.rolls] == [("piloting skill roll m (entering depth 2 water)", 5)]
    assert state.units["m"].hex == HexId.parse("0508")


def test_a_hover_vehicle_rides_over_water_without_a_roll():
    # PSR-WATER-01 is a 'Mech's (a unit that falls): a hover vehicle stays on the surface (VEH-MOVE-09).
    state = game(vehicle("hover", 8, "m", at="0510"), hexes=water(2, 2))
    state, _, rolls = walk(state, "F,F", [], mode="cruise")
    assert rolls == [] and state.units["m"].hex == HexId.parse("0508")


def test_a_psr_entering_water_above_12_fails_without_a_roll():
    # PSR-WATER-01 with PSR-AUTO-02: piloting 9 + 1 (depth 3) + 3 (a gyro hit earlier, tables.md 8.6) = 13: no roll.
    state = put(game(design(LOCUST, "m", at="0510", piloting=9), hexes=water(3)), "m", crits=("CT:3",))
    state, said, rolls = walk(state, "F", FALL)
    assert [r.purpose for r in rolls] == ["facing after a fall m", "hit location fall vs m (front)",
                                          "MechWarrior fall check m"]
    assert "m fails its PSR entering depth 3 water in 0509 (TN 13: automatic failure) and falls (PSR-WATER-01)" in said


def test_the_move_preview_names_the_psr_that_fails_without_a_roll():
    # PSR-AUTO-02 in move --dry-run: the check no 2D6 reaches is listed apart from the rolls (it takes no die).
    from btcli.rules.core import move_preview

    state = put(game(design(LOCUST, "m", at="0510", piloting=9), hexes=water(3)), "m", crits=("CT:3",))
    lines = move_preview.preview_lines(state, MoveOrder("m", "walk", parse_steps("F")))
    assert ("fails without a roll: piloting skill roll m (entering depth 3 water), 13+ (piloting +9, entering depth 3 "
            "water +1, gyro hit +3): above 12 (PSR-AUTO-02)") in lines


# -- any fall in water does half damage (tables.md 8.3) --------------------------------------------------------------


def test_a_mech_standing_in_water_that_fails_a_psr_falls_into_it_for_half_damage():
    # tables.md 8.3: a kicked Locust in depth-1 water fails its PSR (2 vs 5): 2 damage halved to 1; on dry land 2.
    from btcli.rules.core.falls import in_water
    from btcli.rules.ground.physical import psr_or_fall

    for hexes, lost in ((water(1), 1), ({}, 2)):
        state = game(design(LOCUST, "m", at="0509"), hexes=hexes)
        m = state.units["m"]
        assert in_water(state.board, m) == bool(hexes)
        dice = ManualDice([2, *FALL])
        after = psr_or_fall(state, "m", m, "kicked", 0, dice, []).units["m"]
        dice.finish()
        assert after.mech.prone and sum(m.armor.values()) - sum(after.armor.values()) == lost


def test_a_psr_after_damage_in_water_falls_for_half_damage():
    # tables.md 8.3, 8.6: a lost foot actuator's PSR (EQ-MASC-04's path) failed in water: 1 damage, not 2.
    from btcli.rules.core import phase_end

    state = game(design(LOCUST, "m", at="0509", crits=("LL:3",)), hexes=water(1))
    m = state.units["m"]
    before = game(design(LOCUST, "m", at="0509"), hexes=water(1)).units["m"]  # the foot was sound before
    dice = ManualDice([2, *FALL])
    after = phase_end.psrs_after_damage(m, before, dice, [], wet=True)
    dice.finish()
    assert after.mech.prone and sum(m.armor.values()) - sum(after.armor.values()) == 1
