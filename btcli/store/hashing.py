"""State and log-entry hashes for the game file's hash chain.

A state hash is the SHA-256 of the state's canonical form: the head exactly as the codec
writes it (every typed field that is not at its default, in declaration order), as compact
JSON, with the format version in front. Nothing is listed by hand, so a new field is hashed
the moment the model has it. Replay hashes tens of thousands of states, so the digest of each
map and each unit is cached by object identity: states are immutable and share the objects
that did not change.
"""

from __future__ import annotations

import hashlib
import json

from btcli.model.state import FORMAT_VERSION, GameState

# Short enough to keep log entries small, long enough (128 bits) to catch any edit.
HASH_CHARS = 32

_cache: dict[int, tuple[object, bytes]] = {}
_CACHE_LIMIT = 4096


def canonical(data: object) -> bytes:
    """Returns the canonical bytes of plain data (compact JSON, keys in the order written)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _digest(obj: object, plain) -> bytes:
    """Returns the digest of ``plain(obj)``, cached by the object's identity."""
    hit = _cache.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    digest = hashlib.sha256(canonical(plain(obj))).digest()
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    _cache[id(obj)] = (obj, digest)
    return digest


def state_hash(state: GameState) -> str:
    """Returns the hash of everything the head of a game file records about ``state``."""
    from btcli.store.codec import board_to_dict, meta_to_dict, unit_to_dict

    parts = [f"btcli-state:{FORMAT_VERSION}".encode(), canonical(meta_to_dict(state))]
    for map_id, board in state.maps.items():
        parts.append(map_id.encode() + _digest(board, board_to_dict))
    for unit in state.units.values():
        parts.append(unit.id.encode() + _digest(unit, unit_to_dict))
    return hashlib.sha256(b"\0".join(parts)).hexdigest()[:HASH_CHARS]


def entry_hash(entry: dict[str, object]) -> str:
    """Returns the hash of one log entry's content (key order and formatting do not count)."""
    if any(isinstance(value, dict) for value in entry.values()):  # the first entry, with the initial state
        blob = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    else:  # plain values: a sorted repr is canonical and faster
        blob = repr(sorted(entry.items())).encode()
    return hashlib.sha256(blob).hexdigest()[:HASH_CHARS]
