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
    assert shot["after"]["next_to_move"] is None


def test_json_events_carry_their_fields_and_the_sentence_the_log_keeps(tmp_path):
    """issue #30: an event is an object, its kind, its fields as data and its sentence (``text``), which is
    word for word what the log entry keeps; the log is unchanged."""
    import tomllib

    game = movement_done(tmp_path)
    step = json.loads(ok("resolve-phase", game, "--json").out)
    assert step["events"][-1] == {"kind": "PhaseEnded", "ended": "movement", "begun": "weapon", "turn": 1,
                                  "text": "movement phase ends; weapon phase of turn 1 begins"}
    shot = json.loads(ok("attack", game, "hunchback", "wasp", "-w", "AC/20", "--dice", "9,7", "--json").out)
    fired = shot["events"][0]
    assert fired == {"kind": "WeaponHit", "unit": "hunchback", "weapon": "AC/20@RT", "target": "wasp", "to_hit": 4,
                     "roll": 9, "side": fired["side"], "damage": 20, "groups": 1, "text": fired["text"]}
    assert fired["text"] == f"hunchback fires AC/20@RT at wasp: needs 4, rolls 9: hit ({fired['side']} side), " \
                            "20 damage in 1 group(s)"
    log = tomllib.loads(game.read_text())["log"]
    assert [e["text"] for e in shot["events"]] == log[-1]["events"]
    assert [e["text"] for e in step["events"]] == log[-2]["events"]
    assert all(isinstance(e, str) for entry in log for e in entry["events"])  # the file keeps sentences
    (tmp_path / "attack.toml").write_text(ATTACK)
    init = json.loads(ok("init", tmp_path / "attack.toml", "-o", tmp_path / "again.toml", "--json").out)
    assert init["events"] == [{"kind": "text", "text": log[0]["events"][0]}]  # said by the store, not a rule


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


def test_a_report_field_under_json_is_json(tmp_path):
    """``report --field KEY`` prints plain words for shell loops; with ``--json`` it prints the value as
    JSON (a string quoted, a list as a list), as --json promises for every command."""
    game = movement_done(tmp_path)
    assert ok("report", game, "--field", "phase").out == "movement\n"  # plain, as before
    assert json.loads(ok("report", game, "--field", "phase", "--json").out) == "movement"
    assert json.loads(ok("report", game, "--field", "active.red", "--json").out) == ["wasp"]
    assert json.loads(ok("report", game, "--field", "next.command", "--json").out).startswith("btcli resolve-phase")
    assert json.loads(ok("--json", "report", game, "--field", "winner").out) is None


def test_a_report_asked_for_json_and_another_format_is_refused(tmp_path):
    game = movement_done(tmp_path)
    for fmt in ("text", "markdown"):
        result = run("report", game, "--format", fmt, "--json")
        assert (result.code, result.out) == (2, "")
        assert result.err == (f"Error: --json prints the report as JSON; it cannot go with --format {fmt}: "
                              "give one of them\n")
    assert json.loads(ok("report", game, "-f", "json", "--json").out)["phase"] == "movement"


def test_help_documents_json():
    assert "--json" in ok("--help").out


def test_init_verify_upgrade_scenarios_replay_and_demo_print_their_facts_as_json(tmp_path):
    """Issue #15: every command speaks JSON, not only the orders."""
    game = tmp_path / "g.toml"
    made = json.loads(ok("--json", "init", "crossroads", "-o", game).out)
    assert made["game"] == str(game) and made["seed"] == 3025 and made["phase"] == "initiative"
    assert set(made["sides"]) == {"blue", "red"} and "wasp" in made["units"] and made["map"] == {"width": 16, "height": 17}
    assert made["next"]["command"] == f"btcli resolve-phase {game}"
    ok("resolve-phase", game, "-q")
    checked = json.loads(ok("--json", "verify", game).out)
    assert checked == {"ok": True, "entries": 2, "turn": 1, "phase": "movement", "revision": 2, "winner": None,
                       "hand_dice": []}
    listed = json.loads(ok("--json", "scenarios").out)["scenarios"]
    assert {"scenario": "crossroads", "name": "Crossroads"}.items() <= next(
        s for s in listed if s["scenario"] == "crossroads").items()
    page = json.loads(ok("--json", "replay", game, "-o", tmp_path / "r.html").out)
    assert page["wrote"] == str(tmp_path / "r.html") and page["entries"] == 2 and page["bytes"] > 1000
    quiet = tmp_path / "q.toml"  # -q silences prose, never the object --json promises
    assert json.loads(ok("--json", "init", "crossroads", "-o", quiet, "-q").out)["game"] == str(quiet)
    assert json.loads(ok("--json", "verify", game, "-q").out) == checked
    assert json.loads(ok("--json", "replay", game, "-o", tmp_path / "q.html", "-q").out)["entries"] == 2
    refused = run("--json", "upgrade", game)  # already format 2: an error line, nothing on stdout
    assert refused.code != 0 and refused.out == "" and refused.err.startswith("Error:")


def test_the_demo_under_json_is_json_lines_each_run_then_its_result(tmp_path):
    lines = [json.loads(line) for line in ok("--json", "demo", "-o", tmp_path / "d").out.splitlines()]
    assert lines[0]["run"].startswith("btcli init ") and lines[1]["command"].startswith("init ")
    assert any("rolls" in line and line["command"].startswith("attack ") for line in lines)
    assert lines[-2]["name"] == "Crossroads" and "units" in lines[-2]  # the closing report, on one line
    assert lines[-1] == {"game": str(tmp_path / "d" / "demo-game.toml")}


def test_the_report_tells_scripts_what_comes_next_and_each_weapons_state(tmp_path):
    game = movement_done(tmp_path)
    view = json.loads(ok("report", game, "--format", "json").out)
    assert view["next"] == {"side": None, "units": [], "command": f"btcli resolve-phase {game}",
                            "hint": f"end the movement phase (btcli resolve-phase {game})"}
    hunchback = next(u for u in view["units"] if u["id"] == "hunchback")
    assert hunchback["weapon_states"][0] == {"weapon": "AC/20", "location": "RT", "rear": False, "state": "ready",
                                             "heat": 7, "damage": 20, "range": [3, 6, 9], "ammo": 10}
    assert hunchback["mp_now"] == {"walk": 4, "run": 6, "jump": 0}
    assert hunchback["heat_sinks"] == {"total": 13, "working": 13}
    assert hunchback["skills"] == {"gunnery": 4, "piloting": 5}
