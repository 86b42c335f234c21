"""Our engine for other programs: the UCI and XBoard (CECP) protocols over standard input and output.

``python -m rules uci`` and ``python -m rules xboard`` run :mod:`.uci` and :mod:`.xboard`;
:mod:`.movetext` turns moves into the protocols' coordinate text and back, and
:mod:`.session` is the game and the searching thread both protocols share. See docs/engines.md.
"""
