"""A request's body bytes read into JSON, refused with a status and one line where they cannot be: nesting past
MAX_NESTING is refused before the parser sees it (Python's parser recurses, and a body of 100,000 `[` would
exhaust the stack), and every string in the value, keys included, is checked for a lone surrogate ("\\ud800"
escaped in the JSON), which no answer could be encoded with, before anything is queued. No FastAPI here."""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

from factalign.errors import FactalignError, quoted

MAX_NESTING = 32  # a check request is 4 levels deep ({"items": [{"sources": [{...}]}]})
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


class BodyRefused(FactalignError):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def parse_body(body: bytes) -> Any:
    depth = nesting(body)
    if depth > MAX_NESTING:
        raise BodyRefused(400, f"the body is JSON nested {depth:,} levels deep, over the limit of {MAX_NESTING}")
    try:
        value = json.loads(body)
    except UnicodeDecodeError:
        raise BodyRefused(400, "the body is not UTF-8 text") from None
    except ValueError as exc:
        raise BodyRefused(400, f"the body is not valid JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(body):  # rare: only then is every string looked at
        check_strings(value, "the body")
    return value


def nesting(body: bytes) -> int:
    """How deep the arrays and objects of a JSON text go (brackets inside strings not counted); valid or not."""
    skeleton = np.frombuffer(_STRING.sub(b"", body), dtype=np.uint8)
    steps = np.isin(skeleton, (ord("["), ord("{"))).astype(np.int64) - np.isin(skeleton, (ord("]"), ord("}")))
    return int(np.cumsum(steps).max(initial=0))


def check_strings(value: Any, where: str) -> None:
    """A lone surrogate anywhere in `value` refused (422) naming the field it is in: `sources[0].id`."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise BodyRefused(422, f"{where} holds a lone surrogate {value[exc.start]!r} at character {exc.start}; "
                                   "it is not valid Unicode text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            check_strings(key, f"a key of {where}")
            name = key if len(key) <= 40 else quoted(key)
            check_strings(item, name if where == "the body" else f"{where}.{name}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_strings(item, f"{'' if where == 'the body' else where}[{i}]")
