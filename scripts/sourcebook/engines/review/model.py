"""The records of a review: plain data the domain room builds and the renderers read."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

NOT_RECORDED = "not recorded"


@dataclass
class SourceFacts:
    """What a person needs to weigh a source; a missing field reads ``not recorded``."""

    id: str
    title: str = NOT_RECORDED
    publisher: str = NOT_RECORDED
    byline: str = NOT_RECORDED
    published: str = NOT_RECORDED
    modified: str = NOT_RECORDED
    retrieved: str = NOT_RECORDED
    origin: str = NOT_RECORDED
    tier: str = NOT_RECORDED
    license: str = NOT_RECORDED
    locator: str = NOT_RECORDED


@dataclass
class Passage:
    """One quote inside its context in the canonical text: ``before`` + ``quote`` + ``after``
    (for a quote in parts, ``quote`` holds the parts joined with the source's words between
    them in ``between``)."""

    source: SourceFacts
    quote: str
    before: str = ""
    after: str = ""
    start: int | None = None
    end: int | None = None
    href: str | None = None  # the passage: a text fragment or #page=N; None without a public address
    page: str = ""  # "p. 7" for a source with pages
    missing: str = ""  # why no context could be shown (no text, a broken span)


@dataclass
class Flag:
    """A pre-flag or a carried review flag: for a person to judge, never a refusal."""

    code: str
    message: str
    key: str = ""  # for a carried claim flag: the key an ack records
    claim: str = ""  # the claim it concerns, if any
    acked: list[str] = field(default_factory=list)  # reasons of the acks that answered it (shown, never hidden)


@dataclass
class ClaimView:
    id: str
    text: str
    status: str
    confidence: str
    as_of: str = ""
    role: str = "cited"  # cited | inferred | history
    passages: list[Passage] = field(default_factory=list)
    acks: list[dict] = field(default_factory=list)  # {"at", "reason", "flags"}
    adjudications: list[dict] = field(default_factory=list)  # {"outcome", "reason", "decided_at", "claim_ids"}
    flags: list[Flag] = field(default_factory=list)
    mark: dict | None = None  # the latest mark on the claim, with "current"


@dataclass
class SentenceView:
    id: str  # s-<10 hex>: what `sb review --ok/--fix` names
    page: str  # build/answer.html, build/report.md
    order: int  # reading order on its page
    line: int
    where: str  # prose | title | heading | ...
    text: str
    kind: str  # cited | inferred | framing | structure | uncited
    marks: list[str] = field(default_factory=list)  # checked, contested, reported, moving, thin, ...
    as_of: list[str] = field(default_factory=list)
    claims: list[ClaimView] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    digest: str = ""
    mark: dict | None = None  # the latest mark on this sentence: verdict, note, by, at, current
    new: bool = False  # not in the last review
    unbacked: list[str] = field(default_factory=list)  # content words in no cited claim's text or quote

    @property
    def priority(self) -> int:
        """Lower reads first: flagged, contested, inferred, framing, a paraphrase with words no
        quote has, then the rest."""
        if self.all_flags():
            return 0
        if "contested" in self.marks or any(c.confidence == "contested" for c in self.claims):
            return 1
        if self.kind == "inferred":
            return 2
        if self.kind == "framing":
            return 3
        return 4 if self.unbacked else 5

    def all_flags(self) -> list[Flag]:
        return self.flags + [f for c in self.claims for f in c.flags]


@dataclass
class Change:
    kind: str  # new-sentence | claim-added | claim-narrowed | claim-superseded | claim-retracted | claim-changed
    subject: str
    text: str


@dataclass
class Review:
    question: str
    generated: str  # the build date (SOURCE_DATE_EPOCH honoured)
    pages: list[str]
    sentences: list[SentenceView]
    adjudications: list[dict]
    changes: list[Change]
    first_review: bool
    marks: list[dict]  # every recorded mark, newest last, with "current"
    codes: dict[str, str]  # each flag code shown -> its meaning

    def ordered(self) -> list[SentenceView]:
        """The sentences a person should read first come first; reading order within a rank."""
        return sorted(self.sentences, key=lambda s: (s.priority, self.pages.index(s.page), s.order))

    def counts(self) -> dict[str, int]:
        reviewed = sum(1 for s in self.sentences if s.mark and s.mark.get("current") and s.mark.get("verdict") == "ok")
        return {"sentences": len(self.sentences),
                "flagged": sum(1 for s in self.sentences if s.priority == 0),
                "flags": sum(len(s.all_flags()) for s in self.sentences),
                "contested": sum(1 for s in self.sentences if s.priority == 1),
                "inferred": sum(1 for s in self.sentences if s.kind == "inferred"),
                "framing": sum(1 for s in self.sentences if s.kind == "framing"),
                "reviewed_ok": reviewed,
                "to_fix": sum(1 for s in self.sentences if s.mark and s.mark.get("current")
                              and s.mark.get("verdict") == "fix"),
                "new": sum(1 for s in self.sentences if s.new)}

    def to_json(self) -> dict:
        out = asdict(self)
        out["sentences"] = [dict(asdict(s), priority=s.priority) for s in self.ordered()]
        out["counts"] = self.counts()
        return out
