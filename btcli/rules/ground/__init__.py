"""Units on the ground (Total Warfare and seed 000): movement over terrain, 'Mech structure, heat and
piloting, physical attacks, vehicles and their criticals, VTOL flight, skids, sideslips and
collisions, infantry."""
