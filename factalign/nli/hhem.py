"""Vectara's HHEM-2.1-open (`hhem:ID`): a flan-T5-base with its own head, run by the `predict` its
remote code defines, which returns P(consistent) for (premise, hypothesis) pairs. That code comes
from the model's repository (and loads google/flan-t5-base's tokenizer itself), so it runs only when
the user passes `trust_remote_code=true`. HHEM handles long inputs itself: it has no token budget.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from factalign.errors import FactalignError
from factalign.hub import check_model_path, load_failure, local_files_only
from factalign.nli.base import Pair
from factalign.nli.hf import revision, torch_device, torch_modules
from factalign.nli.labels import BINARY
from factalign.nli.transformer import check_count

DEFAULT_HHEM = "vectara/hallucination_evaluation_model"
EXAMPLE = "--nli hhem:/path/to/model"


class HHEMChecker:
    labels = BINARY

    def __init__(self, model: str = DEFAULT_HHEM, trust_remote_code: bool = False, batch_size: int = 8,
                 device: str = "cpu"):
        check_model_path("HHEM model", model, EXAMPLE)  # a missing directory is said before the question of trust
        if trust_remote_code is not True:
            raise FactalignError(f"hhem:{model} runs code from the model's repository; allow it with "
                                 f"--nli hhem:{model},trust_remote_code=true")
        check_count("batch_size", batch_size)
        torch, transformers = torch_modules()
        torch_device(torch, device)
        local_only = local_files_only(model)
        try:
            self.model = transformers.AutoModelForSequenceClassification.from_pretrained(
                model, trust_remote_code=True, local_files_only=local_only).to(device).eval()
        except (OSError, ValueError) as exc:
            raise FactalignError(load_failure("HHEM model", model, exc, local_only, EXAMPLE)) from None
        except Exception as exc:  # remote code raises what it likes
            raise FactalignError(f"cannot load HHEM model {model}: {type(exc).__name__}: "
                                 f"{str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ''}") from None
        if not callable(getattr(self.model, "predict", None)):
            raise FactalignError(f"{model} has no predict(pairs) of its own; hhem: takes HHEM-style models (use hf:)")
        self.torch, self.batch_size = torch, batch_size
        self.signature = f"hhem:{model}#rev={revision(self.model)}"

    def predict(self, pairs: Sequence[Pair]) -> np.ndarray:
        out = []
        for k in range(0, len(pairs), self.batch_size):
            with self.torch.no_grad():
                scores = self.model.predict([tuple(p) for p in pairs[k:k + self.batch_size]])
            out.append(np.asarray(scores.float().cpu() if hasattr(scores, "cpu") else scores, dtype=np.float64).reshape(-1))
        p = np.concatenate(out) if out else np.zeros(0)
        if len(p) != len(pairs) or not np.all((p >= 0) & (p <= 1)):
            raise FactalignError("the HHEM model's predict() gave no probability per pair")
        return BINARY.rows(p)
