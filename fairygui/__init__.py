"""The Qt desktop application. It asks the rules package for every rule fact."""
