"""PII-Bench style data generator (paper section 3.2) without any LLM.

    from eval.generator import generate, SPLITS, DEFAULT_SIZES
    samples = generate("single", n=100, seed=0, family="train")

Families train/dev/test use disjoint phrasing pieces (see families.py).
"""

from .api import DEFAULT_SIZES, SPLITS, generate, generate_traced

__all__ = ["DEFAULT_SIZES", "SPLITS", "generate", "generate_traced"]
