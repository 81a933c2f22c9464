"""Numbers the PrivacyBench paper published (Mukhopadhyay et al., 2025, arXiv:2512.24848).

Shown in the report for orientation only: measured on the paper's own
LLM-generated communities with its RAG assistants and LLM judges, not on our
template-generated communities with a 135M local model, so not comparable.
"""

from __future__ import annotations

# (metric, setting, value as a fraction, note)
PUBLISHED: tuple[tuple[str, str, float, str], ...] = (
    ("Leakage rate (LR)", "RAG assistant, baseline prompt", 0.158, "mean over the paper's models"),
    ("Leakage rate (LR)", "RAG assistant, privacy-aware prompt", 0.051, ""),
    ("Leakage rate (LR)", "RAG assistant, baseline prompt, worst model", 0.2656, "\"up to 26.56%\" (abstract)"),
    ("Inappropriate retrieval rate (IRR)", "RAG assistant (no access control)", 0.628, "the retriever is unchanged by the prompt"),
)
