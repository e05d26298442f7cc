"""LLM backends behind one protocol (`complete`, `generate` -> `Reply`, `map`, `model`): a client for
OpenAI-compatible chat endpoints (openai SDK, retries, parallel calls, reply cache) and a local
transformers causal LM (`hf:DIR`); parsing of list-shaped replies."""

from factalign.llm.client import ChatClient, _setting
from factalign.llm.parse import parse_list
from factalign.llm.reply import Reply
from factalign.errors import FactalignError


def load_llm(base_url: str | None = None, model: str | None = None, api_key: str | None = None, **options):
    """A `LocalLM` for a model named `hf:DIR`, else a `ChatClient` (options: timeout, concurrency, cache)."""
    name = _setting(model, "MODEL")
    if name and name.startswith("hf:"):
        if base_url:
            raise FactalignError(f"--llm-model {name} is a local model; it takes no --llm-base-url")
        from factalign.llm.local import LocalLM

        return LocalLM(name[3:])
    return ChatClient(base_url, model, api_key, **options)


__all__ = ["ChatClient", "Reply", "load_llm", "parse_list"]
