"""Reading .mtf 'Mech files (btcli/megamek/mtf.py; the format: /work/shared/spec/megamek-formats.md)."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.megamek import mtf
from btcli.megamek.notes import Notes
from tests.megamek.helpers import BAD, DATA, imported

LOCUST = (DATA / "mechs" / "Locust LCT-1V.mtf").read_text(encoding="utf-8")


def read(text: str, lenient: bool = False) -> tuple[dict, list[str]]:
    notes = Notes("test.mtf", lenient)
    return mtf.read(text, notes), notes.left_out


def refused(text: str, lenient: bool = False) -> str:
    with pytest.raises(GameFileError) as info:
        read(text, lenient)
    return str(info.value)


def test_the_head_gives_tonnage_engine_mp_and_heat_sinks():
    design, left_out = read(LOCUST)
    assert (design["name"], design["tons"], design["engine"], design["engine_rating"]) == ("Locust LCT-1V", 20,
                                                                                           "fusion", 160)
    assert (design["walk"], design["run"], design["jump"], design["heat_sinks"]) == (8, 12, 0, 10)
    assert left_out == []


def test_keys_in_any_case_and_chassis_model_keys_read_alike():
    hunchback = imported(DATA / "mechs" / "Hunchback HBK-4G.mtf")  # mass:, walk mp:, ...
    atlas = imported(DATA / "mechs" / "Atlas AS7-D.mtf")  # chassis: / model: instead of the Version head
    assert (hunchback["tons"], hunchback["heat_sinks"]) == (50, 13) and atlas["name"] == "Atlas AS7-D"


def test_rear_torso_armor_goes_to_btclis_rear_locations():
    armor = imported(DATA / "mechs" / "Atlas AS7-D.mtf")["armor"]  # RTL 10, RTR 10, RTC 14
    assert (armor["LTR"], armor["RTR"], armor["CTR"]) == (10, 10, 14)


def test_a_rear_mount_carries_rear_and_its_slot_names_the_weapon():
    atlas = imported(DATA / "mechs" / "Atlas AS7-D.mtf")
    assert atlas["weapons"][-2:] == [{"name": "Medium Laser", "location": "CT", "rear": True}] * 2
    assert atlas["slots"]["CT"][10:] == ["weapon:Medium Laser"] * 2


def test_slot_names_differ_from_the_weapon_list_and_map_to_one_weapon():
    hunchback = imported(DATA / "mechs" / "Hunchback HBK-4G.mtf")  # AC/20 listed, Autocannon/20 in the slots
    assert hunchback["slots"]["RT"][:10] == ["weapon:AC/20"] * 10


def test_each_ammunition_slot_is_a_bin_of_a_ton_or_half_a_ton():
    assert imported(DATA / "mechs" / "Atlas AS7-D.mtf")["ammo"][:2] == [
        {"weapon": "LRM-20", "location": "LT", "shots": 6}] * 2
    half, _ = read(LOCUST.replace("IS Ammo MG - Full", "IS Ammo MG - Half"))
    assert half["ammo"] == [{"weapon": "Machine Gun", "location": "CT", "shots": 100}]


def test_jump_jets_keep_their_slots():
    wasp = imported(DATA / "mechs" / "wasp.mtf")
    assert wasp["jump"] == 6 and sum(items.count("jump_jet") for items in wasp["slots"].values()) == 6


def test_a_truncated_file_is_refused_naming_the_line():
    message = refused((BAD / "truncated.mtf").read_text(encoding="utf-8"), lenient=True)
    assert message.startswith("test.mtf line 95: no 'Head:' critical slots") and "cut short" in message
    cut = LOCUST.split("Weapons:3")[0] + "Weapons:3\nMedium Laser, Center Torso\n"
    assert refused(cut).startswith("test.mtf line 34: Weapons:3 announces 3 weapons, the list ends after 1")


def test_an_unknown_weapon_is_refused_or_left_out_with_its_slot_kept_inert():
    text = (BAD / "unknown-weapon.mtf").read_text(encoding="utf-8")
    assert "line 34: unknown weapon 'Medium Pulse Laser'" in refused(text)
    design, left_out = read(text, lenient=True)
    assert [w["name"] for w in design["weapons"]] == ["Machine Gun", "Machine Gun"]
    assert design["slots"]["CT"][10] == "equipment:Medium Pulse Laser" and len(left_out) == 2


@pytest.mark.parametrize("change, said", [
    (("Heat Sinks:10 Single", "Heat Sinks:10 Double"), "line 16: Double heat sinks"),
    (("160 Fusion Engine", "160 XL Engine"), "line 12: a XL engine"),
    (("Structure:IS Standard", "Structure:IS Endo Steel"), "line 13: structure 'IS Endo Steel'"),
    (("Myomer:Standard", "Myomer:Triple-Strength"), "line 14: myomer 'Triple-Strength'"),
    (("Armor:Standard(Inner Sphere)", "Armor:Ferro-Fibrous"), "line 20: armor 'Ferro-Fibrous'"),
    (("manufacturer:Fixture Works", "quirk:battle_fists_la"), "line 151: 'quirk:battle_fists_la'"),
    (("IS Ammo MG - Full", "CASE"), "line 106: unknown equipment 'CASE'"),
])
def test_what_btcli_does_not_model_is_refused_unless_lenient(change, said):
    text = LOCUST.replace(*change)
    assert said in refused(text) and "--lenient leaves it out" in refused(text)
    _, left_out = read(text, lenient=True)
    assert any(said in line for line in left_out), left_out


@pytest.mark.parametrize("change, said", [
    (("Config:Biped", "Config:Quad"), "line 5: Config:Quad: btcli plays biped 'Mechs only"),
    (("Machine Gun, Left Arm", "Machine Gun, Left Wing"), "line 35: weapon line 'Machine Gun, Left Wing': unknown"),
    (("Left Leg:\nHip\nUpper Leg Actuator\nLower Leg Actuator\nFoot Actuator\nHeat Sink\nHeat Sink",
      "Left Leg:\nHip\nUpper Leg Actuator\nLower Leg Actuator\nFoot Actuator\n-Empty-\n-Empty-"),
     "line 16: 10 heat sinks with 2 in critical slots: a 160-rated engine holds 6, so 4 need slots"),
    (("Medium Laser, Center Torso", "Medium Laser, Left Torso"), "line 34: Medium Laser is listed in LT"),
    (("Mass:20", "Mass:heavy"), "line 11: Mass: expected a whole number"),
    (("LA Armor:4\n", ""), "no 'la armor:' line"),
])
def test_a_malformed_file_is_refused_even_when_lenient(change, said):
    assert said in refused(LOCUST.replace(*change), lenient=True)


def test_a_file_that_is_no_mtf_is_refused():
    assert refused("hello\n").startswith("test.mtf line 1: unexpected line 'hello'")
    assert refused("Mass:20\n") == "test.mtf line 1: not a MegaMek .mtf file (no 'Version:' line, no 'chassis:')"


def test_double_heat_sinks_read_leniently_as_single_ones_their_slots_kept_inert():
    text = LOCUST.replace("Heat Sinks:10 Single", "Heat Sinks:10 Double").replace("Heat Sink\n", "Double Heat Sink\n")
    design, left_out = read(text, lenient=True)
    assert design["heat_sinks"] == 10 and design["slots"]["LL"][4:] == ["equipment:Double Heat Sink"] * 2
    assert left_out[0] == "test.mtf line 16: Double heat sinks (read as single heat sinks)" and len(left_out) == 5


def test_a_weapon_slot_the_weapon_list_does_not_give_is_refused_naming_its_line():
    text = LOCUST.replace("Upper Arm Actuator\nMachine Gun\n-Empty-", "Upper Arm Actuator\nMachine Gun\nSmall Laser", 1)
    assert refused(text) == "test.mtf line 42: a LA critical slot holds Small Laser, which the weapon list does not " \
        "give in LA"
