"""Missile fire control and the electronics that act on it, fired from the command line with forced dice (issue #31
items 1 and 5; docs/equipment-rules.md EQ-ART, EQ-ATM, EQ-AMS, EQ-NARC, EQ-TAG, EQ-ECM, EQ-PROBE).

The units are real MegaMek files of the test corpus (tests/megamek/corpus.toml), read by the importer as a scenario
reads them: a Hammer HMR-3S (two LRM-5s, each with an Artemis IV FCS), a Dragonfly (Viper) E (a Clan ATM 6 with
standard, ER and HE rounds), a Grasshopper GHR-5J (an AMS in its right torso), a Karhu D (a Clan Streak SRM-6, two
Clan AMS, an ECM suite and an active probe), an Atlas AS7-S2 (a Guardian ECM suite) and a Locust LCT-5W (a TAG). The
Narc launcher is the catalog's, on the tests' 50-ton gunner.
"""

from __future__ import annotations

import json

import pytest

from btcli.model.state import evolve
from btcli.rules.core import fire_control
from tests.builders import ATLAS, design, gunner, weapon_game
from tests.cli.helpers import game_from_state, ok, run
from tests.megamek import corpus

needs_corpus = pytest.mark.skipif(not corpus.present(), reason=f"MegaMek's files are not at {corpus.CORPUS}")

HAMMER = "2021/megamek/data/mechfiles/mechs/3055U/Hammer HMR-3S.mtf"
DRAGONFLY = "2021/megamek/data/mechfiles/mechs/3050U/Dragonfly (Viper) E.mtf"
GRASSHOPPER = "current/megamek/data/mekfiles/meks/3050U/Grasshopper GHR-5J.mtf"
KARHU = "2021/megamek/data/mechfiles/mechs/3085u/Cutting Edge/Karhu D.mtf"
ATLAS_S2 = "2021/megamek/data/mechfiles/mechs/3050U/Atlas AS7-S2.mtf"
LOCUST = "current/megamek/data/mekfiles/meks/3085u/Phoenix/Locust LCT-5W.mtf"
HITMAN = "2021/megamek/data/mechfiles/mechs/3055U/Hitman HM-1.mtf"


def real(path: str, uid: str, at: str, facing: str = "N", side: str = "red", **keys) -> dict:
    """The [[units]] entry of a corpus file's unit, its design read leniently (what btcli does not play left out)."""
    from btcli.megamek.convert import Source, import_file

    found = import_file(str(corpus.CORPUS / path), Source(str(corpus.CORPUS), True))[2]
    return {**found, "id": uid, "side": side, "position": at, "facing": facing, "gunnery": 4, **keys}


def target(uid: str = "b", at: str = "0602", **keys) -> dict:
    return design(ATLAS, uid, at=at, facing="S", side="blue", **keys)


def fire(tmp_path, state, attacker: str, aim: str, weapon: str, dice: list[int], name: str = "game.toml"):
    """Fires one weapon with forced dice; returns the attack's JSON entry and the game file."""
    game = game_from_state(tmp_path / name, state)
    entry = json.loads(ok("attack", game, attacker, aim, "--weapon", weapon, "--dice", ",".join(map(str, dice)),
                          "--json").out)
    return entry, game


def kinds_of(entry: dict) -> list[str]:
    return [e["kind"] for e in entry["events"]]


def event(entry: dict, kind: str) -> dict:
    return next(e for e in entry["events"] if e["kind"] == kind)


def strikes(entry: dict) -> list[int]:
    return [e["amount"] for e in entry["events"] if e["kind"] == "GroupStrikes"]


def report_unit(game, uid: str) -> dict:
    return next(u for u in json.loads(ok("report", game, "--format", "json").out)["units"] if u["id"] == uid)


# -- Artemis IV -----------------------------------------------------------------------------------------------


