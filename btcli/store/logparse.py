"""Reads a whole log tail fast, for ``verify``.

tomllib reads a 10,000-entry log in about half a second. Entries written by
tomli_w have a tiny fixed grammar (integers, one-line strings, arrays of
strings), so a block that matches it exactly is read with a regular expression
and json.loads, which for that grammar yields what tomllib yields; any other
block (the first entry with the initial state, a hand-edited one) goes to
tomllib. tests/store/test_logparse.py checks the two agree.
"""

from __future__ import annotations

import json
import re

from btcli.errors import GameFileError
from btcli.store.gamefile import parse_toml

_STRING = r'"(?:[^"\\\x00-\x1f\x7f]|\\["\\btnfr]|\\u[0-9A-Fa-f]{4})*"'
_SCALAR_LINE = re.compile(rf"([A-Za-z0-9_-]+) = (-?(?:0|[1-9][0-9]*)|{_STRING}|\[\])\Z")
_ARRAY_OPEN = re.compile(r"([A-Za-z0-9_-]+) = \[\Z")
_ARRAY_ITEM = re.compile(rf"    ({_STRING}),\Z")


def _string(raw: str) -> str:
    """Decodes a basic string already matched by _STRING (TOML and JSON agree on its escapes)."""
    return raw[1:-1] if "\\" not in raw else json.loads(raw)


def _fast_block(block: str) -> dict[str, object] | None:
    entry: dict[str, object] = {}
    lines = block.split("\n")
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if not line:
            continue
        m = _SCALAR_LINE.match(line)
        if m:
            key, raw = m.groups()
            value: object = [] if raw == "[]" else (_string(raw) if raw[0] == '"' else int(raw))
        else:
            m = _ARRAY_OPEN.match(line)
            if not m:
                return None
            key, value = m.group(1), []
            while i < n and lines[i] != "]":
                item = _ARRAY_ITEM.match(lines[i])
                if not item:
                    return None
                value.append(_string(item.group(1)))
                i += 1
            if i >= n:
                return None
            i += 1
        if key in entry:
            return None
        entry[key] = value
    return entry


def parse_log(log: bytes) -> list[dict[str, object]]:
    """Parses a log tail (starting at its first ``[[log]]``) into entries."""
    try:
        text = log.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError("the game file's log is not UTF-8 text") from None
    if not text.startswith("\n[[log]]\n"):
        text = "\n" + text
    entries = []
    for block in text.split("\n[[log]]\n")[1:]:
        entry = _fast_block(block)
        if entry is None:
            parsed = parse_toml(("[[log]]\n" + block).encode(), "a log entry").get("log")
            if not isinstance(parsed, list) or len(parsed) != 1 or not isinstance(parsed[0], dict):
                raise GameFileError("the game file's log is damaged (an entry is not a [[log]] table)")
            entry = parsed[0]
        entries.append(entry)
    return entries
