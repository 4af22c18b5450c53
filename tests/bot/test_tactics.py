"""The bot's rules BOT-04, BOT-08 and BOT-11..BOT-20 (docs/rules-notes.md), each on a small board built from a
scenario table."""

from __future__ import annotations

import pytest

from btcli.bot import evaluate, legal_orders, policy
from btcli.bot.policy import Settings
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import DeployOrder, MoveOrder, WeaponAttackOrder
from btcli.model.units import MoveMode
from btcli.rules.core.tohit import odds
from btcli.store.scenario import scenario_from_dict
from tests.builders import ATLAS, HUNCHBACK, airborne, design, game, heavy_vtol, put, scenario, weapon_game

H = HexId.parse
COMMANDO = "Commando COM-2D"


def _duel(*, enemy_at="0505", enemy_facing="N", width=10, height=12, me_facing="N"):
    """A red Hunchback at 0510 and a blue Hunchback that has moved already (it turns no more)."""
    state = game(design(HUNCHBACK, "me", at="0510", facing=me_facing),
                 design(HUNCHBACK, "foe", at=enemy_at, facing=enemy_facing, side="blue"), width=width, height=height)
    return put(state, "foe", mode=MoveMode.WALK, hexes_moved=1)


def _score(state, hex_label: str, mode: str = "walk") -> float:
    me, foes = state.units["me"], policy.enemies(state, "red")
    there = H(hex_label)
    return policy.position_score(state, me, foes, mode, there, evaluate.facing_towards(there, foes[0].hex), 2,
                                 Settings())


def test_bot_04_only_the_shortlist_is_judged_by_the_full_to_hit_rules(monkeypatch):  # BOT-04
    state = _duel()
    me = state.units["me"]
    places = sum(len(h) for h in legal_orders.ground_moves(state, me).values())
    judged = []
    real = policy.position_score

    def counting(*args, **keys):
        judged.append((args[3], args[4]))  # mode and hex: a position judged again with its real facing is one
        return real(*args, **keys)

    monkeypatch.setattr(policy, "position_score", counting)
    list(policy.ranked_moves(state, me, Settings()))
    assert places > policy.SHORTLIST == 10
    assert len(set(judged)) == policy.SHORTLIST + 2  # and standing, and turning where it stands (BOT-14)


def test_bot_04_the_quick_look_prefers_the_units_best_range_to_the_enemy():  # BOT-04
    state = _duel(enemy_at="0502", height=16)
    me, foes = state.units["me"], policy.enemies(state, "red")
    best = policy._best_range(me)
    at_best = H(f"05{2 + best:02d}")
    far = H("0512")
    assert at_best.distance(H("0502")) == best < far.distance(H("0502"))
    assert (policy._quick_score(state, me, foes, ("walk", at_best, 2), False, best)
            > policy._quick_score(state, me, foes, ("walk", far, 2), False, best))


def test_bot_08_the_slowest_unit_of_the_side_moves_first():  # BOT-08
    state = game(design(COMMANDO, "fast", at="0310"), design(HUNCHBACK, "slow", at="0710"),
                 design(HUNCHBACK, "foe", at="0503", side="blue"), width=10, height=12)
    assert state.units["slow"].run < state.units["fast"].run
    order = policy.choose(state, ("red",), Settings(), 0)
    assert isinstance(order, MoveOrder) and order.unit == "slow"


def test_bot_08_deployment_takes_the_hex_of_the_zone_nearest_the_enemy():  # BOT-08
    units = [dict(design(HUNCHBACK, "am", side="A")), dict(design(HUNCHBACK, "bm", side="B", facing="S"))]
    for u in units:
        u.pop("position", None)
    data = scenario(*units, sides=("A", "B"), width=12, height=16)
    data["deployment"] = {"order": ["A", "B"], "zones": {"A": ["0101-1203"], "B": ["0114-1216"]}}
    state = scenario_from_dict(data)
    order = policy.choose(state, ("A",), Settings(), 0)
    assert isinstance(order, DeployOrder) and order.unit == "am" and order.hex.row == 3  # row 3 faces B's zone


def test_bot_11_fire_goes_to_the_frailer_of_two_undamaged_targets():  # BOT-11
    state = weapon_game(design(HUNCHBACK, "me", at="0610"), design(HUNCHBACK, "big", at="0507", side="blue"),
                        design(COMMANDO, "small", at="0707", side="blue"))
    small, big = state.units["small"], state.units["big"]
    assert evaluate.health(small) == evaluate.health(big) == 1.0
    assert policy.frailty(state, small) > 1.0 > policy.frailty(state, big)
    mean = (policy.points_left(state, big) + policy.points_left(state, small)) / 2
    assert abs(policy.frailty(state, small) - min(3.0, mean / policy.points_left(state, small))) < 1e-9
    order = policy.best_attack(state, state.units["me"], Settings())
    assert isinstance(order, WeaponAttackOrder) and order.target == "small"


