"""Events in words (issue #30): the sentence each event value says, as the game file logs it, and the
event as JSON for ``--json``.

Rules return events (``btcli.model.events``); the application layer (``btcli.runner``) asks
``sentences`` for their words, which the log entry keeps, so a game file reads as it always has. A
sentence still said by a rule not converted yet (a ``str``) passes through unchanged.

Each model module of events has its templates here in a module of the same name
(``model/events_urban.py`` -> ``render/events_urban.py``), imported the first time one of its events
is worded: a command loads the words of the areas it met, no others (issue #17). A template is a
``str.format`` text over the event's fields (``"{unit} falls"``; a hex prints as its label, a choice
needs ``.value`` or ``.name``), or a function of the event for a sentence that depends on them.
"""

from __future__ import annotations

from btcli.model.choices import IntChoice, Member
from btcli.model.events import Event
from btcli.model.frozen import fields
from btcli.model.hexgrid import HexId, n_hexes

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    Template = str | Callable[[Any], str]


def _initiative(e) -> str:
    shown = ", ".join(f"{side} {total}" for side, total in e.rolls)
    return f"initiative: {shown}; " + (f"{e.loser} loses and moves first" if e.loser else "tie, rolling again")


def _game_over(e) -> str:
    return f"game over: {'draw' if e.winner == 'draw' else e.winner + ' wins'} ({e.why})"


def _moved(e) -> str:
    return (f"{e.unit} {e.mode}s {e.start.label} -> {e.end.label} facing {e.facing.name}: "
            f"{e.mp} MP, {n_hexes(e.hexes)}")


# The words of btcli/model/events.py's own events: the turn's and a ground unit's move.
TEXTS: dict[str, Template] = {
    "InitiativeRolled": _initiative,
    "PhaseEnded": "{ended.value} phase ends; {begun.value} phase of turn {turn} begins",
    "GameOver": _game_over,
    "StoodStill": "{unit} stands still in {hex}",
    "TurnedInPlace": "{unit} turns in place in {hex} to face {facing.name}: {mp} MP ({mode})",
    "Flew": lambda e: (f"{e.unit} flies {e.start.label} -> {e.end.label} facing {e.facing.name}, elevation "
                       f"{e.climbed_from} -> {e.elevation}: {e.mp} MP, {n_hexes(e.hexes)} ({e.mode})"),
    "Moved": _moved,
    "MadeMinimumMove": "{unit} makes a minimum move {start} -> {end} facing {facing.name} (counts as {mode}; {rule})",
}

_TEXTS: dict[str, dict[str, Template]] = {__name__.replace("render", "model", 1): TEXTS}  # by model module


def templates(cls: type) -> dict[str, Template]:
    """Returns the templates of an event class's module (``render/events_AREA.TEXTS``), importing them once."""
    module = cls.__module__
    found = _TEXTS.get(module)
    if found is None:
        area = module.rpartition(".")[2]
        found = _TEXTS[module] = __import__(f"btcli.render.{area}", fromlist=("TEXTS",)).TEXTS
    return found


class _Fields:
    """An event's fields by name, for ``str.format_map``."""

    __slots__ = ("event",)

    def __init__(self, event: Event) -> None:
        self.event = event

    def __getitem__(self, name: str) -> object:
        return getattr(self.event, name)


def sentence(event: Event | str) -> str:
    """Returns the sentence an event says, exactly as the game file logs it; a sentence as it is."""
    if isinstance(event, str):
        return event
    template = templates(type(event))[type(event).__name__]
    if isinstance(template, str):
        return template.format_map(_Fields(event))
    return template(event)


def sentences(events: Iterable[Event | str]) -> list[str]:
    """Returns the sentences of a list of events (``sentence`` of each)."""
    return [sentence(event) for event in events]


def as_json(event: Event | str, text: str | None = None) -> dict[str, Any]:
    """Returns an event as a JSON object: ``{"kind": CLASS NAME, FIELD: value, ..., "text": SENTENCE}``
    (docs/json-output.md); a sentence is ``{"kind": "text", "text": ...}``. ``text``: the sentence, if
    already worded."""
    if isinstance(event, str):
        return {"kind": "text", "text": event}
    data: dict[str, Any] = {"kind": type(event).__name__}
    for field in fields(event):
        data[field.name] = _plain(getattr(event, field.name))
    data["text"] = sentence(event) if text is None else text
    return data


def _plain(value: object) -> object:
    """Returns a field's value as JSON data: a hex as its label, a choice as its name (IntChoice: a
    facing's N, NE, ...) or value, a tuple as a list, an event as its object."""
    if isinstance(value, HexId):
        return value.label
    if isinstance(value, Member):
        return value.name if isinstance(value, IntChoice) else value.value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, Event):
        return as_json(value)
    return value
