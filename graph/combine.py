"""The one merge point of a turn's two readings: the rules' and the LLM's.

Both readers describe a message with the same type, :class:`graph.rules.Understanding`
(the LLM's structured answer is converted by :func:`from_llm`); :func:`combine` decides
what the turn means. The rules' reading arrives settled with the conversation and the
catalogue (:mod:`graph.turn_readings`: "37" after shoes is a size), so the LLM fills only
what the message means to neither. The policy, by ``Context.understanding``:

* ``rules``: the rules' reading; the LLM is never asked.
* ``llm``: the LLM's intent, language and need; the rules' typed constraints stay where
  the LLM found none (a small model reads "unter 80 Euro" as a minimum as easily as a
  maximum), and the LLM's fill the gaps.
* ``combined`` (the default): the LLM is asked only when the rules are unsure
  (:data:`RULES_SURE`), and then only *adds*: its intent is taken only for a message the
  rules could not read ("other"), and never to turn a stated need into an overview or
  small talk; its constraints fill slots the rules left empty, and the rules' language
  (which knows the conversation) and need stay.
  Measured on the shopper suite (``bench/shoppers``): a small local model that overrides
  good rule readings makes answers worse, never better.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from graph.catalogue_colours import own_color_names
from graph.rules import Understanding
from sync.enrich import KNOWN_COLORS, normalise_color, normalise_gender

MODES = ("rules", "llm", "combined")
#: The rules' confidence from which ``combined`` does not ask the LLM at all (rules.py
#: gives 0.8–0.95 to readings with a clear cue: a cart verb, a category, a comparison).
RULES_SURE = 0.8
#: Intents that carry no need: the LLM may not turn a message with one into these.
_NO_NEED = ("browse", "greeting", "other")
_GENDERS = ("men", "women", "unisex", "kids")


def asks_llm(rules: Understanding, mode: str) -> bool:
    """Whether this turn's reading needs the LLM at all (the confidence gate)."""
    if mode == "rules":
        return False
    if mode == "llm":
        return True
    return rules.confidence < RULES_SURE


def from_llm(out: Any, facets: Mapping[str, Any], shown: int) -> Understanding:
    """The LLM's structured answer (``graph.llm.IntentOutput``) as an ``Understanding``.

    Only values the shop can act on survive: brands the catalogue has, colours the sync
    knows (its tables' and the shop's own names), a gender that is a product fit, a
    reference to a product on screen.
    """
    updates: dict[str, Any] = {}
    if out.query:
        updates["query"] = out.query
    for key in ("min_price", "max_price"):
        if getattr(out, key) is not None:
            updates[key] = float(getattr(out, key))
    brands = {b["name"].casefold(): b["name"] for b in facets.get("brands", [])}
    if out.brand and out.brand.casefold() in brands:
        updates["brands"] = [brands[out.brand.casefold()]]
    own = set(own_color_names(facets))  # the shop's own names ("karmel") are colours too
    colors = [c for c in (normalise_color(x) for x in out.colors) if c in KNOWN_COLORS | own]
    if colors:
        updates["colors"] = colors
    if out.size and out.size.strip():
        updates["size"] = out.size.strip()
    gender = normalise_gender(out.gender or "")
    if gender in _GENDERS:
        updates["gender"] = gender
    excluded = [brands[b.casefold()] for b in out.exclude_brands if b.casefold() in brands]
    if excluded:
        updates["exclude_brands"] = excluded
    # Prices and their currency are read from the text by the money parser alone: the
    # LLM's prices are kept only when the text has them (graph.llm), its currency never.
    positions = [p - 1 for p in (out.references or [out.reference]) if p is not None and shown]
    return Understanding(
        intent=out.intent,
        language=out.language,
        updates=updates,
        reference=positions[0] if positions else None,
        references=positions,
        relative=out.relative,
        something_else=out.something_else,
        cart=out.cart,
        quantity=out.quantity or 1,
        confidence=0.5,  # a small model's word: no surer than an unsure rule
    )


def combine(
    rules: Understanding, llm: Understanding | None, mode: str
) -> tuple[Understanding, str]:
    """The turn's reading and who decided it (shown in the trace as ``understood_by``).

    ``rules`` is changed in place and returned; ``llm`` is ``None`` when the LLM was not
    asked (``mode`` "rules", or the rules were sure) or failed.
    """
    if llm is None:
        return rules, "rules"
    if mode == "llm":
        rules.intent, rules.language = llm.intent, llm.language
        if "query" in llm.updates:
            rules.updates["query"] = llm.updates["query"]  # translated into the shop's language
        _fill_gaps(rules, llm)
        return rules, "llm"
    stated_need = bool(rules.updates.get("query")) or _constrains(rules.updates)
    read_by_rules = rules.intent != "other" or stated_need
    # The LLM names the intent only of a message the rules could not read at all: an
    # unsure rule reading ("refine", 0.5) was still right more often than the small
    # model's (shopper suite), and "never worse than rules" is the contract.
    if rules.intent == "other" and not (stated_need and llm.intent in _NO_NEED):
        rules.intent = llm.intent
    if llm.updates.get("query") and not rules.updates.get("query") and not read_by_rules:
        rules.updates["query"] = llm.updates["query"]  # a refinement the rules read keeps its need
    # Its hard constraints fill gaps only in a message the rules could not read: on one
    # they did read, the small model's additions ("a w rozmiarze 37?", "матрас не дороже
    # 350 бел. руб.") matched nothing and emptied the cards (shopper suite sample,
    # 2026-12-02). Its moves (references, quantity, cart) still fill the rules' gaps.
    _fill_gaps(rules, llm, constraints=not read_by_rules)
    return rules, "rules+llm"


def _constrains(updates: Mapping[str, Any]) -> bool:
    keys = ("max_price", "min_price", "colors", "size", "brands", "gender")
    return any(updates.get(k) for k in keys)


def _fill_gaps(rules: Understanding, llm: Understanding, constraints: bool = True) -> None:
    """The LLM's moves, and its constraints unless ``constraints`` is off, in the rules' gaps.

    "Cheaper" and "something else" narrow the cards like constraints (a price bound, the
    shown products left out), so they follow the constraints' rule: "anything lighter?"
    read by the small model as "something else" left out the one tent the shop has.
    """
    if constraints:
        _fill_constraints(rules, llm)
        rules.relative = rules.relative or llm.relative
        rules.something_else = rules.something_else or llm.something_else
    if llm.references and not rules.references:
        rules.reference, rules.references = llm.references[0], list(llm.references)
    if rules.intent == "purchase":
        rules.cart = rules.cart or llm.cart
        if rules.quantity == 1:
            rules.quantity = llm.quantity


def _fill_constraints(rules: Understanding, llm: Understanding) -> None:
    """The LLM's hard constraints where the rules found none."""
    updates = rules.updates
    if not {"min_price", "max_price"} & set(updates):
        for key in ("min_price", "max_price"):
            if key in llm.updates:
                updates[key] = llm.updates[key]
    for key in ("brands", "colors", "size"):
        if key in llm.updates and key not in updates:
            updates[key] = llm.updates[key]
    # a gift's recipient ("for my husband") is no product gender: a hard "men" filter
    # would drop the speaker and the mug; the rules' exclusion of the other fit stays
    recipient = "exclude_genders" in updates
    if "gender" in llm.updates and "gender" not in updates and not recipient:
        updates["gender"] = llm.updates["gender"]
    if "exclude_brands" in llm.updates and "exclude_brands" not in updates:
        updates["exclude_brands"] = llm.updates["exclude_brands"]
