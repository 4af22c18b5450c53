"""``report --format json``: the report view as stable, sorted-key JSON."""

from __future__ import annotations

import json

from btcli.model.state import GameState
from btcli.render.view import game_view


def render_json(state: GameState) -> str:
    return json.dumps(game_view(state), indent=2, ensure_ascii=False) + "\n"
