"""The engine's one table of handlers (issue #30): every order type the grammar builds has a handler, and
every handler and kind rule named lazily (``rules.later``) resolves to a real function, so a checker can
follow the names a string holds."""

from __future__ import annotations

import importlib

import pytest

from btcli import engine
from btcli.model import orders
from btcli.model.frozen import fields
from btcli.rules import kinds


def _lazy(call) -> tuple[str, str] | None:
    """The (module, function) a ``later`` call stands for, None for a plain function."""
    name = getattr(call, "__qualname__", "")
    if not name.startswith("later("):
        return None
    module, _, function = name[len("later("):-1].rpartition(".")
    return module, function


def _every_lazy_name():
    for order_type, handler in engine.HANDLERS.items():
        for role in ("apply", "preview"):
            named = _lazy(getattr(handler, role))
            if named:
                yield f"{order_type.__name__}.{role}", named
    for kind, rules in kinds.KINDS.items():
        for role in (f.name for f in fields(kinds.KindRules)):
            named = _lazy(getattr(rules, role))
            if named:
                yield f"{kind.value}.{role}", named
    for name, value in vars(kinds).items():  # the handlers the kinds' adapters call
        named = _lazy(value) if callable(value) else None
        if named:
            yield f"kinds.{name}", named


@pytest.mark.parametrize("role, named", list(_every_lazy_name()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_lazily_named_rule_resolves(role, named):
    module, function = named
    assert callable(getattr(importlib.import_module(f"btcli.rules.{module}"), function)), role


def test_every_order_type_has_a_handler():
    order_types = {v for v in vars(orders).values() if isinstance(v, type) and v.__name__.endswith("Order")
                   and v.__module__ == orders.__name__}
    assert order_types == set(engine.HANDLERS)


def test_moves_and_attacks_have_previews():
    previewed = {t.__name__ for t, h in engine.HANDLERS.items() if h.preview is not None}
    assert previewed == {"MoveOrder", "WeaponAttackOrder", "PhysicalAttackOrder"}
