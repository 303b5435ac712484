"""sb package."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Copy a verified build into a distributable folder, or check one.

  sb package                       private package in dist/ (sources ship beside the ledger)
  sb package --public --out pub    public: quotes beyond the budget become hashes, local
                                   paths and file-name titles are withheld, URL credentials dropped
  SB_SIGNING_KEY=... sb package --sign   also write SHA256SUMS.sig (HMAC-SHA256 of SHA256SUMS)
  sb package --verify              check dist/: checksums, signature (with SB_SIGNING_KEY),
                                   claim ids, every citation against the shipped sources,
                                   the files sourcebook wrote (rendered again), and the page
                                   gates (html, prose, licenses) over every shipped page
  sb package --verify --out pub --sources ws/sources   a public package against given sources

The gate runs first: nothing is packaged unless `sb verify` passes now and the workspace is
not BLOCKED. --out is relative to the workspace root and is rebuilt from nothing each time; it
may not be the workspace, one of its folders, or a non-empty folder that is not a previous
package. Exit 0 ok, 1 bad input, 2 gate or check failure."""


def configure(p) -> None:
    p.add_argument("--out", default="dist", help="package folder, relative to the workspace root (default dist)")
    p.add_argument("--public", action="store_true", help="a public package (redacted; no sources)")
    p.add_argument("--private", action="store_true", help="a private package (the default; wins over --public)")
    p.add_argument("--verify", action="store_true", help="check an existing package instead of building one")
    p.add_argument("--sign", action="store_true", help="sign SHA256SUMS with the key in SB_SIGNING_KEY")
    p.add_argument("--sources", metavar="DIR", help="with --verify: folder holding <src_id>/normalized.md")


def run(args, ctx) -> int:
    import os

    from ...base.errors import SbError

    if args.verify:
        return _verify(args, ctx)
    if args.sources:
        raise SbError("E-USAGE", "sb package", "--sources only goes with --verify")
    key = os.environ.get("SB_SIGNING_KEY") if args.sign else None
    if args.sign and not key:
        raise SbError("E-PKG-NOKEY", "SB_SIGNING_KEY", "--sign needs the key in the SB_SIGNING_KEY environment "
                      "variable; nothing was packaged")
    from ...domain.gate.package.build import build_package

    res = build_package(ctx.workspace(), args.out, public=args.public and not args.private, key=key)
    for rel in res.skipped:
        ctx.err(f"skipped  {rel}  (a symlink out of the workspace is never followed)")
    tail = f"  ({res.redacted} quote(s) redacted to hashes)" if res.public else ""
    ctx.out(f"packaged {res.files} file(s) into {res.out}{tail}")
    if res.signed:
        ctx.out(f"signed   {res.out}/SHA256SUMS.sig  (HMAC-SHA256 with SB_SIGNING_KEY)")
    return Exit.OK


def _verify(args, ctx) -> int:
    import os

    from ...base.errors import SbError
    from ...domain.gate.package.check import verify_package

    try:
        ws = ctx.workspace()
        base, ws_sources, ws_root = ws.root, ws.sources_dir, ws.root
    except SbError:
        base, ws_sources, ws_root = ctx.cwd, None, None  # a package can be checked without its workspace
    out = os.path.normpath(os.path.join(base, args.out))
    if not os.path.isdir(out):
        raise SbError("E-PKG-NOSUMS", args.out, "no such package folder; run `sb package` first")
    sources = ctx.path(args.sources) if args.sources else None
    res = verify_package(out, args.out, sources=sources, workspace_sources=ws_sources, workspace_root=ws_root)
    for f in res.findings:
        ctx.finding(f)
    if res.findings:
        ctx.out(f"package FAILED  {len(res.findings)} finding(s)")
        return Exit.GATE
    ctx.out(f"package verified  {res.checksums} checksum(s), {res.citations} citation(s) still byte-exact "
            f"against {res.against}")
    ctx.out(f"signature {res.signature}")
    return Exit.OK
