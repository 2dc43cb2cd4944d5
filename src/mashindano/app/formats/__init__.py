"""Format adapters: one per preset, split into small protocols, its parts (`parts`: four
required, the rest optional with a default), answering with the records of `base`; reached by
preset name and part in `registry` (`part`, `has_part`, `available_presets`, `PRESETS`).

An adapter answers with typed state (plans, standings tables, the preset's own records such as
a KIBA event's stages or a Tantrix draw); the documents (`app.documents`) render that state, so
a format never imports a document (an import-linter contract keeps it so)."""
