"""Compatibility names (docs/compatibility.md): ``sourcebook.ids.cluster_id`` and friends."""

from .base.ids import chunk_id, claim_id, cluster_id, sha256_text, src_id  # noqa: F401
