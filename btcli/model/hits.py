"""Critical hits and hit targets as values (issue #30): what a game file writes as a short text, the
rules read as fields.

A 'Mech's destroyed critical slot is a ``SlotHit`` (written ``LA:3``: the location, then the slot counted
from 0); a vehicle's critical result or motive damage is a ``CritResult`` (written ``front: engine hit``,
``motive: heavy damage``). Both are a ``Crit`` (``Unit.crits``). A damage group waiting to strike a
building or bridge hex has a ``HexTarget`` for its target (written ``hex:0805``); a declared attack's target is a
unit's id or one of the ``DeclaredTarget`` values (a building hex, a strafed line of hexes, an artillery shot's aim
point). The game file keeps
these texts (``btcli.store.typed`` writes a ``Written`` value as its ``label`` and reads it back with its
type's ``parse``), so files, hashes and golden games are what they were.
"""

from btcli.errors import InputError
from btcli.model.frozen import Record
from btcli.model.hexgrid import HexId


class Written:
    """A value the game file writes as a text: its ``label``, read back by its class's ``parse``."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> "Written":
        """Reads the value from its text."""
        raise NotImplementedError

    @property
    def label(self) -> str:
        """Returns the text the game file writes."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.label


class Crit(Written):
    """A critical hit a unit has taken: a 'Mech's ``SlotHit`` or a vehicle's ``CritResult``."""

    __slots__ = ()

    @property
    def location(self) -> str:
        raise NotImplementedError

    @classmethod
    def parse(cls, text: str) -> "Crit":
        """Reads a critical hit as the game file writes it: ``LOC: result`` (a vehicle's) or ``LOC:slot``."""
        if ": " in text:
            return CritResult.parse(text)
        return SlotHit.parse(text)


def _whole(text: str) -> int | None:
    """Returns the number ``text`` writes as ``str(n)`` would (no sign, space or leading zero), else None."""
    if text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0")):
        return int(text)
    return None


class SlotHit(Crit, Record, order=True):
    """A 'Mech's destroyed critical slot: slot ``slot`` (counted from 0) of ``location``, written ``LA:3``."""

    location: str  # the field that Crit's property promises
    slot: int

    @classmethod
    def parse(cls, text: str) -> "SlotHit":
        """Reads ``LOC:slot`` (the slot counted from 0)."""
        location, colon, slot = text.partition(":")
        number = _whole(slot)
        if not colon or not location or number is None or " " in location:
            raise InputError(f"bad critical hit {text!r}: expected LOC:slot, e.g. LA:3")
        return cls(location, number)

    @property
    def label(self) -> str:
        return f"{self.location}:{self.slot}"


MOTIVE = "motive"  # the location of a vehicle's motive system damage (tables.md 3)


class CritResult(Crit, Record, order=True):
    """A vehicle's critical result in a location (``front: engine hit``), or its motive system damage
    (location ``motive``: ``motive: heavy damage``; tables.md 3-5)."""

    location: str  # the field that Crit's property promises
    result: str

    @classmethod
    def parse(cls, text: str) -> "CritResult":
        """Reads ``location: result``."""
        location, _, result = text.partition(": ")
        if not location or not result or ":" in location:
            raise InputError(f"bad critical result {text!r}: expected 'location: result', e.g. 'front: engine hit'")
        return cls(location, result)

    @property
    def label(self) -> str:
        return f"{self.location}: {self.result}"

    @property
    def is_motive_damage(self) -> bool:
        """Tells whether this is motive system damage (tables.md 3) rather than a critical result."""
        return self.location == MOTIVE


class HexTarget(Written, Record, order=True):
    """The target of a damage group that strikes a building or bridge hex (URB-ATK), written ``hex:0805``."""

    hex: HexId

    PREFIX = "hex:"

    @classmethod
    def parse(cls, text: str) -> "HexTarget":
        """Reads ``hex:CCRR``."""
        if not text.startswith(cls.PREFIX):
            raise InputError(f"bad hex target {text!r}: expected hex:CCRR, e.g. hex:0805")
        return cls(HexId.parse(text[len(cls.PREFIX):]))

    @property
    def label(self) -> str:
        return self.PREFIX + self.hex.label


class StrafeTarget(Written, Record, order=True):
    """The hexes an aircraft's strafe attack runs along (AERO-A2G), written ``strafe:0805,0806``."""

    hexes: tuple[HexId, ...]

    PREFIX = "strafe:"

    @classmethod
    def parse(cls, text: str) -> "StrafeTarget":
        """Reads ``strafe:CCRR,CCRR,...``."""
        if not text.startswith(cls.PREFIX) or text == cls.PREFIX:
            raise InputError(f"bad strafe target {text!r}: expected strafe:CCRR,CCRR, e.g. strafe:0805,0806")
        return cls(tuple(HexId.parse(label) for label in text[len(cls.PREFIX):].split(",")))

    @property
    def label(self) -> str:
        return self.PREFIX + ",".join(h.label for h in self.hexes)


class AimedHex(Written, Record, order=True):
    """The hex an artillery shot is aimed at (ASSET-ART), written as the hex's label, ``0805`` (no unit's id is a
    hex label: issue #29)."""

    hex: HexId

    @classmethod
    def parse(cls, text: str) -> "AimedHex":
        """Reads ``CCRR``."""
        return cls(HexId.parse(text))

    @property
    def label(self) -> str:
        return self.hex.label


# What an attack is declared at (``AttackDeclaration.target``): a unit, named by its id, or one of these values.
DeclaredTarget = HexTarget | StrafeTarget | AimedHex | str
