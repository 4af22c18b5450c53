"""State and log-entry hashes for the game file's hash chain.

A state hash is the SHA-256 of the state's canonical form: the head exactly as the codec
writes it (every typed field that is not at its default, in declaration order), as compact
JSON, with the format version in front. Nothing is listed by hand, so a new field is hashed
the moment the model has it. Replay hashes tens of thousands of states, so the digest of each
map and each unit is cached by object identity: states are immutable and share the objects
that did not change. A unit that changed is hashed from the unit it replaced in the units dict
hashed last, rewriting only the fields that are new objects; the digests are the same as a
hash from scratch (tests/store/test_hashing.py).
"""

from __future__ import annotations

from btcli.digest import sha256
from btcli.model.state import FORMAT_VERSION, GameState
from btcli.store import typed

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

# Short enough to keep log entries small, long enough (128 bits) to catch any edit.
HASH_CHARS = 32

_cache: dict[object, tuple[object, bytes]] = {}
_CACHE_LIMIT = 1 << 12  # objects kept alive by the cache: the objects of a few recent states (verify keeps its memory flat)


def canonical(data: object) -> bytes:
    """Returns the canonical bytes of plain data (compact JSON, keys in the order written): the bytes
    of ``json.dumps(data, ensure_ascii=False, separators=(",", ":"))``."""
    return _json_bytes(data, False)


def _json_bytes(data: object, sort_keys: bool) -> bytes:
    """``json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys).encode()``,
    by the encoder ``json.dumps`` runs: CPython's C encoder, called as json.encoder calls it, without
    importing json, which imports re (together about 5 ms of every command, issue #17). Plain data
    holds no cycles, so no markers; ``_no_json`` is json's refusal. Elsewhere, json's own encoder.
    Checked against json.dumps in tests/store/test_hashing.py."""
    encoder = _encoders.get(sort_keys)
    if encoder is None:
        try:
            from _json import encode_basestring, make_encoder

            encoder = make_encoder(None, _no_json, encode_basestring, None, ":", ",", sort_keys, False, True)
        except (ImportError, TypeError):  # pragma: no cover - no C accelerator, or another signature
            import json

            python = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)
            encoder = lambda data, _level: python.iterencode(data, _one_shot=True)  # noqa: E731
        _encoders[sort_keys] = encoder
    return "".join(encoder(data, 0)).encode()


_encoders: dict[bool, Callable[[object, int], Iterable[str]]] = {}


def _no_json(value: object):
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _digest(obj: object, plain) -> bytes:
    """Returns the digest of ``plain(obj)``, cached by the object's identity."""
    hit = _cache.get(id(obj))  # the common case, an object hashed before, without a closure
    if hit is not None and hit[0] is obj:
        return hit[1]
    return _cached(id(obj), obj, lambda: sha256(canonical(plain(obj))).digest())


def _cached(key: object, obj: object, make) -> bytes:
    """Returns ``make()``, kept under ``key`` while ``obj`` (immutable by convention) is the object it
    was made for: states share the objects that did not change."""
    hit = _cache.get(key)
    if hit is not None and hit[0] is obj:
        return hit[1]
    found = make()
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    _cache[key] = (obj, found)
    return found


def state_hash(state: GameState) -> str:
    """Returns the hash of everything the head of a game file records about ``state``."""
    from btcli.store.codec import map_to_dict

    parts = [f"btcli-state:{FORMAT_VERSION}".encode(), _meta_bytes(state)]
    for map_id, board in state.maps.items():
        parts.append(map_id.encode() + _digest(board, map_to_dict))
    if state.units:
        parts.append(_units_bytes(state.units))
    return sha256(b"\0".join(parts)).hexdigest()[:HASH_CHARS]


