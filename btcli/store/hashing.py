"""State and log-entry hashes for the game file's hash chain.

A state hash covers every field of the head. Replay hashes tens of thousands of
states, so the JSON of the board and of each unit is cached by object identity:
states are immutable and share the objects that did not change.
"""

from __future__ import annotations

import hashlib
import json

from btcli.model.state import GameState

# Short enough to keep log entries small, long enough (128 bits) to catch any edit.
HASH_CHARS = 32

_cache: dict[int, tuple[object, bytes]] = {}
_CACHE_LIMIT = 4096


def _canonical(data: object) -> bytes:
    # repr of plain dicts, lists, strings and numbers is deterministic (insertion
    # order, shortest float repr) and several times faster than json.dumps.
    return repr(data).encode()


def _part(obj: object, to_dict) -> bytes:
    hit = _cache.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    blob = _canonical(to_dict(obj))
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    _cache[id(obj)] = (obj, blob)
    return blob


def state_hash(state: GameState) -> str:
    """Returns the hash of everything the head of a game file records about ``state``."""
    from btcli.store.codec import board_to_dict, meta_to_dict, unit_to_dict

    parts = [_canonical(meta_to_dict(state)), _part(state.board, board_to_dict)]
    for unit in state.units.values():
        parts.append(_part(unit, unit_to_dict))
    return hashlib.sha256(b"\0".join(parts)).hexdigest()[:HASH_CHARS]


def entry_hash(entry: dict[str, object]) -> str:
    """Returns the hash of one log entry's content (key order and formatting do not count)."""
    blob = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()[:HASH_CHARS]
