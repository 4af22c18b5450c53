"""C3 computers played from the command line with forced dice (issue #31, part c3; docs/equipment-rules.md EQ-C3).

The lance is real MegaMek library units, read by the importer exactly: a Cyclops CP-11-C (a C3 master in its left
torso) and a Hunchback HBK-5P, a Victor VTR-C and a Centurion CN9-D5 (each a C3 slave in its head); the C3i units are
the test corpus's Vanquisher VQR-2A ('Mech) and Zephyr Hovertank (C3i) (vehicle). The target is the catalog's Atlas.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from btcli.model.state import evolve
from btcli.rules.core import c3
from tests.builders import ATLAS, design, gunner, put, weapon_game
from tests.cli.helpers import game_from_state, ok, run
from tests.megamek import corpus

LIBRARY = Path("/work/megamek-library/megamek/data/mechfiles/mechs/3050U")
CYCLOPS, HUNCHBACK = LIBRARY / "Cyclops CP-11-C.mtf", LIBRARY / "Hunchback HBK-5P.mtf"
VICTOR, CENTURION = LIBRARY / "Victor VTR-C.mtf", LIBRARY / "Centurion CN9-D5.mtf"
VANQUISHER = "2021/megamek/data/mechfiles/mechs/3067/Vanquisher VQR-2A.mtf"
ZEPHYR = "2021/megamek/data/mechfiles/vehicles/3050U/Zephyr Hovertank (C3i).blk"
DEMOLISHER = "2021/megamek/data/mechfiles/vehicles/3058Uu/Demolisher Heavy Tank (MRM).blk"

needs_library = pytest.mark.skipif(not CYCLOPS.exists() or not corpus.present(),
                                   reason="MegaMek's unit library or the test corpus is not on disk")
pytestmark = needs_library

LASER = "ER Medium Laser@LT"  # the Hunchback's: 4/8/12 (Inner Sphere ER Medium Laser)


def imported(path: Path | str) -> dict:
    """A library or corpus file's design, read exactly (the test fails if anything is left out)."""
    from btcli.megamek.convert import Source, import_file

    full = path if isinstance(path, Path) else corpus.CORPUS / path
    source = Source(str(full.parent), False)
    found = import_file(str(full), source)[2]
    assert not source.left_out
    return found


def lance(*extra: dict, network: str = "alpha", hunch_at: str = "0612", master_at: str = "0305", **keys):
    """The Hunchback (slave) 10 hexes from the Atlas, the Cyclops (master) 4 from it, both in ``network``."""
    net = {"c3_network": network} if network else {}
    return weapon_game(design(imported(HUNCHBACK), "hunch", at=hunch_at, gunnery=4, **net),
                       design(imported(CYCLOPS), "cyc", at=master_at, gunnery=4, **net),
                       design(ATLAS, "b", at="0602", facing="S", side="blue"), *extra, width=12, height=16, **keys)


def attack(tmp_path, state, dice: str = "5", weapon: str = LASER, attacker: str = "hunch"):
    game = game_from_state(tmp_path / "game.toml", state)
    entry = json.loads(ok("attack", game, attacker, "b", "--weapon", weapon, "--dice", dice, "--json").out)
    return entry, game


def report_unit(game, uid: str) -> dict:
    return next(u for u in json.loads(ok("report", game, "--format", "json").out)["units"] if u["id"] == uid)


# -- import -----------------------------------------------------------------------------------------------


def test_c3_computers_import_exactly_from_mtf_and_blk_files():  # EQ-C3-01
    cyclops, victor = imported(CYCLOPS), imported(VICTOR)
    assert cyclops["c3"] == "master" and {"name": "C3 Master", "location": "LT"} in cyclops["weapons"]
    assert cyclops["slots"]["LT"][:5] == ["weapon:C3 Master"] * 5
    assert victor["c3"] == "slave" and victor["slots"]["HD"][3] == "equipment:C3 Slave"
    vanquisher = imported(VANQUISHER)
    assert vanquisher["c3"] == "c3i" and sum(s.count("equipment:C3i") for s in vanquisher["slots"].values()) == 2
    assert imported(ZEPHYR)["c3"] == "c3i" and imported(DEMOLISHER)["c3"] == "slave"


