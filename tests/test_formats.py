"""Format descriptions: the generic reader, and what is generated from them.

The first half tests the core on a small made-up format; the second holds
every game that describes its formats to them: each kind it reads has a
description, each description is exercised by an example or its template
that reads clean and fits its JSON Schema, and the generated files under
data/ are what the generator writes.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from conftest import read_slowly

from refcli.language.i18n import DEFAULT, LANGUAGES
from refcli.model import registry
from refcli.model.errors import DataError
from refcli.reading import formats as F
from refcli.reading.documents import Document
from refcli.reading.formats import Description, Field

ROOT = Path(__file__).resolve().parent.parent

TOY = Description(
    "toy",
    "auction",
    "Toy auction",
    "Who gets the lot and what each bidder said.",
    (
        F.game_field("toy"),
        F.situation_field("auction"),
        Field("edition", F.integer(1, 2, what="the edition,"), "which rules", default=2, example=2),
        Field("auctioneer", F.player("auctioneer"), "who runs it", required=True, example="Ana"),
        Field("players", F.names(2, 4), "seating order", required=True, roster=True, example=["Ana", "Ben", "Cid"]),
        Field("lot", F.choice("cow", "pig", fold=True), "what is sold", required=True, example="cow"),
        Field(
            "bids",
            F.array(
                F.pair(
                    F.player("bidder", expected="a bidder among the players ({names})"),
                    F.integer(1, 999, what="an amount,"),
                    expected="a [name, amount] pair",
                ),
                what="[name, amount] pairs",
                maximum=3,
            ),
            "in the order made",
            default=[],
            example=[["Ben", 30]],
        ),
        Field("buyback", F.boolean(), "the auctioneer buys it", default=False, commented="true"),
        Field(
            "money",
            F.mapping(F.player("owner"), F.array(F.integer(0, 500, what="money cards"))),
            "cards held now",
            example={"Ana": [0, 10]},
        ),
        Field("size", F.either(F.array(F.string()), F.integer(0, 9, what="cards,")), "a count or the cards", example=2),
        Field(
            "event",
            F.tables(
                what="what happened",
                item=F.union(
                    "type",
                    F.variant(
                        "roll",
                        "a roll",
                        Field("player", F.player("roller"), "who rolled", required=True),
                        Field("luck", F.boolean(), "lucky?", commented="true"),
                        F.note_field(),
                    ),
                    F.variant("pass", "a pass", Field("player", F.player("passer"), "who passed")),
                    what="event type",
                ),
                maximum=5,
            ),
            "one per move",
            example=[
                {"#": "1: Ben rolls", "type": "roll", "player": "Ben", "#player": "the second player"},
                {"type": "pass"},
            ],
        ),
        Field("scores", F.mapping(F.player("scorer"), F.integer(0, 99)), "final scores", commented="Ana = 0"),
    ),
    clauses=("toy.rule",),
)


def document(text: str, name: str = "toy.toml") -> Document:
    return Document(name=name, data=tomllib.loads(text), text=text)


def read(text: str) -> dict[str, Any]:
    return F.read(TOY, document('situation = "auction"\n' + text))


def error(text: str) -> str:
    with pytest.raises(DataError) as caught:
        read(text)
    return caught.value.one_line()


GOOD = 'players = ["Ana", "Ben"]\nauctioneer = "ana"\nlot = " PIG "\n'


def test_values_come_back_typed_folded_and_defaulted() -> None:
    values = read(
        GOOD
        + 'bids = [["ben", 30]]\nsize = ["a", "b"]\n[money]\nben = [10]\n[[event]]\ntype = "roll"\nplayer = "BEN"\n'
    )
    assert values["auctioneer"] == "Ana" and values["lot"] == "pig"
    assert values["bids"] == [("Ben", 30)] and values["edition"] == 2 and values["buyback"] is False
    assert values["money"] == {"Ben": [10]} and values["size"] == ["a", "b"]
    assert values["event"] == [{"type": "roll", "player": "Ben", "luck": None, "note": None}]
    assert values["scores"] is None and values["game"] is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("edition = 3\n", "toy.toml:2: edition: 3 is out of range; expected the edition: an integer 1 or 2"),
        ("edition = true\n", "toy.toml:2: edition: expected the edition: an integer 1 or 2, found true"),
        (
            "editon = 2\n",
            'toy.toml:2: editon: no such key (did you mean "edition"?); the keys here are game, situation, edition, auctioneer, players, lot, bids, buyback, money, size, event, scores',
        ),
        (
            'players = ["Ana", "Ben"]\nlot = "cow"\n',
            "toy.toml:1: auctioneer: the key is missing; expected the auctioneer's name, one of Ana, Ben",
        ),
        (
            'auctioneer = "Zed"\nplayers = ["Ana", "Ben"]\nlot = "cow"\n',
            'toy.toml:2: auctioneer: expected the auctioneer: one of the players (Ana, Ben), found "Zed"',
        ),
        (
            'players = ["Ana", "Ana"]\n',
            'toy.toml:2: players[2]: "Ana" is written twice; each player has a name of their own',
        ),
        ('players = ["Ana"]\n', "toy.toml:2: players: expected 2 to 4 player names, found 1"),
        (
            'players = "Ana"\n',
            'toy.toml:2: players: expected an array of 2 to 4 player names in seating order, found "Ana"',
        ),
        (
            'players = ["Ana", "B\\u0007n"]\n',
            'toy.toml:2: players[2]: expected a name without control characters, found "B\\x07n"',
        ),
        (GOOD.replace("PIG", "goat"), 'toy.toml:4: lot: " goat " is not one of cow, pig'),
        (
            GOOD + 'bids = [["Zed", 30]]\n',
            'toy.toml:5: bids[1][1]: expected a bidder among the players (Ana, Ben), found "Zed"',
        ),
        (
            GOOD + 'bids = [["Ben", 0]]\n',
            "toy.toml:5: bids[1][2]: 0 is out of range; expected an amount: an integer from 1 to 999",
        ),
        (GOOD + 'bids = [["Ben"]]\n', "toy.toml:5: bids[1]: expected a [name, amount] pair, found an array"),
        (
            GOOD + 'bids = [["Ben", 1], ["Ben", 2], ["Ben", 3], ["Ben", 4]]\n',
            "toy.toml:5: bids: expected at most 3 [name, amount] pairs, found 4",
        ),
        (GOOD + "size = 10\n", "toy.toml:5: size: 10 is out of range; expected cards: an integer from 0 to 9"),
        (GOOD + "size = [1]\n", "toy.toml:5: size[1]: expected a string, found 1"),
        (GOOD + "[money]\nZed = [1]\n", 'toy.toml:6: money.Zed: expected a player\'s name (Ana, Ben), found "Zed"'),
        (
            GOOD + "[money]\nAna = [1]\nana = [2]\n",
            'toy.toml:7: money.ana: "Ana" and "ana" both name Ana: write it once',
        ),
        (
            GOOD + "[money]\nAna = [1, 501]\n",
            "toy.toml:6: money.Ana[2]: 501 is out of range; expected money cards: an integer from 0 to 500",
        ),
        (GOOD + '[[event]]\ntype = "dance"\n', 'toy.toml:6: event[1].type: "dance" is not one of "roll", "pass"'),
        (
            GOOD + '[[event]]\nplayer = "Ana"\n',
            'toy.toml:5: event[1].type: the key is missing; expected the event type: "roll" or "pass"',
        ),
        (
            GOOD + '[[event]]\ntype = "roll"\n',
            "toy.toml:5: event[1].player: the key is missing; expected the roller's name, one of Ana, Ben",
        ),
        (
            GOOD + '[[event]]\ntype = "pass"\nluck = true\n',
            "toy.toml:7: event[1].luck: no such key; the keys here are type, player",
        ),
        (GOOD + "event = 3\n", "toy.toml:5: event: expected [[event]] tables (what happened), found 3"),
        (
            GOOD + '[[event]]\ntype = "pass"\n' * 6,
            "toy.toml:5: event: expected at most 5 [[event]] tables (what happened), found 6",
        ),
        ('game = "other"\n', 'toy.toml:2: game: expected "toy" (this is the toy command), found "other"'),
    ],
)
def test_messages_name_file_line_key_expected_and_found(text: str, message: str) -> None:
    assert error(text) == message


def test_a_player_key_waits_for_the_roster_declared_after_it() -> None:
    # auctioneer is declared before players, yet a bad players list is what is reported
    assert error('auctioneer = "Ana"\nplayers = 5\n').startswith("toy.toml:3: players:")


def test_a_description_reused_after_an_error_reads_the_next_document() -> None:
    error('players = ["Ana", "Ben"]\n')
    assert read(GOOD)["players"] == ["Ana", "Ben"]


def test_example_document_reads_clean_and_is_minimal() -> None:
    example = F.example_document(TOY)
    assert set(example) == {f.key for f in TOY.fields if f.required}
    import tomli_w

    text = tomli_w.dumps(example)
    assert F.read(TOY, document(text))["auctioneer"] == "Ana"


def test_template_reads_clean_shows_comments_and_commented_alternatives() -> None:
    text = F.template_text(TOY)
    assert text.startswith("# Toy auction for `refcli toy ruling FILE`.\n# Who gets the lot")
    values = F.read(TOY, document(text))
    assert values["bids"] == [("Ben", 30)] and values["money"] == {"Ana": [0, 10]}
    lines = text.splitlines()
    assert any(line.startswith("edition = 2") and line.endswith("# which rules") for line in lines)
    assert any(line.startswith("# buyback = true") for line in lines)
    assert "[[event]]                            # 1: Ben rolls" in lines
    assert any(line.startswith('player = "Ben"') and line.endswith("# the second player") for line in lines)
    assert any(line.startswith("# luck = true") for line in lines)  # the first roll's alternative
    assert "# [scores]                           # final scores" in lines and "# Ana = 0" in lines


def test_json_schema_accepts_the_template_and_example_and_rejects_bad_documents() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = F.json_schema(TOY)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(tomllib.loads(F.template_text(TOY))))
    assert not list(validator.iter_errors(F.example_document(TOY)))
    good = tomllib.loads('situation = "Auction"\n' + GOOD)
    assert not list(validator.iter_errors(good))
    for bad in (
        {**good, "edition": 3},
        {**good, "colour": "red"},
        {**good, "lot": "goat"},
        {k: v for k, v in good.items() if k != "lot"},
        {**good, "event": [{"type": "dance"}]},
        {**good, "bids": [["Ben"]]},
        {**good, "size": "two"},
    ):
        assert list(validator.iter_errors(bad)), bad


def test_man_rows_give_every_key_with_its_range_and_default() -> None:
    rows = dict(F.man_rows(TOY))
    assert rows["edition"] == "which rules (an integer 1 or 2; default 2)"
    assert rows["auctioneer"] == "who runs it (one of the players; required)"
    assert rows["[money]"] == "cards held now (a table of player = an array, each an integer from 0 to 500)"
    assert rows['event.type = "roll"'] == "a roll" and "event.luck" in rows
    assert "[[event]]" in rows and "[scores]" in rows


def test_descriptions_come_from_the_package_formats_module() -> None:
    with pytest.raises(ModuleNotFoundError):
        F.descriptions("refcli.games.no_such_game")


# -- every game that describes its formats ------------------------------------------
from refcli.generated_files import stale as stale_files  # noqa: E402
from refcli.reading.formats.__main__ import game_packages, generated_files  # noqa: E402

PACKAGES = game_packages()
DESCRIPTIONS = [desc for package in PACKAGES.values() for desc in F.descriptions(package).values()]
DESCRIBED = {(desc.game, desc.kind): desc for desc in DESCRIPTIONS}
IDS = [f"{desc.game}/{desc.kind}" for desc in DESCRIPTIONS]


def test_every_built_in_game_describes_its_formats() -> None:
    from refcli.model import registry

    assert list(PACKAGES) == list(registry.BUILT_IN)
    assert all(game.describes_formats() for game in registry.built_in())


def test_a_game_without_a_formats_module_has_no_generated_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its package is the game's own (``Game.package``); one with no ``formats`` module is left out, not a crash."""
    from refcli.model import registry

    money = registry.get("money")
    assert money is not None
    plain = money._replace(id="plain", package="refcli.games.no_such_game")
    monkeypatch.setattr(registry, "built_in", lambda: (money, plain))
    assert game_packages() == {"money": "refcli.games.money"}


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_kind_a_game_reads_has_a_description(game: str) -> None:
    """No kind without its description: each situation the game rules on, and final and record."""
    import importlib

    situations = importlib.import_module(f"{PACKAGES[game]}.situations").SITUATIONS
    kinds = list(F.descriptions(PACKAGES[game]))
    assert kinds == ["final", *situations, "record"]
    assert all(desc.game == game and desc.kind == kind for kind, desc in F.descriptions(PACKAGES[game]).items())


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_kinds_offered_and_their_files_are_exactly_the_descriptions(game: str) -> None:
    """`template` and `schema` offer the described kinds; each has its two files and no file lacks a description."""
    from refcli.model import registry

    kinds = list(F.descriptions(PACKAGES[game]))
    declared = registry.get(game)
    assert declared is not None and [kind for kind, _ in declared.templates] == kinds
    templates = sorted(path.stem for path in (ROOT / "data" / "templates" / game).glob("*.toml"))
    schemas = sorted(
        path.name.removesuffix(".schema.json") for path in (ROOT / "data" / "schemas" / game).glob("*.schema.json")
    )
    assert templates == schemas == sorted(kinds), (
        "run: python -m refcli.reading.formats --write (and remove files nothing describes)"
    )
    translated = sorted(lang for lang in LANGUAGES if lang != DEFAULT)  # each has its folder of the same files
    assert sorted(path.name for path in (ROOT / "data" / "templates" / game).iterdir()) == sorted(
        [f"{kind}.toml" for kind in kinds] + translated
    )
    for lang in translated:
        assert sorted(path.name for path in (ROOT / "data" / "templates" / game / lang).iterdir()) == [
            f"{kind}.toml" for kind in sorted(kinds)
        ]


