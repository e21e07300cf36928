"""A private, throw-away PostgreSQL cluster for tests (no Makefile, no system service).

``postgres_cluster()`` finds ``initdb``/``pg_ctl`` (``PATH``, ``/usr/local/bin``,
``/usr/lib/postgresql/*/bin``); when they are missing and we are root it tries
``apt-get install -y -qq postgresql`` (failure tolerated). It then runs ``initdb`` in a
fresh temp dir (as an unprivileged user when we are root: ``initdb`` refuses root), starts
the server with ``pg_ctl`` on 127.0.0.1 and a free port (socket in the data dir, trust auth),
creates a database and yields its URL; ``pg_ctl stop -m immediate`` and the dir removal run
at teardown. ``AISLE_TEST_POSTGRES_URL`` skips all that and uses an existing server.

A missing piece raises :class:`ClusterUnavailable` whose message says exactly what was
missing (tests turn it into a skip).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import free_port

SUPERUSER = "aisle"
DATABASE = "aisle_test"


class ClusterUnavailable(RuntimeError):
    """No PostgreSQL cluster can be started here (the message says why)."""


def find_binaries() -> tuple[str, str] | None:
    """``(initdb, pg_ctl)`` from one place, or ``None``."""
    found_initdb = shutil.which("initdb")
    found_pg_ctl = shutil.which("pg_ctl")
    if found_initdb and found_pg_ctl:
        return found_initdb, found_pg_ctl
    # newest major version first; globbed on each call (apt-get may just have installed one)
    for d in ["/usr/local/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]:
        initdb, pg_ctl = Path(d, "initdb"), Path(d, "pg_ctl")
        if os.access(initdb, os.X_OK) and os.access(pg_ctl, os.X_OK):
            return str(initdb), str(pg_ctl)
    return None


def _apt_install() -> str:
    """Try Debian's ``postgresql``; a short description of what happened."""
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "not root or no apt-get, so `apt-get install postgresql` was not tried"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    cmd = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "postgresql"]
    out = None
    for attempt in range(2):
        try:
            if attempt:  # empty package lists: refresh once, then retry
                subprocess.run(
                    ["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=300
                )
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"`apt-get install postgresql` failed ({exc})"
        if out.returncode == 0:
            return "installed with apt-get"
    tail = (out.stderr or out.stdout or "").strip().splitlines()[-1:] if out else []
    return f"`apt-get install postgresql` failed ({' '.join(tail) or 'no output'})"


def _run_as() -> tuple[list[str], pwd.struct_passwd | None]:
    """The prefix that runs a command as an unprivileged user, and that user (none if not root).

    ``postgres`` (Debian's package creates it) if it exists, else ``nobody``.
    """
    if os.geteuid() != 0:
        return [], None
    for user in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            continue
        if shutil.which("runuser"):
            return ["runuser", "-u", user, "--"], entry
        if shutil.which("setpriv"):
            return [
                "setpriv",
                f"--reuid={entry.pw_uid}",
                f"--regid={entry.pw_gid}",
                "--clear-groups",
                "--",
            ], entry
    raise ClusterUnavailable(
        "running as root, and neither a `postgres` nor a `nobody` user with runuser/setpriv "
        "exists to run initdb (it refuses root)"
    )


def _check(out: subprocess.CompletedProcess[str], what: str) -> None:
    if out.returncode != 0:
        tail = (out.stderr or out.stdout or "").strip()[-800:]
        raise ClusterUnavailable(f"{what} failed (exit {out.returncode}): {tail}")


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """Start a private cluster; yield ``postgresql://aisle@127.0.0.1:PORT/aisle_test``."""
    external = os.environ.get("AISLE_TEST_POSTGRES_URL")
    if external:
        yield external
        return
    binaries = find_binaries()
    if binaries is None:
        note = _apt_install()
        binaries = find_binaries()
        if binaries is None:
            raise ClusterUnavailable(
                "no initdb/pg_ctl on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin, "
                f"and {note}"
            )
    initdb, pg_ctl = binaries
    prefix, owner = _run_as()
    root = Path(tempfile.mkdtemp(prefix="aisle-pg-"))  # short: the socket path has a limit
    data = root / "data"
    data.mkdir()
    if owner is not None:
        for path in (root, data):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    data.chmod(0o700)
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    started = False
    try:
        out = subprocess.run(
            [
                *prefix,
                initdb,
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--no-sync",
            ],
            capture_output=True,
            text=True,
            timeout=180,
            env=env,
            cwd=root,
        )
        _check(out, f"`{' '.join([*prefix, initdb])} -D {data}`")
        for _ in range(3):  # a free port can be taken between the probe and the start
            port = free_port()
            out = subprocess.run(
                [
                    *prefix,
                    pg_ctl,
                    "-D",
                    str(data),
                    "-l",
                    str(root / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "-o",
                    f"-k {data} -h 127.0.0.1 -p {port} -c fsync=off",
                    "start",
                ],
                capture_output=True,
                text=True,
                timeout=120,
                env=env,
                cwd=root,
            )
            if out.returncode == 0:
                started = True
                break
        if not started:
            log = root / "server.log"
            detail = log.read_text(errors="replace")[-800:] if log.exists() else out.stderr
            raise ClusterUnavailable(f"`pg_ctl start` failed: {detail}")
        import psycopg

        with psycopg.connect(
            f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {DATABASE}")
        yield f"postgresql://{SUPERUSER}@127.0.0.1:{port}/{DATABASE}"
    finally:
        if started:
            subprocess.run(
                [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
                timeout=60,
                env=env,
                cwd=root,
            )
        shutil.rmtree(root, ignore_errors=True)
