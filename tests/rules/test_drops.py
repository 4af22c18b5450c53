"""Tests for dropping 'Mechs (btcli.rules.drops.dropping, through ``engine.apply``; catalog DROP-01..19).

The dropping Hunchback 'hbk' (blue, 50 t, piloting 5 unless a test says otherwise) waits in
group alpha; red's Locust stands in 0505. Games start in the movement phase of the arrival
turn with every ground unit moved, red (the initiative loser) first. Dice are scripted with
``ManualDice`` in request order: the landing 2D6; on a failure the scatter nD6 (a total), the
direction 1D6 (1 = N, clockwise), the fall side 1D6 and a 2D6 location per 5-point group;
then a displaced 'Mech's PSR.
"""

from __future__ import annotations

from typing import Any

import pytest

from btcli.dice import ManualDice
from btcli.engine import apply
from btcli.errors import GameFileError, IllegalOrderError, InputError, VerificationError
from btcli.grammar import order_from_text, order_text
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import (
    AbortDropOrder,
    CommitDropOrder,
    MoveOrder,
    PhysicalAttackOrder,
    ResolvePhaseOrder,
    RevealDropOrder,
    WeaponAttackOrder,
)
from btcli.model.state import GameState, Phase
from btcli.model.units import MoveMode
from btcli.rules.core import tohit, turn_order, victory
from btcli.rules.drops import dropping as drops, landing_turn as drop_turn
from btcli.store.codec import state_from_dict, state_to_dict
from btcli.store.hashing import state_hash
from btcli.store.scenario import scenario_from_dict
from btcli.render.events import sentences
from tests import builders
from tests.builders import changed, design

SALT = "0123456789abcdef"
HBK_FALL_3 = 20  # ceil(50 / 10) x (3 + 1)


