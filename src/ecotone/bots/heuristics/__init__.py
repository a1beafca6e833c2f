"""Each game's heuristic bot, one module per game."""
