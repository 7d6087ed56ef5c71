"""Scored games as BG Stats plays (``score --format bgstats`` and ``bgstats-link``), and the link as a QR code.

BG Stats, the app (iOS and Android) where many players log their plays and
post them on to BoardGameGeek, documents how another app hands it a finished
play: "Push plays to BG Stats from other apps or websites"
(https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/).
The link is ``https://app.bgstatsapp.com/createPlay.html?data=<data>`` (or
``bgstats://`` in place of ``https://``), ``<data>`` being a URL-encoded JSON
play: ``sourceName``, ``sourcePlayId``, ``playDate`` ("2020-10-23 19:16:58"),
``location``, ``comments``, ``game`` (``name``, ``bggId``, ``highestWins``,
``noPoints``, ``sourceGameId``) and ``players`` (``name``, ``score``,
``rank``, ``winner``, ``startPlayer``, ``role``, ``sourcePlayerId``), with
``board`` and ``durationMin``. Opening it, the app suggests matches for the
game (by BoardGameGeek id, else by name) and the players (by name), and
remembers them; a play whose source and id it has seen is the same play.

What refcli fills in, and why (docs/bgstats.md says it for people):

* ``sourcePlayId`` is a hash of what was read (the file's text), so scoring
  the same file again gives the same id and the app sees one play.
* ``playDate``: the file's ``date`` key (every final snapshot may carry it,
  with ``location``), else the file's modification time, else now (standard
  input, answers to questions).
* ``bggId`` only where the game's declaration gives one it checked
  (``Game.bgg_id``); the app matches the others by name.
* a game played for standings (``Game.points`` False: Bamboozled, where the
  last player standing wins) is ``noPoints``: its players carry their rank
  and whether they won, no score.
* who started, the roles, the board and the duration are not in a final
  snapshot: they are left out rather than guessed.
* a flag that is false (``winner`` of a player who did not win, ``noPoints``
  of a game with points) is left out: an absent flag is taken as false, and
  the link, drawn as a QR code, grows the code with every byte. For the same
  reason the JSON is compact and only what must be escaped in a query's
  value is (``link``). ``highestWins`` stays, true: BG Stats' page does not
  say what its absence means.
* the evening's totals of a game whose scores add up over several files
  (Money!) have no place of their own in a play: each of those plays says
  them in ``comments``, the only free text, which follows the language.

Every key and value but ``comments`` is the same in every language. This
module is imported only by those formats; segno (the QR code) only by ``--qr``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any, NamedTuple

from refcli.language.i18n import _

SOURCE_NAME = "refcli"
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
PLAY_ID_DIGITS = 16  # of the SHA-256 of what was read: 64 bits, and a short link
# The quiet zone around a code drawn in a terminal: the standard's 4 modules. Around it is the terminal's
# background, dark like the dark modules on most terminals, so the light zone drawn is all the code has.
TERMINAL_BORDER = 4
FILE_BORDER = 4
FILE_SCALE = 8  # pixels a module in a PNG, and the unit of an SVG's size


class PlaySource(NamedTuple):
    """What a play says about where it came from: its stable id, its date and, if given, its place."""

    play_id: str
    date: str  # "YYYY-MM-DD HH:MM:SS", local time
    location: str | None = None


def source_of(doc: Any, path: str | None, *, items: bool = False) -> PlaySource:
    """The play's id, date and place for a document read from ``path`` (None or "-": no file's time to use).

    The id hashes the file's text; for a document made of ``KEY=VALUE`` items or answers (``items``), the
    document read, written canonically (the same values give the same id).
    """
    from refcli.reading.formats.description import play_date

    data = doc.data
    if doc.text and not items:
        content = doc.text.encode("utf-8")
    else:
        content = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8")
    play_id = hashlib.sha256(content).hexdigest()[:PLAY_ID_DIGITS]
    if data.get("date") is not None:
        date = play_date(data["date"])
    else:
        date = _file_time(path)
    location = data.get("location")
    location = location.strip() if isinstance(location, str) and location.strip() else None
    return PlaySource(play_id, date, location)


def _file_time(path: str | None) -> str:
    """``path``'s modification time in local time; now when there is no file (standard input, items)."""
    import os

    when = dt.datetime.now()
    if path and path != "-":
        try:
            when = dt.datetime.fromtimestamp(os.stat(path).st_mtime)
        except (OSError, ValueError, OverflowError):
            pass
    return when.replace(microsecond=0).isoformat(sep=" ")


