"""The one command grammar (issue #11): every command's arguments and options in one table.

Three readers share it:
- the Typer app (``btcli.cli.app``) builds each command, its help included, from ``COMMANDS``;
- the scripts' fast path (``btcli.cli.fast``) parses plain invocations with ``parse``;
- replay (``btcli.store.journal``) reads logged commands with ``order_from_text``, and the log
  writes them with ``order_text``.

A logged command is the order as the engine replays it: the verb, the unit, and the options
marked ``logged`` (no game file, no output switches), e.g. ``move wasp --mode walk --path F,F``.
"""

from __future__ import annotations

from btcli.errors import InputError, quoted
from btcli.model.frozen import Record
from btcli.model.hexgrid import Facing, HexId

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2 ms of every command, issue #17)
if TYPE_CHECKING:
    from collections.abc import Callable

    from btcli.model.orders import Order

# What ``shlex.quote`` leaves unquoted (its ``[^\w@%+=:,./-]`` with re.ASCII finds none of these).
_SHELL_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")


def shell_quote(text: str) -> str:
    """``shlex.quote``, exactly (tests/test_grammar_quote.py), without importing shlex on every command
    (a command is a whole process, run hundreds of times a game: issue #17)."""
    if not text:
        return "''"
    if _SHELL_SAFE.issuperset(text):
        return text
    return "'" + text.replace("'", "'\"'\"'") + "'"


def shell_join(words) -> str:
    """``shlex.join``, exactly: the words quoted for a shell, one space apart."""
    return " ".join(shell_quote(word) for word in words)


def shell_split(text: str) -> list[str]:
    """``shlex.split``, exactly, errors included (tests/test_grammar_quote.py), in time linear in the text.

    shlex adds a word's characters to it one at a time (``token += char``), which copies the word each
    time: a 1.6 MB word in a ``play`` line took 41 s (issue #29). This reads each run of plain or quoted
    text with one pattern and joins a word's runs once."""
    import re  # only here: a command with quotes in it, or a play line

    space = re.compile(r"[ \t\r\n]+")  # POSIX shlex's whitespace is these four only (not \v, \f, U+00A0)
    plain = re.compile(r"[^ \t\r\n'\"\\]*(?:\\.[^ \t\r\n'\"\\]*)*", re.S)  # a backslash keeps any next character
    double = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.S)  # inside "...", it escapes only " and itself

    def end_of(pattern: re.Pattern[str], start: int) -> int:  # each pattern matches at least the empty text
        found = pattern.match(text, start)
        assert found is not None
        return found.end()

    words: list[str] = []
    word: list[str] | None = None  # the runs of the word being read; None between words
    i, end = 0, len(text)
    while i < end:
        char = text[i]
        if char in " \t\r\n":
            if word is not None:
                words.append("".join(word))
                word = None
            i = end_of(space, i)
            continue
        if word is None:
            word = []
        if char == "'":  # nothing is special inside single quotes
            close = text.find("'", i + 1)
            if close < 0:
                raise ValueError("No closing quotation")
            word.append(text[i + 1:close])
            i = close + 1
        elif char == '"':
            close = end_of(double, i + 1)
            if close == end:
                raise ValueError("No closing quotation")
            if text[close] == "\\":  # the text ends in it
                raise ValueError("No escaped character")
            run = text[i + 1:close]
            word.append("".join(re.split(r'\\(["\\])', run)) if "\\" in run else run)  # each escape's character kept
            i = close + 1
        else:
            stop = end_of(plain, i)
            if stop == i:  # a backslash that ends the text
                raise ValueError("No escaped character")
            run = text[i:stop]
            word.append("".join(re.split(r"\\(.)", run, flags=re.S)) if "\\" in run else run)
            i = stop
    if word is not None:
        words.append("".join(word))
    return words


VALUE, FLAG, REPEAT = "value", "flag", "repeat"
LOGGED, CLI, LOG_ONLY = "logged", "cli", "log-only"  # where an option appears


class Arg(Record, slots=False):
    """A positional argument."""

    name: str
    help: str
    required: bool = True
    kind: str = "text"  # "text" or "path"
    many: bool = False  # the last argument only: takes every positional word left (``stand GAME UNIT...``)


class Opt(Record, slots=False):
    """An option: its spellings, the parameter it fills, how it takes a value, and where it appears."""

    flags: tuple[str, ...]
    dest: str
    help: str
    takes: str = VALUE
    where: str = LOGGED
    kind: str | tuple[str, ...] = "text"  # "text", "path", "folder", "int", "revision" (shown as REVISION), or choices
    default: object = None

    @property
    def value_default(self) -> object:
        if self.takes == FLAG:
            return False if self.default is None else self.default
        return self.default


