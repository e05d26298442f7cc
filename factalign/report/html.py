"""The payload as one self-contained HTML file: inline CSS and JS, the data as escaped JSON."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from factalign import __version__
from factalign.errors import FactalignError

# characters that could end the <script> element or open a comment, escaped inside JSON strings
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def embed_json(obj: Any) -> str:
    """JSON that is safe inside <script type="application/json">: no `</`, `<!--` or `]]>` survives."""
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except ValueError as exc:
        raise FactalignError(f"the result holds a number JSON cannot carry ({exc})") from None
    return re.sub("[<>&\u2028\u2029]", lambda m: _JSON_ESCAPES[m.group()], text)


def _asset(name: str) -> str:
    return resources.files("factalign.report").joinpath(name).read_text(encoding="utf-8")


SCRIPTS = ["page.js", "sources.js", "row.js", "index.js", "main.js"]  # one scope, in this order


def script() -> str:
    """The page's script: the files of js/ inside one function scope."""
    body = "\n".join(_asset(f"js/{name}") for name in SCRIPTS)
    return '"use strict";\n(function () {\n' + body + "})();\n"


def render(payload: dict[str, Any], title: str) -> str:
    """The report page; every piece of user text is escaped (title) or JSON-embedded (the rest)."""
    js = script()
    digest = base64.b64encode(hashlib.sha256(js.encode("utf-8")).digest()).decode()
    parts = {"TITLE": html.escape(title), "VERSION": html.escape(__version__), "CSS": _asset("report.css"),
             "JS": js, "SCRIPT_HASH": f"sha256-{digest}", "PAYLOAD": embed_json(payload)}
    # one pass: text substituted in is never scanned again for markers
    return re.sub(r"@@([A-Z_]+)@@", lambda m: parts[m.group(1)], _asset("template.html"))


def write(path: str | Path, page: str) -> None:
    try:
        Path(path).write_text(page, encoding="utf-8")
    except OSError as exc:
        raise FactalignError(f"cannot write the report {path}: {exc.strerror or exc}") from None
