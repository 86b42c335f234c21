"""The computer opponent in the app: who plays, searching in a worker, the thinking
indicator, and the Move now / Take back / Hint commands.

The engine itself is ``rules.engine`` (see ``docs/engine.md``); this package only runs it
off the GUI thread and plays its answers through the :class:`~fairygui.controller.GameController`.
"""
