"""Every key of the variant file format, declared once.

This module is the single description of what a variant file may say: ``check``
(unknown keys, wrong types, out-of-range values) and the variant designer (forms,
tooltips) both read it, and docs/variant-files.md says the same in prose. It holds
data only and imports nothing from the rest of ``rules``.

Tables are named by *table paths*: dotted names inside one ``[variant.<id>]`` with a
placeholder in angle brackets where the file chooses the name::

    variant                         the [variant.<id>] table itself
    variant.pieces.<piece>          one piece
    variant.setups.<setup>          one setup
    variant.promotion               ...

Public API:

* :class:`KeySpec` ``(name, kind, default, doc, choices, range, table)``: one key.
  ``kind`` is one of :data:`KINDS` (``"integer"``, ``"pieces"``, ``"table"``...);
  ``range`` is ``(low, high)`` whose bounds are whole numbers or the board's
  ``"files"``/``"ranks"`` (see :func:`resolve_bound`); a ``"table"`` key names the
  table path of its contents in ``table``.
* :class:`TableSpec` ``(path, doc, keys, entry)``: one table; ``entry`` is the spec
  every key *not* listed follows (a table of pieces, a map from piece to depth), or
  None when unlisted keys are unknown keys.
* :func:`tables` lists the table paths; :func:`table` gives one :class:`TableSpec`;
  :func:`keys` its listed keys; :func:`key` one key or None; :func:`spec_for` the
  spec of any key of a table, listed or entry.
* :func:`table_path` turns a concrete path (``("pieces", "king")``) into its table
  path (``"variant.pieces.<piece>"``).
* :func:`register` adds a key and :func:`register_table` a table: registering a new
  rule feature's key is one line in ``_EXTENSIONS`` at the end of this module. A key
  whose value may be of several kinds has the kind ``"any"`` (its feature checks it).

An entry spec named ``<piece>`` or ``<option>`` (a map keyed by piece ids or option
names, such as ``promotion.zone_by_piece``) makes ``check`` require that each key names
one. Example, for a form's field and tooltip::

    spec = schema.key("variant.castling", "king_steps")
    spec.kind, spec.default, spec.range, spec.doc
    # ('integer', 2, (1, 'files-1'), 'How many squares the king moves toward the rook.')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: The kinds of value a key may hold.
Kind = Literal[
    "string",  # any text
    "integer",  # a whole number (true/false is not one)
    "number",  # a whole number or a fraction
    "boolean",  # true or false
    "strings",  # a list of strings
    "integers",  # a list of whole numbers
    "piece",  # the id of a piece of the variant
    "pieces",  # a list of piece ids
    "pieces-or-pool",  # a list of piece ids, or the string "pool"
    "betza",  # a Betza string
    "placement",  # position text: ranks from the top, "/" between
    "squares",  # a list of square names on the board
    "option",  # the name of a game option of the variant
    "value",  # true/false, a whole number or a string (an option's value)
    "values",  # a list of such values
    "table",  # a table; its keys are described by KeySpec.table (None: a free table)
    "any",  # any value: the feature that reads it checks it (for keys of several kinds)
]
KINDS: tuple[Kind, ...] = (
    "string", "integer", "number", "boolean", "strings", "integers", "piece", "pieces", "pieces-or-pool",
    "betza", "placement", "squares", "option", "value", "values", "table", "any",
)

#: A bound of a range: a whole number, or a size of the board the variant plays on.
Bound = int | Literal["files", "ranks", "files-1", "ranks-1"]


@dataclass(frozen=True)
class KeySpec:
    """One key: its kind, default (None: no default, or "see doc"), one-line meaning."""

    name: str
    kind: Kind
    default: object
    doc: str
    #: The only values allowed, where the key is a choice among named values.
    choices: tuple[object, ...] = ()
    #: Lowest and highest value (for lists: of each item), bounds included.
    range: tuple[Bound, Bound] | None = None
    #: For ``kind == "table"``: the table path describing its keys (None: any keys).
    table: str | None = None
    #: The key must be present.
    required: bool = False


@dataclass
class TableSpec:
    """One table of the format."""

    path: str
    doc: str
    keys: dict[str, KeySpec] = field(default_factory=dict)
    #: The spec of every key not in ``keys`` (its ``name`` is a placeholder), or None:
    #: then such a key is an unknown key.
    entry: KeySpec | None = None


def resolve_bound(bound: Bound, files: int, ranks: int) -> int:
    """A range bound as a number on a board of ``files`` x ``ranks``."""
    if isinstance(bound, int):
        return bound
    return {"files": files, "ranks": ranks, "files-1": files - 1, "ranks-1": ranks - 1}[bound]


_TABLES: dict[str, TableSpec] = {}


def _table(path: str, doc: str, *specs: KeySpec, entry: KeySpec | None = None) -> None:
    _TABLES[path] = TableSpec(path, doc, {s.name: s for s in specs}, entry)


def register(path: str, spec: KeySpec) -> None:
    """Add (or replace) one key of a table, e.g. a new rule feature's key."""
    if path not in _TABLES:
        raise KeyError(f"no table {path!r} in the variant format; tables: {', '.join(_TABLES)}")
    _TABLES[path].keys[spec.name] = spec


