"""The registry of every diagnostic code sourcebook emits: code -> (meaning, what to do).

One place for each fact: a test checks that every code emitted anywhere in the package is
registered here and documented in ``docs/codes.md`` (generated from this table).
Keep each area's codes in its own block so additions merge cleanly.
"""

from __future__ import annotations

from .record import TupleRecord


class Code(TupleRecord):
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
    "E-ADD-MISSING": ("A file given to `sb add` does not exist or is not a regular file; nothing is stored for it.", "Check the path; quote a path with spaces."),
    "E-ADD-FAILED": ("A source could not be added (fetch refused or failed, unreadable input).", "Read the message; fix the locator or save the bytes and use `--file`."),
    "E-ADD-REFUSED": ("A local path is not allowed as a source (outside the allowed roots, a symlink, too large).", "Copy the file into the workspace or pass `--allow-outside`."),
    "E-EXTRACT": ("Extraction produced no ready source.", "Read the per-source notes; adopt agent text with `sb extract --adopt`."),
    "E-NORM-DRIFT": ("A ready source's normalized text no longer matches its recorded hash or version.", "Restore the file or re-add the source; `sb extract --force` re-extracts."),
    "E-NORM-MISSING": ("A ready source has no normalized.md.", "Run `sb extract --force` or re-add the source."),
    "E-CHUNK": ("Chunking could not run (no ready source, or a ready source without text, or bad sizes).", "Run `sb extract` first; check --target/--overlap."),
    "E-INDEX": ("The index could not be built (no chunks).", "Run `sb chunk` first."),
    "E-SEARCH": ("Search needs an index that is present.", "Run `sb index`."),
    "E-SEARCH-STALE": ("A hit's source was chunked again after the index was built, so its span would show a "
                       "passage other than the one that matched.", "Run `sb index`."),
    "E-FIND": ("`sb find` got no text or a source without text.", "Give a source id and the text to find."),
    "E-FIND-INEXACT": ("The text was found only with tolerance; it is not an exact citation.", "Paste the exact text printed, or use `sb quote` with the offsets."),
    "E-FIND-NOMATCH": ("The text is not in the source.", "Search for the passage and copy it from `sb quote`."),
    "E-FIND-AMBIGUOUS": ("The text occurs more than once; a citation needs one span.", "Quote more context, or pick one of the listed offsets."),
    "E-FIND-GAP": ("An elided quote's parts are out of order or too far apart.", "Keep parts in source order within 2000 characters."),
    "E-QUOTE": ("`sb quote` got an unknown source or an out-of-range span.", "Use offsets with 0 <= start < end <= length."),
    "E-SOURCE-UNKNOWN": ("No source has that id.", "List sources with `sb source list`."),
    "E-SOURCE-CITED": ("A source cannot be removed while an active claim cites it.", "Retract or supersede the citing claims first."),
})

