"""Fine-tune a BERT-style encoder as a 3-way NLI cross-encoder, on CPU or a CUDA GPU.

State is saved to `work_dir/last/state.pt` every `save_every` steps and at each
evaluation, so an interrupted run continues with `resume=True`; the best model
by dev accuracy is kept in `work_dir/best/` and copied to `output` at the end.
"""

from __future__ import annotations

import json
import random
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from factalign.train import batching, bias
from factalign.train.data import LABELS


@dataclass
class TrainConfig:
    base: Path
    output: Path
    work_dir: Path
    epochs: int = 2
    batch_size: int = 16
    lr: float = 6e-5
    max_length: int = 256
    seed: int = 13
    warmup_fraction: float = 0.06
    weight_decay: float = 0.01
    eval_every: int = 500
    save_every: int = 100
    patience: int = 4
    max_minutes: float | None = None
    teacher_weight: float = 0.5
    debias: str = "none"
    lora: int = 0  # the rank of a low-rank adapter trained instead of the whole encoder (train/lora.py); 0: none
    threads: int = 2
    device: str = "auto"
    resume: bool = False
    recipe: dict = field(default_factory=dict)


def _label_ids(examples: list[dict]) -> list[int]:
    return [LABELS.index(ex["label"]) for ex in examples]


def _targets(examples: list[dict], teacher_weight: float) -> list[list[float]]:
    """Each example's target distribution: its gold label, mixed with a teacher's probabilities where
    the example carries them ("probs", see train/teacher.py) as (1 - w) * one-hot + w * probs."""
    targets = []
    for ex in examples:
        gold = [float(name == ex["label"]) for name in LABELS]
        probs = ex.get("probs")
        targets.append(gold if probs is None else
                       [(1 - teacher_weight) * g + teacher_weight * p for g, p in zip(gold, probs)])
    return targets


def _cpu_has_bf16() -> bool:
    import torch

    probe = getattr(torch.cpu, "_is_avx512_bf16_supported", None)  # private, so guarded; absent means fp32
    return bool(probe and probe())


def _autocast(device):
    """bf16 autocast on a GPU, and on a CPU with native bf16 (AVX-512 BF16): about twice the speed of fp32 for
    base-size encoders (measured on 2 cores: 8.3 against 4.4 pairs/s at 64 tokens); fp32 elsewhere."""
    import contextlib

    import torch

    if device.type == "cuda" or (device.type == "cpu" and _cpu_has_bf16()):
        return torch.autocast(device.type, dtype=torch.bfloat16)
    return contextlib.nullcontext()


def torch_device(name: str):
    import torch

    return torch.device(("cuda" if torch.cuda.is_available() else "cpu") if name == "auto" else name)


def batch_logits(model, encoded, batch_size: int):
    """(indices, fp32 logits) for length-sorted batches of encoded pairs, without gradients (bf16 on a GPU)."""
    import torch

    with_types = batching.takes_token_types(model)
    with torch.no_grad(), _autocast(model.device):
        for indices in batching.sorted_batches([len(e[0]) for e in encoded], batch_size):
            yield indices, model(**batching.collate(encoded, indices, model.device, with_types)).logits.float()


def evaluate(model, encoded, labels: list[int], batch_size: int = 64, sources: list[str] | None = None) -> dict:
    model.eval()
    predictions = [0] * len(labels)
    for indices, logits in batch_logits(model, encoded, batch_size):
        for i, p in zip(indices, logits.argmax(-1).tolist()):
            predictions[i] = p
    model.train()
    correct = [p == y for p, y in zip(predictions, labels)]
    per_class = {}
    for k, name in enumerate(LABELS):
        hits = [c for c, y in zip(correct, labels) if y == k]
        per_class[name] = sum(hits) / len(hits) if hits else None
    metrics = {"accuracy": sum(correct) / max(len(correct), 1), "per_class": per_class}
    if sources:
        by_source: dict[str, list[bool]] = {}
        for c, source in zip(correct, sources):
            by_source.setdefault(source, []).append(c)
        metrics["per_source"] = {s: round(sum(v) / len(v), 4) for s, v in sorted(by_source.items())}
    return metrics


def _load_model(base: Path):
    from transformers import AutoModelForSequenceClassification

    return AutoModelForSequenceClassification.from_pretrained(
        base,
        num_labels=len(LABELS),
        id2label=dict(enumerate(LABELS)),
        label2id={name: i for i, name in enumerate(LABELS)},
    )


