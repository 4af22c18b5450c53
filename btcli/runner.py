"""The application layer (issue #30): an order run end to end, and a log replayed.

One order: the game loaded (the store: ``gamefile``, the head checked against the log), its dice built,
the order checked and applied (``engine.apply``), its events worded (``render.events``: the rules return
values, the log keeps their sentences), its log entry made (``journal``) and appended (``gamefile.append``). The CLI's commands, ``play``, ``demo`` and the previews call this module; the
store only reads and writes files and entries. ``verify`` folds ``engine.apply`` over the log from the
initial state the first entry keeps and checks every hash; a hand-edited head is explained by the same
replay.
"""

from __future__ import annotations

from btcli.contexts import contextmanager  # contextlib's, without its imports (issue #17)
from btcli.dice import HeldDice, ManualDice, SeededDice, is_held, seed_commitment
from btcli.errors import BtcliError, GameFileError, VerificationError
from btcli.grammar import order_from_text, order_text, with_dice
from btcli.model.frozen import Record
from btcli.model.state import GameState, evolve
from btcli.render.events import sentences
from btcli.store import journal
from btcli.store.hashing import blob_hash, entry_blob, entry_hash, state_hash
from btcli.store.journal import Outcome

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from btcli.model.orders import Order


_ROLL_TOTAL = r": (\d+)D6(?: [0-9+]+)? = (\d+)(?= vs TN |, [+-]\d+ \(|$)"


def load(path):
    """Reads a game for a command: ``gamefile.load``, then the head checked against the log.

    The head's state hash must be the one the last entry recorded; a head edited by hand is refused
    (exit 4), naming the unit and field that differ from the last verified state.
    """
    from btcli.store import gamefile

    game = gamefile.load(path)
    if state_hash(game.state) != game.last.get("state"):
        raise GameFileError(f"{game.shown} was edited by hand: {explain_head_edit(game)}; nothing was done "
                            f"(restore the file, e.g. 'git checkout {game.shown}', and run 'btcli verify')")
    return game


@contextmanager
def hold(path):
    """Keeps a game locked and loaded for many orders (``btcli play``): yields a ``gamefile.Held``
    whose game each ``gamefile.append(..., held=...)`` replaces by the game it wrote, so no order
    reads the file again. The lock is taken before the game is read and kept until the end."""
    from btcli.store import files, gamefile
    from btcli.store.lock import locked_game

    with locked_game(files.real(path), gamefile.LOCK_TIMEOUT_S) as f:
        held = gamefile.Held(load(path), f)
        try:
            yield held
        finally:
            held.file.close()  # the lock goes with it


def run(game_path: str, order_factory, dice_values: list[int] | None, with_it=None, batch=None):
    """Runs one order on a game file: loads the game (or takes ``batch``'s, ``btcli play``'s held game), builds
    the order from its state (``order_factory``), applies it with the player's dice or the game's, and
    appends its entry. Returns (the state before, the outcome, the entry). ``with_it`` runs under the game's
    lock just before the new file is renamed into place (a drop's secret, written with its commitment)."""
    from btcli.errors import InputError
    from btcli.store import gamefile

    game = batch.game if batch is not None else load(game_path)
    held, problem = _held_seed(game_path, game.state)
    if dice_values and is_held(game.state.seed) and held is None and not game.state.options.player_dice:
        raise InputError("this is a referee game: its dice come from the referee's seed, so --dice is refused "
                         f"without the seed file{' (' + problem + ')' if problem else ''}; a scenario with "
                         "player_dice = true, or 'init --referee --player-dice', lets players give their own")
    order = order_factory(game.state)
    outcome = execute(game.state, order, dice_values, held, problem, game.state.options.player_dice)
    entry = journal.make_entry(game.state, outcome, entry_hash(game.last))
    gamefile.append(game, outcome.state, entry, with_it=with_it, held=batch)
    return game.state, outcome, entry


def _held_seed(game_path: str, state: GameState) -> tuple[int | None, str]:
    """The referee's seed of a game whose seed is held (None when it is not at hand) and why not."""
    if is_held(state.seed):
        from btcli.store import seeds

        return seeds.for_game(game_path, str(state.seed))  # a commitment: text
    return None, ""


