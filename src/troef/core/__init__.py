"""The engine's shared parts, which every game builds on: cards and card sets, actions and their notation,
errors, options and presets, the game protocol (`Game`, `State`), chance, views, the one trick engine and
the match."""