@needs_corpus
def test_an_artemis_lrm_adds_two_to_its_cluster_roll(tmp_path):  # EQ-ART-01
    state = weapon_game(real(HAMMER, "a", "0610"), target())
    # to-hit 12; cluster roll 7 + 2 = 9: 4 of the LRM-5's missiles (3 at 7), one 5-point group; location 7
    entry, game = fire(tmp_path, state, "a", "b", "LRM-5@LT", [12, 7, 7])
    assert event(entry, "ClusterModified")["modifiers"] == [["Artemis IV", 2]]
    assert strikes(entry) == [4]
    roll = next(r for r in entry["rolls"] if r["purpose"].startswith("cluster hits"))
    assert roll["total"] == 7 and roll["modifiers"] == ["Artemis IV +2"]
    dry = ok("attack", game, "a", "b", "--weapon", "LRM-5@RT", "--dry-run").out
    assert "(artemis rounds)" in dry and "cluster: Artemis IV" in dry and "+2" in dry
    assert report_unit(game, "a")["ammo"][0] == "LRM-5 Artemis@LT: 23"
    assert "Artemis IV FCS on LRM-5@LT" in report_unit(game, "a")["electronics"]


@needs_corpus
def test_artemis_needs_its_fcs_and_artemis_capable_rounds(tmp_path):  # EQ-ART-01
    hammer = real(HAMMER, "a", "0610")
    fcs = hammer["slots"]["LT"].index("equipment:Artemis IV FCS")
    state = weapon_game(hammer, target())
    hit = state.units["a"].with_slot_hit("LT", fcs)  # the left torso's FCS destroyed
    entry, game = fire(tmp_path, state.with_unit(hit), "a", "b", "LRM-5@LT", [12, 7, 7])
    assert "ClusterModified" not in kinds_of(entry) and strikes(entry) == [3]
    assert "Artemis IV FCS on LRM-5@LT (destroyed)" in report_unit(game, "a")["electronics"]
    standard = dict(hammer, ammo=[dict(b, kind="standard") for b in hammer["ammo"]])  # plain LRM rounds
    entry, _ = fire(tmp_path, weapon_game(standard, target()), "a", "b", "LRM-5@LT", [12, 7, 7], "g2.toml")
    assert "ClusterModified" not in kinds_of(entry) and strikes(entry) == [3]


def test_streaks_mrms_and_atms_take_no_artemis(tmp_path):  # EQ-ART-01
    from btcli import catalog

    for name in ("Streak SRM-4", "MRM-10", "Clan ATM 6"):
        assert fire_control.mode_problem(name, catalog.weapon(name), "artemis")
    assert not fire_control.mode_problem("Clan LRM-20", catalog.weapon("Clan LRM-20"), "artemis")
    a = gunner("a", "0610", "Streak SRM-4", ammo=[{"weapon": "Streak SRM-4", "location": "LT", "shots": 10,
                                                   "kind": "artemis"}])
    with pytest.raises(Exception, match="Artemis IV-capable missiles are for LRMs and SRMs"):
        weapon_game(a, target())


# -- ECM ------------------------------------------------------------------------------------------------------


@needs_corpus
def test_an_enemy_ecm_on_the_line_of_fire_cancels_artemis(tmp_path):  # EQ-ECM-01, EQ-ART-01
    state = weapon_game(real(HAMMER, "a", "0610"), real(ATLAS_S2, "b", "0602", "S", "blue"))
    entry, game = fire(tmp_path, state, "a", "b", "LRM-5@LT", [12, 7, 7])  # 3 missiles: no bonus
    lost = event(entry, "ClusterBonusLost")
    assert (lost["bonus"], lost["why"]) == ("Artemis IV", "b's ECM") and "ClusterModified" not in kinds_of(entry)
    assert strikes(entry) == [3]
    assert "cluster: no Artemis IV bonus (b's ECM)" in ok("attack", game, "a", "b", "--weapon", "LRM-5@RT",
                                                           "--dry-run").out
    assert "ECM suite@LT" in report_unit(game, "b")["electronics"]


