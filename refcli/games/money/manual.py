"""Money!'s final snapshot as its man page describes it (read by refcli.manpage only)."""

from __future__ import annotations

from refcli.gameinfo import SnapshotFormat


def snapshot_format() -> SnapshotFormat:
    return SnapshotFormat(
        keys=(
            ("game", '`"money"`; optional after `refcli money score`, but must match when present.'),
            ("[[player]]", "One table per player (3 to 5), in seating order."),
            ("name", "The player's name: unique and not empty."),
            ("coins", "Coin cards held, 10 points each (at most 6 in the game)."),
            (
                "notes",
                "An inline table of currency = note values, e.g. `{ euro = [20, 20, 20] }`. Currency names are "
                "free text, case-insensitive; each has the notes 20, 20, 20, 30, 30, 30, 40, 50, 60.",
            ),
        ),
        sample=(
            'game = "money"\n\n'
            '[[player]]\nname = "Ana"\ncoins = 1\nnotes = { euro = [20, 20, 20], yen = [20, 30, 30, 30] }\n\n'
            '[[player]]\nname = "Ben"\nnotes = { euro = [30, 40], dollar = [50, 60] }\n\n'
            '[[player]]\nname = "Cid"\ncoins = 2\nnotes = { yen = [40, 50] }\n'
        ),
    )
