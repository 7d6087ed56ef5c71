"""What the terminal gets: colour or not, drawn or plain (imports nothing but ``os``: every command reads it).

Two questions, answered apart (no-color.org: ``NO_COLOR`` is about colour only):

* **Drawn or plain.** Text on a terminal is drawn (panels, tables, the
  terminal's own width, as rich draws them: ``refcli.output.drawing``); text to a pipe or a file is plain
  text, byte for byte the same on every run, unless colour is asked for
  (``--color always`` or ``FORCE_COLOR``, for ``refcli … | less -R``),
  which draws it too, 80 columns wide or ``COLUMNS``.
* **Colour.** ``--color always|never`` decides when given; otherwise
  (``auto``) a non-empty ``NO_COLOR`` means none, a non-empty
  ``FORCE_COLOR`` means colour even when piped, and else colour only on a
  terminal. An empty variable counts as unset. ``--color`` is a root
  option and an option of every command that prints a report, with the
  same meaning: the one given last wins.
"""

from __future__ import annotations

import os
from typing import IO

_chosen = "auto"  # what --color said for this run ("auto" when it was not given)


def choose_color(mode: str | None) -> None:
    """Record ``--color``; None (not given) leaves the choice as it is."""
    global _chosen
    if mode is not None:
        _chosen = str(getattr(mode, "value", mode))


_configured = "auto"  # the configuration file's ``color`` (refcli.reading.config), what a run starts at


def configure_color(mode: str) -> None:
    """The configuration file's ``color``: what a run uses when no ``--color`` is given."""
    global _configured
    _configured = mode


def reset_color() -> None:
    """Back to the configuration file's choice, else ``auto``: a new run (the root command calls this before
    reading its own option)."""
    global _chosen
    _chosen = _configured


def on_terminal(stream: IO[str]) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def color(stream: IO[str]) -> bool:
    """Whether text written to ``stream`` gets colour."""
    if _chosen != "auto":
        return _chosen == "always"
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or on_terminal(stream)


def drawn(stream: IO[str]) -> bool:
    """Whether text written to ``stream`` is drawn: on a terminal, or wherever colour is asked for."""
    return on_terminal(stream) or color(stream)


# -- the terminal's size and kind -----------------------------------------------------
# What COLUMNS and LINES may say (and a terminal that reports 0x0, as a fresh pseudo-terminal does): a
# width is what a drawn line is padded to, so COLUMNS=999999999 must not become a gigabyte of blanks.
COLUMNS_RANGE = (20, 1000)
LINES_RANGE = (5, 1000)


def clamped_size(columns: int, lines: int) -> tuple[int, int]:
    """The terminal's ``columns`` and ``lines``, COLUMNS and LINES winning when they are whole numbers,
    each kept within a sane range (``COLUMNS_RANGE``, ``LINES_RANGE``)."""
    return (
        _within(_whole_number(os.environ.get("COLUMNS")) or columns, *COLUMNS_RANGE),
        _within(_whole_number(os.environ.get("LINES")) or lines, *LINES_RANGE),
    )


def _whole_number(text: str | None) -> int | None:
    """A positive whole number in ASCII digits, else None ("abc", "-5", "0", "", a thousand digits)."""
    digits = (text or "").strip()
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0")
    if not digits:
        return None
    return int(digits) if len(digits) <= 9 else 10**9  # thousands of digits: very large, never converted


def _within(value: int, low: int, high: int) -> int:
    return max(low, min(value, high))


def pages() -> bool:
    """Whether a text taller than the terminal may go through a pager: not on a dumb terminal
    (``TERM=dumb``: an editor's shell, a CI log), which cannot show one."""
    return os.environ.get("TERM", "").strip() != "dumb"


# -- text a stream cannot encode ----------------------------------------------------
# What refcli's own symbols become on a stream that cannot carry them (cp1252 or
# ASCII: Windows with output redirected, PYTHONIOENCODING=ascii). Letters lose their
# accents (puntuación → puntuacion); anything else is written as a backslash escape.
ASCII_FOR = {
    "✓": "OK",
    "✗": "X",
    "→": "->",
    "←": "<-",
    "×": "x",
    "—": "--",
    "–": "-",
    "·": "-",
    "…": "...",
    "“": '"',
    "”": '"',
    "‘": "'",
    "’": "'",
    "«": '"',
    "»": '"',
    "•": "*",
    "█": "#",
    "¿": "?",
    "¡": "!",
    "°": "o",
    "≤": "<=",
    "≥": ">=",
    "€": "EUR",
    "\u00a0": " ",
}
ERRORS = "refcli.ascii"  # the name standard output and error are opened with (refcli.cli.lifecycle)


def ascii_fallback(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: ``error``'s characters in ASCII (see ``ASCII_FOR``), else backslash escapes."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata  # only once a character could not be encoded

    replaced = []
    for character in error.object[error.start : error.end]:
        if character in ASCII_FOR:
            replaced.append(ASCII_FOR[character])
            continue
        bare = "".join(c for c in unicodedata.normalize("NFKD", character) if not unicodedata.combining(c))
        replaced.append(bare if bare and bare.isascii() else character.encode("ascii", "backslashreplace").decode())
    return "".join(replaced), error.end


def register_ascii_fallback() -> None:
    import codecs  # loaded at start-up by Python itself

    codecs.register_error(ERRORS, ascii_fallback)
