"""Text from input, as refcli shows it back: never a terminal control.

A file name, a ``rules`` query, a ``KEY=VALUE`` item or an ``-o`` name can
hold any character, and a terminal acts on some of them: ESC, BEL and the C1
controls start escape sequences (set the window title, write the clipboard
with OSC 52, make a link with OSC 8, clear the screen), U+2028 and U+2029
break lines, and the bidirectional controls (U+202A-U+202E, U+2066-U+2069,
U+200E, U+200F, U+061C) reorder what is shown. Whatever refcli echoes from
its input goes through ``visible``: every character Python does not call
printable becomes its ``repr`` escape (``\\x1b``, ``\\u202e``), which is how
values quoted in error messages have always been shown (``refcli.reading.tables.describe``).

Data and messages are kept apart, the same way in every command:

* **Messages hold the visible form**: the line after ``refcli: error:`` (and
  ``str()`` of the error the Python API raises), a result's or an error
  entry's ``message``, the text for people (on a terminal or piped), every
  CSV cell (CSV has no escapes of its own), "wrote FILE", the commands a
  message suggests (``shell_word``: a word the shell reads back as the name).
* **JSON and TOML keep the data exact**: ``file``, ``query`` and the like are
  the text as given, so a script gets back the name it passed. The
  documents write every character ``visible`` would escape as a ``\\u``
  escape (``in_document``), which both formats read back as that same
  character: the value is unchanged and the text is safe to print.

Imported by messages on every path, so it stays tiny: no import until a
text actually needs escaping.
"""

from __future__ import annotations

SHOWN_CHARACTERS = 40  # of any piece of input a message quotes: values, keys, items, queries

# A shell word that needs no quotes (``shlex.quote``'s own test, plus ``=`` and ``:`` an item holds).
_PLAIN_WORD = r"[\w@%+=:,./-]+"


def visible(text: str, keep: str = "") -> str:
    """``text`` with every non-printable character as its ``repr`` escape (``\\x1b``); ``keep`` lists any to leave.

    Idempotent: what it returns is printable, so escaping it again changes nothing.
    """
    if text.isprintable():  # the usual case, answered in C
        return text
    return "".join(ch if ch.isprintable() or ch in keep else _escape(ch) for ch in text)


def clip(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` cut to ``limit`` characters, with … when cut: messages stay one short line (``visible`` it too)."""
    return text if len(text) <= limit else text[:limit] + "…"


def _escape(ch: str) -> str:
    return repr(ch)[1:-1]


def shell_word(text: str) -> str:
    """``text`` as one word a POSIX shell reads back as ``text``, and printable.

    Plain words stay as they are, others get ``shlex.quote``'s single quotes;
    a word with a non-printable character is written in bash's ``$'…'``
    quotes: an ASCII control as ``repr`` writes it (``\\x1b``, ``\\n``), any
    other as its UTF-8 bytes (``\\xe2\\x80\\xae``), which bash reads back in
    any locale (its ``\\u`` escapes depend on the locale). A name that is not
    UTF-8 (``os.fsdecode``'s surrogates) gets its own bytes back.
    """
    import re

    if re.fullmatch(_PLAIN_WORD, text, re.ASCII):
        return text
    if text.isprintable():
        import shlex

        return shlex.quote(text)
    quoted = "".join(
        "\\\\" if ch == "\\" else "\\'" if ch == "'" else ch if ch.isprintable() else _byte_escapes(ch) for ch in text
    )
    return f"$'{quoted}'"


def _byte_escapes(ch: str) -> str:
    if ch.isascii():
        return _escape(ch)
    try:
        encoded = ch.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # half a UTF-16 pair that no file name holds: no bytes to give
        return _escape(ch)
    return "".join(f"\\x{byte:02x}" for byte in encoded)


def in_document(text: str, *, toml: bool = False) -> str:
    """JSON (or, with ``toml``, TOML) text with every non-printable character of its strings as a ``\\u`` escape.

    ``json.dumps`` and ``tomli_w`` escape the C0 controls already but write
    the C1 controls, U+2028/U+2029 and the bidirectional controls as they
    are. In both formats such a character can only be inside a string (or a
    quoted key), where ``\\uXXXX`` means the same character: the document
    keeps its values. TOML cannot escape a lone surrogate (from a file name
    that is not UTF-8): that is left to the writer, as before.
    """
    if text.isascii() and "\x7f" not in text:
        return text
    import re

    return re.sub(r"[\x7f-\U0010ffff]", lambda found: _document_escape(found.group(), toml), text)


def _document_escape(ch: str, toml: bool) -> str:
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code <= 0xFFFF:
        if toml and 0xD800 <= code <= 0xDFFF:
            return ch
        return f"\\u{code:04x}"
    if toml:
        return f"\\U{code:08x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
