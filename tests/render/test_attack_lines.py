"""The replay page's attack lines (issue #33 item 6): read from the events' values, a phase's attacks gathered
entry by entry, a physical attack pending until the phase ends, a weapon's damage pending until then too."""

from __future__ import annotations

import importlib
import inspect

import pytest

from btcli.model.events import Event
from btcli.model.events_combat import PhysicalDeclared, WeaponHit, WeaponMissed
from btcli.model.events_ground import BlowHit, BlowMissed
from btcli.model.events_urban import HexHit
from btcli.model.hexgrid import HexId
from btcli.render.attack_lines import RESULTS, Attack, Phase, attack_of

MODULES = ("events", "events_combat", "events_damage", "events_ground", "events_aero", "events_assets",
           "events_urban", "events_vehicles", "events_drops")
# Events with an actor, a target and a roll that are not attacks a player declares: skids, falls and landings.
NOT_ATTACKS = {"RotaryUnjam", "AccidentalChargeMissed", "AccidentalChargeHit", "FellBeside", "FellOnto",
               "LandingRolled", "BuildingEntered", "EntryFailed", "GirderSearched", "Landed", "MinefieldCrossed",
               "MineExploded", "EnteredWater", "FellEnteringWater"}


def event_classes() -> dict[str, type]:
    found = {}
    for name in MODULES:
        module = importlib.import_module(f"btcli.model.{name}")
        for cls_name, cls in vars(module).items():
            if inspect.isclass(cls) and issubclass(cls, Event) and cls.__module__ == module.__name__:
                found[cls_name] = cls
    return found


def test_every_attack_event_is_read_and_every_name_read_is_an_event():
    """An attack event added to the rules without its line here would silently drop out of the page."""
    classes = event_classes()
    assert set(RESULTS) <= set(classes), set(RESULTS) - set(classes)
    attack_like = {name for name, cls in classes.items()
                   if {"unit", "attacker"} & set(cls.__annotations__) and {"target", "hex"} & set(cls.__annotations__)
                   and {"roll", "to_hit", "tn"} & set(cls.__annotations__)}
    assert attack_like - NOT_ATTACKS <= set(RESULTS), attack_like - NOT_ATTACKS - set(RESULTS)


def test_an_attack_is_read_from_the_events_fields():
    assert attack_of(WeaponHit("wasp", "ML@RA", "hunchback", 6, 9, "front", 5, 1)) == \
        Attack("wasp", "hunchback", "ML@RA", "hit", 5, 9, 6, pending=True)
    assert attack_of(WeaponMissed("wasp", "SRM-2@LL", "hunchback", 6, 4)) == \
        Attack("wasp", "hunchback", "SRM-2@LL", "miss", 0, 4, 6)
    assert attack_of(HexHit("wasp", "ML@RA", HexId.parse("0805"), 7, 8, 5)) == \
        Attack("wasp", "0805", "ML@RA", "hit", 5, 8, 7, pending=True, hex=True)


def test_a_weapons_damage_is_pending_until_the_phase_ends():
    phase = Phase()
    so_far = phase.add((3, "weapon"), [WeaponHit("wasp", "ML@RA", "hunchback", 6, 9, "front", 5, 1)], ended=False)
    assert [(a.result, a.damage, a.pending) for a in so_far] == [("hit", 5, True)]
    so_far = phase.add((3, "weapon"), [WeaponMissed("edgar", "ML@front", "hunchback", 6, 4)], ended=False)
    assert [(a.attacker, a.result, a.pending) for a in so_far] == [("wasp", "hit", True), ("edgar", "miss", False)]
    so_far = phase.add((3, "weapon"), [], ended=True)  # resolve-phase: the damage lands
    assert [(a.result, a.pending) for a in so_far] == [("hit", False), ("miss", False)]
    assert phase.add((3, "physical"), [], ended=False) == []  # the next phase starts with none


@pytest.mark.parametrize("result, outcome", [(BlowHit("hunchback", "punch", "wasp", 8, 5), "hit"),
                                             (BlowMissed("hunchback", "punch", "wasp", 3, 5), "miss")])
def test_a_physical_attack_is_pending_until_the_phase_ends_then_its_result_replaces_it(result, outcome):
    phase = Phase()
    declared = phase.add((3, "physical"), [PhysicalDeclared("hunchback", "punch", "wasp", 5, 4, ())], ended=False)
    assert [(a.result, a.tn) for a in declared] == [("pending", 5)]
    resolved = phase.add((3, "physical"), [result], ended=True)
    assert [(a.attacker, a.what, a.target, a.result) for a in resolved] == [("hunchback", "punch", "wasp", outcome)]
