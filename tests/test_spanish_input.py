"""Spanish input everywhere a user types a word, with JSON that stays English.

Each game declares its Spanish words once (``Game.spanish``: the rulebooks'
words, by what they name); the format reader takes them, ignoring case,
accents and blanks, wherever the English id would do: the ``game`` key (every
name of the game, also from the generic ``refcli score/ruling/validate``),
situation and template kinds, event types, Bamboozled's cards, Cup of Bluff's
answers, Money!'s currencies (values and snapshot keys), actions and cards,
directions and moments. The check is always the same: a file in Spanish gives
exactly the JSON its English twin gives (apart from ``file``), so every value
a script reads stays the English id.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES, Invoke

from refcli.language.folding import fold
from refcli.language.i18n import using
from refcli.model import registry
from refcli.model.game import Game
from refcli.reading.formats import Type, with_spanish_words

Write = Callable[[str, str], str]
GAMES = {game.id: game for game in registry.built_in()}


def bare(word: str) -> str:
    """``word`` without its accents (as a keyboard without them types it): "dólar" → "dolar"."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))


def spellings(word: str) -> list[str]:
    """The ways a person may type a word: as the rulebook writes it, without accents, in capitals."""
    return list(dict.fromkeys([word, bare(word), word.upper(), f" {word.title()} "]))


def without_files(value: Any) -> Any:
    """A JSON document without its ``file`` keys (the two files compared have different names)."""
    if isinstance(value, dict):
        return {key: without_files(item) for key, item in value.items() if key != "file"}
    if isinstance(value, list):
        return [without_files(item) for item in value]
    return value


def json_of(invoke: Invoke, args: list[str]) -> tuple[int, Any]:
    result = invoke([*args, "--format", "json"])
    assert result.stdout, (args, result.stderr)
    return result.exit_code, without_files(json.loads(result.stdout))


def example_text(example: str) -> str:
    return (EXAMPLES / example).read_text(encoding="utf-8")


def replaced(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new)


def verb_of(example: str) -> str:
    return example_text(example).splitlines()[0].split()[4]


def same_as_english(invoke: Invoke, write: Write, example: str, old: str, new: str, *, generic: bool = False) -> None:
    """The example with ``old`` written ``new`` gives exactly the English example's JSON and exit status."""
    game = Path(example).parent.name
    verb = verb_of(example)
    command = [verb] if generic else [game, verb]
    english = write(example_text(example), "english.toml")
    spanish = write(replaced(example_text(example), old, new), "spanish.toml")
    expected = json_of(invoke, [*command, english])
    assert expected[0] in (0, 1), expected
    assert json_of(invoke, [*command, spanish]) == expected


# -- the game's names: the alias bug --------------------------------------------------------------------------
FILES_OF = {  # one file per verb and game: score, ruling, validate
    "kuhhandel": ["kuhhandel/rulebook-2460.toml", "kuhhandel/auction-spec.toml", "kuhhandel/record-edition2.toml"],
    "bamboozled": ["bamboozled/standings.toml", "bamboozled/challenge-spec.toml", "bamboozled/record-game.toml"],
    "money": ["money/rulebook-450.toml", "money/bids-spec.toml", "money/record-game.toml"],
    "cup-of-bluff": ["cup-of-bluff/final-tie.toml", "cup-of-bluff/call-spec.toml", "cup-of-bluff/record-game.toml"],
}
NAMES = [
    ("kuhhandel", "estas-fanfarroneando"),
    ("kuhhandel", "¡Estás fanfarroneando!"),
    ("kuhhandel", "you-re-bluffing"),
    ("bamboozled", "engañado"),
    ("bamboozled", "enganado"),
    ("bamboozled", "Engañado"),
    ("money", "dinero"),
    ("money", "¡Dinero!"),
    ("cup-of-bluff", "taza de farol"),
    ("cup-of-bluff", "Taza-de-Farol"),
    ("cup-of-bluff", "cupofbluff"),
]


