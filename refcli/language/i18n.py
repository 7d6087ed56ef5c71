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
(``python -m refcli.language.catalogues``). The wheel carries it compiled into a
Python module of one dict literal (``refcli._compiled.messages_es``, written
by ``hatch_build.py``), which loads in a fraction of a millisecond; a source
checkout reads the ``.po`` files with Babel instead.

Which language: ``--lang es|en`` (on the root and on every command), else
``REFCLI_LANG`` (both a choice for this run), else the configuration file's
``lang`` (``refcli.reading.config``: the command line applies it), else the
first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` and ``LANGUAGE`` that is set
(``es_ES.UTF-8`` → es; ``LANGUAGE`` may list several, ``es:en``), else English. JSON and TOML keys and enumerated values never
depend on it: only free text (verdicts, messages, summaries) does.
"""

import _thread  # built in and loaded at start-up (`threading`'s RLock is this one)
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es")
DEFAULT = "en"
# The first one set chooses the language (docs/commands.md, "Environment").
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")

# msgid -> msgstr; a plural message is keyed by (singular, plural) and holds one string per plural form
Messages = dict[Any, Any]

# A language and its catalogue (None for English), kept together so that a reader never sees one
# language's code with another's messages.
Speech = tuple[str, Messages | None]

# The process's language: the command line's (set once per run), or the environment's. None: not chosen
# yet (the first message chooses it from the environment).
_process: Speech | None = None

# The language of the call in progress in this thread (or asyncio task), when it asked for its own: the
# API's ``lang=`` and a result's ``text()`` (``using``). A context variable, not the process's language,
# so that two threads asking for two languages at once each get theirs, and neither leaves the process
# in its language when it is done.
_in_call: ContextVar[Speech | None] = ContextVar("refcli_language", default=None)

# Reading a catalogue, or the part of one a message is in, happens once per process even when threads
# ask for it at once (an RLock: a message looked up while a part is imported is this thread's own).
_reading = _thread.RLock()


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is translated where it is used)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language (the English text when the catalogue lacks it)."""
    return _translated(message)


def _translated(message: str) -> str:
    lang, messages = _in_call.get() or _process or _chosen_from_environment()
    if messages is None or not message:  # gettext("") would be the catalogue's header
        return message
    translated = messages.get(message)
    if translated is None and _unread.get(lang):  # perhaps in a game's part not read yet
        translated = _read_more(lang, message)
    if not translated and _installed:  # perhaps an installed game's own message
        translated = _from_installed(lang, message)
    return translated if translated else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits the number ``n`` (``"{n} card"`` / ``"{n} cards"``)."""
    lang, messages = _in_call.get() or _process or _chosen_from_environment()
    if messages is not None:
        forms = messages.get((singular, plural))
        if forms is None and _unread.get(lang):
            forms = _read_more(lang, (singular, plural))
        if forms:
            form = forms[0 if n == 1 else 1]  # Spanish and English: nplurals=2; plural=(n != 1)
            if form:
                return str(form)
        if _installed:
            found = _plural_from_installed(lang, singular, plural, n)
            if found is not None:
                return found
    return singular if n == 1 else plural


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """Mark ``message`` for the catalogue under ``context`` without translating it (``pgettext`` translates it)."""
    return message


def game_title(title: str) -> str:
    """A game's title as headings print it: its own in the run's language where it has one ("¡Dinero!").

    Looked up under its own context: "Bamboozled", a title, is not the outcome word "bamboozled".
    """
    return pgettext("game title", title)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language as said in ``context`` (one English word, several Spanish ones).

    "none" is "ninguna" for cards, "nadie" for players and "nada" for money: each use names its context,
    and the catalogue keys it as gettext does, ``context`` and ``message`` joined by EOT (``\\x04``).
    """
    key = context + "\x04" + message
    translated = _translated(key)
    return message if translated == key else translated


def percent(value: float) -> str:
    """``55.6%`` in English, ``55,6 %`` in Spanish (a decimal comma and a space before the sign, as the RAE writes)."""
    number = f"{value:.1f}"
    if language() == "es":
        number = number.replace(".", ",")
    # TRANSLATORS: a percentage; {number} is already written with the language's decimal sign.
    return _("{number}%").format(number=number)


def language() -> str:
    """The language messages are written in now: ``"en"`` or ``"es"``."""
    return (_in_call.get() or _process or _chosen_from_environment())[0]


def set_language(lang: str | None) -> None:
    """Write messages in ``lang`` from now on; ``None``: the one the environment asks for.

    The process's language (the command line's), unless a block of ``using`` is running in this thread:
    then that block's, until it ends.
    """
    global _process
    speech = _speech(_chosen(lang))
    if _in_call.get() is not None:
        _in_call.set(speech)
    else:
        _process = speech


@contextmanager
def using(lang: str | None) -> Iterator[None]:
    """Messages in ``lang`` inside the block (``None``: leave the language as it is); the old one after.

    For this thread (or asyncio task) only: other threads, and the process once the block ends, keep theirs.
    """
    if lang is None:
        yield
        return
    token = _in_call.set(_speech(_chosen(lang)))
    try:
        yield
    finally:
        _in_call.reset(token)


def _chosen(lang: str | None) -> str:
    """The language ``lang`` names (English for one refcli lacks); ``None``: the environment's."""
    chosen = language_named(lang) if lang else from_environment(os.environ)
    return chosen or DEFAULT


def _speech(lang: str) -> Speech:
    return (lang, None if lang == "en" else catalogue(lang))


def _chosen_from_environment() -> Speech:
    """The process's language when nothing chose it yet: the environment's (chosen once)."""
    global _process
    if _process is None:
        _process = _speech(_chosen(None))
    return _process


# Languages by name, as people write them after --lang, in REFCLI_LANG or the configuration file. Folded.
LANGUAGE_NAMES = {
    "espanol": "es",
    "castellano": "es",
    "spanish": "es",
    "ingles": "en",
    "english": "en",
}


def language_named(value: str) -> str | None:
    """The language ``--lang``, ``REFCLI_LANG`` or the configuration file's ``lang`` names: a code or a locale
    (``es``, ``ES``, ``es_ES``, ``es_ES.UTF-8``, ``en-US``) or a name (``español``, ``castellano``, ``Spanish``,
    ``inglés``, ``english``); None for one refcli lacks. The one normaliser of the three."""
    from refcli.language.folding import fold

    return LANGUAGE_NAMES.get(fold(value)) or normalize(value)


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
    return from_refcli_lang(environ) or from_locale(environ)


def from_refcli_lang(environ: Mapping[str, str]) -> str | None:
    """The language ``REFCLI_LANG`` asks for, when it names one refcli has."""
    return language_named(environ.get("REFCLI_LANG", "")) if environ.get("REFCLI_LANG", "").strip() else None


def deciding_locale_variable(environ: Mapping[str, str]) -> str | None:
    """The locale variable that decides the language (the first one set), if any."""
    return next((variable for variable in LOCALE_VARIABLES if environ.get(variable, "").strip()), None)


def from_locale(environ: Mapping[str, str]) -> str:
    """The language of the locale variables (the first one set decides), else English."""
    variable = deciding_locale_variable(environ)
    if variable is None:
        return DEFAULT
    for part in environ[variable].strip().split(":"):  # LANGUAGE=es:en: the first one refcli has
        chosen = normalize(part) if part else None
        if chosen:
            return chosen
    return DEFAULT


def chosen_for_this_run(arguments: Sequence[str] | None = None) -> str | None:
    """``--lang``, else ``REFCLI_LANG``: the language asked for this run, which wins over the configuration file."""
    return from_arguments(sys.argv[1:] if arguments is None else arguments) or from_refcli_lang(os.environ)


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
        named = language_named(value)
        if named is not None:
            return named
    return None


def choose_for_command_line(arguments: Sequence[str] | None = None) -> None:
    """Set the language of this run: ``--lang`` on the command line, else the environment."""
    set_language(from_arguments(sys.argv[1:] if arguments is None else arguments))


# ---------------------------------------------------------------- catalogues

LOCALE_DIR = Path(__file__).parent.parent / "locale"


_loaded: dict[str, Messages] = {}  # each language's catalogue, read once per process


def catalogue(lang: str) -> Messages:
    """``lang``'s catalogue, read once (tests switch languages hundreds of times in one process)."""
    found = _loaded.get(lang)
    if found is None:
        with _reading:
            if lang not in _loaded:  # not read by another thread while this one waited
                _loaded[lang] = _read_catalogue(lang)
            found = _loaded[lang]
    return found


# The games' parts of each compiled catalogue not read yet (refcli.language.catalogues.compiled_modules): the
# catalogue is read in parts, what refcli's own code says first, then a game's part when a message is not
# found (the game the command names first, ``prefer_game``), so a quick query reads one game's words only.
_unread: dict[str, list[str]] = {}
_preferred = ""  # the game (package name) whose part is read first


def prefer_game(game: str) -> None:
    """Read ``game``'s part of the catalogue first when a message is not found (the game of the command)."""
    global _preferred
    _preferred = game.replace("-", "")


def _read_more(lang: str, key: Any) -> Any:
    """The translation of ``key`` from the parts of ``lang``'s catalogue not read yet, reading them until found."""
    with _reading:
        messages = _loaded[lang]
        if key in messages:  # in a part another thread read while this one waited
            return messages[key]
        unread = _unread[lang]
        unread.sort(key=lambda game: game != _preferred)
        while unread:
            game = unread.pop(0)
            module = __import__(f"refcli._compiled.messages_{lang}_{game}", fromlist=["MESSAGES"])
            messages.update(module.MESSAGES)
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
        from refcli.language.catalogues import messages_of
    except ImportError:  # no Babel: English rather than a crash
        return {}
    return messages_of(po_file(lang))


# ---------------------------------------------------------------- installed games' own catalogues

# (domain, folder) of every installed game's gettext catalogues (``add_catalogue``), in the order added;
# a message refcli's catalogue lacks is looked up in them, in that order.
_installed: list[tuple[str, str]] = []
# (domain, folder, lang) → the catalogue read with the standard gettext module, or None when there is none
_installed_read: dict[tuple[str, str, str], Any] = {}


def add_catalogue(domain: str, folder: str) -> None:
    """Look up messages refcli's catalogue lacks in ``folder/<lang>/LC_MESSAGES/<domain>.mo`` too.

    An installed game (``refcli.model.registry``) ships its translations so: its help, its formats' texts,
    its clauses' summaries and its reports' sentences are written in English and marked as refcli's are,
    and come out in the run's language. Read with the standard ``gettext`` module, when first needed.
    """
    with _reading:
        if (domain, folder) not in _installed:
            _installed.append((domain, folder))


def _installed_catalogue(domain: str, folder: str, lang: str) -> Any:
    """The gettext catalogue of ``lang`` in ``folder`` (read once), or None when the game has none."""
    key = (domain, folder, lang)
    with _reading:
        if key not in _installed_read:
            import gettext

            try:
                _installed_read[key] = gettext.translation(domain, folder, languages=[lang])
            except OSError:  # no catalogue for this language (or an unreadable one): the English text
                _installed_read[key] = None
        return _installed_read[key]


def _from_installed(lang: str, message: str) -> str | None:
    for domain, folder in list(_installed):
        found = _installed_catalogue(domain, folder, lang)
        translated = found.gettext(message) if found is not None else message
        if translated != message:
            return str(translated)
    return None


def _plural_from_installed(lang: str, singular: str, plural: str, n: int) -> str | None:
    untranslated = singular if n == 1 else plural
    for domain, folder in list(_installed):
        found = _installed_catalogue(domain, folder, lang)
        translated = found.ngettext(singular, plural, n) if found is not None else untranslated
        if translated != untranslated:
            return str(translated)
    return None
