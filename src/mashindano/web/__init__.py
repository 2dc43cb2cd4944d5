"""The Django project: settings, URLs and the `manage` entry point.

For now it serves the admin only; the ORM, migrations and admin of the `events` app
(`mashindano.store`) are what the rest of the code uses.
"""
