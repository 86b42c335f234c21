"""Can a variant start a game? The part of ``python -m rules check`` that builds the rules.

A file whose keys and types are right may still never start a game: a placement
off the board or with an unknown letter, a power whose data is wrong, an option
choice that breaks a power. So ``check`` builds the rules of every variant with
its default options and with each choice of each option (one at a time), sets up
the start position and lists its legal moves. Every failure becomes a reported
problem; nothing escapes as a traceback.
"""

from __future__ import annotations

from typing import Any

from .datafields import short_repr
from .errors import FenError, RulesError, VariantFileError
from .game import Game
from .placement import castling_sides
from .powers.castling import Castling
from .ruleset import Rules
from .tomllines import key_line, key_lines
from .variant import Problem, VariantDef

#: At most this many option sets are tried per variant (defaults first).
MAX_OPTION_SETS = 64


def option_sets(vdef: VariantDef) -> list[dict[str, Any]]:
    """The defaults, then each choice of each option with the other options at their defaults."""
    out: list[dict[str, Any]] = [{}]
    for name, opt in vdef.options.items():
        if opt.free_text:
            continue
        for choice in opt.choices:
            if choice != opt.default and len(out) < MAX_OPTION_SETS:
                out.append({name: choice})
    return out


def _described(options: dict[str, Any]) -> str:
    if not options:
        return "with its default options"
    ((name, value),) = options.items()
    return f"with option {name}={short_repr(value)}"


def start_problems(vdef: VariantDef) -> list[Problem]:
    """Every way this variant fails to start a game, with the options that make it fail."""
    problems: list[Problem] = []
    seen: set[str] = set()  # a fault that every option set shares is reported once
    for given in option_sets(vdef):
        try:
            rules = Rules(vdef, vdef.resolve_options(given))
            game = Game(rules, rules.start_position())
            game.legal_moves()
            found_castling = castling_problems(rules)
        except VariantFileError as exc:
            found = [(line, text, text) for line, text in exc.problems]
        except RulesError as exc:
            fault = _first_line(exc)
            setup = str(given.get("setup", vdef.default_setup))
            line = _placement_line(vdef, setup) if isinstance(exc, FenError) else None
            found = [(line, fault, f"variant {vdef.id!r} cannot start a game {_described(given)}: {fault}")]
        except Exception as exc:  # a fault no check above caught: still a report, never a traceback
            fault = f"{type(exc).__name__}: {_first_line(exc)}"
            found = [(None, fault, f"variant {vdef.id!r} cannot start a game {_described(given)}: {fault}")]
        else:
            line = _own_line(vdef, "castling", "king_steps")
            found = [(line, text, f"variant {vdef.id!r}: {text}") for text in found_castling]
        for line, fault, text in found:
            if fault not in seen:
                seen.add(fault)
                problems.append((line, text))
    return problems


def decided_start_warnings(vdef: VariantDef) -> list[Problem]:
    """A game over before its first move (a start array already checkmate or stalemate): it
    works, and a test position may want it, but a variant to play surely does not."""
    try:
        rules = Rules(vdef, vdef.resolve_options(None))
        game = Game(rules, rules.start_position())
    except Exception:  # noqa: BLE001 - start_problems reports why it cannot start
        return []
    if game.result is None:
        return []
    return [(_placement_line(vdef, vdef.default_setup),
             f"the start position is already decided ({game.result.reason}): no move can be played")]


def castling_problems(rules: Rules) -> list[str]:
    """A castling king whose steps would take it off the board never castles: say so."""
    power = rules.power_of(Castling)
    if power is None:
        return []
    geo = rules.geo
    out = []
    for color in (0, 1):
        for letter, (king, rook) in sorted(castling_sides(rules, color).items()):
            direction = 1 if rook > king else -1
            if geo.offset(king, direction * power.steps, 0) < 0:
                out.append(
                    f"castling {letter}: king_steps = {power.steps} takes the king on {geo.names[king]} "
                    "off the board, so it can never castle that way"
                )
    return out


def _own_line(vdef: VariantDef, *path: str) -> int | None:
    """The line of a key the variant's own file writes, or None."""
    return key_lines(vdef.text).exact(("variant", vdef.id, *path)) if vdef.text else None


def _placement_line(vdef: VariantDef, setup: str) -> int | None:
    """The line of a setup's placement, when this variant's own file writes that setup."""
    table = f"variant.{vdef.id}.setups.{setup}"
    if not any(line.strip().strip("[]").strip() == table for line in vdef.text.splitlines()):
        return None
    return key_line(vdef.text, table, "placement")


def _first_line(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text[:300]
