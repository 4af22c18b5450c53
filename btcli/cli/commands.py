"""What each command does, as plain functions (no Typer here, so scripts' hot paths
can call them without building the Typer app; see btcli/cli/fast.py).

Each command: parse, load, one engine call, render, save. No rules live here.
"""

from __future__ import annotations

import os
import sys

from btcli.errors import GameFileError, IllegalOrderError, InputError, VerificationError

OUTPUT = {"json": False}  # set by ``main`` from the global --json option: scripts read one JSON object
HELD: dict = {}  # btcli play: {"game": gamefile.Held}, the game its orders share (btcli/cli/play.py)


def _print_lines(lines: list[str], data: dict | None = None) -> None:
    """Prints the prose lines, or with --json ``data`` (a preview or a notice without data: its lines)."""
    if OUTPUT["json"]:
        _print_json(data if data is not None else {"lines": lines})
        return
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")


def _print_json(data: dict) -> None:
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")


def _outcome_json(before, outcome, entry: dict, game_path: str) -> dict:
    """The JSON of one resolution step (docs/json-output.md, "Commands"): the order as logged, its
    events (each its fields and sentence), every roll with its dice, modifiers and target, and where the
    game stands after it."""
    from btcli.grammar import shell_quote  # shlex.quote without importing shlex (issue #17)
    from btcli.render.events import as_json
    from btcli.render.view import next_step, next_to_move

    state = outcome.state
    return {
        "command": entry["command"], "seq": entry["seq"], "turn": before.turn, "phase": before.phase.value,
        "events": [as_json(event, text) for event, text in zip(outcome.events, outcome.sentences)],
        "rolls": [roll.to_dict() for roll in outcome.rolls],
        "after": {"turn": state.turn, "phase": state.phase.value, "next_to_move": next_to_move(state),
                  "winner": state.winner or None, "next": next_step(state, shell_quote(game_path))},
    }


def _run(game_path: str, order_factory, dice: str | None, quiet: bool, with_it=None) -> None:
    """Runs one order (``runner.run``: load, build the order, apply it, append the entry) and prints what
    happened. ``with_it`` runs under the game's lock just before the new game is renamed into place (a
    drop's secret is written so, together with its commitment)."""
    from btcli import runner
    from btcli.dice import parse_dice

    values = parse_dice(dice) if dice is not None else None
    before, outcome, entry = runner.run(game_path, order_factory, values, with_it, HELD.get("game"))
    if OUTPUT["json"]:
        _print_json(_outcome_json(before, outcome, entry, game_path))
    elif not quiet:
        _print_lines(outcome.sentences + [f"  roll: {line}" for line in entry["rolls"]])


def _named(state, order):
    """Returns the order with its unit ids spelled as the game spells them (``Wasp`` finds ``wasp``), so an
    unknown unit is refused as one (exit 2) before any phase check; a target that is no unit stays as given
    (a building hex, or an id the attack rules name in their refusal)."""
    from btcli.model.frozen import evolve

    changes = {name: state.unit_id(getattr(order, name)) for name in ("unit", "attacker") if hasattr(order, name)}
    target = getattr(order, "target", None)
    if target and state.find_unit_id(target) is not None:
        changes["target"] = state.find_unit_id(target)
    return evolve(order, **changes) if changes else order


def _unit_choice(state, text: str) -> str:
    """Returns a ``UNIT=...`` choice (resolve-phase --gravity, --arrive) with the unit id as the game spells it."""
    uid, eq, rest = text.partition("=")
    found = state.find_unit_id(uid) if eq else None
    return f"{found}={rest}" if found is not None else text


def _scenario_text(scenario: str, why: str) -> tuple[str, str]:
    """Returns (path, text) of a scenario file, or of a shipped scenario by name; refuses a game file."""
    from btcli.store import files

    if not os.path.lexists(scenario):  # a shipped scenario by name: crossroads, crossroads.toml
        from btcli.cli import shipped

        found = shipped.find(scenario)
        if found is not None:
            scenario = str(found)
    data = files.read_regular(scenario, "scenario file", files.SCENARIO_LIMIT)
    if files.kind_of_bytes(data[:4096], scenario) == "game":
        raise InputError(f"{scenario} is a game file (it has [game] and [[log]] tables), not a scenario: {why}")
    return scenario, files.decode(data, f"scenario {scenario}")


