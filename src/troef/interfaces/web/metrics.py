"""What a server measures, for ``GET /metrics`` (Prometheus's text format, `prometheus_client`): each
server has a registry of its own, so that several in one process (tests) keep their counts apart."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

CONTENT_TYPE: Final = "text/plain; version=0.0.4; charset=utf-8"
LATENCY: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""The buckets of the latency histograms, in seconds."""
WAITS: Final = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""The buckets of the bots' waits for a process, in seconds."""


class Metrics:
    """The counters, gauges and histograms of one server; the tables by status and the bots' queues
    are read when scraped (``tables`` and ``queues`` give them)."""

    def __init__(
        self, tables: Callable[[], Mapping[str, int]], queues: Callable[[], Mapping[str, int]]
    ) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.acts = Counter(
            "troef_acts", "Actions applied at this server's tables (people's, bots', forced)", registry=r
        )
        self.act_seconds = Histogram(
            "troef_act_seconds",
            "From a person's act frame read to every receiver's frame queued",
            buckets=LATENCY,
            registry=r,
        )
        self.commit_seconds = Histogram(
            "troef_store_commit_seconds", "One group commit of the writer", buckets=LATENCY, registry=r
        )
        self.sockets = Gauge("troef_sockets", "Open WebSockets", registry=r)
        self.dropped = Counter(
            "troef_dropped_clients", "WebSockets the server closed", ["reason"], registry=r
        )
        self.bot_wait_seconds = Histogram(
            "troef_bot_wait_seconds",
            "A bot's move waiting for a process",
            ["lane"],
            buckets=WAITS,
            registry=r,
        )
        r.register(_Read(tables, queues))

    def text(self) -> bytes:
        """The exposition of every metric."""
        return generate_latest(self.registry)


class _Read(Collector):
    """The gauges read at scrape time."""

    def __init__(
        self, tables: Callable[[], Mapping[str, int]], queues: Callable[[], Mapping[str, int]]
    ) -> None:
        self.tables = tables
        self.queues = queues

    def collect(self) -> Iterator[GaugeMetricFamily]:
        by_status = GaugeMetricFamily(
            "troef_tables", "Tables in this server's memory, by status", labels=["status"]
        )
        for status, count in self.tables().items():
            by_status.add_metric([status], count)
        yield by_status
        queued = GaugeMetricFamily(
            "troef_bot_queue", "Bot moves waiting for a process, by lane", labels=["lane"]
        )
        for lane, count in self.queues().items():
            queued.add_metric([lane], count)
        yield queued
