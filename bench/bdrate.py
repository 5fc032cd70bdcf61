#!/usr/bin/env python3
"""Bjontegaard delta rate (BD-rate): how many more bytes (per cent) a test encoder spends than an
anchor at equal PSNR, averaged over the PSNR range both curves cover. Negative: the test saves.

Two interpolations of log(rate) as a function of PSNR, both integrated over the overlap of the two
curves' PSNR ranges:
  pchip   piecewise cubic Hermite (Fritsch-Carlson, monotone), as the AOM/JVET CTC tools use; the
          default, robust with uneven points;
  cubic   the classic VCEG-M33 least-squares cubic polynomial (exact through 4 points).
Points are (bytes, psnr); they are sorted by bytes and a point whose PSNR does not rise above the
previous one is dropped (a curve must be increasing). PSNR is capped at 100 (identical). With
fewer than 2 points left on a side, or no overlap, the result is None.

Usage as a script: bdrate.py 'B1:P1,B2:P2,...' 'B1:P1,...'  (anchor, then test) prints both.
Standard library only.
"""
import math
import sys


def _clean(points):
    pts = sorted((float(b), min(float(p), 100.0)) for b, p in points if b and b > 0 and p is not None)
    out = []
    for b, p in pts:
        if not out or p > out[-1][1]:
            out.append((b, p))
    return out


def _pchip_slopes(x, y):
    n = len(x)
    h = [x[i + 1] - x[i] for i in range(n - 1)]
    d = [(y[i + 1] - y[i]) / h[i] for i in range(n - 1)]
    if n == 2:
        return [d[0], d[0]]
    m = [0.0] * n
    for i in range(1, n - 1):
        if d[i - 1] * d[i] <= 0:
            m[i] = 0.0
        else:
            w1, w2 = 2 * h[i] + h[i - 1], h[i] + 2 * h[i - 1]
            m[i] = (w1 + w2) / (w1 / d[i - 1] + w2 / d[i])

    def end(h0, h1, d0, d1):
        s = ((2 * h0 + h1) * d0 - h0 * d1) / (h0 + h1)
        if s * d0 <= 0:
            return 0.0
        if d0 * d1 <= 0 and abs(s) > abs(3 * d0):
            return 3 * d0
        return s
    m[0] = end(h[0], h[1], d[0], d[1])
    m[-1] = end(h[-1], h[-2], d[-1], d[-2])
    return m


def _pchip_eval(x, y, m, t):
    i = 0
    while i < len(x) - 2 and t > x[i + 1]:
        i += 1
    h = x[i + 1] - x[i]
    s = (t - x[i]) / h
    h00, h10 = 2 * s ** 3 - 3 * s ** 2 + 1, s ** 3 - 2 * s ** 2 + s
    h01, h11 = -2 * s ** 3 + 3 * s ** 2, s ** 3 - s ** 2
    return h00 * y[i] + h10 * h * m[i] + h01 * y[i + 1] + h11 * h * m[i + 1]


def _integral(f, lo, hi, steps=2000):
    """Simpson's rule."""
    steps += steps % 2
    w = (hi - lo) / steps
    total = f(lo) + f(hi)
    for k in range(1, steps):
        total += (4 if k % 2 else 2) * f(lo + k * w)
    return total * w / 3


def _polyfit3(x, y):
    """Least-squares cubic (coefficients c0..c3) by the normal equations (x centred for conditioning)."""
    deg = min(3, len(x) - 1)
    xm = sum(x) / len(x)
    xs = [v - xm for v in x]
    n = deg + 1
    a = [[sum(v ** (i + j) for v in xs) for j in range(n)] for i in range(n)]
    b = [sum((xs[k] ** i) * y[k] for k in range(len(xs))) for i in range(n)]
    for col in range(n):  # Gaussian elimination with partial pivoting
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n):
                a[r][c] -= f * a[col][c]
            b[r] -= f * b[col]
    c = [0.0] * n
    for r in range(n - 1, -1, -1):
        c[r] = (b[r] - sum(a[r][k] * c[k] for k in range(r + 1, n))) / a[r][r]
    return lambda t: sum(c[i] * (t - xm) ** i for i in range(n))


def bd_rate(anchor, test, method="pchip"):
    """BD-rate in per cent of TEST against ANCHOR, lists of (bytes, psnr); None when undefined."""
    a, t = _clean(anchor), _clean(test)
    if len(a) < 2 or len(t) < 2:
        return None
    lo, hi = max(a[0][1], t[0][1]), min(a[-1][1], t[-1][1])
    if hi - lo < 1e-6:
        return None
    curves = []
    for pts in (a, t):
        x = [p for _, p in pts]
        y = [math.log(b) for b, _ in pts]
        if method == "pchip":
            m = _pchip_slopes(x, y)
            curves.append(lambda q, x=x, y=y, m=m: _pchip_eval(x, y, m, q))
        else:
            curves.append(_polyfit3(x, y))
    ia = _integral(curves[0], lo, hi)
    it = _integral(curves[1], lo, hi)
    return (math.exp((it - ia) / (hi - lo)) - 1) * 100


def overlap(anchor, test):
    """The PSNR range both curves cover, (lo, hi), or None."""
    a, t = _clean(anchor), _clean(test)
    if len(a) < 2 or len(t) < 2:
        return None
    lo, hi = max(a[0][1], t[0][1]), min(a[-1][1], t[-1][1])
    return (lo, hi) if hi > lo else None


def _parse(s):
    return [tuple(float(v) for v in p.split(":")) for p in s.split(",") if p]


if __name__ == "__main__":
    if len(sys.argv) == 1:  # self-check: a curve 10% larger at every PSNR is +10%
        anchor = [(1000, 30), (2000, 34), (4000, 38), (8000, 42)]
        test = [(b * 1.1, p) for b, p in anchor]
        for meth in ("pchip", "cubic"):
            r = bd_rate(anchor, test, meth)
            assert abs(r - 10) < 1e-6, (meth, r)
        print("bdrate self-check: 2 passed, 0 failed")
        sys.exit(0)
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    A, T = _parse(sys.argv[1]), _parse(sys.argv[2])
    for meth in ("pchip", "cubic"):
        r = bd_rate(A, T, meth)
        print(f"{meth}: " + ("undefined" if r is None else f"{r:+.2f}%"))