def check(scenario: str, megamek_data: str | None = None, lenient: bool = False, allow_unarmed: bool = False) -> None:
    """Checks a scenario as init would, writing nothing: one OK line, or every problem (exit 4)."""
    from btcli.errors import BtcliError
    from btcli.store.scenario import parse_scenario_text

    shown = scenario
    try:
        scenario, text = _scenario_text(scenario, f"check reads scenarios; check a game with btcli verify {scenario}")
        megamek = _megamek_source(megamek_data, lenient, allow_unarmed)
        state = parse_scenario_text(text, None, os.path.dirname(os.path.abspath(scenario)), scenario, megamek)
    except BtcliError as exc:
        if OUTPUT["json"]:
            _print_json({"scenario": shown, "ok": False, "problems": list(getattr(exc, "problems", [str(exc)]))})
        raise
    _warn_left_out(megamek)
    board = state.board
    if OUTPUT["json"]:
        _print_json({"scenario": scenario, "ok": True, "name": state.name, "sides": list(state.sides),
                     "units": len(state.units), "map": {"width": board.width, "height": board.height},
                     "problems": []})
        return
    _print_lines([f"{scenario}: OK: '{state.name}', {len(state.units)} units, {board.width}x{board.height} map"])


def init(scenario: str, output: str, seed: int | None, force: bool, quiet: bool, referee: bool = False,
         player_dice: bool = False, megamek_data: str | None = None, lenient: bool = False,
         allow_unarmed: bool = False, carry: str | None = None, repair: str | None = None) -> None:
    from btcli.store import files, gamefile, journal
    from btcli.store.scenario import parse_scenario_text

    if player_dice and not referee:
        raise InputError("--player-dice belongs to referee games (--referee); in other games anyone may give --dice")
    if repair is not None and carry is None:
        raise InputError("--repair goes with --carry: it says what is repaired between a campaign's battles")
    scenario, text = _scenario_text(scenario, "init starts a new game from a scenario (btcli scenarios lists the "
                                                "shipped ones); play this game on with move, attack, ...")
    megamek = _megamek_source(megamek_data, lenient, allow_unarmed)
    finished = None
    if carry is not None:  # issue #32: a campaign's finished game, verified before anything is carried
        from btcli import runner
        from btcli.store import campaign

        data, more = gamefile.read_log(carry)
        try:
            proved = runner.verify_text(data, _referee_seed(carry, None), more=more)
        except VerificationError as exc:
            raise VerificationError(f"--carry {carry}: the finished game does not verify, so nothing is carried from "
                                    f"it: {exc}") from None
        finished = campaign.from_game(os.path.basename(carry), proved.state, proved.count, repair)
    state = parse_scenario_text(text, seed, os.path.dirname(os.path.abspath(scenario)), scenario, megamek, finished)
    from btcli.store import seeds

    held = None
    seed_file = seeds.path_for(output) if referee else ""
    if referee:  # design.md: the file keeps a commitment; the referee keeps the seed
        import secrets

        from btcli.dice import seed_commitment
        from btcli.model.state import evolve

        if seed is not None:
            raise InputError("--referee draws a secret seed itself; leave --seed out")
        held = secrets.randbits(128)  # far beyond guessing from its commitment
        options = evolve(state.options, player_dice=True) if player_dice else state.options
        state = evolve(state, seed=seed_commitment(held), options=options)
    command = f"init {os.path.basename(scenario)} --seed {state.seed}"
    if finished is not None:
        command += f" --carry {finished.source} --repair {finished.repair}"
    state, entry = journal.init_entry(state, command)
    if finished is not None:  # where the carried units came from, in the entry verify replays from
        carried = finished.entry(state)
        entry["carried"] = carried
        events = entry["events"]
        assert isinstance(events, list)  # init_entry's sentences
        entry["events"] = [*events, *finished.lines()]
    if held is None:
        gamefile.create(output, state, entry, overwrite=force,
                        protect={"the scenario file": scenario, "the finished game it carries from": carry or ""})
    else:
        # The seed goes in place with the game, under the same lock: a failed init (a locked or
        # unwritable game) leaves the old pair intact. Never over the game, the scenario or a file that is
        # not a btcli seed file, whatever --force says.
        target = files.check_output(seed_file, what="seed file", force=force, replaceable="seed",
                                    protect={"the game file": output, "the scenario file": scenario})
        seeds.check_replaceable(target, output)
        gamefile.create(output, state, entry, overwrite=force,
                        protect={"the scenario file": scenario, "the game's seed file": seed_file,
                                 "the finished game it carries from": carry or ""},
                        companion=(target, seeds.text_for(output, held), 0o600))
    _warn_left_out(megamek)
    if not quiet or OUTPUT["json"]:  # --json prints its object whatever -q says
        lines = entry["events"] + [f"wrote {output}"]
        if held is not None:
            lines.append(f"dice seed kept by the referee in {seed_file} (never commit or share it)")
        data = _init_json(state, entry, output, seed_file if held is not None else None)
        if finished is not None:
            data["carried"] = {"from": carry, **carried}
        _print_lines(lines, data)


