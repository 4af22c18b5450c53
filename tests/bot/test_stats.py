"""btcli simulate's statistics: Wilson intervals, summaries and merged shards."""

from __future__ import annotations

import pytest

from btcli.bot import stats
from btcli.errors import InputError


@pytest.mark.parametrize("wins, n", [(0, 10), (5, 10), (95, 100), (200, 200), (1, 3)])
def test_wilson_interval_bounds_are_the_roots_of_its_quadratic(wins, n):
    # Wilson (1927): the bounds are the p with (p_hat - p)^2 = z^2 p (1 - p) / n, solved here as a quadratic.
    import math

    z, p_hat = stats.Z95, wins / n
    a, b, c = 1 + z * z / n, -(2 * p_hat + z * z / n), p_hat * p_hat
    root = math.sqrt(b * b - 4 * a * c)
    assert stats.wilson(wins, n) == pytest.approx(((-b - root) / (2 * a), (-b + root) / (2 * a)), abs=1e-12)


def test_wilson_interval_of_a_known_case():
    assert stats.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)  # symmetric about one half
    assert stats.wilson(0, 0) == (0.0, 1.0)


def _game(index, winner, turns, damage=3):
    return {"index": index, "seed": index, "winner": winner, "result": "", "turns": turns,
            "units": {"a": {"side": "red", "survived": winner == "red", "damage": damage},
                      "b": {"side": "blue", "survived": True, "damage": 1}}}


def test_summary_counts_wins_draws_length_and_units():
    games = [_game(0, "red", 4), _game(1, "blue", 6), _game(2, "draw", 8), _game(3, "red", 6)]
    result = stats.summary("s", ["red", "blue"], games)
    assert result["sides"]["red"]["wins"] == 2 and result["sides"]["blue"]["wins"] == 1
    assert result["draws"] == 1
    assert result["turns"]["mean"] == 6 and result["turns"]["sd"] == pytest.approx(1.632993, abs=1e-6)
    assert result["units"]["a"] == {"side": "red", "survival": 0.5, "damage": 3.0}


def test_merged_shards_are_the_whole_run():
    games = [_game(i, "red" if i % 3 else "blue", 3 + i % 4) for i in range(9)]
    whole = stats.summary("s", ["red", "blue"], games)
    shards = [stats.summary("s", ["red", "blue"], [g for g in games if g["index"] % 2 == k]) for k in (0, 1)]
    assert stats.merge(shards) == whole
    with pytest.raises(InputError, match="two of the results"):
        stats.merge([shards[0], shards[0]])
    with pytest.raises(InputError, match="cannot merge"):
        stats.merge([shards[0], dict(shards[1], scenario="other")])


def test_a_scenarios_strength_at_the_start_is_reported_and_kept_by_merge():  # BOT-27
    # simulate reports each side's strength at the start (policy.strengths); a merge keeps it; the text says the
    # stronger side's multiple of the weaker's, or that it is not measured (assets or aircraft: None).
    games = [_game(i, "red", 4) for i in range(4)]
    whole = stats.summary("s", ["red", "blue"], games, {"red": 3000.0, "blue": 1000.0})
    shards = [stats.summary("s", ["red", "blue"], games[:2], whole["strength"]),
              stats.summary("s", ["red", "blue"], games[2:], whole["strength"])]
    assert stats.merge(shards)["strength"] == {"red": 3000.0, "blue": 1000.0}
    assert "  strength at the start: red 3,000, blue 1,000 (red 3.0 times blue's)" in stats.text(whole)
    unmeasured = stats.text(stats.summary("s", ["red", "blue"], games, None))
    assert "  strength at the start: not measured (assets or aircraft in the battle)" in unmeasured


def test_strengths_of_the_shipped_scenarios():  # BOT-27
    from btcli.bot import policy
    from btcli.store.scenario import parse_scenario_text
    from tests.conftest import SCENARIOS

    def start(name):
        path = SCENARIOS / f"{name}.toml"
        return parse_scenario_text(path.read_text(encoding="utf-8"), 1, str(path.parent), str(path), None)

    crossroads = policy.strengths(start("crossroads"))
    assert crossroads is not None and 1.8 < crossroads["blue"] / crossroads["red"] < 1.95  # 42,583 / 22,816
    drop_duel = policy.strengths(start("drop-duel"))  # its 'Mechs still to drop are counted
    assert drop_duel is not None and min(drop_duel.values()) > 0
    assert policy.strengths(start("town-strike")) is None  # aircraft


def test_bot_30_no_shipped_scenario_is_lopsided():  # BOT-30
    # The shipped scenarios were balanced by simulation (docs/rules-notes.md BOT-30); before, River Strike's column
    # was 31.7 times its VTOLs' strength and Crossroads' Guards 7.7 times the raiders'. None is now above 2.3.
    from btcli.bot import policy
    from btcli.store.scenario import parse_scenario_text
    from tests.conftest import SCENARIOS

    ratios = {}
    for path in sorted(SCENARIOS.glob("*.toml")):
        values = policy.strengths(parse_scenario_text(path.read_text(encoding="utf-8"), 1, str(path.parent),
                                                      str(path), None))
        if values is not None:  # assets or aircraft: not measured
            ratios[path.stem] = max(values.values()) / min(values.values())
    assert len(ratios) == 8 and max(ratios.values()) < 2.5, ratios
