"""Air-to-ground and ground-to-air attacks from the command line (issue #14): ``btcli attack`` with --strike,
--strafe and --bomb, ground units firing at an aircraft overhead, the dry runs, the damage at the phase's end,
replay, and the one-line errors that leave the game file unchanged."""

from __future__ import annotations

import json

import pytest

from btcli.model.aero import FlightPoint
from btcli.model.frozen import evolve
from btcli.model.hexgrid import HexId
from btcli.model.state import Phase
from tests.builders import aero_game, flier
from tests.cli.helpers import assert_refused, game_from_state, ok, run

H = HexId.parse


def over_board(tmp_path, altitude: int = 3, hexes=("0808", "0809", "0810"), **keys):
    """A game in the weapon attack phase of turn 2: red Corsair 'c' on map "low" whose flight path this turn
    went through ``hexes`` at ``altitude`` (0809 holds the ground board: heading S); the Hunchbacks g-red
    (0510) and g-blue (0505, blue) on the ground board. ``keys``: more of c's scenario keys."""
    state = aero_game(flier(uid="c", map="low", at=hexes[-1], facing="S", altitude=altitude, velocity=3, **keys),
                      phase=Phase.WEAPON, turn=2)
    c = state.units["c"]
    path = tuple(FlightPoint("low", H(h), altitude) for h in hexes)
    state = state.with_unit(evolve(c, aero=evolve(c.aero, path=path)))
    return game_from_state(tmp_path / "game.toml", state)


def test_a_strike_after_a_real_flight_over_the_board(tmp_path):  # tables.md 9.8, 8.1; the path of the move
    state = aero_game(flier(uid="c", map="low", at="0807", facing="S", altitude=4, velocity=2), turn=2)
    game = game_from_state(tmp_path / "game.toml", state)
    ok("resolve-phase", game)  # initiative
    for _ in range(2):
        for unit in ("g-red", "g-blue"):
            run("move", game, unit, "--mode", "stand")
    ok("resolve-phase", game)  # ground movement
    assert "c flight path: low 0807@4 0808@4 0809@4" in ok("move", game, "c", "--mode", "safe", "--path", "F F").out
    ok("resolve-phase", game)  # aerospace movement: the weapon attack phase
    out = ok("attack", game, "c", "g-blue", "--weapon", "Large Laser", "--strike", "--dice", "9,7").out.splitlines()
    assert out[:3] == ["c strikes g-blue with Large Laser (nose): needs 6, rolls 9: hit (front side), 8 damage",
                       "  8 to g-blue CT", "c loses 1 altitude for the strike: altitude 4 -> 3"]
    assert "command = \"attack c g-blue --weapon 'Large Laser' --strike --dice 9,7\"" in game.read_text()
    assert "g-blue takes 8 in CT (Large Laser (nose) from c)" in ok("resolve-phase", game).out
    report = json.loads(ok("report", game, "--format", "json").out)
    blue = next(u for u in report["units"] if u["id"] == "g-blue")
    assert blue["armor"]["CT"] == 18
    assert "hashes match" in ok("verify", game).out


def test_strafe_dry_run_shows_every_target_and_rolls_nothing(tmp_path):  # tables.md 9.8, TW p.243
    game = over_board(tmp_path)
    before = game.read_bytes()
    out = ok("attack", game, "c", "--weapon", "Large Laser", "--weapon", "Medium Laser@right", "--strafe",
             "0504,0505,0506", "--dry-run").out
    assert out.splitlines() == [
        "c strafes 0504,0505,0506: over the ground board (low 0809) at altitude 3, heading S",
        "c Large Laser (nose) -> g-blue: to-hit 8, 41.7% to hit, 8 damage (front side)",
        "  gunnery                          4",
        "  strafing                         +4",
        "c Medium Laser (right) -> g-blue: to-hit 8, 41.7% to hit, 5 damage (front side)",
        "  gunnery                          4",
        "  strafing                         +4",
    ]
    assert game.read_bytes() == before


def test_a_strafe_is_logged_and_replayed(tmp_path):
    game = over_board(tmp_path)
    out = ok("attack", game, "c", "--weapon", "Large Laser", "--strafe", "0504,0505", "--dice", "8,7").out
    assert out.splitlines()[0] == "c strafes g-blue with Large Laser (nose): needs 8, rolls 8: hit (front side), 8 damage"
    assert "command = \"attack c --weapon 'Large Laser' --strafe 0504,0505 --dice 8,7\"" in game.read_text()
    ok("resolve-phase", game)
    assert "hashes match" in ok("verify", game).out


