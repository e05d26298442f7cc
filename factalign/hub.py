"""Loading Hugging Face models without a slow failure when the model hub cannot be reached.

transformers retries an unreachable hub for about a minute before it gives up. Before loading a hub
id, one quick request (3 s at most) tells whether the hub answers; when it does not, or when
HF_HUB_OFFLINE=1 is set, or the id is a local directory, the model is loaded from local files only
(the local directory, or the hub cache of an earlier download), which fails at once if it is not
there.
"""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from functools import lru_cache

from factalign.errors import FactalignError
from factalign.registry import switch

OFFLINE_HINT = "set HF_HUB_OFFLINE=1 to skip the hub check"
CHECK_TIMEOUT = 3.0


def offline_requested() -> bool:
    return any(switch(os.environ.get(name, "")) is True for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"))


@lru_cache(maxsize=None)
def hub_reachable(endpoint: str) -> bool:
    """Whether the hub answers an HTTP request at all (any status counts) within CHECK_TIMEOUT."""
    try:
        urllib.request.urlopen(urllib.request.Request(endpoint.rstrip("/") + "/api/models", method="HEAD"),
                               timeout=CHECK_TIMEOUT).close()
    except urllib.error.HTTPError:
        return True
    except (OSError, ValueError):
        return False
    return True


def looks_like_path(model: str) -> bool:
    return os.path.exists(model) or model.startswith(("/", ".", "~")) or os.sep + os.sep in model


def check_model_path(what: str, model: str, example: str) -> None:
    """A model given as a path must be a directory: a file (hf:notes.txt) or a missing path is said at once, never
    looked up on the hub as an id."""
    if os.path.isfile(model):
        raise FactalignError(f"cannot load {what} from {model}: it is a file; pass the model's directory, e.g. {example}")
    if looks_like_path(model) and not os.path.isdir(model):
        raise FactalignError(f"cannot load {what} {model!r}: no such directory; pass its local directory, e.g. {example}")


def local_files_only(model: str) -> bool:
    """True when `model` must come from local files: a directory, offline mode, or no hub to ask."""
    if looks_like_path(model) or offline_requested():
        return True
    return not hub_reachable(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")


def load_failure(what: str, model: str, exc: BaseException, local_only: bool, example: str) -> str:
    """One line saying why `model` did not load and what to do."""
    reason = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else type(exc).__name__
    if os.path.isdir(model):
        return f"cannot load {what} from {model} ({reason})"
    if looks_like_path(model):
        return f"cannot load {what} {model!r}: no such directory; pass its local directory, e.g. {example}"
    where = ("the model hub is unreachable and it is not in the local cache" if local_only and not offline_requested()
             else "HF_HUB_OFFLINE=1 is set and it is not in the local cache" if local_only
             else f"no such model on the hub, or the hub failed: {reason}")
    return (f"cannot load {what} {model!r}: {where}; download it where the hub is reachable and pass the local "
            f"directory, e.g. {example}" + ("" if offline_requested() else f" ({OFFLINE_HINT})"))
