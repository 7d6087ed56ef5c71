"""Kuhhandel's final snapshot as its man page describes it (read by refcli.manpage only)."""

from __future__ import annotations

from refcli.gameinfo import SnapshotFormat


def snapshot_format() -> SnapshotFormat:
    # Animal names come from the engine so the page cannot list a name the
    # loader refuses (or miss one it accepts).
    from refcli.games.kuhhandel.components import ANIMALS, CARDS_PER_ANIMAL

    english = " ".join(f"`{a.id}`" for a in ANIMALS)
    other = ", ".join(f"{a.spanish}/{a.german}" for a in ANIMALS)
    return SnapshotFormat(
        keys=(
            ("game", '`"kuhhandel"`; optional after `refcli kuhhandel score`, but must match when present.'),
            (
                "edition",
                "`1` or `2` (default `2`): edition 2 multiplies the sum of the sets by their number, "
                "edition 1 adds them plus the 500 bonus card.",
            ),
            ("[[player]]", "One table per player, in seating order (clockwise)."),
            ("name", "The player's name: unique and not empty."),
            (
                "animals",
                f"Cards held per animal, 0 to {CARDS_PER_ANIMAL}, as an inline table: {english}. "
                f"The Spanish and German names are accepted too, in any case ({other}).",
            ),
            ("bonus", "Edition 1 only: `true` when the player holds the 500 bonus card (default `false`)."),
        ),
        sample=(
            'game = "kuhhandel"\n'
            "edition = 2\n"
            "\n"
            "[[player]]\n"
            'name = "Ana"\n'
            "animals = { pig = 4, dog = 4, rooster = 4 }\n"
            "bonus = false\n"
        ),
    )
