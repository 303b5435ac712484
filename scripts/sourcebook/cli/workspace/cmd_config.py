"""sb config."""

from __future__ import annotations

from ...base.errors import Exit

DESCRIPTION = """\
Read or change the workspace's capabilities and settings.

  sb config list                              capabilities, config and lint waivers as JSON
  sb config get capabilities.web_fetch        one value as JSON (null when unset)
  sb config set capabilities.web_fetch=script
  sb config set config.chunk_target=1200
  sb config set lint_waivers.copy.em-dash="quoted titles use dashes"

Values: true/false become booleans, whole numbers integers, JSON arrays/objects are parsed,
anything else is a string. The manifest is re-validated before it is saved; a rejected value
changes nothing. The revision counter and state cannot be set here (use `sb unblock`)."""


def configure(p) -> None:
    p.add_argument("action", choices=["get", "set", "list"], help="what to do")
    p.add_argument("expr", nargs="?", help="a dotted key (get) or key=value (set)")


def run(args, ctx) -> int:
    from ...base.errors import SbError
    from ...domain.workspace.setup import config_get, config_set, dumps_value

    ws = ctx.workspace()
    if args.action in ("list", "get"):
        value = config_get(ws, args.expr if args.action == "get" else None)
        ctx.emit_json(value)
        return Exit.OK
    if not args.expr:
        raise SbError("E-USAGE", "config set", "expected key=value; see `sb config --help`")
    key, value = config_set(ws, args.expr)
    ctx.out(f"{key} = {dumps_value(value)}")
    return Exit.OK
