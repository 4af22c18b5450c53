"""Scenarios that start mid-battle and campaigns (issue #32 items 1 and 2), from the command line: ``check`` and
``init`` refuse a state no game could reach naming the unit and key, the report shows the starting damage, and a
two-scenario campaign plays with the second game started from the first's end (``init --carry``), each game
verifying on its own (ST-07: docs/rules-notes.md)."""

from __future__ import annotations

import json

from tests.builders import design, scenario_text
from tests.cli.helpers import init_game, ok, run

def battle(name: str = "Campaign one", wasp: str = "wasp", wasp_state: dict | None = None, **keys) -> str:
    """A scenario text: blue's Hunchback 'hunch' in 0402 facing south, red's Wasp (``wasp``, in the ``wasp_state``
    given) in 0405 facing north, on an 8 x 8 map; ``keys``: ``scenario_text``'s (``campaign``)."""
    state = {"state": wasp_state} if wasp_state else {}
    return scenario_text(design("Hunchback HBK-4G", "hunch", at="0402", facing="S", side="blue"),
                         design("Wasp WSP-1A", wasp, at="0405", **state), width=8, height=8, sides=("blue", "red"),
                         name=name, seed=7, **keys)


FIRST = battle()
# The next battle names the Hunchback again and a fresh Wasp; its own state for the Hunchback is replaced by the
# carried one, the new Wasp keeps the scenario's.
SECOND = battle("Campaign two", "wasp2", {"armor_left": {"LA": 1}}, campaign={"repair": "ammunition"})


def _first_battle(tmp_path):
    """Plays turn 1 of the first scenario by commands: both stand, the Hunchback's AC/20 and the Wasp's Medium
    Laser each hit the other's centre torso (the Wasp is destroyed), and the turn ends."""
    game = init_game(tmp_path, FIRST, name="one.toml", scenario_name="one-scenario.toml")
    ok("resolve-phase", game)  # initiative: red moves first (seed 7)
    ok("move", game, "wasp", "--mode", "stand")
    ok("move", game, "hunch", "--mode", "stand")
    ok("resolve-phase", game)
    ok("attack", game, "hunch", "wasp", "--weapon", "AC/20", "--dice", "12,7")
    ok("attack", game, "wasp", "hunch", "--weapon", "Medium Laser", "--dice", "12,6")  # the right torso
    for _ in range(3):  # the weapon phase's damage lands; physical; heat
        ok("resolve-phase", game)
    return game


def test_a_two_scenario_campaign_carries_the_survivors(tmp_path):
    one = _first_battle(tmp_path)
    assert "hashes match" in ok("verify", one).out
    (tmp_path / "two-scenario.toml").write_text(SECOND, encoding="utf-8")
    two = tmp_path / "two.toml"
    out = ok("init", tmp_path / "two-scenario.toml", "-o", two, "--carry", one).out
    assert "carried 'hunch' from one.toml (repair: ammunition): armor left RT 15" in out
    assert "hashes match" in ok("verify", two).out
    report = {u["id"]: u for u in json.loads(ok("report", two, "--format", "json").out)["units"]}
    assert report["hunch"]["armor"]["RT"] == 15 and report["hunch"]["armor"]["LA"] == 16  # the carried state wins
    assert report["hunch"]["ammo"] == ["AC/20@LT: 5", "AC/20@LT: 5"]  # reloaded
    assert report["wasp2"]["armor"]["LA"] == 1  # not in the finished game: the scenario's own state
    # The second game plays on from there.
    ok("resolve-phase", two)
    assert "hashes match" in ok("verify", two).out


