"""MegaMek's file layouts as its own readers take them (issue #28; equipment.md E4; MtfFile, BLKFile,
BuildingBlock): the current .mtf (chassis:/model:, repeated quirk:, systemmanufacturer:, nocrit: and
weaponquirk: lines, free text over several lines, rear mounts marked in the slots only), the older one (a
counted weapon list), OmniMechs, quads, split weapons; .blk files with descriptive tags, doubled tags, an
empty <transporters>, fighters, DropShips with weapon bays, battle armor.

The fixtures in ``fixtures/formats`` are written for btcli's tests in those layouts (MegaMek's data stays
out of the repository); tests/megamek/test_corpus.py checks the same against MegaMek's own files where
they are at hand."""

from __future__ import annotations

import json

import pytest

from btcli.errors import GameFileError
from btcli.megamek import blk, mtf
from btcli.megamek.notes import Notes
from tests.cli.helpers import ok, run
from tests.megamek.helpers import FIXTURES

FORMATS = FIXTURES / "formats"
CURRENT = (FORMATS / "Sentinel STN-3C.mtf").read_text(encoding="utf-8")
OLDER = (FORMATS / "Sentinel STN-3A.mtf").read_text(encoding="utf-8")
HOVER = (FORMATS / "Lancer Hover Tank LHT-2.blk").read_text(encoding="utf-8")


def read_mtf(text: str, lenient: bool = False, allow_unarmed: bool = False) -> tuple[dict, list[str]]:
    notes = Notes("test.mtf", lenient, allow_unarmed=allow_unarmed)
    return mtf.read(text, notes), notes.left_out


def read_blk(text: str, lenient: bool = False) -> tuple[dict, list[str]]:
    notes = Notes("test.blk", lenient)
    return blk.read(text, notes), notes.left_out


def refused(reader, text: str, lenient: bool = False) -> str:
    with pytest.raises(GameFileError) as info:
        reader(text, lenient)
    return str(info.value)


def test_the_current_mtf_layout_reads_exactly():
    """Repeated quirk:, systemmanufacturer:, systemmode: and weaponquirk: lines, nocrit:Standard, and free text
    running on after a blank line are read past; a rear mount marked only in its slot is rear (the Zeus's)."""
    design, left_out = read_mtf(CURRENT)
    assert left_out == []
    assert (design["name"], design["tons"], design["engine_rating"], design["walk"], design["jump"]) == (
        "Sentinel STN-3C", 40, 200, 5, 3)
    assert design["weapons"] == [{"name": "Medium Laser", "location": "LA"}, {"name": "Medium Laser", "location": "RA"},
                                 {"name": "SRM-4", "location": "RT"}, {"name": "Small Laser", "location": "CT"},
                                 {"name": "Medium Laser", "location": "LT", "rear": True}]
    assert design["slots"]["RA"][:4] == ["shoulder", "upper_arm", "lower_arm", "weapon:Medium Laser"]  # no hand
    assert design["ammo"] == [{"weapon": "SRM-4", "location": "RT", "shots": 25}]


def test_the_older_layout_counts_its_weapons_and_names_them_internally():
    design, _ = read_mtf(OLDER)  # 1 ISAC20, Right Torso, Ammo:5 / ISAC20 x10 / ISAC20 Ammo
    assert design["weapons"] == [{"name": "AC/20", "location": "RT"},
                                 {"name": "Medium Laser", "location": "CT", "rear": True},
                                 {"name": "Medium Laser", "location": "LA"}]
    assert design["slots"]["RT"][:10] == ["weapon:AC/20"] * 10
    assert design["ammo"] == [{"weapon": "AC/20", "location": "LT", "shots": 5}]


