"""Bamboozled's standings snapshot as its man page describes it (read by refcli.manpage only)."""

from __future__ import annotations

from refcli.gameinfo import SnapshotFormat


def snapshot_format() -> SnapshotFormat:
    return SnapshotFormat(
        keys=(
            ("game", '`"bamboozled"`; optional after `refcli bamboozled score`, but must match when present.'),
            ("strikes_to_lose", "Strikes that put a player out (default `3`; the \"more strikes\" variant raises it)."),
            ("no_limits, kids", "The variants in play (`true`/`false`), echoed in the output."),
            ("[[player]]", "One table per player, in seating order."),
            ("name", "The player's name: unique and not empty."),
            ("strikes", "Strike cards the player holds, 0 to `strikes_to_lose`."),
        ),
        sample='game = "bamboozled"\nstrikes_to_lose = 3\n\n[[player]]\nname = "Ana"\nstrikes = 2\n',
    )
