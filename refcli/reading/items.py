"""Values given on the command line as ``KEY=VALUE`` items (httpie style), typed by the format's description.

``refcli kuhhandel ruling situation=cow-trade animal=cat challenger.name=Ana
challenger.holds=2 challenger.offer=10,10,0 defender.name=Ben
defender.holds=2 defender.offer=50`` builds the table a file would hold, then
reads it through the normal reader, so the checks and messages are the file's.

How an item is written:

* ``a.b.c=VALUE``: dotted keys reach into tables (``challenger.offer``) and
  maps (``money.Ana``); a number picks the Nth ``[[table]]`` or array item,
  counting from 1 as messages do (``player.2.name=Ben``, ``bids.1=Ben,30``);
  ``player[2].name`` is the same key.
* The value is typed by the key's description, never guessed, and read as
  people type it (``refcli.reading.typed``, which the prompts use too): an
  integer key takes ``4``, a boolean ``true``/``false``, a list of numbers
  ``50 10 0``, ``50,10,0`` or ``50+10+0`` (nothing after ``=`` is an empty
  list), two dice ``34``, bids ``Ben 30, Cid 40``, a choice its word in either
  language, plural, number or first letters; a name or card stays text
  (``"euro 30 #12"``). A map of plain values may also be given whole:
  ``animals=pig=4,dog=4``.
* ``KEY:=TOML`` takes a TOML value as it is (``bids:='[["Ben", 30]]'``).
* Later items win over earlier ones and over the FILE they are merged into.

An argument is an item when the part before its first ``=`` is a key
(letters, digits, ``_``, ``-``, dots, ``[N]``); a file whose name looks like
one is written with a directory (``./a=b.toml``).

Errors in an item's value name the item: ``item 'challenger.offer=5x':
challenger.offer[1]: expected money cards …, found "5x"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from refcli.language.i18n import N_, _
from refcli.model.errors import DataError
from refcli.reading.typed import read_typed

if TYPE_CHECKING:
    from refcli.model.game import Game
    from refcli.reading.documents import Document
    from refcli.reading.formats import Description, Type
    from refcli.reading.locate import KeyPath

COMMAND_LINE = N_("<command line>")  # how a document made only of items is named in messages (translated)

_KEY = re.compile(r"[\w-]+(?:\[\d+\])*(?:\.[\w-]+(?:\[\d+\])*)*")
_DOTTED_KEY = re.compile(r"[\w-]+(?:\.[\w-]+)*")
_KEY_PARTS = re.compile(r"[.\[\]]+")
_LISTED = ("tables", "array", "names", "tuple")  # the kinds of value a number in a key counts the items of


class Item(NamedTuple):
    """One ``KEY=VALUE`` (or ``KEY:=TOML``) argument."""

    text: str  # as typed, for messages
    keys: tuple[str, ...]  # the dotted key, split (``[N]`` becomes its own part)
    value: Any  # the text after ``=``; with ``literal``, the value itself
    literal: bool = False


# -- telling items from files -----------------------------------------------------------
def split_key(key: str) -> tuple[str, ...] | None:
    """``player[2].name`` → ("player", "2", "name"); None if ``key`` is not a key."""
    if _DOTTED_KEY.fullmatch(key):  # the common case, split without a pattern
        return tuple(key.split("."))
    if not _KEY.fullmatch(key):
        return None
    return tuple(part for part in _KEY_PARTS.split(key) if part)


def parse_item(argument: str) -> Item | None:
    """The item ``argument`` is, or None when it is a file name."""
    key, equals, value = argument.partition("=")
    if not equals:
        return None
    literal = key.endswith(":")
    keys = split_key(key[:-1] if literal else key)
    if keys is None:
        return None
    if not literal:
        return Item(argument, keys, value)
    import tomllib

    try:
        parsed = tomllib.loads(f"v = {value}")["v"]
    except tomllib.TOMLDecodeError:
        raise DataError(_('expected a TOML value after :=, e.g. [10, 50] or "Ana"'), file=item_name(argument)) from None
    except (RecursionError, ValueError) as error:  # TOML, but past Python's limits: bad data (65), not bad usage (2)
        from refcli.reading.documents import beyond_limits

        return Item(argument, keys, Refused(beyond_limits(error, value, item_name(argument))), literal=True)
    return Item(argument, keys, parsed, literal=True)


class Refused(NamedTuple):
    """An item's value that was refused as data (nested too deeply, too many digits): ``compose`` raises it."""

    error: DataError


