"""A causal LM on local disk (transformers) behind the same protocol as `ChatClient`.

`--llm-model hf:DIR` loads DIR with `AutoModelForCausalLM` / `AutoTokenizer` from local files only
(no hub). Decoding is greedy, one forward pass per token, and each token's `Reply.tokens` entry
lists the 10 most probable next tokens plus every vocabulary entry that reads "yes", "no" or a
rating 1-5 (any case, with or without a leading-space marker), with their exact log-probabilities
from the model's logits: ACUEval's P(Yes) and G-Eval's weighted rating are exact, never cut off
by a top-k list. Messages are rendered with the tokenizer's chat template, or, for a tokenizer
without one (a base model), as their contents separated by blank lines. `temperature` is ignored
(always greedy); requests run one at a time and are not cached (the model is local).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from factalign.errors import FactalignError
from factalign.llm.reply import RATINGS, YES_NO, Reply, Token, word

T = TypeVar("T")
R = TypeVar("R")
TOP = 10


class LocalLM:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.model = f"hf:{path}"  # the name the signature shows, as for a served model
        self.calls = 0
        self.concurrency = 1
        if not self.path.is_dir():
            raise FactalignError(f"--llm-model hf:DIR needs a directory holding a transformers causal LM; {path} is not one")
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError:
            raise FactalignError("the local LLM backend needs torch and transformers: pip install 'factalign[hf]'") from None
        self.torch = torch
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.path, local_files_only=True)
            self.lm = AutoModelForCausalLM.from_pretrained(self.path, local_files_only=True).eval()
        except (OSError, ValueError, KeyError) as exc:
            raise FactalignError(f"cannot load a causal LM from {path}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
        vocab = self.tokenizer.convert_ids_to_tokens(list(range(len(self.tokenizer))))
        self.names = vocab
        self.candidates = [i for i, t in enumerate(vocab) if t is not None and word(t) in YES_NO + RATINGS]
        eos = self.lm.config.eos_token_id if self.lm.config.eos_token_id is not None else self.tokenizer.eos_token_id
        self.eos = set(eos if isinstance(eos, list) else [eos]) - {None}
        config = self.lm.config
        self.limit = getattr(config, "max_position_embeddings", None) or getattr(config, "n_positions", None)

    def __repr__(self) -> str:
        return f"LocalLM({str(self.path)!r})"

    def prompt_ids(self, messages: list[dict]) -> list[int]:
        if getattr(self.tokenizer, "chat_template", None):
            text = self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
            return self.tokenizer(text, add_special_tokens=False)["input_ids"]
        return self.tokenizer("\n\n".join(m["content"] for m in messages))["input_ids"]

    def generate(self, messages: list[dict], max_tokens: int, logprobs: bool = True) -> Reply:
        torch = self.torch
        ids = self.prompt_ids(messages)
        if self.limit and len(ids) + max_tokens > self.limit:
            raise FactalignError(f"the prompt has {len(ids)} tokens; with {max_tokens} to generate it is over the "
                                 f"model's limit of {self.limit}")
        self.calls += 1
        new, tokens, past, step = [], [], None, torch.tensor([ids])
        with torch.no_grad():
            for _ in range(max_tokens):
                out = self.lm(input_ids=step, past_key_values=past, use_cache=True)
                past = out.past_key_values
                logp = torch.log_softmax(out.logits[0, -1].float(), dim=-1)
                chosen = int(logp.argmax())
                if chosen in self.eos:
                    break
                top = dict.fromkeys(torch.topk(logp, min(TOP, logp.numel())).indices.tolist() + self.candidates)
                before = self.tokenizer.decode(new, skip_special_tokens=True)
                new.append(chosen)
                text = self.tokenizer.decode(new, skip_special_tokens=True)[len(before):]
                tokens.append(Token(text, tuple((self.names[i], float(logp[i])) for i in top)))
                step = torch.tensor([[chosen]])
        return Reply("".join(t.text for t in tokens), tuple(tokens) if logprobs else None)

    def complete(self, messages: list[dict], temperature: float = 0.0, max_tokens: int = 1024) -> str:
        return self.generate(messages, max_tokens, logprobs=False).text

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> list[R]:
        return [fn(x) for x in items]
