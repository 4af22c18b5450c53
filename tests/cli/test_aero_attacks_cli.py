"""Air-to-air attacks from the command line (issue #14): ``btcli attack`` between aerospace units, its dry run,
the damage at the phase's end, the report, replay, and the one-line errors that leave the game file unchanged."""

from __future__ import annotations

import json

import pytest

from btcli.model.frozen import evolve
from btcli.model.state import Phase
from tests.builders import NL42, aero_game, flier
from tests.cli.helpers import assert_refused, game_from_state, ok


def dogfight(tmp_path, turn: int = 6, **flight):
    """A game in the weapon attack phase of a space turn: red Corsair 'a' at 1010 facing N, blue Corsair 'b'
    four hexes ahead at 1006 facing S (nose to nose), both at velocity 2; ``flight`` changes a's flight."""
    state = aero_game(flier(uid="a", at="1010", facing="N", velocity=2),
                      flier(uid="b", at="1006", facing="S", velocity=2, side="blue"), phase=Phase.WEAPON, turn=turn)
    if flight:
        a = state.units["a"]
        state = state.with_unit(evolve(a, aero=evolve(a.aero, **flight)))
    return game_from_state(tmp_path / "game.toml", state)


def test_attack_fires_hits_and_the_damage_lands_at_the_phase_end(tmp_path):  # tables.md 9.1, 9.4
    game = dogfight(tmp_path)
    out = ok("attack", game, "a", "b", "--weapon", "Large Laser", "--dice", "9,8").out
    assert out.splitlines()[0] == ("a fires Large Laser (nose) at b: needs 5, rolls 9: hit (nose), 8 damage to the nose "
                                   "(location 8, critical: fire control)")
    assert "command = \"attack a b --weapon 'Large Laser' --dice 9,8\"" in game.read_text()
    out = ok("resolve-phase", game, "--dice", "8,7").out.splitlines()  # critical 8: fire control; control roll 7
    assert out[:3] == ["b hit (Large Laser (nose) from a): 8 damage to the nose", "critical hit: fire control",
                       "b control roll (damage 8 at or above the nose threshold 8): 7 vs 5, made"]
    report = json.loads(ok("report", game, "--format", "json").out)
    b = next(u for u in report["units"] if u["id"] == "b")
    assert b["aero"]["arcs"]["nose"] == {"armor": 65, "max": 73} and b["aero"]["criticals"] == {"fire_control_hits": 1}
    assert "hashes match" in ok("verify", game).out


def test_dry_run_shows_the_geometry_and_each_modifier_and_rolls_nothing(tmp_path):  # AERO-MOVE-05
    game = dogfight(tmp_path, thrust_spent=7)
    before = game.read_bytes()
    out = ok("attack", game, "a", "b", "--weapon", "Large Laser", "--weapon", "Medium Laser", "--dry-run").out
    assert out.splitlines() == [
        "a -> b: 4 hexes, attack against the nose",
        "a Large Laser (nose) -> b: to-hit 7, 58.3% to hit, 8 damage",
        "  gunnery                          4",
        "  short range (4 hexes)            +0",
        "  attack against the nose          +1",
        "  attacker over safe thrust (7 > 6) +2",
        "a Medium Laser (left) -> b: to-hit 7, 58.3% to hit, 5 damage",
        "  gunnery                          4",
        "  short range (4 hexes)            +0",
        "  attack against the nose          +1",
        "  attacker over safe thrust (7 > 6) +2",
    ]
    assert game.read_bytes() == before


def test_heat_shows_in_the_report_after_the_heat_phase(tmp_path):  # tables.md 12, 15
    game = dogfight(tmp_path)
    ok("attack", game, "a", "b", "--weapon", "Large Laser", "--weapon", "Large Laser", "--weapon", "Small Laser@nose",
       "--weapon", "Small Laser@nose", "--weapon", "Medium Laser@left", "--weapon", "Medium Laser@right",
       "--dice", "2,2,2,2,2,2")
    ok("resolve-phase", game)  # weapon attack phase
    ok("resolve-phase", game)  # physical attack phase
    assert "a heat 0 -> 8 (+24 weapons, -16 sinks)" in ok("resolve-phase", game).out  # heat phase
    assert "; heat 8" in ok("report", game).unwrapped
    assert json.loads(ok("report", game, "--format", "json").out)["units"][2]["aero"]["heat"] == 8


@pytest.mark.parametrize("args, code, message", [
    (("a", "b", "--weapon", "Small Laser@aft"), 3, "'b' is outside the aft arc Small Laser (aft) fires into "
                                                   "(AERO-MOVE-11)"),
    (("a", "b", "--weapon", "PPC"), 3, "'a' has no weapon 'PPC' (weapons: Large Laser@nose"),
    (("a", "g-blue", "--weapon", "Large Laser"), 3, "'a' -> 'g-blue': an aircraft attacks the ground with --strike, "
                                                    "--strafe HEX,... or --bomb N (docs/aerospace.md) (tables.md 9.8)"),
    (("g-red", "b", "--weapon", "Medium Laser"), 3, "'b' did not fly over the ground board this turn"),
    (("a", "b", "--weapon", "Large Laser@belly"), 2, "bad arc 'belly' in --weapon 'Large Laser@belly'"),
    (("a", "b"), 2, "name the weapons to fire with --weapon"),
    (("a", "b", "--physical", "punch"), 3, "aerospace units make no physical attacks"),
])
def test_a_bad_attack_is_one_line_naming_the_rule_and_leaves_the_game(tmp_path, args, code, message):
    game = dogfight(tmp_path)
    if "--physical" in args:
        ok("resolve-phase", game)
    assert_refused(game, code, "attack", game, *args, contains=message)
    if "--physical" not in args:
        assert_refused(game, code, "attack", game, *args, "--dry-run", contains=message)


