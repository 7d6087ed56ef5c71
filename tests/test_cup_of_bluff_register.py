"""Cup of Bluff register C5, built from the rule text it reads: "no en uno que haya anotado previamente".

004 "Llamar a un número": the number called must be on a chip you want "(y
no en uno que haya anotado previamente)"; "Excepción": the caller gives "any
of the chips you scored before". C5 reads "scored before" as "in front of
the player now", and says so wherever it decides a call or a gift.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import Invoke, record_errors

from refcli.games.cupofbluff.record import validate_document
from refcli.rules.catalogue import rules_for

Write = Callable[..., str]
RULES = rules_for("cup-of-bluff")


def call(caller: str, target: str, called: int, dice: list[int], answer: str, **more: Any) -> dict[str, Any]:
    return {
        "type": "call",
        "caller": caller,
        "target": target,
        "called": called,
        "dice": dice,
        "answer": answer,
        **more,
    }


# Ana scores 15 (Ben wrongly says bluff); Ben goes after it and fools Ana, taking it; Cid scores 3.
WON_THEN_LOST = [
    call("Ana", "Ben", 15, [4, 5, 6], "bluff", chip_to="Ana"),
    call("Ben", "Ana", 15, [1, 1, 1], "truth", chip_to="Ben"),
    call("Cid", "Ana", 3, [1, 1, 1], "bluff", chip_to="Cid"),
]


def record(*events: dict[str, Any]) -> dict[str, Any]:
    return {"game": "cup-of-bluff", "players": ["Ana", "Ben", "Cid"], "event": [*WON_THEN_LOST, *events]}


def test_the_rule_text_and_the_register_entry_that_reads_it() -> None:
    assert "y no en uno que haya anotado previamente" in RULES.get("call.own-chip").text
    assert "cualquiera de las fichas que hayas anotado previamente" in RULES.get("score.exception").text
    c5 = RULES.get("C5")
    assert c5.interpretation and {"call.own-chip", "score.exception"} <= set(c5.rests_on)
    assert "one in front of the caller now" in c5.text and "may be called again" in c5.text
    assert "rejects reading 'haya anotado previamente' as every chip the caller ever scored" in c5.summary


def test_a_chip_scored_and_still_held_cannot_be_called(invoke: Invoke, write: Write) -> None:
    path = write(
        'game = "cup-of-bluff"\nsituation = "call"\ncaller = "Ana"\ntarget = "Ben"\ncalled = 15\n'
        'dice = [4, 5, 6]\nanswer = "truth"\n[chips]\nAna = [15]\nBen = []\n'
    )
    result = invoke(["cup-of-bluff", "ruling", path, "-f", "json"])
    doc = json.loads(result.stdout)
    assert result.exit_code == 1 and doc["broken_rule"] == "C5" and doc["interpretations"] == ["C5"]
    errors = record_errors(validate_document, record(call("Ana", "Cid", 3, [1, 1, 1], "truth", chip_to="Cid")))
    assert errors == []  # the 3 is Cid's: Ana never held it
    errors = record_errors(
        validate_document,
        record(
            call("Ana", "Ben", 16, [4, 5, 6], "truth", chip_to="Ana"),  # Ana scores 16 ...
            call("Ben", "Cid", 5, [1, 1, 3], "truth", chip_to="Cid"),
            call("Cid", "Ana", 6, [1, 2, 3], "truth", chip_to="Ana"),
            call("Ana", "Ben", 16, [4, 5, 6], "bluff"),  # ... and, still holding it, calls it
        ),
    )
    assert [(e.event, e.rule) for e in errors] == [(7, "C5")] and "holds it" in errors[0].message


def test_a_chip_scored_and_since_lost_may_be_called_again(invoke: Invoke, write: Write) -> None:
    # Ana scored 15 and lost it to Ben: calling it again, at Ben, is legal in the replay ...
    assert record_errors(validate_document, record(call("Ana", "Ben", 15, [4, 5, 6], "bluff", chip_to="Ana"))) == []
    # ... and in the ruling on that moment, which says it read C5 so.
    path = write(
        'game = "cup-of-bluff"\nsituation = "call"\ncaller = "Ana"\ntarget = "Ben"\ncalled = 15\n'
        'dice = [4, 5, 6]\nanswer = "bluff"\n[chips]\nAna = []\nBen = [15]\nCid = [3]\n'
    )
    doc = json.loads(invoke(["cup-of-bluff", "ruling", path, "-f", "json"]).stdout)
    assert doc["legal"] and doc["outcome"]["chip_to"] == "Ana" and doc["outcome"]["chip_from"] == "Ben"
    assert "C5" in doc["interpretations"] and any(
        fact.startswith("C5: 'scored before' means held now") for fact in doc["facts"]
    )


def test_the_chip_given_under_the_exception_is_one_held_now(invoke: Invoke, write: Write) -> None:
    # Ana goes after Ben's 15 and fails: she owes Ben a chip, and the 15 she once scored is not hers to give.
    failed = call("Ana", "Ben", 15, [1, 2, 3], "bluff", chip_to="Ben")
    assert record_errors(validate_document, record({**failed, "gives": 15}))[0].rule == "C3"
    # With no chip in front of her now (she scored one before, but lost it), she gives nothing.
    assert record_errors(validate_document, record(failed)) == []
    path = write(
        'game = "cup-of-bluff"\nsituation = "call"\ncaller = "Ana"\ntarget = "Ben"\ncalled = 15\n'
        'dice = [1, 2, 3]\nanswer = "bluff"\n[chips]\nAna = []\nBen = [15]\nCid = [3]\n'
    )
    doc = json.loads(invoke(["cup-of-bluff", "ruling", path, "-f", "json"]).stdout)
    assert doc["outcome"]["must_give"] is False and {"C3", "C5"} <= set(doc["interpretations"])


def test_the_rules_command_lists_the_reading(invoke: Invoke) -> None:
    listed = invoke(["cup-of-bluff", "rules", "C5"])
    assert listed.exit_code == 0 and "anotado previamente" in listed.stdout and "interpretation" in listed.stdout
    assert "C5" in invoke(["cup-of-bluff", "rules"]).stdout
