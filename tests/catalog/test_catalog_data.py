"""Data checks for btcli/catalog/weapons.toml and units.toml against tables.md."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

import btcli

CATALOG = Path(btcli.__file__).parent / "catalog"

with (CATALOG / "weapons.toml").open("rb") as fh:
    WEAPONS: dict = tomllib.load(fh)["weapons"]
with (CATALOG / "units.toml").open("rb") as fh:
    UNITS: dict = tomllib.load(fh)["units"]

VEHICLES = {name: u for name, u in UNITS.items() if u["kind"] == "vehicle"}
MECHS = {name: u for name, u in UNITS.items() if u["kind"] == "mech"}

# Source: tables.md 8.5 (internal structure by tonnage; head is 3 for all).
# Only the tonnages used by units.toml.
MECH_IS = {
    20: {"HD": 3, "CT": 6, "LT": 5, "RT": 5, "LA": 3, "RA": 3, "LL": 4, "RL": 4},
    25: {"HD": 3, "CT": 8, "LT": 6, "RT": 6, "LA": 4, "RA": 4, "LL": 6, "RL": 6},
    50: {"HD": 3, "CT": 16, "LT": 12, "RT": 12, "LA": 8, "RA": 8, "LL": 12, "RL": 12},
    100: {"HD": 3, "CT": 31, "LT": 21, "RT": 21, "LA": 17, "RA": 17, "LL": 21, "RL": 21},
}
HEAD_ARMOR_MAX = 9
REAR = {"CT": "CTR", "LT": "LTR", "RT": "RTR"}
MECH_LOCATIONS = {"HD", "CT", "LT", "RT", "LA", "RA", "LL", "RL"}
VEHICLE_LOCATIONS = {"front", "right", "left", "rear", "turret", "rotor"}

WEAPON_FIELDS = {
    "heat": int, "damage": int, "min_range": int, "short": int, "medium": int,
    "long": int, "tons": float, "slots": int, "ammo_per_ton": int, "kind": str,
    "cluster": int, "group": int, "explosive_ammo": bool, "aliases": list,
}


# tables.md 12: every row carries the full column set.
@pytest.mark.parametrize("name", sorted(WEAPONS))
def test_weapon_fields(name):
    w = WEAPONS[name]
    for field, typ in WEAPON_FIELDS.items():
        assert field in w, f"{name}: missing {field}"
        assert isinstance(w[field], typ), f"{name}: {field} should be {typ.__name__}"
    assert w["kind"] in {"energy", "ballistic", "missile", "artillery"}
    assert w["min_range"] >= 0 and w["ammo_per_ton"] >= 0


# tables.md 12: ranges are upper limits of short/medium/long brackets (artillery excluded).
@pytest.mark.parametrize(
    "name", sorted(n for n, w in WEAPONS.items() if w["kind"] != "artillery")
)
def test_weapon_brackets_increasing(name):
    w = WEAPONS[name]
    if w.get("ams"):  # equipment.md E1, E2: an anti-missile system's range is 1 hex in every bracket
        assert (w["short"], w["medium"], w["long"]) == (1, 1, 1), name
        return
    if "no long bracket" in w.get("notes", "") or "no long range" in w.get("notes", ""):
        # A heavy machine gun has none: MegaMek @f0b2b01 weapons/mgs/ISHeavyMG.java:48-50 (longRange = mediumRange)
        assert 0 < w["short"] < w["medium"] == w["long"], name
        return
    assert 0 < w["short"] < w["medium"] < w["long"], name
    assert w["min_range"] <= w["short"], name


# tables.md 12: artillery (Arrow IV) direct-fire range is UNVERIFIED -> 0 and flagged.
def test_artillery_has_no_brackets_and_is_flagged():
    arty = {n: w for n, w in WEAPONS.items() if w["kind"] == "artillery"}
    assert set(arty) == {"Arrow IV (IS)"}
    for name, w in arty.items():
        assert (w["short"], w["medium"], w["long"]) == (0, 0, 0), name
        assert "range" in w["unverified"], name


# tables.md 12 (weapon names); aliases are what players type, resolved case-insensitively.
def test_aliases_unique_case_insensitive():
    names = {n.casefold(): n for n in WEAPONS}
    seen: dict[str, str] = {}
    for name, w in WEAPONS.items():
        for alias in w["aliases"]:
            key = alias.casefold()
            assert key not in seen, f"alias {alias!r} used by {seen[key]} and {name}"
            seen[key] = name
            owner = names.get(key)
            assert owner in (None, name), f"alias {alias!r} of {name} is the name of {owner}"


# tables.md 12: spot checks of cited numbers.
@pytest.mark.parametrize(
    ("name", "field", "value"),
    [
        ("AC/20", "damage", 20),
        ("AC/20", "short", 3),
        ("AC/20", "medium", 6),
        ("AC/20", "long", 9),
        ("AC/20", "ammo_per_ton", 5),
        ("LRM-10", "min_range", 6),
        ("LRM-10", "cluster", 10),
        ("LRM-10", "group", 5),
        ("LRM-10", "ammo_per_ton", 12),
        ("SRM-6", "damage", 2),
        ("SRM-6", "group", 1),
        ("PPC", "min_range", 3),
        ("ER PPC", "long", 23),
        ("ER Large Laser", "heat", 12),
        ("AC/2", "min_range", 4),
        ("AC/2", "long", 24),
        ("AC/2", "ammo_per_ton", 45),
        ("Ultra AC/5", "medium", 13),
        ("Ultra AC/5", "cluster", 2),
        ("LB 10-X AC", "damage", 10),
        ("LB 10-X AC", "tons", 11.0),
        ("Gauss Rifle", "explosive_ammo", False),
        ("Gauss Rifle", "explodes_when_destroyed", 20),
        ("Machine Gun", "ammo_per_ton", 200),
        ("Vehicle Flamer", "ammo_per_ton", 20),
        ("Streak SRM-2", "tons", 1.5),
        ("Arrow IV (IS)", "heat", 10),
        ("Arrow IV (IS)", "kind", "artillery"),
    ],
)
def test_weapon_spot_checks(name, field, value):
    assert WEAPONS[name][field] == value


# tables.md 12 and 14: values marked (memory)/UNVERIFIED carry an `unverified` note.
@pytest.mark.parametrize(
    "name", ["Vehicle Flamer", "Gauss Rifle", "Ultra AC/5", "Streak SRM-2", "Arrow IV (IS)"]
)
def test_weapon_memory_values_flagged(name):
    assert WEAPONS[name].get("unverified"), name


# tables.md 13: every weapon and ammo entry names a weapon of section 12.
@pytest.mark.parametrize("unit", sorted(UNITS))
def test_unit_refers_to_known_weapons(unit):
    u = UNITS[unit]
    assert u["weapons"], unit
    for mount in u["weapons"]:
        assert mount["name"] in WEAPONS, f"{unit}: unknown weapon {mount['name']!r}"
    for bin_ in u["ammo"]:
        w = WEAPONS.get(bin_["weapon"])
        assert w is not None, f"{unit}: ammo for unknown weapon {bin_['weapon']!r}"
        assert w["ammo_per_ton"] > 0, f"{unit}: {bin_['weapon']} uses no ammo"
        # one bin holds at most one ton (tables.md 12 Ammo/ton)
        assert 0 < bin_["shots"] <= w["ammo_per_ton"], f"{unit}: {bin_}"
        assert any(m["name"] == bin_["weapon"] for m in u["weapons"]), unit


# tables.md 13 (locations: vehicle F/R/L/Rr/T or rotor; 'Mech H/CT/LT/RT/LA/RA/LL/RL).
@pytest.mark.parametrize("unit", sorted(UNITS))
def test_unit_locations_valid(unit):
    u = UNITS[unit]
    if u["kind"] == "vehicle":
        assert set(u["armor"]) <= VEHICLE_LOCATIONS
        assert {"front", "right", "left", "rear"} <= set(u["armor"])
        assert not ({"turret", "rotor"} <= set(u["armor"]))
        assert ("rotor" in u["armor"]) == (u["motive"] == "vtol"), unit
        for mount in u["weapons"]:
            assert mount["location"] in set(u["armor"]) - {"rotor"}, f"{unit}: {mount}"
        for bin_ in u["ammo"]:
            assert bin_["location"] == "body"
    else:
        assert set(u["armor"]) == MECH_LOCATIONS | set(REAR.values())
        for mount in u["weapons"]:
            assert mount["location"] in MECH_LOCATIONS, f"{unit}: {mount}"
            if mount.get("rear"):
                assert mount["location"] in REAR
        for bin_ in u["ammo"]:
            assert bin_["location"] in MECH_LOCATIONS


# tables.md 13: Flank = ceil(1.5 x Cruise).
@pytest.mark.parametrize("unit", sorted(VEHICLES))
def test_vehicle_flank(unit):
    v = VEHICLES[unit]
    assert v["flank"] == math.ceil(1.5 * v["cruise"]), unit


# tables.md 13.1 IS column equals ceil(tons/10) (the engine derives it from tons).
@pytest.mark.parametrize(
    ("unit", "is_column"),
    [
        ("Scorpion Light Tank", 3),
        ("Manticore Heavy Tank", 6),
        ("Savannah Master Hovercraft", 1),
        ("J. Edgar Light Hover Tank", 3),
        ("Demolisher Heavy Tank (Mk. I)", 8),
        ("Ferret Light Scout VTOL", 1),
        ("Warrior Attack Helicopter H-7", 3),
    ],
)
def test_vehicle_internal_structure_derivable(unit, is_column):
    assert math.ceil(VEHICLES[unit]["tons"] / 10) == is_column


# tables.md 13.2 / 15: Running MP = ceil(1.5 x Walking MP).
@pytest.mark.parametrize("unit", sorted(MECHS))
def test_mech_run(unit):
    m = MECHS[unit]
    assert m["run"] == math.ceil(1.5 * m["walk"]), unit


# tables.md 8.5: armor <= 2 x internal structure (head max 9; torso front + rear together).
@pytest.mark.parametrize("unit", sorted(MECHS))
def test_mech_armor_within_structure(unit):
    m = MECHS[unit]
    assert m["tons"] in MECH_IS, f"{unit}: add {m['tons']} t to MECH_IS from tables.md 8.5"
    internal = MECH_IS[m["tons"]]
    armor = m["armor"]
    assert armor["HD"] <= HEAD_ARMOR_MAX, unit
    for loc in MECH_LOCATIONS - {"HD"}:
        total = armor[loc] + armor.get(REAR.get(loc, ""), 0)
        assert total <= 2 * internal[loc], f"{unit} {loc}: {total} > 2 x {internal[loc]}"


# tables.md 13.1 armor F/R/L/Rr/T and totals.
@pytest.mark.parametrize(
    ("unit", "armor", "total"),
    [
        ("Scorpion Light Tank", {"front": 16, "right": 11, "left": 11, "rear": 10, "turret": 16}, 64),
        ("Manticore Heavy Tank", {"front": 42, "right": 33, "left": 33, "rear": 26, "turret": 42}, 176),
        ("Savannah Master Hovercraft", {"front": 10, "right": 6, "left": 6, "rear": 2}, 24),
        ("Ferret Light Scout VTOL", {"front": 2, "right": 1, "left": 1, "rear": 2, "rotor": 2}, 8),
        ("Warrior Attack Helicopter H-7", {"front": 6, "right": 5, "left": 5, "rear": 6, "rotor": 2}, 24),
    ],
)
def test_vehicle_armor_spot_checks(unit, armor, total):
    v = VEHICLES[unit]
    if armor is not None:
        assert v["armor"] == armor
    assert sum(v["armor"].values()) == total


# tables.md 13.1: the Warrior H-7's split is UNVERIFIED there; MegaMek's own file settles it (issue #28).
# Ferret carries a 1 t infantry bay.
def test_vehicle_special_fields():
    assert "unverified" not in VEHICLES["Warrior Attack Helicopter H-7"]
    assert VEHICLES["Ferret Light Scout VTOL"]["cargo_tons"] == 1.0
    assert VEHICLES["Manticore Heavy Tank"]["engine"] == "fusion"
    assert VEHICLES["Scorpion Light Tank"]["engine"] == "ice"


# tables.md 13.2: armor [rear], heat sinks, movement, mounts.
def test_mech_spot_checks():
    atlas = MECHS["Atlas AS7-D"]
    assert atlas["armor"]["CTR"] == 14
    assert atlas["armor"]["CT"] == 47
    assert atlas["heat_sinks"] == 20
    rear = [w for w in atlas["weapons"] if w.get("rear")]
    assert rear == [{"name": "Medium Laser", "location": "CT", "rear": True}] * 2
    hbk = MECHS["Hunchback HBK-4G"]
    assert hbk["heat_sinks"] == 13
    assert {"name": "Small Laser", "location": "HD"} in hbk["weapons"]
    assert MECHS["Wasp WSP-1A"]["jump"] == 6
    locust = MECHS["Locust LCT-1V"]
    assert (locust["walk"], locust["run"]) == (8, 12)
    assert locust["actuators"]["LA"] == ["shoulder", "upper_arm"]
    assert locust["actuators"]["RA"] == ["shoulder", "upper_arm"]


# tables.md 13.1/13.2 Ammo column: total shots per weapon.
@pytest.mark.parametrize(
    ("unit", "weapon", "shots"),
    [
        ("Scorpion Light Tank", "AC/5", 20),
        ("Scorpion Light Tank", "Machine Gun", 100),
        ("Demolisher Heavy Tank (Mk. I)", "AC/20", 20),
        ("Warrior Attack Helicopter H-7", "AC/2", 45),
        ("Locust LCT-1V", "Machine Gun", 200),
        ("Hunchback HBK-4G", "AC/20", 10),
        ("Atlas AS7-D", "LRM-20", 12),
        ("Atlas AS7-D", "AC/20", 10),
    ],
)
def test_ammo_totals(unit, weapon, shots):
    assert sum(b["shots"] for b in UNITS[unit]["ammo"] if b["weapon"] == weapon) == shots
