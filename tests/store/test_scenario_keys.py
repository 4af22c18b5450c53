"""A scenario gives a unit's place in its hex and its kind's facts as plain keys (format 2,
docs/scenario-format.md); the format-1 ``extra = {...}`` table still reads the same, and may hold
nothing else (issue #11)."""

from __future__ import annotations

import pytest

from btcli.errors import GameFileError
from btcli.store.scenario import scenario_from_dict

BUILDING = {"terrain": "building", "building": {"type": "medium", "height": 2, "cf": 40}}
BRIDGE = {"terrain": "clear", "road": True, "bridge": {"type": "medium", "cf": 40, "level": 2}}


def start(**keys):
    data = {
        "scenario": {"name": "keys", "seed": 1},
        "map": {"width": 6, "height": 6, "terrain": "clear", "hexes": {"0303": BUILDING, "0505": BRIDGE}},
        "sides": {"a": {"name": "A"}, "b": {"name": "B"}},
        "units": [{"id": "u", "side": "a", **keys}],
    }
    return scenario_from_dict(data).units["u"]


LOCUST = {"design": "Locust LCT-1V"}
SCORPION = {"design": "Scorpion Light Tank"}


@pytest.mark.parametrize("typed, legacy", [
    ({"floor": 1}, {"floor": 1}),
    ({"roof": True}, {"top": True}),
    ({"under_bridge": True}, {"under": True}),
])
def test_place_in_a_hex_by_key_or_by_legacy_extra(typed, legacy):
    at = "0505" if "under_bridge" in typed else "0303"
    new = start(**LOCUST, position=at, **typed)
    old = start(**LOCUST, position=at, extra=legacy)
    assert new.position == old.position
    assert (new.position.floor, new.position.roof, new.position.under_bridge) == (
        typed.get("floor", 0), typed.get("roof", False), typed.get("under_bridge", False))


def test_vehicle_facts_land_in_the_vehicle_record():
    tank = start(**SCORPION, position="0101", case=True, cargo_tons=2.0, infantry=7)
    assert (tank.vehicle.case, tank.vehicle.cargo_tons, tank.vehicle.infantry) == (True, 2.0, 7)  # VEH-CRIT-06, 07
    assert start(**SCORPION, position="0101", extra={"case": True}).vehicle == tank.vehicle.__class__(case=True)


def test_a_club_lands_in_the_mech_record():
    assert start(**LOCUST, position="0101", club=True).mech.club == "club"  # a carried club (URB-CLUB)


def test_legacy_extra_holds_only_the_old_keys():
    with pytest.raises(GameFileError, match=r"^\[\[units\]\] 'u' extra: unknown key 'arrival'"):
        start(**LOCUST, position="0101", extra={"arrival": 3})
