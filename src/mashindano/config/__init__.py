"""The Django project: settings, root URLs, ASGI/WSGI entry points, database-URL handling and
`setup()` for entry points that run outside a Django process (CLI, demo, benchmarks).

Only entry points (cli, web, tests, bench) import this package; nothing below it does.
"""
