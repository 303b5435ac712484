"""sb index."""

from __future__ import annotations

DESCRIPTION = """\
Build the BM25 search index over every ready source's chunks (index/). The index is derived:
delete it any time and run `sb index` again. `sb status` says when it is older than the chunks.

  sb chunk && sb index"""


def configure(p) -> None:
    pass


def run(args, ctx) -> int:
    from ..domain.sources.indexing import build_index

    st = build_index(ctx.workspace())
    ctx.out(f"indexed  {st.n_docs} chunks  {st.n_terms} terms  avgdl={st.avgdl:.4f}")
    return 0