def test_an_evading_fighter_firing_is_refused(tmp_path):  # AERO-MNV-05
    game = dogfight(tmp_path, evading=True)
    assert_refused(game, 3, "attack", game, "a", "b", "--weapon", "Large Laser",
                   contains="fighters and small craft that evade fire no weapons (AERO-MNV-05)")


def test_out_of_range_is_refused(tmp_path):  # tables.md 6.1
    state = aero_game(flier(uid="a", at="1020", facing="N", velocity=2),
                      flier(uid="b", at="1007", facing="S", velocity=2, side="blue"), phase=Phase.WEAPON, turn=6)
    game = game_from_state(tmp_path / "game.toml", state)
    assert_refused(game, 3, "attack", game, "a", "b", "--weapon", "Large Laser",
                   contains="'b' is 13 hexes away, beyond Large Laser (nose)'s medium range (to 12 hexes) "
                            "(tables.md 6.1)")


def test_the_space_map_attacks_only_in_space_turns(tmp_path):  # AMB-55
    game = dogfight(tmp_path, turn=1)
    assert_refused(game, 3, "attack", game, "a", "b", "--weapon", "Large Laser",
                   contains="units on the space map attack only in space turns (6, 12, ...), not in turn 1 (AMB-55)")


def test_a_small_craft_takes_its_own_criticals_and_the_report_shows_them(tmp_path):  # AERO-CRIT-01, 04
    # A Corsair 'a' behind a Battle Taxi 'b': the small craft table's aft column.
    state = aero_game(flier(uid="a", at="1010", facing="N", velocity=2),
                      flier(NL42, uid="b", at="1006", facing="N", velocity=2, side="blue"), phase=Phase.WEAPON, turn=6)
    game = game_from_state(tmp_path / "game.toml", state)
    out = ok("attack", game, "a", "b", "--weapon", "Large Laser", "--dice", "12,2").out  # location 2: life support
    assert out.splitlines()[0].endswith("8 damage to the aft (location 2, critical: life support)")
    out = ok("resolve-phase", game, "--dice", "8").out.splitlines()
    assert out[:2] == ["b hit (Large Laser (nose) from a): 8 damage to the aft", "critical hit: life support"]
    report = " ".join(ok("report", game).out.split())  # the text report wraps its lines
    assert "SI 9/9, nose 248/248 left 90/90 right 90/90 aft 112/120; criticals: life support" in report
    b = next(u for u in json.loads(ok("report", game, "--format", "json").out)["units"] if u["id"] == "b")
    assert b["aero"]["criticals"] == {"life_support_hit": True}
    assert "hashes match" in ok("verify", game).out


UNION = "Union (2708)"


@pytest.mark.parametrize("facing, low, dice, said, criticals", [
    ("N", False, "12,8", ["critical hit: docking collar"], {"docking_collar_damaged": True}),  # AERO-CRIT-05
    ("N", False, "12,5", ["critical hit: door"], {"door_hits": 1}),  # AERO-CRIT-03: aft 5, the right side's door
    ("NE", False, "12,9", ["critical hit: right thruster"], {"right_thruster_hits": 1}),  # AERO-CRIT-02
    ("N", False, "12,7", ["critical hit: weapon", "Large Laser (aft) destroyed", "Medium Laser (aft) destroyed",
                          "Medium Laser (aft) destroyed"], {}),  # AERO-CRIT-07: the aft laser bay
    ("NE", True, "12,7,6", ["critical hit: weapon", "Large Laser (aft) destroyed", "Medium Laser (aft) destroyed",
                            "Medium Laser (aft) destroyed"], {}),  # AERO-CRIT-08: the side attack's 1D6 6: aft column
], ids=["collar", "door", "thruster", "bay", "spheroid"])
def test_a_dropship_takes_its_own_criticals_through_the_cli(tmp_path, facing, low, dice, said, criticals):
    # A Corsair 'a' fires its Large Laser (8 damage, under every threshold of the Union) at a Union 'b' four hexes
    # north: a natural 12 gives the critical check; 'b' faces N (the aft column) or NE (its right side).
    where = {"map": "low", "altitude": 5} if low else {}
    state = aero_game(flier(uid="a", at="0810" if low else "1010", facing="N", velocity=2, **where),
                      flier(UNION, uid="b", at="0806" if low else "1006", facing=facing, velocity=2, side="blue",
                            **where), phase=Phase.WEAPON, turn=6)
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--weapon", "Large Laser", "--dice", dice)
    out = ok("resolve-phase", game, "--dice", "8").out.splitlines()  # the critical check: 8
    assert out[1:1 + len(said)] == said
    b = next(u for u in json.loads(ok("report", game, "--format", "json").out)["units"] if u["id"] == "b")
    assert b["aero"]["criticals"] == criticals
    assert "hashes match" in ok("verify", game).out
