"""What the use cases say: rich text as data (`text`) and their wording (`wording`)."""