def test_an_omnimech_of_the_clans_names_everything_btcli_does_not_play_in_one_error():
    text = (FORMATS / "Sentinel STN-3C Prime.mtf").read_text(encoding="utf-8")
    # Its construction plays (EQ-ENG-01, EQ-HS-01, EQ-STR-01, EQ-CASE-02); only what the engine and its slots cannot
    # hold is left: the fixture's 10 double heat sinks are 1 in the slots and 8 in its 200-rated engine.
    unplayed = text.replace("Engine:200 XL (Clan) Engine(IS)", "Engine:200 XXL (Clan) Engine(IS)")
    unplayed = unplayed.replace("Armor:Ferro-Fibrous(Clan)", "Armor:Ferro-Lamellor(Clan)")
    assert refused(read_mtf, unplayed).splitlines() == [
        "test.mtf: btcli does not play 3 things in this file (--lenient leaves them out, listing each):",
        "  test.mtf line 18: a Clan XXL engine (Experimental at MegaMek's rules level)",
        "  test.mtf line 22: Heat Sinks:10, but 1 sit in the slots and the 200-rated engine holds 8",
        "  test.mtf line 28: armor 'Ferro-Lamellor(Clan)'"]
    design, left_out = read_mtf(text, lenient=True)
    # "Machine Gun" is MegaMek's internal name of the Inner Sphere machine gun, which its lookup finds first (as
    # written, then "Clan Machine Gun"): so a Clan 'Mech's Machine Gun slot holds one (MtfFile.parseCrits).
    assert [w["name"] for w in design["weapons"]] == ["Clan ER Medium Laser", "Machine Gun", "Clan Streak SRM-4",
                                                      "Small Laser", "Medium Laser"]
    assert design["slots"]["RT"][:2] == ["weapon:Clan Streak SRM-4", "ammo:Clan Streak SRM-4"]  # EQ-WPN-01
    assert design["ammo"] == [{"weapon": "Clan Streak SRM-4", "location": "RT", "shots": 25}]
    assert (design["engine_type"], design["heat_sink_type"], design["armor_type"], design["case"]) == (
        "clan_xl", "clan_double", "clan_ferro_fibrous", ["RT"])  # XL (Clan) Engine(IS): Clan, as the tech base is
    assert design["heat_sinks"] == 9 and left_out == [
        "test.mtf line 22: Heat Sinks:10, but 1 sit in the slots and the 200-rated engine holds 8 (read as 9, as "
        "MegaMek plays it)"]


def test_a_lenient_import_that_would_leave_no_weapon_is_refused_unless_unarmed_is_allowed():
    text = (FORMATS / "Sentinel STN-3C Prime.mtf").read_text(encoding="utf-8")
    for played, unplayed in (("Small Laser\n\nHead:", "CLPlasmaCannon\n\nHead:"), ("Medium Laser (R)\n", "CLPlasmaCannon (R)\n"),
                             ("CLERMediumLaser (omnipod)", "CLiATM12 (omnipod)"),
                             ("CLStreakSRM4 (omnipod)", "ISImprovedNarc (omnipod)"),
                             ("Clan Streak SRM 4 Ammo (omnipod)", "Clan Ammo iATM-12 (omnipod)")):
        text = text.replace(played, unplayed)  # weapons btcli does not know (not standard rules: issue #31)
    text = text.replace("Machine Gun (omnipod)", "Chainsaw (omnipod)")  # not known: it might be a weapon
    message = refused(read_mtf, text, lenient=True)
    assert message == ("test.mtf: --lenient would leave this unit no weapon btcli plays (it leaves out 5 weapons or "
                       "unknown items); give --allow-unarmed to import it unarmed")
    design, left_out = read_mtf(text, lenient=True, allow_unarmed=True)
    assert design["weapons"] == [] and len(left_out) == 7


@pytest.mark.parametrize("config, said", [
    ("Tripod", "line 5: Config:Tripod: a tripod 'Mech; btcli plays biped and quad 'Mechs"),
    ("LAM", "line 5: Config:LAM: a LandAir'Mech; btcli plays biped and quad 'Mechs"),
    ("QuadVee", "line 5: Config:QuadVee: a QuadVee; btcli plays biped and quad 'Mechs"),
])
def test_a_mech_btcli_does_not_play_is_refused_even_when_lenient(config, said):
    text = (FORMATS / "Sentinel STN-3Q.mtf").read_text(encoding="utf-8").replace("Config:Quad", f"Config:{config}")
    assert said in refused(read_mtf, text, lenient=True)


