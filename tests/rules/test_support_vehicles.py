"""Support vehicles' rules (btcli.rules.ground.support_vehicles, docs/equipment-rules.md EQ-SV-02..05) on the
vehicle damage rule itself: a support vehicle 't' (30 t, front armor 10, internal structure 3) takes one damage
group with scripted dice."""

from __future__ import annotations

import pytest

from btcli.dice import ManualDice
from btcli.model.state import Hit
from btcli.render.events import sentences
from btcli.rules.ground import support_vehicles, vehicles
from tests.builders import game, vehicle


def _unit(**keys):
    entry = vehicle("tracked", 4, "t", support=True, weapons=[{"name": "Machine Gun", "location": "front"}], **keys)
    return game(entry).units["t"]


def _struck(unit, damage: int, dice: list[int], location: str = "front", **hit):
    events: list = []
    d = ManualDice(list(dice))
    after = vehicles.vehicle_damage(unit, Hit("t", location, damage, "front", **hit), d, events, 1)
    d.finish()
    return after, sentences(events), [e for e in events if type(e).__name__ == "VehicleCritical"]


@pytest.mark.parametrize("bar, damage, rolls", [(5, 5, False), (5, 6, True), (4, 5, True), (9, 9, False), (9, 10, True),
                                                (10, 10, False), (2, 3, True)])
def test_only_a_group_above_the_bar_rolls_while_armor_is_left(bar, damage, rolls):  # EQ-SV-02
    unit = _unit(bar=bar, armor={"front": 10 if damage < 10 else 12, "right": 8, "left": 8, "rear": 6})
    _, said, crits = _struck(unit, damage, [2] if rolls else [])
    assert bool(crits) == rolls
    assert any("EQ-SV-02" in s for s in said) == rolls


def test_no_armor_left_means_no_penetration_roll_only_the_structures():  # EQ-SV-02
    unit = _unit(bar=3, armor={"front": 0, "right": 8, "left": 8, "rear": 6})
    _, said, crits = _struck(unit, 2, [2])  # 2 into the structure: VEH-CRIT-02's roll, no penetration
    assert len(crits) == 1 and not any("BAR" in s for s in said)


def test_a_penetration_rolls_besides_a_through_armor_critical():  # EQ-SV-02
    unit = _unit(bar=4)
    after, _, crits = _struck(unit, 5, [8, 2], critical=True)  # the [C] roll (8: stabilizer) and BAR's (2)
    assert [c.roll for c in crits] == [2, 8] or [c.roll for c in crits] == [8, 2]
    assert after.armor["front"] == 5


def test_the_armored_chassis_modifier_and_its_reason():  # EQ-SV-03
    unit = _unit(bar=4, armored_chassis=True)
    _, _, crits = _struck(unit, 5, [7])
    assert crits[0].roll == 6 and crits[0].result == "driver hit"
    assert support_vehicles.ARMORED_CHASSIS == -1


def test_fire_control_modifiers():  # EQ-SV-04
    assert support_vehicles.fire_control_modifiers(_unit()) == [("no fire control", 2)]
    assert support_vehicles.fire_control_modifiers(_unit(fire_control="basic")) == [("basic fire control", 1)]
    assert support_vehicles.fire_control_modifiers(_unit(fire_control="advanced")) == []
    plain = game(vehicle("tracked", 4, "t")).units["t"]
    assert support_vehicles.fire_control_modifiers(plain) == [] and not plain.vehicle.support


@pytest.mark.parametrize("engine_type", ["fuel_cell", "fission", "steam", "battery", "solar"])
def test_every_non_fusion_engine_blows_its_fuel_tank(engine_type):  # EQ-SV-05
    unit = _unit(engine="ice", engine_type=engine_type, bar=10)
    after, said, _ = _struck(unit, 1, [12], location="right", critical=True)  # side column 12: fuel tank
    assert after.destroyed and any("fuel tank" in s for s in said)
