"""Battlefield Support assets end to end through the CLI (seed 004, issue #12): the deployment phase,
assets moving first in alternating halves, an asset's one attack (and its dry run), a 'Mech's attack on
an asset, the End Phase destruction check and its wear, artillery, and victory. Every refusal is one
``Error:`` line naming its rule, a non-zero exit, and the game file unchanged byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import assert_refused as refused
from tests.cli.helpers import init_game, ok, run

ILLEGAL, BAD_FILE = 3, 4

HEAD = """
[scenario]
name = "asset drill"
seed = 12
turn_limit = 3
{victory}

[map]
width = 12
height = 12
terrain = "clear"
level = 0

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"
"""

# Nothing on the map: blue has four assets (the gun emplacement counts for deployment, AMB-48) and a 'Mech,
# red two assets and a 'Mech.
DEPLOYING = HEAD.format(victory="") + """
[deployment]
order = ["blue", "red"]

[deployment.zones]
blue = ["0101-1203"]
red = ["0110-1212"]

[[units]]
id = "tank-a"
side = "blue"
card = "S-1 Light tracked tank"

[[units]]
id = "tank-b"
side = "blue"
card = "S-1 Light tracked tank"

[[units]]
id = "tank-c"
side = "blue"
card = "S-1 Light tracked tank"

[[units]]
id = "gun"
side = "blue"
card = "Heavy Emplacement"

[[units]]
id = "hunch"
side = "blue"
design = "Hunchback HBK-4G"

[[units]]
id = "rifles"
side = "red"
card = "Foot Platoon (Rifle)"

[[units]]
id = "vtol"
side = "red"
card = "S-2 Scout VTOL"

[[units]]
id = "locust"
side = "red"
design = "Locust LCT-1V"
"""

# Everyone on the map: a tank asset facing north with a Locust 3 hexes behind it, a rifle platoon in
# front of a Hunchback and a landed scout VTOL (its card is AI), the Long Tom far back.
FIRING = HEAD.format(victory="destroy_share = 0.5") + """
[[units]]
id = "tank"
side = "blue"
card = "S-1 Light tracked tank"
position = "0505"
facing = "N"

[[units]]
id = "longtom"
side = "blue"
card = "Mobile Long Tom Artillery LT-MOB-25"
position = "0203"
facing = "S"

[[units]]
id = "hunch"
side = "blue"
design = "Hunchback HBK-4G"
position = "0605"
facing = "S"

[[units]]
id = "scout"
side = "blue"
card = "S-2 Scout VTOL"
position = "0406"
facing = "S"

[[units]]
id = "rifles"
side = "red"
card = "Foot Platoon (Rifle)"
position = "0508"

[[units]]
id = "locust"
side = "red"
design = "Locust LCT-1V"
position = "0608"
facing = "N"
"""


def field(path: Path, name: str) -> str:
    return ok("report", path, "--field", name).out.strip()


def unit_json(path: Path, uid: str) -> dict:
    report = json.loads(ok("report", path, "--format", "json").out)
    return next(u for u in report["units"] if u["id"] == uid)


def deployed(tmp_path: Path) -> Path:
    """Returns a DEPLOYING game with every unit deployed, in the initiative phase of turn 1."""
    path = init_game(tmp_path, DEPLOYING)
    for args in (("gun", "--hex", "0604", "--facing", "S"), ("tank-b", "--hex", "0703"), ("rifles", "--hex", "0611"),
                 ("tank-c", "--hex", "0503"), ("tank-a", "--hex", "0603"), ("vtol", "--hex", "0610"),
                 ("hunch", "--hex", "0602"), ("locust", "--hex", "0711")):
        ok("deploy", path, *args, "-q")
    ok("resolve-phase", path, "-q")
    return path


def in_weapon_phase(tmp_path: Path, scenario: str = FIRING) -> Path:
    """Returns a game in turn 1's weapon phase, blue having lost the initiative and every unit stood still."""
    path = init_game(tmp_path, scenario)
    ok("resolve-phase", path, "--dice", "3,9", "-q")
    for uid in field(path, "move_queue").split():
        ok("move", path, uid, "--mode", "stand", "-q")
    ok("resolve-phase", path, "-q")
    assert field(path, "phase") == "weapon"
    return path


# -- deployment (ASSET-DEP) -----------------------------------------------------------------------


