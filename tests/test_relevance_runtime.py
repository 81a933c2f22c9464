"""The llama.cpp relevance scorer: prompt format, derived base, shared-prefix scoring, file errors."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

from local_models.registry import bundled_model_path
from local_models.relevance_runtime import (
    AdapterInfo,
    PrefixScorer,
    RelevanceModelError,
    _read_gguf,
    adapter_kind,
    context_window,
    derive_base,
    format_candidate,
    format_prefix,
    short_value,
)

BUNDLED = bundled_model_path()
needs_llama = pytest.mark.skipif(BUNDLED is None or importlib.util.find_spec("llama_cpp") is None,
                                 reason="llama-cpp-python or the bundled SmolLM2 GGUF is not installed")


@pytest.fixture(scope="session")
def cut_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled base cut to 4 blocks, F16 (fast to derive and to run)."""
    if BUNDLED is None:
        pytest.skip("bundled SmolLM2 GGUF not installed")
    return derive_base(BUNDLED, precision="f16", n_layers=4, cache_dir=tmp_path_factory.mktemp("cache"))


def test_prompt_format() -> None:
    assert format_prefix("  What is\nmy employer? ") == "Question: What is my employer?\n"
    assert format_candidate("Company Name", "Acme", "my employer is ", ", in case") == \
        "Company Name: my employer is [Acme], in case ->"
    assert short_value("4111 1111 1111 1111") == "4111 1…"
    assert short_value("x" * 40) == "x" * 24 + "…"
    assert format_prefix("q" * 2000).startswith("Question: qqq") and len(format_prefix("q" * 2000)) < 620
    # format v2 marks a kind the question names
    assert format_candidate("Company Name", "Acme", named=True) == "Company Name*: [Acme] ->"


def test_context_window_cuts_at_words() -> None:
    text = "Notes: His side business has an ROI of 7%, and his employee number is 0015155."
    start = text.index("7%")
    before, after = context_window(text, start, start + 2, before=20, after=12)
    assert before == "has an ROI of "  # the cut-off word fragment ("iness") is dropped
    assert after == ", and his"
    assert context_window("abc", 0, 3) == ("", "")


@needs_llama
def test_derive_base_cuts_and_dequantizes(cut_base: Path) -> None:
    g = _read_gguf(cut_base)
    assert g.value("llama.block_count") == 4
    names = {t.name for t in g.tensors}
    assert "blk.3.attn_q.weight" in names and "blk.4.attn_q.weight" not in names
    assert {t.type for t in g.tensors if t.name.startswith("blk.") and len(t.dims) == 2} == {1}  # F16
    again = derive_base(BUNDLED, precision="f16", n_layers=4, cache_dir=cut_base.parent)
    assert again == cut_base  # cached
    with pytest.raises(RelevanceModelError, match="n_layers"):
        derive_base(BUNDLED, n_layers=99, cache_dir=cut_base.parent)


@needs_llama
def test_shared_prefix_scoring_matches_sequential(cut_base: Path) -> None:
    prefix = format_prefix("Given my employer and job start date, what is a realistic next career step?")
    suffixes = [format_candidate("Company Name", "harrison-nichols", "my employer is ", ", in case"),
                format_candidate("Date", "2015-02-23", "started my current job on ", ". i'm"),
                format_candidate("Religious Belief", "agnostic", "i'm ", ", and on")] * 2
    multi = PrefixScorer(cut_base, n_threads=1, n_seq_max=4, n_ctx=512)  # forces two groups
    seq = PrefixScorer(cut_base, n_threads=1, method="sequential", n_ctx=512)
    try:
        a = multi.score(prefix, suffixes)
        b = seq.score(prefix, suffixes)
        assert multi.score(prefix, []) == []
    finally:
        multi.close()
        seq.close()
    assert len(a) == len(suffixes)
    # equal up to float noise from different batch shapes (measured <= 0.015 on margins of ~5)
    assert all(abs(x - y) < 0.05 for x, y in zip(a, b)), (a, b)
    assert abs(a[0] - a[3]) < 0.05 and abs(a[1] - a[4]) < 0.05  # same candidate, same score in any group


