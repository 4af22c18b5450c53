"""Benchmarks btcli as scripts use it: whole processes, median wall time.

    python3 bench/bench.py [--runs N] [--write-readme]

Measures, in one run on this machine:
  1. the baseline `python -c "import typer, tomllib"` (and `python -c pass`, the interpreter's floor);
  2. `btcli report` and `btcli move` on a game with a short log (~10 entries);
  3. the same two commands on a game with 10,000 log entries;
  4. `btcli verify` throughput (entries replayed per second) on the long game;
  5. `btcli report` and `btcli move` on a game with 20 Battlefield Support assets (issue #12),
     short (~10 entries) and long (10,000 entries);
  6. `btcli report` on an aerospace game (examples/orbital-descent.sh's golden game, three maps);
  7. `btcli play` of 300 orders (--orders) after the short Crossroads game (8 units), start-up included;
  8. `btcli report`, `move`, `attack` and `resolve-phase` on the Crossroads game (8 units) and on an
     80-unit game on a 40 x 40 map (``big_scenario``), each in a game where it is the next order.
  9. `btcli verify` as a whole process (--only-verify: just these): entries/s on a 10,000-entry game
     with weapon fire every turn and on a 40-unit game, and its peak RSS at 10,000 and 50,000 entries.
 10. `btcli replay` as a whole process (--only-replay: just these) at 1,000, 10,000 and 100,000 entries: its
     time, its peak RSS and the page's size (issue #29).
Targets (issue #2): (2) <= 1.3 x (1); (3) <= 1.2 x (2), since issue #17 <= 1.1; (4) >= 10,000 entries/s; (5)
the same targets as (2) and (3) (issue #12); (6) <= 1.3 x (1); (7) >= 300 orders/s (issue #17); (8) the 8-unit
commands <= 3.0 x the floor, the 80-unit ones <= 1.5 x their 8-unit time (issue #17); (9) >= 20,000
and >= 10,000 entries/s, memory flat in the log length (issue #17); (10) time linear in entries, under
500 MiB at 100,000 entries (issue #29).
The console script runs this source tree's btcli (PYTHONPATH), whichever btcli is installed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def assets_scenario() -> str:
    """Returns a scenario of 20 assets (per side 5 S-1 tanks and 5 Maxims facing each other) and a
    Hunchback a side, on a clear 16 x 16 map, every unit placed."""
    units = []
    for side, row, facing in (("blue", 3, "S"), ("red", 14, "N")):
        for n in range(10):
            card = "S-1 Light tracked tank" if n % 2 else "Maxim Heavy Hover Transport"
            units.append(f'[[units]]\nid = "{side}-{n}"\nside = "{side}"\ncard = "{card}"\n'
                         f'position = "{n + 3:02d}{row:02d}"\nfacing = "{facing}"\n')
        units.append(f'[[units]]\nid = "{side}-mech"\nside = "{side}"\ndesign = "Hunchback HBK-4G"\n'
                     f'position = "14{row:02d}"\nfacing = "{facing}"\n')
    return ('[scenario]\nname = "Twenty assets"\nseed = 12\n\n[map]\nwidth = 16\nheight = 16\n'
            'terrain = "clear"\n\n[sides.blue]\nname = "Blue"\n\n[sides.red]\nname = "Red"\n\n' + "\n".join(units))


def forty_unit_scenario(per_side: int = 20) -> str:
    """Returns a scenario of ``per_side`` units a side (issue #17's 40-unit game): 'Mechs and tanks in
    two lines facing each other across a clear 32 x 20 map."""
    designs = ("Hunchback HBK-4G", "Commando COM-2D", "Wasp WSP-1A", "Locust LCT-1V")
    units = []
    for side, row, facing in (("blue", 3, "S"), ("red", 18, "N")):
        for n in range(per_side):
            kind = "Scorpion Light Tank" if n % 5 == 4 else designs[n % 4]
            units.append(f'[[units]]\nid = "{side}-{n}"\nside = "{side}"\ndesign = "{kind}"\n'
                         f'position = "{n + 3:02d}{row:02d}"\nfacing = "{facing}"\n')
    return ('[scenario]\nname = "Forty units"\nseed = 40\n\n[map]\nwidth = 32\nheight = 20\n'
            'terrain = "clear"\n\n[sides.blue]\nname = "Blue"\n\n[sides.red]\nname = "Red"\n\n' + "\n".join(units))


def attack_scenario() -> str:
    """Returns the scenario of the attack game (issue #17): four 'Mechs a side in two belts of light
    woods, five to seven hexes apart across clear ground, every pilot of gunnery 6, so that most shots
    miss and the game lasts thousands of turns with weapon fire in every one."""
    designs = ("Hunchback HBK-4G", "Commando COM-2D", "Wasp WSP-1A", "Locust LCT-1V")
    units = []
    for side, row, facing in (("blue", 4, "S"), ("red", 11, "N")):
        for n, design in enumerate(designs):
            units.append(f'[[units]]\nid = "{side}-{n}"\nside = "{side}"\ndesign = "{design}"\n'
                         f'position = "{2 * n + 4:02d}{row:02d}"\nfacing = "{facing}"\ngunnery = 6\n')
    woods = "".join(f'"{col:02d}{row:02d}" = {{ terrain = "light_woods" }}\n' for col in range(1, 17) for row in (4, 5, 10, 11))
    return ('[scenario]\nname = "Woods fight"\nseed = 7\n\n[map]\nwidth = 16\nheight = 16\nterrain = "clear"\n\n'
            f'[map.hexes]\n{woods}\n[sides.blue]\nname = "Blue"\n\n[sides.red]\nname = "Red"\n\n' + "\n".join(units))


def _hardest_shot(state, side: str):
    """The legal one-weapon attack of ``side`` with the highest target number, or None (the attack
    game's fire: the rarest hits keep its units alive longest)."""
    from btcli.errors import BtcliError
    from btcli.model.orders import WeaponAttackOrder
    from btcli import runner

    best = None
    for unit in state.units.values():
        if unit.side != side or unit.destroyed:
            continue
        for weapon in sorted({mount.weapon for mount in unit.weapons}):
            for target in state.units.values():
                if target.side == side or target.destroyed:
                    continue
                order = WeaponAttackOrder(unit.id, target.id, (weapon,))
                try:
                    outcome = runner.execute(state, order, None)
                except BtcliError:
                    continue
                number = max((roll.target or 0 for roll in outcome.rolls), default=0)
                if best is None or number > best[0]:
                    best = (number, order)
    return best and best[1]


def build_game(path: Path, entries: int, assets: bool = False, script: list[str] | None = None,
               then: int = 0, scenario: str = "", attacks: bool = False) -> str:
    """Writes a Crossroads game (``assets``: the 20-asset game; ``scenario``: that scenario's text) of
    ``entries`` log entries, stopped in a movement phase; with ``script``, puts the ``then`` orders
    that would come next in it, as logged (for ``btcli play``). With ``attacks``, each side fires
    its hardest shot (``_hardest_shot``) in every weapon attack phase.

    Returns the id of a unit that may move next. Every unit steps one hex forward
    on odd turns and back on even turns (an asset declares the backward move,
    ASSET-MOVE-05), so the game can run for any number of turns and every entry
    changes a unit.
    """
    from btcli.cli.demo import scenario_path
    from btcli.errors import BtcliError
    from btcli.model.frozen import evolve
    from btcli.model.orders import MoveOrder, ResolvePhaseOrder
    from btcli.render.view import game_view
    from btcli.rules.core.turn_order import side_to_move
    from btcli.store import gamefile, journal
    from btcli import runner
    from btcli.store.hashing import entry_hash
    from btcli.store.scenario import parse_scenario_text

    text = scenario or (assets_scenario() if assets else scenario_path("crossroads.toml").read_text())
    state = parse_scenario_text(text, 3025)
    state = evolve(state, victory=evolve(state.victory, turn_limit=0, destroy_share=0.0))
    state, first = journal.init_entry(state, f"init {'assets' if assets else 'crossroads'}.toml --seed 3025")
    chunks = [gamefile.render_entry(first)]
    prev = entry_hash(first)
    count = 1
    written = None
    fired: set[tuple[int, str]] = set()
    while True:
        side = side_to_move(state) if state.phase.value == "movement" else None
        mover = None
        if side is not None and assets:  # assets first, in their batches (ASSET-INIT)
            mover = state.units[game_view(state)["unmoved"][side][0]]
        elif side is not None:
            mover = next(u for u in state.units.values() if u.side == side and not u.has_moved and not u.destroyed)
        if count >= entries and mover is not None and written is None:
            written = (gamefile.render_head(state) + b"".join(chunks), mover.id)
        if written is not None and (script is None or len(script) >= then):
            break
        forward = state.turn % 2
        mode = "backward" if mover is not None and mover.is_asset and not forward else ""
        order = MoveOrder(mover.id, mode, ("F",) if forward else ("B",)) if mover else ResolvePhaseOrder()
        if attacks and state.phase.value == "weapon":
            for shooter in ("blue", "red"):
                if (state.turn, shooter) not in fired:
                    fired.add((state.turn, shooter))
                    order = _hardest_shot(state, shooter) or order
                    if order is not None and not isinstance(order, ResolvePhaseOrder):
                        break
        try:
            outcome = runner.execute(state, order, None)
        except BtcliError:  # a unit its damage keeps from moving stands
            if mover is None:
                raise
            order = MoveOrder(mover.id, "stand", ())
            outcome = runner.execute(state, order, None)
        if written is not None:
            script.append(outcome.command)
            state = outcome.state
            continue
        entry = journal.make_entry(state, outcome, prev)
        chunks.append(gamefile.render_entry(entry))
        prev = entry_hash(entry)
        state = outcome.state
        count += 1
    path.write_bytes(written[0])
    return written[1]


def big_scenario(per_side: int = 40, size: int = 40) -> str:
    """Returns a scenario of ``per_side`` units a side (the Crossroads designs, in turn) on a clear
    ``size`` x ``size`` map, the sides in two ranks each a few hexes apart (issue #17's scaling case)."""
    designs = {"blue": ("Hunchback HBK-4G", "Commando COM-2D", "Manticore Heavy Tank", "J. Edgar Light Hover Tank"),
               "red": ("Wasp WSP-1A", "Locust LCT-1V", "Scorpion Light Tank", "Savannah Master Hovercraft")}
    middle = size // 2
    units = []
    for side, rows, facing in (("blue", (middle - 3, middle - 2), "S"), ("red", (middle + 3, middle + 4), "N")):
        for n in range(per_side):
            col, row = n % size + 1, rows[n // size % 2]
            units.append(f'[[units]]\nid = "{side}-{n}"\nside = "{side}"\ndesign = "{designs[side][n % 4]}"\n'
                         f'position = "{col:02d}{row:02d}"\nfacing = "{facing}"\n')
    return (f'[scenario]\nname = "Eighty units"\nseed = 17\n\n[map]\nwidth = {size}\nheight = {size}\n'
            'terrain = "clear"\n\n[sides.blue]\nname = "Blue"\n\n[sides.red]\nname = "Red"\n\n' + "\n".join(units))


def phase_game(path: Path, text: str, stop: str) -> list[str]:
    """Writes the game of scenario ``text`` where the next order is ``stop``: "move" (the tenth entry, a
    unit still to move), "resolve-phase" (turn 1's movement phase, every unit moved) or "attack" (turn
    1's weapon attack phase, after every unit stepped forward). Returns that order's arguments (issue #17).
    """
    from btcli.errors import BtcliError
    from btcli.model.frozen import evolve
    from btcli.model.orders import MoveOrder, ResolvePhaseOrder, WeaponAttackOrder
    from btcli.rules.core.turn_order import side_to_move
    from btcli.store import gamefile, journal
    from btcli import runner
    from btcli.store.hashing import entry_hash
    from btcli.store.scenario import parse_scenario_text

    state = parse_scenario_text(text, 3025)
    state = evolve(state, victory=evolve(state.victory, turn_limit=0, destroy_share=0.0))
    state, first = journal.init_entry(state, "init bench.toml --seed 3025")
    chunks, prev = [gamefile.render_entry(first)], entry_hash(first)

    def write(args: list[str]) -> list[str]:
        path.write_bytes(gamefile.render_head(state) + b"".join(chunks))
        return args

    while True:
        order = ResolvePhaseOrder()
        if state.phase.value == "movement":
            side = side_to_move(state)
            if side is None and stop == "resolve-phase":
                return write([])
            if side is not None:
                mover = next(u for u in state.units.values() if u.side == side and not u.has_moved)
                if stop == "move" and len(chunks) >= 10:
                    return write([mover.id, "--mode", "stand"])
                order = MoveOrder(mover.id, "", ("F",))
        elif state.phase.value == "weapon" and stop == "attack":
            for attacker in state.units.values():  # the first weapon that may fire (in range, in sight)
                for target in (u for u in state.units.values() if u.side != attacker.side):
                    for mount in attacker.weapons:
                        try:
                            runner.execute(state, WeaponAttackOrder(attacker.id, target.id, (mount.label,)), None)
                        except BtcliError:
                            continue
                        return write([attacker.id, target.id, "--weapon", mount.label])
            raise SystemExit("bench: no unit may fire in the weapon attack phase")
        outcome = runner.execute(state, order, None)
        entry = journal.make_entry(state, outcome, prev)
        chunks.append(gamefile.render_entry(entry))
        prev, state = entry_hash(entry), outcome.state


SIZES = {"8-unit": "crossroads", "80-unit": "big"}  # issue #17: start-up, and how a command grows with the game
SIZED = ("report", "move", "attack", "resolve-phase")


def size_cases(btcli: str, work: Path) -> dict:
    """The cases of (8): each command on a game where it is the next order, per game size."""
    from btcli.cli.demo import scenario_path

    texts = {"8-unit": scenario_path("crossroads.toml").read_text(), "80-unit": big_scenario()}
    cases = {}
    for size, text in texts.items():
        for command in SIZED[1:]:
            pristine, game = work / f"{size}-{command}.pristine.toml", work / f"{size}-{command}.toml"
            args = phase_game(pristine, text, command)
            cases[f"{command} {size}"] = lambda game=game, pristine=pristine, command=command, args=args: timed(
                [btcli, command, str(game), *args, "-q"], lambda: shutil.copy(pristine, game))
        report = work / f"{size}-report.toml"
        shutil.copy(work / f"{size}-move.pristine.toml", report)
        cases[f"report {size}"] = lambda report=report: timed([btcli, "report", str(report)])
    return cases


def size_rows(median: dict) -> list[str]:
    """The table rows of (8): each time as a multiple of the floor, and the 80-unit one of the 8-unit one."""
    floor = median["floor"]
    rows = []
    for command in SIZED:
        small, big = median[f"{command} 8-unit"], median[f"{command} 80-unit"]
        rows += [f"| `btcli {command}`, 8-unit game | {small * 1000:.0f} ms | {small / floor:.2f} x floor | <= 3.0 |",
                 f"| `btcli {command}`, 80-unit game (40 x 40) | {big * 1000:.0f} ms | {big / small:.2f} x 8-unit "
                 "| <= 1.5 |"]
    return rows


def timed(argv: list[str], setup=None) -> float:
    if setup:
        setup()
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


_MEASURE = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def verify_process(btcli: str, game: Path, *more: str, command: str = "verify") -> tuple[float, float]:
    """Runs ``btcli verify`` (or ``command``) on ``game``: returns its wall time (s) and its peak RSS (MiB).
    A small Python process starts it and reads its usage: a child's peak RSS starts at its parent's, and
    the bench process is large."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, btcli, command, str(game), *more, "-q"], check=True,
                         capture_output=True, text=True).stdout.split()
    if out[2] != "0":
        raise SystemExit(f"btcli {command} {game} failed ({out[2]})")
    return float(out[0]), int(out[1]) / 1024  # ru_maxrss is in kilobytes on Linux


def verify_rows(btcli: str, work: Path, entries: int, runs: int) -> list[str]:
    """issue #17: ``btcli verify`` as a whole process (start-up included), median of ``runs``: on a game
    with weapon fire in every turn (``attack_scenario``), on a 40-unit game (``big_scenario``), and
    its peak memory on the Crossroads game at ``entries`` and 5 x ``entries`` entries (flat in the log)."""
    games = {"attacks": work / "verify-attacks.toml", "forty": work / "verify-forty.toml",
             "short": work / "verify-crossroads.toml", "long": work / "verify-crossroads-5x.toml"}
    build_game(games["attacks"], entries, scenario=attack_scenario(), attacks=True)
    build_game(games["forty"], entries, scenario=forty_unit_scenario())
    build_game(games["short"], entries)
    build_game(games["long"], 5 * entries)
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in games}
    for _ in range(runs):
        for name, game in games.items():
            samples[name].append(verify_process(btcli, game))
    rate = {name: entries / statistics.median(t for t, _ in samples[name]) for name in ("attacks", "forty")}
    peak = {name: max(m for _, m in samples[name]) for name in ("short", "long")}
    shots = games["attacks"].read_bytes().count(b'\ncommand = "attack ')
    return [
        f"| `btcli verify` process, {entries:,}-entry game with {shots:,} attacks (median of {runs}) "
        f"| {entries / rate['attacks']:.2f} s | {rate['attacks']:,.0f} entries/s | >= 20,000/s |",
        f"| `btcli verify` process, {entries:,}-entry 40-unit game (median of {runs}) "
        f"| {entries / rate['forty']:.2f} s | {rate['forty']:,.0f} entries/s | >= 10,000/s |",
        f"| `btcli verify` peak memory, {entries:,} / {5 * entries:,} entries | {peak['short']:.0f} / {peak['long']:.0f} MiB "
        f"| {peak['long'] / peak['short']:.2f} x | flat |",
    ]


def replay_rows(btcli: str, work: Path, sizes=(1_000, 10_000, 100_000)) -> list[str]:
    """issue #29: ``btcli replay`` as a whole process on the Crossroads game at each of ``sizes`` entries: its
    wall time, its peak RSS and the page's size (one run each: the largest takes a quarter of a minute)."""
    times, peaks, pages = [], [], []
    for entries in sizes:
        game, page = work / f"replay-{entries}.toml", work / f"replay-{entries}.html"
        build_game(game, entries)
        out = subprocess.run([sys.executable, "-c", _MEASURE, btcli, "replay", str(game), "-o", str(page), "-q"],
                             check=True, capture_output=True, text=True).stdout.split()
        if out[2] != "0":
            raise SystemExit(f"btcli replay {game} failed ({out[2]})")
        times.append(float(out[0]))
        peaks.append(int(out[1]) / 1024)
        pages.append(page.stat().st_size / 1e6)
        page.unlink()
    counts = " / ".join(f"{n:,}" for n in sizes)
    return [
        f"| `btcli replay` process, {counts} entries | {' / '.join(f'{t:.1f}' for t in times)} s "
        f"| {sizes[-1] / times[-1]:,.0f} entries/s at {sizes[-1]:,} | linear |",
        f"| `btcli replay` peak memory, {counts} entries (page {' / '.join(f'{m:.1f}' for m in pages)} MB) "
        f"| {' / '.join(f'{m:.0f}' for m in peaks)} MiB | {peaks[-1] / peaks[0]:.2f} x | < 500 MiB |",
    ]


def installer(btcli: str) -> str:
    """Names the pip that wrote the console script, and whether that script imports re: pip before 25.0
    writes one that does, which costs every command a few milliseconds that btcli itself no longer
    spends (issue #17); the README's figures come from a script without it."""
    from importlib.metadata import version

    with open(btcli, encoding="utf-8", errors="replace") as f:
        script = f.read(4096)
    heavy = "import re" in script.split("\n")
    return f"console script by pip {version('pip')}{' (it imports re: upgrade pip)' if heavy else ''}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--orders", type=int, default=300, help="orders in the btcli play case")
    parser.add_argument("--verify-runs", type=int, default=5, help="runs of each whole-process verify case")
    parser.add_argument("--only-verify", action="store_true", help="measure only the verify processes (issue #17)")
    parser.add_argument("--only-replay", action="store_true", help="measure only the replay processes (issue #29)")
    parser.add_argument("--write-readme", action="store_true", help="write the figures into README.md")
    args = parser.parse_args()
    btcli = shutil.which("btcli", path=os.path.dirname(sys.executable)) or shutil.which("btcli")
    if not btcli:
        sys.exit("install btcli first (pip install -e .)")
    # The console script imports btcli from this tree, not from wherever the installed one points.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    work = Path(tempfile.mkdtemp(prefix="btcli-bench-"))
    if args.only_verify:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "btcli")], check=True)
        print("\n".join(verify_rows(btcli, work, args.entries, args.verify_runs)))
        shutil.rmtree(work)
        return
    if args.only_replay:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "btcli")], check=True)
        print("\n".join(replay_rows(btcli, work)))
        shutil.rmtree(work)
        return
    games = {}
    for label, n, assets in (("short", 10, False), ("long", args.entries, False),
                             ("assets short", 10, True), ("assets long", args.entries, True)):
        pristine = work / f"{label.replace(' ', '-')}.pristine.toml"
        mover = build_game(pristine, n, assets)
        games[label] = (pristine, work / f"{label.replace(' ', '-')}.toml", mover)

    # A real install compiles btcli's bytecode (pip does); this machine sets
    # PYTHONDONTWRITEBYTECODE, so compile it here or every run would recompile.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "btcli")], check=True)
    cases = {"baseline": lambda: timed([sys.executable, "-c", "import typer, tomllib"]),
             "floor": lambda: timed([sys.executable, "-c", "pass"])}  # the interpreter's floor (issue #17)
    for label, (pristine, game, mover) in games.items():
        shutil.copy(pristine, game)
        cases[f"report {label}"] = lambda game=game: timed([btcli, "report", str(game)])
        cases[f"move {label}"] = lambda game=game, pristine=pristine, mover=mover: timed(
            [btcli, "move", str(game), mover, "--mode", "stand", "-q"], lambda: shutil.copy(pristine, game)
        )
    # issue #17: one `btcli play` of the orders that follow the 10-entry Crossroads game (8 units)
    orders: list[str] = []
    play_pristine, play_game, play_script = work / "play.pristine.toml", work / "play.toml", work / "play.txt"
    build_game(play_pristine, 10, script=orders, then=args.orders)
    play_script.write_text("\n".join(orders) + "\n")
    cases["play"] = lambda: timed([btcli, "play", str(play_game), "--script", str(play_script), "-q"],
                                  lambda: shutil.copy(play_pristine, play_game))
    aero = work / "aero.toml"  # issue #13: maps, flight lines and aerospace units in the report
    shutil.copy(ROOT / "tests" / "golden" / "orbital-descent" / "game.toml", aero)
    cases["report aero"] = lambda: timed([btcli, "report", str(aero)])
    cases.update(size_cases(btcli, work))
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(args.runs):  # round-robin, so drift in the machine's speed hits every case alike
        for name, case in cases.items():
            samples[name].append(case())
    median = {name: statistics.median(values) for name, values in samples.items()}
    baseline = median["baseline"]
    rows = {
        label: (median[f"report {label}"], median[f"move {label}"], games[label][0].stat().st_size)
        for label in games
    }

    from btcli.runner import verify_text

    data = games["long"][0].read_bytes()
    rates = []
    for _ in range(5):  # median of five replays
        start = time.perf_counter()
        count = verify_text(data).count
        rates.append(count / (time.perf_counter() - start))
    verify_rate = statistics.median(rates)

    short, long = rows["short"], rows["long"]
    a_short, a_long = rows["assets short"], rows["assets long"]
    lines = [
        f"Machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, {installer(btcli)}; median of {args.runs} runs.",
        "",
        "| measurement | time | ratio | target |",
        "|---|---|---|---|",
        f"| `python -c pass` (the interpreter's floor) | {median['floor'] * 1000:.0f} ms "
        f"| {median['floor'] / baseline:.2f} x baseline | |",
        f"| `python -c \"import typer, tomllib\"` (baseline) | {baseline * 1000:.0f} ms | 1.00 | |",
        f"| `btcli report`, 10-entry game | {short[0] * 1000:.0f} ms | {short[0] / baseline:.2f} x baseline | <= 1.3 |",
        f"| `btcli move`, 10-entry game | {short[1] * 1000:.0f} ms | {short[1] / baseline:.2f} x baseline | <= 1.3 |",
        f"| `btcli report`, {args.entries:,}-entry game ({long[2] / 1e6:.1f} MB) | {long[0] * 1000:.0f} ms "
        f"| {long[0] / short[0]:.2f} x 10-entry | <= 1.1 |",
        f"| `btcli move`, {args.entries:,}-entry game | {long[1] * 1000:.0f} ms | {long[1] / short[1]:.2f} x 10-entry | <= 1.1 |",
        f"| `btcli verify`, {args.entries:,} entries (median of 5) | {count / verify_rate:.2f} s | {verify_rate:,.0f} entries/s | >= 10,000/s |",
        f"| `btcli report`, 20-asset game, 10 entries | {a_short[0] * 1000:.0f} ms | {a_short[0] / baseline:.2f} x baseline "
        "| <= 1.3 |",
        f"| `btcli move`, 20-asset game, 10 entries | {a_short[1] * 1000:.0f} ms | {a_short[1] / baseline:.2f} x baseline "
        "| <= 1.3 |",
        f"| `btcli report`, 20-asset game, {args.entries:,} entries ({a_long[2] / 1e6:.1f} MB) | {a_long[0] * 1000:.0f} ms "
        f"| {a_long[0] / a_short[0]:.2f} x 10-entry | <= 1.1 |",
        f"| `btcli move`, 20-asset game, {args.entries:,} entries | {a_long[1] * 1000:.0f} ms "
        f"| {a_long[1] / a_short[1]:.2f} x 10-entry | <= 1.1 |",
        f"| `btcli report`, aerospace game (orbital descent) | {median['report aero'] * 1000:.0f} ms "
        f"| {median['report aero'] / baseline:.2f} x baseline | <= 1.3 |",
        f"| `btcli play`, {args.orders} orders, 8-unit game (one process) | {median['play']:.2f} s "
        f"| {args.orders / median['play']:,.0f} orders/s | >= 300/s |",
    ]
    lines += size_rows(median)
    lines += verify_rows(btcli, work, args.entries, args.verify_runs)
    lines += replay_rows(btcli, work)
    text = "\n".join(lines)
    print(text)
    if args.write_readme:
        readme = ROOT / "README.md"
        body = readme.read_text()
        body = re.sub(r"<!-- bench:start -->.*<!-- bench:end -->", f"<!-- bench:start -->\n{text}\n<!-- bench:end -->", body, flags=re.S)
        readme.write_text(body)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
