"""Team events (issue 32): rosters, matches of N boards, match points, team tie-breaks,
team round-robins, the FIDE team Swiss (C.04.6), board colours."""