class Command(Record, slots=False):
    name: str
    help: str
    args: tuple[Arg, ...] = ()
    options: tuple[Opt, ...] = ()
    game: bool = True  # the first argument is the game file (not logged)


class Commands:
    """The grammar of every command by name, each ``Command`` built the first time it is asked for: a
    command's process reads its own and no other (building all of them was a tenth of a command's start-up,
    issue #30). Reads as a dict: ``COMMANDS["move"]``, ``in``, ``get``, iteration in the table's order."""

    def __init__(self, table: tuple[tuple[str, Callable[[], Command]], ...]) -> None:
        self._make = dict(table)
        self._made: dict[str, Command] = {}

    def __getitem__(self, name: str) -> Command:
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = self._make[name]()
        return made

    def get(self, name: str, default: Command | None = None) -> Command | None:
        return self[name] if name in self._make else default

    def __contains__(self, name: object) -> bool:
        return name in self._make

    def __iter__(self):
        return iter(self._make)

    def __len__(self) -> int:
        return len(self._make)

    def keys(self):
        return self._make.keys()

    def values(self) -> list[Command]:
        return [self[name] for name in self._make]

    def items(self) -> list[tuple[str, Command]]:
        return [(name, self[name]) for name in self._make]


GAME_HELP = "The game file (TOML) to read and update."
DICE = Opt(("--dice",), "dice", "Use these dice instead of the seeded ones, one value per roll in order: a 2D6 roll "
           "takes a total 2-12, a 1D6 roll 1-6. Example: --dice 8,3,11")
QUIET = Opt(("--quiet", "-q"), "quiet", "Print nothing on success.", FLAG, CLI)
MEGAMEK_DATA = Opt(("--megamek-data",), "megamek_data", "MegaMek's data folder, searched (with its subfolders) for "
                   "the .mtf, .blk and .board files a scenario names by name (default: $BTCLI_MEGAMEK_DATA).",
                   where=CLI, kind="folder")
SEED_FILE = Opt(("--seed-file",), "seed_file", "The referee's seed file, for a game whose seed is held (default: "
               "GAME.seed).", where=CLI, kind="path")
LENIENT = Opt(("--lenient",), "lenient", "Leave out of MegaMek files what btcli does not play (an XL engine, double "
              "heat sinks, a terrain it lacks), listing each, instead of refusing the file.", FLAG, CLI)
ALLOW_UNARMED = Opt(("--allow-unarmed",), "allow_unarmed", "With --lenient: import a unit even when btcli plays none of "
                    "its weapons (it is refused otherwise).", FLAG, CLI)
STEPS_HELP = ("Steps, e.g. F,F,R,F; 3F repeats. Ground units: {ground}. Aerospace units, a step string such as "
              "\"+ + F F L F\" (docs/aerospace.md; one starting with '-' as --path=-,F,F): {aero}.")

