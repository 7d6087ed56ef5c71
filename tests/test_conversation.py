"""At the table: the five disputes asked as conversations on a real pseudo-terminal, in both languages.

Every question counts (Enter-only ones too): the budget is the number of
prompts answered before the verdict. Answers are typed as people say them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_prompts import Terminal

# (game, [(what the question shows, the answer typed)], the verdict's words), per language
DISPUTES = {
    "cow trade": (
        "kuhhandel",
        8,
        {
            "en": [
                ("[1-4]: ", "cow trade"),
                ("Who challenges (e.g. Ana)? ", "Ana"),
                ("Whom does Ana challenge", "Ben"),
                ("Which animal", "cats"),
                ("does each hold", "2"),
                ("Ana's offer (money cards, e.g. 50 10 0)? ", "50+10+0"),
                ("Ben's answer: their money cards", "10 10 10"),
                ("Anything else? ", ""),
            ],
            "es": [
                ("[1-4]: ", "comercio de vacas"),
                ("¿Quién propone el comercio de vacas", "Ana"),
                ("¿A quién desafía Ana", "Ben"),
                ("¿Qué animal", "gatos"),
                ("tiene cada uno", "2"),
                ("¿Qué oferta hace Ana", "50+10+0"),
                ("La respuesta de Ben", "10 10 10"),
                ("¿Algo más? ", ""),
            ],
        },
        {"en": "Ana's 60 beats Ben's 30", "es": "60"},
    ),
    "auction": (
        "kuhhandel",
        8,
        {
            "en": [
                ("[1-4]: ", "auction"),
                ("Who is the auctioneer", "Ana"),
                ("Which animal", "cow"),
                ("The bids, in the order made", "Ben 30, Cid 40"),
                ("Does Ana buy it back", "y"),
                ("Ana's money cards, to check the 40 can be paid", "10+10"),
                ("Anything else? ", ""),
            ],
            "es": [
                ("[1-4]: ", "subasta"),
                ("¿Quién es el subastador", "Ana"),
                ("¿Qué animal", "vaca"),
                ("¿Qué pujas hubo", "Ben 30, Cid 40"),
                ("¿Lo compra Ana", "sí"),
                ("¿Qué cartas de dinero tiene Ana", "10+10"),
                ("¿Algo más? ", ""),
            ],
        },
        {"en": "Ana cannot pay the top bid of 40", "es": "Cid"},
    ),
    "bamboozled challenge": (
        "bamboozled",
        6,
        {
            "en": [
                ("[1-3]: ", "challenge"),
                ("Who plays, in order", "Ana, Ben, Cid"),
                ("Who declared", "Ana"),
                ("What did Ana declare", "43"),
                ("The dice under the cup", "34"),
                ("Anything else? ", ""),
            ],
            "es": [
                ("[1-3]: ", "challenge"),
                ("¿Quién juega, en orden", "Ana, Ben, Cid"),
                ("¿Quién declaró", "Ana"),
                ("¿Qué declaró Ana", "43"),
                ("bajo el cubilete", "3 4"),
                ("¿Algo más? ", ""),
            ],
        },
        {"en": "the truth, so Ben takes a strike", "es": "Ben"},
    ),
    "money bids": (
        "money",
        8,
        {
            lang: [
                ("[1-3]: ", "bids"),
                (first, "Ana, Ben, Cid, Dora"),
                ("Ana", "euro 30 #12, bluff"),
                ("Ben", "yen 20 #40, coin #5"),
                ("Cid", "bluff"),
                ("Dora", "dollar 60 #33, dollar 50 #34"),
                (more, ""),
            ]
            for lang, first, more in (("en", "Who offers", "Anything else? "), ("es", "¿Quién ofrece", "¿Algo más? "))
        },
        {"en": "Cid offered only the bluff card and sits this round out", "es": "Cid"},
    ),
    "cup of bluff call": (
        "cup-of-bluff",
        7,
        {
            "en": [
                ("[1-3]: ", "call"),
                ("Who calls", "Ana"),
                ("To whom does Ana call", "Ben"),
                ("Which number did Ana call", "13"),
                ("The dice", "2+5+6"),
                ("Ben's answer: truth or bluff? ", "truth"),
                ("Anything else? ", ""),
            ],
            "es": [
                ("[1-3]: ", "call"),
                ("¿Quién canta", "Ana"),
                ("¿A quién canta Ana", "Ben"),
                ("¿Qué número dicho cantó Ana", "13"),
                ("¿Qué dados salieron", "2+5+6"),
                ("La respuesta de Ben", "verdad"),
                ("¿Algo más? ", ""),
            ],
        },
        {"en": "Ben was not fooled and scores chip 13", "es": "13"},
    ),
}
SAVE = {"en": "Save this situation as TOML?", "es": "¿Guardar esta situación como TOML?"}
ONE_LINE = {"en": "The same on one line: refcli ", "es": "Lo mismo en una línea: refcli "}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("dispute", DISPUTES)
def test_a_dispute_is_settled_within_its_budget_of_questions(dispute: str, lang: str) -> None:
    game, budget, steps, verdicts = DISPUTES[dispute]
    terminal = Terminal("--lang", lang, game, "ruling", "--no-pager")
    for prompt, answer in steps[lang]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    # Each question reads one line and only these answers are typed, each once its question shows: had refcli
    # asked one more, it would still be waiting, and the save offer below would never come.
    assert len(steps[lang]) <= budget
    seen = terminal.read_until(SAVE[lang])
    after_last = seen.rsplit(steps[lang][-1][0], 1)[1]
    # no other question between the last answer and the verdict; the verdict before the one-line form
    assert after_last.split(ONE_LINE[lang])[0].count("? ") == 0, after_last
    after_last = " ".join(after_last.split())  # the terminal's line ends aside
    assert after_last.index(verdicts[lang]) < after_last.index(ONE_LINE[lang]) < after_last.index(SAVE[lang])
    terminal.type("\r")
    assert terminal.finish() in (0, 1)
    assert "Traceback" not in terminal.seen
    for key_path in ("challenger.offer", "bids.1", "offer.1.cards", "to_beat", "caller ("):
        assert key_path + " (" not in terminal.seen  # never a key path as a question


def test_an_answer_that_cannot_be_right_is_asked_again_at_once() -> None:
    terminal = Terminal("bamboozled", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-3]: ", "challenge"),
        ("Who plays, in order", "Ana, Ben, Cid"),
        ("Who declared", "Ana"),
        ("What did Ana declare", "43"),
        ("The dice under the cup", "3 7"),
        ("A die shows 1 to 6, not 7.", "3 4"),
        ("Anything else? ", ""),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0


def test_a_bid_not_higher_is_asked_again_with_why() -> None:
    terminal = Terminal("kuhhandel", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-4]: ", "auction"),
        ("Who is the auctioneer", "Ana"),
        ("Which animal", "cow"),
        ("The bids", "?"),
        ("For example: Ben 30, Cid 40", "Ben 30, Cid 20"),
        ("Cid's 20 does not rise above 30", "Ben 30, Cid 40"),
        ("Does Ana buy it back (y, or Enter for no)? ", ""),
        ("Cid's money cards", "?"),
        ("Cid's money cards", ""),
        ("Anything else? ", "donkeys 1"),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "donkeys_before=1" in terminal.seen


def test_ctrl_d_leaves_with_130() -> None:
    terminal = Terminal("kuhhandel", "ruling", "--no-pager")
    terminal.read_until("[1-4]: ")
    terminal.type("cow trade\r")
    terminal.read_until("Who challenges")
    terminal.type("\x04")
    assert terminal.finish() == 130


def test_a_money_card_that_does_not_exist_is_asked_again_and_question_mark_explains() -> None:
    terminal = Terminal("money", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-3]: ", "bids"),
        ("Who offers", "Ana, Ben"),
        ("Money! is played by 3 to 5 players; 2 were named.", "Ana, Ben, Cid, Dora"),
        ("Ana's offer", "euro 35 #12, bluff"),
        ("These cards cannot all exist: there is no 35 note", "euro 30 #12, bluff"),
        ("Ben's offer", "?"),
        ("The example in the question is an answer of the right kind; Ctrl-C leaves.", "yen 20 #40, coin #5"),
        ("Cid's offer", "bluff"),
        ("Dora's offer", "dollar 60 #33, dollar 50 #34"),
        ("Anything else? the final round — Enter for none: ", "final round"),
        ("Is it the final round", "y"),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "final_round=true" in terminal.seen


def test_a_name_not_at_the_table_is_asked_again() -> None:
    terminal = Terminal("--lang", "es", "bamboozled", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-3]: ", "challenge"),
        ("¿Quién juega, en orden", "Ana, Ben, Cid"),
        ("¿Quién declaró", "Zed"),
        ('"Zed" no vale aquí', "Ana"),
        ("¿Qué declaró Ana", "43"),
        ("bajo el cubilete", "3 9"),
        ("Un dado muestra del 1 al 6, no 9.", "34"),
        ("¿Algo más? ", "strikes so far"),
        ("¿Cuántos strikes lleva cada uno", "Ana=0, Ben=2, Cid=1"),
        ("¿Guardar esta situación como TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "strikes.Ben=2" in terminal.seen


def test_a_money_card_of_35_is_asked_again_in_a_cow_trade() -> None:
    terminal = Terminal("kuhhandel", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-4]: ", "2"),
        ("Who challenges", "Ana"),
        ("Whom does Ana challenge", "Ana"),
        ("Ana cannot challenge themselves: name the other player.", "Ben"),
        ("Which animal", "cat"),
        ("does each hold", "2 1"),
        ("Ana's offer", "35"),
        ("There is no money card of 35: the cards are 0, 10, 50, 100, 200 and 500.", "10 10"),
        ("Ben's answer", "10 10"),
        ("Equal offers: Ana's new offer", "50"),
        ("Ben's new answer", ""),
        ("Anything else? ", ""),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "challenger.holds=2" in terminal.seen and "defender.holds=1" in terminal.seen


def test_a_paged_verdict_comes_first_then_the_one_line_form_and_the_save_offer(tmp_path: Path) -> None:
    paged = tmp_path / "paged.txt"
    pager = f"sh -c 'cat > {paged}; echo PAGER-CLOSED'"  # what it shows on leaving marks when it closed
    terminal = Terminal("kuhhandel", "ruling", env={"REFCLI_PAGER": pager})
    for prompt, answer in DISPUTES["cow trade"][2]["en"]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    seen = terminal.read_until("Save this situation as TOML?")
    terminal.type("\r")
    assert terminal.finish() == 0
    assert "Decision: Ana's 60 beats Ben's 30" in paged.read_text(encoding="utf-8")
    after = seen.rsplit("Anything else? ", 1)[1]
    assert after.index("PAGER-CLOSED") < after.index("The same on one line: ") < after.index("Save this situation")


def test_what_only_the_whole_situation_shows_asks_that_answer_again_without_a_key_path() -> None:
    terminal = Terminal("cup-of-bluff", "ruling", "--no-pager")
    for prompt, answer in [
        ("[1-3]: ", "call"),
        ("Who calls", "Ana"),
        ("To whom does Ana call", "Ben"),
        ("Which number did Ana call", "13"),
        ("The dice", "256"),
        ("Ben's answer", "truth"),
        ("Anything else? ", "chips Ana=3, Cid="),
        ('expected the target: one of the players (Ana, Cid), found "Ben"', "Cid"),
        ("Save this situation as TOML?", ""),
    ]:
        terminal.read_until(prompt)
        terminal.type(answer + "\r")
    assert terminal.finish() == 0
    assert "target: expected" not in terminal.seen
    assert "Cid was not fooled and scores chip 13" in " ".join(terminal.seen.split())