def test_bombs_from_the_scenario_are_dropped(tmp_path):  # a unit's bombs (issue #14), tables.md 9.8
    game = over_board(tmp_path, altitude=4, bombs=2)
    out = ok("attack", game, "c", "g-blue", "--bomb", "1", "--dry-run").out.splitlines()
    assert out[1] == "c 1 bomb(s) -> hex 0505: to-hit 2, 100.0% to hit, 10 damage"
    out = ok("attack", game, "c", "g-blue", "--bomb", "1", "--dice", "5,7,7").out.splitlines()
    assert out[:3] == ["c drops 1 bomb(s) on hex 0505: needs 2, rolls 5: hit, 10 per bomb to everything in the hex",
                       "  5 to g-blue CT", "  5 to g-blue CT"]
    assert out[3] == "c loses 2 altitude for the bomb: altitude 4 -> 2"


def test_ground_to_air_fire_with_its_dry_run(tmp_path):  # range 2 x altitude (MegaMek), tables.md 9.1
    game = over_board(tmp_path, altitude=2)
    assert ok("attack", game, "g-blue", "c", "--weapon", "Medium Laser@RA", "--dry-run").out.splitlines() == [
        "g-blue -> c: overhead at altitude 2 (4 hexes of range)",
        "g-blue Medium Laser@RA -> c: to-hit 6, 72.2% to hit",
        "  gunnery                          4",
        "  medium range (4 hexes), altitude 2 x 2 +2",
    ]
    out = ok("attack", game, "g-blue", "c", "--weapon", "Medium Laser@RA", "--dice", "8,7").out.splitlines()
    assert out[0] == ("g-blue fires Medium Laser@RA at c: needs 6, rolls 8: hit (from below), 5 damage to the nose "
                      "(location 7, critical: avionics)")
    assert "c hit (Medium Laser@RA from g-blue): 5 damage to the nose" in ok("resolve-phase", game).out
    report = json.loads(ok("report", game, "--format", "json").out)
    assert next(u for u in report["units"] if u["id"] == "c")["aero"]["arcs"]["nose"] == {"armor": 68, "max": 73}


@pytest.mark.parametrize("keys, args, message", [
    ({"design": "Lucifer LCF-R15"}, ("c", "--weapon", "LRM-20", "--strafe", "0505"),
     "Error: LRM-20 (nose) cannot strafe: LRM-20 is a missile weapon, and only direct-fire energy weapons (lasers, "
     "PPCs, flamers) strafe (TW p.243)"),
    ({"altitude": 6}, ("c", "g-blue", "--weapon", "Large Laser", "--strike"),
     "Error: 'c' crossed the ground board at altitude 6: aircraft strike only at altitude 5 or lower (MegaMek "
     "air-to-ground)"),
    ({}, ("c", "g-blue", "--bomb", "1"),
     "Error: 'c' carries 0 bomb(s), 1 to drop (its bombs: 0 loaded, 0 dropped) (TW p.243)"),
    ({"hexes": ("0806", "0807", "0808")}, ("c", "g-blue", "--weapon", "Large Laser", "--strike"),
     "Error: 'c''s flight path this turn did not pass over low-altitude hex 0809 of map 'low', which holds the "
     "ground board (MegaMek air-to-ground)"),
    ({"hexes": ("0806", "0807", "0808")}, ("g-blue", "c", "--weapon", "Medium Laser"),
     "Error: 'c' did not fly over the ground board this turn (its flight path never entered low-altitude hex 0809 "
     "of map 'low'): ground units fire only at aircraft that crossed their board (MegaMek ground-to-air)"),
    ({}, ("c", "--weapon", "Large Laser", "--strafe", "0505,0504"),
     "Error: strafed hexes 0505,0504 are not a line of hexes one after another along 'c''s direction of travel (S) "
     "(TW p.243)"),
    ({}, ("g-blue", "g-red", "--weapon", "Medium Laser", "--strike"),
     "Error: 'g-blue' is not an aircraft: --strike, --strafe and --bomb are an aircraft's attacks on the ground"),
])
def test_a_bad_air_ground_attack_is_one_line_naming_the_rule_and_leaves_the_game(tmp_path, keys, args, message):
    keys = dict(keys)
    game = over_board(tmp_path, altitude=keys.pop("altitude", 3), hexes=keys.pop("hexes", ("0808", "0809", "0810")),
                      **keys)
    code = 2 if "is not an aircraft" in message else 3
    err = assert_refused(game, code, "attack", game, *args, contains=message)
    assert err == message + "\n"
    assert_refused(game, code, "attack", game, *args, "--dry-run", contains=message)


def test_the_attack_help_names_the_air_ground_options():
    out = ok("attack", "--help").out
    for option in ("--strike", "--strafe", "--bomb"):
        assert option in out
