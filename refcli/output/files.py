"""Writing an output file safely (``-o FILE`` on every command that prints a result): all of it or none of it.

``stdout_to(FILE, force)`` runs a command with its standard output going to
a spool (memory, then an anonymous temporary file past a megabyte, so a long
``validate`` stays flat in memory) and writes FILE from it once the command
has finished with a result (exit 0 or 1, or anything printed at all): the
file holds exactly what ``refcli … > FILE`` would, but is never half-written
and never emptied by a command that failed before printing. ``-o -`` is
standard output itself. FILE is checked before the command runs, so a
directory or an existing file without ``--force`` is refused at once.

What this module promises (README, "Exit status"; every error is exit 73):

* FILE is either left as it was or holds the complete new text, whatever
  happens meanwhile: an error, Ctrl-C, ``kill -9``, a full disk. The text is
  written to a file without FILE's name and synced before it gets the name.
* Only regular files are written. A directory, a device, a FIFO or a socket,
  named directly or through a symlink, is refused with or without
  ``--force`` (renaming over ``/dev/null`` as root once replaced the
  machine's /dev/null with a regular file).
* Whatever is at FILE (a file, a symlink, even a dangling one) is replaced
  only with ``--force``. A symlink is written through, as the shell's ``>``
  does: the file it points to gets the text and the link stays. A symlink
  in a shared sticky folder such as /tmp that belongs to someone else is
  not followed (Linux's fs.protected_symlinks rule, which a path resolved
  here would otherwise get around: it stops a planted /tmp link from
  turning ``--force`` into a write to /etc/passwd).
* A new file gets mode 0666 less the umask; ``--force`` keeps the replaced
  file's mode (and its owner where the system allows).

Where the unfinished text lives, and why (see ``_write_unnamed``): on Linux
in an O_TMPFILE inode, which has no name at all until ``linkat`` gives it
FILE's, so a process killed mid-write leaves nothing behind (the kernel frees
the inode). ``link`` cannot replace a name, so replacing a file links the
finished inode under a temporary name and renames that over FILE: a window of
two system calls. Where O_TMPFILE is missing (other systems, NFS, FUSE) a
named temporary is written beside FILE. While a temporary has a name,
SIGINT, SIGTERM and SIGHUP are held (refcli does not catch them, see
refcli.cli.lifecycle): one that comes meanwhile ends refcli once the temporary is
renamed or removed. Only ``kill -9`` in such a window can leave a temporary
behind; it is recognisable (``.FILE.refcli-HOST-PID-RANDOM.tmp``) and the
next refcli run that writes FILE removes it once process PID on this host is
gone. The host is part of the name because a shared (NFS) folder can hold a
live writer's temporary from another machine, whose PID means nothing here.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Union

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer

from refcli.language.i18n import N_, _
from refcli.language.visible import visible
from refcli.model.errors import OutputUnwritable, os_reason, strerror_reason

_MAX_SYMLINKS = 40  # the kernel's own limit before ELOOP
_TEMP_MARK = ".refcli-"
_TEMP_SUFFIX = ".tmp"
_STEM_BYTES = 200  # of FILE's name in a temporary's, leaving room for the mark under NAME_MAX (255)
# link() errors meaning "this filesystem (or /proc) cannot do it", not "this file cannot be written"
_CANNOT_LINK = {errno.ENOENT, errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.EXDEV, errno.ENOSYS}


STANDARD_OUTPUT = "-"  # ``-o -`` and ``--save -``: no file, standard output
_SPOOL_IN_MEMORY = 1 << 20  # bytes of output kept in memory before the spool moves to a temporary file
_CHUNK = 1 << 16
_RESULT_CODES = (0, 1)  # a command that ends so has printed its result (1: a rule broken, no match)

# what a file is written from: the whole text, or a binary file read from its start
_Source = Union[bytes, IO[bytes]]  # noqa: UP007 - a runtime alias


class _Unsupported(Exception):
    """O_TMPFILE or linking it is not available here: use a named temporary."""


_outer: list[IO[str]] = []  # standard output as it was before each ``-o FILE`` took it, the first first


def standard_output() -> IO[str]:
    """refcli's standard output, even while ``-o FILE`` holds what the command prints (``--save -`` writes here)."""
    return _outer[0] if _outer else sys.stdout