COMMANDS: Commands = Commands((
    ("init", lambda: Command(
        "init", "Create a game file from a scenario (turn 1, initiative phase).", game=False, args=(
        Arg("scenario", "Scenario file (TOML), e.g. scenarios/crossroads.toml, or the name of a shipped scenario "
            "(crossroads; 'btcli scenarios' lists them).", kind="path"),
    ), options=(
        Opt(("--output", "-o"), "output", "Game file to create.", where=CLI, kind="path"),
        Opt(("--seed",), "seed", "Dice seed (default: the scenario's seed, else 1).", where=CLI, kind="int"),
        Opt(("--force",), "force", "Replace an existing btcli game file (and, with --referee, its seed file).",
            FLAG, CLI),
        Opt(("--referee",), "referee", "Keep the dice seed secret: the game file gets only its hash, the seed goes "
            "to GAME.seed for the referee, who runs the commands that roll.", FLAG, CLI),
        Opt(("--player-dice",), "player_dice", "With --referee: let players give their own --dice without the seed "
            "(by default a referee game refuses them).", FLAG, CLI),
        Opt(("--carry",), "carry", "A campaign's finished game (issue #32): every unit of it the scenario names (by "
            "id) starts with the damage, critical hits, pilot hits and ammunition it ended with; the game must "
            "verify, and no unit named may have been destroyed.", where=CLI, kind="path"),
        Opt(("--repair",), "repair", "With --carry: what is repaired between the battles (default: the scenario's "
            "[campaign] repair, else none): none, ammunition (reloaded), armor (and armor restored), everything.",
            where=CLI, kind=("none", "ammunition", "armor", "everything")),
        MEGAMEK_DATA, LENIENT, ALLOW_UNARMED, QUIET,
    ))),
    ("check", lambda: Command(
        "check", "Check a scenario without writing a game: its keys and values against the scenario schema "
            "(docs/schema.md), then everything init checks. Prints one OK line, or every problem found (exit 4).",
            game=False, args=(
        Arg("scenario", "Scenario file (TOML), or the name of a shipped scenario.", kind="path"),
    ), options=(MEGAMEK_DATA, LENIENT, ALLOW_UNARMED))),
    ("move", lambda: Command(
        "move", "Move one unit in the movement phase (or stand it still with --mode stand).", args=(
        Arg("unit", "Id of the unit to move."),
    ), options=(
        Opt(("--path",), "path", STEPS_HELP),
        Opt(("--to",), "to", "Destination hex CCRR; btcli finds the cheapest legal path."),
        Opt(("--facing",), "facing", "Facing at the end: N, NE, SE, S, SW, NW."),
        Opt(("--mode",), "mode", "walk|run|jump ('Mechs; masc: run at twice walking MP with MASC, rolling 2D6 against its level's target "
            "number beyond running MP), cruise|flank (vehicles), or stand. Default: the slowest "
            "that suffices. Aerospace units: safe|max (thrust declared, AERO-GEN-02)."),
        Opt(("--after-slip",), "after_slip", "After a sideslip: stop (default) or continue the rest of the path."),
        Opt(("--batch",), "batch", "Assets (seed 004): the size of the side's first half of assets this phase, "
            "given with its first asset (default: the larger half first)."),
        Opt(("--dry-run",), "dry_run", "Show what the move would do and every roll it needs (aerospace units: "
            "the thrust of each step); roll and write nothing.", FLAG, CLI),
        DICE, QUIET,
    ))),
    ("stand", lambda: Command(
        "stand", "Stand the rest of a side (or the named units) still for this movement phase: each unit logged "
            "as its own 'move UNIT --mode stand' entry in its own movement slot, exactly as the single commands "
            "write them. All or nothing: refused, writing nothing, if any of them may not stand or if the other "
            "side must move before the last of them (the error says how many may stand now).", args=(
        Arg("units", "Ids of the units to stand still, in the order they take their slots (default: every unit of "
            "the side still to move).", required=False, many=True),
    ), options=(
        Opt(("--side",), "side", "The side whose units still to move all stand (default: the side to move now); "
            "with UNITs, they must be its units.", where=CLI),
        Opt(("--dry-run",), "dry_run", "Show what each unit's standing would do; write nothing.", FLAG, CLI),
        QUIET,
    ))),
    ("attack", lambda: Command(
        "attack", "Declare and resolve a weapon attack (weapon phase) or declare a physical attack (physical "
            "phase).", args=(
        Arg("attacker", "Id of the attacking unit."),
        Arg("target", "Id of the target unit, or a building/bridge hex CCRR (none with --clear or --girder).",
            required=False),
    ), options=(
        Opt(("--weapon", "-w"), "weapon", "Weapon to fire (name or alias, NAME@LOC to pick a mount, NAME@LOC(R) a rear "
            "one; :ap, :cluster or :ultra for armor-piercing, LB-X cluster or double-rate fire; :2 .. :6 for a Rotary AC's "
            "shots, e.g. 'RAC/5:6'; :artemis or :narc for Artemis IV- or Narc-capable missiles; :er or :he for an ATM's "
            "rounds); repeatable.", REPEAT),
        Opt(("--physical",), "physical", "Physical attack: punch, kick, charge, dfa, club, or hatchet or sword "
            "(a 'Mech's physical weapon, swung from the arm that mounts it: EQ-PHYS-01)."),
        Opt(("--twist",), "twist", "Torso twist ('Mech: left or right) or turret direction (vehicle: left, right or a "
            "facing N..NW)."),
        Opt(("--dry-run",), "dry_run", "Show each weapon's (or the physical attack's) to-hit number, modifiers, odds, "
            "damage and heat (a unit that builds heat), or why it cannot fire and the --twist that would bring it to "
            "bear (no --weapon: every weapon); roll nothing.", FLAG, CLI),
        Opt(("--clear",), "clear", "Vehicle crews: clear this jammed weapon (or 'turret') instead of firing this "
            "phase. Any unit: name a jammed Rotary AC to spend the turn unjamming it (2D6 >= gunnery + 3; not "
            "after running or jumping; no attack this turn)."),
        Opt(("--girder",), "girder", "Search the rubble this unit stands in for a girder club instead of firing "
            "(weapon phase; medium 7+, heavy 6+, hardened 5+ on 2D6).", FLAG),
        Opt(("--strike",), "strike", "Aircraft over the ground board: a strike at TARGET, a ground unit or building "
            "hex (+2; altitude 5 or lower, costs 1 altitude; docs/aerospace.md).", FLAG),
        Opt(("--strafe",), "strafe", "Aircraft over the ground board: strafe these ground hexes, up to 5 in a line "
            "along its flight, e.g. --strafe 0705,0706,0707 (no TARGET; +4; altitude 3 or lower; energy weapons)."),
        Opt(("--bomb",), "bomb", "Aircraft over the ground board: drop N bombs on TARGET (a hex, or a unit's hex; "
            "+2; dive bombing from altitude 3-5, costs 2 altitude; no --weapon)."),
        DICE, QUIET,
    ))),
    ("drop", lambda: Command(
        "drop", "Drop a reserve 'Mech: commit a secret landing hex, then --reveal it to land (end of movement).",
            args=(Arg("unit", "Id of the dropping 'Mech."),), options=(
        Opt(("--hex",), "hex", "Landing hex CCRR. Alone: commit it in secret (only a salted hash enters the game)."),
        Opt(("--facing",), "facing", "Facing on landing: N, NE, SE, S, SW, NW (default: the unit's)."),
        Opt(("--reveal",), "reveal", "Reveal the committed hex (from the secrets file) and make the landing roll.",
            FLAG, CLI),
        Opt(("--salt",), "salt", "Best left out (a random one is drawn). When committing, your own; with --reveal, "
            "instead of the secrets file's."),
        Opt(("--secrets",), "secrets_file", "Secrets file (default: the side's own, e.g. game.blue.secrets.toml).",
            where=CLI, kind="path"),
        Opt(("--abort",), "abort", "Call the drop off (arrival turn): the 'Mech leaves the battle, lost.", FLAG),
        Opt(("--commit",), "commit", "The commitment itself (as logged).", where=LOG_ONLY),
        DICE, QUIET,
    ))),
    ("deploy", lambda: Command(
        "deploy", "Deploy a unit in the deployment phase: assets first, each side half its assets at a time "
            "(seed 004).", args=(Arg("unit", "Id of the unit to deploy."),), options=(
        Opt(("--hex",), "hex", "Hex CCRR to deploy in (in the side's deployment zone; gun emplacements far enough "
            "from the enemy's)."),
        Opt(("--facing",), "facing", "Facing: N, NE, SE, S, SW, NW (default: the unit's)."),
        Opt(("--batch",), "batch", "Assets: the size of the side's first half, given with its first asset (default: "
            "the larger half first)."),
        QUIET,
    ))),
    ("resolve-phase", lambda: Command(
        "resolve-phase", "Close the current phase (refusing if an action is missing) and open the next.",
            options=(
                Opt(("--gravity",), "gravity", "End Phase of a space turn: UNIT=HEX, the hex gravity pulls that "
                    "unit into when it could be either of two (AERO-GRAV-02); repeatable.", REPEAT),
                Opt(("--arrive",), "arrive", "A unit changing maps: UNIT=HEX, the hex it enters its new map by, and "
                    "UNIT=HEX:FACING climbing out to the space map (AMB-56; default: docs/aerospace.md); "
                    "repeatable.", REPEAT),
                Opt(("--stealth",), "stealth", "End Phase: UNIT=on or UNIT=off switches a 'Mech's stealth armor for "
                    "the next turn (its ECM suite working: attackers +1 at medium range, +2 at long; 10 heat a turn; "
                    "its ECM suite makes no bubble; EQ-STEALTH-02); repeatable.", REPEAT),
                DICE, QUIET))),
    ("play", lambda: Command(
        "play", "Run many orders in one process, one a line as the log writes them (move wasp --path F,F), "
            "from standard input or --script: each checked, logged and written exactly as its own btcli command. "
            "Blank lines and # comments are skipped; the first refused order stops, 'Error: line N: ...' with its "
            "exit code, the orders before it written. Orders only: move, stand, attack, drop, deploy, resolve-phase.",
            options=(
                Opt(("--script",), "script", "Read the orders from this file instead of standard input.", where=CLI,
                    kind="path"),
                QUIET,
            ))),
    ("bot", lambda: Command(
        "bot", "Let the computer play: give the orders of a side (default: whoever must act now) as ordinary "
            "orders, each logged as if typed, until the phase, the turn or the game ends or the side must wait for "
            "another. In the weapon and physical phases it declares its side's attacks, then closes the phase: give "
            "your own attacks first.", options=(
        Opt(("--side",), "side", "The side the bot plays (default: whoever must act; every side where all act at "
            "once).", where=CLI),
        Opt(("--until",), "until", "Play until this ends: phase (the default), turn or game.", where=CLI,
            default="phase"),
        Opt(("--seed",), "seed", "The bot's own seed (never the game's dice): the same game and seed give the same "
            "orders (default 0).", where=CLI, kind="int"),
        Opt(("--aggression",), "aggression", "0-10 (default 5): how much the damage it can deal weighs against the "
            "damage it risks, how hot it runs and how long the odds it fires at.", where=CLI, kind="int"),
        Opt(("--caution",), "caution", "0-10 (default 5): how much the damage it risks weighs, and how hurt a unit "
            "is before it withdraws.", where=CLI, kind="int"),
        QUIET,
    ))),
    ("simulate", lambda: Command(
        "simulate", "Play a scenario many times bot against bot and print how balanced it is: each side's win "
            "rate with a 95% interval, each side's strength at the start, draws, game length, and each unit's "
            "survival and damage dealt. The same --seed gives the same result whatever --jobs or --shard.",
        game=False, args=(
        Arg("scenario", "Scenario file (TOML), or the name of a shipped scenario (none with --merge).",
            required=False, kind="path"),
    ), options=(
        Opt(("--games", "-n"), "games", "How many games (default 100).", where=CLI, kind="int"),
        Opt(("--jobs", "-j"), "jobs", "Worker processes playing games at once (default 1).", where=CLI, kind="int"),
        Opt(("--seed",), "seed", "The run's seed: each game's dice and bot seed come from it and the game's number "
            "(default 1).", where=CLI, kind="int"),
        Opt(("--keep",), "keep", "Write every game file into this folder (game-00000.toml, ...; each verifies).",
            where=CLI, kind="folder"),
        Opt(("--shard",), "shard", "Play only the K-th of N slices of the games (K/N, e.g. 2/8), for spreading a "
            "sweep over machines; combine their --json results with --merge.", where=CLI),
        Opt(("--merge",), "merge", "Combine these --json results of shards into one result instead of playing "
            "(repeatable: --merge a.json --merge b.json).", REPEAT, CLI, kind="path"),
        Opt(("--aggression",), "aggression", "Both bots' aggression, 0-10 (default 5).", where=CLI, kind="int"),
        Opt(("--caution",), "caution", "Both bots' caution, 0-10 (default 5).", where=CLI, kind="int"),
        MEGAMEK_DATA,
    ))),
    ("report", lambda: Command(
        "report", "Show the game: turn, phase, initiative, units, and the result once it is over.", options=(
        Opt(("--format", "-f"), "format", "Output format.", where=CLI, kind=("text", "json", "markdown"),
            default="text"),
        Opt(("--field",), "field", "Print one top-level field of the JSON report as plain text, for scripts (e.g. "
            "next_to_move, phase, turn, winner; 'null' when empty).", where=CLI),
        Opt(("--map",), "map", "Also draw the board (terrain, buildings with CF, units) into this SVG file (never "
            "over a game, seed or secrets file; an existing file needs --force).", where=CLI, kind="path"),
        Opt(("--force",), "force", "Let --map replace an existing file.", FLAG, CLI),
        Opt(("--since",), "since", "Print only what happened after this point, in words, grouped by turn and phase "
            "(for a commit message or an email): an entry number, or a git revision of the game file (HEAD~1, a "
            "commit, a tag), read with 'git show REVISION:./GAME'; 0 is the start.", where=CLI,
            kind="revision"),
    ))),
    ("options", lambda: Command(
        "options", "List what a unit may do now, for scripts and bots: the hexes it can reach in each movement "
            "mode with their MP, and the enemies each of its weapons can fire at with the to-hit number.", args=(
        Arg("unit", "Id of the unit."),
    ))),
    ("verify", lambda: Command(
        "verify", "Replay every logged command from the initial state and check every hash (exit 4 on a "
            "mismatch).", options=(
        SEED_FILE,
        QUIET,
    ))),
    ("replay", lambda: Command(
        "replay", "Write one self-contained HTML page that steps through the game's log: each entry's command, "
            "events and rolls, the maps and the units as they stood after it (opens at #step=N).", options=(
        Opt(("--output", "-o"), "output", "The HTML file to write (default: GAME with .html; never over a game, seed "
            "or secrets file; an existing file needs --force).", where=CLI, kind="path"),
        Opt(("--force",), "force", "Replace an existing file.", FLAG, CLI),
        SEED_FILE,
        QUIET,
    ))),
    ("upgrade", lambda: Command(
        "upgrade", "Convert a game file from an older btcli (format 1) by replaying its log; the new file "
            "verifies.", options=(
        Opt(("--output", "-o"), "output", "Write the format-2 game here (default: in place, keeping the original as "
            "GAME.format1.toml).", where=CLI, kind="path"),
        Opt(("--force",), "force", "Replace an existing output or copy.", FLAG, CLI),
        SEED_FILE,
        QUIET,
    ))),
    ("import", lambda: Command(
        "import", "Print a MegaMek unit (.mtf 'Mech, .blk vehicle, VTOL, fighter, small craft or DropShip) as "
            "the [[units]] entry a scenario takes, its design inline, or a MegaMek .board as its [map] table; given a "
            "folder, read every file in it and print how many import exactly, only with --lenient, or not at all, "
            "and why.", game=False, args=(
        Arg("file", "The .mtf, .blk or .board file; mtf:NAME, blk:NAME, board:NAME found as a scenario finds it "
            "(docs/scenario-format.md); or a folder, such as MegaMek's data folder.", kind="path"),
    ), options=(MEGAMEK_DATA, LENIENT, ALLOW_UNARMED))),
    ("scenarios", lambda: Command(
        "scenarios", "List the scenarios shipped with btcli (name and description); 'btcli init NAME' starts "
            "one.", game=False)),
    ("demo", lambda: Command(
        "demo", "Play three turns of the bundled demo scenario into a folder and print the report.", game=False,
            options=(
        Opt(("--output", "-o"), "output", "Folder for the demo game file.", where=CLI, kind="path",
            default="btcli-demo"),
        Opt(("--force",), "force", "Replace the demo game already in the folder.", FLAG, CLI),
    ))),
))