def register_table(path: str, doc: str, *specs: KeySpec, entry: KeySpec | None = None) -> None:
    """Add a new table (e.g. ``variant.data.<name>`` of a new power) with its keys."""
    _table(path, doc, *specs, entry=entry)


def tables() -> tuple[str, ...]:
    """Every table path, outermost first."""
    return tuple(_TABLES)


def table(path: str) -> TableSpec:
    """The table at ``path``; KeyError for a path the format does not have."""
    return _TABLES[path]


def keys(path: str) -> tuple[KeySpec, ...]:
    """The listed keys of the table at ``path``, in documentation order."""
    return tuple(_TABLES[path].keys.values())


def key(path: str, name: str) -> KeySpec | None:
    """A listed key of a table, or None."""
    spec = _TABLES.get(path)
    return spec.keys.get(name) if spec is not None else None


def spec_for(path: str, name: str) -> KeySpec | None:
    """The spec that key ``name`` of the table ``path`` follows (listed or entry), or None if unknown."""
    spec = _TABLES.get(path)
    if spec is None:
        return None
    return spec.keys.get(name, spec.entry)


def table_path(parts: tuple[str, ...]) -> str | None:
    """The table path of a concrete table inside ``[variant.<id>]`` (``()`` is ``"variant"``).

    None when the format describes no such table (inside a free table, or under an
    unknown key)."""
    path = "variant"
    for part in parts:
        spec = spec_for(path, part)
        if spec is None or spec.kind != "table" or spec.table is None:
            return None
        path = spec.table
    return path


def _k(
    name: str,
    kind: Kind,
    default: object,
    doc: str,
    *,
    choices: tuple[object, ...] = (),
    range: tuple[Bound, Bound] | None = None,  # noqa: A002 - the field's name
    table: str | None = None,
    required: bool = False,
) -> KeySpec:
    return KeySpec(name, kind, default, doc, choices, range, table, required)


# ---------------------------------------------------------------- [variant.<id>]

_table(
    "variant",
    "One variant: [variant.<id>], merged over its parent's table.",
    _k("parent", "string", None, "Id of a variant to start from; this table is merged over it."),
    _k("name", "string", None, "Shown in the new-game dialog (default: the id)."),
    _k("description", "string", "", "Shown in the new-game dialog."),
    _k("files", "integer", 8, "Number of files (columns) of the board.", range=(1, 26)),
    _k("ranks", "integer", 8, "Number of ranks (rows) of the board.", range=(1, 26)),
    _k("extra_squares", "strings", [], "Names of squares off the board, e.g. [\"pocket\"]."),
    _k("royal", "pieces", [], "Piece ids that must not be left attacked (checkmate)."),
    _k("royal_mode", "string", "always", "Royalty always, or only for a side's last royal piece.",
       choices=("always", "last-one")),
    _k("lose_without_royals", "boolean", False, "A side with no royal piece left has lost."),
    _k("powers", "strings", [], "Variant-level powers, by name (castling, en-passant, promotion...)."),
    _k("pieces", "table", None, "The pieces, one table each: [variant.<id>.pieces.<piece-id>].",
       table="variant.pieces", required=True),
    _k("setups", "table", None, "The start positions, one table each: [variant.<id>.setups.<name>].",
       table="variant.setups", required=True),
    _k("default_setup", "string", None, "Which of the setups starts a game (default: the first)."),
    _k("promotion", "table", {}, "Which pieces promote, where and to what (the promotion power).",
       table="variant.promotion"),
    _k("castling", "table", {}, "The castling king, rook and king distance (the castling power).",
       table="variant.castling"),
    _k("options", "table", {}, "Game options the new-game dialog offers.", table="variant.options"),
    _k("zones", "table", {}, "Named sets of board squares, each a list of square names.",
       table="variant.zones"),
    _k("remove_pieces", "strings", [],
       "Ids of the parent's pieces this variant does without (a piece it also defines starts afresh)."),
    _k("hidden", "boolean", False, "Keep the variant out of the list of playable ones (a base for others)."),
    _k("replaces_builtin", "boolean", False,
       "A user file's variant with a built-in variant's id replaces it only when this is true."),
    _k("data", "table", {}, "Tables read by the variant's powers.", table="variant.data"),
    _k("fairy_stockfish", "string", None,
       "The name Fairy-Stockfish gives the same game: records' Variant tag, and the pyffish differential test."),
    _k("fairy_stockfish_letters", "table", {}, "Fairy-Stockfish's letter for each piece whose letter differs.",
       table="variant.fairy_stockfish_letters"),
    _k("san_letters", "table", {},
       "The letter SAN writes for each piece whose SAN letter differs from its letter (a pawn listed "
       "here is written with its letter, like any piece).",
       table="variant.san_letters"),
)

