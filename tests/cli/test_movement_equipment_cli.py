"""Movement equipment (issue #31 item 4) from the command line with forced dice, on real units of MegaMek's
library: MASC (the Mercury MCY-99), Triple-Strength Myomer (the Locust LCT-1L), jump jets; bipeds and quads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.megamek import mtf
from btcli.megamek.notes import Notes
from btcli.model.state import evolve
from btcli.rules.ground import masc, movement, myomer_jets, physical
from tests.builders import design, game, put
from tests.cli.helpers import game_from_state, ok, run as run_cli

LIBRARY = Path("/work/megamek-library/megamek/data/mechfiles/mechs")
MERCURY = LIBRARY / "3050U" / "Mercury MCY-99.mtf"  # IS MASC in CT, walk 8
LOCUST = LIBRARY / "3039u" / "Locust LCT-1L.mtf"  # TSM, walk 8

needs_library = pytest.mark.skipif(not MERCURY.exists(), reason="MegaMek's unit library is not on disk")


def _design(path: Path) -> dict:
    return mtf.read(path.read_text(), Notes(path.name, lenient=True))


def _game(tmp_path, entry: dict, **keys) -> Path:
    state = game(design(entry, "u1", at="0520", facing="N"), design("Wasp WSP-1A", "e1", at="1001", side="blue"),
                 width=12, height=20, **keys)
    return game_from_state(tmp_path / "game.toml", state)


@needs_library
def test_real_files_import_masc_and_tsm_as_slot_items():  # EQ-MASC-01, EQ-TSM-01
    mercury, locust = _design(MERCURY), _design(LOCUST)
    assert mercury["slots"]["CT"].count("masc") == 1
    assert sum(items.count("tsm") for items in locust["slots"].values()) == 6
    notes = Notes(LOCUST.name, lenient=False)
    mtf.read(LOCUST.read_text(), notes)  # strict: the Locust LCT-1L imports exactly now
    assert not notes.problems


@needs_library
def test_masc_runs_at_twice_walking_mp_with_a_roll(tmp_path):  # EQ-MASC-01, EQ-MASC-02, EQ-MASC-05
    g = _game(tmp_path, _design(MERCURY))
    options = json.loads(ok("options", g, "u1", "--json").out)
    assert options["masc"] == {"mp": 16, "level": 0, "target": 3, "rolled": False}
    assert max(options["moves"]["masc"].values()) == 16
    path = ",".join("F" * 14)
    dry = ok("move", g, "u1", "--mode", "masc", "--path", path, "--dry-run").out
    assert "u1 run with MASC:" in dry and "roll: MASC u1 (level 0), 3+" in dry and "14 MP" in dry
    moved = json.loads(ok("move", g, "u1", "--mode", "masc", "--path", path, "--dice", "3", "--json").out)
    rolled = [e for e in moved["events"] if e["kind"] == "MascRolled"]
    assert rolled and rolled[0]["passed"] and rolled[0]["tn"] == 3
    report = json.loads(ok("report", g, "--format", "json").out)
    u1 = next(u for u in report["units"] if u["id"] == "u1")
    assert u1["position"] == "0506"


@needs_library
def test_a_run_within_running_mp_makes_no_masc_roll(tmp_path):  # EQ-MASC-02
    g = _game(tmp_path, _design(MERCURY))
    moved = json.loads(ok("move", g, "u1", "--mode", "masc", "--path", ",".join("F" * 12), "--json").out)
    assert not [e for e in moved["events"] if e["kind"] == "MascRolled"]


@needs_library
def test_masc_failure_hits_each_leg_and_the_unit_moves_again(tmp_path):  # EQ-MASC-04
    g = _game(tmp_path, _design(MERCURY))
    # a 2 fails (below 3); a critical slot in each leg: LL 1 (hip), RL 5 (a heat sink); the hip's PSR passes on 12
    moved = json.loads(ok("move", g, "u1", "--mode", "masc", "--path", ",".join("F" * 14), "--dice",
                          "2,1,5,12", "--json").out)
    kinds = [e["kind"] for e in moved["events"]]
    assert kinds[0] == "MascRolled" and not moved["events"][0]["passed"]
    assert kinds.count("CriticalHit") == 2
    report = json.loads(ok("report", g, "--format", "json").out)
    u1 = next(u for u in report["units"] if u["id"] == "u1")
    assert u1["position"] == "0520"
    # no second roll this turn; the hip halves walking MP: 4, MASC 8
    again = json.loads(ok("move", g, "u1", "--mode", "masc", "--path", ",".join("F" * 8), "--json").out)
    assert not [e for e in again["events"] if e["kind"] == "MascRolled"]


def test_masc_level_rises_and_falls_as_megamek_counts_it():  # EQ-MASC-03
    state = game(design("Wasp WSP-1A", "u1"))
    unit = state.units["u1"]
    levels = []
    for used in (True, True, True, False, False):
        if used:
            unit = evolve(unit, mech=evolve(unit.mech, masc_used=True))
        unit = masc.end_turn(unit)
        levels.append((unit.mech.masc_level, masc.target(unit) if unit.mech.slots else None))
    assert [lv for lv, _ in levels] == [1, 2, 3, 1, 0]
    assert masc.FAILURE_TARGET == (3, 5, 7, 11, 13, 13, 13)


@needs_library
def test_tsm_adds_walking_mp_and_doubles_physical_damage_at_heat_9(tmp_path):  # EQ-TSM-01, EQ-TSM-02
    state = game(design(_design(LOCUST), "u1"))
    cool = state.units["u1"]
    hot = cool.with_mech(heat=9)
    assert (movement.walking_mp(cool), movement.running_mp(cool)) == (8, 12)
    assert (movement.walking_mp(hot), movement.running_mp(hot)) == (9, 14)  # 8 - 1 (heat) + 2
    assert (movement.walking_mp(cool.with_mech(heat=8)), physical.limb_damage(cool.with_mech(heat=8), "kick", "LL")) == (7, 4)
    assert physical.limb_damage(hot, "punch", "RA") == 2 * physical.limb_damage(cool, "punch", "RA")
    assert physical.limb_damage(hot, "kick", "LL") == 8 and physical.limb_damage(hot, "club", "RA") == 8
    g = game_from_state(tmp_path / "game.toml", put(state, "u1", heat=9))
    report = json.loads(ok("report", g, "--format", "json").out)
    assert next(u for u in report["units"] if u["id"] == "u1")["mp_now"]["walk"] == 9


def test_a_jump_jet_hit_costs_a_jump_mp_and_improved_jets_heat_half():  # EQ-JJ-01, EQ-JJ-02, EQ-JJ-03
    state = game(design("Wasp WSP-1A", "u1"))
    wasp = state.units["u1"]
    slots = dict(wasp.mech.slots)
    slots["CT"] = slots["CT"][:10] + ("jump_jet", "jump_jet")
    slots["LT"] = ("improved_jump_jet",) * 4 + slots["LT"][4:]
    unit = evolve(wasp, jump=4).with_mech(slots=slots)
    assert myomer_jets.jump_mp(unit) == 4
    assert myomer_jets.jump_mp(unit.with_slot_hit("CT", 10)) == 3
    assert myomer_jets.jump_mp(unit.with_slot_hit("LT", 1).with_slot_hit("LT", 2)) == 2  # one jet each: 2 slots
    assert myomer_jets.jump_heat_hexes(unit, 5) == 3 and myomer_jets.jump_heat_hexes(wasp, 5) == 5


SNOW_FOX = LIBRARY / "3060u" / "Snow Fox.mtf"  # a quad with Clan MASC, walk 8


@needs_library
def test_a_quads_masc_failure_hits_each_of_its_four_legs(tmp_path):  # EQ-MASC-04
    g = _game(tmp_path, _design(SNOW_FOX))
    # a 2 fails; a 6 is an empty slot, rolled again; the foot (4) of FLL, FRL, RLL, RRL; four PSRs pass on 12
    moved = json.loads(ok("move", g, "u1", "--mode", "masc", "--path", ",".join("F" * 13), "--dice",
                          "2,6,4,4,4,4,12,12,12,12", "--json").out)
    hits = [e for e in moved["events"] if e["kind"] == "CriticalHit"]
    assert [(h["location"], h["item"]) for h in hits] == [(leg, "foot") for leg in ("FLL", "FRL", "RLL", "RRL")]
    assert "hashes match" in ok("verify", g).out


@needs_library
def test_tsm_works_on_a_quad_with_a_leg_lost_but_not_on_a_biped():  # EQ-TSM-01
    fox = game(design(_design(SNOW_FOX), "u1")).units["u1"]
    slots = {**fox.mech.slots, "LT": ("tsm",) * 3 + fox.mech.slots["LT"][3:], "RT": ("tsm",) * 3 + fox.mech.slots["RT"][3:]}
    quad = evolve(fox, internal={**fox.internal, "RLL": 0}).with_mech(slots=slots, heat=9)
    locust = game(design(_design(LOCUST), "u1")).units["u1"]
    biped = evolve(locust, internal={**locust.internal, "LL": 0}).with_mech(heat=9)
    assert movement.walking_mp(quad) == movement.walking_mp(quad.with_mech(slots=fox.mech.slots)) + 2
    assert movement.walking_mp(biped) == 0  # a leg gone: 1 MP, less 1 for heat 9; TSM adds nothing


@needs_library
def test_no_critical_hit_lands_on_tsm():  # EQ-TSM-01
    from btcli.dice import ManualDice
    from btcli.rules.core import damage

    locust = game(design(_design(LOCUST), "u1")).units["u1"]
    events: list = []
    after = damage.critical_slot(locust, "LT", ManualDice([1]), events)  # LT holds TSM's 3 slots, nothing else
    assert after.crits == () and type(events[0]).__name__ == "CriticalFindsNothing"


WASP = LIBRARY / "3039u" / "Wasp WSP-1A.mtf"  # 6 jump jets
CATAPHRACT = LIBRARY / "3050U" / "Cataphract CTF-5D.mtf"  # 6 improved jump jets


@needs_library
def test_real_files_import_jump_jets_and_improved_jump_jets():  # EQ-JJ-01
    wasp, cataphract = _design(WASP), _design(CATAPHRACT)
    assert wasp["jump"] == sum(items.count("jump_jet") for items in wasp["slots"].values()) == 6
    assert cataphract["jump"] == 6
    assert sum(items.count("improved_jump_jet") for items in cataphract["slots"].values()) == 12  # 2 slots each


@needs_library
def test_a_wasp_with_two_jets_hit_jumps_four_hexes_at_most(tmp_path):  # EQ-JJ-02
    state = game(design(_design(WASP), "u1", at="0520", facing="N"), design("Wasp WSP-1A", "e1", at="1001",
                 side="blue"), width=12, height=20)
    g = game_from_state(tmp_path / "game.toml", put(state, "u1", crits=("CT:10", "LL:4")))
    refused = run_cli("move", g, "u1", "--mode", "jump", "--to", "0515")
    assert refused.code != 0 and "needs 5 jump MP" in refused.err and "has 4" in refused.err
    ok("move", g, "u1", "--mode", "jump", "--to", "0516")
    report = json.loads(ok("report", g, "--format", "json").out)
    assert next(u for u in report["units"] if u["id"] == "u1")["mp_now"]["jump"] == 4


@needs_library
def test_check_refuses_tsm_or_improved_jump_jets_no_design_holds(tmp_path):  # EQ-TSM-01, EQ-JJ-01
    import tomli_w

    from tests.builders import scenario

    locust = _design(LOCUST)
    cut = {**locust, "slots": {**locust["slots"], "LT": ["", "tsm", "tsm", *[""] * 9]}}
    odd = {**locust, "slots": {**locust["slots"], "RA": ["shoulder", "upper_arm", "improved_jump_jet", *[""] * 9]}}
    for entry, words in ((cut, "takes 6 critical slots, not 5"), (odd, "RA holds 1")):
        path = tmp_path / "s.toml"
        path.write_text(tomli_w.dumps(scenario(design(entry, "u1"), design("Wasp WSP-1A", "e1", at="0101",
                                                                         side="blue"))))
        refused = run_cli("check", path)
        assert refused.code != 0 and words in refused.err
