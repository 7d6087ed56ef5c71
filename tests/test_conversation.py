"""At the table: the five disputes asked as conversations on a real pseudo-terminal, in both languages.

Every question counts (Enter-only ones too): the budget is the number of
prompts answered before the verdict. Answers are typed as people say them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import Invoke
from test_prompts import Terminal

import refcli.cli.prompts

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
# The other eight situations, answered as people say them.
DISPUTES |= {
    "trade options": (
        "kuhhandel",
        8,
        {
            "en": [
                ("[1-4]: ", "trade options"),
                ("Who sits at the table", "Ana, Ben, Cid, Dora"),
                ("Whose turn is it", "Ana"),
                ("left in the deck", "0"),
                ("Ana's animal cards", "2 cats, goose 1, 4 pigs"),
                ("Ben's animal cards", "cats 2, goose 3, horse 4, rooster 4"),
                ("Cid's animal cards", "cow 4, dog 4, sheep 4"),
                ("Dora's animal cards", "goat 4, donkey 4"),
            ],
            "es": [
                ("[1-4]: ", "opciones de intercambio"),
                ("¿Quién se sienta a la mesa", "Ana, Ben, Cid, Dora"),
                ("¿A quién le toca", "Ana"),
                ("quedan en la pila", "0"),
                ("tiene Ana", "2 gatos, ganso 1, 4 cerdos"),
                ("tiene Ben", "gatos 2, ganso 3, caballo 4, gallo 4"),
                ("tiene Cid", "vaca 4, perro 4, oveja 4"),
                ("tiene Dora", "cabra 4, burro 4"),
            ],
        },
        {"en": "The deck is empty, so Ana must make a cow trade", "es": "Ana"},
    ),
    "donkey": (
        "kuhhandel",
        5,
        {
            "en": [
                ("[1-4]: ", "donkey"),
                ("Who sits at the table", "Ana, Ben, Cid"),
                ("Who turned the donkey up", "Ben"),
                ("before this one", "2"),
                ("Anything else? money now — Enter for none: ", "money now Ben=0 0 10 50 50 100"),
            ],
            "es": [
                ("[1-4]: ", "burro"),
                ("¿Quién se sienta a la mesa", "Ana, Ben, Cid"),
                ("¿Quién destapó el burro", "Ben"),
                ("antes de este", "2"),
                ("¿Algo más? ", "el dinero de ahora Ben=0 0 10 50 50 100"),
            ],
        },
        {"en": "Donkey number 3: play stops and Ben, the auctioneer, deals a 200 card", "es": "200"},
    ),
    "bamboozled accept": (
        "bamboozled",
        7,
        {
            "en": [
                ("[1-3]: ", "accept"),
                ("Who plays, in order", "Ana, Ben, Cid"),
                ("Who declared", "Ana"),
                ("What did Ana declare", "44"),
                ("The dice under the cup", "43"),
                ("How many action cards did Ana hold before drawing", "2"),
                ("Anything else? ", "score to beat 41"),
            ],
            "es": [
                ("[1-3]: ", "aceptar"),
                ("¿Quién juega, en orden", "Ana, Ben, Cid"),
                ("¿Quién declaró", "Ana"),
                ("¿Qué declaró Ana", "44"),
                ("bajo el cubilete", "4 3"),
                ("¿Cuántas cartas de acción tenía Ana", "2"),
                ("¿Algo más? ", "puntuación 41"),  # the first word names the score to beat
            ],
        },
        {"en": "Ben was bamboozled: Ana draws an action card and keeps the two", "es": "Ben"},
    ),
    "bamboozled card": (
        "bamboozled",
        8,
        {
            "en": [
                ("[1-3]: ", "card"),
                ("Who plays, in order", "Ana, Ben, Cid, Dora"),
                ("Who plays the card", "Ben"),
                ("Which card", "reverse"),
                ("When is it played", "before roll"),
                ("Whose turn is it", ""),
                ("The score standing now", "52"),
                ("Anything else? ", ""),
            ],
            "es": [
                ("[1-3]: ", "carta"),
                ("¿Quién juega, en orden", "Ana, Ben, Cid, Dora"),
                ("¿Quién juega la carta", "Ben"),
                ("¿Qué carta", "Inversa"),
                ("¿Cuándo se juega", "antes de tirar"),
                ("¿A quién le toca", ""),
                ("¿Qué puntuación está vigente", "52"),
                ("¿Algo más? ", ""),
            ],
        },
        {"en": "Ben may play reverse: Ana, the last to roll, must roll again", "es": "Ana"},
    ),
    "money exchange": (
        "money",
        8,
        {
            "en": [
                ("[1-3]: ", "exchange"),
                ("Who offered this round", "Ana, Ben, Cid"),
                ("Ana's offer", "euro 30 #12"),
                ("Ben's offer", "yen 20 #40, coin #5, pound 30 #22"),
                ("Cid's offer", "bluff"),
                ("Who acts now", "Ben"),
                ("What does Ben do", "swap"),
                ("Whose offer does Ben take", "Ana"),
            ],
            "es": [
                ("[1-3]: ", "intercambio"),
                ("¿Quién ofreció en esta ronda", "Ana, Ben, Cid"),
                ("oferta de Ana", "euro 30 #12"),
                ("oferta de Ben", "yen 20 #40, moneda #5, libra 30 #22"),
                ("oferta de Cid", "farol"),
                ("¿Quién actúa ahora", "Ben"),
                ("¿Qué hace Ben", "intercambiar"),
                ("¿Con quién cambia Ben", "Ana"),
            ],
        },
        {"en": "Ben takes Ana's offer (euro 30 #12) and puts their own in front of Ana", "es": "Ana"},
    ),
    "money refill": (
        "money",
        4,
        {
            "en": [
                ("[1-3]: ", "refill"),
                ("in the right display now", "1"),
                ("in the left display now", "3"),
                ("How many cards are left in the draw pile", "3"),
            ],
            "es": [
                ("[1-3]: ", "reposición"),
                ("en el grupo derecho", "1"),
                ("en el grupo izquierdo", "3"),
                ("¿Cuántas cartas quedan en la pila de robo", "3"),
            ],
        },
        {"en": "Deal 3 to the right display first, then 0 to the left", "es": "3"},
    ),
    "cup of bluff exchange": (
        "cup-of-bluff",
        6,
        {
            "en": [
                ("[1-3]: ", "exchange"),
                ("The chips in front of each player", "Ana 9 10 3, Ben 7, Cid"),
                ("Who rolled doubles", "Ana"),
                ("The dice", "225"),
                ("Which chips does Ana hand back", "9+10"),
                ("Which chip does Ana take from the centre", ""),
            ],
            "es": [
                ("[1-3]: ", "intercambio"),
                ("¿Qué fichas tiene delante cada jugador", "Ana 9 10 3, Ben 7, Cid"),
                ("¿Quién sacó dobles", "Ana"),
                ("¿Qué dados salieron", "2 2 5"),
                ("¿Qué fichas devuelve Ana", "9 10"),
                ("¿Qué ficha toma Ana del centro", ""),
            ],
        },
        {"en": "Ana rolled doubles and hands back 9, 10 (2 points)", "es": "9, 10"},
    ),
    "cup of bluff end": (
        "cup-of-bluff",
        3,
        {
            lang: [
                ("[1-3]: ", situation),
                (chips, "Ana 3 18 4 9, Ben 17 5 6 15 10 11, Cid 7 8 13 14 16 12"),
                (more, ""),
            ]
            for lang, situation, chips, more in (
                ("en", "end", "The chips in front of each player", "Anything else? "),
                ("es", "fin", "¿Qué fichas tiene delante cada jugador", "¿Algo más? "),
            )
        },
        {"en": "The game is over", "es": "Ana"},
    ),
}
# What each of the eight says as a file would: a worked example, or KEY=VALUE items where none matches.
SAME_AS = {
    "trade options": ["kuhhandel", "ruling", "examples/kuhhandel/trade-options-empty-deck.toml"],
    "donkey": ["kuhhandel", "ruling", "examples/kuhhandel/donkey-third.toml"],
    "bamboozled accept": ["bamboozled", "ruling", "examples/bamboozled/accept-hand-limit.toml"],
    "bamboozled card": ["bamboozled", "ruling", "examples/bamboozled/card-reverse.toml"],
    "money exchange": [
        *("money", "ruling", "situation=exchange", "player=Ben", "action=swap", "with=Ana"),
        *("offer.1.player=Ana", "offer.1.cards=euro 30 #12", "offer.2.player=Ben"),
        *("offer.2.cards=yen 20 #40, coin #5, pound 30 #22", "offer.3.player=Cid", "offer.3.cards=bluff"),
    ],
    "money refill": ["money", "ruling", "examples/money/refill-final.toml"],
    "cup of bluff exchange": ["cup-of-bluff", "ruling", "examples/cup-of-bluff/exchange-doubles.toml"],
    "cup of bluff end": ["cup-of-bluff", "ruling", "examples/cup-of-bluff/end-tie.toml"],
}
# For each of the eight, an answer that cannot be right, typed at a question: (the question, the answer, why), per
# language; it is asked again at once, and the right answer then settles it as before.
AGAIN = {
    "trade options": {
        "en": ("Ben's animal cards", "cats 3", "There are only four cat cards, and 5 are named so far."),
        "es": ("tiene Ben", "gatos 3", "Solo hay cuatro cartas de gato, y ya se han nombrado 5."),
    },
    "donkey": {
        "en": ("before this one", "4", "The game has four donkeys: at most 3 turned up before this one, not 4."),
        "es": ("antes de este", "4", "El juego tiene cuatro burros: antes de este salieron 3 como mucho, no 4."),
    },
    "bamboozled accept": {
        "en": ("Who declared", "Zed", "Zed is not at the table: the players are Ana, Ben, Cid."),
        "es": ("¿Quién declaró", "Zed", "Zed no está en la mesa: los jugadores son Ana, Ben, Cid."),
    },
    "bamboozled card": {
        "en": ("Which card", "re", '"re" begins more than one word (reverse, revive): type more of it'),
        "es": ("¿Qué carta", "re", '"re" es el comienzo de más de una palabra (reverse, revive): escriba más letras'),
    },
    "money exchange": {
        "en": ("Whose offer does Ben take", "Ben", "Ben cannot swap with themselves: name another player."),
        "es": ("¿Con quién cambia Ben", "Ben", "Ben no puede cambiar su oferta consigo mismo: nombre a otro jugador."),
    },
    "money refill": {
        "en": ("left in the draw pile", "66", "The game has 69 notes and coins, not 70."),
        "es": ("¿Cuántas cartas quedan en la pila de robo", "66", "El juego tiene 69 billetes y monedas, no 70."),
    },
    "cup of bluff exchange": {
        "en": ("Which chips does Ana hand back", "9 11", "Ana has no chip 11 in front of them."),
        "es": ("¿Qué fichas devuelve Ana", "9 11", "Ana no tiene la ficha 11 delante."),
    },
    "cup of bluff end": {
        "en": (
            "The chips in front of each player",
            "Ana 3 19, Ben 4",
            "The chips are numbered 3 to 18; there is no chip 19.",
        ),
        "es": (
            "¿Qué fichas tiene delante cada jugador",
            "Ana 3 19, Ben 4",
            "Las fichas van del 3 al 18; no hay ficha 19.",
        ),
    },
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
    last = steps[lang][-1][0]
    after_last = seen.rsplit(last, 1)[1]
    if not last.endswith((": ", "? ")):  # the last question shown only in part: from its end on
        after_last = after_last.split("? ", 1)[1]
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
        ("Money! is played by 3 players or more; only 2 were named.", "Ana, Ben, Cid, Dora"),
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


# -- the other eight situations, in-process (typer's runner; refcli is told stdin is a terminal) ------------------
@pytest.fixture
def asking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refcli.cli.prompts, "stdin_is_terminal", lambda: True)


def ruled(invoke: Invoke, args: list[str], answers: list[str] | None = None) -> dict[str, Any]:
    """The JSON ruling of a file or items, or of the answers typed (the questions go to the other stream)."""
    typed = None if answers is None else "\n".join(answers) + "\n"
    result = invoke([*args, "--format", "json"], input=typed)
    assert result.exit_code in (0, 1), result.output
    document: dict[str, Any] = json.loads(result.stdout)
    document.pop("file")
    return document


@pytest.mark.usefixtures("asking")
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("situation", SAME_AS)
def test_a_situation_answered_rules_as_its_file_does(invoke: Invoke, situation: str, lang: str) -> None:
    game, _budget, steps, _verdicts = DISPUTES[situation]
    answers = [answer for _question, answer in steps[lang]]
    same_as = [*SAME_AS[situation], "--lang", lang]
    assert ruled(invoke, ["--lang", lang, game, "ruling"], [*answers, ""]) == ruled(invoke, same_as)


@pytest.mark.usefixtures("asking")
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("situation", AGAIN)
def test_an_answer_that_cannot_be_right_is_asked_again_at_once_with_why(
    invoke: Invoke, situation: str, lang: str
) -> None:
    game, _budget, steps, _verdicts = DISPUTES[situation]
    question, wrong, why = AGAIN[situation][lang]
    at = next(index for index, (shown, _answer) in enumerate(steps[lang]) if question in shown)
    answers = [answer for _question, answer in steps[lang]]
    result = invoke(
        ["--lang", lang, game, "ruling", "--format", "json"],
        input="\n".join([*answers[:at], wrong, *answers[at:], ""]) + "\n",
    )
    assert result.exit_code in (0, 1), result.output
    before, after = result.stderr.split("  " + why + "\n", 1)
    # the reason right after the question it answers, and that question asked again at once
    shown = before.rstrip().removesuffix("?").rsplit("\n", 1)[-1].rsplit("? ", 1)[-1]
    assert question in shown, result.stderr
    assert after.startswith(shown + "? "), result.stderr
    document = json.loads(result.stdout)
    document.pop("file")
    assert document == ruled(invoke, [*SAME_AS[situation], "--lang", lang])


# -- every situation is a conversation --------------------------------------------------------------------------
KEY_PATH = re.compile(r"[A-Za-z]\.[A-Za-z]|_")  # challenger.offer, donkeys_before (e.g. / p. ej. taken out first)


def question_texts() -> list[tuple[str, str, str]]:
    """(game, situation, text) for every question and detail word of every built-in game's scripts."""
    from refcli.cli.conversation import script_for
    from refcli.cli.prompts import situation_kinds
    from refcli.model import registry

    found = []
    for game in registry.built_in():
        for kind in situation_kinds(game):
            script = script_for(game, kind)
            for ask in script.asks if script is not None else ():
                found += [(game.id, kind, text) for text in (ask.text, ask.extra) if text]
    return found