def scenario(units: list[dict[str, Any]] | None = None, groups: dict | None = None, allow: bool = True,
             hexes: dict | None = None, options: dict | None = None, height: int = 30) -> dict:
    """Returns the drop tests' scenario table: a red Locust in 0505 and the blue Hunchback 'hbk' in reserve for
    group 'alpha' (arriving on turn 2) on a clear 12 x ``height`` map, dropping allowed unless ``allow`` is off."""
    if units is None:
        units = [design("Locust LCT-1V", "locust", "0505"),
                 {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"}]
    return builders.scenario(*units, width=12, height=height, hexes=hexes, options=options,
                             drops=groups if groups is not None else {"alpha": {"arrival": 2}}, allow_drop=allow)


def landing_game(phase: Phase = Phase.MOVEMENT, **kwargs) -> GameState:
    """Returns the game at turn 2, every ground unit moved (standing), red first in initiative."""
    state = scenario_from_dict(scenario(**kwargs))
    units = {uid: (changed(u, mode=MoveMode.STAND) if u.hex is not None and phase is Phase.MOVEMENT else u)
             for uid, u in state.units.items()}
    return changed(state, turn=2, phase=phase, initiative=("red", "blue"), units=units)


def run(state: GameState, order, dice: list[int] = ()) -> tuple[GameState, list[str]]:
    d = ManualDice(list(dice))
    new, events = apply(state, order, d)
    d.finish()
    return new, sentences(events)


def commit(state: GameState, uid: str, hex_label: str, facing: str = "N", salt: str = SALT) -> GameState:
    digest = drops.commitment(salt, uid, HexId.parse(hex_label), Facing[facing])
    return run(state, CommitDropOrder(uid, digest))[0]


def reveal(state: GameState, uid: str, hex_label: str, facing: str = "N", dice: list[int] = (), salt: str = SALT):
    return run(state, RevealDropOrder(uid, HexId.parse(hex_label), Facing[facing], salt), dice)


def committed_game(hex_label: str, facing: str = "N", **kwargs) -> GameState:
    """Commits hbk's landing hex in the initiative phase, then opens the movement phase with all moved."""
    state = commit(landing_game(phase=Phase.INITIATIVE, **kwargs), "hbk", hex_label, facing)
    units = {uid: (changed(u, mode=MoveMode.STAND) if u.hex is not None else u) for uid, u in state.units.items()}
    return changed(state, phase=Phase.MOVEMENT, units=units)


def at(state: GameState, uid: str) -> str | None:
    position = state.units[uid].hex
    return position.label if position is not None else None


def armor_lost(state: GameState, uid: str) -> int:
    u = state.units[uid]
    return sum(u.max_armor.values()) - sum(u.armor.values()) + sum(u.max_internal.values()) - sum(u.internal.values())


# -- reserves and arrival (DROP-01..03) ---------------------------------------------------------------------


def test_reserves_need_the_tracks_permission_or_agreement():
    """DROP-01: reserves are refused unless allow_drop (or drop_agreed) is set."""
    with pytest.raises(GameFileError, match="DROP-01"):
        scenario_from_dict(scenario(allow=False))
    agreed = scenario(allow=False)
    agreed["scenario"]["drop_agreed"] = True
    assert scenario_from_dict(agreed).units["hbk"].in_reserve
    assert scenario_from_dict(scenario()).units["hbk"].in_reserve


def test_waiting_reserves_are_no_movers_targets_or_losses():
    """DROP-01: a reserve off the map neither moves, nor is attacked, nor counts as destroyed."""
    state = scenario_from_dict(scenario())
    assert turn_order.movers(state) == {"red": 1, "blue": 0}
    assert victory.losses(state, "blue") == (0, 1)
    weapon = changed(state, phase=Phase.WEAPON)
    with pytest.raises(IllegalOrderError, match="off the map"):
        run(weapon, WeaponAttackOrder("locust", "hbk", ("Medium Laser",)))


def test_variable_arrival_is_rolled_with_the_game_dice():
    """DROP-02: "1D6" with a roll of 4 arrives on turn 4; a fixed 5 on turn 5; "1D6-1" after a group counts from it."""
    groups = {"a": {"arrival": 5}, "b": {"arrival": "1D6"}, "c": {"arrival": "1D6-1", "after": "a"}}
    units = [
        {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0505"},
        {"id": "m1", "side": "blue", "design": "Wasp WSP-1A", "reserve": "a"},
        {"id": "m2", "side": "blue", "design": "Wasp WSP-1A", "reserve": "b"},
        {"id": "m3", "side": "blue", "design": "Wasp WSP-1A", "reserve": "c"},
    ]
    state = scenario_from_dict(scenario(units=units, groups=groups))
    assert state.drops["a"].turn == 5 and state.drops["b"].turn == 0
    # Turn 1's initiative: the arrival dice come first (b: 4; c: 3 - 1 after a), then initiative.
    state, events = run(state, ResolvePhaseOrder(), [4, 3, 7, 8])
    assert [state.drops[g].turn for g in "abc"] == [5, 4, 7]
    assert "drop group b arrives on turn 4 (DROP-02)" in events


def test_default_arrival_is_turn_three_and_public():
    """DROP-03: without a schedule a reserve arrives on turn 3, and the report shows it to everyone."""
    from btcli.render.view import game_view

    data = scenario()
    data["units"][1]["reserve"] = True
    del data["drops"]
    state = scenario_from_dict(data)
    assert drops.arrival_turn(state, state.units["hbk"]) == 3
    view = game_view(state)
    assert view["drops"]["reserve"]["turn"] == 3
    assert next(u for u in view["units"] if u["id"] == "hbk")["drop"]["arrival_turn"] == 3


# -- the secret landing hex (DROP-04) ------------------------------------------------------------------------


def test_commitment_holds_only_a_salted_hash():
    """DROP-04: the state keeps a hash, never the hex; the same hex with another salt hashes differently."""
    state = commit(landing_game(phase=Phase.INITIATIVE), "hbk", "0707")
    digest = state.units["hbk"].drop.commitment
    assert "0707" not in repr(state_to_dict(state))
    assert digest != drops.commitment("fedcba9876543210", "hbk", HexId.parse("0707"), Facing.N)
    assert digest == drops.commitment(SALT, "hbk", HexId.parse("0707"), Facing.N)


def test_landing_hex_off_the_map_is_refused_a_friendly_hex_allowed():
    """DROP-04: a hex the 'Mech may not enter (off the map) cannot be targeted; breaking stacking on purpose can."""
    state = landing_game(phase=Phase.INITIATIVE)
    hbk = state.units["hbk"]
    with pytest.raises(InputError, match="off the map"):
        drops.check_landing_hex(state, hbk, HexId.parse("1305"))
    drops.check_landing_hex(state, hbk, HexId.parse("0505"))  # the Locust's hex: allowed


def test_commitment_only_at_the_start_of_the_arrival_turn():
    """DROP-04: not before the arrival turn, not twice, not once units have moved; moves wait for commitments."""
    early = changed(landing_game(phase=Phase.INITIATIVE), turn=1)
    with pytest.raises(IllegalOrderError, match="arrives on turn 2.*DROP-04"):
        commit(early, "hbk", "0707")
    once = commit(landing_game(phase=Phase.INITIATIVE), "hbk", "0707")
    with pytest.raises(IllegalOrderError, match="already committed"):
        commit(once, "hbk", "0708")
    moved = landing_game()
    with pytest.raises(IllegalOrderError, match="DROP-04"):
        commit(moved, "hbk", "0707")
    fresh = changed(landing_game(phase=Phase.INITIATIVE), phase=Phase.MOVEMENT, move_order=("red",))
    with pytest.raises(IllegalOrderError, match="hbk must commit a landing hex before any unit moves"):
        run(fresh, MoveOrder("locust", "stand"))


# -- landing order and reveal (DROP-05, 06, 08) --------------------------------------------------------------


def test_landing_waits_for_every_ground_move_and_ends_the_phase():
    """DROP-05: no landing while a ground unit has not moved; the phase cannot end before the landing."""
    state = committed_game("0707")
    unmoved = state.with_unit(changed(state.units["locust"], mode=MoveMode.NONE))
    with pytest.raises(IllegalOrderError, match="still to move: locust.*DROP-05"):
        reveal(unmoved, "hbk", "0707", dice=[8])
    with pytest.raises(IllegalOrderError, match="hbk must still land.*DROP-05"):
        run(state, ResolvePhaseOrder())
    landed, _ = reveal(state, "hbk", "0707", dice=[8])
    assert run(landed, ResolvePhaseOrder())[0].phase is Phase.WEAPON


def test_landings_alternate_in_initiative_order():
    """DROP-05: both sides drop: red (initiative loser) lands first, then blue, alternating."""
    units = [
        {"id": "ground", "side": "red", "design": "Locust LCT-1V", "position": "0101"},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha"},
        {"id": "wasp", "side": "red", "design": "Wasp WSP-1A", "reserve": "alpha"},
    ]
    state = landing_game(phase=Phase.INITIATIVE, units=units)
    state = commit(commit(state, "hbk", "0707"), "wasp", "0909")
    state = changed(state, phase=Phase.MOVEMENT,
                   units={**state.units, "ground": changed(state.units["ground"], mode=MoveMode.STAND)})
    assert drops.side_to_drop(state) == "red"
    with pytest.raises(IllegalOrderError, match="out of order.*DROP-05"):
        reveal(state, "hbk", "0707", dice=[8])
    state, _ = reveal(state, "wasp", "0909", dice=[8])
    assert drops.side_to_drop(state) == "blue"
    state, _ = reveal(state, "hbk", "0707", dice=[8])
    assert drops.side_to_drop(state) is None


def test_reveal_comes_before_the_roll_and_must_match():
    """DROP-06: the log shows the revealed hex before the roll; a hex other than the committed one is refused."""
    state = committed_game("0707", facing="SW")
    with pytest.raises(VerificationError, match="does not match its commitment"):
        reveal(state, "hbk", "0708", "SW", dice=[8])
    with pytest.raises(VerificationError):
        reveal(state, "hbk", "0707", "N", dice=[8])
    _, events = reveal(state, "hbk", "0707", "SW", dice=[8])
    assert events[0] == "hbk (blue) reveals its landing hex 0707 facing SW (DROP-06)"


def test_each_failure_is_resolved_completely_before_the_next_landing():
    """DROP-08: the first 'Mech's scatter and damage are done within its own landing, before the next reveal."""
    units = [
        {"id": "ground", "side": "red", "design": "Locust LCT-1V", "position": "0101"},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha"},
        {"id": "hbk2", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha"},
    ]
    state = landing_game(phase=Phase.INITIATIVE, units=units)
    state = commit(commit(state, "hbk", "0715"), "hbk2", "0915")
    state = changed(state, phase=Phase.MOVEMENT,
                   units={**state.units, "ground": changed(state.units["ground"], mode=MoveMode.STAND)})
    # hbk fails by 3 (2 vs 5): 3D6 = 4 hexes N, fall side 1 (front), four 5-point groups to the CT (7).
    state, events = reveal(state, "hbk", "0715", dice=[2, 4, 1, 1, 7, 7, 7, 7])
    assert at(state, "hbk") == "0711" and armor_lost(state, "hbk") == HBK_FALL_3
    assert drops.arriving(state) == [state.units["hbk2"]]
    state, events = reveal(state, "hbk2", "0915", dice=[9])
    assert at(state, "hbk2") == "0915"


# -- success (DROP-07, 09, 10, 11) --------------------------------------------------------------------------


def test_successful_landing_places_the_mech_facing_its_choice():
    """DROP-07: TN 5, roll 8: the 'Mech stands in its hex facing the chosen way."""
    state, events = reveal(committed_game("0707", facing="SW"), "hbk", "0707", "SW", dice=[8])
    hbk = state.units["hbk"]
    assert (at(state, "hbk"), hbk.facing, hbk.mech.prone, hbk.in_reserve) == ("0707", Facing.SW, False, False)
    assert "hbk lands in 0707 facing SW (8 vs 5) (DROP-07)" in events


def landed_in_weapon_phase() -> GameState:
    state, _ = reveal(committed_game("0507"), "hbk", "0507", dice=[8])
    return run(state, ResolvePhaseOrder())[0]


def test_a_dropped_mech_does_not_act_in_its_landing_turn():
    """DROP-09: attacks refused in the landing turn (weapon and physical); allowed the next turn."""
    state = landed_in_weapon_phase()
    with pytest.raises(IllegalOrderError, match="DROP-09"):
        run(state, WeaponAttackOrder("hbk", "locust", ("Medium Laser",)))
    with pytest.raises(IllegalOrderError, match="DROP-09"):
        run(changed(state, phase=Phase.PHYSICAL), PhysicalAttackOrder("hbk", "locust", "punch"))
    with pytest.raises(IllegalOrderError, match="DROP-09"):
        drop_turn.check_can_act(state.units["hbk"], state.turn)
    next_turn = changed(state, turn=3)
    drop_turn.check_can_act(next_turn.units["hbk"], next_turn.turn)
    run(next_turn, WeaponAttackOrder("hbk", "locust", ("Medium Laser",)), [2])


def test_attacks_on_a_dropped_mech_get_plus_three_for_its_landing_turn():
    """DROP-10 (AMB-35): +3 target movement in the weapon and physical phases of the landing turn only."""
    state = landed_in_weapon_phase()
    mods = dict(tohit.target_modifiers(state, state.units["locust"], state.units["hbk"]))
    assert mods["target dropping"] == 3
    later = changed(state, turn=3)
    assert "target dropping" not in dict(tohit.target_modifiers(later, later.units["locust"], later.units["hbk"]))


def test_flak_against_a_dropped_mech_gets_minus_two():
    """DROP-11: a flak weapon (LB 10-X) has -2 against the dropping 'Mech; a laser does not."""
    units = [
        {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0505", "facing": "S",
         "weapons": [{"name": "LB 10-X AC", "location": "RT"}, {"name": "Medium Laser", "location": "CT"}],
         "ammo": [{"weapon": "LB 10-X AC", "location": "LT", "shots": 10}]},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"},
    ]
    state, _ = reveal(committed_game("0507", units=units), "hbk", "0507", dice=[8])
    state = run(state, ResolvePhaseOrder())[0]
    locust, hbk = state.units["locust"], state.units["hbk"]
    flak = tohit.weapon_to_hit(state, locust, 0, hbk, None, 0)
    laser = tohit.weapon_to_hit(state, locust, 1, hbk, None, 0)
    assert dict(flak.modifiers)["flak against a dropping 'Mech"] == -2
    assert flak.target == laser.target - 2
    assert dict(laser.modifiers)["target dropping"] == 3


# -- minefields and planetary conditions (DROP-12, 13) --------------------------------------------------------


def test_landing_in_a_minefield_counts_as_ground_entry():
    """DROP-12: a landing in a minefield hex rolls the minefield attack as entering along the ground."""
    state = committed_game("0707", hexes={"0707": {"terrain": "clear", "minefield": 10}})
    # Landing 8; minefield 2D6 9 (7+ hits); leg 1D6 2 -> left leg: 10 damage.
    landed, events = reveal(state, "hbk", "0707", dice=[8, 9, 2])
    hbk = landed.units["hbk"]
    assert hbk.max_armor["LL"] - hbk.armor["LL"] == 10
    assert any("mine goes off under hbk" in e for e in events)
    spared, _ = reveal(state, "hbk", "0707", dice=[8, 6])
    assert armor_lost(spared, "hbk") == 0


def test_ground_movement_into_a_minefield_triggers_it_too():
    """DROP-12: the same minefield attacks a unit entering the hex on the ground."""
    state = scenario_from_dict(scenario(hexes={"0504": {"terrain": "clear", "minefield": 5}}))
    state = changed(state, phase=Phase.MOVEMENT, initiative=("red", "blue"), move_order=("red",))
    moved, events = run(state, MoveOrder("locust", "walk", ("F",)), [8, 5])
    locust = moved.units["locust"]
    assert at(moved, "locust") == "0504" and locust.max_armor["RL"] - locust.armor["RL"] == 5


def test_planetary_conditions_modify_the_landing_roll():
    """DROP-13: a planetary-condition PSR modifier of +1 makes the landing TN 6 (piloting 5)."""
    state = committed_game("0707", options={"planetary_psr_modifier": 1})
    landed, _ = reveal(state, "hbk", "0707", dice=[6])
    assert at(landed, "hbk") == "0707"
    # A 5 now fails by 1: 1D6 scatter 2 hexes N, front side, two 5-point groups to the CT.
    failed, events = reveal(state, "hbk", "0707", dice=[5, 2, 1, 1, 7, 7])
    assert "hbk fails its landing roll (5 vs 6) by 1" in events and at(failed, "hbk") == "0705"


# -- stacking (DROP-14, 19) ---------------------------------------------------------------------------------------


def test_a_successful_landing_displaces_the_occupant_in_a_random_direction():
    """DROP-14 (AMB-37): the lander takes the hex; the occupant moves the 1D6 way, with no fall from above."""
    state = committed_game("0505")
    # Landing 8; direction 1D6 3 -> SE (0605, the lower neighbour of odd column 05); the Locust's PSR 9.
    landed, events = reveal(state, "hbk", "0505", dice=[8, 3, 9])
    assert at(landed, "hbk") == "0505" and at(landed, "locust") == "0605"
    assert "hbk's landing displaces locust SE (DROP-14)" in events
    assert not any("from above" in e for e in events)


@pytest.mark.parametrize("side, displaced", [("blue", False), ("red", True)])
def test_a_landing_beside_a_friendly_asset_violates_no_stacking(side, displaced):
    """DROP-14 with ASSET-STACK-01: a hex may hold 1 asset and 1 friendly 'Mech, so a 'Mech landing on a
    friendly asset's hex displaces nobody (the asset was pushed away); an enemy asset is still displaced
    (ASSET-STACK-02), its 1D6 way (1: N, 0706)."""
    units = [design("Locust LCT-1V", "locust", "0101"),
             {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"},
             builders.asset("S-1 Light tracked tank", "a1", "0707", side=side)]
    landed, events = reveal(committed_game("0707", units=units), "hbk", "0707", dice=[9, 1] if displaced else [9])
    assert at(landed, "hbk") == "0707" and at(landed, "a1") == ("0706" if displaced else "0707")
    assert any("displaces a1" in e for e in events) == displaced


def test_an_occupant_that_cannot_be_displaced_is_destroyed():
    """DROP-14: every neighbour too high to enter -> the displaced 'Mech is destroyed."""
    cliffs = {h.label: {"terrain": "clear", "level": 3} for h in HexId.parse("0505").neighbors()}
    landed, events = reveal(committed_game("0505", hexes=cliffs), "hbk", "0505", dice=[8, 1])
    assert landed.units["locust"].destroyed and at(landed, "hbk") == "0505"


def test_scattering_onto_a_mech_is_an_accidental_fall_from_above_along_the_scatter():
    """DROP-19 (AMB-38): coming down on a unit after a scatter is an accidental fall from above; the unit hit
    is displaced in the scatter direction."""
    state = committed_game("0508")
    # 2 vs 5 fails by 3: 3D6 = 3 hexes N to 0505 (the Locust), front side, four groups to the CT; then the
    # fall onto the Locust: to-hit 9 vs 7 hits, ceil(50/10) x 3 = 15 in three punch-table groups (2, 2, 2: LT),
    # a critical check (9: one hit, upper half, slot 1: one of the four heat sinks its 160 engine does not hold),
    # the Locust is displaced N to 0504 and makes its PSR for being fallen on (9).
    landed, events = reveal(state, "hbk", "0508", dice=[2, 3, 1, 1, 7, 7, 7, 7, 9, 2, 2, 2, 9, 1, 1, 9])
    assert at(landed, "hbk") == "0505" and at(landed, "locust") == "0504"
    assert "hbk comes down on locust: an accidental fall from above (DROP-19)" in events
    assert "hbk falls onto locust (9 vs 7): 15 damage (DROP-19)" in events
    assert "locust: critical hit on heat sink (LT slot 1)" in events
    assert landed.units["locust"].internal["LT"] == 0


def test_a_missed_fall_from_above_puts_the_dropped_mech_beside_the_unit():
    """DROP-19: when the accidental fall from above misses, the falling 'Mech comes down in the next hex along
    the scatter direction and the unit below stays."""
    state = committed_game("0508")
    landed, events = reveal(state, "hbk", "0508", dice=[2, 3, 1, 1, 7, 7, 7, 7, 4])
    assert at(landed, "locust") == "0505" and at(landed, "hbk") == "0504"
    assert "hbk falls beside locust (4 vs 7) (DROP-19)" in events


# -- failed landings (DROP-15..18) --------------------------------------------------------------------------------


def test_failed_landing_scatters_margin_d6_hexes():
    """DROP-15: TN 7, roll 4: MoF 3 -> 3D6 = 13 hexes in the direction die's way (1 = N)."""
    state = committed_game("0620", units=[
        {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0101"},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "piloting": 7},
    ])
    d = ManualDice([4, 13, 1, 1, 7, 7, 7, 7])
    landed, events = apply(state, RevealDropOrder("hbk", HexId.parse("0620"), Facing.N, SALT), d)
    assert [(r.purpose, r.n) for r in d.rolls[1:3]] == [("scatter distance hbk (3D6)", 3), ("scatter direction hbk", 1)]
    assert at(landed, "hbk") == "0607"
    assert "hbk scatters 13 hexes N from 0620 to 0607 (DROP-15)" in sentences(events)


def test_scatter_numbering_runs_clockwise_from_north():
    """DROP-15 (UNVERIFIED numbering, tables.md 8.8): 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW."""
    assert [drops.SCATTER_DIRECTIONS[d] for d in range(1, 7)] == list(Facing)
    assert drops.scatter_hex(HexId.parse("0505"), Facing.S, 3) == HexId.parse("0508")


def test_scattering_off_the_map_counts_as_destroyed():
    """DROP-16: the scatter leaves the map: the 'Mech does not land and is a loss for victory."""
    state = committed_game("0503")
    landed, events = reveal(state, "hbk", "0503", dice=[2, 5, 1])
    hbk = landed.units["hbk"]
    assert hbk.hex is None and not hbk.in_reserve and hbk.drop.off_map
    assert victory.losses(landed, "blue") == (1, 1)
    assert any("DROP-16" in e for e in events)


def test_failed_landing_damages_as_a_fall_of_the_margin():
    """DROP-17 (AMB-34, 36): TN 6, roll 3: damage as a 3-level fall, ceil(50/10) x 4 = 20; not prone."""
    state = committed_game("0715", options={"planetary_psr_modifier": 1}, facing="S")
    landed, events = reveal(state, "hbk", "0715", "S", dice=[3, 3, 4, 1, 7, 7, 7, 7])
    hbk = landed.units["hbk"]
    assert armor_lost(landed, "hbk") == HBK_FALL_3
    assert (hbk.mech.prone, hbk.facing) == (False, Facing.S)
    assert "hbk takes damage as a 3-level fall: 20 on the front side (DROP-17)" in events


def test_full_fall_option_makes_the_mech_prone():
    """DROP-17 (AMB-36 alternative): drop_failure = "fall" applies the whole standard fall."""
    state = committed_game("0715", options={"drop_failure": "fall"})
    # 4 vs 5 by 1: 1D6 2 hexes S; fall facing 1 (unchanged, front), two groups to the CT, MechWarrior check 8.
    landed, events = reveal(state, "hbk", "0715", dice=[4, 2, 4, 1, 7, 7, 8])
    assert landed.units["hbk"].mech.prone and armor_lost(landed, "hbk") == 10


@pytest.mark.parametrize(("piloting", "roll", "destroyed", "lost"), [(9, 2, True, 0), (8, 2, False, 35)])
def test_failing_by_seven_or_more_destroys_the_mech(piloting, roll, destroyed, lost):
    """DROP-18: TN 9, roll 2 (MoF 7) destroys; TN 8, roll 2 (MoF 6) is a 6-level fall: 5 x 7 = 35."""
    state = committed_game("0620", units=[
        {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0101"},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "piloting": piloting},
    ])
    margin = piloting - roll
    dice = [roll, margin, 4] + ([] if destroyed else [1] + [7] * 5 + [8] * 2)  # CT 26 and LT 20 armor hold
    landed, events = reveal(state, "hbk", "0620", dice=dice)
    assert landed.units["hbk"].destroyed is destroyed
    assert armor_lost(landed, "hbk") == lost
    assert any("DROP-18" in e for e in events) is destroyed


# -- orders and the game file ------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", [
    CommitDropOrder("hbk", "ab" * 32),
    RevealDropOrder("hbk", HexId.parse("0707"), Facing.SW, SALT),
])
def test_drop_orders_round_trip_through_their_canonical_text(order):
    assert order_from_text(order_text(order)) == (order, None)


def test_drop_state_round_trips_and_is_hashed():
    state = committed_game("0707")
    again = state_from_dict(state_to_dict(state))
    assert again.drops == state.drops and again.units["hbk"].drop == state.units["hbk"].drop
    assert state_hash(again) == state_hash(state)
    later = changed(state, drops={"alpha": changed(state.drops["alpha"], turn=4)})
    assert state_hash(later) != state_hash(state)


# -- review hardening: bound commitments, everyone committed, what a landing meets -------------------------------


TWO_DROPPERS = [
    {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0101", "facing": "N"},
    {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"},
    {"id": "wasp", "side": "red", "design": "Wasp WSP-1A", "reserve": "alpha", "facing": "N"},
]


def test_a_commitment_is_bound_to_its_unit_and_cannot_be_copied():
    """DROP-04: the hash covers the unit, so another 'Mech cannot take over a published commitment (and the
    same digest twice is refused)."""
    state = commit(landing_game(phase=Phase.INITIATIVE, units=TWO_DROPPERS), "hbk", "0707")
    digest = state.units["hbk"].drop.commitment
    assert digest != drops.commitment(SALT, "wasp", HexId.parse("0707"), Facing.N)
    with pytest.raises(IllegalOrderError, match="already another 'Mech's"):
        run(state, CommitDropOrder("wasp", digest))


def test_nobody_lands_before_every_arriving_mech_has_committed():
    """DROP-04/05: a landing waits for every commitment, so no player can reveal first and leave the other
    side unable to commit (the window closes once someone has landed)."""
    state = commit(landing_game(phase=Phase.INITIATIVE, units=TWO_DROPPERS), "hbk", "0707")
    state = changed(state, phase=Phase.MOVEMENT,
                   units={uid: changed(u, mode=MoveMode.STAND) if u.hex else u for uid, u in state.units.items()})
    with pytest.raises(IllegalOrderError, match="still to commit: wasp"):
        reveal(state, "hbk", "0707", dice=[9])


def test_a_mech_landing_in_a_building_hex_stands_on_its_roof_and_a_weak_roof_collapses():
    """DROP-07 with URB-MOVE-10 / AMB-40: coming down from above, the 'Mech lands on the roof (never inside); a
    roof of CF 40 under 50 tons collapses at once."""
    hexes = {"0707": {"terrain": "building", "building": {"type": "medium", "height": 2, "cf": 40,
                                                         "basement": "none"}}}
    state = committed_game("0707", hexes=hexes)
    landed, events = reveal(state, "hbk", "0707", dice=[9, 3, 3, 7, 7, 7, 7])
    assert any("collapses" in e for e in events)
    assert landed.board.hex(HexId.parse("0707")).building is None


def test_a_mech_landing_on_a_bridge_too_weak_for_it_brings_the_deck_down():
    """DROP-07 with URB-BRG-03: the 'Mech lands on the deck of a light bridge (CF 15) over depth-1 water; 50 tons
    exceed its CF, so the bridge hex collapses at once and the 'Mech falls from the deck (level 0) to the
    bottom: 1 level into water, half of ceil(50/10) x 2 = 5 (it used to stand on the deck)."""
    hexes = {"0707": {"terrain": "water", "depth": 1, "road": True,
                      "bridge": {"type": "light", "cf": 15, "level": 0}}}
    landed, events = reveal(committed_game("0707", hexes=hexes), "hbk", "0707", dice=[9, 1, 7, 7])
    assert "bridge hex 0707 (light) collapses: 50 tons on the bridge exceed its CF 15" in events
    assert landed.board.hex(HexId.parse("0707")).bridge is None and armor_lost(landed, "hbk") == 5


def test_a_landing_does_not_displace_a_vtol_flying_high_above():
    """DROP-14: only units in the 'Mech's way are displaced; an airborne VTOL at elevation 4 is not."""
    units = [
        {"id": "locust", "side": "red", "design": "Locust LCT-1V", "position": "0101", "facing": "N"},
        {"id": "ferret", "side": "red", "design": "Ferret Light Scout VTOL", "position": "0707", "facing": "N",
         "elevation": 4},
        {"id": "hbk", "side": "blue", "design": "Hunchback HBK-4G", "reserve": "alpha", "facing": "N"},
    ]
    state = committed_game("0707", units=units)
    landed, events = reveal(state, "hbk", "0707", dice=[9])
    assert at(landed, "ferret") == "0707" and at(landed, "hbk") == "0707"
    assert not any("displaces" in e for e in events)


def test_a_drop_called_off_leaves_the_battle_and_unblocks_the_landings():
    """DROP-05 (btcli): a side whose secret is lost calls its drop off; the 'Mech counts as lost (as DROP-16)
    and the other side's landing goes ahead."""
    from btcli.rules.core import victory

    state = commit(landing_game(phase=Phase.INITIATIVE, units=TWO_DROPPERS), "hbk", "0707")
    state = changed(state, phase=Phase.MOVEMENT,
                   units={uid: changed(u, mode=MoveMode.STAND) if u.hex else u for uid, u in state.units.items()})
    state, events = run(state, AbortDropOrder("wasp"))
    assert events == ["wasp (red) calls off its drop: it leaves the battle and counts as lost"]
    assert not state.units["wasp"].in_reserve and drops.missing_commitments(state) == []
    landed, _ = reveal(state, "hbk", "0707", dice=[9])
    assert at(landed, "hbk") == "0707"
    assert victory.losses(landed, "red")[0] == 1


def test_a_drop_cannot_be_called_off_outside_its_arrival_turn():
    state = landing_game(phase=Phase.INITIATIVE)
    with pytest.raises(IllegalOrderError, match="not a dropping 'Mech arriving this turn"):
        run(changed(state, turn=1), AbortDropOrder("hbk"))


def test_abort_order_round_trips():

    order = AbortDropOrder("hbk")
    assert order_text(order) == "drop hbk --abort"
    assert order_from_text(order_text(order)) == (order, None)


def test_drop_12_a_minefield_crossed_before_a_sideslip_still_attacks():
    """DROP-12's ground entry (minimal minefield model): a hover craft that crosses a minefield and then
    fails its sideslip roll has still entered the mined hex."""
    from tests.builders import game, vehicle

    state = game(vehicle("hover", 6), hexes={"0509": {"terrain": "clear", "minefield": 5}})
    d = ManualDice([3] * 12)
    state, events = apply(state, MoveOrder("u1", "flank", ("F", "F", "L", "F")), d)
    assert "minefield 0509 vs u1" in [r.purpose for r in d.rolls]
    assert any("sideslip" in e for e in sentences(events))
