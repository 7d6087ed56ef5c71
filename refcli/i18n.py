"""refcli's languages: English (the messages as the code writes them) and Spanish (a gettext catalogue).

Every word refcli writes for people goes through :func:`_` (or :func:`ngettext`
when it depends on a number), with named ``{placeholders}`` filled in *after*
translation, so a translator can reorder them::

    _("{winner} wins with {score} points.").format(winner=name, score=total)

Text defined at import time (help texts, label tables) is marked with
:func:`N_`, which only marks it for extraction, and translated where it is used
(``_(LABELS[key])``): the language is known only once the command line is read.

The catalogue's source is ``refcli/locale/es/LC_MESSAGES/refcli.po`` (English
msgids, the template ``refcli/locale/refcli.pot``), kept with Babel
(``python -m refcli.translations``). The wheel carries it compiled into a
Python module of one dict literal (``refcli._compiled.messages_es``, written
by ``hatch_build.py``), which loads in a fraction of a millisecond; a source
checkout reads the ``.po`` files with Babel instead.

Which language: ``--lang es|en`` (on the root and on every command), else
``REFCLI_LANG``, else the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` and
``LANGUAGE`` that is set (``es_ES.UTF-8`` → es; ``LANGUAGE`` may list several,
``es:en``), else English. JSON and TOML keys and enumerated values never
depend on it: only free text (verdicts, messages, summaries) does.
"""

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es")
DEFAULT = "en"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")  # the order issue 16 fixes

# msgid -> msgstr; a plural message is keyed by (singular, plural) and holds one string per plural form
Messages = dict[Any, Any]

_language: str | None = None  # None: not chosen yet (the first message chooses from the environment)
_messages: Messages | None = None  # the current language's catalogue; None for English


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is translated where it is used)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (the English text when the catalogue lacks it)."""
    if _language is None:
        set_language(None)
    if _messages is None or not message:  # gettext("") would be the catalogue's header
        return message
    translated = _messages.get(message)
    if translated is None and _unread.get(
        _language or ""
    ):  # (never None here; mypy cannot see it)  # perhaps in a game's part not read yet
        translated = _read_more(message)
    return translated if translated else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits the number ``n`` (``"{n} card"`` / ``"{n} cards"``)."""
    if _language is None:
        set_language(None)
    if _messages is not None:
        forms = _messages.get((singular, plural))
        if forms is None and _unread.get(_language or ""):  # (never None here; mypy cannot see it)
            forms = _read_more((singular, plural))
        if forms:
            form = forms[0 if n == 1 else 1]  # Spanish and English: nplurals=2; plural=(n != 1)
            if form:
                return str(form)
    return singular if n == 1 else plural


def language() -> str:
    """The language messages are written in now: ``"en"`` or ``"es"``."""
    if _language is None:
        set_language(None)
    assert _language is not None
    return _language


def set_language(lang: str | None) -> None:
    """Write messages in ``lang`` from now on; ``None``: the one the environment asks for."""
    global _language, _messages
    chosen = normalize(lang) if lang else from_environment(os.environ)
    chosen = chosen or DEFAULT
    if chosen != _language:
        _language = chosen
        _messages = None if chosen == "en" else catalogue(chosen)


@contextmanager
def using(lang: str | None) -> Iterator[None]:
    """Messages in ``lang`` inside the block (``None``: leave the language as it is); the old one after."""
    if lang is None:
        yield
        return
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def normalize(value: str) -> str | None:
    """``es``, ``es_ES.UTF-8``, ``es-MX``, ``ES`` → ``"es"``; ``C``, ``POSIX`` → ``"en"``; others → None."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].casefold()
    if code in ("c", "posix"):
        return "en"
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str:
    """``REFCLI_LANG``, else the locale variables in order (the first one set decides), else English.

    A ``REFCLI_LANG`` refcli has no catalogue for (``fr``) is passed over, so the locale still counts.
    """
    wanted = normalize(environ.get("REFCLI_LANG", "")) if environ.get("REFCLI_LANG", "").strip() else None
    if wanted:
        return wanted
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "").strip()
        if value:
            for part in value.split(":"):  # LANGUAGE=es:en: the first one refcli has
                chosen = normalize(part) if part else None
                if chosen:
                    return chosen
            return DEFAULT
    return DEFAULT


def from_arguments(arguments: Sequence[str]) -> str | None:
    """The language ``--lang X`` / ``--lang=X`` asks for anywhere on the command line (before ``--``), if valid.

    Read before click parses anything, so that even click's own usage errors, and help texts, come out
    in that language; an invalid value is left for click to refuse.
    """
    for index, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument == "--lang" and index + 1 < len(arguments):
            value = arguments[index + 1]
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        else:
            continue
        if value.strip().casefold() in LANGUAGES:
            return value.strip().casefold()
    return None


def choose_for_command_line(arguments: Sequence[str] | None = None) -> None:
    """Set the language of this run: ``--lang`` on the command line, else the environment."""
    set_language(from_arguments(sys.argv[1:] if arguments is None else arguments))


# ---------------------------------------------------------------- catalogues

LOCALE_DIR = Path(__file__).parent / "locale"


_loaded: dict[str, Messages] = {}  # each language's catalogue, read once per process


def catalogue(lang: str) -> Messages:
    """``lang``'s catalogue, read once (tests switch languages hundreds of times in one process)."""
    if lang not in _loaded:
        _loaded[lang] = _read_catalogue(lang)
    return _loaded[lang]


# The games' parts of each compiled catalogue not read yet (refcli.translations.compiled_modules): the
# catalogue is read in parts, what refcli's own code says first, then a game's part when a message is not
# found (the game the command names first, ``prefer_game``), so a quick query reads one game's words only.
_unread: dict[str, list[str]] = {}
_preferred = ""  # the game (package name) whose part is read first


def prefer_game(game: str) -> None:
    """Read ``game``'s part of the catalogue first when a message is not found (the game of the command)."""
    global _preferred
    _preferred = game.replace("-", "")


def _read_more(key: Any) -> Any:
    """The translation of ``key`` from the parts of the catalogue not read yet, reading them until found."""
    assert _language is not None and _messages is not None
    unread = _unread[_language]
    unread.sort(key=lambda game: game != _preferred)
    while unread:
        game = unread.pop(0)
        module = __import__(f"refcli._compiled.messages_{_language}_{game}", fromlist=["MESSAGES"])
        _messages.update(module.MESSAGES)
        if key in module.MESSAGES:
            return module.MESSAGES[key]
    return None


def _read_catalogue(lang: str) -> Messages:
    """The compiled catalogue of ``lang`` (the wheel's modules), else its ``.po`` sources (a checkout)."""
    try:
        module = __import__(f"refcli._compiled.messages_{lang}", fromlist=["MESSAGES"])
    except ImportError:
        return read_sources(lang)
    messages: Messages = module.MESSAGES  # the games' parts are added to it as they are read
    _unread[lang] = list(getattr(module, "GAMES", ()))
    return messages


def po_file(lang: str, locale: Path = LOCALE_DIR) -> Path:
    """The source of ``lang``'s catalogue (``locale``: a checkout's ``refcli/locale``, else this package's)."""
    return locale / lang / "LC_MESSAGES" / "refcli.po"


def read_sources(lang: str) -> Messages:
    """``lang``'s messages read from its ``.po`` files with Babel (a source checkout: Babel is a test extra)."""
    try:
        from refcli.translations import messages_of
    except ImportError:  # no Babel: English rather than a crash
        return {}
    return messages_of(po_file(lang))