def _init_json(state, entry: dict, output: str, seed_file: str | None) -> dict:
    """``init --json`` (docs/json-output.md): the game made, where it was written, and what comes next."""
    from btcli.grammar import shell_quote  # shlex.quote without importing shlex (issue #17)
    from btcli.render.events import as_json
    from btcli.render.view import next_step

    board = state.board
    return {"command": entry["command"], "seq": entry["seq"], "events": [as_json(e) for e in entry["events"]],
            "game": str(output),
            "name": state.name, "units": sorted(state.units), "sides": sorted(state.sides),
            "map": {"width": board.width, "height": board.height},
            "seed": state.seed if isinstance(state.seed, int) else "held by the referee",
            "seed_file": seed_file, "turn": state.turn, "phase": state.phase.value,
            "next": next_step(state, shell_quote(str(output)))}


def _megamek_source(folder: str | None, lenient: bool, allow_unarmed: bool = False):
    """Returns where MegaMek files are found (--megamek-data, else $BTCLI_MEGAMEK_DATA) and how they are read."""
    from btcli.megamek.convert import Source
    from btcli.megamek.find import ENV

    if allow_unarmed and not lenient:
        raise InputError("--allow-unarmed goes with --lenient: it lets a lenient import leave a unit no weapon")
    return Source(folder or os.environ.get(ENV) or None, lenient, allow_unarmed)


def _warn_left_out(source) -> None:
    """Lists on stderr what --lenient left out of the MegaMek files (never silently)."""
    if source.left_out:
        count = len(source.left_out)
        sys.stderr.write(f"warning: --lenient left out {count} thing{'s' if count > 1 else ''} btcli does not play:\n")
        sys.stderr.write("".join(f"warning:   {line}\n" for line in source.left_out))


def import_(file: str, megamek_data: str | None = None, lenient: bool = False, allow_unarmed: bool = False) -> None:
    """Prints a MegaMek unit or board as the TOML a scenario takes (btcli.megamek.convert); --json as data. A
    folder is a library: every file read, and what came of them summed up (btcli.megamek.library)."""
    from btcli.megamek.convert import import_file, render_toml

    source = _megamek_source(megamek_data, lenient, allow_unarmed)
    if os.path.isdir(file):
        if lenient or megamek_data:
            raise InputError(f"{file} is a folder: btcli import reads every file in it, strictly and leniently; "
                             "--lenient and --megamek-data are for one file")
        _library(file)
        return
    kind, path, entry = import_file(file, source, os.getcwd())
    _warn_left_out(source)
    if OUTPUT["json"]:
        _print_json({"kind": kind, "file": path, "entry": entry, "left_out": source.left_out})
        return
    sys.stdout.write(render_toml(kind, path, entry, source.left_out))


def _library(folder: str) -> None:
    """``btcli import DIR``: a whole MegaMek data folder summed up, with a progress bar on a terminal."""
    from btcli.megamek import library

    progress = None
    bar = None
    if not OUTPUT["json"] and sys.stderr is not None and sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(transient=True, console=Console(stderr=True))
        task = bar.add_task("reading", total=None)
        bar.start()

        def progress(done: int, total: int, path: str) -> None:
            bar.update(task, completed=done, total=total, description=os.path.basename(path)[:40])
    try:
        results, archives, seconds = library.scan(folder, progress)
    finally:
        if bar is not None:
            bar.stop()
    if not results:
        from btcli.errors import GameFileError

        raise GameFileError(f"{folder} holds no .mtf, .blk or .board file" + (
            f" ({archives} zip archives: unzip them to import their units)" if archives else ""))
    data = library.summary(folder, results, archives, seconds)
    if OUTPUT["json"]:
        _print_json(data)
        return
    sys.stdout.write(library.render(data))


