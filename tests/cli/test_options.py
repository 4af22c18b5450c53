"""``btcli options GAME UNIT`` (issue #15): a unit's reachable hexes by mode and the enemies each weapon
can fire at, from the orders' own checks, as text or one JSON object for bots."""

from __future__ import annotations

import json

from tests.cli.helpers import init_game, ok
from tests.cli.test_previews import ATTACK


def test_options_list_the_reachable_hexes_and_the_shots_a_unit_has(tmp_path):  # tables.md 6, 11
    game = init_game(tmp_path, ATTACK)
    ok("resolve-phase", game, "--dice", "12,2", "-q")
    found = json.loads(ok("options", game, "hunchback", "--json").out)
    assert found["unit"] == "hunchback" and set(found["moves"]) == {"walk", "run"}
    assert found["moves"]["walk"]["0506"] == 1  # one hex backward on clear ground: 1 MP (tables.md 11)
    assert "0504" not in found["moves"]["walk"]  # the wasp holds it: no move ends there (TW p.57)
    assert {"weapon": "AC/20@RT", "to_hit": 4} in found["targets"]["wasp"]
    text = ok("options", game, "Hunchback").out  # ids ignore case
    assert "  walk reaches (hex:MP): " in text and "  fires at wasp: AC/20@RT 4+" in text
