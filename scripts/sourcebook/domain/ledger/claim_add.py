"""``sb claim add|import``: validate, resolve and store claims in one locked write.

A payload is an object, a list, or ``{"claims": [...]}``. Each item is handled on its own: a bad
item is reported and skipped, the good ones are stored. The claims file is read and written once
per call whatever the number of items, and the trail gets one durable append.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ...base import jsonio
from ...base.errors import Finding, SbError
from ...base.ids import claim_id
from ...base.schema import load_schema, validate
from ...base.unseen import identity, without_unseen
from ...engines.text.figure_text import digit_named, foreign_digit
from ..workspace.layout import Workspace
from ..workspace.records import Claim
from .claim_check import claim_ok
from .claims import DEFAULTS, append_events, claims_by_id, event, load_claims, save_claims, schema_error
from .evidence import TextCache, resolve
from .provenance import add_warnings, check_claim

# Fields that record what happened to a claim; re-adding the same text keeps them.
TRAIL_FIELDS = ("acks", "narrowed_from", "narrowed_to", "limitation", "status_reason", "unpublished")


class ItemResult:
    """The outcome of one payload item: the stored id, or None, and its findings."""

    def __init__(self, index: int):
        self.index = index
        self.claim_id: str | None = None
        self.text = ""  # the stored claim's text, so the caller can show which id is which
        self.findings: list[Finding] = []
        self.located: list = []  # evidence_match.Located: quotes stored from a tolerant match
        self.inferred = False  # the author's inference: recorded with no quote

    @property
    def ok(self) -> bool:
        return self.claim_id is not None


def payload_items(payload: object) -> list:
    """The list of claim items in a payload (object, list, or {"claims": [...]})."""
    return jsonio.payload_items(payload, "claims", "text", "E-CLAIM", "(none)", "claim")


def parse_payload(text: str, where: str) -> list:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SbError("E-CLAIM", where, f"not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise SbError("E-CLAIM", where, "JSON nested too deeply") from None
    return payload_items(payload)


def _claim_schema() -> dict:
    return load_schema("claims")["properties"]["claims"]["items"]


def build_claim(item: object, index: int, cache: TextCache) -> tuple[Claim, list[Finding]]:
    """A full claim record from one payload item (raises SbError for an unusable item)."""
    if not isinstance(item, dict):
        raise SbError("E-CLAIM", "(none)", f"item {index} is not a claim object")
    text = item.get("text")
    if not isinstance(text, str) or not text.strip():
        raise SbError("E-CLAIM", "(none)", f"item {index} has no text; every claim states one sentence")
    odd = foreign_digit(text)
    if odd:
        raise SbError("E-CLAIM-DIGIT-SCRIPT", "(none)", f"item {index} writes the digit {digit_named(odd)} in text not "
                                                        "written in that digit's script: a reader sees another glyph "
                                                        "while the figure is read by its value; write the figure in "
                                                        "the text's own digits")
    claim: dict = {k: v for k, v in item.items() if k != "id"}
    warnings: list[Finding] = []
    seen = without_unseen(text)
    if seen != text:  # a claim is what a reader sees: ids of texts without such characters stay as they were
        warnings.append(Finding("W-CLAIM-UNSEEN", claim_id(seen), "removed characters a reader cannot see "
                                "from the claim's text (" + ", ".join(sorted({f"U+{ord(c):04X}" for c in text
                                                                              if c not in seen})) + ")"))
        claim["text"] = text = seen
    claim["id"] = claim_id(text)
    for key, value in DEFAULTS.items():
        if key not in claim:
            claim[key] = list(value) if isinstance(value, list) else value
    evidence = claim.get("evidence")
    if isinstance(evidence, list):
        evidence = claim["evidence"] = [dict(e) if isinstance(e, dict) else e for e in evidence]
        for j, ev in enumerate(evidence):
            if isinstance(ev, dict):
                warnings += resolve(ev, cache, f"{claim['id']}/evidence/{j}")
    problems = [] if claim_ok(claim) else validate(claim, _claim_schema(), f"claim/claims/{index}")
    if problems:
        raise schema_error(problems, "the claim")
    return claim, warnings  # type: ignore[return-value]


def _merge_existing(new: dict, old: Claim) -> list[Finding]:
    """Re-adding never resurrects: a superseded or retracted claim keeps its status."""
    for key in TRAIL_FIELDS:
        if key in old and key not in new:
            new[key] = old[key]  # type: ignore[literal-required]
    if old.get("status", "active") != "active" and new.get("status") != old.get("status"):
        new["status"] = old["status"]
        new["superseded_by"] = old.get("superseded_by")
        return [Finding("W-CLAIM-INACTIVE", new["id"], f"already {old['status']}; re-adding keeps it "
                        f"{old['status']} (a retracted or superseded claim is never resurrected)")]
    return []


# what W-QUOTE-LONG asks of the writer: nothing, unless the whole quote is wanted in the ledger
QUOTE_LONG_NOTHING_TO_DO = ("nothing to do unless you want the whole quote in the ledger (quote less, or record a "
                            "free licence the source states)")


def quote_long_once(findings: list[Finding]) -> list[Finding]:
    """The W-QUOTE-LONG findings of one command said once: a single one as it is, several as one
    line naming their claims (a long quote is no fault: the ledger shows an excerpt)."""
    long = [f for f in findings if f.code == "W-QUOTE-LONG"]
    if len(long) < 2:
        return findings
    ids = list(dict.fromkeys(f.subject for f in long))
    shown = ", ".join(ids[:5]) + (f" (+{len(ids) - 5} more)" if len(ids) > 5 else "")
    from ...engines.ledger import ledger_model as lm

    said = Finding("W-QUOTE-LONG", f"{len(ids)} claims",
                   f"stored; their quotes ({shown}) are over the budget of {lm.QUOTE_MAX_CHARS} characters or "
                   f"{lm.QUOTE_MAX_WORDS} words a quote; "
                   f"the ledger shows excerpts, {QUOTE_LONG_NOTHING_TO_DO.replace('the whole quote', 'whole quotes')}")
    return [f for f in findings if f.code != "W-QUOTE-LONG"] + [said]


def long_quote_warnings(claim: Mapping, record) -> list[Finding]:
    """Say at `claim add`, not after rendering, when a quote is over the ledger's budget: the
    ledger will show an excerpt of it (a free licence lifts the budget)."""
    from ...engines.ledger import ledger_model as lm
    from ...engines.ledger.quote_view import is_free

    out = []
    for ev in claim.get("evidence") or []:
        if not isinstance(ev, dict):
            continue
        quote = lm.evidence_quote(ev)
        if not quote.strip() or lm.quote_fits(quote) or is_free(record(ev.get("source_id"))):
            continue
        # only the measures over their budget are named: 185 characters are not over 200
        over = [(n, limit, unit) for n, limit, unit in ((len(quote), lm.QUOTE_MAX_CHARS, "characters"),
                                                        (len(quote.split()), lm.QUOTE_MAX_WORDS, "words"))
                if n > limit]
        has = " and ".join(f"{n} {unit}" for n, _, unit in over)
        budget = " and ".join(f"{limit} {unit}" for _, limit, unit in over)
        out.append(Finding("W-QUOTE-LONG", claim["id"],
                           f"stored; its quote from {ev.get('source_id')} has {has}, over the budget of {budget} "
                           f"a quote; the ledger shows an excerpt, {QUOTE_LONG_NOTHING_TO_DO}"))
    return out


def derived_defaults(item: object, by_id: Mapping[str, Claim]) -> object:
    """A derived claim's defaults, from its inputs: confidence is the weakest input's (reported
    for a contested one), the topic is the first input's with the operation added
    (``ridership.weekday.difference``), the rounding is to whole units."""
    from ...engines.ledger import arithmetic

    if not isinstance(item, dict) or not arithmetic.is_derived(item):
        return item
    item = dict(item)
    spec = item.get("derived")
    if isinstance(spec, dict) and "round" not in spec:
        item["derived"] = dict(spec, round=0)
    if "confidence" not in item:
        conf = arithmetic.default_confidence(item, by_id)
        if conf is not None:
            item["confidence"] = conf
    if "topic_key" not in item:
        first = next((by_id[i] for i in arithmetic.input_ids(item) if i in by_id), None)
        if first is not None:
            op = str(spec.get("op") if isinstance(spec, dict) else "derived").replace("_", "-")
            item["topic_key"] = f"{first['topic_key']}.{op}"
    return item


def check_derived(claim: Mapping, by_id: Mapping[str, Claim]) -> None:
    """Refuse a derived claim whose figure is not what its inputs give (the same check as the
    ``arithmetic`` gate of ``sb verify``)."""
    from ...engines.ledger import arithmetic

    if not arithmetic.is_derived(claim):
        return
    _, problems = arithmetic.derive(claim, by_id)
    if problems:
        first, rest = problems[0], problems[1:]
        raise SbError(first[0], str(claim.get("id")), f"not stored: {first[1]}",
                      findings=[Finding(code, str(claim.get("id")), msg) for code, msg in rest])


def same_claim(text: str, by_id: Mapping[str, Mapping], identities: dict[str, str]) -> Mapping | None:
    """The stored claim whose text reads the same as ``text`` (NFKC, invisible characters and
    case folded), or None. ``identities`` is filled on first use and reused by the caller."""
    if not identities:
        for cid, c in by_id.items():
            if isinstance(c.get("text"), str):
                identities.setdefault(identity(c["text"]), cid)
    found = identities.get(identity(text))
    return by_id.get(found) if found is not None else None


def _clean_facts(checked: list, cache: TextCache, added: list, ledger: list,
                 digests: list | None = None) -> list[str]:
    """The verify cache's keys (``clean_fact``) of the ``checked`` claims, just found clean by the
    rules verify's claim-text gate runs, as they are stored (an inferred claim, keyed by every
    source, is left to verify); and those of the titles of the sources the ``added`` claims cite
    that the titles gate finds clean over the whole ``ledger`` (those claims back them now).
    ``digests`` gets (path, file identity, time read, SHA-256) of each text hashed for them."""
    import hashlib

    from .clean_fact import claim_fact, judged_clean

    shas: dict[str, str | None] = {}

    def text_sha(sid: str) -> str | None:
        if sid not in shas:
            raw = cache.raw(sid)
            shas[sid] = None if raw is None else hashlib.sha256(raw).hexdigest()
        return shas[sid]

    cited = {str(e.get("source_id")) for c in added for e in c.get("evidence") or [] if isinstance(e, dict)}
    facts = judged_clean(ledger, cited, cache.record, cache.text, text_sha)
    facts += _held(added, cache, text_sha)
    if digests is not None:  # each text hashed here, by the identity its file had when read
        digests += [(f"sources/{sid}/normalized.md", *cache.read_as[sid], sha) for sid, sha in shas.items()
                    if sha is not None and sid in cache.read_as]
    for claim in checked:
        if claim.get("confidence") == "inferred":
            continue
        stored = json.loads(json.dumps(claim, ensure_ascii=False, sort_keys=True))  # as save_claims writes it
        fact = claim_fact(stored, text_sha, cache.record, list, cache.record_told)
        if fact is not None:
            facts.append(fact)
    return facts


def _held(added: list, cache: TextCache, text_sha) -> list[str]:
    """The verify cache's facts (``HELD`` + ``hold_key``) of the evidence spans of the ``added``
    claims, as they are stored, that hold byte for byte against their texts by the quotes gate's
    own rule (``citation.problem``)."""
    from ...engines.text.citation import problem
    from .clean_fact import HELD, hold_key

    out = []
    for claim in added:
        stored = json.loads(json.dumps(claim.get("evidence"), ensure_ascii=False, sort_keys=True))
        for ev in stored if isinstance(stored, list) else []:
            if not isinstance(ev, dict) or ("parts" in ev and not (isinstance(ev["parts"], list) and ev["parts"])):
                continue
            sid = ev.get("source_id")
            if not isinstance(sid, str):
                continue
            sha, text = text_sha(sid), cache.text(sid)
            if sha is not None and text is not None and problem(text, ev) is None:
                out.append(HELD + hold_key(sha, ev))
    return out


def add_claims(ws: Workspace, items: list, learnt: list[str] | None = None,
               digests: list | None = None, ledger: list[int] | None = None) -> list[ItemResult]:
    """Store every valid item; return one result per item, in input order. ``learnt`` gets the
    verify cache's keys of what its gates would find of the stored claims (``_clean_facts``),
    ``digests`` the texts hashed for those keys (``VerifyCache.learn_clean``), ``ledger`` the
    number of claims the ledger holds once they are stored."""
    results: list[ItemResult] = []
    with ws.lock():
        ws.load_manifest()  # a broken manifest fails here, before any ledger file is written
        claims = load_claims(ws)
        by_id = claims_by_id(claims)
        cache = TextCache(ws)
        events: list[dict] = []
        identities: dict[str, str] = {}  # what each stored claim reads as -> its id (made on first need)
        clean: dict[str, bool] = {}  # claim id -> its last check raised no flag
        for i, item in enumerate(items):
            res = ItemResult(i)
            results.append(res)
            try:
                item = derived_defaults(item, by_id)
                claim, warnings = build_claim(item, i, cache)
                check_derived(claim, by_id)
            except SbError as exc:
                res.findings = exc.findings + [exc.finding()]
                continue
            finally:
                res.located, cache.located = cache.located, []
            old = by_id.get(claim["id"])
            if old is None:
                twin = same_claim(claim["text"], by_id, identities)
                if twin is not None:  # reads the same as a stored claim: it is that claim
                    warnings.append(Finding("W-CLAIM-SAME", twin["id"], "reads the same as this stored claim once "
                                            "Unicode normalisation and invisible characters are folded; stored "
                                            "as it"))
                    claim["id"], claim["text"] = twin["id"], twin["text"]
                    old = by_id.get(twin["id"])
            if old is not None:
                warnings += _merge_existing(claim, old)  # type: ignore[arg-type]
            flags = check_claim(claim, cache.text, cache.record, cache.ids)  # after the acks merge
            clean[claim["id"]] = not flags
            warnings += add_warnings(claim, flags)
            warnings += long_quote_warnings(claim, cache.record)
            by_id[claim["id"]] = claim
            if identities:
                identities.setdefault(identity(claim["text"]), claim["id"])
            res.claim_id, res.text, res.findings = claim["id"], claim["text"], warnings
            res.inferred = claim["confidence"] == "inferred"
            events.append(event("add" if old is None else "readd", claim["id"], status=claim["status"],
                                confidence=claim["confidence"],
                                warnings=[w.code for w in warnings] or None))
        stored = [r.claim_id for r in results if r.ok]
        if stored:
            save_claims(ws, list(by_id.values()))
            if ledger is not None:
                ledger.append(len(by_id))
            append_events(ws, events)
            if learnt is not None:
                learnt += _clean_facts([by_id[c] for c, ok in clean.items() if ok and c in by_id], cache,
                                       [by_id[c] for c in clean if c in by_id], list(by_id.values()), digests)
            note = f"claim {stored[0]}" if len(stored) == 1 else f"claim {stored[0]} (+{len(stored) - 1} more)"
            ws.record("GROUND", note)
    return results
