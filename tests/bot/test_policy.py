"""The bot's rules, BOT-01..BOT-09 (docs/rules-notes.md), each on a small board built from a scenario table."""

from __future__ import annotations

from btcli.bot import evaluate, legal_orders, policy
from btcli.bot.policy import Settings
from btcli.model.hexgrid import Facing, HexId
from btcli.model.orders import MoveOrder, WeaponAttackOrder
from btcli.model.state import Phase, evolve
from btcli.model.units import MoveMode
from tests.builders import HUNCHBACK, design, game, put, weapon_game

H = HexId.parse
COMMANDO = "Commando COM-2D"


def _duel(*, enemy_at="0505", enemy_facing="N", hexes=None, phase=Phase.MOVEMENT, width=10, height=12):
    """A red Hunchback at 0510 facing N and a blue Hunchback that has moved already (it turns no more)."""
    state = game(design(HUNCHBACK, "me", at="0510"), design(HUNCHBACK, "foe", at=enemy_at, facing=enemy_facing,
                                                              side="blue"),
                 hexes=hexes or {}, phase=phase, width=width, height=height)
    return put(state, "foe", mode=MoveMode.WALK, hexes_moved=1)


def _score(state, hex_label: str, mode: str = "walk") -> float:
    me, foes = state.units["me"], policy.enemies(state, "red")
    there = H(hex_label)
    facing = evaluate.facing_towards(there, foes[0].hex)
    return policy.position_score(state, me, foes, mode, there, facing, 2, Settings())


def test_bot_01_a_position_behind_the_enemy_scores_above_one_in_its_front_arc():  # BOT-01
    # BOT-01: expected damage dealt minus expected damage taken; the enemy faces N, so 0508 (3 hexes south,
    # its rear arc) takes no fire while 0502 (3 hexes north, its front arc) does.
    state = _duel()
    assert H("0505").distance(H("0508")) == H("0505").distance(H("0502")) == 3
    assert _score(state, "0508") > _score(state, "0502")


def test_bot_02_expected_damage_taken_counts_the_woods_of_the_real_to_hit_rules():  # BOT-02
    # BOT-02: the to-hit rules' own modifiers: heavy woods in the target hex make the enemy's shots harder.
    clear = _duel(enemy_facing="S")
    woods = _duel(enemy_facing="S", hexes={"0509": {"terrain": "heavy_woods"}})
    me = clear.units["me"]

    def taken(state):
        there = evaluate.placed(me, H("0509"), Facing.N, MoveMode.WALK, 1, 1)
        trial = state.with_unit(there)
        return evaluate.best_volley(trial, state.units["foe"], there)[0]

    assert 0 < taken(woods) < taken(clear)


def test_bot_03_a_cluster_weapon_lands_the_cluster_tables_mean_number_of_missiles():  # BOT-03
    # BOT-03: the SRM-6 column of the cluster hits table (tables.md 7): 2D6 of 2..12 land 2,2,3,3,4,4,4,5,5,6,6
    # missiles; weighted by the 2D6 odds (1,2,3,4,5,6,5,4,3,2,1 in 36) that is 144/36 = 4 missiles of 2 damage each.
    unit = game(design(COMMANDO, "c")).units["c"]
    srm6 = next(i for i, m in enumerate(unit.weapons) if unit.spec(m.weapon).cluster == 6)
    column = (2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6)
    ways = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    assert sum(c * w for c, w in zip(column, ways)) == 144
    assert abs(evaluate.shot_damage(unit, srm6, 3) - 2 * 144 / 36) < 1e-9
    laser = next(i for i, m in enumerate(unit.weapons) if m.weapon == "Medium Laser")
    assert evaluate.shot_damage(unit, laser, 3) == 5.0


def test_bot_03_expected_damage_is_the_odds_of_the_to_hit_number_times_the_damage():  # BOT-03
    state = weapon_game(design(HUNCHBACK, "me", at="0510"), design(HUNCHBACK, "foe", at="0507", side="blue"))
    shots = evaluate.shots(state, state.units["me"], state.units["foe"])
    from btcli.rules.core.tohit import odds

    assert shots and all(abs(d - odds(tn) * evaluate.shot_damage(state.units["me"], i, 3)) < 1e-9
                         for i, tn, d in shots)


def test_bot_05_fire_converges_on_the_more_damaged_of_two_equal_targets():  # BOT-05
    state = weapon_game(design(HUNCHBACK, "me", at="0610"), design(HUNCHBACK, "a", at="0507", side="blue"),
                        design(HUNCHBACK, "b", at="0707", side="blue"))
    assert state.units["me"].hex.distance(H("0507")) == state.units["me"].hex.distance(H("0707"))
    hurt = dict(state.units["b"].armor, CT=2, LT=1)
    state = put(state, "b", armor=hurt)
    order = policy.best_attack(state, state.units["me"], Settings())
    assert isinstance(order, WeaponAttackOrder) and order.target == "b"