@pytest.mark.parametrize(("game", "name"), NAMES)
@pytest.mark.parametrize("generic", [True, False], ids=["refcli VERB", "refcli GAME VERB"])
def test_every_name_of_the_game_is_its_game_key_for_every_verb(
    invoke: Invoke, write: Write, game: str, name: str, generic: bool
) -> None:
    """``game = "dinero"`` is the money game's key for every verb, not 'expected "money" (this is the money command)'."""
    for example in FILES_OF[game]:
        same_as_english(invoke, write, example, f'game = "{game}"', f'game = "{name}"', generic=generic)


def test_the_alias_bug_as_reported(invoke: Invoke, write: Write) -> None:
    path = write(replaced(example_text("money/rulebook-450.toml"), 'game = "money"', 'game = "dinero"'), "d.toml")
    for args in (["score", path], ["money", "score", path]):
        result = invoke(args)
        assert result.exit_code == 0, result.output
        assert "this is the money command" not in result.output


def test_a_name_of_another_game_is_still_refused(invoke: Invoke, write: Write) -> None:
    path = write(replaced(example_text("money/rulebook-450.toml"), 'game = "money"', 'game = "engañado"'), "d.toml")
    result = invoke(["money", "score", path])
    assert result.exit_code == 65
    assert result.output.strip().endswith('game: expected "money" (this is the money command), found "engañado"')


# -- situation and template kinds -------------------------------------------------------------------------------
SITUATION_EXAMPLES = {
    ("kuhhandel", "auction"): "kuhhandel/auction-spec.toml",
    ("kuhhandel", "cow-trade"): "kuhhandel/cow-trade-spec.toml",
    ("kuhhandel", "trade-options"): "kuhhandel/trade-options-empty-deck.toml",
    ("kuhhandel", "donkey"): "kuhhandel/donkey-third.toml",
    ("bamboozled", "challenge"): "bamboozled/challenge-spec.toml",
    ("bamboozled", "accept"): "bamboozled/accept-hand-limit.toml",
    ("bamboozled", "card"): "bamboozled/card-reverse.toml",
    ("money", "bids"): "money/bids-spec.toml",
    ("money", "exchange"): "money/exchange-swap.toml",
    ("money", "refill"): "money/refill-final.toml",
    ("cup-of-bluff", "call"): "cup-of-bluff/call-spec.toml",
    ("cup-of-bluff", "exchange"): "cup-of-bluff/exchange-doubles.toml",
    ("cup-of-bluff", "end"): "cup-of-bluff/end-tie.toml",
}


def words(what: str, *games: str) -> list[tuple[str, str, str]]:
    """(game, Spanish word, English id) for every word of this kind the games declare."""
    return [
        (game.id, word, english)
        for game in registry.built_in()
        if not games or game.id in games
        for word, english in game.spanish.get(what, {}).items()
    ]


SITUATION_WORDS = [(g, w, e) for g, w, e in words("kind") if (g, e) in SITUATION_EXAMPLES]


def test_every_situation_has_spanish_words() -> None:
    assert {(game, english) for game, _word, english in SITUATION_WORDS} == set(SITUATION_EXAMPLES)


@pytest.mark.parametrize(("game", "word", "english"), SITUATION_WORDS)
def test_a_situation_in_spanish_is_ruled_as_in_english(
    invoke: Invoke, write: Write, game: str, word: str, english: str
) -> None:
    example = SITUATION_EXAMPLES[game, english]
    for spelling in spellings(word):
        same_as_english(invoke, write, example, f'situation = "{english}"', f'situation = "{spelling}"')
    same_as_english(invoke, write, example, f'situation = "{english}"', f'situation = "{word}"', generic=True)
    path = write(replaced(example_text(example), f'situation = "{english}"', f'situation = "{word}"'), "s.toml")
    assert json_of(invoke, ["ruling", path])[1]["situation"] == english


@pytest.mark.parametrize(("game", "word", "english"), words("kind"))
@pytest.mark.parametrize("command", ["template", "schema"])
def test_a_template_or_schema_kind_in_spanish_is_the_english_one(
    invoke: Invoke, game: str, word: str, english: str, command: str
) -> None:
    expected = invoke([game, command, english])
    assert expected.exit_code == 0 and expected.stdout
    for spelling in spellings(word):
        result = invoke([game, command, spelling])
        assert result.exit_code == 0, result.output
        assert result.stdout == expected.stdout


