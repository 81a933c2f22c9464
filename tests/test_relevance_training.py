"""Relevance training pieces: example building, packed-sequence masks, GGUF adapter export accepted by llama.cpp."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from local_models.registry import bundled_model_path
from local_models.relevance_runtime import context_window, format_candidate, format_prefix
from local_models.training.relevance.data import Augment, build_epoch, build_example, dev_examples, load_samples

DESC = ("im manabu tanaka and my employer is harrison-nichols, in case u need it - and i started my current job "
        "on 2015-02-23. i'm agnostic. Harrison-Nichols pays well.")


def _e(text: str, tag: str, type_: str, nth: int = 0) -> dict:
    s = -1
    for _ in range(nth + 1):
        s = DESC.index(text, s + 1)
    return {"text": text, "type": type_, "tag": tag, "start": s, "end": s + len(text), "subject": "A"}


SAMPLE = {
    "id": "t-1", "split": "single", "description": DESC, "query": "Given my employer, what next?",
    "entities": [_e("manabu tanaka", "Full Name", "PER"), _e("harrison-nichols", "Company Name", "ORG"),
                 _e("2015-02-23", "Date", "DATETIME"), _e("agnostic", "Religious Belief", "DEM"),
                 _e("Harrison-Nichols", "Company Name", "ORG")],
    "query_related": [{"text": "Harrison-Nichols", "subject": "A"}],
}
OTHER = {**SAMPLE, "id": "t-2", "query_related": [],
         "entities": [_e("agnostic", "Religious Belief", "DEM"), _e("2015-02-23", "Date", "DATETIME")]}


def test_dev_examples_are_the_deployable_form() -> None:
    (ex,) = dev_examples([SAMPLE])
    assert ex.prefix == format_prefix(SAMPLE["query"])
    # PER dropped, the two company mentions are one candidate (case-insensitive), first mention's window
    assert [(c.tag, c.text, c.label) for c in ex.candidates] == [
        ("Company Name", "harrison-nichols", 1), ("Date", "2015-02-23", 0), ("Religious Belief", "agnostic", 0)]
    start = DESC.index("harrison-nichols")
    assert ex.candidates[0].suffix == format_candidate(
        "Company Name", "harrison-nichols", *context_window(DESC, start, start + len("harrison-nichols")))
    assert ex.candidates[0].suffix.startswith("Company Name: employer is [harrison-nichols]")


def test_format_v2_marks_the_kinds_the_question_names() -> None:
    (plain,) = dev_examples([SAMPLE])
    (v2,) = dev_examples([SAMPLE], "veil-relevance-v2")
    assert [c.named for c in plain.candidates] == [False, False, False]
    # "Given my employer, what next?" names the company, not the date or the belief
    assert [(c.tag, c.named) for c in v2.candidates] == [
        ("Company Name", True), ("Date", False), ("Religious Belief", False)]
    assert v2.candidates[0].suffix.startswith("Company Name*: employer is [harrison-nichols]")
    assert v2.candidates[1].suffix == plain.candidates[1].suffix and v2.prefix == plain.prefix
    with pytest.raises(ValueError, match="prompt format"):
        dev_examples([SAMPLE], "veil-relevance-v9")


def test_augmented_epochs_are_seeded_and_distractors_are_negative() -> None:
    a = build_epoch([SAMPLE, OTHER] * 20, seed=3, epoch=1)
    b = build_epoch([SAMPLE, OTHER] * 20, seed=3, epoch=1)
    c = build_epoch([SAMPLE, OTHER] * 20, seed=3, epoch=2)
    dump = lambda xs: [(x.query, [(k.suffix, k.label) for k in x.candidates]) for x in xs]
    assert dump(a) == dump(b) and dump(a) != dump(c)
    aug = Augment.none()
    aug.distractors, aug.max_distractors = 1.0, 3
    ex = build_example(SAMPLE, random.Random(0), aug, [OTHER])
    assert sum(c.label for c in ex.candidates) == 1  # distractors never needed
    assert all(c.tag != "Company Name" or c.label for c in ex.candidates)  # not of a needed tag


def test_stated_values_open_the_query_and_leave_the_labels() -> None:
    """Chat users state values beside an ask: the augmented query opens with some of the text's values,
    and each candidate is still labelled by the ask (an unrelated ask needs none of them)."""
    aug = Augment.none()
    aug.state_values = 1.0
    plain = {c.text: c.label for c in build_example(SAMPLE, random.Random(5), Augment.none()).candidates}
    for seed in range(20):
        ex = build_example(SAMPLE, random.Random(seed), aug)
        assert ex.query.endswith(SAMPLE["query"][1:]) and len(ex.query) > len(SAMPLE["query"])
        stated = ex.query[: -len(SAMPLE["query"])]
        assert any(v in stated for v in ("harrison-nichols", "2015-02-23", "agnostic")), ex.query
        assert "manabu" not in stated  # names are never candidates, so never stated
        assert {c.text: c.label for c in ex.candidates} == plain
    unrelated = {**SAMPLE, "query": "Write me a haiku about autumn.", "query_related": []}
    ex = build_example(unrelated, random.Random(1), aug)
    assert ex.query.startswith(("I'm agnostic", "My ")) and not any(c.label for c in ex.candidates)
    assert Augment.none().state_values == 0


def test_load_samples_jsonl_and_array(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text(json.dumps(SAMPLE) + "\n" + json.dumps({**SAMPLE, "query": ""}) + "\n")
    (tmp_path / "b.json").write_text(json.dumps([OTHER]))
    assert [s["id"] for s in load_samples([tmp_path / "a.jsonl", tmp_path / "b.json"])] == ["t-1", "t-2"]


torch = pytest.importorskip("torch")


def test_packed_mask_isolates_candidates() -> None:
    from local_models.training.relevance.train import collate

    items = [{"ids": [5, 6, 7, 8, 9], "seg": [0, 0, 1, 1, 2], "pos": [0, 1, 2, 3, 2], "last": [3, 4], "labels": [1, 0]},
             {"ids": [5, 6, 7], "seg": [0, 1, 1], "pos": [0, 1, 2], "last": [2], "labels": [0]}]
    b = collate(items)
    allowed = b["mask"][:, 0] == 0
    assert allowed[0, 4].tolist() == [True, True, False, False, True]  # cand 2 sees prefix + itself only
    assert allowed[0, 3].tolist() == [True, True, True, True, False]
    assert allowed[1, 3].tolist() == [False, False, False, True, False]  # padding row: itself (no NaN)
    assert b["rows"].tolist() == [0, 0, 1] and b["cols"].tolist() == [3, 4, 2]


@pytest.mark.skipif(bundled_model_path() is None or importlib.util.find_spec("llama_cpp") is None
                    or importlib.util.find_spec("numpy") is None, reason="llama.cpp / bundled GGUF missing")
def test_exported_adapter_loads_in_llama_cpp_and_changes_margins(tmp_path: Path) -> None:
    from torch import nn

    from local_models.relevance_runtime import PrefixScorer, _read_gguf, adapter_kind, derive_base
    from local_models.training.relevance.lora import LoRALinear, export_gguf_adapter

    torch.manual_seed(0)
    shapes = {"self_attn.q_proj": (576, 576), "self_attn.k_proj": (576, 192), "self_attn.v_proj": (576, 192),
              "self_attn.o_proj": (576, 576), "mlp.gate_proj": (576, 1536), "mlp.up_proj": (576, 1536),
              "mlp.down_proj": (1536, 576)}
    wrapped = {}
    for layer in range(2):
        for name, (fan_in, fan_out) in shapes.items():
            lora = LoRALinear(nn.Linear(fan_in, fan_out, bias=False), rank=4, alpha=8.0)
            nn.init.normal_(lora.lora_b, std=0.3)
            wrapped[f"model.layers.{layer}.{name}"] = lora
    out = export_gguf_adapter(wrapped, tmp_path / "a.gguf", alpha=8.0, n_head=9, n_head_kv=3)
    g = _read_gguf(out)
    assert adapter_kind(out) == "adapter" and g.value("adapter.type") == "lora" and g.value("adapter.lora.alpha") == 8.0
    dims = {t.name: t.dims for t in g.tensors}
    assert dims["blk.1.attn_k.weight.lora_a"] == (576, 4) and dims["blk.1.attn_k.weight.lora_b"] == (4, 192)
    assert dims["blk.0.ffn_down.weight.lora_a"] == (1536, 4) and len(dims) == 28
    base = derive_base(bundled_model_path(), precision="f16", n_layers=2, cache_dir=tmp_path)
    prefix, suffixes = format_prefix("What is my employer?"), [format_candidate("Company Name", "Acme")]
    merged_base = derive_base(bundled_model_path(), precision="f16", n_layers=2, cache_dir=tmp_path, adapter=out)
    scorers = [PrefixScorer(b, a, n_threads=1, n_ctx=256) for b, a in ((base, out), (base, None), (merged_base, None))]
    try:
        with_a, without, merged = (s.score(prefix, suffixes)[0] for s in scorers)
    finally:
        for s in scorers:
            s.close()
    assert abs(with_a - without) > 0.1  # llama.cpp applied the adapter
    assert abs(merged - with_a) < 0.05 * max(1.0, abs(with_a - without))  # merging == applying at run time


def test_exported_adapter_reads_back_for_further_training(tmp_path: Path) -> None:
    """`train --init-from X.gguf`: the shipped adapter's torch checkpoint may be gone; its GGUF gives the LoRA back
    (q/k rows un-permuted), and an adapter of another rank or scale is refused."""
    from torch import nn

    from local_models.relevance_runtime import RelevanceModelError
    from local_models.training.relevance.lora import LoRALinear, export_gguf_adapter, import_gguf_adapter, lora_state

    torch.manual_seed(1)
    shapes = {"self_attn.q_proj": (64, 64), "self_attn.k_proj": (64, 32), "mlp.down_proj": (96, 64)}

    def wrapped_of(rank: int, alpha: float) -> dict[str, LoRALinear]:
        out = {}
        for name, (fan_in, fan_out) in shapes.items():
            out[f"model.layers.0.{name}"] = LoRALinear(nn.Linear(fan_in, fan_out, bias=False), rank, alpha)
        return out

    source = wrapped_of(4, 8.0)
    for lora in source.values():
        nn.init.normal_(lora.lora_b, std=0.3)
    path = export_gguf_adapter(source, tmp_path / "a.gguf", alpha=8.0, n_head=4, n_head_kv=2)
    back = import_gguf_adapter(wrapped_of(4, 8.0), path, n_head=4, n_head_kv=2)
    for key, value in lora_state(source).items():
        assert torch.allclose(back[key], value, atol=2e-3), key  # F16 in the file
    with pytest.raises(RelevanceModelError, match="rank 4"):
        import_gguf_adapter(wrapped_of(8, 16.0), path, n_head=4, n_head_kv=2)


@pytest.mark.skipif(bundled_model_path() is None or importlib.util.find_spec("llama_cpp") is None,
                    reason="llama.cpp / bundled GGUF missing")
def test_transformers_tokenizer_gives_llama_cpp_ids() -> None:
    """A GPU box without llama-cpp-python trains with transformers' tokenizer: the ids must be the runtime's."""
    from local_models.training.relevance.train import Tokenizer

    llama, hf = Tokenizer(bundled_model_path(), hf=False), Tokenizer(bundled_model_path(), hf=True)
    texts = [format_prefix("what's my  employer's name?? (asap)"), format_prefix("Café in Zürich — 3,200€/mo?")]
    for ex in build_epoch([SAMPLE, OTHER] * 3, seed=1, epoch=0) + dev_examples([SAMPLE]):
        texts += [ex.prefix, *(c.suffix for c in ex.candidates)]
    assert (hf.yes, hf.no) == (llama.yes, llama.no)
    for text in texts:
        assert hf(text, bos=True) == llama(text, bos=True), text


@pytest.mark.skipif(bundled_model_path() is None, reason="bundled GGUF missing")
def test_source_cut_keeps_tensor_types_and_only_the_first_blocks(tmp_path: Path) -> None:
    from local_models.relevance_runtime import _read_gguf, derive_base

    src = _read_gguf(bundled_model_path())
    cut = derive_base(bundled_model_path(), precision="source", n_layers=2, cache_dir=tmp_path)
    g = _read_gguf(cut)
    assert g.value("llama.block_count") == 2
    kept = {t.name: t.type for t in src.tensors if not t.name.startswith("blk.") or t.name.split(".")[1] in "01"}
    assert {t.name: t.type for t in g.tensors} == kept  # quantized as in the source, blocks 2+ gone
    assert cut.stat().st_size < bundled_model_path().stat().st_size / 2
    with pytest.raises(ValueError, match="adapter"):
        derive_base(bundled_model_path(), precision="source", cache_dir=tmp_path, adapter=cut)


def test_level_offsets_are_chosen_by_recall_on_the_dev_margins() -> None:
    from local_models.training.relevance.train import sample_scores, tune_level_offsets

    # 20 samples, one needed value each at margin -1.0 .. +3.75 in 0.25 steps, one unneeded at -6
    per_sample = [([0.25 * k - 1.0, -6.0], [1, 0]) for k in range(20)]
    offsets = tune_level_offsets(per_sample, threshold=-2.0)
    # private: the largest offset keeping recall >= 0.85 (17 of 20 needed values above -2.0 + offset)
    assert sample_scores(per_sample, -2.0 + offsets["private"])["recall"] >= 0.85
    assert sample_scores(per_sample, -2.0 + offsets["private"] + 0.25)["recall"] < 0.85
    assert offsets["useful"] == -0.25  # recall is already 1.0 there: the first step down
    assert "private" not in tune_level_offsets([([-9.0], [1])], threshold=0.0)  # never reached: the table applies