def _units_bytes(units: dict) -> bytes:
    """Each unit's id and digest, joined as ``state_hash`` joins its parts. Cached by the dict's
    identity: a phase change or a miss keeps the units of the state before. A new dict is compared
    with the one hashed last, unit by unit: a replayed order changes a few units of many, and only
    those are hashed again (each from the unit it replaced, ``_unit_digest``)."""
    hit = _cache.get(("units", id(units)))
    if hit is not None and hit[0] is units:
        return hit[1]
    last, pieces = _LAST_UNITS
    if last is not None and len(last) == len(units):
        pieces = list(pieces)
        for i, (unit, before) in enumerate(zip(units.values(), last.values())):
            if unit is not before:
                if unit.id != before.id:
                    pieces = None
                    break
                pieces[i] = unit.id.encode() + _unit_digest(unit, before)
    else:
        pieces = None
    if pieces is None:
        pieces = [unit.id.encode() + _unit_digest(unit) for unit in units.values()]
    _LAST_UNITS[:] = (units, pieces)
    return _cached(("units", id(units)), units, lambda: b"\0".join(pieces))


_LAST_UNITS: list = [None, None]  # the units dict hashed last and each unit's id and digest in it


def _meta_bytes(state: GameState) -> bytes:
    """The head outside maps and units: the [game] values, then the digest of each other table
    (options, victory, declarations, pending hits, drop groups, sides), cached by identity."""
    s = state
    game: tuple = (s.name, s.seed, s.rolls, s.revision, s.turn, s.phase.value, s.initiative, s.move_order,
                   s.winner, s.result)
    if s.asset_slots:  # written only when set, so games without assets hash as they always did
        game += (s.asset_slots,)
    parts = [repr(game).encode()]
    for table in (s.options, s.victory, s.declarations, s.pending, s.drops, s.sides):
        parts.append(_digest(table, typed.to_plain))
    if s.deployment is not None:
        parts.append(_digest(s.deployment, typed.to_plain))
    return b"\2".join(parts)


def _unit_digest(unit, before=None) -> bytes:
    """A unit's digest: each field written as the codec writes it, the containers (armor, weapons,
    slots, records) digested on their own and cached by identity, since a changed unit shares most
    of them with the unit it was made from. ``before``: the unit this one replaced, if known, whose
    parts are reused for the fields the two share (the same objects)."""
    hit = _cache.get(id(unit))  # the common case, a unit hashed before, without a closure
    if hit is not None and hit[0] is unit:
        return hit[1]
    parts = _unit_parts(unit, before)
    _cached(("parts", id(unit)), unit, lambda: parts)
    return _cached(id(unit), unit, lambda: sha256(b"\1".join([p for p in parts if p is not None])).digest())


def _unit_parts(unit, before=None) -> list[bytes | None]:
    """A unit's hashed parts, one per field: ``name=repr`` for a plain field, ``name#digest`` for a
    container, None for a field at its default (left out of the hash). A command hashes a few units:
    a loop over the fields. A replay hashes thousands: after ``_COMPILE_AFTER`` units of a class, a
    function generated for it (as dataclasses does), which costs 2 ms to compile and runs twice as
    fast, and reuses the parts of ``before`` (the unit this one replaced) where a field is the same
    object in both."""
    cls = type(unit)
    compiled = _UNIT_PARTS.get(cls)
    if compiled is None:
        seen = _SEEN[cls] = _SEEN.get(cls, 0) + 1
        if seen > _COMPILE_AFTER:
            compiled = _compile_unit_parts(cls)
    if compiled is not None:
        old = None
        if before is not None and type(before) is cls:
            hit = _cache.get(("parts", id(before)))
            if hit is not None and hit[0] is before:
                old = hit[1]
        return compiled(unit, before, old) if old is not None else compiled(unit)
    parts: list[bytes | None] = []
    for name, default, plain, source in typed.field_plan(cls):
        value = typed.lent(unit, name, source, default) if source else getattr(unit, name)
        if value == default:  # a required field's default is MISSING, which equals nothing
            parts.append(None)
        else:
            parts.append(f"{name}={value!r}".encode() if plain else name.encode() + b"#" + _digest(value, typed.to_plain))
    return parts


