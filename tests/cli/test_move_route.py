"""``move --to`` from the command line (issue #33 item 4): the path it logs, and what ``--dry-run`` says it
avoided, in prose and JSON. The rules of the choice are tested in tests/rules/test_routes.py."""

from __future__ import annotations

import json

from tests.builders import skid_state, vehicle
from tests.cli.helpers import game_from_state, ok


def _hover_game(tmp_path):
    # VEH-SLIP-03, AMB-04: round the level-1 hex 0610 a hover tank at flank turns three times; over it, once.
    state = skid_state(vehicle("hover", 5, at="0510"), vehicle("tracked", 4, uid="b1", at="0901", side="blue"),
                       hexes={"0610": {"level": 1}})
    return game_from_state(tmp_path / "game.toml", state)


def test_dry_run_says_what_the_path_avoided(tmp_path):
    game = _hover_game(tmp_path)
    before = game.read_bytes()
    lines = ok("move", str(game), "u1", "--to", "0711", "--mode", "flank", "--dry-run").out.splitlines()
    assert lines[0] == "u1 flank: R R F F; 8 MP, 2 hexes moved; ends 0711 facing SE"
    assert lines[1] == ("path: took a path 2 MP dearer to make 1 sideslip roll instead of 3 sideslip rolls (the "
                        "cheapest, R F R F R F, 6 MP, makes 3 sideslip rolls)")
    assert sum(line.startswith("roll: driving skill roll u1 (sideslip)") for line in lines) == 1
    shown = json.loads(ok("--json", "move", str(game), "u1", "--to", "0711", "--mode", "flank", "--dry-run").out)
    assert shown["lines"] == lines
    assert shown["route"] == {"path": "R,R,F,F", "mp": 8, "rolls": {"sideslip": 1}, "changed": True,
                              "cheapest": {"path": "R,F,R,F,R,F", "mp": 6, "rolls": {"sideslip": 3}}, "max_dearer": 2}
    assert game.read_bytes() == before


def test_the_game_logs_the_path_taken_and_a_path_is_played_as_given(tmp_path):
    game = _hover_game(tmp_path)
    moved = json.loads(ok("--json", "move", str(game), "u1", "--to", "0711", "--mode", "flank", "--dice",
                          "12").out)
    assert moved["command"] == "move u1 --mode flank --path R,R,F,F --dice 12"
    assert len(moved["rolls"]) == 1
    (tmp_path / "exact").mkdir()
    exact = _hover_game(tmp_path / "exact")
    played = json.loads(ok("--json", "move", str(exact), "u1", "--path", "R,F,R,F,R,F", "--mode", "flank",
                           "--dice", "12,12,12").out)
    assert played["command"] == "move u1 --mode flank --path R,F,R,F,R,F --dice 12,12,12"
    assert len(played["rolls"]) == 3  # --path is never changed: its three sideslip rolls


def test_a_dry_run_to_a_hex_without_rolls_adds_no_line(tmp_path):
    game = _hover_game(tmp_path)
    lines = ok("move", str(game), "u1", "--to", "0506", "--dry-run").out.splitlines()
    assert lines[0].startswith("u1 cruise: F F F F;") and not any(line.startswith("path:") for line in lines)
    shown = json.loads(ok("--json", "move", str(game), "u1", "--to", "0506", "--dry-run").out)
    assert shown["route"]["changed"] is False and shown["route"]["rolls"] == {}
