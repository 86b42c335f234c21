"""The board: layout maths, artwork, overlay layers, painting and the interactive widget."""
