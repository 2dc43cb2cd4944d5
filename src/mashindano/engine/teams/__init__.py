"""Team events: team round-robins, the FIDE team Swiss (C.04.6), board colours."""
