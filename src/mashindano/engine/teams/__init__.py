"""Team events (issue 32): teams with ordered rosters, matches of N boards, match and game points, team tie-breaks."""