_COMPILE_AFTER = 200
_SEEN: dict[type, int] = {}
_UNIT_PARTS: dict[type, Callable[..., list[bytes | None]]] = {}  # parts(u) or parts(u, b, old)


def _compile_unit_parts(cls: type):
    """Compiles the function listing a unit's hashed parts (see ``_unit_parts``), once per class:
    ``parts(u)``, or ``parts(u, b, old)`` reusing ``old``, the parts of unit ``b``, where a field of
    ``u`` is the same object as ``b``'s."""
    namespace: dict[str, Any] = {"_digest": _digest, "_plain": typed.to_plain, "_cache": _cache, "id": id,
                                 "_lent": typed.lent}

    def part(i: int, name: str, default: object, plain: bool, indent: str, store: str = "out.append({})") -> list[str]:
        """The lines storing field ``i``'s part of ``v`` in ``out`` (``store``: how)."""
        lines = []
        if default is not typed.MISSING:
            namespace[f"_d{i}"] = default
            lines.append(f"{indent}if v == _d{i}:")
            lines.append(f"{indent}    {store.format('None')}")
            lines.append(f"{indent}else:")
            indent += "    "
        if plain:
            lines.append(f"{indent}{store.format(repr((name + '=').encode()) + ' + repr(v).encode()')}")
        else:
            lines.append(f"{indent}hit = _cache.get(id(v))")  # _digest's own cache, looked up here
            digest = "(hit[1] if hit is not None and hit[0] is v else _digest(v, _plain))"
            lines.append(f"{indent}{store.format(repr((name + '#').encode()) + ' + ' + digest)}")
        return lines

    plan = typed.field_plan(cls)
    lines = ["def parts(u, b=None, old=None):", "    out = []", "    if old is None:"]
    for i, (name, default, plain, source) in enumerate(plan):
        lines.append(f"        v = {_getter('u', i, name, default, source, namespace)}")
        lines += part(i, name, default, plain, "        ")
    lines += ["        return out"]
    lines.append("    out = list(old)")
    for i, (name, default, plain, source) in enumerate(plan):
        lines.append(f"    v = {_getter('u', i, name, default, source, namespace)}")
        lines.append(f"    if v is not {_getter('b', i, name, default, source, namespace)}:")
        lines += part(i, name, default, plain, "        ", f"out[{i}] = {{}}")
    lines.append("    return out")
    exec("\n".join(lines), namespace)  # noqa: S102 - source built above from the class's own field names
    _UNIT_PARTS[cls] = namespace["parts"]
    return namespace["parts"]


def _getter(unit: str, i: int, name: str, default: object, source: tuple[str, ...], namespace: dict[str, Any]) -> str:
    """The expression reading key ``name`` of ``unit``'s table: its field, or the field of the record that
    lends it (``typed.table_plan``)."""
    if not source:
        return f"{unit}.{name}"
    namespace[f"_d{i}"] = default
    return f"_lent({unit}, {name!r}, {source!r}, _d{i})"


def entry_hash(entry: dict[str, object]) -> str:
    """Returns the hash of one log entry's content (key order and formatting do not count)."""
    blob = entry_blob(entry)
    if blob is None:  # the first entry, with the initial state: json.dumps(entry, sort_keys=True, ...)
        blob = _json_bytes(entry, True)
    return blob_hash(blob)


def entry_blob(entry: dict[str, object]) -> bytes | None:
    """The bytes ``entry_hash`` hashes for an entry of plain values (a sorted repr is canonical, types
    included: two entries with the same blob hold the same content); None for one holding a table."""
    if any(isinstance(value, dict) for value in entry.values()):
        return None
    return repr(sorted(entry.items())).encode()


def blob_hash(blob: bytes) -> str:
    return sha256(blob).hexdigest()[:HASH_CHARS]
