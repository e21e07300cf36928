"""The sync CLI contract: exit codes, one JSON object on stdout, help with examples."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sync.demo_feed import write_feed
from tests.conftest import demo_items

ROOT = Path(__file__).resolve().parents[1]


def cli(
    *args: str, index: Path, env: dict | None = None, process: bool = False
) -> subprocess.CompletedProcess:
    """``python -m sync ARGS``: in this process (click's runner, the model loaded once), or
    as a real process with ``process`` (the entry point itself, ``test_entry_point_...``)."""
    settings = {"HF_HUB_OFFLINE": "1", "AISLE_INDEX_DIR": str(index), **(env or {})}
    if process:
        full_env = {**os.environ, **settings}
        full_env.pop("AISLE_CHROMA_URL", None)
        return subprocess.run(
            [sys.executable, "-m", "sync", *args],
            cwd=ROOT,
            env=full_env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    from click.testing import CliRunner

    from sync.cli import cli as command
    from sync.errors import ConfigError

    result = CliRunner().invoke(command, list(args), env={**settings, "AISLE_CHROMA_URL": None})
    code, stderr = result.exit_code, result.stderr
    if isinstance(result.exception, ConfigError):  # what sync.cli.main turns into an exit
        code, stderr = result.exception.exit_code, f"{stderr}Error: {result.exception}\n"
    elif result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["sync", *args], code, result.stdout, stderr)


@pytest.fixture
def small_feed(write_items):
    return write_items(demo_items(20))


def test_run_json_prints_one_object_and_exits_0(tmp_path, small_feed):
    index = tmp_path / "index"
    # the entry point itself, as a merchant runs it; the rest of the file reads the CLI in
    # this process (click's runner), the same commands without a new interpreter each
    result = cli("run", str(small_feed), "--json", "--index", str(index), index=index, process=True)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)  # the whole stdout is one JSON object
    assert report["status"] == "ok" and report["reason"] == ""
    assert set(report["counts"]) == {
        "new",
        "changed",
        "metadata_only",
        "deleted",
        "unchanged",
        "rejected",
    }
    assert report["counts"]["new"] == 20 and report["index_size"] == 20
    assert 0 < report["embedded"] <= 20
    assert "total" in report["seconds"] and "parse" in report["seconds"]

    again = cli("run", str(small_feed), "--json", index=index)
    assert json.loads(again.stdout)["counts"]["unchanged"] == 20

    status = cli("status", "--json", index=index)
    assert status.returncode == 0
    info = json.loads(status.stdout)
    assert info["size"] == 20 and info["manifest"]["last_sync"]["feed"] == str(small_feed)
    assert info["facets"]["products"] == 20

    human = cli("status", index=index)
    assert "20 products" in human.stdout


def test_refusal_exits_3_with_reason(tmp_path):
    bad = tmp_path / "page.html"
    bad.write_text("<!DOCTYPE html><html><body>Not found</body></html>")
    result = cli("run", str(bad), "--json", index=tmp_path / "index")
    assert result.returncode == 3
    report = json.loads(result.stdout)
    assert report["status"] == "refused" and "not" in report["reason"]


def test_unfetchable_feed_exits_4(tmp_path):
    result = cli("run", str(tmp_path / "missing.xml"), "--json", index=tmp_path / "index")
    assert result.returncode == 4
    report = json.loads(result.stdout)
    assert report["status"] == "failed" and "not found" in report["reason"]
    dead = cli(
        "run",
        "http://127.0.0.1:9/feed.xml",
        "--json",
        index=tmp_path / "index",
        env={"AISLE_FETCH_RETRIES": "0", "AISLE_FETCH_TIMEOUT": "2"},
    )
    assert dead.returncode == 4 and json.loads(dead.stdout)["status"] == "failed"


def test_usage_error_exits_2(tmp_path, small_feed):
    result = cli(
        "run", str(small_feed), "--max-delete-ratio", "7", index=tmp_path / "index", process=True
    )
    assert result.returncode == 2
    assert "max-delete-ratio" in result.stderr
    assert cli("run", index=tmp_path / "index").returncode == 2


def test_help_has_examples(tmp_path):
    result = cli("run", "--help", index=tmp_path / "index")
    assert result.returncode == 0
    assert "Examples:" in result.stdout and "--allow-mass-delete" in result.stdout


def test_status_of_missing_index(tmp_path):
    result = cli("status", index=tmp_path / "nothing-here")
    assert result.returncode == 2  # no index: the options name nothing to describe
    assert "python -m sync run FEED" in result.stdout
    assert not (tmp_path / "nothing-here").exists()


def test_status_is_read_only_and_exits_within_the_contract(tmp_path, settings, embedder):
    """``status`` of an absent collection (or of a directory without an index) creates
    nothing, answers in JSON and exits 2; of the real one, 0."""
    from sync.pipeline import run_sync
    from sync.store import make_client

    feed = tmp_path / "feed.xml"
    write_feed(feed, demo_items(10))
    assert run_sync(feed, settings, embeddings=embedder).status == "ok"
    index = settings.index_dir

    def names() -> list[str]:
        return sorted(c.name for c in make_client(index).list_collections())

    before = names()
    assert before == ["products", "products__meta"]
    result = cli("status", "--collection", "other", "--json", index=index)
    assert result.returncode == 2, result.stderr
    assert json.loads(result.stdout) == {
        "exists": False, "index": str(index), "collection": "other", "watch": None,
    }  # fmt: skip
    human = cli("status", "--collection", "other", index=index)
    assert human.returncode == 2 and "--collection other" in human.stdout
    assert names() == before  # nothing created
    ok = cli("status", "--json", index=index)
    assert ok.returncode == 0 and json.loads(ok.stdout)["size"] == 10
    empty = tmp_path / "empty-dir"
    empty.mkdir()
    assert cli("status", index=empty).returncode == 2
    assert list(empty.iterdir()) == []  # no database created either


def test_demo_command_writes_a_feed(tmp_path):
    out = tmp_path / "demo.xml"
    result = cli("demo", str(out), "--size", "30", index=tmp_path / "index")
    assert result.returncode == 0 and out.read_text().count("<item>") == 30
