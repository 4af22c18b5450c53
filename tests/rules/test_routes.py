"""The path ``move --to`` takes (issue #33 item 4, btcli.rules.ground.routes): the cheapest, unless a path at most 2
MP dearer in the same mode makes fewer rolls. Each board is made by hand so that one roll decides."""

from __future__ import annotations

import pytest

from btcli.errors import BtcliError, IllegalOrderError
from btcli.model.hexgrid import Facing
from btcli.model.orders import parse_steps
from btcli.model.units import MoveMode
from btcli.rules.core import move_preview, moves
from btcli.rules.ground import movement, routes
from tests.builders import H, building, game, heavy_vtol, hunchback, paved, skid_state, unrolled_building, vehicle


def choose(state, to: str, mode: MoveMode | None = None, facing: Facing | None = None, uid: str = "u1"):
    return routes.choose(state, state.units[uid], H(to), facing, mode)


def steps(text: str) -> tuple[str, ...]:
    return parse_steps(text)


# -- skids and sideslips ------------------------------------------------------------------------------------


def test_hover_tank_takes_a_path_two_mp_dearer_to_make_one_sideslip_roll_instead_of_three():
    # VEH-SLIP-03, VEH-MOVE-03: a hover tank at flank rolls each time it turns and then enters a hex (AMB-04: once
    # per facing-change event). Round the level-1 hex 0610 it turns three times; over it (2 MP a level, VEH-MOVE-05)
    # it turns once, before it moves.
    state = skid_state(vehicle("hover", 5, at="0510"), hexes={"0610": {"level": 1}})
    route = choose(state, "0711", MoveMode.FLANK)
    assert route.cheapest == steps("R,F,R,F,R,F") and route.cheapest_mp == 6
    assert route.cheapest_rolls == (("sideslip", 3),)
    assert route.steps == steps("R,R,F,F") and route.mp == 8 and route.rolls == (("sideslip", 1),)


def test_hover_tank_takes_among_the_cheapest_paths_the_one_with_fewest_sideslip_rolls():  # VEH-SLIP-03, AMB-04
    state = skid_state(vehicle("hover", 5, at="0510"),
                       hexes={"0507": {"terrain": "light_woods"}, "0607": {"terrain": "light_woods"},
                              "0408": {"terrain": "rough"}})
    route = choose(state, "0106", MoveMode.FLANK, Facing.N)
    assert route.cheapest == steps("L,F,F,F,F,R,F,F") and route.cheapest_rolls == (("sideslip", 2),)
    assert route.steps == steps("F,F,L,F,F,F,F,R") and route.mp == route.cheapest_mp == 8
    assert route.rolls == (("sideslip", 1),)


def _road() -> dict:
    return paved(rows=range(1, 10))  # column 05 paved from row 9 up; the tank starts on clear ground in 0510


def test_tank_turns_off_the_pavement_one_mp_dearer_to_avoid_a_skid_roll():
    # VEH-URB-02: a vehicle at flank that changes facing in a paved hex and then enters a hex rolls against a skid;
    # turning in its clear start hex and again on clear ground costs 1 MP more and rolls nothing.
    state = skid_state(vehicle("tracked", 5, at="0510"), hexes=_road())
    route = choose(state, "0607", MoveMode.FLANK)
    assert route.cheapest == steps("F,F,R,F") and route.cheapest_rolls == (("skid", 1),)
    assert route.steps == steps("R,F,L,F,F") and route.mp == 5 and route.rolls == ()


def test_a_cruise_never_skids_so_the_cheapest_path_is_kept():  # VEH-URB-02: only flank MP skids
    state = skid_state(vehicle("tracked", 5, at="0510"), hexes=_road())
    route = choose(state, "0607", MoveMode.CRUISE)
    assert route.steps == route.cheapest == steps("F,F,R,F") and route.rolls == ()


def test_when_every_path_makes_as_many_rolls_the_cheapest_is_taken():
    # VEH-SLIP-03: 0705 lies off the hover tank's line; every path there turns and then moves, once at least.
    state = skid_state(vehicle("hover", 5, at="0510"))
    route = choose(state, "0705", MoveMode.FLANK)
    assert route.rolls == route.cheapest_rolls == (("sideslip", 1),)
    assert route.steps == route.cheapest == movement.find_path(state, state.units["u1"], H("0705"), None,
                                                               MoveMode.FLANK)


# -- buildings, basements, minefields --------------------------------------------------------------------------


