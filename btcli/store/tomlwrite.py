"""``tomli_w.dumps`` for btcli's plain data, byte for byte, in a third of the time (issue #17).

Every order writes the whole head; tomli_w renders an 80-unit head in about 10 ms, most of it a
character-by-character loop over every string, and importing it (with ``datetime``) costs another
millisecond. ``dumps`` follows tomli_w's own layout rules (tomli_w 1.x ``_writer.py``: a table's plain
keys first, then its sub-tables, an array of tables where an item would not fit inline on one line of
100 characters, arrays one item a line indented four spaces) for dicts, lists, tuples, strings, ints,
floats and booleans of exactly those types; anything else (a date, a subclass) is handed to tomli_w
itself. tests/store/test_tomlwrite.py compares the two on every golden head, random games' heads and
random data.
"""

from __future__ import annotations

from btcli.store.sharing import CallMemo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

_CTRL = frozenset(chr(i) for i in range(32)) | {chr(127)}
_ILLEGAL = frozenset('"\\') | (_CTRL - {"\t"})  # tomli_w's ILLEGAL_BASIC_STR_CHARS: a tab stays as it is
_COMPACT = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
_INDENT = "    "
_MAX_LINE = 100


class _Unsupported(Exception):
    """A value this writer leaves to tomli_w."""


def dumps(data: dict) -> str:
    """Returns ``tomli_w.dumps(data)``."""
    try:
        out: list[str] = []
        _table(data, "", False, out)
        return "".join(out)
    except _Unsupported:
        import tomli_w

        return tomli_w.dumps(data)


WRITTEN = CallMemo()  # while ``write_shared`` runs: id(table or array) -> (it, its text)


def write_shared(write, *args):
    """Returns ``write(*args)``, writing a table of plain values or an array met again (the same
    object: ``typed.write_shared``) from the text written the first time (issue #17)."""
    return WRITTEN.during(write, *args)


def _table(table: dict, name: str, inside_aot: bool, out: list[str]) -> None:
    if type(table) is not dict:
        raise _Unsupported
    written = WRITTEN.table
    if written is not None and name:
        hit = written.get(id(table))
        if hit is not None and hit[0] is table:  # a table without sub-tables, written before
            out.append(f"[[{name}]]\n" if inside_aot else f"[{name}]\n")
            out.append(hit[1])
            return
    yielded = False
    literals, tables = [], []
    for key, value in table.items():
        kind = type(value)
        if kind is dict:
            tables.append((key, value, False))
        elif kind is list and written is not None and written.get(id(value), (None,))[0] is value:
            literals.append((key, value))  # an array written inline before: its tables fit
        elif _is_aot(value) and not all(_fits_inline(item) for item in value):
            tables.extend((key, item, True) for item in value)
        else:
            literals.append((key, value))
    if inside_aot or name and (literals or not tables):
        yielded = True
        out.append(f"[[{name}]]\n" if inside_aot else f"[{name}]\n")
    if literals:
        yielded = True
        lines = [f"{_key(key)} = {_literal(value, 0)}\n" for key, value in literals]
        out += lines
        if written is not None and name and not tables:
            written[id(table)] = (table, "".join(lines))
    for key, value, in_aot in tables:
        if yielded:
            out.append("\n")
        else:
            yielded = True
        part = _key(key)
        _table(value, f"{name}.{part}" if name else part, in_aot, out)


def _is_aot(value: Any) -> bool:
    """tomli_w's is_aot: a nonempty list (or tuple) of tables only."""
    if type(value) not in (list, tuple) or not value:
        return False
    for item in value:
        if type(item) is not dict:
            if isinstance(item, dict):  # a dict subclass: tomli_w's Mapping test, left to tomli_w
                raise _Unsupported
            return False
    return True


def _fits_inline(table: dict) -> bool:
    rendered = f"{_INDENT}{_inline_table(table)},"
    return len(rendered) <= _MAX_LINE and "\n" not in rendered


def _inline_table(table: dict) -> str:
    if not table:
        return "{}"
    return "{ " + ", ".join(f"{_key(key)} = {_literal(value, 0)}" for key, value in table.items()) + " }"


def _literal(value: Any, level: int) -> str:
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int or kind is float:
        return str(value)
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        written = WRITTEN.table
        if written is not None and level == 0:
            hit = written.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        pad = _INDENT * (1 + level)
        text = "[\n" + ",\n".join(pad + _literal(item, level + 1) for item in value) + f",\n{_INDENT * level}]"
        if written is not None and level == 0:
            written[id(value)] = (value, text)
        return text
    if kind is dict:
        return _inline_table(value)
    raise _Unsupported


def _key(key: object) -> str:
    if type(key) is not str:
        raise _Unsupported
    return key if key and _BARE.issuperset(key) else _string(key)


def _string(text: str) -> str:
    if _ILLEGAL.isdisjoint(text):
        return f'"{text}"'
    return '"' + "".join(
        (_COMPACT.get(c) or "\\u" + hex(ord(c))[2:].rjust(4, "0")) if c in _ILLEGAL else c for c in text) + '"'