_table(
    "variant.san_letters",
    "SAN's letters, by piece id (Fairy-Stockfish's: a Xiangqi Horse \"H\", a Shogi pawn \"P\").",
    entry=_k("<piece>", "string", None, "The letter SAN writes for this piece."),
)

_table(
    "variant.fairy_stockfish_letters",
    "Fairy-Stockfish's letters, by piece id (\"+P\" for a shogi-style promoted piece).",
    entry=_k("<piece>", "string", None, "Fairy-Stockfish's letter for this piece."),
)

_table(
    "variant.pieces",
    "The pieces of the variant, by piece id.",
    entry=_k("<piece>", "table", None, "One piece: [variant.<id>.pieces.<piece-id>].",
             table="variant.pieces.<piece>"),
)
_table(
    "variant.pieces.<piece>",
    "One piece type.",
    _k("name", "string", None, "Display name (default: the id in words)."),
    _k("letter", "string", None, "One capital, or capitals and digits written {AB}; unique in the variant.",
       required=True),
    _k("betza", "betza", "", "Plain movement in Betza notation."),
    _k("powers", "strings", [], "Piece-level powers: what Betza cannot say."),
    _k("notation", "string", None, "The whole move as shown to players (default: Betza plus each power)."),
    _k("tracks_moved", "boolean", False, "Remember whether the piece has moved (first moves, castling)."),
    _k("pawn", "boolean", False, "A pawn: resets the fifty-move clock, takes part in en passant."),
    _k("components", "pieces", [], "The pieces a compound is made of (merging variants)."),
    _k("value", "number", None, "A hint for the computer opponent."),
    _k("description", "string", "", "One paragraph for the piece panel."),
    _k("data", "table", {}, "Tables read by the piece's powers.", table="variant.pieces.<piece>.data"),
)
_table(
    "variant.pieces.<piece>.data",
    "Data of a piece's powers.",
    _k("bent", "table", None, "Bent rider: the first step and the slide that follows.",
       table="variant.pieces.<piece>.data.bent"),
    _k("breath", "betza", None, "Fire breath: the breath moves in Betza, e.g. \"fmB\"."),
)
_table(
    "variant.pieces.<piece>.data.bent",
    "A bent rider's two legs.",
    _k("first", "string", None, "The first step, one Betza leap letter (F or W).", required=True),
    _k("then", "string", None, "The slide turned outward after it, one Betza leap letter.", required=True),
)

_table(
    "variant.setups",
    "The start positions, by name.",
    entry=_k("<setup>", "table", None, "One setup: [variant.<id>.setups.<name>].", table="variant.setups.<setup>"),
)
_table(
    "variant.setups.<setup>",
    "One start position; with more than one the game gets the option `setup`.",
    _k("placement", "placement", None, "The position text: ranks from the top, \"/\" between.", required=True),
    _k("description", "string", "", "One line for the new-game dialog."),
    _k("data", "table", {}, "Data a setup gives its powers.", table="variant.setups.<setup>.data"),
)
_table(
    "variant.setups.<setup>.data",
    "Data of one setup, read by the setup powers.",
    _k("second_row", "integer", None, "The rank of the second row that may be ordered freely.", range=(1, "ranks")),
    _k("free_order", "boolean", False, "The second row is ordered by the players."),
    _k("promotion_zone_by_piece", "table", {}, "Per piece id, its promotion zone depth under this setup.",
       table="variant.promotion.zone_by_piece"),
)

# ---------------------------------------------------------------- promotion, castling

_table(
    "variant.promotion",
    "Promotion: which pieces promote, where and to what.",
    _k("pieces", "pieces", [], "Ids of the pieces that promote."),
    _k("zone", "integer", 1, "How many far ranks form the promotion zone.", range=(1, "ranks")),
    _k("zone_by_piece", "table", {}, "Per piece id, a different zone depth.", table="variant.promotion.zone_by_piece"),
    _k("choices", "pieces-or-pool", [],
       "Piece ids to promote to, or \"pool\" for own pieces the opponent captured."),
    _k("exclude", "pieces", [], "Piece ids never chosen from the pool."),
    _k("cap_factor", "integer", 2, "Capped promotion: a kind may be chosen while fewer than this many stand.",
       range=(1, 64)),
    _k("compulsory_ranks", "integers", [], "Capped promotion: ranks where a pawn must promote.", range=(1, "ranks")),
    _k("optional_ranks", "integers", [], "Capped promotion: ranks where a pawn may promote.", range=(1, "ranks")),
)
_table(
    "variant.promotion.zone_by_piece",
    "Per piece id, how many far ranks form its promotion zone.",
    entry=_k("<piece>", "integer", None, "The zone depth of this piece.", range=(1, "ranks")),
)
_table(
    "variant.castling",
    "Castling (the castling power).",
    _k("king", "piece", "king", "Id of the piece that castles like a king."),
    _k("rook", "piece", "rook", "Id of the piece it castles with."),
    _k("king_steps", "integer", 2, "How many squares the king moves toward the rook.", range=(1, "files-1")),
)

