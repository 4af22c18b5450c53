"""Imports point one way (issue #11, docs/architecture.md): no import cycle anywhere in btcli,
counting imports inside functions, which hide a dependency without removing it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGE = ROOT / "btcli"
SHARED_TOOL = ROOT.parent / "shared" / "tools" / "import_cycles.py"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Returns each btcli module's btcli imports, module-level and function-level alike."""
    paths = sorted(PACKAGE.rglob("*.py"))
    known = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.add(target)
        if path.name == "__init__.py":  # a package's face importing its own modules is no cycle
            found = {t for t in found if not t.startswith(name + ".")}
        graph[name] = found
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_btcli_has_no_import_cycles():
    assert cycles(import_graph()) == []


def test_the_rules_never_import_upward():
    """rules/ and model/ know nothing of the engine, the store, the renderers, the CLI or the catalog."""
    upward = ("btcli.engine", "btcli.store", "btcli.render", "btcli.cli", "btcli.grammar")
    # issue #11: catalog data is loaded by the store and carried on the units; no rule reads it
    upward += ("btcli.catalog",)
    for name, imports in import_graph().items():
        if name.startswith(("btcli.rules", "btcli.model")):
            assert not [i for i in imports if i.startswith(upward)], name


@pytest.mark.skipif(not SHARED_TOOL.exists(), reason="the team's shared tools are not beside this checkout")
def test_the_shared_import_cycle_tool_agrees():
    result = subprocess.run([sys.executable, str(SHARED_TOOL), str(PACKAGE)], capture_output=True, text=True)
    assert result.stdout.strip().endswith("import cycles: 0"), result.stdout


