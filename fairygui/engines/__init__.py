"""Other programs' engines in the app (Settings > Engines): UCI and XBoard engines as the computer
opponent or the analysis engine. :mod:`.client` speaks to the engine process (no Qt),
:mod:`.registry` keeps the list in the settings, :mod:`.manager` hands engines to the opponent
and the analysis panel, :mod:`.dialog` is the Settings > Engines window."""
