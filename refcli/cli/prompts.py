"""Asking for a situation or a snapshot on a terminal, question by question, from its description.

``refcli GAME ruling`` with no FILE and no items, on a terminal, asks which
situation, then each value its description lists (players first when other
keys name them), in the format's order: the choices listed, defaults in
brackets (Enter takes them), optional keys left out with Enter. Each answer
is typed as a ``KEY=VALUE`` item would be (``refcli.reading.items``) and checked by
the same reader a file goes through, with the same message; a bad answer is
asked again. What only the whole document can say (two players with one
name, a rule a game's reader checks) is checked at the end, and the answer
it points at is asked again.

Questions go to stderr, so the ruling on stdout can still be piped or
redirected; answers are read from stdin. Ctrl-C leaves with exit 130 (as
anywhere in refcli), end of input (Ctrl-D) with exit 130 and one line.

This module (and what it imports) is loaded only when refcli asks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from refcli.language.i18n import N_, _, game_title, ngettext
from refcli.language.visible import clip, visible
from refcli.model.errors import DataError, OutputUnwritable
from refcli.reading.items import items_of, quote
from refcli.reading.locate import KeyPath, format_path
from refcli.reading.typed import SCALAR_KINDS, Ambiguous, pick, read_typed, yes_or_no

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.reading.documents import Document
    from refcli.reading.formats import Description, Field, Type

PROMPTS = N_("<answers>")  # how the document built from answers is named in messages (translated where used)
# "Another player?" for the tables the formats repeat, as a whole question (Spanish: "¿Otro jugador?",
# "¿Otra jugada?": the word decides the article); another key gets "another {key}?".
ANOTHER = {"player": N_("another player?"), "event": N_("another event?"), "offer": N_("another offer?")}
MAX_RETRIES = 20  # whole-document checks in a row before giving up (a loop the answers cannot leave)


class EndOfInput(Exception):
    """Standard input ended (Ctrl-D) while a question waited."""


def stdin_is_terminal() -> bool:
    """Whether refcli may ask (tests replace this to ask through a runner's input)."""
    isatty = getattr(sys.stdin, "isatty", None)
    return bool(isatty and isatty())


class Terminal:
    """Questions on stderr, answers from stdin, one line each."""

    def say(self, text: str = "") -> None:
        """One line (or a wrapped paragraph); an answer it quotes back is shown escaped (``refcli.language.visible``)."""
        sys.stderr.write(visible(text, keep="\n") + "\n")
        sys.stderr.flush()

    def ask(self, prompt: str) -> str:
        """One line typed, without the blanks around it; a line that is not text in the terminal's encoding is
        refused with the reader's message and asked again, as a file's bytes would be refused. The prompt is
        shown escaped, like every line ``say`` writes."""
        while True:
            sys.stderr.write(visible(prompt, keep="\n"))  # its label may name a key typed (a map's)
            sys.stderr.flush()
            line = read_line()
            if not line:
                raise EndOfInput
            try:
                return decoded(line).strip()
            except UnicodeDecodeError as error:
                self.say("  " + not_text(error))

    def choose(
        self, title: str, label: str, options: list[tuple[str, str]], synonyms: Iterable[tuple[str, str]] = ()
    ) -> str:
        """One of ``options`` (word, what it is), by number, word (any case, blanks for hyphens, plural), one of
        ``synonyms`` ((word, option) pairs: the game's Spanish words) or first letters no other word has."""
        width = max(len(word) for word, _what in options) + 2
        self.say(title)
        for number, (word, what) in enumerate(options, 1):
            line = f"  {number}. {word.ljust(width)}{what}"
            self.say(line if len(line) <= 79 else line[:78] + "…")
        words = [word for word, _what in options]
        while True:
            answer = self.ask(f"{label} [1-{len(options)}]: ")
            if answer.isdecimal() and len(answer) <= 9 and 1 <= int(answer) <= len(options):
                return words[int(answer) - 1]
            try:
                meant = pick(answer, [(word, word) for word in words] + [p for p in synonyms if p[1] in words])
            except Ambiguous as error:
                self.say(f"  {label}: {error.message}")
                continue
            if meant is not None:
                return meant
            if answer:
                said = _('  {label}: "{answer}" is not one of {choices}: type one of them, or its number')
            else:
                said = _("  {label}: type one of {choices}, or its number")
            self.say(said.format(label=label, choices=", ".join(words), answer=clip(answer)))

    def confirm(self, question: str, default: bool = False) -> bool:
        hint = _(YES_NO_HINTS[default])
        while True:
            answer = self.ask(f"{question} {hint}: ")
            if not answer:
                return default
            meant = yes_or_no(answer)
            if meant is not None:
                return meant
            self.say(_('  "{answer}" is neither y nor n: answer y or n').format(answer=clip(answer.casefold())))


def read_line() -> bytes | str:
    """The next line of stdin as its bytes: a terminal in a strict UTF-8 locale would otherwise raise on a byte
    that is not UTF-8 inside readline, where nothing can be asked again, and a "C" locale's would let it
    through as a lone surrogate. A stream without bytes beneath it (a test's) gives its text."""
    from refcli.model.interruption import raise_if_signalled

    raise_if_signalled()  # a kill Python lost while importing must not leave the question waiting
    stream = getattr(sys.stdin, "buffer", None)
    return stream.readline() if stream is not None else sys.stdin.readline()


def decoded(line: bytes | str) -> str:
    """The line as text, in the terminal's encoding (UnicodeDecodeError when it is not)."""
    if isinstance(line, str):
        return line
    return line.decode(getattr(sys.stdin, "encoding", None) or "utf-8")


def not_text(error: UnicodeDecodeError) -> str:
    """The message for a line that does not decode: the file reader's, for UTF-8 (what the files must be)."""
    import codecs

    byte = f"0x{error.object[error.start]:02x}"
    if codecs.lookup(error.encoding).name == "utf-8":
        return _("expected UTF-8 text, found the byte {byte} that is not UTF-8").format(byte=byte)
    return _("expected text in the terminal's encoding ({encoding}), found the byte {byte}").format(
        encoding=error.encoding, byte=byte
    )


# What Enter gives in a yes-or-no question: [Y/n] when it means yes. Spanish: [S/n].
YES_NO_HINTS = {True: N_("[Y/n]"), False: N_("[y/N]")}


class Answer:
    """One answered question: the value at its key path, and how to ask it again."""

    __slots__ = ("value", "again")

    def __init__(self, value: Any, again: Callable[[], None]) -> None:
        self.value = value
        self.again = again


class Questions:
    """The questions of one description, and the document their answers make."""

    def __init__(self, terminal: Terminal, desc: Description, fixed: dict[str, Any]) -> None:
        self.terminal = terminal
        self.desc = desc
        self.fixed = fixed  # keys not asked: game, situation
        self.answers: dict[KeyPath, Answer] = {}
        self.roster: list[str] | None = None

    # -- the document --------------------------------------------------------
    def document(self) -> dict[str, Any]:
        """The answers as the TOML table a file would hold, keys in the description's order."""
        data: dict[str, Any] = dict(self.fixed)
        order = {f.key: index for index, f in enumerate(self.desc.fields)}
        for path in sorted(self.answers, key=lambda p: order.get(str(p[0]), len(order))):
            put(data, path, self.answers[path].value)
        return data

    def ask_all(self) -> None:
        from refcli.reading.formats.description import reading_order

        for field in reading_order(self.desc.fields):
            if field.key not in self.fixed and field.asked:
                self.ask_field(field, (field.key,))

    def settle(self, read: Callable[[dict[str, Any]], Any]) -> Any:
        """``read(document)``, asking again what a DataError points at until it reads."""
        for _attempt in range(MAX_RETRIES):
            try:
                return read(self.document())
            except DataError as error:
                if error.path is None:
                    raise
                again = self.question_for(error.path)
                if again is None:
                    raise
                self.refused(error)
                again()
        return read(self.document())

    def refused(self, error: DataError) -> None:
        """Say why the whole document was refused, before asking again the answer it points at."""
        self.terminal.say(f"  {error.path}: {error.message}")

    def question_for(self, path: str) -> Callable[[], None] | None:
        """The answer at ``path`` (or the nearest holding it) to ask again; else the whole top-level key."""
        best: tuple[int, Callable[[], None]] | None = None
        for where, answer in self.answers.items():
            written = format_path(where)
            if path == written or path.startswith((written + ".", written + "[")):
                if best is None or len(written) > best[0]:
                    best = (len(written), answer.again)
        if best is not None:
            return best[1]
        top = path.split(".")[0].split("[")[0]
        field = next((f for f in self.desc.fields if f.key == top and f.key not in self.fixed), None)
        if field is None:
            return None
        return lambda: self.ask_field_again(field)

    def ask_field_again(self, field: Field) -> None:
        for path in [p for p in self.answers if p[0] == field.key]:
            del self.answers[path]
        self.ask_field(field, (field.key,))

    # -- asking ----------------------------------------------------------------
    def ask_field(self, field: Field, where: KeyPath) -> None:
        from refcli.reading.formats.description import help_text

        t = field.type
        kind = t.kind
        label = dotted(where)
        if kind == "const":
            self.answers[where] = Answer(t.value, lambda: None)
        elif kind == "table":
            if field.required or self.terminal.confirm(f"{label}? ({help_text(field)})"):
                from refcli.reading.formats.description import reading_order

                for sub in reading_order(t.fields):
                    self.ask_field(sub, (*where, sub.key))
        elif kind == "tables":
            self.ask_tables(field, where)
        elif kind == "union":
            self.ask_union(t, where)
        elif kind == "map" and not (t.item is not None and t.item.kind in SCALAR_KINDS and not self.by_player(t)):
            self.ask_map(field, where)
        elif kind == "array" and t.item is not None and t.item.kind not in SCALAR_KINDS:
            self.ask_elements(field, where)
        else:
            self.ask_leaf(field, where)
        if field.roster and where == (field.key,):
            self.roster = self.names_in(field)

    def names_in(self, field: Field) -> list[str]:
        value = self.document().get(field.key)
        if isinstance(value, dict):
            return [str(k) for k in value]
        if isinstance(value, list) and field.type.kind == "tables":
            key = next((f.key for f in field.type.fields if f.type.kind == "name"), "name")
            return [str(entry.get(key, "")).strip() for entry in value if isinstance(entry, dict)]
        return [str(v).strip() for v in value] if isinstance(value, list) else []

    def by_player(self, t: Type) -> bool:
        """A map keyed by the players, once they are known: asked player by player."""
        return t.key is not None and t.key.kind == "player" and bool(self.roster)

    def ask_tables(self, field: Field, where: KeyPath) -> None:
        from refcli.reading.formats.description import help_text

        t = field.type
        low, high = t.minimum or 0, t.maximum
        noun = dotted(where)
        count = 0
        while high is None or count < high:
            if count >= low:
                question = (
                    (_(ANOTHER[noun]) if noun in ANOTHER else _("another {key}?").format(key=noun))
                    if count
                    else _("any {key}? ({help})").format(key=noun, help=help_text(field))
                )
                if not self.terminal.confirm(question):
                    break
            count += 1
            here = (*where, count)
            if t.item is not None and t.item.kind == "union":
                self.ask_union(t.item, here)
            else:
                from refcli.reading.formats.description import reading_order

                for sub in reading_order(t.fields):
                    self.ask_field(sub, (*here, sub.key))

    def ask_union(self, t: Type, where: KeyPath) -> None:
        options = [(v.key, v.help) for v in t.variants]
        options = [(key, _(what)) for key, what in options]
        question = _("{key}: which {what}?").format(key=dotted(where), what=_(t.what))
        tag = self.terminal.choose(question, dotted((*where, t.tag)), options, t.synonyms)
        self.answers[(*where, t.tag)] = Answer(tag, lambda: self.ask_union(t, where))
        variant = next(v for v in t.variants if v.key == tag)
        for sub in variant.type.fields[1:]:  # the first is the tag
            self.ask_field(sub, (*where, sub.key))

    def ask_map(self, field: Field, where: KeyPath) -> None:
        from refcli.reading.formats.description import help_text

        t = field.type
        assert t.key is not None and t.item is not None
        label = dotted(where)
        if not field.required and not self.terminal.confirm(f"{label}? ({help_text(field)})"):
            return
        value_field = field._replace(type=t.item, required=False, default=None, example=None)
        if self.by_player(t):
            for name in self.roster or []:
                self.ask_field(value_field, (*where, name))
            return
        count = 0
        while t.maximum is None or count < t.maximum:
            done = count >= (t.minimum or 0)
            noun = _("a player's name") if t.key.kind in ("name", "player") else _(t.key.what or N_("a key"))
            blank = _(" (blank: done)") if done else ""
            key = self.terminal.ask(f"{label}: {noun}{blank}: ")
            if not key:
                if done:
                    return
                self.terminal.say(
                    ngettext(
                        "  {label}: {count} given, and at least {minimum} is needed",
                        "  {label}: {count} given, and at least {minimum} are needed",
                        t.minimum or 0,
                    ).format(label=label, minimum=t.minimum, count=count)
                )
                continue
            count += 1
            self.ask_field(value_field._replace(required=True), (*where, key))

    def ask_elements(self, field: Field, where: KeyPath) -> None:
        """An array of pairs or tables: one question per item, blank when done."""
        t = field.type
        assert t.item is not None
        count = 0
        while t.maximum is None or count < t.maximum:
            count += 1
            element = field._replace(type=t.item, required=count <= (t.minimum or 0), default=None)
            if not self.ask_leaf(element, (*where, count), done=True):
                return

    def ask_leaf(self, field: Field, where: KeyPath, *, done: bool = False) -> bool:
        """One value on one line; True when answered, False when left out."""
        from refcli.reading.formats.description import help_text

        t = field.type
        label = dotted(where)
        prompt = f"{label} ({help_text(field)}{hint(t)}){choices(t, self.roster)}{fallback(field, done)}: "
        while True:
            text = self.terminal.ask(prompt)
            if not text and not field.required:
                self.answers.pop(where, None)
                return False
            try:
                # as people type it (refcli.reading.typed); an empty list may be asked for
                value = read_typed(t, text) if text or t.kind == "array" else None
                if value is None:
                    from refcli.reading.formats.reader import missing_expected
                    from refcli.reading.tables import missing_key

                    raise DataError(missing_key(missing_expected(field)), path=format_path(where))
                check(t, value, where, self.roster)
            except DataError as error:
                self.terminal.say(f"  {error.path or label}: {error.message}")
                continue
            except Ambiguous as error:
                self.terminal.say(f"  {label}: {error.message}")
                continue
            self.answers[where] = Answer(value, lambda: self.ask_leaf_again(field, where, done))
            return True

    def ask_leaf_again(self, field: Field, where: KeyPath, done: bool) -> None:
        self.ask_leaf(field._replace(required=True), where, done=done)


# -- how questions look ----------------------------------------------------------------
def dotted(where: KeyPath) -> str:
    """A key path as an item spells it: ``player.2.name``."""
    return ".".join(str(part) for part in where)


def hint(t: Type) -> str:
    if t.kind == "array" and t.item is not None and t.item.kind == "integer":  # refcli.reading.typed reads them
        return _("; spaces, commas or + between")
    if t.kind in ("array", "names", "tuple"):
        return _("; commas between")
    if t.kind == "map":
        return _("; key=value, commas between")
    return ""


def choices(t: Type, roster: list[str] | None) -> str:
    if t.kind == "choice":
        return f" [{'/'.join(t.choices)}]"
    if t.kind == "player" and roster:
        return f" [{'/'.join(roster)}]"
    return ""


def fallback(field: Field, done: bool) -> str:
    """What Enter gives: the default, nothing (left out), or the end of a list."""
    from refcli.output.toml_values import toml_value

    default = field.default
    if field.type.kind == "boolean":
        if done:
            return " " + _("[blank: done]")
        return " " + _(YES_NO_HINTS[default] if isinstance(default, bool) else N_("[y/n]"))
    if field.required:
        return ""
    if done:
        return " " + _("[blank: done]")
    if default in ([], {}, ()):
        return " " + _("[blank: none]")
    if isinstance(default, bool):
        answer = _("y") if default else _("n")
        return f" [{answer}]"
    if default is not None:
        return f" [{toml_value(default).strip(chr(34))}]"
    return " " + _("[blank: leave out]")


def check(t: Type, value: Any, where: KeyPath, roster: list[str] | None) -> None:
    """The file reader's check of one value (DataError with its message when it does not fit)."""
    from refcli.reading.documents import Document
    from refcli.reading.formats.reader import Context, compile_type

    context = Context(Document.from_data({}, _(PROMPTS)))
    context.names = list(roster or [])
    compile_type(t, str(where[-1]))(value, context, where[:-1], where[-1])


def put(data: dict[str, Any], path: KeyPath, value: Any) -> None:
    """Set ``value`` at ``path`` (an int is a 1-based list position), making tables and lists on the way."""
    node: Any = data
    for part, following in zip(path, path[1:]):
        empty: Any = [] if isinstance(following, int) else {}
        if isinstance(part, int):
            while len(node) < part:
                node.append(None)
            if node[part - 1] is None:
                node[part - 1] = empty
            node = node[part - 1]
        else:
            node = node.setdefault(part, empty)
    last = path[-1]
    if isinstance(last, int):
        while len(node) < last:
            node.append(None)
        node[last - 1] = value
    else:
        node[last] = value


# -- the sessions the commands run -----------------------------------------------------
def leave_on_end(run: Callable[[], Any]) -> Any:
    """``run()``; Ctrl-D leaves with one line and exit 130, Ctrl-C with exit 130 (the line ended first)."""
    import typer

    from refcli.cli.lifecycle import Interrupted

    try:
        return run()
    except EndOfInput:
        sys.stderr.write("\n" + _("refcli: stopped: end of input before every question was answered") + "\n")
        raise typer.Exit(130) from None
    except (Interrupted, KeyboardInterrupt):
        sys.stderr.write("\n")
        raise


# The label of a question choosing from a numbered list: words, never a key's name.
CHOICE = N_("Number or name")


def choose_game(terminal: Terminal, verb: str) -> Game:
    from refcli.model import registry

    games = [game for game in registry.built_in() if game.verb(verb) is not None and game.describes_formats()]
    chosen = terminal.choose(_("Which game?"), _(CHOICE), [(game.id, game_title(game.title)) for game in games])
    return next(game for game in games if game.id == chosen)


def situation_kinds(game: Game) -> dict[str, Description]:
    return {kind: desc for kind, desc in game.formats().items() if kind not in ("final", "record")}


Scripted = Callable[["Terminal", "Game", str, "Description", dict[str, Any]], "Questions | None"]


def ask_document(
    game: Game, verb: str, scripted: Scripted | None = None
) -> tuple[Questions, Callable[[Callable[[Document], Any]], Any]]:
    """Ask for a situation (``ruling``) or a final snapshot (``score``) of ``game``.

    Returns the questions (their document) and ``settle(read)``, which reads
    the answers' document with ``read``, asking again what it refuses.
    ``scripted``: the game's conversation for the situation chosen or its final holdings, when it has one
    (``refcli.cli.conversation``); otherwise (a plug-in's game) each key is asked in the format's order.
    """
    from refcli.reading.documents import Document

    terminal = Terminal()
    if verb == "ruling":
        kinds = situation_kinds(game)
        kind = terminal.choose(
            _("{game}: which situation?").format(game=game_title(game.title)),
            _(CHOICE),
            [(k, _(d.summary)) for k, d in kinds.items()],
            game.spanish.get("kind", {}).items(),
        )
        desc = kinds[kind]
        fixed = {"game": game.id, "situation": kind}
    else:
        desc = game.formats()["final"]
        fixed = {"game": game.id}
    import textwrap

    from refcli.reading.formats import with_spanish_words

    desc = with_spanish_words(desc, game)  # an answer may be the game's Spanish word ("verdad", "Mi mal")
    terminal.say(textwrap.fill(f"{_(desc.title)}: {_(desc.summary)}", width=79))
    kind = fixed.get("situation", "final")  # the final holdings are scripted under "final"
    questions = None if scripted is None else scripted(terminal, game, kind, desc, fixed)
    if questions is None:
        terminal.say(_("Enter takes the value in [brackets]; Ctrl-C leaves."))
        questions = Questions(terminal, desc, fixed)
    questions.ask_all()

    def settle(read: Callable[[Document], Any]) -> Any:
        return questions.settle(lambda data: read(Document.from_data(data, _(PROMPTS))))

    return questions, settle


def one_line(game: Game, verb: str, data: dict[str, Any]) -> str:
    """The command that gives the same document as items."""
    shown = {key: value for key, value in data.items() if key != "game"}
    return " ".join(["refcli", game.id, verb, *map(quote, items_of(shown))])


def save(data: dict[str, Any], game: Game | str, verb: str, path: str, force: bool) -> None:
    """Write the document as TOML (``refcli.output.files``: whole or not at all, never over a file without ``force``).

    ``-`` is standard output, after the result (or alone there when ``-o FILE`` takes the result), never a file.
    """
    from refcli.output.files import STANDARD_OUTPUT, standard_output, write_file

    game_id = game if isinstance(game, str) else game.id
    text = f"# run: refcli {game_id} {verb} FILE\n" + toml_text(data)
    if path == STANDARD_OUTPUT:
        from refcli.output.render import toml_for

        stream = standard_output()
        stream.write(toml_for(stream, text))
        stream.flush()
        return
    write_file(path, text, force)
    print(_("wrote {path}").format(path=visible(path)), file=sys.stderr)


def toml_text(data: dict[str, Any]) -> str:
    """``data`` as a TOML document: plain keys, then ``[table]`` and ``[[table]]`` sections.

    What tomli_w leaves raw in a string (C1 controls, U+2028/U+2029, bidirectional controls) is written
    as its ``\\u`` escape, the same value: the saved file, or standard output, never holds what a terminal acts on.
    """
    import tomli_w

    from refcli.language.visible import in_document

    return in_document(tomli_w.dumps(data), toml=True)


SAVE_SITUATION = N_("Save this situation as TOML? file name (blank: don't):")
SAVE_SNAPSHOT = N_("Save this snapshot as TOML? file name (blank: don't):")


def offer_save(data: dict[str, Any], game: Game, verb: str, force: bool) -> None:
    """Ask for a file name to save the document in (blank: not saved); a name refused is asked again."""
    terminal = Terminal()
    question = SAVE_SITUATION if verb == "ruling" else SAVE_SNAPSHOT
    while True:
        try:
            path = terminal.ask(_(question) + " ")
        except EndOfInput:  # the ruling is out: the end of input only means no
            terminal.say()
            return
        if not path:
            return
        try:
            save(data, game, verb, path, force)
            return
        except OutputUnwritable as error:
            terminal.say(f"  {error.one_line()}")


def ask_kind(game: Game) -> str:
    """``GAME template`` with no KIND: which file to start."""
    return str(
        leave_on_end(
            lambda: Terminal().choose(
                _("{game}: which starter file?").format(game=game_title(game.title)),
                "kind",
                [(k, _(d.title)) for k, d in game.formats().items()],
            )
        )
    )