def test_ecm_reaches_six_hexes_from_any_hex_of_the_line(tmp_path):  # EQ-ECM-01
    from btcli.model.hexgrid import HexId

    state = weapon_game(gunner("a", "0610", "LRM-5"), target(at="0602"),
                        gunner("e", "0106", "Medium Laser", side="blue", ecm="RT"))
    line = fire_control.line_of_fire(HexId.parse("0610"), HexId.parse("0602"))
    assert HexId.parse("0610") in line and HexId.parse("0602") in line
    assert min(h.distance(HexId.parse("0106")) for h in line) == 5
    assert fire_control.ecm_affects(state, "red", line) == "e"
    assert fire_control.ecm_affects(state, "blue", line) == ""  # a side's own ECM does not hinder it
    far = weapon_game(gunner("a", "0610", "LRM-5"), target(at="0602"),
                      gunner("e", "1206", "Medium Laser", side="blue", ecm="RT"), width=14)
    assert min(h.distance(HexId.parse("1206")) for h in line) == 6 and fire_control.ecm_affects(far, "red", line)
    farther = weapon_game(gunner("a", "0610", "LRM-5"), target(at="0602"),
                          gunner("e", "1306", "Medium Laser", side="blue", ecm="RT"), width=14)
    assert min(h.distance(HexId.parse("1306")) for h in line) == 7 and not fire_control.ecm_affects(farther, "red", line)
    off = state.with_unit(state.units["e"].with_mech(shutdown=True))
    assert not fire_control.ecm_affects(off, "red", line)  # Entity.hasActiveECM: not while shut down
    slots = dict(state.units["e"].mech.slots)
    slots["RT"] = ("equipment:Guardian ECM Suite", "equipment:Guardian ECM Suite") + tuple(slots["RT"][2:])
    broken = state.with_unit(state.units["e"].with_mech(slots=slots).with_slot_hit("RT", 1))
    assert not fire_control.ecm_affects(broken, "red", line)  # a critical hit destroys the suite


# -- ATMs -----------------------------------------------------------------------------------------------------


@needs_corpus
@pytest.mark.parametrize("rounds, to_hit, dice, groups", [
    ("", 4 + 4, [12, 7, 7, 7], [5, 5]),  # standard at 12 hexes: long (+4); 7 + 2 = 9: 5 missiles x 2
    ("er", 4 + 2, [12, 7, 7], [5]),  # ER: medium (+2); 9: 5 missiles x 1
])
def test_atm_rounds_have_their_own_brackets_damage_and_bonus(tmp_path, rounds, to_hit, dice, groups):
    # EQ-ATM-01, EQ-ATM-02, EQ-ATM-03
    state = weapon_game(real(DRAGONFLY, "a", "0614", side="red"), target(at="0602"), width=12, height=16)
    weapon = "Clan ATM 6" + (f":{rounds}" if rounds else "")
    entry, game = fire(tmp_path, state, "a", "b", weapon, dice)
    assert event(entry, "WeaponHit")["to_hit"] == to_hit
    assert event(entry, "ClusterModified")["modifiers"] == [["ATM", 2]]
    assert strikes(entry) == groups
    shown = {"": "Clan ATM 6@LA: 9", "er": "Clan ATM 6 ER@LA: 9"}[rounds]
    assert shown in report_unit(game, "a")["ammo"]


@needs_corpus
def test_atm_he_rounds_reach_nine_hexes_hit_for_three_and_get_no_bonus(tmp_path):  # EQ-ATM-01, -02, -03
    far = weapon_game(real(DRAGONFLY, "a", "0614"), target(at="0602"), width=12, height=16)
    game = game_from_state(tmp_path / "far.toml", far)
    refused = run("attack", game, "a", "b", "--weapon", "Clan ATM 6:he")
    assert refused.code != 0 and "beyond Clan ATM 6's long range 9" in refused.err
    near = weapon_game(real(DRAGONFLY, "a", "0605"), target(at="0602"))  # 3 hexes: no minimum range for HE
    entry, game = fire(tmp_path, near, "a", "b", "Clan ATM 6:he", [12, 7, 7, 7, 7])
    assert event(entry, "WeaponHit")["to_hit"] == 4 and "ClusterModified" not in kinds_of(entry)
    assert strikes(entry) == [5, 5, 2]  # 7: 4 missiles x 3 in 5-point groups
    fresh = game_from_state(tmp_path / "fresh.toml", near)
    standard = run("attack", fresh, "a", "b", "--weapon", "Clan ATM 6", "--dry-run").out
    assert "minimum range 4" in standard and "+2" in standard and "cluster: ATM" in standard