def test_bot_11_fire_goes_for_the_kill_over_the_easier_shot():  # BOT-11
    # City Fight's garrison poured its fire into the Atlas, the easier shot, and killed nothing in four turns. A
    # Commando that ran 5 hexes (+2, and +1 for running) is the harder shot, but a point of damage takes a share of
    # its armor and structure 4.4 times the Atlas's (in the weight, 2.6 against 0.6): the Hunchback fires at it.
    state = weapon_game(design(HUNCHBACK, "me", at="0610"), design(ATLAS, "atlas", at="0607", side="blue"),
                        design(COMMANDO, "commando", at="0707", side="blue"))
    state = put(put(state, "commando", mode=MoveMode.RUN, hexes_moved=5), "atlas", mode=MoveMode.WALK, hexes_moved=1)
    me, atlas, commando = state.units["me"], state.units["atlas"], state.units["commando"]
    twists = tuple(legal_orders.weapon_twists(me).values())
    assert evaluate.best_volley(state, me, atlas, twists)[0] > evaluate.best_volley(state, me, commando, twists)[0]
    assert policy.frailty(state, commando) / policy.frailty(state, atlas) == pytest.approx(
        policy.points_left(state, atlas) / policy.points_left(state, commando))
    order = policy.best_attack(state, me, Settings())
    assert isinstance(order, WeaponAttackOrder) and order.target == "commando"


def test_bot_11_a_unit_alone_on_its_side_weighs_one():  # BOT-11
    state = _duel()
    assert policy.frailty(state, state.units["foe"]) == 1.0


def test_bot_12_an_adjacent_mech_may_kick_a_low_vtols_rotor_off():  # BOT-12
    state = game(heavy_vtol("vtol", at="0507", side="red"),
                 design(HUNCHBACK, "foe", at="0506", facing="S", side="blue"))
    state = put(airborne(state, 1, "vtol"), "foe", mode=MoveMode.WALK, hexes_moved=1)
    vtol, foe = state.units["vtol"], state.units["foe"]
    threat = policy.blow_threat(state, foe, vtol)
    from btcli.rules.ground import physical

    number, _, _ = physical.check(state, foe, vtol, "kick")
    assert threat >= odds(number) * policy.points_left(state, vtol) > 0
    high = airborne(state, 6, "vtol")
    assert policy.blow_threat(high, foe, high.units["vtol"]) == 0.0  # out of a kick's reach (VEH-PHYS-08)
    apart = state.with_unit(evaluate.placed(vtol, H("0509"), vtol.facing, MoveMode.STAND, 0, 0))
    assert policy.blow_threat(apart, foe, apart.units["vtol"]) == 0.0