@needs_llama
def test_multiseq_decodes_prefix_and_suffixes_together(cut_base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import llama_cpp.llama_cpp as lib

    calls: list[int] = []
    decode = lib.llama_decode
    monkeypatch.setattr(lib, "llama_decode", lambda ctx, batch: calls.append(batch.n_tokens) or decode(ctx, batch))
    prefix = format_prefix("What is my employer?")
    suffixes = [format_candidate("Company Name", "Acme", "my employer is "), format_candidate("Date", "2015-02-23")]
    scorer = PrefixScorer(cut_base, n_threads=1, n_ctx=256, n_seq_max=2)
    try:
        n_p = len(scorer.tokenize(prefix, bos=True))
        n_s = [len(scorer.tokenize(x)) for x in suffixes]
        one = scorer.score(prefix, suffixes)
        assert calls == [n_p + sum(n_s)]  # one decode: the prefix (in both sequences) and both suffixes
        calls.clear()
        three = scorer.score(prefix, suffixes + suffixes[:1])  # 3 candidates, 2 sequences: 2 groups
        assert calls == [n_p + sum(n_s), n_s[0]]  # the second group reuses the decoded prefix
        assert all(abs(a - b) < 0.05 for a, b in zip(one + one[:1], three)), (one, three)
    finally:
        scorer.close()


def test_adapter_kind_and_metadata(tmp_path: Path) -> None:
    def s(text: str) -> bytes:
        return struct.pack("<Q", len(text)) + text.encode()

    f = tmp_path / "a.gguf"
    f.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 0, 2) + s("general.alignment") + struct.pack("<II", 4, 32)
                  + s("general.type") + struct.pack("<I", 8) + s("adapter"))
    assert adapter_kind(f) == "adapter"
    (tmp_path / "a.json").write_text('{"threshold": 1.5, "n_layers": 16}')
    info = AdapterInfo.load(f)
    assert info.threshold == 1.5 and info.n_layers == 16 and info.prompt_format == "veil-relevance-v1"
    (tmp_path / "a.json").write_text('{"prompt_format": "veil-relevance-v2"}')
    assert AdapterInfo.load(f).prompt_format == "veil-relevance-v2"
    (tmp_path / "a.json").write_text('{"prompt_format": "something-else"}')
    with pytest.raises(RelevanceModelError, match="prompt format"):
        AdapterInfo.load(f)
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"not a gguf")
    assert adapter_kind(junk) is None
    with pytest.raises(RelevanceModelError, match="not a GGUF"):
        AdapterInfo.load(junk)
    with pytest.raises(RelevanceModelError, match="not found"):
        AdapterInfo.load(tmp_path / "missing.gguf")


@needs_llama
def test_scorer_file_errors(tmp_path: Path, cut_base: Path) -> None:
    with pytest.raises(RelevanceModelError, match="not found"):
        PrefixScorer(tmp_path / "missing.gguf").load()
    not_adapter = PrefixScorer(cut_base, adapter_path=cut_base)  # a model given as the adapter
    with pytest.raises(RelevanceModelError, match="not a LoRA adapter"):
        not_adapter.load()
    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(cut_base.read_bytes()[:2_000_000])
    with pytest.raises(RelevanceModelError, match="corrupt|truncated|rejected"):
        PrefixScorer(truncated).load()


def test_named_kinds_of_a_request() -> None:
    from local_models.relevance_kinds import named_kinds

    assert named_kinds("What's her phone number, and which city is she from?") >= {"Phone Number", "City/Region"}
    assert "Monthly Income" in named_kinds("can I afford this on my salary")
    assert named_kinds("Plan a safe training week for me") == frozenset()
