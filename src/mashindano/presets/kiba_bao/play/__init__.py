"""Bao played on the site (issue 19): the game page, my games, records and the replay."""
