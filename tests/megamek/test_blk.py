"""Reading .blk vehicle, VTOL and fighter files (btcli/megamek/blk.py; /work/shared/spec/megamek-formats.md)."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.megamek import blk
from btcli.megamek.notes import Notes
from tests.megamek.helpers import DATA, imported

SCORPION = (DATA / "vehicles" / "Scorpion Light Tank.blk").read_text(encoding="utf-8")
HARROW = DATA / "vehicles" / "Harrow Wheeled Scout HW-2.blk"


def read(text: str, lenient: bool = False) -> tuple[dict, list[str]]:
    notes = Notes("test.blk", lenient)
    return blk.read(text, notes), notes.left_out


def refused(text: str, lenient: bool = False) -> str:
    with pytest.raises(GameFileError) as info:
        read(text, lenient)
    return str(info.value)


def test_a_tracked_tank_reads_its_armor_in_the_files_order_turret_last():
    design, left_out = read(SCORPION)  # <model> in lower case, as in the Scorpion's file
    assert design["motive"] == "tracked" and design["engine"] == "ice"  # engine_type 1
    assert design["armor"] == {"front": 16, "right": 11, "left": 11, "rear": 10, "turret": 16}
    assert (design["cruise"], design["flank"]) == (4, 6) and left_out == []  # flank = ceil(1.5 x cruise)


def test_a_wheeled_tank_with_case_and_ammunition_in_its_body():
    harrow = imported(HARROW)
    assert harrow["motive"] == "wheeled" and harrow["case"] is True  # VEH-CRIT-06
    assert harrow["weapons"] == [{"name": "Machine Gun", "location": "front"},
                                 {"name": "Medium Laser", "location": "turret"}, {"name": "SRM-4", "location": "turret"}]
    assert harrow["ammo"] == [{"weapon": "SRM-4", "location": "body", "shots": 25},
                              {"weapon": "Machine Gun", "location": "body", "shots": 100}]  # "- Half": half a ton


def test_a_vtol_has_a_rotor_and_an_infantry_bay():
    ferret = imported(DATA / "vehicles" / "Ferret Light Scout VTOL.blk")
    assert ferret["motive"] == "vtol" and ferret["armor"]["rotor"] == 2 and ferret["cargo_tons"] == 1.0


def test_a_fighter_counts_its_weapons_per_arc_and_gives_its_ammunition_to_the_launcher():
    lucifer = imported(DATA / "fighters" / "Lucifer LCF-R15.blk")
    assert lucifer["weapons"][:2] == [{"name": "LRM-20", "arc": "nose", "shots": 30},  # 5 t in the fuselage
                                      {"name": "Large Laser", "arc": "nose", "count": 2}]
    assert lucifer["structural_integrity"] == 6  # max(65 // 10, safe thrust 5), tables.md 13.3


@pytest.mark.parametrize("change, said", [
    (("AC/5\nMachine Gun", "AC/5\nMachine Gun\nMine Dispenser"), "line 69: unknown equipment 'Mine Dispenser'"),
    (("<engine_type>\n1", "<engine_type>\n3"), "line 43: an XXL engine (engine_type 3) (Experimental at MegaMek's rules level)"),
    (("<transporters>\n", "<transporters>\nmechbay:1.0:1\n"), "line 36: transporter 'mechbay:1.0:1'"),
    (("<tonnage>", "<trailer>\ntrue\n</trailer>\n<tonnage>"), "<trailer> true"),
])
def test_what_btcli_does_not_model_is_refused_unless_lenient(change, said):
    text = SCORPION.replace(*change)
    assert said in refused(text)
    assert any(said in line for line in read(text, lenient=True)[1])


@pytest.mark.parametrize("change, said", [
    (("</armor>", ""), "line 54: '<Front Equipment>' inside <armor> (line 46), which is never closed"),
    (("<tonnage>\n25.0\n</tonnage>", "<tonnage>\n25.0"), "<tonnage> is never closed (is the file cut short?)"),
    (("16\n</armor>", "16\n16\n16\n</armor>"), "<armor> holds 7 values; a tank has 4"),
    (("Tracked", "Hydrofoil"), "is a hydrofoil vehicle; btcli's naval vehicles are surface displacement hulls"),
    (("Tracked", "Rolling"), "motion_type 'Rolling' for a tank"),
    (("Tank\n</UnitType>", "BattleArmor\n</UnitType>"), "is a battle armor unit (UnitType BattleArmor); btcli plays"),
    (("<cruiseMP>\n4", "<cruiseMP>\nfour"), "<cruiseMP>: expected a whole number, not 'four'"),
    (("<engine_type>\n1", "<engine_type>\n14"), "engine_type 14: not one of MegaMek's engine codes (0-13)"),
])
def test_a_malformed_file_is_refused_even_when_lenient(change, said):
    assert said in refused(SCORPION.replace(*change), lenient=True)


def test_a_fighter_s_rear_or_fuselage_weapon_is_not_modelled():
    text = (DATA / "fighters" / "Sparrowhawk SPR-H5.blk").read_text(encoding="utf-8").replace(
        "<Aft Equipment>\n", "<Aft Equipment>\nMedium Laser (R)\n")
    assert "Medium Laser in the aft, rear-mounted" in refused(text)


@pytest.mark.parametrize("line, key, read_as", [("ISGuardianECMSuite", "ecm", "Guardian ECM Suite"),
                                               ("BeagleActiveProbe", "probe", "Beagle Active Probe")])
def test_a_vehicle_s_ecm_suite_or_probe_in_its_body_imports_exactly(line, key, read_as):  # EQ-ECM-01, EQ-PROBE-01
    design, left_out = read(SCORPION.replace("<Body Equipment>\n", f"<Body Equipment>\n{line}\n"))
    assert design[key] == "body" and left_out == [], read_as
    assert [w["name"] for w in design["weapons"]] == [w["name"] for w in read(SCORPION)[0]["weapons"]]