# --- scale: incremental index, bounded output ------------------------------------------------
_reg({
    "W-INDEX-REPAIRED": ("`sb index` found a segment of the index damaged (a file missing or of the wrong size), dropped it and indexed its sources again.", "Nothing to do; if it happens again, check the disk (or run `sb index --rebuild`)."),
    "W-FIND-SCAN": ("`sb find TEXT` read every source of a large workspace instead of the few the index points to: the text has no whole indexed word, or there is no index.", "Paste a longer passage (three words or more, not only stop words), or run `sb index`."),
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

# --- trusted sources -------------------------------------------------------------------------
_reg({
    "E-ADD-CONFLICT": ("A source was added again with another tier or reason; a re-add never changes how a source is rated.", "Re-rate it with `sb source set SRC tier=... reason=...`, which records the change."),
    "E-ADD-URL": ("A locator looks like a mistyped URL (`htps://`, `https//`, `http:/x`); nothing was added.", "Add the URL the message suggests."),
    "W-SOURCE-URL-ELSEWHERE": ("A saved page names itself, in its canonical link, on another site than the url given for it (`--url`); the ledger links the given url to recheck its quotes.", "If the page lives at its canonical link, `sb source set SRC url=...` to it; if it was syndicated from there (a wire story on a partner's site), nothing."),
    "W-SOURCE-COPY": ("A source has the same bytes, the same canonical text, or a near-duplicate text (another edition or format) as a source already there; the two are one document: counted once for corroboration and shown as one (one quote budget, one source in the footer and the Sources list, one search hit), and the one rated higher takes the lower tier of the two unless attested.", "Nothing, if they are one document (give the URL to one edition: the others link to it); if they are independent, `sb source set SRC same_as=none`."),
    "E-SAME-AS": ("`sb source set SRC same_as=...` would link a source to itself, make a circle of links, or link two texts that share almost no text (less than a fifth of the shorter one's five-word runs): two documents that tell the same story are two sources.", "Link each copy to the first source of its group; leave documents that only agree unlinked."),
    "W-EXTRACT-LOSS": ("Main-content extraction kept only a small part of a page (navigation, say); sb kept the page's whole text instead, or, when the page's only text is menus, left it needs_extraction.", "Read normalized.md before citing it; for a page a script fills in, save the rendered page or adopt its text."),
    "E-QUOTE-SHORT": ("A verified claim rests only on quotes of fewer than two words (four CJK characters).", "Quote the words that state the claim, or hold it at reported."),
})

# --- ledger and gate -----------------------------------------------------------------------
# claims, contradictions, adjudication, ledger forms, plan, inject
_reg({
    "E-CLAIM": ("A claim payload is missing, unreadable or not a claim (no text, not an object).", "Pass an object, a list, or {\"claims\": [...]} with --json, --file or --stdin."),
    "E-CLAIM-DIGIT-SCRIPT": ("A claim's text writes a decimal digit of a script the text is not written in (a Bengali digit four, drawn like an 8, in an English sentence): it is read by its value while a reader sees another glyph. A script's own digits in text of that script pass.", "Write the figure in the text's own digits (ASCII digits in a Latin-script sentence)."),
    "E-CLAIM-UNKNOWN": ("No claim has that id (or an artifact names a claim that is not active).", "List claims with `sb claim list`."),
    "E-CLAIM-STATUS": ("A claim's status cannot be changed that way (it would resurrect or silently drop a claim).", "Use `sb claim retract`, `sb claim narrow` or an adjudication; a retracted or superseded claim stays so, except a narrowing undone with `sb claim narrow NEW --text \"<the earlier text>\"`."),
    "E-CLAIM-SPAN": ("Evidence without offsets whose quote is not exactly one span of the source.", "Use `sb find SRC TEXT --all` and give start/end, or quote more context."),
    "E-CLAIM-NARROW": ("`sb claim narrow` was asked for a text that gives no new claim.", "Write the narrower text the quote supports; it must differ from the old text. To undo a narrowing, narrow the new claim back to the earlier claim's text (that claim is active again)."),
    "W-QUOTE-MISMATCH": ("A claim was stored, but its quote is not the text at its offsets; the gate will fail it.", "Fix the offsets or the quote (`sb find`, `sb quote`)."),
    "W-QUOTE-RANGE": ("A claim was stored, but its span is reversed or outside the source text; the gate will fail it.", "Use offsets with 0 <= start < end <= length."),
    "W-QUOTE-EMPTY": ("A claim was stored with an empty or whitespace-only quote, which never verifies.", "Quote the exact words that support the claim."),
    "W-QUOTE-GAP": ("A claim was stored, but its quote's parts are out of order or more than 2000 characters apart.", "Keep the parts of an elided quote in source order and close together."),
    "W-QUOTE-SOURCE": ("A claim cites a source that is unknown or has no canonical text yet; its quote cannot be checked.", "Add and extract the source, or fix the source id."),
    "E-INJECT": ("`sb inject` found no page, no ledger file, or no `<!-- SB:LEDGER -->` marker.", "Check the paths; start from `sb template` or add the marker pair."),
    "E-PLAN": ("`sb plan` has no plan.json to show.", "Create one with `sb plan --type answer --title ... --thesis ...`."),
    "W-CLAIM-UNSEEN": ("A claim's text held characters a reader cannot see (bidirectional controls, zero-width spaces, word joiners, soft hyphens, ...); they were removed before the claim was stored.", "Nothing to do; write claim texts as they are read."),
    "W-CLAIM-SAME": ("A claim's text reads the same as a stored claim once Unicode normalisation (NFKC) and invisible characters are folded; it was stored as that claim, whose text and id stay.", "Nothing to do; cite the stored claim's id."),
    "W-CLAIM-INACTIVE": ("A re-added claim is already superseded or retracted and stays so.", "Add a new claim (new text) if the old one was wrong to retract."),
    "E-CLUSTER-OPEN": ("A contradiction cluster has no decision covering all of its claims.", "Adjudicate it with `sb adjudicate`, naming every claim in the cluster."),
    "E-ADJ-NOWINNER": ("A supersede decision names no winner.", "Set `winner` to the claim that stands."),
    "E-ADJ-RETRACT": ("A retract decision names no winner, so it would retract nothing.", "Set `winner` to the claim that stands; the other named claims are retracted."),
    "E-ADJ-WINNER": ("A decision's winner is not one of the claims it names.", "Pick the winner from the cluster's claim_ids."),
    "E-ADJ-CLUSTER": ("A decision's cluster_id is not the id of its topic_key.", "Copy cluster_id and topic_key from `sb contradictions --json`."),
    "E-ADJ-MEMBER": ("A decision names a claim that does not exist or has another topic.", "Name only the cluster's claims, as listed by `sb contradictions`."),
    "E-ADJ-TIER": ("A supersede or retract decision sets aside a claim whose sources are of a higher tier than the winner's (an audited tier-A figure superseded by tier-B trade press), and its reason does not say what is wrong with the better-sourced claim (corrected, withdrawn, an error, outdated) and whose word that is (a word of a decided claim's source: publisher, title or author); \"the more recent account\" says neither.", "Name the evidence in the reason (\"the authority withdrew the audited figure in its November release\"), or record both_stand or scope_split."),
    "E-ADJ-UNAPPLIED": ("A recorded decision still owes a claim its change.", "Run `sb adjudicate --apply`."),
    # verify gates (compatibility: verify codes and the stricter checks beside them)
    "E-CLAIM-ID": ("A claim's id is not the hash of its text, or appears twice: the text was edited in place.", "Restore the text, or add the new wording as a new claim (`sb claim narrow`)."),
    "E-QUOTE-MISSING-SOURCE": ("Evidence cites a source that has no canonical text (unknown id or not extracted).", "Cite a ready source id from `sb source list`."),
    "E-QUOTE-RANGE": ("An evidence span is not 0 <= start < end <= length of the text.", "Take offsets from `sb find`."),
    "E-QUOTE-MISMATCH": ("The text at an evidence span is not the quote (or does not hash to quote_sha256).", "Re-find the passage with `sb find` and paste its exact text."),
    "E-QUOTE-EMPTY": ("An evidence quote is empty or only whitespace, so it cites nothing.", "Quote the words that support the claim."),
    "E-QUOTE-PARTS": ("A multi-part quote's parts are missing, out of order or too far apart.", "Keep parts in source order, at most 2000 characters apart."),
    "E-CONF-MISMATCH": ("A claim's confidence disagrees with its evidence (inferred with evidence, or evidence missing).", "Add evidence, or mark it inferred/unsupported."),
    "E-UNSUPPORTED": ("An active claim is unsupported.", "Find evidence or retract the claim."),
    "E-TIER-REASON-COPIED": ("A tier A or B source's tier reason is, word for word, the reason of a source of another publisher, and says whose the document is (\"the operator's own status page\" on a forum thread): it says of this source what is so of the other.", "Give the source its own reason (`sb source set SRC tier=... reason=\"...\"`), and the tier that reason supports."),
    "E-TIER-REASON": ("A tier A or D source has no tier reason.", "Record why the source has that tier."),
    "E-TIER-D": ("A claim resting on a tier-D source is stronger than reported.", "Hold it at reported, or cite a stronger source."),
    "E-TIER-REPLY": ("A source whose title opens as a reply in a thread (\"Re: ...\") is rated tier A, which is for a primary or official document; a post in a thread is its poster's word.", "`sb source set SRC tier=C` (or B with `attest=\"who posted it and how you know\"`)."),
    "E-TIER-WEAK": ("A claim (of any kind) is verified without a tier A or B source.", "Hold it at reported, or cite an A/B source."),
    "E-RECHECK-SCHEME": ("A recheck URL is not http(s).", "Give an http(s) URL where a reader can check again."),
    "E-VOLATILE-UNDATED": ("A volatile claim lacks its as-of date or its recheck URL.", "Add both to the claim."),
    "E-PLAN-ORPHAN": ("plan.json places a claim that does not exist or is not active.", "Remove it from the section or use its successor; a superseded claim may stay cited in the draft's history paragraph, out of plan.json's sections."),
    "E-CONTESTED-HIDDEN": ("An active contested claim is not shown (in the plan or on the page).", "Show both sides of the disagreement."),
    "E-HTML-MISSING": ("The artifact page to verify does not exist.", "Write it, or pass --html / --artifact."),
    "E-REF-DANGLING": ("A citation link points at no ledger entry.", "Cite an active claim and re-inject the ledger."),
    "E-LEDGER-ORPHAN": ("A ledger entry is never cited on the page.", "Cite it, or drop the claim from the plan."),
    "E-LEDGER-MISSING": ("A page that would ship has no injected ledger (e.g. an unfilled template).", "Render the ledger and `sb inject` it, or remove the page from build/."),
    "E-LEDGER-STALE": ("A citable claim is missing from the page's injected ledger.", "Re-render the ledger and inject it again."),
    "E-ORDINAL-WRONG": ("A citation number or ledger entry number is not the claim's ledger ordinal.", "Re-render the ledger and use its numbers."),
    "E-MARK-WRONG": ("A cited block's marks do not match its claims' confidence and volatility, or a mark stands right after the citation number of a claim that lacks it (marks swapped between sentences).", "Use the marks the ledger shows for the claim."),
    "E-CITE-INFERRED": ("An inferred claim carries a citation number.", "Remove the <sup> ref; inferred claims cite nothing."),
    "E-ASOF-MISSING": ("A volatile claim's as-of date is not on the page.", "Inject the ledger or print the date beside the claim."),
    "E-LEGEND": ("The page does not have exactly one .mark-legend.", "Keep exactly one mark legend."),
    "E-QUOTE-BUDGET": ("The page shows more quoted text than the quote budget allows.", "Paraphrase where the page's prose repeats a quote word for word, or shorten quotes; a rendered ledger shows the rest as excerpts."),
    "E-IMG-EVIDENCE": ("A generated image illustrates a cited claim.", "Move the illustration out of cited blocks."),
    "E-DEEP-RAW": ("A raw capture is missing or does not hash to raw_sha256 (checked by every verify, cached by file identity).", "Restore the capture or re-add the source."),
    "E-DEEP-DRIFT": ("normalized.md differs from a fresh extraction of the raw capture (checked by every verify, cached by file identity).", "Restore it with `sb extract --force` and re-check citations."),
    # package
    "E-PACKAGE": ("Nothing was packaged: no build/ folder, or `sb verify` does not pass now.", "Fix the findings listed and run `sb verify`."),
    "E-PKG-UNCHECKED": ("build/ holds a file a browser opens as a page (in a subfolder, or an .htm, .svg or other page type) or a notes file (.md, .txt other than the report, the transcript, the concat list and the bare ledger), or assets/ holds a page, text file or document (.csv, .json other than credits.json, .pdf, ...), an image no shipped page shows, or a credit for an image no page shows, that sb verify never reads; or build/ledger.html or build/ledger.md is not what `sb ledger --html` (`--md`) writes now; or a private package would ship a template source or fragment (`*.src.html`, `*.fragment.html`; a public package leaves them out); nothing was packaged. From `sb package --verify`: the package holds a file sourcebook never writes into one (a README.md added with its own checksum line), which no check reads.", "Move it out of build/ and assets/, make it a page with `sb render` (an image: show it on a page) so the gate checks it, or write the ledger again with `sb ledger`."),
    "E-PKG-OUT": ("The package folder would replace the workspace, one of its folders, or an unrelated folder.", "Choose a folder of its own, such as dist."),
    "E-PKG-NOKEY": ("`--sign` was given without a key in SB_SIGNING_KEY.", "Export SB_SIGNING_KEY and package again."),
    "E-PKG-NOSUMS": ("The package has no SHA256SUMS (or the folder does not exist).", "Package again with `sb package`."),
    "E-PKG-MISSING": ("A file listed in SHA256SUMS is missing from the package.", "Package again; the copy is incomplete."),
    "E-PKG-CHECKSUM": ("A packaged file does not match its SHA256SUMS line (or the line is malformed).", "The file changed after packaging; package again."),
    "E-PKG-PATH": ("A SHA256SUMS path is absolute, contains '..', or resolves outside the package.", "Do not trust this package; package again."),
    "E-PKG-EXTRA": ("The package holds a file that SHA256SUMS does not list.", "Something was added after packaging; package again."),
    "E-PKG-SIGNATURE": ("SHA256SUMS.sig does not match SHA256SUMS under the given key.", "The package changed or was signed with another key."),
    "E-PKG-DRIFT": ("A machine-readable file of a package says what sourcebook did not write for it: verify.json is not the gate report PROVENANCE.json records (a gate note rewritten), an excerpt in ledger.json is not the opening and closing words of the quote it stands for (a withheld quote is read back from its source text when its hash agrees), or, checked inside its workspace, PROVENANCE.json's question is not the workspace's, a gate's note in its gate report is not that gate's note in the workspace's last gate run (build/verify.json), a source record is not what the workspace's record of the source gives, or ledger.json is not what `sb package` writes from the workspace now (a claim's note, status, corroboration, origin or excerpt).", "Never edit a package by hand: package again from a verified build (`sb package`). Inside a workspace that changed since packaging, package again too."),
    "E-PKG-SOURCE": ("A packaged citation's source text is not available (or ledger.json is unreadable).", "Pass --sources DIR holding <src_id>/normalized.md."),
    "E-PKG-PROVENANCE": ("PROVENANCE.json disagrees with ledger.json (claim count), its review record with its own marks or with a shipped page's footer (reviewed or not), a shipped source text does not hash to the normalized_sha256 its record holds (or the record holds none), that digest is not the one the workspace's own record of the source holds (checked inside the workspace), or it is unreadable.", "Package again."),
})

# --- lint ----------------------------------------------------------------------------------
_reg({
    "E-LINT": ("The file given to `sb lint` does not exist or cannot be read.", "Give the path of an HTML artifact, relative to the working folder."),
    "E-LINT-RULE": ("`sb lint waive` named a rule id that does not exist.", "List the ids with `sb lint --rules`."),
    "E-LINT-UNWAIVABLE": ("`sb lint waive` named an error rule; errors cannot be waived.", "Fix the page so the rule no longer fires."),
    "E-LINT-WAIVE": ("A lint waiver was given without a written reason of at least 8 characters.", "Add `--reason \"why this warning is acceptable here\"`."),
})

# --- artifacts -----------------------------------------------------------------------------
_reg({
    "E-IMG-UNCREDITED": ("An image on the page has no entry in assets/credits.json.", "Add an entry under the key printed (file name, data-asset, or data:sha256:...)."),
    "E-IMG-FIELDS": ("A credits entry lacks what its origin requires.", "Sourced: source, credit, license. Generated: generator and the verbatim prompt."),
    "E-IMG-LICENSE": ("An image's licence is not permitted (NC, ND, unknown, all rights reserved, or unlisted).", "Use a CC0, public-domain, CC BY, CC BY-SA, MIT, Apache-2.0 or OGL image, or drop it."),
    "E-IMG-ATTRIB": ("A CC BY image's credit line is not printed on the page.", "Put the credit text in the figure caption."),
    "W-IMG-SHAREALIKE": ("An image is share-alike: the page inherits its licence (a warning only).", "Make sure the page may be shared under the same licence."),
    "E-IMG-UNLABELED": ("A generated image has no visible 'Generated illustration' label.", "Add the label to its caption."),
    "E-IMG-NOFILE": ("assets/credits.json credits an image that is neither a file in assets/ nor an image a page shows: its credit tells of a picture nobody can see.", "Remove the entry, or put the image in assets/ and show it on a page."),
    "E-IMG-HASH": ("An asset file's digest differs from the one recorded in credits.json.", "Restore the file, or re-credit the new one with its sha256."),
    "E-TTS": ("`sb tts-plan` has no podcast script to plan, or the voices file is malformed.", "Write build/podcast.script.json (`sb render podcast --from script.json`)."),
    "E-PODCAST-MISSING": ("The podcast gate found no build/podcast.script.json.", "Render the script with `sb render podcast --from script.json`."),
    "E-POD-SPEAKER": ("A podcast line names a speaker the script does not declare.", "Add the speaker to `speakers` or fix the name."),
    "E-POD-UNCITED": ("A factual podcast line cites no sourced claim.", "Give it the ids of its claims, or type it opinion, banter or transition."),
    "E-POD-CLAIM-UNKNOWN": ("A podcast line cites a claim id that is not in the ledger.", "Cite an id from `sb claim list`."),
    "E-POD-CLAIM-STALE": ("A podcast line cites a superseded or retracted claim.", "Cite the claim that replaced it."),
    "E-DRAFT": ("A draft for `sb render` is missing, unreadable or has no prose.", "Write the draft (see `sb render --help`) and pass it with --from."),
    "E-DRAFT-CLAIM": ("A draft references a claim that is unknown, not active, unsupported, malformed, or cited from a heading.", "Cite an active claim id from `sb claim list`; the message names the draft line."),
    "E-DRAFT-UNCITED": ("A citable claim of the ledger is not referenced in the draft.", "Reference it with [@clm_...] (contested claims need both sides shown), or retract it."),
    "E-DRAFT-LIMIT": ("A draft breaks its artifact type's limits (explainer length and claim count, infographic figures).", "Cut the draft to the limit named, or render another type."),
    "W-CITE-SAME-DOCUMENT": ("Two numbers of a draft cite one document: copies or editions of it (a PDF and its HTML page) linked by same_as.", "Cite one number for the document; if the sources are independent, `sb source set SRC same_as=none`."),
    "W-CITE-CROWDED": ("A sentence cites more than three sources.", "Cite the key sources per sentence; split the sentence."),
    "E-CITE-UNKNOWN": ("A draft cites a source number the workspace never assigned.", "Use numbers from `sb render report` or `sb check-draft --only`."),
    "E-SOURCES-MISMATCH": ("A draft's Sources block disagrees with the ledger (wrong or missing entry).", "Regenerate it with `sb check-draft --only <numbers>` or `sb render report`."),
    "W-SOURCES-MISSING": ("A draft cites sources but has no Sources block.", "Append one with `sb check-draft --only <numbers>`."),
    "W-SOURCE-UNCITED": ("A Sources entry is never cited in the prose.", "Cite it where it supports a sentence, or drop the entry."),
    "E-COVERAGE": ("Too few prose sentences of a draft declare provenance (full coverage unless a lower --min-coverage is asked for).", "Cite each sentence [n], mark the author's inference [inference] or your own knowledge [unverified], or tag framing [framing]."),
    "E-EVIDENCE-MISSING": ("A cited source has no verified quote behind an active claim.", "Pin a quote with `sb find` and `sb claim add`."),
    "E-DRAFT-IMAGE": ("An image in a draft cannot be placed (images.mode is none, no such asset, no alt text, or a generated image next to a cited block).", "Set `sb plan --images`, put the file in assets/, write alt text, or move a generated image away from cited text."),
    "E-TEMPLATE": ("The artifact template is missing from the installation.", "Reinstall sourcebook, or check that `templates/` sits beside `scripts/`."),
})

# --- the whole story: history, links, status ---
_reg({
    "E-SOURCE-URL": ("The public address given for a source (`sb add --url`, `sb source set url=`) is not an http(s) URL, or carries a user name or password.", "Give the page's public https:// address, without credentials."),
    "E-SOURCE-LICENSE": ("A source licence sb does not know was given (`sb add --license`, `sb source set license=`).", "Use public-domain, cc-by, cc-by-sa, own or unknown; a free licence lifts the quote budget."),
    "W-QUOTE-LONG": ("A claim was stored with a quote over the ledger's 200 characters or 25 words a quote: the ledger shows an excerpt of it. A notice, not a limit: said once per `sb claim add`, one line naming every claim when several trip it.", "Nothing, unless you want the whole quote in the ledger: then quote fewer words, or record the free licence the source states (`sb source set SRC license=...`). When the source states no licence, leave it unknown."),
    "W-INDEX-STALE": ("The search index still lists sources removed since it was built; they are skipped.", "Rebuild it with `sb index`."),
    "E-HISTORY-CURRENT": ("A block on a page is shown as history (class \"history\", muted) but cites only claims that stand: a reader takes a current claim for an old one.", "Remove the class; history is for superseded claims, told with a link to their History entry."),
    "E-HISTORY-UNMARKED": ("A page cites a superseded claim as if it stood (a number, a #c- link, a block not marked as history), or as history without a History entry in its ledger.", "Tell it as history (a passage with class \"history\" linking to #h-<id>, or [@clm_...] in a history passage of the draft), or cite its successor; re-render the ledger."),
    "E-DRAFT-SOURCES-LAST": ("A report draft has a heading or a cited or tagged sentence after its Sources heading (`## Sources`, `## Literatur`, `Quellen:` ...): `sb render report` replaces the Sources block, and everything after it, with its own list, so that part of the draft would be dropped; nothing was written.", "Put the Sources block at the end of the draft (or leave it out: the report writes it), or give the section another name."),
    "E-DRAFT-SUBSET": ("A draft uses Markdown outside the subset sb renders (raw HTML, a strike-through in a report draft, indented code, a setext heading, a loose or empty list item, a nested block quote, an unclosed code fence, a link that is not http(s)); the line is named and nothing is written.", "Write it in the subset (docs/artifacts.md, \"Markdown subset\"): ## headings, lists, > quotes, pipe tables, ``` code fences."),
    "E-ADJ-CONFLICT": ("A decision wants a claim to stand that was retracted, narrowed or superseded outside it; a decision never brings back what a person set aside.", "Name the claim that replaced it, or add the claim again; nothing was saved or applied."),
})

# --- agent kit -----------------------------------------------------------------------------
_reg({
    "E-PORTABILITY": ("The skill or a command names a harness-specific tool, so it would not work in every agent.", "Name `sb` commands and plain actions (\"read the file\") instead; nothing was installed."),
    "E-INSTALL": ("The kit could not be installed or uninstalled at the destination.", "Read the message: create the folder, move the named path away, or remove a damaged install record."),
})

# --- recheck -------------------------------------------------------------------------------
_reg({
    "E-RECHECK-TARGET": ("`sb recheck` was given a name that is neither a source nor a claim.", "Use ids from `sb source list` or `sb claim list`."),
    "E-RECHECK-ARCHIVE": ("The web archive answered with something sb cannot use.", "Check config.archive.cdx_url and replay_url."),
    "E-RECHECK-ADOPT": ("A fresh capture could not be adopted as a new source.", "Read the message; save the page with --file or adopt text."),
    "E-RECHECK-TRAIL": ("The latest line of a source's re-check trail is damaged.", "Run `sb recheck SRC` to append a fresh re-check."),
    "E-RECHECK-CHANGED": ("The latest re-check found a claim's quote gone from its source.", "Narrow, supersede or retract the claim, or `sb claim ack CLM --reason`."),
    "R-MATCHES": ("Re-check: the text read again is the text recorded.", "Nothing to do."),
    "R-EDITED": ("Re-check: the source's text changed; each citation has its own outcome.", "Read the citation lines."),
    "R-UNAVAILABLE": ("Re-check: the source could not be read again (not evidence the claim is false).", "Try later, or `--archive`."),
    "R-UNVERIFIABLE": ("Re-check: the fresh read cannot be compared (other versions, another document, agent text).", "Compare by hand or `--adopt` a fresh capture."),
    "R-INTACT": ("Re-check: the quoted words are still at the same offsets.", "Nothing to do."),
    "R-MOVED": ("Re-check: the quoted words are still there at other offsets.", "Optionally `sb recheck SRC --adopt --apply`."),
    "R-CHANGED": ("Re-check: the quoted words are gone from the source.", "Narrow, supersede, retract or acknowledge the claim."),
})

# --- real sources: canonical text v2, tolerant evidence ---
_reg({
    "E-UPGRADE-CARRY": ("Moving a source to a new canonical text version (`sb extract --upgrade` or `--force`) could not find a citation's words in the new text; without --force the source keeps its old text.", "Repair the evidence with `sb claim evidence CLM --source SRC --quote ...` or retract the claim, then upgrade again."),
    "E-CLAIM-EVIDENCE": ("`sb claim evidence` was given evidence that does not hold; the claim's evidence is unchanged.", "Quote the source's own words (`sb find SRC TEXT --evidence` prints them), or leave out start/end."),
})


# --- sentence provenance: claims and their evidence ---------------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "E-CLAIM-FIGURE": ("A figure or date in a claim's text occurs in none of its evidence quotes (as_of is not backing).", "Quote the words that state it, or `sb claim narrow` the text to what the quotes say."),
    "W-CLAIM-FIGURE": ("A claim was stored, but a figure or date in its text occurs in none of its quotes; verify will refuse it.", "Quote the words that state it, or narrow the claim."),
    "E-CLAIM-DATE-AMBIGUOUS": ("A claim's text holds a numeric date that reads two ways (01.11.2026, 01/11/2026).", "Write the date unambiguously: 2026-11-01 or 1 November 2026."),
    "W-CLAIM-DATE-AMBIGUOUS": ("A claim was stored with an ambiguous numeric date in its text; verify will refuse it.", "Write the date as 2026-11-01 or 1 November 2026 (narrow the claim)."),
    "E-CLAIM-INFERRED": ("An inferred claim states a figure, date, amount or quotation: an inference carries none.", "Cite the claim that states it, or word the inference without it."),
    "W-CLAIM-INFERRED": ("An inferred claim was stored with a figure, date, amount or quotation; verify will refuse it.", "Cite the claim that states it, or word the inference without it."),
    "E-QUOTE-SPLICE": ("The parts of a multi-part quote lie in different paragraphs of the source (a blank line or heading between them), in different sentences without each being a whole sentence, or in different clauses of one sentence (\", and that\", \"; \", \", but\" between them, or ending the first part: one clause's subject joined to what another says; a gap that drops only other members of a list joins no clauses). The rule: docs/verify.md, \"Claims that say no more than their evidence\".", "Quote one passage (each sentence whole), or cite each passage as its own evidence."),
    "W-QUOTE-SPLICE": ("A claim was stored, but its multi-part quote joins different paragraphs, sentences or clauses (the rule of E-QUOTE-SPLICE); verify will refuse it.", "Quote one passage, or cite each passage as its own evidence."),
    "E-CLAIM-ASOF-LATE": ("A claim's as_of is later than every evidence source's published or retrieved date, and no source states it.", "Set --as-of to the date the source speaks for."),
    "E-CLAIM-ASOF-QUOTE": ("A claim's quote states its own as-of date (\"as of 14 October 2026\") and the claim's as_of is another day.", "Set --as-of to the date the quote speaks for."),
    "E-CLAIM-ASOF-DROPPED": ("A claim whose quote states its own as-of date (\"accepted on routes W1 and W2 as of 14 October 2026\") is not volatile and states no date in its text: the page drops its moving mark and as-of date, and a reader takes as standing what the source says can change.", "Keep it volatile (`sb claim set ID --volatile true --as-of YYYY-MM-DD --recheck URL`), or write the date into the claim's text (\"As of 14 October 2026, ...\")."),
    "W-CLAIM-ASOF-LATE": ("A claim was stored with an as_of later than its sources' dates; verify will refuse it.", "Set --as-of to the date the source speaks for."),
    "W-CLAIM-ASOF-QUOTE": ("A claim was stored with an as_of other than the as-of date its quote states; verify will refuse it.", "Set --as-of to the date the quote speaks for."),
    "W-CLAIM-ASOF-DROPPED": ("A claim whose quote states its own as-of date is not volatile and states no date in its text (refused by `sb verify` as E-CLAIM-ASOF-DROPPED).", "Keep it volatile with its as-of date and recheck URL, or write the date into the claim's text."),
    "E-AUTHOR-TEXT-FIGURE": ("Text the author wrote that reaches readers beside checked quotes (a claim's notes, a retraction's or a decision's reason, a source's attestation) states a figure or date that the claims or text it speaks of do not.", "Reword it without the figure or date, or with the one the quotes state (the message names where: `sb claim set CLM --notes`, `sb adjudicate`, `sb source set SRC attest=`, or `sb claim ack CLM --reason` again for an ack: the new ack replaces the refused one)."),
    "E-AUTHOR-TEXT-WORD": ("Text the author wrote beside checked quotes says what the claims it speaks of and their quotes do not: a claim's notes, read as a page's cited sentence (a negation, a word of scope, change, judgement or attitude), or a decision's reason that takes a side (\"the real count\", \"let slip\", \"prefers to publish\", \"a mere\").", "Reword it in the claims' words (`sb claim set CLM --notes`, `sb adjudicate` with a new reason), or cite the claim whose quote says it."),
    "W-AUTHOR-TEXT-WORD": ("A claim's notes were recorded saying what neither the claim nor its quotes say (a negation, a word of scope, change, judgement or attitude), or a decision's reason taking a side its claims do not; verify will refuse them.", "Reword the notes or the reason in the claims' words, or drop the notes."),
    "W-AUTHOR-TEXT-FIGURE": ("A note, reason or attestation was recorded with a figure or date that the claims or text it speaks of do not state; verify will refuse it.", "Reword it without the figure or date, or with the one the quotes state."),
    "E-CLAIM-RECHECK-HOST": ("A claim's recheck link (the reader's way to see whether it still holds) is on a host that is the address of none of its evidence sources (nor of a same_as edition).", "`sb claim set CLM --recheck URL` with a page of the source's own site."),
    "W-CLAIM-RECHECK-HOST": ("A claim was stored with a recheck link on a host none of its sources has; verify will refuse it.", "`sb claim set CLM --recheck URL` with a page of the source's own site."),
    "E-CLAIM-ASOF-EARLY": ("A claim's as_of is earlier than the day its sources were published (published_at, or the dateline at the top of the text), and no quote states a date that early.", "Set --as-of to the date the source speaks for."),
    "W-CLAIM-ASOF-EARLY": ("A claim was stored with an as_of earlier than its sources' publication; verify will refuse it.", "Set --as-of to the date the source speaks for."),
    "E-CLAIM-REPORTED": ("A verified claim's quote is cut right after a verb of report (\"The authority says ...\", \"according to\"), or is someone's whole report (\"Riders told The Ferry Ledger that ...\"), and the claim states it as fact: the source vouches for the report, not for the fact; no ack answers this.", "Say who said it in the claim (\"The authority says ...\"), or hold the claim at reported (`sb claim set CLM --confidence reported`)."),
    "E-CLAIM-CONDITION": ("A checked claim's quote stops right before a condition its source sentence goes on to (\"travel free\" + \"with a paying adult\"; if, unless, provided, when, once, with ...) and the claim leaves the condition out.", "Quote the whole sentence and keep the condition in the claim's text."),
    "E-CLAIM-PLAN": ("A verified claim's quote is cut right after what makes it a thing to do (an action item, \"Action: publish ...\", \"Action: officers to ...\"; \"will\", \"plans to\", \"is to\") and the claim tells it as done (\"has published ...\"), or a verified claim in English tells as done (\"were installed\", \"accepted\") the very verb its quote tells as to come (\"will accept\", \"once the new readers are installed\"; in Russian, Chinese or Japanese \"установят\", \"将\", \"予定\"); no ack answers this.", "Say it as the plan it is (\"Officers are to publish ...\"), or quote where the source says it was done."),
    "W-CLAIM-PLAN": ("A verified claim tells as done a quote cut right after an action item or a plan, or the very verb its quote tells as to come, in English or another language (`sb verify` refuses it as E-CLAIM-PLAN).", "Say it as the plan it is, or quote where the source says it was done."),
    "E-CLAIM-TRANSLATION": ("A verified claim translates its quotes (every quote is in another script than the claim's text) and a review flag is open on it (W-CLAIM-NEGATION, W-CLAIM-FIGURE-WORDS, W-CLAIM-HEDGE, W-CLAIM-CUT): a translation can change tense, negation or names, and nobody has recorded checking it.", "Check the translation says what the quotes say and record it (`sb claim ack CLM --reason \"...\"`), or quote a source in the claim's language."),
    "E-CLAIM-QUESTION": ("A claim's quote is cut from a question (\"asked whether ...\", a sentence ending in \"?\") and the claim is verified, or tells the question as a statement (\"said ridership had passed 35,000\"); a question states nothing, and no ack answers this.", "Quote the statement that answers it, or hold the claim at reported (`sb claim set CLM --confidence reported`) and keep the question in its text (\"asked whether ...\")."),
    "W-CLAIM-REPORTED": ("A verified claim states as fact a quote cut right after a verb of report, or someone's whole report (`sb verify` refuses it as E-CLAIM-REPORTED).", "Say who said it in the claim, or `--confidence reported`."),
    "W-CLAIM-CONDITION": ("A checked claim's quote stops right before a condition its source sentence goes on to, and the claim leaves the condition out (refused by verify).", "Quote the whole sentence and keep the condition in the claim's text."),
    "W-CLAIM-QUESTION": ("A claim was stored with a quote cut from a question, and it is verified or tells the question as a statement; verify will refuse it.", "Quote the statement, or hold the claim at reported and keep the question (\"asked whether ...\")."),
    "W-CLAIM-TRANSLATION": ("A verified claim that translates its quotes (all in another script) was stored with a review flag open; verify will refuse it until the flag is acknowledged.", "Check the translation, then `sb claim ack CLM --reason`; or quote a source in the claim's language."),
    "E-CLAIM-WIDENED": ("A verified claim's text says more than its quotes (a W-CLAIM-FIGURE-WORDS flag nobody has answered: a name, a number in words or a word of scope, \"all routes\" of a quote naming routes W1 and W2), so every page sentence it backs would say it too.", "Narrow the claim to what its quotes say (`sb claim narrow`), add the quote that says it (`sb claim evidence`), or, once a person has checked the quotes do say it, `sb claim ack CLM --reason`."),
    "W-CLAIM-WIDENED": ("A verified claim's text says more than its quotes (`sb verify` refuses it as E-CLAIM-WIDENED until someone acks it).", "Narrow the claim to what its quotes say, or `sb claim ack CLM --reason` once checked."),
    "W-CLAIM-NEGATION": ("Review: a claim and its quote disagree on negation (listed by verify, never a refusal, but for a verified claim translating its quotes: E-CLAIM-TRANSLATION).", "Check the claim says what the quote says, then `sb claim ack CLM --reason`."),
    "W-CLAIM-HEDGE": ("Review: a quote hedges (may, could, likely, ...) and its claim does not (never a refusal, but for a verified claim translating its quotes: E-CLAIM-TRANSLATION).", "Keep the hedge in the claim, or `sb claim ack CLM --reason` if it stands."),
    "W-CLAIM-FIGURE-WORDS": ("Review: a number in words, a name with digits (W3), a relative date, words in quotation marks, a name (\"Twitch\") or a word of scope (\"all routes\" of a quote naming W1 and W2) in a claim's text occur in none of its quotes; `sb verify` refuses a verified claim so flagged (E-CLAIM-WIDENED; one translating its quotes: E-CLAIM-TRANSLATION) until someone acks it.", "Check the quotes back it, then `sb claim ack CLM --reason`; or narrow the claim."),
    "W-CLAIM-PROPOSED": ("Review: a quote proposes what it says (\"I propose that we pick 50%\", \"We propose\", \"This PEP proposes\", or those words right before a quote cut from their sentence) and the claim tells it as decided (\"The proposal picks 50%\"), keeping no verb of proposing, hedge or future (never a refusal).", "Say it as the proposal it is (\"The proposal proposes ...\", \"would add\"), or quote where the source says it was decided; then ack it."),
    "W-CLAIM-CUT": ("Review: a quote starts mid-sentence after a reporting verb (\"told ... that\" too), a question or a negation, stops right before a condition (\"with a paying adult\") the claim leaves out, or is someone's whole report the claim states without its speaker (never a refusal in itself; a question told as a statement is E-CLAIM-QUESTION, and a verified claim translating its quotes with this flag open is E-CLAIM-TRANSLATION).", "Check the claim does not state as fact what the source reports, asks or denies; then ack it."),
    "E-CLAIM-CONTESTED": ("A claim named in a both_stand decision would be retracted, superseded or narrowed.", "Record a new decision for its cluster with `sb adjudicate`, then `sb adjudicate --apply`."),
})



