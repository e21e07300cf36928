"""Run settings of the graph, as LangGraph's ``context_schema``.

Every field has a default and a description (LangGraph Studio shows and edits
them). Defaults come from ``AISLE_*`` environment variables when set, so the
same graph serves the CLI, the page and the server without code changes.
"""

from __future__ import annotations

import os
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, get_type_hints

from graph import prompts
from graph.exchange import parse_rates


def _env_field(default: Any, description: str, env: str | None = None) -> Any:
    return field(default=default, metadata={"description": description, "env": env})


@dataclass(kw_only=True)
class Context:
    """Settings for one run of the shopping graph."""

    index_dir: str = _env_field(
        ".aisle/index", "Embedded Chroma index directory.", "AISLE_INDEX_DIR"
    )
    chroma_url: str = _env_field(
        "", "Chroma server URL (instead of index_dir).", "AISLE_CHROMA_URL"
    )
    collection: str = _env_field("products", "Chroma collection of products.", "AISLE_COLLECTION")
    embedding_model: str = _env_field(
        "sentence-transformers/all-MiniLM-L6-v2",
        "Embedding model (a fastembed name, or `use-multilingual`); the index's own.",
        "AISLE_EMBEDDING_MODEL",
    )
    embedding_model_dir: str = _env_field(
        "", "Local files of the embedding model.", "AISLE_EMBEDDING_MODEL_DIR"
    )
    llm_model: str = _env_field(
        "",
        "Chat model name on the OpenAI-compatible endpoint; empty: rules only.",
        "AISLE_LLM_MODEL",
    )
    llm_base_url: str = _env_field("", "OpenAI-compatible endpoint URL.", "OPENAI_BASE_URL")
    llm_timeout: float = _env_field(
        20.0, "Seconds before an LLM call is abandoned for the rules.", "AISLE_LLM_TIMEOUT"
    )
    understanding: str = _env_field(
        "combined",
        "Who reads the shopper's message: 'rules', 'llm' (the LLM's reading decides) or "
        "'combined' (the rules' reading, the LLM's where the rules are unsure); "
        "without an LLM configured every mode is 'rules'.",
        "AISLE_UNDERSTANDING",
    )
    retrieval: str = _env_field(
        "hybrid",
        "First stage: 'hybrid' (BM25 and dense candidates, fused), 'dense' or 'lexical'.",
        "AISLE_RETRIEVAL",
    )
    reranker: str = _env_field(
        "auto",
        "'auto' (flashrank when reranker_dir has the model, else deterministic), "
        "'flashrank', 'deterministic' or 'none' (the first stage's order).",
        "AISLE_RERANKER",
    )
    reranker_model: str = _env_field(
        "ms-marco-TinyBERT-L-2-v2",
        "flashrank model name (a folder in reranker_dir).",
        "AISLE_RERANKER_MODEL",
    )
    reranker_dir: str = _env_field(
        "",
        "flashrank cache_dir holding <reranker_model>/ (ONNX + tokenizer).",
        "AISLE_RERANKER_DIR",
    )
    candidates: int = _env_field(40, "Products retrieved before reranking.", "AISLE_CANDIDATES")
    results: int = _env_field(5, "Products recommended per turn (3–5 reads best).", "AISLE_RESULTS")
    diversity: float = _env_field(
        0.3,
        "0: pure relevance; 1: strongly avoid repeating brands/categories.",
        "AISLE_DIVERSITY",
    )
    min_relative_score: float = _env_field(
        0.6,
        "Drop candidates scoring below this share of the best one (0 keeps them all).",
        "AISLE_MIN_RELATIVE_SCORE",
    )
    max_questions: int = _env_field(
        1,
        "Clarifying rounds before the elicitor proposes products anyway.",
        "AISLE_MAX_QUESTIONS",
    )
    default_language: str = _env_field("en", "Language when detection is unsure.", "AISLE_LANGUAGE")
    catalogue_language: str = _env_field(
        "en",
        "Language of the catalogue's texts (needs are translated to it with an LLM).",
        "AISLE_CATALOGUE_LANGUAGE",
    )
    exchange_rates: str = _env_field(
        "",
        "US dollars per unit of each currency, for a budget said in another currency than "
        "the catalogue's (`EUR=1.08,PLN=0.25`): it is converted and kept a margin inside "
        "(graph.exchange). Empty: approximate built-in rates; `off`: never convert (the "
        "budget is not applied and the reply asks for one in the catalogue's currency).",
        "AISLE_EXCHANGE_RATES",
    )
    query_translation: str = _env_field(
        "lexicon+model",
        "`lexicon+model`: add the catalogue-language words of a need's foreign words, "
        "from the lexicon (graph.translate) and, for words it lacks, the multilingual "
        "model (graph.bridge); `lexicon`: the lexicon's only; `off`: the shopper's words "
        "alone.",
        "AISLE_QUERY_TRANSLATION",
    )
    intent_prompt: str = _env_field(prompts.INTENT_PROMPT, "System prompt of the LLM intent step.")
    reply_prompt: str = _env_field(prompts.REPLY_PROMPT, "System prompt of the LLM reply step.")

    def __post_init__(self) -> None:
        """Fill fields left at their default from the environment; convert every value.

        Values arrive as strings from the environment and from the server API's
        ``context``; a value that cannot be converted is a clear error here,
        not a ``TypeError`` deep inside a node.
        """
        hints = get_type_hints(type(self))
        for f in fields(self):
            value = getattr(self, f.name)
            env = f.metadata.get("env")
            if env and f.default is not MISSING and value == f.default:
                raw = os.environ.get(env)
                if raw:
                    value = raw
            kind = hints[f.name]
            if kind in (int, float) and not isinstance(value, kind):
                try:
                    value = kind(value)
                except (TypeError, ValueError):
                    source = f"environment variable {env}" if env else "context"
                    raise ValueError(
                        f"setting {f.name!r} must be {kind.__name__}, got {value!r} "
                        f"(from the {source})"
                    ) from None
            elif kind is str and not isinstance(value, str):
                value = str(value)
            setattr(self, f.name, value)
        try:
            parse_rates(self.exchange_rates)
        except ValueError as exc:
            raise ValueError(f"setting 'exchange_rates' (AISLE_EXCHANGE_RATES): {exc}") from None

    @property
    def llm_enabled(self) -> bool:
        """Whether an LLM endpoint is configured."""
        return bool(self.llm_model and self.llm_base_url)
