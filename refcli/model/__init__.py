"""What everything else is built on: the declaration of a game, the registry of games, errors and exit codes, options.

Nothing here imports from the layers above (reading, games, results, output, cli).
"""
