"""The pages, one blueprint per area."""
