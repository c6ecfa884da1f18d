"""What happened at the table. No tables yet: games arrive with the score sheet."""