# --- sentence provenance: every sentence on the page --------------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "E-PAGE-UNCITED": ("A sentence on a shipped page (body, standfirst, list, table cell, caption, quote, details, footnote, or alt/title/aria-label text) cites no claim and is not declared framing or an inference.", "Put it in a block whose data-claim names the claim it rests on, with that claim's sup.ref (`[@clm_...]` in a draft), declare it framing (`[framing]` in a draft, class=\"framing\" in HTML), or cut it; the message names the line and first words."),
    "E-PAGE-CLAUSE-UNCITED": ("A clause of four words or more in a cited sentence carries no citation of its own (before, between or after the cited clauses), and the claims the sentence cites do not say every clause (the finding names the clause they do not say and the words they lack).", "Cite what that clause rests on at its end, or cut it."),
    "E-PAGE-FIGURE-UNBACKED": ("A figure or date in a cited sentence (or an as-of date) occurs in none of the texts, quotes or dates of the claims it cites.", "Correct the figure to what the claim says, or cite the claim that states it."),
    "E-PAGE-FIGURE-COMPARISON": ("A cited sentence binds a comparison to a figure (\"over twelve\", \"fewer than 31,000\", \"at least\", \"up to\", \"nearly\", \"38,500+\", \"≥\", \"~\") that the claim cited after it does not make: the claim states the figure bare, or compares it the other way.", "Write the figure as the claim states it (\"about\" may soften a bare figure), or cite the claim that makes that comparison."),
    "E-PAGE-FIGURE-RANGE": ("A cited sentence writes a range (\"between 31,000 and 38,500\", \"31,000 to 38,500\", \"от 31 000 до 38 500\", 31,000〜38,500) whose two ends are the figures of two claims on either side of a disagreement: a range tells one measure that varies, and hides that two sources measure different things or disagree.", "Give each figure with its own claim and what it measures (\"31,000 a weekday, audited, against 38,500 over the summer in the trade press\")."),
    "E-PAGE-STRUCTURE-FIGURE": ("A figure or date in a title, heading, the contents, the legend, the footer, a chart label or a short label occurs in no claim cited on the page (for a heading: cited under it).", "Cite a claim that states it under that heading, or drop the figure from the heading or label."),
    "E-DRAFT-QUOTE": ("Words in quotation marks in a cited draft or report sentence occur in none of the quotes of what it cites.", "Quote the source word for word, or drop the quotation marks."),
    "E-DRAFT-QUOTE-LAZY": ("A line of text in a draft or report follows a block quote's line (\"> ...\") with no blank line between: Markdown (CommonMark's lazy continuation) shows it inside the quotation, so the author's own sentence reads as the quoted source's words.", "Leave a blank line after the block quote; a line that belongs in the quotation starts with \">\" and is the source's words."),
    "E-PAGE-HEDGE-DROPPED": ("A cited sentence states plainly what its claim only plans, schedules or allows: the claim says \"is due to\", \"expected to\", \"may\" or \"could\" and the sentence keeps no hedge (a plan is kept by the future tense, a possibility by a hedge, \"can\" or a supposition: \"even if\"), or the claim says \"will\" and the sentence tells it in the past (\"1.1.0 shipped\").", "Keep the claim's hedge in the sentence (\"is due to\", \"will\", \"may\"), or cite a claim that states it plainly."),
    "E-PAGE-WORD-UNBACKED": ("A cited sentence adds a word that none of its claims or their quotes says: of record, superlative or completion (\"a record 38,500\", \"the busiest route\", \"already fitted\", 過去最高), of scope (\"every route\", \"all\", \"any\", \"most\", 全て; one class, so \"all\" is backed by \"every\"; a frequency such as \"every day\" is none), of change (\"rose\", \"fell\"), the opposite of a claim's word (\"lows\" for \"peaks\"), \"only\" narrowing a set the claim lists, the whole told for a set the claim names one by one (\"the water bus\" for \"routes W1 and W2\"), or one that judges or endorses a claim (\"debunked\", \"retracted\", \"confirmed\"); or it sets a few of its claim's own words in quotation marks no one is named as saying (scare quotes: an \"audited average\").", "Cut the word, or cite the claim whose quote says it."),
    "E-PAGE-LABEL-SWAPPED": ("A table's row label or column header names what another row or column cites: it has a word that another row's (column's) claims say and its own claims and their quotes do not (\"Children\" over the adult fare, \"Audited\" over the press figure).", "Put each label over the cells it names, or cite in its row or column the claim that says it."),
    "E-PAGE-NEGATION-ADDED": ("A cited sentence negates (\"not\", \"neither\", \"no\", ません, не) where none of its claims or their quotes negates anything: it turns what they say around. \"Not until 1 December\" and \"not yet\" stand beside a dated claim or a plan, but not a condition said as failing (\"even without the new readers\", \"даже если ... ещё не\", なくても); a \"not\" before a figure or a condition the claims state as it is (\"not under twelve\") is added even where a claim says \"free\".", "Write what the claim says, or cite the claim that says no."),
    "E-PAGE-CODE-FACT": ("A code block on a page holds lines of data or settings (neither a program's nor a command's: `pass_routes: W1 W2 W3`) that name a figure or a name the page's claims state, and no source holds its lines: a fact stated without a sentence.", "Write it as a sentence and cite it, or quote the source's own lines (a code block holds code, commands or a source's own lines)."),
    "E-PAGE-CODE-PROSE": ("A code block on a page holds a sentence (five plain words or more and no sign code uses): a notice typed into a code box is read as a statement.", "Write the sentence in the text and cite it, or cut it; a code block holds code, commands or a source's own lines."),
    "E-PAGE-QUOTE-UNBACKED": ("Words in quotation marks in a cited sentence occur in none of the quotes of the claims it cites.", "Quote the source word for word (from the cited claim's quote), or drop the quotation marks."),
    "E-PAGE-FRAMING-FACT": ("A sentence declared framing carries a figure, date, amount or quotation, or another fact of the sources (an identifier, a count, a verdict, who wrote them: \"by the same author\").", "Framing is the author's own words: cite the claim that states the fact instead."),
    "E-PAGE-INFERRED-FACT": ("A sentence shown as the author's inference (thin mark) carries a figure, date, amount or quotation.", "State the figure in a cited sentence; keep the inference free of facts."),
    "E-PAGE-CDATA": ("A shipped page holds `<![CDATA[` (or another `<![` marked section), which sourcebook never writes: in HTML a browser reads it as a comment that ends at the first `>` and shows the text after it, so what a reader sees is not what it seems to hide.", "Remove it; write the text in the page, cited."),
    "E-PAGE-COMMENT": ("The page holds an HTML comment other than sourcebook's own <!-- SB:... --> markers.", "Delete it: readers and machines can read a comment."),
    "E-PAGE-CSS-CONTENT": ("A CSS `content:` value (in a <style> element or a style attribute) puts text on the page that the shipped stylesheets do not have.", "Write the text in the page, cited, and remove the `content:` declaration."),
    "E-PAGE-REF-STRAY": ("A link to a ledger entry (#c-...) is not a sup.ref inside a block whose data-claim names that claim.", "Cite the claim from its own claim block (`[@clm_...]` in a draft), or remove the link."),
    "E-PAGE-LINK-HOST": ("A web link in a page's text leads to an address that is none of the workspace's sources' own (another page of a source's site too), or a link is no web address at all (relative, file:, mailto:), which sb render never writes: a reader takes a link in the text for the source.", "Link a source's own address (add the source first), or cut the link and cite the claim."),
    "E-PAGE-MARK-STYLE": ("A confidence mark (.mark: checked, reported, contested, ...) carries a `style` attribute, sits under a recolouring filter of the page's own, or is drawn in colours unlike the other marks of its kind or like another kind's, so one kind of mark can pass for another.", "Remove the declaration: every mark of a kind looks the same on every page, as the legend shows."),
    "E-PAGE-DIGIT-SCRIPT": ("A page's text (any page, the report, the deck, a podcast line) writes a decimal digit of a script its text is not written in (a Bengali or Devanagari digit in an English sentence): the figure readers take the digit by its value while a reader sees another glyph (the Bengali four is drawn like an 8). ASCII digits, digits drawn as them (full-width, mathematical) and a script's own digits in text of that script (Arabic-Indic digits in Arabic) pass.", "Write the figure in the text's own digits (ASCII digits in a Latin-script sentence)."),
    "E-PAGE-MARK-STRAY": ("A confidence mark (.mark / m-*) sits outside any data-claim block (the legend and the ledger excepted), or a mark is written as text: a mark word in brackets, a task box, or a sign or pictograph of any kind (a tick, a cross, an emoji, a geometric shape, a square root of nothing) that no cited claim's words hold.", "Marks belong to claim blocks: move the mark into the claim's block or remove it; cut a sign written beside a claim."),
    "E-PAGE-HIDDEN": ("A claim block or a ledger entry is hidden (hidden, aria-hidden, display:none or visibility:hidden, on it or an ancestor, inline or by a style rule).", "Remove what hides it: every claim the page shows must be visible."),
    "E-PAGE-CONTEST-ONESIDED": ("A contested claim is shown on a page without the other members of its contradiction cluster.", "Show both sides of the disagreement on the same page."),
    "E-PAGE-MARKUP": ("A shipped page holds an element or an attribute that sourcebook's templates and renderer never write (the allow-list is generated from them).", "Use the markup `sb render` writes (render a draft), or remove it; the message names the element or attribute and the line."),
    "E-PAGE-FRAME": ("A shipped page holds a frame (<iframe>, <frame>, <portal>) or a `srcdoc` attribute: a page inside the page that the gate does not read.", "Remove it: a page shows its own text, cited."),
    "E-PAGE-EMBED": ("A shipped page holds an <object>, <embed>, <video>, <audio>, <canvas>, <math> or SVG <foreignObject>: content the gate cannot read.", "Remove it; an image goes in as `![alt](assets/...)`."),
    "E-PAGE-FORM": ("A shipped page holds a form control (<input>, <textarea>, <select>, <option>, <button>, ...), whose value and labels show text of their own.", "Remove it: a page is read, not filled in."),
    "E-PAGE-SCRIPT": ("A shipped page holds a script that is none of the templates' own (compared by digest), a `<script src>`, or a `javascript:` URL: it could change the page after the gate read it.", "Remove it; JSON-LD (`application/ld+json`) is allowed and read as prose."),
    "E-PAGE-EVENT-HANDLER": ("An element of a shipped page carries an `on...=` event-handler attribute, which runs a script.", "Remove the attribute."),
    "E-PAGE-DATA-URL": ("A `data:` URL in the page's CSS or in a link, or a `data:` image carrying SVG text: it draws what the gate cannot read.", "Remove it; an image goes in as `![alt](assets/...)` and carries no text."),
    "E-PAGE-CSS-LINK": ("A <link> element, an `@import` or an outside `url()` in the page's CSS brings in styles or images from outside the page.", "Remove it: a page carries its own styles."),
    "E-PAGE-CSS-TEXT": ("CSS outside the shipped style sheets generates, replaces or reorders text: list markers and counters, `quotes`, `text-emphasis`, `hyphenate-character`, a string `text-overflow`, `@counter-style`, `@font-face`, `-webkit-text-security`, a `unicode-bidi` override, flex/grid `order`, a reversed direction or grid placement (`grid-row`, `grid-column`, `grid-area`), a strike-through or a strike drawn another way (an underline moved into the letters, a very thick decoration, a gradient background in bands) (`content` is E-PAGE-CSS-CONTENT).", "Write the text in the page, cited, in the order it is read, and remove the declaration."),
    "E-PAGE-CSS-MOTION": ("CSS outside the shipped style sheets animates the page: an `@keyframes` rule or an `animation` declaration can fade, move or hide text after the page is read, whatever a reduced-motion alternative does.", "Remove the animation; sourcebook's templates animate nothing."),
    "E-PAGE-BIDI": ("The page's text or a reader-facing attribute holds a bidirectional control (U+202A-202E, U+2066-2069, U+200E/F, U+061C), which makes a reader see other text than the page stores.", "Remove it and write the text in the order it is read."),
    "E-PAGE-INVISIBLE-CHAR": ("The page's text or a reader-facing attribute holds an invisible format character (zero-width space or joiner between letters, word joiner, U+FEFF, a soft hyphen, tag characters, a combining grapheme joiner between letters, any other default-ignorable code point, ...).", "Remove it; the ledger shows such characters as [U+XXXX]."),
    "E-PAGE-INVISIBLE": ("A reader cannot see a claim block or a ledger entry (computed with the CSS cascade: opacity or size zero, height zero with overflow hidden, off-screen, transformed away, mirrored or upside down, clip-path or clip, the visually-hidden pattern, text the colour of its background, a blend mode, an inverting or brightening filter, overlapping or scattered letters and words, a text stroke that paints the letters away, a size under 9px once combined with font-size-adjust and scales (viewport units taken on a phone 320px wide), text kept on one line wider than a phone or a clipping box, paint containment lower than its text, a height in lines (lh) fewer than its text needs, a run of no-break or kept spaces, a font that is neither the shipped style sheets' nor generic, a line clamp, a scroll box lower than its text, a negative z-index under a painted background; judged also in containers of every size the page's container queries name, and with a rule whose selector the engine cannot read matching), a claim is folded inside a <details> that is not open, or an outline, shadow, relative offset, vertical-align, a box with a background pulled or moved onto its neighbours, or (inside a claim block) margin, padding or border outside the shipped style sheets paints over or moves the text around it.", "Remove what hides it: every claim the page shows must be seen, both sides of a disagreement open."),
    "E-RENDER-FRAMING": ("A sentence tagged [framing] in a draft or the plan thesis cites a claim or carries a figure, date, amount or quotation.", "Framing is the author's own words: cite the claim instead of tagging the sentence."),
})



