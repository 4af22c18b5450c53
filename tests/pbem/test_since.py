"""``btcli report GAME --since REVISION``: what happened after an entry or a git revision, in words,
grouped by turn and phase (issue #34, item 2)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run
from tests.conftest import SCENARIOS
from tests.gitrepo import GIT, git, new_repo

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


@pytest.fixture
def crossroads_game(tmp_path: Path) -> Path:
    """The Crossroads example's finished game (46 entries, ends at turn 4's initiative phase)."""
    return Path(shutil.copy(GOLDEN / "crossroads" / "game.toml", tmp_path / "game.toml"))


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """The Ridge Skirmish example's finished game (161 entries, weapon fire, damage, a winner)."""
    return Path(shutil.copy(GOLDEN / "ridge-skirmish" / "game.toml", tmp_path / "game.toml"))


def test_since_an_entry_prints_the_entries_after_it_grouped_by_turn_and_phase(crossroads_game: Path):
    result = ok("report", crossroads_game, "--since", "43")
    assert result.out == f"""\
3 entries (44-46) from turn 3 physical phase; now turn 4 initiative phase

Turn 3, physical phase:
  44. resolve-phase
     physical phase ends; heat phase of turn 3 begins

Turn 3, heat phase:
  45. resolve-phase
     hunchback heat 0 -> 0 (+1 movement, +0 weapons, -13 sinks)
     commando heat 0 -> 0 (+0 movement, +0 weapons, -10 sinks)
     wasp heat 0 -> 0 (+1 movement, +0 weapons, -10 sinks)
     locust heat 0 -> 0 (+1 movement, +0 weapons, -10 sinks)
     hunchback-2 heat 0 -> 0 (+0 movement, +0 weapons, -13 sinks)
     heat phase ends; end phase of turn 3 begins

Turn 3, end phase:
  46. resolve-phase
     end phase ends; initiative phase of turn 4 begins

Next: roll initiative (btcli resolve-phase {crossroads_game}).
"""


def test_since_the_last_entry_says_nothing_is_new(crossroads_game: Path):
    assert ok("report", crossroads_game, "--since", "46").out == "nothing new since entry 46 (turn 3 end phase)\n"


def test_since_shows_every_roll_and_the_damage(skirmish: Path):
    out = ok("report", skirmish, "--since", "29").out
    assert out.startswith("132 entries (30-161) from turn 2 weapon phase; game over, red wins\n\nTurn 2, weapon phase:\n"
                          "  30. attack edgar hunchback --weapon ML --weapon SRM-2 --weapon SRM-2\n"
                          "     edgar fires Medium Laser@turret at hunchback: needs 7, rolls 12: hit (rear side), 5 damage "
                          "in 1 group(s)\n       5 to hunchback LT (rear)\n")
    assert ("     roll: to-hit SRM-2@turret edgar vs hunchback: 2D6 1+4 = 5 vs TN 7 (gunnery +4, medium range "
            "(6 hexes) +2, target prone +1) failed by 2\n") in out
    assert "Next: the game is over" in out


def test_since_in_markdown_is_a_heading_and_a_list_per_phase(crossroads_game: Path):
    out = ok("report", crossroads_game, "--since", "44", "--format", "markdown").out
    assert out.startswith("### 2 entries (45-46) from turn 3 heat phase; now turn 4 initiative phase\n\n"
                          "**Turn 3, heat phase**\n\n- 45. `resolve-phase`\n"
                          "  - hunchback heat 0 -> 0 (+1 movement, +0 weapons, -13 sinks)\n")
    assert out.endswith("**Turn 3, end phase**\n\n- 46. `resolve-phase`\n"
                        "  - end phase ends; initiative phase of turn 4 begins\n\n"
                        f"Next: roll initiative (`btcli resolve-phase {crossroads_game}`).\n")


@pytest.mark.parametrize("how", [("--format", "json"), ("--json",)])
def test_since_in_json_holds_the_groups_and_where_the_game_stands(crossroads_game: Path, how):
    data = json.loads(ok("report", crossroads_game, "--since", "45", *how).out)
    assert data == {
        "game": str(crossroads_game), "since": 45, "entries": 1,
        "summary": "1 entry (46) from turn 3 end phase; now turn 4 initiative phase",
        "groups": [{"turn": 3, "phase": "end", "entries": [
            {"seq": 46, "command": "resolve-phase", "events": ["end phase ends; initiative phase of turn 4 begins"],
             "rolls": []}]}],
        "now": {"turn": 4, "phase": "initiative", "revision": 46, "winner": None,
                "next": {"side": None, "units": [], "command": f"btcli resolve-phase {crossroads_game}",
                         "hint": f"roll initiative (btcli resolve-phase {crossroads_game})"}},
    }