def _scheduler(optimizer, warmup: int, total: int):
    import torch

    def factor(step: int) -> float:
        if step < warmup:
            return (step + 1) / warmup
        return max(0.0, (total - step) / max(1, total - warmup))

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def _log(work_dir: Path, record: dict) -> None:
    with open(work_dir / "log.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
    print(json.dumps(record), flush=True)


def _optimizer(model, config: TrainConfig):
    """AdamW with weight decay on every weight but biases and LayerNorm."""
    import torch

    trained = [(n, p) for n, p in model.named_parameters() if p.requires_grad]  # (an adapter's base is frozen)
    decay = [p for n, p in trained if not n.endswith("bias") and "LayerNorm" not in n]
    no_decay = [p for n, p in trained if n.endswith("bias") or "LayerNorm" in n]
    return torch.optim.AdamW(
        [{"params": decay, "weight_decay": config.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=config.lr,
    )


class _Run:
    """One training run's model, optimizer, schedule and progress, saved and restored as one state."""

    def __init__(self, config: TrainConfig, total_steps: int, dev_encoded, dev_labels: list[int], dev_sources: list[str]):

        self.config, self.dev = config, (dev_encoded, dev_labels, dev_sources)
        self.device = torch_device(config.device)
        self.model = _load_model(config.base)
        if config.lora:
            from factalign.train import lora

            self.model = lora.wrap(self.model, config.lora)
        self.model = self.model.to(self.device)
        self.optimizer = _optimizer(self.model, config)
        self.scheduler = _scheduler(self.optimizer, int(total_steps * config.warmup_fraction), total_steps)
        self.state = {"step": 0, "best_accuracy": -1.0, "best": None, "bad_evals": 0}
        self.last = config.work_dir / "last" / "state.pt"

    def resume(self) -> None:
        import torch

        if not (self.config.resume and self.last.exists()):
            return
        saved = torch.load(self.last, weights_only=False, map_location=self.device)
        missing = self.model.load_state_dict(saved["model"], strict=not self.config.lora).missing_keys
        if self.config.lora and any(self._trained(name) for name in missing):
            raise RuntimeError(f"{self.last} lacks trained weights: {[n for n in missing if self._trained(n)][:3]}")
        optimizer = saved["optimizer"]
        for moments in optimizer["state"].values():  # saved in bf16 for an adapter (see save_last)
            for key, value in moments.items():
                if torch.is_tensor(value) and value.is_floating_point():
                    moments[key] = value.float()
        self.optimizer.load_state_dict(optimizer)
        self.scheduler.load_state_dict(saved["scheduler"])
        self.state = saved["progress"]
        print(f"resumed at step {self.state['step']}", flush=True)

    def _trained(self, name: str) -> bool:
        if not hasattr(self, "_trained_names"):
            self._trained_names = {n for n, p in self.model.named_parameters() if p.requires_grad}
        return name in self._trained_names

    def save_last(self) -> None:
        import torch

        self.last.parent.mkdir(exist_ok=True)
        model, optimizer = self.model.state_dict(), self.optimizer.state_dict()
        if self.config.lora:
            # an adapter's state is small enough to commit between CPU sessions (house-large trains over several):
            # the frozen base is left out (every run rebuilds it from the same base) and Adam's moments go in bf16
            model = {name: value for name, value in model.items() if self._trained(name)}
            optimizer["state"] = {k: {key: v.bfloat16() if torch.is_tensor(v) and v.dim() else v
                                      for key, v in moments.items()} for k, moments in optimizer["state"].items()}
        payload = {"model": model, "optimizer": optimizer,
                   "scheduler": self.scheduler.state_dict(), "progress": self.state}
        torch.save(payload, self.last.with_suffix(".tmp"))
        self.last.with_suffix(".tmp").replace(self.last)  # never leave a half-written state behind

    def evaluate_and_keep(self) -> bool:
        """Evaluate on dev, keep the best model; returns True when training should stop early."""
        encoded, labels, sources = self.dev
        metrics = evaluate(self.model, encoded, labels, sources=sources)
        state = self.state
        improved = metrics["accuracy"] > state["best_accuracy"]
        if improved:
            state.update(best_accuracy=metrics["accuracy"], best={"step": state["step"], **metrics}, bad_evals=0)
            self.model.save_pretrained(self.config.work_dir / "best")
        else:
            state["bad_evals"] += 1
        _log(self.config.work_dir, {"step": state["step"], "dev": metrics, "improved": improved})
        self.save_last()
        return state["bad_evals"] >= self.config.patience

    def step(self, train_encoded, train_targets: list[list[float]], indices: list[int],
             bias_probs: list[list[float]] | None = None) -> float:
        """One optimisation step on a batch; returns its loss (cross-entropy against the target distributions,
        through the bias-only model when training against the shortcut: train/bias.py)."""
        import torch

        inputs = batching.collate(train_encoded, indices, self.device, batching.takes_token_types(self.model))
        targets = torch.tensor([train_targets[i] for i in indices], device=self.device)
        with _autocast(self.device):
            logits = self.model(**inputs).logits
        if bias_probs is None:
            loss = torch.nn.functional.cross_entropy(logits.float(), targets)
        else:
            batch_bias = torch.tensor([bias_probs[i] for i in indices], device=self.device)
            loss = bias.loss(logits.float(), targets, batch_bias, self.config.debias)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
        self.optimizer.step()
        self.scheduler.step()
        self.optimizer.zero_grad()
        self.state["step"] += 1
        return loss.item()


def train(config: TrainConfig, train_examples: list[dict], dev_examples: list[dict]) -> dict:
    """Train, keep the best checkpoint by dev accuracy, write it to config.output; returns the best dev metrics."""
    import torch
    from tqdm import tqdm

    torch.set_num_threads(config.threads)
    torch.manual_seed(config.seed)
    config.work_dir.mkdir(parents=True, exist_ok=True)
    tokenizer = batching.load_tokenizer(config.base, config.max_length)
    train_encoded = batching.encode(tokenizer, train_examples)
    train_targets = _targets(train_examples, config.teacher_weight)
    bias_probs = None
    if config.debias != "none":
        bias_probs, bias_accuracy = bias.fit(train_examples, seed=config.seed)
        config.recipe["bias_model"] = {"mode": config.debias, "features": "overlap (train/bias.py)",
                                       "train_accuracy": round(bias_accuracy, 4)}
        print(f"bias-only model: train accuracy {bias_accuracy:.3f} ({config.debias})", flush=True)
    lengths = [len(e[0]) for e in train_encoded]
    steps_per_epoch = -(-len(lengths) // config.batch_size)
    total_steps = steps_per_epoch * config.epochs
    run = _Run(config, total_steps, batching.encode(tokenizer, dev_examples), _label_ids(dev_examples),
               [ex["source"] for ex in dev_examples])
    run.resume()

    run.model.train()
    started = time.monotonic()
    stop = False
    progress = tqdm(total=total_steps, initial=run.state["step"], desc="train-nli", mininterval=20)
    running_loss = None
    for epoch in range(run.state["step"] // steps_per_epoch, config.epochs):
        batches = batching.bucketed_batches(lengths, config.batch_size, random.Random(f"{config.seed}:{epoch}"))
        for indices in batches[run.state["step"] - epoch * steps_per_epoch:]:
            loss = run.step(train_encoded, train_targets, indices, bias_probs)
            running_loss = loss if running_loss is None else 0.98 * running_loss + 0.02 * loss
            progress.update(1)
            progress.set_postfix(loss=f"{running_loss:.3f}", epoch=epoch)
            out_of_time = config.max_minutes and time.monotonic() - started > config.max_minutes * 60
            if run.state["step"] % config.eval_every == 0 or out_of_time:
                stop = run.evaluate_and_keep() or bool(out_of_time)
            elif run.state["step"] % config.save_every == 0:
                run.save_last()
            if stop:
                break
        if stop:
            break
        if run.state["step"] % config.eval_every:
            stop = run.evaluate_and_keep()
        if stop:
            break
    progress.close()
    _write_output(config, tokenizer_source=config.base, best=run.state["best"])
    return run.state["best"]


def _write_output(config: TrainConfig, tokenizer_source: Path, best: dict) -> None:
    from factalign.outputs import replacing_dir

    with replacing_dir(config.output) as output:  # an earlier checkpoint there stays whole if this fails
        if config.lora:  # the base with the adapter merged in, and the adapter beside it
            from factalign.train import lora

            lora.merge(config.work_dir / "best", _load_model(config.base)).save_pretrained(output)
            shutil.copytree(config.work_dir / "best", output / "adapter")
        else:
            shutil.copytree(config.work_dir / "best", output, dirs_exist_ok=True)
        shutil.copy(tokenizer_source / "tokenizer.json", output / "tokenizer.json")
        settings = {k: str(v) if isinstance(v, Path) else v for k, v in asdict(config).items() if k != "recipe"}
        recipe = {**config.recipe, "training": settings, "dev": best}
        (output / "recipe.json").write_text(json.dumps(recipe, indent=2) + "\n", encoding="utf-8")
