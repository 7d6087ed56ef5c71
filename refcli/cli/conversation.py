"""Asking for a situation as a conversation: the game's questions for it, in the players' words.

A game that scripts a situation (``<package>.questions.SCRIPTS``, plain data:
``refcli.model.questions``), or its final holdings (``<package>.final_questions``), is asked only what applies, in the order the story
happened; what follows from earlier answers is not asked, and the optional
details are offered at the end in one question. Each answer is read at once,
as people type it (``refcli.reading.typed``), and checked by the reader of its
key in the format description, with the game's own check where it has one: an
answer that cannot be right is asked again with one sentence saying why.
``?`` shows what the question takes. The document the answers make is ruled
by the same path as a file.

Loaded only when refcli asks (never on a quick query's start-up).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from refcli.cli.prompts import Answer, Questions, Terminal, check
from refcli.language.i18n import _
from refcli.language.visible import clip
from refcli.model.errors import DataError
from refcli.model.questions import Refused
from refcli.reading.locate import KeyPath
from refcli.reading.typed import Ambiguous, pick, read_typed

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.model.questions import Ask, Script
    from refcli.reading.formats import Description, Field, Type


# The modules of a game's package that may script what refcli asks: the situations', and the final holdings'.
SCRIPT_MODULES = ("questions", "final_questions")


def script_for(game: Game, kind: str) -> Script | None:
    """The game's questions for ``kind`` (a situation, or ``final``: its package's ``questions`` or
    ``final_questions`` module), if it has them."""
    from importlib.util import find_spec

    for module in SCRIPT_MODULES:
        name = f"{game.package}.{module}"
        try:
            if find_spec(name) is None:
                continue
        except ModuleNotFoundError:
            continue
        scripts: dict[str, Script] = getattr(importlib.import_module(name), "SCRIPTS", {})
        if kind in scripts:
            return scripts[kind]
    return None


def scripted(terminal: Terminal, game: Game, kind: str, desc: Description, fixed: dict[str, Any]) -> Questions | None:
    """The conversation for situation ``kind`` (or ``final``, the holdings scored) when the game scripts it, else
    None (the key walk asks)."""
    script = script_for(game, kind)
    if script is None:
        return None
    terminal.say(_("Answer in your own words; ? shows what a question takes; Ctrl-C leaves."))
    return Conversation(terminal, desc, fixed, script)


def key_path(dotted: str) -> KeyPath:
    """``offer.2.cards`` → ("offer", 2, "cards"): a number is a list position."""
    return tuple(int(part) if part.isdecimal() else part for part in dotted.split("."))


def field_at(desc: Description, path: KeyPath) -> Field | None:
    """The description's field for ``path``: tables' positions and maps' keys step into their items."""
    fields = desc.fields
    found: Field | None = None
    parts = list(path)
    while parts:
        part = parts.pop(0)
        if found is not None and found.type.kind == "map":
            item = found.type.item
            if item is None:
                return None
            found = found._replace(type=item)
            fields = item.fields
            continue
        if isinstance(part, int):
            continue
        found = next((f for f in fields if f.key == part), None)
        if found is None:
            return None
        fields = found.type.fields
    return found


def map_value(t: Type, text: str) -> Any:
    """A map typed as ``Ana=3, Ben=9 14, Cid=``, or as people say it, ``Ana 3, Ben 9 14, Cid`` or
    ``cat 2, 2 pigs``: each entry's value read as its type reads it (a list of numbers takes blanks
    between), its key as the key's type reads it (``pigs`` is a pig). Nothing typed is an empty map; what
    has no key stays text, for the reader to refuse."""
    from refcli.reading.typed import split_list

    if not text.strip():
        return {}
    entries = [map_entry(part) for part in split_list(text)]
    if not all(key for key, _value in entries):
        return read_typed(t, text)
    return {map_key(t, key): read_typed(t.item, value) for key, value in entries}


def map_entry(part: str) -> tuple[str, str]:
    """(key, value) of one entry: ``Ben=9 14``, ``Ben 9 14`` (the words before the first number), ``2 pigs``."""
    if "=" in part:
        key, _equals, value = part.partition("=")
        return key.strip(), value.strip()
    words = part.split()
    numbers = [word.isdecimal() for word in words]
    if len(words) > 1 and numbers[0] and not any(numbers[1:]):  # 2 pigs: the count first
        return " ".join(words[1:]), words[0]
    cut = numbers.index(True) if True in numbers else len(words)
    return " ".join(words[:cut]), " ".join(words[cut:])


