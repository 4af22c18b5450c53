"""Issue #33 item 7: the words of results, hits, distances, previews and the wrapped report, each found
through the CLI first; and games logged in the older words still verify."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import hunchback_edgar_wasp, init_game, ok
from tests.conftest import ROOT, SCENARIOS

def weapon_phase(tmp_path):
    return hunchback_edgar_wasp(tmp_path, hunchback="0507", edgar="0307", wasp="0505", wasp_facing="N")


def test_a_hit_on_an_arm_from_behind_says_it_strikes_the_arms_only_armor(tmp_path):  # tables.md 8.1
    """Only the torsos have rear armor: a hit from behind on an arm strikes the arm's armor, not '(rear)'."""
    game = weapon_phase(tmp_path)
    out = ok("attack", game, "hunchback", "wasp", "--weapon", "ML@LA", "--dice", "12,4").out
    assert "  5 to wasp RA (from behind; RA has no rear armor)\n" in out
    out = ok("attack", game, "hunchback", "wasp", "--weapon", "ML@RA", "--dice", "12,7").out
    assert "  5 to wasp CT (rear)\n" in out  # a torso's rear armor is still the rear armor
    ok("resolve-phase", game, "-q")
    wasp = next(u for u in json.loads(ok("--json", "report", game).out)["units"] if u["id"] == "wasp")
    assert (wasp["armor"]["RA"], wasp["internal"]["RA"]) == (0, 2)  # the arm's own 4 points, then 1 inside


def test_one_hex_is_singular_in_logs_rolls_and_previews(tmp_path):
    game = hunchback_edgar_wasp(tmp_path, hunchback="0507", edgar="0307", wasp="0505", wasp_facing="N",
                                weapon_phase=False)
    ok("resolve-phase", game, "--dice", "2,12", "-q")
    preview = ok("move", game, "hunchback", "--path", "F", "--dry-run").out
    assert preview.startswith("hunchback walk: F; 1 MP, 1 hex moved; ends 0506 facing N\n")
    stand = ok("move", game, "hunchback", "--mode", "stand", "--dry-run").out
    assert "0 MP, 0 hexes moved" in stand
    assert ok("move", game, "hunchback", "--path", "F").out.startswith(
        "hunchback walks 0507 -> 0506 facing N: 1 MP, 1 hex\n")
    ok("stand", game, "wasp", "edgar", "-q")
    ok("resolve-phase", game, "-q")
    out = ok("attack", game, "hunchback", "wasp", "--weapon", "ML@LA", "--dice", "2").out
    assert "short range (1 hex) +0" in out and "(1 hexes)" not in out


def test_a_vehicles_weapons_show_no_heat_in_the_dry_run(tmp_path):  # VEH-HEAT-01
    game = weapon_phase(tmp_path)
    lines = ok("attack", game, "edgar", "wasp", "--dry-run").out.splitlines()
    heads = [line for line in lines if line.startswith("edgar ")]
    assert heads and not any("heat" in line for line in heads), heads
    assert heads[0] == "edgar Medium Laser@turret -> wasp: to-hit 4, 91.7% to hit, 5 damage"
    mech = ok("attack", game, "hunchback", "wasp", "--dry-run").out
    assert "hunchback Medium Laser@LA -> wasp: to-hit 4, 91.7% to hit, 5 damage, 3 heat" in mech  # tables.md 15


@pytest.mark.parametrize("width", range(40, 121))
def test_no_wrapped_report_line_starts_with_a_comma(tmp_path_factory, width):
    """The Atlas's weapon list (its rear lasers' '@CT(R)') wrapped at 65 or 85 columns (a terminal's width) put
    the ', ' between two weapons at the head of the next line."""
    from btcli import runner
    from btcli.render import text
    from btcli.render.view import game_view

    folder = tmp_path_factory.getbasetemp() / "wrap"
    game = folder / "city.toml"
    if not game.exists():
        folder.mkdir(exist_ok=True)
        init_game(folder, SCENARIOS / "city-fight.toml", name="city.toml")
    view = game_view(runner.load(game).state, "GAME")
    for line in text.report_lines(view, width):
        shown = text._plain(line)
        assert not shown.lstrip().startswith((",", ";")), (width, shown)


def test_a_game_logged_in_the_older_words_still_verifies():
    """The river-strike golden game as logged before issue #33 ('1 MP, 1 hexes (cruise)') verifies: its
    entries are read in today's words (store/journal.reworded)."""
    old = ROOT / "tests" / "store" / "older_words" / "river-strike-before-issue-33.toml"
    assert "1 MP, 1 hexes (cruise)" in old.read_text(encoding="utf-8")
    assert ok("verify", old).out.startswith("ok: 32 entries replayed")


def test_older_words_read_as_todays():
    from btcli.store.journal import reworded

    entry = {"events": ["  5 to wasp RA (rear)", "  5 to wasp CT (rear)", "  5 to maxim asset (rear)",
                        "w walks 0101 -> 0102 facing N: 2 MP, 1 hexes", "w flies: 3 MP, 11 hexes (cruise)"],
             "rolls": ["to-hit: 2D6 3+5 = 8 vs TN 6 (short range (1 hexes) +0, target moved 1 hexes +0) success"]}
    assert reworded(entry) == {
        "events": ["  5 to wasp RA (from behind; RA has no rear armor)", "  5 to wasp CT (rear)",
                   "  5 to maxim asset (rear)", "w walks 0101 -> 0102 facing N: 2 MP, 1 hex",
                   "w flies: 3 MP, 11 hexes (cruise)"],
        "rolls": ["to-hit: 2D6 3+5 = 8 vs TN 6 (short range (1 hex) +0, target moved 1 hex +0) success"]}
