"""Entry point of the desktop app (placeholder until the app lands)."""

from __future__ import annotations


def main() -> int:
    from rules.cli import main as rules_main

    return rules_main(["variants"])
