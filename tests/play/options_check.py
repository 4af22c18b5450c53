"""Checks ``btcli options`` against the orders over the states of real games (issue #33 item 2).

At states along a game's log (replayed as ``verify`` does), for sampled units: every option listed must be
accepted by the order it names, and orders just beside the listed ones (a hex one step beyond a mode's reach,
a weapon at a target it is not listed for, a twist not listed, a blow not listed) must be refused. An order is
run through its own path in-process (``moves.order_for`` or the order value, then ``engine.apply`` on seeded
dice: a pure function, nothing written), not through the CLI process.

``python -m tests.play.options_check GAME.toml ...`` checks game files (e.g. the random games of
``python -m tests.play --out DIR``); tests/play/test_options.py runs it in the suite on a few games.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from btcli import engine
from btcli.dice import SeededDice
from btcli.errors import BtcliError
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder, PhysicalAttackOrder, WeaponAttackOrder
from btcli.model.state import GameState
from btcli.rules.core import attacks, moves
from btcli.rules.core import options as unit_options


ASSET_PATH_MODES = {"path": "paths", "backward": "backward_paths"}  # an asset's --path modes: its card's key


@dataclass
class Tally:
    """What a check run looked at, and every disagreement it found."""

    states: int = 0
    units: int = 0
    accepted: int = 0  # listed options run and accepted
    refused: int = 0  # orders beside the listed ones run and refused
    problems: list[str] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)  # orders run, by command and outcome

    def summary(self) -> str:
        return (f"{self.states} states, {self.units} units: {self.accepted} listed options accepted, "
                f"{self.refused} orders beside them refused, {len(self.problems)} disagreements")

    def coverage(self) -> str:
        return ", ".join(f"{name} {count}" for name, count in sorted(self.kinds.items()))


def runs(state: GameState, order) -> str:
    """Runs an order as the engine would; returns '' if accepted, else the refusal."""
    try:
        engine.apply(state, order, SeededDice(1, 0))
    except BtcliError as exc:
        return str(exc) or type(exc).__name__
    return ""


def move_order(state: GameState, uid: str, mode: str, to: HexId, path: str | None = None):
    """The order ``move UNIT --mode MODE --to HEX`` builds (the path finder's path), or ``--path PATH`` (an asset's
    mode "path"; ``--mode backward --path PATH``, its mode "backward"), or the refusal text."""
    try:
        if mode in ASSET_PATH_MODES:
            return moves.order_for(state, uid, path or "F", None, None, None if mode == "path" else mode, None)
        return moves.order_for(state, uid, None, to.label, None, mode, None)
    except BtcliError as exc:
        return str(exc)


def check_unit(state: GameState, uid: str, rng: random.Random, tally: Tally, where: str, samples: int = 6) -> None:
    """Checks one unit's options in one state (a sample of each kind of option, and orders beside them)."""
    unit = state.units[uid]
    found = unit_options.unit_options(state, unit)
    tally.units += 1

    def problem(text: str) -> None:
        tally.problems.append(f"{where} {uid}: {text}")

    def accepted(order, what: str) -> None:
        tally.kinds[f"{what.split(' --')[0].split(' ')[0]} {_flag(what)} listed"] += 1
        why = runs(state, order)
        if why:
            problem(f"listed {what} is refused: {why}")
        else:
            tally.accepted += 1

    def refused(order, what: str) -> None:
        tally.kinds[f"{what.split(' --')[0].split(' ')[0]} {_flag(what)} beside"] += 1
        if isinstance(order, str):  # refused while the order was built
            tally.refused += 1
            return
        if runs(state, order):
            tally.refused += 1
        else:
            problem(f"unlisted {what} is accepted")

    def phase_takes(kind) -> bool:
        return unit_options.phase_takes(state, kind)

    moving = "move" in found.now
    for reach in found.moves:
        listed = dict(reach.hexes)
        paths = found.card.get(ASSET_PATH_MODES.get(reach.mode, ""), {}) if found.card is not None else {}
        for hex_id, mp in rng.sample(reach.hexes, min(samples, len(reach.hexes))):
            order = move_order(state, uid, reach.mode, hex_id, paths.get(hex_id.label))
            what = f"move --mode {reach.mode} --to {hex_id.label}" + (f" --path {paths[hex_id.label]}"
                                                                      if hex_id.label in paths else "")
            if not moving:
                refused(order, what + " (not now)")
                continue
            if isinstance(order, str):
                problem(f"listed {what} is refused building the order: {order}")
                continue
            accepted(order, what)
            if reach.mode not in ("jump", *ASSET_PATH_MODES) and found.card is None:
                spent = moves.check_move(state, order).mp
                if spent != mp:
                    problem(f"listed {what} at {mp} MP spends {spent}")
        if not moving or unit.hex is None:
            continue
        if reach.mode in ASSET_PATH_MODES:
            _check_asset_paths(state, uid, reach.mode, listed, paths, rng, samples, refused)
            continue
        beyond = sorted({n for h in listed for n in _neighbours(h) if state.board.contains(n)} - set(listed)
                        - {unit.hex})
        for hex_id in rng.sample(beyond, min(max(1, samples // 3), len(beyond))):  # each a whole path search
            refused(move_order(state, uid, reach.mode, hex_id), f"move --mode {reach.mode} --to {hex_id.label}")
    if moving and unit.hex is not None and unit.active and found.moves == () and found.stand_up is None:
        for hex_id in _neighbours(unit.hex):  # it lists no move: no step is accepted either
            if state.board.contains(hex_id):
                for mode in ("", "walk", "cruise", "run", "flank"):
                    order = move_order(state, uid, mode, hex_id)
                    if not isinstance(order, str) and not runs(state, order):
                        problem(f"no move listed, but move --mode {mode or '(none)'} --to {hex_id.label} is accepted")
    firing = "attack" in found.now
    shots = {(s.target, s.weapon, s.twist) for s in found.shots}
    for target, weapon, twist in rng.sample(sorted(shots), min(samples, len(shots))):
        order = WeaponAttackOrder(uid, target, (weapon,) if weapon else (), twist)
        what = f"attack {target} --weapon {weapon}" + (f" --twist {twist}" if twist else "")
        accepted(order, what) if firing else refused(order, what + " (not now)")
    if firing and unit.hex is not None and found.card is None and found.flying is None:
        twists = ("", *unit_options.twists(unit))
        enemies = [e.id for e in state.units.values() if e.side != unit.side and e.active and e.hex is not None]
        weapons = [m.label for i, m in enumerate(unit.weapons) if i not in unit.fired]
        beside = [(t, w, tw) for t in enemies for w in weapons for tw in twists
                  if (t, w, tw) not in shots and not (tw and (t, w, "") in shots)]
        for target, weapon, twist in rng.sample(beside, min(samples, len(beside))):
            refused(WeaponAttackOrder(uid, target, (weapon,), twist),
                    f"attack {target} --weapon {weapon}" + (f" --twist {twist}" if twist else ""))
    _check_hex_attacks(state, uid, found, rng, samples, firing, accepted, refused)
    if found.card is not None:
        _check_asset_attacks(state, uid, found, rng, samples, firing, accepted, refused)
    striking = "physical" in found.now
    blows = {(b.target, b.attack) for b in found.blows}
    for target, kind in sorted(blows):
        order = PhysicalAttackOrder(uid, target, kind)
        accepted(order, f"attack {target} --physical {kind}") if striking else refused(order, f"{kind} (not now)")
    if striking and unit.hex is not None:
        near = [e.id for e in state.units.values() if e.side != unit.side and e.active and e.hex is not None
                and e.hex.distance(unit.hex) <= 1]
        for target in near:
            for kind in attacks.PHYSICAL_ATTACKS:
                if (target, kind) not in blows:
                    refused(PhysicalAttackOrder(uid, target, kind), f"attack {target} --physical {kind}")
    if "stand" in found.now:
        accepted(MoveOrder(uid, "stand"), "move --mode stand")
    listed_paths = dict(found.paths)
    if unit.hex is not None and found.flying is None and found.card is None and (found.paths or found.moves):
        for code in ("L", "R", "A", "D"):  # a turn in place, a flier's climb and descent, listed or not
            order = MoveOrder(uid, "", (code,))
            if code in listed_paths and moving:
                accepted(order, f"move --path {code}")
            elif code not in listed_paths or not moving:
                refused(order, f"move --path {code}" + (" (not now)" if code in listed_paths else ""))
    if phase_takes(MoveOrder) and "stand" not in found.now and not found.flights and uid in state.units:
        refused(MoveOrder(uid, "stand"), "move --mode stand (not now)")
    drop = found.drop
    if drop is not None:
        from btcli.model.orders import AbortDropOrder, CommitDropOrder

        listed = set(drop["orders"])
        for name, order in (("drop --abort", AbortDropOrder(uid)), ("drop --hex", CommitDropOrder(uid, f"{rng.getrandbits(256):064x}"))):
            accepted(order, name) if name in listed else refused(order, name + " (not listed)")
    for flight in found.flights:
        change = flight.path[0] if flight.path and flight.path[0] in "+-" else ""
        straight = set(flight.path) <= {change, "F"} and flight.path.count(change) == 1
        if change and straight and found.flying is not None and flight.thrust != found.flying["steps"][change]:
            problem(f"a flight starting {change} spends {flight.thrust} thrust; the steps say {found.flying['steps']}")
    if found.flying is not None:
        from tests.play.options_check_aero import check_aircraft

        check_aircraft(state, uid, found, rng, accepted, refused, problem, samples)


def _check_hex_attacks(state: GameState, uid: str, found, rng: random.Random, samples: int, firing: bool, accepted,
                       refused) -> None:
    """Attacks on building and bridge hexes (URB-ATK-01): each listed weapon shot and blow is accepted (refused when
    the phase does not take it now); a weapon, twist or blow at a structure hex not listed is refused."""
    unit = state.units[uid]
    striking = "physical" in found.now
    shots = {(a.hex.label, a.weapon, a.twist) for a in found.hex_attacks if a.weapon}
    for label, weapon, twist in rng.sample(sorted(shots), min(samples, len(shots))):
        what = f"attack {label} --weapon {weapon}" + (f" --twist {twist}" if twist else "")
        order = WeaponAttackOrder(uid, label, (weapon,), twist)
        accepted(order, what) if firing else refused(order, what + " (not now)")
    blows = {(a.hex.label, a.attack) for a in found.hex_attacks if a.attack}
    for label, kind in sorted(blows):
        order = PhysicalAttackOrder(uid, label, kind)
        what = f"attack {label} --physical {kind}"
        accepted(order, what) if striking else refused(order, what + " (not now)")
    structures = sorted(state.board.structure_hexes)
    if unit.hex is None or not structures or found.card is not None or found.flying is not None:
        return
    if firing:
        twists = ("", *unit_options.twists(unit))
        weapons = [m.label for i, m in enumerate(unit.weapons) if i not in unit.fired]
        beside = [(h.label, w, tw) for h in structures for w in weapons for tw in twists
                  if (h.label, w, tw) not in shots and not (tw and (h.label, w, "") in shots)]
        for label, weapon, twist in rng.sample(beside, min(samples, len(beside))):
            refused(WeaponAttackOrder(uid, label, (weapon,), twist),
                    f"attack {label} --weapon {weapon}" + (f" --twist {twist}" if twist else ""))
    if striking:
        from btcli.rules.urban import building_attacks

        for h in structures:
            if h.distance(unit.hex) <= 1:
                for kind in building_attacks.PHYSICAL_ON_BUILDINGS:
                    if (h.label, kind) not in blows:
                        refused(PhysicalAttackOrder(uid, h.label, kind), f"attack {h.label} --physical {kind}")


def _check_asset_paths(state: GameState, uid: str, mode: str, listed: dict, paths: dict, rng: random.Random,
                       samples: int, refused) -> None:
    """An asset's ``--path`` moves (ASSET-MOVE; declared backward, ASSET-MOVE-05): a listed path one step longer, or a
    random path, that ends in a hex not listed is refused."""
    unit = state.units[uid]
    codes = "FBLRAD"
    tried = [p + "," + c for p in rng.sample(sorted(paths.values()), min(samples, len(paths))) for c in "FB"]
    tried += [",".join(rng.choice(codes) for _ in range(rng.randint(1, 5))) for _ in range(samples)]
    for path in tried:
        order = move_order(state, uid, mode, unit.hex, path)
        if isinstance(order, str):
            refused(order, f"move --mode {mode} --path {path}")
            continue
        try:
            from btcli.rules.assets import movement as asset_movement

            record = unit.asset
            end = asset_movement.check_asset_move(record.card, state.board, unit.hex, unit.facing, order.steps,
                                                  side=unit.side, backward=mode == "backward",
                                                  elevation=unit.elevation, ends=False).end
        except BtcliError:
            end = None
        if end is not None and (end in listed or end == unit.hex):
            continue
        refused(order, f"move --mode {mode} --path {path}")


def _check_asset_attacks(state: GameState, uid: str, found, rng: random.Random, samples: int, firing: bool, accepted,
                         refused) -> None:
    """An asset's card attack (ASSET-ATK): at an enemy not listed, refused; an Artillery card's hexes (UNVERIFIED):
    a listed one accepted, one not listed refused."""
    unit = state.units[uid]
    if firing:
        listed = {s.target for s in found.shots}
        for enemy in state.units.values():
            if enemy.side != unit.side and enemy.id not in listed:
                refused(WeaponAttackOrder(uid, enemy.id), f"attack {enemy.id} (card)")
    shelling = found.card.get("artillery")
    if shelling is None:
        if firing and unit.hex is not None:
            label = rng.choice([h.label for h in _neighbours(unit.hex) if state.board.contains(h)] or ["0101"])
            refused(WeaponAttackOrder(uid, label), f"attack {label} --artillery")
        return
    hexes = shelling["hexes"]
    for label in rng.sample(hexes, min(samples, len(hexes))):
        order = WeaponAttackOrder(uid, label)
        accepted(order, f"attack {label} --artillery") if firing else refused(order, f"attack {label} --artillery (not now)")
    board = state.board
    others = [f"{c:02d}{r:02d}" for c in range(1, board.width + 1) for r in range(1, board.height + 1)
              if f"{c:02d}{r:02d}" not in hexes]
    for label in rng.sample(others, min(samples, len(others))):
        refused(WeaponAttackOrder(uid, label), f"attack {label} --artillery")


def _flag(what: str) -> str:
    """The option's kind in a tally: the first flag of its command (--mode, --weapon, --physical, ...)."""
    words = what.split()
    flags = [w for w in words if w.startswith("--")]
    if len(words) > 1 and len(words[1]) == 4 and words[1].isdigit() and flags:  # an attack on a hex (URB-ATK-01)
        return "hex " + flags[0]
    if "--mode" in words:
        return "--mode " + words[words.index("--mode") + 1]
    return flags[0] if flags else ""


def _neighbours(h: HexId) -> list[HexId]:
    return [h.neighbor(f) for f in Facing]


def check_game(path: Path, rng: random.Random, tally: Tally, every: int = 1, units: int = 2, states: int = 0,
               samples: int = 6) -> None:
    """Replays a game file and checks ``units`` random units' options at every ``every``-th state (or at
    ``states`` states drawn at random, when given), ``samples`` options of each kind each."""
    from btcli.runner import verify_text

    data = path.read_bytes()
    chosen: set[int] | None = None
    if states:
        entries = data.count(b"\n[[log]]\n") + data.startswith(b"[[log]]\n")
        chosen = set(rng.sample(range(1, entries + 1), min(states, entries)))

    def each(entry: dict, state: GameState) -> None:
        if state.winner or (entry.get("seq") not in chosen if chosen is not None else rng.randrange(every)):
            return
        tally.states += 1
        ids = sorted(state.units)
        for uid in rng.sample(ids, min(units, len(ids))):
            check_unit(state, uid, rng, tally, f"{path.name} entry {entry.get('seq')} ({state.phase.value})", samples)

    verify_text(data, each=each)


def main(argv: list[str]) -> int:
    tally = Tally()
    rng = random.Random(0)
    for name in argv:
        check_game(Path(name), rng, tally, every=int(os.environ.get("OPTIONS_EVERY", "3")))
        print(f"{name}: {tally.summary()}", flush=True)
    print(tally.coverage())
    for line in tally.problems:
        print(line)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
