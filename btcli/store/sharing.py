"""A memo that lives while one call runs (issue #17: units of one design share their values).

Reading a head (``typed.read_shared``) and writing one (``typed.write_shared``,
``tomlwrite.write_shared``) memoise by object identity, and only for that call: data
changed between two calls is read or written again. An entry keeps its object alive, so
its id cannot be reused while the memo lasts.

``btcli play`` writes a head per order from immutable states that share what did not
change, so it keeps the writers' memos from one order to the next (``Kept``): a unit that
moved is written from the text of its armor, slots and weapons written the order before.
"""

from __future__ import annotations

_KEPT_LIMIT = 1 << 15  # entries a kept memo holds before it starts again (each keeps its object alive)


class CallMemo:
    """``table`` is a dict while ``during`` runs, else None (callers test it on their hot paths)."""

    __slots__ = ("table", "kept")

    def __init__(self) -> None:
        self.table: dict | None = None
        self.kept: dict | None = None  # the table kept between calls, under ``Kept``

    def during(self, call, *args):
        """Returns ``call(*args)`` with a fresh ``table`` (the kept one, under ``Kept``), dropped afterwards."""
        if self.kept is not None and len(self.kept) > _KEPT_LIMIT:
            self.kept.clear()
        self.table = {} if self.kept is None else self.kept
        try:
            return call(*args)
        finally:
            self.table = None


class Kept:
    """``with Kept(memo, ...):`` each memo's table lasts from one ``during`` call to the next, for
    writers of immutable data only (what a value is written as cannot change while it lives)."""

    def __init__(self, *memos: CallMemo) -> None:
        self.memos = memos

    def __enter__(self) -> None:
        for memo in self.memos:
            memo.kept = {}

    def __exit__(self, *exc) -> None:
        for memo in self.memos:
            memo.kept = None
