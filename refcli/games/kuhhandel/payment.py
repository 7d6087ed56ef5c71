"""``kuhhandel pay``: the cards to hand over for an amount, as a report."""

from __future__ import annotations

from refcli.games.kuhhandel import clauses as C
from refcli.games.kuhhandel.money import choose_payment, over_supply
from refcli.language.i18n import _, pgettext
from refcli.model.errors import UsageError
from refcli.results.report import Block, Grid, Heading, Para, Quotes, Report, interpretation_ids
from refcli.rules.catalogue import rules_for


def payment_report(amount: int, money: list[int], edition: int) -> tuple[Report, bool]:
    """The report, and whether the money covers the amount."""
    excess = over_supply([money], edition)
    if excess:
        value, counted, supply = excess[0]
        raise UsageError(
            _("--money has {counted} cards of value {value}; edition {edition} has only {supply}").format(
                counted=counted, value=value, edition=edition, supply=supply
            )
        )
    payment = choose_payment(amount, money)
    rules = rules_for("kuhhandel")
    if payment is None:
        ids = [C.CANNOT_PAY, C.NO_CHANGE]
        verdict = _(
            "{money} in money cards cannot cover {amount}: the bidder shows all their money and the "
            "auction is run again without them."
        ).format(money=sum(money), amount=amount)
        data = {"amount": amount, "money": money, "paid": None, "overpaid": None, "covered": False}
    else:
        ids = [C.NO_CHANGE, C.NO_CHANGE_001, C.PAYMENT_CHOICE]
        shown = " + ".join(map(str, payment.paid)) if payment.paid else _("nothing")
        if payment.overpaid:
            verdict = _("Pay {amount} with {cards}: {overpaid} overpaid, and no change is given.").format(
                amount=amount, cards=shown, overpaid=payment.overpaid
            )
        else:
            verdict = _("Pay {amount} with {cards}, exactly.").format(amount=amount, cards=shown)
        data = {
            "amount": amount,
            "money": money,
            "paid": list(payment.paid),
            "overpaid": payment.overpaid,
            "covered": True,
        }
    citations = rules.cite(ids)
    data.update({"verdict": verdict, "citations": citations, "interpretations": interpretation_ids(citations)})
    rows = ((_("amount"), str(amount)), (_("money"), ", ".join(map(str, money)) or pgettext("no money", "none")))
    blocks: list[Block] = [
        Heading(_("Paying {amount} without change").format(amount=amount)),
        Grid((("", "left"), ("", "left")), rows),
        Para(verdict, "good" if payment else "bad"),
        Quotes(tuple(citations)),
    ]
    return Report(data=data, blocks=blocks), payment is not None
