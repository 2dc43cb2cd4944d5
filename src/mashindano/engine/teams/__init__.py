"""Team events (issue 32): rosters, matches of N boards, match points, team tie-breaks."""