def play(report: Mapping[str, Any], source: PlaySource, game: Any, comments: str | None = None) -> dict[str, Any]:
    """One scored game (``score``'s report of one file) as BG Stats' play document."""
    winners = set(report.get("winners") or ())
    found: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": source.play_id, "playDate": source.date}
    if source.location is not None:
        found["location"] = source.location
    if comments:
        found["comments"] = comments
    described: dict[str, Any] = {"name": game.title, "sourceGameId": game.id}
    if game.bgg_id is not None:
        described["bggId"] = game.bgg_id
    described["highestWins"] = True
    if not game.points:
        described["noPoints"] = True
    found["game"] = described
    players = []
    for player in report["players"]:
        entry: dict[str, Any] = {"name": player["name"]}
        if game.points:
            entry["score"] = player["score"]
        entry["rank"] = player["rank"]
        if player["name"] in winners:
            entry["winner"] = True
        players.append(entry)
    found["players"] = players
    return found


def evening_comment(totals: Sequence[Mapping[str, Any]], winners: Iterable[str], games: int) -> str:
    """The sentence a play of an evening's game carries: the evening's totals over its games, and who won."""
    scores = ", ".join(f"{total['name']} {total['score']}" for total in totals)
    return _("The evening's totals over {count} games: {scores}; won by {winners}.").format(
        count=games, scores=scores, winners=", ".join(winners)
    )


def document(plays: Sequence[dict[str, Any]], *, several: bool) -> dict[str, Any]:
    """What ``--format bgstats`` prints: the play of one FILE, or ``{"plays": [...]}`` for several."""
    if several:
        return {"plays": list(plays)}
    return plays[0]


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


# What a query's value may hold as it is (RFC 3986: unreserved characters, sub-delimiters, ":", "@", "/", "?"),
# less what a query string gives a meaning of its own: "&" and ";" end a parameter, "=" starts a value, "+" is
# a space to form decoding (URLSearchParams, Android's getQueryParameter). ``quote`` keeps unreserved ones.
# Every other character (the JSON's quotes and brackets, spaces, letters beyond ASCII as UTF-8) is escaped.
QUERY_SAFE = "!$'()*,:@/?"


def link(found: Mapping[str, Any]) -> str:
    """The app link for one play: its JSON, compact, percent-encoded only where a query's value must be.

    Each byte counts: the link is drawn as a QR code in a terminal, whose size grows with it. ``:`` and ``,``
    (two of the JSON's commonest characters) stay as they are; any URL decoder reads them as themselves.
    """
    from urllib.parse import quote

    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"))
    return LINK + quote(text, safe=QUERY_SAFE)


def play_of(address: str) -> Any:
    """The play a link carries (the inverse of ``link``)."""
    from urllib.parse import unquote

    if not address.startswith(LINK):
        raise ValueError(address)
    return json.loads(unquote(address[len(LINK) :]))


# -- the link as a QR code -------------------------------------------------------------------
def qr_code(address: str) -> Any:
    """The QR code of ``address`` (segno, imported only here): the smallest version, error correction L.

    L keeps the code as small as it can be, which a terminal needs; a screen or a print is not smudged.
    """
    import segno

    return segno.make_qr(address, error="l", boost_error=False)


# A terminal's character cell is about twice as tall as wide. Half blocks draw a module a column and two a
# line: square modules. Quadrant blocks draw two a column and two a line, half the width: modules twice as
# tall as wide, which QR readers take (they find the code by its three finder patterns, and a uniform stretch
# keeps their proportions along each axis). Each table is indexed by the cell's light modules: upper left
# 1, upper right 2, lower left 4, lower right 8; a light module is drawn (the glyph's ink), a dark one left
# to the background, as segno's own terminal output does (light modules in reverse video).
HALF_BLOCKS = {0: " ", 1: "\u2580", 4: "\u2584", 5: "\u2588"}  # ▀ ▄ █
QUADRANTS = (
    " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"  # ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█
)
# With colour, the ink and the background are set rather than the terminal's: white on black, so that a
# light theme (dark ink on white) does not draw the code inverted, which some readers cannot read.
COLOURED = "\x1b[97;40m"
PLAIN = "\x1b[0m"


