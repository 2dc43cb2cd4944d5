"""The plain records the use cases return, for callers above the app layer (CLI, web), which
do not reach into the store themselves."""

from mashindano.store.facts import (
    EncounterFact,
    EventFacts,
    EventState,
    GameFact,
    Json,
    ReportKind,
    ResultStatus,
    RoundFact,
)

__all__ = [
    "EncounterFact",
    "EventFacts",
    "EventState",
    "GameFact",
    "Json",
    "ReportKind",
    "ResultStatus",
    "RoundFact",
]
