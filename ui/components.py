"""HTML for product cards, drawn by the page with ``st.markdown(..., unsafe_allow_html=True)``.

Pure functions of a card dict (the graph's ``recommendations`` items), no Streamlit
import, so they are easy to test. Images are merchant URLs the browser loads (never
the server); a card looks complete without its image: the picture is a CSS
background over a placeholder (brand initials), so a URL that fails to load
leaves the placeholder, with no broken-image icon and no script (Streamlit's
Markdown refuses ``onerror`` handlers).

Every card is ``<div class="aisle-card" data-testid="aisle-card" data-id="...">`` so
tests can count and identify cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any
from urllib.parse import quote, urlparse

CURRENCY_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹"}

CARD_CSS = """
<style>
.aisle-cards{display:flex;flex-wrap:wrap;gap:.75rem;margin:.25rem 0 .5rem}
.aisle-card{width:12.5rem;border:1px solid rgba(128,128,128,.3);border-radius:.6rem;
  overflow:hidden;display:flex;flex-direction:column;background:rgba(128,128,128,.04)}
.aisle-card .aisle-img{position:relative;height:8.5rem;display:flex;align-items:center;
  justify-content:center;background:linear-gradient(135deg,rgba(120,140,170,.18),
  rgba(170,150,120,.18));font-size:2rem;font-weight:600;color:rgba(90,90,110,.7)}
.aisle-card .aisle-pic{position:absolute;inset:0;background-size:cover;
  background-position:center;background-repeat:no-repeat;z-index:1}
.aisle-card .aisle-body{padding:.5rem .65rem .65rem;display:flex;flex-direction:column;
  gap:.2rem;font-size:.85rem;line-height:1.25}
.aisle-card .aisle-title{font-weight:600;font-size:.92rem}
.aisle-card .aisle-brand{opacity:.7}
.aisle-card .aisle-price{font-weight:600}
.aisle-card .aisle-was{text-decoration:line-through;opacity:.6;font-weight:400;margin-left:.3rem}
.aisle-card .aisle-sale{color:#c0392b}
.aisle-card .aisle-stock{font-size:.78rem}
.aisle-card .aisle-in{color:#1e8449}
.aisle-card .aisle-out{color:#7f8c8d}
.aisle-card .aisle-reason{font-style:italic;opacity:.8}
.aisle-card a{font-size:.8rem}
</style>
"""


def format_price(amount: Any, currency: str | None) -> str:
    """``$19.99``, ``€1,299.00`` or ``19.99 CHF``; ``""`` when there is no amount."""
    if amount is None or amount == "":
        return ""
    try:
        value = float(amount)
    except (TypeError, ValueError):
        return escape(str(amount))
    text = f"{value:,.2f}"
    code = (currency or "").upper()
    symbol = CURRENCY_SYMBOLS.get(code)
    if symbol:
        return f"{symbol}{text}"
    return f"{text} {code}".strip()


def safe_url(url: Any) -> str:
    """The URL if it is http(s), else ``""`` (no ``javascript:`` links in a card)."""
    text = str(url or "").strip()
    return text if urlparse(text).scheme in ("http", "https") else ""


def _css_url(url: str) -> str:
    """``url`` safe inside ``url("...")`` in an HTML attribute."""
    return quote(url, safe=":/?#[]@!$&*+,;=%-._~")


def _initials(card: Mapping[str, Any]) -> str:
    words = [
        w for w in str(card.get("brand") or card.get("title") or "?").split() if w[:1].isalnum()
    ]
    return escape("".join(w[0] for w in words[:2]).upper() or "?")


def card_html(card: Mapping[str, Any]) -> str:
    """One product card."""
    title = escape(str(card.get("title") or "Untitled product"))
    currency = str(card.get("currency") or "")
    sale = card.get("sale_price")
    if sale is not None:
        price = (
            f'<span class="aisle-sale">{format_price(sale, currency)}</span>'
            f'<span class="aisle-was">{format_price(card.get("price"), currency)}</span>'
        )
    else:
        price = format_price(card.get("effective_price", card.get("price")), currency)
    in_stock = bool(card.get("in_stock"))
    stock = (
        '<span class="aisle-stock aisle-in">● In stock</span>'
        if in_stock
        else '<span class="aisle-stock aisle-out">○ Out of stock</span>'
    )
    image = safe_url(card.get("image"))
    # The picture is a CSS background over the placeholder: when the merchant's URL does not
    # load, the placeholder simply stays (no broken-image icon, no script, no server fetch).
    style = f' style="background-image:url(&quot;{escape(_css_url(image))}&quot;)"' if image else ""
    parts = [
        f'<div class="aisle-img" role="img" aria-label="{title}">'
        f'<div class="aisle-pic"{style}></div><span>{_initials(card)}</span></div>',
        '<div class="aisle-body">',
        f'<div class="aisle-title">{title}</div>',
    ]
    if card.get("brand"):
        parts.append(f'<div class="aisle-brand">{escape(str(card["brand"]))}</div>')
    parts.append(f'<div class="aisle-price">{price}</div>')
    parts.append(stock)
    if card.get("variants"):
        parts.append(f'<div class="aisle-variants">{escape(str(card["variants"]))}</div>')
    if card.get("reason"):
        parts.append(f'<div class="aisle-reason">{escape(str(card["reason"]))}</div>')
    link = safe_url(card.get("link"))
    if link:
        parts.append(
            f'<a href="{escape(link)}" target="_blank" rel="noopener noreferrer">'
            "View at the shop ↗</a>"
        )
    parts.append("</div>")
    pid = escape(str(card.get("id") or ""))
    return (
        f'<div class="aisle-card" data-testid="aisle-card" data-id="{pid}">'
        + "".join(parts)
        + "</div>"
    )


def cards_html(cards: Iterable[Mapping[str, Any]]) -> str:
    """A wrapping row of cards, with the styles they need."""
    return CARD_CSS + '<div class="aisle-cards">' + "".join(card_html(c) for c in cards) + "</div>"


_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s")


def reply_markdown(text: str) -> str:
    """A reply's text as Markdown that keeps its lines apart.

    A plain line right after a list item would otherwise run on inside that item
    (Markdown's lazy continuation), e.g. the closing question after the list of picks.
    """
    out: list[str] = []
    previous = ""
    for line in text.splitlines():
        if (
            line.strip()
            and previous.strip()
            and _LIST_ITEM.match(previous)
            and not _LIST_ITEM.match(line)
        ):
            out.append("")
        out.append(line)
        previous = line
    return "\n".join(out)


def category_tree_markdown(nodes: Iterable[Mapping[str, Any]], depth: int = 0) -> str:
    """The facets' category tree as a nested Markdown list with counts and shares."""
    lines = []
    for node in nodes:
        share = float(node.get("share") or 0.0)
        name = str(node.get("name") or node.get("path") or "?").replace("*", r"\*")
        lines.append(f"{'  ' * depth}- **{name}** — {node.get('count', 0)} ({share:.0%})")
        children = node.get("children") or []
        if children:
            lines.append(category_tree_markdown(children, depth + 1))
    return "\n".join(lines)
