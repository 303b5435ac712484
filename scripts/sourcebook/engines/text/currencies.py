"""The one table of currencies every figure reader derives its lists from.

Each row names a currency's code, the symbols written before or after an amount, and the words
for it in the languages sourcebook reads. "$" and "¥" name several currencies: an amount
written with them keeps the symbol as its code and agrees with any currency of its family.
Pure data and the lists derived from it.
"""

from __future__ import annotations

from ...base.patterns import lazy
from ...base.record import TupleRecord


class Currency(TupleRecord):
    code: str  # ISO 4217, or a symbol standing for a family ("$", "¥"), or "MARK"
    symbols: tuple[str, ...] = ()  # written before or after the amount ("€", "US$")
    words: tuple[str, ...] = ()  # regex fragments of its names, written after the amount
    family: str = ""  # the ambiguous symbol that may stand for it ("$", "¥")


TABLE: tuple[Currency, ...] = (
    Currency("EUR", ("€",), ("euros?", "Euro", "евро", "ユーロ", "欧元")),
    Currency("USD", (r"US\$",), ("US dollars?", "美元"), "$"),
    Currency("CAD", (r"C\$", r"CA\$"), ("Canadian dollars?",), "$"),
    Currency("AUD", (r"A\$", r"AU\$"), ("Australian dollars?",), "$"),
    Currency("HKD", (r"HK\$",), ("Hong Kong dollars?", "港元", "港币"), "$"),
    Currency("NZD", (r"NZ\$",), ("New Zealand dollars?",), "$"),
    Currency("SGD", (r"S\$",), ("Singapore dollars?", "新加坡元"), "$"),
    Currency("$", (r"\$",), ("dollars?", r"долл\.", "доллар[а-я]*", "ドル")),
    Currency("GBP", ("£",), ("pounds? sterling", "pounds?", "英镑", "ポンド", "фунт[а-я]*")),
    Currency("JPY", (), ("yen", "円", "日元"), "¥"),
    Currency("CNY", (), ("RMB", "yuan", "人民币", "元", "块"), "¥"),
    Currency("¥", ("¥",), ()),
    Currency("RUB", ("₽",), (r"руб\.?", "рубл[а-я]*", "roubles?", "rubles?")),
    Currency("CHF", (), ("Swiss francs?", "francs?", "Franken")),
    Currency("INR", ("₹",), ("rupees?",)),
    Currency("KRW", ("₩",), ("won", "원")),
    Currency("SEK", (), ("kronor", "Swedish krona")),
    Currency("NOK", (), ()),
    Currency("DKK", (), ()),
    Currency("MARK", (), ("marks?", "Mark", "マルク", "マーク", "马克", "марк[а-я]*")),
)

CODES = tuple(c.code for c in TABLE if c.code.isalpha() and c.code.isupper() and c.code != "MARK")
# an ISO code also reads as the currency's name, after or before the amount ("EUR 1000", "1000 EUR")
_NAMES: list[tuple[str, str]] = []
for _c in TABLE:
    _NAMES += [(w, _c.code) for w in _c.words]
    _NAMES += [(s, _c.code) for s in _c.symbols]
    if _c.code in CODES:
        _NAMES.append((_c.code, _c.code))
_NAMES.append(("RMB", "CNY"))

# every name or symbol, longest first, as one alternation (written after an amount)
AFTER_ALT = "|".join(p for p, _ in sorted(_NAMES, key=lambda x: -len(x[0])))
# what may stand right before an amount: a code or a prefixed symbol
BEFORE_CODES = "|".join(sorted([s for c in TABLE for s in c.symbols if len(s) > 1 and s != r"\$"]
                               + list(CODES) + ["RMB"], key=len, reverse=True))
BEFORE_SYMBOLS = "".join(sorted({s for c in TABLE for s in c.symbols if len(s) == 1}))
_BY_NAME = [(lazy(p + r"\Z"), code) for p, code in _NAMES]
FAMILIES: dict[str, frozenset[str]] = {
    fam: frozenset(c.code for c in TABLE if c.family == fam) for fam in {c.family for c in TABLE if c.family}}


def code_of(name: str) -> str | None:
    """The code of a currency name, symbol or code as written ("€" -> "EUR", "рублей" -> "RUB")."""
    for rx, code in _BY_NAME:
        if rx.match(name):
            return code
    return None


def agrees(a: str, b: str) -> bool:
    """Two currency codes name the same money ("$" agrees with USD, CAD, AUD, HKD, NZD, SGD)."""
    return a == b or a in FAMILIES.get(b, ()) or b in FAMILIES.get(a, ())
