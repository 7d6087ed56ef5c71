"""``kuhhandel pay``: the cards to hand over for an amount, as a report."""

from __future__ import annotations

from refcli.catalogue import rules_for
from refcli.errors import UsageError
from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.money import choose_payment, over_supply
from refcli.report import Block, Grid, Heading, Para, Quotes, Report, interpretation_ids


def payment_report(amount: int, money: list[int], edition: int) -> tuple[Report, bool]:
    """The report, and whether the money covers the amount."""
    excess = over_supply([money], edition)
    if excess:
        value, counted, supply = excess[0]
        raise UsageError(f"--money has {counted} cards of value {value}; edition {edition} has only {supply}")
    payment = choose_payment(amount, money)
    rules = rules_for("kuhhandel")
    if payment is None:
        ids = [C.CANNOT_PAY, C.NO_CHANGE]
        verdict = (
            f"{sum(money)} in money cards cannot cover {amount}: the bidder shows all their money and the "
            "auction is run again without them."
        )
        data = {"amount": amount, "money": money, "paid": None, "overpaid": None, "covered": False}
    else:
        ids = [C.NO_CHANGE, C.NO_CHANGE_001, C.PAYMENT_CHOICE]
        shown = " + ".join(map(str, payment.paid)) if payment.paid else "nothing"
        verdict = f"Pay {amount} with {shown}" + (
            f": {payment.overpaid} overpaid, and no change is given." if payment.overpaid else ", exactly."
        )
        data = {
            "amount": amount,
            "money": money,
            "paid": list(payment.paid),
            "overpaid": payment.overpaid,
            "covered": True,
        }
    citations = rules.cite(ids)
    data.update({"verdict": verdict, "citations": citations, "interpretations": interpretation_ids(citations)})
    rows = (("amount", str(amount)), ("money", ", ".join(map(str, money)) or "none"))
    blocks: list[Block] = [
        Heading(f"Paying {amount} without change"),
        Grid((("", "left"), ("", "left")), rows),
        Para(verdict, "good" if payment else "bad"),
        Quotes(tuple(citations)),
    ]
    return Report(data=data, blocks=blocks), payment is not None