def test_a_scenario_with_undeployed_units_opens_in_the_deployment_phase(tmp_path):  # ASSET-DEP-01
    path = init_game(tmp_path, DEPLOYING)
    assert (field(path, "phase"), field(path, "turn"), field(path, "next_to_move")) == ("deployment", "0", "blue")
    # assets are listed first: they deploy before any other unit
    assert json.loads(field(path, "unmoved")) == {"blue": ["tank-a", "tank-b", "tank-c", "gun", "hunch"],
                                                  "red": ["rifles", "vtol", "locust"]}


def test_assets_deploy_in_alternating_halves_then_the_other_units(tmp_path):  # ASSET-DEP-01, ASSET-DEP-02, AMB-48
    path = init_game(tmp_path, DEPLOYING)
    sides = []
    for args in (("gun", "--hex", "0604"), ("tank-b", "--hex", "0703"), ("rifles", "--hex", "0611"),
                 ("tank-c", "--hex", "0503"), ("tank-a", "--hex", "0603"), ("vtol", "--hex", "0610"),
                 ("hunch", "--hex", "0602"), ("locust", "--hex", "0711")):
        sides.append(field(path, "next_to_move"))
        ok("deploy", path, *args, "-q")
    # blue 4 assets (the emplacement counts here) -> 2 + 2; red 2 -> 1 + 1; then blue's 'Mech, red's 'Mech
    assert sides == ["blue", "blue", "red", "blue", "blue", "red", "blue", "red"]
    out = ok("resolve-phase", path).out
    assert out == "every unit is deployed\ndeployment phase ends; initiative phase of turn 1 begins\n"
    assert (field(path, "phase"), field(path, "turn")) == ("initiative", "1")


def test_a_side_may_deploy_its_smaller_half_first(tmp_path):  # ASSET-DEP-02, AMB-64
    path = init_game(tmp_path, DEPLOYING)
    err = refused(path, ILLEGAL, "deploy", path, "tank-a", "--hex", "0603", "--batch", "1")
    assert err == "Error: a side with 4 assets acts in halves: its first batch is 2, not 1 (ASSET-DEP-02)\n"
    three = DEPLOYING.replace('[[units]]\nid = "tank-c"\nside = "blue"\ncard = "S-1 Light tracked tank"\n', "")
    path = init_game(tmp_path, three, name="three.toml")
    out = ok("deploy", path, "tank-a", "--hex", "0603", "--batch", "1").out
    assert out.startswith("blue deploys its assets in halves, 1 first (AMB-64)\ntank-a deploys in 0603")
    sides = [field(path, "next_to_move")]
    for args in (("rifles", "--hex", "0611"), ("tank-b", "--hex", "0703"), ("gun", "--hex", "0604")):
        ok("deploy", path, *args, "-q")
        sides.append(field(path, "next_to_move"))
    assert sides == ["red", "blue", "blue", "red"]  # blue 1, red 1, blue 2, red 1


def test_deployment_refusals_name_their_rule_and_leave_the_file_unchanged(tmp_path):  # ASSET-DEP-01..03
    path = init_game(tmp_path, DEPLOYING)
    err = refused(path, ILLEGAL, "deploy", path, "hunch", "--hex", "0602")
    assert err == "Error: 'hunch' deploys after every asset: tank-a, tank-b, tank-c, gun, rifles, vtol first (ASSET-DEP-01)\n"
    err = refused(path, ILLEGAL, "deploy", path, "rifles", "--hex", "0611")
    assert err == ("Error: out of order: 'rifles' (red) cannot deploy now; side 'blue' deploys its next asset first "
                   "(ASSET-DEP-02)\n")
    err = refused(path, ILLEGAL, "deploy", path, "tank-a", "--hex", "0705")
    assert err == ("Error: cannot deploy 'tank-a': 'S-1 Light tracked tank' must deploy in its side's deployment zone, "
                   "not 0705 (ASSET-DEP-01)\n")
    # the gun emplacement may stand outside its zone, but 6 hexes or more from the enemy's (AMB-67)
    err = refused(path, ILLEGAL, "deploy", path, "gun", "--hex", "0605")
    assert err == ("Error: cannot deploy 'gun': gun emplacement 'Heavy Emplacement' at 0605 is 5 hexes from the enemy "
                   "deployment zone; it must be at least 6 (ASSET-DEP-03)\n")
    ok("deploy", path, "gun", "--hex", "0604", "-q")
    err = refused(path, ILLEGAL, "deploy", path, "tank-a", "--hex", "0603", "--batch", "1")
    assert err.endswith("--batch comes with that first asset only (ASSET-DEP-02)\n")
    refused(path, ILLEGAL, "deploy", path, "gun", "--hex", "0604", contains="(ASSET-DEP-01)")


