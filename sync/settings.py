"""Sync settings, read from ``AISLE_*`` environment variables (and overridable per call)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from sync.embed import DEFAULT_MODEL


class SyncSettings(BaseSettings):
    """Every knob of the sync; each is also an ``AISLE_<NAME>`` environment variable."""

    model_config = SettingsConfigDict(env_prefix="AISLE_", extra="ignore")

    index_dir: Path = Field(Path(".aisle/index"), description="Embedded Chroma directory.")
    chroma_url: str | None = Field(None, description="Chroma server URL; overrides index_dir.")
    collection: str = Field("products", description="Chroma collection of the products.")
    embedding_model: str = Field(DEFAULT_MODEL, description="fastembed model name.")
    embedding_model_dir: Path | None = Field(None, description="Local files of that model.")
    embedding_batch_size: int = Field(64, ge=1, description="Texts per embedding batch.")
    taxonomy_path: Path | None = Field(
        None, description="Google taxonomy-with-ids file (default: ../shared/taxonomy/...)."
    )
    default_currency: str = Field("", description="Currency of prices that name none.")
    max_delete_ratio: float = Field(
        0.2, ge=0, le=1, description="Refuse a sync deleting more than this share of the index."
    )
    max_reject_ratio: float = Field(
        0.2, ge=0, le=1, description="Refuse a feed with more than this share of bad items."
    )
    max_price_change_ratio: float = Field(
        0.5, ge=0, le=1, description="Refuse a sync repricing more than this share of the index."
    )
    max_stock_out_ratio: float = Field(
        0.5, ge=0, le=1, description="Refuse a sync taking more than this share out of stock."
    )
    cache_dir: Path = Field(Path(".aisle/cache"), description="Downloaded feeds.")
    fetch_max_age: float = Field(0.0, ge=0, description="Reuse a download this many seconds.")
    fetch_timeout: float = Field(30.0, gt=0, description="HTTP timeout in seconds.")
    fetch_retries: int = Field(3, ge=0, description="HTTP retries after the first attempt.")
    write_batch: int = Field(1000, ge=1, description="Records per write call.")
    lock_timeout: float = Field(
        0.0, ge=0, description="Seconds to wait for another sync's lock (0: refuse at once)."
    )
