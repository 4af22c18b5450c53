"""Roll lines in the log (issue #15): a table roll shows its arithmetic, and a game logged before that
(without it) still verifies (btcli.store.journal.plain_rolls, same_entry)."""

from __future__ import annotations

from btcli.dice import Roll
from btcli.store import journal


def test_a_table_roll_line_shows_the_modifiers_added_to_the_dice():  # tables.md 3
    roll = Roll("motive system damage edgar", 2, 4, (1, 3), None, (("hit from the right", 2), ("hover", 3)))
    assert journal.format_roll(roll) == ("motive system damage edgar: 2D6 1+3 = 4, +5 (hit from the right +2, "
                                         "hover +3) = 9")
    assert roll.to_dict()["modified_total"] == 9
    check = Roll("to-hit", 2, 8, (5, 3), 6, (("gunnery", 4), ("range", 2)))
    assert journal.format_roll(check) == "to-hit: 2D6 5+3 = 8 vs TN 6 (gunnery +4, range +2) success"


def test_an_entry_logged_without_the_arithmetic_is_the_same_entry():
    new = {"seq": 3, "rolls": ["motive system damage edgar: 2D6 1+3 = 4, +5 (hit from the right +2, hover +3) = 9"]}
    old = {"seq": 3, "rolls": ["motive system damage edgar: 2D6 1+3 = 4"]}
    assert journal.same_entry(old, new)
    assert not journal.same_entry({"seq": 3, "rolls": ["motive system damage edgar: 2D6 1+2 = 3"]}, new)