def test_bot_12_a_kick_threatens_a_mech_with_a_fifth_of_the_kickers_tons():  # BOT-12
    state = _duel(enemy_at="0509", enemy_facing="S")
    me, foe = state.units["me"], state.units["foe"]
    from btcli.rules.ground import physical

    kick, _, _ = physical.check(state, foe, me, "kick")
    punch, _, _ = physical.check(state, foe, me, "punch")
    expected = max(odds(kick) * -(-foe.tons // 5), odds(punch) * -(-foe.tons // 10))
    assert abs(policy.blow_threat(state, foe, me) - expected) < 1e-9


def test_bot_13_each_hex_beyond_best_range_costs_the_approach_weight():  # BOT-13
    state = _duel(enemy_at="0501", height=30)
    assert Settings().approach_weight == 2.5 and Settings(aggression=10).approach_weight == 5.0
    near, far = _score(state, "0520"), _score(state, "0522")  # out of every weapon's range: nothing dealt or taken
    assert abs((near - far) - 2 * Settings().approach_weight) < 1e-9


def test_bot_14_a_unit_that_stays_turns_to_face_the_enemy():  # BOT-14
    state = _duel(enemy_at="0505", me_facing="S")
    me = state.units["me"]
    order = policy.turn_in_place(state, me, Facing.N, "walk")
    assert order is not None and order.steps == ("R", "R", "R")
    assert policy.turn_in_place(state, me, Facing.S, "walk") is None
    turns = [o for o in policy.ranked_moves(state, me, Settings()) if o.steps and set(o.steps) <= {"L", "R"}]
    assert turns, "turning in place is one of the candidates"
    assert _score(state, "0510") > policy.position_score(state, me, policy.enemies(state, "red"), "stand",
                                                        H("0510"), Facing.S, 0, Settings())


def test_bot_15_a_prone_mech_stands_up_facing_the_enemy():  # BOT-15
    state = put(_duel(enemy_at="0505", me_facing="SE"), "me", prone=True)
    order = policy.best_move(state, state.units["me"], Settings())
    assert isinstance(order, MoveOrder) and order.steps == ("U", "L", "L")
    assert legal_orders.accepted(state, order)


def test_bot_16_a_move_is_judged_by_the_facing_it_really_ends_in():  # BOT-16
    # BOT-16: an order without --facing ends in its path's turns from the unit's facing (a jump keeps it); the
    # position is judged again with that facing, which may rank it below a position it beat before.
    state = _duel(enemy_at="0505", me_facing="N")
    me = state.units["me"]
    assert policy.end_facing(me, MoveOrder("me", "walk", ("F", "L", "F", "L"))) is Facing.SW
    assert policy.end_facing(me, MoveOrder("me", "walk", ("R", "F"))) is Facing.NE
    assert policy.end_facing(me, MoveOrder("me", "walk", ("L",), facing=Facing.S)) is Facing.S
    assert policy.end_facing(me, MoveOrder("me", "jump", (), H("0508"))) is Facing.N
    foes = policy.enemies(state, "red")
    facing_away = policy.position_score(state, me, foes, "walk", H("0509"), Facing.S, 1, Settings())
    facing_it = policy.position_score(state, me, foes, "walk", H("0509"), Facing.N, 1, Settings())
    assert facing_it > facing_away  # why the real end facing must be judged


def test_bot_17_the_next_shooter_joins_the_fire_already_declared():  # BOT-17
    from btcli.model.state import AttackDeclaration, evolve

    state = weapon_game(design(HUNCHBACK, "me", at="0610"), design(HUNCHBACK, "mate", at="0612"),
                        design(HUNCHBACK, "a", at="0507", side="blue"), design(HUNCHBACK, "b", at="0707", side="blue"))
    assert abs(policy.focus(state, state.units["a"]) - policy.focus(state, state.units["b"])) < 1e-9
    fired = evolve(state, declarations=(AttackDeclaration("mate", "b", ("Medium Laser@RA",)),))
    assert policy.committed(fired, fired.units["b"]) and not policy.committed(fired, fired.units["a"])
    assert abs(policy.focus(fired, fired.units["b"]) - policy.COMMITTED * policy.focus(state, state.units["b"])) < 1e-9
    order = policy.best_attack(fired, fired.units["me"], Settings())
    assert isinstance(order, WeaponAttackOrder) and order.target == "b"


def test_bot_18_a_drop_lands_off_the_edges_and_out_of_the_enemys_front_arc():  # BOT-18
    state = game(design(HUNCHBACK, "foe", at="0505", facing="N", side="blue"), width=12, height=12)
    foes = policy.enemies(state, "red")
    # best range 3: the distance wanted is 4. 0501 lies in the front arc on the north edge; 0509 behind, 3 from
    # the south edge; 0905 at distance 4 off the front arc, 3 from the east edge.
    assert policy.drop_score(state, H("0501"), foes, 3) == 0.0
    assert policy.drop_score(state, H("0509"), foes, 3) == 0.5 * 3 + 1.0
    assert policy.drop_score(state, H("0507"), foes, 3) == -2 + 0.5 * 4 + 1.0  # 2 hexes nearer than wanted
    woods = game(design(HUNCHBACK, "foe", at="0505", facing="N", side="blue"), width=12, height=12,
                 hexes={"0509": {"terrain": "heavy_woods"}})
    assert policy.drop_score(woods, H("0509"), foes, 3) == policy.drop_score(state, H("0509"), foes, 3) + 0.5


def test_bot_19_an_unmoved_enemy_may_run_up_before_it_fires():  # BOT-19
    state = game(design(HUNCHBACK, "me", at="0515"), design(HUNCHBACK, "foe", at="0501", side="blue"),
                 width=10, height=16)
    me, foe = state.units["me"], state.units["foe"]
    there = policy._closing(foe, H("0515"), me, state)
    assert there.hex.distance(H("0501")) == foe.run == 6 and there.mode is MoveMode.RUN
    near = policy._closing(foe, H("0506"), me, state)  # 5 away: it walks up to 2 hexes short of the position
    assert near.hex.distance(H("0501")) == 3 and near.mode is MoveMode.WALK


def test_bot_19_the_unit_out_in_front_draws_all_of_an_enemys_fire():  # BOT-19
    state = game(design(HUNCHBACK, "me", at="0512"), design(HUNCHBACK, "mate", at="0510"),
                 design(HUNCHBACK, "third", at="0710"), design(HUNCHBACK, "foe", at="0502", side="blue"),
                 width=10, height=16)
    me, foe = state.units["me"], state.units["foe"]
    assert policy.fire_share(state, me, H("0508"), foe) == 1.0  # nearer the foe than both friends
    assert policy.fire_share(state, me, H("0512"), foe) == 1 / 3  # behind them: one of three


def _asset_game(card: str, foe_at: str = "0503"):
    from tests.builders import asset

    state = game(asset(card, "gun", at="0510", facing="N"), design(HUNCHBACK, "foe", at=foe_at, side="blue"),
                 width=10, height=16)
    return put(state, "foe", mode=MoveMode.WALK, hexes_moved=1)


def _moved(state, order):
    from btcli import engine

    after, _ = engine.apply(state, order, legal_orders.BotDice(0))
    return after.units[order.unit]


def test_bot_20_an_asset_moves_by_its_cards_paths_to_three_hexes_from_the_enemy():  # BOT-20
    state = _asset_game("S-1 Light tracked tank")
    tank = state.units["gun"]
    own = legal_orders.kind_options(state, tank)
    listed = legal_orders.asset_moves(state, tank, own)
    assert listed and not legal_orders.keeps_away(own)
    legal = [h for h, (mode, path) in listed.items()
             if legal_orders.accepted(state, legal_orders.move_order(state, tank, path=path))]
    best = min(abs(h.distance(H("0503")) - 3) for h in legal)
    order = policy.best_move(state, tank, Settings())
    assert order.steps and abs(_moved(state, order).hex.distance(H("0503")) - 3) == best


def test_bot_20_an_artillery_piece_keeps_away_and_spares_its_own_hex():  # BOT-20
    state = _asset_game("Mobile Long Tom Artillery LT-MOB-25")
    gun = state.units["gun"]
    own = legal_orders.kind_options(state, gun)
    assert legal_orders.keeps_away(own)
    listed = legal_orders.asset_moves(state, gun, own)
    legal = [h for h, (mode, path) in listed.items()
             if legal_orders.accepted(state, legal_orders.move_order(state, gun, path=path))]
    order = policy.best_move(state, gun, Settings())
    assert _moved(state, order).hex.distance(H("0503")) == max(h.distance(H("0503")) for h in legal)
    from btcli.model.state import Phase, evolve

    close = evolve(_asset_game("Mobile Long Tom Artillery LT-MOB-25", foe_at="0509"), phase=Phase.WEAPON)
    assert policy._other_attack(close, close.units["gun"]) is None  # the only enemy stands next to it


def test_bot_27_an_outmatched_side_closes_in_less():  # BOT-27
    # BOT-27: strength is the expected damage of the side's volleys at their best ranges times the armor and
    # structure it has left; a side facing n times its strength loses round(1.5 x log2 n) aggression in moving.
    from btcli.model.frozen import evolve

    one = game(design(HUNCHBACK, "me", at="0510"), design(HUNCHBACK, "foe", at="0505", side="blue"))
    assert policy.strength(one, "red") == policy.strength(one, "blue") > 0
    assert policy.outmatched(one, "red", Settings()) == Settings()  # an even fight: as set
    two = game(design(COMMANDO, "me", at="0510"), design(HUNCHBACK, "foe", at="0505", side="blue"),
               design(HUNCHBACK, "foe2", at="0605", side="blue"))
    ratio = policy.strength(two, "blue") / policy.strength(two, "red")
    assert ratio > 4  # two Hunchbacks' fire times their armor against one Commando's
    import math

    fall = round(1.5 * math.log2(ratio))
    assert policy.outmatched(two, "red", Settings()) == Settings(max(0, 5 - fall), 5)
    assert policy.outmatched(two, "blue", Settings()) == Settings()  # the stronger side plays as set
    # Damage taken counts: with one Hunchback gone the odds even up.
    assert policy.outmatched(put(two, "foe2", destroyed=True), "red", Settings()).aggression > 5 - fall
    # It moves as it would with that aggression: the approach term (BOT-13) is what changes.
    me, foes = two.units["me"], policy.enemies(two, "red")
    far = policy.position_score(two, me, foes, "walk", H("0110"), Facing.N, 2, Settings(max(0, 5 - fall), 5))
    near = policy.position_score(two, me, foes, "walk", H("0110"), Facing.N, 2, Settings())
    assert far > near
    assert evolve(Settings(), aggression=0).approach_weight == 0


def test_bot_27_leaves_a_battle_with_assets_or_aircraft_alone():  # BOT-27
    # Convoy Ambush's convoy is assets (their cards are not measured): its one tank would read as 7.7 times weaker.
    from btcli.store.scenario import parse_scenario_text
    from tests.conftest import SCENARIOS

    path = SCENARIOS / "convoy-ambush.toml"
    state = parse_scenario_text(path.read_text(encoding="utf-8"), 1, str(path.parent), str(path), None)
    assert policy.strength(state, "red", arriving=True) > 5 * policy.strength(state, "blue", arriving=True) > 0
    assert policy.outmatched(state, "blue", Settings()) == Settings()
