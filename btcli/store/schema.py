"""Checks a parsed TOML document against one of btcli's JSON Schemas and words every problem found.

btcli ships JSON Schemas (Draft 7) for its scenario and game files (``schema/`` in the source tree,
``btcli/schema/`` in the wheel; docs/schema.md). Editors with TOML schema support (Taplo, Even Better
TOML) complete and check scenarios with them; the scenario loader checks every scenario against the
same file before it reads it (``btcli.store.scenario``), so the schema and the loader cannot drift.

This is the small validator the loader uses rather than a dependency: it implements the keywords
btcli's schemas use (``KEYWORDS``; a test refuses a schema using any other, and checks this validator
against the ``jsonschema`` library on every scenario and game file the project ships), and it words
each problem by where it sits in the TOML file: ``[map.hexes.1013]: unknown key 'basement' (it
belongs inside building = { ... })``. Only ``btcli init`` and ``btcli check`` import it: the commands
that play a game never read a schema.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import btcli

# The keywords the validator applies, and the annotations it reads past (Draft 7 meanings).
KEYWORDS = {"$ref", "type", "enum", "const", "properties", "additionalProperties", "required", "items",
            "minItems", "maxItems", "minimum", "maximum", "pattern", "maxLength", "allOf", "anyOf", "if", "then", "else"}
ANNOTATIONS = {"$schema", "$comment", "title", "description", "definitions", "default", "examples"}

SCENARIO, GAME = "scenario", "game"

# What a pattern asks for, in words (the schemas' patterns; others are quoted as they are).
PATTERN_WORDS = {
    "^([0-9]{4}|[0-9]{6})$": 'must be a hex label such as "0805"',
    "^(?![0-9]{4}$|[0-9]{6}$)[A-Za-z0-9][A-Za-z0-9_-]*$":
        "must start with a letter or digit, hold only letters, digits, '-' or '_', and not read as a hex label such "
        'as "0805"',
}

# Control characters (C0, DEL, C1) in any text or key of a scenario: names reach terminals, SVG and HTML
# (escape sequences, invalid XML), so none is taken (issue #29).
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
              "object": "a table", "array": "an array", "null": "nothing"}


def folder() -> Path:
    """Returns the folder holding the schemas: ``btcli/schema`` in the wheel, ``schema/`` in the source tree."""
    package = Path(btcli.__file__).parent
    for candidate in (package / "schema", package.parent / "schema"):
        if (candidate / "scenario.schema.json").is_file():
            return candidate
    from btcli.errors import GameFileError

    raise GameFileError("btcli's scenario schema is missing (is btcli installed completely?)")


@cache
def load(name: str) -> dict:
    """Returns the schema ``name`` (``scenario`` or ``game``), read once per process."""
    with open(folder() / f"{name}.schema.json", encoding="utf-8") as f:
        return json.load(f)


def problems(data: object, name: str = SCENARIO) -> list[str]:
    """Returns every problem of ``data`` against the schema ``name``, one line each, in file order."""
    schema = load(name)
    found = _Checker(schema, data).check(data, schema, ())
    if name == SCENARIO:
        found = list(_control_characters(data, ())) + found
    lines = []
    for path, message in found:
        line = _words(path, message, data, name)
        if line not in lines:  # a key checked by two branches of the schema is reported once
            lines.append(line)
    return lines


def id_problem(text: object) -> str | None:
    """Returns what is wrong with ``text`` as an id (the scenario schema's definitions/id), or None."""
    root = load(SCENARIO)
    found = _Checker(root, text).check(text, root["definitions"]["id"], ())
    return found[0][1] if found else None


# -- the validator -------------------------------------------------------------------------------


class _Checker:
    """Walks a document beside its schema and collects (path, message) problems."""

    def __init__(self, root: dict, data: object):
        self.root, self.data = root, data

    def resolve(self, schema: dict) -> dict:
        while "$ref" in schema:
            ref = schema["$ref"]
            if not ref.startswith("#/"):
                raise AssertionError(f"schema: only local references are supported, not {ref!r}")
            target = self.root
            for part in ref[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            schema = target
        return schema

    def valid(self, value: object, schema: dict) -> bool:
        return not self.check(value, schema, ())

    def check(self, value: object, schema: dict, path: tuple) -> list[tuple[tuple, str]]:
        schema = self.resolve(schema)
        out: list[tuple[tuple, str]] = []
        if "type" in schema and not _is_type(value, schema["type"]):
            return [(path, f"must be {_type_words(schema['type'])}, not {shown(value)}")]
        if "enum" in schema and not any(_same(value, choice) for choice in schema["enum"]):
            listed = dict.fromkeys(c.upper() if isinstance(c, str) and c.upper() in schema["enum"] else c
                                    for c in schema["enum"])  # N, not N and n
            choices = ", ".join(str(c) if isinstance(c, str) and c else json.dumps(c) for c in listed)
            return [(path, f"must be one of {choices}, not {shown(value)}")]
        if "const" in schema and not _same(value, schema["const"]):
            return [(path, f"must be {json.dumps(schema['const'])}, not {shown(value)}")]
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                out.append((path, f"must be at least {schema['minimum']}, not {shown(value)}"))
            if "maximum" in schema and value > schema["maximum"]:
                out.append((path, f"must be at most {schema['maximum']}, not {shown(value)}"))
        if isinstance(value, str) and "pattern" in schema and not _matches(schema["pattern"], value):
            wanted = PATTERN_WORDS.get(schema["pattern"], f"must match {schema['pattern']}")
            out.append((path, f"{wanted}, not {shown(value)}"))
        if isinstance(value, str) and len(value) > schema.get("maxLength", len(value)):
            out.append((path, f"must be at most {schema['maxLength']} characters, not {shown(value)} "
                              f"({len(value):,} characters)"))
        if isinstance(value, (list, tuple)):  # a tuple: a scenario built in Python (tests), never from TOML
            out += self._array(value, schema, path)
        if isinstance(value, dict):
            out += self._object(value, schema, path)
        for part in schema.get("allOf", ()):
            out += self.check(value, part, path)
        if "anyOf" in schema:
            out += self._any_of(value, schema["anyOf"], path)
        if "if" in schema:
            branch = schema.get("then") if self.valid(value, schema["if"]) else schema.get("else")
            if branch is not None:
                out += self.check(value, branch, path)
        return out

    def _array(self, value: list | tuple, schema: dict, path: tuple) -> list[tuple[tuple, str]]:
        out = []
        low, high = schema.get("minItems"), schema.get("maxItems")
        if (low is not None and len(value) < low) or (high is not None and len(value) > high):
            count = str(low) if low == high else f"{low or 0} to {high}" if high is not None else f"at least {low}"
            out.append((path, f"must hold {count} items, not {len(value)}"))
        if "items" in schema:
            for i, item in enumerate(value):
                out += self.check(item, schema["items"], path + (i,))
        return out

    def _object(self, value: dict, schema: dict, path: tuple) -> list[tuple[tuple, str]]:
        out = []
        missing = [k for k in schema.get("required", ()) if k not in value]
        if missing:
            out.append((path, "needs " + " and ".join(", ".join(missing).rsplit(", ", 1))))
        known = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in known:
                out += self.check(item, known[key], path + (key,))
            elif extra is False:
                out.append((path, f"unknown key {key!r}{self._hint(key, schema, path)}"))
            elif isinstance(extra, dict):
                out += self.check(item, extra, path + (key,))
        return out

    def _any_of(self, value: object, branches: list, path: tuple) -> list[tuple[tuple, str]]:
        results = [self.check(value, b, path) for b in branches]
        if any(not r for r in results):
            return []
        fitting = [r for b, r in zip(branches, results) if self._fits(value, b)]
        if fitting:  # the branch for this kind of value explains best: the one with the fewest problems
            return min(fitting, key=len)
        kinds = [self.resolve(b).get("type") for b in branches]
        wanted = " or ".join(dict.fromkeys(_type_words(k) for k in kinds if k))
        return [(path, f"must be {wanted or 'something else'}, not {shown(value)}")]

    def _fits(self, value: object, schema: dict) -> bool:
        """Tells whether a branch is meant for this kind of value (its type, or its enum's values)."""
        schema = self.resolve(schema)
        if "type" in schema:
            return _is_type(value, schema["type"])
        if "enum" in schema:
            return any(type(value) is type(c) for c in schema["enum"])
        return all(self._fits(value, part) for part in schema.get("allOf", ()))

    def _hint(self, key: str, schema: dict, path: tuple) -> str:
        """Says where an unknown key belongs: a table beside it that takes it, another table, or a near name."""
        for name, sub in schema.get("properties", {}).items():
            for option in self._object_schemas(sub):
                if key in option.get("properties", {}):
                    return f" (it belongs inside {name} = {{ ... }})"
            items = self.resolve(sub).get("items")
            for option in self._object_schemas(items) if isinstance(items, dict) else ():
                if key in option.get("properties", {}):
                    return f" (it belongs inside each of {name} = [ {{ ... }}, ... ])"
        homes = [title for title, keys in _titled_keys(id(self.root), self.root) if key in keys]
        here = schema.get("title")
        homes = [t for t in dict.fromkeys(homes) if t != here]
        if homes:
            homes = homes[:3]
            return f" (a key of {', '.join(homes[:-1]) + ' or ' if len(homes) > 1 else ''}{homes[-1]})"
        import difflib  # only for a problem

        near = difflib.get_close_matches(key, list(schema.get("properties", {})), n=1, cutoff=0.7)
        if near:
            return f" (did you mean {near[0]!r}?)"
        keys = sorted(schema.get("properties", {}))
        return f" (keys: {', '.join(keys)})" if 0 < len(keys) <= 16 else ""

    def _object_schemas(self, schema: dict) -> list[dict]:
        schema = self.resolve(schema)
        found = [schema] if "properties" in schema else []
        for branch in [*schema.get("allOf", ()), *schema.get("anyOf", ())]:
            found += self._object_schemas(branch)
        return found


_TITLED: dict[int, list] = {}


def _titled_keys(key: int, root: dict) -> list[tuple[str, set[str]]]:
    """Returns (title, keys) of every titled closed table schema in ``root`` (once per schema): the tables
    whose keys are all listed (``additionalProperties: false``)."""
    found = _TITLED.get(key)
    if found is None:
        found = []

        def walk(node):
            if isinstance(node, dict):
                if isinstance(node.get("title"), str) and isinstance(node.get("properties"), dict) \
                        and node.get("additionalProperties") is False:
                    found.append((node["title"], set(node["properties"])))
                for item in node.values():
                    walk(item)
            elif isinstance(node, list):
                for item in node:
                    walk(item)

        walk(root)
        _TITLED[key] = found
    return found


def _is_type(value: object, kind: str | list) -> bool:
    if isinstance(kind, list):
        return any(_is_type(value, k) for k in kind)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) or (isinstance(value, float) and value.is_integer())
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, _JSON_TYPES[kind])


