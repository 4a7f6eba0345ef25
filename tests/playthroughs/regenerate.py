"""Regenerate the golden playthroughs: ``python -m tests.playthroughs.regenerate`` from the repository root.

Writes one file per game x preset x player count and removes files of tables that no longer exist.
Review the diff before committing: it is every change a client will see in the views.
"""

from __future__ import annotations

import sys

from .golden import FOLDER, configurations, dumps, play


def main() -> None:
    sys.path.insert(0, str(FOLDER.parent))  # tests/, as pytest imports it: the test game's package
    import minitrick

    minitrick.register()
    configs = configurations()
    wanted = {config.path for config in configs}
    for stale in sorted(set(FOLDER.glob("*.jsonl")) - wanted):
        stale.unlink()
        print(f"removed {stale.name}")
    for config in configs:
        text = dumps(play(config))
        config.path.write_text(text, encoding="utf-8")
        print(f"{config.path.name}: {text.count(chr(10)) - 2} actions, {len(text.encode()) // 1024} KiB")


if __name__ == "__main__":
    main()
