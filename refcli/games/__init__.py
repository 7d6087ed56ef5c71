"""Rules engines, one package per game: pure functions, no I/O.

``BUILT_IN`` is the one list of refcli's own games: everything about a game
lives in its package, and the code outside this folder reads it through
``refcli.model.registry`` and names no game itself.
"""

# id → the package whose GAME declares it, in the order refcli lists them.
BUILT_IN: dict[str, str] = {
    "kuhhandel": "refcli.games.kuhhandel",
    "bamboozled": "refcli.games.bamboozled",
    "money": "refcli.games.money",
    "cup-of-bluff": "refcli.games.cupofbluff",
}
