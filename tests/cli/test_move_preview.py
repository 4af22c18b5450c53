"""``btcli move --dry-run`` for ground units (issue #15): the move played on a copy with dice that make
every roll, so it shows the path, MP, where the unit ends, its target movement modifier and each roll the
move calls for, and writes nothing; an illegal move is refused exactly as the move itself would be."""

from __future__ import annotations

from tests.cli.helpers import assert_refused, init_game, ok

SCENARIO = """
[scenario]
name = "Preview"
seed = 5

[map]
width = 10
height = 10
terrain = "clear"

[map.hexes]
"0504" = { building = { type = "medium", height = 2 } }
"0208" = "paved"
"0207" = "paved"
"0206" = "paved"
"0306" = "paved"

[sides.blue]
name = "Blue"

[sides.red]
name = "Red"

[[units]]
id = "hunchback"
side = "blue"
design = "Hunchback HBK-4G"
position = "0506"
facing = "N"

[[units]]
id = "savannah"
side = "red"
design = "Savannah Master Hovercraft"
position = "0209"
facing = "N"
"""


def movement_phase(tmp_path):
    game = init_game(tmp_path, SCENARIO)
    ok("resolve-phase", game, "--dice", "12,2", "-q")  # red loses the initiative: red moves first
    return game


def test_a_ground_move_preview_shows_mp_end_and_the_building_entry_roll(tmp_path):  # URB-MOVE-03, tables.md 6.3
    game = movement_phase(tmp_path)
    ok("move", game, "savannah", "--mode", "stand", "-q")
    before = game.read_bytes()
    out = ok("move", game, "hunchback", "--path", "F F", "--dry-run").out.splitlines()
    assert out[0] == "hunchback walk: F F; 4 MP, 2 hex(es) moved; ends 0504 facing N"
    assert out[1] == "target movement modifier +0 (tables.md 6.3)"  # 0-2 hexes
    assert any(line.startswith("roll: piloting skill roll hunchback (entering 0504)") for line in out)
    assert game.read_bytes() == before  # nothing written, nothing rolled


def test_a_fast_turn_on_pavement_previews_the_skid_roll(tmp_path):  # VEH-MOVE (skids), tables.md 6.3
    game = movement_phase(tmp_path)
    out = ok("move", game, "savannah", "--mode", "flank", "--path", "F F F R F", "--dry-run").out.splitlines()
    assert out[0].startswith("savannah flank: F F F R F;")
    assert any(line.startswith("roll: driving skill roll") for line in out), out
    assert out[-1] == "(as if every roll succeeds: a failure can add more, a fall or a skid)"


def test_an_illegal_move_preview_is_refused_as_the_move_would_be(tmp_path):  # TW p.39 movement order
    game = movement_phase(tmp_path)
    assert_refused(game, 3, "move", game, "hunchback", "--path", "F", "--dry-run", contains="out of order")
