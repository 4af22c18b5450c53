"""The general asset rules (ASSET-GEN) as the game applies them: no Piloting or Driving Skill Roll, no heat or
ammunition, the printed skill of a card. (ASSET-GEN-03 and -05: test_asset_play, test_asset_damage; ASSET-GEN-04:
the SVG map in tests/cli/test_assets_cli.py; ASSET-GEN-06: the CLI game won by destroying an asset, ibid.)"""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError, InputError
from btcli.model.orders import MoveOrder, WeaponAttackOrder, parse_steps
from btcli.model.state import Phase
from btcli.rules import kinds
from tests.builders import asset, changed, design, fire, game, resolve, run, vehicle

TANK = "S-1 Light tracked tank"  # 4 MP, tracked
RUBBLE = {"0509": {"terrain": "rubble"}}


def test_a_control_roll_asked_of_an_asset_fails_without_rolling():  # ASSET-GEN-01
    # the game's one entry for a unit's piloting/driving roll (btcli.rules.kinds, used e.g. by buildings.py);
    # a 'Mech or a vehicle asked the same rolls the dice
    state = game(asset(TANK), design("Hunchback HBK-4G", "m1", at="0505"))
    dice = ManualDice([])  # any roll would run out of values and raise
    assert kinds.control_roll(state, state.unit("a1"), "entering a building", dice) is None
    assert dice.rolls == []
    with pytest.raises(InputError, match="ran out"):
        kinds.control_roll(state, state.unit("m1"), "entering a building", dice)


def test_terrain_never_forces_a_psr_on_an_asset():  # ASSET-GEN-01, ASSET-TERR-02
    # the tracked tank enters rubble through the engine: the rubble's MP is paid, and no die is rolled
    state, events, dice = run(game(asset(TANK), hexes=RUBBLE), MoveOrder("a1", "", parse_steps("F")), [])
    assert dice.rolls == []
    assert events == ["a1 moves 0510 -> 0509 facing N: 2 of 4 MP, 1 hex"]


def test_an_action_that_would_need_a_skill_roll_is_refused():  # ASSET-GEN-01, ASSET-MOVE-13
    # going on after a sideslip needs a driving roll; an asset cannot make it, so the order is refused
    state = game(asset("Maxim Heavy Hover Transport"), hexes={"0509": {"terrain": "paved"}})
    with pytest.raises(IllegalOrderError) as e:
        run(state, MoveOrder("a1", "", parse_steps("F,R"), after_slip="continue"), [])
    assert e.value.rule == "ASSET-MOVE-13"


def test_twenty_turns_of_attacks_never_run_out_of_ammunition_or_build_heat():  # ASSET-GEN-02, ASSET-ATK-08
    # an asset attacks once a turn, every turn, through the engine; the End Phase forgets the attack, and
    # nothing else is carried from turn to turn: no shot spent, no heat (a 'Mech firing its AC/20 would)
    state = game(asset(TANK, "t", at="0508"), design("Atlas AS7-D", "m", at="0505", side="blue"),
                 phase=Phase.WEAPON)
    for turn in range(1, 21):
        state = changed(state, phase=Phase.WEAPON, turn=turn)
        state, events, _ = fire(state, "t", "m", (), [2])  # a miss: the target stays as it is
        assert "rolls 2: miss" in events[0]
        with pytest.raises(IllegalOrderError) as e:
            run(state, WeaponAttackOrder("t", "m"), [])
        assert e.value.rule == "ASSET-ATK-04"  # one attack a turn, not a count of shots
        state, _, _ = resolve(changed(state, phase=Phase.END))
    tank = state.unit("t")
    assert (tank.built.heat, tank.ammo) == (0, ())


@pytest.mark.parametrize("card, veteran, gunnery", [
    ("Heavy Emplacement", False, 5), ("Heavy Emplacement", True, 4),  # tables.md 16.1: 5 (4) on the emplacement
    ("Elemental Battle Armor [MG](Sqd5)", False, 5), ("Elemental Battle Armor [MG](Sqd5)", True, 4),  # Clan: 5 (4)
    ("S-1 Light tracked tank", False, 6), ("S-1 Light tracked tank", True, 5),  # IS vehicle: 6 (5)
])
def test_a_unit_plays_with_its_cards_printed_skill(card, veteran, gunnery):  # ASSET-GEN-07, AMB-69
    unit = game(asset(card, veteran=veteran, facing="S")).unit("a1")
    assert unit.gunnery == gunnery


def test_a_game_with_assets_asks_each_kind_rather_than_testing_it():  # issue #30; ASSET-DEP-01, ASSET-STACK-01
    # the questions of KindRules' assets block, answered by an asset, a 'Mech and a vehicle
    state = game(asset(TANK), design("Hunchback HBK-4G", "m1", at="0505"), vehicle("tracked", 4, "v1", at="0707"))
    a1, m1, v1 = (kinds.of(state.unit(uid)) for uid in ("a1", "m1", "v1"))
    assert (a1.deploys_first, m1.deploys_first, v1.deploys_first) == (True, False, False)
    assert (a1.vehicle_sides, m1.vehicle_sides, v1.vehicle_sides) == (True, False, True)
    assert [k.stacks_as(state.unit(uid)) for k, uid in ((a1, "a1"), (m1, "m1"), (v1, "v1"))] == [
        "vehicle", "mech", "other"]
    assert m1.destruction_check is None and v1.destruction_check is None and a1.destruction_check is not None
    assert not any(k.aloft(state.unit(uid)) for k, uid in ((a1, "a1"), (m1, "m1"), (v1, "v1")))


@pytest.mark.parametrize(("kind", "buildings", "doubled", "worn", "ignores"), [
    ("vehicle", False, False, False, False),
    ("conventional_infantry", True, True, True, True),
    ("battle_armor", True, True, False, True),
    ("gun_emplacement", False, False, False, False),
])
def test_a_card_kind_answers_the_asset_rules(kind, buildings, doubled, worn, ignores):
    # ASSET-MOVE-10, -11 (buildings), ASSET-DMG-08 (area effect), ASSET-DMG-07 (AI wear), ASSET-STACK-03
    from btcli.model.assets import AssetKind
    from btcli.rules.kinds import asset_card

    rules = asset_card.CARD_KINDS[AssetKind(kind)]
    assert (rules.enters_buildings, rules.doubled_by_area_effect, rules.worn_by_anti_infantry,
            rules.ignores_enemy_infantry) == (buildings, doubled, worn, ignores)
