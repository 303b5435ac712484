"""How a source's bytes reached the workspace, and who vouches for them.

``sb add`` records ``origin`` on every new source (``engines.ledger.origin`` names them and
says them in words). Pasted text and a capture the author supplied (``--file``, or a local
file with ``--url``, or given one later with ``sb source set SRC url=...``) carry nobody's word
but the author's, so they are tier C or D unless a
person attests, with a reason (``--attest "..."``), recorded on the source and shown beside it
in every ledger. Without it, ``sb add`` and ``sb source set`` refuse tier A or B with
``E-ADD-ATTEST`` (refused, not capped: a silently lowered tier would surprise more than a
refusal that names the fix). The ``tiers`` gate of ``sb verify`` refuses the same from a
hand-edited record.
"""

from __future__ import annotations

from ...base.clock import now_iso
from ...base.errors import SbError
from ...engines.ledger.origin import needs_attestation
from ..workspace.records import Attestation

_WHAT = {"paste": "pasted text", "capture": "a capture you supplied (bytes sourcebook did not fetch)"}


def attestation(reason: str | None) -> Attestation | None:
    """The record of a person's word for a source, or None for no (or a blank) reason."""
    if reason is None or not reason.strip():
        return None
    return {"reason": " ".join(reason.split()), "at": now_iso()}


MIN_REASON = 8  # as for a lint waiver: a reason says something


def check_tier(origin: str | None, tier: str, attest: str | None, subject: str, edit: bool = False) -> None:
    """Refuse tier A or B for pasted text or a supplied capture that nobody attests (``edit``:
    the refusal of ``sb source set``, whose fix is said in its own fields)."""
    if attest is not None and attest.strip() and len(attest.strip()) < MIN_REASON:
        raise SbError("E-ADD-ATTEST", subject[:200], f"--attest {attest.strip()!r} gives no reason; say who "
                                                     "published it and how it was checked (8 characters or more)")
    if not needs_attestation(origin, tier) or attestation(attest) is not None:
        return
    if edit:
        raise SbError("E-ADD-ATTEST", subject[:200],
                      f"{_WHAT.get(str(origin), 'this source')} cannot be tier {tier} on your word alone (a local "
                      "file given a public address with url= is a copy of that page sourcebook did not fetch): "
                      "nothing was changed. Add tier=C to the same sb source set, or attest why a reader may trust "
                      "these bytes: attest=\"who published it and how you checked\" (recorded and shown beside "
                      "the source)")
    raise SbError("E-ADD-ATTEST", subject[:200],
                  f"{_WHAT.get(str(origin), 'this source')} cannot be tier {tier} on your word alone: nothing was "
                  f"added. Rate it C (--tier C), or attest why a reader may trust these bytes: "
                  f"--attest \"who published it and how you checked\" (recorded and shown beside the source)")
