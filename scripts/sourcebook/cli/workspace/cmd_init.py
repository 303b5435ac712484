"""sb init."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Create a workspace in the current folder (or --dir): sourcebook.json plus the folders
sources/ chunks/ index/ ledger/ assets/ build/. Running it again is harmless: it changes
nothing, and says so when its --question differs from the workspace's (sb config set question=...).

  sb init --question "Which ferry lines accept the Harbour card?"
  sb init "Which ferry lines accept the Harbour card?"      # the same: the question may stand alone
  sb init --from ../old-workspace     # copy its sources (each folder with a source.json)"""


def configure(p) -> None:
    p.add_argument("asked", nargs="?", default="", metavar="QUESTION",
                   help="the question this workspace answers (the same as --question)")
    p.add_argument("--question", default="", help="the question this workspace answers")
    p.add_argument("--from", dest="seed", metavar="DIR", help="copy sources from another workspace or sources/ folder")


def run(args, ctx) -> int:
    import json
    import os

    from ...base.errors import SbError
    from ...domain.gate.state import derive
    from ...domain.workspace.layout import Workspace
    from ...domain.workspace.setup import init_workspace

    if args.asked and args.question and args.asked != args.question:
        raise SbError("E-USAGE", "sb init", "two different questions given (one alone, one after --question); "
                                           "give one of them")
    args.question = args.question or args.asked
    root = ctx.path(ctx.dir) if ctx.dir else ctx.cwd
    seed = ctx.path(args.seed) if args.seed else None
    res = init_workspace(root, args.question, seed)
    if not res.created:
        ctx.out(f"workspace already exists at {os.path.join(res.root, 'sourcebook.json')}")
        if seed is not None:
            ctx.err(f"note  {args.seed}  --from was not used: the workspace exists; copy sources in "
                    "with sb add, or init a new folder")
        kept = Workspace(res.root).load_manifest().get("question") or ""
        if args.question and args.question != kept:
            ctx.err(f"note  --question was not used: the workspace's question stays {kept!r}; change it with "
                    f"sb config set question={json.dumps(args.question, ensure_ascii=False)}")
    else:
        ctx.out(f"initialized {os.path.join(res.root, 'sourcebook.json')}")
        if seed is not None:
            ctx.out(f"seeded   {res.seeded} source(s) from {args.seed}")
    ctx.out(f"next: {derive(Workspace(res.root)).next}")
    return Exit.OK