LOGGED_VERBS = ("move", "attack", "drop", "deploy", "resolve-phase")


def defaults(command: Command, logged: bool = False) -> dict[str, object]:
    """Returns every parameter of a command at its default: of its command-line form, or of its logged one."""
    allowed = (LOGGED, LOG_ONLY) if logged else (LOGGED, CLI)
    values: dict[str, object] = {} if logged or not command.game else {"game": None}
    values.update({a.name: None for a in command.args})
    values.update({o.dest: o.value_default for o in command.options if o.where in allowed})
    return values


def _layout(command: Command, logged: bool) -> tuple:
    """A command's flags, defaults, positional names and required count, worked out once (replay
    parses every logged command of a game)."""
    found = _LAYOUTS.get((command.name, logged))
    if found is None:
        allowed = (LOGGED, LOG_ONLY) if logged else (LOGGED, CLI)
        by_flag = {f: o for o in command.options if o.where in allowed for f in o.flags}
        names = (["game"] if command.game and not logged else []) + [a.name for a in command.args]
        required = (1 if command.game and not logged else 0) + sum(a.required for a in command.args)
        found = _LAYOUTS[(command.name, logged)] = (by_flag, defaults(command, logged), names, required)
    return found


_LAYOUTS: dict[tuple[str, bool], tuple] = {}


