"""JSON Schemas (draft 2020-12) of every document refcli prints: ``data/schemas/output/NAME.schema.json``.

One schema a command: ``score``, ``ruling``, ``validate`` (and
``validate-line``, one line of ``--jsonl``), ``rules``, and each game's own
commands that publish one (``Command.schema``: ``GAME-COMMAND``). They say what a script may rely on
at ``schema_version`` ``refcli.model.options.SCHEMA_VERSION``: the keys every
document has and their types. Extra keys may appear (docs/output.md: a new key
leaves ``schema_version`` as it is), so objects stay open. ``python -m refcli.reading.formats --write`` writes the
files with the input schemas; tests/test_output_schemas.py checks the output
of every example against them.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from refcli.model.options import SCHEMA_VERSION

ID_BASE = "https://refcli.invalid/schemas/output/"

Schema = dict[str, Any]


def obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None, **more: Any) -> Schema:
    """An object with these keys (others allowed)."""
    return {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
        **more,
    }


STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
BOOLEAN: Schema = {"type": "boolean"}
STRINGS: Schema = {"type": "array", "items": STRING}
NULLABLE_STRING: Schema = {"type": ["string", "null"]}
NULLABLE_INTEGER: Schema = {"type": ["integer", "null"]}
REF = "#/$defs/"

DEFS: dict[str, Schema] = {
    "schema_version": {"const": SCHEMA_VERSION, "description": "The version of this document's shape."},
    "citation": obj(
        {
            "game": {**STRING, "description": "The game whose rules the clause belongs to."},
            "id": STRING,
            "source": {**STRING, "description": "The document quoted (000 … 004), or register."},
            "section": STRING,
            "text": STRING,
            "summary": STRING,
            "interpretation": {**BOOLEAN, "description": "True for the rulings register (refcli's own reading)."},
        },
        description="A rule clause applied, quoted.",
    ),
    "citations": {"type": "array", "items": {"$ref": REF + "citation"}},
    "error": obj(
        {
            "message": {**STRING, "description": "The line printed on stderr after `refcli: error: `."},
            "line": {**NULLABLE_INTEGER, "description": "The line of the file at fault, when known."},
            "key": {**NULLABLE_STRING, "description": "The key path at fault (player[2].animals), when known."},
            "exit_code": {"enum": [65, 66, 70], "description": "65 bad data, 66 unreadable, 70 a bug in refcli."},
        }
    ),
    "failure": obj(
        {
            "game": NULLABLE_STRING,
            "file": NULLABLE_STRING,
            "error": {"$ref": REF + "error"},
        },
        description="A file that could not be scored or ruled on; stderr says the same.",
    ),
    "player_score": obj(
        {
            "name": STRING,
            "score": INTEGER,
            "rank": {"type": "integer", "minimum": 1},
            "breakdown": {"type": "object"},
            "explanation": STRING,
        }
    ),
    "warning": obj(
        {
            "code": {"enum": ["similar-names", "table-default"], "description": "What is warned about."},
            "names": {**STRINGS, "description": "similar-names: two player names that only look different."},
            "key": {
                **STRING,
                "description": "table-default: a key the file leaves out, set by the configuration file (refcli config).",
            },
            "value": {"description": "table-default: the value the configuration file gave that key."},
            "message": {**STRING, "description": "The sentence printed on stderr in text."},
        },
        description="Nothing is wrong, but a person should check (a key present only when there is one).",
    ),
    "warnings": {"type": "array", "items": {"$ref": REF + "warning"}},
    "score_report": obj(
        {
            "game": STRING,
            "file": STRING,
            "over": BOOLEAN,
            "players": {"type": "array", "items": {"$ref": REF + "player_score"}},
            "winners": STRINGS,
            "tie_break": NULLABLE_STRING,
            "notes": STRINGS,
            "citations": {"$ref": REF + "citations"},
            "interpretations": STRINGS,
        },
        {"warnings": {"$ref": REF + "warnings"}},
        description="One file's scores: players in rank order (competition ranking), the winners.",
    ),
    "finding": obj(
        {
            "event": {**NULLABLE_INTEGER, "description": "1-based position in the event list; null: the record."},
            "line": {**NULLABLE_INTEGER, "description": "The line of the event's [[event]] table in the file."},
            "severity": {"enum": ["error", "warning"]},
            "rule": {**STRING, "description": "A clause id, or input: the file could not be read or parsed."},
            "message": STRING,
        }
    ),
    "result": obj(
        {
            "file": STRING,
            "game": NULLABLE_STRING,
            "valid": BOOLEAN,
            "findings": {"type": "array", "items": {"$ref": REF + "finding"}},
            "skipped": STRINGS,
        },
        {"error": {"$ref": REF + "error"}, "warnings": {"$ref": REF + "warnings"}},
        description="One recorded game's validation; `error` when it could not be read or parsed.",
    ),
}


def _later_defs() -> None:
    """The definitions written as functions (below ``DEFS``), added to it."""
    DEFS["bgstats_play"] = bgstats_play()


def _document(name: str, title: str, body: Schema, defs: tuple[str, ...]) -> Schema:
    """A schema file: the document's own keys, with schema_version required first."""
    needed = _closure(defs)
    body = dict(body)
    if "oneOf" not in body:
        body["required"] = ["schema_version", *body.get("required", [])]
        body["properties"] = {"schema_version": {"$ref": REF + "schema_version"}, **body.get("properties", {})}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{ID_BASE}{name}.schema.json",
        "title": title,
        **body,
        "$defs": {key: DEFS[key] for key in sorted(needed)},
    }


