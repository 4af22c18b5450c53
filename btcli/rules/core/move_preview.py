"""``btcli move --dry-run`` for ground units, 'Mechs, vehicles and assets (issue #15): the move checked
and played on a copy of the game with dice that make every roll, so the preview shows the path, the MP,
where the unit ends, its target movement modifier and every roll the move would call for, and changes
nothing. (Aerospace moves have their own preview: ``aero_moves.dry_run_lines``.)

The rules are pure functions, so the preview is the real move: the same checks refuse the same orders,
and the rolls listed are the ones the move makes when each succeeds. A failed roll can add more (a fall,
a skid's slide); the preview says so.
"""

from __future__ import annotations

from btcli.dice import Dice
from btcli.model.hexgrid import n_hexes
from btcli.model.orders import MoveOrder, Preview
from btcli.model.state import GameState
from btcli.rules import kinds
from btcli.rules.core import moves, tohit
from btcli.rules.ground import movement, routes


class BestDice(Dice):
    """Dice that come up 6 on every die: every check succeeds, nothing is left to chance."""

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        return 6 * n, (6,) * n


def preview_lines(state: GameState, order: MoveOrder) -> list[str]:
    """Returns what a ground move would do, as ``move --dry-run`` prints it (raises as the move would)."""
    unit = state.unit(order.unit)
    dice = BestDice()
    after, _ = moves.apply_move(state, order, dice)
    moved = after.units[unit.id]
    steps = " ".join(order.steps) or ("jump" if order.mode == "jump" else "no steps")
    mode = moved.mode.value if moved.mode is not movement.MoveMode.NONE else (order.mode or "stand")
    if order.mode.lower() == "masc" and moved.mode is movement.MoveMode.RUN:
        mode = "run with MASC"  # EQ-MASC-05
    where = moved.hex.label if moved.hex is not None else "off the map"
    lines = [f"{unit.id} {mode}: {steps}; {moved.mp_spent} MP, {n_hexes(moved.hexes_moved)} moved; ends {where} "
             f"facing {moved.facing.name}"]
    if kinds.of(unit).target_modifiers is None:  # a kind with its own (an asset's card TMM, ASSET-ATK-05): none
        mods = tohit.movement_modifiers(moved)
        shown = ", ".join(f"{name} {value:+d}" for name, value in mods) or "none"
        lines.append(f"attacks at it this turn: {shown} (tables.md 6.3)")
    checks = [r for r in dice.rolls if r.target is not None]
    for roll in checks:
        mods = ", ".join(f"{name} {value:+d}" for name, value in roll.modifiers)
        lines.append(f"roll: {roll.purpose}, {roll.target}+" + (f" ({mods})" if mods else ""))
    for roll in dice.unrolled:  # PSR-AUTO-02: no 2D6 reaches it
        named = ", ".join(f"{name} {value:+d}" for name, value in roll.modifiers)
        lines.append(f"fails without a roll: {roll.purpose}, {roll.target}+ ({named}): above 12 (PSR-AUTO-02)")
    others = [r.purpose for r in dice.rolls if r.target is None]
    if others:
        lines.append("also rolled: " + "; ".join(others))
    if not dice.rolls and not dice.unrolled:
        lines.append("no rolls")
    elif checks:
        lines.append("(as if every roll succeeds: a failure can add more, a fall or a skid)")
    return lines


def preview(state: GameState, order: MoveOrder) -> Preview:
    """``move --dry-run`` (the engine's preview of a move): an aerospace move's thrust per step and rolls,
    a ground move's path, MP, end, target movement modifier and rolls; raises as the move would."""
    own = kinds.of(state.unit(order.unit)).move_preview  # an aerospace unit's: AERO-MOVE
    return Preview(tuple(own(state, order) if own is not None else preview_lines(state, order)))


ROLL_WORDS = {"skid": "skid roll", "sideslip": "sideslip roll", "building": "building entry roll",
              "basement": "basement roll", "minefield": "minefield roll", "masc": "MASC roll",
              "water": "water entry roll"}


def rolls_words(rolls: routes.Rolls) -> str:
    """Returns rolls as words: "3 sideslip rolls", "1 building entry roll and 1 basement roll", "no roll"."""
    said = [f"{n} {ROLL_WORDS[kind]}{'s' if n != 1 else ''}" for kind, n in rolls]
    if not said:
        return "no roll"
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]


def route_lines(route: routes.Route | None) -> list[str]:
    """Returns what ``move --dry-run`` says of the path a ``--to`` found (issue #33 item 4): the rolls a path
    other than the cheapest avoided, or that none within ``routes.DEARER`` MP makes fewer; nothing for a path
    without rolls."""
    if route is None or not (route.changed or route.rolls):
        return []
    if not route.changed:
        return [f"path: the cheapest ({route.mp} MP); no path up to {routes.DEARER} MP dearer in the same mode makes "
                f"fewer rolls than its {rolls_words(route.rolls)}"]
    why = (f"to avoid {rolls_words(route.cheapest_rolls)}" if not route.rolls
           else f"to make {rolls_words(route.rolls)} instead of {rolls_words(route.cheapest_rolls)}")
    path, made = " ".join(route.cheapest), rolls_words(route.cheapest_rolls)
    dearer = route.mp - route.cheapest_mp
    if not dearer:
        return [f"path: took another of the cheapest paths ({route.mp} MP) {why} (the first found, {path}, makes {made})"]
    return [f"path: took a path {dearer} MP dearer {why} (the cheapest, {path}, {route.cheapest_mp} MP, makes {made})"]


def route_json(route: routes.Route) -> dict:
    """Returns the ``route`` object of ``move --to --dry-run --json`` (docs/json-output.md)."""
    return {"path": ",".join(route.steps), "mp": route.mp, "rolls": dict(route.rolls), "changed": route.changed,
            "cheapest": {"path": ",".join(route.cheapest), "mp": route.cheapest_mp,
                         "rolls": dict(route.cheapest_rolls)}, "max_dearer": routes.DEARER}
