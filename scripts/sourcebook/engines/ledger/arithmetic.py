"""Derived claims: a figure computed from other claims' figures, checked, never taken on trust.

A claim of kind ``derived`` carries ``derived = {"op", "from", "round"}``: the operation, its
input claims (in order) and the decimal places its result is rounded to. Its figure is not
quoted from a source; sourcebook reads each input claim's figure from the input's text,
computes the operation, rounds it (half away from zero) and requires the derived claim's text
to state that result. Operations, with inputs ``a, b, ...`` in the order given:

- ``difference``: a - b (the text may state the size of the change without its sign:
  "rose by 7,500", "fell by 7,500");
- ``sum``: a + b + ...;
- ``ratio``: a / b;
- ``percent_change``: (a - b) / b x 100, stated as a percentage (sign free, as a difference).

An input's figure is its text's one quantity (a number, a percentage or an amount of money;
dates and years are not quantities). An input that states several names the one it means:
``clm_0123456789ab=38,500``. All inputs share one unit (money: one currency). Every other
figure in the derived claim's text must occur in what its inputs say or quote.

Pure: claims come in as mappings, problems go out as (code, message) pairs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal, DivisionByZero, InvalidOperation

from ...base.patterns import hot
from ...base.record import TupleRecord

OPS = ("difference", "sum", "ratio", "percent_change")
ARITY = {"difference": 2, "ratio": 2, "percent_change": 2}  # sum: two or more
MAX_PLACES = 6
_NOT_QUANTITY = frozenset({"date", "time", "version", "ambiguous", "year"})
_INPUT = hot(r"^(clm_[0-9a-f]{12})(?:=(.+))?$", re.S)


class Quantity(TupleRecord):
    unit: str  # "number", "percent", "money:EUR", ... (the figure's kind, money with its currency)
    value: Decimal
    written: str  # as it stands in the text
    symbol: str = ""  # the unit of measure written beside it ("MB" of "34.7MB"), shown in the ledger


class Derivation(TupleRecord):
    op: str
    inputs: list[tuple[str, Quantity]]  # (claim id, its figure), in the order given
    result: Decimal  # rounded to ``places``
    unit: str
    places: int
    stated: Quantity | None  # the figure of the derived claim's text that states the result


def is_derived(claim: Mapping) -> bool:
    return claim.get("kind") == "derived" or "derived" in claim


def cited_sources(claim: Mapping, claims: Mapping[str, Mapping] | None = None) -> list[str]:
    """The sources a claim stands on, in order: its evidence's, or, for a derived claim (which
    quotes nothing), its inputs' (a report cites them by number for it)."""
    out: list[str] = []
    evs = claim.get("evidence") or []
    if not evs and claims is not None and is_derived(claim):
        evs = [ev for i in input_ids(claim) for ev in (claims.get(i) or {}).get("evidence") or []]
    for ev in evs:
        sid = str(ev.get("source_id")) if isinstance(ev, Mapping) else ""
        if sid and sid not in out:
            out.append(sid)
    return out


def input_ids(claim: Mapping) -> list[str]:
    spec = claim.get("derived")
    raw = spec.get("from") if isinstance(spec, Mapping) else None
    out = []
    for item in raw if isinstance(raw, list) else []:
        m = _INPUT.match(item) if isinstance(item, str) else None
        if m:
            out.append(m.group(1))
    return out


def split_inputs(value: str) -> list[str]:
    """``--from`` as typed: inputs separated by commas, a comma inside a figure kept
    ("clm_a=38,500,clm_b" is two inputs)."""
    return [p.strip() for p in re.split(r",\s*(?=clm_)", value.strip()) if p.strip()]


def quantity(fig) -> Quantity | None:
    """A figure as a quantity, or None for a date, time, version or ambiguous figure."""
    if fig.kind in _NOT_QUANTITY:
        return None
    key = str(fig.key)
    unit = str(fig.kind)
    if ":" in key:
        cur, key = key.rsplit(":", 1)
        unit = f"{unit}:{cur}"
    try:
        value = Decimal(key.rstrip("%").replace(",", ""))
    except InvalidOperation:
        return None
    return Quantity(unit, value, fig.written)