# --- sentence provenance: derived files and the podcast -----------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "E-DERIVED-DRIFT": ("A file sourcebook writes (a page's injected ledger or build line, build/report.md, the podcast transcript, TTS plan or concat list) differs from what it would write now.", "Render it again (`sb render`, or `sb ledger --html` then `sb inject`; `sb tts-plan`); never edit it by hand. The message names the file, the first differing line and both versions."),
    "E-DERIVED-UNKNOWN": ("A derived file cannot be re-derived: what it was written from is missing or damaged (the report's draft record build/report.draft.json, the podcast script).", "Render it again: `sb render report --from DRAFT`, `sb render podcast`, `sb tts-plan`."),
    "E-POD-VOICE": ("A podcast voice hint (the script's `voice_hint` or a voices file's `hint`) tells the voice to take a side on what it reads (\"scornful of the operator\", \"sarcastic\", \"rolls eyes\", \"sceptical\") or carries a word of the author's attitude the cited claims lack: the voice says every line it is given that way.", "Describe the voice (\"calm\", \"brisk\", \"warm\"), not a stance on what it reads."),
    "E-POD-SPEAKER-NAME": ("A podcast speaker is named as a source's publisher or author (a word of the publisher's name, the author's surname) or as someone's spokesperson or official: a listener takes its lines as that source's own word.", "Name the script's own voices (\"Ana\", \"host\"); let a line say who says what, citing its claim."),
    "E-POD-TRANSITION": ("A podcast transition line carries a figure, date, amount or quotation.", "A transition states nothing: move the fact into a factual line that cites its claim."),
    "E-POD-DIRECTION": ("A spoken podcast line holds a parenthesised or bracketed aside whose words its cited claims and their quotes do not hold, such as a stage direction (\"(said with a sarcastic sigh)\"): a voice reads it aloud or a producer acts it.", "Cut it; say how a source put it in words its claim holds, or move the note out of the line."),
    "E-POD-FIGURE": ("A figure or date in a podcast line (or in the episode title or outline) occurs in none of the claims it cites (their texts, quotes and as-of dates), or is an ambiguous numeric date such as 01.11.2026.", "Cite the claim that states it, correct the figure, or write the date as 2026-11-01 or 1 November 2026."),
})



