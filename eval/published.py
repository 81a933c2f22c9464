"""Numbers the PII-Bench paper published on its own data set.

Shown in the report for orientation only: they were measured on the paper's
human-written samples, not on our generated ones, so they are not comparable.
"""

from __future__ import annotations

# (task, system, metric, value, note)
PUBLISHED: tuple[tuple[str, str, str, float, str], ...] = (
    ("PII detection (single)", "GPT-4o", "Strict-F1", 0.893, ""),
    ("PII detection (single)", "GPT-4o", "Ent-F1", 0.914, ""),
    ("PII detection (single)", "DeepSeek-V3", "Strict-F1", 0.903, ""),
    ("PII detection (single)", "DeepSeek-V3", "Ent-F1", 0.921, ""),
    ("PII detection (single)", "human annotators", "Ent-F1", 0.972, ""),
    ("Query-related PII", "best non-oracle system", "F1", 0.765, ""),
    ("Query-related PII", "GPT-4o", "F1", 0.63, "zero-shot"),
    ("Query-related PII", "GPT-4o", "F1", 0.72, "best prompting"),
    ("Query-unrelated masking", "best system", "Masking F1", 0.852, ""),
    ("Answer utility", "query-unrelated masking", "utility", 0.89, "vs. mask-all below"),
    ("Answer utility", "mask all PII", "utility", 0.52, ""),
)
