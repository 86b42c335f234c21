"""The setup editor: build any position, arrange Alternate Setup #1, check a
position with the rules package, save and open setups, start a game or explore freely.

``link.show_editor(workspace)`` and ``link.explore_game(workspace, game)`` are the entries
the main window uses.
"""
