"""Issue #33 item 3: a weapon refused as outside its arc names the ``--twist`` that would bring it to bear (a
'Mech's torso twist, MECH-ARC-01; a vehicle's turret direction, VEH-ATK-04), or says none would; the dry run
says the same."""

from __future__ import annotations

import pytest

from tests.cli.helpers import assert_refused, hunchback_edgar_wasp, ok

def weapon_phase(tmp_path, wasp: str):
    return hunchback_edgar_wasp(tmp_path, wasp=wasp)


def test_a_mech_arm_outside_its_arc_names_the_torso_twist(tmp_path):  # MECH-ARC-01
    game = weapon_phase(tmp_path, "0705")  # in the hunchback's right side arc
    err = assert_refused(game, 3, "attack", game, "hunchback", "wasp", "--weapon", "ML@LA")
    assert err == ("Error: hunchback cannot fire Medium Laser@LA: 'wasp' is outside the left arm arc of Medium "
                   "Laser@LA; --twist right would bring it to bear (MECH-ARC-01)\n")
    ok("attack", game, "hunchback", "wasp", "--weapon", "ML@LA", "--twist", "right", "--dice", "2")


def test_a_mech_target_behind_says_no_twist_brings_it_to_bear(tmp_path):  # MECH-ARC-01
    game = weapon_phase(tmp_path, "0508")  # straight behind the hunchback
    err = assert_refused(game, 3, "attack", game, "hunchback", "wasp", "--weapon", "AC/20")
    assert err == ("Error: hunchback cannot fire AC/20@RT: 'wasp' is outside the front arc of AC/20@RT; no torso "
                   "twist brings it to bear (MECH-ARC-01)\n")


def test_a_turret_outside_its_arc_names_the_turret_directions(tmp_path):  # VEH-ATK-04
    game = weapon_phase(tmp_path, "0705")
    err = assert_refused(game, 3, "attack", game, "edgar", "wasp", "--weapon", "ML")
    assert err == ("Error: edgar cannot fire Medium Laser@turret: 'wasp' is outside the front arc of Medium "
                   "Laser@turret; --twist NE or SE would bring it to bear (VEH-ATK-03)\n")
    ok("attack", game, "edgar", "wasp", "--weapon", "ML", "--twist", "SE", "--dice", "2")


@pytest.mark.parametrize(("attacker", "weapon", "says"), [
    ("hunchback", "Medium Laser@LA", "--twist right would bring it to bear"),
    ("edgar", "Medium Laser@turret", "--twist NE or SE would bring it to bear"),
])
def test_the_dry_run_names_the_twist_too(tmp_path, attacker, weapon, says):
    game = weapon_phase(tmp_path, "0705")
    lines = ok("attack", game, attacker, "wasp", "--dry-run").out.splitlines()
    line = next(line for line in lines if line.startswith(f"{attacker} {weapon} -> wasp: cannot fire:"))
    assert says in line
