"""BattleMech drops (seed 002): dropping reserves, their commitment, landing and scatter, the landing
turn, and the minefield a drop may meet."""