def test_mech_walks_round_a_building_rather_than_through_it_at_the_same_mp():
    # URB-MOVE-03: entering a building hex calls for a piloting skill roll; round it costs as much.
    state = game(hunchback(at="0510"), hexes={"0508": building("light", 1)})
    route = choose(state, "0607")
    assert route.cheapest == steps("F,F,R,F") and route.cheapest_rolls == (("building", 1),)
    assert route.steps == steps("R,F,L,F,F") and route.mp == route.cheapest_mp == 5 and route.rolls == ()


def test_mech_goes_round_an_unrolled_building_one_mp_dearer():
    # URB-MOVE-03 and URB-BSMT-01: the first 'Mech into a building hex at ground level also rolls for its basement.
    state = game(hunchback(at="0510"), hexes={"0508": unrolled_building("light", 1), "0608": {"terrain": "rough"}})
    route = choose(state, "0607")
    assert route.cheapest == steps("F,F,R,F") and route.cheapest_rolls == (("building", 1), ("basement", 1))
    assert route.steps == steps("R,F,L,F,F") and route.mp == 6 and route.rolls == ()


def test_a_path_three_mp_dearer_is_not_taken():  # routes.DEARER: at most 2 MP more
    assert routes.DEARER == 2
    state = game(hunchback(at="0510"), hexes={"0508": building("light", 1), "0608": {"terrain": "heavy_woods"},
                                              "0609": {"terrain": "rough"}})
    route = choose(state, "0607", MoveMode.RUN)
    assert route.cheapest == steps("F,F,R,F") and route.cheapest_rolls == (("building", 1),)
    assert not route.changed


def test_mech_steps_round_a_minefield_when_its_run_allows():  # DROP-12: each minefield hex entered, a roll
    state = game(hunchback(at="0510"), hexes={"0508": {"terrain": "clear", "minefield": 1},
                                              "0608": {"terrain": "rough"}})
    route = choose(state, "0607", MoveMode.RUN)
    assert route.cheapest == steps("F,F,R,F") and route.cheapest_rolls == (("minefield", 1),)
    assert route.steps == steps("R,F,L,F,F") and route.mp == 6 and route.rolls == ()


def test_a_safer_path_is_never_one_that_turns_a_walk_into_a_run():
    # The order keeps the mode the cheapest path is played in: walking 4, the way round (6 MP) would be a run.
    state = game(hunchback(at="0510"), hexes={"0508": {"terrain": "clear", "minefield": 1},
                                              "0608": {"terrain": "rough"}})
    route = choose(state, "0607")
    assert route.steps == route.cheapest == steps("F,F,R,F") and route.mp == 4
    assert route.rolls == (("minefield", 1),)


def test_a_run_with_masc_counts_its_roll_beyond_the_running_mp_without_it():  # EQ-MASC-02
    state = game(hunchback(at="0510"))
    unit = state.units["u1"]
    plan = movement.check_move(state, unit, MoveMode.RUN, steps("F,F,F,F,F,F"))
    assert routes.path_rolls(state, unit, plan, masc_from=5) == (("masc", 1),)
    assert routes.path_rolls(state, unit, plan, masc_from=6) == ()
    assert routes.path_rolls(state, unit, plan) == ()


def test_a_run_with_masc_keeps_the_cheapest_path_when_the_way_round_would_roll_for_masc():  # EQ-MASC-02, DROP-12
    state = game(hunchback(at="0510"), hexes={"0508": {"terrain": "clear", "minefield": 1},
                                              "0608": {"terrain": "rough"}})
    unit = state.units["u1"]
    route = routes.choose(state, unit, H("0607"), None, MoveMode.RUN, masc_from=4)  # round it: 6 MP, a MASC roll
    assert route.steps == steps("F,F,R,F") and route.rolls == (("minefield", 1),) and not route.changed
    freed = routes.choose(state, unit, H("0607"), None, MoveMode.RUN, masc_from=6)
    assert freed.steps == steps("R,F,L,F,F") and freed.rolls == ()


# -- what the search counts is what the move rolls --------------------------------------------------------------


def _kind(roll) -> str | None:
    """The route's kind of a roll the engine made, by its purpose; None for a roll no route counts."""
    purpose = roll.purpose
    if purpose.startswith("basement table"):
        return "basement"
    if roll.target is None:
        return None
    for word, kind in (("(skid)", "skid"), ("(sideslip)", "sideslip"), ("(entering", "building"),
                       ("minefield", "minefield"), ("MASC", "masc")):
        if word in purpose:
            return kind
    return "other"


