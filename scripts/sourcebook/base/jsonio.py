"""Canonical JSON and atomic file I/O.

Every write goes to a temp file in the same folder, is fsynced and renamed over the target,
so a crash leaves either the old file or the new one, never half of one. Inside ``SyncOnce``
(a command writing a batch of many files) the writes skip their own fsync and the file system
is synced once when the batch ends.
"""

from __future__ import annotations

import json
import os

from .errors import SbError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (~10 ms of start-up)
if TYPE_CHECKING:
    from typing import Any


def dumps(obj: Any) -> str:
    """The pretty canonical form: indent 2, sorted keys, UTF-8 characters kept, trailing newline."""
    return json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def dumps_rows(obj: dict, rows: tuple[str, ...] = ()) -> str:
    """A JSON object in a readable form made mostly by the C encoder (``json.dumps`` with
    ``indent`` runs the pure-Python one, which costs milliseconds on a manifest with a long
    history): one key a line, sorted, each value as ``dumps`` writes it, except that a list under
    a key in ``rows`` is written one item a line, each item compact on its line. Parsed, it is
    ``obj`` itself; with no ``rows`` it is ``dumps(obj)`` byte for byte."""
    if not obj:
        return "{}\n"
    row = _row_encoder()
    out = []
    for key in sorted(obj):
        val = obj[key]
        if key in rows and isinstance(val, list) and val:
            text = "[\n    " + ",\n    ".join([row(v) for v in val]) + "\n  ]"
        else:
            text = json.dumps(val, indent=2, sort_keys=True, ensure_ascii=False).replace("\n", "\n  ")
        out.append(f"  {row(key)}: {text}")
    return "{\n" + ",\n".join(out) + "\n}\n"


def _row_encoder():
    """``json.dumps(v, sort_keys=True, ensure_ascii=False)`` for one value: the C encoder made
    once for many values (``JSONEncoder.encode`` builds it anew for each, a few microseconds)."""
    enc = json.JSONEncoder(sort_keys=True, ensure_ascii=False)
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)
    if make is None:  # an interpreter without the C accelerator
        return enc.encode
    try:
        it = make({}, enc.default, encoder.encode_basestring, None, ": ", ", ", True, False, True)
    except TypeError:  # a C encoder of another signature
        return enc.encode

    def row(v: Any) -> str:
        if isinstance(v, str):
            return encoder.encode_basestring(v)
        return "".join(it(v, 0))

    return row


