"""The state hash is computed two ways with one result: a loop over a unit's fields for the few
units a command hashes, a function compiled per class for replays (btcli.store.hashing)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from btcli.model.units import Unit
from btcli.store import hashing
from tests.builders import SCORPION, changed, design, game


def test_the_compiled_unit_parts_match_the_loop():
    state = game(design("Atlas AS7-D", "m"), design(SCORPION, "t", at="0505"))
    units = [state.units["m"], state.units["t"], changed(state.units["m"], heat=7, floor=1, crits=("CT:3",)),
             changed(state.units["t"], immobile=True, case=True)]
    compiled = hashing._compile_unit_parts(Unit)
    hashing._UNIT_PARTS.pop(Unit, None)  # later tests start from the loop again
    for unit in units:
        assert compiled(unit) == hashing._unit_parts(unit)


def test_a_changed_field_changes_the_hash_and_a_default_one_is_left_out():
    state = game(design("Atlas AS7-D", "m"))
    unit = state.units["m"]
    assert hashing.state_hash(state) != hashing.state_hash(state.with_unit(changed(unit, heat=1)))
    assert not any(part and part.startswith(b"heat=") for part in hashing._unit_parts(unit))  # heat 0 is the default


def test_a_unit_hashed_from_the_unit_it_replaced_has_the_parts_of_one_hashed_afresh():
    """issue #17: replay hashes a changed unit reusing the parts of the unit it replaced for the fields
    the two share; every field that differs must be written again, and the state hash stay the same."""
    state = game(design("Atlas AS7-D", "m"), design(SCORPION, "t", at="0505"))
    compiled = hashing._compile_unit_parts(Unit)
    hashing._UNIT_PARTS.pop(Unit, None)
    for before, after in ((state.units["m"], changed(state.units["m"], heat=7, floor=1, crits=("CT:3",))),
                          (state.units["t"], changed(state.units["t"], immobile=True, case=True)),
                          (changed(state.units["m"], heat=7), state.units["m"])):  # back to a default: left out
        assert compiled(after, before, compiled(before)) == compiled(after) == hashing._unit_parts(after)
    moved = state.with_unit(changed(state.units["m"], heat=3))
    fresh = hashing.state_hash(moved)
    hashing._cache.clear()
    hashing._LAST_UNITS[:] = (state.units, [u.id.encode() + hashing._unit_digest(u) for u in state.units.values()])
    assert hashing.state_hash(moved) == fresh


_plain = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_plain)
def test_canonical_bytes_are_json_dumps_compact_bytes(data):
    """issue #17: the state hash's canonical form is written by json's C encoder without importing json
    (and re); the bytes are json.dumps's, so every logged hash stays what it was."""
    assert hashing.canonical(data) == json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if isinstance(data, dict):  # the first entry's hash: its keys sorted
        entry = {"initial": data, "seq": 1}
        blob = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        assert hashing.entry_hash(entry) == hashing.blob_hash(blob)


def test_canonical_refuses_what_json_refuses():
    with pytest.raises(TypeError, match="not JSON serializable"):
        hashing.canonical({"a": object()})