# --- sentence provenance: drafts and reports ----------------------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "W-DRAFT-UNCITED-SENTENCE": ("A sentence of a draft checked with `sb check-draft` declares no provenance (a warning that names it; coverage below the threshold fails with E-COVERAGE).", "Cite it [n], mark the author's inference [inference] or your own knowledge [unverified], or tag your own words [framing]."),
    "E-DRAFT-FIGURE": ("A figure or date in a sentence of a draft or report is not in the claims of the sources it cites (their text, quotes and as-of dates), or the sentence cites nothing; an ambiguous date such as 01.11.2026 is never backed.", "Write the figure the source gives, cite the source that gives it, or write the date unambiguously (2026-11-01, 1 November 2026)."),
    "E-DRAFT-FRAMING": ("A sentence tagged [framing] carries a figure, date, amount or quotation.", "Framing is the author's words only: cite the claim that states the figure, or drop it."),
    "E-DRAFT-INFERENCE": ("A sentence marked as the author's inference ([inference], or citing an inferred claim) carries a figure, date, amount or quotation.", "Cite the claim that states the figure and infer in words."),
    "W-DRAFT-UNVERIFIED-FIGURE": ("A sentence marked [unverified] states a figure or date: the one thing a reader cannot check.", "Find a source for it and cite it [n]."),
    "E-DRAFT-LABEL-FIGURE": ("A heading, table row or short label of a draft or report states a figure or date that nothing cited under it (or in the draft) states; the workspace's question as the title is held to the same rule.", "Cite the claim that gives it in that section or row, or drop the figure."),
    "E-REPORT-UNCITED": ("A sentence of build/report.md is neither cited, the author's inference nor framing ([unverified] is not accepted in a report).", "Cite the claim [@clm_...] in the draft, add the inference to the ledger and cite it, or tag your own words [framing]; render the report again."),
})



