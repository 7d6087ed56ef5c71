"""``refcli cointoss validate``: every player calls every toss; the recorded points add up."""

from refcli.language.i18n import _, ngettext
from refcli.reading.formats import read
from refcli.results.findings import FileResult, Finding
from refcli_cointoss.formats import RECORD


def validate_document(doc, options):
    record = read(RECORD, doc)
    points = dict.fromkeys(record["players"], 0)
    findings = []
    for number, toss in enumerate(record["event"], 1):
        for name in record["players"]:
            if name not in toss["calls"]:
                message = _("{player} made no call: every player calls every toss.").format(player=name)
                findings.append(Finding(number, "error", "call", message))
            elif toss["calls"][name] == toss["coin"]:
                points[name] += 1
    recorded = record["points"] or {}
    for name, counted in points.items():
        if name in recorded and recorded[name] != counted:
            message = ngettext(
                "{player} has {recorded} point recorded, but called {counted} tosses right.",
                "{player} has {recorded} points recorded, but called {counted} tosses right.",
                recorded[name],
            ).format(player=name, recorded=recorded[name], counted=counted)
            findings.append(Finding(None, "error", "point", message))
    return FileResult(doc.name, "cointoss", tuple(findings), summary={"points": points})
