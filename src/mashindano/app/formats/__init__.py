"""Format adapters: one per preset, behind the `FormatAdapter` protocol (`base`), listed by
preset name in `registry` (`adapter_for`, `available_presets`, `PRESETS`).

An adapter answers with typed state (plans, standings tables, the preset's own records such as
a KIBA event's stages or a Tantrix draw); the documents (`app.documents`) render that state, so
a format never imports a document (an import-linter contract keeps it so)."""