def test_bot_05_damage_struck_this_phase_counts_as_damage_done():  # BOT-05
    state = weapon_game(design(HUNCHBACK, "me", at="0610"), design(HUNCHBACK, "a", at="0507", side="blue"),
                        design(HUNCHBACK, "b", at="0707", side="blue"))
    from btcli.model.state import Hit

    state = evolve(state, pending=(Hit("a", "CT", 15),))
    assert policy.focus(state, state.units["a"]) > policy.focus(state, state.units["b"])


def test_bot_06_a_crippled_unit_withdraws():  # BOT-06
    state = _duel(enemy_at="0506", enemy_facing="S")
    me = state.units["me"]
    state = put(state, "me", armor={k: 0 for k in me.armor}, internal={k: max(1, v // 3) for k, v in me.internal.items()})
    assert policy.crippled(state.units["me"], Settings())
    order = policy.best_move(state, state.units["me"], Settings())
    assert isinstance(order, MoveOrder)
    after = legal_orders.BotDice(0)
    from btcli import engine

    moved, _ = engine.apply(state, order, after)
    assert moved.units["me"].hex.distance(H("0506")) > me.hex.distance(H("0506"))


def test_bot_07_a_hot_mech_fires_only_what_its_heat_allows():  # BOT-07
    cool = weapon_game(design(HUNCHBACK, "me", at="0510"), design(HUNCHBACK, "foe", at="0508", side="blue"))
    hot = put(cool, "me", heat=9)
    many = policy.best_attack(cool, cool.units["me"], Settings())
    few = policy.best_attack(hot, hot.units["me"], Settings())
    me = cool.units["me"]

    def heat(order):
        return sum(me.spec(me.weapons[i].weapon).heat for i, m in enumerate(me.weapons) if m.label in order.weapons)

    assert many is not None and (few is None or heat(few) < heat(many))
    from btcli.rules.ground import construction

    dissipated, _ = construction.dissipation(me)
    assert few is None or 9 + heat(few) - dissipated <= Settings().heat_allowance


def test_bot_07_no_shot_beyond_the_worst_to_hit_number_worth_firing():  # BOT-07
    state = weapon_game(design(HUNCHBACK, "me", at="0512"), design(HUNCHBACK, "foe", at="0501", side="blue"),
                        height=12)
    order = policy.best_attack(state, state.units["me"], Settings(caution=10, aggression=0))
    shots = {state.units["me"].weapons[i].label: tn for i, tn, _ in
             evaluate.shots(state, state.units["me"], state.units["foe"])}
    chosen = () if order is None else order.weapons
    assert all(shots[label] <= Settings(caution=10, aggression=0).worst_shot for label in chosen)


def test_bot_sees_no_seed_its_orders_are_the_same_whatever_the_games_dice():  # BOT-09
    # Information: the policy is given the state with the seed hidden; two games that differ only in their
    # seed get the same order.
    a = _duel()
    b = evolve(a, seed=987654)
    assert policy.choose(a, ("red",), Settings(), 3) == policy.choose(b, ("red",), Settings(), 3)


def test_every_order_the_bot_gives_is_one_the_engine_accepts():
    state = _duel()
    order = policy.choose(state, None, Settings(), 0)
    assert order is not None and legal_orders.accepted(state, order)
    assert not legal_orders.accepted(state, MoveOrder("me", "walk", ("F",) * 9))


def test_the_bot_waits_while_another_side_must_move():
    state = game(design(HUNCHBACK, "me", at="0510"), design(HUNCHBACK, "foe", at="0505", side="blue"))
    state = evolve(state, move_order=("blue", "red"), initiative=("blue", "red"))
    assert policy.choose(state, ("red",), Settings(), 0) is None
    assert isinstance(policy.choose(state, ("blue",), Settings(), 0), MoveOrder)


def test_bot_10_the_clock_presses_a_side_that_is_not_ahead_in_the_last_two_turns():  # BOT-10
    from btcli.model.state import Victory

    state = evolve(_duel(), victory=Victory(turn_limit=8))
    calm = Settings()
    assert policy.pressed(evolve(state, turn=5), "red", calm) == calm
    assert policy.pressed(evolve(state, turn=7), "red", calm) == Settings(8, 2)
    assert policy.pressed(evolve(evolve(state, turn=2), victory=Victory(turn_limit=4)), "red", calm) == Settings(8, 2)
    ahead = put(evolve(state, turn=8), "foe", destroyed=True)
    assert policy.pressed(ahead, "red", calm) == calm  # blue lost its unit: red needs no gamble
    assert policy.pressed(ahead, "blue", calm) == Settings(8, 2)