@needs_corpus
def test_ecm_cancels_the_atm_bonus(tmp_path):  # EQ-ATM-02, EQ-ECM-01
    state = weapon_game(real(DRAGONFLY, "a", "0610"), real(ATLAS_S2, "b", "0604", "S", "blue"))
    entry, _ = fire(tmp_path, state, "a", "b", "Clan ATM 6:er", [12, 7, 7])
    assert event(entry, "ClusterBonusLost")["bonus"] == "ATM" and strikes(entry) == [4]  # 7: 4 missiles x 1


# -- AMS ------------------------------------------------------------------------------------------------------


@needs_corpus
def test_an_ams_takes_four_from_the_cluster_roll_once_a_turn_for_a_round_and_its_heat(tmp_path):  # EQ-AMS-01
    state = weapon_game(real(HAMMER, "a", "0610"), real(GRASSHOPPER, "b", "0602", "S", "blue"))
    entry, game = fire(tmp_path, state, "a", "b", "LRM-5@LT", [12, 7, 7])  # 7 + 2 - 4 = 5: 3 missiles
    ams = event(entry, "AmsFires")
    assert (ams["unit"], ams["weapon"], ams["attacker"]) == ("b", "Anti-Missile System@RT", "a")
    assert event(entry, "ClusterModified")["modifiers"] == [["Artemis IV", 2], ["anti-missile system", -4]]
    assert strikes(entry) == [3]
    second = json.loads(ok("attack", game, "a", "b", "--weapon", "LRM-5@RT", "--dice", "12,7,7", "--json").out)
    assert "AmsFires" not in kinds_of(second) and strikes(second) == [4]  # once a turn
    assert report_unit(game, "b")["ammo"][0] == "Anti-Missile System@LT: 11"
    assert "hashes match" in ok("verify", game).out
    cold = weapon_game(real(HAMMER, "a", "0610"), real(GRASSHOPPER, "b", "0602", "S", "blue", heat_sinks=0))
    _, game = fire(tmp_path, cold, "a", "b", "LRM-5@LT", [12, 7, 7], "cold.toml")
    for _ in range(3):  # the weapon, physical and heat phases
        ok("resolve-phase", game)
    assert report_unit(game, "b")["heat"] == 1  # its AMS's heat, with no heat sink to shed it


@needs_corpus
def test_an_ams_fires_only_at_an_attacker_in_its_arc_and_never_by_order(tmp_path):  # EQ-AMS-01
    behind = weapon_game(real(HAMMER, "a", "0610"), real(GRASSHOPPER, "b", "0606", "N", "blue"))
    entry, game = fire(tmp_path, behind, "a", "b", "LRM-5@LT", [12, 7, 7])  # a torso AMS fires forward
    assert "AmsFires" not in kinds_of(entry)
    refused = run("attack", game, "b", "a", "--weapon", "Anti-Missile System")
    assert refused.code != 0 and "fires by itself" in refused.err and "EQ-AMS-01" in refused.err


@needs_corpus
def test_an_ams_against_a_streak_makes_its_roll_eleven_less_four(tmp_path):  # EQ-AMS-01
    state = weapon_game(real(KARHU, "a", "0610"), real(GRASSHOPPER, "b", "0606", "S", "blue"))
    entry, _ = fire(tmp_path, state, "a", "b", "Clan Streak SRM-6", [12, 7, 7, 7, 7])  # 11 - 4 = 7: 4 missiles
    assert "AmsFires" in kinds_of(entry) and strikes(entry) == [2, 2, 2, 2]
    assert not any(r["purpose"].startswith("cluster hits") for r in entry["rolls"])  # no cluster die


def test_an_ams_stops_a_narc_pod_on_a_d6_of_three_or_less(tmp_path):  # EQ-AMS-02, EQ-NARC-01
    narc = gunner("a", "0610", "Narc", ammo=[{"weapon": "Narc", "location": "LT", "shots": 6}])
    ams = gunner("b", "0605", "Anti-Missile System", facing="S", side="blue",
                 ammo=[{"weapon": "Anti-Missile System", "location": "LT", "shots": 12}])
    entry, _ = fire(tmp_path, weapon_game(narc, ams), "a", "b", "Narc", [12, 3])
    stopped = event(entry, "PodStopped")
    assert (stopped["roll"], stopped["stopped"]) == (3, True) and "PodAttached" not in kinds_of(entry)
    entry, game = fire(tmp_path, weapon_game(narc, ams), "a", "b", "Narc", [12, 4], "g2.toml")
    assert event(entry, "PodStopped")["stopped"] is False and event(entry, "PodAttached")["side"] == "red"


