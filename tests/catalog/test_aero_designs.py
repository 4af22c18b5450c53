"""Tests for the built-in aerospace designs (btcli/catalog/aero.toml, btcli.catalog.aero_designs).

Source of the expected values: ../shared/rules/tables.md 13.3 and 13.4.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from btcli.catalog import aero_designs as catalog
from btcli.errors import GameFileError
from btcli.model.aero import AeroClass, ArcArmor, FiringArc, Shape
from btcli.rules.aero.thrust import maximum_thrust

TOML = Path(catalog.__file__).with_name("aero.toml")

# Source: tables.md 13.3 / 13.4 (name: class, shape, tons, safe, max, SI, heat sinks, armor N/L/R/Aft).
EXPECTED = {
    "Sparrowhawk SPR-H5": (AeroClass.AEROSPACE_FIGHTER, Shape.AERODYNE, 30, 10, 15, 10, 10, (38, 24, 24, 34)),
    "Corsair CSR-V12": (AeroClass.AEROSPACE_FIGHTER, Shape.AERODYNE, 50, 6, 9, 6, 16, (73, 50, 50, 43)),
    "Lucifer LCF-R15": (AeroClass.AEROSPACE_FIGHTER, Shape.AERODYNE, 65, 5, 8, 6, 20, (63, 38, 38, 37)),
    "Light Strike Fighter Angel": (AeroClass.CONVENTIONAL_FIGHTER, Shape.AERODYNE, 10, 10, 15, 10, 10, (2, 2, 2, 2)),
    "Shuttle ST-46": (AeroClass.SMALL_CRAFT, Shape.AERODYNE, 100, 4, 6, 6, 0, (160, 48, 48, 64)),
    "Battle Taxi NL-42": (AeroClass.SMALL_CRAFT, Shape.SPHEROID, 200, 6, 9, 9, 14, (248, 90, 90, 120)),
    "Leopard (2537)": (AeroClass.DROPSHIP, Shape.AERODYNE, 1900, 4, 6, 7, 80, (140, 130, 130, 100)),
    "Union (2708)": (AeroClass.DROPSHIP, Shape.SPHEROID, 3600, 3, 5, 11, 90, (180, 180, 180, 104)),
}


def raw() -> dict:
    with open(TOML, "rb") as f:
        return tomllib.load(f)["aero"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_designs_match_tables_md(name):
    design = catalog.aero_designs()[name]
    cls, shape, tons, safe, most, si, sinks, armor = EXPECTED[name]
    assert (design.aero_class, design.shape, design.tons, design.safe_thrust, design.max_thrust) == (
        cls, shape, tons, safe, most)
    assert (design.structural_integrity, design.heat_sinks, design.armor) == (si, sinks, ArcArmor(*armor))
    assert design.max_thrust == maximum_thrust(design.safe_thrust)


def test_armor_totals_match_the_files():
    designs = catalog.aero_designs()
    assert designs["Leopard (2537)"].armor.total == 500
    assert designs["Union (2708)"].armor.total == 644
    assert designs["Battle Taxi NL-42"].armor.total == 548


def test_weapons_bays_and_ammunition():
    designs = catalog.aero_designs()
    corsair = designs["Corsair CSR-V12"]
    assert sum(w.count for w in corsair.weapons if w.arc is FiringArc.NOSE) == 4
    union = designs["Union (2708)"]
    assert len({w.bay for w in union.weapons}) == 15  # nose 4, each side 5, aft 1
    assert {w.arc for w in union.weapons if w.bay == "left aft laser"} == {FiringArc.LEFT_AFT}
    assert [w.shots for w in designs["Lucifer LCF-R15"].weapons if w.name == "LRM-20"] == [30]
    assert designs["Shuttle ST-46"].weapons == () and designs["Shuttle ST-46"].cargo_tons == 12
    assert dict(designs["Leopard (2537)"].transport_bays) == {"mech": 4, "fighter": 2}


def test_crew_boxes_default_to_six():
    assert all(d.crew_boxes == 6 for d in catalog.aero_designs().values())


def _broken(change) -> str:
    data = copy.deepcopy(raw())
    change(data["Corsair CSR-V12"])
    with pytest.raises(GameFileError) as err:
        catalog.parse_designs(data, "aero.toml")
    return str(err.value)


def test_max_thrust_must_follow_safe_thrust():  # AERO-MOVE-04
    message = _broken(lambda d: d.update(max_thrust=10))
    assert "'Corsair CSR-V12'.max_thrust" in message and "(9)" in message


@pytest.mark.parametrize("change, field", [
    (lambda d: d["armor"].pop("aft"), "armor.aft"),
    (lambda d: d["armor"].update(nose=-1), "armor.nose"),
    (lambda d: d["armor"].update(belly=3), "armor.belly"),
    (lambda d: d.update({"class": "warship"}), ".class"),
    (lambda d: d.update(shape="saucer"), ".shape"),
    (lambda d: d.update(tons=0), ".tons"),
    (lambda d: d.pop("structural_integrity"), ".structural_integrity"),
    (lambda d: d.update(speed=3), ".speed"),
    (lambda d: d["weapons"][0].update(arc="belly"), "weapons[0].arc"),
    (lambda d: d["weapons"][1].update(count=0), "weapons[1].count"),
    (lambda d: d["weapons"][0].pop("name"), "weapons[0].name"),
    (lambda d: d.update(propeller="yes"), ".propeller"),
    (lambda d: d.update(safe_thrust=True), ".safe_thrust"),
    (lambda d: d["weapons"].append("PPC"), "weapons[5]"),
])
def test_bad_data_names_the_field(change, field):
    assert field in _broken(change)