def run_each(game_path: str, next_order, write: bool = True, batch=None):
    """Runs several orders on a game file as one step, all or nothing (``btcli stand``): each order is
    built from the state its predecessor left (``next_order(state)``, None when there is no more) and
    applied with the game's dice; only when every one is accepted are their entries appended, in one
    write, each exactly the entry its single command would have written. A refused order raises before
    anything is written. ``write=False`` (a dry run) writes nothing. Returns a list of (the state before,
    the order, the outcome, the entry)."""
    from btcli.store import gamefile

    game = batch.game if batch is not None else load(game_path)
    held, problem = _held_seed(game_path, game.state)
    state, prev = game.state, entry_hash(game.last)
    steps = []
    while (order := next_order(state)) is not None:
        outcome = execute(state, order, None, held, problem, state.options.player_dice)
        entry = journal.make_entry(state, outcome, prev)
        steps.append((state, order, outcome, entry))
        state, prev = outcome.state, entry_hash(entry)
    if steps and write:
        gamefile.append(game, state, [step[3] for step in steps], held=batch)
    return steps


def preview(game_path: str, order_factory):
    """Shows what an order would do on a game file (``--dry-run``): loads the game, builds the order from its
    state and asks the engine's preview; rolls nothing, writes nothing."""
    from btcli import engine

    state = load(game_path).state
    return engine.preview(state, order_factory(state))


def game_dice(state: GameState, held_seed: int | None = None, why_not: str = "", player_dice: bool = False):
    """Returns the game's seeded dice; for a referee-held seed, from ``held_seed`` once it matches the
    commitment in the file, else dice that refuse to roll, saying ``why_not`` (design.md)."""
    if not is_held(state.seed):
        return SeededDice(state.seed, state.rolls)
    if held_seed is None:
        return HeldDice(why_not, player_dice)
    if seed_commitment(held_seed) != state.seed:
        raise VerificationError("the referee's seed does not match this game's seed commitment")
    return SeededDice(held_seed, state.rolls)


def execute(state: GameState, order: Order, dice_values: list[int] | None, held_seed: int | None = None,
            why_not: str = "", player_dice: bool = False) -> Outcome:
    """Applies ``order`` with manual dice if given, else the game's seeded dice."""
    from btcli.engine import apply

    dice = ManualDice(dice_values) if dice_values else game_dice(state, held_seed, why_not, player_dice)
    new, events = apply(state, order, dice)
    dice.finish()
    counter = dice.counter if isinstance(dice, SeededDice) else state.rolls
    new = evolve(new, rolls=counter, revision=state.revision + 1)
    return Outcome(new, events, dice.rolls, with_dice(order_text(order), dice_values), sentences(events))


def replay(state: GameState, entry: dict, held_seed: int | None = None, logged_dice: bool = False) -> Outcome:
    """Runs one logged entry's command again: with its ``--dice``, else the game's seeded dice (a referee
    game's with ``held_seed``). ``logged_dice``: a referee game without the seed rolls the totals its
    log shows instead (the states come out right; the roll texts lose their faces)."""
    order, dice = order_from_text(str(entry.get("command", "")))
    if dice or not is_held(state.seed) or held_seed is not None or not logged_dice:
        return execute(state, order, dice, held_seed)
    import re

    totals = []
    for line in entry.get("rolls", ()):
        found = re.findall(_ROLL_TOTAL, str(line))
        totals.append(int(found[-1][1]) if found else 0)
    logged = _LoggedDice(totals, state.rolls)
    from btcli.engine import apply

    new, events = apply(state, order, logged)
    logged.finish()
    return Outcome(evolve(new, rolls=logged.counter, revision=state.revision + 1), events, logged.rolls,
                   with_dice(order_text(order), None), sentences(events))


class _LoggedDice(ManualDice):
    """Replays the dice a log entry shows, advancing the seeded counter as the real dice did: for
    finding what was edited in a game whose seed the referee holds."""

    def __init__(self, values: list[int], counter: int) -> None:
        super().__init__(values)
        self.counter = counter

    def _faces(self, n: int, purpose: str) -> tuple[int, tuple[int, ...]]:
        self.counter += n
        return super()._faces(n, purpose)


