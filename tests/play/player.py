"""Plays one whole random game through btcli's real command line, in-process.

The player sees only what the CLI prints (``report --format json``, ``--field``
values, ``attack --dry-run``, exit codes), never btcli's internals, so that it
keeps working while the internals are restructured, and so that two btcli
versions that print the same things get the same random choices from
``random.Random(seed)``: their game files can then be compared entry by entry
(``python -m tests.play.compare``). The game's own dice stay the game's seeded
dice; the player passes ``--dice`` only rarely, drawn from its own generator.

Every call is checked against the CLI's promises (README, Exit codes): exit 0,
2, 3 or 4 and never 1; on a refusal one line of stderr starting ``Error: ``
and the game file (and its secrets files) byte-for-byte unchanged; reports and
dry runs write nothing; an accepted order appends to the file. A game that
cannot go on (the side to act has no accepted order and ``resolve-phase`` is
refused), that passes its turn limit without ending, or that exceeds the call
cap is a failure; so is a finished game whose ``verify`` fails.
"""

from __future__ import annotations

import io
import json
import random
import shlex
import time
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from btcli.cli import main

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
DEFAULT_MAX_CALLS = 20_000
ORDER_TRIES = 4  # random orders a unit gets before it is told to stand still
HISTORY = 12  # calls quoted in a failure message


