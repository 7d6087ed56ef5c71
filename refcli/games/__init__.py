"""Rules engines, one package per game: pure functions, no I/O."""
