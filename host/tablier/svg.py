"""A very small SVG writer for the hardware drawings: shapes in millimetres, text escaped.

The output is deterministic (fixed number formatting, no dates) so that the committed drawings can
be compared with what the generator produces now.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Svg:
    """An SVG document built element by element; coordinates in millimetres."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = [f"<title>{escape(title)}</title>"]

    def _element(self, tag: str, attributes: dict[str, str | float], text: str | None = None) -> None:
        rendered = " ".join(
            f"{key.replace('_', '-')}={quoteattr(_num(value) if isinstance(value, int | float) else value)}"
            for key, value in attributes.items())
        if text is None:
            self.parts.append(f"<{tag} {rendered}/>")
        else:
            self.parts.append(f"<{tag} {rendered}>{escape(text)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "#000",
             stroke_width: float = 0.5, rx: float = 0) -> None:
        """A rectangle with its top-left corner at (x, y)."""
        attributes: dict[str, str | float] = {"x": x, "y": y, "width": w, "height": h, "fill": fill,
                                              "stroke": stroke, "stroke_width": stroke_width}
        if rx:
            attributes["rx"] = rx
        self._element("rect", attributes)

    def circle(self, cx: float, cy: float, r: float, fill: str = "none", stroke: str = "#000",
               stroke_width: float = 0.5) -> None:
        """A circle centred on (cx, cy)."""
        self._element("circle", {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke,
                                 "stroke_width": stroke_width})

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#000",
             stroke_width: float = 0.5, dashed: bool = False) -> None:
        """A straight line."""
        attributes: dict[str, str | float] = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke,
                                              "stroke_width": stroke_width}
        if dashed:
            attributes["stroke_dasharray"] = "2 1.5"
        self._element("line", attributes)

    def polyline(self, points: list[tuple[float, float]], stroke: str = "#000", stroke_width: float = 0.5,
                 fill: str = "none") -> None:
        """An open path through the points (closed when fill is given)."""
        tag = "polyline" if fill == "none" else "polygon"
        self._element(tag, {"points": " ".join(f"{_num(x)},{_num(y)}" for x, y in points), "fill": fill,
                            "stroke": stroke, "stroke_width": stroke_width})

    def path(self, outlines: list[list[tuple[float, float]]], fill: str) -> None:
        """Closed outlines filled with the even-odd rule (an outline inside another is a hole)."""
        data = " ".join("M " + " L ".join(f"{_num(x)} {_num(y)}" for x, y in outline) + " Z"
                        for outline in outlines)
        self._element("path", {"d": data, "fill": fill, "fill_rule": "evenodd", "stroke": "none"})

    def text(self, x: float, y: float, content: str, size: float = 4, anchor: str = "middle",
             fill: str = "#000", bold: bool = False) -> None:
        """Text centred vertically on y, anchored at x (start, middle or end)."""
        attributes: dict[str, str | float] = {"x": x, "y": y, "font_size": size, "text_anchor": anchor,
                                              "dominant_baseline": "central", "fill": fill}
        if bold:
            attributes["font_weight"] = "bold"
        self._element("text", attributes, content)

    def render(self, scale: float = 2) -> str:
        """The document; ``scale`` pixels per millimetre set its default display size."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(self.width * scale)}" '
                f'height="{_num(self.height * scale)}" viewBox="0 0 {_num(self.width)} {_num(self.height)}" '
                f'font-family="DejaVu Sans, Arial, sans-serif">')
        return "\n".join([head, *self.parts, "</svg>", ""])

    def render_window(self, x: float, y: float, width: float, height: float) -> str:
        """The document at true size (millimetres) showing only the window from (x, y)."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}mm" height="{_num(height)}mm" '
                f'viewBox="{_num(x)} {_num(y)} {_num(width)} {_num(height)}" '
                f'font-family="DejaVu Sans, Arial, sans-serif">')
        return "\n".join([head, *self.parts, "</svg>", ""])
