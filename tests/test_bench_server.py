"""Smoke test of the server's load benchmark: a tiny real run against ``troef serve`` gives sane figures.

No timing is asserted: only that acts are accepted and answered, the quantiles are ordered and the CPU
shares are shares.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.slow

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def bench_server() -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module("bench_server")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert bench_server().main(["--json", "--warmup", "2", "--think", "0.3", *args]) == 0
    figures: dict[str, Any] = json.loads(capsys.readouterr().out)
    return figures


def check_sane(result: dict[str, Any], tables: int, sockets: int) -> None:
    assert result["tables"] == tables and result["sockets"] == sockets
    assert result["answered"] > 0 and result["acts_per_s"] > 0
    assert result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["failed"] == 0 and result["closed"] == 0 and result["unanswered"] == 0
    assert result["errors"] == {}
    assert 0 <= result["server_machine_pct"] <= 100
    assert result["server_core_pct"] == pytest.approx(result["server_machine_pct"] * (os.cpu_count() or 1))
    assert 0 <= result["generator_core_pct"] <= 100 * (os.cpu_count() or 1)
    assert result["commits_per_s"] > 0 and result["commit_ms"] > 0  # the server's own, from /metrics
    assert result["server_act_ms"] > 0 and 0 <= result["server_over_target_pct"] <= 100


def test_four_scripted_humans_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    figures = run(capsys, "--tables", "2", "--seconds", "3")
    assert figures["mode"] == "humans" and len(figures["results"]) == 1
    result = figures["results"][0]
    check_sane(result, 2, 8)
    assert result["bots_core_pct"] == 0
    assert figures["largest_tables_under_target"] in (0, 2)


def test_tables_started_out_of_step(capsys: pytest.CaptureFixture[str]) -> None:
    figures = run(capsys, "--tables", "3", "--seconds", "3", "--stagger", "2")
    assert figures["stagger"] == 2
    check_sane(figures["results"][0], 3, 12)


def test_one_human_and_three_normal_bots(capsys: pytest.CaptureFixture[str]) -> None:
    figures = run(capsys, "--bots", "--tables", "1", "--seconds", "8")
    assert figures["mode"] == "bots"
    result = figures["results"][0]
    check_sane(result, 1, 1)
    assert result["bots_core_pct"] > 0  # the bots think in the server's worker processes


def test_the_tables_option_is_checked() -> None:
    bench = bench_server()
    assert bench.parse_args(["--bots"]).tables == [5, 10, 20, 40, 80]
    assert bench.parse_args([]).tables == [100, 300, 1000, 2000]
    for bad in (["--tables", "ten"], ["--tables", "0"], ["--seconds", "0"], ["--stagger", "-1"]):
        with pytest.raises(SystemExit):
            bench.parse_args(bad)
