"""Bounds on legal-looking input (issue #29): huge counts, control characters in names, ids that differ only
in case or read as hex labels, repeated options, ids a million characters long, and the words of a size
refusal. Each test failed on the code before issue #29: an internal error (exit 1), an accepted scenario, or
time growing with the square of the input."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, init_game, ok, run
from tests.conftest import SCENARIOS

CROSSROADS = (SCENARIOS / "crossroads.toml").read_text(encoding="utf-8")
HUGE = "9" * 5000


def refused_scenario(tmp_path: Path, text: str) -> str:
    """Checks ``check`` and ``init`` both refuse the scenario ``text`` with one Error: line and exit 4, writing
    no game; returns the line."""
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(text, encoding="utf-8")
    checked = run("check", scenario)
    assert checked.code == 4 and checked.err.startswith("Error: ") and checked.err.count("\n") == 1, checked
    started = run("init", scenario, "-o", tmp_path / "game.toml")
    assert started.code == 4 and started.err == checked.err, started
    assert not (tmp_path / "game.toml").exists()
    return checked.err


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    return init_game(tmp_path_factory.mktemp("bounds"), SCENARIOS / "crossroads.toml", "--seed", "5", "-q")


# -- huge numbers: exit 2 naming the value, not an internal error ------------------------------------------


@pytest.mark.parametrize("args", [
    ("move", "{game}", "wasp", "--batch", HUGE),
    ("deploy", "{game}", "wasp", "--hex", "0101", "--batch", HUGE),
    ("attack", "{game}", "wasp", "commando", "--bomb", HUGE),
])
def test_a_5000_digit_count_is_refused_as_input(game, args):
    words = [str(game) if a == "{game}" else a for a in args]
    err = assert_refused(game, 2, *words, contains=f"({len(HUGE):,} characters)")
    assert len(err) < 200, err  # the value shortened, its length said


@pytest.mark.parametrize("value", ["0", "100", "-1", "٣", "1e3"])
def test_a_count_outside_1_to_99_is_refused(game, value):
    assert_refused(game, 2, "move", game, "wasp", "--batch", value, contains="1-99")


# -- control characters: refused by the scenario schema ------------------------------------------------------


@pytest.mark.parametrize("old, new", [
    ('name = "Crossroads"', 'name = "Cross\\u001b]0;owned\\u0007roads"'),  # the scenario's name: a title escape
    ('name = "Kurita Raiders"', 'name = "Kurita\\u001b[2JRaiders"'),  # a side's name: clear the screen
    ('name = "Kurita Raiders"', 'name = "Kurita\\u0000Raiders"'),  # NUL: invalid XML in the SVG map
    ('name = "Kurita Raiders"', 'name = "Kurita\\u009bRaiders"'),  # C1 CSI
    ('[sides.red]', '[sides."r\\u001bd"]'),  # a key
])
def test_a_control_character_in_a_name_is_refused(tmp_path, old, new):
    assert old in CROSSROADS
    err = refused_scenario(tmp_path, CROSSROADS.replace(old, new))
    assert "control character U+" in err and "\x1b" not in err and "\x00" not in err


def test_a_control_character_in_an_inline_design_name_is_refused(tmp_path):
    text = CROSSROADS.replace('id = "wasp"', 'id = "wasp"\nname = "W\\u001b[31masp"', 1)
    err = refused_scenario(tmp_path, text)
    assert "[[units]] 'wasp' name holds the control character U+001B" in err


def test_names_over_200_characters_are_refused(tmp_path):
    err = refused_scenario(tmp_path, CROSSROADS.replace('name = "Kurita Raiders"', f'name = "{"K" * 100_000}"'))
    assert "at most 200 characters" in err and "(100,000 characters)" in err and len(err) < 300


def test_text_with_newline_in_a_name_is_refused(tmp_path):
    err = refused_scenario(tmp_path, CROSSROADS.replace('name = "Kurita Raiders"', 'name = "Kurita\\nRaiders"'))
    assert "U+000A" in err


# -- ids ----------------------------------------------------------------------------------------------------


def test_unit_ids_equal_ignoring_case_are_refused(tmp_path):
    err = refused_scenario(tmp_path, CROSSROADS.replace('id = "wasp"', 'id = "Hunchback"'))
    assert "'hunchback' and 'Hunchback' differ only in case" in err


def test_side_ids_equal_ignoring_case_are_refused(tmp_path):
    text = CROSSROADS.replace("[sides.red]", "[sides.Blue]").replace('side = "red"', 'side = "Blue"')
    assert "'blue' and 'Blue' differ only in case" in refused_scenario(tmp_path, text)


@pytest.mark.parametrize("uid", ["0101", "0805", "010203"])
def test_a_unit_id_that_reads_as_a_hex_label_is_refused(tmp_path, uid):
    err = refused_scenario(tmp_path, CROSSROADS.replace('id = "wasp"', f'id = "{uid}"'))
    assert "hex label" in err


@pytest.mark.parametrize("uid", ["01010", "0101a", "a0101", "12345678"])
def test_ids_of_other_lengths_or_with_letters_are_kept(tmp_path, uid):
    ok("check", _written(tmp_path, CROSSROADS.replace('id = "wasp"', f'id = "{uid}"')))


def test_an_id_over_64_characters_is_refused_quickly(tmp_path):
    text = CROSSROADS.replace('id = "wasp"', f'id = "{"w" * 1_000_000}"').replace('"wasp"', '"x"')
    start = time.perf_counter()
    err = refused_scenario(tmp_path, text)
    assert time.perf_counter() - start < 10  # twice check and init; report --map took 26 s on such an id
    assert "at most 64 characters" in err and "(1,000,000 characters)" in err and len(err) < 300


def test_a_map_id_is_an_id(tmp_path):
    text = (SCENARIOS / "orbital-descent.toml").read_text(encoding="utf-8")
    bad = text.replace("[maps.low]", "[maps.0101]").replace("[maps.low.", "[maps.0101.")
    assert "map id must" in refused_scenario(tmp_path, bad)


# -- repeated options: linear ----------------------------------------------------------------------------


def test_repeated_options_are_parsed_in_linear_time():
    """60,000 --weapon options took 12.8 s (each repeat copied the list so far); now a few hundredths."""
    from btcli import grammar

    def parse(n: int) -> float:
        words = ["game.toml", "wasp", "commando", *["--weapon=ML"] * n]
        start = time.perf_counter()
        values = grammar.parse("attack", words)
        assert values is not None and len(values["weapon"]) == n
        return time.perf_counter() - start

    assert parse(200_000) < 2.0  # quadratic: minutes


def test_150000_weapon_options_are_refused_at_once(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--seed", "5", "-q")
    start = time.perf_counter()
    err = assert_refused(game, 3, "attack", game, "wasp", "commando", *["--weapon=ML"] * 150_000)
    assert time.perf_counter() - start < 5 and len(err) < 400  # 16 s before issue #29


# -- wording ---------------------------------------------------------------------------------------------


def test_an_oversized_seed_file_is_refused_in_bytes(tmp_path):
    game = init_game(tmp_path, SCENARIOS / "crossroads.toml", "--referee", "-q")
    seed = tmp_path / "game.seed"
    seed.write_bytes(seed.read_bytes() + b"x" * 5000)
    err = assert_refused(game, 4, "resolve-phase", game, contains="over btcli's limit of 4,096 bytes")
    assert f"is {seed.stat().st_size:,} bytes" in err and "MiB" not in err


def _written(folder: Path, text: str) -> Path:
    path = folder / "scenario.toml"
    path.write_text(text, encoding="utf-8")
    return path


# -- huge numbers in MegaMek files: exit 4 naming the value ------------------------------------------------

MEGAMEK = Path(__file__).parents[1] / "megamek" / "fixtures" / "data"


@pytest.mark.parametrize("source, old, new, key", [
    ("mechs/Locust LCT-1V.mtf", "Heat Sinks:10 Single", f"Heat Sinks:{HUGE} Single", 'design = "Locust LCT-1V"'),
    ("vehicles/Scorpion Light Tank.blk", "<tonnage>\n25.0", "<tonnage>\ninf", 'design = "Scorpion Light Tank"'),
    ("vehicles/Scorpion Light Tank.blk", "<cruiseMP>\n4", "<cruiseMP>\nnan", 'design = "Scorpion Light Tank"'),
])
def test_a_huge_or_infinite_number_in_a_unit_file_is_refused(tmp_path, source, old, new, key):
    original = (MEGAMEK / source).read_text(encoding="utf-8")
    assert old in original and key in CROSSROADS
    (tmp_path / Path(source).name).write_text(original.replace(old, new), encoding="utf-8")
    prefix = "mtf" if source.endswith(".mtf") else "blk"
    err = refused_scenario(tmp_path, CROSSROADS.replace(key, f'design = "{prefix}:{Path(source).name}"'))
    assert len(err) < 400, err


def test_a_5000_digit_level_in_a_board_is_refused(tmp_path):
    board = (MEGAMEK / "boards" / "16x17" / "Riverside Town.board").read_text(encoding="utf-8")
    line = next(x for x in board.splitlines() if x.startswith("hex "))
    label, level = line.split()[1:3]
    (tmp_path / "town.board").write_text(board.replace(line, line.replace(f"{label} {level}", f"{label} {HUGE}", 1)),
                                         encoding="utf-8")
    text = ('[map]\nboard = "town.board"\n[sides.a]\n[sides.b]\n'
            '[[units]]\nid = "wasp"\nside = "a"\ndesign = "Wasp WSP-1A"\nposition = "0101"\n'
            '[[units]]\nid = "locust"\nside = "b"\ndesign = "Locust LCT-1V"\nposition = "1617"\n')
    err = refused_scenario(tmp_path, text)
    assert f"hex {label}'s level" in err and len(err) < 400, err
