"""A 'Mech's derived critical slots (btcli/rules/ground/mechs.py; docs/rules-notes.md "Critical slots"): the engine
holds rating / 25 heat sinks without slots, rounded down; every other heat sink takes a slot, of the first
ten too (TechManual, from memory; MegaMek's .mtf files lay them out so, issue #16)."""

from __future__ import annotations

import pytest

from btcli.rules.ground.mechs import engine_heat_sinks, engine_rating, standard_slots
from btcli.rules.kinds.mech import BIPED
from tests.builders import design, game


@pytest.mark.parametrize("rating, sinks, held", [
    (160, 10, 6),  # the Locust LCT-1V: 6 in the engine, 4 in slots
    (200, 13, 8),  # the Hunchback HBK-4G: 8 of 13
    (120, 10, 4),  # the Wasp WSP-1A
    (299, 20, 11),  # rounded down
    (300, 10, 10),  # never more than it has
])
def test_an_engine_holds_its_rating_over_25_heat_sinks(rating, sinks, held):
    assert engine_heat_sinks(rating, sinks) == held


def test_the_heat_sinks_the_engine_does_not_hold_take_slots_even_within_the_first_ten():
    layout = standard_slots([], [], 10, 160, None, BIPED)
    assert sum(items.count("heat_sink") for items in layout.values()) == 4
    assert layout["LT"][:4] == ("heat_sink",) * 4  # the first free torso slots (HEAT_SINK_ORDER)


def test_an_engine_rating_is_tons_times_walking_mp():
    assert engine_rating(20, 8) == 160 and engine_rating(100, 3) == 300


@pytest.mark.parametrize("name, in_slots", [
    ("Locust LCT-1V", 4), ("Commando COM-2D", 4), ("Wasp WSP-1A", 6), ("Hunchback HBK-4G", 5), ("Atlas AS7-D", 8),
])
def test_catalog_mechs_put_the_heat_sinks_their_engine_does_not_hold_in_slots(name, in_slots):
    unit = game(design(name)).units["u1"]
    assert sum(items.count("heat_sink") for items in unit.mech.slots.values()) == in_slots


def test_an_inline_mech_without_a_rating_has_the_engine_its_walking_mp_needs():
    inline = {"kind": "mech", "tons": 20, "walk": 5, "heat_sinks": 10, "armor": {"HD": 3, "CT": 5},
              "weapons": [], "ammo": []}
    unit = game(design(inline)).units["u1"]  # 20 x 5 = 100: 4 in the engine, 6 in slots
    assert sum(items.count("heat_sink") for items in unit.mech.slots.values()) == 6
    rated = game(design({**inline, "engine_rating": 200})).units["u1"]  # 8 in the engine
    assert sum(items.count("heat_sink") for items in rated.mech.slots.values()) == 2