# ---------------------------------------------------------------- options, zones

_table(
    "variant.options",
    "Game options, by name.",
    entry=_k("<option>", "table", None, "One option: [variant.<id>.options.<name>].",
             table="variant.options.<option>"),
)
_table(
    "variant.options.<option>",
    "One game option the new-game dialog offers.",
    _k("default", "value", None, "The default: true/false, a whole number or a string.", required=True),
    _k("choices", "values", None, "The values offered, of the default's type (default: [true, false])."),
    _k("description", "string", "", "One line for the new-game dialog."),
    _k("choice_descriptions", "table", {}, "A table from choice to one line.",
       table="variant.options.<option>.choice_descriptions"),
    _k("free_text", "boolean", False, "The option takes any text (the power that reads it checks it)."),
)
_table(
    "variant.options.<option>.choice_descriptions",
    "One line per choice of an option.",
    entry=_k("<choice>", "string", None, "What this choice means."),
)
_table(
    "variant.zones",
    "Named sets of board squares.",
    entry=_k("<zone>", "squares", None, "The squares of this zone, by name (\"e4\")."),
)

# ---------------------------------------------------------------- data of the powers

_table(
    "variant.data",
    "Tables and values read by the variant's powers.",
    _k("borrower", "piece", None, "Borrowing, Hia, poison: the piece id that borrows (the Friend)."),
    _k("chicken_retreat", "betza", "bRbB", "Chicken pawn: its retreat moves, in White's view."),
    _k("locust", "betza", "K", "Locust capture: the directions it jumps over an enemy."),
    _k("withdrawal", "betza", "K", "Withdrawal capture: the directions it steps away from an enemy."),
    _k("rifle", "betza", "N", "Rifle capture: the leaps it shoots along without moving."),
    _k("swap", "betza", "NAD", "Swap: the leaps to a friendly piece it swaps places with."),
    _k("poison_knight", "betza", "N", "Poison's lame path: the leaps it moves by."),
    _k("ferry", "table", None, "The Ferries: their option and ranks.", table="variant.data.ferry"),
    _k("water", "table", None, "The water across the board.", table="variant.data.water"),
    _k("pocket", "table", None, "The Pocket square and who may enter it.", table="variant.data.pocket"),
    _k("cube", "table", None, "The cube rule of the Pocket.", table="variant.data.cube"),
    _k("starting_forms", "table", None, "Which form each two-form family starts in.",
       table="variant.data.starting_forms"),
    _k("families", "table", None, "Two-form piece families, by name.", table="variant.data.families"),
    _k("flip_modes", "table", None, "Option name -> \"same\" or \"opposite\" flip mode.",
       table="variant.data.flip_modes"),
    _k("merging", "table", None, "The recipe book of merging variants.", table="variant.data.merging"),
    _k("placement-options", "table", None, "Option name -> \"<colour> <piece-id>\" it places.",
       table="variant.data.placement-options"),
    _k("engine", "table", None, "The computer opponent's term weights and power bonuses.",
       table="variant.data.engine"),
)
_table(
    "variant.data.ferry",
    "The Ferries (the ferry power).",
    _k("option", "option", None, "The game option whose value gives the Ferries' starting squares.", required=True),
    _k("ranks", "integers", [], "The ranks the Ferries sail on.", range=(1, "ranks"), required=True),
)
_table(
    "variant.data.water",
    "The water (the water power).",
    _k("after_rank", "integer", None, "The water lies between this rank and the next.", range=(1, "ranks-1"),
       required=True),
    _k("crossing_kinds", "strings", [], "Move kinds that may always cross."),
    _k("flyers", "pieces", None, "Piece ids that fly over it (default: read from Betza)."),
)
_table(
    "variant.data.pocket",
    "The Pocket (the pocket power).",
    _k("square", "string", "pocket", "The extra square's name."),
    _k("pieces", "pieces", [], "Piece ids that may enter and leave freely."),
    _k("river", "table", None, "Pieces admitted only under an option, from and to some ranks.",
       table="variant.data.pocket.river"),
)
_table(
    "variant.data.pocket.river",
    "The river rule of the Pocket.",
    _k("option", "option", None, "The game option that turns it on."),
    _k("pieces", "pieces", [], "Piece ids admitted only then."),
    _k("enter_ranks", "integers", [], "Ranks (from the owner's side) they may enter from.", range=(1, "ranks")),
    _k("leave_ranks", "integers", [], "Board ranks they may leave for.", range=(1, "ranks")),
)
_table(
    "variant.data.cube",
    "The cube rule (the pocket-cube power).",
    _k("option", "option", "cube", "The game option that turns the rule on."),
    _k("state", "string", "cube", "The position state key holding the last entrant's colour."),
)
_table(
    "variant.data.starting_forms",
    "Starting forms (the starting-forms power).",
    _k("option", "option", None, "The option whose value names one form per family, joined by hyphens."),
    _k("black_opposite", "option", None, "The option under which Black starts in the other forms."),
)
_table(
    "variant.data.families",
    "Two-form piece families, by name.",
    entry=_k("<family>", "table", None, "One family.", table="variant.data.families.<family>"),
)
_table(
    "variant.data.families.<family>",
    "One two-form family.",
    _k("forms", "pieces", None, "The two piece ids of its forms.", required=True),
    _k("option", "option", None, "A game option without which the family does not exist."),
)
_table(
    "variant.data.flip_modes",
    "Flip modes, by option name.",
    entry=_k("<option>", "string", None, "While this option is on, flips keep families in this mode.",
             choices=("same", "opposite")),
)
_table(
    "variant.data.merging",
    "The recipe book of merging variants (the merge and separate powers).",
    _k("never", "pieces", [], "Piece ids that never merge or separate."),
    _k("basic", "pieces", [], "Piece ids from which the components option derives further recipes."),
    _k("recipes", "table", {}, "Recipe groups, by name.", table="variant.data.merging.recipes"),
)
_table(
    "variant.data.merging.recipes",
    "Recipe groups, by name.",
    entry=_k("<group>", "table", None, "One group of recipes.", table="variant.data.merging.recipes.<group>"),
)
_table(
    "variant.data.merging.recipes.<group>",
    "One group of recipes.",
    _k("listed", "boolean", True, "The group is the rules text's own list."),
    _k("lines", "strings", [], "Recipe lines: \"a + b = r\", \"a > b = r\", \"a > b = r | s\", \"t - a = b\"."),
)
_table(
    "variant.data.engine",
    "The computer opponent's evaluation (docs/engine.md).",
    _k("terms", "table", {}, "Weights of the evaluation's terms (1.0: as tuned for chess; 0: off).",
       table="variant.data.engine.terms"),
    _k("power_values", "table", {}, "Centipawns a piece gains for holding a power, by power name.",
       table="variant.data.engine.power_values"),
)
#: The evaluation's terms (rules/engine/terms.py DEFAULT_WEIGHTS; a test keeps the two equal).
ENGINE_TERMS: tuple[tuple[str, str], ...] = (
    ("mobility", "Moves each piece has from its square (empty board, against its average)."),
    ("centre", "Pieces nearer the middle of the board."),
    ("pawn-advance", "Pawns nearer promotion."),
    ("royal-safety", "Royal pieces sheltered early, active late."),
    ("royal-attack", "Enemy pieces that reach the squares around a royal piece."),
    ("mop-up", "When well ahead: drive the enemy royal to the edge."),
    ("frozen", "A frozen piece can neither move nor guard."),
    ("borrowed", "Worth of moves a piece holds only while others lend them."),
    ("royal-count", "Where only the last royal is royal: each further one is a reserve life."),
    ("passed-pawn", "A pawn no enemy pawn can stop or take on its way, more so in the ending."),
    ("pawn-structure", "Doubled pawns and pawns with no own pawn on a neighbouring file."),
    ("army-balance", "Unequal armies at the start count as equal (their designer balanced them)."),
    ("simplify", "The side ahead gains as pieces come off."),
    ("move-rule", "A lead fades as the move-count rule nears, so the side ahead makes progress."),
    ("vehicle", "A piece standing on a vehicle a power gives (a Ferry) can carry it over or send it."),
    ("pocket", "Optional: a piece kept on an extra square is safe and can return anywhere."),
    ("pool", "Optional: captured own pieces that promotion can bring back."),
    ("stranded", "Optional: late in the game, a piece that cannot cross a barrier and has no vehicle to take."),
)
_table(
    "variant.data.engine.terms",
    "Weights of the evaluation's terms.",
    *(_k(name, "number", None, doc) for name, doc in ENGINE_TERMS),
)
_table(
    "variant.data.engine.power_values",
    "Power bonuses, by power name.",
    entry=_k("<power>", "number", None, "Centipawns a piece with this power gains."),
)
_table(
    "variant.data.placement-options",
    "Options that move one kind of piece in the start array.",
    entry=_k("<option>", "string", None, "The piece it places: \"<white|black> <piece-id>\"."),
)


