"""Units of one design share their values when a head is read (issue #17: an 80-unit head).

``headparse`` reads each section text once and gives every table of that text the same values;
``typed.read_shared`` turns the same plain object into the same typed value; ``render_head`` writes a
shared value once. None of it may change what is read, hashed or written: the state, its hash and
the head are those of a reading that shares nothing.
"""

from __future__ import annotations

import tomllib

import pytest
import tomli_w

from btcli.cli import main
from btcli.errors import GameFileError
from btcli.store import codec, gamefile, headparse, typed
from btcli import runner
from btcli.store.hashing import state_hash
from tests.test_imports import _bench


def test_sections_of_the_same_text_share_their_values_as_tomllib_reads_them():
    text = ('[a]\nx = 1\nw = [\n    "p",\n]\n\n[b]\nx = 1\nw = [\n    "p",\n]\n\n[b.c]\ny = 2\n\n'
            '[d]\nv = [\n    "p",\n]\n')
    parsed = headparse.parse(text)
    assert parsed == tomllib.loads(text)
    assert list(parsed["a"]) == ["x", "w"]  # b's sub-table went to b's own copy
    assert parsed["a"]["w"] is parsed["b"]["w"] is parsed["d"]["v"]  # one array text, read once


def test_a_table_made_by_its_sub_table_first_still_takes_its_keys():
    text = "[a.b]\ny = 2\n\n[a]\nx = 1\n"
    assert headparse.parse(text) == tomllib.loads(text)
    assert headparse.parse("[a.b]\ny = 2\n\n[a]\nb = 1\n") is None  # a key over a table: tomllib refuses it


@pytest.fixture(scope="module")
def eighty(tmp_path_factory):
    """An 80-unit game (bench's scaling case: four designs a side) after a few orders."""
    folder = tmp_path_factory.mktemp("eighty")
    game = folder / "game.toml"
    args = _bench().phase_game(game, _bench().big_scenario(), "attack")
    assert args
    return game


def _unshared(path) -> object:
    """The state read with tomllib and no sharing at all."""
    data = path.read_bytes()
    return codec._state_from_dict(tomllib.loads(data[: gamefile.split_head(data)].decode()))


def test_units_of_one_design_share_their_values_and_read_as_an_unshared_reading(eighty):
    state = runner.load(eighty).state
    blue = [u for u in state.units.values() if u.name == "Hunchback HBK-4G"]
    assert len(blue) >= 2
    assert blue[0].mech.slots is blue[1].mech.slots and blue[0].weapons is blue[1].weapons
    assert blue[0].weapon_specs["AC/20"] is blue[1].weapon_specs["AC/20"]
    plain = _unshared(eighty)
    assert plain.units[blue[0].id].mech.slots is not plain.units[blue[1].id].mech.slots
    assert state == plain and state_hash(state) == state_hash(plain)


def test_the_head_of_shared_units_is_what_tomli_w_writes(eighty):
    state = runner.load(eighty).state
    gamefile._unit_cache.clear()
    assert gamefile.render_head(state) == gamefile.HEADER + tomli_w.dumps(codec.state_to_dict(state)).encode()
    data = eighty.read_bytes()
    assert gamefile.render_head(state) == data[: gamefile.split_head(data)]


def _btcli(*args: str) -> int:
    try:
        main([*args, "-q"])
    except SystemExit as exc:
        return exc.code or 0
    return 0


def test_orders_on_shared_units_change_only_their_own_unit(eighty, tmp_path):
    """red-0 shares its armor and internal structure with every unit of its design: the damage it
    takes stays its own, and the game still verifies."""
    game = tmp_path / "game.toml"
    game.write_bytes(eighty.read_bytes())
    before = runner.load(game).state
    assert _btcli("attack", str(game), "blue-0", "red-0", "--weapon", "AC/20@RT") == 0
    while runner.load(game).state.phase.value == "weapon":
        assert _btcli("resolve-phase", str(game)) == 0
    after = runner.load(game).state
    hurt = {uid for uid, unit in after.units.items()
            if (unit.armor, unit.internal) != (before.units[uid].armor, before.units[uid].internal)}
    assert hurt == {"red-0"}
    assert _btcli("verify", str(game)) == 0


def test_a_shared_reading_lasts_one_call():
    data = {"weapon": "AC/20", "location": "RT"}
    read = typed._reader(tuple[dict[str, str], ...])
    first = typed.read_shared(read, [data, data], "weapons")
    assert first[0] is first[1]
    data["location"] = 7
    with pytest.raises(GameFileError, match="must be a string"):
        typed.read_shared(read, [data], "weapons")