def test_emplacement_distance_from_the_enemy_home_edge_without_a_zone(tmp_path):  # ASSET-DEP-04, AMB-67
    scenario = DEPLOYING.replace('red = ["0110-1212"]', "").replace(
        "[deployment.zones]", '[deployment.edges]\nred = "south"\n\n[deployment.zones]')
    path = init_game(tmp_path, scenario)
    err = refused(path, ILLEGAL, "deploy", path, "gun", "--hex", "0607")
    assert "is 6 hexes from the enemy's south edge; it must be at least 7 (ASSET-DEP-04)" in err
    ok("deploy", path, "gun", "--hex", "0606", "-q")


# -- movement order and moves (ASSET-INIT, ASSET-MOVE) -----------------------------------------------


def test_assets_move_first_in_alternating_halves_from_the_initiative_loser(tmp_path):  # ASSET-INIT-01..04
    path = deployed(tmp_path)
    ok("resolve-phase", path, "--dice", "3,9")  # blue 3, red 9: blue loses and moves first
    # blue's 3 mobile assets (the emplacement does not count, ASSET-INIT-04) -> 2 + 1, red's 2 -> 1 + 1
    assert field(path, "move_queue") == "tank-a tank-b rifles tank-c vtol hunch locust"
    err = refused(path, ILLEGAL, "move", path, "hunch", "--mode", "walk", "--path", "F")
    assert err == ("Error: out of order: 'hunch' moves after the assets (tank-a, tank-b, tank-c, rifles, vtol first) "
                   "(ASSET-INIT-01)\n")
    err = refused(path, ILLEGAL, "move", path, "rifles", "--mode", "stand")
    assert err == "Error: out of order: 'rifles' (red) cannot move now; side 'blue' moves its next asset first (ASSET-INIT-02)\n"
    ok("move", path, "tank-b", "--path", "F,F", "-q")
    ok("move", path, "tank-a", "--mode", "stand", "-q")
    refused(path, ILLEGAL, "move", path, "tank-c", "--mode", "stand", contains="(ASSET-INIT-02)")
    ok("move", path, "rifles", "--mode", "stand", "-q")
    ok("move", path, "tank-c", "--mode", "stand", "-q")


def test_an_asset_ordered_to_run_is_refused(tmp_path):  # ASSET-MOVE-02
    path = deployed(tmp_path)
    ok("resolve-phase", path, "--dice", "3,9", "-q")
    err = refused(path, ILLEGAL, "move", path, "tank-a", "--mode", "run", "--path", "F")
    assert err == ("Error: 'tank-a' is an asset: it has a fixed 4 MP and no movement mode (--mode run refused; use "
                   "--mode backward to declare a backward move, or --mode stand) (ASSET-MOVE-02)\n")


def test_an_asset_moves_with_its_card_mp(tmp_path):  # ASSET-MOVE-02, ASSET-MOVE-03
    path = deployed(tmp_path)
    ok("resolve-phase", path, "--dice", "3,9", "-q")
    out = ok("move", path, "tank-a", "--path", "F,R,F").out
    assert out == "tank-a moves 0603 -> 0702 facing NE: 3 of 4 MP, 2 hexes\n"
    refused(path, ILLEGAL, "move", path, "tank-b", "--path", "F,F,R,R,F", contains="(ASSET-MOVE-")


# -- attacks (ASSET-ATK) and damage (ASSET-DMG) ---------------------------------------------------


def test_an_asset_attacks_with_its_card_and_its_dry_run_rolls_nothing(tmp_path):  # ASSET-ATK-03, ASSET-ATK-05
    path = in_weapon_phase(tmp_path)
    before = path.read_bytes()
    out = ok("attack", path, "tank", "locust", "--dry-run").out
    assert out == ("tank 5 at 6/12/18 -> locust: to-hit 6, 72.2% to hit\n  skill                            6\n"
                   "  short range (4 hexes)            +0\n")
    assert path.read_bytes() == before
    out = ok("attack", path, "tank", "rifles", "--dice", "9").out
    assert out.splitlines()[:2] == [
        "tank (S-1 Light tracked tank) attacks rifles: needs 6, rolls 9: hit (front side), 5 damage in 1 group(s) "
        "(ASSET-ATK-04)", "  5 to rifles"]


