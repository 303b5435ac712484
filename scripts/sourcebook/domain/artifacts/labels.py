"""A page's language: ``<html lang>`` and the templates' own words in that language.

The language is the plan's ``lang`` (``sb plan --lang ja``) when set, else read from the
draft's text: kana make it Japanese, Han without kana Chinese, Cyrillic (more than Latin
letters) Russian, anything else English. The fixed words a template writes itself (the skip
link, the page's kind, "Contents", "Ledger", the ledger's intro, the marks' legend) are given
in Japanese, Chinese and Russian by ``LABELS``; another language sets ``lang`` and keeps the
English words. A legend item holds no full stop (the legend is read as one run of items).
The mark names themselves ("checked", "reported") stay as they are everywhere,
so the legend and the page's marks read alike. Pure: strings in, strings out.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...base.patterns import hot

# English words of the templates (outside their slots) -> their translation, per language
LABELS: dict[str, dict[str, str]] = {
    "ja": {
        "Skip to the answer": "回答へ移動", "Answer": "回答", "Brief": "概要", "Explainer": "解説",
        "Deck": "スライド", "Infographic": "インフォグラフィック", "Contents": "目次", "Ledger": "典拠一覧",
        "Findings": "調査結果", "Notes": "ノート", "What the marks mean": "記号の意味",
        "Every numbered claim above, with the exact words of its source.": "上の番号付きの各記述と、その出典の原文。",
        "verified against a tier A or B source": "A・B級の出典で確認済み",
        "real signal, weaker authority": "確かな手がかり、ただし出典の権威は弱い",
        "sources disagree; both are shown": "出典が食い違うため両方を示す",
        "true as of the date printed": "記載の日付時点で正しい",
        "the author's inference, no source": "筆者の推論、出典なし",
        "verified, tier A or B": "確認済み、A・B級", "weaker authority": "出典の権威は弱い",
        "sources disagree": "出典が食い違う", "true as of a date": "ある日付時点で正しい",
        "inference, no source": "推論、出典なし",
    },
    "zh": {
        "Skip to the answer": "跳到回答", "Answer": "回答", "Brief": "简报", "Explainer": "解说",
        "Deck": "幻灯片", "Infographic": "信息图", "Contents": "目录", "Ledger": "出处清单",
        "Findings": "发现", "Notes": "备注", "What the marks mean": "标记的含义",
        "Every numbered claim above, with the exact words of its source.": "上文每条编号陈述，附其来源的原文。",
        "verified against a tier A or B source": "已对照A级或B级来源核实",
        "real signal, weaker authority": "真实信号，来源权威较弱",
        "sources disagree; both are shown": "来源相互矛盾，两者并列",
        "true as of the date printed": "截至所示日期为真",
        "the author's inference, no source": "作者的推论，无来源",
        "verified, tier A or B": "已核实，A级或B级", "weaker authority": "来源权威较弱",
        "sources disagree": "来源相互矛盾", "true as of a date": "截至某日为真",
        "inference, no source": "推论，无来源",
    },
    "ru": {
        "Skip to the answer": "Перейти к ответу", "Answer": "Ответ", "Brief": "Справка", "Explainer": "Объяснение",
        "Deck": "Слайды", "Infographic": "Инфографика", "Contents": "Содержание", "Ledger": "Реестр",
        "Findings": "Выводы", "Notes": "Заметки", "What the marks mean": "Что значат пометки",
        "Every numbered claim above, with the exact words of its source.":
            "Каждое пронумерованное утверждение выше, с точными словами источника.",
        "verified against a tier A or B source": "проверено по источнику уровня A или B",
        "real signal, weaker authority": "реальный сигнал, менее авторитетный источник",
        "sources disagree; both are shown": "источники расходятся; показаны оба",
        "true as of the date printed": "верно на указанную дату",
        "the author's inference, no source": "вывод автора, без источника",
        "verified, tier A or B": "проверено, уровень A или B", "weaker authority": "менее авторитетно",
        "sources disagree": "источники расходятся", "true as of a date": "верно на дату",
        "inference, no source": "вывод, без источника",
    },
}
LANGS = tuple(LABELS)
_TAG = hot(r"^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")
_HTML_LANG = hot(r'<html lang="[^"]*"')
_KANA = hot(r"[\u3040-\u30ff]")
_HAN = hot(r"[\u4e00-\u9fff]")
_CYRILLIC = hot(r"[\u0400-\u04ff]")
_LATIN = hot(r"[A-Za-z]")
_CITE = hot(r"\[@[^\]]*\]|\[framing\]|https?://\S+")


def is_tag(value: str) -> bool:
    """A language tag as ``<html lang>`` takes it ("ja", "pt-BR")."""
    return bool(_TAG.match(value))


def detect(text: str) -> str:
    """The language of a draft's prose, by its script (citations and addresses left out)."""
    text = _CITE.sub(" ", text)
    if _KANA.search(text):
        return "ja"
    latin, han = len(_LATIN.findall(text)), len(_HAN.findall(text))
    if han and han > latin // 4:
        return "zh"
    return "ru" if len(_CYRILLIC.findall(text)) > latin else "en"


def page_lang(plan: Mapping | None, text: str) -> str:
    """The page's language: the plan's ``lang``, else the draft's."""
    wanted = plan.get("lang") if isinstance(plan, Mapping) else None
    if isinstance(wanted, str) and is_tag(wanted.strip()):
        return wanted.strip()
    return detect(text)


def localize(page: str, lang: str) -> str:
    """A template in ``lang``: its ``<html lang>`` set and, for a language of ``LABELS``, its
    fixed words (an element's whole text or an ``aria-label``) translated."""
    page = _HTML_LANG.sub(f'<html lang="{lang}"', page, count=1)
    table = LABELS.get(lang.split("-")[0].lower())
    if not table:
        return page
    for en in sorted(table, key=len, reverse=True):
        tr = table[en]
        page = page.replace(f">{en}<", f">{tr}<").replace(f"> {en}<", f"> {tr}<")
        page = page.replace(f'aria-label="{en}"', f'aria-label="{tr}"')
    return page