# -- Narc -----------------------------------------------------------------------------------------------------


def test_a_narc_pod_attaches_for_the_game_and_guides_narc_capable_missiles(tmp_path):  # EQ-NARC-01, EQ-NARC-02
    narc = gunner("a", "0610", "Narc", ammo=[{"weapon": "Narc", "location": "LT", "shots": 6}], heat_sinks=0)
    srm = gunner("c", "0810", "SRM-6", ammo=[{"weapon": "SRM-6", "location": "LT", "shots": 15, "kind": "narc"}])
    state = weapon_game(narc, srm, target(at="0605"))
    entry, game = fire(tmp_path, state, "a", "b", "Narc", [12])
    assert kinds_of(entry) == ["WeaponHit", "PodAttached"] and event(entry, "WeaponHit")["damage"] == 0
    assert report_unit(game, "b")["electronics"] == ["Narc pod of red"]
    assert "Narc pod (red)" in report_unit(game, "b")["status"]
    # SRM-6, Narc-capable rounds at the pod's target: 7 + 2 = 9: 5 missiles
    second = json.loads(ok("attack", game, "c", "b", "--weapon", "SRM-6", "--dice", "12,7,7,7,7,7,7",
                           "--json").out)
    assert event(second, "ClusterModified")["modifiers"] == [["Narc pod", 2]] and strikes(second) == [2] * 5
    for _ in range(3):
        ok("resolve-phase", game)
    assert report_unit(game, "a")["heat"] == 0  # a Narc launcher makes no heat
    assert report_unit(game, "b")["electronics"] == ["Narc pod of red"]  # for the rest of the game


def test_ecm_over_the_pods_hex_cancels_the_narc_bonus_and_only_there(tmp_path):  # EQ-NARC-02, EQ-ECM-01
    srm = gunner("c", "0610", "SRM-6", ammo=[{"weapon": "SRM-6", "location": "LT", "shots": 15, "kind": "narc"}])
    guard = gunner("e", "0612", "Medium Laser", side="blue", ecm="RT")  # 2 from the attacker, 7 from the target

    def podded(*units):
        state = weapon_game(srm, target(at="0605"), *units)
        return state.with_unit(evolve(state.units["b"], narc_pods=("red",)))

    entry, _ = fire(tmp_path, podded(guard), "c", "b", "SRM-6", [12, 7, 7, 7, 7, 7, 7])
    assert event(entry, "ClusterModified")["modifiers"] == [["Narc pod", 2]]  # MegaMek: the target's hex only
    near = dict(guard, position="0305")  # 3 from the target
    entry, _ = fire(tmp_path, podded(near), "c", "b", "SRM-6", [12, 7, 7, 7, 7, 7], "g2.toml")
    assert event(entry, "ClusterBonusLost")["bonus"] == "Narc pod" and strikes(entry) == [2] * 4


# -- TAG ------------------------------------------------------------------------------------------------------


@needs_corpus
def test_a_tag_hit_tags_the_target_for_the_turn_and_does_no_damage(tmp_path):  # EQ-TAG-01
    state = weapon_game(real(LOCUST, "a", "0610"), target(at="0605"))
    entry, game = fire(tmp_path, state, "a", "b", "TAG", [12])
    assert kinds_of(entry) == ["WeaponHit", "TargetTagged"] and event(entry, "TargetTagged")["turn"] == 1
    assert report_unit(game, "b")["electronics"] == ["tagged (turn 1)"] and report_unit(game, "b")["status"] == "tagged"
    assert report_unit(game, "b")["armor"] == state.units["b"].armor


# -- active probes ---------------------------------------------------------------------------------------------