class Verified(Record):
    """What ``verify`` proved: how many entries replayed (``count``), the final ``state``, and which
    entries' dice were given by hand (``--dice``, ``hand_dice``) rather than rolled from the seed."""

    count: int
    state: GameState
    hand_dice: tuple[int, ...] = ()


def verify_text(data: bytes, held_seed=None, each=None, more=(), values: bool = False) -> Verified:
    """Replays a whole game file; returns what it proved or raises VerificationError.

    A game whose seed the referee holds replays its seeded rolls only with the seed: ``held_seed`` is
    the seed, or a function given the commitment that returns it (None when it cannot be had).
    ``each(entry, state)``, if given, sees every entry with the state it verified to, first to last
    (the replay page, ``btcli.render.replay``); with ``values``, also the entry's events as values,
    ``each(entry, state, events)`` (the first entry's: none). ``more``: the rest of the file after
    ``data``, in chunks (``gamefile.read_log``), read as the replay reaches it."""
    from btcli.store.codec import state_to_dict

    head, log = journal.stream_log(data, more)
    first = next(log)
    state = journal.initial_state(first)
    if "carried" in first:  # a campaign's game: its carried units start as the entry says (issue #32)
        from btcli.store import campaign

        campaign.check_entry(first, state)
    if each is not None and values:
        each(first, state, ())
    elif each is not None:
        each(first, state)
    if callable(held_seed):
        held_seed = held_seed(state.seed) if is_held(state.seed) else None
    prev = entry_hash(first)
    hand: list[int] = []
    index = 1
    for index, entry in enumerate(log, start=2):
        seq = entry.get("seq")
        if seq != index:
            raise VerificationError(f"entry {index}: numbered {seq!r}, expected {index}", index)
        if entry.get("prev") != prev:
            raise VerificationError(f"entry {index}: previous-entry hash does not match entry {index - 1}", index)
        try:
            outcome = replay(state, entry, held_seed)
        except BtcliError as exc:
            raise VerificationError(f"entry {index}: command {entry.get('command')!r} does not replay: {exc}", index) from None
        if "--dice" in str(entry.get("command", "")).split():
            hand.append(index)
        expected = journal.make_entry(state, outcome, prev)
        if not journal.same_entry(entry, expected):
            key = next((k for k in list(expected) + list(entry) if entry.get(k, None) != expected.get(k, None)
                        or type(entry.get(k)) is not type(expected.get(k))), "a field")
            message = f"entry {index}: {key} differs from the replay"
            if key == "state" and _is_last(log):  # the head and its hash edited together
                message += journal.head_difference(head, outcome.state, "the replay")
            raise VerificationError(message, index)
        state = outcome.state
        blob = entry_blob(entry)  # what the entry's hash hashes
        prev = entry_hash(entry) if blob is None else blob_hash(blob)
        if each is not None and values:
            each(entry, state, outcome.events)
        elif each is not None:
            each(entry, state)
    if not journal.same_content(head, state_to_dict(state)):
        raise VerificationError(
            f"the current state (head) differs from the replay of all {index} entries"
            + journal.head_difference(head, state, "the replay"), index
        )
    return Verified(index, state, tuple(hand))


def _is_last(entries) -> bool:
    """Tells whether no entry follows in ``entries`` (a damaged one counts as following)."""
    try:
        return next(entries, None) is None
    except GameFileError:
        return False


def explain_head_edit(game) -> str:
    """Says what a hand edit changed in a game's head, against the state the log replays to.

    Only called when the head's hash is not its last entry's (a refused command), so it may replay
    the whole log. A referee game is replayed with the dice its log shows.
    """
    from btcli.store.codec import state_to_dict
    from btcli.store.gamefile import read_bytes

    data, _ = read_bytes(game.path)
    try:
        _, log = journal.parts(data)
        state = journal.initial_state(log[0])
        for entry in log[1:]:
            state = replay(state, entry, logged_dice=True).state
    except BtcliError as exc:
        return f"its state is not the one its last log entry recorded, and the log does not replay ({exc})"
    found = journal.first_difference(state_to_dict(game.state), state_to_dict(state))
    if found is None:
        return "the last log entry's state hash was changed"
    where, ours, theirs = found
    return (f"{journal.describe_path(where)} is {journal.shown_value(ours)} in the head but {journal.shown_value(theirs)} in the state "
            f"verified by entry {len(log)}")
