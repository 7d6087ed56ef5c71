"""What a person should check about a document though nothing in it is wrong, as warnings for the report.

Two kinds: player names that only look different (``refcli.reading.player_names``), and values the file
leaves out that the table's defaults in the configuration file filled in (``refcli config``), so that a verdict
ruled under edition 1 because the configuration says so says so too.
"""

from __future__ import annotations

from typing import Any

from refcli.language.i18n import _
from refcli.reading.documents import Document
from refcli.reading.player_names import warnings as similar_names


def of_document(doc: Document) -> list[dict[str, Any]]:
    """The warnings for ``doc`` once it has been read (``{"code", "message", …}`` each; usually none)."""
    found: list[dict[str, Any]] = []
    if doc.names:
        found += similar_names(doc.names)
    if doc.defaulted:
        found += [table_default(key, value) for key, value in doc.defaulted.items()]
    return found


def table_default(key: str, value: Any) -> dict[str, Any]:
    """The warning for one key a file leaves out and the configuration file sets."""
    from refcli.language.visible import visible
    from refcli.reading import config

    file = config.current().file
    message = _("The file does not set {key}: refcli used {key} = {value}, the table's default in {config}.")
    where = visible(str(file)) if file is not None else "refcli config"
    shown = message.format(key=key, value=_as_written(value), config=where)
    return {"code": "table-default", "key": key, "value": value, "message": shown}


def _as_written(value: Any) -> str:
    """The value as the configuration file writes it (TOML's true, false, numbers and quoted text)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        from refcli.language.visible import visible

        return '"' + visible(value) + '"'
    return str(value)