@needs_corpus
def test_active_probes_import_and_show_and_change_no_attack(tmp_path):  # EQ-PROBE-01
    hitman = real(HITMAN, "a", "0610")
    assert (hitman["probe"], hitman["ecm"]) == ("RT", "LT")
    state = weapon_game(hitman, target(at="0605"))
    game = game_from_state(tmp_path / "game.toml", state)
    assert report_unit(game, "a")["electronics"][-2:] == ["ECM suite@LT", "active probe@RT"]
    with_probe = ok("attack", game, "a", "b", "--weapon", "Medium Laser", "--dry-run").out
    bare = game_from_state(tmp_path / "bare.toml", weapon_game(dict(hitman, probe=""), target(at="0605")))
    assert ok("attack", bare, "a", "b", "--weapon", "Medium Laser", "--dry-run").out == with_probe


# -- import and check -----------------------------------------------------------------------------------------


@needs_corpus
def test_the_importer_links_each_fcs_and_reads_the_rounds_and_electronics():  # EQ-ART-01, EQ-ATM-01, EQ-ECM-01
    hammer = real(HAMMER, "a", "0610")
    assert [w.get("artemis", False) for w in hammer["weapons"]] == [True, True, False]  # LRM-5 LT, LRM-5 RT, ML
    assert {b["kind"] for b in hammer["ammo"]} == {"artemis"}  # IS Ammo LRM-5 Artemis-capable
    assert [b.get("kind", "standard") for b in real(DRAGONFLY, "a", "0610")["ammo"]] == ["standard", "he", "er"]
    atlas = real(ATLAS_S2, "a", "0610")
    assert atlas["ecm"] == "LT" and [w["name"] for w in atlas["weapons"] if w.get("artemis")] == ["LRM-15"]
    karhu = real(KARHU, "a", "0610")
    assert (karhu["ecm"], karhu["probe"]) == ("RT", "RT")
    assert [w["name"] for w in karhu["weapons"]].count("Clan Anti-Missile System") == 2


@needs_corpus
def test_the_grasshopper_with_its_ams_imports_exactly(tmp_path):  # EQ-AMS-01
    from btcli.megamek.convert import Source, import_file

    source = Source(str(corpus.CORPUS), False)
    design_ = import_file(str(corpus.CORPUS / GRASSHOPPER), source)[2]
    assert not source.left_out and {"name": "Anti-Missile System", "location": "RT"} in design_["weapons"]


@pytest.mark.parametrize("change, said", [
    ({"weapons": [{"name": "Medium Laser", "location": "RT", "artemis": True}]}, "guides an LRM or SRM launcher"),
    ({"weapons": [{"name": "Streak SRM-4", "location": "RT", "artemis": True}]}, "guides an LRM or SRM launcher"),
    ({"ecm": "XX"}, "ecm is the location of its ECM suite"),
    ({"probe": "CTR"}, "probe is the location of its active probe"),
    ({"ammo": [{"weapon": "LRM-10", "location": "LT", "shots": 10, "kind": "er"}],
      "weapons": [{"name": "LRM-10", "location": "RT"}]}, "ER and HE rounds are for ATMs"),
])
def test_check_refuses_impossible_fire_control(tmp_path, change, said):  # EQ-ART-01, EQ-ECM-01, EQ-ATM-01
    import re

    import tomli_w

    from tests.builders import scenario

    unit = {**gunner("a", "0610", "LRM-10"), **change}
    path = tmp_path / "scenario.toml"
    path.write_text(tomli_w.dumps(scenario(unit, target())), encoding="utf-8")
    result = run("check", path)
    assert result.code != 0 and re.search(said, result.err), result.err


def test_atm_rounds_explode_for_their_own_damage():  # EQ-ATM-01
    from btcli import catalog
    from btcli.rules.core.weapon_modes import shot_damage

    atm = catalog.weapon("Clan ATM 6")
    assert [shot_damage(atm, kind) for kind in ("standard", "er", "he")] == [12, 6, 18]  # AmmoType: 2, 1, 3 a missile


def test_a_pod_a_tag_and_an_ams_fire_only_at_units(tmp_path):  # EQ-NARC-01, EQ-TAG-01, EQ-AMS-01
    from tests.builders import building

    state = weapon_game(gunner("a", "0610", "TAG"), target(at="0602"), hexes={"0607": building()})
    game = game_from_state(tmp_path / "game.toml", state)
    refused = run("attack", game, "a", "0607", "--weapon", "TAG")
    assert refused.code != 0 and "fires only at units" in refused.err
