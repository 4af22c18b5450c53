"""The rules: pure functions over typed data (docs/architecture.md lists the areas in order)."""


def later(module: str, name: str):
    """Returns a function that calls ``btcli.rules.<module>.<name>``, importing the module on the first
    call. A command is a whole process (issue #17): the engine's order table and the per-kind table
    name every rule area, and each order should load only those it uses."""
    from importlib import import_module

    def call(*args, **keys):
        return getattr(import_module(f"btcli.rules.{module}"), name)(*args, **keys)

    call.__qualname__ = f"later({module}.{name})"
    return call