# --- the review: a person's desk ----------------------------------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "W-REVIEW-NAME": ("Review: a capitalised name or place (or a katakana name) in a cited sentence occurs in none of its cited quotes (sb review; never a refusal).", "Check the name is the source's; cite the quote that says it, or cut it from the sentence."),
    "W-REVIEW-CLAIM-MORE": ("Review: content words of a claim's text are missing from its quotes beyond a small share: the claim may say more than the quote (sb review; never a refusal).", "Narrow the claim to what the quote says (`sb claim narrow`), or mark it checked with `sb review --ok CLM --note`."),
    "W-REVIEW-SENTENCE-MORE": ("Review: many content words of a cited sentence are in neither its claims' texts nor their quotes: the paraphrase may change the meaning (sb review; never a refusal).", "Reword the sentence to what its claims say, or mark it checked with `sb review --ok ID --note`."),
    "W-REVIEW-LINK": ("Review: a cited sentence says a word of cause, exclusivity or scale (because, led to, only, double, ...) that no cited quote or claim says (sb review; never a refusal).", "Cite the quote that states the link, or drop it: joining two true claims can make a false one."),
    "W-REVIEW-DECLARED-FACT": ("Review: a sentence declared framing or the author's inference names a person or place, or states a figure, that its claims do not (sb review; never a refusal).", "Cite the claim that states it, or word the framing or inference without it."),
    "W-REVIEW-ATTRIBUTION": ("Review: a cited sentence names the publisher or byline of another source of the workspace, not of a source it cites (sb review; never a refusal).", "Check who said it; cite that source's quote, or name the source the sentence cites."),
    "W-REVIEW-TITLE-ASOF": ("Review: a title, heading or thesis states a figure or a period (\"November 2019\") with no as-of date: a reader takes it as the whole period or as current (sb review; never a refusal).", "Check the sources cover the whole period, or say where the figure stops (\"to 19 November\")."),
    "W-REVIEW-HEDGE": ("A cited sentence states plainly, or hardens (\"must\", \"requires\"), what its quotes only allow, advise or bound (\"can\", \"should\", \"may\", \"in the worst case\"): a review pre-flag, never a refusal.", "Keep the source's hedge or advice in the sentence, or mark the flag checked with sb review --ok ID --note \"...\"."),
    "W-REVIEW-PROPOSAL": ("Review: a claim says its document proposes something and a cited sentence tells it as what is (\"PEP 649 computes\" of \"PEP 649 proposes\"): a review pre-flag, never a refusal.", "Keep the word of proposing (\"proposes\", \"would\"), or, where the proposal was adopted, cite the claim that says so or mark the flag checked with sb review --ok ID --note \"...\"."),
    "E-REVIEW-NOTE": ("`sb review --ok/--fix` was given no note, or one of fewer than three words.", "Say what you checked or what must change, in words a later reader can check."),
    "E-REVIEW-TARGET": ("`sb review --ok/--fix` named neither a sentence shown by sb review (s-...) nor a claim id.", "Run `sb review --md` to see each sentence's id."),
    "E-REVIEW-RECORD": ("The review record ledger/review.json is damaged.", "Restore it from version control, or move it aside to start a new record."),
    "E-REVIEW-REQUIRED": ("The plan requires a person's review (`\"review\": \"required\"`) and a shipped sentence lacks a current `ok` mark: never marked, marked `fix`, or its mark is void because the sentence or a claim it cites changed since; or a claim it cites carries a current `fix` mark.", "Read it in `sb review` and record `sb review --ok ID --note \"what you checked\"` (or change the page); `sb plan --review optional` lifts the requirement."),
    "E-REVIEW-NOTHING": ("`sb review` found no shipped page and no build/report.md to review.", "Render a page (`sb render`) or the report (`sb render report`) first."),
})