BOARD = {"0508": unrolled_building("light", 1), "0608": {"terrain": "rough"}, "0407": {"terrain": "clear", "minefield": 1},
         "0606": building("medium", 2), "0305": {"terrain": "light_woods"}, "0704": {"terrain": "clear", "minefield": 2},
         **{f"05{r:02d}": {"terrain": "paved"} for r in range(1, 6)}}


@pytest.mark.parametrize("unit", [hunchback(at="0510"), vehicle("tracked", 5, at="0510"), vehicle("hover", 5, at="0510"),
                                  vehicle("wheeled", 6, at="0510"), heavy_vtol(at="0510", elevation=2),
                                  vehicle("wige", 5, at="0510")], ids=lambda u: u.get("motive", "mech"))
@pytest.mark.parametrize("mode", [None, "fast"])
def test_a_routes_rolls_are_the_rolls_its_move_makes(unit, mode):
    # Every roll listed above (VEH-URB-02, VEH-SLIP-03, URB-MOVE-03, URB-BSMT-01, DROP-12) as the engine makes it,
    # played with dice that pass every roll, for every hex the unit can reach on a board holding each of them.
    state = skid_state(unit, hexes=BOARD)
    u = state.units["u1"]
    chosen = None if mode is None else movement.fast_mode(u)
    tried = rolled = 0
    for col in range(2, 10):
        for row in range(3, 11):
            if H(f"{col:02d}{row:02d}") == u.hex:
                continue
            try:
                order, route = moves.route_order(state, "u1", None, f"{col:02d}{row:02d}", None,
                                                 chosen.value if chosen else None, None)
            except IllegalOrderError:
                continue
            dice = move_preview.BestDice()
            moves.apply_move(state, order, dice)
            made: dict[str, int] = {}
            for roll in dice.rolls:
                kind = _kind(roll)
                if kind is not None:
                    made[kind] = made.get(kind, 0) + 1
            assert made == dict(route.rolls), (order, route)
            assert routes.count(route.rolls) <= routes.count(route.cheapest_rolls)
            assert route.mp <= route.cheapest_mp + routes.DEARER
            tried += 1
            rolled += bool(made)
    assert tried > 20 and rolled > 3


def test_without_rolls_the_route_is_the_path_btcli_always_found():
    # Games whose routes had no roll do not change: a clear board, every hex, walking and running.
    state = game(hunchback(at="0510"))
    unit = state.units["u1"]
    for col in range(1, 11):
        for row in range(4, 11):
            to = H(f"{col:02d}{row:02d}")
            if to == unit.hex:
                continue
            for mode in (MoveMode.WALK, MoveMode.RUN):
                try:
                    cheapest = movement.find_path(state, unit, to, None, mode)
                except IllegalOrderError:
                    continue
                route = routes.choose(state, unit, to, None, mode)
                assert route.steps == cheapest and route.rolls == () and not route.changed


# -- what the dry run says --------------------------------------------------------------------------------------


def test_dry_run_words_say_what_the_path_avoided():
    route = routes.Route(steps("R,F,L,F,F"), 6, (), steps("F,F,R,F"), 5, (("building", 1), ("basement", 1)))
    assert move_preview.route_lines(route) == [
        "path: took a path 1 MP dearer to avoid 1 building entry roll and 1 basement roll (the cheapest, F F R F, "
        "5 MP, makes 1 building entry roll and 1 basement roll)"]
    same = routes.Route(steps("F,F,L,F"), 8, (("sideslip", 1),), steps("L,F,F,F"), 8, (("sideslip", 3),))
    assert move_preview.route_lines(same) == [
        "path: took another of the cheapest paths (8 MP) to make 1 sideslip roll instead of 3 sideslip rolls "
        "(the first found, L F F F, makes 3 sideslip rolls)"]
    kept = routes.Route(steps("L,F"), 2, (("sideslip", 1),), steps("L,F"), 2, (("sideslip", 1),))
    assert move_preview.route_lines(kept) == [
        "path: the cheapest (2 MP); no path up to 2 MP dearer in the same mode makes fewer rolls than its 1 sideslip "
        "roll"]
    assert move_preview.route_lines(routes.Route(steps("F"), 1, (), steps("F"), 1, ())) == []
    assert move_preview.route_json(route) == {
        "path": "R,F,L,F,F", "mp": 6, "rolls": {}, "changed": True, "max_dearer": 2,
        "cheapest": {"path": "F,F,R,F", "mp": 5, "rolls": {"building": 1, "basement": 1}}}


