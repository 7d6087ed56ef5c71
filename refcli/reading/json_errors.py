"""json's texts for a line that is not valid JSON, said in refcli's own words.

``json`` says ``Expecting ',' delimiter`` for a record cut short, ``Invalid
control character at`` for a string that a line break ends, and ``Expecting
property name enclosed in double quotes`` for a comma before a closing brace:
English, and half sentences made to be followed by a line and a column.
:func:`own_words` gives a whole sentence in the language of the moment that
says where and what to write instead; a text it does not know keeps json's
words. Imported only when a line is not valid JSON.
"""

from __future__ import annotations

import json

from refcli.language.i18n import N_, _

# json's message -> what refcli says, at a column of the line
_SAID = {
    "Expecting value": N_(
        "not valid JSON at column {column}: a value is expected there (text in double quotes, a number, an object, "
        "an array, true, false or null)"
    ),
    "Expecting property name enclosed in double quotes": N_(
        "not valid JSON at column {column}: a key in double quotes is expected there (a comma before a closing "
        "brace, or a key in single quotes?)"
    ),
    "Expecting ':' delimiter": N_("not valid JSON at column {column}: a colon (:) goes between a key and its value"),
    "Expecting ',' delimiter": N_(
        "not valid JSON at column {column}: a comma is expected there, or the end of the object or array"
    ),
    "Extra data": N_("not valid JSON at column {column}: the record has ended before it; a line holds one record"),
    "Invalid control character at": N_(
        "not valid JSON at column {column}: a string holds a control character (write a tab as \\t and a line "
        "break as \\n)"
    ),
    "Invalid \\escape": N_(
        "not valid JSON at column {column}: a backslash in a string starts an escape JSON does not know "
        '(\\\\, \\", \\/, \\b, \\f, \\n, \\r, \\t or \\u and four hexadecimal digits)'
    ),
    "Invalid \\uXXXX escape": N_("not valid JSON at column {column}: \\u in a string takes four hexadecimal digits"),
}


def own_words(error: json.JSONDecodeError, text: str) -> str:
    """The one-line message for ``error``, json's refusal of ``text`` (one line, its line break included)."""
    end = len(text.rstrip("\r\n"))  # where the line's content ends
    if error.pos >= end or error.msg.startswith("Unterminated string"):
        # json ran out of line: what it expected next is anything, as the rest of the record is missing
        return _("not valid JSON: the line ends at column {column} before the record does (was it cut short?)").format(
            column=end + 1
        )
    said = _SAID.get(error.msg) or _SAID.get(error.msg.split(": ", 1)[0])  # (json's pure-Python escape: "…: 'q'")
    if said is not None:
        return _(said).format(column=error.colno)
    message = error.msg[:1].lower() + error.msg[1:]  # json's own words (English), for a text not known here
    return _("not valid JSON at column {column}: {message}").format(column=error.colno, message=message)