def options(game: str, unit: str) -> None:
    """Lists what a unit may do now (btcli.rules.core.options); with --json as one object."""
    from btcli.rules.core import options as unit_options
    from btcli.render import options as shown
    from btcli import runner

    state = runner.load(game).state
    chosen = state.unit(state.unit_id(unit))
    found = unit_options.unit_options(state, chosen)
    stealthy = _stealth_option(state, chosen)  # EQ-STEALTH-02
    if OUTPUT["json"]:
        _print_json({**shown.options_json(found), **({"stealth": stealthy} if stealthy is not None else {})})
        return
    lines = shown.options_lines(found)
    if stealthy is not None:
        lines = [*lines, _stealth_line(stealthy)]
    _print_lines(lines)


def _stealth_option(state, unit) -> dict[str, object] | None:
    """A unit's stealth armor for ``options`` (EQ-STEALTH-02), or None; stealth's rules load only for a unit of it."""
    if unit.built.armor_type != "stealth":
        return None
    from btcli.rules.core import stealth

    return stealth.option(state, unit)


def _stealth_line(option: dict[str, object]) -> str:
    """The ``options`` line of a unit's stealth armor: on or off, and when and how it switches (EQ-STEALTH-02)."""
    now = "on" if option["on"] else "off"
    if not option["on"] and not option["may_switch_on"]:
        return f"  stealth armor {now}: its ECM suite is destroyed, so it stays off"
    when = "as this End Phase closes" if option["switch_now"] else "in the End Phase, for the next turn"
    return f"  stealth armor {now}: switch it {when} ({option['order']})"


def scenarios() -> None:
    """Lists the shipped scenarios: the name init takes, the scenario's own name, and what it is."""
    from btcli.cli import shipped

    found = shipped.listing()
    if not found:
        raise GameFileError("no shipped scenarios found (is btcli installed completely?)")
    width = max(len(stem) for stem, _, _ in found)
    _print_lines([f"{stem:<{width}}  {name}: {about}" if about else f"{stem:<{width}}  {name}"
                  for stem, name, about in found],
                 {"scenarios": [{"scenario": stem, "name": name, "about": about or None} for stem, name, about in found]})


def move(
    game: str,
    unit: str,
    path: str | None,
    to: str | None,
    facing: str | None,
    mode: str | None,
    after_slip: str | None,
    dice: str | None,
    quiet: bool,
    batch: str | None = None,
    dry_run: bool = False,
) -> None:
    from btcli.grammar import batch_number
    from btcli.rules.core import moves

    number = batch_number(batch)
    found = []  # the route a --to found, for the dry run to say what it avoided (issue #33 item 4)

    def order(state):
        made, route = moves.route_order(state, state.unit_id(unit), path, to, facing, mode, after_slip, number)
        found.append(route)
        return made

    if dry_run:
        _show_preview(game, order, found)
        return
    _run(game, order, dice, quiet)


def stand(game: str, units: list[str] | None, side: str | None, dry_run: bool, quiet: bool) -> None:
    """Stands the named units (or the rest of a side) still, each by its own ``move UNIT --mode stand``
    entry in its own slot (btcli.rules.core.standing picks them, ``runner.run_each`` runs them), all or
    nothing: a refusal names the unit and writes nothing."""
    from btcli.errors import BtcliError
    from btcli.rules.core import moves, standing
    from btcli import runner

    left: list[str] = []
    done: list[str] = []
    planning = [False]  # True while the next order is chosen: its refusals say what they are

    def next_order(state):
        planning[0] = True
        if not done and not left:
            left.extend(standing.units_to_stand(state, units, side))
        uid = standing.next_to_stand(state, left, done)
        if uid is None:
            return None
        try:
            order = moves.order_for(state, uid, None, None, None, "stand", None)
        except BtcliError as exc:
            exc.args = (f"'{uid}' cannot stand still: {exc}",)  # the class, so the exit code, stays the order's
            raise
        left.remove(uid)
        done.append(uid)
        planning[0] = False  # the engine applies the order next: a refusal is this unit's
        return order

    try:
        steps = runner.run_each(game, next_order, write=not dry_run, batch=HELD.get("game"))
    except BtcliError as exc:
        said = str(exc) if planning[0] else f"'{done[-1]}' cannot stand still: {exc}"
        exc.args = (f"{said}; nothing was written",)
        raise
    if dry_run:
        from btcli import engine

        lines = [line for before, order, _, _ in steps for line in engine.preview(before, order).lines]
        _print_lines(lines, {"units": [order.unit for _, order, _, _ in steps], "lines": lines})
    elif OUTPUT["json"]:
        shown = [_outcome_json(before, outcome, entry, game) for before, _, outcome, entry in steps]
        _print_json({"stood": [order.unit for _, order, _, _ in steps], "orders": shown, "after": shown[-1]["after"]})
    elif not quiet:
        _print_lines([line for _, _, outcome, entry in steps
                      for line in outcome.sentences + [f"  roll: {roll}" for roll in entry["rolls"]]])