# ---------------------------------------------------------------- keys of new rule features
# Registering a key is one line here: (table path, _k(name, kind, default, doc, choices=...,
# range=..., table=...)), e.g.
#     ("variant.promotion", _k("optional", "boolean", False, "A pawn may stay unpromoted in the zone.")),
# A key whose value may be of several kinds is "any" (its feature checks it); a new table is
# one register_table(...) call below, and a key of kind "table" names it.

register_table(
    "variant.outcomes",
    "How games end besides checkmate (rules/outcomes.py).",
    _k("stalemate", "string", "draw", "The result for the side that cannot move.", choices=("draw", "loss", "win")),
    _k("bare_king", "string", None, "The result for a side left with only its royal pieces.",
       choices=("loss", "draw")),
    _k("bare_king_reply", "boolean", False, "The bared side first moves; baring the other side back draws."),
    _k("extinction", "any", None, "Piece ids, or \"all\": a side with none left of one of them loses."),
    _k("goal", "string", None, "A region: a side with a goal piece on its squares of it after its move wins."),
    _k("goal_pieces", "pieces", None, "Piece ids that count for the goal (default: the royal pieces)."),
    _k("check_limit", "integer", 0, "The side that gives this many checks wins (0: no such rule).", range=(0, 100)),
    _k("move_rule", "integer", 50, "Moves by each side without a reset that draw (0: no such rule).",
       range=(0, 1000)),
    _k("move_rule_resets", "strings", ["capture", "pawn"], "What resets the move count: capture, pawn or piece ids."),
    _k("move_rule_claimed", "boolean", False,
       "Reaching move_rule lets the side to move claim a draw; the game goes on (FIDE)."),
    _k("move_rule_automatic", "integer", 0,
       "With move_rule_claimed: moves by each side that end the game by themselves (0: never).", range=(0, 1000)),
    _k("repetitions", "integer", 3, "How often one position must stand for a draw by repetition.", range=(2, 100)),
    _k("repetition_claimed", "boolean", False,
       "Reaching repetitions lets the side to move claim a draw; the game goes on (FIDE)."),
    _k("repetition_automatic", "integer", 0,
       "With repetition_claimed: how often a position must stand to end the game by itself (0: never).",
       range=(0, 100)),
)