def test_the_template_kind_as_reported(invoke: Invoke) -> None:
    assert invoke(["kuhhandel", "template", "subasta"]).stdout == invoke(["kuhhandel", "template", "auction"]).stdout


def test_an_unknown_template_kind_is_still_a_usage_error(invoke: Invoke) -> None:
    result = invoke(["kuhhandel", "template", "subastita"])
    assert result.exit_code == 2
    assert "'subastita' is not one of 'final', 'auction', 'cow-trade', 'trade-options', 'donkey', 'record'" in (
        result.output
    )


# -- the words of the files ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "word", "english"), words("card", "bamboozled"))
def test_bamboozled_cards_by_the_rulebooks_names(
    invoke: Invoke, write: Write, game: str, word: str, english: str
) -> None:
    """Nuevo comienzo, Inversa, Mi mal, Saltar, Revivir, Doble, Arriba / abajo, Premio mayor (002)."""
    text = replaced(example_text("bamboozled/card-reverse.toml"), 'card = "reverse"', f'card = "{english}"')
    english_path = write(text, "english.toml")
    expected = json_of(invoke, ["bamboozled", "ruling", english_path])
    for spelling in spellings(word):
        spanish = write(replaced(text, f'card = "{english}"', f'card = "{spelling}"'), "spanish.toml")
        assert json_of(invoke, ["bamboozled", "ruling", spanish]) == expected


def test_the_cards_002_names_are_all_there() -> None:
    named = {fold(word) for word in GAMES["bamboozled"].spanish["card"]}
    assert {
        "nuevo-comienzo",
        "inversa",
        "mi-mal",
        "saltar",
        "revivir",
        "doble",
        "arriba-abajo",
        "premio-mayor",
    } <= named


def test_my_bad_as_the_caller_s_card(invoke: Invoke, write: Write) -> None:
    same_as_english(
        invoke, write, "bamboozled/challenge-my-bad.toml", 'caller_card = "my-bad"', 'caller_card = "Mi mal"'
    )


@pytest.mark.parametrize("spelling", ["sentido antihorario", "antihorario", "SENTIDO ANTIHORARIO"])
def test_bamboozled_direction(invoke: Invoke, write: Write, spelling: str) -> None:
    same_as_english(
        invoke, write, "bamboozled/challenge-skip.toml", 'direction = "counterclockwise"', f'direction = "{spelling}"'
    )


def test_bamboozled_moment(invoke: Invoke, write: Write) -> None:
    same_as_english(
        invoke, write, "bamboozled/card-revive-final.toml", 'moment = "final-strike"', 'moment = "golpe final"'
    )


@pytest.mark.parametrize(
    ("example", "english", "spanish"),
    [
        ("cup-of-bluff/call-spec.toml", "bluff", "farol"),
        ("cup-of-bluff/call-gives.toml", "truth", "verdad"),
        ("cup-of-bluff/call-gives.toml", "truth", "Verdad"),
        ("cup-of-bluff/call-exception.toml", "bluff", "FAROL"),
    ],
)
def test_cup_of_bluff_answers_verdad_and_farol(
    invoke: Invoke, write: Write, example: str, english: str, spanish: str
) -> None:
    same_as_english(invoke, write, example, f'answer = "{english}"', f'answer = "{spanish}"')


@pytest.mark.parametrize(("game", "word", "english"), words("action", "money"))
def test_money_actions(invoke: Invoke, write: Write, game: str, word: str, english: str) -> None:
    text = replaced(example_text("money/exchange-swap.toml"), 'action = "swap"', f'action = "{english}"')
    english_path = write(text, "english.toml")
    expected = json_of(invoke, ["money", "ruling", english_path])
    for spelling in spellings(word):
        spanish = write(replaced(text, f'action = "{english}"', f'action = "{spelling}"'), "spanish.toml")
        assert json_of(invoke, ["money", "ruling", spanish]) == expected


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"dollar 60 #33"', '"dólar 60 #33"'),
        ('"dollar 60 #33"', '"Dolar 60 #33"'),
        ('"pound 20 #7"', '"libra 20 #7"'),
        ('"franc 50 #60"', '"franco 50 #60"'),
        ('"coin #2"', '"moneda #2"'),
        ('cards = ["bluff"]', 'cards = ["farol"]'),
    ],
)
def test_money_cards_by_the_rulebooks_names(invoke: Invoke, write: Write, old: str, new: str) -> None:
    same_as_english(invoke, write, "money/exchange-swap.toml", old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("dollar = [", '"dólar" = ['),
        ("dollar = [", "dolar = ["),
        ("pound = [20, 20", "libra = [20, 20"),
        ("franc = [", '"Franco" = ['),
    ],
)
def test_money_currencies_as_snapshot_keys(invoke: Invoke, write: Write, old: str, new: str) -> None:
    same_as_english(invoke, write, "money/rulebook-450.toml", old, new)


