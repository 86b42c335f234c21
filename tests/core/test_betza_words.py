"""Betza in words (rules/betzawords.py): the sentence a player reads for a piece's notation."""

from __future__ import annotations

import pytest

from rules import BetzaError
from rules.betzawords import betza_sentence, betza_words


@pytest.mark.parametrize(("betza", "sentence"), [
    ("BN", "It has bishop slides and knight leaps."),  # the archbishop
    ("RN", "It has rook slides and knight leaps."),  # the chancellor
    ("Q", "It has queen slides."),  # orthogonal and diagonal slides said once
    ("K", "It has steps in any direction."),
    ("NN", "It has knight-rider leaps."),
    ("mRcB2", "It has rook slides (no capture) and diagonal slides of up to 2 (captures only)."),
    ("pR", "It has rook slides (over one piece)."),  # a hopper
    ("fmWfcFifmnD", "It has forward orthogonal steps (no capture), forward diagonal steps (captures only) "
                    "and forward dabbaba leaps (no capture, first move, path must be clear)."),
    ("", "It has no moves of its own."),
])
def test_sentences(betza: str, sentence: str) -> None:
    assert betza_sentence(betza) == sentence


def test_a_bad_string_raises_with_its_position() -> None:
    with pytest.raises(BetzaError) as caught:
        betza_sentence("BNX3")
    assert caught.value.position == 2


def test_the_short_form_keeps_a_bad_string_as_written() -> None:
    assert betza_words("BNX3") == "BNX3"
    assert betza_words("NC") == "knight leaps, camel leaps"