def _closure(names: tuple[str, ...]) -> set[str]:
    """The definitions ``names`` use, and theirs."""
    found: set[str] = set()
    pending = ["schema_version", *names]
    while pending:
        name = pending.pop()
        if name in found:
            continue
        found.add(name)
        text = json.dumps(DEFS[name])
        pending.extend(key for key in DEFS if f'"{REF}{key}"' in text)
    return found


def _versioned(ref: str) -> Schema:
    """A definition, as a whole document: it and ``schema_version``."""
    return {"allOf": [{"$ref": REF + ref}, _versioned_only()]}


def _versioned_only() -> Schema:
    return {"required": ["schema_version"], "properties": {"schema_version": {"$ref": REF + "schema_version"}}}


def _own(required: dict[str, Schema], optional: dict[str, Schema] | None = None) -> Schema:
    """A game's own command: it names its game, and most quote their rules."""
    return obj({"game": STRING, **required}, optional)


CITED = {"citations": {"$ref": REF + "citations"}}


def schemas() -> dict[str, Schema]:
    """File name (without .schema.json) → schema."""
    many = obj(
        {"games": {"type": "array", "items": {"oneOf": [{"$ref": REF + "score_report"}, {"$ref": REF + "failure"}]}}},
        {
            "game": {**STRING, "description": "With totals: the game whose scores add up over the files."},
            "totals": {
                "type": ["array", "null"],
                "items": obj({"name": STRING, "score": INTEGER, "rank": {"type": "integer", "minimum": 1}}),
                "description": "Each player's total over the game's files; null when one of them could not be "
                "read (see incomplete).",
            },
            "winners": {
                "type": ["array", "null"],
                "items": STRING,
                "description": "Who ranks first in the totals; null with the totals.",
            },
            "totals_files": {
                "type": ["array", "null"],
                "items": STRING,
                "description": "The files the totals add up, in order: those of the game (other games' files "
                "are scored on their own); null with the totals.",
            },
            "incomplete": {
                "type": "array",
                "items": obj({"file": NULLABLE_STRING, "error": {"$ref": REF + "error"}}),
                "description": "Present when there are no totals: each file that could not be read and may be "
                "one of the game's, with its error (as its entry in games).",
            },
            "notes": {**STRINGS, "description": "Warnings about the totals, or why there are none."},
            "citations": {"$ref": REF + "citations"},
        },
        description="Several FILEs: one entry each, in order (a game whose scores add up adds its totals).",
    )
    one_of = {
        "oneOf": [
            _versioned("score_report"),
            _versioned("failure"),
            {**many, "allOf": [_versioned_only()]},
        ]
    }
    ruling = obj(
        {
            "game": STRING,
            "situation": STRING,
            "file": STRING,
            "legal": BOOLEAN,
            "verdict": STRING,
            "outcome": {
                "type": "object",
                "description": "The situation's own keys (docs/output.md, 'Ruling outcomes').",
                "properties": outcome_properties(),
            },
            "facts": STRINGS,
            "citations": {"$ref": REF + "citations"},
            "interpretations": STRINGS,
        },
        {"broken_rule": STRING, "warnings": {"$ref": REF + "warnings"}},
    )
    return {
        **_documents(one_of, ruling),
        **{name: own for name, own in sorted(commands_documents().items())},
        "bgstats": bgstats_document(),
    }


