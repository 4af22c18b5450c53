"""Aerospace units (seed 001): the space and low-altitude maps, thrust and velocity, control,
aerospace attacks and damage, atmosphere, landing and crashes, and the air-to-ground and
ground-to-air attacks that join them to the ground board."""
