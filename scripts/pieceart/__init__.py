"""The piece artwork behind ``scripts/draw_pieces.py``, one family of drawings per module.

svg       string helpers: numbers, raw paths, groups, transforms, mirroring, the SVG frame
pen       the two palettes and the Pen that draws in the house style
parts     pieces of pieces: pedestal, stem, medallion, horse, rider echoes
chess     the orthodox six, the cannon and the grasshopper
compounds horses in hats, horse riders, winged pieces
leapers   leaper emblems and their riders
creatures animals and beasts
friendly  the Friendly set and the fairy pawns
pocket43  the pocket 4x3 extras
markers   the neutral ferry and pocket markers
table     piece ids to drawings, sheet groups, writing the SVG files
sheet     the PySide6 contact sheet
"""