def test_the_boosted_c3_is_not_played():  # EQ-C3-01
    from btcli.megamek import mtf
    from btcli.megamek.notes import Notes

    charger = LIBRARY.parent / "XTRs" / "Corporations" / "Charger CGR-1X1.mtf"  # a Boosted slave in its right torso
    notes = Notes(charger.name, lenient=True)
    design_ = mtf.read(charger.read_text(encoding="utf-8"), notes)
    assert "c3" not in design_ and any("C3 Boosted Slave in RT" in line for line in notes.left_out)


# -- networks in the scenario ------------------------------------------------------------------------------


def _write(tmp_path, *units: dict) -> Path:
    import tomli_w

    from tests.builders import scenario

    path = tmp_path / "scenario.toml"
    path.write_text(tomli_w.dumps(scenario(*units, width=12, height=16)), encoding="utf-8")
    return path


def _slave(uid: str, at: str, side: str = "red", **keys) -> dict:
    return design(imported(HUNCHBACK), uid, at=at, side=side, **keys)


def _master(uid: str, at: str, **keys) -> dict:
    return design(imported(CYCLOPS), uid, at=at, **keys)


@pytest.mark.parametrize("units, said", [
    (lambda: [_master("m", "0101", c3_network="a")] + [_slave(f"s{i}", f"020{i}", c3_network="a") for i in range(1, 5)],
     "master 'm' of C3 network 'a' has 4 units linked to it, at most 3"),
    (lambda: [_slave("s1", "0201", c3_network="a"), _slave("s2", "0202", c3_network="a")],
     "needs one master at its top"),
    (lambda: [_master("m", "0101", c3_network="a"), _slave("s1", "0201", c3_network="a"),
              design(imported(VANQUISHER), "v", at="0301", c3_network="a")], "mixes C3 and C3i computers"),
    (lambda: [_master("m", "0101", c3_network="a"), _slave("s1", "0201", side="blue", c3_network="a")],
     "holds units of sides blue, red"),
    (lambda: [design(imported(VANQUISHER), f"v{i}", at=f"03{i + 1:02d}", c3_network="i") for i in range(7)],
     "has 7 C3i units, at most 6"),
    (lambda: [gunner("g", "0101", "Medium Laser", c3_network="a")], "carries no C3 computer"),
    (lambda: [_master("m", "0101", c3_network="a"), _master("n", "0102", c3_network="a", c3_master="m"),
              _slave("s1", "0201", c3_network="a")], "name the one it links to"),
    (lambda: [_master("m", "0101", c3_network="a"), _master("n", "0102", c3_network="a", c3_master="m"),
              _master("o", "0103", c3_network="a", c3_master="n")], "two levels at most"),
    (lambda: [_master("m", "0101", c3_network="a"), _slave("s1", "0201", c3_network="a", c3_master="x")],
     "its c3_master 'x' is not a master"),
    (lambda: [gunner("g", "0101", "Medium Laser", c3="master")], "mounts its computer, a 'C3 Master' weapon"),
    (lambda: [gunner("g", "0101", "C3 Master")], "so its c3 is \"master\""),
    (lambda: [_slave("s", "0101", c3="c3i")], "no slot holds 'equipment:C3i'"),
])
def test_check_refuses_an_illegal_network(tmp_path, units, said):  # EQ-C3-01, EQ-C3-02
    path = _write(tmp_path, *units(), design(ATLAS, "b", at="0610", side="blue"))
    result = run("check", path)
    assert result.code != 0 and said in result.err, result.err


def test_a_company_of_lances_and_a_unit_named_in_no_network(tmp_path):  # EQ-C3-02
    units = [_master("top", "0101", c3_network="co"),
             _master("m1", "0102", c3_network="co", c3_master="top"), _master("m2", "0103", c3_network="co",
                                                                                 c3_master="top"),
             *[_slave(f"a{i}", f"020{i}", c3_network="co", c3_master="m1") for i in range(1, 4)],
             *[_slave(f"b{i}", f"030{i}", c3_network="co", c3_master="m2") for i in range(1, 4)],
             _slave("loner", "0401")]
    path = _write(tmp_path, *units, design(ATLAS, "b", at="0610", side="blue"))
    assert run("check", path).code == 0
    state = weapon_game(*units, design(ATLAS, "b", at="0610", side="blue"), width=12, height=16)
    a1, b3, loner = state.units["a1"], state.units["b3"], state.units["loner"]
    assert c3.linked(state, a1, b3) and not c3.linked(state, a1, loner)  # a unit in no network is not linked
    assert c3.describe(state, loner) == "C3 slave (not linked)"
    cut = put(state, "top", destroyed=True)  # the company master lost: each lance keeps its own master
    assert not c3.linked(cut, cut.units["a1"], cut.units["b3"]) and c3.linked(cut, cut.units["a1"], cut.units["a2"])
    assert "cut off from its company: its master top is destroyed" in c3.describe(cut, cut.units["m1"])