def modules(address: str) -> list[list[bool]]:
    """The link's code, its quiet zone of ``TERMINAL_BORDER`` around it: True a light module."""
    code = qr_code(address).matrix
    size = len(code) + 2 * TERMINAL_BORDER
    blank = [[True] * size for _row in range(TERMINAL_BORDER)]
    margin = [True] * TERMINAL_BORDER
    return blank + [margin + [not module for module in row] + margin for row in code] + blank


def modules_a_column(size: int, columns: int) -> int | None:
    """How many modules across a column takes to draw a code of ``size`` modules (quiet zone included) in
    ``columns``: 1 (half blocks) if it fits, else 2 (quadrants) if that fits, else None (it does not)."""
    for across in (1, 2):
        if -(-size // across) <= columns:
            return across
    return None


def drawn(grid: Sequence[Sequence[bool]], across: int = 1, *, colour: bool = False) -> str:
    """A code's ``modules`` as text, two rows a line, ``across`` a column (1 half blocks, 2 quadrants).

    A code has an odd number of modules each way: the last line's lower half, and with quadrants the last
    column's right half, are beyond the quiet zone and left to the background.
    """
    height, width = len(grid), len(grid[0])

    def light(row: int, column: int) -> int:
        return int(row < height and column < width and grid[row][column])

    lines = []
    for top in range(0, height, 2):
        cells = []
        for left in range(0, width, across):
            if across == 1:
                cells.append(HALF_BLOCKS[light(top, left) + 4 * light(top + 1, left)])
            else:
                mask = (
                    light(top, left)
                    + 2 * light(top, left + 1)
                    + 4 * light(top + 1, left)
                    + 8 * light(top + 1, left + 1)
                )
                cells.append(QUADRANTS[mask])
        text = "".join(cells)
        lines.append(COLOURED + text + PLAIN if colour else text)
    return "\n".join(lines) + "\n"


def draw(addresses: Sequence[str], stream: IO[str], size: tuple[int, int], *, colour: bool = False) -> list[str]:
    """Each link's code drawn on ``stream`` (a terminal of ``size`` columns and lines); the warnings to say.

    In half blocks when they fit the width, else in quadrants (half as wide). A code wider than the terminal
    even so would wrap and could not be read: it is not drawn. One taller than the terminal is drawn, and
    the warning says so (the window can be zoomed out to show it whole). ``colour``: white on black.
    """
    columns, lines = size
    if not _shows_blocks(stream):  # an ASCII or cp1252 stream would print escapes no phone can read
        return [
            _(
                "This terminal's encoding cannot show the QR code's block characters: write the code to a file "
                "with --qr FILE.png."
            )
        ]
    warnings = []
    for address in addresses:
        grid = modules(address)
        side = len(grid)
        across = modules_a_column(side, columns)
        if across is None:
            warnings.append(
                _(
                    "The QR code needs at least {width} columns and the terminal has {columns}: widen the "
                    "terminal, or write the code to a file with --qr FILE.png."
                ).format(width=-(-side // 2), columns=columns)
            )
            continue
        stream.write(drawn(grid, across, colour=colour))
        height = -(-side // 2)
        if height > lines:
            warnings.append(
                _(
                    "The QR code is {height} lines tall and the terminal shows {lines}: zoom out or enlarge the "
                    "window to scan it whole, or write it to a file with --qr FILE.png."
                ).format(height=height, lines=lines)
            )
    return warnings


def _shows_blocks(stream: IO[str]) -> bool:
    """Whether ``stream``'s encoding carries the block characters the drawing is made of."""
    try:
        "█▀▄▌▐▖▗▘▙▚▛▜▝▞▟".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


QR_SUFFIXES = (".png", ".svg")  # as refcli.cli.fileoptions.QR_IMAGES


def qr_bytes(address: str, path: str) -> bytes:
    """The code as a PNG or SVG file's bytes, the kind named by ``path``'s suffix."""
    import io

    kind = path.lower().rsplit(".", 1)[-1]
    out = io.BytesIO()
    qr_code(address).save(out, kind=kind, scale=FILE_SCALE, border=FILE_BORDER)
    return out.getvalue()
