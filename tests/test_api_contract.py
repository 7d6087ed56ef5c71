"""The Python API's contract: errors that cross process boundaries, a language per call, checked arguments.

A library is called from worker processes, from threads and with arguments of
any type: its errors pickle as they are, ``lang=`` is that call's and no other
thread's, and a wrong argument is a ``TypeError`` (a bad value the documented
``DataError`` / ``UsageError``), never a print, an exit or a crash deep inside.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import EXAMPLES

import refcli
from refcli.language import i18n
from refcli.model import errors
from refcli.model.errors import (
    ConfigError,
    DataError,
    InputUnreadable,
    OutputFailed,
    OutputUnwritable,
    ReaderGone,
    RefcliError,
    RuleBroken,
    UsageError,
)
from refcli.model.exit_status import ExitStatus, status_for

MONEY = str(EXAMPLES / "money" / "rulebook-450.toml")
CALL = str(EXAMPLES / "cup-of-bluff" / "call-spec.toml")
KUHHANDEL = str(EXAMPLES / "kuhhandel" / "rulebook-2460.toml")
WAIT = 120  # seconds: far more than two workers need on a loaded machine, but a hang still ends


# -- every error pickles -----------------------------------------------------------------------------------
class KeyTooLarge(DataError):
    """A subclass with an ``__init__`` of its own and attributes of its own, as a game or a plugin may define."""

    def __init__(self, key: str, found: int) -> None:
        self.key = key
        self.found = found
        super().__init__(f"expected at most 5, found {found}", file="plugin.toml", line=2, path=key)


class ArchiveUnreadable(InputUnreadable):
    """A subclass of an error whose ``__init__`` writes the message, holding one more attribute."""

    def __init__(self, file: str, member: str) -> None:
        self.member = member
        super().__init__(file, f"no member {member}")


SAMPLES: dict[str, Callable[[], RefcliError]] = {
    "RefcliError": lambda: RefcliError("something refcli cannot do"),
    "InputUnreadable": lambda: InputUnreadable("game.toml", "no such file"),
    "DataError": lambda: DataError("expected an integer, found a string", file="game.toml", line=3, path="player[1]"),
    "ConfigError": lambda: ConfigError("expected en or es, not 'fr'", file="config.toml", line=1, path="lang"),
    "OutputUnwritable": lambda: OutputUnwritable("out.json: exists; --force replaces it"),
    "OutputFailed": lambda: OutputFailed("<stdout>", "No space left on device"),
    "ReaderGone": ReaderGone,
    "UsageError": lambda: UsageError("no game 'chess'"),
    "RuleBroken": lambda: RuleBroken("Ben cannot call himself", "call.target", {"allowed": False}),
    "KeyTooLarge": lambda: KeyTooLarge("player[2].coins", 9),
    "ArchiveUnreadable": lambda: ArchiveUnreadable("games.zip", "final.toml"),
}


def raise_sample(name: str) -> None:
    """Raise the sample error ``name`` (in a worker process)."""
    raise SAMPLES[name]()


def assert_same_error(got: BaseException | None, made: RefcliError) -> None:
    """``got`` is ``made`` come back: its class, message, arguments, attributes and exit status."""
    assert type(got) is type(made), repr(got)
    assert str(got) == str(made) and got.args == made.args
    assert got.one_line() == made.one_line()
    assert vars(got) == vars(made)
    assert status_for(got) == status_for(made)


def test_every_error_class_refcli_defines_has_a_sample() -> None:
    defined = {
        name for name, value in vars(errors).items() if isinstance(value, type) and issubclass(value, RefcliError)
    }
    assert defined <= set(SAMPLES), defined - set(SAMPLES)


@pytest.mark.parametrize("name", SAMPLES)
def test_every_error_pickles_and_copies_as_it_is(name: str) -> None:
    made = SAMPLES[name]()
    made.add_note("a note added on the way")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(made, protocol))
        assert_same_error(back, made)
        assert back.__notes__ == ["a note added on the way"]
    assert_same_error(copy.copy(made), made)
    assert_same_error(copy.deepcopy(made), made)


def test_an_error_keeps_the_language_it_was_made_in_through_pickling(tmp_path: Path) -> None:
    with pytest.raises(InputUnreadable) as caught:
        refcli.score(tmp_path / "missing.toml", lang="es")
    said = str(caught.value)
    assert said.endswith(": no se puede leer: no existe el archivo")
    back = pickle.loads(pickle.dumps(caught.value))  # unpickled in an English process
    assert str(back) == said and back.file == caught.value.file and back.reason == "no existe el archivo"


@pytest.fixture(params=["spawn", "fork"])
def context(request: pytest.FixtureRequest) -> Any:
    if request.param not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {request.param} start method here")
    return multiprocessing.get_context(request.param)


def test_pool_map_raises_a_workers_error_in_the_caller(context: Any, tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    with context.Pool(2) as pool:
        scores = pool.map_async(refcli.score, [MONEY, KUHHANDEL])
        assert [score.winners for score in scores.get(WAIT)] == [("Cid",), ("Cid",)]
        with pytest.raises(InputUnreadable) as caught:
            pool.map_async(refcli.score, [MONEY, missing]).get(WAIT)  # a hang, unpickling failed, ends here
    assert_same_error(caught.value, InputUnreadable(missing, "no such file"))
    assert status_for(caught.value) == ExitStatus.UNREADABLE


def test_a_process_pool_marks_only_the_failing_future(context: Any, tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.toml")
    with ProcessPoolExecutor(2, mp_context=context) as executor:
        futures = [executor.submit(refcli.score, path) for path in (MONEY, missing, MONEY)]
        samples = {name: executor.submit(raise_sample, name) for name in SAMPLES}
        assert futures[0].result(WAIT).winners == ("Cid",) and futures[2].result(WAIT).winners == ("Cid",)
        assert_same_error(futures[1].exception(WAIT), InputUnreadable(missing, "no such file"))
        for name, future in samples.items():
            assert_same_error(future.exception(WAIT), SAMPLES[name]())
        assert executor.submit(refcli.score, MONEY).result(WAIT).winners == ("Cid",)  # the pool is not broken


# -- lang= is the call's -----------------------------------------------------------------------------------
@pytest.fixture
def often_switching_threads() -> Iterator[None]:
    """Threads switched as often as the interpreter can, so that calls in progress overlap."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def language_of_a_fresh_thread() -> str:
    """The process's language: what a thread with nothing of its own going on writes in."""
    seen: list[str] = []
    thread = threading.Thread(target=lambda: seen.append(i18n.language()))
    thread.start()
    thread.join()
    return seen[0]