_JSON_TYPES: dict[str, type | tuple[type, ...]] = {"string": str, "boolean": bool, "object": dict,
                                                    "array": (list, tuple), "null": type(None)}


def _same(value: object, choice: object) -> bool:
    """JSON equality: true is not 1, 1.0 is 1."""
    if isinstance(value, bool) or isinstance(choice, bool):
        return value is choice
    return value == choice


def _matches(pattern: str, text: str) -> bool:
    # ECMA-262 '$' ends the text; Python's also matches before a final newline.
    return re.search(pattern[:-1] + r"\Z" if pattern.endswith("$") else pattern, text) is not None


def _type_words(kind: str | list) -> str:
    if isinstance(kind, list):
        return " or ".join(TYPE_WORDS[k] for k in kind)
    return TYPE_WORDS[kind]


def shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "an array"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _control_characters(value: object, path: tuple):
    """Yields a problem for every text or key holding a control character, the first one named."""
    if isinstance(value, str):
        found = CONTROL.search(value)
        if found:
            yield path, f"holds the control character U+{ord(found.group()):04X}, which no text of a scenario may hold"
    elif isinstance(value, dict):
        for key, item in value.items():
            found = CONTROL.search(key)
            if found:
                yield path, f"has a key holding the control character U+{ord(found.group()):04X}: {shown(key)}"
            else:
                yield from _control_characters(item, path + (key,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _control_characters(item, path + (i,))


# -- where a problem is, in the words of the TOML file ----------------------------------------------


NOUNS = {SCENARIO: "the scenario", GAME: "the game file"}


def _words(path: tuple, message: str, data: object, name: str) -> str:
    """Returns a problem as one line: where it is in the file (``[map.hexes.1013] building``,
    ``[[units]] 'wasp' weapons #1``, ``top level``), then what is wrong."""
    if not path and message.startswith("needs "):
        tables = [f"[[{k}]]" if k in ("units", "log") else f"[{k}]" for k in re.findall(r"\w+", message[6:])
                  if k != "and"]
        return f"{NOUNS[name]} has no {' and no '.join(tables)}"
    where = location(path, data)
    if message.startswith(("unknown key", "needs")):
        return f"{where or 'top level'}: {message}"
    return f"{where or 'top level'} {message}"


def location(path: tuple, data: object) -> str:
    """Returns where ``path`` is in the file: the header of the table it is in (``[map.hexes.1013]``, or
    ``[[units]] 'wasp'`` for a unit), then the keys and array items below it (``weapons #1 name``)."""
    node, i, head = data, 0, ""
    if len(path) >= 2 and isinstance(path[1], int) and isinstance(data, dict) and isinstance(data.get(path[0]), (list, tuple)) \
            and isinstance(data[path[0]][path[1]], dict):  # an array of tables: [[units]]
        node = data[path[0]][path[1]]
        uid = node.get("id")
        head = f"[[{_key(path[0])}]] " + (shown(uid) if isinstance(uid, str) and uid else f"#{path[1] + 1}")
        i = 2
    else:
        header = []
        while i < len(path) and isinstance(path[i], str) and isinstance(node, dict) and isinstance(node.get(path[i]), dict):
            header.append(_key(path[i]))
            node = node[path[i]]
            i += 1
        head = "[" + ".".join(header) + "]" if header else ""
    rest = [f"#{p + 1}" if isinstance(p, int) else _key(p) for p in path[i:]]
    return " ".join([head] + rest if head else rest)


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    """Returns a key as TOML writes it: bare where it may be, quoted otherwise."""
    return key if _BARE.match(key) else json.dumps(key, ensure_ascii=False)