def deploy(game: str, unit: str, hex: str | None, facing: str | None, batch: str | None, quiet: bool) -> None:
    """Deploys a unit in the deployment phase (ASSET-DEP)."""
    from btcli.grammar import batch_number
    from btcli.model.hexgrid import Facing, HexId
    from btcli.model.orders import DeployOrder

    if hex is None:
        raise InputError("give --hex CCRR to deploy in")
    order = DeployOrder(unit, HexId.parse(hex), Facing.parse(facing) if facing is not None else None,
                        batch_number(batch))
    _run(game, lambda state: _named(state, order), None, quiet)


def attack(
    game: str,
    attacker: str,
    target: str | None,
    weapon: list[str] | None,
    physical: str | None,
    twist: str | None,
    dry_run: bool,
    clear: str | None,
    girder: bool,
    dice: str | None,
    quiet: bool,
    strike: bool = False,
    strafe: str | None = None,
    bomb: str | None = None,
) -> None:
    from btcli.grammar import bomb_count, strafe_hexes
    from btcli.model import orders

    if dry_run and (girder or clear is not None):
        raise InputError("--dry-run previews weapon attacks; a girder search or clearing a jam has no preview")
    if girder:
        if target is not None or weapon or physical or clear is not None:
            raise InputError("--girder takes no target, --weapon, --physical or --clear")
        order = orders.GirderSearchOrder(attacker)
    elif clear is not None:
        if target is not None or weapon or physical:
            raise InputError("--clear takes no target, --weapon or --physical")
        order = orders.ClearJamOrder(attacker, clear)
    elif target is None and strafe is None:
        raise InputError("name the TARGET of the attack")
    elif physical is not None:
        if weapon or strike or strafe is not None or bomb is not None:
            raise InputError("a physical attack fires no --weapon, --strike, --strafe or --bomb")
        order = orders.PhysicalAttackOrder(attacker, target, physical)
    else:
        order = orders.WeaponAttackOrder(attacker, target or "", tuple(weapon or ()), twist or "", strike,
                                         strafe_hexes(strafe), bomb_count(bomb))
    if dry_run:
        if not isinstance(order, (orders.WeaponAttackOrder, orders.PhysicalAttackOrder)):
            raise InputError("--dry-run shows weapon and physical attacks")
        _show_preview(game, lambda state: _named(state, order))
        return
    _run(game, lambda state: _named(state, order), dice, quiet)


def _show_preview(game: str, order_factory, found: list | None = None) -> None:
    """Prints what an order would do (``runner.preview``: --dry-run); an order refused as given after its
    preview's lines (a weapon list) prints them, then is refused. ``found`` holds the route the order factory
    found for a move --to: after the preview's first line, what its path avoided (and its JSON ``route``)."""
    from btcli import runner

    shown = runner.preview(game, order_factory)
    lines = list(shown.lines)
    route = found[-1] if found else None
    if route is not None:
        from btcli.rules.core.move_preview import route_json, route_lines

        lines[1:1] = route_lines(route)
        _print_lines(lines, {"lines": lines, "route": route_json(route)})
    else:
        _print_lines(lines)
    if shown.refusal:
        raise IllegalOrderError(shown.refusal, shown.rule)


def resolve_phase(game: str, dice: str | None, quiet: bool, gravity: list[str] | None = None,
                  arrive: list[str] | None = None, stealth: list[str] | None = None) -> None:
    from btcli.model.orders import ResolvePhaseOrder

    _run(game, lambda state: ResolvePhaseOrder(tuple(_unit_choice(state, g) for g in gravity or ()),
                                               tuple(_unit_choice(state, a) for a in arrive or ()),
                                               tuple(_unit_choice(state, s) for s in stealth or ())), dice, quiet)


