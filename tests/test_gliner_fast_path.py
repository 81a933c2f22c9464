"""The GLiNER runtime's fast path gives what the plain one gives.

* direct encoder inputs (`_direct_feed`) equal gliner's collator, so
  predictions are the same with and without them (scores up to float32 rounding);
* the lean BERT export (`_lean_bert_forward`) is bit-identical to the plain
  export, fp32 and int8, padded batches included;
* the per-word span logits (`_span_logits_wrapper`) equal gliner's head up to
  float rounding.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re

import numpy as np
import pytest

from local_models.gliner_runtime import (
    _ONNX_INPUTS,
    DEFAULT_MODEL_DIR,
    VEIL_WORD_PATTERN,
    GlinerRuntime,
    _lean_bert,
    _lean_export,
    _onnx_feed,
    _skip_unpadded_mask,
    _span_logits_wrapper,
    speed_up_span_head,
)

SHIPPED = (DEFAULT_MODEL_DIR / "gliner_config.json").is_file()
HAS_ONNX = all(importlib.util.find_spec(m) is not None for m in ("onnxruntime", "onnx"))
needs_checkpoint = pytest.mark.skipif(not SHIPPED, reason="the GLiNER checkpoint is not exported yet")
needs_onnx = pytest.mark.skipif(not (SHIPPED and HAS_ONNX), reason="needs the shipped checkpoint and onnxruntime + onnx")

TEXTS = [
    "My name is Maria Lopez, I work as a nurse at St. Mary's Hospital in Leeds and I am a practising Catholic.",
    "Tom Becker (@tbecker) moved from Lyon to Berlin; ring 0171-555 or write tom_b@example.org.",
    "Dr. José Ñúñez-O'Brien paid €1,234.56 at 221B Baker St., 東京 ﬁle naïve\u200bword e\u0301 \U0001f642 -- ok",
    "Hi",
    ("The weather was mild and the meeting went on for a long time without any news. " * 40)
    + "My name is Maria Lopez and I live in Lyon.",
]


@pytest.fixture(scope="module")
def model():
    return GlinerRuntime._load_dir(DEFAULT_MODEL_DIR)


@pytest.fixture(scope="module")
def runtime() -> GlinerRuntime:
    rt = GlinerRuntime.load()
    if rt.session is None:
        pytest.skip("the ONNX backend is not in use here")
    return rt


def _rows(text: str) -> list[str]:
    return re.findall(VEIL_WORD_PATTERN, text)


@needs_onnx
def test_direct_inputs_equal_the_collator(runtime: GlinerRuntime):
    prompt = runtime._prompt(runtime.labels)
    assert prompt is not None, "the direct path should be on for the shipped checkpoint"
    for texts in ([t] for t in TEXTS), [TEXTS[:4]]:
        for group in texts:
            rows, ids = [], []
            for text in group:
                words, word_ids, windows = runtime._plan(text, runtime.labels)
                for w in windows:
                    rows.append([x for x, _, _ in words[w.begin : w.end]])
                    ids.append(word_ids[w.begin : w.end])
            got = runtime._direct_feed(prompt, rows, ids)
            batch = runtime.model.collate_batch([{"tokenized_text": r, "ner": None} for r in rows],
                                                runtime.labels, runtime.collator)
            want = _onnx_feed(batch)
            assert got is not None
            for name in _ONNX_INPUTS:
                assert got[name].dtype == want[name].dtype and np.array_equal(got[name], want[name]), name


@needs_onnx
def test_word_lists_tokenize_as_words_alone(runtime: GlinerRuntime):
    """One pre-tokenized encoding per word list gives the ids of each word tokenized alone (which windowing uses)."""
    runtime.warmup()
    assert runtime._words_encoder is not None
    odd = "naïve café – “quotes” ½ ™ ﬀ soft\u00adhyphen \u200b\u200c 👨\u200d👩 ＡＢＣ１２３ İstanbul ß \x00 \ufeff"
    for text in [*TEXTS, odd]:
        words = [w for w, _, _ in runtime.split_words(text)]
        assert runtime.word_ids(words) == runtime.tokenizer(words, add_special_tokens=False)["input_ids"]


@needs_onnx
def test_predictions_do_not_depend_on_the_input_path(runtime: GlinerRuntime):
    fast = runtime.predict_many(TEXTS)
    encoder, runtime._words_encoder = runtime._words_encoder, None
    runtime.direct_inputs = False
    runtime._prompts.clear()
    try:
        plain = runtime.predict_many(TEXTS)
        assert runtime._words_encoder is None  # really the plain path
    finally:
        runtime.direct_inputs = True
        runtime._prompts.clear()
        runtime._words_encoder = encoder
    # same spans and labels; scores equal up to float32 rounding (int8 GEMMs of differently shaped
    # batches can differ in the last bit: 0.9024347 vs 0.9024348 on the long text)
    assert [[(s.start, s.end, s.label, s.text) for s in row] for row in fast] == \
        [[(s.start, s.end, s.label, s.text) for s in row] for row in plain]
    assert all(abs(a.score - b.score) < 1e-6 for x, y in zip(fast, plain) for a, b in zip(x, y))
    assert any(s.text == "Maria Lopez" for s in fast[0])


@needs_onnx
def test_truncating_rows_fall_back_to_the_collator(runtime: GlinerRuntime):
    prompt = runtime._prompt(runtime.labels)
    assert prompt is not None
    long_word = [list(range(1000, 1000 + prompt.max_length))]
    assert runtime._direct_feed(prompt, [["x"]], [long_word]) is None
    assert runtime._direct_feed(prompt, [[]], [[]]) is None


@needs_onnx
def test_lean_bert_export_is_bit_identical(model, tmp_path):
    """The encoder alone, exported plainly and lean: same outputs to the bit, fp32 and int8, padded or not."""
    import onnxruntime as ort
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    core = model.model.eval()
    bert = _lean_bert(core)
    assert bert is not None

    class Encoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask):
            return self.bert(input_ids, attention_mask=attention_mask)[0]

    rows = [_rows(TEXTS[0]), _rows(TEXTS[1])[:7]]
    batch = model.collate_batch([{"tokenized_text": r, "ner": None} for r in rows], ["person", "city"],
                                model.create_collator())
    inputs = (batch["input_ids"], batch["attention_mask"])
    assert int(batch["attention_mask"].min()) == 0  # a padded row
    feeds = [{"input_ids": inputs[0].numpy(), "attention_mask": inputs[1].numpy()},  # padded
             {"input_ids": inputs[0][:1].numpy(), "attention_mask": inputs[1][:1].numpy()}]  # not padded
    axes = {"input_ids": {0: "b", 1: "l"}, "attention_mask": {0: "b", 1: "l"}, "out": {0: "b", 1: "l"}}
    outputs = {}
    for name, lean in (("plain", False), ("lean", True)):
        path = tmp_path / f"{name}.onnx"
        with torch.no_grad(), (_lean_export(core) if lean else contextlib.nullcontext()):
            torch.onnx.export(Encoder().eval(), inputs, f=str(path), input_names=["input_ids", "attention_mask"],
                              output_names=["out"], dynamic_axes=axes, opset_version=17, dynamo=False)
        if lean:
            assert _skip_unpadded_mask(path) == len(bert.encoder.layer)
        quantize_dynamic(str(path), str(tmp_path / f"{name}.int8.onnx"), weight_type=QuantType.QInt8, per_channel=True)
        for kind in ("", ".int8"):
            session = ort.InferenceSession(str(tmp_path / f"{name}{kind}.onnx"), providers=["CPUExecutionProvider"])
            outputs[name + kind] = [session.run(None, feed)[0] for feed in feeds]
    assert "forward" not in bert.__dict__  # the patch is undone
    for kind in ("", ".int8"):
        for lean, plain in zip(outputs["lean" + kind], outputs["plain" + kind], strict=True):
            assert np.array_equal(lean, plain), kind


@needs_checkpoint
def test_per_word_span_logits_equal_gliners_head(model):
    import torch

    core = model.model.eval()
    speed_up_span_head(core)
    wrapper = _span_logits_wrapper(core)
    assert wrapper is not None
    rows = [_rows(TEXTS[0]), _rows(TEXTS[1])]
    labels = ["full name", "city or region", "occupation"]
    batch = model.collate_batch([{"tokenized_text": r, "ner": None} for r in rows], labels, model.create_collator())
    inputs = [batch[n] for n in _ONNX_INPUTS]
    with torch.no_grad():
        want = model._create_onnx_wrapper(core).eval()(*inputs)
        got = wrapper.eval()(*inputs)
    assert got.shape == want.shape
    assert torch.allclose(got, want, atol=1e-4, rtol=1e-4)


@needs_onnx
def test_the_derived_graph_is_the_lean_one(runtime: GlinerRuntime):
    """No (B, heads, L, L) mask or NaN guard, no spans x hidden einsum, masks only when padded: the lean export."""
    ops = _op_types(runtime)
    assert "IsNaN" not in ops and "Einsum" not in ops and "If" in ops


def _op_types(runtime: GlinerRuntime) -> set[str]:
    import onnx

    from local_models.gliner_runtime import derive_onnx

    path = derive_onnx(runtime.model, DEFAULT_MODEL_DIR, precision=runtime.precision)  # cached: returns the file
    return {node.op_type for node in onnx.load(str(path), load_external_data=False).graph.node}