def bgstats_play() -> Schema:
    """One play as BG Stats takes it (``score --format bgstats``; refcli.output.bgstats).

    Written from the fields BG Stats documents for a pushed play ("Push plays to BG Stats from other
    apps or websites", refcli.output.bgstats), and only those: any other key would be refcli's invention.
    The page does not say which fields the app requires; ``required`` lists those refcli always writes.
    """
    text = {**STRING, "minLength": 1}
    game = {
        "type": "object",
        "required": ["name", "highestWins"],
        "properties": {
            "name": {**text, "description": "The game's title; the app matches it when there is no bggId."},
            "bggId": {"type": "integer", "minimum": 1, "description": "BoardGameGeek's id, where refcli knows it."},
            "highestWins": {**BOOLEAN, "description": "Whether the highest score wins."},
            "noPoints": {
                "const": True,
                "description": "A game of standings without points (a game that ranks players but scores none); else absent.",
            },
            "sourceGameId": {**STRING, "description": "refcli's id of the game."},
        },
        "additionalProperties": False,
    }
    player = {
        "type": "object",
        "required": ["name", "rank"],
        "properties": {
            "name": text,
            "score": {"type": "number", "description": "Absent in a game without points."},
            "rank": {"type": "integer", "minimum": 1, "description": "Competition ranking, as in score."},
            "winner": {"const": True, "description": "A player ranked 1; absent for the others."},
            "startPlayer": BOOLEAN,
            "role": STRING,
            "sourcePlayerId": STRING,
        },
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "description": "One scored game as a BG Stats play: BG Stats' own keys, not refcli's (no schema_version).",
        "required": ["sourceName", "sourcePlayId", "playDate", "game", "players"],
        "properties": {
            "sourceName": {"const": "refcli"},
            "sourcePlayId": {
                "type": "string",
                "pattern": "^[0-9a-f]{16}$",
                "description": "A hash of the file read: the same file, the same play.",
            },
            "playDate": {
                "type": "string",
                "pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$",
                "description": "Local time: the file's date key, else its modification time.",
            },
            "location": {**text, "description": "The file's location key, when it has one."},
            "comments": {
                **STRING,
                "description": "Free text in the run's language: the totals of an evening's games, for a game whose scores add up.",
            },
            "board": STRING,
            "durationMin": {"type": "integer", "minimum": 0},
            "game": game,
            "players": {"type": "array", "minItems": 1, "items": player},
        },
        "additionalProperties": False,
    }


