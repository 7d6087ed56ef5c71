"""``score --format bgstats`` / ``bgstats-link``, ``--qr`` and ``--bom``: BG Stats' plays of scored games.

The documents are checked against the JSON Schema written from the fields BG Stats documents for a pushed
play (data/schemas/output/bgstats.schema.json: those keys and no other), each link must decode back to
its document, and each QR code must hold its link: the code drawn in the terminal, read back module by
module (half blocks and quadrants), and the PNG, decoded here, are compared with the matrix segno makes of
the link itself.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO
from jsonschema import Draft202012Validator
from test_startup import probe

from refcli.output import bgstats

TEMPLATES = REPO / "data" / "templates"
GAMES = ("kuhhandel", "bamboozled", "money", "cup-of-bluff")
SCHEMA = json.loads((REPO / "data" / "schemas" / "output" / "bgstats.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


def final(game: str) -> str:
    return str(TEMPLATES / game / "final.toml")


def copied(tmp_path: Path, game: str, extra: str = "", name: str = "final.toml") -> str:
    """The game's starter final snapshot, with ``extra`` lines before its first player."""
    text = Path(final(game)).read_text(encoding="utf-8")
    if extra:
        text = text.replace("[[player]]", extra + "\n[[player]]", 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def plays_of(invoke: Any, *args: str) -> Any:
    result = invoke([*args, "--format", "bgstats"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- the documents ----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_each_game_is_a_play_of_bg_stats_documented_fields(invoke: Any, game: str) -> None:
    play = plays_of(invoke, game, "score", final(game))
    assert not list(VALIDATOR.iter_errors(play))
    scored = json.loads(invoke([game, "score", final(game), "--format", "json"]).stdout)
    assert [p["name"] for p in play["players"]] == [p["name"] for p in scored["players"]]
    assert [p["rank"] for p in play["players"]] == [p["rank"] for p in scored["players"]]
    assert [p["name"] for p in play["players"] if p.get("winner")] == scored["winners"]
    points = game != "bamboozled"
    assert play["game"].get("noPoints", False) is not points
    assert all(("score" in p) is points for p in play["players"])
    if points:
        assert [p["score"] for p in play["players"]] == [p["score"] for p in scored["players"]]


def test_a_bad_play_is_refused_by_the_schema() -> None:
    """The schema can fail: a key BG Stats does not document, or a date in another form."""
    good = {
        "sourceName": "refcli",
        "sourcePlayId": "0123456789abcdef",
        "playDate": "2024-05-01 20:30:00",
        "game": {"name": "Money!", "highestWins": True},
        "players": [{"name": "Ana", "score": 450, "rank": 1, "winner": True}, {"name": "Ben", "rank": 2}],
    }
    assert VALIDATOR.is_valid(good)
    assert not VALIDATOR.is_valid({**good, "game": {"name": "Money!", "highestWins": True, "noPoints": False}})
    assert not VALIDATOR.is_valid({**good, "explanation": "x"})
    assert not VALIDATOR.is_valid({**good, "playDate": "2024-05-01T20:30:00"})
    assert not VALIDATOR.is_valid({**good, "players": [{"name": "Ana", "points": 1, "rank": 1, "winner": True}]})


def test_only_kuhhandel_carries_a_boardgamegeek_id(invoke: Any) -> None:
    ids = {game: plays_of(invoke, game, "score", final(game))["game"].get("bggId") for game in GAMES}
    assert ids == {"kuhhandel": 6794, "bamboozled": None, "money": None, "cup-of-bluff": None}


def test_several_files_are_plays_and_money_evening_totals_are_said_in_comments(invoke: Any) -> None:
    money = [str(REPO / "examples" / "money" / name) for name in ("rulebook-450.toml", "game-2.toml")]
    document = plays_of(invoke, "money", "score", *money)
    assert not list(VALIDATOR.iter_errors(document))
    assert len(document["plays"]) == 2
    totals = json.loads(invoke(["money", "score", *money, "--format", "json"]).stdout)["totals"]
    said = ", ".join(f"{t['name']} {t['score']}" for t in totals)
    assert all(said in play["comments"] for play in document["plays"])
    one = plays_of(invoke, "money", "score", money[0])
    assert "comments" not in one and "plays" not in one


def test_a_file_that_cannot_be_scored_has_no_play(invoke: Any, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "money"\n[[player]]\nname = 3\n', encoding="utf-8")
    result = invoke(["money", "score", final("money"), str(broken), "--format", "bgstats"])
    assert result.exit_code == 65
    assert len(json.loads(result.stdout)["plays"]) == 1


# -- the play's id, date and place ----------------------------------------------------------------
def test_the_play_id_is_the_same_for_the_same_content_only(invoke: Any, tmp_path: Path) -> None:
    first = copied(tmp_path, "money", name="a.toml")
    again = copied(tmp_path, "money", name="b.toml")
    other = copied(tmp_path, "money", extra='location = "Casa"', name="c.toml")
    ids = [plays_of(invoke, "money", "score", path)["sourcePlayId"] for path in (first, again, other)]
    assert ids[0] == ids[1] != ids[2]
    assert plays_of(invoke, "money", "score", first)["sourcePlayId"] == ids[0]


@pytest.mark.parametrize("game", GAMES)
def test_date_and_location_keys_are_the_plays(invoke: Any, tmp_path: Path, game: str) -> None:
    path = copied(tmp_path, game, extra='date = 2024-05-01T20:30:00\nlocation = "Casa de Ana"')
    play = plays_of(invoke, game, "score", path)
    assert (play["playDate"], play["location"]) == ("2024-05-01 20:30:00", "Casa de Ana")
    day = plays_of(invoke, game, "score", copied(tmp_path, game, extra="date = 2024-05-02", name="day.toml"))
    assert day["playDate"] == "2024-05-02 00:00:00" and "location" not in day
    item = plays_of(invoke, game, "score", path, "date=2024-06-03 21:00")
    assert item["playDate"] == "2024-06-03 21:00:00"


def test_without_a_date_the_play_is_dated_by_the_file(invoke: Any, tmp_path: Path) -> None:
    import datetime as dt

    path = copied(tmp_path, "cup-of-bluff")
    when = dt.datetime(2023, 11, 5, 18, 45, 12).timestamp()
    os.utime(path, (when, when))
    assert plays_of(invoke, "cup-of-bluff", "score", path)["playDate"] == "2023-11-05 18:45:12"


def test_a_date_that_is_not_one_is_bad_data(invoke: Any, tmp_path: Path) -> None:
    result = invoke(["money", "score", copied(tmp_path, "money", extra='date = "ayer"'), "--format", "bgstats"])
    assert result.exit_code == 65
    assert "date" in result.stderr and "2024-05-01" in result.stderr and len(result.stderr.splitlines()) == 1


# -- the links --------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_link_decodes_back_to_the_same_document(invoke: Any, game: str) -> None:
    play = plays_of(invoke, game, "score", final(game))
    result = invoke([game, "score", final(game), "--format", "bgstats-link"])
    assert result.exit_code == 0
    (link,) = result.stdout.splitlines()
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22")
    assert bgstats.play_of(link) == play
    assert all(ch not in link for ch in ' "{}[]')  # what a URL cannot hold is escaped


def test_false_flags_are_left_out_of_the_play(invoke: Any) -> None:
    """A false ``winner`` or ``noPoints`` is absent (absent is false): the link, and its QR code, are shorter."""
    for game in GAMES:
        play = plays_of(invoke, game, "score", final(game))
        assert all(player.get("winner", True) is True for player in play["players"]), game
        assert play["game"].get("noPoints", True) is True, game
        assert play["game"]["highestWins"] is True, game  # its absence is not known to mean true


def test_the_link_escapes_only_what_a_query_value_must(invoke: Any, tmp_path: Path) -> None:
    """``:`` and ``,`` stay as they are; what a query string reads as its own (``& = + ; #``), spaces and
    letters beyond ASCII are escaped, so that plain URL decoding (``decodeURIComponent``) and form decoding
    (``+`` as a space: URLSearchParams, Android) both give the document back."""
    from urllib.parse import parse_qs, unquote, urlsplit

    text = Path(final("money")).read_text(encoding="utf-8")
    for old, new in (("Ana", "Ana María+1"), ("Ben", "B&B=x;y#z"), ("Cid", "Cid 'el' (¿?) @casa/2:1,0")):
        text = text.replace(f'name = "{old}"', f'name = "{new}"')
    path = tmp_path / "names.toml"
    path.write_text(text, encoding="utf-8")
    play = plays_of(invoke, "money", "score", str(path))
    (link,) = invoke(["money", "score", str(path), "-f", "bgstats-link"]).stdout.splitlines()
    data = link[len(bgstats.LINK) :]
    assert ":" in data and "," in data and "%3A" not in data and "%2C" not in data
    assert all(ch not in data for ch in "&=+;# ") and "%C3%AD" in data  # í, as UTF-8
    assert json.loads(unquote(data)) == play
    assert json.loads(parse_qs(urlsplit(link).query)["data"][0]) == play


def test_one_link_a_line_for_several_games(invoke: Any) -> None:
    result = invoke(["score", final("money"), final("kuhhandel"), "--format", "bgstats-link"])
    links = result.stdout.splitlines()
    assert [bgstats.play_of(link)["game"]["sourceGameId"] for link in links] == ["money", "kuhhandel"]


# -- Spanish ---------------------------------------------------------------------------------------
def test_spanish_runs_give_the_same_documents_but_the_free_text(invoke: Any) -> None:
    for game in GAMES:
        english = plays_of(invoke, game, "score", final(game))
        spanish = plays_of(invoke, "--lang", "es", game, "score", final(game))
        assert spanish == english, game
    money = [str(REPO / "examples" / "money" / name) for name in ("rulebook-450.toml", "game-2.toml")]
    english = plays_of(invoke, "money", "score", *money)
    spanish = plays_of(invoke, "--lang", "es", "money", "score", *money)
    for en, es in zip(english["plays"], spanish["plays"], strict=True):
        assert {**en, "comments": ""} == {**es, "comments": ""}
        assert en["comments"].startswith("The evening's totals")
        assert es["comments"].startswith("Los totales de la velada")


# -- bad uses ----------------------------------------------------------------------------------------
BAD_USES = [
    (["money", "score", final("money"), "--format", "json", "--qr"], "--qr", "--qr"),
    (["money", "score", final("money"), "--format", "bgstats", "--qr", "x.png"], "--qr", "--qr"),
    (["money", "score", final("money"), "--format", "json", "--bom"], "--bom", "--bom"),
    (["money", "score", final("money"), "--format", "bgstats", "--partial"], "finished", "terminadas"),
    (["money", "score", final("money"), "--format", "bgstats-link", "--qr"], "terminal", "terminal"),
    (["money", "score", final("money"), "--format", "bgstats-link", "--qr=x.toml"], "x.toml", "x.toml"),
    (["money", "score", final("money"), final("money"), "-f", "bgstats-link", "--qr", "x.png"], "one", "una"),
    (["money", "validate", final("money"), "--bom"], "--bom", "--bom"),
]


@pytest.mark.parametrize(("args", "english", "spanish"), BAD_USES)
def test_bad_uses_are_one_line_and_exit_2_in_both_languages(
    invoke: Any, args: list[str], english: str, spanish: str
) -> None:
    for lang, word, prefix in (("en", english, "refcli: error: "), ("es", spanish, "refcli: error: ")):
        result = invoke(["--lang", lang, *args])
        assert result.exit_code == 2, (lang, result.output)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(prefix) and word in lines[0], (lang, lines)
        assert result.stdout == ""
    spanish_line = invoke(["--lang", "es", *args]).stderr
    assert spanish_line != invoke(["--lang", "en", *args]).stderr  # translated, not the English line


# -- QR codes --------------------------------------------------------------------------------------
def matrix_of(address: str) -> list[list[int]]:
    """segno's own matrix of the link's code (1 dark), its quiet zone of ``border`` light modules added."""
    import segno

    code = segno.make_qr(address, error="l", boost_error=False)
    return [[int(bool(module)) for module in row] for row in code.matrix]


def with_border(matrix: list[list[int]], border: int) -> list[list[int]]:
    width = len(matrix[0]) + 2 * border
    blank = [[0] * width for _ in range(border)]
    return blank + [[0] * border + row + [0] * border for row in matrix] + blank


def read_drawn(text: str) -> list[list[int]]:
    """The modules of a code drawn in half blocks: a light module is drawn (█ ▀ ▄), a dark one is blank."""
    halves = {" ": (1, 1), "▀": (0, 1), "▄": (1, 0), "█": (0, 0)}
    rows: list[list[int]] = []
    for line in text.splitlines():
        pairs = [halves[ch] for ch in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    return rows


def read_quadrants(text: str) -> list[list[int]]:
    """The modules of a code drawn in quadrant blocks, two across a column and two down a line (1 dark).

    Which quarters of a cell a character inks is read from its Unicode name ("QUADRANT UPPER LEFT AND
    LOWER RIGHT", "LEFT HALF BLOCK"…), not from refcli's table: an inked quarter is a light module.
    """
    import unicodedata

    halves = {"UPPER": ("UPPER LEFT", "UPPER RIGHT"), "LOWER": ("LOWER LEFT", "LOWER RIGHT")}
    halves |= {"LEFT": ("UPPER LEFT", "LOWER LEFT"), "RIGHT": ("UPPER RIGHT", "LOWER RIGHT")}

    def inked(character: str) -> set[str]:
        if character == " ":
            return set()
        name = unicodedata.name(character)
        if name == "FULL BLOCK":
            return {"UPPER LEFT", "UPPER RIGHT", "LOWER LEFT", "LOWER RIGHT"}
        if name.endswith(" HALF BLOCK"):
            return set(halves[name.split()[0]])
        assert name.startswith("QUADRANT "), name
        return set(name.removeprefix("QUADRANT ").split(" AND "))

    rows: list[list[int]] = []
    for line in text.splitlines():
        cells = [inked(character) for character in line]
        for half in ("UPPER", "LOWER"):
            rows.append([int(f"{half} {side}" not in cell) for cell in cells for side in ("LEFT", "RIGHT")])
    return rows


def read_png(data: bytes) -> list[list[int]]:
    """A 1-bit greyscale PNG's pixels (1 dark), decoded by hand: no imaging library needed."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks, header = 8, b"", b""
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert (depth, colour) == (1, 0)
    raw = zlib.decompress(chunks)
    stride = (width + 7) // 8
    pixels = []
    previous = bytes(stride)
    for row in range(height):
        line = raw[row * (stride + 1) : (row + 1) * (stride + 1)]
        current = unfiltered(line[0], bytearray(line[1:]), previous)
        bits = "".join(f"{byte:08b}" for byte in current)[:width]
        pixels.append([1 - int(bit) for bit in bits])  # black is 0 in greyscale
        previous = bytes(current)
    return pixels


def unfiltered(kind: int, line: bytearray, above: bytes) -> bytearray:
    """One scanline with its PNG filter undone (a byte a pixel group: the left neighbour is one byte back)."""
    for index, byte in enumerate(line):
        left = line[index - 1] if index else 0
        up = above[index]
        corner = above[index - 1] if index else 0
        if kind == 1:
            byte += left
        elif kind == 2:
            byte += up
        elif kind == 3:
            byte += (left + up) // 2
        elif kind == 4:
            guess = left + up - corner
            near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
            byte += near[2]
        line[index] = byte & 0xFF
    return line


def kuhhandel_link(invoke: Any) -> str:
    """A realistic link: a three-player play with its BoardGameGeek id (about 500 characters)."""
    return str(invoke(["kuhhandel", "score", final("kuhhandel"), "-f", "bgstats-link"]).stdout.strip())


def drawing(link: str, columns: int, lines: int = 200, *, colour: bool = False) -> tuple[str, list[str]]:
    import io

    out = io.StringIO()
    warnings = bgstats.draw([link], out, (columns, lines), colour=colour)
    return out.getvalue(), warnings


def assert_is_code(modules: list[list[int]], link: str) -> None:
    """``modules`` read back are the link's code in its quiet zone; beyond it (a code's side is odd, a line
    or column holds two modules) only the terminal's background, dark."""
    expected = with_border(matrix_of(link), bgstats.TERMINAL_BORDER)
    side = len(expected)
    assert [row[:side] for row in modules[:side]] == expected
    assert all(all(row[side:]) for row in modules) and all(all(row) for row in modules[side:])
    assert len(modules) - side <= 1 and all(len(row) - side <= 1 for row in modules)


def test_the_code_drawn_in_half_blocks_is_the_link(invoke: Any) -> None:
    link = kuhhandel_link(invoke)
    text, warnings = drawing(link, 200)
    assert warnings == []
    assert_is_code(read_drawn(text), link)


def test_the_code_drawn_in_quadrants_is_the_link(invoke: Any) -> None:
    """Where half blocks do not fit, quadrants: half as many columns, the same modules, border included."""
    link = kuhhandel_link(invoke)
    text, warnings = drawing(link, 50)
    assert warnings == []
    assert any(ch in text for ch in "▘▝▖▗▚▞▛▜▙▟")  # quadrants, not half blocks
    assert_is_code(read_quadrants(text), link)
    assert {len(line) for line in text.splitlines()} == {(len(matrix_of(link)) + 2 * bgstats.TERMINAL_BORDER + 1) // 2}


def test_the_drawing_fits_the_terminal_width_or_is_not_made(invoke: Any) -> None:
    """A realistic link (version 14 or 15: 73 or 77 modules, 81 or 85 with the quiet zone): half blocks on a
    wide terminal; quadrants at 80 and 60 columns (41 or 43 wide); at 40 not even those, and a warning."""
    link = kuhhandel_link(invoke)
    side = len(matrix_of(link)) + 2 * bgstats.TERMINAL_BORDER
    assert 80 < side <= 89 and 40 < (side + 1) // 2 <= 45  # the sizes this test is about
    chosen = {}
    for columns in (120, 80, 60, 40):
        text, warnings = drawing(link, columns)
        widths = {len(line) for line in text.splitlines()}
        chosen[columns] = widths.pop() if text else None
        assert not widths and (chosen[columns] or 0) <= columns
        assert bool(warnings) is (not text)
    assert chosen == {120: side, 80: (side + 1) // 2, 60: (side + 1) // 2, 40: None}
    assert drawing("https://app.bgstatsapp.com/createPlay.html?data=%7B%7D", 40)[0]  # a short link fits 40


def test_a_code_too_wide_even_in_quadrants_is_a_warning_in_both_languages(invoke: Any) -> None:
    from refcli.language.i18n import using

    link = kuhhandel_link(invoke)
    narrowest = (len(matrix_of(link)) + 2 * bgstats.TERMINAL_BORDER + 1) // 2
    said = {}
    for lang in ("en", "es"):
        with using(lang):
            text, (warning,) = drawing(link, narrowest - 1)
        assert text == "" and f"{narrowest} " in warning and f"{narrowest - 1}" in warning, warning
        assert "--qr FILE.png" in warning
        said[lang] = warning
    assert said["en"].startswith("The QR code needs at least")
    assert said["es"].startswith("El código QR necesita al menos")
    assert drawing(link, narrowest)[0]  # one column more, and it is drawn


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_a_stream_that_cannot_carry_blocks_gets_no_drawing_but_a_sentence(invoke: Any, encoding: str) -> None:
    """An ASCII or cp1252 terminal would print the blocks as escapes no phone can scan: not drawn, said why."""
    import io

    from refcli.language.i18n import using

    link = kuhhandel_link(invoke)
    said = {}
    for lang in ("en", "es"):
        raw = io.BytesIO()
        out = io.TextIOWrapper(raw, encoding=encoding)
        with using(lang):
            (warning,) = bgstats.draw([link], out, (120, 200))
        out.flush()
        assert raw.getvalue() == b"" and "--qr" in warning, warning
        said[lang] = warning
    assert said["en"].startswith("This terminal's encoding cannot show")
    assert said["es"].startswith("La codificación de este terminal")


def test_a_code_taller_than_the_terminal_is_drawn_and_said(invoke: Any) -> None:
    link = kuhhandel_link(invoke)
    text, (warning,) = drawing(link, 80, 24)
    height = len(text.splitlines())
    assert height > 24 and str(height) in warning and "24" in warning


def test_with_colour_the_code_is_white_on_black_and_the_same_modules(invoke: Any) -> None:
    """With colour the ink is set to white and the background to black (a light theme would otherwise draw
    the code inverted); every line resets them, and the characters are those drawn without colour."""
    link = kuhhandel_link(invoke)
    for columns in (200, 50):
        plain, _ = drawing(link, columns)
        coloured, _ = drawing(link, columns, colour=True)
        lines = coloured.splitlines()
        assert all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in lines)
        assert [line[len("\x1b[97;40m") : -len("\x1b[0m")] for line in lines] == plain.splitlines()


def test_qr_on_a_terminal_draws_what_fits_with_colour_unless_no_color() -> None:
    """On a real (pseudo-)terminal: 50 columns get quadrants, white on black; NO_COLOR leaves the terminal's
    own colours; 30 columns get the warning, in the run's language."""
    from test_cli import on_a_terminal

    args = ("kuhhandel", "score", final("kuhhandel"), "-f", "bgstats-link", "--qr")
    coloured = on_a_terminal(*args, env={"COLUMNS": "50", "LINES": "60"})
    link, *drawn = coloured.replace("\r\n", "\n").splitlines()
    assert link.startswith(bgstats.LINK) and drawn and "warning" not in coloured
    assert all(line.startswith("\x1b[97;40m") and len(line) <= 50 + len("\x1b[97;40m\x1b[0m") for line in drawn)
    plain = on_a_terminal(*args, env={"COLUMNS": "50", "LINES": "60", "NO_COLOR": "1"})
    assert "\x1b[" not in plain and plain.replace("\r\n", "\n").splitlines()[1:] == [
        line.removeprefix("\x1b[97;40m").removesuffix("\x1b[0m") for line in drawn
    ]
    spanish = on_a_terminal("--lang", "es", *args, env={"COLUMNS": "30", "LINES": "60"})
    narrowest = (len(matrix_of(link)) + 2 * bgstats.TERMINAL_BORDER + 1) // 2
    assert f"refcli: aviso: El código QR necesita al menos {narrowest} columnas" in spanish and "▀" not in spanish


def test_qr_file_png_holds_the_link_and_svg_is_segnos_own(invoke: Any, tmp_path: Path) -> None:
    import io

    import segno

    png, svg = tmp_path / "play.png", tmp_path / "play.svg"
    result = invoke(["money", "score", final("money"), "-f", "bgstats-link", "--qr", str(png)])
    assert result.exit_code == 0, result.output
    link = result.stdout.strip()
    pixels = read_png(png.read_bytes())
    scale = bgstats.FILE_SCALE
    modules = [row[::scale] for row in pixels[::scale]]
    assert modules == with_border(matrix_of(link), bgstats.FILE_BORDER)
    assert invoke(["money", "score", final("money"), "-f", "bgstats-link", "--qr", str(svg)]).exit_code == 0
    own = io.BytesIO()
    segno.make_qr(link, error="l", boost_error=False).save(own, kind="svg", scale=scale, border=bgstats.FILE_BORDER)
    assert svg.read_bytes() == own.getvalue()


def test_qr_file_is_never_overwritten_without_force(invoke: Any, tmp_path: Path) -> None:
    png = tmp_path / "play.png"
    png.write_bytes(b"mine")
    args = ["money", "score", final("money"), "-f", "bgstats-link", "--qr", str(png)]
    result = invoke(args)
    assert result.exit_code == 73 and png.read_bytes() == b"mine" and result.stdout == ""
    assert invoke([*args, "--force"]).exit_code == 0
    assert png.read_bytes().startswith(b"\x89PNG")
    folder = tmp_path / "folder.png"
    folder.mkdir()
    assert invoke([*args[:-1], str(folder), "--force"]).exit_code == 73


def test_segno_is_imported_only_by_qr(tmp_path: Path) -> None:
    for args in (
        ("money", "score", final("money"), "--format", "bgstats-link"),
        ("money", "score", final("money"), "--format", "json"),
        ("money", "rules", "M1", "--format", "json"),
    ):
        assert "segno" not in probe(*args)["modules"], args
    seen = probe("money", "score", final("money"), "-f", "bgstats-link", "--qr", str(tmp_path / "q.svg"))
    assert seen["code"] == 0 and "segno" in seen["modules"]


# -- --bom --------------------------------------------------------------------------------------------
def test_bom_begins_csv_and_only_with_it(invoke: Any, tmp_path: Path) -> None:
    plain = invoke(["money", "score", final("money"), "--format", "csv"]).stdout
    marked = invoke(["money", "score", final("money"), "--format", "csv", "--bom"]).stdout
    assert not plain.startswith("\ufeff") and marked == "\ufeff" + plain
    out = tmp_path / "scores.csv"
    assert invoke(["money", "score", final("money"), "-f", "csv", "--bom", "-o", str(out)]).exit_code == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbfrow,game,")
    record = str(REPO / "examples" / "money" / "record-game.toml")
    found = invoke(["money", "validate", record, "--format", "csv", "--bom"]).stdout
    assert found.startswith("\ufefffile,game,valid")
