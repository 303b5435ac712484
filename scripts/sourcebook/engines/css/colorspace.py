"""Colour-space conversions: sRGB and its linear form, XYZ (D65/D50), CIE Lab/LCH, OKLab/OKLCH
(Ottosson), HSL, HWB and display-p3. Matrices are derived from the primaries and white points
(and inverted numerically), so forward and inverse transforms agree to rounding."""

from __future__ import annotations

import math

# ---- matrices ------------------------------------------------------------------------------
Mat = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]


def _mul(m: Mat, v: tuple[float, float, float]) -> tuple[float, float, float]:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def _matmul(a: Mat, b: Mat) -> Mat:
    cols = list(zip(*b, strict=False))
    return tuple(tuple(sum(x * y for x, y in zip(row, col, strict=False)) for col in cols) for row in a)  # type: ignore[return-value]


def _inv(m: Mat) -> Mat:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((( e * i - f * h) / det, -(b * i - c * h) / det, (b * f - c * e) / det),
            (-(d * i - f * g) / det, (a * i - c * g) / det, -(a * f - c * d) / det),
            (( d * h - e * g) / det, -(a * h - b * g) / det, (a * e - b * d) / det))


def _xyz_white(x: float, y: float) -> tuple[float, float, float]:
    return (x / y, 1.0, (1 - x - y) / y)


def _rgb_to_xyz(prim: tuple, white: tuple[float, float]) -> Mat:
    """The linear-RGB to XYZ matrix of a colour space given its primaries and white point."""
    cols = [(x / y, 1.0, (1 - x - y) / y) for x, y in prim]
    m: Mat = tuple(tuple(cols[j][i] for j in range(3)) for i in range(3))  # type: ignore[assignment]
    s = _mul(_inv(m), _xyz_white(*white))
    return tuple(tuple(m[i][j] * s[j] for j in range(3)) for i in range(3))  # type: ignore[return-value]


D65 = (0.3127, 0.3290)
D50 = (0.3457, 0.3585)
SRGB_TO_XYZ = _rgb_to_xyz(((0.64, 0.33), (0.30, 0.60), (0.15, 0.06)), D65)
XYZ_TO_SRGB = _inv(SRGB_TO_XYZ)
P3_TO_XYZ = _rgb_to_xyz(((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)), D65)
_BRADFORD: Mat = ((0.8951, 0.2664, -0.1614), (-0.7502, 1.7135, 0.0367), (0.0389, -0.0685, 1.0296))


def _adapt(src: tuple[float, float], dst: tuple[float, float]) -> Mat:
    s, d = _mul(_BRADFORD, _xyz_white(*src)), _mul(_BRADFORD, _xyz_white(*dst))
    scale: Mat = ((d[0] / s[0], 0, 0), (0, d[1] / s[1], 0), (0, 0, d[2] / s[2]))
    return _matmul(_inv(_BRADFORD), _matmul(scale, _BRADFORD))


D65_TO_D50 = _adapt(D65, D50)
D50_TO_D65 = _inv(D65_TO_D50)
# Ottosson's OKLab: linear sRGB -> LMS, then cube roots -> Lab.
_OK_M1: Mat = ((0.4122214708, 0.5363325363, 0.0514459929), (0.2119034982, 0.6806995451, 0.1073969566),
               (0.0883024619, 0.2817188376, 0.6299787005))
_OK_M2: Mat = ((0.2104542553, 0.7936177850, -0.0040720468), (1.9779984951, -2.4285922050, 0.4505937099),
               (0.0259040371, 0.7827717662, -0.8086757660))
_OK_M1_INV, _OK_M2_INV = _inv(_OK_M1), _inv(_OK_M2)


# ---- transfer functions and spaces -----------------------------------------------------------
def to_linear(c: float) -> float:
    a = abs(c)
    v = a / 12.92 if a <= 0.04045 else ((a + 0.055) / 1.055) ** 2.4
    return math.copysign(v, c)


def from_linear(c: float) -> float:
    a = abs(c)
    v = 12.92 * a if a <= 0.0031308 else 1.055 * a ** (1 / 2.4) - 0.055
    return math.copysign(v, c)


def _cbrt(x: float) -> float:
    return math.copysign(abs(x) ** (1 / 3), x)