def drop(
    game: str,
    unit: str,
    hex: str | None,
    facing: str | None,
    reveal: bool,
    salt: str | None,
    secrets_file: str | None,
    dice: str | None,
    quiet: bool,
    abort: bool = False,
    commit: str | None = None,
) -> None:
    """Commits a secret landing hex (kept in the secrets file), or reveals it and lands (DROP-04..08).

    ``commit``: the commitment itself, as logged (``btcli play`` runs logged commands); no secret is kept."""
    from btcli.model import orders
    from btcli.model.hexgrid import Facing
    from btcli.store import secrets, seeds

    where: dict[str, str] = {}

    def secrets_path(state, u) -> str:
        """The side's own secrets file (hot seat: one a player), or --secrets."""
        path = secrets_file or secrets.path_for(game, u.side)
        secrets.check_path(path, game, seeds.path_for(game))
        where["path"] = path
        return path

    if commit is not None:
        if reveal or hex or salt or facing or abort:
            raise InputError("--commit is the commitment as logged; it takes no --hex, --facing, --salt, --reveal "
                             "or --abort")
        _run(game, lambda state: orders.CommitDropOrder(state.unit_id(unit), commit), dice, quiet)
        return
    if abort:
        if reveal or hex or salt or facing:
            raise InputError("--abort takes no --hex, --facing, --salt or --reveal")
        _run(game, lambda state: orders.AbortDropOrder(state.unit_id(unit)), dice, quiet)
        return
    if reveal:
        def reveal_order(state):
            u = state.unit(state.unit_id(unit))
            stored = {} if (hex and facing and salt) else secrets.lookup(secrets_path(state, u), game, u.id)
            hex_id = state.board.parse_hex(hex or stored["hex"])
            return orders.RevealDropOrder(u.id, hex_id, Facing.parse(facing or stored["facing"]),
                                          salt or stored["salt"])

        _run(game, reveal_order, dice, quiet)
        return
    if hex is None:
        raise InputError("give --hex CCRR to commit a landing hex, or --reveal to land")
    if salt is not None:
        secrets.check_salt(salt)
    record: dict[str, str] = {}

    def commit_order(state):
        from btcli.rules.drops import dropping as drops

        secret = drops.secret_landing(state, state.unit_id(unit), hex, facing, salt or secrets.new_salt(unit))
        secrets_path(state, state.units[secret["unit"]])
        record.update(secret)
        return orders.CommitDropOrder(secret["unit"], secret["commitment"])

    def keep_secret():
        secrets.store(where["path"], game, record.pop("unit"), record)

    _run(game, commit_order, dice, quiet, with_it=keep_secret)
    if not quiet and not OUTPUT["json"]:  # --json: the one object of the order (docs/json-output.md)
        _print_lines([f"landing hex kept secret in {where['path']} (do not commit or share it)"])


def play(game: str, script: str | None, quiet: bool) -> None:
    """Runs the orders of ``script`` (default: standard input), one a line, each through its own command
    function, on the game locked and read once (btcli/cli/play.py reads the lines). The first refused
    line stops, its error saying ``line N:`` with the order's own exit code."""
    from btcli.cli.play import order_call, orders
    from btcli.errors import BtcliError
    from btcli import runner

    lines = orders(script)
    with runner.hold(game) as held, _writers_kept():
        HELD["game"] = held
        try:
            for number, text in lines:
                try:
                    name, kwargs = order_call(game, text, quiet)
                    globals()[name](**kwargs)
                except BtcliError as exc:
                    exc.args = (f"line {number}: {exc}",)  # the class, so the exit code, stays the order's
                    raise
                sys.stdout.flush()  # a program reading the results sees each order's as it is done
        finally:
            HELD.clear()


def _writers_kept():
    """The head writers' memos kept from one order to the next (``sharing.Kept``): each order's head
    reuses the text of the values the order before wrote (issue #17)."""
    from btcli.store import tomlwrite, typed
    from btcli.store.sharing import Kept

    return Kept(typed.WRITTEN, tomlwrite.WRITTEN)