def parse(name: str, words: list[str], logged: bool = False) -> dict[str, object] | None:
    """Parses a command's words (after its name) into its parameters; None when they are not a plain,
    complete use of the command (help, a typo, a missing value: the caller explains, Typer for the CLI).

    ``logged``: the words of a logged command (no game file; only logged and log-only options).
    """
    command = COMMANDS.get(name)
    if command is None:
        return None
    by_flag, fresh, names, required = _layout(command, logged)
    values = dict(fresh)
    given: set[str] = set()
    positional: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word.startswith("-") and len(word) > 1:
            key, eq, value = word.partition("=")
            opt = by_flag.get(key)
            if opt is None:
                return None
            if opt.takes == FLAG:
                if eq:
                    return None
                if opt.dest in given:  # harmless, but the README promises every option but a repeatable one once
                    raise InputError(f"{key} given twice: give it once")
                values[opt.dest] = True
                given.add(opt.dest)
                continue
            if not eq:
                if i >= len(words) or (words[i].startswith("-") and len(words[i]) > 1):
                    return None
                value = words[i]
                i += 1
            if opt.takes == REPEAT:  # a fresh list once, then appended to: linear in repeats (issue #29)
                if opt.dest not in given:
                    values[opt.dest] = [*(values[opt.dest] or [])]
                values[opt.dest].append(value)
            elif opt.dest in given:  # a second value would silently win: refuse (issue #15)
                raise InputError(_given_twice(key, opt, values[opt.dest], value))
            else:
                if isinstance(opt.kind, tuple) and value not in opt.kind:
                    return None
                values[opt.dest] = value
            given.add(opt.dest)
        else:
            positional.append(word)
    many = bool(command.args) and command.args[-1].many and not logged
    if not required <= len(positional) <= (len(names) if not many else len(positional)):
        return None
    if many:  # the last argument takes the words left: a list, or None when none is given
        count = len(names) - 1
        values.update(zip(names[:count], positional[:count]))
        values[names[-1]] = positional[count:] or None
        return values
    values.update(zip(names, positional))
    return values