def test_every_situation_of_every_built_in_game_is_a_conversation() -> None:
    from refcli.cli.conversation import script_for
    from refcli.cli.prompts import situation_kinds
    from refcli.model import registry

    unscripted = [
        f"{game.id} {kind}"
        for game in registry.built_in()
        for kind in situation_kinds(game)
        if script_for(game, kind) is None
    ]
    assert not unscripted, f"asked by the key walk: {unscripted}"
    assert len({(game, kind) for game, kind, _text in question_texts()}) == 13


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_question_shows_a_key_path(lang: str) -> None:
    from refcli.language.i18n import _, using

    with using(lang):
        shown = [(game, kind, _(text)) for game, kind, text in question_texts()]
    wrong = [
        (game, kind, text)
        for game, kind, text in shown
        if KEY_PATH.search(text.replace("e.g.", "").replace("p. ej.", ""))
    ]
    assert not wrong
    assert KEY_PATH.search("Ana's offer (challenger.offer)?") and KEY_PATH.search("donkeys_before?")


def test_an_answer_asked_again_is_checked_against_the_others_not_its_own_earlier_value() -> None:
    """Asked again (the whole situation refused it), Ben's cats are not counted twice: 2 + 2 of four is fine."""
    from refcli.cli.conversation import Conversation
    from refcli.cli.prompts import Terminal as Asking
    from refcli.games.kuhhandel.questions import TRADE_OPTIONS
    from refcli.model import registry

    game = registry.get("kuhhandel")
    assert game is not None
    desc = game.formats()["trade-options"]
    conversation = Conversation(Asking(), desc, {"game": "kuhhandel", "situation": "trade-options"}, TRADE_OPTIONS)
    holdings = next(ask for ask in TRADE_OPTIONS.asks if ask.each)
    conversation.given["_players"] = ["Ana", "Ben", "Cid"]
    for index, player in enumerate(["Ana", "Ben"], 1):
        assert conversation.take(holdings, f"holdings.{player}", "cat 2", {"player": player, "index": index}) is None
    assert conversation.take(holdings, "holdings.Ben", "2 cats", {"player": "Ben", "index": 2}) is None
    assert conversation.take(holdings, "holdings.Cid", "cat 1", {"player": "Cid", "index": 3}) == (
        "There are only four cat cards, and 5 are named so far."
    )
