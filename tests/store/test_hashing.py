"""The state hash is computed two ways with one result: a loop over a unit's fields for the few
units a command hashes, a function compiled per class for replays (btcli.store.hashing)."""

from __future__ import annotations

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