def test_a_currency_written_in_both_languages_is_one_currency(invoke: Invoke, write: Write) -> None:
    text = replaced(example_text("money/rulebook-450.toml"), "yen = [20, 30, 30, 30]", '"dólar" = [20]')
    result = invoke(["money", "score", write(text, "twice.toml")])
    assert result.exit_code == 65
    assert '"dólar" and "dollar" both name dollar: write it once' in result.output


# -- whole files in Spanish -----------------------------------------------------------------------------------
TWINS = [
    ("bamboozled/en-espanol.toml", "bamboozled/record-game.toml"),
    ("cup-of-bluff/en-espanol.toml", "cup-of-bluff/record-game.toml"),
    ("money/en-espanol.toml", "money/record-game.toml"),
    ("money/estado-final-en-espanol.toml", "money/rulebook-450.toml"),
    ("kuhhandel/subasta-en-espanol.toml", "kuhhandel/auction-spec.toml"),
]


@pytest.mark.parametrize(("spanish", "english"), TWINS, ids=[pair[0] for pair in TWINS])
@pytest.mark.parametrize("generic", [False, True], ids=["refcli GAME VERB", "refcli VERB"])
def test_a_file_all_in_spanish_gives_its_english_twins_json(
    invoke: Invoke, spanish: str, english: str, generic: bool
) -> None:
    game, verb = Path(english).parent.name, verb_of(english)
    command = [verb] if generic else [game, verb]
    expected = json_of(invoke, [*command, str(EXAMPLES / english)])
    assert json_of(invoke, [*command, str(EXAMPLES / spanish)]) == expected


def test_the_spanish_files_use_spanish_words_and_json_shows_the_english_ids(invoke: Invoke) -> None:
    text = example_text("bamboozled/en-espanol.toml")
    for word in ('type = "tirada"', 'card = "saltar"', 'card = "Mi mal"', 'game = "engañado"'):
        assert word in text
    assert 'type = "roll"' not in text and '"skip"' not in text
    _code, document = json_of(invoke, ["validate", str(EXAMPLES / "bamboozled/en-espanol.toml")])
    assert document["results"][0]["game"] == "bamboozled"
    text = example_text("money/estado-final-en-espanol.toml")
    assert '"dólar" = [' in text and "dollar =" not in text
    _code, document = json_of(invoke, ["score", str(EXAMPLES / "money/estado-final-en-espanol.toml")])
    currencies = {c["currency"] for p in document["players"] for c in p["breakdown"]["currencies"]}
    assert currencies == {"euro", "yen", "dollar", "pound", "franc"}


def test_command_line_values_in_spanish(invoke: Invoke) -> None:
    call = str(EXAMPLES / "cup-of-bluff/call-spec.toml")
    assert json_of(invoke, ["cup-of-bluff", "ruling", call, "answer=verdad"]) == json_of(
        invoke, ["cup-of-bluff", "ruling", call, "answer=truth"]
    )
    auction = str(EXAMPLES / "kuhhandel/auction-spec.toml")
    assert json_of(invoke, ["ruling", auction, "situation=subasta", "game=estas-fanfarroneando"]) == json_of(
        invoke, ["ruling", auction]
    )