@pytest.mark.parametrize("process_language", ["en", "es"])
@pytest.mark.usefixtures("often_switching_threads")
def test_threads_calling_in_two_languages_each_get_theirs(process_language: str, tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    expected = {}
    for lang in ("en", "es"):
        score, ruling = refcli.score(MONEY, lang=lang), refcli.rule(CALL, lang=lang)
        with pytest.raises(InputUnreadable) as caught:
            refcli.score(missing, lang=lang)
        expected[lang] = (score.to_dict(), score.text(), ruling.to_dict()["verdict"], str(caught.value))
    assert expected["en"][2].startswith("Ana called 15") and expected["es"][2].startswith("Ana dijo 15")
    i18n.set_language(process_language)

    def call(index: int) -> tuple[str, tuple[Any, ...], tuple[str, str]]:
        lang = ("en", "es")[index % 2]
        score, ruling = refcli.score(MONEY, lang=lang), refcli.rule(CALL, lang=lang)
        try:
            refcli.score(missing, lang=lang)
        except InputUnreadable as error:
            said = str(error)
        return (
            lang,
            (score.to_dict(), score.text(), ruling.to_dict()["verdict"], said),
            (score.language, ruling.language),
        )

    with ThreadPoolExecutor(8) as pool:
        outcomes = list(pool.map(call, range(200)))
    for lang, got, languages in outcomes:
        assert got == expected[lang]
        assert languages == (lang, lang)
    assert i18n.language() == process_language
    assert language_of_a_fresh_thread() == process_language


def test_a_call_leaves_the_language_of_the_process_and_of_its_thread_as_they_were() -> None:
    i18n.set_language("es")
    refcli.score(MONEY, lang="en")
    refcli.validate(MONEY, lang="en")
    with pytest.raises(UsageError, match="no game 'chess'"):
        refcli.game("chess", lang="en")
    assert i18n.language() == "es" and language_of_a_fresh_thread() == "es"
    assert "Ganador: Cid" in refcli.score(MONEY).text()  # no lang: the process's


def test_a_language_set_inside_a_call_holds_until_the_call_ends() -> None:
    """``set_language`` inside ``using`` (a CLI run started from a call in another language) is that call's."""
    for process, call, inside in (("en", "en", "es"), ("es", "en", "es"), ("es", "es", "en")):
        i18n.set_language(process)
        with i18n.using(call):
            i18n.set_language(inside)
            assert i18n.language() == inside and language_of_a_fresh_thread() == process
            assert i18n._("no such file") == ("no existe el archivo" if inside == "es" else "no such file")
        assert i18n.language() == process and language_of_a_fresh_thread() == process


def test_results_keep_their_language_through_pickling() -> None:
    spanish = refcli.score(MONEY, lang="es")
    validation = refcli.validate(EXAMPLES / "kuhhandel" / "record-broken.toml", lang="es")
    for result in (spanish, validation):
        back = pickle.loads(pickle.dumps(result))
        assert back.language == "es" and back.text() == result.text()
    assert "Ganador: Cid" in pickle.loads(pickle.dumps(spanish)).text()
    assert i18n.language() == "en"


# -- arguments: TypeError for a type, the documented error for a value ---------------------------------------
WRONG_TYPES: list[tuple[str, Callable[[], object], str]] = [
    ("a non-string key", lambda: refcli.score({"game": "money", 5: "x"}), "keys must be strings, found the key 5"),
    (
        "a non-string key in a table in a list",
        lambda: refcli.score({"game": "money", "player": [{"name": "Ana"}, {2: "x"}]}),
        r"keys must be strings, found the key 2 \(int\) in player\[2\]",
    ),
    ("game=5", lambda: refcli.score(MONEY, game=5), "game must be a string or None, not int"),  # type: ignore[arg-type]
    ("rule game=5", lambda: refcli.rule(CALL, game=5), "game must be a string or None, not int"),  # type: ignore[arg-type]
    ("validate game=5", lambda: refcli.validate(MONEY, game=5), "game must be a string"),  # type: ignore[arg-type]
    ("refcli.game(5)", lambda: refcli.game(5), "name must be a string, not int"),  # type: ignore[arg-type]
    ("values=[5]", lambda: refcli.rule(game="money", values=[5]), r"values must be 'KEY=VALUE' strings, found 5"),  # type: ignore[list-item]
    (
        "values as one string",
        lambda: refcli.rule(game="money", values="situation=bids"),
        "values must be a mapping of KEY to value or a list of 'KEY=VALUE' strings, not str",
    ),
    ("values={5: ...}", lambda: refcli.rule(game="money", values={5: "x"}), "the keys of values must be strings"),  # type: ignore[dict-item]
    ("values=5", lambda: refcli.score(MONEY, values=5), "values must be a mapping"),  # type: ignore[arg-type]
    ("a number as the source", lambda: refcli.score(5), r"must be a path \(str or os.PathLike\) or a document"),  # type: ignore[arg-type]
    ("a list as the source", lambda: refcli.validate([MONEY]), "or a document \\(a dict\\), not list"),  # type: ignore[arg-type]
    ("bytes as the source", lambda: refcli.score(MONEY.encode()), "not bytes"),  # type: ignore[arg-type]
    ("no source to validate", lambda: refcli.validate(None), "not NoneType"),  # type: ignore[arg-type]
    ("max_bytes='8'", lambda: refcli.score(MONEY, max_bytes="8"), "max_bytes must be an integer, not str"),  # type: ignore[arg-type]
    ("max_bytes=True", lambda: refcli.load(MONEY, max_bytes=True), "max_bytes must be an integer, not bool"),
    ("max_bytes=1.5", lambda: refcli.validate(MONEY, max_bytes=1.5), "max_bytes must be an integer, not float"),  # type: ignore[arg-type]
    ("partial='no'", lambda: refcli.score(MONEY, partial="no"), "partial must be True or False, not str"),  # type: ignore[arg-type]
    ("strict=1", lambda: refcli.validate(MONEY, strict=1), "strict must be True or False, not int"),  # type: ignore[arg-type]
    ("lang=5", lambda: refcli.score(MONEY, lang=5), "lang must be a string or None, not int"),  # type: ignore[arg-type]
    ("load name=5", lambda: refcli.load({"game": "money"}, name=5), "name must be a string or None, not int"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "says"), [case[1:] for case in WRONG_TYPES], ids=[case[0] for case in WRONG_TYPES])
def test_a_wrong_type_is_a_type_error_with_a_sentence(call: Callable[[], object], says: str) -> None:
    with pytest.raises(TypeError, match=says) as caught:
        call()
    assert not isinstance(caught.value, RefcliError)


def test_a_type_error_is_in_the_calls_language() -> None:
    with pytest.raises(TypeError, match="^game debe ser una cadena o None, no int$"):
        refcli.score(MONEY, game=5, lang="es")  # type: ignore[arg-type]


BAD_VALUES: list[tuple[str, Callable[[], object], type[RefcliError], str]] = [
    ("game=''", lambda: refcli.score(MONEY, game=""), UsageError, "no game ''"),
    ("rule game=''", lambda: refcli.rule(CALL, game=""), UsageError, "no game ''"),
    ("validate game=''", lambda: refcli.validate(MONEY, game=""), UsageError, "no game ''"),
    (
        "max_bytes=-1",
        lambda: refcli.score(MONEY, max_bytes=-1),
        UsageError,
        "max_bytes must be from 1 to 1099511627776",
    ),
    (
        "max_bytes=0",
        lambda: refcli.validate(MONEY, max_bytes=0),
        UsageError,
        r"from 1 to 1099511627776 \(2\^40\), not 0",
    ),
    ("max_bytes=2**40+1", lambda: refcli.load(MONEY, max_bytes=2**40 + 1), UsageError, "not 1099511627777"),
    ("a NUL in a path", lambda: refcli.score("game\0.toml"), UsageError, r"'game\\x00.toml': a path cannot hold a NUL"),
    ("a NUL to validate", lambda: refcli.validate(Path("a\0b")), UsageError, "a path cannot hold a NUL character"),
    ("lang='fr'", lambda: refcli.score(MONEY, lang="fr"), UsageError, "no language 'fr'"),
    ("a document that does not fit", lambda: refcli.score({"game": "money", "player": 3}), DataError, "player"),
]


@pytest.mark.parametrize(
    ("call", "error", "says"), [case[1:] for case in BAD_VALUES], ids=[case[0] for case in BAD_VALUES]
)
def test_a_bad_value_is_the_documented_error(call: Callable[[], object], error: type[RefcliError], says: str) -> None:
    with pytest.raises(error, match=says) as caught:
        call()
    assert status_for(caught.value) == (ExitStatus.USAGE if error is UsageError else ExitStatus.DATA)


def test_the_api_never_prints_and_never_exits(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    calls: list[Callable[[], object]] = [
        lambda: refcli.score(MONEY).text(),
        lambda: refcli.rule(CALL, lang="es").text(),
        lambda: refcli.validate(EXAMPLES / "kuhhandel" / "record-broken.toml").text(),
        lambda: refcli.validate(tmp_path / "missing.toml").text(),
        lambda: refcli.validate({"game": "money", "event": 3}).text(),
        lambda: refcli.rule(EXAMPLES / "cup-of-bluff" / "call-wrong-target.toml").text(),
    ]
    calls += [case[1] for case in WRONG_TYPES] + [case[1] for case in BAD_VALUES]
    calls += [lambda: refcli.score(tmp_path / "missing.toml"), lambda: refcli.rule(), lambda: refcli.game("chess")]
    for call in calls:
        try:
            call()
        except (RefcliError, TypeError):
            pass  # SystemExit, a BaseException, is not caught: it fails the test
    assert capfd.readouterr() == ("", "")