# -- a command's standard output into FILE -------------------------------------
@contextmanager
def stdout_to(path: str | None, force: bool) -> Iterator[None]:
    """Send what the block prints to ``path`` (None or ``-``: standard output) once it ends with a result.

    Raises ``OutputUnwritable`` before the block runs when FILE cannot be
    written (a directory, an existing file without ``force``), or after it,
    when writing fails; what the block raises is raised again, FILE written
    first if the block ended with a result (see the module docstring).
    """
    if path is None or path == STANDARD_OUTPUT:
        yield
        return
    _destination(path, force)  # refused now rather than after the work
    spool = _Spool(path)
    previous = sys.stdout
    # write_through: a failure to hold the output is raised by the write that met it, inside the command
    captured = io.TextIOWrapper(spool, encoding="utf-8", errors="backslashreplace", write_through=True)
    sys.stdout = captured
    _outer.append(previous)
    try:
        try:
            yield
        finally:
            _outer.pop()
            sys.stdout = previous
            captured.detach()  # the spool stays open for write_file; the wrapper is gone
    except BaseException as end:
        code = _exit_code(end)
        # spool.failure: the command has reported it (exit 73); FILE is left as it was
        if spool.failure is None and code is not None and (code in _RESULT_CODES or spool.size):
            _write_spooled(path, spool, force)
        raise
    else:
        _write_spooled(path, spool, force)
    finally:
        spool.discard()


def _exit_code(end: BaseException) -> int | None:
    """The exit status a command's end means; None for anything else (Ctrl-C, a bug): FILE is left alone."""
    if isinstance(end, SystemExit):
        return end.code if isinstance(end.code, int) else (0 if end.code is None else 1)
    code = getattr(end, "exit_code", None)  # click's Exit and its usage errors, which typer raises
    return code if isinstance(code, int) else None


def _write_spooled(path: str, spool: _Spool, force: bool) -> None:
    if spool.failure is not None:
        raise spool.failure
    write_file(path, spool.file, force)
    print(_("wrote {file}").format(file=visible(path)), file=sys.stderr)


class _Spool(io.BufferedIOBase):
    """Where a command's output waits for FILE: memory first, a temporary file once it is large."""

    def __init__(self, path: str) -> None:
        import tempfile

        self.path = path
        self.file: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=_SPOOL_IN_MEMORY)  # noqa: SIM115
        self.size = 0
        self.failure: OutputUnwritable | None = None

    @property
    def name(self) -> str:  # what sys.stdout.name says while it goes to FILE
        return self.path

    def writable(self) -> bool:
        return True

    def write(self, data: ReadableBuffer) -> int:
        view = memoryview(data)
        if self.failure is None:
            try:
                self.file.write(view)
            except OSError as error:  # the temporary file's disk is full: FILE cannot be complete
                self.failure = OutputUnwritable(
                    _("cannot write {file}: {reason} (while holding the output)").format(
                        file=visible(self.path), reason=os_reason(error)
                    )
                )
            self.size += view.nbytes
        if self.failure is not None:
            raise self.failure
        return view.nbytes

    def discard(self) -> None:
        self.file.close()


def write_file(path: str, text: str | _Source, force: bool) -> None:
    """Write ``text`` (or a binary file's whole content) to ``path`` as a whole (see the module docstring)."""
    destination, existing = _destination(path, force)
    folder = os.path.dirname(destination) or "."
    name = os.path.basename(destination)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        _remove_stale_temporaries(folder, name)
        try:
            _write_unnamed(folder, destination, data, existing, force, path)
        except _Unsupported:
            _write_named(folder, destination, data, existing, force, path)
    except OSError as error:
        raise cannot_write(path, os_reason(error)) from None
    _sync_folder(folder)


# -- what FILE is --------------------------------------------------------------
def refuse_early(path: str, force: bool) -> None:
    """Raise ``OutputUnwritable`` now if ``path`` could not be written (see ``write_file``), before any work."""
    _destination(path, force)


