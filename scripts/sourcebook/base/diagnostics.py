"""The registry of every diagnostic code sourcebook emits: code -> (meaning, what to do).

One place for each fact: a test checks that every code emitted anywhere in the package is
registered here and documented in ``docs/codes.md`` (generated from this table).
Keep each area's codes in its own block so additions merge cleanly.
"""

from __future__ import annotations

from typing import NamedTuple


class Code(NamedTuple):
    meaning: str
    remedy: str


CODES: dict[str, Code] = {}


def _reg(block: dict[str, tuple[str, str]]) -> None:
    for code, (meaning, remedy) in block.items():
        assert code not in CODES, code
        CODES[code] = Code(meaning, remedy)


# --- general -------------------------------------------------------------------------------
_reg({
    "E-USAGE": ("A command was called with missing or invalid arguments.", "Read `sb <command> --help`."),
    "E-NOWORKSPACE": ("No sourcebook workspace (a folder with sourcebook.json) was found.", "Run `sb init` or pass `--dir`."),
    "E-JSON": ("A workspace file is not valid JSON or has the wrong shape.", "Fix or restore the named file at the position given."),
    "E-LOCKED": ("Another sb process holds the workspace lock for too long.", "Wait for it to finish, or remove a stale `.sb.lock` if no sb runs."),
    "E-IO": ("A file could not be read or written.", "Check the path and permissions named in the message."),
    "E-SCHEMA": ("A workspace file does not match its JSON Schema.", "Fix the field at the JSON pointer named."),
    "E-SEED": ("`sb init --from` was given something that is not a folder of sources.", "Pass a workspace or its `sources/` folder."),
    "E-CONFIG": ("A `sb config` key or value is not allowed.", "Use a dotted key and a valid value; see `sb config --help`."),
    "E-INTERNAL": ("sb hit a bug it did not expect; nothing was written after the failure.", "Rerun with SB_DEBUG=1 and report the traceback."),
    "E-STATE": ("A command would bypass the escalation state.", "Use `sb unblock --reason` to record the user's decision."),
})

# --- core: ingest, chunk, index, search, find, sources --------------------------------------
_reg({
    "E-ADD-MISSING": ("A file given to `sb add` does not exist or is not a regular file.", "Check the path."),
    "E-ADD-FAILED": ("A source could not be added (fetch refused or failed, unreadable input).", "Read the message; fix the locator or save the bytes and use `--file`."),
    "E-ADD-REFUSED": ("A local path is not allowed as a source (outside the allowed roots, a symlink, too large).", "Copy the file into the workspace or pass `--allow-outside`."),
    "E-EXTRACT": ("Extraction produced no ready source.", "Read the per-source notes; adopt agent text with `sb extract --adopt`."),
    "E-NORM-DRIFT": ("A ready source's normalized text no longer matches its recorded hash or version.", "Restore the file or re-add the source; `sb extract --force` re-extracts."),
    "E-NORM-MISSING": ("A ready source has no normalized.md.", "Run `sb extract --force` or re-add the source."),
    "E-CHUNK": ("Chunking could not run (no ready source, or a ready source without text, or bad sizes).", "Run `sb extract` first; check --target/--overlap."),
    "E-INDEX": ("The index could not be built (no chunks).", "Run `sb chunk` first."),
    "E-SEARCH": ("Search needs an index that is present.", "Run `sb index`."),
    "E-FIND": ("`sb find` got no text or a source without text.", "Give a source id and the text to find."),
    "E-FIND-INEXACT": ("The text was found only with tolerance; it is not an exact citation.", "Paste the exact text printed, or use `sb quote` with the offsets."),
    "E-FIND-NOMATCH": ("The text is not in the source.", "Search for the passage and copy it from `sb quote`."),
    "E-FIND-AMBIGUOUS": ("The text occurs more than once; a citation needs one span.", "Quote more context, or pick one of the listed offsets."),
    "E-FIND-GAP": ("An elided quote's parts are out of order or too far apart.", "Keep parts in source order within 2000 characters."),
    "E-QUOTE": ("`sb quote` got an unknown source or an out-of-range span.", "Use offsets with 0 <= start < end <= length."),
    "E-SOURCE-UNKNOWN": ("No source has that id.", "List sources with `sb source list`."),
    "E-SOURCE-CITED": ("A source cannot be removed while an active claim cites it.", "Retract or supersede the citing claims first."),
})

# --- web and pdf ---------------------------------------------------------------------------
_reg({
    "E-FETCH-BLOCKED": ("The fetch guard refused a URL or a redirect: not http(s), credentials in the URL, or an address in a refused range (loopback, private, link-local, ...).", "Fetch only public http(s) URLs; save the page yourself and add the file."),
    "E-FETCH-FAILED": ("A script-mode fetch failed: the name did not resolve, the connection or TLS failed, an HTTP error status, or too many redirects.", "Check the URL; try again later, or save the page and add the file."),
    "E-FETCH-TOO-LARGE": ("The response body, or its decompressed size, exceeds the byte cap.", "Save the file yourself and add it."),
    "E-FETCH-TIMEOUT": ("The whole fetch did not finish before its one deadline.", "Try again later, or save the page and add the file."),
    "E-FETCH-ROBOTS": ("The site's robots.txt disallows the URL for sourcebook (or robots.txt was unreachable).", "Respect it, or pass `--ignore-robots` (recorded in the source)."),
    "E-FETCH-TRUNCATED": ("The body ended before its Content-Length, chunk or compressed-stream end: it is incomplete.", "Try again later."),
    "E-FETCH-ENCODING": ("The response uses a Content-Encoding sourcebook does not decode (only gzip and deflate), or the compressed data is corrupt.", "Save the page with a browser and add the file."),
})

# --- ledger and gate -----------------------------------------------------------------------
# claims, contradictions, adjudication, ledger forms, plan, inject
_reg({
    "E-CLUSTER-OPEN": ("A contradiction cluster has no decision covering all of its claims.", "Adjudicate it with `sb adjudicate`, naming every claim in the cluster."),
    "E-ADJ-NOWINNER": ("A supersede decision names no winner.", "Set `winner` to the claim that stands."),
    "E-ADJ-RETRACT": ("A retract decision names no winner, so it would retract nothing.", "Set `winner` to the claim that stands; the other named claims are retracted."),
    "E-ADJ-WINNER": ("A decision's winner is not one of the claims it names.", "Pick the winner from the cluster's claim_ids."),
    "E-ADJ-CLUSTER": ("A decision's cluster_id is not the id of its topic_key.", "Copy cluster_id and topic_key from `sb contradictions --json`."),
    "E-ADJ-MEMBER": ("A decision names a claim that does not exist or has another topic.", "Name only the cluster's claims, as listed by `sb contradictions`."),
    "E-ADJ-UNAPPLIED": ("A recorded decision still owes a claim its change.", "Run `sb adjudicate --apply`."),
})

# --- lint ----------------------------------------------------------------------------------
_reg({
})

# --- artifacts -----------------------------------------------------------------------------
_reg({
})

# --- agent kit -----------------------------------------------------------------------------
_reg({
    "E-PORTABILITY": ("The skill or a command names a harness-specific tool, so it would not work in every agent.", "Name `sb` commands and plain actions (\"read the file\") instead; nothing was installed."),
    "E-INSTALL": ("The kit could not be installed or uninstalled at the destination.", "Read the message: create the folder, move the named path away, or remove a damaged install record."),
})

# --- recheck -------------------------------------------------------------------------------
_reg({
})


def describe(code: str) -> Code | None:
    return CODES.get(code)