def split_arguments(arguments: Iterable[str]) -> tuple[list[str], list[Item]]:
    """The FILE arguments and the ``KEY=VALUE`` items, each in the order given."""
    files: list[str] = []
    items: list[Item] = []
    for argument in arguments:
        item = parse_item(argument)
        if item is None:
            files.append(argument)
        else:
            items.append(item)
    return files, items


def items_from(values: Mapping[str, Any] | Iterable[str]) -> list[Item]:
    """Items from the Python API: ``{"challenger.offer": "50,10,0"}`` or ``["challenger.offer=50,10,0"]``.

    In a mapping, a string is typed as on the command line; any other value is taken as it is.
    """
    from refcli.language.visible import clip, visible

    if isinstance(values, Mapping):
        found = []
        for key, value in values.items():
            keys = split_key(str(key))
            if keys is None:
                raise DataError(
                    _('expected a key such as challenger.offer, found "{key}"').format(key=visible(clip(str(key)))),
                    file=_(COMMAND_LINE),
                )
            found.append(Item(f"{key}={shown(value)}", keys, value, literal=not isinstance(value, str)))
        return found
    items = []
    for argument in values:
        item = parse_item(argument)
        if item is None:
            raise DataError(
                _("expected KEY=VALUE, found {argument}").format(argument=quote(clip(argument))), file=_(COMMAND_LINE)
            )
        items.append(item)
    return items


def shown(value: Any) -> str:
    """An API value as its item's text: ``str(value)``, or what it is when Python cannot write it (an
    integer over 4,300 digits, a list nested too deeply)."""
    try:
        return str(value)
    except (ValueError, RecursionError):
        from refcli.reading.tables import describe

        return describe(value)


# -- typing a value by its description -------------------------------------------------
def convert(t: Type | None, text: str, where: KeyPath = (), item: Item | None = None) -> Any:
    """``text`` as the TOML value ``t`` wants (``refcli.reading.typed``: as people type it); a word that
    begins several of a choice's words is refused naming the item."""
    from refcli.reading.typed import Ambiguous

    try:
        return read_typed(t, text)
    except Ambiguous as error:
        from refcli.reading.locate import format_path

        raise DataError(
            error.message, file=item_name(item.text) if item is not None else None, path=format_path(where) or None
        ) from None


# -- building the table -----------------------------------------------------------------
def child_type(t: Type | None, key: str, node: dict[str, Any]) -> Type | None:
    """The type of ``key`` inside a value of type ``t`` (None: not described; the reader will say so)."""
    if t is None:
        return None
    if t.kind == "table":
        return next((f.type for f in t.fields if f.key == key), None)
    if t.kind == "map":
        return t.item
    if t.kind == "union":
        tag = node.get(t.tag)
        for v in t.variants:
            if isinstance(tag, str) and v.key == tag.strip().casefold():
                return child_type(v.type, key, node)
        return next((v.type.fields[0].type for v in t.variants if key == t.tag), None)
    return None


def element_type(t: Type | None, index: int) -> Type | None:
    """The type of the ``index``-th (1-based) element of a list of type ``t``."""
    if t is None:
        return None
    if t.kind == "tables":
        from refcli.reading.formats import table

        return t.item if t.item is not None else table(*t.fields)
    if t.kind in ("array", "names"):
        return t.item
    if t.kind == "tuple":
        return t.items[index - 1] if index <= len(t.items) else None
    return None


