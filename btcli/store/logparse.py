"""Reads a log tail fast, entry by entry, for ``verify``.

tomllib reads a 10,000-entry log in about half a second. Entries written by
tomli_w have a tiny fixed grammar (integers, one-line strings, arrays of
strings), so a block that matches it exactly is read with a regular expression
and json.loads, which for that grammar yields what tomllib yields; any other
block (the first entry with the initial state, a hand-edited one) goes to
tomllib. tests/store/test_gamefile.py checks the two agree.
"""

from __future__ import annotations

import json
import re

from btcli.errors import GameFileError
from btcli.store.files import parse_toml

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

# A basic string: plain characters, or the escapes TOML and JSON share; written as an unrolled loop
# (runs of plain characters between escapes), which the regex engine matches several times faster.
_PLAIN = r'[^"\\\x00-\x1f\x7f]*'
_STRING = rf'"{_PLAIN}(?:\\(?:["\\btnfr]|u[0-9A-Fa-f]{{4}}){_PLAIN})*"'
_SCALAR_LINE = re.compile(rf"([A-Za-z0-9_-]+) = (-?(?:0|[1-9][0-9]*)|{_STRING}|\[\])\Z")
_ARRAY_OPEN = re.compile(r"([A-Za-z0-9_-]+) = \[\Z")
_ARRAY_ITEM = re.compile(rf"    ({_STRING}),\Z")


def _string(raw: str) -> str:
    """Decodes a basic string already matched by _STRING (TOML and JSON agree on its escapes)."""
    return raw[1:-1] if "\\" not in raw else json.loads(raw)


_INT = r"(-?(?:0|[1-9][0-9]*))"
_ITEMS = rf"((?:    {_STRING},\n)*)"
# The shape every ordinary entry has, matched in one go (the line parser below handles the rest).
_ENTRY = re.compile(
    rf"seq = {_INT}\nturn = {_INT}\nphase = ({_STRING})\ncommand = ({_STRING})\n"
    rf"events = (?:\[\]|\[\n{_ITEMS}\])\nrolls = (?:\[\]|\[\n{_ITEMS}\])\n"
    rf"prev = ({_STRING})\nstate = ({_STRING})\n\Z"
)
_ITEM = re.compile(_STRING)


def _entry(block: str) -> dict[str, Any] | None:
    m = _ENTRY.match(block)
    if m is None:
        return None
    seq, turn, phase, command, events, rolls, prev, state = m.groups()
    return {
        "seq": int(seq),
        "turn": int(turn),
        "phase": _string(phase),
        "command": _string(command),
        "events": [_string(x) for x in _ITEM.findall(events or "")],
        "rolls": [_string(x) for x in _ITEM.findall(rolls or "")],
        "prev": _string(prev),
        "state": _string(state),
    }


def _fast_block(block: str) -> dict[str, Any] | None:
    entry: dict[str, Any] = {}
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
            array: list[str] = []
            key, value = m.group(1), array
            while i < n and lines[i] != "]":
                item = _ARRAY_ITEM.match(lines[i])
                if not item:
                    return None
                array.append(_string(item.group(1)))
                i += 1
            if i >= n:
                return None
            i += 1
        if key in entry:
            return None
        entry[key] = value
    return entry


_MARKER = b"\n[[log]]\n"


def parse_log(log: bytes) -> list[dict[str, Any]]:
    """Parses a log tail (starting at its first ``[[log]]``) into entries."""
    return list(iter_log(log))


def iter_log(data, start: int = 0, more=()):
    """Yields the entries of the log tail ``data[start:]`` (bytes or an mmap) one by one, as
    ``parse_log`` reads them: only one entry's text is decoded at a time. ``more``: the rest of the
    file, in chunks, read only as the entries reach it (``gamefile.read_log``), so ``verify``
    holds a chunk of a long log, never all of it (issue #17)."""
    if data[start:start + len(_MARKER) - 1] == _MARKER[1:]:  # the tail starts with "[[log]]", no newline before
        begin = start + len(_MARKER) - 1
    else:
        at = data.find(_MARKER, start)
        if at < 0:
            return
        begin = at + len(_MARKER)
    for raw in _blocks(data, begin, iter(more)):
        try:
            block = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise GameFileError("the game file's log is not UTF-8 text") from None
        yield _block(block)


def parse_block(raw: bytes) -> dict[str, Any]:
    """Parses the text of one entry (after its ``[[log]]`` line), as ``iter_log`` reads each."""
    try:
        block = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise GameFileError("the game file's log is not UTF-8 text") from None
    return _block(block)


def _blocks(buffer, begin: int, chunks):
    """Yields the raw blocks between log markers, from ``buffer[begin:]`` and then ``chunks``. A
    chunk is added to what is left of the buffer; the search resumes where the last one ended."""
    scan = begin
    while True:
        at = buffer.find(_MARKER, scan)
        if at >= 0:
            yield buffer[begin:at]
            begin = scan = at + len(_MARKER)
            continue
        chunk = next(chunks, b"")
        if not chunk:
            yield buffer[begin:]
            return
        scan = max(begin, len(buffer) - len(_MARKER) + 1) - begin  # a marker may straddle the two
        buffer, begin = buffer[begin:] + chunk, 0


def _block(block: str) -> dict[str, Any]:
    entry = _entry(block)
    if entry is None:
        entry = _fast_block(block)
    if entry is None:
        parsed = parse_toml("[[log]]\n" + block, "a log entry")
        entry = parsed.get("log")
        if set(parsed) != {"log"} or not isinstance(entry, list) or len(entry) != 1 \
                or not isinstance(entry[0], dict):
            raise GameFileError("the game file's log is damaged (something other than a [[log]] entry "
                                "lies between or after its entries)")
        entry = entry[0]
    return entry
