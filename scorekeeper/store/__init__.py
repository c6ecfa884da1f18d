"""What is kept: the typed models, the hand record, the database and its migrations' guard, SQLite's
writer queue, backups, rate-limit counts, and what a process keeps in memory (derived, droppable)."""