def test_a_quad_is_read_with_its_four_legs():
    """QUAD-01 (issue #30 item 7): Config:Quad gives a 'Mech of the quad body, its legs FLL FRL RLL RRL as the
    .mtf names them ("Front Left Leg:", "FLL Armor:"), each of 6 slots."""
    design, _ = read_mtf((FORMATS / "Sentinel STN-3Q.mtf").read_text(encoding="utf-8"), lenient=True)
    assert design["motive"] == "quad"
    assert list(design["armor"]) == ["HD", "CT", "CTR", "LT", "LTR", "RT", "RTR", "FLL", "FRL", "RLL", "RRL"]
    assert list(design["slots"]) == ["HD", "CT", "LT", "RT", "FLL", "FRL", "RLL", "RRL"]
    assert all(design["slots"][leg][:4] == ["hip", "upper_leg", "lower_leg", "foot"] and len(design["slots"][leg]) == 6
               for leg in ("FLL", "FRL", "RLL", "RRL"))


def test_a_weapon_split_over_two_locations_is_mounted_where_megamek_fires_it_from():  # EQ-SPLIT-01
    """MegaMek joins a weapon's slots over a torso and its arm, marked (Split) or not, and fires it from the
    torso (Mech.mostRestrictiveLoc), the arm its second location."""
    text = OLDER.replace("ISAC20\nISAC20\n-Empty-\n-Empty-\n\nCenter", "-Empty-\n-Empty-\n-Empty-\n-Empty-\n\nCenter")
    text = text.replace("ISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\n",
                        "ISAC20 (Split)\n" * 8, 1)
    text = text.replace("Hand Actuator\n-Empty-\n-Empty-\n", "Hand Actuator\nISAC20 (Split)\nISAC20 (Split)\n", 1)
    design, left_out = read_mtf(text, lenient=True)
    assert design["weapons"][0] == {"name": "AC/20", "location": "RT", "split": "RA"}
    assert left_out == []
    unpaired = text.replace("Hand Actuator\nISAC20 (Split)\nISAC20 (Split)\n", "Hand Actuator\n-Empty-\n-Empty-\n", 1)
    assert "8 RT slots of AC/20, which takes 10, and the rest in no location beside it" in refused(read_mtf, unpaired)


def test_a_current_vehicle_file_reads_exactly_past_its_descriptive_tags():
    """<quirks>, <fuelType>, <systemManufacturers>, <systemModels>, <role>, <mul id:> describe the tank; a
    second <source> is read past, as MegaMek reads the first (BuildingBlock)."""
    design, left_out = read_blk(HOVER)
    assert left_out == []
    assert design == {
        "kind": "vehicle", "name": "Lancer Hover Tank LHT-2", "motive": "hover", "tons": 30, "engine": "ice",
        "cruise": 8, "flank": 12, "armor": {"front": 24, "right": 16, "left": 16, "rear": 10, "turret": 18},
        "weapons": [{"name": "SRM-2", "location": "front"}, {"name": "Medium Laser", "location": "turret"},
                    {"name": "Machine Gun", "location": "turret"}],
        "ammo": [{"weapon": "SRM-2", "location": "body", "shots": 50},
                 {"weapon": "Machine Gun", "location": "body", "shots": 100}],
        "cargo_tons": 1.0, "case": True}  # troopspace (VEH-CRIT-07); CASE (VEH-CRIT-06)


