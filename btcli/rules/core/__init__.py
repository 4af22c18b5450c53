"""The turn and what every unit shares (Total Warfare as the seeds use it): the phases and their order,
moves and attacks as a whole, to-hit numbers, firing arcs, line of sight, damage, falls and
displacement, and the end of the game. The other areas plug into these."""
