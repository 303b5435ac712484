"""The near-duplicate sketch: the fast hashing equals the plain definition, and estimates hold."""

from __future__ import annotations

import hashlib
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sourcebook.engines.search import shingles


def reference_sketch(text: str) -> shingles.Sketch:
    """The sketch as its docstring defines it, one shingle at a time."""
    words = re.findall(r"\w+", text.casefold())
    hashes = set()
    for i in range(len(words) - shingles.WORDS + 1):
        h = 0
        for k in range(shingles.WORDS):
            d = hashlib.blake2b(words[i + k].encode("utf-8"), digest_size=4 * shingles.WORDS,
                                person=b"sb-shingle").digest()
            h ^= int.from_bytes(d[4 * k:4 * k + 4], "little")
        hashes.add(h & ((1 << 30) - 1))
    mins: list[int | None] = [None] * shingles.BUCKETS
    for h in hashes:
        b, v = h >> 24, h & ((1 << 24) - 1)
        if mins[b] is None or v < mins[b]:
            mins[b] = v
    return shingles.Sketch(len(hashes), tuple(mins))


VOCAB = ["the", "rule", "applies", "to", "every", "draft", "PEP", "649", "über", "東京", "a", "of"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(VOCAB), max_size=80), st.sampled_from([" ", "\n", ", ", " -- "]))
def test_the_fast_sketch_is_the_defined_one(words, sep):
    text = sep.join(words)
    assert shingles.sketch(text) == reference_sketch(text)


def test_layout_case_and_punctuation_do_not_change_a_sketch():
    text = "The quick brown fox jumps over the lazy dog near the river bank today"
    other = "THE quick, brown fox --\n  jumps over *the* lazy dog near the river\nbank today."
    assert shingles.sketch(text) == shingles.sketch(other)
    assert shingles.sketch(text).shingles == len(text.split()) - 4


def test_the_sketch_of_a_fixed_text_is_pinned():
    # cached sketches are compared with new ones: a change here must bump shingles.FORMAT
    got = shingles.sketch(" ".join(f"word{i}" for i in range(200))).to_hex()
    assert shingles.FORMAT == 2
    assert hashlib.sha256(got.encode()).hexdigest()[:16] == PINNED


PINNED = "95712b7db9c19392"  # the digest of that sketch under format 2


def _words(rng: random.Random, n: int) -> list[str]:
    return [f"w{rng.randrange(10**9)}" for _ in range(n)]


def test_jaccard_estimates_stay_within_the_stated_error():
    rng = random.Random(7)
    for j_true in (0.2, 0.5, 0.8, 1.0):
        errors = []
        for _ in range(20):
            shared = _words(rng, int(2000 * j_true))
            a = " ".join(shared + _words(rng, 2000 - len(shared)))
            b = " ".join(shared + _words(rng, 2000 - len(shared)))
            sa, sb = shingles.sketch(a), shingles.sketch(b)
            inter = len(shared) - 4 if shared else 0
            exact = inter / (sa.shingles + sb.shingles - inter)
            errors.append(shingles.jaccard(sa, sb) - exact)
        mean = sum(errors) / len(errors)
        assert abs(mean) < 0.05, (j_true, mean)  # unbiased
        assert max(map(abs, errors)) < 0.25, (j_true, errors)  # about 4 standard errors


def test_near_needs_enough_words_and_comparable_sizes():
    rng = random.Random(3)
    body = _words(rng, 400)
    edition = body[:200] + ["corrected"] + body[201:]
    a, b = shingles.sketch(" ".join(body)), shingles.sketch(" ".join(edition))
    assert shingles.likeness(a, b).near
    tiny = shingles.sketch(" ".join(body[:30]))
    assert not shingles.likeness(tiny, tiny).near  # under MIN_SHINGLES: a few phrases decide
    excerpt_in_long = shingles.sketch(" ".join(body + _words(rng, 1600)))
    assert not shingles.may_be_near(a.shingles, excerpt_in_long.shingles)
    assert not shingles.likeness(a, excerpt_in_long).near


def test_empty_buckets_compare_only_where_either_side_has_a_value():
    a = shingles.Sketch(60, (None,) * 63 + (5,))
    b = shingles.Sketch(60, (None,) * 63 + (5,))
    c = shingles.Sketch(60, (None,) * 62 + (1, 5))
    assert shingles.jaccard(a, b) == 1.0
    assert shingles.jaccard(a, c) == 0.5
    assert shingles.jaccard(shingles.Sketch(0, (None,) * 64), shingles.Sketch(0, (None,) * 64)) == 0.0
    assert shingles.Sketch.from_hex(60, c.to_hex()) == c


def test_a_long_text_of_many_languages_gets_the_defined_sketch():
    # long enough that each bucket's minimum is read from the hashes below a cut, not a sort
    # of them all; words beyond ASCII (folded, some into ASCII: "ﬁ", "K") among ASCII ones
    rng = random.Random(11)
    vocab = [f"w{i}" for i in range(3000)] + ["Über", "STRASSE", "straße", "東京", "ﬁle", "K", "Σίσυφος", "naïve"]
    text = " ".join(rng.choice(vocab) + rng.choice([" ", ", ", "—", "\n", "’s "]) for _ in range(6000))
    assert shingles.sketch(text) == reference_sketch(text)


def test_bucket_minima_by_a_cut_are_those_of_a_sort():
    import sys
    from array import array

    if array("I").itemsize != 4 or sys.byteorder != "little":
        pytest.skip("the hashes are laid out here as a little-endian machine holds them")
    rng = random.Random(5)
    for n in (100, 3072, 5000, 40_000, 300_000, 1_200_000):
        data = (int.from_bytes(rng.randbytes(4 * n), "little")
                & int.from_bytes(((1 << 30) - 1).to_bytes(4, "little") * n, "little")).to_bytes(4 * n, "little")
        hashes = array("I")
        hashes.frombytes(data)
        got = shingles._bucket_minima(data, hashes)
        want = shingles._minima(sorted(hashes))  # a repeated value is no bucket's new least one
        assert got is None if n < 3 * 16 * shingles.BUCKETS else got == want, n
