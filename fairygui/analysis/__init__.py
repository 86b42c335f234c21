"""The analysis panel: the engine's evaluation of the position on the board, searched off the
GUI thread while the panel is on (``AnalysisView``)."""
