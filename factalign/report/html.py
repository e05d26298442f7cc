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

from factalign.version import __version__
from factalign.errors import FactalignError, printable
from factalign.outputs import write_whole

# escaped inside JSON strings: characters that could end the <script> element or open a comment, and the
# control characters JSON leaves raw (DEL, C1), which HTML does not allow in a page
_JSON_ESCAPED = re.compile("[<>&\u2028\u2029\x7f-\x9f]")


def embed_json(obj: Any) -> str:
    """JSON that is safe inside <script type="application/json">: no `</`, `<!--` or `]]>` survives, and no
    control character (JSON escapes C0 itself)."""
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False)
    except ValueError as exc:
        raise FactalignError(f"the result holds a number JSON cannot carry ({exc})") from None
    return _JSON_ESCAPED.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _asset(name: str) -> str:
    return resources.files("factalign.report").joinpath(name).read_text(encoding="utf-8")


SCRIPTS = ["page.js", "sources.js", "row.js", "index.js", "main.js"]  # one scope, in this order


def script() -> str:
    """The page's script: the files of js/ inside one function scope."""
    body = "\n".join(_asset(f"js/{name}") for name in SCRIPTS)
    return '"use strict";\n(function () {\n' + body + "})();\n"


def render(payload: dict[str, Any], title: str) -> str:
    """The report page; every piece of user text is escaped (the title, its control characters as the terminal
    shows them: `\\x1b`) or JSON-embedded (the rest; page.js shows their control characters so)."""
    js = script()
    digest = base64.b64encode(hashlib.sha256(js.encode("utf-8")).digest()).decode()
    parts = {"TITLE": html.escape(printable(title)), "VERSION": html.escape(__version__), "CSS": _asset("report.css"),
             "JS": js, "SCRIPT_HASH": f"sha256-{digest}", "PAYLOAD": embed_json(payload)}
    # one pass: text substituted in is never scanned again for markers
    return re.sub(r"@@([A-Z_]+)@@", lambda m: parts[m.group(1)], _asset("template.html"))


def write(path: str | Path, page: str) -> None:
    write_whole(path, page, "the report")
