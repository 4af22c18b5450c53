"""Orders: small immutable values a player gives, and their canonical command text.

The canonical text is what the log records and what ``verify`` replays, so
``parse_command(order.canonical())`` rebuilds the same order.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from btcli.errors import InputError
from btcli.model.hexgrid import Facing, HexId

MAX_REPEAT = 99  # no unit has more MP than this
STEP_CODES = {
    "F": "forward", "B": "backward", "T": "forward onto the roof or bridge deck ahead", "L": "turn left", "R": "turn right", "U": "stand up",
    "A": "climb one level (VTOL)", "D": "descend one level (VTOL)",
}


def parse_steps(text: str) -> tuple[str, ...]:
    """Parses a step path such as ``F,F,R,F`` or ``F F R F`` (F/B move, L/R turn one hexside)."""
    steps = []
    for part in text.replace(",", " ").split():
        code = part.strip().upper()
        count = 1
        if len(code) > 1 and code[:-1].isascii() and code[:-1].isdigit():  # "3F" = F,F,F
            if len(code) > 3:
                raise InputError(f"bad step {part!r}: a repeat count is 1-{MAX_REPEAT}")
            count, code = int(code[:-1]), code[-1]
            if not 1 <= count <= MAX_REPEAT:
                raise InputError(f"bad step {part!r}: a repeat count is 1-{MAX_REPEAT}")
        if code not in STEP_CODES:
            raise InputError(
                f"bad step {part!r} in path: use F, B (move), T (onto a roof or bridge deck), L, R (turn), "
                f"U (stand up), A/D (VTOL climb/descend)"
            )
        steps.extend([code] * count)
        if len(steps) > MAX_REPEAT:
            raise InputError(f"path too long: more than {MAX_REPEAT} steps")
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class MoveOrder:
    """Moves one unit: a step path (walk/run/cruise/flank), a jump to a hex, or standing still."""

    unit: str
    mode: str
    steps: tuple[str, ...] = ()
    to: HexId | None = None  # jumps only
    facing: Facing | None = None  # jumps only
    after_slip: str = ""  # "continue": go on with the path after a sideslip (VEH-SLIP-07); default: stop

    def canonical(self) -> str:
        parts = ["move", self.unit]
        if self.mode:
            parts += ["--mode", self.mode]
        if self.steps:
            parts += ["--path", ",".join(self.steps)]
        if self.after_slip:
            parts += ["--after-slip", self.after_slip]
        if self.to is not None:
            parts += ["--to", self.to.label]
        if self.facing is not None:
            parts += ["--facing", self.facing.name]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class AttackOrder:
    """Declares an attack: weapons (by catalog name) or one physical attack, at a target."""

    attacker: str
    target: str
    weapons: tuple[str, ...] = ()
    physical: str = ""
    twist: str = ""  # torso twist or turret turn: "", "left", "right"
    clear: str = ""  # a jammed weapon (or "turret") the crew clears instead of firing (VEH-CRIT-23)
    girder: bool = False  # search the rubble for a girder club instead of firing (URB-CLUB-01)

    def canonical(self) -> str:
        if self.girder:
            return shlex.join(["attack", self.attacker, "--girder"])
        if self.clear:
            return shlex.join(["attack", self.attacker, "--clear", self.clear])
        parts = ["attack", self.attacker, self.target]
        for w in self.weapons:
            parts += ["--weapon", w]
        if self.physical:
            parts += ["--physical", self.physical]
        if self.twist:
            parts += ["--twist", self.twist]
        return shlex.join(parts)


@dataclass(frozen=True, slots=True)
class ResolvePhaseOrder:
    """Closes the current phase and opens the next."""

    def canonical(self) -> str:
        return "resolve-phase"


@dataclass(frozen=True, slots=True)
class DropOrder:
    """A dropping 'Mech's landing: the commitment to a secret hex (DROP-04), or its reveal and
    landing roll (DROP-05..08). A commitment carries only the salted hash; a reveal the hex,
    facing and salt, public from then on."""

    unit: str
    commitment: str = ""
    hex: HexId | None = None
    facing: Facing | None = None
    salt: str = ""
    abort: bool = False  # the 'Mech does not drop: it leaves the battle (a lost secret, a change of plan)

    @property
    def reveal(self) -> bool:
        return self.hex is not None

    def canonical(self) -> str:
        if self.abort:
            return f"drop {self.unit} --abort"
        if self.reveal:
            return f"drop {self.unit} --hex {self.hex.label} --facing {self.facing.name} --salt {self.salt}"
        return f"drop {self.unit} --commit {self.commitment}"


Order = MoveOrder | AttackOrder | ResolvePhaseOrder | DropOrder
FLAGS = {"--girder", "--abort"}  # logged options that take no value


def with_dice(command: str, dice: list[int] | None) -> str:
    """Returns the command text with its manual ``--dice`` values, if any."""
    return f"{command} --dice {','.join(map(str, dice))}" if dice else command


def parse_command(text: str) -> tuple[Order, list[int] | None]:
    """Parses canonical command text (as logged) back into an order and its manual dice."""
    from btcli.dice import parse_dice

    try:
        # Logged commands rarely need shell quoting; split plainly when nothing is quoted.
        words = text.split() if not any(c in text for c in "'\"\\") else shlex.split(text)
    except ValueError as exc:
        raise InputError(f"cannot parse command {text!r}: {exc}") from None
    dice = None
    if "--dice" in words:
        i = words.index("--dice")
        if i + 1 >= len(words):
            raise InputError(f"--dice without values in {text!r}")
        dice = parse_dice(words[i + 1])
        del words[i : i + 2]
    if not words:
        raise InputError("empty command")
    verb, args = words[0], words[1:]
    opts, positional = _options(args, text)
    if verb == "move" and len(positional) == 1:
        to = HexId.parse(opts["--to"][0]) if "--to" in opts else None
        facing = Facing.parse(opts["--facing"][0]) if "--facing" in opts else None
        steps = parse_steps(opts["--path"][0]) if "--path" in opts else ()
        mode = opts.get("--mode", [""])[0]
        after_slip = opts.get("--after-slip", [""])[0]
        return MoveOrder(positional[0], mode, steps, to, facing, after_slip), dice
    if verb == "attack" and len(positional) == 1 and "--girder" in opts:
        return AttackOrder(positional[0], "", girder=True), dice
    if verb == "attack" and len(positional) == 1 and "--clear" in opts:
        return AttackOrder(positional[0], "", clear=opts["--clear"][0]), dice
    if verb == "attack" and len(positional) == 2:
        physical = opts.get("--physical", [""])[0]
        twist = opts.get("--twist", [""])[0]
        return AttackOrder(positional[0], positional[1], tuple(opts.get("--weapon", ())), physical, twist), dice
    if verb == "drop" and len(positional) == 1 and set(opts) == {"--abort"}:
        return DropOrder(positional[0], abort=True), dice
    if verb == "drop" and len(positional) == 1 and set(opts) == {"--commit"}:
        return DropOrder(positional[0], commitment=opts["--commit"][0]), dice
    if verb == "drop" and len(positional) == 1 and set(opts) == {"--hex", "--facing", "--salt"}:
        hex_id, facing = HexId.parse(opts["--hex"][0]), Facing.parse(opts["--facing"][0])
        return DropOrder(positional[0], hex=hex_id, facing=facing, salt=opts["--salt"][0]), dice
    if verb == "resolve-phase" and not positional:
        return ResolvePhaseOrder(), dice
    raise InputError(f"cannot parse command {text!r}")


def _options(args: list[str], text: str) -> tuple[dict[str, list[str]], list[str]]:
    opts: dict[str, list[str]] = {}
    positional = []
    i = 0
    while i < len(args):
        word = args[i]
        if word in FLAGS:
            opts.setdefault(word, []).append("")
            i += 1
        elif word.startswith("--"):
            if i + 1 >= len(args):
                raise InputError(f"option {word} without a value in {text!r}")
            opts.setdefault(word, []).append(args[i + 1])
            i += 2
        else:
            positional.append(word)
            i += 1
    return opts, positional
