"""Command line of the sync: ``python -m sync`` (or ``aisle-sync``).

Exit codes: 0 success, 2 usage or configuration error, 3 a guard refused the
sync (nothing written), 4 the feed could not be fetched, 5 the index could not be
written (Chroma server gone, disk full; run again once fixed).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from sync.errors import ConfigError, SyncError
from sync.pipeline import run_sync
from sync.settings import SyncSettings
from sync.status import index_status, status_text
from sync.store import store_failure

_RUN_EXAMPLES = """
\b
Examples:
  python -m sync run catalogue.xml
  python -m sync run https://shop.example/feed.xml --json
  python -m sync run feed.xml.gz --index /srv/aisle/index --dry-run
  python -m sync run feed.xml --chroma-url http://127.0.0.1:8000 --collection shop
  python -m sync run feed.xml --allow-mass-delete      # the catalogue really shrank
  python -m sync run feed.xml --allow-abnormal-delta   # a real store-wide sale or stock-out
  python -m sync run feed.xml --rebuild                # new embedding model or schema

\b
Exit codes: 0 ok · 2 usage error · 3 refused by a guard (nothing written) ·
4 feed could not be fetched · 5 index unwritable (server gone, disk full).
"""


def _index_options(func: Any) -> Any:
    func = click.option(
        "--collection",
        envvar="AISLE_COLLECTION",
        default="products",
        show_default=True,
        help="Chroma collection name.",
    )(func)
    func = click.option(
        "--chroma-url",
        envvar="AISLE_CHROMA_URL",
        default=None,
        help="Chroma server URL (instead of the embedded index).",
    )(func)
    func = click.option(
        "--index",
        "index_dir",
        envvar="AISLE_INDEX_DIR",
        default=".aisle/index",
        show_default=True,
        type=click.Path(file_okay=False, path_type=Path),
        help="Embedded Chroma index directory.",
    )(func)
    return func


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Aisle catalogue sync: keep a Chroma index in step with a product feed."""


@cli.command(epilog=_RUN_EXAMPLES)
@click.argument("feed")
@_index_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (nothing else).")
@click.option("--dry-run", is_flag=True, help="Classify and check, write nothing.")
@click.option(
    "--max-delete-ratio",
    type=click.FloatRange(0, 1),
    envvar="AISLE_MAX_DELETE_RATIO",
    default=0.2,
    show_default=True,
    help="Refuse a sync that would delete more than this share of the index.",
)
@click.option(
    "--max-reject-ratio",
    type=click.FloatRange(0, 1),
    envvar="AISLE_MAX_REJECT_RATIO",
    default=0.2,
    show_default=True,
    help="Refuse a feed with more than this share of invalid items.",
)
@click.option("--allow-mass-delete", is_flag=True, help="Skip the mass-deletion guard.")
@click.option(
    "--max-price-change-ratio",
    type=click.FloatRange(0, 1),
    envvar="AISLE_MAX_PRICE_CHANGE_RATIO",
    default=0.5,
    show_default=True,
    help="Refuse a sync that reprices more than this share of the index.",
)
@click.option(
    "--max-stock-out-ratio",
    type=click.FloatRange(0, 1),
    envvar="AISLE_MAX_STOCK_OUT_RATIO",
    default=0.5,
    show_default=True,
    help="Refuse a sync that takes more than this share of the index out of stock.",
)
@click.option(
    "--allow-abnormal-delta",
    is_flag=True,
    help="Skip the price-change and out-of-stock guards (a real sale or stock-out).",
)
@click.option("--rebuild", is_flag=True, help="Drop the index and rebuild it from the feed.")
@click.option(
    "--wait",
    type=click.FloatRange(0),
    envvar="AISLE_LOCK_TIMEOUT",
    default=0,
    help="Seconds to wait for another sync on the same index (default: refuse at once).",
)
@click.option(
    "--currency",
    envvar="AISLE_DEFAULT_CURRENCY",
    default="",
    help="Currency of prices that name none (e.g. EUR).",
)
@click.option(
    "--taxonomy",
    envvar="AISLE_TAXONOMY_PATH",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Google taxonomy-with-ids file, to resolve numeric categories.",
)
def run(
    feed: str,
    index_dir: Path,
    chroma_url: str | None,
    collection: str,
    as_json: bool,
    dry_run: bool,
    max_delete_ratio: float,
    max_reject_ratio: float,
    allow_mass_delete: bool,
    max_price_change_ratio: float,
    max_stock_out_ratio: float,
    allow_abnormal_delta: bool,
    rebuild: bool,
    wait: float,
    currency: str,
    taxonomy: Path | None,
) -> None:
    """Sync FEED (a path or an http(s) URL, RSS or Atom, optionally gzipped)."""
    try:
        settings = SyncSettings(
            index_dir=index_dir,
            chroma_url=chroma_url,
            collection=collection,
            max_delete_ratio=max_delete_ratio,
            max_reject_ratio=max_reject_ratio,
            max_price_change_ratio=max_price_change_ratio,
            max_stock_out_ratio=max_stock_out_ratio,
            lock_timeout=wait,
            default_currency=currency,
            taxonomy_path=taxonomy,
        )
    except ValueError as exc:  # pydantic's ValidationError
        raise click.UsageError(str(exc)) from exc
    with _progress(enabled=not as_json) as progress:
        report = run_sync(
            feed,
            settings,
            dry_run=dry_run,
            allow_mass_delete=allow_mass_delete,
            allow_abnormal_delta=allow_abnormal_delta,
            rebuild=rebuild,
            progress=progress,
        )
    if as_json:
        click.echo(report.to_json())
    else:
        click.echo(report.summary(), err=report.status != "ok")
    sys.exit(report.exit_code)