class Builder:
    """Puts items into a document, typed by its description; remembers which item set which key path."""

    def __init__(self, fields: tuple[Any, ...] | None) -> None:
        from refcli.reading.formats import table

        self.top: Type | None = table(*fields) if fields is not None else None
        self.placed: list[tuple[KeyPath, Item]] = []
        self.created: list[tuple[KeyPath, Item]] = []  # keys no earlier item nor the FILE had: an item brought them
        # The tables and lists this builder made (copies of the base's and items' own, or new):
        # changed in place, so each item costs its own keys, not the size of the tables it reaches.
        self.own: dict[int, Any] = {}
        self.rows: dict[int, tuple[Type, Type | None]] = {}
        self.fields: dict[int, tuple[Type, dict[str, Type]]] = {}

    def owned(self, node: Any, kind: type) -> Any:
        """``node`` if this builder made it, else a copy of it it may change (an empty one if it is no ``kind``)."""
        if self.own.get(id(node), self) is node:  # (the builder itself: never a node)
            return node
        made = kind(node) if isinstance(node, kind) else kind()
        self.own[id(made)] = made  # the object is kept too, so its id is never another's
        return made

    def child_type(self, t: Type | None, key: str, node: dict[str, Any]) -> Type | None:
        """``child_type``, with each table's fields looked up by key (thousands of items reach the same table)."""
        if t is None or t.kind != "table":
            return child_type(t, key, node)
        fields = self.fields.get(id(t))
        if fields is None or fields[0] is not t:
            fields = self.fields[id(t)] = (t, {field.key: field.type for field in reversed(t.fields)})
        return fields[1].get(key)

    def element_type(self, t: Type | None, index: int) -> Type | None:
        """``element_type``, each list's row type made once (a list of thousands of tables asks for each)."""
        if t is None or t.kind != "tables" or t.item is not None:
            return element_type(t, index)
        row = self.rows.get(id(t))
        if row is None or row[0] is not t:
            row = self.rows[id(t)] = (t, element_type(t, index))
        return row[1]

    def apply(self, data: dict[str, Any], items: Iterable[Item]) -> dict[str, Any]:
        for item in items:
            data = self.put(data, item)
        return data

    def put(self, data: dict[str, Any], item: Item) -> dict[str, Any]:
        """``data`` with ``item`` set in it: each table or list on the way made the builder's own, once."""
        top: dict[str, Any] = self.owned(data, dict)
        holder: Any = top  # the table or list the next key goes into
        t = self.top  # the type and key path of what the next key reaches into
        where: KeyPath = ()
        keys = item.keys
        last = len(keys) - 1
        for position, head in enumerate(keys):
            slot: Any  # a key of a table, or a position in a list
            if isinstance(holder, list):
                index = int(head) if head.isdecimal() and len(head) <= 9 else 0  # not ² or 5,000 digits: no such item
                if not 1 <= index <= len(holder) + 1:
                    raise self.misplaced(item, where, head, len(holder))
                if index == len(holder) + 1:
                    holder.append(None)
                    self.created.append(((*where, index), item))
                slot, where, t = index - 1, (*where, index), self.element_type(t, index)
            else:
                if head not in holder:
                    self.created.append(((*where, head), item))
                slot, where, t = head, (*where, head), self.child_type(t, head, holder)
            if position == last:
                self.placed.append((where, item))
                holder[slot] = item.value if item.literal else convert(t, str(item.value), where, item)
                break
            node = holder[slot] if isinstance(holder, list) else holder.get(slot)
            listed = t is not None and t.kind in _LISTED
            following = keys[position + 1]
            made = self.owned(
                node, list if listed or (t is None and following.isdigit() and isinstance(node, list)) else dict
            )
            holder[slot] = made
            holder = made
        return top

    @staticmethod
    def misplaced(item: Item, where: KeyPath, head: str, count: int) -> DataError:
        from refcli.language.visible import clip, visible
        from refcli.reading.locate import format_path

        if count:
            message = _("expected an item number from 1 to {last} (they count from 1, without gaps), found {found}")
        else:
            message = _("expected an item number from 1 (they count from 1, without gaps), found {found}")
        return DataError(
            message.format(last=count + 1, found=visible(clip(head))),
            file=item_name(item.text),
            path=format_path(where) or None,
        )


def last_value(items: list[Item], key: str, base: Mapping[str, Any]) -> Any:
    """What the document will say at the top-level ``key`` (the last item giving it, else the file)."""
    for item in reversed(items):
        if item.keys == (key,):
            return item.value
    return base.get(key)


def describe_for(items: list[Item], base: Mapping[str, Any], game: Game | None, verb: str) -> Description | None:
    """The description the items are typed by: the game's ``final`` (score) or the situation (ruling).

    ``game``: the command's; None reads the ``game`` the items or the file name.
    """
    if game is None:
        from refcli.model import registry

        name = last_value(items, "game", base)
        game = registry.find(name) if isinstance(name, str) else None
    if game is None:
        return None
    formats = game.formats()
    if verb == "score":
        return formats.get("final")
    kind = last_value(items, "situation", base)
    named = situation_kind(game, kind) if isinstance(kind, str) else None  # English or Spanish ("subasta")
    if named is None or named in ("final", "record"):
        return None
    from refcli.reading.formats import with_spanish_words

    return with_spanish_words(formats[named], game)  # the choices' Spanish words, to type them by