# --- derived figures: arithmetic over claims ----------------------------------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "E-ARITH-SHAPE": ("A derived claim is not well formed: no operation, the wrong number of inputs, a quote of its own, a kind other than derived, or inferred/unsupported confidence.", "Give `--op` and `--from A,B` (difference, ratio and percent_change take two inputs, sum two or more), and no evidence: `sb claim add --op difference --from CLM_A,CLM_B --text \"...\"`."),
    "E-ARITH-INPUT": ("An input of a derived claim is unknown, not active (retracted or superseded), has no evidence, is itself derived, states no figure or several, is in another unit than the other inputs, or divides by zero; or the derived claim is more confident than an input.", "Derive from active claims that quote one figure each (name one of several with CLM=FIGURE); after an input changes, add the derived claim again from what replaced it, or retract it."),
    "E-ARITH-CONTEST": ("A derived sum adds up the sides of one disagreement: two contested claims, or a claim and one it contradicts, are two accounts of one quantity, and their total measures nothing.", "Show both accounts with their periods, or derive how far apart they are (`--op difference` or `--op ratio`)."),
    "E-ARITH-MISMATCH": ("A derived claim's text states no figure equal to what its operation gives from its inputs, rounded as stated.", "Write the computed figure (the message shows the computation), or state the rounding with `--round N`."),
    "E-ARITH-FIGURE": ("A derived claim's text states a figure that is neither the computed result nor stated by one of its inputs.", "Say only the result and what the inputs state."),
})



