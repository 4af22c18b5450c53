"""Split weapons (issue #31; docs/equipment-rules.md EQ-SPLIT-01, EQ-SPLIT-02): a weapon whose slots run over two
locations, on real units of MegaMek's library: the Axman AXM-1N's AC/20 (2 slots in CT, 8 in RT) and the King Crab
KGC-0000's two AC/20s (8 slots in each arm, 2 in its side torso)."""

from __future__ import annotations

import json

import pytest

from btcli.errors import GameFileError
from btcli.model.state import Phase
from btcli.rules.core import damage
from tests.builders import MEGAMEK_MECHS, design, facing_an_atlas, library_design, scenario, weapon_game
from tests.cli.helpers import game_from_state, ok
from btcli.store.scenario import scenario_from_dict

AXMAN = MEGAMEK_MECHS / "3050U" / "Axman AXM-1N.mtf"
KING_CRAB = MEGAMEK_MECHS / "3039u" / "King Crab KGC-0000.mtf"

needs_library = pytest.mark.skipif(not AXMAN.exists(), reason="MegaMek's unit library is not on disk")


@needs_library
def test_split_weapons_import_exactly_in_the_inner_location():  # EQ-SPLIT-01
    axman, crab = library_design(AXMAN), library_design(KING_CRAB)
    assert {"name": "AC/20", "location": "CT", "split": "RT"} in axman["weapons"]
    assert axman["slots"]["CT"].count("weapon:AC/20") == 2 and axman["slots"]["RT"].count("weapon:AC/20") == 8
    assert {"name": "AC/20", "location": "LT", "split": "LA"} in crab["weapons"]
    assert {"name": "AC/20", "location": "RT", "split": "RA"} in crab["weapons"]


@needs_library
def test_a_hit_on_either_locations_slots_destroys_it():  # EQ-SPLIT-02
    state = weapon_game(design(library_design(AXMAN), "a"))
    axman = state.units["a"]
    ac20 = next(i for i, m in enumerate(axman.weapons) if m.weapon == "AC/20")
    for location, slot in (("RT", 3), ("CT", 10)):
        assert axman.built.slots[location][slot] == "weapon:AC/20"
        hit = damage.critical_effect(axman.with_slot_hit(location, slot), location, slot, "weapon:AC/20", [])
        assert hit.weapons[ac20].destroyed, location
    gone = damage.destroy_location(axman, "RT", [])
    assert gone.weapons[ac20].destroyed  # the loss of its second location takes it too
    crab = weapon_game(design(library_design(KING_CRAB), "k")).units["k"]
    left = next(i for i, m in enumerate(crab.weapons) if m.weapon == "AC/20" and m.location == "LT")
    right = next(i for i, m in enumerate(crab.weapons) if m.weapon == "AC/20" and m.location == "RT")
    lost_arm = damage.destroy_location(crab, "LA", [])
    assert lost_arm.weapons[left].destroyed and not lost_arm.weapons[right].destroyed


@needs_library
def test_the_axman_fires_its_split_ac20_and_swings_its_hatchet(tmp_path):  # EQ-SPLIT-01, EQ-PHYS-03
    state = facing_an_atlas(library_design(AXMAN), at="0603", phase=Phase.WEAPON)
    g = game_from_state(tmp_path / "game.toml", state)
    shot = json.loads(ok("attack", g, "a", "b", "--weapon", "AC/20", "--dice", "12,7", "--json").out)
    assert sum(e["amount"] for e in shot["events"] if e["kind"] == "GroupStrikes") == 20
    report = json.loads(ok("report", g, "--format", "json").out)
    assert "hashes match" in ok("verify", g).out
    assert "AC/20@CT" in next(u for u in report["units"] if u["id"] == "a")["weapons"]  # fired from its inner location
    g2 = game_from_state(tmp_path / "g2.toml", facing_an_atlas(library_design(AXMAN)))
    assert "13 damage" in ok("attack", g2, "a", "b", "--physical", "hatchet", "--dry-run").out  # 65 t / 5


def test_check_refuses_a_split_into_a_location_not_beside_it():  # EQ-SPLIT-01
    entry = design("Wasp WSP-1A", "u1")
    wasp = scenario_from_dict(scenario(entry)).units["u1"]
    weapons = [{"name": m.weapon, "location": m.location} for m in wasp.weapons]
    ok_split = [dict(weapons[0], location="RT", split="RA")] + weapons[1:]
    inline = {"kind": "mech", "name": "Split Wasp", "tons": 20, "engine": "fusion", "walk": 6, "run": 9, "jump": 6,
              "heat_sinks": 10, "armor": dict(wasp.max_armor), "ammo": [],
              "slots": {loc: list(items) for loc, items in wasp.built.slots.items()}}
    scenario_from_dict(scenario(design({**inline, "weapons": ok_split}, "u1")))
    for where, split in (("RT", "LA"), ("RA", "RA"), ("CT", "RA")):
        bad = [dict(weapons[0], location=where, split=split)] + weapons[1:]
        with pytest.raises(GameFileError, match="EQ-SPLIT-01"):
            scenario_from_dict(scenario(design({**inline, "weapons": bad}, "u1")))
