"""grammar.shell_quote and shell_join stand in for shlex.quote and shlex.join on every command
(issue #17: a command does not import shlex); they must give exactly what shlex gives."""

from __future__ import annotations

import random
import shlex

from btcli.grammar import shell_join, shell_quote

# Every ASCII character, some non-ASCII letters (\w would match them without re.ASCII) and quotes.
ALPHABET = [chr(c) for c in range(128)] + list("éßΩж漢\u00a0\u2028") + ["'", '"', "\\"] * 4


def test_shell_quote_is_shlex_quote_on_random_text():
    rng = random.Random(17)
    for _ in range(5000):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 12)))
        assert shell_quote(text) == shlex.quote(text), repr(text)


def test_shell_quote_on_each_character_and_game_paths():
    for text in ALPHABET + ["", "game.toml", "my games/game 1.toml", "it's.toml", "a@b%c+d=e:f,g.h/i-j_k"]:
        assert shell_quote(text) == shlex.quote(text), repr(text)


def test_shell_join_is_shlex_join():
    words = ["attack", "hunchback", "wasp", "--weapon", "Medium Laser@RA", "--weapon", "LRM 10:cluster", ""]
    assert shell_join(words) == shlex.join(words)