def bgstats_document() -> Schema:
    """``score --format bgstats``: BG Stats' play, or ``{"plays": [...]}``; no ``schema_version`` (not refcli's own)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{ID_BASE}bgstats.schema.json",
        "title": "refcli score --format bgstats: one FILE's play; several FILEs: {plays: [...]}",
        "oneOf": [
            {"$ref": REF + "bgstats_play"},
            {
                "type": "object",
                "description": "Several FILEs: the play of each one scored, in order.",
                "required": ["plays"],
                "properties": {"plays": {"type": "array", "items": {"$ref": REF + "bgstats_play"}}},
                "additionalProperties": False,
            },
        ],
        "$defs": {"bgstats_play": DEFS["bgstats_play"]},
    }


def _documents(one_of: Schema, ruling: Schema) -> dict[str, Schema]:
    """The shared verbs' documents."""
    return {
        "score": _document(
            "score",
            "refcli score --format json: one FILE's report (or failure); several FILEs: {games: [...]}",
            one_of,
            ("score_report", "failure"),
        ),
        "ruling": _document(
            "ruling",
            "refcli ruling --format json: the verdict, or the failure of a situation that cannot be read",
            {"oneOf": [{**ruling, "allOf": [_versioned_only()]}, _versioned("failure")]},
            ("citations", "failure", "warnings"),
        ),
        "validate": _document(
            "validate",
            "refcli validate --format json: every file's result, the counts, the rules cited",
            obj(
                {
                    "results": {"type": "array", "items": {"$ref": REF + "result"}},
                    "counts": obj({"files": INTEGER, "valid": INTEGER, "invalid": INTEGER, "unreadable": INTEGER}),
                    "citations": {"$ref": REF + "citations"},
                }
            ),
            ("result", "citations"),
        ),
        "validate-line": _document(
            "validate-line",
            "refcli validate --jsonl: one line, one record's result",
            _versioned("result"),
            ("result",),
        ),
        "config": _document(
            "config",
            "refcli config --format json: every setting of the table's defaults, its value and where it came from",
            obj(
                {
                    "file": {
                        **STRING,
                        "description": "The configuration file refcli reads (REFCLI_CONFIG or the usual place).",
                    },
                    "exists": {**BOOLEAN, "description": "False when there is no file there yet."},
                    "settings": {
                        "type": "array",
                        "items": obj(
                            {
                                "key": {
                                    **STRING,
                                    "description": "lang, color, pager, or GAME.KEY: a game's own setting.",
                                },
                                "value": {"description": "The value this run uses."},
                                "origin": {
                                    "enum": ["command-line", "environment", "config-file", "locale", "default"],
                                    "description": "What decided the value; the earlier ones win.",
                                },
                                "where": {
                                    **NULLABLE_STRING,
                                    "description": "The option, variable or file that set it; null for a default.",
                                },
                                "line": {
                                    "type": ["integer", "null"],
                                    "description": "The configuration file's line that set it; null otherwise.",
                                },
                            }
                        ),
                    },
                }
            ),
            (),
        ),
        "rules": _document(
            "rules",
            "refcli [GAME] rules --format json: the clauses found, each naming its game",
            obj(
                {"query": NULLABLE_STRING, "matches": INTEGER, "clauses": {"$ref": REF + "citations"}},
                {"game": STRING, "games": STRINGS, "topics": {"type": "object"}},
            ),
            ("citations",),
        ),
    }


class CommandSchema(NamedTuple):
    """What a game's own command prints with ``--format json`` (``Command.schema`` names the function returning it)."""

    title: str  # the command line, and what a script may rely on
    properties: dict[str, Schema]  # the keys beside ``schema_version`` and ``game``, every one present
    defs: tuple[str, ...] = ()  # the shared definitions they refer to (``REF + "citations"`` …)


def commands_documents() -> dict[str, Schema]:
    """The documents of the built-in games' own commands that publish one: ``GAME-COMMAND`` → schema."""
    from refcli.model import registry
    from refcli.model.game import resolve

    found: dict[str, Schema] = {}
    for game in registry.built_in():
        for command in game.commands:
            if command.schema:
                own: CommandSchema = resolve(command.schema)()
                name = f"{game.id}-{command.name}"
                found[name] = _document(name, own.title, _own(own.properties), own.defs)
    return found


def outcome_properties() -> dict[str, Schema]:
    """The ruling outcome's keys the built-in games describe (their ruling verb's ``schema``)."""
    from refcli.model import registry
    from refcli.model.game import resolve

    found: dict[str, Schema] = {}
    for game in registry.built_in():
        verb = game.verb("ruling")
        if verb is not None and verb.schema:
            found.update(resolve(verb.schema)())
    return found


def schema_files() -> dict[str, str]:
    """Path under data/ → text."""
    return {
        f"schemas/output/{name}.schema.json": json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        for name, schema in schemas().items()
    }


_later_defs()
