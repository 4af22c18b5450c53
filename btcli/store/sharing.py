"""A memo that lives while one call runs (issue #17: units of one design share their values).

Reading a head (``typed.read_shared``) and writing one (``typed.write_shared``,
``tomlwrite.write_shared``) memoise by object identity, and only for that call: data
changed between two calls is read or written again. An entry keeps its object alive, so
its id cannot be reused while the memo lasts.
"""

from __future__ import annotations


class CallMemo:
    """``table`` is a dict while ``during`` runs, else None (callers test it on their hot paths)."""

    __slots__ = ("table",)

    def __init__(self) -> None:
        self.table: dict | None = None

    def during(self, call, *args):
        """Returns ``call(*args)`` with a fresh ``table``, dropped afterwards."""
        self.table = {}
        try:
            return call(*args)
        finally:
            self.table = None