_EXTENSIONS: tuple[tuple[str, KeySpec], ...] = (
    # Promotion, castling, first moves and drops (the gamerules features).
    ("variant.pieces.<piece>", _k("initial_ranks", "integers", [],
                                  "Ranks from which the piece's first-move (i) moves are allowed, moved or not.",
                                  range=(1, "ranks"))),
    ("variant.promotion", _k("compulsory", "integer", None,
                             "How many far ranks of the zone force promotion (elsewhere in the zone it is optional).",
                             range=(0, "ranks"))),
    ("variant.promotion", _k("compulsory_by_piece", "table", {}, "Per piece id, a different compulsory depth.",
                             table="variant.promotion.compulsory_by_piece")),
    ("variant.promotion", _k("limits", "table", {},
                             "Per piece id: offered only while the side has fewer of it on the board.",
                             table="variant.promotion.limits")),
    ("variant.promotion", _k("promoted_form", "table", {}, "Per piece id, the one kind it promotes to.",
                             table="variant.promotion.promoted_form")),
    ("variant.promotion", _k("trigger", "string", "arrive",
                             "When a move promotes: arriving in the zone, or starting or ending in it.",
                             choices=("arrive", "enter-or-leave"))),
    ("variant.castling", _k("king_to", "table", {}, "Per direction (right, left), the file where the king lands.",
                            table="variant.castling.files")),
    ("variant.castling", _k("rook_to", "table", {}, "Per direction (right, left), the file where the rook lands.",
                            table="variant.castling.files")),
    ("variant.castling", _k("black_king_to", "table", {}, "King landing files for Black, where they differ.",
                            table="variant.castling.files")),
    ("variant.castling", _k("black_rook_to", "table", {}, "Rook landing files for Black, where they differ.",
                            table="variant.castling.files")),
    ("variant.data", _k("drops", "table", None, "Drops from the hand: which kinds, where, and the drop rules.",
                        table="variant.data.drops")),
    ("variant.pieces.<piece>", _k(
        "artwork", "string", None,
        "The picture: a shipped artwork name (\"archbishop\") or an SVG file of one's own; "
        "{color} in a path becomes white or black.")),
    ("variant", _k("regions", "table", {}, "Named square sets: squares and rectangles, the same or per side.")),
    ("variant", _k("royals_may_face", "boolean", True, "False: royal pieces may not face each other on an open file.")),
    ("variant", _k("orientation", "string", "rotate",
                   "How the second side reads Betza's left and right: its own (rotate) or the board's (mirror).",
                   choices=("rotate", "mirror"))),
    ("variant", _k("outcomes", "table", {}, "How games end besides checkmate.", table="variant.outcomes")),
    ("variant.pieces.<piece>", _k("region", "string", None, "A region the piece never leaves.")),
    ("variant.pieces.<piece>", _k("betza_in", "table", {}, "Region to Betza: how the piece moves inside it.")),
    ("variant.pieces.<piece>", _k("hurdles_exclude", "pieces", [], "Piece ids its hops may not use as hurdles.")),
    ("variant.pieces.<piece>", _k("captures_exclude", "pieces", [], "Piece ids it may not capture.")),
    ("variant.pieces.<piece>", _k("initial_region", "string", None,
                                  "A region from whose squares the piece's first-move (i) moves are allowed.")),
    ("variant.promotion", _k("region", "string", None, "A region that is the promotion zone instead of far ranks.")),
)