def test_carry_says_what_it_carried_in_json_and_in_the_log(tmp_path):
    one = _first_battle(tmp_path)
    (tmp_path / "two-scenario.toml").write_text(SECOND, encoding="utf-8")
    two = tmp_path / "two.toml"
    data = json.loads(ok("init", tmp_path / "two-scenario.toml", "-o", two, "--carry", one, "--repair", "none",
                         "--json").out)
    carried = data["carried"]
    from btcli.store import journal

    head, entries = journal.parts(one.read_bytes())
    assert (carried["game"], carried["repair"], carried["entries"]) == ("one.toml", "none", len(entries))
    assert carried["state"] == entries[-1]["state"]  # the finished game's final state
    assert carried["units"] == {"hunch": {"armor_left": {"RT": 15}, "ammo": {"AC/20@LT": [4, 5]}}}
    text = two.read_text(encoding="utf-8")
    assert "[log.carried]" in text and 'command = "init two-scenario.toml --seed 7 --carry one.toml --repair none"' \
        in text


def test_a_destroyed_unit_cannot_be_carried_and_nothing_is_written(tmp_path):
    one = _first_battle(tmp_path)
    (tmp_path / "again.toml").write_text(battle("Again"), encoding="utf-8")
    result = run("init", tmp_path / "again.toml", "-o", tmp_path / "again-game.toml", "--carry", one)
    assert result.code == 4
    assert "unit 'wasp': was destroyed in one.toml, and a destroyed unit cannot be carried" in result.err
    assert not (tmp_path / "again-game.toml").exists()


def test_a_finished_game_that_does_not_verify_is_refused(tmp_path):
    one = _first_battle(tmp_path)
    one.write_text(one.read_text(encoding="utf-8").replace('command = "move wasp --mode stand"',
                                                           'command = "move wasp --mode walk"', 1), encoding="utf-8")
    (tmp_path / "two-scenario.toml").write_text(SECOND, encoding="utf-8")
    result = run("init", tmp_path / "two-scenario.toml", "-o", tmp_path / "two.toml", "--carry", one)
    assert result.code == 4 and "the finished game does not verify, so nothing is carried from it" in result.err
    assert not (tmp_path / "two.toml").exists()


def test_verify_checks_the_carried_record_against_the_initial_state(tmp_path):
    one = _first_battle(tmp_path)
    (tmp_path / "two-scenario.toml").write_text(SECOND, encoding="utf-8")
    two = tmp_path / "two.toml"
    ok("init", tmp_path / "two-scenario.toml", "-o", two, "--carry", one)
    text = two.read_text(encoding="utf-8")
    two.write_text(text.replace("[log.carried.units.hunch.armor_left]\nRT = 15", "[log.carried.units.hunch.armor_left]"
                                "\nRT = 14"), encoding="utf-8")
    result = run("verify", two)
    assert result.code == 4 and "carried unit 'hunch' does not start in the state the entry says" in result.err


def test_repair_needs_carry_and_names_its_levels(tmp_path):
    (tmp_path / "s.toml").write_text(FIRST, encoding="utf-8")
    result = run("init", tmp_path / "s.toml", "-o", tmp_path / "g.toml", "--repair", "armor")
    assert result.code == 2 and "--repair goes with --carry" in result.err
    result = run("init", tmp_path / "s.toml", "-o", tmp_path / "g.toml", "--carry", tmp_path / "x.toml",
                 "--repair", "paint")
    assert result.code == 2 and "paint" in result.err


MID_BATTLE = battle(wasp_state={"armor_left": {"CT": 2}, "crits": ["RA:1"]})


def test_check_and_init_refuse_an_unreachable_state_naming_unit_and_key(tmp_path):
    bad = battle(wasp_state={"ammo": {"SRM-2@LT": 99}})
    (tmp_path / "bad.toml").write_text(bad, encoding="utf-8")
    result = run("check", tmp_path / "bad.toml")
    assert result.code == 4
    assert "unit 'wasp': state.ammo.'SRM-2@LT': shots left must be a whole number from 0 to 50" in result.err
    result = run("init", tmp_path / "bad.toml", "-o", tmp_path / "g.toml")
    assert result.code == 4 and not (tmp_path / "g.toml").exists()


def test_the_report_shows_the_starting_damage(tmp_path):
    game = init_game(tmp_path, MID_BATTLE)
    assert "ok" in ok("check", tmp_path / "scenario.toml").out.casefold()
    out = ok("report", game).unwrapped
    assert "armor HD 4/4 CT 2/6 CTR 4/4" in out and "critical hits: RA upper arm" in out
