"""Every weapon of the catalog fired from the command line (issue #31: tables.md 12, equipment.md E1, E2).

Each weapon row is mounted alone on a 50-ton 'Mech with no heat sinks and fired at an Atlas with forced dice:
a to-hit roll of 12, a cluster roll of 12 where the weapon rolls one (every missile, pellet or shot hits), and
a hit location of 7 (the centre torso) for each damage group. The test checks the to-hit number (the weapon's
own modifier: EQ-PULSE-01, EQ-MRM-01), the damage the Atlas's centre torso takes, the rounds spent and the
heat the attacker ends the turn with, each from the row's own numbers.
"""

from __future__ import annotations

import json
from math import ceil

import pytest

from btcli import catalog
from tests.builders import ATLAS, design, gunner, weapon_game
from tests.cli.helpers import game_from_state, ok

ROWS = {name: row for name, row in catalog.weapons().items() if row["kind"] != "artillery"}
# Anti-missile systems, Narc launchers and TAGs do no damage: tests/cli/test_missiles_cli.py fires them.
DAMAGING = {name: row for name, row in ROWS.items() if not (row.get("ams") or row.get("narc") or row.get("tag"))}
ATLAS_CT = 47
GUNNERY = 4
PSR_DAMAGE = 20  # 20 damage in a phase forces a piloting skill roll (tables.md 8.6)


def _distance(row: dict) -> int:
    """A distance in the weapon's short bracket and outside its minimum range."""
    return max(1, row["min_range"] + 1)