def map_key(t: Type, key: str) -> Any:
    """A map's key as typed: a game word as its type reads it (a plural, ``cats``, is the cat), else the name."""
    if t.key is not None and t.key.kind == "custom":
        return read_typed(t.key, key)
    return key


ARTICLES = ("the ", "a ", "an ", "el ", "la ", "los ", "las ", "un ", "una ")


def without_article(word: str) -> str:
    """``the score to beat`` → ``score to beat``: a detail may be named without its article."""
    folded = word.casefold()
    return next((word[len(a) :] for a in ARTICLES if folded.startswith(a)), word)


def any_name(t: Type) -> Type:
    """``t`` with each player in it read as a name: before the players are known, no name is refused."""
    from refcli.reading.formats.description import Type as TypeRecord

    if t.kind == "player":
        return TypeRecord("name", what=t.what, expected=t.expected)
    return t._replace(
        item=None if t.item is None else any_name(t.item), items=tuple(any_name(item) for item in t.items)
    )


class Conversation(Questions):
    """A scripted situation's questions; the answers kept as :class:`Questions` keeps them, so the document,
    the check of the whole and asking again what it refuses work the same."""

    def __init__(self, terminal: Terminal, desc: Description, fixed: dict[str, Any], script: Script) -> None:
        super().__init__(terminal, desc, fixed)
        self.script = script
        self.given: dict[str, Any] = {}  # dotted key → value, what the answers say so far
        self.asked = 0  # questions asked, Enter-only ones too
        self.each_again: dict[str, Callable[[], None]] = {}  # a table asked player by player → ask them all again

    def refused(self, error: DataError) -> None:
        """The reader's sentence alone: a conversation never shows a key path."""
        self.terminal.say("  " + error.message)

    def question_for(self, path: str) -> Any:
        """Only an answer given is asked again (never a key the conversation did not ask, as the key walk would);
        what only the players' answers together make wrong (a game not over) asks each player's again."""
        from refcli.reading.locate import format_path

        top = path.split(".")[0].split("[")[0]
        answered = [format_path(where) for where in self.answers]
        if top in self.each_again and not any(path.startswith((w, w + ".", w + "[")) for w in answered):
            return self.each_again[top]
        found = super().question_for(path)
        return found if any(str(where[0]) == top for where in self.answers) else None

    # -- what the answers say ------------------------------------------------------------
    def facts(self) -> dict[str, Any]:
        found = {key.replace(".", "_"): value for key, value in self.given.items()}
        if self.script.facts is not None:
            found.update(self.script.facts(self.given))
        return found

    def applies(self, ask: Ask) -> bool:
        return ask.when is None or bool(ask.when(self.given))

    def keep(self, dotted: str, value: Any, again: Any) -> None:
        self.given[dotted] = value
        if not dotted.startswith("_"):
            self.answers[key_path(dotted)] = Answer(value, again)

    # -- asking ------------------------------------------------------------------------------
    def ask_all(self) -> None:
        extras: list[Ask] = []
        for ask in self.script.asks:
            if ask.extra:
                extras.append(ask)
            elif ask.each:
                self.ask_each(ask)
                self.each_again[ask.key.split(".")[0]] = partial(self.ask_each, ask, again=True)
            elif self.applies(ask) and not self.derived(ask):
                self.ask_one(ask, {})
        self.ask_extras([ask for ask in extras if self.applies(ask)])
        for ask in extras:  # what follows from the answers, when "Anything else?" did not give it
            if ask.key not in self.given and ask.derive is not None:
                self.derived(ask)
        if self.script.finish is not None:  # what the answers imply as a whole (who holds a card named)
            for dotted, value in self.script.finish(self.given).items():
                self.keep(dotted, value, lambda: None)

    def ask_each(self, ask: Ask, *, again: bool = False) -> None:
        """``ask`` for each player; ``again``: every former answer forgotten first, so that none is checked
        against what it replaces (cards moved from one player to another)."""
        players = list(self.given.get(ask.each) or [])
        if again:
            for index, player in enumerate(players, 1):
                names = {**self.facts(), "player": player, "index": index}
                for dotted in [ask.key, *ask.spread]:
                    self.given.pop(dotted.format(**names), None)
                    self.answers.pop(key_path(dotted.format(**names)), None)
        for index, player in enumerate(players, 1):
            self.ask_one(ask, {"player": player, "index": index})

    def derived(self, ask: Ask) -> bool:
        """Take the value that follows from earlier answers; True when there is one."""
        if ask.derive is None:
            return False
        value = ask.derive(self.given)
        if value is None:
            return False
        key = ask.key.format(**self.facts())
        self.keep(key, value, lambda: self.ask_one(ask, {}))
        return True

    def ask_one(self, ask: Ask, each: dict[str, Any], typed: str | None = None) -> None:
        """Ask ``ask`` (``typed``: already answered, under "Anything else?") until its answer can be right."""
        names = {**self.facts(), **each}
        key = ask.key.format(**names)
        question = _(ask.text).format(**names)
        while True:
            if typed is None:
                self.asked += 1
                text = self.terminal.ask(question + " ")
            else:
                text, typed = typed, None
            if text == "?":
                self.explain(ask, key)
                continue
            if not text and ask.optional:
                for dotted in [key, *(k.format(**names) for k in ask.spread)]:
                    self.given.pop(dotted, None)
                    self.answers.pop(key_path(dotted), None)
                for dotted in ask.sets:  # a player who holds nothing is still at the table
                    self.keep(dotted.format(**names), each.get("player"), lambda: None)
                return
            why = self.take(ask, key, text, each)
            if why is None:
                return
            self.terminal.say("  " + why)

    def take(self, ask: Ask, key: str, text: str, each: dict[str, Any]) -> str | None:
        """Read and keep the answer; the sentence saying why it cannot be right, or None when kept."""
        names = {**self.facts(), **each}  # the player asked about wins over an answer of the same name
        keys = [key, *(k.format(**names) for k in ask.spread)]
        # the other answers: asked again, an answer is checked against the rest, never against its former self
        earlier = {dotted: value for dotted, value in self.given.items() if dotted not in keys}
        try:
            values = self.read_values(keys, text) if ask.read is None else self.read_own(ask, keys, text, earlier)
        except (Ambiguous, Refused) as error:
            return error.message
        except DataError as error:
            return error.message
        if ask.check is not None:
            why = ask.check(values[0] if len(values) == 1 else values, earlier)
            if why:
                return why
        for dotted in ask.sets:  # first: the one-line form and a saved file name the player before their answer
            self.keep(dotted.format(**names), each.get("player"), lambda: None)
        for dotted, value in zip(keys, values):
            self.keep(dotted, value, lambda: self.ask_one(ask, each))
        return None

    def read_values(self, keys: list[str], text: str) -> list[Any]:
        """The answer read for each key: one value for all, or one each (``2`` or ``2 1`` for two holdings)."""
        if len(keys) > 1:
            parts = text.replace(",", " ").replace("+", " ").split() or [""]
            if len(parts) not in (1, len(keys)):
                raise DataError(
                    _("Give one number for all, or one for each ({count}).").format(count=len(keys)), path=None
                )
            parts = parts * len(keys) if len(parts) == 1 else parts
            return [self.read_value(k, part) for k, part in zip(keys, parts)]
        return [self.read_value(keys[0], text)]

    def read_own(self, ask: Ask, keys: list[str], text: str, earlier: dict[str, Any]) -> list[Any]:
        """The answer as the game reads it (``ask.read``), each value then checked by the format's reader."""
        assert ask.read is not None
        read = ask.read(text, earlier)
        values = list(read) if len(keys) > 1 else [read]
        for dotted, value in zip(keys, values):
            field = field_at(self.desc, key_path(dotted))
            if field is not None:
                check(field.type, value, key_path(dotted), self.roster_now())
        return values

    def read_value(self, dotted: str, text: str) -> Any:
        """One value as the format reads its key; a scratch key holds names, commas between."""
        if dotted.startswith("_"):
            from refcli.reading.typed import split_list

            names = split_list(text)
            if not names or not all(names):
                raise DataError(_("Give the names, commas between (e.g. Ana, Ben, Cid)."), path=None)
            return names
        path = key_path(dotted)
        field = field_at(self.desc, path)
        if field is None:  # a key the description does not have: the reader of the whole says so
            return text
        if not text and field.type.kind not in ("array", "map"):
            raise DataError(_("This one needs an answer; ? shows what it takes."), path=None)
        value = map_value(field.type, text) if field.type.kind == "map" else read_typed(field.type, text)
        roster = self.roster_now()
        # nobody is at the table yet (the players follow from these answers): any name will do
        check(field.type if roster is not None else any_name(field.type), value, path, roster)
        return value

    def roster_now(self) -> list[str] | None:
        """The players known so far (a roster key answered), for checking a name is at the table."""
        for field in self.desc.fields:
            if field.roster and field.key in self.given:
                value = self.given[field.key]
                return [str(k) for k in value] if isinstance(value, dict) else [str(v) for v in value]
        players = self.given.get("_players")
        return [str(p) for p in players] if isinstance(players, list) else None

    def explain(self, ask: Ask, key: str) -> None:
        """``?``: what the question takes, its choices and its example."""
        from refcli.reading.formats.description import help_text

        field = None if key.startswith("_") else field_at(self.desc, key_path(key))
        if field is not None:
            self.terminal.say("  " + help_text(field))
            t = field.type
            options = list(t.choices) or list(t.words)
            if t.kind == "player":
                options = list(self.roster_now() or [])
            if options:
                self.terminal.say("  " + _("The choices: {choices}.").format(choices=", ".join(options)))
            example = field.example
            if example is not None and not isinstance(example, dict):
                from refcli.reading.typed import natural

                self.terminal.say("  " + _("For example: {example}").format(example=natural(field.type, example)))
        if ask.optional:
            self.terminal.say("  " + _("Enter leaves it out."))
        self.terminal.say("  " + _("The example in the question is an answer of the right kind; Ctrl-C leaves."))

    def ask_extras(self, extras: list[Ask]) -> None:
        """The one question offering the optional details; each named is then asked (or read when given)."""
        if not extras:
            return
        words = [_(ask.extra) for ask in extras]
        while True:
            self.asked += 1
            text = self.terminal.ask(
                _("Anything else? {details} — Enter for none:").format(details=", ".join(words)) + " "
            )
            if not text:
                return
            if text == "?":
                self.terminal.say("  " + _("Name one or more of them, commas between, or Enter for none."))
                continue
            chosen = self.named_extras(extras, text)
            if chosen is not None:
                break
        for ask, typed in chosen:
            self.ask_one(ask, {}, typed)

    def named_extras(self, extras: list[Ask], text: str) -> list[tuple[Ask, str | None]] | None:
        """The details named (``strikes``, or ``card double`` with its value), else None after saying why."""
        by_word = {_(ask.extra): ask for ask in extras}  # a detail stands for itself by its word, as shown
        pairs = [
            (word, _(ask.extra))
            for ask in extras
            for word in {_(ask.extra), ask.extra, without_article(_(ask.extra)), without_article(ask.extra)}
        ]
        found: list[tuple[Ask, str | None]] = []
        for part in text.split(","):
            try:
                named = self.detail_named(part, pairs)
            except Ambiguous as error:
                if not (found and found[-1][1]):
                    self.terminal.say("  " + error.message)
                    return None
                named = None
            if named is not None:
                found.append((by_word[named[0]], named[1] or None))
            elif found and found[-1][1]:  # a value with commas in it goes on: strikes Ana=0, Ben=2
                ask, value = found[-1]
                found[-1] = (ask, f"{value},{part}")
            else:
                self.terminal.say(
                    "  "
                    + _('"{found}" is none of these: {details}.').format(
                        found=clip(part.strip()), details=", ".join(by_word)
                    )
                )
                return None
        return found

    @staticmethod
    def detail_named(part: str, pairs: list[tuple[str, str]]) -> tuple[str, str] | None:
        """(the detail, the value typed after it) when the part's first words name one (the longest run)."""
        words = part.split()
        for cut in range(len(words), 0, -1):
            meant = pick(" ".join(words[:cut]), pairs)
            if meant is not None:
                return meant, " ".join(words[cut:])
        return None