def _given_twice(key: str, opt: Opt, first: object, second: str) -> str:
    """The refusal of an option given twice in one call, saying what to write instead (long values shortened)."""
    one, two = quoted(str(first)), quoted(second)
    both = f"{first},{second}" if len(f"{first}{second}") <= 60 else "FIRST,SECOND"
    if opt.dest == "path":
        return f"--path given twice ({one}, then {two}): give every step in one --path, e.g. --path {both}"
    if opt.dest == "dice":
        return f"--dice given twice ({one}, then {two}): give every roll in one --dice, e.g. --dice {both}"
    return f"{key} given twice ({one}, then {two}): give it once"


# -- orders as logged --------------------------------------------------------------------------------


def order_text(order: Order) -> str:
    """Returns the canonical (logged) text of an order: ``order_from_text`` reads it back."""
    from btcli.model import orders  # not at the top: reading a game for a report needs no orders

    if isinstance(order, orders.MoveOrder):
        parts = ["move", order.unit]
        if order.mode:
            parts += ["--mode", order.mode]
        if order.steps and order.mode in orders.AERO_MODES:  # aerospace steps may begin with '-': one word
            parts.append("--path=" + ",".join(order.steps))
        elif order.steps:
            parts += ["--path", ",".join(order.steps)]
        if order.after_slip:
            parts += ["--after-slip", order.after_slip]
        if order.to is not None:
            parts += ["--to", order.to.label]
        if order.facing is not None:
            parts += ["--facing", order.facing.name]
        if order.batch:
            parts += ["--batch", str(order.batch)]
        return " ".join(parts)
    if isinstance(order, orders.DeployOrder):
        parts = ["deploy", order.unit, "--hex", order.hex.label]
        if order.facing is not None:
            parts += ["--facing", order.facing.name]
        if order.batch:
            parts += ["--batch", str(order.batch)]
        return " ".join(parts)
    if isinstance(order, orders.WeaponAttackOrder):
        parts = ["attack", order.attacker, order.target]
        for w in order.weapons:
            parts += ["--weapon", w]
        if order.twist:
            parts += ["--twist", order.twist]
        if order.strike:
            parts.append("--strike")
        if order.strafe:
            parts += ["--strafe", ",".join(h.label for h in order.strafe)]
        if order.bombs:
            parts += ["--bomb", str(order.bombs)]
        return shell_join(p for p in parts if p)
    if isinstance(order, orders.PhysicalAttackOrder):
        return shell_join(["attack", order.attacker, order.target, "--physical", order.kind])
    if isinstance(order, orders.GirderSearchOrder):
        return shell_join(["attack", order.unit, "--girder"])
    if isinstance(order, orders.ClearJamOrder):
        return shell_join(["attack", order.unit, "--clear", order.what])
    if isinstance(order, orders.CommitDropOrder):
        return f"drop {order.unit} --commit {order.commitment}"
    if isinstance(order, orders.RevealDropOrder):
        return f"drop {order.unit} --hex {order.hex.label} --facing {order.facing.name} --salt {order.salt}"
    if isinstance(order, orders.AbortDropOrder):
        return f"drop {order.unit} --abort"
    if isinstance(order, orders.ResolvePhaseOrder):
        return " ".join(["resolve-phase", *(f"--gravity {choice}" for choice in order.gravity),
                         *(f"--arrive {choice}" for choice in order.arrive),
                         *(f"--stealth {choice}" for choice in order.stealth)])
    raise TypeError(f"no text for {order!r}")


