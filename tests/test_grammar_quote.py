"""grammar.shell_quote and shell_join stand in for shlex.quote and shlex.join on every command
(issue #17: a command does not import shlex), and shell_split for shlex.split, in linear time (issue #29);
they must give exactly what shlex gives."""

from __future__ import annotations

import random
import shlex

from btcli.grammar import shell_join, shell_quote, shell_split

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


def _split_or_error(split, text: str):
    try:
        return split(text)
    except ValueError as exc:
        return f"ValueError: {exc}"


def test_shell_split_is_shlex_split_on_random_text():
    """Quotes, backslashes and POSIX shlex's four whitespace characters (not \\v, \\f or U+00A0) in every order,
    unclosed quotes and a trailing backslash included: the same words, or the same error."""
    rng = random.Random(29)
    alphabet = ["a", "b", "é", "漢", " ", "\t", "\r", "\n", "\v", "\f", "\u00a0", "'", '"', "\\", "#", "$", "`", "\0"]
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 14)))
        assert _split_or_error(shell_split, text) == _split_or_error(shlex.split, text), repr(text)


def test_shell_split_on_orders_as_logged():
    for words in (["move", "wasp", "--path", "F,F"], ["attack", "my unit", "it's", "--weapon", 'say "hi"', ""],
                  ["move", "a\\b", "\\", "'", '"', "\n"]):
        assert shell_split(shell_join(words)) == words == shlex.split(shell_join(words))