def dumps_compact(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


FILE_MODE = 0o666  # what a new file asks for; the umask takes away the rest (0644 under 022)
SECRET_MODE = 0o600  # keys and other secrets: never readable by others, whatever the umask


def umask() -> int:
    """The process umask (read by setting it and putting it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def shared_mode(mode: int = FILE_MODE) -> int:
    """The permissions a file created with ``mode`` gets under the current umask."""
    return mode & ~umask() & 0o777


class SyncOnce:
    """``with SyncOnce(many):`` when ``many``, the atomic writes inside skip their own fsync
    (each is still temp file and rename) and the whole file system is synced once at the end,
    however the block ends: a thousand fsyncs one after another wait for the disk a thousand
    times. A process forked inside (an extraction worker) writes the same way. Where ``os.sync``
    does not exist, or for a few writes, every write keeps its own fsync."""

    depth = 0  # open batches in this process

    def __init__(self, many: bool = True) -> None:
        self.on = many and hasattr(os, "sync")

    def __enter__(self) -> SyncOnce:
        if self.on:
            SyncOnce.depth += 1
        return self

    def __exit__(self, *exc) -> None:
        if self.on:
            SyncOnce.depth -= 1
            os.sync()


def _temp_name(path: str) -> str:
    return os.path.join(os.path.dirname(os.path.abspath(path)),
                        f".{os.path.basename(path)}.{os.urandom(6).hex()}.tmp")


def atomic_write_bytes(path: str, data: bytes, *, durable: bool = True, mode: int = FILE_MODE) -> None:
    """Write ``data`` to ``path`` through a temp file and a rename. ``durable=False`` skips the
    fsync, for caches whose torn or lost copy is detected and simply recomputed.

    The file is created with ``mode`` and the umask applies, as for any file a user's tools
    write (0644 under the usual 022): what sb writes can be shared. ``SECRET_MODE`` is for
    what is secret by nature."""
    commit_staged(stage_bytes(path, data, durable=durable, mode=mode), path)


def stage_bytes(path: str, data: bytes, *, durable: bool = True, mode: int = FILE_MODE) -> str:
    """The first half of an atomic write: ``data`` in a new temp file beside ``path``, fsynced;
    returns its name. ``commit_staged`` puts it in place; ``discard_staged`` drops it. Staging
    lets another process pay for the write and the fsync (extraction workers do)."""
    made = False  # the folder is made only when it is missing (one system call less per write)
    for _ in range(16):
        tmp = _temp_name(path)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)
            break
        except FileExistsError:
            continue
        except FileNotFoundError as exc:
            if made:
                raise OSError(exc.errno, exc.strerror, path) from None
            os.makedirs(os.path.dirname(tmp), exist_ok=True)
            made = True
        except OSError as exc:  # name the file the caller asked for, not the hidden temp file
            raise OSError(exc.errno, exc.strerror, path) from None
    else:
        raise OSError(17, "could not create a temporary file", path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable and not SyncOnce.depth:
                os.fsync(fh.fileno())
    except BaseException as exc:
        discard_staged(tmp)
        if isinstance(exc, OSError) and exc.errno:
            raise OSError(exc.errno, exc.strerror, path) from None
        raise
    return tmp


def commit_staged(tmp: str, path: str) -> None:
    """Rename a staged file over ``path`` (atomic: readers see the old file or the new one)."""
    try:
        os.replace(tmp, path)
    except BaseException as exc:
        discard_staged(tmp)
        if isinstance(exc, OSError) and exc.errno:
            raise OSError(exc.errno, exc.strerror, path) from None
        raise


def discard_staged(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def make_temp_dir(parent: str, name: str) -> str:
    """A new hidden folder beside ``name`` in ``parent``, created with 0777 less the umask
    (``tempfile.mkdtemp`` makes 0700, which a renamed package folder would keep)."""
    os.makedirs(parent, exist_ok=True)
    for _ in range(16):
        path = os.path.join(parent, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            os.mkdir(path, 0o777)
            return path
        except FileExistsError:
            continue
    raise OSError(17, "could not create a temporary folder", os.path.join(parent, name))


def atomic_write_text(path: str, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def write_json(path: str, obj: Any, *, durable: bool = True) -> None:
    atomic_write_bytes(path, dumps(obj).encode("utf-8"), durable=durable)


def fsync_dir(path: str) -> None:
    """Make the names in a folder durable (a file renamed or created in it): fsync the folder.
    A file system that cannot sync a folder (EINVAL) has nothing more to give."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def append_line(path: str, line: str) -> None:
    """Append one line durably (for append-only trails such as history and rechecks)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    data = (line.rstrip("\n") + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, FILE_MODE)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data  # a torn last line (a killed writer) must not swallow this one
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def read_jsonl(path: str) -> list[dict]:
    """The objects of an append-only JSON-lines trail, oldest first. A missing file is empty;
    a line that is not an object (torn by a killed writer) is skipped."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


def read_text(path: str, subject: str | None = None) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        raise SbError("E-IO", subject or path, "file not found") from None
    except OSError as exc:
        raise SbError("E-IO", subject or path, f"cannot read: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SbError("E-IO", subject or path, f"not valid UTF-8 at byte {exc.start}") from None


def loads(text: str, subject: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SbError("E-JSON", subject,
                      f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}; "
                      "fix or restore the file") from None
    except RecursionError:
        raise SbError("E-JSON", subject, "JSON nested too deeply") from None


def read_json(path: str, subject: str | None = None) -> Any:
    return loads(read_text(path, subject), subject or path)


def payload_items(payload: object, plural: str, single_key: str, code: str, subject: str, what: str) -> list:
    """The items of a JSON payload that may be one object, a list of them, or ``{plural: [...]}``
    (``single_key`` tells one object from the wrapper): claims and decisions are given this way."""
    if isinstance(payload, dict) and plural in payload and single_key not in payload:
        items = payload[plural]
        if not isinstance(items, list):
            raise SbError(code, f"{subject}/{plural}" if code == "E-SCHEMA" else subject,
                          f"\"{plural}\" must be a list of {what} objects")
        return items
    if isinstance(payload, list):
        return payload
    if isinstance(payload, dict):
        return [payload]
    raise SbError(code, subject, f"expected a {what} object, a list, or {{\"{plural}\": [...]}}")


def expect(obj: Any, typ: type | tuple, subject: str, pointer: str) -> Any:
    """Return ``obj`` if it has the type, else raise E-JSON naming the file and JSON pointer."""
    if isinstance(obj, typ) and not (isinstance(obj, bool) and typ in (int, float, (int, float))):
        return obj
    names = {dict: "an object", list: "an array", str: "a string", int: "an integer", bool: "true/false"}
    want = names.get(typ, getattr(typ, "__name__", str(typ))) if isinstance(typ, type) else "a value of the right type"
    raise SbError("E-JSON", f"{subject}{pointer or '/'}", f"expected {want}, found {type(obj).__name__}")
