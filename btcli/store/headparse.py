"""Reads a game file's head (and its last log entry) fast, as tomllib would (issue #17).

Every command parses the head; tomllib takes about 4 ms for an 8-unit game's head and 30 ms for an
80-unit one, and importing it another 4 ms. The head is written by tomli_w, whose output has a small
fixed shape: ``[table.path]`` headers, ``key = value`` lines with single spaces, and as values basic
strings, integers, decimal floats, booleans, ``[]``, and arrays written one item a line (four spaces,
a trailing comma) of those scalars, of one-line inline tables of them, or of such arrays. ``parse`` reads exactly that
shape and returns None for anything else (a literal string, a ``\\u`` escape, a dotted key, an array of
tables, a key or table given twice, extra spaces, CRLF): the caller then asks tomllib,
so a file edited by hand gets tomllib's answer or its error. For the shape it accepts, TOML and this
reader agree on every value (tests/store/test_headparse.py compares them on every golden head and on
random heads), the dict order included.
"""

from __future__ import annotations

# re and json are imported where a line needs them: a command whose head is all common lines
# imports neither (about 5 ms of every command, issue #17).

# A basic string: TOML takes a tab as it is, no other control character; no \u escapes (JSON would
# take a lone surrogate, TOML refuses it).
_STRING = r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\["\\btnfr])*"'
_KEY = rf"(?:[A-Za-z0-9_-]+|{_STRING})"
_SCALAR = rf"(?:{_STRING}|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?|true|false)"
# The patterns below are compiled when a line needs one: the common lines are told by string methods
# (compiling them all costs a millisecond of every command, issue #17).
_KEY_LINE = rf"({_KEY}) = (.*)\Z"
_HEADER = rf"\[({_KEY}(?:\.{_KEY})*)\]\Z"
_HEADER_PART = _KEY
_COMMENT = r"#[^\x00-\x08\x0a-\x1f\x7f]*\Z"  # TOML: a comment holds no control character but tab
_SCALAR_ONLY = rf"{_SCALAR}\Z"
_INLINE = rf"\{{ {_KEY} = {_SCALAR}(?:, {_KEY} = {_SCALAR})* \}}\Z"
_INLINE_PAIR = rf"({_KEY}) = ({_SCALAR})"
_compiled: dict[str, object] = {}


def _pattern(source: str):
    found = _compiled.get(source)
    if found is None:
        import re

        found = _compiled[source] = re.compile(source, re.S)
    return found


# What this reader returns passes files.check_plain by construction, so the caller need not walk it
# (issue #17): at most MAX_LEVELS header parts and array levels (depth well under files.MAX_DEPTH),
# integers and a float's whole part of at most MAX_DIGITS digits (inside 64 bits, finite). Anything
# longer or deeper goes to tomllib and check_plain.
MAX_LEVELS = 8
MAX_DIGITS = 18


class _NotCanonical(Exception):
    """The text is not in the shape tomli_w writes: tomllib reads it."""


_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_BARE_DOTTED = _BARE | {"."}


def _key(raw: str) -> str:
    return raw if raw[0] != '"' else _string(raw)


def _string(raw: str) -> str:
    """Decodes a basic string matched by _STRING (TOML and JSON agree on these escapes)."""
    if "\\" not in raw:
        return raw[1:-1]
    import json

    return json.loads(raw, strict=False)  # strict=False: a tab as it is


def _scalar(raw: str):
    """Returns the value of a scalar as TOML reads it; raises _NotCanonical for any other text.

    The common cases are told by string methods, before any regular expression (speed, issue #17)."""
    first = raw[:1]
    if first == '"':
        inner = raw[1:-1]
        if len(raw) >= 2 and raw[-1] == '"' and '"' not in inner and "\\" not in inner and inner.isprintable():
            return inner  # printable: no control character, which TOML would refuse
        if _pattern(_SCALAR_ONLY).match(raw) is None:
            raise _NotCanonical
        return _string(raw)
    if raw.isdigit() and raw.isascii() and (first != "0" or raw == "0") and len(raw) <= MAX_DIGITS:
        return int(raw)
    if raw == "true":
        return True
    if raw == "false":
        return False
    whole, point, fraction = (raw[1:] if first == "-" else raw).partition(".")
    if not (whole.isdigit() and whole.isascii() and (whole[0] != "0" or whole == "0") and len(whole) <= MAX_DIGITS):
        raise _NotCanonical  # not a decimal integer or float as TOML writes them
    if not point:
        return int(raw)
    if not (fraction.isdigit() and fraction.isascii()):
        raise _NotCanonical
    return float(raw)  # what tomllib does with a decimal float's text


def _inline_table(raw: str) -> dict:
    if raw == "{}":
        return {}
    if "\\" not in raw and raw.startswith("{ ") and raw.endswith(" }"):
        try:  # the common case, split at ", " and " = ": a split inside a string leaves a bad scalar
            return _pairs([piece.partition(" = ") for piece in raw[2:-2].split(", ")])
        except _NotCanonical:
            pass
    if _pattern(_INLINE).match(raw) is None:
        raise _NotCanonical
    return _pairs([(key, " = ", value) for key, value in _pattern(_INLINE_PAIR).findall(raw[2:-2])])


def _pairs(pairs: list[tuple[str, str, str]]) -> dict:
    table = {}
    for key, sep, value in pairs:
        if not sep or not key or (key[0] != '"' and not _BARE.issuperset(key)):
            raise _NotCanonical
        if key[0] == '"' and _pattern(_STRING + r"\Z").match(key) is None:
            raise _NotCanonical
        table[_key(key)] = _scalar(value)
    if len(table) != len(pairs):  # a key given twice: tomllib refuses it
        raise _NotCanonical
    return table


def _items(lines: list[str], i: int, level: int = 0) -> tuple[list, int]:
    """Reads an array's items from line ``i`` to its closing line; returns them and the next line.
    tomli_w indents each level's items four spaces more and closes an inner array with ``],``."""
    if level >= MAX_LEVELS:
        raise _NotCanonical
    items: list = []
    pad = "    " * (level + 1)
    close = "    " * level + ("]," if level else "]")
    n = len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if line == close:
            return items, i
        if line == pad + "[":  # an inner array, its items on the lines below
            item, i = _items(lines, i, level + 1)
            items.append(item)
            continue
        if not line.startswith(pad) or not line.endswith(","):
            raise _NotCanonical
        raw = line[len(pad):-1]
        if raw == "[]":
            items.append([])
        else:
            items.append(_inline_table(raw) if raw[:1] == "{" else _scalar(raw))
    raise _NotCanonical  # the array never closes


def _parse(text: str, tables: bool, within: str = "") -> dict:
    """Reads the text's tables; ``within``: the text is the body of one ``[[within]]`` entry, whose
    tables are headed ``[within.x]`` (tomllib's tables of an array's last element).

    A line starting ``[`` is a table's header (every other line of a table starts with a key, an
    array's lines with spaces or ``]``), so the text is split there. Units of one design have
    sections and arrays of the same text (their armor, slots, weapons): each text is read once, and
    its values are shared by every table that has it (issue #17: an 80-unit head). Shared values are
    never changed: a table given a sub-table later is copied first, and the readers above build new
    values from what they read."""
    root: dict = {}
    declared: set[tuple[str, ...]] = set()
    bodies: dict[str, dict] = {}  # a section's text: its table, read once
    arrays: dict[str, list] = {}  # an array's text: its items, read once
    shared: set[int] = set()  # the tables taken from ``bodies``
    chunks = ("\n" + text).split("\n[")
    _merge(root, _body(chunks[0], arrays))
    if len(chunks) > 1 and not tables:
        raise _NotCanonical
    appended: set[tuple[str, ...]] = set()  # the arrays of tables, made by [[path]] headers
    for chunk in chunks[1:]:
        line, _, body = chunk.partition("\n")
        if line[:1] == "[":  # [[path]]: one more table of an array of tables (attack declarations)
            _append_table(root, line, body, arrays, declared, appended, shared, within)
            continue
        path = _header_path(line[:-1]) if line[-1:] == "]" else None
        if path is None:  # a part quoted with escapes, or no header at all
            m = _pattern(_HEADER).match("[" + line)
            if m is None:
                raise _NotCanonical
            path = tuple(_key(part) for part in _pattern(_HEADER_PART).findall(m.group(1)))
        if len(path) > MAX_LEVELS:
            raise _NotCanonical
        if path in declared or path in appended:  # a table given twice: tomllib refuses it
            raise _NotCanonical
        declared.add(path)
        if within:  # [log.initial] and the like: tables of the entry itself, never its siblings
            if len(path) < 2 or path[0] != within:
                raise _NotCanonical
            path = path[1:]
        parent = _parent(root, path, shared)
        last = path[-1]
        found = bodies.get(body)
        if found is None:
            found = bodies[body] = _merge({}, _body(body, arrays))
        table = parent.get(last)
        if table is None:
            parent[last] = found
            shared.add(id(found))
        elif not isinstance(table, dict):  # a header through a value: tomllib refuses it
            raise _NotCanonical
        else:  # made by a sub-table's header above it
            _merge(table, found.items())
    return root


def _parent(root: dict, path: tuple[str, ...], shared: set[int]) -> dict:
    """The table that holds ``path``'s last part, made as tomllib makes it: each part a table, a shared
    one copied before it gets a sub-table or an array (its own copy), a value on the way refused."""
    parent = root
    for part in path[:-1]:
        table = parent.setdefault(part, {})
        if not isinstance(table, dict):  # a header through a value: tomllib refuses it
            raise _NotCanonical
        if id(table) in shared:
            table = parent[part] = dict(table)
        parent = table
    return parent


def _append_table(root: dict, line: str, body: str, arrays: dict, declared: set, appended: set, shared: set,
                  within: str) -> None:
    """Reads a ``[[path]]`` header (``line`` without its first bracket) and its keys into ``root``: a new
    table at the end of the array at ``path``. The tables tomli_w writes for a list of records; a header
    through such an array (a table inside one of its tables), or an escape in the path, is left to
    tomllib."""
    path = _header_path(line[1:-2]) if line[-2:] == "]]" else None
    if path is None or within or path in declared or len(path) > MAX_LEVELS:
        raise _NotCanonical
    parent = _parent(root, path, shared)
    array = parent.get(path[-1])
    if array is None:
        array = parent[path[-1]] = []
        appended.add(path)
    elif path not in appended:  # a value or a table of that name: tomllib refuses it
        raise _NotCanonical
    array.append(_merge({}, _body(body, arrays)))


def _header_path(text: str) -> tuple[str, ...] | None:
    """Splits a header's dotted key (``units.blue-4.weapon_specs."AC/20"``) without a regular
    expression (compiling _HEADER costs a millisecond, and weapon names are quoted); None for a part
    this does not read (an escape, a character TOML would refuse), which _HEADER then reads."""
    if '"' not in text:  # bare parts: no empty one
        if text and _BARE_DOTTED.issuperset(text) and text[0] != "." and text[-1] != "." and ".." not in text:
            return tuple(text.split("."))
        return None
    parts = []
    rest = text
    while True:
        if rest[:1] == '"':
            end = rest.find('"', 1)
            inner = rest[1:end]
            if end < 0 or "\\" in inner or not inner.isprintable():
                return None
            rest = rest[end + 1:]
        else:
            dot = rest.find(".")
            inner = rest if dot < 0 else rest[:dot]
            if not inner or not _BARE.issuperset(inner):
                return None
            rest = rest[len(inner):]
        parts.append(inner)
        if not rest:
            return tuple(parts)
        if rest[0] != ".":
            return None
        rest = rest[1:]


def _merge(table: dict, pairs) -> dict:
    """Adds ``pairs`` to ``table``; a key given twice (or a table's name) is refused, as tomllib does."""
    count = len(table)
    for key, value in pairs:
        table[key] = value
        count += 1
    if len(table) != count:
        raise _NotCanonical
    return table


def _body(text: str, arrays: dict[str, list]) -> list[tuple[str, object]]:
    """Reads a section's key lines (the text after its header) as (key, value) pairs."""
    pairs = []
    lines = text.split("\n")
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        i += 1
        first = line[:1]
        if not first:
            continue
        if first == "#":
            if not line.isprintable() and _pattern(_COMMENT).match(line) is None:  # printable: no control character
                raise _NotCanonical
            continue
        if first == "[":  # a header inside a section: the caller split the text at every one
            raise _NotCanonical
        key, sep, raw = line.partition(" = ")
        if not (sep and key and _BARE.issuperset(key)):  # a quoted key, or no key line at all
            m = _pattern(_KEY_LINE).match(line)
            if m is None:
                raise _NotCanonical
            key, raw = _key(m.group(1)), m.group(2)
        if raw == "[":
            try:
                end = lines.index("]", i)  # the closing line (an inner array closes with "    ],")
            except ValueError:
                raise _NotCanonical from None  # the array never closes
            source = "\n".join(lines[i:end])
            value = arrays.get(source)
            if value is None:
                value, after = _items(lines, i)
                if after != end + 1:
                    raise _NotCanonical
                arrays[source] = value
            i = end + 1
        elif raw == "[]":
            value = []
        else:
            value = _scalar(raw)
        pairs.append((key, value))
    return pairs


def parse(text: str) -> dict | None:
    """Returns the head's data as ``tomllib.loads(text)`` would, or None if the text is not in the
    shape tomli_w writes (the caller asks tomllib)."""
    try:
        return _parse(text, tables=True)
    except (_NotCanonical, ValueError, RecursionError):  # ValueError: an integer of thousands of digits
        return None


def parse_entry(text: str) -> dict | None:
    """Returns ``tomllib.loads(text)`` for the text of one ``[[log]]`` entry as tomli_w writes it (its
    ``[[log]]`` line first, then its keys, and the first entry's ``[log.initial...]`` tables), or None
    for anything else (a damaged end: tomllib then says what it is)."""
    if not text.startswith("[[log]]\n"):
        return None
    try:
        return {"log": [_parse(text[8:], tables=True, within="log")]}
    except (_NotCanonical, ValueError, RecursionError):
        return None