def srgb_to_oklab(r: float, g: float, b: float) -> tuple[float, float, float]:
    lms = _mul(_OK_M1, (to_linear(r), to_linear(g), to_linear(b)))
    return _mul(_OK_M2, (_cbrt(lms[0]), _cbrt(lms[1]), _cbrt(lms[2])))


def oklab_to_srgb(L: float, a: float, b: float) -> tuple[float, float, float]:
    lms_ = _mul(_OK_M2_INV, (L, a, b))
    lin = _mul(_OK_M1_INV, (lms_[0] ** 3, lms_[1] ** 3, lms_[2] ** 3))
    return from_linear(lin[0]), from_linear(lin[1]), from_linear(lin[2])


def to_polar(L: float, a: float, b: float) -> tuple[float, float, float]:
    c = math.hypot(a, b)
    h = math.degrees(math.atan2(b, a)) % 360.0 if c > 1e-9 else 0.0
    return L, c, h


def from_polar(L: float, c: float, h: float) -> tuple[float, float, float]:
    return L, c * math.cos(math.radians(h)), c * math.sin(math.radians(h))


def srgb_to_oklch(r: float, g: float, b: float) -> tuple[float, float, float]:
    return to_polar(*srgb_to_oklab(r, g, b))


def oklch_to_srgb(L: float, c: float, h: float) -> tuple[float, float, float]:
    return oklab_to_srgb(*from_polar(L, c, h))


_EPS, _KAPPA = 216 / 24389, 24389 / 27
_WHITE_D50 = _xyz_white(*D50)


def srgb_to_lab(r: float, g: float, b: float) -> tuple[float, float, float]:
    xyz = _mul(D65_TO_D50, _mul(SRGB_TO_XYZ, (to_linear(r), to_linear(g), to_linear(b))))
    f = [_cbrt(v / w) if v / w > _EPS else (_KAPPA * v / w + 16) / 116 for v, w in zip(xyz, _WHITE_D50, strict=False)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def lab_to_srgb(L: float, a: float, b: float) -> tuple[float, float, float]:
    fy = (L + 16) / 116
    fx, fz = a / 500 + fy, fy - b / 200
    x = fx ** 3 if fx ** 3 > _EPS else (116 * fx - 16) / _KAPPA
    y = fy ** 3 if L > _KAPPA * _EPS else L / _KAPPA
    z = fz ** 3 if fz ** 3 > _EPS else (116 * fz - 16) / _KAPPA
    xyz = (x * _WHITE_D50[0], y * _WHITE_D50[1], z * _WHITE_D50[2])
    lin = _mul(XYZ_TO_SRGB, _mul(D50_TO_D65, xyz))
    return from_linear(lin[0]), from_linear(lin[1]), from_linear(lin[2])


def hsl_to_srgb(h: float, s: float, lig: float) -> tuple[float, float, float]:
    h = h % 360.0
    def f(n: float) -> float:
        k = (n + h / 30) % 12
        a = s * min(lig, 1 - lig)
        return lig - a * max(-1.0, min(k - 3, 9 - k, 1.0))
    return f(0), f(8), f(4)


def srgb_to_hsl(r: float, g: float, b: float) -> tuple[float, float, float]:
    mx, mn = max(r, g, b), min(r, g, b)
    lig = (mx + mn) / 2
    d = mx - mn
    if d < 1e-12:
        return 0.0, 0.0, lig
    s = 0.0 if lig in (0, 1) else (mx - lig) / min(lig, 1 - lig)
    if mx == r:
        h = (g - b) / d + (6 if g < b else 0)
    elif mx == g:
        h = (b - r) / d + 2
    else:
        h = (r - g) / d + 4
    return h * 60 % 360, s, lig


def hwb_to_srgb(h: float, w: float, bl: float) -> tuple[float, float, float]:
    if w + bl >= 1:
        gray = w / (w + bl)
        return gray, gray, gray
    r, g, b = hsl_to_srgb(h, 1.0, 0.5)
    k = 1 - w - bl
    return r * k + w, g * k + w, b * k + w


def srgb_to_hwb(r: float, g: float, b: float) -> tuple[float, float, float]:
    h = srgb_to_hsl(r, g, b)[0]
    return h, min(r, g, b), 1 - max(r, g, b)
