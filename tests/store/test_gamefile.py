"""The game file store: head/log split, append without re-serialising, atomic writes,
save/load round trips and the fast log reader (design.md, Game file)."""

from __future__ import annotations

import os
import tomllib

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from btcli.errors import VerificationError
from btcli.model.orders import MoveOrder, ResolvePhaseOrder
from btcli.store import codec, gamefile, journal
from btcli import runner
from btcli.store.hashing import entry_hash, state_hash
from btcli.store.logparse import parse_log
from btcli.store.scenario import parse_scenario_text
from tests.conftest import SCENARIOS


@pytest.fixture
def initial():
    return parse_scenario_text((SCENARIOS / "crossroads.toml").read_text(), 11)


def new_game(path, state):
    state, entry = journal.init_entry(state, "init crossroads.toml --seed 11")
    gamefile.create(path, state, entry)
    return state


def step(path, order, dice=None):
    game = gamefile.load(path)
    outcome = runner.execute(game.state, order, dice)
    entry = journal.make_entry(game.state, outcome, entry_hash(game.last))
    gamefile.append(game, outcome.state, entry)
    return outcome


def test_state_round_trips_through_the_head(initial):
    again = codec.state_from_dict(tomllib.loads(tomli_w.dumps(codec.state_to_dict(initial))))
    assert codec.state_to_dict(again) == codec.state_to_dict(initial)
    assert state_hash(again) == state_hash(initial)


GOLDEN = SCENARIOS.parent / "tests" / "golden"


@pytest.mark.parametrize("example", sorted(p.name for p in GOLDEN.iterdir() if (p / "game.toml").exists()))
def test_the_head_is_what_tomli_w_writes_of_the_whole_state(example):
    """``render_head`` writes each unit's tables once per unit object and the maps once per maps dict
    (issue #17, ``btcli play``): the head must stay exactly tomli_w's rendering of the state, at every
    entry of every example (buildings damaged, aerospace maps added), whatever the caches hold from the
    entry before."""
    states = []
    runner.verify_text((GOLDEN / example / "game.toml").read_bytes(), each=lambda entry, state: states.append(state))
    for state in states:
        assert gamefile.render_head(state) == gamefile.HEADER + tomli_w.dumps(codec.state_to_dict(state)).encode()
    assert states[-1].units and len(gamefile._unit_cache) >= len(states[-1].units)
    gamefile._unit_cache.clear()  # as ``btcli play`` writes them: the writers' memos kept between heads
    from btcli.store import tomlwrite, typed
    from btcli.store.sharing import Kept

    with Kept(typed.WRITTEN, tomlwrite.WRITTEN):
        for state in states:
            assert gamefile.render_head(state) == gamefile.HEADER + tomli_w.dumps(codec.state_to_dict(state)).encode()
        assert len(tomlwrite.WRITTEN.kept) > 0
    assert typed.WRITTEN.kept is None and tomlwrite.WRITTEN.table is None


@pytest.mark.parametrize("example", sorted(p.name for p in GOLDEN.iterdir() if (p / "game.toml").exists()))
def test_a_loaded_head_is_written_back_as_read_and_a_changed_unit_as_tomli_w_writes_it(example, tmp_path):
    """``load`` starts the head writer's caches with the text each unit and the maps were read from (issue
    #30): a command writes an unchanged unit back as read, and a changed one (or a changed map) afresh."""
    from btcli.model.board import Board
    from btcli.model.state import evolve

    path = tmp_path / "game.toml"
    path.write_bytes((GOLDEN / example / "game.toml").read_bytes())
    game = gamefile.load(path)
    state = game.state
    assert gamefile._map_cache[1] and all(gamefile._unit_cache[id(u)][0] is u for u in state.units.values())
    assert gamefile.render_head(state) == path.read_bytes()[:game.head_end]
    first = next(iter(state.units.values()))
    changed = evolve(state, units={**state.units, first.id: evolve(first, gunnery=first.gunnery + 1)},
                     maps={key: evolve(board, width=board.width + 1) if isinstance(board, Board) else board
                           for key, board in state.maps.items()})
    assert gamefile.render_head(changed) == gamefile.HEADER + tomli_w.dumps(codec.state_to_dict(changed)).encode()


def test_the_head_of_a_game_without_units_is_written_whole(initial):
    from btcli.model.state import evolve

    empty = evolve(initial, units={})
    assert gamefile.render_head(empty) == gamefile.HEADER + tomli_w.dumps(codec.state_to_dict(empty)).encode()