# -- the rule through the command line ----------------------------------------------------------------------


def test_a_slave_fires_with_the_range_of_its_master_nearer_the_target(tmp_path):  # EQ-C3-04, EQ-C3-08
    state = lance()
    dry = ok("attack", game_from_state(tmp_path / "dry.toml", state), "hunch", "b", "--weapon", LASER, "--dry-run").out
    assert "short range via C3 spotter cyc (4 hexes; 10 from the attacker) +0" in dry and "to-hit 4," in dry
    options = ok("options", game_from_state(tmp_path / "opt.toml", state), "hunch").out
    assert "ER Medium Laser@LT 4+ (C3 spotter cyc)" in options
    entry, game = attack(tmp_path, state, "5,7")  # 5 hits at 4+; it would miss at long range (8+)
    hit = entry["events"][0]
    assert hit["kind"] == "WeaponHit" and hit["to_hit"] == 4
    assert report_unit(game, "hunch")["c3"] == {"computer": "slave", "working": True, "network": "alpha",
                                                "master": "cyc", "linked": True}
    assert "C3 slave, network alpha (linked)" in ok("report", game).out
    (tmp_path / "alone").mkdir()
    alone, _ = attack(tmp_path / "alone", lance(network=""), "5")
    assert alone["events"][0]["kind"] == "WeaponMissed" and alone["events"][0]["to_hit"] == 8  # long range, no network


def test_the_spotter_helps_only_when_nearer_and_never_beyond_the_weapons_reach(tmp_path):  # EQ-C3-04
    state = lance(master_at="0615")  # the master farther from the target than the slave: its own range
    dry = ok("attack", game_from_state(tmp_path / "g.toml", state), "hunch", "b", "--weapon", LASER, "--dry-run").out
    assert "long range (10 hexes)" in dry and "to-hit 8," in dry and "C3" not in dry
    far = lance(hunch_at="0614", master_at="0604")  # 12 hexes: still the laser's long range, the master's short
    assert "short range via C3 spotter cyc" in ok("attack", game_from_state(tmp_path / "h.toml", far), "hunch", "b",
                                                  "--weapon", LASER, "--dry-run").out
    beyond = lance(hunch_at="0615", master_at="0604")  # 13 hexes: beyond the laser's long range 12
    result = run("attack", game_from_state(tmp_path / "i.toml", beyond), "hunch", "b", "--weapon", LASER, "--dry-run")
    assert "beyond ER Medium Laser's long range 12" in result.out + result.err


def test_the_spotter_needs_line_of_sight_and_a_working_computer(tmp_path):  # EQ-C3-03, EQ-C3-06
    hills = {h: {"level": 4} for h in ("0403", "0404", "0503", "0504")}  # between the master and the Atlas
    blind = lance(hexes=hills)
    assert not c3.spotters(blind, blind.units["hunch"], blind.units["b"])
    state = lance()
    assert [u.id for u in c3.spotters(state, state.units["hunch"], state.units["b"])] == ["cyc"]
    down = put(state, "cyc", shutdown=True)  # a shut-down master: its slaves are off the network while it is down
    assert not c3.spotters(down, down.units["hunch"], down.units["b"])
    assert c3.describe(down, down.units["hunch"]) == "C3 slave, network alpha (cut off: its master cyc is shut down)"
    unconscious = put(state, "cyc", conscious=False)  # MegaMek asks only shutdown: an unconscious crew's unit spots
    assert [u.id for u in c3.spotters(unconscious, unconscious.units["hunch"], unconscious.units["b"])] == ["cyc"]


def test_a_master_destroyed_or_hit_cuts_off_its_slaves(tmp_path):  # EQ-C3-06
    state = lance()
    master = state.units["cyc"]
    broken = state.with_unit(evolve(master, weapons=tuple(evolve(m, destroyed=True) if m.weapon == "C3 Master" else m
                                                         for m in master.weapons)))
    entry, game = attack(tmp_path, broken, "5")
    assert entry["events"][0]["to_hit"] == 8
    assert report_unit(game, "hunch")["c3"]["cut_off"] == "its master cyc's C3 computer is destroyed"
    gone = put(state, "cyc", destroyed=True)
    assert c3.describe(gone, gone.units["hunch"]).endswith("(cut off: its master cyc is destroyed)")
    hit_slave = state.with_unit(state.units["hunch"].with_slot_hit("HD", state.units["hunch"].built.slots["HD"].index(
        "equipment:C3 Slave")))  # a critical hit on the slave's own slot
    assert not c3.computer_working(hit_slave.units["hunch"]) and not c3.spotters(hit_slave, hit_slave.units["hunch"],
                                                                                 hit_slave.units["b"])


