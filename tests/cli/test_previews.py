"""Previews (issue #15): ``btcli move --dry-run`` for ground units (the move played on a copy with dice
that make every roll: path, MP, end, target movement modifier, every roll; nothing written) and
``attack --dry-run`` listing every weapon with its odds, damage and heat or why it cannot fire, and physical attacks."""

from __future__ import annotations

from tests.builders import design
from tests.cli.helpers import assert_refused, hunchback_against, init_game, ok
from tests.conftest import SCENARIOS

SCENARIO = hunchback_against(
    design("Savannah Master Hovercraft", "savannah", at="0209"), hunchback="0506", name="Preview", seed=5,
    hexes={"0504": {"building": {"type": "medium", "height": 2}}, "0208": "paved", "0207": "paved", "0206": "paved",
           "0306": "paved"})


def movement_phase(tmp_path):
    game = init_game(tmp_path, SCENARIO)
    ok("resolve-phase", game, "--dice", "12,2", "-q")  # red loses the initiative: red moves first
    return game


def test_a_ground_move_preview_shows_mp_end_and_the_building_entry_roll(tmp_path):  # URB-MOVE-03, tables.md 6.3
    game = movement_phase(tmp_path)
    ok("move", game, "savannah", "--mode", "stand", "-q")
    before = game.read_bytes()
    out = ok("move", game, "hunchback", "--path", "F F", "--dry-run").out.splitlines()
    assert out[0] == "hunchback walk: F F; 4 MP, 2 hexes moved; ends 0504 facing N"
    assert out[1] == "attacks at it this turn: none (tables.md 6.3)"  # 0-2 hexes walked: no modifier
    assert any(line.startswith("roll: piloting skill roll hunchback (entering 0504)") for line in out)
    assert game.read_bytes() == before  # nothing written, nothing rolled


def test_a_fast_turn_on_pavement_previews_the_skid_roll(tmp_path):  # VEH-MOVE (skids), tables.md 6.3
    game = movement_phase(tmp_path)
    out = ok("move", game, "savannah", "--mode", "flank", "--path", "F F F R F", "--dry-run").out.splitlines()
    assert out[0].startswith("savannah flank: F F F R F;")
    assert any(line.startswith("roll: driving skill roll") for line in out), out
    assert out[-1] == "(as if every roll succeeds: a failure can add more, a fall or a skid)"


def test_an_illegal_move_preview_is_refused_as_the_move_would_be(tmp_path):  # TW p.39 movement order
    game = movement_phase(tmp_path)
    assert_refused(game, 3, "move", game, "hunchback", "--path", "F", "--dry-run", contains="out of order")


def attack_scenario(wasp: str = "0504", hexes: dict | None = None) -> str:
    """Blue's Hunchback in 0505 facing north, red's Wasp in ``wasp`` facing south."""
    return hunchback_against(design("Wasp WSP-1A", "wasp", at=wasp, facing="S"), name="Preview attacks", seed=5,
                             hexes=hexes)


ATTACK = attack_scenario()


def to_phase(tmp_path, phase: str, scenario: str = ATTACK):
    """The game of ``scenario`` (default ATTACK) in turn 1's weapon (or physical) phase, nobody moved."""
    game = init_game(tmp_path, scenario)
    ok("resolve-phase", game, "--dice", "12,2", "-q")
    ok("move", game, "wasp", "--mode", "stand", "-q")
    ok("move", game, "hunchback", "--mode", "stand", "-q")
    ok("resolve-phase", game, "-q")
    if phase == "physical":
        ok("resolve-phase", game, "-q")
    return game


def test_an_attack_preview_lists_every_weapon_or_why_it_cannot_fire(tmp_path):  # tables.md 6, issue #15
    game = to_phase(tmp_path, "weapon")
    before = game.read_bytes()
    out = ok("attack", game, "hunchback", "wasp", "--dry-run").out  # no --weapon: every weapon it carries
    assert "hunchback AC/20@RT -> wasp: to-hit 4, 91.7% to hit, 20 damage, 7 heat" in out
    assert "hunchback Medium Laser@LA -> wasp: to-hit 4, 91.7% to hit, 5 damage, 3 heat" in out
    assert game.read_bytes() == before


