"""``btcli options GAME UNIT`` (issue #15): a unit's reachable hexes by mode and the enemies each weapon
can fire at, from the orders' own checks, as text or one JSON object for bots."""

from __future__ import annotations

import json

from tests.cli.helpers import init_game, ok
from tests.cli.test_previews import ATTACK


def test_options_list_the_reachable_hexes_and_the_shots_a_unit_has(tmp_path):  # tables.md 6, 11
    game = init_game(tmp_path, ATTACK)
    ok("resolve-phase", game, "--dice", "12,2", "-q")
    found = json.loads(ok("options", game, "hunchback", "--json").out)
    assert found["unit"] == "hunchback" and set(found["moves"]) == {"walk", "run"}
    assert found["moves"]["walk"]["0506"] == 1  # one hex backward on clear ground: 1 MP (tables.md 11)
    assert "0504" not in found["moves"]["walk"]  # the wasp holds it: no move ends there (TW p.57)
    assert {"weapon": "AC/20@RT", "to_hit": 4} in found["targets"]["wasp"]
    text = ok("options", game, "Hunchback").out  # ids ignore case
    assert "  walk reaches (hex:MP): " in text and "  fires at wasp: AC/20@RT 4+" in text


TURRET = """
[scenario]
name = "Turret"
seed = 5

[map]
width = 12
height = 12
terrain = "clear"

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"

[[units]]
id = "edgar"
side = "blue"
design = "J. Edgar Light Hover Tank"
position = "0606"
facing = "N"

[[units]]
id = "wasp"
side = "red"
design = "Wasp WSP-1A"
position = "0609"
facing = "N"

[[units]]
id = "hunchback"
side = "red"
design = "Hunchback HBK-4G"
position = "0605"
facing = "S"
"""


