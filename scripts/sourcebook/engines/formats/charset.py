"""Decoding raw bytes to text (compatibility: charset, a weakness of the original kit fixed).

Order: byte-order mark, then the transport's declared charset (HTTP ``Content-Type`` or the
record's charset), then, for HTML and XML only, an in-document declaration (``<meta charset>``,
``<meta http-equiv=content-type>`` anywhere in the head, the XML declaration), then UTF-16/32
without a BOM recognised by its NUL bytes, then strict UTF-8, then UTF-8 with U+FFFD.

Markdown and plain text are never sniffed for ``<meta>``: prose that mentions a charset must not
change the decoding. Labels follow the WHATWG Encoding Standard's aliases (``latin1``,
``iso-8859-1`` and ``ascii`` all mean windows-1252). A UTF-16 or UTF-32 label found inside an
ASCII-compatible document is ignored, as browsers do: the label could only be read because the
bytes are not UTF-16. Undecodable bytes become U+FFFD and a note; decoding never raises.
"""

from __future__ import annotations

import codecs
import re

from ...base.record import field, record

# canonical (WHATWG) name -> (Python codec, labels). Names are what a record stores.
_ENCODINGS: dict[str, tuple[str, str]] = {
    "utf-8": ("utf-8", "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8"),
    "ibm866": ("cp866", "866 cp866 csibm866 ibm866"),
    "iso-8859-2": ("iso8859_2", "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 "
                                "iso_8859-2:1987 l2 latin2"),
    "iso-8859-3": ("iso8859_3", "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 "
                                "iso_8859-3:1988 l3 latin3"),
    "iso-8859-4": ("iso8859_4", "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 "
                                "iso_8859-4:1988 l4 latin4"),
    "iso-8859-5": ("iso8859_5", "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 "
                                "iso_8859-5 iso_8859-5:1988"),
    "iso-8859-6": ("iso8859_6", "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 "
                                "iso-8859-6 iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 "
                                "iso_8859-6 iso_8859-6:1987"),
    "iso-8859-7": ("iso8859_7", "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 "
                                "iso8859-7 iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek"),
    "iso-8859-8": ("iso8859_8", "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 "
                                "iso8859-8 iso88598 iso_8859-8 iso_8859-8:1988 visual"),
    "iso-8859-8-i": ("iso8859_8", "csiso88598i iso-8859-8-i logical"),
    "iso-8859-10": ("iso8859_10", "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6"),
    "iso-8859-13": ("iso8859_13", "iso-8859-13 iso8859-13 iso885913"),
    "iso-8859-14": ("iso8859_14", "iso-8859-14 iso8859-14 iso885914"),
    "iso-8859-15": ("iso8859_15", "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9"),
    "iso-8859-16": ("iso8859_16", "iso-8859-16"),
    "koi8-r": ("koi8_r", "cskoi8r koi koi8 koi8-r koi8_r"),
    "koi8-u": ("koi8_u", "koi8-ru koi8-u"),
    "macintosh": ("mac_roman", "csmacintosh mac macintosh x-mac-roman"),
    "windows-874": ("cp874", "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874"),
    "windows-1250": ("cp1250", "cp1250 windows-1250 x-cp1250"),
    "windows-1251": ("cp1251", "cp1251 windows-1251 x-cp1251"),
    "windows-1252": ("cp1252", "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 "
                               "iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii "
                               "windows-1252 x-cp1252 latin-1"),
    "windows-1253": ("cp1253", "cp1253 windows-1253 x-cp1253"),
    "windows-1254": ("cp1254", "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 "
                               "iso_8859-9:1989 l5 latin5 windows-1254 x-cp1254"),
    "windows-1255": ("cp1255", "cp1255 windows-1255 x-cp1255"),
    "windows-1256": ("cp1256", "cp1256 windows-1256 x-cp1256"),
    "windows-1257": ("cp1257", "cp1257 windows-1257 x-cp1257"),
    "windows-1258": ("cp1258", "cp1258 windows-1258 x-cp1258"),
    "x-mac-cyrillic": ("mac_cyrillic", "x-mac-cyrillic x-mac-ukrainian"),
    "gbk": ("gb18030", "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk"),
    "gb18030": ("gb18030", "gb18030"),
    "big5": ("big5hkscs", "big5 big5-hkscs cn-big5 csbig5 x-x-big5"),
    "euc-jp": ("euc_jp", "cseucpkdfmtjapanese euc-jp x-euc-jp"),
    "iso-2022-jp": ("iso2022_jp", "csiso2022jp iso-2022-jp"),
    "shift_jis": ("cp932", "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis"),
    "euc-kr": ("cp949", "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 "
                        "ksc5601 ksc_5601 windows-949"),
    "utf-16be": ("utf-16-be", "unicodefffe utf-16be utf-16-be"),
    "utf-16le": ("utf-16-le", "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le utf-16-le"),
    # Not in the WHATWG table, but a BOM or a transport label may name them.
    "utf-32le": ("utf-32-le", "utf-32 utf-32le utf-32-le"),
    "utf-32be": ("utf-32-be", "utf-32be utf-32-be"),
}
_LABELS = {lab: name for name, (_, labels) in _ENCODINGS.items() for lab in labels.split()}
_WIDE = ("utf-16le", "utf-16be", "utf-32le", "utf-32be")

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32le"), (codecs.BOM_UTF32_BE, "utf-32be"), (codecs.BOM_UTF8, "utf-8"),
         (codecs.BOM_UTF16_LE, "utf-16le"), (codecs.BOM_UTF16_BE, "utf-16be"))

