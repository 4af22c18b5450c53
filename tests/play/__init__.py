"""A random legal-game player that drives btcli only through its command line.

``player.play_random_game`` plays one whole game with random orders, checking the
CLI's promises on every call (exit codes, one 'Error:' line, an untouched file
on refusal, a replay that verifies); ``python -m tests.play`` plays many;
``python -m tests.play.compare`` proves two btcli versions played the same games.
"""
