"""headparse reads a game file's head and last entry as tomllib does (issue #17): on every golden
game's head and entries, on heads of random games, and on heads edited at random it either gives
exactly tomllib's data (the dict order and the value types included) or declines (None), and it
declines whatever tomllib refuses."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from btcli.errors import BtcliError
from btcli.model.frozen import evolve
from btcli.model.orders import MoveOrder, ResolvePhaseOrder, WeaponAttackOrder
from btcli.rules.core.turn_order import side_to_move
from btcli.store import files, gamefile, headparse, journal
from btcli import runner
from btcli.store.scenario import parse_scenario_text
from tests.conftest import ROOT

GOLDEN_GAMES = sorted((ROOT / "tests" / "golden").glob("*/game.toml"))
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
# Text that strings in a head may hold: quotes, backslashes, control characters, non-ASCII.
STRING_ALPHABET = list("abc XYZ09_-.,=[]{}#'") + ['"', "\\", "\t", "\n", "\r", "\x00", "\x1b", "\x7f"] + list(
    "éß漢\u00a0\u2028\U0001f600")


def exact(data: object) -> str:
    """The data with its dict order and value types (1 and 1.0 and True differ), for comparing."""
    return json.dumps(data, ensure_ascii=False)


def head_of(text: str) -> str:
    return text[: gamefile.split_head(text.encode())]


def agrees(text: str, entry: bool = False) -> bool:
    """Checks the property on one text; returns whether headparse read it itself."""
    fast = headparse.parse_entry(text) if entry else headparse.parse(text)
    try:
        slow = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None, f"tomllib refuses this text, headparse read it:\n{text[:2000]}"
        return False
    if fast is not None:
        assert exact(fast) == exact(slow), f"headparse and tomllib differ on:\n{text[:2000]}"
        files.check_plain(fast, "the text")  # what headparse reads needs no walk (gamefile._parse)
    return fast is not None


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=lambda p: p.parent.name)
def test_every_golden_head_and_entry_is_read_as_tomllib_reads_it(path: Path):
    text = path.read_text()
    assert agrees(head_of(text)), "a head btcli wrote must not need tomllib"
    blocks = text[gamefile.split_head(text.encode()) + 1:].split("\n[[log]]\n")
    read = [agrees(("" if i == 0 else "[[log]]\n") + block, entry=True) for i, block in enumerate(blocks)]
    assert all(read), "every entry is read without tomllib, the first with its initial state's tables too"


def _random_game_heads(rng: random.Random, orders: int) -> list[str]:
    """Heads of games played at random from each shipped scenario, with random names (escapes)."""
    heads = []
    for path in SCENARIOS:
        try:
            state = parse_scenario_text(path.read_text(), rng.randrange(1, 10_000), base=str(path.parent))
        except BtcliError:  # a scenario that needs files beside it or MegaMek data
            continue
        name = "".join(rng.choice(STRING_ALPHABET) for _ in range(rng.randrange(0, 12)))
        state = evolve(state, name=name)
        state, _first = journal.init_entry(state, "init")
        for _ in range(orders):
            units = [u for u in state.units.values() if u.active]
            tries = []
            side = side_to_move(state) if state.phase.value == "movement" else None
            mover = next((u for u in units if u.side == side and not u.has_moved), None) if side else None
            if mover is not None:
                steps = tuple(rng.choice("FFLRB") for _ in range(rng.randrange(1, 4)))
                tries += [MoveOrder(mover.id, "", steps), MoveOrder(mover.id, "stand")]
            elif state.phase.value == "weapon" and units and rng.random() < 0.7:
                attacker, target = rng.choice(units), rng.choice(units)
                if attacker.weapons:
                    tries.append(WeaponAttackOrder(attacker.id, target.id, (rng.choice(attacker.weapons).label,)))
            tries.append(ResolvePhaseOrder())
            for order in tries:
                try:
                    state = runner.execute(state, order, None).state
                    break
                except BtcliError:
                    continue
            else:
                break
            heads.append(gamefile.render_head(state).decode())
    return heads


def test_heads_of_random_games_are_read_as_tomllib_reads_them():
    rng = random.Random(1717)
    heads = _random_game_heads(rng, orders=25)
    assert len(heads) > 100
    for text in heads:  # tomli_w writes a control character as \uXXXX, which headparse leaves to tomllib
        assert agrees(text) or "\\u" in text, "a head btcli wrote must not need tomllib"
    assert sum("\\u" in text for text in heads) < len(heads) / 2


def _mutations(rng: random.Random, text: str):
    """Random edits of a head: lines dropped, doubled, swapped, respaced, values replaced."""
    values = ["1", "-0", "01", "1.5", "1.50", "1e3", "+1", "inf", "nan", "true", "True", "[]", "[1]", "{}",
              '""', "''", "'x'", '"a\\u00e9"', '"\\ud800"', '"\\x"', '"a"b"', "{ a = 1 }", "{ a = 1, a = 2 }",
              "9" * 30, "0x10", "1_000", '{ a = "x, b = 1" }', '{ a = "p", b = "q" }', "{ a = 1,b = 2 }",
              "{a = 1}", '{ "a" = 1, a = 2 }', "{ a = [] }", '{ a = "x", }', '"\t"', '"\x7f"', "[", "]", "1 # note"]
    lines = text.split("\n")
    for _ in range(400):
        edited = list(lines)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(edited))
            kind = rng.randrange(9)
            if kind == 0:
                del edited[i]
            elif kind == 1:
                edited.insert(i, edited[i])
            elif kind == 2:
                j = rng.randrange(len(edited))
                edited[i], edited[j] = edited[j], edited[i]
            elif kind == 3:
                edited[i] = edited[i].replace(" = ", rng.choice(["=", "  = ", " =", "\t= "]), 1)
            elif kind == 4 and " = " in edited[i]:
                edited[i] = edited[i].split(" = ", 1)[0] + " = " + rng.choice(values)
            elif kind == 5 and edited[i].startswith("    "):
                edited[i] = rng.choice(["    ", "        ", "   "]) + rng.choice(values) + rng.choice([",", ""])
            elif kind == 6 and edited[i].startswith("["):
                edited[i] = rng.choice(["[[units]]", "[ map ]", "[log]", "[log.initial]", "[[log]]", "[log.x.y]", "[map.\"a.b\"]", "[map.'x']", "[game.name]",
                                        "[units]", "[a.b.c]", "[]", edited[i] + " # c", '["" ]', '[""]'])
            elif kind == 7:
                edited[i] = rng.choice(["# a comment", "#\x01", "  ", "\r", "a.b = 1", '"q k" = 1', "\"\" = 2",
                                        "x = [", "    1,", "]", "[map]\r"])
            else:
                edited[i] = edited[i] + rng.choice(["\r", " ", ",", "#"])
        yield "\n".join(edited)


@pytest.mark.parametrize("path", GOLDEN_GAMES[:4], ids=lambda p: p.parent.name)
def test_heads_edited_at_random_are_read_as_tomllib_reads_them_or_declined(path: Path):
    rng = random.Random(path.parent.name)
    read = [agrees(text) for text in _mutations(rng, head_of(path.read_text()))]
    assert any(read) and not all(read)  # both ways were taken


def test_a_declined_head_goes_to_tomllib_with_its_errors(tmp_path):
    game = tmp_path / "game.toml"
    text = GOLDEN_GAMES[0].read_text()
    head = head_of(text)
    game.write_text(head.replace("\n[game]\n", "\n[game]\nturn = 1\n", 1) + text[len(head):])  # a key twice
    with pytest.raises(BtcliError, match="is not valid TOML"):
        gamefile.load(game)


def test_a_string_key_and_escapes_in_the_canonical_shape_are_read():
    text = ('"a b" = "x\\"y\\\\z\\t"\n[t."q.r"]\nv = [\n    { k = "1, 2", "j k" = -3 },\n'
            '    [\n        1.25,\n    ],\n]\n')
    assert headparse.parse(text) == tomllib.loads(text)


@pytest.mark.parametrize("path", GOLDEN_GAMES[4:6], ids=lambda p: p.parent.name)
def test_entries_edited_at_random_are_read_as_tomllib_reads_them_or_declined(path: Path):
    text = path.read_text()
    log = text[gamefile.split_head(text.encode()) + 1:]
    first, last = log.split("\n[[log]]\n")[0], "[[log]]\n" + log.rsplit("\n[[log]]\n", 1)[1]
    rng = random.Random(path.parent.name + " log")
    for block in (first, last):
        read = [agrees("[[log]]\n" + t[len("[[log]]\n"):], entry=True) for t in _mutations(rng, block)]
        assert any(read) and not all(read)


@pytest.mark.parametrize("header, read", [
    ('a."AC/20"', True), ('a."b.c".d', True), ('a.""', True), ('"a".b', True), ('a."é漢"', True),
    ('a."x\\"y"', True), ('a."t\tt"', True),  # an escape, a tab: the regular expression reads them
    ('a."b"c', False), ('a.', False), ('a."\x7f"', False), ('a . b', False),  # tomllib reads the last
])
def test_quoted_header_parts_are_read_as_tomllib_reads_them(header, read):
    """A header's quoted parts (weapon names: ``weapon_specs."AC/20"``) are split without a regular
    expression where they hold no escape (issue #17); the result is tomllib's, or declined."""
    assert agrees(f"[{header}]\nk = 1\n") is read


@pytest.mark.parametrize("text, read", [
    ("[[a]]\nk = 1\n[[a]]\nk = 2\n", True), ('[x]\ny = 1\n[[a]]\n[[a]]\nk = "v"\n[b]\nz = 2\n', True),
    ("[[a.b]]\nk = 1\n[a]\nc = 2\n", True), ('[["q"]]\nk = 1\n', True), ("[t]\nx = 1\n[t.u]\n[[t.v]]\nk = 1\n", True),
    ("[[a]]\nk = 1\n[[b]]\n[[a]]\nm = 2\n", True),
    ("[a]\n[[a]]\n", False), ("[[a]]\n[a]\n", False), ("a = [\n    1,\n]\n[[a]]\n", False), ("[a.b]\n[[a]]\n", False),
    ("[[a]]\nk = 1\nk = 2\n", False), ("[[t.v]]\nk = 1\n[t]\nv = 2\n", False),  # tomllib refuses these
    ("[[a]]\nk = 1\n[a.b]\nq = 1\n", False), ("[[a]]\n[[a.b]]\n", False), ("[[ a ]]\n", False),  # tomllib reads these
])
def test_arrays_of_tables_are_read_as_tomllib_reads_them(text, read):
    """issue #17: a head with attack declarations (``[[declarations]]``) is read without tomllib; a table
    inside an array's table, or a spaced header, is left to it."""
    assert agrees(text) is read


def test_a_head_with_attack_declarations_is_read_without_tomllib():
    state = parse_scenario_text((ROOT / "scenarios" / "crossroads.toml").read_text(), 5)
    state, _first = journal.init_entry(state, "init")
    while state.phase.value != "weapon":
        side = side_to_move(state) if state.phase.value == "movement" else None
        mover = next((u for u in state.units.values() if u.side == side and not u.has_moved), None)
        order = MoveOrder(mover.id, "stand") if mover is not None else ResolvePhaseOrder()
        state = runner.execute(state, order, None).state
    shots = [WeaponAttackOrder(a.id, t.id, (m.label,)) for a in state.units.values() for t in state.units.values()
             if a.side != t.side for m in a.weapons]
    for shot in shots:  # the first shot in range
        try:
            state = runner.execute(state, shot, None).state
            break
        except BtcliError:
            continue
    text = gamefile.render_head(state).decode()
    assert "\n[[declarations]]\n" in text
    assert agrees(text)


@pytest.mark.parametrize("text", [
    "[" + ".".join("t" for _ in range(40)) + "]\nk = 1\n",  # 40 tables deep
    "k = [\n" + "".join("    " * n + "[\n" for n in range(1, 12)) + "".join("    " * n + "],\n" for n in range(11, 0, -1)) + "]\n",
    "k = 12345678901234567890\n", "k = -9223372036854775809\n", "k = " + "9" * 400 + ".5\n",
])
def test_a_value_beyond_check_plains_limits_goes_to_tomllib(text):
    """issue #17: headparse's values are not walked again (gamefile._parse), so it reads nothing deeper
    than MAX_LEVELS or longer than MAX_DIGITS; tomllib reads those and check_plain judges them."""
    assert headparse.parse(text) is None
    agrees(text)
