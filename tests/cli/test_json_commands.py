"""Every command speaks JSON with the global ``--json`` (issue #15; docs/json-output.md, "Commands"):
one object a call, the order as logged, its events, every roll with its dice, modifiers and target,
and where the game stands after it; previews as their lines; errors stay one 'Error:' line."""

from __future__ import annotations

import json

from tests.cli.helpers import init_game, ok, run
from tests.cli.test_previews import ATTACK


def movement_done(tmp_path):
    """ATTACK's game with both units stood still, its movement phase still to be resolved."""
    game = init_game(tmp_path, ATTACK)
    ok("resolve-phase", game, "--dice", "12,2", "-q")
    ok("move", game, "wasp", "--mode", "stand", "-q")
    ok("move", game, "hunchback", "--mode", "stand", "-q")
    return game


def test_an_order_prints_one_json_object_with_its_events_rolls_and_what_comes_next(tmp_path):
    game = movement_done(tmp_path)
    step = json.loads(ok("resolve-phase", game, "--json").out)
    assert step["command"] == "resolve-phase" and step["phase"] == "movement" and step["after"]["phase"] == "weapon"
    shot = json.loads(ok("attack", game, "hunchback", "wasp", "-w", "AC/20", "--dice", "9,7", "--json").out)
    assert shot["command"] == "attack hunchback wasp --weapon AC/20 --dice 9,7"
    to_hit = shot["rolls"][0]
    assert to_hit["purpose"].startswith("to-hit AC/20@RT") and to_hit["total"] == 9 and to_hit["target"] == 4
    assert "gunnery +4" in to_hit["modifiers"]
    assert any("hits" in e or "hit" in e for e in shot["events"]) and shot["after"]["next_to_move"] is None


def test_previews_reports_and_errors_under_json(tmp_path):
    game = movement_done(tmp_path)
    ok("resolve-phase", game, "-q")
    preview = json.loads(ok("attack", game, "hunchback", "wasp", "--dry-run", "--json").out)
    assert preview["lines"][0].startswith("hunchback AC/20@RT -> wasp: to-hit 4")
    assert json.loads(ok("report", game, "--json").out)["phase"] == "weapon"  # --json means --format json
    before = game.read_bytes()
    refused = run("move", game, "wasp", "--mode", "stand", "--json")
    assert refused.code == 3 and refused.out == "" and refused.err.count("\n") == 1
    assert game.read_bytes() == before


def test_help_documents_json():
    assert "--json" in ok("--help").out
