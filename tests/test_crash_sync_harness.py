"""The forked-sync harness reports each child's own exit status, however many run at once.

The crash tests run syncs from several threads; ``multiprocessing`` lets a thread that
starts a process read the exit status of another thread's child, and a lost status came
back as exit 255 (a CI run failed on it). Thousands of short children make the race
likely enough to catch: without the harness's lock about 1 in 200 lost its status.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.crash_sync import run_forked

pytestmark = pytest.mark.slow


def test_concurrent_children_each_report_their_own_exit_status() -> None:
    rng = random.Random(7)
    jobs = [(str(n % 5), f"{rng.random() * 10:.2f}") for n in range(1500)]

    def run(job: tuple[str, str]) -> int:
        return run_forked(list(job), {}, 60, entry="tests.crash_sync:exit_soon").returncode

    with ThreadPoolExecutor(max_workers=8) as pool:
        codes = list(pool.map(run, jobs))
    wrong = [(want, got) for (want, _), got in zip(jobs, codes, strict=True) if int(want) != got]
    assert not wrong, f"{len(wrong)} of {len(jobs)} children reported another status: {wrong[:5]}"
