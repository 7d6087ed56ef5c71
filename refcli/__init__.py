"""refcli: a command-line referee for bluffing games.

Final scores, rulings on contested situations and validation of recorded
games, each quoting the rulebook clause it applied. The games are listed in
``refcli.registry``; each declares itself in its package under
``refcli.games``.
"""

__version__ = "0.1.0"
