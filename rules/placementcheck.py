"""A setup's placement read against the board and the piece letters, without building rules.

Loading and ``check`` read every setup this way, so each rank that does not fit the
board and each unknown letter is reported (the position reader stops at the first).
Piece states in brackets (``[m]``, ``[c=...]``) are left to the position reader.
"""

from __future__ import annotations

import re

from .limits import excerpt

#: One token of a placement: a run of empty squares, a one-letter piece, a longer letter in
#: braces, or a piece's state in brackets. ASCII digits only: ``str.isdigit`` and ``\d``
#: accept digits (``'²'``, ``'٣'``) that ``int`` refuses.
PLACEMENT_TOKEN = re.compile(r"([0-9]+)|([A-Za-z])|\{([A-Za-z][A-Za-z0-9]*)\}|(\[[^\]]*\])")


def placement_problems(text: str, files: int, ranks: int, letters: frozenset[str]) -> list[str]:
    """Every fault of a placement on a ``files`` x ``ranks`` board whose pieces use ``letters``."""
    rows = text.split("/")
    if len(rows) != ranks:
        return [f"placement {excerpt(text)} has {len(rows)} ranks; this {files}x{ranks} board needs {ranks}"]
    out: list[str] = []
    unknown: list[str] = []
    for i, row in enumerate(rows):
        rank = ranks - i
        squares = 0
        pos = 0
        readable = True
        while pos < len(row):
            match = PLACEMENT_TOKEN.match(row, pos)
            if match is None:
                out.append(f"rank {rank}: unexpected character {row[pos]!r} in {excerpt(row)}")
                readable = False
                break
            pos = match.end()
            digits, letter, long_letter, _state = match.groups()
            if digits:
                squares += int(digits[:4])  # a longer run is too long for any board anyway
                continue
            token = letter or long_letter
            if token is None:
                continue  # a piece state
            squares += 1
            if (token.upper() not in letters or token not in (token.upper(), token.lower())) and token not in unknown:
                unknown.append(token)
                out.append(f"rank {rank}: unknown piece letter {excerpt(token)}; this variant uses: "
                           f"{' '.join(sorted(letters))}")
        if readable and squares != files:
            out.append(f"rank {rank} has {squares} squares in {excerpt(row)}; the board has {files} files")
    return out


#: A starting hand after a setup's last rank: piece letters in brackets (``[HEhe]``), ``[-]`` or ``[]``.
_SETUP_HAND = re.compile(r"\[((?:[A-Za-z]|\{[A-Za-z][A-Za-z0-9]*\})*|-)\]$")
_HAND_TOKEN = re.compile(r"\{([A-Za-z][A-Za-z0-9]*)\}|([A-Za-z])")


def split_setup_hand(text: str, letters: frozenset[str]) -> tuple[str, str]:
    """(placement, hand text) of a setup: a bracket of piece letters after the last rank is the
    starting hand, as position text writes hands. A bracket that could be a piece's state
    (lowercase words such as ``[m]`` or ``[original]`` that are not all piece letters) stays."""
    found = _SETUP_HAND.search(text)
    if found is None:
        return text, ""
    hand = found.group(1)
    tokens = [a or b for a, b in _HAND_TOKEN.findall(hand)]
    is_hand = hand in ("", "-") or any(t[0].isupper() for t in tokens) or (
        hand not in ("m", "u") and all(t.upper() in letters for t in tokens)
    )
    if not is_hand:
        return text, ""
    return text[: found.start()], "" if hand == "-" else hand


def hand_problems(hand: str, letters: frozenset[str]) -> list[str]:
    """Unknown letters in a setup's starting hand."""
    unknown = sorted({t for a, b in _HAND_TOKEN.findall(hand) if (t := a or b).upper() not in letters})
    return [f"the starting hand {excerpt(hand)} holds unknown piece letter {excerpt(t)}; this variant uses: "
            f"{' '.join(sorted(letters))}" for t in unknown]