# -- mistakes: the dólar key, did you mean, messages in both languages ----------------------------------------------
def test_an_unquoted_key_with_an_accent_gets_the_hint_to_quote_it(invoke: Invoke, write: Write) -> None:
    path = write('game = "money"\n[[player]]\nname = "Ana"\nnotes = { dólar = [20] }\n', "dolar.toml")
    result = invoke(["money", "score", path])
    assert result.exit_code == 65
    assert result.output.strip() == (
        f'refcli: error: {path}:4: player[1].notes."dólar": not valid TOML: a key with accents or other letters '
        'beyond a-z needs quotes: "dólar" = [20]'
    )
    result = invoke(["--lang", "es", "money", "score", path])
    assert result.exit_code == 65
    assert result.output.strip().endswith('va entre comillas: "dólar" = [20]')


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('[[player]]\nname = "Ana"\n[player.notes]\ndólar = [20]\n', ':5: player[1].notes."dólar": '),
        ('[[player]]\nname = "Ana"\nnotes.dólar = [20, 30]\n', ':4: player[1].notes."dólar": '),
    ],
)
def test_the_hint_names_the_key_where_it_is(invoke: Invoke, write: Write, text: str, said: str) -> None:
    path = write('game = "money"\n' + text, "dolar.toml")
    result = invoke(["money", "score", path])
    assert result.exit_code == 65
    assert said in result.output and '"dólar" = [' in result.output


@pytest.mark.parametrize(
    ("example", "old", "new", "suggested"),
    [
        ("bamboozled/card-reverse.toml", 'card = "reverse"', 'card = "saltr"', "saltar"),
        ("bamboozled/card-reverse.toml", 'card = "reverse"', 'card = "nuevo comienso"', "nuevo comienzo"),
        ("cup-of-bluff/call-spec.toml", 'answer = "bluff"', 'answer = "verdd"', "verdad"),
        ("money/exchange-swap.toml", 'action = "swap"', 'action = "isquierda"', "izquierda"),
        ("money/rulebook-450.toml", 'game = "money"', 'game = "dinerp"', "dinero"),
        ("bamboozled/record-game.toml", 'type = "accept"', 'type = "aseptar"', "aceptar"),
    ],
)
def test_spanish_like_input_gets_the_spanish_word_suggested(
    invoke: Invoke, write: Write, example: str, old: str, new: str, suggested: str
) -> None:
    game = Path(example).parent.name
    path = write(replaced(example_text(example), old, new), "typo.toml")
    result = invoke([game, verb_of(example), path])
    assert result.exit_code == 65
    assert result.output.strip().endswith(f'(did you mean "{suggested}"?)'), result.output
    result = invoke(["--lang", "es", game, verb_of(example), path])
    assert result.output.strip().endswith(f'(¿querías decir "{suggested}"?)'), result.output


def test_the_readers_messages_in_spanish(invoke: Invoke, write: Write) -> None:
    """The reader's own words in Spanish; the description's fragment (``what``) is the game's to translate."""
    path = write('game = "kuhhandel"\n[[player]]\nname = "Ana"\nanimals = { cow = 5 }\n', "k.toml")
    english = invoke(["kuhhandel", "score", path]).output.strip()
    assert english.endswith(
        "player[1].animals.cow: 5 is out of range; expected a number of cards: an integer from 0 to 4"
    )
    spanish = invoke(["--lang", "es", "kuhhandel", "score", path]).output.strip()
    assert spanish == (
        f"refcli: error: {path}:4: player[1].animals.cow: 5 está fuera del intervalo; "
        "valor esperado: un número de cartas: un número entero del 0 al 4"
    )
    path = write('game = "kuhhandel"\nedtion = 2\n', "k2.toml")
    spanish = invoke(["--lang", "es", "kuhhandel", "score", path]).output.strip()
    assert spanish.endswith(
        'edtion: esta clave no existe (¿querías decir "edition"?); las claves posibles aquí son game, edition, player, date, location'
    ), spanish


