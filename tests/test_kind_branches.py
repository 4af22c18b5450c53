"""Kinds as plug-ins (issue #30 item 1): the shared rules ask a unit's kind (``btcli.rules.kinds``) rather
than test it. This counts the places outside ``rules/kinds/`` that still branch on a unit's kind or a
'Mech's shape, by module, and holds the count to the one recorded here, which may only fall (the target
is 30, each with a comment saying why it cannot be a hook).

A branch site is a line that tests ``is_mech``, ``is_vehicle``, ``is_infantry``, ``is_asset`` or
``is_aero``, compares a ``kind`` or ``motive``, names a ``UnitKind`` or ``Motive`` member, tests a per-kind
record for None or for truth (``.aero``, ``.asset``, ``.vehicle``, ``.mech``), or names a biped's limb codes (``"LA"``,
``"RA"``, ``"LL"``, ``"RL"``: a quad's body has other limbs, btcli.rules.kinds.mech)."""

from __future__ import annotations

import re

from tests.conftest import ROOT

BRANCH = re.compile(
    r"\.is_(mech|vehicle|infantry|asset|aero)\b"
    r"|\bUnitKind\.|\bMotive\.[A-Z]"
    r"|\.(aero|asset|vehicle|mech|aero_design) is (not )?None"
    r"|\b(unit|attacker|target|u|kind)\.kind (==|!=|is|in) |\.motive(\.value)? (==|!=|is|in) "
    r"|\"(LA|RA|LL|RL)\""
    # a per-kind record tested for truth: `if u.vehicle:`, `u.aero and ...`, `not u.mech`
    r"|\b(if|elif|not|and|or) \w+\.(aero|asset|vehicle|mech|aero_design)\b(?![.(\[])"
    r"|\.(aero|asset|vehicle|mech|aero_design) (and|or)\b"
)
# The records, the kinds, MegaMek's formats, and the table of what the reports show of each kind (the render
# layer's half of the kinds: its entries name the kinds, as rules/kinds/__init__.py's KINDS does).
OUTSIDE = ("btcli/model/", "btcli/rules/kinds/", "btcli/megamek/", "btcli/render/kind_views.py")
# Branch sites outside rules/kinds/ (and model/, megamek/). Lower it when the count falls; never raise it.
RECORDED = 9


def branch_sites() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted((ROOT / "btcli").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(OUTSIDE):
            continue
        count = sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                    if BRANCH.search(line.split("#", 1)[0]))
        if count:
            found[name] = count
    return found


def test_branch_sites_on_kind_only_fall():
    sites = branch_sites()
    total = sum(sites.values())
    worst = ", ".join(f"{name} {count}" for name, count in sorted(sites.items(), key=lambda kv: -kv[1])[:8])
    assert total <= RECORDED, f"{total} branch sites on kind, more than the {RECORDED} recorded (most: {worst})"
    assert total == RECORDED, f"{total} branch sites on kind, fewer than recorded: lower RECORDED to {total}"


def test_the_counter_sees_each_way_of_testing_a_kind():
    tested = ["if u.is_vehicle:", "unit.kind is UnitKind.MECH", "if u.aero is None:", "if u.vehicle:",
              "ok = u.aero and u.aero.landed", "if not target.mech:", "x = unit.motive == Motive.VTOL", '"LA"']
    untested = ["u.vehicle.turret", "if u.vehicle.crew_killed:", "kinds.of(u).limbs", "if unit.drop:"]
    assert all(BRANCH.search(line) for line in tested), [line for line in tested if not BRANCH.search(line)]
    assert not any(BRANCH.search(line) for line in untested), [line for line in untested if BRANCH.search(line)]
