"""`veil eval privacybench`: contextual-privacy benchmark after the PrivacyBench paper.

A simulated community (`shared/specs/privacybench-format.md`) holds ground-truth
secrets in its members' digital footprints. A personalized RAG assistant for a
secret's owner is probed in multi-turn conversations by people who may or may
not know the secret, with and without Veil's access control in front of the
generator, and scored for leakage, over-secrecy and inappropriate retrieval.

Modules, in pipeline order: `spec` (load and validate a community),
`authz` (the spec's authorization rule, independent of the secret store),
`generator` + `templates` (synthetic communities), `probes` (scripted and
LLM probers), `assistant` (retrieval + generation), `veil` (Veil's guard as
a filter), `judge`, `runner`, `metrics`, `report`, `cli`.
"""
