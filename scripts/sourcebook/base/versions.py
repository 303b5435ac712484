"""Every version number sourcebook writes or checks lives here and nowhere else."""

SB_VERSION = "0.1.0"

# Algorithm versions. A change in output of an algorithm bumps its number, so a stored
# artifact can say which algorithm produced it and the gate can notice drift.
NORMALIZER = 1
CHUNKER = 1
INDEXER = 3  # 2: sharded postings; 3: segments named by index/lexical.json, incremental
EXTRACTOR_TEXT = 1
EXTRACTOR_HTML = 2
EXTRACTOR_PDF = 2
RULES = 1
SCHEMA = 1

EXTRACTOR_VERSIONS = {"sb.text": EXTRACTOR_TEXT, "sb.html": EXTRACTOR_HTML, "sb.pdf": EXTRACTOR_PDF, "agent": 1}


def tool_versions() -> dict:
    """The versions recorded in the manifest's ``tool_versions``."""
    return {"normalizer": NORMALIZER, "chunker": CHUNKER, "indexer": INDEXER}
