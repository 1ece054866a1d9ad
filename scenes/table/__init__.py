"""The table's pictures: card faces and backs (card_art), seat portraits (avatars)."""