def _destination(path: str, force: bool) -> tuple[str, os.stat_result | None]:
    """The regular file to write (through symlinks) and its status, or None when it is new."""
    if not path:
        raise OutputUnwritable(_('cannot write "": the name is empty; name a file'))
    if not os.path.basename(path):
        raise cannot_write(path, _("name a file, not a directory"))
    current = path
    for _link in range(_MAX_SYMLINKS + 1):
        try:
            info = os.lstat(current)
        except FileNotFoundError:  # new (a missing folder is reported when the file is created)
            if current != path and not force:
                raise OutputUnwritable(
                    _("{file} is a symlink to {target}, which does not exist; use --force to create it").format(
                        file=visible(path), target=visible(current)
                    )
                ) from None
            return current, None
        except OSError as error:  # too long a name, a file used as a folder, no permission
            raise cannot_write(path, os_reason(error)) from None
        if stat.S_ISLNK(info.st_mode):
            _refuse_foreign_link(path, current, info)
            try:
                target = os.readlink(current)
            except OSError as error:  # replaced since lstat
                raise cannot_write(path, os_reason(error)) from None
            current = os.path.join(os.path.dirname(current), target)
            continue
        if stat.S_ISDIR(info.st_mode):
            if current == path:
                raise cannot_write(path, _("it is a directory; name a file"))
            raise cannot_write(
                path, _("it links to {target}, a directory; name a file").format(target=visible(current))
            )
        if not stat.S_ISREG(info.st_mode):  # --force or not: the message does not offer it
            kind = _kind(info.st_mode)
            kind = _(kind)
            if current == path:
                raise cannot_write(path, _("it is a {kind}, not a regular file").format(kind=kind))
            raise cannot_write(
                path, _("it links to {target}, a {kind}, not a regular file").format(target=visible(current), kind=kind)
            )
        if not force:
            raise _exists(path, current)
        return current, info
    raise cannot_write(path, strerror_reason(errno.ELOOP))


def cannot_write(path: str, reason: str) -> OutputUnwritable:
    """``cannot write FILE: reason`` (``reason`` in the current language)."""
    return OutputUnwritable(_("cannot write {file}: {reason}").format(file=visible(path), reason=reason))


def _exists(path: str, current: str) -> OutputUnwritable:
    if current == path:
        return OutputUnwritable(_("{file} exists; use --force to overwrite it").format(file=visible(path)))
    return OutputUnwritable(
        _("{file} exists (a symlink to {target}); use --force to overwrite {target}").format(
            file=visible(path), target=visible(current)
        )
    )


def _kind(mode: int) -> str:
    """What a file that is not a regular one is (to translate with ``_``)."""
    if stat.S_ISCHR(mode):
        return N_("character device")
    if stat.S_ISBLK(mode):
        return N_("block device")
    if stat.S_ISFIFO(mode):
        return N_("FIFO")
    if stat.S_ISSOCK(mode):
        return N_("socket")
    return N_("special file")


def _refuse_foreign_link(path: str, link: str, info: os.stat_result) -> None:
    """Follow a link in a sticky world-writable folder only if it is ours or the folder owner's."""
    if os.name != "posix":
        return
    try:
        folder = os.stat(os.path.dirname(link) or ".")
    except OSError:
        return
    shared = folder.st_mode & stat.S_ISVTX and folder.st_mode & stat.S_IWOTH
    if shared and info.st_uid not in (os.geteuid(), folder.st_uid):
        raise cannot_write(
            path,
            _("{link} is a symlink someone else owns in a shared directory; refcli does not follow it").format(
                link=visible(link)
            ),
        )


# -- writing -------------------------------------------------------------------
def _write_unnamed(
    folder: str, destination: str, data: _Source, existing: os.stat_result | None, force: bool, path: str
) -> None:
    """Linux: write an O_TMPFILE inode, then give it the name (see the module docstring)."""
    if not hasattr(os, "O_TMPFILE") or not os.path.isdir("/proc/self/fd"):
        raise _Unsupported
    try:
        fd = os.open(folder, os.O_TMPFILE | os.O_WRONLY | os.O_CLOEXEC, 0o666)
    except OSError as error:
        # EISDIR: a kernel without O_TMPFILE reads it as O_DIRECTORY; EOPNOTSUPP: this filesystem has none
        if error.errno in (errno.EISDIR, errno.EOPNOTSUPP, errno.EINVAL):
            raise _Unsupported from None
        raise
    try:
        _fill(fd, data, existing)
        unnamed = f"/proc/self/fd/{fd}"
        if existing is None and _link_new(unnamed, destination, force, path, unsupported=True):
            return
        with _signals_held():
            temporary = _temporary_path(folder, os.path.basename(destination))
            try:
                os.link(unnamed, temporary)
            except OSError as error:
                if error.errno in _CANNOT_LINK:
                    raise _Unsupported from None
                raise
            try:
                os.replace(temporary, destination)
            except BaseException:
                _remove(temporary)
                raise
    finally:
        os.close(fd)


