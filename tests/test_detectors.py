"""Overlap resolution between detectors."""

import random

from proxy.detectors.base import resolve_overlaps
from proxy.entities import Entity


def span(start, end, score=0.9, tag="Nickname"):
    return Entity("x" * (end - start), start, end, tag, score)


def brute_force(entities):
    kept = []
    for e in sorted(entities, key=lambda e: (-e.score, -e.length, e.start, e.tag)):
        if not any(e.overlaps(k) for k in kept):
            kept.append(e)
    return sorted(kept, key=lambda e: (e.start, e.end))


def test_higher_score_then_longer_span_wins():
    a, b, c = span(0, 10, 0.6), span(5, 8, 0.95), span(8, 20, 0.6)
    assert resolve_overlaps([a, b, c]) == [b, c]
    assert resolve_overlaps([span(0, 4), span(0, 9)]) == [span(0, 9)]


def test_matches_the_obvious_quadratic_rule_on_random_spans():
    rng = random.Random(7)
    for _ in range(200):
        entities = []
        for _ in range(rng.randint(0, 30)):
            start = rng.randint(0, 100)
            entities.append(span(start, start + rng.randint(1, 15), rng.choice([0.5, 0.7, 0.9])))
        assert resolve_overlaps(entities) == brute_force(entities)
