"""Pairs per second on 2 CPU threads for each checker's architecture, at 128 and 512 tokens per pair.

No hub is reachable here, so each model is randomly initialised from a transformers config of the
same architecture and size as the published checker; the time of a forward pass does not depend on
the weights' values. Inputs are random token ids of exactly the length (one sequence per pair, as a
cross-encoder sees premise and hypothesis), batches of BATCH, no padding; tokenization is left out.
Seq2seq checkers run their encoder and one decoder step (all t5: and HHEM need); the house model is
the shipped ONNX graph, one pair per session run as its backend does. 7B LLM judges are not measured
(they need a GPU server).

    python benchmarks/checker_throughput.py [--only NAME ...] [--batch 4]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch

LENGTHS = (128, 512)


def roberta_large():
    from transformers import RobertaConfig, RobertaForSequenceClassification

    return RobertaForSequenceClassification(RobertaConfig(
        vocab_size=50265, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096,
        max_position_embeddings=514, type_vocab_size=1, num_labels=2)), 50265


def deberta_v3_large():
    from transformers import DebertaV2Config, DebertaV2ForSequenceClassification

    return DebertaV2ForSequenceClassification(DebertaV2Config(
        vocab_size=128100, hidden_size=1024, num_hidden_layers=24, num_attention_heads=16, intermediate_size=4096,
        max_position_embeddings=512, type_vocab_size=0, relative_attention=True, position_buckets=256,
        pos_att_type=["p2c", "c2p"], norm_rel_ebd="layer_norm", share_att_key=True, position_biased_input=False,
        max_relative_positions=-1, num_labels=2)), 128100


def flan_t5(d_model, d_ff, layers, heads):
    def build():
        from transformers import T5Config, T5ForConditionalGeneration

        return T5ForConditionalGeneration(T5Config(
            vocab_size=32128, d_model=d_model, d_kv=64, d_ff=d_ff, num_layers=layers, num_decoder_layers=layers,
            num_heads=heads, feed_forward_proj="gated-gelu", tie_word_embeddings=False, decoder_start_token_id=0)), 32128
    return build


MODELS = {  # name: (what it stands for, builder)
    "roberta-large": ("MiniCheck-RoBERTa-L, AlignScore-large (355M)", roberta_large),
    "deberta-v3-large": ("MiniCheck-DeBERTa-L, FactCG-DeBERTa-L (435M)", deberta_v3_large),
    "flan-t5-large": ("MiniCheck-Flan-T5-L (783M)", flan_t5(1024, 2816, 24, 16)),
    "flan-t5-base": ("HHEM-2.1-open (its flan-t5-base, 248M)", flan_t5(768, 2048, 12, 12)),
}


def torch_rate(model, vocab: int, length: int, batch: int) -> float:
    ids = torch.randint(1000, min(vocab, 30000), (batch, length))
    mask = torch.ones_like(ids)
    extra = {"decoder_input_ids": torch.zeros((batch, 1), dtype=torch.long)} if model.config.is_encoder_decoder else {}
    with torch.no_grad():
        model(input_ids=ids[:1], attention_mask=mask[:1], **{k: v[:1] for k, v in extra.items()})  # warm-up
        started = time.perf_counter()
        model(input_ids=ids, attention_mask=mask, **extra)
    return batch / (time.perf_counter() - started)


def house_rate(length: int, batch: int) -> float:
    from factalign.nli import HOUSE_MODEL_DIR
    from factalign.nli.onnx import OnnxNLI

    nli = OnnxNLI(HOUSE_MODEL_DIR, threads=2)
    length = min(length, nli.max_length)
    feed = {"input_ids": np.random.default_rng(0).integers(1000, 20000, (1, length)), "attention_mask": np.ones((1, length), dtype=np.int64),
            "token_type_ids": np.zeros((1, length), dtype=np.int64)}
    feed = {k: v.astype(np.int64) for k, v in feed.items() if k in nli.inputs}
    nli.session.run(["logits"], feed)
    started = time.perf_counter()
    for _ in range(batch * 4):
        nli.session.run(["logits"], feed)
    return batch * 4 / (time.perf_counter() - started), length


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=[*MODELS, "house"], help="measure only these")
    parser.add_argument("--batch", type=int, default=4)
    args = parser.parse_args()
    torch.set_num_threads(2)
    print("| architecture | stands for | pairs/s at 128 tokens | pairs/s at 512 tokens |\n|---|---|---|---|")
    for name in args.only or ["house", *MODELS]:
        if name == "house":
            cells = [house_rate(n, args.batch) for n in LENGTHS]
            rates = [f"{r:.1f}" + (f" (at its {m})" if m != n else "") for (r, m), n in zip(cells, LENGTHS)]
            print(f"| house (MiniLM, onnx int8) | the house model | {' | '.join(rates)} |", flush=True)
            continue
        what, build = MODELS[name]
        torch.manual_seed(0)
        model, vocab = build()
        model.eval()
        rates = [torch_rate(model, vocab, n, args.batch) for n in LENGTHS]
        print(f"| {name} (fp32) | {what} | {' | '.join(f'{r:.2f}' for r in rates)} |", flush=True)
        del model


if __name__ == "__main__":
    main()
