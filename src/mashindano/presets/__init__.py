"""The presets: one package per preset, each owning all its parts.

A preset package holds, above the engine's rules for it (`engine/<game>/`), its format adapter
(`adapter.py`), its use cases, documents, deadline and notification hooks, demo plan, CLI view
and commands, page templates and help texts. Each package is a Django application whose
`AppConfig.ready()` registers its parts with the shared registries (`app.formats.registry` for
the adapter, `app.hooks` for everything else); the list of installed presets is
`mashindano.installed_presets.PRESET_PACKAGES`, the one line a new preset adds.

The shared core (engine, store, app, web, cli, config) never imports a preset: it asks the
registries. Presets import the shared core and never each other (import-linter contracts)."""