def test_playing_a_game_never_reads_a_schema(tmp_path):
    """issue #16: only init and check validate a scenario; move, attack and report load no schema code."""
    from tests.cli.helpers import init_game

    game = init_game(tmp_path, ROOT / "scenarios" / "crossroads.toml")
    code = ("import sys\nfrom btcli.cli import main\n"
            f"for argv in (['resolve-phase', {str(game)!r}], ['move', {str(game)!r}, 'wasp', '--mode', 'stand'],"
            f" ['attack', {str(game)!r}, 'wasp', 'hunchback', '--weapon', 'Medium Laser'], ['report', {str(game)!r}],"
            f" ['report', {str(game)!r}, '--format', 'json']):\n"
            "    sys.argv = ['btcli'] + argv\n"
            "    try:\n        main()\n    except SystemExit:\n        pass\n"
            "print(sorted(m for m in sys.modules if m == 'btcli.store.schema' or m.startswith('jsonschema')),"
            " file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stderr.strip().splitlines()[-1] == "[]", result.stderr
    assert game.read_text().count("[[log]]") >= 3  # the commands did run: the phase closed, a unit moved
    # the premise: init does read it
    code = (f"import sys\nfrom btcli.cli import main\nsys.argv = ['btcli', 'init', 'crossroads', '-o', "
            f"{str(tmp_path / 'g2.toml')!r}, '-q']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\nprint('btcli.store.schema' in sys.modules, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stderr.strip().splitlines()[-1] == "True", result.stderr


def test_playing_a_game_imports_none_of_the_slow_modules(tmp_path):
    """issue #17: a command is a whole process, so its start-up counts; resolve-phase, move, attack and
    report import neither typing, tomllib, tomli_w, shlex nor hashlib (OpenSSL): headparse, tomlwrite,
    grammar.shell_quote and btcli.digest stand in for them; nor re and json (together some 5 ms: the state
    hash calls json's C encoder itself, hashing.canonical), nor fractions and decimal (the hex walk
    compares its fractions as integers), nor enum, functools, collections and contextlib (btcli.model.choices,
    frozen.computed_once and btcli.contexts stand in: some 5 ms more)."""
    from tests.cli.helpers import init_game

    game = init_game(tmp_path, ROOT / "scenarios" / "crossroads.toml")
    slow = ("typing", "tomllib", "tomli_w", "shlex", "hashlib", "_hashlib", "datetime", "re", "json", "fractions",
            "decimal", "enum", "functools", "collections", "contextlib")
    code = ("import sys\nfrom btcli.cli import main\n"
            f"for argv in (['resolve-phase', {str(game)!r}], ['move', {str(game)!r}, 'wasp', '--mode', 'stand'],"
            f" ['attack', {str(game)!r}, 'wasp', 'hunchback', '--weapon', 'Medium Laser'], ['report', {str(game)!r}]):\n"
            "    sys.argv = ['btcli'] + argv\n"
            "    try:\n        main()\n    except SystemExit:\n        pass\n"
            f"print(sorted(m for m in sys.modules if m in {slow!r}), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stderr.strip().splitlines()[-1] == "[]", result.stderr
    assert game.read_text().count("[[log]]") >= 3  # the commands did run: the phase closed, a unit moved


def _bench():
    """bench/bench.py, which builds a game at the point where a given order comes next."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("btcli_bench", ROOT / "bench" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# What each hot order must not load (issue #17): the rules of consequences it did not meet. A plain
# move meets no fall, collapse, skid, collision, drop, damage (hits) or weapon (weapon_modes,
# combat_tables); declaring weapon fire deals no damage yet (it lands at the phase's end,
# phase_end); closing the movement phase fires nothing.
CONSEQUENCES = ("core.falls", "core.damage", "core.displacement", "ground.collisions", "ground.physical",
                "drops.dropping", "ground.skids", "core.phase_end", "urban.building_attacks", "kinds.aero",
                "kinds.asset")
# Issue #30: nor what a rule meets only sometimes: a missile salvo's anti-missile systems, a building struck
# by weapon fire (urban.structures); a path search's heap (heapq: a move with --path or standing still).
NOT_LOADED = {
    "move": CONSEQUENCES + ("core.combat", "core.tohit", "core.hits", "core.weapon_modes", "core.combat_tables",
                            "core.anti_missile"),
    "attack": CONSEQUENCES + ("core.anti_missile", "urban.structures"),
    "resolve-phase": CONSEQUENCES + ("core.combat", "core.moves", "ground.movement", "core.weapon_modes",
                                     "core.combat_tables"),
}


@pytest.mark.parametrize("command", sorted(NOT_LOADED))
def test_a_hot_order_loads_only_the_rule_areas_it_meets(tmp_path, command):
    bench = _bench()
    game = tmp_path / "game.toml"
    args = bench.phase_game(game, (ROOT / "scenarios" / "crossroads.toml").read_text(), command)
    before = game.read_bytes().count(b"[[log]]")
    code = ("import sys\nfrom btcli.cli import main\n"
            f"try:\n    main([{command!r}, {str(game)!r}, *{args!r}, '-q'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m.removeprefix('btcli.rules.') for m in sys.modules if m.startswith('btcli.rules.')"
            " or m == 'heapq'), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    loaded = set(ast.literal_eval(result.stderr.strip().splitlines()[-1]))
    assert game.read_bytes().count(b"[[log]]") == before + 1, result.stderr  # the order did run
    assert loaded & set(NOT_LOADED[command] + ("heapq",)) == set()


# The events each hot order may build (issue #30): the turn's, and weapon fire's for a declaration. Each event
# class costs some 40 us to build; an area's events are imported where the area is met (docs/architecture.md,
# "Adding an event").
EVENTS_LOADED = {
    "move": {"events"},
    "attack": {"events", "events_combat"},
    "resolve-phase": {"events"},
}


@pytest.mark.parametrize("command", sorted(EVENTS_LOADED))
def test_a_hot_order_builds_only_the_events_it_meets(tmp_path, command):
    bench = _bench()
    game = tmp_path / "game.toml"
    args = bench.phase_game(game, (ROOT / "scenarios" / "crossroads.toml").read_text(), command)
    code = ("import sys\nfrom btcli.cli import main\n"
            f"try:\n    main([{command!r}, {str(game)!r}, *{args!r}, '-q'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('btcli.model.events', 'btcli.render.events'))),"
            " file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    loaded = ast.literal_eval(result.stderr.strip().splitlines()[-1])
    assert {m.rpartition(".")[2] for m in loaded if m.startswith("btcli.model.")} == EVENTS_LOADED[command]
    assert {m.rpartition(".")[2] for m in loaded if m.startswith("btcli.render.")} == EVENTS_LOADED[command]
