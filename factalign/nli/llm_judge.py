"""An LLM judge as a binary checker (`llm:MODEL`) over any OpenAI-compatible endpoint (vLLM, ollama, a
hosted API), through factalign's client: its retries, timeouts, concurrency and settings
(FACTALIGN_LLM_BASE_URL / _API_KEY / _TIMEOUT, or `base_url=`).

Each pair is one chat request with Bespoke-MiniCheck-7B's prompt (its system prompt and
"Document: ...\\nClaim: ..."), one answer token; P(supported) = P(Yes) / (P(Yes) + P(No)) from that
token's top log-probabilities, every spelling of the two words summed (factalign/llm/reply.py).
MiniCheck's code sums P(yes) alone; normalised over Yes and No, the two agree when the model puts
its mass on those words. An endpoint that sends no log-probabilities is refused: a 0/1 answer is no
probability. `prompt=FILE` replaces the prompt with a file's text (the user message, with
{document} and {claim}; no system message). `positive=no` reads P(No) as support, for judges that
answer whether there is a risk (Granite Guardian's groundedness check).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from factalign.errors import FactalignError
from factalign.nli.base import Pair
from factalign.nli.labels import BINARY

MINICHECK_SYSTEM = ("Determine whether the provided claim is consistent with the corresponding document. Consistency in "
                    "this context implies that all information presented in the claim is substantiated by the document. "
                    "If not, it should be considered inconsistent. Please assess the claim's consistency with the "
                    "document by responding with either \"Yes\" or \"No\".")
MINICHECK_USER = "Document: {document}\nClaim: {claim}"


class LLMJudge:
    labels = BINARY

    def __init__(self, model: str, base_url: str | None = None, prompt: str = "minicheck", timeout: float | None = None,
                 concurrency: int | None = None, positive: str = "yes", client=None, api_key: str | None = None):
        from factalign.llm import ChatClient

        if str(positive).lower() not in ("yes", "no"):
            raise FactalignError(f"llm judge option positive must be yes or no, not {positive!r}")
        self.flip = str(positive).lower() == "no"
        if not model:
            raise FactalignError("NLI backend 'llm' needs a model: llm:MODEL (e.g. llm:bespoke-minicheck)")
        self.client = client or ChatClient(base_url, model, api_key, timeout=timeout, concurrency=concurrency)
        if prompt == "minicheck":
            self.system, self.user = MINICHECK_SYSTEM, MINICHECK_USER
        else:
            try:
                self.system, self.user = None, Path(prompt).read_text(encoding="utf-8")
            except OSError as exc:
                raise FactalignError(f"llm judge prompt: 'minicheck' or a readable file, not {prompt!r} ({exc.strerror})") from None
            if "{document}" not in self.user or "{claim}" not in self.user:
                raise FactalignError(f"llm judge prompt {prompt} must hold {{document}} and {{claim}}")
        digest = hashlib.sha256(f"{self.system}\x1f{self.user}".encode()).hexdigest()[:8]
        self.signature = f"llm:{model}+prompt={'minicheck' if prompt == 'minicheck' else digest}" + ("+positive=no" if self.flip else "")

    def messages(self, premise: str, hypothesis: str) -> list[dict]:
        user = self.user.replace("{document}", premise).replace("{claim}", hypothesis)
        return ([{"role": "system", "content": self.system}] if self.system else []) + [{"role": "user", "content": user}]

    def _one(self, pair: Pair) -> float:
        from factalign.llm.reply import yes_probability

        p, read = yes_probability(self.client.generate(self.messages(*pair), max_tokens=1))
        if read != "logprobs":
            raise FactalignError(f"the LLM endpoint sent no log-probabilities for {self.client.model}; llm: needs them "
                                 "(vLLM, ollama and OpenAI send them when asked)")
        return 1.0 - p if self.flip else p

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        return BINARY.rows(self.client.map(self._one, list(pairs)))
