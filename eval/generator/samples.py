"""Finish a document into a spec sample: noise, offsets, subject letters, query."""

from __future__ import annotations

from proxy.taxonomy import TYPE_OF_TAG

from .document import Doc, assemble, casualize, letters_by_appearance
from .families import Ctx
from .queries import make_query


def finish(ctx: Ctx, doc: Doc, sample_id: str, split: str, *, want: int | None = None, owners_needed: int = 1,
           implicit_refs: float = 0.0, situational: float = 0.0, purpose: float = 0.0, unrelated: float = 0.0) -> dict:
    parts = casualize(ctx, doc.parts) if doc.casual else doc.parts
    text, raw = assemble(parts)
    letters = letters_by_appearance(raw)
    present = {(e["owner"], e["fact"]) for e in raw if e["fact"]}
    doc.facts = [f for f in doc.facts if (f.owner, f.key) in present]
    query, chosen = make_query(ctx, doc, [e["text"] for e in raw], want=want, owners_needed=owners_needed,
                               implicit_refs=implicit_refs, situational=situational, purpose=purpose,
                               unrelated=unrelated)
    wanted = {(f.owner, f.key) for f in chosen}
    related: list[dict] = []
    for e in raw:
        item = {"text": e["text"], "subject": letters[e["owner"]]}
        if (e["owner"], e["fact"]) in wanted and item not in related:
            related.append(item)
    entities = [{"text": e["text"], "type": TYPE_OF_TAG[e["tag"]].value, "tag": e["tag"], "start": e["start"],
                 "end": e["end"], "subject": letters[e["owner"]]} for e in raw]
    return {"id": sample_id, "split": split, "description": text, "query": query, "entities": entities,
            "query_related": related}
