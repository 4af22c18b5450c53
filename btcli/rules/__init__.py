"""The rules: pure functions over typed data (docs/architecture.md lists the areas in order)."""

import sys


def later(module: str, name: str):
    """Returns a function that calls ``btcli.rules.<module>.<name>``, importing the module on the first
    call. A command is a whole process (issue #17): the engine's order table and the per-kind table
    name every rule area, and each order should load only those it uses. ``__import__`` rather than
    ``importlib.import_module``: the ``importlib`` package would bring ``warnings`` into every command."""
    full = f"btcli.rules.{module}"

    def call(*args, **keys):
        found = sys.modules.get(full)
        if found is None:
            __import__(full)
            found = sys.modules[full]
        return getattr(found, name)(*args, **keys)

    call.__qualname__ = f"later({module}.{name})"
    return call
