"""Cup of Bluff's final snapshot as its man page describes it (read by refcli.manpage only)."""

from __future__ import annotations

from refcli.gameinfo import SnapshotFormat


def snapshot_format() -> SnapshotFormat:
    return SnapshotFormat(
        keys=(
            ("game", '`"cup-of-bluff"`; optional after `refcli cup-of-bluff score`, but must match when present.'),
            ("target", "The points-target variant: the game ends when a player reaches it (`0`, the default: when the centre is empty)."),
            ("[[player]]", "One table per player, in seating order."),
            ("name", "The player's name: unique and not empty."),
            ("chips", "The chips in front of the player, 3 to 18, each at most once in the game."),
        ),
        sample='game = "cup-of-bluff"\n\n[[player]]\nname = "Ana"\nchips = [3, 9, 14]\n',
    )
