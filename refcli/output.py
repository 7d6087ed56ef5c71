"""Writing an output file safely (``template -o FILE``): all of it or none of it, and only a regular file.

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
refcli.process): one that comes meanwhile ends refcli once the temporary is
renamed or removed. Only ``kill -9`` in such a window can leave a temporary
behind; it is recognisable (``.FILE.refcli-HOST-PID-RANDOM.tmp``) and the
next refcli run that writes FILE removes it once process PID on this host is
gone. The host is part of the name because a shared (NFS) folder can hold a
live writer's temporary from another machine, whose PID means nothing here.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager

from refcli.errors import OutputUnwritable

_MAX_SYMLINKS = 40  # the kernel's own limit before ELOOP
_TEMP_MARK = ".refcli-"
_TEMP_SUFFIX = ".tmp"
_STEM_BYTES = 200  # of FILE's name in a temporary's, leaving room for the mark under NAME_MAX (255)
# link() errors meaning "this filesystem (or /proc) cannot do it", not "this file cannot be written"
_CANNOT_LINK = {errno.ENOENT, errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.EXDEV, errno.ENOSYS}


class _Unsupported(Exception):
    """O_TMPFILE or linking it is not available here: use a named temporary."""


def write_file(path: str, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` as a whole, refusing what is not a regular file (see the module docstring)."""
    destination, existing = _destination(path, force)
    folder = os.path.dirname(destination) or "."
    name = os.path.basename(destination)
    data = text.encode("utf-8")
    try:
        _remove_stale_temporaries(folder, name)
        try:
            _write_unnamed(folder, destination, data, existing, force, path)
        except _Unsupported:
            _write_named(folder, destination, data, existing, force, path)
    except OSError as error:
        raise OutputUnwritable(f"cannot write {path}: {_reason(error)}") from None
    _sync_folder(folder)


# -- what FILE is --------------------------------------------------------------
def _destination(path: str, force: bool) -> tuple[str, os.stat_result | None]:
    """The regular file to write (through symlinks) and its status, or None when it is new."""
    if not path:
        raise OutputUnwritable('cannot write "": the name is empty; name a file')
    if not os.path.basename(path):
        raise OutputUnwritable(f"cannot write {path}: name a file, not a directory")
    current = path
    for _ in range(_MAX_SYMLINKS + 1):
        try:
            info = os.lstat(current)
        except FileNotFoundError:  # new (a missing folder is reported when the file is created)
            if current != path and not force:
                raise OutputUnwritable(
                    f"{path} is a symlink to {current}, which does not exist; use --force to create it"
                ) from None
            return current, None
        except OSError as error:  # too long a name, a file used as a folder, no permission
            raise OutputUnwritable(f"cannot write {path}: {_reason(error)}") from None
        if stat.S_ISLNK(info.st_mode):
            _refuse_foreign_link(path, current, info)
            try:
                target = os.readlink(current)
            except OSError as error:  # replaced since lstat
                raise OutputUnwritable(f"cannot write {path}: {_reason(error)}") from None
            current = os.path.join(os.path.dirname(current), target)
            continue
        what = "it is" if current == path else f"it links to {current},"
        if stat.S_ISDIR(info.st_mode):
            raise OutputUnwritable(f"cannot write {path}: {what} a directory; name a file")
        if not stat.S_ISREG(info.st_mode):  # --force or not: the message does not offer it
            raise OutputUnwritable(f"cannot write {path}: {what} a {_kind(info.st_mode)}, not a regular file")
        if not force:
            raise _exists(path, current)
        return current, info
    raise OutputUnwritable(f"cannot write {path}: {os.strerror(errno.ELOOP)}")


def _exists(path: str, current: str) -> OutputUnwritable:
    if current == path:
        return OutputUnwritable(f"{path} exists; use --force to overwrite it")
    return OutputUnwritable(f"{path} exists (a symlink to {current}); use --force to overwrite {current}")


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


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
        raise OutputUnwritable(
            f"cannot write {path}: {link} is a symlink someone else owns in a shared directory; refcli does not follow it"
        )


# -- writing -------------------------------------------------------------------
def _write_unnamed(
    folder: str, destination: str, data: bytes, existing: os.stat_result | None, force: bool, path: str
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
    folder: str, destination: str, data: bytes, existing: os.stat_result | None, force: bool, path: str
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


def _fill(fd: int, data: bytes, existing: os.stat_result | None) -> None:
    """Write all of ``data`` and sync it; a replacement keeps the replaced file's owner and mode."""
    if existing is not None:
        if hasattr(os, "fchown"):
            try:  # root can; anyone else only keeps a group they belong to, which is fine
                os.fchown(fd, existing.st_uid, existing.st_gid)
            except OSError:
                pass
        os.fchmod(fd, stat.S_IMODE(existing.st_mode))  # after fchown, which clears set-id bits
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


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


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


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
