"""Charts as inline SVG, drawn on the server (no script, no outside library or CDN).

Each function returns the markup of one `<svg>` with a `<title>` and `<desc>` for screen
readers; labels are escaped. Sizes are in the SVG's own units: it scales to its box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from markupsafe import Markup, escape

from chicago.text.numbers import number
from chicago.text.numbers import percent as share

W: Final = 640
H: Final = 300
LEFT: Final = 48
RIGHT: Final = 16
TOP: Final = 16
BOTTOM: Final = 40
COLOURS: Final = ("#1d6b45", "#b3261e", "#1452b8", "#8a5a00", "#6a1b9a", "#00796b")


def _step(value: float) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) that covers `value` in at most
    five steps."""
    if value <= 0:
        return 1.0
    mag = 10.0 ** math.floor(math.log10(value / 5))
    for k in (1.0, 2.0, 2.5, 5.0, 10.0):
        if math.ceil(value / (k * mag) - 1e-9) <= 5:
            return k * mag
    return 10 * mag


def _nice_max(value: float) -> float:
    """The top of an axis: `value` rounded up to a whole number of round steps."""
    step = _step(value)
    return max(step, math.ceil(value / step - 1e-9) * step)


def _frame(
    title: str, desc: str, body: list[str], legend: Sequence[tuple[str, str]] = ()
) -> Markup:
    items = []
    x = LEFT
    for colour, label in legend:
        items.append(
            f'<rect x="{x}" y="{H - 14}" width="12" height="12" fill="{colour}" '
            f'stroke="#1d2420"></rect>'
            f'<text x="{x + 16}" y="{H - 4}">{escape(label)}</text>'
        )
        x += 24 + 8 * len(label)
    return Markup(
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
        + "".join(body) + "".join(items) + "</svg>"
    )


def _y_axis(low: float, high: float, fmt: Callable[[float], str] = number,
            left: float = LEFT) -> tuple[list[str], float]:
    """Grid lines and labels at round steps; the scale (units per value)."""
    span = (high - low) or 1.0
    # an axis from zero (or across it) in steps of its longer side; one above zero (a
    # rating's) in steps of its own span
    ticks = max(1, min(10, round(span / _step(span if low > 0 else max(high, -low)))))
    scale = (H - TOP - BOTTOM) / span
    out = []
    for i in range(ticks + 1):
        v = low + span * i / ticks
        y = H - BOTTOM - (v - low) * scale
        out.append(f'<line class="grid" x1="{left}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}">'
                   "</line>")
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                   f"{escape(fmt(v))}</text>")
    out.append(f'<line class="axis" x1="{left}" x2="{left}" y1="{TOP}" y2="{H - BOTTOM}"></line>')
    return out, scale


def line_chart(
    title: str,
    desc: str,
    series: Sequence[tuple[str, Sequence[float]]],
    xs: Sequence[float],
    x_label: str,
    *,
    y_max: float | None = None,
    percent: bool = False,
    marker: float | None = None,
    colours: Sequence[str] | None = None,
    y_min: float = 0.0,
    y_format: Callable[[float], str] | None = None,
    left: float = LEFT,
) -> Markup:
    """Lines over shared x values (deals, games); `marker` draws a dashed level (target);
    `colours` gives each line its own (the seats' colours at the table, faces.py: each line
    is drawn over a dark outline, so that a light colour shows on the page). The y axis
    runs from `y_min` (0 unless given: a rating's starts near its lowest value), its labels
    written by `y_format` (the locale's numbers unless given), `left` units wide."""
    palette = tuple(colours) if colours else COLOURS
    top = max([v for _, ys in series for v in ys] + [marker or 0, 1])
    high = y_max if y_max is not None else _nice_max(top)
    fmt = y_format or (share if percent else number)
    body, scale = _y_axis(y_min, high, fmt, left)
    x0, x1 = xs[0] if xs else 0, xs[-1] if xs else 1
    xspan = (x1 - x0) or 1

    def px(x: float) -> float:
        return left + (x - x0) * (W - left - RIGHT) / xspan

    def py(y: float) -> float:
        return H - BOTTOM - (y - y_min) * scale

    if marker is not None:
        body.append(f'<line x1="{left}" x2="{W - RIGHT}" y1="{py(marker):.1f}" '
                    f'y2="{py(marker):.1f}" stroke="#8a5a00" stroke-dasharray="6 4"></line>')
    for i, (_, ys) in enumerate(series):
        points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys, strict=False))
        colour = palette[i % len(palette)]
        if colours:
            body.append(f'<polyline class="line halo" stroke="#1d2420" stroke-width="4.5" '
                        f'points="{points}"></polyline>')
        body.append(f'<polyline class="line" stroke="{colour}" points="{points}"></polyline>')
        if len(ys) <= 30:  # few points: each one shows (a single game is one dot)
            body.extend(
                f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{colour}" '
                f'stroke="#1d2420"></circle>'
                for x, y in zip(xs, ys, strict=False)
            )
    body.append(f'<text x="{W - RIGHT}" y="{H - BOTTOM + 16}" text-anchor="end">'
                f"{escape(x_label)} {x1:g}</text>")
    body.append(f'<text x="{left}" y="{H - BOTTOM + 16}">{x0:g}</text>')
    legend = [(palette[i % len(palette)], label) for i, (label, _) in enumerate(series)]
    return _frame(title, desc, body, legend if len(series) > 1 else ())


def bar_chart(title: str, desc: str, bars: Sequence[tuple[str, float]]) -> Markup:
    """Vertical bars, negative ones below the zero line (in red)."""
    values = [v for _, v in bars] or [0.0]
    high = _nice_max(max(max(values), 1.0))
    low = -_nice_max(-min(values)) if min(values) < 0 else 0.0
    body, scale = _y_axis(low, high)
    zero = H - BOTTOM - (0 - low) * scale
    width = (W - LEFT - RIGHT) / max(1, len(bars))
    for i, (label, v) in enumerate(bars):
        x = LEFT + i * width + width * 0.2
        y = zero - max(v, 0) * scale
        height = abs(v) * scale
        colour = COLOURS[1] if v < 0 else COLOURS[0]
        body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width * 0.6:.1f}" '
                    f'height="{height:.1f}" fill="{colour}"></rect>')
        body.append(f'<text x="{x + width * 0.3:.1f}" y="{H - BOTTOM + 16}" '
                    f'text-anchor="middle">{escape(label)}</text>')
        label_y = y - 4 if v >= 0 else zero + 14
        fill = "" if v >= 0 else ' style="fill: #fff"'
        body.append(f'<text x="{x + width * 0.3:.1f}" y="{label_y:.1f}" '
                    f'text-anchor="middle"{fill}>{v:g}</text>')
    body.append(f'<line class="axis" x1="{LEFT}" x2="{W - RIGHT}" y1="{zero:.1f}" '
                f'y2="{zero:.1f}"></line>')
    return _frame(title, desc, body)