def _aero_svgs(state, target: str, force: bool) -> list[tuple[str, bytes]]:
    """The aerospace maps' SVG files beside the ground board's: ``MAP.MAPID.svg`` (docs/aerospace.md)."""
    if len(state.maps) == 1:
        return []
    from btcli.render import aero_svg
    from btcli.store import files

    return [(files.check_output(aero_svg.map_file(target, mid), what="map", force=force),
             aero_svg.render_map_svg(state, mid).encode()) for mid in aero_svg.aero_maps(state)]


def report(game: str, format: str, field: str | None, map: str | None = None, force: bool = False,
           since: str | None = None) -> None:
    from btcli.grammar import shell_quote  # shlex.quote without importing shlex (issue #17)
    from btcli import runner

    if since is not None and field is not None:
        raise InputError("--since prints what happened, --field one value of the report: give one of them")
    loaded = runner.load(game)
    state = loaded.state
    if since is not None:  # read (and refused) before a map is written
        from btcli.store.since import read, since as entries_since

        base, entries = entries_since(game, read(game), since)
    if field is not None:  # checked (and rendered) before anything is written
        from btcli.render.json_view import render_field

        shown = render_field(state, field, shell_quote(game), as_json=OUTPUT["json"]) + "\n"
    if map is not None:
        from btcli.render.svg import render_svg
        from btcli.store import files, seeds  # seeds imports re: only where a file is written (issue #17)

        target = files.check_output(map, what="map", force=force,
                                    protect={"the game file": loaded.path, "the game's seed file": seeds.path_for(game)})
        if not map.lower().endswith(".svg"):  # never an SVG under another picture format's name
            stem = os.path.splitext(os.path.basename(map))[0] or "map"
            raise InputError(f"--map {map}: the map is drawn as SVG; name the file .svg (e.g. --map {stem}.svg)")
        try:
            from btcli.store.lock import locked_folder

            drawn = [(target, render_svg(state).encode())] + _aero_svgs(state, target, force)
            with locked_folder(os.path.dirname(target), 10.0, map):  # one map writer at a time in a folder
                for path, svg in drawn:
                    files.discard_leftovers(path)  # what a killed map write left behind
                    files.write_atomic(path, svg, 0o666 & ~files.umask())
        except OSError as exc:
            raise InputError(f"cannot write the map to {map}: {exc.strerror or exc}") from None
    if field is not None:
        sys.stdout.write(shown)
    elif since is not None:
        _report_since(game, state, base, entries, "json" if OUTPUT["json"] else format)
    elif format == "json" or OUTPUT["json"]:
        from btcli.render.json_view import render_json

        sys.stdout.write(render_json(state, shell_quote(game), compact=OUTPUT["json"]))
    elif format == "markdown":
        from btcli.render.markdown import render_markdown

        sys.stdout.write(render_markdown(state, shell_quote(game)))
    else:
        from btcli.render.text import render_text

        render_text(state, sys.stdout, shell_quote(game))


def _report_since(game: str, state, base, entries: list, format: str) -> None:
    """Prints ``report --since``: the entries after ``base`` in words (btcli.render.since)."""
    from btcli.grammar import shell_quote
    from btcli.render import since
    from btcli.render.view import next_step

    step = next_step(state, shell_quote(game))
    if format == "json":
        _print_json(since.as_json(game, base, entries, state, step))
    elif format == "markdown":
        sys.stdout.write(since.as_markdown(base, entries, state, step))
    else:
        sys.stdout.write(since.as_text(base, entries, state, str(step["hint"])))


def _referee_seed(game: str, seed_file: str | None):
    """Returns the function ``runner.verify_text`` asks for a held seed: the referee's, or a refusal."""
    from btcli.store import seeds

    def referee_seed(commitment: str) -> int:
        held, problem = seeds.for_game(game, commitment, seed_file)
        if problem:
            raise VerificationError(problem)
        if held is None:  # replaying the seeded rolls needs the referee's seed
            raise InputError(f"this game's dice seed is held by the referee: give --seed-file "
                             f"(no {seed_file or seeds.path_for(game)})")
        return held

    return referee_seed


