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
INDEXER = 4  # 2: sharded postings; 3: segments named by index/lexical.json, incremental; 4: find counts
# Extractor versions live in their format's row (engines/convert/registry.py): a format is one
# converter and one row.
RULES = 1
SCHEMA = 1


def tool_versions() -> dict:
    """The versions recorded in the manifest's ``tool_versions``."""
    return {"normalizer": NORMALIZER, "chunker": CHUNKER, "indexer": INDEXER}
