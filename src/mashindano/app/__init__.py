"""Use cases: one function per thing a person does to an event.

Each write use case loads the event's facts, checks the request (`check_*`, pure), then acts
(`do_*`) inside `locking.locked_event`: one transaction, serialised per event, with an audit
entry. This package is the only one that opens transactions. Call `database.setup()` first
when running outside Django's own machinery (the CLI does).
"""
