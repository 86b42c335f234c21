"""Setup files (``.fen``): a position text, with the variant and options that give it meaning.

A position text alone does not say which variant it belongs to, so a setup file starts with
the same tags a game record uses, then the text on a line of its own::

    [Variant "friendly"]
    [Options "second_row=mirror"]
    tmdcffffcdmt/joelaggsbxih/... w - - 0 1

A file holding only a position text is read as a position of the variant on the editor.
Drafts that cannot start a game are written and read like any other: only the rules'
reading of letters and fields can refuse a file.
"""

from __future__ import annotations

import re
from pathlib import Path

import rules
from rules.files import read_user_file
from rules.limits import excerpt
from rules.pgn import quote_tag, unquote_tag
from rules.record import options_text, parse_options_text, typed_options

from ..savefile import write_atomically
from .draft import Draft, read_text

SUFFIX = ".fen"
FILTER = "Setups (*.fen);;All files (*)"
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')


class SetupFileError(ValueError):
    """A setup file that cannot be read; the message names the line and the fault."""


def setup_text(draft: Draft) -> str:
    lines = [f'[Variant "{quote_tag(draft.variant)}"]']
    if draft.options:
        lines.append(f'[Options "{quote_tag(options_text(draft.options))}"]')
    lines.append(draft.text())
    return "\n".join(lines) + "\n"


def parse_setup(text: str, variant: str, options: dict[str, object] | None = None) -> Draft:
    """A draft from a setup file's text; ``variant`` and ``options`` apply when it has no tags."""
    tags: dict[str, tuple[str, int]] = {}
    position: tuple[str, int] | None = None
    for number, raw in enumerate(text.split("\n"), 1):  # not splitlines: a tag value may hold a form feed
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            if position is not None:
                raise SetupFileError(f"line {number}: tags must come before the position text")
            m = _TAG.match(line)
            if not m:
                raise SetupFileError(f"line {number}: cannot read tag {excerpt(line)}; tags look like [Name \"value\"]")
            tags[m.group(1)] = (unquote_tag(m.group(2)), number)
            continue
        if position is not None:
            raise SetupFileError(f"line {number}: only one position text may follow the tags")
        position = (line, number)
    if position is None:
        raise SetupFileError("the file holds no position text")
    chosen: dict[str, object] = dict(options or {})
    if "Variant" in tags:
        variant, line = tags["Variant"]
        if variant not in rules.variant_ids():
            raise SetupFileError(f"line {line}: unknown variant {excerpt(variant)}")
        chosen = {}
    if "Options" in tags:
        value, line = tags["Options"]
        try:
            chosen = typed_options(variant, parse_options_text(value))
            rules.variant(variant).resolve_options(chosen)
        except (ValueError, rules.RulesError) as exc:
            raise SetupFileError(f"line {line}: {exc}") from None
    text_, line = position
    try:
        return read_text(variant, chosen, text_)
    except rules.RulesError as exc:
        raise SetupFileError(f"line {line}: {exc}") from None


def read_setup(path: Path, variant: str, options: dict[str, object] | None = None) -> Draft:
    """Read a setup file; SetupFileError names what is wrong."""
    try:
        text = read_user_file(path, "setup file")
    except rules.UserFileError as exc:
        raise SetupFileError(f"{path.name} {exc.problem}") from None
    try:
        return parse_setup(text, variant, options)
    except SetupFileError as exc:
        raise SetupFileError(f"{path.name}, {exc}") from None


def write_setup(path: Path, draft: Draft) -> None:
    """Write atomically with the user's file permissions (``savefile.py``)."""
    write_atomically(path, setup_text(draft))
