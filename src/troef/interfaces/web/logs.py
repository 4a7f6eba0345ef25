"""The server's log: uvicorn's lines as they come, or one JSON object a line (``--log-format json``),
and no traceback for a client's fault that any stranger can repeat."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Final, Literal

LogFormat = Literal["text", "json"]
LOGGERS: Final = ("troef", "uvicorn", "uvicorn.access")
"""The loggers a server writes to (``uvicorn.error`` goes through ``uvicorn``)."""


class JsonLines(logging.Formatter):
    """A record as one JSON object: its time (UTC, ISO 8601), level, logger and message, and the
    traceback of an error where there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info is not None:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def json_logging() -> None:
    """Every logger of the server writes one JSON object a line to stderr, from INFO up."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.propagate = False
    logging.getLogger("troef").setLevel(logging.INFO)


def one_line_for_bad_text(record: logging.LogRecord) -> bool:
    """uvicorn logs a whole traceback for each text frame that is not UTF-8, a client's fault that any
    stranger can repeat: keep its one line."""
    if record.exc_info is not None and isinstance(record.exc_info[1], UnicodeDecodeError):
        record.exc_info, record.exc_text = None, None
    return True