def test_enemy_ecm_on_the_line_to_the_master_cuts_the_slave_off(tmp_path):  # EQ-C3-05
    ecm = gunner("e", "0110", "Medium Laser", side="blue", ecm="RT")  # 5 hexes from the Hunchback, 7+ from the rest
    state = lance(ecm)
    assert not c3.spotters(state, state.units["hunch"], state.units["b"])
    entry, game = attack(tmp_path, state, "5")
    assert entry["events"][0]["to_hit"] == 8
    assert report_unit(game, "hunch")["c3"]["cut_off"] == "e's ECM covers the line to its master cyc"
    far = lance(gunner("e", "1216", "Medium Laser", side="blue", ecm="RT"))  # 7 hexes from the line
    assert [u.id for u in c3.spotters(far, far.units["hunch"], far.units["b"])] == ["cyc"]


def test_c3i_vehicles_and_mechs_share_ranges_and_ecm_over_a_member_cuts_it_off(tmp_path):  # EQ-C3-02, EQ-C3-05
    def c3i(*extra: dict):
        return weapon_game(design(imported(VANQUISHER), "v", at="0612", gunnery=4, c3_network="i"),
                           design(imported(ZEPHYR), "z", at="0305", gunnery=4, c3_network="i"),
                           design(ATLAS, "b", at="0602", facing="S", side="blue"), *extra, width=12, height=16)

    state = c3i()
    assert [u.id for u in c3.spotters(state, state.units["v"], state.units["b"])] == ["z"]  # a vehicle spots
    ecm = c3i(gunner("e", "0101", "Medium Laser", side="blue", ecm="RT"))  # 4 hexes from the Zephyr
    assert c3.describe(ecm, ecm.units["z"]) == "C3i, network i (cut off: cut off by e's ECM)"
    assert c3.describe(ecm, ecm.units["v"]) == "C3i, network i (linked)"
    assert not c3.spotters(ecm, ecm.units["v"], ecm.units["b"])


def test_the_master_fires_as_a_tag(tmp_path):  # EQ-C3-07
    entry, game = attack(tmp_path, lance(), "8", weapon="C3 Master", attacker="cyc")
    assert [e["kind"] for e in entry["events"]][:2] == ["WeaponHit", "TargetTagged"]


def test_a_scenario_naming_the_library_files_fields_the_lance_and_plays_it(tmp_path):  # EQ-C3-02, EQ-C3-04
    units = "".join(f"""
[[units]]
id = "{uid}"
side = "red"
design = "mtf:{path}"
position = "{at}"
facing = "N"
gunnery = 4
c3_network = "alpha"
""" for uid, path, at in (("cyc", CYCLOPS, "0305"), ("hunch", HUNCHBACK, "0612"), ("vic", VICTOR, "0814"),
                          ("cen", CENTURION, "1014")))
    text = f"""[scenario]
name = "C3 lance"
seed = 3

[map]
width = 12
height = 16

[sides.red]
name = "Red"

[sides.blue]
name = "Blue"
{units}
[[units]]
id = "b"
side = "blue"
design = "{ATLAS}"
position = "0602"
facing = "S"
"""
    scenario_path, game = tmp_path / "lance.toml", tmp_path / "game.toml"
    scenario_path.write_text(text, encoding="utf-8")
    assert run("check", scenario_path).code == 0
    ok("init", scenario_path, "-o", game)
    from btcli import runner
    from btcli.model.state import Phase

    fielded = runner.load(game).state
    assert {u.id: u.c3 for u in fielded.units.values() if u.c3} == {"cyc": "master", "hunch": "slave",
                                                                   "vic": "slave", "cen": "slave"}
    game = game_from_state(tmp_path / "weapon.toml", evolve(fielded, phase=Phase.WEAPON))  # the lance stood still
    dry = ok("attack", game, "hunch", "b", "--weapon", LASER, "--dry-run").out
    assert "short range via C3 spotter cyc (4 hexes; 10 from the attacker)" in dry
    assert "C3 slave, network alpha (linked)" in ok("report", game).out
    assert "hashes match" in ok("verify", game).out
