"""The organiser and arbiter console under /console/ (issue 14 item 4)."""