register_table(
    "variant.promotion.compulsory_by_piece", "Per piece id, how many far ranks force its promotion.",
    entry=_k("<piece>", "integer", None, "The compulsory depth of this piece.", range=(0, "ranks")),
)
register_table(
    "variant.promotion.limits", "Per piece id, how many a side may have before it is no longer offered.",
    entry=_k("<piece>", "integer", None, "The count below which this kind is offered.", range=(0, 64)),
)
register_table(
    "variant.promotion.promoted_form", "Per piece id, the kind it promotes to.",
    entry=_k("<piece>", "piece", None, "The promoted kind of this piece."),
)
register_table(
    "variant.castling.files", "Landing files by castling direction.",
    _k("right", "string", None, "Toward the higher files: the landing file's letter."),
    _k("left", "string", None, "Toward the lower files: the landing file's letter."),
)
register_table(
    "variant.data.drops", "Drops from the hand (the drops power).",
    _k("pieces", "pieces", [], "Ids of the kinds that go to the hand and may be dropped (default: all)."),
    _k("ranks", "table", {}, "Per piece id, the ranks (White's view) it may be dropped on.",
       table="variant.data.drops.ranks"),
    _k("one_per_file", "pieces", [], "Kinds of which a side may not drop a second unpromoted one on a file."),
    _k("no_mate", "pieces", [], "Kinds whose drop may not give checkmate."),
    _k("no_mate_rule", "string", "illegal", "Such a drop is illegal, or is played and loses.",
       choices=("illegal", "loses")),
    _k("demote", "table", {}, "Per promoted piece id, the kind it goes back to in the hand.",
       table="variant.data.drops.demote"),
)
register_table(
    "variant.data.drops.ranks", "Per piece id, the ranks it may be dropped on.",
    entry=_k("<piece>", "integers", None, "The ranks, counted from the dropping side.", range=(1, "ranks")),
)
register_table(
    "variant.data.drops.demote", "Per promoted piece id, the kind it returns to.",
    entry=_k("<piece>", "piece", None, "The kind it goes back to in the hand."),
)

for _path, _spec in _EXTENSIONS:
    register(_path, _spec)

# ---------------------------------------------------------------- rule keys: moves and endings
# (issue 49: compulsory capture, check-giving, explosions, extinction counts, goal reply,
# perpetual check, counting; rules/impliedpowers.py says which power each key switches on)

register_table(
    "variant.data.explosions", "Explosions on capture (the explosions power: atomic chess).",
    _k("immune", "pieces", None,
       "Piece ids a neighbouring blast leaves standing (default: the pawns); the capturer always explodes."),
)
register_table(
    "variant.data.en-passant", "Where en passant captures may land (the en-passant power).",
    _k("ranks", "integers", [], "Board ranks (White's view) on which an en passant capture may land (default: any).",
       range=(1, "ranks")),
)

register_table(
    "variant.data.conditional-leap", "A first-move leap lost on conditions (the conditional-leap power: Cambodian).",
    _k("pieces", "pieces", [], "The pieces that may leap while they have never moved (they need tracks_moved)."),
    _k("leap", "betza", "fsN", "The leap, in Betza; it never captures and is never made out of check."),
    _k("lost_to", "pieces", [], "Enemy kinds that take the leap away by landing where they reach the leaper "
                                "on an empty board (a rook on its line)."),
    _k("lost_on_check", "boolean", False, "The leap is lost for good once its side has been in check."),
)

