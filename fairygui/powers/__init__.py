"""Seeing the powers: overlays, hover, the powers panel and the piece panel.

``facts`` is the one module here that asks the rules package anything; it turns the
answers (``Game.explain()``, ``describe_move``, ``attacked_squares``, legal moves) into
plain data. ``words`` says that data in sentences, ``layers`` paints it on the board,
and ``view`` wires it all to the window.
"""
