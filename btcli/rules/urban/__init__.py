"""Urban combat (seed 003): buildings and bridges as structures, entering and falling inside them,
and attacks on their hexes."""