def _write_named(
    folder: str, destination: str, data: _Source, existing: os.stat_result | None, force: bool, path: str
) -> None:
    """Anywhere: write a recognisable temporary beside FILE, then give it FILE's name."""
    temporary = _temporary_path(folder, os.path.basename(destination))
    with _signals_held():
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        try:
            try:
                _fill(fd, data, existing)
            finally:
                os.close(fd)
            if existing is None and _link_new(temporary, destination, force, path, unsupported=False):
                os.unlink(temporary)  # FILE holds the text now; this second name goes
                return
            os.replace(temporary, destination)
        except BaseException:
            _remove(temporary)
            raise


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP while a temporary has a name (see the module docstring)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)  # one that came meanwhile acts now


def _link_new(source: str, destination: str, force: bool, path: str, *, unsupported: bool) -> bool:
    """Give a new file its name with link(), which refuses if the name appeared meanwhile.

    False: replace it by renaming after all (the name appeared and --force
    was given, or a filesystem without hard links, where rename is all
    there is).
    """
    try:
        os.link(source, destination)
    except FileExistsError:
        if not force:
            raise _exists(path, destination) from None
        return False
    except OSError as error:
        if error.errno not in _CANNOT_LINK:
            raise
        if unsupported:
            raise _Unsupported from None
        return False
    return True


def _fill(fd: int, data: _Source, existing: os.stat_result | None) -> None:
    """Write all of ``data`` and sync it; a replacement keeps the replaced file's owner and mode."""
    if existing is not None:
        if hasattr(os, "fchown"):
            try:  # root can; anyone else only keeps a group they belong to, which is fine
                os.fchown(fd, existing.st_uid, existing.st_gid)
            except OSError:
                pass
        os.fchmod(fd, stat.S_IMODE(existing.st_mode))  # after fchown, which clears set-id bits
    if isinstance(data, bytes):
        _write_all(fd, data)
    else:
        data.seek(0)
        while chunk := data.read(_CHUNK):
            _write_all(fd, chunk)
    os.fsync(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _sync_folder(folder: str) -> None:
    """Make the new name itself survive a power cut (best effort: not every system can)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# -- temporaries ---------------------------------------------------------------
def _host() -> str:
    import zlib

    node = os.uname().nodename if hasattr(os, "uname") else ""
    return format(zlib.crc32(node.encode("utf-8", "surrogateescape")), "08x")


def _stem(name: str) -> str:
    return os.fsdecode(os.fsencode(name)[:_STEM_BYTES])


def _temporary_path(folder: str, name: str) -> str:
    token = os.urandom(4).hex()
    return os.path.join(folder, f".{_stem(name)}{_TEMP_MARK}{_host()}-{os.getpid()}-{token}{_TEMP_SUFFIX}")


def _remove_stale_temporaries(folder: str, name: str) -> None:
    """Remove temporaries for FILE left by refcli processes on this host that no longer exist."""
    if os.name != "posix":
        return
    prefix = f".{_stem(name)}{_TEMP_MARK}"
    host = _host()
    try:
        entries = [entry.name for entry in os.scandir(folder) if entry.name.startswith(prefix)]
    except OSError:
        return  # the folder is reported when the file is created
    for entry in entries:
        if not entry.endswith(_TEMP_SUFFIX):
            continue
        parts = entry[len(prefix) : -len(_TEMP_SUFFIX)].split("-")
        if len(parts) != 3 or parts[0] != host or not parts[1].isdigit():
            continue
        if not _alive(int(parts[1])):
            _remove(os.path.join(folder, entry))


def _alive(pid: int) -> bool:
    if pid <= 0:
        return True  # not a name refcli makes: leave it alone
    if pid == os.getpid():
        return False  # this process writes one file at a time: a leftover of an earlier process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, it is someone else's
    return True