def test_since_zero_starts_at_the_set_up(crossroads_game: Path):
    out = ok("report", crossroads_game, "--since", "0").out
    assert out.startswith("46 entries (1-46) from turn 1 setup phase; now turn 4 initiative phase\n\n"
                          "Turn 1, setup phase:\n  1. init ")


def test_since_parses_only_the_entries_it_shows(crossroads_game: Path, monkeypatch):
    from btcli.store import logparse

    parsed = []
    real = logparse.parse_block
    monkeypatch.setattr(logparse, "parse_block", lambda raw: parsed.append(raw) or real(raw))
    ok("report", crossroads_game, "--since", "43")
    assert len(parsed) == 4  # entries 46, 45, 44 and 43 (where it stops), read from the end


needs_git = pytest.mark.skipif(GIT is None, reason="git is not installed")


@needs_git
def test_since_a_git_revision_shows_what_was_committed_after_it(tmp_path: Path):
    repo = new_repo(tmp_path / "repo")
    game = init_game(repo, SCENARIOS / "crossroads.toml", "--seed", "7", "-q")
    git(repo, "add", "game.toml")
    git(repo, "commit", "-qm", "set up")
    ok("resolve-phase", game, "-q")
    git(repo, "commit", "-qam", "initiative")
    first = ok("report", game, "--since", "HEAD~1")
    assert first.out.startswith("1 entry (2) from turn 1 initiative phase; now turn 1 movement phase\n\n"
                                "Turn 1, initiative phase:\n  2. resolve-phase\n     initiative: ")
    assert ok("report", game, "--since", "HEAD").out == "nothing new since entry 2 (turn 1 initiative phase)\n"
    assert ok("report", game, "--since", "HEAD~1").out == ok("report", game, "--since", "1").out
    # From another folder, with the game named by a relative path through a subfolder: git is asked there.
    (repo / "sub").mkdir()
    shutil.move(game, repo / "sub" / "game.toml")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "moved")
    assert ok("report", repo / "sub" / "game.toml", "--since", "HEAD").out.startswith("nothing new since entry 2")


@needs_git
def test_since_a_revision_of_another_game_is_refused(tmp_path: Path):
    repo = new_repo(tmp_path / "repo")
    game = init_game(repo, SCENARIOS / "crossroads.toml", "--seed", "7", "-q")
    git(repo, "add", "game.toml")
    git(repo, "commit", "-qm", "one game")
    ok("init", SCENARIOS / "crossroads.toml", "-o", game, "--seed", "8", "--force", "-q")
    assert_refused(game, 2, "report", game, "--since", "HEAD",
                   contains=f"--since HEAD: {game} at HEAD is not an earlier state of this game (its last entry, 1, "
                            "is not this game's entry 1)")


@needs_git
@pytest.mark.parametrize("revision, says", [
    ("HEAD~5", "git cannot show"),
    ("no-such-branch", "git cannot show"),
    ("--output=x", "give an entry number or a git revision"),
])
def test_since_a_revision_git_cannot_show_is_one_error_line(tmp_path: Path, revision: str, says: str):
    repo = new_repo(tmp_path / "repo")
    game = init_game(repo, SCENARIOS / "crossroads.toml", "--seed", "7", "-q")
    git(repo, "add", "game.toml")
    git(repo, "commit", "-qm", "set up")
    assert_refused(game, 2, "report", game, f"--since={revision}", contains=says)
    assert not (repo / "x").exists()


def test_since_outside_a_git_repository_says_so(crossroads_game: Path):
    if GIT is None:
        pytest.skip("git is not installed")
    assert_refused(crossroads_game, 2, "report", crossroads_game, "--since", "HEAD",
                   contains=f"--since HEAD: git cannot show {crossroads_game} at HEAD: not a git repository")


@pytest.mark.parametrize("args, code, says", [
    (("--since", "47"), 2, "--since 47: the game's log ends at entry 46"),
    (("--since", "5", "--field", "turn"), 2, "--since prints what happened, --field one value of the report"),
])
def test_since_refusals_are_one_line_and_leave_the_game_alone(crossroads_game: Path, args, code: int, says: str):
    assert_refused(crossroads_game, code, "report", crossroads_game, *args, contains=says)


def test_since_with_a_map_draws_the_board_as_it_stands(crossroads_game: Path):
    result = ok("report", crossroads_game, "--since", "46", "--map", crossroads_game.parent / "map.svg")
    assert result.out.startswith("nothing new")
    assert (crossroads_game.parent / "map.svg").read_bytes().startswith(b"<svg")


def test_since_is_in_the_report_help():
    out = run("report", "--help").out
    assert "--since REVISION" in out and "git revision" in out
