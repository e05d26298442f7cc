"""A low-rank adapter (LoRA, Hu et al. 2022) instead of the whole encoder: `train-nli --lora RANK`.

The large house model is a base encoder that every user downloads from PyPI (all-mpnet-base-v2, five parts) and a
fine-tuned delta small enough to ship in the repo; an adapter on every attention and feed-forward matrix of the
encoder, with the classifier head trained in full, is that delta (a few MB at rank 16). Trained through peft (the
`[train]` extra; on the GPU image already). The trainer keeps the adapter as its best checkpoint; the output
directory holds the base with the adapter merged in (what `teacher-label` and `export-onnx` read) and the adapter
itself under `adapter/`.
"""

from __future__ import annotations

from pathlib import Path

from factalign.train.data import fail

# every attention projection and feed-forward matrix of the encoder's layers, in BERT's names (query, key, value,
# dense) and MPNet's (q, k, v, o, dense); not the classifier, which is trained whole
TARGETS = r".*encoder\.layer\.\d+\..*\.(q|k|v|o|query|key|value|dense)$"
HEAD = ["classifier"]


def _peft():
    try:
        import peft
    except ImportError:
        raise fail("--lora needs peft: pip install 'factalign[train]'") from None
    return peft


def wrap(model, rank: int):
    """`model` with a rank-`rank` adapter on its encoder's matrices; only the adapter and the head train."""
    peft = _peft()
    config = peft.LoraConfig(r=rank, lora_alpha=2 * rank, lora_dropout=0.05, target_modules=TARGETS,
                             modules_to_save=HEAD, task_type="SEQ_CLS")
    return peft.get_peft_model(model, config)


def merge(adapter: Path, base_model):
    """The base model (loaded as the trainer loads it) with the adapter saved in `adapter` merged into its weights."""
    return _peft().PeftModel.from_pretrained(base_model, adapter).merge_and_unload()
