"""Tests for the general asset rules (btcli.rules.asset_general; ASSET-GEN)."""

from __future__ import annotations

import pytest

from btcli.catalog.asset_cards import asset_card
from btcli.dice import ManualDice
from btcli.errors import IllegalOrderError
from btcli.model.assets import AssetKind
from btcli.rules import asset_general as gen
from btcli.rules.asset_general import Objective


def test_a_forced_psr_fails_without_rolling():  # ASSET-GEN-01
    dice = ManualDice([])  # a roll would run out of values and raise
    outcome = gen.piloting_roll("tank-1", "skid")
    assert (outcome.success, outcome.rolled) == (False, False)
    assert dice.rolls == []


def test_an_action_that_needs_a_psr_is_refused():  # ASSET-GEN-01
    with pytest.raises(IllegalOrderError) as e:
        gen.check_action_without_psr("tank-1", "enter the building", needs_psr=True)
    assert e.value.rule == "ASSET-GEN-01"
    gen.check_action_without_psr("tank-1", "enter the building", needs_psr=False)
    gen.check_action_without_psr("tank-1", "enter the building", needs_psr=True, scenario_allows=True)


def test_rules_that_track_per_turn_information_are_not_used():  # ASSET-GEN-02
    assert gen.rule_applies(needs_turn_to_turn_tracking=True) is False
    assert gen.rule_applies(needs_turn_to_turn_tracking=False) is True
    assert gen.tracks_heat_or_ammunition() is False  # ASSET-ATK-08


def test_two_vehicles_in_a_hex_show_a_miniature_over_a_token():  # ASSET-GEN-04
    assert gen.token_roles(["maxim-1", "browning-1"]) == (("maxim-1", "miniature"), ("browning-1", "token"))


@pytest.mark.parametrize("objective, counts", [(Objective.DESTROY, True), (Objective.CLAIM, False),
                                               (Objective.SCAN, False), (Objective.EXIT, False)])
def test_assets_count_only_for_destroying_the_enemy(objective, counts):  # ASSET-GEN-06, AMB-47
    assert gen.counts_for_objective(objective) is counts
    assert gen.counts_for_objective(objective, scenario_allows=True) is True


@pytest.mark.parametrize("kind, clan, skills", [(AssetKind.VEHICLE, False, (6, 5)), (AssetKind.CONVENTIONAL_INFANTRY, False, (6, 5)),
                                                (AssetKind.GUN_EMPLACEMENT, False, (5, 4)), (AssetKind.BATTLE_ARMOR, True, (5, 4))])
def test_default_skills_when_a_card_must_be_filled_in(kind, clan, skills):  # ASSET-GEN-07, AMB-69
    assert gen.default_skill(kind, clan) == skills


@pytest.mark.parametrize("name", ["Heavy Emplacement", "Elemental Battle Armor [MG](Sqd5)"])
def test_printed_emplacement_and_clan_cards_agree_with_the_default(name):  # AMB-69: the card wins, and here agrees
    card = asset_card(name)
    assert (card.skill, card.veteran_skill) == gen.default_skill(card.kind, clan=True)
