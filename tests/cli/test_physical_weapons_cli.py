"""Physical weapons (issue #31; docs/equipment-rules.md EQ-PHYS-01..05) from the command line with forced dice,
on real units of MegaMek's library: the Hatchetman HCT-3F's hatchet (45 t, right arm, a Medium Laser beside it)
and the Vindicator VND-5L's sword (45 t, left arm)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.errors import IllegalOrderError
from btcli.model.state import evolve
from btcli.rules.ground import physical, physical_weapons
from tests.builders import MEGAMEK_MECHS, design, facing_an_atlas, library_design
from tests.cli.helpers import game_from_state, ok, report_units, run

HATCHETMAN = MEGAMEK_MECHS / "3039u" / "Hatchetman HCT-3F.mtf"
VINDICATOR = MEGAMEK_MECHS / "3050U" / "Vindicator VND-5L.mtf"
ATLAS_CT = 47

needs_library = pytest.mark.skipif(not HATCHETMAN.exists(), reason="MegaMek's unit library is not on disk")


def _state(path: Path, **changes):
    state = facing_an_atlas(library_design(path))
    return state.with_unit(evolve(state.units["a"], **changes)) if changes else state


def _game(tmp_path, path: Path, **changes) -> Path:
    return game_from_state(tmp_path / "game.toml", _state(path, **changes))


def _atlas(game: Path) -> dict:
    return report_units(game)["b"]


@needs_library
def test_real_files_import_the_hatchet_and_sword_as_slot_items():  # EQ-PHYS-01
    hatchetman, vindicator = library_design(HATCHETMAN), library_design(VINDICATOR)
    assert hatchetman["slots"]["RA"][4:7] == ["hatchet"] * 3 and "hatchet" not in hatchetman["slots"]["LA"]
    assert vindicator["slots"]["LA"][4:7] == ["sword"] * 3


@needs_library
def test_a_hatchet_hits_for_tons_over_5_on_the_normal_table(tmp_path):  # EQ-PHYS-01, EQ-PHYS-02, EQ-PHYS-03
    g = _game(tmp_path, HATCHETMAN)
    dry = ok("attack", g, "a", "b", "--physical", "hatchet", "--dry-run").out
    assert "a hatchet with the RA -> b: to-hit 4" in dry and "9 damage" in dry  # piloting 5 - 1; 45 / 5
    ok("attack", g, "a", "b", "--physical", "hatchet")
    done = json.loads(ok("resolve-phase", g, "--dice", "12,7", "--json").out)  # hits; location 7: centre torso
    assert [e["kind"] for e in done["events"]][:2] == ["BlowHit", "DamageTaken"]
    assert _atlas(g)["armor"]["CT"] == ATLAS_CT - 9
    assert "hashes match" in ok("verify", g).out


@needs_library
def test_a_sword_hits_for_tons_over_10_rounded_up_plus_1_at_minus_2(tmp_path):  # EQ-PHYS-02, EQ-PHYS-03
    g = _game(tmp_path, VINDICATOR)
    dry = ok("attack", g, "a", "b", "--physical", "sword", "--dry-run").out
    assert "a sword with the LA -> b: to-hit 3" in dry and "6 damage" in dry  # piloting 5 - 2; ceil(4.5) + 1
    ok("attack", g, "a", "b", "--physical", "sword")
    ok("resolve-phase", g, "--dice", "3,7")
    assert _atlas(g)["armor"]["CT"] == ATLAS_CT - 6


@needs_library
def test_a_missed_hatchet_forces_no_piloting_roll(tmp_path):  # EQ-PHYS-03
    g = _game(tmp_path, HATCHETMAN)
    ok("attack", g, "a", "b", "--physical", "hatchet")
    done = json.loads(ok("resolve-phase", g, "--dice", "3", "--json").out)
    assert [e["kind"] for e in done["events"]][0] == "BlowMissed"
    assert not [e for e in done["events"] if "PSR" in e["kind"] or e["kind"] == "PilotingRoll"]


@needs_library
def test_the_arm_that_fired_cannot_swing_its_hatchet(tmp_path):  # EQ-PHYS-01
    state = _state(HATCHETMAN)
    laser = next(i for i, m in enumerate(state.units["a"].weapons) if m.location == "RA")
    g = game_from_state(tmp_path / "game.toml", state.with_unit(evolve(state.units["a"], fired=(laser,))))
    refused = run("attack", g, "a", "b", "--physical", "hatchet")
    assert refused.code != 0 and "a weapon in its RA fired this turn" in refused.err and "EQ-PHYS-01" in refused.err
    fired_left = next(i for i, m in enumerate(state.units["a"].weapons) if m.location == "LA")
    g2 = game_from_state(tmp_path / "g2.toml", state.with_unit(evolve(state.units["a"], fired=(fired_left,))))
    ok("attack", g2, "a", "b", "--physical", "hatchet")  # the other arm's laser does not matter


@needs_library
def test_critical_hits_on_the_hatchet_or_its_actuators(tmp_path):  # EQ-PHYS-01, EQ-PHYS-02
    state = _state(HATCHETMAN)
    a, b = state.units["a"], state.units["b"]
    for slot, why in ((4, "a critical hit damaged its hatchet"), (3, "no working shoulder or hand"),
                      (0, "no working shoulder or hand")):
        with pytest.raises(IllegalOrderError, match=why):
            physical.check(state, a.with_slot_hit("RA", slot), b, "hatchet")
    number, mods, arm = physical.check(state, a.with_slot_hit("RA", 1).with_slot_hit("RA", 2), b, "hatchet")
    assert arm == "RA" and number == 5 - 1 + 2 + 2
    assert ("upper arm actuator destroyed", 2) in mods and ("lower arm actuator missing or destroyed", 2) in mods
    assert physical.limb_damage(a.with_slot_hit("RA", 1), "hatchet", "RA") == 9  # actuators do not halve it
    assert physical_weapons.damage(a, "hatchet", 2) == 18  # working TSM at heat 9+ doubles it (EQ-TSM-02)
    with pytest.raises(IllegalOrderError, match="carries no sword"):
        physical.check(state, a, b, "sword")


@needs_library
def test_out_of_the_arms_arc_the_hatchet_is_refused(tmp_path):  # EQ-PHYS-01
    state = _state(HATCHETMAN)
    a, b = state.units["a"], state.units["b"]
    refusals = []
    for turn in range(6):
        try:
            physical.check(state, evolve(a, facing=a.facing.turned(turn)), b, "hatchet")
        except IllegalOrderError as exc:
            refusals.append(str(exc))
    assert any("not in its RA's arc" in r for r in refusals) and len(refusals) < 6


def test_the_hit_table_and_tsm():  # EQ-PHYS-03, EQ-PHYS-04
    assert physical_weapons.table(0, True) == "normal"
    assert physical_weapons.table(1, True) == "kick"  # a 'Mech one level up
    assert physical_weapons.table(1, False) == "normal"  # a vehicle one level up
    assert physical_weapons.WEAPONS == {"hatchet": -1, "sword": -2}


@needs_library
def test_options_and_the_report_show_the_physical_weapon(tmp_path):  # EQ-PHYS-05
    g = _game(tmp_path, HATCHETMAN)
    options = json.loads(ok("options", g, "a", "--json").out)
    assert options["physical_weapons"] == {"carried": [{"kind": "hatchet", "location": "RA", "working": True}],
                                           "targets": {"b": [{"attack": "hatchet", "location": "RA", "to_hit": 4}]}}
    assert "swings at b (--physical): hatchet (RA) 4+" in ok("options", g, "a").out
    report = json.loads(ok("report", g, "--format", "json").out)
    a = next(u for u in report["units"] if u["id"] == "a")
    assert a["physical_weapons"] == [{"kind": "hatchet", "location": "RA", "working": True}]
    assert "hatchet (RA)" in ok("report", g).out
    assert "hatchet or sword" in ok("attack", "--help").out


def test_check_refuses_a_hatchet_outside_an_arm(tmp_path):  # EQ-PHYS-01
    from btcli.errors import GameFileError
    from tests.builders import scenario
    from btcli.store.scenario import scenario_from_dict

    entry = design("Wasp WSP-1A", "u1")
    wasp = scenario_from_dict(scenario(entry)).units["u1"]
    slots = {loc: list(items) for loc, items in wasp.built.slots.items()}
    slots["CT"][-1] = "hatchet"
    with pytest.raises(GameFileError, match="EQ-PHYS-01"):
        scenario_from_dict(scenario(design("Wasp WSP-1A", "u1", slots=slots)))