# --- provenance a reader can see: origins, attestations, copies, titles ------------------------
# (codes of this area are registered in one _reg block right below this line)
_reg({
    "E-ADD-ATTEST": ("Pasted text (--text, --stdin) or a capture the author supplied (--file, a local file with --url or given one by `sb source set SRC url=...`) was given tier A or B with no attestation; nothing was added or changed.", "Rate it C, or attest: `--attest \"who published it and how you checked\"` (`sb source set SRC attest=...`); the reason is recorded and shown beside the source."),
    "E-TIER-ORIGIN": ("A source of pasted text or a supplied capture is tier A or B with no attestation (a hand-edited record).", "`sb source set SRC tier=C`, or `attest=\"why a reader may trust it\"`."),
    "E-TIER-COPY": ("A copy or near-duplicate of a source is rated better than the source it copies; a copy takes the lower tier of the two.", "`sb source set SRC tier=<the other's tier>`, attest why this copy deserves more (`attest=\"...\"`), or `same_as=none` if they are independent documents."),
    "E-REPORT-SOURCE-CITE": ("A sentence of a report's draft cites a source itself ([@src_...]), which would print as a numbered citation no claim stands behind.", "Record the claim the sentence rests on (`sb find`, `sb claim add`) and cite it [@clm_...]; render the report again."),
    "E-SOURCE-TITLE-PUBLISHER": ("A cited source's title, set by hand, gives the document to another source's publisher (\"Publisher: …\", \"… | Publisher\", \"by Publisher\", \"Publisher's …\") that neither this source's record nor the top of its text names: the ledger would show it as that publisher's own.", "`sb source set SRC title=\"...\"` with the title its text states."),
    "E-SOURCE-PUBLISHER-DATELINE": ("A cited source's publisher is another source's publisher, the top of its text never names it, and the dateline there opens with another name (\"*The Ferry Ledger, 2 October 2026*\" under the operator's name): every ledger form would show the document as that publisher's own.", "`sb source set SRC publisher=\"...\"` with the publisher its dateline names."),
    "E-SOURCE-PUBLISHED-LATE": ("A cited source's publication date, set by the author, is more than a day later than the dateline at the top of its own text (\"Updated 14 October 2026\", \"*The Ferry Ledger, 2 October 2026. By …*\"): the document would look newer than it says.", "`sb source set SRC published=YYYY-MM-DD` with the dateline's day."),
    "E-SOURCE-BYLINE-PUBLISHER": ("A cited source's byline, set by hand (`sb source set SRC byline=`), names another source's publisher that neither this source's publisher nor the top of its text names: the ledger would show the document as written by them.", "`sb source set SRC byline=\"...\"` with the byline its text states, or `byline=` to clear it."),
    "E-SOURCE-PUBLISHED-EARLY": ("A cited source's publication date, set by the author, is more than a week earlier than the day the top of its own text says it was published (\"*The Ferry Ledger, 2 October 2026. By …*\"; a line dating a revision, \"Updated …\", is passed over): the document would look older than it says.", "`sb source set SRC published=YYYY-MM-DD` with the dateline's day."),
    "E-SOURCE-URL-TAKEN": ("A cited source's url is another source's address: another record gives the same address to a different text (not a copy linked by same_as), or other sources' claims are re-checked there while none of this source's is; a reader sent there reads that page, not this one.", "Give its own address (`sb source set SRC url=...`), none (`url=`), or link a copy of the same page with `same_as`."),
    "E-SOURCE-URL-HOST": ("A cited source's url, set by hand, is on another source's publisher's own site (a host where that source's address or re-check address is, named for that publisher and not this source's), and its text names neither that publisher nor that host: a reader would take it for a page of that site.", "`sb source set SRC url=...` with the address its text was taken from, or `url=` for none."),
    "E-SOURCE-TITLE-FIGURE": ("A cited source's title states a figure or date that occurs nowhere in the source's own text; titles reach the ledger and the deck notes, where a reader takes them as checked.", "`sb source set SRC title=\"...\"` without the figure, or with the figure the text states."),
})


def describe(code: str) -> Code | None:
    return CODES.get(code)