def situation_kind(game: Game, word: str, *, begun: bool = True) -> str | None:
    """The situation kind ``word`` names (English or Spanish, plural or, unless ``begun`` is False, first
    letters; ``cow trade``), else None."""
    from refcli.reading.typed import Ambiguous, pick

    named = game.kind(word)
    if named is not None:
        return named
    kinds = [kind for kind in game.formats() if kind not in ("final", "record")]
    words = [(kind, kind) for kind in kinds] + [(w, e) for w, e in game.spanish.get("kind", {}).items() if e in kinds]
    try:
        return pick(word, words, begun=begun)
    except Ambiguous:
        return None  # the reader says which situations there are


def compose(base: Document | None, items: list[Item], game: Game | None, verb: str) -> tuple[Document, Builder]:
    """The document the items make, over ``base`` (a file's) when given; ``game``: the command's, if it names one.

    ``base`` is left as it is without copying it: the builder copies each table and list an item
    changes. A deep copy would also fail on what an API document may hold that cannot be copied (a
    generator, an open file), which the reader refuses as data with or without values.
    """
    from refcli.reading.documents import Document

    refused = next((item.value for item in items if isinstance(item.value, Refused)), None)
    if refused is not None:
        raise refused.error
    data = base.data if base is not None else {}
    desc = describe_for(items, data, game, verb)
    builder = Builder(desc.fields if desc is not None else None)
    data = builder.apply(data, items)
    if base is None:
        return Document.from_data(data, _(COMMAND_LINE)), builder
    return Document(name=base.name, data=data, text=base.text, line=base.line, has_lines=base.has_lines), builder


@contextmanager
def blamed(doc: Document, builder: Builder) -> Iterator[None]:
    """Errors about a key an item set, or brought (an unknown key), name that item instead of the file."""
    try:
        yield
    except DataError as error:
        if error.file == doc.name and error.path is not None:
            item = owner(error.path, builder.placed) or creator(error.path, builder.created)
            if item is not None:
                error.file, error.line = item_name(item.text), None
        raise


def owner(path: str, placed: list[tuple[KeyPath, Item]]) -> Item | None:
    """The last item that set ``path`` or a table holding it."""
    pieces: dict[str, str] = {}  # each key written once: thousands of items share their keys
    best: tuple[int, Item] | None = None
    for where, item in placed:
        end = _written_within(path, where, pieces)
        if end is not None and (end == len(path) or path[end] in ".[") and (best is None or end >= best[0]):
            best = (end, item)
    return best[1] if best else None


def creator(path: str, created: list[tuple[KeyPath, Item]]) -> Item | None:
    """The item that brought the key at ``path`` into the document (``player.3.name=x`` brings ``player``)."""
    from refcli.reading.locate import format_path

    return next((item for where, item in created if format_path(where) == path), None)


def _written_within(path: str, where: KeyPath, pieces: dict[str, str]) -> int | None:
    """How long ``where`` is written (``format_path``) if ``path`` starts with it, else None (at its first difference)."""
    from refcli.reading.locate import format_path

    at = 0
    for part in where:
        if isinstance(part, int):
            piece = f"[{part}]"
        else:
            piece = pieces.get(part) or pieces.setdefault(part, format_path((part,)))
            if at:
                piece = "." + piece
        if not path.startswith(piece, at):
            return None
        at += len(piece)
    return at


# -- the other way: a document as items (what prompts echo, what help shows) ----------
def items_of(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    """``data`` as ``KEY=VALUE`` items that build it again (``quote`` each for a shell); "#…" notes left out."""
    found: list[str] = []
    for key, value in data.items():
        if str(key).startswith("#"):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            found += items_of(value, f"{path}.")
        elif isinstance(value, (list, tuple)) and any(isinstance(v, (Mapping, list, tuple)) for v in value):
            for index, element in enumerate(value, 1):
                if isinstance(element, Mapping):
                    found += items_of(element, f"{path}.{index}.")
                else:
                    found.append(f"{path}.{index}={plain(element)}")
        else:
            found.append(f"{path}={plain(value)}")
    return found


def item_name(text: str) -> str:
    """How messages name the ``KEY=VALUE`` argument ``text`` in place of a file: ``item 'a=b c'``.

    A long item is cut to the length of any value a message quotes (``refcli.language.visible.clip``), with …
    """
    from refcli.language.visible import clip

    return _("item {argument}").format(argument=quote(clip(text)))


def quote(text: str) -> str:
    """``text`` as one shell word, printable (``refcli.language.visible.shell_word``: ``$'…'`` for a control character)."""
    from refcli.language.visible import shell_word

    return shell_word(text)


def plain(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(plain(v) for v in value)
    return str(value)
