"""refcli: a command-line referee for four bluffing games.

Kuhhandel (You're Bluffing!), Bamboozled, Money! and Cup of Bluff: final
scores, rulings on contested situations and validation of recorded games,
each quoting the rulebook clause it applied.
"""

__version__ = "0.1.0"
