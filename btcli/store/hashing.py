"""State and log-entry hashes for the game file's hash chain.

A state hash covers every field of the head. Replay hashes tens of thousands of
states, so the JSON of the board and of each unit is cached by object identity:
states are immutable and share the objects that did not change.
"""

from __future__ import annotations

import hashlib
import json
from operator import attrgetter

from btcli.model.state import GameState

# Short enough to keep log entries small, long enough (128 bits) to catch any edit.
HASH_CHARS = 32

_cache: dict[int, tuple[object, bytes]] = {}
_CACHE_LIMIT = 4096


def _canonical(data: object) -> bytes:
    # repr of plain dicts, lists, strings and numbers is deterministic (insertion
    # order, shortest float repr) and several times faster than json.dumps.
    return repr(data).encode()


def _part(obj: object, render) -> bytes:
    hit = _cache.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    blob = render(obj)
    blob = blob if isinstance(blob, bytes) else _canonical(blob) if not isinstance(blob, str) else blob.encode()
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    _cache[id(obj)] = (obj, blob)
    return blob


# Unit fields hashed as one tuple of plain values; the containers below are hashed
# separately and cached by identity, since evolve() shares them between versions.
UNIT_SCALARS = (
    "id", "side", "name", "tons", "engine", "walk", "run", "jump", "gunnery", "piloting", "heat_sinks",
    "elevation", "destroyed", "prone", "heat", "mp_spent", "hexes_moved", "pilot_hits", "conscious",
    "shutdown", "twist", "crits", "fired", "damage_phase", "unverified",
)
UNIT_ENUMS = ("kind", "motive", "facing", "mode")
UNIT_CONTAINERS = ("armor", "internal", "max_armor", "max_internal", "weapons", "ammo", "slots", "extra")


_scalars = attrgetter(*UNIT_SCALARS)
_enums = attrgetter(*UNIT_ENUMS)
_containers = attrgetter(*UNIT_CONTAINERS)


def _unit_bytes(unit) -> bytes:
    enums = tuple(e.name for e in _enums(unit))
    position = unit.position.label if unit.position is not None else ""
    parts = [repr((_scalars(unit), enums, position)).encode()]
    parts.extend(_part(c, repr) for c in _containers(unit))
    return b"\1".join(parts)


def state_hash(state: GameState) -> str:
    """Returns the hash of everything the head of a game file records about ``state``."""
    # The board and each unit enter as their own cached digests: a state hash then costs a few
    # hundred bytes of hashing however large the map and the units' records are.
    parts = [_meta_bytes(state), _part(state.board, _board_digest), _part(state.units, _units_bytes)]
    return hashlib.sha256(b"\0".join(parts)).hexdigest()[:HASH_CHARS]


def _board_digest(board) -> bytes:
    from btcli.store.codec import board_to_dict

    return hashlib.sha256(_canonical(board_to_dict(board))).digest()


def _unit_digest(unit) -> bytes:
    return hashlib.sha256(_unit_bytes(unit)).digest()


def _meta_bytes(state: GameState) -> bytes:
    """Every head field outside the map and the units, as one tuple (containers cached by identity)."""
    s = state
    scalars = (
        s.name, s.seed, s.rolls, s.revision, s.turn, s.phase.value, s.initiative, s.move_order, s.winner, s.result,
        (s.victory.turn_limit, s.victory.destroy_share),
    )
    parts = [repr(scalars).encode(), _part(s.declarations, repr), _part(s.pending, repr), _part(s.sides, repr),
             _part(s.options, repr)]
    if s.drops:  # only games with dropping reserves (DROP-01): older games keep their hashes
        parts.append(_part(s.drops, repr))
    return b"\2".join(parts)


def _units_bytes(units: dict) -> bytes:
    return b"".join(_part(unit, _unit_digest) for unit in units.values())


def entry_hash(entry: dict[str, object]) -> str:
    """Returns the hash of one log entry's content (key order and formatting do not count)."""
    if any(isinstance(value, dict) for value in entry.values()):  # the first entry, with the initial state
        blob = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    else:  # plain values: a sorted repr is canonical and faster
        blob = repr(sorted(entry.items())).encode()
    return hashlib.sha256(blob).hexdigest()[:HASH_CHARS]
