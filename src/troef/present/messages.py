"""The messages troef's code asks to translate, found with `ast`, and the ``.pot`` template of them.

``python -m troef.present.messages`` writes the template; ``msgmerge -U locale/nl.po locale/troef.pot``
then brings a catalog up to date, as with any gettext project.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Final

PACKAGE: Final = Path(__file__).resolve().parent.parent
TEMPLATE: Final = Path(__file__).resolve().parent / "locale" / "troef.pot"
HEADER: Final = (
    'msgid ""\nmsgstr ""\n"Project-Id-Version: troef\\n"\n"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
)

Message = tuple[str, str | None]
"""A message id and, for a message with a count, its plural."""


def calls(tree: ast.AST) -> Iterator[Message]:
    """The messages of the ``_("...")`` and ``ngettext("...", "...", n)`` calls in ``tree``."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        texts = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if name == "_" and len(texts) == 1:
            yield texts[0], None
        elif name == "ngettext" and len(texts) == 2:
            yield texts[0], texts[1]


def messages(root: Path = PACKAGE) -> list[Message]:
    """Every message in the package's modules, each once, in order of appearance."""
    found: dict[Message, None] = {}
    for path in sorted(root.rglob("*.py")):
        found.update(dict.fromkeys(calls(ast.parse(path.read_text(encoding="utf-8")))))
    return list(found)


def quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def template(found: list[Message]) -> str:
    """The ``.pot`` file of ``found``."""
    entries = [HEADER]
    for msgid, plural in found:
        if plural is None:
            entries.append(f'msgid {quoted(msgid)}\nmsgstr ""\n')
        else:
            forms = 'msgstr[0] ""\nmsgstr[1] ""\n'
            entries.append(f"msgid {quoted(msgid)}\nmsgid_plural {quoted(plural)}\n{forms}")
    return "\n".join(entries)


if __name__ == "__main__":
    TEMPLATE.write_text(template(messages()), encoding="utf-8")
