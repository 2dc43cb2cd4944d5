"""The REST API (django-ninja) under `/api/v1/`.

Modules: `main` (the API object and its URLs), `reads` and `writes` (operations over the read
model's documents and the use cases), `account` (tokens and webhook subscriptions), `tokens`
(personal access tokens and scopes), `conditional` (ETag/304, If-Match, Idempotency-Key),
`pagination` (cursors), `problems` (RFC 9457), `throttling`, `cors`, `models` (the API's
own tables: app label `api`). Webhooks (subscribing, signing, collecting and sending
deliveries) are use cases in `mashindano.app.webhooks`, sent by the worker (`app.tasks`).
"""
