"""A scenario that names MegaMek files (issue #16), from the command line: init with a data folder (option or
environment variable), a few orders, report, verify; btcli import; bad files refused in one line with
nothing written; --lenient warns; move and report never import btcli.megamek."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run
from tests.conftest import ROOT
from tests.megamek.helpers import BAD, DATA, imported

SCENARIO = """
[scenario]
name = "Riverside (MegaMek files)"
seed = 16

[map]
board = "Riverside Town"          # found under the data folder: boards/16x17/Riverside Town.board

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"

[[units]]
id = "locust"
side = "blue"
design = "mtf:Locust LCT-1V"      # by file name
position = "0806"
facing = "S"

[[units]]
id = "wasp"
side = "blue"
design = "mtf:Wasp WSP-1A"        # by the unit its file (mechs/wasp.mtf) holds
position = "0706"
facing = "S"
piloting = 4

[[units]]
id = "scorpion"
side = "red"
design = "blk:Scorpion Light Tank"
position = "0812"
facing = "N"

[[units]]
id = "harrow"
side = "red"
design = "blk:vehicles/Harrow Wheeled Scout HW-2.blk"   # a path, relative to the data folder
position = "1014"
facing = "NW"

[[units]]
id = "ferret"
side = "red"
design = "blk:Ferret Light Scout VTOL"
position = "1114"
elevation = 2
"""


def play(game) -> None:
    """Turn 1: initiative, every unit moves (the Locust down the road, the others stand), then fire."""
    ok("resolve-phase", game, "--dice", "9,4")
    while (report := json.loads(ok("report", game, "-f", "json").out))["next_to_move"]:
        unit = report["unmoved"][report["next_to_move"]][0]
        if unit == "locust":
            ok("move", game, "locust", "--path", "F,F", "-q")  # 0806 -> 0808 along the road
        else:
            ok("move", game, unit, "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    ok("attack", game, "scorpion", "locust", "-w", "AC/5", "-q")
    ok("attack", game, "locust", "scorpion", "-w", "ML", "-q")


def test_a_scenario_naming_megamek_files_plays_reports_and_verifies(tmp_path):
    game = init_game(tmp_path, SCENARIO, "--megamek-data", DATA)
    play(game)
    report = json.loads(ok("report", game, "-f", "json").out)
    units = {u["id"]: u for u in report["units"]}
    assert units["locust"]["position"] == "0808" and units["harrow"]["name"] == "Harrow Wheeled Scout HW-2"
    assert report["phase"] == "weapon"
    assert ok("verify", game).out.startswith("ok: ")
    head = tomllib.loads(game.read_text(encoding="utf-8").split("\n[[log]]\n")[0])
    assert head["units"]["locust"]["slots"]["LL"][4:] == ["heat_sink", "heat_sink"]  # the file's slots
    assert head["units"]["harrow"]["vehicle"]["case"] is True
    assert head["map"]["hexes"]["0813"]["road_exits"] == ["N", "S"]  # its road runs past 0914's
    assert head["map"]["hexes"]["1006"]["building"] == {"type": "light", "height": 2, "cf": 15,
                                                        "structure": "building-1005"}


def test_the_data_folder_may_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BTCLI_MEGAMEK_DATA", str(DATA))
    game = init_game(tmp_path, SCENARIO)
    assert ok("verify", game).out.startswith("ok: ")


def test_a_name_without_a_data_folder_is_refused_saying_how_to_give_one(tmp_path, monkeypatch):
    monkeypatch.delenv("BTCLI_MEGAMEK_DATA", raising=False)
    (tmp_path / "scenario.toml").write_text(SCENARIO, encoding="utf-8")
    result = run("init", tmp_path / "scenario.toml", "-o", tmp_path / "game.toml")
    assert result.code == 4 and "--megamek-data DIR, or set BTCLI_MEGAMEK_DATA" in result.err
    assert not (tmp_path / "game.toml").exists()


def test_files_beside_the_scenario_need_no_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("BTCLI_MEGAMEK_DATA", raising=False)
    (tmp_path / "units").mkdir()
    (tmp_path / "units" / "locust.mtf").write_bytes((DATA / "mechs" / "Locust LCT-1V.mtf").read_bytes())
    (tmp_path / "Lakeside Works.board").write_bytes((DATA / "boards" / "Lakeside Works.board").read_bytes())
    text = SCENARIO.replace('"Riverside Town"', '"Lakeside Works"').split("[[units]]")[0] + """
