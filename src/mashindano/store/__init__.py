"""The `events` Django app: models holding facts only, their migrations and admin, and the
one bridge between ORM rows and engine types (`mapping`). `facts` holds the plain,
Django-free records that the mapping builds and the use cases and format adapters read."""