_RULE_KEYS: tuple[tuple[str, KeySpec], ...] = (
    ("variant", _k("must_capture", "boolean", False,
                   "Capturing is compulsory: while a capture is possible, no other move is allowed.")),
    ("variant", _k("checks_allowed", "boolean", True, "False: a move that gives check is illegal (racing kings).")),
    ("variant.data", _k("explosions", "table", {}, "Which pieces a capture's blast leaves standing.",
                        table="variant.data.explosions")),
    ("variant.data", _k("en-passant", "table", {}, "Where en passant captures may land.",
                        table="variant.data.en-passant")),
    ("variant.data", _k("conditional-leap", "table", {}, "A first-move leap that conditions can take away.",
                        table="variant.data.conditional-leap")),
    ("variant.outcomes", _k("extinction_count", "integer", 0,
                            "A side with this many or fewer of an extinction kind left has reached extinction.",
                            range=(0, 64))),
    ("variant.outcomes", _k("extinction_together", "boolean", False,
                            "The extinction kinds count together: all of a side's pieces of them, summed.")),
    ("variant.outcomes", _k("extinction_result", "string", "loss", "What extinction means for its side.",
                            choices=("loss", "win"))),
    ("variant.outcomes", _k("goal_reply", "boolean", False,
                            "When White reaches the goal, Black gets one more move; reaching it too draws.")),
    ("variant.outcomes", _k("goal_safe", "boolean", False,
                            "A goal piece has arrived only while no enemy piece attacks it there (Dobutsu's try).")),
    ("variant.outcomes", _k("perpetual_check", "string", "draw",
                            "The result, when repetition ends the game, for a side that gave check with every "
                            "move since the position first stood.", choices=("draw", "loss"))),
    ("variant.outcomes", _k("repetition_result", "string", "draw",
                            "What a repetition that no perpetual check or chase decides means: for the side "
                            "whose move completes it, or a loss for a fixed side.",
                            choices=("draw", "loss", "win", "white-loses", "black-loses"))),
    ("variant.outcomes", _k("perpetual_chase", "string", "draw",
                            "The result, when repetition ends the game, for a side whose every move since the "
                            "position first stood chased the same piece (Xiangqi's chasing rule).",
                            choices=("draw", "loss"))),
    ("variant.outcomes", _k("chase_values", "table", {},
                            "Chasing: per piece id, its value; attacking a piece worth more always chases.",
                            table="variant.outcomes.chase_values")),
    ("variant.outcomes", _k("chase_free", "pieces", [], "Chasing: pieces whose attacks never chase.")),
    ("variant.outcomes", _k("chase_immune", "table", {},
                            "Chasing: per piece id, a region where it may be attacked freely, or \"everywhere\".",
                            table="variant.outcomes.chase_immune")),
    ("variant.outcomes", _k("counting", "any", False,
                            "Counting rules as Fairy-Stockfish plays them: true or \"makruk\" (board's and pieces' "
                            "honour), \"asean\" (Sittuyin: a lone king counts), false for none.")),
    ("variant.outcomes", _k("counting_board", "integer", None,
                            "Counting: the board's honour limit in moves, 0 for none (default: makruk 64, asean 0).",
                            range=(0, 1000))),
    ("variant.outcomes", _k("counting_pieces", "any", None,
                            "Counting: pieces' honour rows [piece id or [piece ids], at least how many, moves], "
                            "first match counts.")),
)

register_table("variant.outcomes.chase_values", "Chasing: per piece id, its value.",
               entry=_k("<piece>", "number", None, "The value of this kind."))
register_table("variant.outcomes.chase_immune", "Chasing: per piece id, where it may be attacked freely.",
               entry=_k("<piece>", "string", None, "A region (the piece's own side's squares), or \"everywhere\"."))
for _path, _spec in _RULE_KEYS:
    register(_path, _spec)

# Hands, drops, gating and promotion by move: declared as data in rules/handkeys.py.
from .handkeys import HAND_KEYS, HAND_TABLES  # noqa: E402 - the helpers above must exist first

for _path, _doc, _entry in HAND_TABLES:
    register_table(_path, _doc, entry=None if _entry is None else _k(*_entry[:4], **_entry[4]))  # type: ignore[arg-type]
for _path, *_args, _extras in HAND_KEYS:
    register(_path, _k(*_args, **_extras))  # type: ignore[arg-type]

# Promotion as a move of its own (Sittuyin) and bikjang (Janggi): declared as data in rules/stepkeys.py.
from .stepkeys import (  # noqa: E402
    BIKJANG_DOC,
    BIKJANG_KEYS,
    BIKJANG_TABLE,
    BIKJANG_VALUE_ENTRY,
    BIKJANG_VALUES_DOC,
    STEP_PROMOTION_DOC,
    STEP_PROMOTION_KEYS,
    STEP_PROMOTION_TABLE,
)

register_table(STEP_PROMOTION_TABLE, STEP_PROMOTION_DOC,
               *(_k(*_key[:4], **_key[4]) for _key in STEP_PROMOTION_KEYS))  # type: ignore[arg-type]
register("variant.data", _k("step-promotion", "table", {}, "Promotion as a move of its own (Sittuyin's).",
                            table=STEP_PROMOTION_TABLE))
register_table(BIKJANG_TABLE + ".values", BIKJANG_VALUES_DOC,
               entry=_k(*BIKJANG_VALUE_ENTRY[:4], **BIKJANG_VALUE_ENTRY[4]))  # type: ignore[arg-type]
register_table(BIKJANG_TABLE, BIKJANG_DOC, *(_k(*_key[:4], **_key[4]) for _key in BIKJANG_KEYS))  # type: ignore[arg-type]
register("variant.data", _k("bikjang", "table", {}, "Janggi's facing generals and material count.",
                            table=BIKJANG_TABLE))