def _fired(tmp_path, name: str, mode: str = "", dice: list[int] | None = None):
    """Fires ``name`` (with ``:mode``) from 'a' at the Atlas 'b' and ends the turn's weapon, physical and heat
    phases; returns the attack's JSON entry and the report's units by id."""
    row = ROWS[name]
    distance = _distance(row)
    ammo = [{"weapon": name, "location": "LT", "shots": row["ammo_per_ton"]}] if row["ammo_per_ton"] else []
    state = weapon_game(gunner("a", "0610", name, ammo=ammo, heat_sinks=0),
                        design(ATLAS, "b", at=f"06{10 - distance:02d}", facing="S", side="blue"))  # straight ahead
    game = game_from_state(tmp_path / "game.toml", state)
    weapon = f"{name}:{mode}" if mode else name
    entry = json.loads(ok("attack", game, "a", "b", "--weapon", weapon, "--dice", ",".join(map(str, dice)),
                          "--json").out)
    damage = sum(e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes")
    ok("resolve-phase", game, *(("--dice", "12") if damage >= PSR_DAMAGE else ()))  # weapon phase: damage lands
    ok("resolve-phase", game)  # physical phase
    ok("resolve-phase", game)  # heat phase
    report = json.loads(ok("report", game, "--format", "json").out)
    assert "hashes match" in ok("verify", game).out
    return entry, {u["id"]: u for u in report["units"]}


def _groups(row: dict) -> int:
    """The damage groups of a hit in which every missile hits: one location roll each (tables.md 7)."""
    if row.get("atm"):  # EQ-ATM-03: 5-point groups of damage
        return ceil(row["cluster"] * row["damage"] / row["group"])
    if row["kind"] == "missile" and row["cluster"]:
        return ceil(row["cluster"] / row["group"]) if row["group"] else 1
    return 1


@pytest.mark.parametrize("name", sorted(DAMAGING))
def test_every_weapon_fires_with_its_damage_heat_and_ammunition(tmp_path, name):  # EQ-WPN-01
    row = ROWS[name]
    rolls_cluster = row["kind"] == "missile" and row["cluster"] and not row.get("streak")
    dice = [12] + ([12] if rolls_cluster else []) + [7] * _groups(row)
    entry, units = _fired(tmp_path, name, dice=dice)
    hit = entry["events"][0]
    assert hit["kind"] == "WeaponHit"
    assert hit["to_hit"] == GUNNERY + row.get("to_hit", 0) + max(0, row["min_range"] - _distance(row) + 1)
    missiles = row["cluster"] if row["kind"] == "missile" and row["cluster"] else 1
    assert ATLAS_CT - units["b"]["armor"]["CT"] == row["damage"] * missiles
    assert units["a"]["heat"] == row["heat"]
    if row["ammo_per_ton"]:
        assert units["a"]["ammo"] == [f"{name}@LT: {row['ammo_per_ton'] - 1}"]


def test_pulse_lasers_mrms_and_heavy_lasers_carry_their_own_modifier():  # EQ-PULSE-01, EQ-MRM-01, EQ-HLAS-01
    pulses = [n for n in ROWS if "Pulse Laser" in n]
    mrms = [n for n in ROWS if n.startswith("MRM")]
    heavy = [n for n in ROWS if n.startswith("Clan Heavy") and n.endswith("Laser")]
    rockets = [n for n in ROWS if n.startswith("Rocket Launcher")]  # EQ-RL-01
    assert len(rockets) == 3 and {ROWS[n].get("to_hit") for n in rockets} == {1}
    assert len(heavy) == 3
    heavy += rockets
    assert len(pulses) == 7 and {ROWS[n].get("to_hit") for n in pulses} == {-2}
    assert len(mrms) == 4 and {ROWS[n].get("to_hit") for n in mrms} == {1}
    assert len(heavy) == 6 and {ROWS[n].get("to_hit") for n in heavy} == {1}
    assert all(not ROWS[n].get("to_hit") for n in ROWS if n not in pulses + mrms + heavy)


@pytest.mark.parametrize("name", sorted(n for n, r in ROWS.items() if r.get("ultra")))
def test_every_ultra_autocannon_fires_at_double_rate(tmp_path, name):  # EQ-UAC-01
    row = ROWS[name]
    entry, units = _fired(tmp_path, name, "ultra", dice=[12, 12, 7, 7])  # hit, both shots hit, two locations
    assert ATLAS_CT - units["b"]["armor"]["CT"] == 2 * row["damage"]
    assert units["a"]["heat"] == 2 * row["heat"]
    assert units["a"]["ammo"] == [f"{name}@LT: {row['ammo_per_ton'] - 2}"]


@pytest.mark.parametrize("name", sorted(n for n, r in ROWS.items() if r.get("lbx")))
def test_every_lbx_fires_cluster_rounds(tmp_path, name):  # EQ-LBX-01
    row = ROWS[name]
    pellets = row["cluster"]
    state_ammo = [{"weapon": name, "location": "LT", "shots": row["ammo_per_ton"], "kind": "cluster"}]
    distance = _distance(row)
    state = weapon_game(gunner("a", "0610", name, ammo=state_ammo, heat_sinks=0),
                        design(ATLAS, "b", at=f"06{10 - distance:02d}", facing="S", side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    entry = json.loads(ok("attack", game, "a", "b", "--weapon", f"{name}:cluster", "--dice",
                          ",".join(map(str, [12, 12] + [7] * pellets)), "--json").out)
    assert entry["events"][0]["to_hit"] == GUNNERY - 1 + max(0, row["min_range"] - distance + 1)
    strikes = [e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes"]
    assert strikes == [1] * pellets


@pytest.mark.parametrize("name", sorted(n for n, r in ROWS.items() if r.get("streak")))
def test_every_streak_that_misses_does_not_fire(tmp_path, name):  # EQ-STREAK-01
    state = weapon_game(gunner("a", "0610", name, ammo=[{"weapon": name, "location": "LT", "shots": 10}], heat_sinks=0),
                        design(ATLAS, "b", at="0609", facing="S", side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    entry = json.loads(ok("attack", game, "a", "b", "--weapon", name, "--dice", "2", "--json").out)
    assert [e["kind"] for e in entry["events"]] == ["StreakNoLock"]
    for _ in range(3):  # the weapon, physical and heat phases
        ok("resolve-phase", game)
    a = next(u for u in json.loads(ok("report", game, "--format", "json").out)["units"] if u["id"] == "a")
    assert a["heat"] == 0 and a["ammo"] == [f"{name}@LT: 10"]


def test_every_rule_id_of_the_equipment_page_is_cited_by_a_test():  # docs/equipment-rules.md
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "equipment-rules.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^#### (EQ-[A-Z][A-Z0-9]*-\d{2})\b", page, re.M))
    cited = set()
    for path in (root / "tests").rglob("*.py"):
        cited |= set(re.findall(r"\b(EQ-[A-Z][A-Z0-9]*-\d{2})\b", path.read_text(encoding="utf-8")))
    assert listed and listed <= cited, f"not cited by any test: {sorted(listed - cited)}"
    assert cited <= listed, f"cited but not on docs/equipment-rules.md: {sorted(cited - listed)}"