def quantities(text: str) -> list[Quantity]:
    from ..text.figure_scan import UNIT_AFTER
    from ..text.figures import find_figures

    out = []
    for f in find_figures(text):
        q = quantity(f)
        if q is not None:
            m = UNIT_AFTER.match(text, f.end)
            out.append(q._replace(symbol=m.group(1)) if m and (m.group(1) != "x" or not m.group(0)[0].isspace()) else q)
    return out


def _figure_of(cid: str, claim: Mapping, pick: str | None) -> tuple[Quantity | None, str | None]:
    found = quantities(str(claim.get("text") or ""))
    if pick is not None:
        wanted = quantities(pick)
        if len(wanted) != 1:
            return None, f"{cid}={pick!r} does not name one figure; write the figure as the claim states it"
        hit = [q for q in found if q.unit == wanted[0].unit and q.value == wanted[0].value]
        if not hit:
            return None, f"the claim {cid} does not state {pick!r} (it states {_listed(found)})"
        return hit[0], None
    if not found:
        return None, f"the claim {cid} states no figure (a number, percentage or amount); derive from claims that state one"
    if len({(q.unit, q.value) for q in found}) > 1:
        # a claim that writes one figure in digits and counts something else in words ("31,000
        # passengers per weekday in the twelve months to September") means the digits
        from ..text.figures import find_figures

        digits = {(q.unit, q.value): q for q in (quantity(f) for f in find_figures(str(claim.get("text") or ""))
                                                 if not f.spelled) if q is not None}
        if len(digits) == 1:
            return next(iter(digits.values())), None
        return None, (f"the claim {cid} states several figures ({_listed(found)}); name the one you mean: "
                      f"{cid}={found[0].written}")
    return found[0], None


def _listed(qs: list[Quantity]) -> str:
    return ", ".join(repr(q.written) for q in qs) or "none"


def compute(op: str, values: list[Decimal]) -> Decimal:
    """The operation over the inputs' values (raises ZeroDivisionError for a zero divisor)."""
    if op == "sum":
        return sum(values, Decimal(0))
    a, b = values[0], values[1]
    if op == "difference":
        return a - b
    if b == 0:
        raise ZeroDivisionError
    if op == "ratio":
        return a / b
    return (a - b) / b * 100


def rounded(value: Decimal, places: int) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def places_of(claim: Mapping) -> int:
    spec = claim.get("derived")
    p = spec.get("round", 0) if isinstance(spec, Mapping) else 0
    return p if type(p) is int and 0 <= p <= MAX_PLACES else 0


def _result_units(op: str, unit: str) -> set[str]:
    if op == "ratio":
        return {"number"}
    if op == "percent_change":
        return {"percent"}
    if unit == "percent":  # a difference of percentages is often written in points ("3 points")
        return {"percent", "number"}
    return {unit}


def _sign_free(op: str) -> bool:
    return op in ("difference", "percent_change")


