"""Issue #33 item 7: a drawn game's map title and replay page read 'a draw' (not 'draw won', 'won by draw')."""

from __future__ import annotations

from btcli.model.state import evolve
from tests import builders as b
from tests.cli.helpers import game_from_state, ok


def test_a_drawn_game_reads_a_draw_on_the_map_and_the_replay_page(tmp_path):
    state = evolve(b.game(b.hunchback("h1", at="0505"), b.hunchback("h2", at="0508", side="blue")),
                   winner="draw", result="turn limit 4 reached")
    game = game_from_state(tmp_path / "drawn.toml", state)
    ok("report", game, "--map", tmp_path / "drawn.svg")
    svg = (tmp_path / "drawn.svg").read_text(encoding="utf-8")
    assert "movement phase - a draw</title>" in svg and "draw won" not in svg
    ok("replay", game, "-o", tmp_path / "drawn.html")
    page = (tmp_path / "drawn.html").read_text(encoding="utf-8")
    assert "movement phase, a draw" in page and "won by draw" not in page
    state = evolve(state, winner="red", result="blue's units are destroyed")
    won = game_from_state(tmp_path / "won.toml", state)
    ok("report", won, "--map", tmp_path / "won.svg")
    assert "movement phase - red won</title>" in (tmp_path / "won.svg").read_text(encoding="utf-8")
