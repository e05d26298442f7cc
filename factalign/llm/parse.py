"""A model's reply -> a list of strings: a JSON list (possibly fenced or wrapped), else bullets or numbers."""

from __future__ import annotations

import json
import re

from factalign.errors import FactalignError

_ITEM = re.compile(r"^\s*(?:[-*•·]|\d{1,3}[.)]|\(\d{1,3}\))\s+(.*\S)\s*$")


def parse_list(reply: str) -> list[str]:
    items = _json_list(reply)
    if items is None:
        items = [m.group(1) for line in reply.splitlines() if (m := _ITEM.match(line))]
    items = [i.strip().strip('"').strip() for i in items]
    items = [i for i in items if i]
    if not items:
        snippet = " ".join(reply.split())[:80]
        raise FactalignError(f"could not read a list of claims from the model's reply: {snippet!r}")
    return items


def _json_list(reply: str) -> list[str] | None:
    start, end = reply.find("["), reply.rfind("]")
    candidates = [reply[start:end + 1]] if 0 <= start < end else []
    brace, close = reply.find("{"), reply.rfind("}")
    if 0 <= brace < close:
        candidates.append(reply[brace:close + 1])
    for text in candidates:
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if isinstance(value, dict):
            value = next((v for v in value.values() if isinstance(v, list)), None)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
    return None
