"""Templated cart replies: what was added (or why nothing was), the cart's items and total."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from graph.card_lines import _effective
from graph.formatting import _count, _t, format_price, normalise_language


def _cart_summary(lang: str, cart: Sequence[Mapping]) -> tuple[str, str | None]:
    count = sum(int(item.get("quantity") or 1) for item in cart)
    currencies = {item.get("currency") or "" for item in cart}
    total = None
    if len(currencies) == 1:
        amount = sum(_effective(i)[0] * int(i.get("quantity") or 1) for i in cart)
        total = format_price(amount, currencies.pop(), lang)
    return _count(lang, "items", count), total


def purchase(
    language: str,
    added: Mapping | None,
    cart: Sequence[Mapping],
    unavailable: Mapping | None = None,
    *,
    action: str | None = None,
    removed: Sequence[Mapping] = (),
    which_size: Mapping | None = None,
    also: Sequence[Mapping] = (),
) -> str:
    """Confirm what was added with the cart's size and total, or say why nothing was.

    Nothing is added when the product is sold out (``unavailable``: say so), when
    it is unclear which product is meant (ask), or which size of it
    (``which_size``: ``{"title", "sizes", "wanted"}``; ask among the sizes in
    stock, saying the size asked for is not one of them). ``also``: the lines the same
    addition put in after ``added`` ("the X and the Y"). ``action`` "view",
    "remove" or "clear" answers about the cart itself.
    """
    lang = normalise_language(language)
    cart = list(cart or [])
    if action in ("view", "remove", "clear"):
        return _cart_answer(lang, action, cart, removed)
    if added is None:
        if which_size:
            sizes = ", ".join(str(s) for s in which_size.get("sizes") or ())
            title = str(which_size.get("title") or "")
            wanted = str(which_size.get("wanted") or "")
            text = (
                _t(lang, "buy_size_missing", title=title, size=wanted, sizes=sizes)
                if wanted
                else _t(lang, "buy_which_size", title=title, sizes=sizes)
            )
        elif unavailable:
            text = _t(
                lang, "buy_unavailable", title=unavailable.get("title") or unavailable.get("id")
            )
        else:
            text = _t(lang, "buy_which")
        if cart:
            items, total = _cart_summary(lang, cart)
            text += " " + (
                _t(lang, "buy_cart", items=items, total=total)
                if total
                else _t(lang, "buy_cart_nototal", items=items)
            )
        return text
    if not cart:
        cart = [added]
    items, total = _cart_summary(lang, cart)
    # "add the X and the Y": every line the addition put in, named together
    title = ", ".join(str(line.get("title") or line.get("id") or "") for line in (added, *also))
    text = (
        _t(lang, "buy_added", title=title, items=items, total=total)
        if total
        else _t(lang, "buy_added_nototal", title=title, items=items)
    )
    if removed:  # an exchange: the line taken out, then the one put in
        gone = str(removed[0].get("title") or removed[0].get("id"))
        text = _t(lang, "cart_removed", title=gone) + " " + text
    if added.get("checkout_url"):
        text += "\n" + _t(lang, "buy_checkout", link=added["checkout_url"])
    elif added.get("link"):
        text += "\n" + _t(lang, "buy_link", link=added["link"])
    return text


def _cart_answer(
    lang: str, action: str, cart: Sequence[Mapping], removed: Sequence[Mapping]
) -> str:
    lines = []
    if action == "clear":
        lines.append(_t(lang, "cart_cleared"))
    elif action == "remove":
        lines.append(
            _t(lang, "cart_removed", title=str(removed[0].get("title") or removed[0].get("id")))
            if removed
            # a line named that the cart does not hold ("bez kolczyków" of a cart of rings)
            else _t(lang, "cart_not_in" if cart else "cart_nothing_removed")
        )
    if not cart:
        if action != "clear":
            lines.append(_t(lang, "cart_empty"))
        return " ".join(lines)
    items, total = _cart_summary(lang, cart)
    lines.append(
        _t(lang, "buy_cart", items=items, total=total)
        if total
        else _t(lang, "buy_cart_nototal", items=items)
    )
    text = " ".join(lines)
    for item in cart:
        title = str(item.get("title") or item.get("id") or "")
        text += f"\n- {title} × {int(item.get('quantity') or 1)}"
    return text
