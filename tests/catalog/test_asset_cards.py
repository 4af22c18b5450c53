"""Tests for the asset card catalog and readers (btcli.catalog.asset_cards, btcli.model.assets)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from btcli.catalog.asset_cards import asset_card, asset_cards, card_from_bfs, card_from_table, parse_special, read_bfs
from btcli.errors import GameFileError, IllegalOrderError
from btcli.model.assets import AssetKind, AssetState, MovementCode, RangeBands, Special

BFS = Path(__file__).parent / "bfs"
K = AssetKind

# Source: tables.md 16.3 (VERIFIED) and 16.4 (SAMPLE): name, kind, MP, code, TMM, range,
# skill, Veteran skill, damage groups, check, threshold, cost, Veteran cost, specials, sample.
CARDS = [
    ("Maxim Heavy Hover Transport", K.VEHICLE, 8, "H", 3, (3, 6, 9), 6, 5, (5, 5, 5, 5), 7, 5, 23, 27, ("APC1", "IF2"), False),
    ("Browning Mobile HQ", K.VEHICLE, 7, "W", 3, None, 6, 5, (), 7, 5, 18, 21, ("AMS", "ECM6"), False),
    ("Mobile Long Tom Artillery LT-MOB-25", K.VEHICLE, 2, "T", 0, None, 8, None, (), 7, 5, 66, None, ("Artillery (LT)", "No Turret"), False),
    ("Foot Platoon (Rifle)", K.CONVENTIONAL_INFANTRY, 1, "F", 0, (1, 2, 3), 6, 5, (5, 5), 8, 1, 7, 8, ("Nimble", "Spotter", "Swarm"), False),
    ("Elemental Battle Armor [MG](Sqd5)", K.BATTLE_ARMOR, 3, "J", 2, (1, 2, 3), 5, 4, (6, 6), 9, 5, 17, 20,
     ("Mechanized", "Nimble", "Spotter", "Swarm"), False),
    ("Heavy Emplacement", K.GUN_EMPLACEMENT, 0, "-", 0, (3, 6, 9), 5, 4, (15,), 10, 8, 13, 15, ("Immobile", "No Turret", "Spotter"), False),
    ("S-1 Light tracked tank", K.VEHICLE, 4, "T", 1, (6, 12, 18), 6, 5, (5,), 7, 5, 12, 14, (), True),
    ("S-2 Scout VTOL", K.VEHICLE, 15, "V", 5, (1, 2, 3), 6, 5, (2,), 7, 5, 8, 10, ("AI",), True),
    ("S-3 Jump platoon", K.CONVENTIONAL_INFANTRY, 3, "J", 2, (1, 2, 3), 6, 5, (5, 5), 7, 5, 9, 11, (), True),
    ("S-4 Mechanized platoon", K.CONVENTIONAL_INFANTRY, 3, "T", 1, (1, 2, 3), 6, 5, (5, 5), 7, 5, 10, 12, (), True),
    ("S-5 Inner Sphere battle-armor squad", K.BATTLE_ARMOR, 3, "J", 2, (1, 2, 3), 6, 5, (3, 3, 3, 3), 7, 5, 14, 17, (), True),
    ("S-6 Light gun emplacement", K.GUN_EMPLACEMENT, 0, "-", 0, (3, 6, 9), 5, 4, (5,), 7, 5, 8, 10, ("Immobile", "No Turret"), True),
]


@pytest.mark.parametrize("row", CARDS, ids=[r[0] for r in CARDS])
def test_catalog_cards_match_tables(row):
    name, kind, mp, code, tmm, bands, skill, veteran, groups, check, threshold, cost, vcost, specials, sample = row
    card = asset_card(name)
    assert (card.name, card.kind, card.mp, card.movement.value, card.tmm) == (name, kind, mp, code, tmm)
    assert card.range == (RangeBands(*bands) if bands else None)
    assert (card.skill, card.veteran_skill, card.damage_groups) == (skill, veteran, groups)
    assert (card.destruction_check, card.threshold, card.cost, card.veteran_cost) == (check, threshold, cost, vcost)
    assert tuple(str(s) for s in card.specials) == specials
    assert card.sample is sample


def test_catalog_holds_exactly_six_real_and_six_sample_cards():
    cards = asset_cards().values()
    assert sum(not c.sample for c in cards) == 6 and sum(c.sample for c in cards) == 6


def test_lookup_ignores_case_and_unknown_names_name_the_card():
    assert asset_card("maxim heavy hover transport").name == "Maxim Heavy Hover Transport"
    with pytest.raises(GameFileError, match="unknown asset card 'Atlas'"):
        asset_card("Atlas")


def test_long_tom_second_hex_is_directly_behind():  # ASSET-GEN-03
    from btcli.model.hexgrid import Facing, HexId

    card = asset_card("Mobile Long Tom Artillery LT-MOB-25")
    primary = HexId.parse("0505")
    assert card.occupied_hexes(primary, Facing.N) == (primary, primary.neighbor(Facing.S))
    assert card.occupied_hexes(primary, Facing.SE) == (primary, primary.neighbor(Facing.NW))
    assert card.is_multi_hex and not asset_card("Heavy Emplacement").is_multi_hex


@pytest.mark.parametrize("kind, infantry", [(K.VEHICLE, False), (K.CONVENTIONAL_INFANTRY, True),
                                            (K.BATTLE_ARMOR, True), (K.GUN_EMPLACEMENT, False)])
def test_infantry_means_conventional_infantry_and_battle_armor(kind, infantry):  # ASSET-GEN-05
    assert kind.is_infantry is infantry


def test_veteran_uses_the_grey_skill_and_cost():  # ASSET-GEN-07
    card = card_from_table("Vet", {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "veteran_skill": 5,
                                   "check": 7, "threshold": 5, "cost": 20, "veteran_cost": 25})
    assert (card.skill_for(True), card.cost_for(True)) == (5, 25)
    assert (card.skill_for(False), card.cost_for(False)) == (6, 20)
    emplacement = asset_card("Heavy Emplacement")
    assert emplacement.skill_for(True) == 4  # ASSET-GEN-07, AMB-69: 5 -> 4
    assert AssetState.fresh(card, veteran=True).veteran


def test_a_card_without_a_veteran_skill_cannot_be_veteran():  # ASSET-GEN-07
    long_tom = asset_card("Mobile Long Tom Artillery LT-MOB-25")
    with pytest.raises(IllegalOrderError, match="no Veteran skill") as e:
        AssetState.fresh(long_tom, veteran=True)
    assert e.value.rule == "ASSET-GEN-07"


@pytest.mark.parametrize("text, code", [("F", "F"), ("J", "J"), ("H", "H"), ("T", "T"), ("W", "W"), ("V", "V"),
                                        ("none", "-"), ("INF_LEG", "F"), ("INF_JUMP", "J"), ("HOVER", "H"),
                                        ("TRACKED", "T"), ("WHEELED", "W"), ("VTOL", "V"), ("NONE", "-"),
                                        ("INF_MOTORIZED", "T"), ("M", "T")])
def test_movement_codes_and_megamek_modes(text, code):  # ASSET-TERR-01, tables.md 16.2
    assert MovementCode.parse(text).value == code


@pytest.mark.parametrize("text", ["WIGE", "G", "X", "naval"])
def test_movement_codes_without_an_asset_rule_are_refused(text):
    with pytest.raises(ValueError):
        MovementCode.parse(text)


def test_card_text_mp_and_code():  # ASSET-TERR-01: "4 (W)" is wheeled, MP 4
    mp, code = "4 (W)".split()
    card = card_from_table("Truck", {"kind": "vehicle", "mp": int(mp), "movement": code.strip("()"), "tmm": 1,
                                     "skill": 6, "check": 7, "threshold": 5})
    assert (card.mp, card.movement) == (4, MovementCode.WHEELED)


@pytest.mark.parametrize("token, special", [("IF2", Special("IF", "2")), ("ECM6", Special("ECM", "6")),
                                            ("Artillery (LT)", Special("Artillery", "LT")), ("No Turret", Special("No Turret")),
                                            ("AI", Special("AI")), ("Crit-Seeker", Special("Crit-Seeker"))])
def test_special_tokens_parse_and_print_back(token, special):
    assert parse_special(token) == special
    assert str(special) == token


# -- inline cards ------------------------------------------------------------------

GOOD = {"kind": "vehicle", "mp": 4, "movement": "T", "tmm": 1, "skill": 6, "check": 7, "threshold": 5}


def test_inline_card_with_only_the_required_fields():
    card = card_from_table("Plain", GOOD)
    assert (card.veteran_skill, card.damage_groups, card.range, card.cost, card.specials, card.footprint) == (None, (), None, 0, (), ())


def test_inline_long_tom_special_gives_the_footprint():
    card = card_from_table("Tom", {**GOOD, "specials": ["Artillery (LT)"]})
    assert card.footprint == ((3,),)


@pytest.mark.parametrize("change, message", [
    ({"movement": "X"}, "field 'movement' is invalid: unknown movement code 'X'"),
    ({"kind": "tank"}, "field 'kind' is 'tank'"),
    ({"mp": "four"}, "field 'mp' must be a whole number, not str 'four'"),
    ({"mp": True}, "field 'mp' must be a whole number"),
    ({"range": [3, 6]}, "field 'range' must be three whole numbers"),
    ({"range": [6, 3, 9]}, "field 'range' must rise from short to long"),
    ({"damage": "5y4"}, "field 'damage' must be damage as printed"),
    ({"specials": "AI"}, "field 'specials' must be a list"),
    ({"footprint": [[7]]}, "field 'footprint' must be a list of hexside walks"),
    ({"sample": "yes"}, "field 'sample' must be true or false"),
    ({"speed": 4}, "unknown field 'speed'"),
    ({"check": 1}, "destruction check .* at least 2"),
    ({"kind": "gun_emplacement"}, "field 'mp' of a gun emplacement must be 0"),
])
def test_bad_inline_cards_name_the_card_and_field(change, message):
    with pytest.raises(GameFileError, match=f"asset card 'Bad': {message}"):
        card_from_table("Bad", {**GOOD, **change})


@pytest.mark.parametrize("missing", ["kind", "mp", "movement", "tmm", "skill", "check", "threshold"])
def test_inline_card_missing_a_required_field(missing):
    table = {k: v for k, v in GOOD.items() if k != missing}
    with pytest.raises(GameFileError, match=f"asset card 'Bad': missing required field '{missing}'"):
        card_from_table("Bad", table)


# -- .bfs cards --------------------------------------------------------------------


@pytest.mark.parametrize("file, name", [("hover_transport.bfs", "Maxim Heavy Hover Transport"),
                                        ("long_tom.bfs", "Mobile Long Tom Artillery LT-MOB-25"),
                                        ("emplacement.bfs", "Heavy Emplacement")])
def test_bfs_cards_read_the_same_as_the_catalog(file, name):
    assert read_bfs(str(BFS / file)) == asset_card(name)


def test_bfs_defaults_are_megameks():
    card = read_bfs(str(BFS / "minimal.bfs"))
    assert (card.name, card.kind, card.mp, card.movement, card.tmm, card.range) == (
        "Bare Card", K.VEHICLE, 0, MovementCode.TRACKED, 0, None)
    assert (card.skill, card.veteran_skill, card.damage_groups, card.destruction_check, card.threshold) == (6, None, (), 7, 5)
    assert (card.cost, card.veteran_cost, card.specials) == (0, None, ())


def test_bfs_motorized_infantry_reads_as_tracked():  # tables.md 16.2: M is read as T
    card = read_bfs(str(BFS / "motorized.bfs"))
    assert (card.kind, card.movement) == (K.CONVENTIONAL_INFANTRY, MovementCode.TRACKED)


@pytest.mark.parametrize("text, message", [
    ("chassis: X\nmovement: {mode: WIGE}", "asset card 'X': field 'movement.mode' is invalid: movement 'WIGE'"),
    ("chassis: X\nassetType: Mech", "asset card 'X': unknown assetType 'Mech'"),
    ("chassis: X\ndamage: {perHit: five}", "asset card 'X': field 'damage.perHit' must be a whole number"),
    ("chassis: X\nskill: 6", "asset card 'X': field 'skill' must be a mapping"),
    ("chassis: X\nrange: [1, 2]", "asset card 'X': field 'range' must be three whole numbers"),
    ("model: Y", "asset card card.bfs: missing required field 'chassis'"),
    ("chassis: [unclosed", "asset card card.bfs: not valid YAML"),
    ("- a\n- b", "asset card card.bfs: expected a YAML mapping"),
])
def test_bad_bfs_cards_name_the_card_and_field(text, message):
    with pytest.raises(GameFileError, match=message.replace("[", r"\[").replace("(", r"\(")):
        card_from_bfs(text, "card.bfs")


def test_unreadable_bfs_file(tmp_path):
    with pytest.raises(GameFileError, match="cannot read asset card"):
        read_bfs(str(tmp_path / "missing.bfs"))


def test_importing_btcli_does_not_load_yaml():
    code = "import sys, btcli.catalog.asset_cards, btcli.rules.assets.damage, btcli.cli; print('yaml' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
