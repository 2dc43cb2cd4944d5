"""Accounts in the browser: allauth's sign-up, log-in, log-out and password reset with our own
templates, the profile page, personal access tokens and invitations by e-mail."""