def _weapon_phase(tmp_path):
    game = init_game(tmp_path, TURRET)
    ok("resolve-phase", game, "--dice", "2,12", "-q")  # blue loses the initiative: blue moves first
    for unit in ("edgar", "wasp", "hunchback"):  # slots: blue, red, red
        ok("move", game, unit, "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    return game


def test_options_list_the_shots_a_turret_rotation_makes_and_name_the_twist(tmp_path):  # VEH-ATK-04
    game = _weapon_phase(tmp_path)
    found = json.loads(ok("options", game, "edgar", "--json").out)
    assert found["phase"] == "weapon" and "attack" in found["now"]
    assert "wasp" not in found["targets"]  # behind it: no turret weapon bears with the turret ahead
    turned = found["with_twist"]["wasp"]
    # The turret turned to the rear, or to either rear corner (the wasp on its front arc's edge row: arcs.py).
    assert {w["twist"] for w in turned} == {"S", "SE", "SW"}
    assert {w["weapon"] for w in turned} == {"Medium Laser@turret", "SRM-2@turret"}
    assert "fires at wasp with --twist: Medium Laser@turret" in ok("options", game, "edgar").out
    ok("attack", game, "edgar", "wasp", "--weapon", "Medium Laser", "--twist", "S", "-q")  # the order agrees


def test_options_list_a_jump_and_the_blows_of_a_mech(tmp_path):  # tables.md 11.1, tables.md 8.7
    game = init_game(tmp_path, TURRET)
    ok("resolve-phase", game, "--dice", "12,2", "-q")  # red moves first
    found = json.loads(ok("options", game, "wasp", "--json").out)
    assert found["now"] == ["move", "stand"]
    jumps = found["moves"]["jump"]
    assert jumps["0603"] == 6 and "0602" not in jumps  # 6 jump MP: six hexes and no more
    assert "0605" not in jumps and "0606" not in jumps  # held by a friend and by an enemy (TW p.57)
    ok("move", game, "wasp", "--mode", "jump", "--to", "0603", "-q")
    for unit in ("hunchback", "edgar"):  # slots: red, blue, red
        ok("move", game, unit, "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    ok("resolve-phase", game, "-q")  # on to the physical attack phase
    found = json.loads(ok("options", game, "hunchback", "--json").out)
    assert found["phase"] == "physical" and "physical" in found["now"]
    attacks = {b["attack"] for b in found["physical"]["edgar"]}
    assert "kick" in attacks and "dfa" not in attacks  # it did not jump: no death from above (tables.md 8.7)


def test_options_give_an_aircraft_its_thrust_manoeuvres_and_flights(tmp_path):  # AERO-GEN-02, AERO-MOVE-12
    from tests.conftest import SCENARIOS

    game = init_game(tmp_path, SCENARIOS / "town-strike.toml")
    ok("resolve-phase", game, "--dice", "12,2", "-q")  # kurita loses the initiative: its ground units move
    for unit in ("hunchback", "commando", "wasp", "manticore"):
        ok("move", game, unit, "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")  # the aerospace movement phase: the Union's subphase first (TURN-04)
    hawk = json.loads(ok("options", game, "hawk-1", "--json").out)
    assert hawk["now"] == [] and "TURN-04" in hawk["waits"] and "flights" not in hawk
    union = json.loads(ok("options", game, "union", "--json").out)
    assert union["now"] == ["move"]
    assert union["aero"]["velocity"] == 1 and union["aero"]["safe_thrust"] == 3
    assert union["aero"]["steps"]["+"] == 1  # 2 only in a space map's atmosphere rows (AERO-HALT-02)
    flights = {(f["mode"], f["path"]): f for f in union["flights"]}
    assert flights[("safe", "+,F,F")]["thrust"] == 1 and flights[("safe", "+,F,F")]["velocity"] == 2
    assert flights[("safe", "F")]["end"] == "low 0809"
    ok("move", game, "union", "--mode", "safe", "--path", "+,F,F", "-q")  # a listed flight is accepted


def test_options_list_an_aircrafts_turns_climbs_and_ground_attacks(tmp_path):  # AERO-MOVE-12, 15, tables.md 9.8
    from tests.conftest import SCENARIOS

    game = init_game(tmp_path, SCENARIOS / "town-strike.toml")
    ok("resolve-phase", game, "--dice", "12,2", "-q")
    for unit in ("hunchback", "commando", "wasp", "manticore"):
        ok("move", game, unit, "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    union = json.loads(ok("options", game, "union", "--json").out)
    flights = {f["path"]: f for f in union["flights"]}
    # AERO-MOVE-15: a turn after the hex, 1 thrust at velocity 0-2 (AERO-MOVE-12); a DropShip may turn two
    # hexsides after it (AERO-MOVE-14).
    assert flights["F,L"]["thrust"] == 1 and flights["F,L"]["facing"] == "NW" and flights["F,L"]["end"] == "low 0809"
    assert flights["F,R,R"]["facing"] == "SE" and flights["F,R,R"]["thrust"] == 2
    # A climb costs 2 thrust, a descent none (AERO-LALT-03); the flight over hex 0809 crosses the ground board.
    assert flights["A,F"]["altitude"] == 3 and flights["A,F"]["thrust"] == 2 and flights["A,F"]["over_board"] == 3
    assert flights["D,F"]["over_board"] == 1 and flights["D,F"]["thrust"] == 0
    assert all(f["mode"] == ("safe" if f["thrust"] <= 3 else "max") for f in union["flights"])
    assert "F,L,L,L" not in flights  # AERO-MOVE-14: two hexsides at most after a hex
    text = ok("options", game, "union").out
    assert "  flight --mode safe --path F,L: thrust 1, velocity 1 (next 1), ends low 0809 NW altitude 2, over the " \
           "ground board at altitude 2" in text
    ok("move", game, "union", "--mode", "safe", "--path", "F,R,R", "-q")
    for hawk in ("hawk-1", "hawk-2"):
        ok("move", game, hawk, "--mode", "safe", "--path", "F", "-q")
    ok("resolve-phase", game, "-q")  # the weapon attack phase
    hawk = json.loads(ok("options", game, "hawk-1", "--json").out)
    strikes = {(g["target"], g["weapons"][0]): g for g in hawk["ground_attacks"] if g["mode"] == "strike"}
    # tables.md 9.8: a strike at Gunnery 4 + 2; nose and wing weapons fire at the ground.
    assert strikes[("commando", "Medium Laser@nose")]["to_hit"] == {"commando": 6}
    assert ("commando", "Small Laser@left") in strikes and ("1510", "Medium Laser@nose") in strikes  # a building
    runs = [g for g in hawk["ground_attacks"] if g["mode"] == "strafe"]  # altitude 3: it may strafe (TW p.243)
    assert runs and all(len(g["hexes"]) <= 5 for g in runs)
    assert "  strike (attack hawk-1 commando --weapon 'Medium Laser@nose' --strike): commando 6+" in \
        ok("options", game, "hawk-1").out
    ok("attack", game, "hawk-1", "commando", "--weapon", "Medium Laser@nose", "--strike", "-q")


def test_options_give_an_asset_its_paths_and_card_attack(tmp_path):  # ASSET-MOVE-02, ASSET-ATK-04
    from tests.cli.test_assets_cli import FIRING

    game = init_game(tmp_path, FIRING)
    ok("resolve-phase", game, "--dice", "2,12", "-q")  # blue loses the initiative and moves first (ASSET-INIT-02)
    tank = json.loads(ok("options", game, "tank", "--json").out)
    assert tank["now"] == ["move", "stand"]
    assert tank["asset"]["mp"] == 4 and tank["moves"]["path"]["0501"] == 4
    assert tank["asset"]["paths"]["0501"] == "F,F,F,F" and "0500" not in tank["moves"]["path"]
    assert tank["targets"]["locust"] == [{"weapon": "", "to_hit": 6}]  # the card attacks: no --weapon
    scout = json.loads(ok("options", game, "scout", "--json").out)
    assert scout["asset"]["paths"]["0405"].startswith("A")  # a landed VTOL climbs first
    ok("move", game, "tank", "--path", tank["asset"]["paths"]["0503"], "-q")  # the listed path is accepted
    assert "now: nothing" in ok("options", game, "tank").out  # it has moved


def test_options_list_turning_in_place(tmp_path):  # tables.md 11.1: 1 MP a hexside
    # A 'Mech in the movement phase lists its one-step turns with their MP, and the listed turn is accepted.
    game = str(tmp_path / "g.toml")
    ok("init", "crossroads", "-o", game, "-q")
    ok("resolve-phase", game, "-q")
    data = json.loads(ok("options", game, "hunchback", "--json").out)
    assert data["paths"] == {"L": 1, "R": 1}
    assert "  turns in place (--path): L (1 MP), R (1 MP)" in ok("options", game, "hunchback").out.splitlines()
    ok("move", game, "hunchback", "--path", "R", "-q")
