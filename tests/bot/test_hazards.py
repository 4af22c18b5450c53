"""BOT-28 (docs/rules-notes.md): what a move may cost the unit that makes it, its rolls' failures and what
happens whatever the dice say, and the bot's ranking of moves by it."""

from __future__ import annotations

import pytest

from btcli import engine
from btcli.bot import evaluate, hazards, legal_orders, policy
from btcli.bot.policy import Settings
from btcli.rules.core.tohit import odds
from tests.builders import HUNCHBACK, J_EDGAR, SCORPION, design, game

# City Fight's river crossing: a light bridge (CF 15) a level above deep water, roads on both banks.
RIVER = {"0405": {"terrain": "road"}, "0505": {"terrain": "water", "depth": 2, "road": True,
                                           "bridge": {"type": "light", "cf": 15, "level": 1}}, "0605": {"terrain": "road"}}


def _edgar_at_the_edge():
    """A J. Edgar hover tank two hexes from the north edge, facing it, and a foe far to the south."""
    return game(design(J_EDGAR, "u1", at="0503", facing="N"), design(HUNCHBACK, "foe", at="0516", side="blue"),
                height=16)


def _rolls(state, order):
    dice = hazards._Outcome()
    engine.apply(state, order, dice)
    return [r for r in dice.rolls if r.target is not None]


def test_bot_28_a_move_without_rolls_costs_nothing():  # BOT-28
    state = _edgar_at_the_edge()
    order = legal_orders.move_order(state, state.units["u1"], path="F,R,F", mode="cruise")
    assert order is not None and not _rolls(state, order)
    assert hazards.expected_loss(state, order) == 0.0


def test_bot_28_a_sideslip_that_can_leave_the_map_costs_its_chance_times_the_unit_lost():  # BOT-28, VEH-SLIP-04
    # Flanking up to 0501 and turning there: a failed sideslip roll slides the tank on north (its facing before
    # the turn) as far as the roll missed by, at most one hex here (two entered before): off the map at 0500.
    state = _edgar_at_the_edge()
    edgar = state.units["u1"]
    order = legal_orders.move_order(state, edgar, path="F,F,R,R,F", mode="flank")
    rolls = _rolls(state, order)
    assert [r.purpose for r in rolls] == ["driving skill roll u1 (sideslip)"]
    lost = hazards.LOST_UNIT * evaluate.points(edgar)
    assert hazards.expected_loss(state, order) == pytest.approx((1 - odds(rolls[0].target)) * lost)


def test_bot_28_a_sideslip_with_room_to_slide_costs_nothing():  # BOT-28
    # The same turn in mid-board: a failed roll slides the tank a hex over clear ground, no damage.
    state = game(design(J_EDGAR, "u1", at="0509", facing="N"), design(HUNCHBACK, "foe", at="0516", side="blue"),
                 height=16)
    order = legal_orders.move_order(state, state.units["u1"], path="F,F,R,R,F", mode="flank")
    assert len(_rolls(state, order)) == 1
    assert hazards.expected_loss(state, order) == 0.0


def test_bot_28_a_bridge_that_gives_way_costs_the_unit_whatever_the_dice():  # BOT-28, VEH-DISP-01
    # A 25-ton Scorpion drives onto a light bridge of CF 15 over deep water: it collapses, the tank sinks.
    state = game(design(SCORPION, "u1", at="0405", facing="NE"), design(HUNCHBACK, "foe", at="0101", side="blue"),
                 hexes=RIVER)
    scorpion = state.units["u1"]
    order = legal_orders.move_order(state, scorpion, path="F", mode="cruise")
    assert legal_orders.refusal(state, order) == ""
    assert hazards.expected_loss(state, order) == hazards.LOST_UNIT * evaluate.points(scorpion)


def test_bot_28_a_move_whose_hazard_outweighs_its_lead_waits_its_turn(monkeypatch):  # BOT-28
    # The move ranked first by BOT-01 alone, given a hazard worth more than its lead over the next: the bot gives
    # the next first and keeps the hazardous one for later.
    state = game(design(HUNCHBACK, "u1", at="0510", facing="N"), design(HUNCHBACK, "foe", at="0503", side="blue"),
                 height=12)
    me = state.units["u1"]

    def ranked(cost_of_first):
        def loss(state, order):
            return cost_of_first if order == plain[0] else 0.0
        monkeypatch.setattr(hazards, "expected_loss", loss)
        return list(policy.ranked_moves(state, me, Settings()))

    monkeypatch.setattr(hazards, "expected_loss", lambda state, order: 0.0)
    plain = list(policy.ranked_moves(state, me, Settings()))
    assert len(plain) > 2 and plain[0] != plain[1]
    costly = ranked(1000.0)
    assert costly[0] == plain[1] and costly[-1] == plain[0]


def test_bot_28_a_refused_order_has_no_cost():  # BOT-28
    state = _edgar_at_the_edge()
    order = legal_orders.move_order(state, state.units["u1"], path="F", mode="cruise")
    moved = engine.apply(state, order, hazards._Outcome())[0]
    assert hazards.expected_loss(moved, order) is None  # it has moved already this phase


def test_bot_28_dice_that_a_rule_re_rolls_forever_stop_the_play():  # BOT-28
    # BOT-28's dice give every unchecked roll its average, a 1D6 always 3: a rule that re-rolls a die it cannot use
    # (a vehicle critical's pick among two weapons re-rolls 3-6, ``vehicles._pick``) would roll them forever. The
    # play stops with an error instead, which ``expected_loss`` counts as a refused order.
    from btcli.errors import InputError
    from btcli.rules.ground import vehicles

    with pytest.raises(InputError):
        vehicles._pick(hazards._Outcome(), 2, "weapon destroyed")
    assert vehicles._pick(hazards._Outcome(), 6, "weapon destroyed") == 2  # a 3: the third of six