def test_an_attack_preview_says_why_each_weapon_that_cannot_fire_cannot(tmp_path):  # tables.md 0, issue #15
    game = to_phase(tmp_path, "weapon", attack_scenario(wasp="0705"))  # right arc
    lines = ok("attack", game, "hunchback", "wasp", "--dry-run").out.splitlines()
    heads = [line for line in lines if not line.startswith("  ")]
    assert len(heads) == 4  # one line a weapon, whether it can fire or not
    assert any(line.startswith("hunchback Medium Laser@RA -> wasp: to-hit") for line in heads)
    assert any(line.startswith("hunchback Medium Laser@LA -> wasp: cannot fire:") for line in heads)


def test_a_physical_attack_preview_shows_its_odds_and_damage(tmp_path):  # tables.md 8.7, issue #15
    game = to_phase(tmp_path, "physical")
    out = ok("attack", game, "hunchback", "wasp", "--physical", "kick", "--dry-run").out.splitlines()
    assert out[0].startswith("hunchback kick with the ") and "to-hit" in out[0] and out[0].endswith("10 damage")
    assert out[1].strip().startswith("piloting")


def test_a_physical_attack_preview_is_refused_as_the_declaration_would_be(tmp_path):  # README: --dry-run
    """A physical preview checks what the declaration checks (was: an internal error for a target or
    attacker off the map or an aircraft, 'unknown unit' for a building hex), and rolls and writes nothing."""
    scenario = attack_scenario(hexes={"0604": {"terrain": "building", "building": {"type": "medium", "height": 2,
                                                                               "cf": 40}}})
    game = to_phase(tmp_path, "physical", scenario)
    out = ok("attack", game, "hunchback", "0604", "--physical", "kick", "--dry-run").out
    assert out == "hunchback kick at building hex 0604: it always hits (URB-ATK-04)\n"
    assert_refused(game, 3, "attack", game, "hunchback", "0303", "--physical", "kick", "--dry-run",
                   contains="holds no building or bridge")
    ok("attack", game, "hunchback", "wasp", "--physical", "kick", "-q")
    assert_refused(game, 3, "attack", game, "hunchback", "wasp", "--physical", "punch", "--dry-run",
                   contains="already made its physical attack")
    assert_refused(game, 3, "attack", game, "wasp", "hunchback", "--physical", "charge", "--dry-run", "--json",
                   contains="must have moved")
    drops = init_game(tmp_path, SCENARIOS / "drop-zone.toml", "--seed", "7", name="drops.toml")
    for order in ("resolve-phase", "move locust --mode stand", "move scorpion --mode stand", "move commando --path F,F",
                  "resolve-phase", "resolve-phase"):  # turn 1's physical phase, wasp still in reserve off the map
        ok(order.split()[0], drops, *order.split()[1:], "-q")
    assert_refused(drops, 3, "attack", drops, "commando", "wasp", "--physical", "charge", "--dry-run",
                   contains="neither make nor receive physical attacks")


def test_a_preview_of_an_attack_that_would_be_refused_lists_it_then_refuses(tmp_path):  # issue #15
    from tests.cli.helpers import run

    game = to_phase(tmp_path, "weapon", attack_scenario(wasp="0705"))  # right arc
    result = run("attack", game, "hunchback", "wasp", "-w", "Medium Laser@LA", "-w", "Medium Laser@RA", "--dry-run")
    assert result.code == 3 and result.err.startswith("Error: hunchback cannot fire Medium Laser@LA")
    assert "Medium Laser@LA -> wasp: cannot fire" in result.out and "Medium Laser@RA -> wasp: to-hit 4" in result.out
