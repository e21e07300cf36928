"""Command line of the graph: a terminal chat, retrieval search, and loading orders.

Examples::

    python -m graph                                  # chat in the terminal
    python -m graph --thread t1 --user alice         # resume thread t1 as alice
    python -m graph search "trail running shoes" --k 5 --json
    python -m graph search "jacket" --filter max_price=100 --filter size=M
    python -m graph load-orders orders.csv           # purchase history → profiles
"""

from __future__ import annotations

import json
import sys
import uuid
from typing import Any

import click


def _parse_filters(pairs: tuple[str, ...]) -> dict[str, Any]:
    filters: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise click.BadParameter(f"{pair!r}: expected KEY=VALUE", param_hint="--filter")
        if key in ("min_price", "max_price"):
            try:
                filters[key] = float(value)
            except ValueError:
                raise click.BadParameter(f"{key} must be a number", param_hint="--filter") from None
        elif key in ("brands", "exclude_brands", "colors"):
            filters[key] = [v.strip() for v in value.split(",") if v.strip()]
        elif key in ("in_stock_only", "on_sale"):
            filters[key] = value.lower() in ("1", "true", "yes")
        else:
            filters[key] = value
    return filters


@click.group(
    invoke_without_command=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=__doc__.split("Examples::", 1)[1].replace("\n    ", "\n") if __doc__ else "",
)
@click.option("--thread", default=None, help="Thread id to resume (default: a new thread).")
@click.option("--user", default=None, help="User id (personalisation).")
@click.pass_context
def cli(ctx: click.Context, thread: str | None, user: str | None) -> None:
    """Aisle's shopping assistant in the terminal (no subcommand), or a tool below."""
    if ctx.invoked_subcommand is None:
        chat(thread or uuid.uuid4().hex[:12], user)


def _persistence() -> tuple[Any, Any]:
    """Checkpointer and store, or a one-line error (unreachable server, bad URL)."""
    from graph.persistence import open_persistence

    try:
        return open_persistence()
    except (ConnectionError, ValueError, OSError) as exc:
        raise click.ClickException(str(exc)) from exc


def chat(thread: str, user: str | None) -> None:
    """A terminal conversation over the same graph the page and server use."""
    from graph.graph import build_graph

    saver, store = _persistence()
    app = build_graph(saver, store)
    config = {"configurable": {"thread_id": thread, **({"user_id": user} if user else {})}}
    click.echo(f"Aisle — thread {thread}. Empty line or Ctrl-D to quit.")
    while True:
        try:
            text = input("you> ").strip()
        except (EOFError, KeyboardInterrupt):
            break
        if not text:
            break
        state = app.invoke({"messages": [("user", text)]}, config, durability="exit")
        click.echo("aisle> " + str(state["messages"][-1].content))
        for n, item in enumerate(state.get("recommendations") or [], 1):
            click.echo(
                f"   {n}. {item['title']} — {item['effective_price']} {item['currency']} "
                f"— {item['link']}"
            )


@cli.command(
    epilog='\b\nExamples:\n  python -m graph search "trail running shoes" --k 5 --json\n'
    "  python -m graph search jacket --filter max_price=100 --filter colors=blue"
)
@click.argument("query")
@click.option("--k", default=10, show_default=True, type=click.IntRange(1, 100))
@click.option("--filter", "filters", multiple=True, help="Hard constraint KEY=VALUE (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of {id, title, score}.")
def search(query: str, k: int, filters: tuple[str, ...], as_json: bool) -> None:
    """Run retrieve → rerank → diversify for QUERY, no dialogue."""
    from graph.search import search as run_search

    results = run_search(query, k=k, filters=_parse_filters(filters))
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False))
        return
    if not results:
        click.echo("No products match.", err=True)
    for n, item in enumerate(results, 1):
        click.echo(f"{n:2}. {item['score']:.3f}  {item['title']}  ({item['id']})")


@cli.command("load-orders")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def load_orders(path: str) -> None:
    """Load purchase history (CSV user_id,product_id or JSON) into user profiles."""
    from graph.context import Context
    from graph.profile import build_profiles, read_orders, save_profiles
    from graph.resources import get_store

    try:
        orders = read_orders(path)
    except (ValueError, json.JSONDecodeError) as exc:
        raise click.ClickException(str(exc)) from exc
    _, store = _persistence()
    profiles = build_profiles(orders, get_store(Context()))
    save_profiles(store, profiles)
    click.echo(f"loaded {len(orders)} orders for {len(profiles)} users")


def main() -> None:
    """Entry point of ``python -m graph``."""
    cli()
    sys.exit(0)
