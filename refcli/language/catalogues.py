"""Keeping the message catalogues (Babel): extract, update, check, compile. Never imported by a command.

The English messages are the msgids, written in the code (``_``, ``N_``,
``ngettext``; :mod:`refcli.language.i18n`) and in the rule catalogues (every clause's
``summary``, a register entry's ``text`` and ``section``; ``data/rules/*.toml``).
``refcli/locale/refcli.pot`` is their template and
``refcli/locale/es/LC_MESSAGES/refcli.po`` their Spanish translation; both are
edited with any gettext tool (Poedit, Lokalize, msgmerge).

    python -m refcli.language.catalogues update     # re-extract: the .pot, then new msgids into each .po
    python -m refcli.language.catalogues missing    # each msgid with no translation, by file (exit 1 if any)
    python -m refcli.language.catalogues check      # the .pot is current and every msgid translated (CI runs its test)

``hatch_build.py`` compiles each ``.po`` into ``refcli/_compiled/messages_<lang>.py`` and a module per
game (:func:`compiled_modules`), which :func:`refcli.language.i18n.catalogue` loads.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]  # the checkout: refcli/ and data/ side by side
LOCALE = Path(__file__).resolve().parents[1] / "locale"
TEMPLATE = LOCALE / "refcli.pot"
TRANSLATED = ("es",)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
METHODS = [
    ("refcli/_compiled/**", "ignore"),
    ("refcli/**.py", "python"),
    ("data/rules/*.toml", "refcli.language.catalogues:extract_rules"),
]
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")  # {name}, {name!r}, {n:,}; not {{ }}


def po_path(lang: str, locale: Path = LOCALE) -> Path:
    """The source of ``lang``'s catalogue under ``locale`` (a checkout's ``refcli/locale``, by default this one's).

    The place ``refcli.language.i18n.po_file`` reads, named here too: i18n imports this module to read a
    checkout's ``.po`` with Babel, so this one never imports i18n.
    """
    return locale / lang / "LC_MESSAGES" / "refcli.po"


# ---------------------------------------------------------------- extraction


def extract_rules(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extractor for ``data/rules/*.toml``: the free text refcli writes about each clause.

    Every clause's ``summary`` (what Spanish output shows beside a garbled quote and JSON carries),
    and a register entry's ``text`` and ``section`` (refcli's own words, in English in the file).
    The quotes themselves are the rulebooks' Spanish and are never translated.
    """
    raw = fileobj.read().decode("utf-8")
    lines = raw.splitlines()
    for clause in tomllib.loads(raw).get("clause", []):
        clause_id = str(clause.get("id", ""))
        line = _line_of(lines, f'id = "{clause_id}"')
        keys = ("section", "text", "summary") if clause.get("source") == "register" else ("summary",)
        for key in keys:
            value = clause.get(key)
            if isinstance(value, str) and value:
                yield line, None, value, [f"clause {clause_id}: {key}"]


def _line_of(lines: list[str], needle: str) -> int:
    return next((number for number, line in enumerate(lines, 1) if line.strip() == needle), 1)


