"""Hashes that link feed snapshots to the index.

Both hash canonical JSON (sorted keys, compact separators), so the same
values always give the same hash, whatever the order a feed lists them in.

* The **full hash** covers every normalised field, plus what enrichment
  derives from them: any change to the stored record changes it.
* The **semantic hash** covers exactly what is embedded (the document text)
  plus the embedding model's identity: only a change to it needs a new vector.

A test pins golden values, so a hash change is always deliberate (it makes
every product of every index look changed on the next sync).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: Version of the index schema (metadata keys and their meaning). A sync refuses
#: an index of another version unless asked to rebuild it.
SCHEMA_VERSION = 1
#: Version of the rule-based enrichment. Bumping it turns every product into a
#: metadata-only update (new filters, same vectors) on the next sync.
ENRICH_VERSION = 9  # 2: shades filed under their colour (olive -> green); 3: derived variant
# groups and sizes named in titles (sync/grouping.py); 4: sizes as systems (sync/sizes.py);
# 5: Russian and Lithuanian colour words, and a feed's own colour names ("Karmel") filed as
# written (sync/enrich.py); 6: chocolate as a shade in every supported language; 7: German
# metal colours with every ending ("silbernen"), garnet ("Granate") as burgundy; 8: ounces
# named in the shopper's language ("11 once", "15 onzas") as oz sizes, Lithuanian kinds of
# product for the plausible size systems ("batai": EU shoe sizes); 9: German compound shades
# with every ending ("die olivgrünen", "in Petrolblau")


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace: one text per value."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """128-bit hex digest of ``value``'s canonical JSON."""
    return hashlib.blake2b(canonical_json(value).encode(), digest_size=16).hexdigest()


def full_hash(record: dict[str, Any]) -> str:
    """Hash of the whole normalised record (and the enrichment rules' version)."""
    return digest({"record": record, "enrich": ENRICH_VERSION, "schema": SCHEMA_VERSION})


def semantic_hash(text: str, model_id: str) -> str:
    """Hash of the embedded text and the model that embeds it."""
    return digest({"text": text, "model": model_id})