_PRESCAN = 16384  # bytes of an HTML head scanned for a declaration
_COMMENT = re.compile(rb"<!--.*?(?:-->|$)", re.S)
_META_TAG = re.compile(rb"<meta(?=[\s/])([^>]*)>?", re.I)
_ATTR = re.compile(rb"""([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
_CT_CHARSET = re.compile(rb"""charset\s*=\s*["']?\s*([^\s"';]+)""", re.I)
_XML_DECL = re.compile(rb"""^<\?xml[^>]*?\sencoding\s*=\s*["']([^"']+)["']""")
_HEAD_END = re.compile(rb"</head\s*>|<body[\s>]", re.I)


@record
class Decoded:
    text: str
    charset: str | None  # the canonical name used; None when nothing declared it (plain UTF-8)
    notes: list[str] = field(default_factory=list)
    how: str = "default"  # bom | declared | meta | xml | detected | default
    # The bytes ``text`` is the UTF-8 decoding of, when it is one read without error (else None):
    # who needs the text's UTF-8 form has it without encoding it again.
    utf8: bytes | None = None


def label(name: str | None) -> str | None:
    """The canonical (WHATWG) name for a charset label, or None when unknown."""
    if not name:
        return None
    key = name.strip().strip("\"'").strip().lower()
    if key in _LABELS:
        return _LABELS[key]
    if key.replace("_", "-") in _LABELS:
        return _LABELS[key.replace("_", "-")]
    return None


def codec_for(name: str) -> str:
    return _ENCODINGS[name][0]


def is_markup(media_type: str | None) -> bool:
    mt = (media_type or "").split(";")[0].strip().lower()
    return mt in ("text/html", "application/xhtml+xml") or mt.endswith("/xml") or mt.endswith("+xml")


def looks_like_html(raw: bytes) -> bool:
    """For an unknown media type: does the document start like HTML or XML?"""
    head = raw[:512].lstrip(b" \t\r\n\xef\xbb\xbf").lower()
    return head.startswith((b"<!doctype html", b"<html", b"<?xml", b"<head", b"<meta"))


def sniff_bom(raw: bytes) -> str | None:
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    return None


def sniff_meta(raw: bytes) -> str | None:
    """The first usable ``<meta>`` charset in the head (comments skipped), WHATWG-style."""
    head = raw[:_PRESCAN]
    end = _HEAD_END.search(head)
    if end:
        head = head[:end.start()]
    head = _COMMENT.sub(b"", head)
    for m in _META_TAG.finditer(head):
        attrs = {}
        for a in _ATTR.finditer(m.group(1)):
            key = a.group(1).lower()
            if key not in attrs:
                attrs[key] = (a.group(2) or b"").strip(b"\"'")
        found = None
        if b"charset" in attrs:
            found = attrs[b"charset"]
        elif attrs.get(b"http-equiv", b"").strip().lower() == b"content-type" and b"content" in attrs:
            ct = _CT_CHARSET.search(attrs[b"content"])
            found = ct.group(1) if ct else None
        if found:
            name = label(found.decode("ascii", "replace"))
            if name:
                return name
    return None


def sniff_xml(raw: bytes) -> str | None:
    m = _XML_DECL.match(raw[:1024])
    return label(m.group(1).decode("ascii", "replace")) if m else None


def detect_wide(raw: bytes) -> str | None:
    """UTF-16/32 without a BOM, recognised by the NUL bytes of its ASCII characters."""
    sample = raw[:4096]
    n = len(sample) - len(sample) % 4
    if n < 4 or sample.count(0) < n // 4:
        return None
    quads = n // 4
    pos = [sum(1 for i in range(k, n, 4) if sample[i] == 0) for k in range(4)]
    if pos[1] == pos[2] == pos[3] == quads and pos[0] < quads:
        return "utf-32le"
    if pos[0] == pos[1] == pos[2] == quads and pos[3] < quads:
        return "utf-32be"
    even, odd = pos[0] + pos[2], pos[1] + pos[3]
    half = n // 2
    if odd >= 0.6 * half and even <= 0.1 * half:
        return "utf-16le"
    if even >= 0.6 * half and odd <= 0.1 * half:
        return "utf-16be"
    return None


def _decode(raw: bytes, name: str, how: str, notes: list[str]) -> Decoded:
    codec = codec_for(name)
    utf8 = raw if codec == "utf-8" else None
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        utf8 = None
        if name == "windows-1252":
            # WHATWG maps cp1252's five unassigned bytes to the C1 controls of the same value.
            text = raw.decode(codec, errors="surrogateescape")
            text = "".join(chr(ord(c) - 0xDC00) if "\udc80" <= c <= "\udcff" else c for c in text)
        else:
            text = raw.decode(codec, errors="replace")
            notes.append(f"bytes not valid {name} from offset {exc.start}; undecodable bytes became U+FFFD")
    if text.startswith("\ufeff"):
        return Decoded(text[1:], name, notes, how)
    return Decoded(text, name, notes, how, utf8)


def decode_bytes(raw: bytes, *, media_type: str | None = None, declared: str | None = None) -> Decoded:
    """Decode ``raw``; never raises. See the module docstring for the order."""
    notes: list[str] = []
    bom = sniff_bom(raw)
    if bom:
        body = raw[len(next(b for b, n in _BOMS if n == bom)):]
        return _decode(body, bom, "bom", notes)
    if declared:
        name = label(declared)
        if name is None:
            notes.append(f"declared charset {declared.strip()!r} is unknown; ignored")
        elif name in _WIDE and not detect_wide(raw) and b"\x00" not in raw[:4096]:
            notes.append(f"declared charset {name} ignored: the bytes are ASCII-compatible")
        elif name in _WIDE and (detect_wide(raw) or "")[:6] == name[:6]:
            return _decode(raw, detect_wide(raw) or name, "declared", notes)  # the byte order the bytes show
        else:
            return _decode(raw, name, "declared", notes)
    markup = is_markup(media_type) if media_type else looks_like_html(raw)
    if markup:
        wide = detect_wide(raw)
        for name, how in ((sniff_xml(raw), "xml"), (sniff_meta(raw), "meta")):
            if not name:
                continue
            if name in _WIDE and wide is None:
                # readable ASCII naming UTF-16: the label is wrong, as browsers conclude
                notes.append(f"in-document charset {name} ignored: the page is ASCII-compatible")
                continue
            return _decode(raw, name, how, notes)
    wide = detect_wide(raw)
    if wide:
        return _decode(raw, wide, "detected", notes)
    try:
        text = raw.decode("utf-8")
        if text.startswith("\ufeff"):
            return Decoded(text[1:], None, notes, "default")
        return Decoded(text, None, notes, "default", raw)
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        notes.append(f"not valid UTF-8 (first bad byte at offset {exc.start}) and no charset declared; "
                     "undecodable bytes became U+FFFD: set the source's charset and re-extract")
        return Decoded(text, None, notes, "default")


def parse_content_type(value: str | None) -> tuple[str | None, str | None]:
    """``text/html; charset="ISO-8859-1"`` -> ``("text/html", "windows-1252")``.

    The charset is the canonical name when the label is known, else the label lower-cased.
    """
    if not value:
        return None, None
    parts = [p.strip() for p in value.split(";")]
    media = parts[0].lower() or None
    charset = None
    for p in parts[1:]:
        key, _, val = p.partition("=")
        if key.strip().lower() == "charset" and val.strip().strip("\"'"):
            raw_label = val.strip().strip("\"'").lower()
            charset = label(raw_label) or raw_label
    return media, charset
