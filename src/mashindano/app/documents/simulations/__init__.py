"""Documents of events played by the engine alone, without a database (`mashindano seed`,
`mashindano simulate`): one module per preset, each with a document whose `to_json()` is what
`--json` prints; the CLI's Rich views (`cli/*_view.py`) render the same simulations."""