@pytest.mark.parametrize("motive", ["hover", "tracked"])
def test_the_route_is_the_best_of_every_path_tried_one_by_one(motive):
    # The search against brute force: every path of up to 6 steps at flank (6 MP), checked by the move's own
    # checker and its rolls counted; the route to each hex is the fewest rolls, then the fewest MP, within 2 MP of
    # the cheapest (VEH-URB-02 on the road, VEH-SLIP-03 off it, URB-MOVE-03 in the building, DROP-12 in the mines).
    hexes = {**{f"05{r:02d}": {"terrain": "paved"} for r in range(5, 10)}, "0607": {"terrain": "rough"},
             "0408": {"terrain": "clear", "minefield": 1}, "0606": {"level": 1}}
    state = skid_state(vehicle(motive, 4, at="0510"), hexes=hexes)
    unit = state.units["u1"]
    best: dict = {}
    paths = [()]
    for _ in range(6):
        paths = [p + (s,) for p in paths for s in "FLR" if not (p[-1:] + (s,) in (("L", "R"), ("R", "L")))]
        for path in paths:
            try:
                plan = movement.check_move(state, unit, MoveMode.FLANK, path)
            except BtcliError:  # refused, or off the map
                continue
            key = (routes.count(routes.path_rolls(state, unit, plan)), plan.mp)
            best.setdefault(plan.end, []).append(key)
    compared = changed = 0
    for end, keys in best.items():
        if end == unit.hex:
            continue
        route = routes.choose(state, unit, end, None, MoveMode.FLANK)
        within = [k for k in keys if k[1] <= route.cheapest_mp + routes.DEARER]
        assert (routes.count(route.rolls), route.mp) == min(within), end.label
        compared += 1
        changed += route.changed
    assert compared > 15 and changed > 2


def test_a_landed_vtol_lifts_off_first_then_flies_its_route():  # VEH-VTOL: a climb (A) costs 1 MP
    """``move --to`` for a landed VTOL (elevation 0) climbs one level first and then flies; it was refused as
    'cruise needs 4 MP, has 14', the ground search not knowing the climb (issue #33's options helper found it)."""
    state = game(heavy_vtol(at="0510", elevation=0))
    route = choose(state, "0507", MoveMode.WALK)
    assert route.steps == steps("A,F,F,F") and route.mp == 4
    unit = moves.order_for(state, "u1", None, "0507", None, "cruise", None)
    assert unit.steps == steps("A,F,F,F")
    moved = moves.apply_move(state, unit, None)[0].units["u1"]
    assert moved.hex == H("0507") and moved.elevation == 1
    assert choose(game(heavy_vtol(at="0510", elevation=2)), "0507", MoveMode.WALK).steps == steps("F,F,F")


# -- every hex at once (btcli options, issue #33) ---------------------------------------------------------------


def _agree(state, uid: str = "u1") -> int:
    """Asserts that ``routes.choose_all`` gives, for every hex of the board in reach (and one hex beyond), what ``routes.choose`` gives for it
    alone (the route, or the refusal's words), in each mode the unit has; returns how many routes differ from
    their cheapest path (the safer-path choice compared too)."""
    unit = state.units[uid]
    board = state.board
    hexes = [h for h in (H(f"{c:02d}{r:02d}") for c in range(1, board.width + 1) for r in range(1, board.height + 1))
             if h.distance(unit.hex) <= movement.mode_mp(unit, movement.fast_mode(unit), False) + 1]
    safer = 0
    for mode in dict.fromkeys((movement.slow_mode(unit), movement.fast_mode(unit))):
        table = routes.choose_all(state, unit, mode, hexes)
        for hex_id in hexes:
            if hex_id == unit.hex:
                continue
            try:
                alone: object = routes.choose(state, unit, hex_id, None, mode)
            except IllegalOrderError as exc:
                alone = exc
            got = table[hex_id]
            if isinstance(alone, IllegalOrderError) or isinstance(got, IllegalOrderError):
                assert str(got) == str(alone), (mode, hex_id)
                continue
            assert isinstance(got, routes.Route)
            assert (got.mp, routes.count(got.rolls), got.cheapest, got.cheapest_mp) == (
                alone.mp, routes.count(alone.rolls), alone.cheapest, alone.cheapest_mp), (mode, hex_id)
            safer += got.changed
    return safer


