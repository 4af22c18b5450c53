"""``report --format json``: the report view as stable, sorted-key JSON."""

from __future__ import annotations

import json

from btcli.model.state import GameState
from btcli.render.view import game_view


def render_json(state: GameState, game: str = "GAME", compact: bool = False) -> str:
    """The report as JSON: indented (``--format json``), or on one line (the global ``--json``)."""
    return json.dumps(game_view(state, game), indent=None if compact else 2, ensure_ascii=False) + "\n"


def render_field(state: GameState, name: str, game: str = "GAME", as_json: bool = False) -> str:
    """Returns one report field as plain text for scripts (with ``as_json``, the global --json: as JSON).

    ``name`` may be a dotted path into tables (``unmoved.red``, ``active.blue``).
    Strings and numbers print as they are, booleans as true/false, empty as
    null, a list of plain values as space-separated words (for shell loops), and
    anything else as compact JSON.
    """
    from btcli.errors import InputError

    value: object = game_view(state, game)
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            known = ", ".join(value) if isinstance(value, dict) else "none"
            raise InputError(f"unknown report field {name!r} (at {part!r}; fields: {known})")
        value = value[part]
    if as_json:  # --json promises JSON on standard output: a string quoted, a list as a list
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return " ".join(str(v) for v in value)
    return json.dumps(value, ensure_ascii=False)
