"""Personalisation from purchase history, kept in the LangGraph store.

Namespace ``("users", <user_id>)``, key ``"profile"``: the brands and
categories a shopper has bought (boosted by the reranker) and the ids bought
(never re-recommended). Anonymous sessions (no ``user_id``) have no profile.

Orders load from CSV (``user_id,product_id[,quantity]``) or JSON (a list of
``{"user_id", "product_id"}``), enriched with brand and category from the index.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig

from sync.store import CatalogueStore

NAMESPACE = "users"
KEY = "profile"


# Granted by graph/auth.py to the open local identity only (the same string there).
ANY_PROFILE = "aisle:any-profile"


def user_id_of(config: RunnableConfig | None) -> str:
    """The user whose profile personalises the run, or ``""`` when anonymous.

    Behind the LangGraph server's auth (graph/auth.py) it is the authenticated identity
    (``langgraph_auth_user_id``, set by the server): a caller cannot personalise as
    someone else by naming them in ``user_id``. The run's ``user_id`` counts in-process
    (page, terminal chat) and for the server's open local mode (:data:`ANY_PROFILE`).
    """
    configurable = (config or {}).get("configurable") or {}
    identity = configurable.get("langgraph_auth_user_id")
    if identity and ANY_PROFILE not in (configurable.get("langgraph_auth_permissions") or ()):
        return str(identity)
    return str(configurable.get("user_id") or "")


def load_profile(store: Any, config: RunnableConfig | None) -> dict[str, Any]:
    """The user's profile, or ``{}`` (anonymous, no store, or no history)."""
    user = user_id_of(config)
    if not user or store is None:
        return {}
    item = store.get((NAMESPACE, user), KEY)
    return dict(item.value) if item else {}


def read_orders(path: str | Path) -> list[dict[str, str]]:
    """Rows of ``{"user_id", "product_id"}`` from a CSV or JSON file."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        rows = json.loads(text)
        if not isinstance(rows, list):
            raise ValueError(f"{path}: expected a JSON list of orders")
    else:
        rows = list(csv.DictReader(text.splitlines()))
    orders = []
    for n, row in enumerate(rows, 1):
        if not isinstance(row, Mapping) or not row.get("user_id") or not row.get("product_id"):
            raise ValueError(f"{path}: order {n} needs user_id and product_id")
        orders.append({"user_id": str(row["user_id"]), "product_id": str(row["product_id"])})
    return orders


def build_profiles(
    orders: Iterable[Mapping[str, str]], catalogue: CatalogueStore
) -> dict[str, dict[str, Any]]:
    """Profiles per user from orders, with brand/category looked up in the index."""
    by_user: dict[str, list[str]] = {}
    for order in orders:
        by_user.setdefault(order["user_id"], []).append(order["product_id"])
    all_ids = sorted({pid for ids in by_user.values() for pid in ids})
    got = catalogue.get(ids=all_ids, include=["metadatas"]) if all_ids else {"ids": []}
    meta = dict(zip(got["ids"], got.get("metadatas") or [], strict=True))
    profiles = {}
    for user, ids in by_user.items():
        brands: Counter[str] = Counter()
        categories: Counter[str] = Counter()
        groups = set(ids)
        for pid in ids:
            m = meta.get(pid) or {}
            if m.get("brand"):
                brands[m["brand"]] += 1
            if m.get("category"):
                categories[m["category"]] += 1
            if m.get("group_id"):
                groups.add(m["group_id"])
        profiles[user] = {
            "brands": [b for b, _ in brands.most_common(5)],
            "categories": [c for c, _ in categories.most_common(5)],
            "purchased": sorted(groups),
        }
    return profiles


def save_profiles(store: Any, profiles: Mapping[str, Mapping[str, Any]]) -> None:
    """Write profiles into the LangGraph store."""
    for user, profile in profiles.items():
        store.put((NAMESPACE, user), KEY, dict(profile))