def extract(root: Path = ROOT) -> Catalog:
    """Every message in the code and the rule catalogues, as a template catalogue."""
    template = Catalog(project="refcli", msgid_bugs_address="", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


# ---------------------------------------------------------------- reading and compiling


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def key_of(message: Any) -> Any:
    """A message's key in a compiled catalogue: its msgid, or (singular, plural) for a plural message.

    A message with a context (``pgettext``) is keyed as gettext keys it: the context, EOT, the msgid.
    """
    if isinstance(message.id, (tuple, list)):
        return tuple(message.id)
    return f"{message.context}\x04{message.id}" if message.context else message.id


def messages_of(path: Path) -> dict[Any, Any]:
    """msgid → msgstr (plurals: (singular, plural) → [forms]) of a ``.po`` file, translated entries only."""
    messages: dict[Any, Any] = {}
    for message in read(path):
        if not message.id or message.fuzzy or not _translated(message.string):
            continue
        value = list(message.string) if isinstance(message.string, (tuple, list)) else message.string
        messages[key_of(message)] = value
    return messages


def _translated(string: Any) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def game_of(locations: Iterable[tuple[str, Any]]) -> str:
    """The one game whose code or rules use a message (its package's name: ``cupofbluff``), else "" (shared).

    A game's code is ``refcli/games/<package>/``, its rules ``data/rules/<game>.toml``; a game's id and
    its package name differ by their hyphens only (``cup-of-bluff``, ``cupofbluff``).
    """
    games = set()
    for file, _line in locations:
        parts = Path(file).parts
        if len(parts) > 3 and parts[:2] == ("refcli", "games"):
            games.add(parts[2])
        elif len(parts) == 3 and parts[:2] == ("data", "rules"):
            games.add(Path(parts[2]).stem.replace("-", ""))
        else:
            return ""
    return games.pop() if len(games) == 1 else ""


def compiled_modules(lang: str, path: Path) -> dict[str, str]:
    """The Python modules the wheel carries for ``lang``, by name: its messages as dict literals.

    ``messages_<lang>`` holds what refcli's own code (and more than one game) says, and names the
    games that have a module of their own, ``messages_<lang>_<game>``, holding what only that game's
    code and rules say: a command loads its game's part only when it needs it (``refcli.language.i18n``), not
    the whole catalogue. Together they hold exactly :func:`messages_of`'s messages.
    """
    messages = messages_of(path)
    where = {key_of(message): game_of(message.locations) for message in read(path) if key_of(message) in messages}
    parts: dict[str, dict[Any, Any]] = {}
    for key, value in messages.items():
        parts.setdefault(where.get(key, ""), {})[key] = value
    games = tuple(sorted(game for game in parts if game))
    head = f"# generated from refcli/locale/{lang} by hatch_build.py\n"
    modules = {
        f"messages_{lang}": f"{head}MESSAGES = {parts.get('', {})!r}\nGAMES = {games!r}  # messages_{lang}_<game>\n"
    }
    for game in games:
        modules[f"messages_{lang}_{game}"] = f"{head}MESSAGES = {parts[game]!r}\n"
    return modules


# ---------------------------------------------------------------- checks


def placeholders(text: str) -> list[str]:
    """The ``{…}`` fields of a message, sorted (the same in every language)."""
    return sorted(field.split("!")[0].split(":")[0] for field in PLACEHOLDER.findall(text))


def problems(lang: str, template: Catalog | None = None, root: Path = ROOT) -> list[str]:
    """What keeps ``lang``'s catalogue (in the checkout ``root``) from being complete: untranslated msgids and
    placeholder mismatches."""
    template = template or extract(root)
    translated = messages_of(po_path(lang, root / "refcli" / "locale"))
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        key = key_of(message)
        where = ", ".join(f"{file}:{line}" for file, line in message.locations[:2])
        if key not in translated:
            found.append(f"{where}: no {lang} translation: {key!r}")
            continue
        sources = key if isinstance(key, tuple) else (key,)
        targets = translated[key] if isinstance(key, tuple) else [translated[key]]
        for target in targets:
            if placeholders(target) != placeholders(sources[-1]):
                found.append(
                    f"{where}: placeholders differ in {lang}: {placeholders(sources[-1])} in {sources[-1]!r}, "
                    f"{placeholders(target)} in {target!r}"
                )
    return found


# ---------------------------------------------------------------- the command


def update() -> None:
    """Write the template, then bring each language's catalogue up to it (new msgids empty, old ones obsolete)."""
    template = extract()
    buffer = io.BytesIO()
    write_po(buffer, template, width=100, sort_output=False, omit_header=False)
    TEMPLATE.write_bytes(buffer.getvalue())
    for lang in TRANSLATED:
        path = po_path(lang)
        catalogue = read(path, lang) if path.exists() else Catalog(locale=lang, project="refcli")
        catalogue.update(template, no_fuzzy_matching=True)  # keeps every translation whose msgid is still used
        catalogue.obsolete.clear()
        out = io.BytesIO()
        write_po(out, catalogue, width=100, include_previous=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(out.getvalue())


def main(arguments: list[str]) -> int:
    command = arguments[0] if arguments else "check"
    if command == "update":
        update()
        print(
            f"wrote {TEMPLATE.relative_to(ROOT)} and "
            + ", ".join(str(po_path(lang).relative_to(ROOT)) for lang in TRANSLATED)
        )
        return 0
    if command in ("missing", "check"):
        template = extract()
        found = [problem for lang in TRANSLATED for problem in problems(lang, template)]
        paths = arguments[1:]
        if paths:
            found = [problem for problem in found if any(problem.startswith(path) for path in paths)]
        print("\n".join(found) if found else "every message is translated")
        return 1 if found else 0
    print(
        f"usage: python -m refcli.language.catalogues update|missing [PATH...]|check (not {command!r})", file=sys.stderr
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