# -- the declarations ------------------------------------------------------------------------------------------
def choices_of(t: Type) -> list[tuple[str, ...]]:
    """The English words of every choice, constant and union in a type, with the words inside it."""
    own = {"choice": t.choices, "const": (t.value,), "union": tuple(v.key for v in t.variants)}.get(t.kind)
    found = [own] if own else []
    children = [t.item, t.key, *t.items, *(f.type for f in t.fields), *(v.type for v in t.variants)]
    return found + [words for child in children if child is not None for words in choices_of(child)]


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_each_spanish_word_stands_for_an_english_id_the_game_reads(game: Game) -> None:
    formats = game.formats()
    typed = {word for desc in formats.values() for f in desc.fields for words in choices_of(f.type) for word in words}
    for what, table in game.spanish.items():
        assert table, what
        for word, english in table.items():
            assert word == word.lower() and fold(word) != fold(english), (what, word)
            if what == "kind":
                assert english in formats, (word, english)
            elif what == "card" and game.id == "money":  # Money!'s cards are read by its own parser
                from refcli.games.money.cards import parse_card

                assert parse_card(word).kind == english, word
            elif what in ("event", "card", "answer", "action", "direction", "moment"):
                assert english in typed, (what, word, english)
            elif what == "currency":
                from refcli.games.money.cards import parse_card

                assert parse_card(f"{word} 20").currency == english, word
            elif what == "game":
                assert english == game.id
        folded = [fold(word) for word in table]
        assert len(folded) == len(set(folded)), f"{what}: two words the reader cannot tell apart"


@pytest.mark.parametrize("game", registry.built_in(), ids=lambda game: game.id)
def test_no_spanish_word_is_ambiguous_where_it_is_read(game: Game) -> None:
    """A word stands for one English id in each value it may be (it may mean another thing elsewhere)."""

    def check(t: Type) -> None:
        meanings: dict[str, set[str]] = {}
        for word, english in t.synonyms:
            meanings.setdefault(fold(word), set()).add(english)
        assert all(len(ids) == 1 for ids in meanings.values()), meanings
        for child in [t.item, t.key, *t.items, *(f.type for f in t.fields), *(v.type for v in t.variants)]:
            if child is not None:
                check(child)

    for desc in game.formats().values():
        for field in with_spanish_words(desc).fields:
            check(field.type)


def test_every_game_declares_its_words() -> None:
    for game in registry.built_in():
        assert {"kind"} <= set(game.spanish), game.id
    assert GAMES["cup-of-bluff"].spanish["answer"] == {"verdad": "truth", "farol": "bluff"}
    assert GAMES["money"].english("Dólar", "currency") == "dollar"
    assert registry.find("ENGAÑADO") is GAMES["bamboozled"]
    assert registry.find("taza de farol") is GAMES["cup-of-bluff"]


def test_the_schemas_take_the_spanish_words() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import tomllib

    for spanish, english in TWINS:
        game = registry.find(Path(english).parent.name)
        assert game is not None
        data = tomllib.loads(example_text(spanish))
        kind = game.kind(data["situation"]) if "situation" in data else verb_of(spanish)
        kind = {"score": "final", "validate": "record"}.get(str(kind), kind)
        from refcli.reading.formats import json_schema

        schema = json_schema(game.formats()[str(kind)])
        assert not list(jsonschema.Draft202012Validator(schema).iter_errors(data)), spanish


def test_english_output_is_unchanged_by_the_language(invoke: Invoke) -> None:
    """The JSON of a Spanish file is the same under --lang es: enumerated values never follow the language."""
    path = str(EXAMPLES / "cup-of-bluff/en-espanol.toml")
    english = json_of(invoke, ["validate", path])
    with using("es"):
        spanish = json_of(invoke, ["--lang", "es", "validate", path])
    assert english[0] == spanish[0] == 0
    assert english[1]["results"][0]["game"] == spanish[1]["results"][0]["game"] == "cup-of-bluff"


@pytest.mark.parametrize(
    ("name", "game"),
    [
        ("dinero", "money"),
        ("engañado", "bamboozled"),
        ("Enganado", "bamboozled"),
        ("estas-fanfarroneando", "kuhhandel"),
    ],
)
def test_a_game_command_takes_every_name_of_the_game(name: str, game: str, invoke: Invoke) -> None:
    """On the command line as in a file's `game` key: `refcli dinero score …` is `refcli money score …`."""
    spanish = invoke([name, "rules", "--format", "json"])
    english = invoke([game, "rules", "--format", "json"])
    assert spanish.exit_code == english.exit_code == 0, spanish.output
    assert spanish.stdout == english.stdout
    listed = invoke(["--help"]).stdout
    assert f"  {game} " in listed and f"  {name} " not in listed, "the list of commands stays one per game"