def derive(claim: Mapping, by_id: Mapping[str, Mapping]) -> tuple[Derivation | None, list[tuple[str, str]]]:
    """The derivation of one derived claim and its problems, as (code, message) pairs:

    - ``E-ARITH-SHAPE``: the claim is not a well-formed derived claim (no operation, the wrong
      number of inputs, evidence of its own, a kind other than derived);
    - ``E-ARITH-INPUT``: an input is unknown, not active, without evidence, itself derived,
      states no single figure, or the inputs' units differ; a divisor is zero;
    - ``E-ARITH-MISMATCH``: the text states no figure equal to the result;
    - ``E-ARITH-FIGURE``: the text states another figure none of its inputs states.
    """
    cid = str(claim.get("id"))
    spec = claim.get("derived")
    if claim.get("kind") != "derived":
        return None, [("E-ARITH-SHAPE", f"{cid} carries a derivation but its kind is {claim.get('kind')!r}; "
                                        "a computed figure is a claim of kind derived")]
    if not isinstance(spec, Mapping):
        return None, [("E-ARITH-SHAPE", f"{cid} is of kind derived but names no operation; give "
                                        "derived = {\"op\": ..., \"from\": [...]} (sb claim add --op OP --from A,B)")]
    op = spec.get("op")
    raw = spec.get("from")
    items = raw if isinstance(raw, list) else []
    if op not in OPS:
        return None, [("E-ARITH-SHAPE", f"{cid}: unknown operation {op!r}; use one of {', '.join(OPS)}")]
    need = ARITY.get(str(op))
    if (need is not None and len(items) != need) or len(items) < 2:
        many = f"exactly {need}" if need else "two or more"
        return None, [("E-ARITH-SHAPE", f"{cid}: {op} takes {many} input claims, {len(items)} given")]
    if len({str(x).split("=", 1)[0] for x in items}) != len(items):
        return None, [("E-ARITH-SHAPE", f"{cid}: an input is named twice; each input claim is named once")]
    if claim.get("evidence"):
        return None, [("E-ARITH-SHAPE", f"{cid} is derived and also quotes a source; a derived claim has no "
                                        "quote of its own (cite the figure's inputs instead), or make it a "
                                        "claim of another kind without --op/--from")]
    if claim.get("confidence") in ("inferred", "unsupported", "contested"):
        return None, [("E-ARITH-SHAPE", f"{cid} is derived but {claim.get('confidence')}; a derived figure is "
                                        "verified or reported, no stronger than its weakest input (leave "
                                        "--confidence out to take that)")]
    problems: list[tuple[str, str]] = []
    inputs: list[tuple[str, Quantity]] = []
    several: list[tuple[int, str, list[Quantity], str]] = []  # (place, input, its figures, why)
    for item in items:
        m = _INPUT.match(item) if isinstance(item, str) else None
        if m is None:
            problems.append(("E-ARITH-INPUT", f"{cid}: input {str(item)[:40]!r} is not a claim id (clm_ and 12 hex "
                                              "digits, optionally =FIGURE)"))
            continue
        iid, pick = m.group(1), m.group(2)
        src = by_id.get(iid)
        why = _input_problem(iid, src, cid)
        if why is None and src is not None:
            q, why = _figure_of(iid, src, pick)
            if q is not None:
                inputs.append((iid, q))
            elif pick is None and why is not None and "several figures" in why:
                # "31,000 passengers per weekday in the twelve months to September": the figure of
                # the other inputs' unit is the one meant, when exactly one is of that unit
                several.append((len(inputs), iid, quantities(str(src.get("text") or "")), why))
                why = None
        if why is not None:
            problems.append(("E-ARITH-INPUT", f"{cid}: {why}"))
    known = {q.unit for _, q in inputs}
    for place, iid, found, why in reversed(several):
        same = {(q.unit, q.value): q for q in found if q.unit in known}
        if len(known) == 1 and len(same) == 1:
            inputs.insert(place, (iid, next(iter(same.values()))))
        else:
            problems.append(("E-ARITH-INPUT", f"{cid}: {why}"))
    if problems:
        return None, problems
    units = {q.unit for _, q in inputs}
    if len(units) > 1:
        shown = ", ".join(f"{i} {q.written!r} ({q.unit})" for i, q in inputs)
        return None, [("E-ARITH-INPUT", f"{cid}: the inputs are in different units ({shown}); compute only "
                                        "figures of one unit (money in one currency)")]
    symbols = {q.symbol for _, q in inputs} - {""}
    if len(symbols) > 1:  # 34.7MB - 28.4GB: one kind of figure, two units of measure
        shown = ", ".join(f"{i} {q.written}{q.symbol}" for i, q in inputs)
        return None, [("E-ARITH-INPUT", f"{cid}: the inputs are in different units ({shown}); compute only "
                                        "figures of one unit (convert one of them in a claim of its own first)")]
    unit = units.pop()
    summed = _sum_over_a_contest(cid, str(op), inputs, by_id)
    if summed:
        return None, [("E-ARITH-CONTEST", summed)]
    contest = _over_a_contest(cid, str(claim.get("text") or ""), inputs, by_id)
    if contest:
        return None, [("E-ARITH-INPUT", contest)]
    weaker = too_strong(claim, by_id)
    if weaker is not None:
        return None, [("E-ARITH-INPUT", f"{cid} is {claim.get('confidence')} but its input {weaker} is only "
                                        f"{by_id[weaker].get('confidence')}; a derived figure is no stronger than "
                                        "its weakest input (leave --confidence out to take that one)")]
    try:
        exact = compute(str(op), [q.value for _, q in inputs])
    except (ZeroDivisionError, DivisionByZero, InvalidOperation):
        return None, [("E-ARITH-INPUT", f"{cid}: {op} divides by {inputs[1][1].written!r}, which is zero")]
    places = places_of(claim)
    result = rounded(exact, places)
    text = str(claim.get("text") or "")
    allowed = _result_units(str(op), unit)
    stated = None
    for q in quantities(text):
        value = abs(q.value) if _sign_free(str(op)) else q.value
        target = abs(result) if _sign_free(str(op)) else result
        unit_ok = q.unit in allowed or (unit.startswith("money") and q.unit == "number")
        if unit_ok and value == target:
            stated = q
            break
    d = Derivation(str(op), inputs, result, unit, places, stated)
    if stated is None:
        said = _listed(quantities(text))
        hint = "write the computed figure, or state the rounding with --round N"
        for p in range(MAX_PLACES + 1):
            target = abs(rounded(exact, p)) if _sign_free(str(op)) else rounded(exact, p)
            if p != places and any((abs(q.value) if _sign_free(str(op)) else q.value) == target for q in quantities(text)):
                hint = f"the text states the result rounded to {p} decimal place(s): state that rounding (--round {p})"
                break
        problems.append(("E-ARITH-MISMATCH", f"{cid}: {expression(d)} (rounded to {places} decimal place(s)), but "
                                             f"the text states {said}; {hint}"))
        return d, problems
    problems += _other_figures(cid, text, stated, inputs, by_id)
    return d, problems