def test_a_second_attack_by_an_asset_is_refused(tmp_path):  # ASSET-ATK-04
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "tank", "rifles", "--dice", "9", "-q")
    err = refused(path, ILLEGAL, "attack", path, "tank", "locust")
    assert err == "Error: asset 'tank' has made its one attack this turn (ASSET-ATK-04)\n"


def test_an_asset_hit_on_a_mech_rolls_a_location_per_damage_group(tmp_path):  # ASSET-ATK-04
    path = in_weapon_phase(tmp_path)
    out = ok("attack", path, "tank", "locust", "--dice", "8,7").out
    assert "hit (front side), 5 damage in 1 group(s) (ASSET-ATK-04)\n  5 to locust CT\n" in out


def test_a_mech_weapon_attack_on_an_asset_counts_against_its_threshold(tmp_path):  # ASSET-DMG-01, ASSET-DMG-02
    path = in_weapon_phase(tmp_path)
    out = ok("attack", path, "hunch", "rifles", "-w", "ML@LA", "--dice", "9").out
    assert out.startswith("hunch fires Medium Laser@LA at rifles: needs 4, rolls 9: hit (front side), 5 damage in "
                          "1 group(s)\n  5 to rifles asset\n")
    out = ok("resolve-phase", path).out
    assert ("  rifles takes 5 damage from hunch: 5 this turn\n"
            "  rifles has reached its threshold 1: destruction check in the End Phase\n") in out
    asset = unit_json(path, "rifles")["asset"]
    assert (asset["damage_this_turn"], asset["check_due"]) == (5, True)


def test_damage_from_the_rear_arc_is_doubled(tmp_path):  # ASSET-DMG-10
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "locust", "tank", "-w", "ML", "--dice", "10", "-q")
    out = ok("resolve-phase", path).out
    assert "  tank takes 10 damage from locust (doubled from the rear): 10 this turn\n" in out


def test_end_phase_check_wears_the_survivor_and_its_damage_is_forgotten(tmp_path):  # ASSET-DMG-03, -11, -12
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "locust", "tank", "-w", "ML", "--dice", "10", "-q")
    for _ in ("weapon", "physical", "heat"):
        ok("resolve-phase", path, "-q")
    out = ok("resolve-phase", path, "--dice", "6").out  # End Phase: 6 + 0 < check 7 (10 damage: +0)
    assert ("destruction check tank: locust rolls 6 (modified 6) against check TN 7\n"
            "tank survives: check TN 7 -> 6, wear -1 (ASSET-DMG-12)\n") in out
    asset = unit_json(path, "tank")["asset"]
    assert (asset["check"], asset["damage_this_turn"], asset["check_due"]) == (6, 0, False)


def test_anti_infantry_damage_wears_a_platoon_twice_and_a_destroyed_asset_wins_the_game(tmp_path):
    # ASSET-DMG-07 (the scout's card is AI); ASSET-DMG-03; ASSET-GEN-06 (destroying an
    # enemy asset counts toward the destroy objective, AMB-47)
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "hunch", "rifles", "-w", "ML@LA", "--dice", "9", "-q")
    for _ in ("weapon", "physical", "heat"):
        ok("resolve-phase", path, "-q")
    out = ok("resolve-phase", path, "--dice", "7").out
    assert "rifles survives: check TN 8 -> 7, wear -1 (ASSET-DMG-12)\n" in out
    ok("resolve-phase", path, "--dice", "3,9", "-q")  # turn 2
    for uid in field(path, "move_queue").split():
        ok("move", path, uid, "--mode", "stand", "-q")
    ok("resolve-phase", path, "-q")
    ok("attack", path, "scout", "rifles", "--dice", "8", "-q")  # the S-2 card is AI
    for _ in ("weapon", "physical", "heat"):
        ok("resolve-phase", path, "-q")
    out = ok("resolve-phase", path, "--dice", "5").out
    assert "rifles survives: check TN 7 -> 5, anti-infantry wear -2 (ASSET-DMG-07)\n" in out
    ok("resolve-phase", path, "--dice", "3,9", "-q")  # turn 3
    for uid in field(path, "move_queue").split():
        ok("move", path, uid, "--mode", "stand", "-q")
    ok("resolve-phase", path, "-q")
    ok("attack", path, "tank", "rifles", "--dice", "9", "-q")
    for _ in ("weapon", "physical", "heat"):
        ok("resolve-phase", path, "-q")
    out = ok("resolve-phase", path, "--dice", "5").out
    assert "rifles is destroyed: the check succeeded (ASSET-DMG-03)\n" in out
    assert "game over: blue wins (red lost 50% of its units)\n" in out
    assert field(path, "winner") == "blue"


