"""Accounts in the browser (issue 14 item 1): sign up, read the verification mail (the server
writes mail as files), verify, edit the profile (a bad time zone gives a message at the field
and saves nothing), log out, log in, reset the password by mail. Screenshots at 360 and
1280 px under var/screenshots/ (accounts-*)."""

from __future__ import annotations

import email
import re
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Site, Visit

PASSWORD = "a long enough pass phrase 42"
NEW_PASSWORD = "another long pass phrase 43"


def _mail_to(site: Site, address: str, seen: int) -> tuple[str, int]:
    """The newest message to `address` after the first `seen` ones, from the mail files."""
    folder = site.db.parent / "mail"
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        messages: list[str] = []
        for path in sorted(folder.glob("*"), key=lambda p: p.stat().st_mtime):
            messages.extend(
                m for m in Path(path).read_text(errors="replace").split("\n" + "-" * 79 + "\n")
            )
        mine = [m for m in messages if f"To: {address}" in m]
        if len(mine) > seen:
            return _text(mine[-1]), len(mine)
        time.sleep(0.2)
    raise AssertionError(f"no new mail to {address} in {folder}")


def _text(raw: str) -> str:
    """The plain-text body of a message as the file backend wrote it (quoted-printable)."""
    message = email.message_from_string(raw.strip())
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode()
    raise AssertionError(raw)


def _link(message: str, site: Site) -> str:
    found = re.search(re.escape(site.url) + r"/account/\S+", message)
    assert found, message
    return found.group(0)


def _no_sideways_scroll(page: Any) -> None:
    # After a form's submission the new page's text may be there before its style sheet:
    # measure once the page has loaded (seen under load, CI).
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("width", [360, 1280])
def test_sign_up_verify_profile_log_out_log_in_reset(browser: Any, site: Site, width: int) -> None:
    visit = Visit(browser, site, width, 800 if width == 360 else 900)
    page = visit.page
    address = f"amani{width}@example.org"
    try:
        # Anonymous header: log in / sign up.
        visit.open("/")
        assert page.get_by_role("link", name="Sign up").is_visible()
        page.get_by_role("link", name="Sign up").click()
        page.fill("input[name=email]", address)
        page.fill("input[name=password1]", PASSWORD)
        page.fill("input[name=password2]", PASSWORD)
        _no_sideways_scroll(page)
        visit.screenshot("accounts-signup")
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/account/confirm-email/")
        visit.screenshot("accounts-verification-sent")
        # The verification mail, then its link; confirming logs in (same browser).
        message, seen = _mail_to(site, address, 0)
        page.goto(_link(message, site))
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/me/")  # after log-in: my page
        visit.open("/account/profile/")
        # Profile: a bad time zone gives a message at the field and saves nothing.
        page.fill("#display_name", "Amani Juma")
        page.fill("#time_zone", "Mars/Olympus")
        page.locator("main form.stack button[type=submit]").click()
        error = page.locator("#time_zone-error")
        assert "is not a time zone name" in error.inner_text()
        assert page.locator("#time_zone").get_attribute("aria-invalid") == "true"
        _no_sideways_scroll(page)
        visit.screenshot("accounts-profile-error")
        visit.open("/account/profile/")
        assert page.locator("#display_name").input_value() == ""
        # Good input is saved and shown in the header.
        page.fill("#display_name", "Amani Juma")
        page.fill("#country", "TZ")
        page.fill("#ratings", "fide: 1850")
        page.fill("#time_zone", "Africa/Dar_es_Salaam")
        page.select_option("#email_round-published", "daily")
        page.locator("main form.stack button[type=submit]").click()
        page.wait_for_url("**/account/profile/")
        assert "Your profile is saved." in page.locator(".messages").inner_text()
        assert page.locator(".account-area .who").inner_text() == "Amani Juma"
        assert page.locator("#email_round-published").input_value() == "daily"
        _no_sideways_scroll(page)
        visit.screenshot("accounts-profile")
        # Log out from the header (a POST form), then log in by e-mail.
        page.locator(".account-area button").click()
        page.wait_for_load_state()
        visit.open("/")
        assert page.get_by_role("link", name="Log in").is_visible()
        page.get_by_role("link", name="Log in").click()
        page.fill("input[name=login]", address)
        page.fill("input[name=password]", PASSWORD)
        visit.screenshot("accounts-login")
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/me/")
        page.locator(".account-area button").click()
        page.wait_for_load_state()
        # Password reset by mail.
        visit.open("/account/password/reset/")
        page.fill("input[name=email]", address)
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/account/password/reset/done/")
        message, seen = _mail_to(site, address, seen)
        page.goto(_link(message, site))
        page.fill("input[name=password1]", NEW_PASSWORD)
        page.fill("input[name=password2]", NEW_PASSWORD)
        visit.screenshot("accounts-new-password")
        page.locator("main button[name=action]").click()
        page.wait_for_url("**/account/password/reset/key/done/")
        visit.open("/account/login/")
        page.fill("input[name=login]", address)
        page.fill("input[name=password]", NEW_PASSWORD)
        page.locator("main button[type=submit]").click()
        page.wait_for_url("**/me/")
        # The tokens page: create one, its secret shown once.
        visit.open("/account/tokens/")
        page.fill("#name", "my script")
        page.select_option("#scope", "report")
        page.locator("main form.stack button[type=submit]").click()
        assert page.locator("#new-token").inner_text().startswith("msh_")
        _no_sideways_scroll(page)
        visit.screenshot("accounts-tokens")
    finally:
        visit.close()