class PlayFailure(AssertionError):
    """A broken CLI promise, a deadlock, or a game that does not end; ``kind`` says which."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.record: GameRecord | None = None
        self.reproduction = ""  # a shell script of the accepted orders up to the failing command


@dataclass
class Call:
    """One btcli call and its answer."""

    args: tuple[str, ...]
    code: int
    out: str
    err: str

    @property
    def ok(self) -> bool:
        return self.code == 0

    def command(self) -> str:
        return "btcli " + shlex.join(self.args)


@dataclass
class GameRecord:
    """How one random game went."""

    scenario: Path
    seed: int
    game: Path
    calls: int = 0
    turn: int = 0
    winner: str | None = None
    result: str | None = None
    ended_by: str = ""  # "victory" or "turn limit"; "" while unfinished or failed
    accepted: int = 0  # orders that changed the game
    refused: int = 0  # orders refused with exit 2, 3 or 4
    seconds: float = 0.0

    def summary(self) -> str:
        rate = self.calls / self.seconds if self.seconds else 0.0
        end = f"{self.ended_by}: {self.winner} ({self.result})" if self.ended_by else "unfinished"
        return (f"{self.scenario.stem} seed {self.seed}: turn {self.turn}, {end}; {self.calls} calls "
                f"({self.accepted} accepted, {self.refused} refused orders) in {self.seconds:.1f} s, {rate:.0f} calls/s")


def turn_limit(path: Path) -> int:
    """Returns the scenario's turn limit (0: none), the one thing the player reads from the scenario file."""
    return int(tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", {}).get("turn_limit", 0))


# Hexes: mapsheet labels CCRR, flat-topped, even-numbered columns half a hex lower (README).


def _axial(label: str) -> tuple[int, int]:
    col, row = int(label[:2]), int(label[2:])
    return col, row - (col + (col & 1)) // 2


def distance(a: str, b: str) -> int:
    """Returns the distance in hexes between two hex labels."""
    (q1, r1), (q2, r2) = _axial(a), _axial(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def run_btcli(args: tuple[str, ...]) -> Call:
    """Runs ``btcli ARGS`` through ``btcli.cli.main`` as tests/cli/helpers.py does: real exit codes and output."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return Call(args, code, out.getvalue(), err.getvalue())


class Session:
    """One game's btcli calls, each checked against the CLI's promises."""

    def __init__(self, game: Path, record: GameRecord, max_calls: int) -> None:
        self.game = game
        self.record = record
        self.max_calls = max_calls
        self.last: Call | None = None
        self.history: list[str] = []
        self.orders: list[tuple[str, ...]] = []  # every accepted order, to rebuild the game

    def _files(self) -> dict[Path, bytes | None]:
        """Returns the game file and its secrets files as bytes (None when absent)."""
        paths = [self.game, *sorted(self.game.parent.glob(self.game.stem + ".*.secrets.toml"))]
        return {p: (p.read_bytes() if p.exists() else None) for p in paths}

    def call(self, *args: str, writes: bool) -> Call:
        """Runs one command against the game; ``writes`` says whether success must append to the file."""
        if self.record.calls >= self.max_calls:
            raise PlayFailure("call limit", f"{self.max_calls} calls made without the game ending{self.context()}")
        self.record.calls += 1
        before = self._files()
        result = run_btcli(tuple(str(a) for a in args))
        self.history.append(f"[{result.code}] {result.command()}")
        del self.history[:-HISTORY]
        after = self._files()
        self.last = result
        self._check(result, before, after, writes)
        if writes:
            if result.ok:
                self.orders.append(result.args)
                self.record.accepted += 1
            else:
                self.record.refused += 1
        return result

    def _check(self, result: Call, before: dict, after: dict, writes: bool) -> None:
        def broken(what: str) -> PlayFailure:
            return PlayFailure(
                "invariant",
                f"{what}\n  command: {result.command()}\n  exit code: {result.code}\n  stderr: {result.err.rstrip()}"
                f"{self.context()}",
            )

        if result.code not in (0, 2, 3, 4):
            raise broken(f"exit code {result.code} (1 is an internal error; only 0, 2, 3, 4 are allowed)")
        changed = [p.name for p in set(before) | set(after) if before.get(p) != after.get(p)]
        if result.code != 0:
            if not (result.err.startswith("Error: ") and result.err.endswith("\n") and result.err.count("\n") == 1):
                raise broken("a refusal must print exactly one stderr line starting 'Error: '")
            if changed:
                raise broken(f"a refused command changed {', '.join(sorted(changed))}")
        elif not writes and changed:
            raise broken(f"a read-only command changed {', '.join(sorted(changed))}")
        elif writes and self.game.name not in changed:
            raise broken("an accepted order left the game file unchanged (every order appends a log entry)")

    def reproduction(self) -> str:
        """Returns a shell script that rebuilds the game from init with the accepted orders and reruns the last call."""
        game = str(self.game)

        def line(args: tuple[str, ...]) -> str:
            return "btcli " + " ".join('"$GAME"' if a == game else shlex.quote(a) for a in args)

        calls = [*self.orders]
        if self.last is not None and (not self.orders or self.last.args is not self.orders[-1]):
            calls.append(self.last.args)
        init, *rest = calls
        scenario = init[1]
        head = ["#!/bin/sh", f"# Rebuilds {self.game.name}; the last command is the one that failed.",
                'GAME=${1:-repro.toml}', f"SCENARIO=${{2:-{shlex.quote(scenario)}}}",
                "rm -f \"$GAME\" \"${GAME%.toml}\".*.secrets.toml", "set -e"]
        init_line = line(init).replace(shlex.quote(scenario), '"$SCENARIO"', 1)
        body = [init_line, *(line(a) for a in rest[:-1])]
        return "\n".join(head + body + ["set +e", *(line(a) for a in rest[-1:])]) + "\n"

    def context(self) -> str:
        return f"\n  game file: {self.game}\n  last calls:\n" + "\n".join(f"    {h}" for h in self.history)

    def run(self, *args: str) -> Call:
        """Runs an order on the game (``btcli COMMAND GAME ARGS``)."""
        command, *rest = args
        return self.call(command, str(self.game), *rest, writes=True)

    def look(self, *args: str) -> Call:
        """Runs a read-only command on the game (report, verify, a dry run); it must succeed."""
        command, *rest = args
        result = self.call(command, str(self.game), *rest, writes=False)
        if not result.ok:
            raise PlayFailure("invariant", f"{result.command()} was refused: {result.err.rstrip()}{self.context()}")
        return result

    def look_or_refuse(self, *args: str) -> Call:
        """Runs a read-only command that may be refused (a dry run of an attack that cannot be made)."""
        command, *rest = args
        return self.call(command, str(self.game), *rest, writes=False)

    def report(self) -> dict:
        return json.loads(self.look("report", "--format", "json").out)

    def field(self, name: str) -> str:
        return self.look("report", "--field", name).out.rstrip("\n")


class Player:
    """Chooses random orders for one game from what the report shows."""

    def __init__(self, scenario: Path, game: Path, seed: int, max_calls: int, init_args: tuple[str, ...] = ()) -> None:
        self.rng = random.Random(seed)
        self.turn_limit = turn_limit(scenario)
        self.width, self.height = 16, 17  # the ground board's, as init tells them
        self.scenario = scenario
        self.init_args = init_args
        self.record = GameRecord(scenario, seed, game)
        self.s = Session(game, self.record, max_calls)

    # The game loop

    def play(self) -> GameRecord:
        game = self.s.game
        game.parent.mkdir(parents=True, exist_ok=True)
        for old in [game, *game.parent.glob(game.stem + ".*.secrets.toml")]:
            old.unlink(missing_ok=True)
        game_seed = self.rng.randrange(1, 2**31)
        init = self.s.call("init", str(self.scenario), "-o", str(game), "--seed", str(game_seed), *self.init_args,
                           "-q", "--json", writes=True)
        if not init.ok:
            raise PlayFailure("invariant", f"init was refused: {init.err.rstrip()}{self.s.context()}")
        board = json.loads(init.out)["map"]  # a MegaMek board's size is in its file, not the scenario
        self.width, self.height = board["width"], board["height"]
        handlers = {
            "deployment": self.deployment, "initiative": self.initiative, "movement": self.movement, "weapon": self.weapon_attacks,
            "physical": self.physical_attacks, "heat": self.resolve, "end": self.resolve,
            "aero_movement": self.aero_movement, "space_movement": self.aero_movement,
        }
        while True:
            rep = self.s.report()
            self.record.turn = rep["turn"]
            if rep["game_over"]:
                break
            if self.turn_limit and rep["turn"] > self.turn_limit + 1:
                raise PlayFailure("no end", f"turn {rep['turn']} is past the turn limit {self.turn_limit} "
                                  f"and game_over is false{self.s.context()}")
            if self.rng.random() < 0.08:
                self.noise(rep)
                continue  # the noise may have been accepted: look again
            handlers[rep["phase"]](rep)
        self.finish(rep)
        return self.record

    def finish(self, rep: dict) -> None:
        self.record.winner, self.record.result = rep["winner"], rep["result"]
        if self.s.field("game_over") != "true":
            raise PlayFailure("invariant", f"report --field game_over disagrees with the JSON report{self.s.context()}")
        self.record.ended_by = "turn limit" if "turn limit" in (rep["result"] or "") else "victory"
        self.s.look("report")
        self.s.look("report", "--format", "markdown")
        board = self.s.game.with_suffix(".svg")
        self.s.look("report", "--map", str(board))
        board.unlink(missing_ok=True)
        for drawn in board.parent.glob(board.stem + ".*.svg"):  # the aerospace maps beside it (issue #13)
            drawn.unlink()
        late = self.s.run("resolve-phase", "-q")
        if late.ok:
            raise PlayFailure("after the end", f"resolve-phase was accepted after the game ended{self.s.context()}")
        verify = self.s.call("verify", str(self.s.game), "-q", writes=False)
        if not verify.ok:
            raise PlayFailure("verify", f"verify exit {verify.code}: {verify.err.rstrip()}{self.s.context()}")

    def resolve(self, rep: dict, why: str = "") -> None:
        """Closes the phase; a refusal here means nobody can act: a deadlock."""
        if self.rng.random() < 0.03 and self.s.run("resolve-phase", *self.manual_dice(), "-q").ok:
            return  # rarely the players roll real dice; a wrong count is refused and the seeded dice roll
        result = self.s.run("resolve-phase", "-q")
        if not result.ok:
            self.deadlock(rep, why or f"nothing is left to do in the {rep['phase']} phase", result)

    def manual_dice(self) -> list[str]:
        """Returns ``--dice`` with a few values from the player's generator (2D6 totals, 1D6 faces, rarely out of range)."""
        rng = self.rng
        values = [rng.randint(2, 12) if rng.random() < 0.7 else rng.randint(1, 6) for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.1:
            values[rng.randrange(len(values))] = rng.choice([0, 13, -1])
        return ["--dice", ",".join(map(str, values))]

    def deadlock(self, rep: dict, why: str, refusal: Call) -> None:
        text = self.s.look("report").out
        self.s.last = refusal  # the reproduction ends with the refused resolve-phase
        raise PlayFailure(
            "deadlock",
            f"turn {rep['turn']} {rep['phase']} phase: {why}, and resolve-phase is refused: {refusal.err.rstrip()}"
            f"{self.s.context()}\n  report:\n" + "\n".join(f"    {line}" for line in text.splitlines()),
        )

    def noise(self, rep: dict) -> None:
        """Gives an order that is out of place now or malformed; btcli must answer it cleanly (most are refused)."""
        rng = self.rng
        unit = rng.choice(rep["units"])
        other = rng.choice(rep["units"])
        weapon = rng.choice(unit["weapons"] or ["Medium Laser"]).split(" (")[0].removesuffix("(R)")
        orders = [
            ["move", unit["id"], *self.random_move(unit, [other] if other["position"] else [])],
            ["attack", unit["id"], other["id"], "-w", weapon],
            ["attack", unit["id"], other["id"], "-w", weapon, "--dry-run"],
            ["attack", unit["id"], other["id"], "--physical", rng.choice(["punch", "kick", "charge", "dfa", "club"])],
            ["attack", unit["id"], "--girder"],
            ["attack", unit["id"], "--clear", rng.choice(["turret", weapon])],
            ["drop", unit["id"], "--reveal"],
            ["drop", unit["id"], "--abort"],
            ["drop", unit["id"], "--hex", self.random_hex(), "--salt", f"{rng.getrandbits(128):032x}"],
            ["move", "nobody", "--mode", "stand"],
            ["attack", unit["id"], self.random_hex(), "-w", weapon],
            ["resolve-phase", *self.manual_dice()],
        ]
        order = rng.choice(orders)
        if order[-1] != "--dry-run":
            self.s.run(*order, "-q")
        else:
            self.s.look_or_refuse(*order)

    # Reports

    @staticmethod
    def units(rep: dict) -> dict[str, dict]:
        return {u["id"]: u for u in rep["units"]}

    @staticmethod
    def on_map(rep: dict) -> list[dict]:
        return [u for u in rep["units"] if u["position"] and not u["destroyed"]]

    def cross_check(self, rep: dict, side: str | None) -> None:
        """Sometimes asks the ``--field`` forms too; they must agree with the JSON report."""
        if self.rng.random() > 0.1:
            return
        shown = self.s.field("next_to_move")
        if shown != (side or "null"):
            raise PlayFailure("invariant", f"--field next_to_move says {shown!r}, the JSON {side!r}{self.s.context()}")
        for name in ("unmoved", "dropping"):
            for sid, ids in rep[name].items():
                words = self.s.field(f"{name}.{sid}")
                if words.split() != ids:
                    raise PlayFailure("invariant", f"--field {name}.{sid} says {words!r}, the JSON {ids}{self.s.context()}")

    # Hexes

    def random_hex(self, center: str | None = None, radius: int = 0) -> str:
        """Returns a hex on the map, within ``radius`` of ``center`` when given (rarely one off the map)."""
        w, h = self.width, self.height
        if self.rng.random() < 0.01:
            return self.rng.choice([label(w + 1, 1), label(1, h + 1), "0000"])
        if center is None or radius <= 0:
            return label(self.rng.randint(1, w), self.rng.randint(1, h))
        c, r = int(center[:2]), int(center[2:])
        for _ in range(20):
            hex_id = label(self.rng.randint(max(1, c - radius), min(w, c + radius)),
                           self.rng.randint(max(1, r - radius), min(h, r + radius)))
            if 0 < distance(hex_id, center) <= radius:
                return hex_id
        return label(self.rng.randint(1, w), self.rng.randint(1, h))

    # Initiative and drops

    def arrivals(self, rep: dict) -> list[dict]:
        """Returns the dropping 'Mechs arriving this turn that still owe a landing-hex commitment."""
        return [
            u for u in rep["units"]
            if u.get("drop") and u["drop"]["arrival_turn"] == rep["turn"] and not u["drop"]["committed"]
            and u["drop"]["landed_turn"] is None and u["drop"]["aborted_turn"] is None and not u["drop"]["off_map"]
        ]

    def commit(self, rep: dict, unit: dict) -> bool:
        """Commits a random secret landing hex (or, rarely, calls the drop off)."""
        if self.rng.random() < 0.03:
            return self.s.run("drop", unit["id"], "--abort", "-q").ok
        enemies = [u for u in self.on_map(rep) if u["side"] != unit["side"]]
        roll = self.rng.random()
        if enemies and roll < 0.3:
            hex_id = self.random_hex(self.rng.choice(enemies)["position"], 3)
        elif enemies and roll < 0.35:
            hex_id = self.rng.choice(self.on_map(rep))["position"]  # onto a unit: DROP-14 displacement
        else:
            hex_id = self.random_hex()
        args = ["drop", unit["id"], "--hex", hex_id, "--salt", f"{self.rng.getrandbits(128):032x}", "-q"]
        if self.rng.random() < 0.7:
            args += ["--facing", self.rng.choice(FACINGS)]
        if self.s.run(*args).ok:
            return True
        return self.s.run("drop", unit["id"], "--abort", "-q").ok

    def initiative(self, rep: dict) -> None:
        for unit in self.arrivals(rep):
            if self.rng.random() < 0.6:  # the rest commit in the movement phase, before anyone moves
                self.commit(rep, unit)
        self.resolve(rep)

    # Deployment (seed 004)

    def deployment(self, rep: dict) -> None:
        """Deploys every waiting unit of the side whose turn it is, at random hexes (near a friend once one
        stands, as zones are compact); ``resolve-phase`` when nobody waits."""
        side = rep["next_to_move"]
        if side is None or not rep["unmoved"].get(side):
            self.resolve(rep, "no unit waits to deploy")
            return
        uid = rep["unmoved"][side][0]
        friends = [u["position"] for u in self.on_map(rep) if u["side"] == side]
        for _ in range(60):
            near = friends and self.rng.random() < 0.8
            hex_id = self.random_hex(self.rng.choice(friends), 3) if near else self.random_hex()
            if self.s.run("deploy", uid, "--hex", hex_id, "--facing", self.rng.choice(FACINGS), "-q").ok:
                return
        raise PlayFailure("deadlock", f"no hex is accepted to deploy {uid}{self.s.context()}")

    # Movement

    def movement(self, rep: dict) -> None:
        steps = 0
        while rep["phase"] == "movement" and not rep["game_over"]:
            steps += 1
            if steps > 4 * len(rep["units"]) + 10:
                raise PlayFailure("deadlock", f"turn {rep['turn']} movement makes no progress{self.s.context()}")
            arriving = self.arrivals(rep)
            if arriving:  # commitments come before anyone moves
                for unit in arriving:
                    self.commit(rep, unit)
                rep = self.s.report()
                if self.arrivals(rep) == arriving:
                    self.resolve(rep, f"no commitment and no abort is accepted for {[u['id'] for u in arriving]}")
                    rep = self.s.report()
                continue
            side = rep["next_to_move"]
            self.cross_check(rep, side)
            if side is None:
                self.resolve(rep, "every unit has moved and landed")
            elif rep["unmoved"][side]:
                self.noise_out_of_turn(rep, side)
                if not self.move_one(rep, side):
                    self.resolve(rep, f"no order for side {side}'s unmoved units {rep['unmoved'][side]} is accepted")
            elif rep["dropping"][side]:
                if not self.land_one(rep, rep["dropping"][side]):
                    self.resolve(rep, f"side {side}'s dropping 'Mechs {rep['dropping'][side]} cannot land")
            else:
                self.resolve(rep, f"side {side} is next to move but has no unmoved unit and no 'Mech to land")
            rep = self.s.report()

    def aero_movement(self, rep: dict) -> None:
        """Flies the aerospace units of the side next to move, one at a time (issue #13): straight on at their
        velocity, sometimes a velocity change first; an out-of-control unit with no path."""
        phase, steps = rep["phase"], 0
        while rep["phase"] == phase and not rep["game_over"]:
            steps += 1
            if steps > 4 * len(rep["units"]) + 10:
                raise PlayFailure("deadlock", f"turn {rep['turn']} {phase} makes no progress{self.s.context()}")
            side = rep["next_to_move"]
            fliers = [u for u in rep["units"] if "aero" in u and u["side"] == side and not u["destroyed"]
                      and u["aero"]["moved_velocity"] is None and u["aero"]["transit"] is None]
            if side is None or not any(self.fly_one(u) for u in fliers):
                self.resolve(rep, f"no aerospace move of side {side} is accepted")
            rep = self.s.report()

    def fly_one(self, u: dict) -> bool:
        """Tries a few flights for one aerospace unit; tells whether one was accepted."""
        a = u["aero"]
        if a["out_of_control"]:
            return self.s.run("move", u["id"], "--mode", "safe", "-q").ok
        for _ in range(ORDER_TRIES):
            change = self.rng.choice(("", "", "+", "-")) if a["velocity"] else self.rng.choice(("", "+"))
            velocity = a["velocity"] + {"": 0, "+": 1, "-": -1}[change]
            path = ",".join(([change] if change else []) + ["F"] * velocity)
            mode = self.rng.choice(("safe", "max"))
            if self.s.run("move", u["id"], "--mode", mode, f"--path={path}", "-q").ok:
                return True
        return False

    def noise_out_of_turn(self, rep: dict, side: str) -> None:
        """Rarely moves a unit of the side that must wait: btcli must refuse it (TW p.39)."""
        others = [uid for sid, ids in rep["unmoved"].items() if sid != side for uid in ids]
        if others and self.rng.random() < 0.03:
            uid = self.rng.choice(others)
            result = self.s.run("move", uid, "--mode", "stand", "-q")
            if result.ok:
                raise PlayFailure("out of turn", f"{uid} moved although side {side} was next to move{self.s.context()}")

    def move_one(self, rep: dict, side: str) -> bool:
        """Moves one of the side's unmoved units (random orders, then standing still); tells whether any was accepted."""
        units = self.units(rep)
        enemies = [e for e in self.on_map(rep) if e["side"] != side]
        first = self.rng.choice(rep["unmoved"][side])
        rest = [uid for uid in rep["unmoved"][side] if uid != first]
        self.rng.shuffle(rest)
        for uid in [first, *rest]:
            for _ in range(self.rng.randint(1, ORDER_TRIES)):
                if self.s.run("move", uid, *self.random_move(units[uid], enemies), "-q").ok:
                    return True
            if self.s.run("move", uid, "--mode", "stand", "-q").ok:
                return True
        return False

    def random_move(self, u: dict, enemies: list[dict]) -> list[str]:
        """Returns a random move order: stand, --to a hex nearby (often towards an enemy), a jump, or a --path."""
        rng, mp = self.rng, u["mp"]
        if u["kind"] == "asset":  # fixed MP, no mode (ASSET-MOVE-02); a jump asset jumps --to a hex
            if u["motive"] == "jump" and rng.random() < 0.6:
                return ["--to", self.random_hex(u["position"], mp["fixed"])]
            args = ["--path", ",".join(self.random_steps(u, max(1, mp["fixed"])))]
            return args + (["--mode", "backward"] if rng.random() < 0.15 else [])
        vehicle = u["kind"] == "vehicle"
        modes = ["cruise", "flank"] if vehicle else ["walk", "run"]
        reach = max(mp.get("flank", 0), mp.get("run", 0), 1)
        roll = rng.random()
        if roll < 0.08:
            return ["--mode", "stand"]
        if not vehicle and mp.get("jump", 0) > 0 and roll < 0.25:
            args = ["--mode", "jump", "--to", self.random_hex(u["position"], mp["jump"])]
            return args + (["--facing", rng.choice(FACINGS)] if rng.random() < 0.5 else [])
        if roll < 0.55:
            radius = rng.randint(1, reach)
            if enemies and rng.random() < 0.6:  # closing in, so that there is fighting to do
                goal = rng.choice(enemies)["position"]
                hex_id = min((self.random_hex(u["position"], radius) for _ in range(8)), key=lambda h: distance(h, goal))
            else:
                hex_id = self.random_hex(u["position"], radius)
            args = ["--to", hex_id]
            if rng.random() < 0.7:
                args += ["--mode", rng.choice(modes)]
            if rng.random() < 0.4:
                args += ["--facing", rng.choice(FACINGS)]
        else:
            args = ["--path", ",".join(self.random_steps(u, reach))]
            if rng.random() < 0.6:
                args += ["--mode", rng.choice(modes)]
        if vehicle and u["motive"] in ("hover", "wheeled", "wige") and rng.random() < 0.2:
            args += ["--after-slip", rng.choice(["stop", "continue"])]
        return args

    def random_steps(self, u: dict, reach: int) -> list[str]:
        rng = self.rng
        steps: list[str] = []
        vtol = u["motive"] == "vtol"
        if u["prone"] and rng.random() < 0.8:
            steps.append("U")
        if vtol and (u.get("elevation", 0) == 0 or rng.random() < 0.3):
            steps.append("A" if u.get("elevation", 0) < 2 or rng.random() < 0.5 else "D")
        words = ["F"] * 6 + ["B", "L", "R", "L", "R", "2F", "3F"] + (["A", "D"] if vtol else []) + ["T"]
        for _ in range(rng.randint(1, max(1, min(reach, 8)))):
            steps.append(rng.choice(words))
        return steps

    def land_one(self, rep: dict, dropping: list[str]) -> bool:
        """Reveals and lands one of the side's dropping 'Mechs (or calls its drop off)."""
        uid = self.rng.choice(dropping)
        unit = self.units(rep)[uid]
        if not unit["drop"]["committed"] and not self.commit(rep, unit):
            return False
        if self.rng.random() < 0.05:  # a forged reveal: the hash check must refuse it (exit 4)
            forged = self.s.run("drop", uid, "--reveal", "--hex", self.random_hex(), "--facing",
                                self.rng.choice(FACINGS), "--salt", f"{self.rng.getrandbits(128):032x}", "-q")
            if forged.ok:
                raise PlayFailure("forged reveal", f"a reveal with a random salt was accepted{self.s.context()}")
        if self.s.run("drop", uid, "--reveal", "-q").ok:
            return True
        return self.s.run("drop", uid, "--abort", "-q").ok

    # Weapon attacks

    def weapon_attacks(self, rep: dict) -> None:
        shooters = self.on_map(rep)
        self.rng.shuffle(shooters)
        for u in shooters:
            if self.rng.random() < 0.1:
                continue  # holds its fire
            if self.special_action(rep, u):
                continue
            self.fire(rep, u)
        self.resolve(rep)

    def rubble(self, rep: dict) -> set[str]:
        return {s["hex"] for s in rep["structures"] if s["kind"] == "building" and s["collapsed"]}

    def special_action(self, rep: dict, u: dict) -> bool:
        """Sometimes searches rubble for a girder or clears a jam instead of firing; tells whether it was accepted."""
        rng = self.rng
        if u["kind"] == "mech" and (u["position"] in self.rubble(rep) or rng.random() < 0.01) and rng.random() < 0.5:
            return self.s.run("attack", u["id"], "--girder", "-q").ok
        if u["kind"] == "vehicle":
            jammed = u["status"].split("jammed: ", 1)[1].split(", ") if "jammed: " in u["status"] else []
            if u.get("turret") == "jammed":
                jammed.append("turret")
            if (jammed or rng.random() < 0.01) and rng.random() < 0.6:
                what = rng.choice(jammed or ["turret", *[w.split(" (")[0] for w in u["weapons"]]])
                return self.s.run("attack", u["id"], "--clear", what, "-q").ok
        rotary = [f"{w['weapon']}@{w['location']}" for w in u.get("weapon_states", [])
                  if w.get("jammed_firing") and w["weapon"].startswith("Rotary")]  # EQ-RAC-04: a turn unjamming
        if rotary and rng.random() < 0.5:
            return self.s.run("attack", u["id"], "--clear", rotary[0], "-q").ok
        return False

    def weapon_specs(self, u: dict) -> list[str]:
        """Returns the unit's working weapons as --weapon values, sometimes by bare name or with an ammunition mode."""
        rng = self.rng
        ap = any(" AP@" in bin_ for bin_ in u["ammo"])
        specs = []
        shown_weapons = u["weapons"]
        if u["kind"] == "aero":  # an aircraft's record-sheet entries are its weapon_states (NAME@ARC)
            shown_weapons = [f"{w['weapon']}@{w['location']}" for w in u["weapon_states"] if w["state"] != "destroyed"]
        for shown in shown_weapons:
            if shown.endswith(" (destroyed)"):
                continue
            spec = shown.removesuffix("(R)")  # a rear mount is named by its location (NAME@LOC)
            name = spec.split("@")[0]
            if rng.random() < 0.15:
                spec = name
            if ap and name.startswith("AC/") and rng.random() < 0.3:
                spec += ":ap"
            elif name.startswith("LB") and rng.random() < 0.5:
                spec += ":cluster"
            elif ("Ultra" in name or name.startswith("UAC")) and rng.random() < 0.5:
                spec += ":ultra"
            elif name.startswith("Rotary") and rng.random() < 0.6:
                spec += f":{rng.randint(2, 6)}"  # EQ-RAC-01: 2 to 6 shots
            specs.append(spec)
        return specs

    def twist(self, u: dict) -> list[str]:
        """Returns a random torso twist or turret direction now and then, else nothing."""
        rng = self.rng
        if u["kind"] == "mech" and rng.random() < 0.2:
            return ["--twist", rng.choice(["left", "right"])]
        if u["kind"] == "vehicle" and any("@turret" in w for w in u["weapons"]) and rng.random() < 0.25:
            return ["--twist", rng.choice(["left", "right", *FACINGS])]
        return []

    def targets(self, rep: dict, u: dict) -> list[str]:
        """Returns the enemies on the map in random order, or now and then one building or bridge hex."""
        enemies = [e["id"] for e in self.on_map(rep) if e["side"] != u["side"]]
        structures = [s["hex"] for s in rep["structures"]]
        if structures and (not enemies or self.rng.random() < 0.12):
            return [self.rng.choice(structures)]
        self.rng.shuffle(enemies)
        return enemies

    def fire(self, rep: dict, u: dict) -> None:
        """Fires a random subset of the weapons that a dry run says can fire (or, sometimes, blind)."""
        rng = self.rng
        if u["kind"] == "asset":  # one attack a turn with its card, no --weapon (ASSET-ATK-04)
            for target in self.targets(rep, u)[:3]:
                if rng.random() < 0.7 and not self.s.look_or_refuse("attack", u["id"], target, "--dry-run").ok:
                    continue
                if self.s.run("attack", u["id"], target, "-q").ok:
                    return
            return
        specs = self.weapon_specs(u)
        targets = self.targets(rep, u)
        if not specs or not targets:
            return
        twist = self.twist(u)
        for target in targets[: rng.randint(1, 2)]:
            if not specs:
                return
            chosen = rng.sample(specs, rng.randint(1, len(specs)))
            if rng.random() < 0.7:  # ask first: the whole salvo, then weapon by weapon
                dry = ("attack", u["id"], target, *twist, "--dry-run")
                if not self.s.look_or_refuse(*dry, *self.weapon_args(chosen)).ok:
                    chosen = [w for w in chosen if self.s.look_or_refuse(*dry, "-w", w).ok]
                    if not chosen and rng.random() < 0.8:
                        continue
                    chosen = chosen or [rng.choice(specs)]  # fire anyway: refused
            attack = ("attack", u["id"], target, *self.weapon_args(chosen), *twist)
            rolled = rng.random() < 0.02 and self.s.run(*attack, *self.manual_dice(), "-q").ok  # rarely real dice
            if rolled or self.s.run(*attack, "-q").ok:
                specs = [w for w in specs if w not in chosen]

    @staticmethod
    def weapon_args(specs: list[str]) -> list[str]:
        return [arg for w in specs for arg in ("-w", w)]

    # Physical attacks

    def physical_attacks(self, rep: dict) -> None:
        rng = self.rng
        attackers = self.on_map(rep)
        rng.shuffle(attackers)
        for u in attackers:
            if rng.random() < 0.3:
                continue
            enemies = [e for e in self.on_map(rep) if e["side"] != u["side"]]
            near = [e["id"] for e in enemies if distance(e["position"], u["position"]) <= 1]
            hexes = [s["hex"] for s in rep["structures"] if distance(s["hex"], u["position"]) <= 1]
            if hexes and rng.random() < 0.1:
                target = rng.choice(hexes)
            elif near:
                target = rng.choice(near)
            elif enemies and rng.random() < 0.1:
                target = rng.choice(enemies)["id"]  # out of reach: refused
            else:
                continue
            if u["kind"] == "mech":
                kinds = ["punch", "punch", "kick", "kick", "charge", "dfa"]
                kinds += ["club"] * (3 if "carries a" in u["status"] else 1)
            else:
                kinds = ["charge", "charge", "punch"]
            self.s.run("attack", u["id"], target, "--physical", rng.choice(kinds), "-q")
        self.resolve(rep)


def play_random_game(scenario: Path, game: Path, seed: int, max_calls: int = DEFAULT_MAX_CALLS,
                     init_args: tuple[str, ...] = ()) -> GameRecord:
    """Plays one whole random game of ``scenario`` into ``game`` (``init_args`` such as ``--lenient`` go to
    ``btcli init``); raises PlayFailure (an AssertionError) when a CLI promise breaks, the game deadlocks or
    never ends. The failure carries the partial record."""
    player = Player(Path(scenario), Path(game), seed, max_calls, tuple(init_args))
    start = time.perf_counter()
    try:
        return player.play()
    except PlayFailure as failure:
        failure.record = player.record
        failure.reproduction = player.s.reproduction()
        raise
    finally:
        player.record.seconds = time.perf_counter() - start
        save_final_report(Path(game))


def final_report_path(game: Path) -> Path:
    """Returns where the game's last JSON report is kept (``SCENARIO-SEED.report.json``)."""
    return game.with_name(game.stem + ".report.json")


def save_final_report(game: Path) -> None:
    """Keeps the game's JSON report beside it, so that compare.py can read the final units without
    depending on the game file's format."""
    if game.exists():
        result = run_btcli(("report", str(game), "--format", "json"))
        if result.ok:
            final_report_path(game).write_text(result.out, encoding="utf-8")