def test_a_second_block_of_a_tag_that_plays_is_read_as_megamek_reads_it():
    second = HOVER.replace("<cruiseMP>", "<transporters>\ncargobay:2.0\n</transporters>\n\n<cruiseMP>")
    assert "transporter 'cargobay:2.0' in a second <transporters> block" in refused(read_blk, second)
    design, left_out = read_blk(second, lenient=True)
    assert design["cargo_tons"] == 1.0 and left_out[0].endswith("(left out, as MegaMek reads only the first block)")
    handles = second.replace("cargobay:2.0", "BattleArmorHandles - troopers:-1")  # EQ-INERT-01: no OmniVehicle
    design, left_out = read_blk(handles)
    assert "carried" not in design and left_out == []  # MegaMek reads the second block past; inert either way
    design, left_out = read_blk(handles.replace("<cruiseMP>", "<omni>\n1\n</omni>\n\n<cruiseMP>", 1))
    assert design["carried"] == ["Battle Armor Handles"]  # an OmniVehicle has handles (Tank.setOmni)
    differing = HOVER.replace("<tonnage>", "<armor>\n1\n1\n1\n1\n1\n</armor>\n<tonnage>")
    assert "<armor> given twice, saying different things (line 71 and here)" in refused(read_blk, differing)
    design, left_out = read_blk(differing, lenient=True)
    assert design["armor"]["front"] == 24 and left_out[-1].endswith("(the first read, as MegaMek reads it)")


def test_lines_megamek_passes_over_are_read_past_or_noted():
    """MtfFile reads a line past a location's twelve as slot data it has no room for, and a short location's
    missing slots as empty; BuildingBlock never reads text outside the tags. Text is read past; a slot's
    contents or a tag's text there is noted, since MegaMek loses it."""
    stray_text = CURRENT.replace("\noverview:", "\nA sentence cut from its overview, as the Dasher B's:\n\noverview:")
    assert read_mtf(stray_text)[1] == []
    thirteenth = CURRENT.replace("Foot Actuator\n" + "-Empty-\n" * 8 + "\n\noverview", "Foot Actuator\n" + "-Empty-\n" * 8
                                 + "Medium Laser\n\n\noverview")
    assert "'Medium Laser' past the twelve slot lines of Right Leg" in refused(read_mtf, thirteenth)
    short = CURRENT.replace("SRM 4\nIS Ammo SRM-4\nJump Jet\n" + "-Empty-\n" * 9, "SRM 4\nIS Ammo SRM-4\nJump Jet\n"
                            + "-Empty-\n" * 8)  # the Anubis ABS-3MC's right torso holds 11 lines
    assert read_mtf(short)[0]["slots"]["RT"][-1] == ""
    listed = CURRENT.replace("Weapons:5", "Weapons:9")  # a list shorter than it says only orders the weapons
    assert read_mtf(listed)[0]["weapons"] == read_mtf(CURRENT)[0]["weapons"]
    outside = HOVER.replace("<cruiseMP>", "<history>Text and tag on one line\n<cruiseMP>")
    assert "line 55: '<history>Text and tag on one line' outside any <Tag> ... </Tag>" in refused(read_blk, outside)
    stray = CURRENT.replace("Medium Laser, Left Torso\n", "Medium Laser, Left Torso\n1 ISMediumLaser, Head\n")
    assert "line 46: '1 ISMediumLaser, Head' before the slot blocks" in refused(read_mtf, stray)
    assert read_mtf(stray, lenient=True)[0]["weapons"] == read_mtf(CURRENT)[0]["weapons"]


def test_a_fighter_file_of_the_current_layout_reads_with_its_empty_transporters():
    design, left_out = read_blk((FORMATS / "Hawk Fighter HWK-1.blk").read_text(encoding="utf-8"))
    assert left_out == [] and design["class"] == "aerospace_fighter"  # UnitType AeroSpaceFighter
    assert design["weapons"] == [{"name": "Large Laser", "arc": "nose"}, {"name": "Medium Laser", "arc": "left"},
                                 {"name": "Medium Laser", "arc": "right"}, {"name": "Small Laser", "arc": "aft"}]
    assert design["structural_integrity"] == 6  # max(40 // 10, safe thrust 6), tables.md 13.3


