"""What happened, as values (issue #30): the events rules return beside the new state.

Each kind of event is a small frozen record subclassing ``Event``, named from the game
(``PhaseEnded``, ``InitiativeRolled``, ``GameOver``) and holding typed fields: unit ids, hexes,
locations, amounts, the rule ID where one applies. ``btcli.render.events`` words each one as the
sentence the game file logs; the command's ``--json`` gives its fields and that sentence.

The kinds of event live with their rule area, one module each (``events_combat``, ``events_damage``,
``events_urban``, ``events_drops``, ``events_vehicles``, ``events_ground``, ``events_assets``, ``events_aero``), so
that a command builds only the classes of the areas it meets (issue #17: each class costs some 40 us to make). This
module holds the base and the events every game meets: the turn's, and a ground unit's move
(rules/ground/movement.py; a move that meets nothing else builds no other area's events, tests/test_imports.py).

A rule not converted yet still says a sentence (a ``str``); the two travel together in one list
until every rule is converted (issue #30).
"""

from __future__ import annotations

from btcli.model.frozen import Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from typing import Any

    from btcli.model.hexgrid import Facing, HexId
    from btcli.model.state import Phase

    # What rules append to and return: events, and the sentences of rules not converted yet. It is
    # list[Any] while rules/kinds/ still types its lists list[str] (issue #30: list[Event | str] after).
    Events = list[Any]


class Event:
    """The base of every event: a plain class (a record may not inherit from another record), so
    ``isinstance(x, Event)`` tells an event from a sentence."""

    __slots__ = ()


# -- the turn (rules/core/phases.py, victory.py) --------------------------------------------------


class InitiativeRolled(Event, Record):
    """Each side's initiative roll (``rolls``: side and total, in the order rolled); ``loser`` moves
    first, or is empty on a tie, rolled again (TW p.39)."""

    rolls: tuple[tuple[str, int], ...]
    loser: str = ""


class PhaseEnded(Event, Record):
    """A phase closed and the next one began (``turn``: the turn of the new phase)."""

    ended: Phase
    begun: Phase
    turn: int


class GameOver(Event, Record):
    """A victory condition holds (``why``): ``winner`` is the side that won, or ``draw``."""

    winner: str
    why: str


# -- a ground unit's move (rules/ground/movement.py) ------------------------------------------------
# ``mode`` is the move's mode as the order names it (``walk``, ``run``, ``cruise``, ``flank``, ``jump``);
# ``start`` and ``end`` the hexes it moves between, ``facing`` the way it faces at the end, ``mp`` the MP
# it spent, ``hexes`` the hexes it entered.


class StoodStill(Event, Record):
    """A unit stands still in its hex (a move of mode ``stand``)."""

    unit: str
    hex: HexId


class TurnedInPlace(Event, Record):
    """A unit turns in its hex to face ``facing``, entering none."""

    unit: str
    hex: HexId
    facing: Facing
    mp: int
    mode: str


class Flew(Event, Record):
    """A VTOL (or VTOL battle armor) flies from ``start`` to ``end``, its elevation going from ``climbed_from``
    to ``elevation``."""

    unit: str
    start: HexId
    end: HexId
    facing: Facing
    climbed_from: int
    elevation: int
    mp: int
    hexes: int
    mode: str


class Moved(Event, Record):
    """A unit walks, runs, cruises, flanks or jumps (``mode``) from ``start`` to ``end``."""

    unit: str
    mode: str
    start: HexId
    end: HexId
    facing: Facing
    mp: int
    hexes: int


class MadeMinimumMove(Event, Record):
    """A vehicle without the MP to enter a hex enters one hex all the same, counting as ``mode`` (VEH-MOVE-07)."""

    unit: str
    start: HexId
    end: HexId
    facing: Facing
    mode: str
    rule: str = "VEH-MOVE-07"
