"""Use cases: one function per thing a person does to an event.

Each write use case loads the event's facts, checks the request (`check_*`, pure), then acts
(`do_*`) inside `locking.locked_event`: one transaction, serialised per event, with an audit
entry. This package is the only one that opens transactions; it never configures Django: entry
points (CLI, web, tests, bench) call `mashindano.config.setup.setup()` first when they run
outside Django's own machinery.
"""
