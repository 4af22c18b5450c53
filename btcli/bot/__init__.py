"""A computer opponent (issue #35): a policy that takes a side's view of the game and returns the next
order, and the statistics of games it plays against itself (``btcli simulate``).

- ``view``: what a side may see of the game (no seed, no other side's secrets).
- ``legal_orders``: the orders a side may give now, built as typed orders are and checked by the engine
  itself; the one module to switch to ``btcli options`` (``rules/core/options.py``) once it lists every kind.
- ``evaluate``: expected damage dealt and taken, from the real to-hit rules over 2D6.
- ``policy``: the bot's choice (BOT-* rules in docs/rules-notes.md), with its settings (``Settings``).
- ``baselines``: the uniform random and the greedy players the benchmark measures the bot against.
- ``stats``: win rates with Wilson intervals, game lengths, per-unit survival and damage; merging shards.

Everything here is pure: no printing, no files, no game dice (randomness only from the bot's own seeded
generator). The command-line glue is ``btcli/cli/bot.py``.
"""
