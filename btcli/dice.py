"""Dice sources. Every roll a rule makes goes through one of these and is recorded.

- ``SeededDice``: die values derived from SHA-256(seed, counter) with rejection
  sampling, identical on every platform and Python version. The counter lives in
  the game file, so re-running a command on the same file rolls the same dice.
- ``ManualDice``: the ``--dice 8,3,11`` values, one per roll request, in order.
  A 2D6 request takes a total 2-12, a 1D6 request 1-6, an nD6 request n..6n.
- ``HeldDice``: a game whose seed the referee holds (the file keeps only its
  commitment, design.md): orders that roll nothing go ahead; a roll is refused.
"""

from __future__ import annotations

from btcli.digest import sha256
from btcli.errors import InputError
from btcli.model.frozen import Record


class Roll(Record):
    """One recorded roll: why, what came up, and what it was measured against."""

    purpose: str
    n: int
    total: int
    dice: tuple[int, ...] = ()  # the faces, when known (seeded dice); manual dice give a total
    target: int | None = None
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def success(self) -> bool:
        """Tells whether the roll made its target number (2D6 >= TN)."""
        return self.target is None or self.total >= self.target

    @property
    def automatic(self) -> bool:
        """Tells whether no dice were rolled: a skill roll whose target number no 2D6 reaches fails as it stands
        (btcli.rules.kinds.skill_roll); its ``total`` is 0 and it is in no log's rolls."""
        return self.n == 0

    @property
    def shown(self) -> int | None:
        """Returns the total rolled, or None for an automatic roll (events carry no roll for it)."""
        return None if self.n == 0 else self.total

    @property
    def margin(self) -> int:
        """Returns total - target: >= 0 on success, minus the margin of failure otherwise."""
        return self.total - (self.target or 0)

    def to_dict(self) -> dict:
        out: dict = {"purpose": self.purpose, "roll": f"{self.n}d6", "total": self.total}
        if self.dice:
            out["dice"] = list(self.dice)
        if self.target is not None:
            out["target"] = self.target
        if self.modifiers:
            out["modifiers"] = [f"{name} {value:+d}" for name, value in self.modifiers]
            if self.target is None:  # a table roll: the modified result the table is read with
                out["modified_total"] = self.total + sum(value for _, value in self.modifiers)
        return out


class Dice:
    """Base class: subclasses provide ``_faces``; this class records every roll."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        self.unrolled: list[Roll] = []  # checks that failed without a roll (``automatic_failure``): in no log


    def roll(
        self,
        n: int,
        purpose: str,
        *,
        target: int | None = None,
        modifiers: tuple[tuple[str, int], ...] = (),
    ) -> Roll:
        """Rolls ``n``D6 for ``purpose`` and records it (with its TN and modifiers, if a check)."""
        total, faces = self._faces(n, purpose)
        roll = Roll(purpose, n, total, faces, target, tuple(modifiers))
        self.rolls.append(roll)
        return roll

    def automatic_failure(self, purpose: str, target: int, modifiers: tuple[tuple[str, int], ...]) -> Roll:
        """Returns a check that fails without a roll (its target number is out of the dice's reach): no die is
        taken, and it is kept apart from ``rolls`` (the log's roll lines), in ``unrolled``."""
        roll = Roll(purpose, 0, 0, (), target, tuple(modifiers))
        self.unrolled.append(roll)
        return roll

    def d6(self, purpose: str) -> int:
        return self.roll(1, purpose).total

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        raise NotImplementedError

    def finish(self) -> None:
        """Checks that the source was used up as expected (manual dice: no values left over)."""


def die_face(seed: int | str, counter: int) -> int:
    """Returns the die face (1-6) number ``counter`` of a seeded game."""
    attempt = 0
    while True:
        digest = sha256(f"btcli:{seed}:{counter}:{attempt}".encode()).digest()
        for byte in digest:
            if byte < 252:  # 252 = 6 * 42: rejection keeps the six faces equally likely
                return byte % 6 + 1
        attempt += 1


class SeededDice(Dice):
    """Dice from the game's seed; ``counter`` counts the dice rolled so far in the game."""

    def __init__(self, seed: int | str, counter: int = 0) -> None:
        super().__init__()
        self.seed = seed
        self.counter = counter

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        faces = tuple(die_face(self.seed, self.counter + i) for i in range(n))
        self.counter += n
        return sum(faces), faces


SEED_COMMITMENT = "sha256:"  # a game's seed field holding a commitment instead of the seed


def seed_commitment(seed: int) -> str:
    """Returns the public commitment to a referee-held seed."""
    return SEED_COMMITMENT + sha256(f"btcli-seed:{seed}".encode()).hexdigest()


def is_held(seed: int | str) -> bool:
    """Tells whether a game's seed field is a commitment (the referee holds the seed)."""
    return isinstance(seed, str) and seed.startswith(SEED_COMMITMENT)


class HeldDice(Dice):
    """The dice of a game whose seed the referee holds, without the seed: any roll is refused.

    ``why_not`` says what is wrong with a seed file that is there; ``player_dice`` whether the game lets
    players give their own dice (so the refusal may suggest --dice)."""

    def __init__(self, why_not: str = "", player_dice: bool = False) -> None:
        super().__init__()
        self.why_not = why_not
        self.player_dice = player_dice

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        how = "the referee runs this command" + (", or give the dice with --dice" if self.player_dice else "")
        why = f"; {self.why_not}" if self.why_not else ""
        raise InputError(f"the roll '{purpose}' needs this game's dice seed, which the referee holds ({how}){why}")


class ManualDice(Dice):
    """Dice the players rolled themselves, given as totals in request order."""

    def __init__(self, values: list[int]) -> None:
        super().__init__()
        self.values = list(values)
        self.used = 0

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        if self.used >= len(self.values):
            raise InputError(
                f"--dice ran out: {len(self.values)} value(s) given, "
                f"none left for the {n}D6 roll '{purpose}'"
            )
        value = self.values[self.used]
        if not n <= value <= 6 * n:
            raise InputError(
                f"--dice value {value} is out of range for the {n}D6 roll '{purpose}' "
                f"(must be {n}-{6 * n})"
            )
        self.used += 1
        return value, ()

    def finish(self) -> None:
        if self.used < len(self.values):
            extra = ",".join(str(v) for v in self.values[self.used:])
            raise InputError(
                f"--dice gave {len(self.values)} value(s) but only {self.used} roll(s) "
                f"were needed (unused: {extra})"
            )


def parse_dice(text: str) -> list[int]:
    """Parses ``--dice 8,3,11`` into integers; raises InputError on anything else."""
    values = []
    for part in text.replace(" ", ",").split(","):
        if not part:
            continue
        if not (part.isascii() and part.isdigit()):
            raise InputError(f"bad --dice value {part!r}: expected comma-separated numbers, e.g. 8,3,11")
        if len(part) > 3:  # no roll totals more than 3 digits; int() of thousands of digits is refused
            raise InputError(f"bad --dice value {part[:12]}{'...' if len(part) > 12 else ''}: no roll comes to that")
        values.append(int(part))
    if not values:
        raise InputError("--dice needs at least one value, e.g. --dice 8,3,11")
    return values

