"""sb unblock."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Leave the BLOCKED state after three failed verify loops. The reason is what the user
decided; it is recorded in the workspace history. Resets the revision counter."""


def configure(p) -> None:
    p.add_argument("--reason", required=True, help="what the user decided (recorded in history)")


def run(args, ctx) -> int:
    from ...domain.gate.state import unblock

    st = unblock(ctx.workspace(), args.reason)
    ctx.out("unblocked  revise_count = 0, blockers cleared")
    ctx.out(f"reason     {args.reason.strip()}")
    ctx.out(f"state      {st.state}")
    ctx.out(f"next       {st.next}")
    return Exit.OK
