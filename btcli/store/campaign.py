"""Campaign carry-over (issue #32 item 2): ``btcli init NEXT --carry FINISHED`` starts the next scenario with the
units of a finished game that it names (by id) in the state they ended in.

The finished game is verified first (its whole log replayed); each unit it carries is read into the same state
table a scenario gives (``btcli.rules.kinds.start_state.read``), less what does not last between battles and what
the campaign repairs (``start_state.carried``), and applied to the scenario's fresh unit by the one code path a
scenario's own ``[units.state]`` takes. The new game's first log entry records where it came from (``carried``:
the finished game's file name, its last entry and final state hash, the repair, each unit's state as it starts),
and ``verify`` checks the initial state against it (``check_entry``).
"""

from __future__ import annotations

from btcli.errors import GameFileError, VerificationError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.state import GameState
    from btcli.model.units import Unit


class Carry:
    """The units a finished game carries into the next scenario, and what it carried."""

    def __init__(self, source: str, state_hash: str, entries: int, units: dict[str, Unit], repair: str | None):
        self.source = source  # the finished game's file name
        self.state_hash = state_hash
        self.entries = entries
        self.repair_given = repair  # --repair, or None: the scenario's [campaign] repair decides
        self.repair = repair or "none"
        self._units = {uid.casefold(): unit for uid, unit in units.items()}
        self.carried: dict[str, dict[str, Any]] = {}  # unit id -> the state table it carried

    def has(self, uid: str) -> bool:
        return uid.casefold() in self._units

    def table(self, uid: str) -> dict[str, Any]:
        """Returns the state table unit ``uid`` carries; refuses a unit the finished game destroyed."""
        from btcli.rules.kinds import start_state

        unit = self._units[uid.casefold()]
        if unit.destroyed:
            raise GameFileError(f"was destroyed in {self.source}, and a destroyed unit cannot be carried into the "
                                "next battle (leave it out of the scenario, or give it another id)")
        table = start_state.carried(start_state.read(unit), self.repair)
        self.carried[uid] = table
        return table

    def entry(self, state: GameState) -> dict[str, Any]:
        """Returns the ``carried`` table of the new game's first log entry: the source, and each carried unit's
        state as the new game starts it (``start_state.read``, which ``verify`` compares)."""
        from btcli.rules.kinds import start_state

        return {"game": self.source, "entries": self.entries, "state": self.state_hash, "repair": self.repair,
                "units": {uid: start_state.read(state.units[uid]) for uid in sorted(self.carried)}}

    def lines(self) -> list[str]:
        """One line per unit carried, for ``init``'s output and its log entry."""
        from btcli.rules.kinds import start_state

        return [f"carried '{uid}' from {self.source} (repair: {self.repair}): {start_state.summary(table)}"
                for uid, table in sorted(self.carried.items())]


def from_game(name: str, final: GameState, entries: int, repair: str | None) -> Carry:
    """Returns what a finished game may carry: ``final``, the state its whole log verified to (the caller verifies
    it first: ``btcli.cli.commands.init``), ``name`` its file name."""
    from btcli.store.hashing import state_hash

    return Carry(name, state_hash(final), entries, dict(final.units), repair)


def check_entry(first: dict[str, Any], state: GameState) -> None:
    """Checks a first log entry's ``carried`` record against the initial state (``verify``): each unit it names is
    in the game, in the state the record says it carried."""
    record = first.get("carried")
    if record is None:
        return
    from btcli.rules.kinds import start_state

    if not isinstance(record, dict) or not isinstance(record.get("units"), dict) or not all(
            isinstance(record.get(k), str) for k in ("game", "state", "repair")):
        raise VerificationError("entry 1: its carried record is malformed", 1)
    for uid, table in record["units"].items():
        unit = state.units.get(uid)
        if unit is None:
            raise VerificationError(f"entry 1: carried unit {uid!r} is not in the game", 1)
        if start_state.read(unit) != table:
            raise VerificationError(f"entry 1: carried unit {uid!r} does not start in the state the entry says it "
                                    f"carried from {record['game']}", 1)
