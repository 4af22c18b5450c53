"""Runs one command against a state and writes its log entry; replays a whole log.

Every invocation becomes one entry: sequence number, turn, phase, the canonical
command (with its manual dice), the events, every roll, the hash of the previous
entry and the hash of the resulting state. ``verify`` folds ``apply`` over the
log from the initial state kept in the first entry and checks every hash.
"""

from __future__ import annotations

from dataclasses import dataclass

from btcli.dice import HeldDice, ManualDice, Roll, SeededDice, is_held, seed_commitment
from btcli.errors import BtcliError, GameFileError, VerificationError
from btcli.model.state import GameState, evolve
from btcli.orders import Order, parse_command, with_dice
from btcli.store.hashing import entry_hash, state_hash


def format_roll(roll: Roll) -> str:
    """Returns one log line for a roll: purpose, dice, total, and the check if any."""
    shown = f"{roll.n}D6"
    if roll.dice:
        shown += " " + "+".join(map(str, roll.dice))
    text = f"{roll.purpose}: {shown} = {roll.total}"
    if roll.target is not None:
        mods = ", ".join(f"{name} {value:+d}" for name, value in roll.modifiers)
        text += f" vs TN {roll.target}" + (f" ({mods})" if mods else "")
        text += " success" if roll.success else f" failed by {-roll.margin}"
    return text


@dataclass(frozen=True)
class Outcome:
    state: GameState
    events: list[str]
    rolls: list[Roll]
    command: str


def game_dice(state: GameState, held_seed: int | None = None):
    """Returns the game's seeded dice; for a referee-held seed, from ``held_seed`` once it matches the
    commitment in the file, else dice that refuse to roll (design.md, referee-held seed)."""
    if not is_held(state.seed):
        return SeededDice(state.seed, state.rolls)
    if held_seed is None:
        return HeldDice()
    if seed_commitment(held_seed) != state.seed:
        raise VerificationError("the referee's seed does not match this game's seed commitment")
    return SeededDice(held_seed, state.rolls)


def execute(state: GameState, order: Order, dice_values: list[int] | None, held_seed: int | None = None) -> Outcome:
    """Applies ``order`` with manual dice if given, else the game's seeded dice."""
    from btcli.engine import apply

    dice = ManualDice(dice_values) if dice_values else game_dice(state, held_seed)
    new, events = apply(state, order, dice)
    dice.finish()
    counter = dice.counter if isinstance(dice, SeededDice) else state.rolls
    new = evolve(new, rolls=counter, revision=state.revision + 1)
    return Outcome(new, events, dice.rolls, with_dice(order.canonical(), dice_values))


def make_entry(before: GameState, outcome: Outcome, prev: str) -> dict[str, object]:
    return {
        "seq": outcome.state.revision,
        "turn": before.turn,
        "phase": before.phase.value,
        "command": outcome.command,
        "events": outcome.events,
        "rolls": [format_roll(r) for r in outcome.rolls],
        "prev": prev,
        "state": state_hash(outcome.state),
    }


def init_entry(state: GameState, command: str) -> tuple[GameState, dict[str, object]]:
    """Returns the first state (revision 1) and the entry that records it whole, for replay."""
    from btcli.store.codec import state_to_dict

    state = evolve(state, revision=1)
    entry = {
        "seq": 1,
        "turn": state.turn,
        "phase": "setup",
        "command": command,
        "events": [f"game '{state.name}' set up: {len(state.units)} units on a {state.board.width}x{state.board.height} map"],
        "rolls": [],
        "prev": "",
        "state": state_hash(state),
        "initial": state_to_dict(state),
    }
    return state, entry


def verify_text(data: bytes, held_seed=None) -> tuple[int, GameState]:
    """Replays a whole game file; returns (entries checked, final state) or raises VerificationError.

    A game whose seed the referee holds replays its seeded rolls only with the seed: ``held_seed`` is
    the seed, or a function given the commitment that returns it (None when it cannot be had)."""
    from btcli.store.codec import state_from_dict
    from btcli.store.gamefile import parse_toml, split_head
    from btcli.store.logparse import parse_log

    head_end = split_head(data)
    head = parse_toml(data[:head_end], "game file head")
    log = parse_log(data[head_end:])
    if not log or "log" in head:
        raise VerificationError("the game file has no [[log]] entries to verify")
    first = log[0]
    if "initial" not in first:
        raise VerificationError("entry 1 does not hold the initial state", 1)
    try:
        state = state_from_dict(first["initial"])
    except GameFileError as exc:
        raise VerificationError(f"entry 1: initial state unreadable: {exc}", 1) from None
    if state_hash(state) != first.get("state"):
        raise VerificationError("entry 1: the initial state does not match its hash", 1)
    if first.get("seq") != 1:
        raise VerificationError("entry 1 is not numbered 1", 1)
    if callable(held_seed):
        held_seed = held_seed(state.seed) if is_held(state.seed) else None
    prev = entry_hash(first)
    for index, entry in enumerate(log[1:], start=2):
        seq = entry.get("seq")
        if seq != index:
            raise VerificationError(f"entry {index}: numbered {seq!r}, expected {index}", index)
        if entry.get("prev") != prev:
            raise VerificationError(f"entry {index}: previous-entry hash does not match entry {index - 1}", index)
        try:
            order, dice = parse_command(str(entry.get("command", "")))
            outcome = execute(state, order, dice, held_seed)
        except BtcliError as exc:
            raise VerificationError(f"entry {index}: command {entry.get('command')!r} does not replay: {exc}", index) from None
        expected = make_entry(state, outcome, prev)
        if entry != expected:
            key = next((k for k in list(expected) + list(entry) if entry.get(k, None) != expected.get(k, None)
                        or type(entry.get(k)) is not type(expected.get(k))), "a field")
            raise VerificationError(f"entry {index}: {key} differs from the replay", index)
        state = outcome.state
        prev = entry_hash(entry)
    from btcli.store.codec import state_to_dict

    if head != state_to_dict(state):
        raise VerificationError(
            f"the current state (head) differs from the replay of all {len(log)} entries", len(log)
        )
    return len(log), state
