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
    assert refused(cut).startswith("test.mtf line 33: Weapons:3 announces 3 weapons, the file ends after 1")


def test_an_unplayed_weapon_is_refused_or_left_out_with_its_slot_kept_inert():
    text = (BAD / "unknown-weapon.mtf").read_text(encoding="utf-8")  # a Clan laser AMS: not played (issue #31)
    assert refused(text) == "test.mtf line 105: Clan Laser AMS in CT (btcli does not play it; --lenient leaves it out)"
    design, left_out = read(text, lenient=True)
    assert [w["name"] for w in design["weapons"]] == ["Machine Gun", "Machine Gun"]
    assert design["slots"]["CT"][10] == "equipment:Clan Laser AMS"
    assert left_out == ["test.mtf line 105: Clan Laser AMS in CT (left out; the slots are kept: a critical hit "
                        "there has no effect)"]


@pytest.mark.parametrize("change, said", [
    (("Heat Sinks:10 Single", "Heat Sinks:10 Laser"), "line 16: 10 laser heat sinks"),
    (("160 Fusion Engine", "160 XXL Engine"), "line 12: an XXL engine (Experimental at MegaMek's rules level)"),
    (("Structure:IS Standard", "Structure:IS Endo-Composite"), "line 13: structure 'IS Endo-Composite'"),
    (("Myomer:Standard", "Myomer:Industrial Triple-Strength"), "line 14: myomer 'Industrial Triple-Strength'"),
    (("Armor:Standard(Inner Sphere)", "Armor:Reactive(Inner Sphere)"), "line 20: armor 'Reactive(Inner Sphere)'"),
    (("IS Ammo MG - Full", "CLLaserAntiMissileSystem"), "line 106: Clan Laser AMS in CT"),
    (("IS Ammo MG - Full", "Chainsaw"), "line 106: unknown equipment 'Chainsaw' in CT (1 slot)"),
    (("IS Ammo MG - Full", "IS Ammo LRM-10 Swarm"), "line 106: Swarm LRM-10 ammunition in CT"),
    (("Medium Laser\nIS Ammo", "Medium Laser (T)\nIS Ammo"), "line 105: a turret-mounted Medium Laser in CT"),
])
def test_what_btcli_does_not_play_is_refused_unless_lenient(change, said):
    text = LOCUST.replace(*change)
    message = refused(text)
    assert said in message and "--lenient leaves it out" in message
    _, left_out = read(text, lenient=True)
    assert any(said in line for line in left_out), left_out


def test_every_item_btcli_does_not_play_is_named_in_one_message():
    text = LOCUST.replace("160 Fusion Engine", "160 XXL Engine").replace("Heat Sinks:10 Single", "Heat Sinks:10 Laser")
    assert refused(text).splitlines() == [
        "test.mtf: btcli does not play 2 things in this file (--lenient leaves them out, listing each):",
        "  test.mtf line 12: an XXL engine (Experimental at MegaMek's rules level)",
        "  test.mtf line 16: 10 laser heat sinks"]


@pytest.mark.parametrize("change, said", [
    (("Config:Biped", "Config:Tripod"), "line 5: Config:Tripod: a tripod 'Mech; btcli plays biped and quad 'Mechs"),
    (("Config:Biped", "Config:Biped LAM"), "line 5: Config:Biped LAM: a LandAir'Mech"),
    (("Mass:20", "Mass:120"), "a 120-ton superheavy 'Mech"),
    (("Mass:20", "Mass:heavy"), "line 11: Mass: expected a whole number"),
    (("LA Armor:4\n", ""), "no 'la armor:' line"),
    (("TechBase:Inner Sphere", "TechBase:Mixed"), "TechBase:Mixed: expected Inner Sphere, Clan"),
    (("Heat Sink\nHeat Sink\n-Empty-", "Heat Sink\nHeat Sink\nHeat Sink"), "Left Leg has 6 critical slots; this is slot 7"),
    (("Mass:20", "Mass:20\nMass:25"), "'mass:' given twice with different values"),
])
def test_a_malformed_file_or_a_unit_btcli_does_not_play_is_refused_even_when_lenient(change, said):
    assert said in refused(LOCUST.replace(*change), lenient=True)


def test_a_file_that_is_no_mtf_is_refused():
    assert refused("hello\n") == "test.mtf line 1: not a MegaMek .mtf file (no 'Version:' line, no 'chassis:')"
    assert refused("Mass:20\n") == "test.mtf line 1: not a MegaMek .mtf file (no 'Version:' line, no 'chassis:')"


def test_heat_sinks_the_engine_and_slots_cannot_hold_are_read_as_megamek_plays_them():
    """Mech.addEngineSinks puts in the engine what the slots do not hold, up to rating / 25: a Locust whose legs
    lose two sinks plays with 8, not the 10 its file says."""
    text = LOCUST.replace("Foot Actuator\nHeat Sink\nHeat Sink", "Foot Actuator\n-Empty-\n-Empty-", 1)
    assert refused(text) == ("test.mtf line 16: Heat Sinks:10, but 2 sit in the slots and the 160-rated engine holds 6 "
                             "(btcli does not play it; --lenient leaves it out)")
    design, left_out = read(text, lenient=True)
    assert design["heat_sinks"] == 8 and left_out[0].endswith("(read as 8, as MegaMek plays it)")


def test_laser_heat_sinks_read_leniently_as_single_ones():
    text = LOCUST.replace("Heat Sinks:10 Single", "Heat Sinks:10 Laser")
    design, left_out = read(text, lenient=True)
    assert design["heat_sinks"] == 10 and "heat_sink_type" not in design
    assert left_out == ["test.mtf line 16: 10 laser heat sinks (read as 10 single heat sinks; their slots are kept: "
                        "a critical hit there has no effect)"]


def test_the_slots_say_what_is_mounted_and_the_weapon_list_only_orders_it():
    """MegaMek reads past the weapon list (MtfFile): a weapon only the list gives is not mounted, one only the
    slots give is; the list's order is the design's (equipment.md E4.1)."""
    text = LOCUST.replace("Upper Arm Actuator\nMachine Gun\n-Empty-", "Upper Arm Actuator\nMachine Gun\nSmall Laser", 1)
    text = text.replace("Medium Laser, Center Torso\nMachine Gun, Left Arm", "Machine Gun, Left Arm\nMedium Laser, Center "
                        "Torso")
    design, _ = read(text)
    assert design["weapons"] == [{"name": "Machine Gun", "location": "LA"}, {"name": "Medium Laser", "location": "CT"},
                                 {"name": "Machine Gun", "location": "RA"}, {"name": "Small Laser", "location": "LA"}]