def test_load_reads_back_what_was_written(tmp_path, initial):
    path = tmp_path / "g.toml"
    state = new_game(path, initial)
    assert codec.state_to_dict(gamefile.load(path).state) == codec.state_to_dict(state)


def test_append_keeps_the_old_log_bytes_and_adds_one_entry(tmp_path, initial):
    path = tmp_path / "g.toml"
    new_game(path, initial)
    before = path.read_bytes()
    old_log = before[gamefile.split_head(before) :]
    step(path, ResolvePhaseOrder(), [8, 5])
    after = path.read_bytes()
    new_log = after[gamefile.split_head(after) :]
    assert new_log.startswith(old_log)
    assert new_log[len(old_log) :].count(b"[[log]]") == 1


def test_no_temporary_files_are_left_behind(tmp_path, initial):
    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["g.toml"]


def test_load_finds_head_and_last_entry_across_read_chunks(tmp_path, initial, monkeypatch):
    """Heads and entries larger than one read chunk are assembled correctly."""
    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    whole = gamefile.load(path)
    monkeypatch.setattr(gamefile, "CHUNK", 7)
    small = gamefile.load(path)
    assert (small.head_end, small.last) == (whole.head_end, whole.last)
    assert small.last["seq"] == 2


def test_a_long_game_verifies_after_many_appends(tmp_path, initial):
    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    for unit in ["wasp", "hunchback", "locust", "commando", "scorpion", "manticore", "savannah", "hunchback-2",
                 "edgar"]:
        step(path, MoveOrder(unit, "stand"))
    proved = runner.verify_text(path.read_bytes())
    count, state = proved.count, proved.state
    assert count == 11 and state.phase.value == "movement"


def test_file_permissions_survive_a_write(tmp_path, initial):
    path = tmp_path / "g.toml"
    new_game(path, initial)
    os.chmod(path, 0o640)
    step(path, ResolvePhaseOrder(), [8, 5])
    assert (path.stat().st_mode & 0o777) == 0o640


def test_fast_log_reader_agrees_with_tomllib_on_a_real_game(tmp_path, initial):
    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    step(path, MoveOrder("wasp", "", ("F", "F")))
    data = path.read_bytes()
    assert parse_log(data[gamefile.split_head(data) :]) == tomllib.loads(data.decode())["log"]


def test_the_log_is_read_one_entry_at_a_time(tmp_path, initial):
    """``verify`` streams the log (issue #17, memory flat in the log length): ``iter_log`` yields the
    entries before a damaged block and only then refuses it, and reads a tail from an offset."""
    from btcli.errors import GameFileError
    from btcli.store.logparse import iter_log

    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    step(path, MoveOrder("wasp", "", ("F", "F")))
    data = path.read_bytes()
    start = gamefile.split_head(data)
    whole = tomllib.loads(data.decode())["log"]
    assert list(iter_log(data, start)) == whole == list(iter_log(data[start + 1 :]))  # with or without the newline
    entries = iter_log(data + b"\n[[log]]\nseq = [\n", start)
    assert [next(entries) for _ in whole] == whole
    with pytest.raises(GameFileError, match="a log entry is not valid TOML"):
        next(entries)


def test_the_log_read_in_chunks_gives_the_entries_read_whole(tmp_path, initial):
    """``verify`` reads a long log chunk by chunk (``gamefile.read_log``, issue #17: memory flat in the
    log's length): whatever the chunk size, markers split across chunks included, the entries are
    those of the whole file, and a damaged block is still refused after the entries before it."""
    from btcli.errors import GameFileError
    from btcli.store.logparse import iter_log

    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    step(path, MoveOrder("wasp", "", ("F", "F")))
    step(path, MoveOrder("hunchback", "", ("F",)))
    data = path.read_bytes()
    start = gamefile.split_head(data)
    whole = tomllib.loads(data.decode())["log"]
    head_end = data.index(b"\n[[log]]\n") + 9  # as _read_head may stop: just past the first marker
    for size in (1, 2, 5, 9, 10, 64, 1000):
        rest = data[head_end:]
        chunks = [rest[i:i + size] for i in range(0, len(rest), size)]
        assert list(iter_log(data[:head_end], start, chunks)) == whole, size
    rest = data[head_end:] + b"\n[[log]]\nseq = [\n"
    entries = iter_log(data[:head_end], start, [rest[i:i + 7] for i in range(0, len(rest), 7)])
    assert [next(entries) for _ in whole] == whole
    with pytest.raises(GameFileError, match="a log entry is not valid TOML"):
        next(entries)