def kind_of(path: Path, data: dict[str, Any]) -> str:
    """An example's kind, from its ``# run:`` line (score: final, validate: record) or its situation."""
    game, verb = path.read_text(encoding="utf-8").splitlines()[0].split()[3:5]
    if verb == "ruling":  # in English or the game's Spanish words ("subasta")
        declared = registry.get(game)
        assert declared is not None
        return str(declared.kind(str(data["situation"])))
    return {"score": "final", "validate": "record"}[verb]


def inputs() -> list[tuple[str, Description, dict[str, Any]]]:
    """Every example and template of a described game: (label, its description, its data)."""
    found = []
    for game in sorted(PACKAGES):
        for path in sorted((ROOT / "examples" / game).glob("*.toml")):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            found.append((f"examples/{game}/{path.name}", DESCRIBED[game, kind_of(path, data)], data))
        for path in sorted((ROOT / "data" / "templates" / game).glob("*.toml")):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            found.append((f"templates/{game}/{path.name}", DESCRIBED[game, path.stem], data))
    return found


INPUTS = inputs()


@pytest.mark.parametrize(("label", "desc", "data"), INPUTS, ids=[item[0] for item in INPUTS])
def test_examples_and_templates_read_clean_and_fit_their_schema(
    label: str, desc: Description, data: dict[str, Any]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    F.read(desc, Document(name=label, data=data, text=""))
    errors = [error.message for error in jsonschema.Draft202012Validator(F.json_schema(desc)).iter_errors(data)]
    assert not errors, errors


@pytest.mark.parametrize("desc", DESCRIPTIONS, ids=IDS)
def test_every_description_is_exercised_by_a_file_that_reads_clean(desc: Description) -> None:
    assert any(d is desc for _, d, _ in INPUTS), f"no example or template for {desc.game} {desc.kind}"


def test_generated_templates_and_schemas_match_the_generator() -> None:
    stale = stale_files(generated_files(), ROOT / "data")
    assert not stale, f"stale: {stale}; run: python -m refcli.reading.formats --write"


def test_generated_schemas_are_valid_draft_2020_12() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    for path in sorted((ROOT / "data" / "schemas").glob("*/*.schema.json")):
        if path.parent.name == "output":  # the output documents' (tests/test_output_schemas.py)
            continue
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        assert (path.parent.name, path.name.removesuffix(".schema.json")) in DESCRIBED, f"{path} describes nothing"


def bad_variants(desc: Description, good: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Documents the reader and the schema must both refuse, made from a good one."""
    bad = [("an unknown key", {**good, "colour": "red"})]
    for field in desc.fields:
        if field.required:
            bad.append((f"no {field.key}", {k: v for k, v in good.items() if k != field.key}))
        if field.type.kind == "integer" and field.type.maximum is not None:
            bad.append((f"{field.key} too large", {**good, field.key: field.type.maximum + 1}))
        if field.type.kind == "names":
            bad.append((f"{field.key} not an array", {**good, field.key: "Ana"}))
        if field.type.kind == "tables" and field.key in good and good[field.key]:
            bad.append((f"{field.key} with an unknown key", {**good, field.key: [{**good[field.key][0], "colour": 1}]}))
    return bad


@pytest.mark.parametrize("desc", DESCRIPTIONS, ids=IDS)
def test_known_bad_documents_are_refused_by_reader_and_schema(desc: Description) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(F.json_schema(desc))
    good = tomllib.loads(F.template_text(desc))
    for label, data in bad_variants(desc, good):
        assert list(validator.iter_errors(data)), f"the schema accepts {label}"
        with pytest.raises(DataError):
            F.read(desc, Document(name="bad.toml", data=data, text=""))


@pytest.mark.parametrize("desc", DESCRIPTIONS, ids=IDS)
def test_example_documents_read_clean_and_fit_their_schema(desc: Description) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    example = F.example_document(desc)
    F.read(desc, Document(name="example.toml", data=example, text=""))
    assert not list(jsonschema.Draft202012Validator(F.json_schema(desc)).iter_errors(example))


@pytest.mark.parametrize("desc", DESCRIPTIONS, ids=IDS)
def test_help_is_one_short_line_and_clauses_exist(desc: Description) -> None:
    from refcli.rules.catalogue import rules_for

    known = rules_for(desc.game).ids()
    assert set(desc.clauses) <= known, set(desc.clauses) - known
    for key, help in F.man_rows(desc):
        assert help and "\n" not in help and len(help) <= 240, (key, help)
    assert "\n" not in desc.summary and desc.summary.endswith((".", "?"))

    def walk(fields: tuple[Field, ...]) -> None:
        for field in fields:
            assert set(field.clauses) <= known, (field.key, set(field.clauses) - known)
            assert field.help and "\n" not in field.help and len(field.help) <= 100, (field.key, field.help)
            t = field.type
            nested = [*t.fields, *t.variants, *(t.item.variants if t.item is not None else ())]
            walk(tuple(nested))

    walk(desc.fields)


# -- the fuzzers' coverage of every kind: documents built from the descriptions --------
def value_strategy(t: F.Type) -> Any:
    """Well-formed values of ``t`` most of the time (player names from a small pool)."""
    from hypothesis import strategies as st

    pool = ["Ana", "Ben", "Cid", "Dora", "ana", "Zed"]
    kind = t.kind
    if kind == "integer":
        return st.integers((t.minimum or 0) - 1, min((t.maximum or 0) + 1, (t.minimum or 0) + 600))
    if kind == "boolean":
        return st.booleans()
    if kind == "string":
        return st.text(max_size=8)
    if kind == "choice":
        return st.sampled_from(t.choices)
    if kind in ("name", "player"):
        return st.sampled_from(pool)
    if kind == "names":
        return st.lists(st.sampled_from(pool[:4]), min_size=t.minimum or 0, max_size=t.maximum or 0, unique=True)
    if kind == "array":
        assert t.item is not None
        return st.lists(value_strategy(t.item), min_size=t.minimum or 0, max_size=max(t.minimum or 0, 5))
    if kind == "tuple":
        return st.tuples(*(value_strategy(item) for item in t.items)).map(list)
    if kind == "table":
        return table_strategy(t.fields)
    if kind == "map":
        assert t.key is not None and t.item is not None
        keys = st.sampled_from(pool[:4]) if t.key.kind in ("name", "player") else st.sampled_from([t.key.example, "x"])
        return st.dictionaries(keys, value_strategy(t.item), min_size=t.minimum or 0, max_size=max(t.minimum or 0, 4))
    if kind == "tables":
        item = value_strategy(t.item) if t.item is not None else table_strategy(t.fields)
        return st.lists(item, min_size=t.minimum or 0, max_size=(t.minimum or 0) + 4)
    if kind == "union":
        return st.one_of(*(table_strategy(v.type.fields) for v in t.variants))
    if kind == "either":
        return st.one_of(*(value_strategy(item) for item in t.items))
    if kind == "const":
        return st.just(t.value)
    return st.just(t.example)


def table_strategy(fields: tuple[Field, ...]) -> Any:
    from hypothesis import strategies as st

    junk = st.one_of(st.integers(-3, 70), st.text(max_size=6), st.booleans(), st.lists(st.integers(0, 60), max_size=3))

    def mostly(strategy: Any) -> Any:
        return st.integers(0, 15).flatmap(lambda roll: strategy if roll else junk)

    required = {
        f.key: (value_strategy(f.type) if f.type.kind == "const" else mostly(value_strategy(f.type)))
        for f in fields
        if f.required
    }
    optional = {f.key: mostly(value_strategy(f.type)) for f in fields if not f.required}
    return st.fixed_dictionaries(required, optional=optional)


@pytest.mark.parametrize("desc", DESCRIPTIONS, ids=IDS)
def test_random_documents_of_every_kind_get_an_answer_or_one_located_error(desc: Description, tmp_path: Path) -> None:
    import re

    import tomli_w
    from hypothesis import HealthCheck, given, settings
    from typer.testing import CliRunner

    from refcli.cli.app import app

    runner = CliRunner()
    path = tmp_path / "input.toml"
    args = [
        desc.game,
        desc.verb,
        *(["--partial"] if desc.kind == "final" and desc.game == "kuhhandel" else []),
        str(path),
    ]

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(document=table_strategy(desc.fields))
    def run(document: dict[str, Any]) -> None:
        path.write_text(tomli_w.dumps(document), encoding="utf-8")
        result = runner.invoke(app, args, catch_exceptions=False)
        assert result.exit_code in (0, 1, 65), (result.exit_code, result.stderr)
        if result.exit_code == 65:
            assert re.fullmatch(r"refcli: error: [^\n]+\n", result.stderr), result.stderr

    run()


# == templates through the game's own reader (branch arch-formats2) ==================================
# The tests above read each template with the generic reader. These run it through the command
# (the game's checks across keys and the rules too), also with each commented alternative switched
# on: a starter must answer (exit 0, or 1 for a rule broken), never be refused as bad input.
# Bamboozled and Cup of Bluff so far: Kuhhandel's and Money!'s templates show placeholders
# ("...") and an edition-1-only key among their alternatives.
SWITCHABLE = ("bamboozled", "cup-of-bluff")
TEMPLATES = [
    (desc, ROOT / "data" / "templates" / desc.game / f"{desc.kind}.toml")
    for desc in DESCRIPTIONS
    if desc.game in SWITCHABLE
]


def run_verb(desc: Description, path: Path) -> Any:
    from typer.testing import CliRunner

    from refcli.cli.app import app

    partial = ["--partial"] if desc.kind == "final" else []
    return CliRunner().invoke(app, [desc.game, desc.verb, *partial, str(path)], catch_exceptions=False)


def switched_on(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The template with one commented alternative switched on: ``# key = …``, or a ``# [table]`` with its keys."""
    variants = []
    body = next(i for i, line in enumerate(lines) if not line.startswith("#"))  # after the header comment
    in_table = False  # inside a commented-out [table]: its keys are switched on with it
    for index in range(body, len(lines)):
        code = lines[index].split("  #")[0].rstrip()  # without the comment that explains it
        opener = code.startswith("# [")
        in_table = opener or (in_table and code.startswith("# "))
        if not (opener or (code.startswith("# ") and " = " in code and not in_table)):
            continue
        changed = list(lines)
        changed[index] = code.removeprefix("# ")
        follow = index + 1
        while opener and follow < len(lines) and lines[follow].startswith("# "):
            changed[follow] = lines[follow].removeprefix("# ")
            follow += 1
        variants.append((lines[index], changed))
    return variants


@pytest.mark.parametrize(("desc", "template"), TEMPLATES, ids=[f"{desc.game}/{desc.kind}" for desc, _ in TEMPLATES])
def test_templates_answer_through_their_command_also_with_each_alternative_switched_on(
    desc: Description, template: Path, tmp_path: Path
) -> None:
    result = run_verb(desc, template)
    assert result.exit_code in (0, 1), result.stderr
    for number, (line, changed) in enumerate(switched_on(template.read_text(encoding="utf-8").splitlines())):
        path = tmp_path / f"{number}.toml"
        path.write_text("\n".join(changed) + "\n", encoding="utf-8")
        result = run_verb(desc, path)
        assert result.exit_code in (0, 1), (line, result.stderr)


def test_switching_on_finds_keys_and_commented_tables() -> None:
    lines = [
        "# header",
        "",
        "a = 1",
        '# b = "x"          # help',
        "# c = 2",
        "",
        "# [t]   # help",
        "# Ana = 1",
        "# d = 3",
    ]
    assert [line for line, _ in switched_on(lines)] == ['# b = "x"          # help', "# c = 2", "# [t]   # help"]
    table = dict(switched_on(lines))["# [t]   # help"]
    assert table[-3:] == ["[t]", "Ana = 1", "d = 3"]


class _Cards(dict[str, str]):
    """A parser as Money! reads its cards: a dict that fills itself (``__missing__``), looked up as ``__getitem__``."""

    def __init__(self) -> None:
        super().__init__()
        self.misses: list[Any] = []

    def __missing__(self, text: Any) -> str:
        self.misses.append(text)
        if type(text) is not str:
            raise ValueError(text)
        self[text] = text.upper()
        return self[text]


def test_a_parser_that_remembers_as_a_dict_is_called_by_the_fast_path_alone_and_reads_as_the_nested_readers() -> None:
    """The fast path calls a self-filling dict's lookup itself, one C call a value (``map`` for an array), with no
    memo of its own beside it: each text is parsed once, whichever path reads it, and both give the same values;
    a value the dict does not hold (``True``, equal to no text) goes to the parser, which refuses it."""
    from refcli.reading.formats.fast import _cached
    from refcli.reading.formats.reader import Context, compile_description

    cards = _Cards()
    assert _cached(cards.__getitem__) and not _cached({}.__getitem__) and not _cached(str.upper)
    kind = F.custom(cards.__getitem__, expected="a card", schema={}, example="x")
    desc = Description("test", "record", "cards", "", (Field("one", kind, ""), Field("many", F.array(kind), "")))
    fast = compile_description(desc)[2]
    doc = Document.from_data({"one": "euro", "many": ["euro", "yen", "euro"]}, "cards")
    read_fast = fast(doc.data, Context(doc))
    assert read_fast == read_slowly(desc, doc) == {"one": "EURO", "many": ["EURO", "YEN", "EURO"]}
    assert type(read_fast["many"]) is list and cards.misses == ["euro", "yen"]
    bad = Document.from_data({"many": ["euro", True]}, "cards")
    with pytest.raises(ValueError):
        fast(bad.data, Context(bad))
    assert cards.misses[-1] is True
