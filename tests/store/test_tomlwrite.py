"""tomlwrite.dumps writes exactly what tomli_w.dumps writes (issue #17: the head is written by it on
every order): on every golden game's head and entries, on heads of random games, on each unit's
tables, and on random data, including strings that need escapes and arrays of tables too long to
write inline."""

from __future__ import annotations

import random
import tomllib
from collections import OrderedDict

import tomli_w

from btcli.store import tomlwrite
from tests.store.test_headparse import GOLDEN_GAMES, STRING_ALPHABET, _random_game_heads


def test_golden_heads_and_entries_are_written_as_tomli_w_writes_them():
    for path in GOLDEN_GAMES:
        data = tomllib.loads(path.read_text())
        assert tomlwrite.dumps(data) == tomli_w.dumps(data), path
        for entry in data["log"][-5:] + data["log"][:1]:
            assert tomlwrite.dumps(entry) == tomli_w.dumps(entry)
            assert tomlwrite.dumps({"log": [entry]}) == tomli_w.dumps({"log": [entry]})
        for uid, unit in data["units"].items():
            assert tomlwrite.dumps({"units": {uid: unit}}) == tomli_w.dumps({"units": {uid: unit}})


def test_heads_of_random_games_are_written_as_tomli_w_writes_them():
    for text in _random_game_heads(random.Random(4242), orders=10):
        data = tomllib.loads(text)
        assert tomlwrite.dumps(data) == tomli_w.dumps(data)


def _value(rng: random.Random, depth: int):
    kind = rng.randrange(9 if depth < 3 else 5)
    if kind == 0:
        return "".join(rng.choice(STRING_ALPHABET) for _ in range(rng.randrange(0, 40)))
    if kind == 1:
        return rng.choice([0, -1, 7, 2**63 - 1, -(2**63)])
    if kind == 2:
        return rng.choice([0.5, -2.25, 1e-7, 1e22, 3.0])
    if kind == 3:
        return rng.random() < 0.5
    if kind == 4:
        return rng.choice(["", "x", "a b", "0110"])
    if kind == 5:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if kind == 6:
        return tuple(_value(rng, depth + 1) for _ in range(rng.randrange(0, 3)))
    if kind == 7:  # an array of tables: inline when short, [[...]] when long
        return [_table(rng, depth + 1) for _ in range(rng.randrange(1, 3))]
    return _table(rng, depth + 1)


def _table(rng: random.Random, depth: int) -> dict:
    keys = ["a", "b-c", "d_e", "0110", "", "a b", "é", 'q"', "x.y", "T"]
    return {rng.choice(keys) + str(i % 3): _value(rng, depth) for i in range(rng.randrange(0, 6))}


def test_random_data_is_written_as_tomli_w_writes_it():
    rng = random.Random(99)
    for _ in range(3000):
        data = _table(rng, 0)
        assert tomlwrite.dumps(data) == tomli_w.dumps(data), data


def test_what_it_does_not_write_itself_goes_to_tomli_w():
    import datetime

    data = {"when": datetime.date(3025, 1, 2), "t": OrderedDict(a=1), "n": True}
    assert tomlwrite.dumps(data) == tomli_w.dumps(data)
