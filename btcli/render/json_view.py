"""``report --format json``: the report view as stable, sorted-key JSON."""

from __future__ import annotations

import json

from btcli.model.state import GameState
from btcli.render.view import game_view


def render_json(state: GameState) -> str:
    return json.dumps(game_view(state), indent=2, ensure_ascii=False) + "\n"


def render_field(state: GameState, name: str) -> str:
    """Returns one top-level report field as plain text (JSON for lists and tables)."""
    from btcli.errors import InputError

    view = game_view(state)
    if name not in view:
        raise InputError(f"unknown report field {name!r} (fields: {', '.join(view)})")
    value = view[name]
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    return json.dumps(value, ensure_ascii=False)