@pytest.mark.parametrize("motive", ["hover", "tracked"])
def test_every_hex_at_once_is_the_route_choose_finds_for_it_alone(motive):
    # The same board as the brute-force test: VEH-URB-02 skids on the road, VEH-SLIP-03 sideslips off it, DROP-12
    # mines, a level-1 hill (VEH-MOVE-05), a friend in 0508 (TW p.57: stacking) and a building (URB-MOVE-03).
    hexes = {**{f"05{r:02d}": {"terrain": "paved"} for r in range(5, 10)}, "0607": {"terrain": "rough"},
             "0408": {"terrain": "clear", "minefield": 1}, "0606": {"level": 1}, "0704": building("light", 1)}
    state = skid_state(vehicle(motive, 4, at="0510"), vehicle("tracked", 4, "u2", at="0508"), hexes=hexes)
    assert _agree(state) > 2


def test_every_hex_at_once_for_a_mech_among_buildings_and_mines():  # URB-MOVE-03, URB-BSMT-01, DROP-12
    hexes = {"0608": unrolled_building("medium", 2), "0508": building("light", 1), "0407": {"minefield": 1},
             "0607": {"terrain": "heavy_woods"}, "0409": {"terrain": "water", "depth": 1}}
    _agree(game(hunchback(at="0510"), hexes=hexes))


def test_every_hex_at_once_for_a_landed_vtol_climbs_first():  # VEH-VTOL: asked of choose hex by hex
    _agree(game(heavy_vtol(at="0510", elevation=0)))


# -- a VTOL's route is a flight (VEH-VTOL) ----------------------------------------------------------------------

RIDGE = {"0508": {"level": 2}, "0608": {"level": 2}, "0408": {"level": 2}, "0707": building("medium", 3),
         "0406": {"terrain": "heavy_woods"}}


def test_a_vtol_flies_over_a_ridge_at_its_altitude():
    # VEH-VTOL-02: 1 MP a hex whatever the terrain; its altitude is kept, so over the level-2 ridge at elevation 3 it
    # is 1 above it. The route finder searched it as a ground unit and refused 0508 ('no walk path').
    state = game(heavy_vtol(at="0510", elevation=3), hexes=RIDGE)
    route = choose(state, "0508", MoveMode.WALK)
    assert route.steps == steps("F,F") and route.mp == 2
    assert movement.check_move(state, state.units["u1"], MoveMode.WALK, route.steps).elevation == 1
    assert choose(state, "0507", MoveMode.WALK).mp == 3  # over it, not round it (8 MP)


def test_a_vtol_climbs_where_it_would_fly_into_the_ground():
    # VEH-VTOL-13: at elevation 1 it would fly into the level-2 ridge; VEH-VTOL-05: it climbs, 1 MP a level, first.
    state = game(heavy_vtol(at="0509", elevation=1), hexes=RIDGE)
    route = choose(state, "0507", MoveMode.WALK)
    assert route.mp == 4 and route.steps.count("A") == 2 and route.steps.count("F") == 2
    plan = movement.check_move(state, state.units["u1"], MoveMode.WALK, route.steps)
    assert plan.end == H("0507") and not plan.crash


def _flights(state, mode: str) -> set:
    """Every hex a ``--path`` flight of the unit ends in, not crashed (each path checked by the move's own check)."""
    from btcli.model.orders import MoveOrder

    seen: dict = {}
    frontier: list[tuple[str, ...]] = [()]
    ends = set()
    while frontier:
        following = []
        for path in frontier:
            for code in "FBLRAD":
                longer = path + (code,)
                try:
                    plan = moves.check_move(state, MoveOrder("u1", mode, longer))
                except BtcliError:
                    continue
                key = (plan.end, plan.facing, plan.elevation)
                if plan.crash or plan.charge or seen.get(key, 99) <= plan.mp:
                    continue
                seen[key] = plan.mp
                following.append(longer)
                ends.add(plan.end)
        frontier = following
    return ends - {state.units["u1"].hex}


@pytest.mark.parametrize("elevation", [0, 1, 3])
def test_options_list_every_hex_a_vtol_flight_reaches(elevation):  # VEH-VTOL-02, -03, -05, -06, -13
    from btcli.rules.core import options

    state = game(heavy_vtol(at="0510", elevation=elevation), hexes=RIDGE)
    found = options.unit_options(state, state.units["u1"])
    listed = {r.mode: {h for h, _ in r.hexes} for r in found.moves}
    assert listed["cruise"] == _flights(state, "cruise")