def test_a_dropship_fires_its_weapons_in_bays():
    """A bay opens with (B) and takes the weapons of its attack class after it in its location; (R) on a side
    faces aft; ammunition (NAME:SHOTS) feeds the bay it follows (BLKDropshipFile)."""
    design, left_out = read_blk((FORMATS / "Freight Hauler (3025).blk").read_text(encoding="utf-8"))
    assert left_out == []
    assert (design["class"], design["shape"], design["structural_integrity"], design["tons"]) == (
        "dropship", "spheroid", 9, 2400)  # SI from <structural_integrity>
    assert design["weapons"] == [
        {"name": "PPC", "arc": "nose", "count": 2, "bay": "nose PPC"},
        {"name": "LRM-20", "arc": "nose", "bay": "nose LRM", "shots": 12},
        {"name": "Medium Laser", "arc": "nose", "count": 2, "bay": "nose laser"},
        {"name": "Large Laser", "arc": "left", "bay": "left laser"},
        {"name": "Medium Laser", "arc": "left", "bay": "left laser"},
        {"name": "AC/5", "arc": "left_aft", "bay": "left aft AC", "shots": 20},
        {"name": "Large Laser", "arc": "right", "bay": "right laser"},
        {"name": "Medium Laser", "arc": "right", "bay": "right laser"},
        {"name": "AC/5", "arc": "right_aft", "bay": "right aft AC", "shots": 20},
        {"name": "Medium Laser", "arc": "aft", "count": 2, "bay": "aft laser"}]
    assert design["transport_bays"] == {"mech": 2, "fighter": 2} and design["cargo_tons"] == 120.5


@pytest.mark.parametrize("change, said", [
    (("Spheroid", "Aerodyne"), None),
    (("<fuel>", "<jump_drive>\n1\n</jump_drive>\n<fuel>"), "line 44: <jump_drive> 1"),
    (("<sink_type>\n0", "<sink_type>\n1"), "line 42: 40 double heat sinks"),
    (("(B) PPC", "(B) ER Large Laser"), None),
    (("(B) PPC", "(B) ISERMediumLaser"), "line 63: ER Medium Laser (nose)"),
])
def test_a_dropship_names_what_btcli_does_not_play(change, said):
    text = (FORMATS / "Freight Hauler (3025).blk").read_text(encoding="utf-8").replace(*change)
    if said is None:
        assert read_blk(text)[1] == []
    else:
        assert said in refused(read_blk, text)


def test_battle_armor_is_refused_in_one_line_saying_what_it_is(tmp_path):
    path = FORMATS / "Guardian Squad [Laser] (Sqd4).blk"
    result = run("import", path)
    assert result.code == 4 and result.out == ""
    assert result.err == (f"Error: {path} line 9: Guardian Squad [Laser] (Sqd4) is a battle armor unit (UnitType "
                          "BattleArmor); btcli plays 'Mechs, combat and support vehicles, VTOLs, fighters, small "
                          "craft and DropShips from MegaMek's files (README, Using MegaMek data)\n")


def test_import_lists_what_lenient_left_out_beside_the_unit_and_in_json():
    path = FORMATS / "Sentinel STN-3C Prime.mtf"
    out = ok("import", path, "--lenient").out
    lines = out.splitlines()
    assert lines[2] == "# --lenient left out 1 thing btcli does not play:"
    assert lines[3] == ("#   line 22: Heat Sinks:10, but 1 sit in the slots and the 200-rated engine holds 8 (read as 9, "
                        "as MegaMek plays it)")
    data = json.loads(ok("import", path, "--lenient", "--json").out)
    assert len(data["left_out"]) == 1 and data["left_out"][0].endswith("(read as 9, as MegaMek plays it)")
    assert run("import", path, "--allow-unarmed").code == 2  # --allow-unarmed goes with --lenient