[[units]]
id = "locust"
side = "blue"
design = "mtf:units/locust.mtf"
position = "0601"

[[units]]
id = "other"
side = "red"
design = "Commando COM-2D"
position = "0610"
"""
    game = init_game(tmp_path, text)
    head = tomllib.loads(game.read_text(encoding="utf-8").split("\n[[log]]\n")[0])
    assert head["units"]["locust"]["name"] == "Locust LCT-1V"
    assert head["map"]["hexes"]["0903"]["building"]["structure"] == "building-0902"


def test_an_aerospace_fighter_comes_from_its_blk_file(tmp_path):
    text = """
[scenario]
name = "Fighters"
[map]
width = 8
height = 8
[maps.space]
kind = "space"
width = 20
height = 20
[sides.a]
name = "A"
[sides.b]
name = "B"
[[units]]
id = "hawk"
side = "a"
design = "blk:Sparrowhawk SPR-H5"
map = "space"
position = "0810"
facing = "SW"
velocity = 2
[[units]]
id = "corsair"
side = "b"
design = "Corsair CSR-V12"
map = "space"
position = "1210"
"""
    game = init_game(tmp_path, text, "--megamek-data", DATA)
    head = tomllib.loads(game.read_text(encoding="utf-8").split("\n[[log]]\n")[0])
    assert head["units"]["hawk"]["aero_design"]["safe_thrust"] == 10
    assert ok("verify", game).out.startswith("ok: ")


@pytest.mark.parametrize("bad, said", [
    ("truncated.mtf", "truncated.mtf line 95: no 'Head:' critical slots"),
    ("unknown-weapon.mtf", "unknown-weapon.mtf line 105: Clan Laser AMS in CT (btcli does not play it; --lenient "
     "leaves it out)"),
    ("unknown-terrain.board", "unknown-terrain.board line 7: terrain 'swamp:1' in hex 0202 (btcli does not play it"),
])
def test_a_bad_file_is_refused_in_one_line_and_nothing_is_written(tmp_path, bad, said):
    kind = "board" if bad.endswith(".board") else "mtf"
    text = SCENARIO.replace('board = "Riverside Town"', f'board = "{BAD / bad}"' if kind == "board" else
                            'board = "Riverside Town"')
    if kind == "mtf":
        text = text.replace('design = "mtf:Locust LCT-1V"', f'design = "mtf:{BAD / bad}"')
    (tmp_path / "scenario.toml").write_text(text, encoding="utf-8")
    game = tmp_path / "game.toml"
    result = run("init", tmp_path / "scenario.toml", "-o", game, "--megamek-data", DATA)
    assert result.code == 4 and result.err.count("\n") == 1 and said in result.err, result.err
    assert not game.exists()
    game.write_bytes(b"# an old game\n")  # an existing file stays byte for byte (even with --force)
    assert_refused(game, 4, "init", tmp_path / "scenario.toml", "-o", game, "--megamek-data", DATA, "--force",
                   contains=said)
    assert_refused(game, 4, "import", BAD / bad, contains=said)


def test_lenient_leaves_out_what_btcli_does_not_play_and_lists_it(tmp_path):
    text = SCENARIO.replace('design = "mtf:Locust LCT-1V"', f'design = "mtf:{BAD / "unknown-weapon.mtf"}"')
    (tmp_path / "scenario.toml").write_text(text, encoding="utf-8")
    result = run("init", tmp_path / "scenario.toml", "-o", tmp_path / "game.toml", "--megamek-data", DATA,
                 "--lenient")
    assert result.code == 0, result.err
    assert "warning: --lenient left out 1 thing btcli does not play:" in result.err
    assert "unknown-weapon.mtf line 105: Clan Laser AMS in CT (left out; the slots are kept: a critical hit there " \
        "has no effect)" in result.err
    head = tomllib.loads((tmp_path / "game.toml").read_text(encoding="utf-8").split("\n[[log]]\n")[0])
    assert [w["weapon"] for w in head["units"]["locust"]["weapons"]] == ["Machine Gun", "Machine Gun"]


def test_import_prints_the_units_entry_a_scenario_takes(tmp_path):
    out = ok("import", DATA / "mechs" / "Hunchback HBK-4G.mtf").out
    assert out.startswith("# Hunchback HBK-4G, imported by btcli from Hunchback HBK-4G.mtf")
    (entry,) = tomllib.loads(out)["units"]
    assert entry == imported(DATA / "mechs" / "Hunchback HBK-4G.mtf")
    placed = out + 'id = "hbk"\nside = "blue"\nposition = "0505"\n'
    scenario = SCENARIO.split("[[units]]")[0] + placed + '\n[[units]]\nid = "x"\nside = "red"\n' \
        'design = "Locust LCT-1V"\nposition = "0101"\n'
    game = init_game(tmp_path, scenario, "--megamek-data", DATA)
    assert ok("verify", game).out.startswith("ok: ")


def test_import_prints_a_board_as_its_map_table_and_takes_names_and_json(tmp_path):
    out = ok("import", "--megamek-data", DATA, "board:Lakeside Works").out
    table = tomllib.loads(out)["map"]
    assert (table["width"], table["height"], table["terrain"]) == (12, 10, "clear")
    assert table["hexes"]["0406"] == {"terrain": "water", "level": 0, "depth": 3}
    found = json.loads(ok("import", "--json", DATA / "vehicles" / "Scorpion Light Tank.blk").out)
    assert found["kind"] == "vehicle" and found["entry"]["armor"]["turret"] == 16 and found["left_out"] == []


def test_import_refuses_what_it_cannot_read(tmp_path):
    result = run("import", DATA / "nothing.txt")  # the argument is at fault: bad input
    assert result.code == 2 and "btcli imports .mtf, .blk and .board files" in result.err
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "units.zip").write_bytes(b"PK")
    assert run("import", tmp_path / "empty").err == (f"Error: {tmp_path / 'empty'} holds no .mtf, .blk or .board file "
                                                     "(1 zip archives: unzip them to import their units)\n")
    assert "give --megamek-data DIR, or set BTCLI_MEGAMEK_DATA" in run("import", "mtf:Nobody NB-1").err


def test_move_and_report_never_import_btcli_megamek(tmp_path):
    game = init_game(tmp_path, SCENARIO, "--megamek-data", DATA)
    code = ("import sys; from btcli.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write(str(sorted(m for m in sys.modules if m.startswith('btcli.megamek'))))")
    for args in (["report", str(game)], ["move", str(game), "locust", "--mode", "stand"],
                 ["attack", str(game), "locust", "scorpion", "-w", "ML"], ["verify", str(game)]):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert done.stderr.endswith("[]"), (args, done.stderr)


def test_check_lists_every_problem_of_every_megamek_file_a_scenario_names(tmp_path):
    """Issue #28: what btcli does not play in each unit, and a refused unit, all listed at once (exit 4)."""
    formats = DATA.parent / "formats"
    text = SCENARIO.replace('design = "mtf:Locust LCT-1V"', f'design = "mtf:{formats / "Sentinel STN-3C Prime.mtf"}"')
    text = text.replace('design = "blk:Scorpion Light Tank"', f'design = "blk:{formats / "Guardian Squad [Laser] (Sqd4).blk"}"')
    (tmp_path / "scenario.toml").write_text(text, encoding="utf-8")
    result = run("check", tmp_path / "scenario.toml", "--megamek-data", DATA)
    lines = result.err.splitlines()
    assert result.code == 4 and lines[0] == f"Error: {tmp_path / 'scenario.toml'} has 2 problems:"
    assert lines[1].startswith("  unit 'locust': ") and lines[1].endswith("Sentinel STN-3C Prime.mtf line 22: Heat "
                                                                           "Sinks:10, but 1 sit in the slots and the "
                                                                           "200-rated engine holds 8 (btcli does not play "
                                                                           "it; --lenient leaves it out)")
    assert lines[-1].startswith("  unit 'scorpion': ") and "is a battle armor unit" in lines[-1]
    lenient = run("check", tmp_path / "scenario.toml", "--megamek-data", DATA, "--lenient")
    assert lenient.code == 4 and lenient.err.count("\n") == 1 and "is a battle armor unit" in lenient.err
