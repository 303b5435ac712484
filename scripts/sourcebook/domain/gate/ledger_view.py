"""What the gates take from the ledger model: ordinals, required marks, the quote budget.

The ledger renders from ``engines.render.ledger_model``; the gate asks the same functions, so a
page cannot disagree with the ledger it embeds. Only claims that match the schema go in.
"""

from __future__ import annotations

from ...engines.ledger import ledger_model as lm
from .context import GateContext

MARK_CLASSES = tuple(lm.MARK_LABEL)
QUOTE_MAX_CHARS, QUOTE_MAX_WORDS = lm.QUOTE_MAX_CHARS, lm.QUOTE_MAX_WORDS
PER_SOURCE_QUOTES, PER_SOURCE_CHARS = lm.SOURCE_MAX_QUOTES, lm.SOURCE_MAX_CHARS
citable = lm.is_citable


def ordinals(ctx: GateContext) -> dict[str, int]:
    return lm.ordinals(ctx.valid_claims, ctx.plan)


def required_marks(claim: dict) -> set[str]:
    return set(lm.marks(claim))


def page_ordinals(ctx: GateContext, page) -> dict[str, int]:
    """The numbers a page must show: a page ``sb render`` made is numbered in its own reading
    order (the order its citation links first name the claims); a page composed by hand keeps
    the ledger's ordinals (compatibility: ledger numbering)."""
    from . import route as routes

    def compute(c: GateContext) -> dict[str, int]:
        if routes.route_of(c.page_html(page)) != routes.RENDER:
            return c.memo("ordinals", ordinals)
        order = [x for x, _ in c.page_view(page).sup_refs]
        return lm.reading_ordinals(order, c.valid_claims, c.plan)

    return ctx.memo(f"page-ordinals:{page.path}", compute)