@cli.command(epilog="\b\nExamples:\n  python -m sync status\n  python -m sync status --json")
@_index_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def status(index_dir: Path, chroma_url: str | None, collection: str, as_json: bool) -> None:
    """Describe the index: size, last sync, versions, facets (read-only: creates nothing).

    Exit 0 when the index exists, 2 when there is no index or no such collection
    (the options name nothing to describe), 5 when it cannot be read.
    """
    try:
        info = index_status(index_dir, chroma_url, collection)
    except SyncError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except Exception as exc:
        failure = store_failure(exc, index_dir, chroma_url)
        if failure is None:
            raise
        click.echo(f"Error: the index at {chroma_url or index_dir} could not be read ({exc})",
                   err=True)  # fmt: skip
        sys.exit(failure.exit_code)
    click.echo(json.dumps(info, ensure_ascii=False) if as_json else status_text(info))
    sys.exit(0 if info["exists"] else 2)


@cli.command(
    epilog="\b\nExamples:\n  python -m sync demo .aisle/demo.xml\n"
    "  python -m sync demo big.xml --size 100000\n"
    "  python -m sync demo changed.xml --scenario price --count 5"
)
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--size", type=click.IntRange(0), default=500, show_default=True)
@click.option("--seed", type=int, default=7, show_default=True)
@click.option(
    "--scenario",
    default="none",
    show_default=True,
    help="none, add, price, stock, price_stock, description, category, delete, mixed",
)
@click.option("--count", type=click.IntRange(0), default=1, show_default=True)
def demo(out: Path, size: int, seed: int, scenario: str, count: int) -> None:
    """Write the deterministic demo catalogue feed to OUT."""
    from sync.demo_feed import build_demo_feed

    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        n = build_demo_feed(out, size=size, seed=seed, scenario=scenario, count=count)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from exc
    click.echo(f"wrote {n} items to {out}")


class _progress:  # noqa: N801 - used as a context manager, reads like one
    """A rich progress bar on stderr when it is a terminal; a no-op otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self._bar: Any = None
        self._tasks: dict[str, Any] = {}

    def __enter__(self) -> Any:
        if not self.enabled:
            return None
        from rich.console import Console
        from rich.progress import Progress

        self._bar = Progress(transient=True, console=Console(stderr=True))
        self._bar.start()
        return self

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        if stage not in self._tasks:
            self._tasks[stage] = self._bar.add_task(stage, total=total)
        self._bar.update(self._tasks[stage], completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()


def main() -> None:
    """Entry point of ``aisle-sync`` and ``python -m sync``."""
    try:
        cli(standalone_mode=True)
    except ConfigError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(exc.exit_code)
