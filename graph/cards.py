"""Product cards: what a recommendation shows, as structured data in state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graph.retrieval import Candidate, effective_price, sale_active

# Short "why it was chosen" phrases per language; keys are reranker reason codes. Every
# supported language has every key (tests/test_languages.py): a phrase stands alone after
# the card's price, so it never agrees with the product's noun (gender, number).
_REASONS: dict[str, dict[str, str]] = {
    "en": {"matches": "matches what you asked for", "max_price": "within your budget",
           "colors": "in your colour", "size": "in your size", "brands": "the brand you asked for",
           "category": "in the right category", "material": "the material you wanted",
           "gender": "the right fit", "favourite_brand": "a brand you have bought before",
           "favourite_category": "like things you bought before", "default": "a good match"},
    "de": {"matches": "passt zu Ihrer Suche", "max_price": "in Ihrem Budget",
           "colors": "in Ihrer Farbe", "size": "in Ihrer Größe", "brands": "Ihre Wunschmarke",
           "category": "in der richtigen Kategorie", "material": "Ihr Wunschmaterial",
           "gender": "die richtige Passform", "favourite_brand": "eine Marke, die Sie kennen",
           "favourite_category": "wie Ihre früheren Käufe", "default": "passt gut"},
    "fr": {"matches": "correspond à votre demande", "max_price": "dans votre budget",
           "colors": "dans votre couleur", "size": "dans votre taille",
           "brands": "la marque demandée", "category": "dans la bonne catégorie",
           "material": "la matière souhaitée", "gender": "la bonne coupe",
           "favourite_brand": "une marque déjà achetée", "favourite_category":
           "comme vos achats précédents", "default": "un bon choix"},
    "es": {"matches": "coincide con lo que buscas", "max_price": "dentro de tu presupuesto",
           "colors": "en tu color", "size": "en tu talla", "brands": "la marca que pediste",
           "category": "en la categoría correcta", "material": "el material que querías",
           "gender": "el corte adecuado", "favourite_brand": "una marca que ya compraste",
           "favourite_category": "como tus compras anteriores", "default": "una buena opción"},
    "it": {"matches": "corrisponde alla tua ricerca", "max_price": "nel tuo budget",
           "colors": "nel tuo colore", "size": "nella tua taglia", "brands": "il marchio richiesto",
           "category": "nella categoria giusta", "material": "il materiale che volevi",
           "gender": "la vestibilità giusta", "favourite_brand": "un marchio già acquistato",
           "favourite_category": "come i tuoi acquisti", "default": "una buona scelta"},
    "hr": {"matches": "odgovara traženom", "max_price": "u vašem budžetu",
           "colors": "u vašoj boji", "size": "u vašoj veličini", "brands": "tražena marka",
           "category": "u pravoj kategoriji", "material": "željeni materijal",
           "gender": "pravi kroj", "favourite_brand": "marka koju ste već kupili",
           "favourite_category": "kao vaše prijašnje kupnje", "default": "dobar izbor"},
    "pl": {"matches": "pasuje do tego, czego szukasz", "max_price": "w twoim budżecie",
           "colors": "w twoim kolorze", "size": "w twoim rozmiarze",
           "brands": "marka, o którą prosisz", "category": "we właściwej kategorii",
           "material": "materiał, którego chciałeś", "gender": "właściwy krój",
           "favourite_brand": "marka, którą już kupowałeś",
           "favourite_category": "jak twoje wcześniejsze zakupy", "default": "dobry wybór"},
    "lt": {"matches": "atitinka jūsų paiešką", "max_price": "telpa į jūsų biudžetą",
           "colors": "jūsų norimos spalvos", "size": "jūsų dydžio",
           "brands": "jūsų norimas prekės ženklas", "category": "tinkamoje kategorijoje",
           "material": "jūsų norima medžiaga", "gender": "tinkamas kirpimas",
           "favourite_brand": "prekės ženklas, kurį jau pirkote",
           "favourite_category": "panašu į jūsų ankstesnius pirkinius",
           "default": "geras pasirinkimas"},
    "ru": {"matches": "соответствует вашему запросу", "max_price": "в рамках вашего бюджета",
           "colors": "нужного вам цвета", "size": "вашего размера",
           "brands": "нужный вам бренд", "category": "из нужной категории",
           "material": "нужный вам материал", "gender": "подходящий крой",
           "favourite_brand": "бренд, который вы уже покупали",
           "favourite_category": "похоже на ваши прошлые покупки", "default": "хороший выбор"},
}  # fmt: skip


_PERSONAL = ("favourite_brand", "favourite_category")


def reason_text(codes: list[str], language: str) -> str:
    """Join up to two reason phrases in the shopper's language."""
    table = _REASONS.get(language, _REASONS["en"])
    # The personal reasons say most about why *this* shopper sees the product: first.
    ordered = sorted(dict.fromkeys(codes), key=lambda c: c not in _PERSONAL)
    phrases = [table[c] for c in ordered if c in table][:2]
    return ", ".join(phrases) if phrases else table["default"]


def card(candidate: Candidate, now: int, language: str = "en") -> dict[str, Any]:
    """The product card for a candidate (the best-matching variant of its group)."""
    meta = candidate.meta
    return card_from_metadata(
        candidate.id,
        meta,
        now,
        options=candidate.options,
        reason=reason_text(candidate.reasons, language),
        score=candidate.score,
    )


def card_from_metadata(
    pid: str,
    meta: Mapping[str, Any],
    now: int,
    *,
    options: Mapping[str, list[str]] | None = None,
    reason: str = "",
    score: float = 0.0,
) -> dict[str, Any]:
    """A card from a stored record's metadata."""
    on_sale = sale_active(meta, now)
    options = dict(options or {})
    return {
        "id": pid,
        "title": meta.get("title") or pid,
        "price": float(meta.get("price") or 0.0),
        "currency": meta.get("currency") or "",
        "sale_price": float(meta["sale_price"]) if on_sale else None,
        "effective_price": effective_price(meta, now),
        "in_stock": bool(meta.get("in_stock")),
        "availability": meta.get("availability") or "",
        "link": meta.get("link") or "",
        "image": meta.get("image_link") or "",
        "brand": meta.get("brand") or "",
        "category": meta.get("category") or "",
        "group_id": meta.get("group_id") or pid,
        "color": meta.get("color") or "",
        "size": meta.get("size") or "",
        "variant_options": options,
        "variants": _summary(options),
        "reason": reason,
        "score": round(score, 4),
    }


def _summary(options: Mapping[str, list[str]]) -> str:
    parts = []
    if len(options.get("size", ())) > 1:
        parts.append(f"{len(options['size'])} sizes")
    if len(options.get("color", ())) > 1:
        parts.append(f"{len(options['color'])} colours")
    return ", ".join(parts)
