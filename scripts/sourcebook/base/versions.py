"""Every version number sourcebook writes or checks lives here and nowhere else."""

SB_VERSION = "0.1.0"

# Algorithm versions. A change in output of an algorithm bumps its number, so a stored
# artifact can say which algorithm produced it and the gate can notice drift.
# 2: canonical text v2 (reflowed paragraphs; reStructuredText and AsciiDoc rendered as Markdown;
#    RFC and PDF page furniture dropped). A source keeps the version it was extracted with until
#    `sb extract --upgrade` moves it, so both are known and each can be reproduced.
NORMALIZER = 2
NORMALIZERS = (1, 2)
CHUNKER = 2  # 2: `#` lines inside fenced code are not headings; heading levels 1-6
INDEXER = 3  # 2: sharded postings; 3: segments named by index/lexical.json, incremental
EXTRACTOR_TEXT = 1
EXTRACTOR_HTML = 3  # 3: captions as ::: caption blocks, the standfirst kept, teaser leftovers trimmed
EXTRACTOR_PDF = 3  # 3: section headings from the outline or numbered titles
RULES = 1
SCHEMA = 1

EXTRACTOR_VERSIONS = {"sb.text": EXTRACTOR_TEXT, "sb.html": EXTRACTOR_HTML, "sb.pdf": EXTRACTOR_PDF, "agent": 1}


def tool_versions() -> dict:
    """The versions recorded in the manifest's ``tool_versions``."""
    return {"normalizer": NORMALIZER, "chunker": CHUNKER, "indexer": INDEXER}
