"""The scenario and game schemas (issue #16): the schema files, btcli's checker of them and the scenario
loader agree. Every scenario the project ships or tests with, and every golden game file, is valid; a set of
broken scenarios is refused by the loader, by btcli's checker and by the reference ``jsonschema`` library alike,
with every problem listed; random damage to valid scenarios is judged the same by both checkers."""

from __future__ import annotations

import copy
import json
import random
import re
import tomllib
from pathlib import Path

import pytest

from btcli.errors import InputError, ScenarioError
from btcli.store import schema
from btcli.store.scenario import parse_scenario_text, scenario_from_dict
from tests.conftest import EXAMPLES, ROOT, SCENARIOS
from tests.store import game_schema

SCHEMA_DIR = ROOT / "schema"
SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml")) + sorted((ROOT / "tests" / "cli").glob("*.toml")) \
    + sorted((ROOT / "tests" / "play" / "scenarios").glob("*.toml"))
GOLDEN_GAMES = sorted((ROOT / "tests" / "golden").glob("*/game.toml"))


def _load(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _reference(name: str):
    """Returns the reference validator (the ``jsonschema`` library, a test dependency) for a schema."""
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft7Validator(json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8")))


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


# -- the schema files ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["scenario", "game"])
def test_each_schema_is_a_valid_draft_7_schema(name):
    validator = _reference(name)
    validator.check_schema(validator.schema)
    assert validator.schema["$schema"] == "http://json-schema.org/draft-07/schema#"  # what Taplo reads


def _keywords(node: dict, found: set[str]) -> set[str]:
    """Collects the keywords a schema uses, walking only the places that hold schemas."""
    for key, value in node.items():
        found.add(key)
        if key in ("properties", "definitions"):
            for sub in value.values():
                _keywords(sub, found)
        elif key in ("items", "additionalProperties", "if", "then", "else") and isinstance(value, dict):
            _keywords(value, found)
        elif key in ("allOf", "anyOf"):
            for sub in value:
                _keywords(sub, found)
    return found


@pytest.mark.parametrize("name", ["scenario", "game"])
def test_the_schemas_use_only_keywords_btclis_checker_applies(name):
    # A keyword btcli.store.schema does not know would be ignored by the loader but not by an editor.
    used = _keywords(schema.load(name), set())
    assert used <= schema.KEYWORDS | schema.ANNOTATIONS, used - schema.KEYWORDS - schema.ANNOTATIONS


def test_the_shipped_game_schema_is_the_one_built_from_the_records(regen_golden):
    shipped = SCHEMA_DIR / "game.schema.json"
    if regen_golden:
        shipped.write_text(game_schema.text(), encoding="utf-8")
        pytest.skip("schema/game.schema.json regenerated")
    assert shipped.read_text(encoding="utf-8") == game_schema.text(), (
        "a record changed: regenerate with python -m pytest tests/store/test_schemas.py --regen-golden")


def test_every_shipped_scenario_names_the_schema_in_its_first_line():
    for path in sorted(SCENARIOS.glob("*.toml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == "#:schema ../schema/scenario.schema.json", path.name
        # the same relative path works in the source tree and in the wheel (btcli/scenarios, btcli/schema)
        assert (path.parent / first.split(" ", 1)[1]).resolve() == (SCHEMA_DIR / "scenario.schema.json").resolve()


# -- valid files: both checkers and the loader accept them --------------------------------------------------


def test_the_corpus_holds_every_scenario_the_examples_and_goldens_start_from():
    started = set()
    for script in sorted(EXAMPLES.rglob("*.sh")):
        started |= set(re.findall(r"scenarios/([\w-]+\.toml)", script.read_text(encoding="utf-8")))
    assert started and started <= {p.name for p in SCENARIO_FILES}


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=_ids(SCENARIO_FILES))
def test_every_scenario_validates_against_the_schema_and_loads(path):
    data = _load(path)
    assert schema.problems(data) == []
    assert parse_scenario_text(path.read_text(encoding="utf-8"), base=str(path.parent)).units
    assert list(_reference("scenario").iter_errors(data)) == []  # last: skipped without jsonschema


@pytest.mark.parametrize("path", GOLDEN_GAMES, ids=_ids(GOLDEN_GAMES))
def test_every_golden_game_file_validates_against_the_game_schema(path):
    data = _load(path)
    assert schema.problems(data, schema.GAME) == []
    assert list(_reference("game").iter_errors(data)) == []


def test_a_damaged_game_head_is_refused_by_the_game_schema():
    data = _load(GOLDEN_GAMES[0])
    data["game"]["turns"] = 3
    data["units"][next(iter(data["units"]))]["heat"] = "hot"
    problems = schema.problems(data, schema.GAME)
    assert "[game]: unknown key 'turns' (did you mean 'turn'?)" in problems
    assert any(re.fullmatch(r"\[units\.[\w-]+\] heat must be a whole number, not 'hot'", p) for p in problems)
    assert not _reference("game").is_valid(data)


# -- broken scenarios: refused by the loader and both checkers, every problem listed --------------------------

BASE = _load(SCENARIOS / "crossroads.toml")  # units: hunchback, commando, ...; hex 1013 is a building

BROKEN = {
    "an unknown top-level key": (
        lambda d: d.update(weather="rain"),
        ["top level: unknown key 'weather' (keys: campaign, deployment, drops, map, maps, options, scenario, sides, units)"]),
    "an unknown key in [map]": (
        lambda d: d["map"].update(colour="green"),
        ["[map]: unknown key 'colour' (keys: board, bridge, building, depth, height, hexes, level, minefield, road, "
         "road_exits, ruin, terrain, width)"]),
    "an unknown key in a hex": (
        lambda d: d["map"]["hexes"]["0804"].update(forest=True),
        ["[map.hexes.0804]: unknown key 'forest' (keys: bridge, building, depth, level, minefield, road, "
         "road_exits, ruin, terrain)"]),
    "basement beside building = {...}": (
        lambda d: d["map"]["hexes"]["1013"].update(basement="none"),
        ["[map.hexes.1013]: unknown key 'basement' (it belongs inside building = { ... })"]),
    "a unit key in a side's table": (
        lambda d: d["sides"]["blue"].update(gunnery=3),
        ["[sides.blue]: unknown key 'gunnery' (a key of a ground unit, an aerospace unit or an inline aerospace "
         "unit)"]),
    "a weapon's key on its unit": (
        lambda d: d["units"][0].update(location="RA"),
        ["[[units]] 'hunchback': unknown key 'location' (it belongs inside each of weapons = [ { ... }, ... ])"]),
    "an aerospace key on a ground unit": (
        lambda d: d["units"][0].update(velocity=2),
        ["[[units]] 'hunchback': unknown key 'velocity' (a key of an aerospace unit or an inline aerospace unit)"]),
    "a scenario key in [map]": (
        lambda d: d["map"].update(turn_limit=8),
        ["[map]: unknown key 'turn_limit' (a key of [scenario])"]),
    "wrong types": (
        lambda d: (d["scenario"].update(seed="3025"), d["map"].update(width="16"),
                   d["map"]["hexes"]["0804"].update(road="yes"), d["sides"].update(blue="Davion"),
                   d["units"][0].update(facing=3), d["units"][1].update(weapons="PPC"),
                   d["units"][2].update(armor={"front": "full"})),
        ["[scenario] seed must be a whole number, not '3025'",
         "[map] width must be a whole number, not '16'",
         "[map.hexes.0804] road must be true or false, not 'yes'",
         "[sides] blue must be a table, not 'Davion'",
         "[[units]] 'hunchback' facing must be text, not 3",
         "[[units]] 'commando' weapons must be an array, not 'PPC'",
         "[[units]] 'manticore' armor front must be a whole number, not 'full'"]),
    "wrong values": (
        lambda d: (d["map"]["hexes"]["0804"].update(terrain="lava"), d["units"][0].update(facing="Q"),
                   d["units"][3].update(id="two words"), d.update(options={"drop_failure": "splat"})),
        ["[map.hexes.0804] terrain must be one of clear, paved, road, rough, rubble, light_woods, heavy_woods, water, "
         "building, not 'lava'",
         "[[units]] 'hunchback' facing must be one of N, NE, SE, S, SW, NW, not 'Q'",
         "[[units]] 'two words' id must start with a letter or digit, hold only letters, digits, '-' or '_', and "
         "not read as a hex label such as \"0805\", not 'two words'",
         "[options] drop_failure must be one of damage, fall, not 'splat'"]),  # in the file's order: [options] last
    "a missing table": (
        lambda d: d.pop("map"),
        ["the scenario has no [map]"]),
    "several problems at once": (
        lambda d: (d["map"]["hexes"]["1013"].update(basement="none"), d["scenario"].update(sead=1),
                   d["units"][4].update(altitude=3)),
        ["[scenario]: unknown key 'sead' (did you mean 'seed'?)",
         "[map.hexes.1013]: unknown key 'basement' (it belongs inside building = { ... })",
         "[[units]] 'wasp': unknown key 'altitude' (a key of an aerospace unit or an inline aerospace unit)"]),
}


@pytest.mark.parametrize("case", BROKEN, ids=list(BROKEN))
def test_a_broken_scenario_is_refused_by_the_loader_and_both_checkers_with_every_problem(case):
    edit, expected = BROKEN[case]
    data = copy.deepcopy(BASE)
    edit(data)
    assert schema.problems(data) == expected
    with pytest.raises(ScenarioError) as refused:
        scenario_from_dict(data, source="broken.toml")
    assert refused.value.problems == expected
    heading = [] if len(expected) == 1 else [f"broken.toml has {len(expected)} problems:"]
    assert refused.value.lines == heading + [("  " if heading else "") + p for p in expected]
    assert not _reference("scenario").is_valid(data)


@pytest.mark.parametrize("path", GOLDEN_GAMES[:2] + sorted((ROOT / "tests" / "store" / "format1").glob("*.toml")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_a_game_file_given_as_a_scenario_is_named_as_one(path):
    data = _load(path)
    assert "top level: unknown key 'game' (keys: campaign, deployment, drops, map, maps, options, scenario, sides, units)" \
        in schema.problems(data)
    with pytest.raises(InputError, match=r"^game\.toml is a game file \(it has \[game\] and \[\[log\]\] tables\), "
                                         r"not a scenario"):
        scenario_from_dict(data, source="game.toml")
    assert not _reference("scenario").is_valid(data)


def test_the_loader_lists_every_units_problem_of_the_rules_too():
    data = copy.deepcopy(BASE)
    data["units"][0]["design"] = "Nonesuch NS-1"
    data["units"][5]["position"] = "9999"
    data["units"][6]["id"] = "wasp"
    with pytest.raises(ScenarioError) as refused:
        scenario_from_dict(data, source="x.toml")
    lines = refused.value.lines
    assert lines[0] == "x.toml has 3 problems:" and len(lines) == 4
    assert lines[1].startswith("  unit 'hunchback': unknown design 'Nonesuch NS-1' (catalog: Atlas AS7-D, ")
    assert lines[2:] == ["  unit 'locust' starts off the map at 9999", "  two units share the id 'wasp'"]


# -- random damage: btcli's checker and jsonschema judge alike -----------------------------------------------

VALUES = ["text", 7, -1, 2.5, True, [], [1, "x"], {}, {"name": "x"}, "0805", "N", "medium", "mech"]


def _tables(node, path=()):
    """Yields the path of every table and array in a document."""
    if isinstance(node, dict):
        yield path
        for key, value in node.items():
            yield from _tables(value, path + (key,))
    elif isinstance(node, list):
        yield path
        for i, value in enumerate(node):
            yield from _tables(value, path + (i,))


def _damaged(data: dict, rng: random.Random) -> dict:
    data = copy.deepcopy(data)
    path = rng.choice(list(_tables(data)))
    node = data
    for part in path:
        node = node[part]
    keys = list(node) if isinstance(node, dict) else list(range(len(node)))
    if not keys or rng.random() < 0.25:
        if isinstance(node, dict):
            node[rng.choice(["zzz", "basement", "seed", "facing", "depth", "kind", "map", "card"])] = rng.choice(VALUES)
        else:
            node.append(rng.choice(VALUES))
    elif rng.random() < 0.3 and isinstance(node, dict):
        del node[rng.choice(keys)]
    else:
        node[rng.choice(keys)] = rng.choice(VALUES)
    return data


@pytest.mark.parametrize("name, files, tries", [("scenario", SCENARIO_FILES, 400), ("game", GOLDEN_GAMES[:3], 60)])
def test_btclis_checker_and_jsonschema_agree_on_damaged_files(name, files, tries):
    reference = _reference(name)
    rng = random.Random(16)
    corpus = [_load(p) for p in files]
    judged = {True: 0, False: 0}
    for _ in range(tries):
        data = _damaged(rng.choice(corpus), rng)
        ours = not schema.problems(data, name)
        assert ours == reference.is_valid(data), schema.problems(data, name)
        judged[ours] += 1
    assert min(judged.values()) > tries // 20  # both verdicts were tried often enough to mean something


# -- the loader's own key lists agree with the schema ------------------------------------------------------


def _properties(name: str) -> set[str]:
    return set(schema.load("scenario")["definitions"][name]["properties"])


def test_the_loaders_key_lists_are_the_schemas():
    from btcli.catalog import asset_cards
    from btcli.catalog.aero_designs import DESIGN_FIELDS
    from btcli.store import aero_scenario, scenario

    assert _properties("asset_unit") == scenario.ASSET_KEYS
    assert _properties("aero_unit") == aero_scenario.UNIT_KEYS
    assert _properties("aero_inline_unit") == aero_scenario.INLINE_KEYS
    assert DESIGN_FIELDS <= _properties("aero_inline_unit")
    assert _properties("space_map") == aero_scenario.SPACE_KEYS
    assert aero_scenario.LOW_KEYS <= _properties("low_altitude_map")
    assert _properties("options") == set(scenario.OPTIONS)
    ground = _properties("ground_unit")
    assert set(scenario.PLACE_KEYS) | set(scenario.VEHICLE_KEYS) | {"club", "reserve", "extra"} <= ground
    assert set(schema.load("scenario")["definitions"]["ground_unit"]["properties"]["extra"]["properties"]) \
        == scenario.LEGACY_EXTRA
    card = schema.load("scenario")["definitions"]["asset_unit"]["properties"]["card"]["anyOf"][1]
    assert set(card["properties"]) == {"name", *asset_cards.REQUIRED, *asset_cards.OPTIONAL}


def test_a_units_table_lists_every_kinds_keys_for_editors():
    kinds = set().union(*(_properties(k) for k in ("ground_unit", "asset_unit", "aero_unit", "aero_inline_unit")))
    assert _properties("unit") == kinds


def test_a_hex_takes_the_same_keys_in_map_in_a_low_altitude_map_and_in_hexes():
    definitions = schema.load("scenario")["definitions"]
    hex_keys = set(definitions["hex"]["anyOf"][1]["properties"])
    assert hex_keys < _properties("map") and hex_keys < _properties("low_altitude_map")
    assert _properties("map") - hex_keys == {"width", "height", "hexes", "board"}
    from btcli.model.board import Terrain

    assert set(definitions["terrain"]["enum"]) == {t.value for t in Terrain} | {"road"}
