"""``python -m refcli.reading.formats [--write | --check] [DIR]``: the generated files under data/.

For every game whose package has a ``formats`` module, each description
gives ``DIR/templates/<game>/<kind>.toml`` (the commented starter, in
English), ``DIR/templates/<game>/<lang>/<kind>.toml`` (the same starter
commented in each other language refcli speaks: ``es/``) and
``DIR/schemas/<game>/<kind>.schema.json`` (its JSON Schema). ``--check``
writes nothing and exits 1 naming every file that is stale or missing
(tests/test_formats.py runs it); ``--write`` (the default) rewrites them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from refcli import generated_files as generated_files_on_disk
from refcli.language.i18n import DEFAULT, LANGUAGES, using
from refcli.reading.formats import Description, descriptions, json_schema, template_text
from refcli.reading.formats.template import language_folder


def game_packages() -> dict[str, str]:
    """Game id → package, for the built-in games that describe their formats (an installed game ships its own)."""
    from refcli.model.registry import built_in

    return {game.id: game.package for game in built_in() if game.describes_formats()}


def described() -> list[Description]:
    return [desc for package in game_packages().values() for desc in descriptions(package).values()]


def schema_text(desc: Description) -> str:
    return json.dumps(json_schema(desc), indent=2, ensure_ascii=False) + "\n"


def generated_files() -> dict[str, str]:
    """Path under data/ → text, for every description, and the output schemas (``refcli.output.document_schemas``).

    Whatever language the environment asks for: templates in each language, schemas in English.
    """
    from refcli.output.document_schemas import schema_files

    files: dict[str, str] = {}
    descs = described()
    with using(DEFAULT):
        for desc in descs:
            files[f"templates/{desc.game}/{desc.kind}.toml"] = template_text(desc)
            files[f"schemas/{desc.game}/{desc.kind}.schema.json"] = schema_text(desc)
        files.update(schema_files())
    for lang in LANGUAGES:
        if lang != DEFAULT:
            with using(lang):
                for desc in descs:
                    files[f"templates/{desc.game}/{language_folder(lang)}{desc.kind}.toml"] = template_text(desc)
    return files


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m refcli.reading.formats",
        description="Write the templates and JSON Schemas generated from the format descriptions.",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the files (the default)")
    mode.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale or missing")
    parser.add_argument(
        "directory",
        nargs="?",
        default="data",
        type=Path,
        metavar="DIR",
        help="the data folder (default: data/ in the current directory)",
    )
    args = parser.parse_args(argv)
    files = generated_files()
    if args.check:
        stale = generated_files_on_disk.stale(files, args.directory)
        for name in stale:
            print(f"stale or missing: {args.directory / name}", file=sys.stderr)
        if stale:
            print("run: python -m refcli.reading.formats --write", file=sys.stderr)
        return 1 if stale else 0
    for path in generated_files_on_disk.write(files, args.directory):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