def _sum_over_a_contest(cid: str, op: str, inputs: list[tuple[str, Quantity]],
                        by_id: Mapping[str, Mapping]) -> str | None:
    """A sum whose inputs are sides of one disagreement: two contested claims, or one that
    names another in its ``contradicts``, are two accounts of one quantity (an audited year's
    weekday average and a summer's), and their sum counts nothing ("the two counts come to
    69,500"). Their gap or ratio says how far apart the accounts are and stays allowed."""
    if op != "sum":
        return None
    ids = [iid for iid, _ in inputs]
    sides = [iid for iid in ids if (by_id.get(iid) or {}).get("confidence") == "contested"]
    linked = [iid for iid in ids for other in (by_id.get(iid) or {}).get("contradicts") or [] if other in ids]
    if len(sides) < 2 and not linked:
        return None
    named = ", ".join(sides if len(sides) >= 2 else ids)
    return (f"{cid} adds up {named}, the sides of one disagreement: two accounts of one quantity add up to "
            "nothing a source measured; show both with their periods, or derive their gap (--op difference)")


def _over_a_contest(cid: str, text: str, inputs: list[tuple[str, Quantity]],
                    by_id: Mapping[str, Mapping]) -> str | None:
    """Inputs that are contested claims are sides of a disagreement (an audited year and a
    summer in the press), not two points in time: the figure over them is the gap between what
    the sources say ("24.2% above the audited one"), never a change ("rose 24% after the
    bridge closed")."""
    sides = [iid for iid, _ in inputs if (by_id.get(iid) or {}).get("confidence") == "contested"]
    if len(sides) < 2:
        return None
    from ..text.stance import CHANGE

    m = CHANGE.search(text)
    if m:
        return (f"{cid}: its inputs {', '.join(sides)} are contested, the sides of a disagreement, but its text "
                f"says {m.group(0)!r}, a change over time; say how far apart the figures are (\"7,500 higher than\")")
    return None