def with_dice(command: str, dice: list[int] | None) -> str:
    """Returns the command text with its manual ``--dice`` values, if any."""
    return f"{command} --dice {','.join(map(str, dice))}" if dice else command


def order_from_text(text: str) -> tuple[Order, list[int] | None]:
    """Parses canonical command text (as logged) back into an order and its manual dice."""
    found = _read_orders.get(text)
    if found is None:
        found = _read_order(text)
        if len(_read_orders) >= 4096:  # a replay repeats its commands (resolve-phase, the same moves)
            _read_orders.clear()
        _read_orders[text] = found
    order, dice = found
    return order, (list(dice) if dice is not None else None)


_read_orders: dict[str, tuple] = {}


def _read_order(text: str) -> tuple[Order, tuple[int, ...] | None]:
    from btcli.dice import parse_dice

    try:
        # Logged commands rarely need shell quoting; split plainly when nothing is quoted.
        words = text.split() if not ("'" in text or '"' in text or "\\" in text) else shell_split(text)
    except ValueError as exc:
        raise InputError(f"cannot parse command {text!r}: {exc}") from None
    if not words:
        raise InputError("empty command")
    verb = words[0]
    values = parse(verb, words[1:], logged=True) if verb in LOGGED_VERBS else None
    if values is None:
        raise InputError(f"cannot parse command {text!r}")
    dice = tuple(parse_dice(values["dice"])) if values.get("dice") is not None else None  # deploy rolls nothing
    order = _order(verb, values)
    if order is None:
        raise InputError(f"cannot parse command {text!r}")
    return order, dice


