"""Where Kuhhandel's first and second editions differ (001's list, with 000 for edition 2)."""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import N_, _
from refcli.results.report import Block, Grid, Heading, Quotes, Report
from refcli.rules.catalogue import rules_for

# topic, edition 1, edition 2, clauses for edition 1, clauses for edition 2
# (JSON keeps the topic in English, a name scripts may key on; the sides are free text, translated)
DIFFERENCES: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        N_("start money"),
        N_("2 × 0 and 5 × 10 (no 50)"),
        N_("2 × 0, 4 × 10 and 1 × 50 (K1: 001's setup says two 10s, its edition note and 000 say four)"),
        ("edition1.setup",),
        ("setup.money", "setup.money.001", "K1"),
    ),
    (
        N_("cow-trade money"),
        N_("the higher offer takes the animals and is paid to the other player, whose own offer goes back (K6)"),
        N_("both players keep the money the other offered; the higher offer takes the animals"),
        ("edition1.cow-trade", "K6"),
        ("cow-trade.keep-money", "cow-trade.higher-wins"),
    ),
    (
        N_("zero cards"),
        N_("0-cards in a cow trade go back to their owner once the offers are seen (K5)"),
        N_("0-cards are handed over like any money card (K5)"),
        ("zero-cards.edition1", "K5"),
        ("cow-trade.bluff", "K5"),
    ),
    (
        N_("scoring"),
        N_("the plain sum of the complete sets; the multiplier is a variant (--multiply)"),
        N_("the sum of the complete sets × their number"),
        ("edition1.scoring", "edition1.multiply-variant"),
        ("score.multiply", "score.multiply.001"),
    ),
    (
        N_("bonus card"),
        N_("500 points for the first player to complete rooster+goose, dog+cat or sheep+goat"),
        N_("no bonus card"),
        ("edition1.bonus", "edition1.identify"),
        (),
    ),
)


def editions_report() -> Report:
    rules = rules_for("kuhhandel")
    differences: list[dict[str, Any]] = []
    all_ids: list[str] = []
    for topic, first, second, first_ids, second_ids in DIFFERENCES:
        # each side quoted: the clauses of edition 1, then of edition 2, each marked with its edition
        quoted = [{**rules.get(i).citation(rules.game), "edition": 1} for i in first_ids]
        quoted += [{**rules.get(i).citation(rules.game), "edition": 2} for i in second_ids]
        differences.append({"topic": topic, "edition1": _(first), "edition2": _(second), "citations": quoted})
        all_ids += [*first_ids, *second_ids]
    citations = rules.cite(all_ids)
    rows = tuple((_(d["topic"]), d["edition1"], d["edition2"]) for d in differences)
    blocks: list[Block] = [
        Heading(_("Kuhhandel: edition 1 against edition 2")),
        Grid(((_("Topic"), "left"), (_("Edition 1"), "left"), (_("Edition 2"), "left")), rows),
        Quotes(tuple(citations)),
    ]
    data = {"game": "kuhhandel", "differences": differences, "citations": citations}
    return Report(data=data, blocks=blocks)