def test_a_folder_is_summed_up_per_kind_with_what_keeps_files_out():
    out = ok("import", FORMATS).out
    assert out.splitlines()[2:9] == [
        "kind              files  exact  lenient only  refused",
        "'Mech                 4      3             1        0",
        "vehicle               1      1             0        0",
        "aerospace             2      2             0        0",
        "infantry              1      0             0        1",
        "",
        "'Mechs and vehicles that import exactly: 80.0%"]
    data = json.loads(ok("import", FORMATS, "--json").out)
    assert data["kinds"]["'Mech"] == {"files": 4, "exact": 3, "lenient": 1, "refused": 0}  # the quad too (issue #30)
    assert data["refused_because"] == {"battle armor unit": 1}
    assert data["not_played_yet"]["heat sinks the engine and slots cannot hold"] == 1
    prime = next(r for r in data["results"] if r["file"] == "Sentinel STN-3C Prime.mtf")
    assert prime["outcome"] == "lenient" and prime["because"] == ["heat sinks the engine and slots cannot hold"]


def test_a_unit_is_found_by_its_chassis_and_model_in_any_subfolder(tmp_path):
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "stn.mtf").write_bytes((FORMATS / "Sentinel STN-3C.mtf").read_bytes())
    (tmp_path / "deep" / "hover.blk").write_bytes((FORMATS / "Lancer Hover Tank LHT-2.blk").read_bytes())
    assert json.loads(ok("import", "mtf:Sentinel STN-3C", "--megamek-data", tmp_path, "--json").out)["file"].endswith(
        "stn.mtf")
    assert json.loads(ok("import", "blk:lancer hover tank LHT-2", "--megamek-data", tmp_path, "--json").out)[
        "entry"]["tons"] == 30


def test_a_weapon_split_over_an_arm_and_its_torso_on_both_sides_pairs_each_with_its_own_torso():
    """The King Crab's AC/20s lie 8 in each arm and 2 in each side torso: each arm's part goes with its own
    torso (Mech.getInnerLocation), never the two torsos together."""
    text = OLDER.replace("ISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\nISAC20\n",
                         "ISAC20\nISAC20\n-Empty-\n-Empty-\n-Empty-\n-Empty-\n-Empty-\n-Empty-\n-Empty-\n-Empty-\n")
    text = text.replace("ISAC20 Ammo\nHeat Sink\n-Empty-\n-Empty-\n", "ISAC20 Ammo\nHeat Sink\nISAC20\nISAC20\n")
    arm = "Hand Actuator\n" + "ISAC20\n" * 8
    text = text.replace("Hand Actuator\nISMediumLaser\n" + "-Empty-\n" * 7, "Hand Actuator\nISMediumLaser\n" + "ISAC20\n" * 7)
    text = text.replace("Hand Actuator\n" + "-Empty-\n" * 8, arm)
    design, left_out = read_mtf(text.replace("ISMediumLaser\n" + "ISAC20\n" * 7, "ISAC20\n" * 8), lenient=True)
    assert sorted(w["location"] for w in design["weapons"] if w["name"] == "AC/20") == ["LT", "RT"]
    assert sorted(w["split"] for w in design["weapons"] if w["name"] == "AC/20") == ["LA", "RA"]
    assert left_out == []


def test_a_weapon_split_over_a_leg_and_its_torso_fires_from_the_leg():
    """restrictScore puts a leg above the torsos: MegaMek fires such a weapon from the leg."""
    text = OLDER.replace("ISAC20 Ammo\nHeat Sink\n-Empty-\n-Empty-\n", "ISAC20 Ammo\nHeat Sink\nISLRM15\nISLRM15\n")
    text = text.replace("Foot Actuator\nHeat Sink\n", "Foot Actuator\nISLRM15\n", 1)
    design, left_out = read_mtf(text.replace("Heat Sinks:10 Single", "Heat Sinks:9 Single"), lenient=True)
    assert {"name": "LRM-15", "location": "LL", "split": "LT"} in design["weapons"]