def _input_problem(iid: str, src: Mapping | None, cid: str) -> str | None:
    if iid == cid:
        return f"{iid} cannot be an input of itself"
    if src is None:
        return f"input {iid} is not a claim in the ledger; add it first (an input comes before its derivation)"
    status = src.get("status", "active")
    if status != "active":
        return (f"input {iid} is {status}; a derived figure stands only on active claims: derive it again from "
                "what replaced it, or retract it")
    if is_derived(src):
        return f"input {iid} is itself derived; derive from the claims that quote the figures"
    if not src.get("evidence"):
        return f"input {iid} has no evidence; a derived figure stands only on quoted figures"
    return None


def _other_figures(cid: str, text: str, stated: Quantity, inputs: list[tuple[str, Quantity]],
                   by_id: Mapping[str, Mapping]) -> list[tuple[str, str]]:
    from ..text.figures import unbacked

    backing: list[str] = []
    for iid, _ in inputs:
        src = by_id.get(iid) or {}
        backing.append(str(src.get("text") or ""))
        for ev in src.get("evidence") or []:
            if isinstance(ev, Mapping) and isinstance(ev.get("quote"), str):
                backing.append(ev["quote"])
        if isinstance(src.get("as_of"), str):
            backing.append(src["as_of"])
    out = []
    for f in unbacked(text, backing):
        if f.written == stated.written:
            continue
        out.append(("E-ARITH-FIGURE", f"{cid}: {f.written!r} in the text is neither the computed figure nor stated "
                                      "by its inputs; say only the result and what the inputs state"))
    return out


def fmt(value: Decimal, places: int = -1) -> str:
    """A value with thousands grouped, as the ledger shows it ("38,500", "24.2")."""
    if places >= 0:
        value = rounded(value, places)
    s = format(value.normalize() if places < 0 else value, ",f")
    if "." in s and places < 0:
        s = s.rstrip("0").rstrip(".")
    return s


_SYMBOL = {"difference": " - ", "sum": " + ", "ratio": " / "}


def expression(d: Derivation, marks: list[str] | None = None) -> str:
    """The computation as a reader checks it: "7,500 = 38,500 - 31,000", then the inputs' marks.
    Inputs written with one unit of measure keep it ("6.3MB = 34.7MB - 28.4MB")."""
    symbols = {q.symbol for _, q in d.inputs}
    pct = "%" if d.unit == "percent" else (symbols.pop() if len(symbols) == 1 else "")
    vals = [fmt(q.value) + pct for _, q in d.inputs]
    if d.op == "percent_change":
        rhs = f"({vals[0]} - {vals[1]}) / {vals[1]} x 100"
        lhs = fmt(d.result, d.places) + "%"
    else:
        rhs = _SYMBOL[d.op].join(vals)
        lhs = fmt(d.result, d.places) + ("" if d.op == "ratio" else pct)
    tail = " " + "".join(marks) if marks else ""
    return f"{lhs} = {rhs}{tail}"


def default_confidence(claim: Mapping, by_id: Mapping[str, Mapping]) -> str | None:
    """The weakest confidence among the inputs (a derived figure is no stronger than they are)."""
    rank = {"unsupported": 0, "inferred": 1, "reported": 2, "contested": 3, "verified": 4}
    confs = [str(by_id[i].get("confidence")) for i in input_ids(claim) if i in by_id]
    confs = [c for c in confs if c in rank]
    if not confs:
        return None
    weakest = min(confs, key=rank.__getitem__)
    # contested names a side of a disputed figure in a decision; a figure computed from it is
    # not itself disputed, and is held at reported
    return "reported" if weakest == "contested" or "contested" in confs else weakest


def too_strong(claim: Mapping, by_id: Mapping[str, Mapping]) -> str | None:
    """The input whose confidence is weaker than the derived claim's, or None."""
    rank = {"unsupported": 0, "inferred": 1, "reported": 2, "contested": 2, "verified": 4}
    mine = rank.get(str(claim.get("confidence")), 0)
    for i in input_ids(claim):
        c = by_id.get(i)
        if c is not None and rank.get(str(c.get("confidence")), 0) < mine:
            return i
    return None