def _order(verb: str, v: dict) -> Order | None:
    from btcli.model import orders  # not at the top: reading a game for a report needs no orders

    if verb == "move":
        to = HexId.parse(v["to"]) if v["to"] is not None else None
        facing = Facing.parse(v["facing"]) if v["facing"] is not None else None
        if v["path"] is None:
            steps = ()
        elif v["mode"] in orders.AERO_MODES:  # aerospace steps, checked by the flight rules (docs/aerospace.md)
            steps = tuple(v["path"].split(","))
        else:
            steps = orders.parse_steps(v["path"])
        return orders.MoveOrder(v["unit"], v["mode"] or "", steps, to, facing, v["after_slip"] or "", batch_number(v["batch"]))
    if verb == "deploy":
        if v["hex"] is None:
            return None
        facing = Facing.parse(v["facing"]) if v["facing"] is not None else None
        return orders.DeployOrder(v["unit"], HexId.parse(v["hex"]), facing, batch_number(v["batch"]))
    if verb == "attack":
        if v["girder"]:
            return orders.GirderSearchOrder(v["attacker"]) if v["target"] is None else None
        if v["clear"] is not None:
            return orders.ClearJamOrder(v["attacker"], v["clear"]) if v["target"] is None else None
        strafe = strafe_hexes(v["strafe"])
        if v["target"] is None and not strafe:
            return None
        if v["physical"] is not None:
            return orders.PhysicalAttackOrder(v["attacker"], v["target"], v["physical"])
        return orders.WeaponAttackOrder(v["attacker"], v["target"] or "", tuple(v["weapon"] or ()), v["twist"] or "",
                                        bool(v["strike"]), strafe, bomb_count(v["bomb"]))
    if verb == "drop":
        if v["abort"]:
            return orders.AbortDropOrder(v["unit"])
        if v["commit"] is not None:
            return orders.CommitDropOrder(v["unit"], v["commit"])
        if v["hex"] is not None and v["facing"] is not None and v["salt"] is not None:
            return orders.RevealDropOrder(v["unit"], HexId.parse(v["hex"]), Facing.parse(v["facing"]), v["salt"])
        return None
    return orders.ResolvePhaseOrder(tuple(v["gravity"] or ()), tuple(v["arrive"] or ()), tuple(v["stealth"] or ()))


def strafe_hexes(text: str | None) -> tuple[HexId, ...]:
    """Reads ``--strafe HEX,HEX,...`` (the hexes of a strafing run, in flight order); () when not given."""
    if text is None:
        return ()
    hexes = tuple(HexId.parse(part) for part in text.split(",") if part.strip())
    if not hexes:
        raise InputError(f"bad --strafe {text!r}: give ground hexes, e.g. --strafe 0705,0706")
    return hexes


def _count(text: str, flag: str, what: str) -> int:
    """Reads a small count, 1-99: at most two digits are ever converted (a 5,000-digit value is refused as
    it stands, issue #29), and a long value is shown shortened."""
    if not (text.isascii() and text.isdigit() and len(text) <= 2) or int(text) == 0:
        raise InputError(f"bad {flag} {quoted(text, 20)}: {what}, 1-99")
    return int(text)


def bomb_count(text: str | None) -> int:
    """Reads ``--bomb N`` (bombs to drop), 0 when not given."""
    return 0 if text is None else _count(text, "--bomb", "a number of bombs")


def batch_number(text: str | None) -> int:
    """Reads ``--batch N`` (assets: the size of a side's first half), 0 when not given."""
    return 0 if text is None else _count(text, "--batch", "a number of assets")