def test_a_tank_with_two_turrets_keeps_the_rear_one_as_its_turret():
    """BLKTankFile: six armor values are two turrets; the rear turret is the main one (Tank.LOC_TURRET), the
    front one the second, which btcli does not play yet."""
    text = HOVER.replace("24\n16\n16\n10\n18", "24\n16\n16\n10\n18\n12").replace(
        "<Turret Equipment>", "<Rear Turret Equipment>").replace("</Turret Equipment>", "</Rear Turret Equipment>")
    text = text.replace("<Body Equipment>", "<Front Turret Equipment>\nMedium Laser\n</Front Turret Equipment>\n\n"
                        "<Body Equipment>")
    assert refused(read_blk, text).splitlines()[1:] == ["  test.blk line 71: a second turret (the front one)",
                                                        "  test.blk line 99: Medium Laser in the second turret"]
    design, left_out = read_blk(text, lenient=True)
    assert [w["location"] for w in design["weapons"]] == ["front", "turret", "turret"]
    assert design["armor"]["turret"] == 18 and left_out[-1].endswith("Medium Laser in the second turret (left out "
                                                                     "with the turret)")
    one_turret_tag = HOVER.replace("24\n16\n16\n10\n18", "24\n16\n16\n10\n18\n12")  # MegaMek reads no <Turret ...>
    assert "<turret equipment> (btcli has no 'turret' location)" in refused(read_blk, one_turret_tag)


def test_a_vtol_has_five_armor_values_and_a_sixth_for_a_chin_turret():
    """BLKVTOLFile takes 5 (front, right, left, rear, rotor) or 6 (a chin turret) and refuses 4."""
    vtol = HOVER.replace("Tank\n</UnitType>", "VTOL\n</UnitType>").replace("Hover", "VTOL").replace(
        "<Turret Equipment>\nMedium Laser\nMachine Gun\n</Turret Equipment>", "<Turret Equipment>\nMedium Laser\n"
        "</Turret Equipment>").replace("24\n16\n16\n10\n18", "24\n16\n16\n10\n2\n8").replace(
        "IS Ammo MG - Half\n", "")
    design, left_out = read_blk(vtol, lenient=True)
    assert design["armor"] == {"front": 24, "right": 16, "left": 16, "rear": 10, "rotor": 2}
    assert left_out[0].endswith("a chin turret (left out with what it mounts)") and len(design["weapons"]) == 1
    assert "<armor> holds 4 values; a VTOL has 5" in refused(read_blk, vtol.replace("10\n2\n8\n</armor>", "10\n</armor>"))


def test_a_byte_order_mark_and_misspelled_system_model_lines_are_read_past(tmp_path):
    path = tmp_path / "stn.mtf"
    path.write_bytes(b"\xef\xbb\xbf" + (CURRENT + "systemmodel:TARGETING:X-1\n").encode("utf-8"))
    assert [w["name"] for w in json.loads(ok("import", path, "--json").out)["entry"]["weapons"]].count(
        "Medium Laser") == 3


def test_a_folder_read_on_a_terminal_shows_progress_and_then_the_summary(tmp_path):
    """On a terminal ``btcli import DIR`` draws a progress bar (rich) while it reads; what it prints after is
    the summary. A FIFO in the folder is counted as refused, never opened (it would block)."""
    import os
    import pty
    import subprocess
    import sys

    (tmp_path / "fifo.mtf").parent.mkdir(exist_ok=True)
    os.mkfifo(tmp_path / "fifo.mtf")
    (tmp_path / "stn.mtf").write_bytes((FORMATS / "Sentinel STN-3C.mtf").read_bytes())
    leader, follower = pty.openpty()
    done = subprocess.run([sys.executable, "-m", "btcli", "import", str(tmp_path)], stdout=subprocess.PIPE,
                          stderr=follower, stdin=follower, timeout=60, text=True)
    os.close(follower)
    drawn = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: everything drawn has been read
            break
        if not chunk:
            break
        drawn += chunk
    os.close(leader)
    assert b"reading" in drawn or b"\x1b[" in drawn  # rich drew its bar on the terminal
    assert done.returncode == 0 and done.stdout.startswith("MegaMek library ")  # the summary on stdout
    assert "'Mech                 2      1             0        1" in done.stdout
    assert "1  not a regular file" in done.stdout
