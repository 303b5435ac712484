"""Files a user can share: everything sb writes honours the umask
(0644 files and 0755 folders under the usual 022; 0600/0700 under 077), except what is secret by
nature (the verify cache's signing key, always 0600)."""

from __future__ import annotations

import os
import stat

import pytest
from conftest import sb
from render_kit import build, draft


@pytest.fixture(params=[0o022, 0o077], ids=["umask022", "umask077"])
def umask(request):
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _modes(root: str) -> list[tuple[str, int, bool]]:
    out = []
    for dirpath, dirs, files in os.walk(root):
        for name in dirs:
            p = os.path.join(dirpath, name)
            out.append((os.path.relpath(p, root), stat.S_IMODE(os.lstat(p).st_mode), True))
        for name in files:
            p = os.path.join(dirpath, name)
            if not os.path.islink(p):
                out.append((os.path.relpath(p, root), stat.S_IMODE(os.lstat(p).st_mode), False))
    return out


def test_everything_written_honours_the_umask(tmp_path, umask):
    root = tmp_path / "ws"
    root.mkdir(mode=0o777 & ~umask)
    assert sb("init", "--question", "Which fare applies?", cwd=root).rc == 0
    ids = build(root)  # two sources written as the tests' fixtures do; plus one added by sb
    (root / "note.md").write_text("# Note\n\nA single adult fare is 3.40 marks on the water bus.\n", encoding="utf-8")
    assert sb("add", "note.md", "--tier", "C", "--reason", "a note", cwd=root).rc == 0
    for cmd in (("extract",), ("chunk",), ("index",), ("search", "fare")):
        r = sb(*cmd, cwd=root)
        assert r.rc == 0, (cmd, r.both)
    (root / "draft.md").write_text(draft(ids), encoding="utf-8")
    assert sb("render", "answer", "--from", "draft.md", cwd=root).rc == 0
    assert sb("ledger", "--md", "--out", "build/ledger.md", cwd=root).rc == 0
    assert sb("verify", cwd=root).rc == 0
    r = sb("package", "--out", "dist", cwd=root)
    assert r.rc == 0, r.both
    want_file, want_dir = 0o666 & ~umask, 0o777 & ~umask
    seen = _modes(str(root))
    assert any(rel == os.path.join("dist", "SHA256SUMS") for rel, _, _ in seen)
    assert any(rel == os.path.join("build", "answer.html") for rel, _, _ in seen)
    wrong = [(rel, oct(mode)) for rel, mode, is_dir in seen
             if mode != (want_dir if is_dir else want_file)
             and not rel.startswith(("sources" + os.sep, "ledger" + os.sep, "note.md", "draft.md"))]
    assert not wrong, wrong
    # what sb itself wrote among the sources and ledger
    for rel in [p for p, _, d in seen if not d and p.startswith(("sources", "ledger"))]:
        written_by_sb = rel.endswith(("raw.md", "normalized.md", "source.json", "claims.json")) and \
            not any(rel.startswith(os.path.join("sources", s)) for s in (ids["src_a"], ids["src_b"]))
        if written_by_sb:
            assert stat.S_IMODE(os.stat(root / rel).st_mode) == want_file, rel


def test_the_signing_key_stays_secret(tmp_path, umask):
    from sourcebook.domain.gate import verify_cache

    root = tmp_path / "ws"
    root.mkdir()
    assert sb("init", cwd=root).rc == 0
    sb("verify", cwd=root)
    key = verify_cache.key_path()
    assert os.path.isfile(key)
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600


def test_install_shim_is_executable_under_the_umask(tmp_path, umask):
    dest = tmp_path / "proj"
    dest.mkdir()
    r = sb("install", "--harness", "claude", "--dest", str(dest), cwd=tmp_path)
    assert r.rc == 0, r.both
    shim = dest / ".sourcebook" / "bin" / "sb"
    assert stat.S_IMODE(os.stat(shim).st_mode) == 0o777 & ~umask
    skill = dest / ".claude" / "skills" / "sourcebook" / "SKILL.md"
    assert stat.S_IMODE(os.stat(skill).st_mode) == 0o666 & ~umask