def test_artillery_through_the_cli_strikes_the_target_hex_and_its_neighbours(tmp_path):  # ASSET-DMG-08 (UNVERIFIED TW)
    path = in_weapon_phase(tmp_path)
    dry = ok("attack", path, "longtom", "0508", "--dry-run").out
    assert dry.startswith("longtom Long Tom artillery -> 0508: to-hit 8, 41.7% to hit\n")
    out = ok("attack", path, "longtom", "rifles", "--dice", "9,7,7,7").out
    # Long Tom: 25 in the target hex, 15 one hex away, 5 two hexes away (UNVERIFIED TW reading)
    assert out.splitlines()[:4] == ["longtom's Long Tom strikes 0508 (9 vs 8)", "  the blast strikes scout in 0406 for 5",
                                    "  the blast strikes rifles in 0508 for 25", "  the blast strikes locust in 0608 for 15"]
    out = ok("resolve-phase", path).out
    assert "  rifles takes 50 damage from longtom (area effect doubled against infantry): 50 this turn\n" in out


def test_an_artillery_miss_scatters(tmp_path):  # UNVERIFIED TW artillery (btcli.rules.assets.artillery)
    path = in_weapon_phase(tmp_path)
    out = ok("attack", path, "longtom", "0908", "--dice", "4,1,2").out
    assert "the shell scatters 2 hexes N of 0908 to 0906\n" in out


# -- bad scenarios (tables.md 16.1) -----------------------------------------------------------------


def _scenario_refused(tmp_path: Path, text: str) -> str:
    """Runs ``init --force`` of ``text`` over an existing game file; returns the error, checking the file kept."""
    game = init_game(tmp_path, FIRING)
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    return refused(game, BAD_FILE, "init", tmp_path / "bad.toml", "-o", game, "--force")


def test_an_unknown_card_is_refused(tmp_path):  # tables.md 16.1
    err = _scenario_refused(tmp_path, FIRING.replace('card = "Foot Platoon (Rifle)"', 'card = "Foot Platoon (Laser)"'))
    assert err.startswith("Error: asset 'rifles': unknown asset card 'Foot Platoon (Laser)'")
    assert err.rstrip().endswith("(tables.md 16.1)")


def test_an_inline_card_with_a_missing_field_is_refused(tmp_path):  # tables.md 16.1
    inline = ('card = { name = "Home-made tank", kind = "vehicle", mp = 4, movement = "T", tmm = 1, skill = 6, '
              'damage = "5x1", range = [6, 12, 18], check = 7, cost = 10 }')
    err = _scenario_refused(tmp_path, FIRING.replace('card = "S-1 Light tracked tank"', inline))
    assert "threshold" in err and err.rstrip().endswith("(tables.md 16.1)")


def test_a_second_attack_and_every_refusal_leaves_the_log_unchanged(tmp_path):  # ASSET-ATK-04
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "tank", "rifles", "--dice", "9", "-q")
    revision = field(path, "revision")
    run("attack", path, "tank", "rifles")
    assert field(path, "revision") == revision


# -- reports (issue #12: card values, check TN, damage this turn, check due; SVG tokens) ----------------