def verify(game: str, quiet: bool, seed_file: str | None = None) -> None:
    from btcli.store import gamefile
    from btcli import runner

    data, more = gamefile.read_log(game)  # the log streamed: memory flat in its length (issue #17)
    proved = runner.verify_text(data, _referee_seed(game, seed_file), more=more)
    if not quiet or OUTPUT["json"]:  # --json prints its object whatever -q says
        lines = [f"ok: {proved.count} entries replayed, turn {proved.state.turn} {proved.state.phase.value} phase, "
                 "hashes match"]
        if proved.hand_dice:  # a referee game's players check that these were agreed
            lines.append(f"dice given by hand (--dice) in {len(proved.hand_dice)} "
                         f"entr{'y' if len(proved.hand_dice) == 1 else 'ies'}: "
                         + ", ".join(map(str, proved.hand_dice)))
        _print_lines(lines, {"ok": True, "entries": proved.count, "turn": proved.state.turn,
                             "phase": proved.state.phase.value, "revision": proved.state.revision,
                             "winner": proved.state.winner or None, "hand_dice": list(proved.hand_dice)})


def replay(game: str, output: str | None, force: bool, seed_file: str | None, quiet: bool) -> None:
    """Writes the replay page (btcli.render.replay) of a game whose log verifies, as ``verify`` checks it."""
    from btcli.store import files, gamefile, seeds
    from btcli import runner

    data, more = gamefile.read_log(game)  # the log streamed, as verify reads it (issue #29)
    shown = output or os.path.splitext(os.fspath(game))[0] + ".html"
    target = files.check_output(shown, what="replay page", force=force,
                                protect={"the game file": game, "the game's seed file": seeds.path_for(game)})
    held = _referee_seed(game, seed_file)
    from btcli.render.replay import ReplayPage

    def fill(f) -> None:  # each entry drawn as it verifies; a log that does not verify leaves no page
        page.write = f.write
        runner.verify_text(data, held, each=page.step, more=more, values=True)  # attack lines from the events
        page.finish()

    page = ReplayPage()
    try:
        files.replace(files.write_temp(target, [fill], 0o666 & ~files.umask()), target)
    except OSError as exc:
        raise InputError(f"cannot write the replay page to {shown}: {exc.strerror or exc}") from None
    if not quiet or OUTPUT["json"]:  # --json prints its object whatever -q says
        _print_lines([f"wrote {shown}: {page.count} entries, {page.size // 1024} KiB"],
                     {"wrote": shown, "entries": page.count, "bytes": page.size})


def upgrade(game: str, output: str | None, force: bool, seed_file: str | None, quiet: bool) -> None:
    """Converts a format-1 game to format 2 by replaying it (btcli.store.upgrade); the original is kept
    as GAME.format1.toml unless -o writes the new file elsewhere."""
    from btcli.dice import is_held
    from btcli import runner
    from btcli.store import files, gamefile, upgrade

    data, _ = gamefile.read_bytes(game)
    head = files.parse_toml(data[: gamefile.split_head(data)], f"game file {game}")
    seed = head.get("game", {}).get("seed") if isinstance(head.get("game"), dict) else None
    held = None
    if is_held(seed):
        from btcli.store import seeds

        held, problem = seeds.for_game(game, seed, seed_file)
        if problem:
            raise GameFileError(problem)
        if held is None:
            raise InputError("a referee game is upgraded by the referee: give --seed-file (or keep GAME.seed beside it)")
    state, entries = upgrade.upgrade_text(data, runner.replay, held)
    text = gamefile.render_head(state) + b"".join(gamefile.render_entry(e) for e in entries)
    umask = 0o666 & ~files.umask()
    if output is not None:
        target = files.check_output(output, what="upgraded game", force=force, replaceable="game",
                                    protect={"the format-1 game": game})
        files.write_atomic(target, text, umask)
        written, backup = output, None
    else:
        backup = os.path.splitext(os.fspath(game))[0] + ".format1.toml"
        keep = files.check_output(backup, what="copy of the format-1 game", force=force)
        files.write_atomic(keep, data, umask)
        real = files.real(game)
        from btcli.store.lock import locked_game

        with locked_game(real, gamefile.LOCK_TIMEOUT_S) as f:
            if f.read() != data:
                raise GameFileError(f"{game} changed while it was being upgraded; nothing was written")
            files.write_atomic(real, text, umask)
        written = f"{game} (the format-1 original is kept as {backup})"
    if not quiet or OUTPUT["json"]:  # --json prints its object whatever -q says
        _print_lines([f"upgraded {len(entries)} entries to format 2: every command, event and roll replays "
                      f"as logged", f"wrote {written}"],
                     {"upgraded": len(entries), "format": 2, "wrote": str(output or game), "format1_copy": backup})
