"""Search: every script found, the output formats, the index files, and staleness."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
from array import array

from conftest import sb
from text_sources import add_text, indexed, normalized

from sourcebook.engines.search import postings
from sourcebook.engines.search.tokenize import tokenize

JA = "東京の図書館は毎朝九時に開館します。"
ZH = "北京大学的图书馆藏书非常丰富。"
RU = "Паромы Нортлайн принимают карту Харбор только по будням."
EN = "The Harbour card is accepted on every inner-harbour line. Fares are charged per trip.\n"

LINE = re.compile(r"^ ?\d{1,2}  src_[0-9a-f]{12}#c\d{4}  [ \d]{2}\d\.\d{3}  .+$")


def _three_scripts(ws):
    return indexed(ws, f"# 日本語\n\n{JA}\n", f"# 中文\n\n{ZH}\n", f"# Русский\n\n{RU}\n", EN)


def test_japanese_chinese_russian_found_by_two_words_and_pinned_by_find(ws):
    ja, zh, ru, _ = _three_scripts(ws)
    for sid, query, sentence in ((ja, "図書館 開館", JA), (zh, "图书馆 藏书", ZH), (ru, "паромы карту", RU)):
        r = sb("search", query, "--json", cwd=ws)
        assert r.rc == 0, r.both
        hits = json.loads(r.out)
        assert hits and hits[0]["source_id"] == sid, (query, hits)
        r = sb("find", sid, sentence, cwd=ws)
        assert r.rc == 0, r.both
        s, e = map(int, re.search(r"(\d+)\.\.(\d+)", r.out).groups())
        assert normalized(ws, sid)[s:e] == sentence
        assert sb("quote", sid, s, e, cwd=ws).out == sentence + "\n"


def test_accents_fold_in_search(ws):
    sid, = indexed(ws, "Le café naïve de l'école.\n")
    hits = json.loads(sb("search", "naive ecole", "--json", cwd=ws).out)
    assert hits[0]["source_id"] == sid


def test_text_output_format(ws):
    indexed(ws, "# Ferries\n\n## Northline\n\n" + EN + EN)
    r = sb("search", "harbour card fares", cwd=ws)
    lines = r.out.splitlines()
    assert LINE.match(lines[0]), lines[0]
    assert lines[0].endswith("Ferries > Northline")
    assert lines[1].startswith("      ") and "Harbour card" in lines[1]


def test_no_heading_and_no_hits(ws):
    indexed(ws, EN)
    assert sb("search", "harbour", cwd=ws).out.splitlines()[0].endswith("(no heading)")
    r = sb("search", "zeppelin", cwd=ws)
    assert r.rc == 0 and r.out == "no hits for 'zeppelin'\n"
    r = sb("search", "the and of", cwd=ws)  # only stop words
    assert r.rc == 0 and "no hits for" in r.out


def test_json_fields(ws):
    sid, = indexed(ws, EN)
    hit = json.loads(sb("search", "harbour", "--json", cwd=ws).out)[0]
    assert set(hit) == {"rank", "chunk_id", "score", "source_id", "start", "end", "heading_path", "preview"}
    assert hit["rank"] == 1 and hit["chunk_id"] == f"{sid}#c0000" and hit["source_id"] == sid
    assert hit["score"] == round(hit["score"], 4)
    assert hit["preview"] == " ".join(EN.split())[:160]
    assert normalized(ws, sid)[hit["start"]:hit["end"]] == EN


def test_bm25_score_by_hand(ws):
    a, b, c = indexed(ws, "apple banana cherry\n", "apple apple date\n", "elderberry fig grape\n")
    hits = json.loads(sb("search", "apple", "--json", cwd=ws).out)
    n, df, avgdl = 3, 2, 3.0
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    def s(tf, dl):
        return idf * tf * 2.2 / (tf + 1.2 * (0.25 + 0.75 * dl / avgdl))
    assert [h["source_id"] for h in hits] == [b, a]
    assert hits[0]["score"] == round(s(2, 3), 4) and hits[1]["score"] == round(s(1, 3), 4)


def test_ties_sort_by_chunk_id_and_k_limits(ws):
    ids = indexed(ws, "zebra one\n", "zebra two\n", "zebra six\n")
    hits = json.loads(sb("search", "zebra", "-k", "2", "--json", cwd=ws).out)
    assert [h["chunk_id"] for h in hits] == sorted(f"{i}#c0000" for i in ids)[:2]
    assert sb("search", "zebra", "-k", "0", cwd=ws).rc == 1


def test_source_prefix_filter(ws):
    a, b = indexed(ws, "zebra crossing here\n", "zebra stripes there\n")
    hits = json.loads(sb("search", "zebra", "--source", b, "--json", cwd=ws).out)
    assert [h["source_id"] for h in hits] == [b]


def test_search_without_index(ws):
    add_text(ws, EN)
    r = sb("search", "harbour", cwd=ws)
    assert r.rc == 2 and "E-SEARCH  index" in r.err


def test_search_with_a_broken_index(ws):
    indexed(ws, EN)
    (ws / "index" / "lexical.json").write_text("{not json")
    r = sb("search", "harbour", cwd=ws)
    assert r.rc == 2 and "E-SEARCH  index/lexical.json" in r.err and "sb index" in r.err


def _segment(ws):
    man = json.loads((ws / "index" / "lexical.json").read_text())
    assert len(man["segments"]) == 1
    return ws / "index" / man["segments"][0]["name"]


def test_a_query_reads_only_its_own_shard_and_postings(ws):
    indexed(ws, EN, "Completely different words about zeppelins and balloons.\n")
    seg = _segment(ws)
    idx = array("Q")
    idx.frombytes((seg / "terms.idx").read_bytes())
    n = postings.shard_of("harbour")
    terms = bytearray((seg / "terms.tsv").read_bytes())
    keep = bytes(terms[idx[n]:idx[n + 1]])
    line = next(ln for ln in keep.decode().splitlines() if ln.startswith("harbour\t"))
    df, off = map(int, line.split("\t")[1:])
    post = bytearray((seg / "postings.bin").read_bytes())
    want = bytes(post[off:off + df * 6])
    # every other byte of the dictionary and the postings is garbage: the query never reads it
    terms[:] = b"#" * len(terms)
    terms[idx[n]:idx[n + 1]] = keep
    post[:] = b"\xff" * len(post)
    post[off:off + df * 6] = want
    (seg / "terms.tsv").write_bytes(bytes(terms))
    (seg / "postings.bin").write_bytes(bytes(post))
    hits = json.loads(sb("search", "harbour", "--json", cwd=ws).out)
    assert hits and "Harbour" in hits[0]["preview"]


def test_index_output_and_files(ws):
    indexed(ws, EN)
    r = sb("index", cwd=ws)
    n_terms = len(set(tokenize(EN)))
    first, detail = r.out.splitlines()  # the contract line, then what this run did
    assert re.fullmatch(rf"indexed  1 chunks  {n_terms} terms  avgdl=\d+\.\d{{4}}", first), r.out
    assert detail == "  nothing changed since the last run (1 source(s), 1 segment(s))"
    man = json.loads((ws / "index" / "lexical.json").read_text())
    assert man["n_docs"] == 1 and man["n_terms"] == n_terms and man["version"] >= 3
    assert man["sources"] == 1 and man["layout"]["lexical.json"] and man["avgdl"] == len(tokenize(EN))
    assert (_segment(ws) / "docs.txt").read_text().strip().endswith("#c0000")


def test_index_is_deterministic(tmp_path):
    trees = []
    for name in ("one", "two"):
        root = tmp_path / name
        root.mkdir()
        assert sb("init", cwd=root).rc == 0
        indexed(root, EN, f"{JA}\n", f"{RU}\n")
        files = {}
        for dirpath, _, names in os.walk(root / "index"):
            for f in names:
                p = os.path.join(dirpath, f)
                files[os.path.relpath(p, root)] = open(p, "rb").read()
        trees.append(files)
    assert trees[0] == trees[1]


def test_index_errors(ws):
    r = sb("index", cwd=ws)
    assert r.rc == 2 and "E-INDEX  sources" in r.err
    sid = add_text(ws, EN)
    r = sb("index", cwd=ws)
    assert r.rc == 2 and f"E-INDEX  {sid}" in r.err and "sb chunk" in r.err


def test_index_with_no_searchable_terms(ws):
    add_text(ws, "a an the of it\n")
    assert sb("chunk", cwd=ws).rc == 0
    r = sb("index", cwd=ws)
    assert r.rc == 2 and "E-INDEX  chunks" in r.err
    assert not (ws / "index" / "meta.json").exists()


def test_status_notices_a_stale_and_a_missing_index(ws):
    indexed(ws, EN)
    assert "state      INDEX" in sb("status", cwd=ws).out
    add_text(ws, "A later source about zeppelins.\n")
    assert sb("chunk", cwd=ws).rc == 0
    st = json.loads(sb("status", "--json", cwd=ws).out)
    assert st["state"] == "CHUNK" and st["next"] == "sb index"
    assert sb("index", cwd=ws).rc == 0
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "INDEX"
    assert sb("chunk", "--target", "40", "--overlap", "5", cwd=ws).rc == 0  # chunks changed
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "CHUNK"
    assert sb("index", cwd=ws).rc == 0
    shutil.rmtree(ws / "index")
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "CHUNK"
    assert sb("index", cwd=ws).rc == 0
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "INDEX"


def test_rebuild_leaves_no_stray_folders(ws):
    indexed(ws, EN)
    assert sb("index", cwd=ws).rc == 0
    assert sorted(n for n in os.listdir(ws) if n.startswith("index")) == ["index"]


def test_malformed_chunk_file_is_named(ws):
    sid, = indexed(ws, EN)
    (ws / "chunks" / f"{sid}.jsonl").write_text('{"chunk_id": 3}\n')
    r = sb("index", cwd=ws)
    assert r.rc == 1 and f"E-JSON  chunks/{sid}.jsonl:1" in r.err


def test_status_notices_a_same_size_edit_of_a_chunk_file(ws):
    sid, = indexed(ws, EN)
    path = ws / "chunks" / f"{sid}.jsonl"
    raw = path.read_text(encoding="utf-8")
    edited = re.sub(r'"end":(\d)', lambda m: f'"end":{(int(m.group(1)) + 1) % 10}', raw, count=1)
    assert edited != raw and len(edited) == len(raw)
    path.write_text(edited, encoding="utf-8")
    assert json.loads(sb("status", "--json", cwd=ws).out)["state"] == "CHUNK"


def test_two_processes_build_the_same_index_as_one(ws):
    from sourcebook.domain.index.build import build_index
    from sourcebook.domain.workspace.layout import Workspace

    indexed(ws, EN, f"{JA}\n", f"{RU}\n", "Harbour fares again. " * 40 + "\n", f"{ZH}\n")

    def files():
        out = {}
        for dirpath, _, names in os.walk(ws / "index"):
            for f in names:
                p = os.path.join(dirpath, f)
                out[os.path.relpath(p, ws)] = open(p, "rb").read()
        return out

    build_index(Workspace(str(ws)), workers=1)
    one = files()
    build_index(Workspace(str(ws)), workers=2)
    assert files() == one
    build_index(Workspace(str(ws)), workers=3)
    assert files() == one


def test_pruned_ranking_equals_scoring_every_posting(tmp_path):
    """MaxScore skips documents it can prove are not in the top k: the answer must be exactly
    that of summing every posting (ties at the k-th included, then broken by chunk id)."""
    import random

    from sourcebook.domain.index import search as S
    from sourcebook.domain.workspace.layout import Workspace

    rng = random.Random(5)
    words = "harbour ferry card fare line route weekend night zeppelin balloon orchard pear tide pier".split()
    root = tmp_path / "ws"
    root.mkdir()
    assert sb("init", cwd=root).rc == 0
    for i in range(12):  # frequent and rare words, repeated texts (ties), varied lengths
        body = " ".join(rng.choice(words[: 4 + i % 10]) for _ in range(rng.randrange(20, 400)))
        add_text(root, f"# T{i % 5}\n\n{body}.\n\n{body[:200]}.\n")
    for cmd in (("chunk", "--target", "120", "--overlap", "20"), ("index",)):
        assert sb(*cmd, cwd=root).rc == 0
    idx = S.Index(Workspace(str(root)))
    for _ in range(60):
        terms = sorted(set(rng.sample(words, rng.randrange(1, 6))))
        k = rng.choice((1, 2, 3, 8, 30))
        every: dict[int, float] = {}
        for t in S._terms(idx, terms, None):
            S._accumulate(idx, every, t)
        assert S.top(idx, S.rank(idx, terms, k), k) == S.top(idx, list(every.items()), k), (terms, k)
    idx.close()


def test_span_reader_gives_the_code_points_of_the_whole_text_decoded(tmp_path):
    """A hit's span is read only up to its end and decoded piece by piece: the same code points
    as the whole text decoded at once, broken bytes and characters cut between reads included."""
    import random

    from sourcebook.domain.index.editions_fold import Reader

    rng = random.Random(7)
    pieces = ["plain words ", "Паромы Нортлайн ", "東京の図書館 ", "𝔘𝔫𝔦 ", "\u201cq\u201d ", "\n"]
    body = "".join(rng.choice(pieces) for _ in range(3000)).encode()
    broken = body[:5000] + b"\xe2\x80 \xff\xc3" + body[5000:9001] + b"\xed\xa0\x80" + body[9001:] + b"\xf0\x9f"
    class Ws:
        def __init__(self, path):
            self.path = str(path)

        def normalized_path(self, sid: str) -> str:
            return self.path

    for n, data in enumerate((body, broken, b"ascii only " * 900, b"")):
        path = tmp_path / f"t{n}.md"
        path.write_bytes(data)

        whole = data.decode("utf-8", errors="replace")
        rd = Reader(Ws(path))  # type: ignore[arg-type]
        for _ in range(60):  # one reader: spans asked in any order, further on and back again
            a = rng.randrange(len(whole) + 3)
            b = a + rng.randrange(9000)
            assert rd.span("s", a, b) == whole[a:b]
        assert Reader(Ws(path)).span("s", 0, len(whole) + 10) == whole  # type: ignore[arg-type]
    gone = Reader(Ws(tmp_path / "none"))  # type: ignore[arg-type]
    assert gone.span("s", 0, 10) == ""


def test_search_ranked_ahead_answers_as_ranked_for_each_try(ws, monkeypatch):
    # copies of one document fold into one hit, so a search asks again for more: hits taken
    # from one ranking of more than it asked for are those of a ranking for each try
    import random

    from sourcebook.domain.index import search as S
    from sourcebook.domain.workspace.layout import Workspace

    assert sb("config", "set", "config.chunk_target=200", cwd=ws).rc == 0
    assert sb("config", "set", "config.chunk_overlap=20", cwd=ws).rc == 0
    rng = random.Random(5)
    words = "harbour ferry pass route kiosk pier ticket tide lantern canal lock hinge".split()
    names = []
    for n in range(12):
        paras = [" ".join(rng.choice(words) for _ in range(rng.randrange(4, 24))).capitalize() + "."
                 for _ in range(10)]
        body = f"# Notes {n}\n\n" + "\n\n".join(paras) + "\n"
        for copy in range(5 if n % 3 else 1):
            (ws / f"n{n}-{copy}.md").write_text(body)
            names.append(f"n{n}-{copy}.md")
    assert sb("add", *names, "--tier", "B", "--reason", "r", cwd=ws).rc == 0
    for cmd in ("extract", "chunk", "index"):
        assert sb(cmd, cwd=ws).rc == 0
    w = Workspace(str(ws))
    folded = 0
    for query in ("harbour ferry lantern", "the tide at the canal lock", "pier", "ticket kiosk hinge pass route"):
        for k in (1, 3, 8, 20):
            got = [h.to_json() for h in S.search(w, query, k)]
            with monkeypatch.context() as m:
                m.setattr(S, "RANK_AHEAD", 1)
                want = [h.to_json() for h in S.search(w, query, k)]
            assert got == want, (query, k)
            folded += sum(len(h.get("also_in", [])) for h in got)
    assert folded > 50