def test_the_json_report_shows_an_assets_card_and_state(tmp_path):  # ASSET-DMG-02, ASSET-DMG-12, ASSET-GEN-03
    path = in_weapon_phase(tmp_path)
    ok("attack", path, "hunch", "rifles", "-w", "ML@LA", "--dice", "9", "-q")
    ok("resolve-phase", path, "-q")
    rifles, longtom, scout = (unit_json(path, uid) for uid in ("rifles", "longtom", "scout"))
    assert (rifles["kind"], rifles["mp"], rifles["armor"]) == ("asset", {"fixed": 1}, {})
    assert rifles["asset"] == {
        "card": "Foot Platoon (Rifle)", "sample": False, "asset_kind": "conventional_infantry", "movement_code": "F",
        "mp": 1, "tmm": 0, "skill": 6, "veteran": False, "range": "1/2/3", "damage": "5x2",
        "specials": ["Nimble", "Spotter", "Swarm"], "card_check": 8, "threshold": 1, "cost": 7, "check": 8,
        "damage_this_turn": 5, "check_due": True, "anti_infantry_note": False, "attacked": False, "footprint": []}
    assert (longtom["position"], longtom["asset"]["footprint"], longtom["asset"]["damage"]) == ("0203", ["0202"], None)
    assert scout["asset"]["sample"] is True
    text = ok("report", path).unwrapped
    assert ("rifles: asset card Foot Platoon (Rifle): 1 MP (F), TMM +0, skill 6, 5x2 at 1/2/3; check 8 (card 8), "
            "damage this turn 5/1, check due: yes; specials Nimble, Spotter, Swarm\n") in text
    assert "scout: asset card S-2 Scout VTOL [SAMPLE card]" in text
    assert "[SAMPLE card]" in ok("report", path, "--format", "markdown").out


def test_the_svg_map_draws_assets_as_square_tokens_with_their_footprint(tmp_path):  # ASSET-GEN-03, ASSET-GEN-04
    path = in_weapon_phase(tmp_path)
    ok("report", path, "--map", tmp_path / "map.svg")
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    assets = ("tank", "longtom", "scout", "rifles")
    assert svg.count('width="18" height="18"') == len(assets)  # one square token per asset, none for 'Mechs
    assert svg.count('stroke-dasharray="4 3"') == 1  # the Long Tom's second hex outlined
    assert svg.count('width="14" height="14"') == 1  # and its second element drawn there
    assert "<title>longtom: asset Mobile Long Tom Artillery LT-MOB-25, check 7; side blue; damage this turn 0; " in svg
    assert "<title>scout: asset S-2 Scout VTOL (SAMPLE card), check 7; " in svg  # each tooltip in its unit's <g>


# -- a MegaMek .bfs card file (tables.md 16.1) ---------------------------------------------------------

BFS = Path(__file__).parent.parent / "catalog" / "bfs"


def test_a_scenario_places_an_asset_from_a_bfs_card_file_beside_it(tmp_path):  # tables.md 16.1
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "maxim.bfs").write_bytes((BFS / "hover_transport.bfs").read_bytes())
    scenario = FIRING.replace('card = "S-1 Light tracked tank"', 'card_file = "cards/maxim.bfs"\nveteran = true')
    path = init_game(tmp_path, scenario)
    tank = unit_json(path, "tank")["asset"]
    assert (tank["card"], tank["mp"], tank["skill"], tank["veteran"], tank["cost"], tank["damage"]) == (
        "Maxim Heavy Hover Transport", 8, 5, True, 27, "5x4")


def test_a_broken_bfs_card_file_is_refused_with_the_field(tmp_path):  # tables.md 16.1
    (tmp_path / "bad.bfs").write_text("chassis: Broken\nmovement:\n  mp: fast\n", encoding="utf-8")
    err = _scenario_refused(tmp_path, FIRING.replace('card = "S-1 Light tracked tank"', 'card_file = "bad.bfs"'))
    assert err.startswith("Error: asset 'tank': asset card 'Broken': ") and "movement.mp" in err


