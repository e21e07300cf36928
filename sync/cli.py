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
from sync.settings import SyncSettings

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


def _sync_options(func: Any) -> Any:
    """The options of one sync, shared by ``run`` and ``watch``."""
    options = [
        click.option(
            "--max-delete-ratio",
            type=click.FloatRange(0, 1),
            envvar="AISLE_MAX_DELETE_RATIO",
            default=0.2,
            show_default=True,
            help="Refuse a sync that would delete more than this share of the index.",
        ),
        click.option(
            "--max-reject-ratio",
            type=click.FloatRange(0, 1),
            envvar="AISLE_MAX_REJECT_RATIO",
            default=0.2,
            show_default=True,
            help="Refuse a feed with more than this share of invalid items.",
        ),
        click.option("--allow-mass-delete", is_flag=True, help="Skip the mass-deletion guard."),
        click.option(
            "--max-price-change-ratio",
            type=click.FloatRange(0, 1),
            envvar="AISLE_MAX_PRICE_CHANGE_RATIO",
            default=0.5,
            show_default=True,
            help="Refuse a sync that reprices more than this share of the index.",
        ),
        click.option(
            "--max-stock-out-ratio",
            type=click.FloatRange(0, 1),
            envvar="AISLE_MAX_STOCK_OUT_RATIO",
            default=0.5,
            show_default=True,
            help="Refuse a sync that takes more than this share of the index out of stock.",
        ),
        click.option(
            "--allow-abnormal-delta",
            is_flag=True,
            help="Skip the price-change and out-of-stock guards (a real sale or stock-out).",
        ),
        click.option(
            "--wait",
            type=click.FloatRange(0),
            envvar="AISLE_LOCK_TIMEOUT",
            default=0,
            help="Seconds to wait for another sync on the same index (default: refuse at once).",
        ),
        click.option(
            "--currency",
            envvar="AISLE_DEFAULT_CURRENCY",
            default="",
            help="Currency of prices that name none (e.g. EUR).",
        ),
        click.option(
            "--taxonomy",
            envvar="AISLE_TAXONOMY_PATH",
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Google taxonomy-with-ids file, to resolve numeric categories.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _settings(
    index_dir: Path,
    chroma_url: str | None,
    collection: str,
    max_delete_ratio: float,
    max_reject_ratio: float,
    max_price_change_ratio: float,
    max_stock_out_ratio: float,
    wait: float,
    currency: str,
    taxonomy: Path | None,
) -> SyncSettings:
    try:
        return SyncSettings(
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


@cli.command(epilog=_RUN_EXAMPLES)
@click.argument("feed")
@_index_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (nothing else).")
@click.option("--dry-run", is_flag=True, help="Classify and check, write nothing.")
@click.option("--rebuild", is_flag=True, help="Drop the index and rebuild it from the feed.")
@_sync_options
def run(
    feed: str,
    index_dir: Path,
    chroma_url: str | None,
    collection: str,
    as_json: bool,
    dry_run: bool,
    rebuild: bool,
    allow_mass_delete: bool,
    allow_abnormal_delta: bool,
    **guards: Any,
) -> None:
    """Sync FEED (a path or an http(s) URL, RSS or Atom, optionally gzipped)."""
    settings = _settings(index_dir, chroma_url, collection, **guards)
    from sync.pipeline import run_sync  # chromadb and langchain-core: not for --help

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


_WATCH_EXAMPLES = """
\b
Examples:
  python -m sync watch https://shop.example/feed.xml --every 15m
  python -m sync watch feed.xml --every 90s --jitter 10% --json
  AISLE_SYNC_TOKEN=s3cret python -m sync watch https://shop.example/feed.xml \\
      --every 1h --listen 127.0.0.1:8765
  curl -X POST -H "Authorization: Bearer s3cret" http://127.0.0.1:8765/sync
  curl http://127.0.0.1:8765/healthz

\b
Each tick is an ordinary sync (same guards, same report). A failed or refused
tick backs off exponentially and never ends the loop. SIGTERM/Ctrl-C stops at a
safe point (twice: at once; the next sync converges). See docs/operations.md.
"""


def _duration(ctx: click.Context, param: click.Parameter, value: str) -> float:
    from sync.watch import parse_duration

    try:
        return parse_duration(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from exc


def _jitter(ctx: click.Context, param: click.Parameter, value: str) -> float:
    from sync.watch import parse_jitter

    try:
        return parse_jitter(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from exc


def _listen(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    from sync.watch import parse_listen

    if not value:
        return None
    try:
        return parse_listen(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from exc


@cli.command(epilog=_WATCH_EXAMPLES)
@click.argument("feed")
@_index_options
@click.option(
    "--every",
    envvar="AISLE_SYNC_EVERY",
    default="15m",
    show_default=True,
    callback=_duration,
    help="Interval between syncs: 90s, 15m, 1h.",
)
@click.option(
    "--jitter",
    envvar="AISLE_SYNC_JITTER",
    default="10%",
    show_default=True,
    callback=_jitter,
    help="Random spread of each interval, e.g. 10%.",
)
@click.option(
    "--backoff-max",
    envvar="AISLE_SYNC_BACKOFF_MAX",
    default="1h",
    show_default=True,
    callback=_duration,
    help="Longest wait after repeated failures (never shorter than --every).",
)
@click.option(
    "--listen",
    envvar="AISLE_SYNC_LISTEN",
    default=None,
    callback=_listen,
    help="HOST:PORT for POST /sync and GET /healthz (token: AISLE_SYNC_TOKEN).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON report line per tick.")
@_sync_options
def watch(
    feed: str,
    index_dir: Path,
    chroma_url: str | None,
    collection: str,
    every: float,
    jitter: float,
    backoff_max: float,
    listen: tuple[str, int] | None,
    as_json: bool,
    allow_mass_delete: bool,
    allow_abnormal_delta: bool,
    **guards: Any,
) -> None:
    """Keep the index in step with FEED: sync now, then every --every, and on POST /sync."""
    import logging
    import os

    from sync.push import PushServer
    from sync.watch import Schedule, Watcher, human_duration

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    settings = _settings(index_dir, chroma_url, collection, **guards)

    def on_report(report: Any, info: dict[str, Any]) -> None:
        if as_json:
            click.echo(json.dumps({**report.to_dict(), "watch": info}, ensure_ascii=False))
            return
        head = f"[tick {info['tick']} · {info['trigger']}]"
        if info["stopped"]:
            click.echo(f"{head} stopped before writing; nothing was written", err=True)
            return
        click.echo(f"{head} {report.summary()}", err=report.status != "ok")
        if report.status != "ok":
            n = info["consecutive_failures"]
            click.echo(f"{head} {n} failure(s) in a row; backing off", err=True)

    watcher = Watcher(
        feed,
        settings,
        Schedule(every, jitter, backoff_max),
        sync_options={
            "allow_mass_delete": allow_mass_delete,
            "allow_abnormal_delta": allow_abnormal_delta,
        },
        on_report=on_report,
    )
    server = None
    if listen:
        host, port = listen
        try:
            server = PushServer(
                watcher,
                host,
                port,
                token=os.environ.get("AISLE_SYNC_TOKEN", ""),
                webhook_secret=os.environ.get("AISLE_SYNC_WEBHOOK_SECRET", ""),
            ).start()
        except ConfigError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(exc.exit_code)
        except OSError as exc:
            click.echo(f"Error: cannot listen on {host}:{port} ({exc.strerror})", err=True)
            sys.exit(2)
        watcher.listen = server.address
        open_note = "" if os.environ.get("AISLE_SYNC_TOKEN") else " (no AISLE_SYNC_TOKEN: open)"
        click.echo(f"listening on http://{server.address}{open_note}", err=True)
    click.echo(
        f"watching {feed} every {human_duration(every)} (±{jitter:.0%}); Ctrl-C stops",
        err=True,
    )
    watcher.embeddings.embed_query("warm up")  # load the model once, before the first tick
    try:
        code = watcher.run()
    finally:
        if server is not None:
            server.stop()
    sys.exit(code)


@cli.command(epilog="\b\nExamples:\n  python -m sync status\n  python -m sync status --json")
@_index_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def status(index_dir: Path, chroma_url: str | None, collection: str, as_json: bool) -> None:
    """Describe the index: size, last sync, versions, facets (read-only: creates nothing).

    Exit 0 when the index exists, 2 when there is no index or no such collection
    (the options name nothing to describe), 5 when it cannot be read.
    """
    from sync.status import index_status, status_text
    from sync.store import store_failure

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
