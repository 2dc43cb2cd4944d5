"""`mashindano manage createsuperuser`: Django's command, made to give an account that can log
in at once (issue 29 item 5). Logging in is by e-mail address (allauth,
`ACCOUNT_LOGIN_METHODS`), so the superuser needs one that no other account has, and, asked
not to prompt (`--noinput`), a password (`DJANGO_SUPERUSER_PASSWORD`): Django would otherwise
make an account without an address or with an unusable password, which no one can log in
with. Refused before anything is written; at the prompt, a blank or taken address is asked
again."""

from __future__ import annotations

import os
from typing import Any

from django.contrib.auth.management.commands import createsuperuser
from django.core.management.base import CommandError
from django.utils.translation import gettext

EMAIL_ENV = "DJANGO_SUPERUSER_EMAIL"
PASSWORD_ENV = "DJANGO_SUPERUSER_PASSWORD"


def email_problem(address: str) -> str | None:
    """Why `address` cannot be a new superuser's login address, or None."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    if not address.strip():
        return gettext("a superuser needs an e-mail address: logging in is by e-mail address")
    model = get_user_model()
    taken = (
        model.objects.filter(**{f"{model.get_email_field_name()}__iexact": address}).exists()
        or EmailAddress.objects.filter(email__iexact=address).exists()
    )
    if taken:
        return gettext("the e-mail address {address} is another account's already").format(
            address=address
        )
    return None


class Command(createsuperuser.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        email_field = self.UserModel.get_email_field_name()
        if options["interactive"]:
            given = options.get(email_field)
            problem = None if given is None else email_problem(given)
            if problem is not None:
                self.stderr.write(problem)
                options[email_field] = None  # asked at the prompt
        else:
            address = options.get(email_field) or os.environ.get(EMAIL_ENV, "")
            problem = email_problem(address)
            if problem is not None:
                raise CommandError(
                    gettext("{problem} (give --email ADDRESS)").format(problem=problem)
                    if not address.strip()
                    else problem
                )
            if not os.environ.get(PASSWORD_ENV):
                raise CommandError(
                    gettext(
                        "with --noinput the password is read from {variable}, which is not "
                        "set: the account could not log in (or run without --noinput to be "
                        "asked)"
                    ).format(variable=PASSWORD_ENV)
                )
        super().handle(*args, **options)

    def get_input_data(self, field: Any, message: str, default: Any = None) -> Any:
        value = super().get_input_data(field, message, default)
        if value is not None and field.name == self.UserModel.get_email_field_name():
            problem = email_problem(str(value))
            if problem is not None:
                self.stderr.write(problem)
                return None
        return value
