"""Battlefield Support assets (seed 004): cards as units, their deployment, movement, attacks,
damage and End Phase, and the artillery some cards carry."""