def test_yaml_is_off_the_hot_path(tmp_path):  # issue #12: PyYAML only where a .bfs card is read
    import subprocess
    import sys

    (tmp_path / "maxim.bfs").write_bytes((BFS / "hover_transport.bfs").read_bytes())
    path = init_game(tmp_path, FIRING.replace('card = "S-1 Light tracked tank"', 'card_file = "maxim.bfs"'))
    code = ("import sys\nfrom btcli.cli import main\nfor args in (['report', sys.argv[1]], "
            "['resolve-phase', sys.argv[1], '-q']):\n    try:\n        main(args)\n    except SystemExit:\n        pass\n"
            "print('yaml' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "False"


def test_a_gun_emplacement_is_hit_at_minus_four_and_fires_only_into_its_front_arc(tmp_path):  # ASSET-ATK-06, -07
    path = in_weapon_phase(tmp_path, FIRING.replace('card = "S-1 Light tracked tank"', 'card = "Heavy Emplacement"'))
    out = ok("attack", path, "locust", "tank", "-w", "ML", "--dry-run").out
    assert out == ("locust Medium Laser@CT -> tank: to-hit 2, 100.0% to hit, 5 damage, 3 heat\n  gunnery                          4\n"
                   "  medium range (4 hexes)           +2\n  target immobile (gun emplacement) -4\n")
    err = refused(path, ILLEGAL, "attack", path, "tank", "locust", "--dry-run")
    assert err == "Error: tank cannot attack 'locust': 0608 is outside the front arc of 'Heavy Emplacement' (ASSET-ATK-06)\n"


# -- more of the seams: physical attacks on assets, choosing the movement halves ----------------------

KICKED = HEAD.format(victory="") + """
[[units]]
id = "tank"
side = "blue"
card = "S-1 Light tracked tank"
position = "0505"
facing = "N"

[[units]]
id = "locust"
side = "red"
design = "Locust LCT-1V"
position = "0506"
facing = "N"
"""


def test_a_kick_on_an_asset_from_behind_counts_double_against_its_threshold(tmp_path):  # ASSET-DMG-01, -10
    path = in_weapon_phase(tmp_path, KICKED)
    ok("resolve-phase", path, "-q")  # weapon -> physical
    ok("attack", path, "locust", "tank", "--physical", "kick", "-q")
    out = ok("resolve-phase", path, "--dice", "12").out
    asset = unit_json(path, "tank")["asset"]
    assert "tank takes 8 damage from locust (doubled from the rear): 8 this turn" in out  # 20 t: kick 4, x2
    assert (asset["damage_this_turn"], asset["check_due"]) == (8, True)


def test_a_side_chooses_its_smaller_movement_half_first_with_its_first_asset(tmp_path):  # ASSET-INIT-03, AMB-64
    path = deployed(tmp_path)
    ok("resolve-phase", path, "--dice", "3,9", "-q")  # blue loses the initiative
    assert field(path, "move_queue") == "tank-a tank-b rifles tank-c vtol hunch locust"
    out = ok("move", path, "tank-a", "--mode", "stand", "--batch", "1").out
    assert "blue moves its assets in halves, 1 first (AMB-64)" in out
    assert field(path, "move_queue") == "rifles tank-b tank-c vtol hunch locust"
    refused(path, ILLEGAL, "move", path, "tank-b", "--mode", "stand", contains="(ASSET-INIT-02)")
    ok("move", path, "rifles", "--mode", "stand", "-q")
    err = refused(path, ILLEGAL, "move", path, "tank-b", "--mode", "stand", "--batch", "2")
    assert err == ("Error: side 'blue' chose its batches with its first asset this phase; --batch comes with that "
                   "first asset only (ASSET-INIT-03)\n")


def test_a_gun_emplacement_takes_no_part_in_the_movement_phase(tmp_path):  # ASSET-INIT-04, ASSET-MOVE-04
    path = deployed(tmp_path)
    ok("resolve-phase", path, "--dice", "3,9", "-q")
    err = refused(path, ILLEGAL, "move", path, "gun", "--mode", "stand")
    assert err == ("Error: 'gun' is a gun emplacement: immobile, it takes no part in the movement phase "
                   "(ASSET-INIT-04) (ASSET-MOVE-04)\n")
    assert field(path, "move_queue") == "tank-a tank-b rifles tank-c vtol hunch locust"


def test_artillery_fires_only_into_its_front_arc_and_never_at_its_own_side(tmp_path):  # ASSET-ATK-06, TW p.99
    path = in_weapon_phase(tmp_path)  # the Long Tom (No Turret) in 0203 facing S
    err = refused(path, ILLEGAL, "attack", path, "longtom", "0201")
    assert err == "Error: 0201 is not in 'longtom''s firing arc: No Turret, the front arc only (ASSET-ATK-06)\n"
    refused(path, ILLEGAL, "attack", path, "longtom", "hunch", contains="of its own side")
    refused(path, ILLEGAL, "attack", path, "longtom", "0203", contains="its own hex 0203")
    assert ok("attack", path, "longtom", "rifles", "--dry-run").out.startswith("longtom Long Tom artillery -> 0508")


def test_units_still_to_deploy_are_not_losses(tmp_path):  # ASSET-DEP-01; docs/json-output.md "losses"
    path = init_game(tmp_path, DEPLOYING)
    sides = json.loads(ok("report", path, "--format", "json").out)["sides"]
    assert {sid: (s["losses"], s["units"]) for sid, s in sides.items()} == {"blue": (0, 5), "red": (0, 3)}