def test_verify_streams_the_file_and_proves_what_a_whole_read_proves(tmp_path, initial, monkeypatch):
    """``btcli verify`` on a file read 100 bytes at a time: the same count and final state as a
    whole read, and an edited entry far into the log is still found."""
    path = tmp_path / "g.toml"
    new_game(path, initial)
    step(path, ResolvePhaseOrder(), [8, 5])
    step(path, MoveOrder("wasp", "", ("F", "F")))
    step(path, MoveOrder("hunchback", "", ("F",)))
    monkeypatch.setattr(gamefile, "CHUNK", 4096)  # the head, read up to the chunk holding its first entry
    monkeypatch.setattr(gamefile, "LOG_CHUNK", 100)
    data, more = gamefile.read_log(path)
    assert len(data) < len(path.read_bytes())  # the log is not read with the head
    streamed = runner.verify_text(data, more=more)
    assert streamed == runner.verify_text(path.read_bytes())
    path.write_bytes(path.read_bytes().replace(b'"move hunchback --path F"', b'"move hunchback --path F,F"'))
    data, more = gamefile.read_log(path)
    with pytest.raises(VerificationError, match="entry 4"):
        runner.verify_text(data, more=more)


text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


@settings(max_examples=200, deadline=None)
@given(
    seq=st.integers(min_value=-(10**6), max_value=10**12),
    command=text,
    events=st.lists(text, max_size=4),
    rolls=st.lists(text, max_size=3),
)
def test_fast_log_reader_agrees_with_tomllib_on_any_strings(seq, command, events, rolls):
    entry = {"seq": seq, "turn": abs(seq) % 50, "phase": command[:5], "command": command, "events": events,
             "rolls": rolls, "prev": "", "state": "x"}  # the ordinary entry shape (one-regex path)
    log = gamefile.render_entry(entry) + gamefile.render_entry({**entry, "seq": seq + 1})
    assert parse_log(log) == tomllib.loads(log.decode())["log"]


def test_fast_log_reader_falls_back_to_tomllib_for_other_shapes():
    log = b'\n[[log]]\nseq = 1\nnote = """two\nlines"""\n'
    assert parse_log(log) == [{"seq": 1, "note": "two\nlines"}]


def test_fast_log_reader_rejects_invalid_toml():
    from btcli.errors import GameFileError

    with pytest.raises(GameFileError):
        parse_log(b'\n[[log]]\nseq = 1\nseq = 2\n')


def test_fast_log_reader_line_path_agrees_with_tomllib():
    # an entry without the ordinary shape goes through the line parser
    log = gamefile.render_entry({"seq": 1, "note": "a \\ b \"c\"", "items": ["x", "y"]})
    assert parse_log(log) == tomllib.loads(log.decode())["log"]


@pytest.mark.parametrize("old, new, key", [
    ("turn = 3\n", "turn = 3.0\n", "turn"), ("turn = 3\n", "turn = true\n", "turn"),
    ('events = [\n    "end phase ends', 'events = [\n    1,\n    "end phase ends', "events"),
    ('command = "resolve-phase"', 'command = "resolve-phase "', "command"),
])
def test_verify_tells_a_logged_value_of_another_type_from_the_replays(old, new, key):
    """verify compares each logged entry with its replay's by value and type (1.0 and true are not 1;
    journal.same_entry), here on the last entry, whose hash nothing after it checks."""
    text = (GOLDEN / "crossroads" / "game.toml").read_text()
    head, _, last = text.rpartition("\n[[log]]\n")
    assert old in last
    with pytest.raises(VerificationError, match=f"entry 46: {key} differs from the replay"):
        runner.verify_text((head + "\n[[log]]\n" + last.replace(old, new, 1)).encode())


@pytest.mark.parametrize("a, b, same", [
    ({"a": 1, "b": [1, "x"]}, {"b": [1, "x"], "a": 1}, True),  # key order does not count
    ({"a": [{"k": 1}]}, {"a": [{"k": 1.0}]}, False), ({"a": [[0]]}, {"a": [[False]]}, False),  # types do, nested
    ({"a": 1}, {"a": 2}, False), ([], (), False),
])
def test_logged_and_replayed_tables_are_the_same_by_value_and_type(a, b, same):
    assert journal.same_content(a, b) is same
