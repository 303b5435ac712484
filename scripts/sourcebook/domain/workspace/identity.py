"""A file's identity, and when it can be trusted to name the file's content.

A file's identity is its size, mtime, ctime, inode and device. Any write moves the ctime, and no
user-space call sets a ctime back, so a fact keyed by a file's identity is looked up again once
the file is written. A file whose ctime is younger than its window is not *settled*: a second
write within the same timestamp tick would keep its identity, so nothing is keyed by it then.

How long that is follows the file system's timestamps. Two seconds covers the coarsest common
granularity (FAT's two-second timestamps, the whole seconds of ext3, HFS+ and SFTP), and is
the window for a ctime on a whole second. A ctime with sub-second digits comes from a file
system that keeps fine timestamps (ext4, XFS, Btrfs, tmpfs, APFS, NTFS), whose tick is the
kernel's clock tick (at most 10 ms) or finer: ``RACY_FINE_NS``, ten times that, is its window.
A ctime that falls on a whole second by chance only gets the longer window.
"""

from __future__ import annotations

import os
import time

RACY_NS = 2_000_000_000
RACY_FINE_NS = 100_000_000  # for a ctime with sub-second digits (never more than RACY_NS)


def _sig(path: str, kind: int) -> list[int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    if (st.st_mode & 0o170000) != kind:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def file_sig(path: str) -> list[int] | None:
    """A file's identity (size, mtime, ctime, inode, device), or None when it is not a file."""
    return _sig(path, 0o100000)


def dir_sig(path: str) -> list[int] | None:
    """A folder's identity (as ``file_sig``): adding, removing or renaming an entry moves its
    mtime and ctime. None when it is not a folder."""
    return _sig(path, 0o040000)


def settled(sig: list[int] | None, now_ns: int) -> bool:
    """True when the file last changed long enough ago that its identity can be trusted."""
    return sig is not None and settled_ctime(sig[2], now_ns)


def settled_ctime(ctime_ns: int, now_ns: int) -> bool:
    """``settled`` of a file with this ctime."""
    window = RACY_NS if ctime_ns % 1_000_000_000 == 0 else min(RACY_NS, RACY_FINE_NS)
    return ctime_ns < now_ns - window


def read_settled(path: str) -> tuple[list[int], int, bytes] | None:
    """A file's identity taken just before it is read, the time then, and its bytes: what a
    command hands the verify cache of a file it read. None when the file is missing, unreadable
    or not settled (it would not be kept)."""
    now = time.time_ns()
    sig = file_sig(path)
    if sig is None or not settled(sig, now):
        return None
    try:
        with open(path, "rb") as fh:
            return sig, now, fh.read()
    except OSError:
        return None


def record_told(sig: list[int] | None, now_ns: int, rec: dict | None) -> str:
    """A source record named in a cache key: by its file's identity when that is settled (read
    at ``now_ns``: no record need be printed), else by what was read of it."""
    if settled(sig, now_ns):
        return f"id{sig!r}"
    return f"rec{sorted((rec or {}).items())!r}"
