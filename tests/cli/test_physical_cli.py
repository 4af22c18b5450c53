"""Physical attacks from the command line with forced dice: the kicked 'Mech's piloting skill roll (PHYS-PSR-01,
docs/rules-notes.md "The kicked 'Mech's PSR").

The kicker 'a' (a 50-ton 'Mech, piloting 5) stands in 0610 facing north, the target 'b' (the same design) in 0609
facing south: a kick strikes its front, and a kick table roll of 1 its right leg.
"""

from __future__ import annotations

import json

from tests.builders import gunner, physical_game
from tests.cli.helpers import assert_refused, game_from_state, ok, report_units


def _kick(tmp_path):
    state = physical_game(gunner("a", "0610", "Medium Laser"),
                          gunner("b", "0609", "Medium Laser", facing="S", side="blue"))
    game = game_from_state(tmp_path / "game.toml", state)
    ok("attack", game, "a", "b", "--physical", "kick")
    return game


def test_a_kicked_mech_that_fails_its_psr_falls(tmp_path):  # PHYS-PSR-01
    game = _kick(tmp_path)
    # to-hit 12, kick table 1 (RL), the PSR 2 vs 5 fails; the fall: facing 1, its 5 damage at 7, the MechWarrior's 12
    events = json.loads(ok("resolve-phase", game, "--dice", "12,1,2,1,7,12", "--json").out)["events"]
    fell = next(e for e in events if e["kind"] == "FallsAfterPSR")
    assert (fell["unit"], fell["roll"], fell["tn"]) == ("b", 2, 5)
    assert fell["text"] == "b fails its PSR (2 vs 5) and falls"
    assert report_units(game)["b"]["prone"] is True
    assert "hashes match" in ok("verify", game).out


def test_a_kicked_mech_that_makes_its_psr_stands(tmp_path):  # PHYS-PSR-01
    game = _kick(tmp_path)
    result = ok("resolve-phase", game, "--dice", "12,1,5", "--json")  # 5 vs 5 passes
    rolls = json.loads(result.out)["rolls"]
    assert [r["purpose"] for r in rolls][-1] == "piloting skill roll b (was kicked)"
    assert not report_units(game)["b"].get("prone")


def test_the_kicked_mechs_psr_needs_its_die(tmp_path):  # PHYS-PSR-01
    game = _kick(tmp_path)
    assert_refused(game, 2, "resolve-phase", game, "--dice", "12,1",
                   contains="none left for the 2D6 roll 'piloting skill roll b (was kicked)'")
