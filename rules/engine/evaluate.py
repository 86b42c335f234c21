"""Static evaluation for any variant, in centipawns from the side to move's view.

The score is the material of each side (see :mod:`rules.engine.values`) adjusted
by what the position says, plus a few positional terms, each scaled by its
weight (:mod:`rules.engine.terms`):

* pieces whose moves are borrowed (the rules' Context holds their atoms) are
  worth what they borrow now, at a discount since lenders come and go;
* frozen pieces lose part of their worth;
* where only the last royal piece is royal, each further royal is a reserve life,
  and the last one wants clear surroundings; where royals are always royal they
  want shelter while the enemy has pieces and the centre once it has not;
* mobility by square (how many moves the piece has from where it stands, on an
  empty board, against its average: worked out from its moves, so a fairy piece
  gets a table as a Knight does), centralisation, pawn advancement, and when one
  side is well ahead, a push of the enemy royal to the edge.

Everything per piece and square is tabulated the first time a piece value is
met, so an evaluation is one pass over the board plus the Context's few entries:
no move generation (counting the moves at every leaf cost more than the rest of
the search together).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..context import Context
from ..pieces import Piece
from .pawn_progress import StateKey, pawn_progress, pawn_progress_in_state, progress_keys, state_key
from .terms import EngineConfig, engine_config
from .values import shared_values, square_mobility

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..moves import Move
    from ..position import Position
    from ..powers import Power
    from ..ruleset import Rules

#: What a Context changes in the pieces' worth: (square, piece, centipawns for its owner).
Facts = tuple[tuple[int, Piece, int], ...]

#: Centipawns per pseudo-legal move of difference, on an 8x8 board (only where a caller
#: passes move counts: the search does not count moves).
MOBILITY_CP = 4
#: Centipawns per weighted move a piece has from its square above its board average.
SQUARE_MOBILITY_CP = 14
#: A difference in move counts beyond this is rare enough to ignore when deciding
#: whether counting the moves could change a cutoff.
MOBILITY_MARGIN_MOVES = 25
#: Bonus of a piece in the very centre (nothing on the edge).
CENTRE_CP = 20
#: Bonus of a pawn about to promote (grows with the square of its progress); this share of
#: it counts while the enemy keeps all its pieces, the rest grows as they leave (pawns
#: pushed early open the own royal's shelter and go lost; late, they queen).
PAWN_ADVANCE_CP = 80
PAWN_ADVANCE_EARLY_SHARE = 0.4
#: Royal piece, while the enemy has material: per own pawn on its file or a neighbouring one,
#: one or two squares in front of it (at most three count).
PAWN_SHIELD_CP = 15
#: Royal piece: per own piece beside it while the enemy has material.
SHELTER_CP = 12
#: Royal piece: how much the centre costs early and pays late.
ROYAL_CENTRE_CP = 30
#: Royal attack (where royals are always royal): each enemy piece (not a pawn or royal)
#: adds, per square of the royal's zone (its square and its neighbours) that it reaches
#: on the board as it stands, its worth in pawns (1 to 9); the royal's side loses the
#: square of that sum times this, at most ROYAL_ATTACK_MAX_CP: one minor piece on one
#: square costs little, a Queen and two minor pieces aimed at the royal cost pawns (chess
#: against Stockfish 1600 lost games where the engine took a pawn, called itself two pawns
#: up, and was mated by the pieces it let gather around its king).
ROYAL_ATTACK_CP = 0.2
ROYAL_ATTACK_MAX_CP = 500
#: The last royal: per enemy piece within two squares.
LAST_ROYAL_DANGER_CP = 30
#: Mop-up: enemy royal on the edge, and own royal close to it.
MOP_UP_EDGE_CP = 60
MOP_UP_CLOSE_CP = 25
#: A side counts as well ahead from this material lead, against a side whose pieces
#: are down to this share of their start.
MOP_UP_LEAD_CP = 250
MOP_UP_PHASE = 0.4
#: Mop-up: per own piece (not pawn, not royal), closeness to the enemy royal, so that the
#: side ahead brings its force to the royal instead of shuffling.
MOP_UP_TROPISM_CP = 8
#: A passed pawn (no enemy pawn ahead on its file or a neighbouring one): bonus at the
#: square before promotion, growing with the square of its progress; half of it counts
#: while the enemy keeps all its pieces, all of it once they are gone.
PASSED_PAWN_CP = 120
#: Pawn structure: a pawn with another own pawn on its file, and one with no own pawn on
#: a neighbouring file.
DOUBLED_PAWN_CP = 12
ISOLATED_PAWN_CP = 10
#: Pawn shapes kept (the cache is emptied when full: a search meets far fewer).
PAWN_SHAPES_KEPT = 1 << 14
#: The side ahead gains this share of its lead times the share of the start's pieces
#: (not pawns or royals) that have left the board.
SIMPLIFY_SHARE = 0.12
#: Move-count rule: with weight 1, a score has faded to half when the rule would end the
#: game (plies without a capture or pawn move), so a lead is worth more the sooner the
#: side ahead captures or moves a pawn; without it an engine ahead shuffles its pieces
#: (Flight and Ferry games against 7054b60 stayed +4 to +9 pawns for 100 plies and more,
#: then were drawn by the ply limit).
MOVE_RULE_FADE = 0.5
#: Share of its worth a frozen piece loses.
FROZEN_SHARE = 0.25
#: Share of the worth of borrowed moves counted (lenders move away or are taken).
BORROWED_SHARE = 0.6
#: Where only the last royal is royal, the k-th royal (k >= 2) is a reserve life worth
#: the variant's strongest piece times (1 + 1/(k-1)): the second is worth two such pieces,
#: since losing it leaves a single royal to be hunted down.
#: Share of a piece's worth added while it sits on an extra square (optional term).
POCKET_SHARE = 0.15
#: Share of a captured piece's worth kept while promotion can bring it back (optional term).
POOL_SHARE = 0.1
#: A vehicle's passenger (a piece on a Ferry) can carry it over the water or send it under
#: a piece of its own waiting to cross: holding one is worth this to its side. Counted moves
#: give a passenger's sends one move in all, so without it the engine had no reason to hold
#: one, and its leads in material stayed on its own bank (Flight and Ferry: with it, 27 / 40
#: against the engine of 7054b60 on two sets of openings, where it had 22 / 40 without).
#: Worth a whole pawn it did no better: 53.5 / 80 over four sets where 60 had 55.
VEHICLE_CP = 60
#: Optional term (weight 0 unless a variant sets it): a piece that cannot cross a barrier on
#: its own (Flight and Ferry's water: not a flyer), standing on its own shore while its side
#: can take no vehicle (each one empty on the far shore or carrying an enemy), takes no part
#: in an attack, so it loses this share of its worth times the share of the start's pieces
#: that have left the board (early on such a blockade passes). In 14 of 24 Flight and
#: Ferry games against 7054b60 still going at ply 199, one side had one to four pieces
#: shut in like this. Not on by default: with it, 53 / 80 against 7054b60 where the
#: engine without it had 55 on the same openings.
STRANDED_SHARE = 0.5


class Evaluator:
    """Evaluates positions of one variant with one set of term weights."""

    def __init__(self, rules: Rules, config: EngineConfig | None = None) -> None:
        self.rules = rules
        self.config = config or engine_config(rules)
        w = self.config.weights
        self.values = shared_values(rules, self.config.power_values)
        geo = rules.geo
        self.geo = geo
        self.board_size = geo.board_size
        self.royal_kinds = rules.royal_kinds
        self.royal_always = rules.royal_mode == "always"
        self.pawn_kinds = rules.pawn_kinds
        self.plain_kinds = rules.pawn_kinds | rules.royal_kinds
        self.w_mobility = w["mobility"] * MOBILITY_CP * math.sqrt(64 / max(1, geo.board_size))
        #: The most the mobility term is taken to move a score (for lazy evaluation).
        self.mobility_margin = round(self.w_mobility * MOBILITY_MARGIN_MOVES)
        #: Where most of the army has powers, the quiescence stand-pat adds counted moves (see
        #: rules.engine.quiescence): the real board's mobility, on top of these terms.
        self.counts_moves = self.w_mobility > 0 and mostly_powered(rules, self.values.kind_cp)
        # Where a power can veto a move or attack (Flight and Ferry's water: a Knight does not
        # take across it), the Betza atoms overstate what a piece reaches, so the royal-attack
        # term is off (with it on there, a run against 7054b60 stood at 5 / 13 on openings where
        # 648dac1 had scored 15 / 20).
        vetoed = any(power.overrides("allows_attack") for power in rules.power_objects.values())
        # Where the stand-pat counts the real moves, the empty-board tables are a second and
        # worse mobility term on top (they even credit a Bishop with squares across Flight and
        # Ferry's water): without them Pocket 43 went from 57.5 to 63.5 / 80 against 7054b60
        # over four sets of openings (docs/engine-history.md has the games).
        self.w_square_mobility = 0.0 if self.counts_moves else w["mobility"] * SQUARE_MOBILITY_CP
        self.w_centre = w["centre"]
        self.w_pawn = w["pawn-advance"]
        self.w_royal = w["royal-safety"]
        self.w_royal_attack = w["royal-attack"] if rules.royal_mode == "always" and not vetoed else 0.0
        #: Royal attack: per square, the zone of a royal there (its square and neighbours) as
        #: a bit mask; per piece, its capturing atoms and per square the bit mask of what they
        #: reach on an empty board (a piece whose mask misses the zone is not walked).
        self._zone_masks: list[int] = self._royal_zones() if self.w_royal_attack else []
        self._reach: dict[Piece, tuple[tuple[GenAtom, ...], list[int]]] = {}
        self.w_mop_up = w["mop-up"]
        self.w_frozen = w["frozen"]
        self.w_borrowed = w["borrowed"]
        self.w_royal_count = w["royal-count"]
        self.w_pocket = w["pocket"]
        self.w_passed = w["passed-pawn"]
        self.w_structure = w["pawn-structure"]
        self.w_simplify = w["simplify"]
        self.pawn_files = geo.files
        #: Per colour and square, how far a pawn there has come towards promotion, in its own moves.
        self.pawn_progress = (pawn_progress(rules, 0), pawn_progress(rules, 1))
        #: Power state the progress depends on (Ferries), and its value at the start, which the
        #: pawns' square tables assume.
        self.progress_keys = progress_keys(rules)
        self.start_progress_key = state_key(rules, rules.start_position().state)
        self.w_pool = w["pool"] if rules.variant.promotion.get("choices") == "pool" else 0.0
        self.centrality = [self._centrality(sq) for sq in range(geo.size)]
        self.max_distance = max(geo.files, geo.ranks) - 1
        self._tables: dict[Piece, tuple[list[int], int]] = {}
        self._pawn_shapes: dict[
            tuple[tuple[int, ...], tuple[int, ...], StateKey], tuple[tuple[float, int, float, float], ...]
        ] = {}
        self.w_balance = w["army-balance"]
        #: Per colour, how much more its army is worth at the start than the other's by the
        #: piece values, less what the army-balance term leaves of the difference.
        self.army_lead = (0, 0)
        self.balance = self._army_balance()
        strongest = self.values.strongest
        #: Worth of holding n royals beyond the first, by n (where only the last is royal).
        self.reserve = [0, 0]
        for k in range(2, 65):
            self.reserve.append(self.reserve[-1] + round(w["royal-count"] * strongest * (1 + 1 / (k - 1))))
        self.start_material = self._start_material()
        #: Plies without progress over which a score fades to nothing (0: it never fades).
        fade = w["move-rule"] * MOVE_RULE_FADE
        self.fade_plies = round(rules.move_rule_plies / fade) if fade > 0 and rules.move_rule_plies else 0
        #: Powers that give vehicles (Flight and Ferry's Ferries), and what holding one is worth.
        self.vehicle_powers: list[Power] = [p for p in rules.variant_powers if p.overrides("vehicles")]
        self.vehicle_cp = round(w["vehicle"] * VEHICLE_CP) if self.vehicle_powers else 0
        #: Stranded pieces: the barrier (each square's shore, the kinds that cross on their own,
        #: each colour's home shore) where a power gives one and vehicles to cross it.
        self.w_stranded = w["stranded"]
        self.barrier = self._find_barrier() if self.w_stranded and self.vehicle_powers else None

    # ------------------------------------------------------------ tables

    def _centrality(self, sq: int) -> float:
        geo = self.geo
        if not geo.is_board(sq):
            return 0.0
        cf, cr = (geo.files - 1) / 2, (geo.ranks - 1) / 2
        far = cf + cr
        if far == 0:
            return 1.0
        return 1.0 - (abs(geo.file_of(sq) - cf) + abs(geo.rank_of(sq) - cr)) / far

    def _army_balance(self) -> dict[tuple[int, str], float]:
        """Per colour and piece kind, the factor that makes both armies of the start worth the same.

        Where the two armies differ (Flight and Ferry), the variant's designer balanced them
        by play; a difference the piece values see at the start is taken as their error, not
        as a lead, so that neither side plays for a draw from move one (weight ``army-balance``).
        Only the kinds one army has and the other lacks are rescaled (a Queen is a Queen on
        either side): both sides' own kinds are scaled to the mean of their start totals.
        """
        counts: tuple[dict[str, int], dict[str, int]] = ({}, {})
        for p in self.rules.start_position().board:
            if p is not None and p.kind not in self.royal_kinds:
                counts[p.color][p.kind] = counts[p.color].get(p.kind, 0) + 1
        kind_cp = self.values.kind_cp
        own = [{k: n for k, n in counts[c].items() if counts[1 - c].get(k) != n} for c in (0, 1)]
        totals = [sum(kind_cp.get(k, 0) * n for k, n in own[c].items()) for c in (0, 1)]
        if not totals[0] or not totals[1] or totals[0] == totals[1]:
            return {}
        mean = (totals[0] + totals[1]) / 2
        w = self.w_balance
        lead = round(w * (totals[1] - totals[0]))
        self.army_lead = (max(0, -lead), max(0, lead))
        return {
            (c, k): 1.0 + w * (mean / totals[c] - 1.0) for c in (0, 1) for k in own[c]
        }

    def _table(self, p: Piece) -> tuple[list[int], int]:
        """Per square, the piece's worth with its placement; and its weight in the game phase."""
        found = self._tables.get(p)
        if found is not None:
            return found
        geo = self.geo
        base = round(self.values.piece_cp(p) * self.balance.get((p.color, p.kind), 1.0))
        royal = p.kind in self.royal_kinds
        pawn = p.kind in self.pawn_kinds
        per_square: list[int] = []
        placement = self._mobility_by_square(p) if not (royal or pawn) else None
        for sq in range(geo.size):
            if royal and self.royal_always:
                # A royal piece is never traded; its placement is judged by royal_terms.
                per_square.append(0)
                continue
            value = float(base)
            if not geo.is_board(sq):
                value += self.w_pocket * POCKET_SHARE * base
                if placement is not None:
                    value += placement[sq]
            elif pawn:
                progress = self.pawn_progress[p.color][sq]
                value += self.w_pawn * PAWN_ADVANCE_CP * PAWN_ADVANCE_EARLY_SHARE * progress * progress
            elif not royal:
                value += self.w_centre * CENTRE_CP * self.centrality[sq]
                if placement is not None:
                    value += placement[sq]
            per_square.append(round(value))
        phase_weight = 0 if (royal or pawn) else base
        found = (per_square, phase_weight)
        self._tables[p] = found
        return found

    def _mobility_by_square(self, p: Piece) -> list[float] | None:
        """Centipawns the piece's moves from each square are worth above its board average.

        Board squares from the piece's Betza moves on an empty board; extra squares off
        the board (a Pocket) from the rules: the piece is put there on the start position
        stripped to its royals and its moves from there are counted, up to its best board
        square (a piece that can go anywhere still makes one move a turn).
        """
        if not self.w_square_mobility:
            return None
        size = self.board_size
        moves = square_mobility(self.rules.atoms_of(p.kind, p.color), size)
        if not size or not any(moves):
            return None
        mean = sum(moves) / size
        best = max(moves)
        moves += [min(best, float(self._moves_off_board(p, sq))) for sq in range(size, self.geo.size)]
        return [self.w_square_mobility * (m - mean) for m in moves]

    def _moves_off_board(self, p: Piece, sq: int) -> int:
        rules = self.rules
        pos = rules.start_position()
        for other in range(self.geo.size):
            found = pos.board[other]
            if found is not None and found.kind not in self.royal_kinds:
                pos.put(other, None)
        pos.put(sq, p)
        pos.turn = p.color
        return sum(1 for m in rules.pseudo_moves(pos, rules.uncached_context(pos)) if m.o == sq)

    def _start_material(self) -> tuple[int, int]:
        pos = self.rules.start_position()
        totals = [0, 0]
        for p in pos.board:
            if p is not None:
                totals[p.color] += self._table(p)[1]
        return (max(1, totals[0]), max(1, totals[1]))

    def _find_barrier(self) -> tuple[tuple[int, ...], frozenset[str], tuple[int, int]] | None:
        """The first barrier a power gives with each colour's home shore, if each army starts
        on a shore of its own."""
        for power in self.rules.variant_powers:
            barrier = power.barrier()
            if barrier is None:
                continue
            shore = barrier[0]
            counts = [[0, 0], [0, 0]]
            for sq, p in enumerate(self.rules.start_position().board):
                if p is not None and sq < len(shore):
                    counts[p.color][shore[sq]] += 1
            home = (0 if counts[0][0] >= counts[0][1] else 1, 0 if counts[1][0] >= counts[1][1] else 1)
            return (shore, barrier[1], home) if home[0] != home[1] else None
        return None

    # ------------------------------------------------------------ evaluation

    def evaluate(
        self, pos: Position, ctx: Context, mobility: tuple[int, int] | None = None, idle: int | None = None
    ) -> int:
        """Score for the side to move; ``mobility`` is (its move count, the opponent's).

        ``idle``: plies since the last capture, promotion or pawn step nearer promotion (the
        search counts them); a lead fades with them as the move-count rule nears. Without
        it the rule's own clock is read, which pawn moves that go nowhere also restart.
        """
        facts = self.context_facts(pos, ctx) if not ctx.is_empty else ()
        return self._evaluate(pos, facts, None, mobility, idle)

    def evaluate_carried(
        self, pos: Position, facts: Facts, last_move: Move | None, idle: int | None = None
    ) -> int:
        """Score for the side to move using the facts of the position before ``last_move``.

        Each fact follows its piece: it applies where the piece still stands, or
        where the last move took it; a piece captured takes its fact with it.
        """
        return self._evaluate(pos, facts, last_move, None, idle)

    def context_facts(self, pos: Position, ctx: Context) -> Facts:
        """What the Context changes in the pieces' worth: (square, piece, centipawns) each."""
        board = pos.board
        values = self.values
        out: list[tuple[int, Piece, int]] = []
        if self.w_borrowed:
            for sq, atoms in ctx.atoms.items():
                p = board[sq]
                if p is None:
                    continue
                borrowed = values.borrowed_cp(atoms, ctx.powers.get(sq, ()))
                own = values.kind_cp.get(p.kind, 0)
                # The borrowed moves replace the piece's own while they last.
                gain = round(self.w_borrowed * BORROWED_SHARE * max(0, borrowed - own))
                if gain:
                    out.append((sq, p, gain))
        if self.w_frozen:
            for sq in ctx.frozen:
                p = board[sq]
                if p is not None:
                    out.append((sq, p, -round(self.w_frozen * FROZEN_SHARE * values.piece_cp(p))))
        return tuple(out)

    def _evaluate(
        self, pos: Position, facts: Facts, last_move: Move | None, mobility: tuple[int, int] | None,
        idle: int | None,
    ) -> int:
        score = [0, 0]
        phase = [0, 0]
        tables = self._tables
        board = pos.board
        pawn_kinds = self.pawn_kinds
        board_size = self.board_size
        pawns: tuple[list[int], list[int]] = ([], [])
        officers: tuple[list[int], list[int]] = ([], [])
        attack = self.w_royal_attack > 0
        for sq, p in enumerate(board):
            if p is None:
                continue
            per_square, weight = tables.get(p) or self._table(p)
            score[p.color] += per_square[sq]
            phase[p.color] += weight
            if p.kind in pawn_kinds and sq < board_size:
                pawns[p.color].append(sq)
            elif attack and weight and sq < board_size:
                officers[p.color].append(sq)
        if pawns[0] or pawns[1]:
            state = pos.state
            key = tuple([state.get(k) for k in self.progress_keys]) if self.progress_keys else self.start_progress_key
            self._pawn_terms(pawns, score, phase, key)
        for sq, p, cp in facts:
            here = board[sq]
            if here is not p and last_move is not None and last_move.o == sq:
                here = board[last_move.d] if last_move.d >= 0 else None
                if here is not None and (here.color != p.color or here.kind != p.kind):
                    here = None
            elif here is not p:
                here = None
            if here is not None:
                score[p.color] += cp
        if self.barrier is not None:
            self._stranded(pos, score, phase)
        self._royal_terms(pos, score, phase)
        if attack:
            self._royal_attack(board, pos.royals, officers, score)
        if self.w_pool:
            for color in (0, 1):
                score[color] += round(
                    self.w_pool * POOL_SHARE * sum(self.values.piece_cp(p) for p in pos.pools[color])
                )
        if self.w_simplify:
            self._simplify(score, phase)
        me = pos.turn
        total = score[me] - score[1 - me]
        if mobility is not None:
            total += self.mobility_score(mobility[0], mobility[1])
        stalled = pos.halfmove if idle is None else idle
        if self.fade_plies and stalled:
            left = max(0, self.fade_plies - stalled)
            total = int(total * left / self.fade_plies)
        if self.vehicle_cp:
            # Not a lead to convert, so it does not fade with the move-count rule.
            total += self._vehicles_held(pos)
        return total

    def _vehicles_held(self, pos: Position) -> int:
        """The vehicle term for the side to move: each vehicle counts for its passenger's side."""
        board = pos.board
        mover = pos.turn
        held = 0
        for power in self.vehicle_powers:
            for sq in power.vehicles(pos):
                p = board[sq]
                if p is not None:
                    held += self.vehicle_cp if p.color == mover else -self.vehicle_cp
        return held

    def _stranded(self, pos: Position, score: list[int], phase: list[int]) -> None:
        """Each side without a vehicle to take loses part of its pieces stuck on its own shore."""
        assert self.barrier is not None
        start = self.start_material[0] + self.start_material[1]
        gone = 1.0 - (phase[0] + phase[1]) / start
        if gone <= 0.0:
            return
        shore, crossers, home = self.barrier
        board = pos.board
        access = [False, False]
        for power in self.vehicle_powers:
            for sq in power.vehicles(pos):
                p = board[sq]
                if p is not None:
                    access[p.color] = True
                elif home[0] == shore[sq]:
                    access[0] = True
                else:
                    access[1] = True
        if access[0] and access[1]:
            return
        stuck = [0, 0]
        plain = self.plain_kinds
        tables = self._tables
        for sq in range(len(shore)):
            p = board[sq]
            if p is None or access[p.color] or shore[sq] != home[p.color] or p.kind in crossers or p.kind in plain:
                continue
            stuck[p.color] += (tables.get(p) or self._table(p))[1]
        share = self.w_stranded * STRANDED_SHARE * gone
        for color in (0, 1):
            if stuck[color]:
                score[color] -= round(share * stuck[color])

    def _pawn_terms(
        self, pawns: tuple[list[int], list[int]], score: list[int], phase: list[int], progress_key: StateKey
    ) -> None:
        """Passed, doubled and isolated pawns (pawns move along files, White's up the board)."""
        key = (tuple(pawns[0]), tuple(pawns[1]), progress_key)
        shape = self._pawn_shapes.get(key)
        if shape is None:
            if len(self._pawn_shapes) >= PAWN_SHAPES_KEPT:
                self._pawn_shapes.clear()
            shape = self._pawn_shapes[key] = self._pawn_shape(pawns, progress_key)
        w_structure = self.w_structure
        early_advance = self.w_pawn * PAWN_ADVANCE_CP * PAWN_ADVANCE_EARLY_SHARE
        for color in (0, 1):
            advance, faults, passed, moved_progress = shape[color]
            enemy_phase = min(1.0, phase[1 - color] / self.start_material[1 - color])
            passed_weight = self.w_passed * PASSED_PAWN_CP * (1.0 - 0.5 * enemy_phase)
            late_advance = self.w_pawn * PAWN_ADVANCE_CP * (1.0 - PAWN_ADVANCE_EARLY_SHARE) * (1.0 - enemy_phase)
            score[color] += round(
                late_advance * advance - w_structure * faults + passed_weight * passed + early_advance * moved_progress
            )

    def _pawn_shape(
        self, pawns: tuple[list[int], list[int]], progress_key: StateKey
    ) -> tuple[tuple[float, int, float, float], ...]:
        """Per colour, what its pawn terms depend on besides the material: the sum of the
        squared progress of its pawns, its doubled and isolated pawns in centipawns, the
        sum of the squared progress of its passed pawns, and how far the power state
        (Ferries away from their start) moves the squared progress that the pawns' square
        tables count.

        The pawns of a search change far less often than the rest, so this is kept by the
        pawns' squares and that state.
        """
        files = self.pawn_files
        last_rank = max(1, self.geo.ranks - 1)
        counts = ([0] * files, [0] * files)
        # The enemy pawn that stops a pawn first is the one furthest towards its own side:
        # per file, White's lowest rank and Black's highest.
        lowest_white = [last_rank + 1] * files
        highest_black = [-1] * files
        for sq in pawns[0]:
            f, r = sq % files, sq // files
            counts[0][f] += 1
            if r < lowest_white[f]:
                lowest_white[f] = r
        for sq in pawns[1]:
            f, r = sq % files, sq // files
            counts[1][f] += 1
            if r > highest_black[f]:
                highest_black[f] = r
        out: list[tuple[float, int, float, float]] = []
        moved = progress_key != self.start_progress_key
        for color in (0, 1):
            own = counts[color]
            at_start = self.pawn_progress[color]
            progress_by_square = pawn_progress_in_state(self.rules, color, progress_key) if moved else at_start
            advance = passed_sum = moved_progress = 0.0
            faults = 0
            for sq in pawns[color]:
                f, r = sq % files, sq // files
                lo, hi = max(0, f - 1), min(files - 1, f + 1)
                progress = progress_by_square[sq]
                advance += progress * progress
                if moved:
                    moved_progress += progress * progress - at_start[sq] * at_start[sq]
                if own[f] > 1:
                    faults += DOUBLED_PAWN_CP
                if not any(own[g] for g in range(lo, hi + 1) if g != f):
                    faults += ISOLATED_PAWN_CP
                if color == 0:
                    passed = all(highest_black[g] <= r for g in range(lo, hi + 1))
                else:
                    passed = all(lowest_white[g] >= r for g in range(lo, hi + 1))
                if passed:
                    passed_sum += progress * progress
            out.append((advance, faults, passed_sum, moved_progress))
        return tuple(out)

    def mobility_score(self, mine: int, theirs: int) -> int:
        """The mobility term for the side to move, from both sides' move counts."""
        return round(self.w_mobility * (mine - theirs))

    def material(self, pos: Position) -> tuple[int, int]:
        """Each side's piece worth (no positional terms), for reports and tests."""
        out = [0, 0]
        for p in pos.board:
            if p is not None and not (self.royal_always and p.kind in self.royal_kinds):
                out[p.color] += self.values.piece_cp(p)
        return (out[0], out[1])

    def _royal_terms(self, pos: Position, score: list[int], phase: list[int]) -> None:
        royals = pos.royals
        geo = self.geo
        centrality = self.centrality
        board = pos.board
        for color in (0, 1):
            own = royals[color]
            if not own:
                continue
            enemy_phase = min(1.0, phase[1 - color] / self.start_material[1 - color])
            if self.royal_always:
                for sq in own:
                    if not geo.is_board(sq):
                        continue
                    shelter = 0
                    for n in geo.neighbours(sq):
                        p = board[n]
                        if p is not None and p.color == color:
                            shelter += 1
                    early = SHELTER_CP * min(shelter, 4) - ROYAL_CENTRE_CP * centrality[sq]
                    if self.pawn_kinds:
                        early += PAWN_SHIELD_CP * self._pawn_shield(board, sq, color)
                    late = ROYAL_CENTRE_CP * centrality[sq]
                    score[color] += round(self.w_royal * (enemy_phase * early + (1 - enemy_phase) * late))
            else:
                count = len(own)
                score[color] += self.reserve[min(count, len(self.reserve) - 1)]
                if count == 1:
                    (sq,) = own
                    if geo.is_board(sq):
                        score[color] -= round(self.w_royal * LAST_ROYAL_DANGER_CP * self._enemies_near(pos, sq, color))
        if self.w_mop_up:
            self._mop_up(pos, score, phase)

    def _royal_attack(
        self, board: list[Piece | None], royals: tuple[set[int], set[int]], officers: tuple[list[int], list[int]],
        score: list[int],
    ) -> None:
        """Each royal's side loses for the enemy pieces that reach the royal's zone (see ROYAL_ATTACK_CP)."""
        zone_masks = self._zone_masks
        board_size = self.board_size
        for color in (0, 1):
            enemies = officers[1 - color]
            if not enemies:
                continue
            for royal in royals[color]:
                if royal >= board_size:
                    continue
                zone = zone_masks[royal]
                units = 0.0
                for sq in enemies:
                    p = board[sq]
                    assert p is not None
                    atoms, reach = self._reach.get(p) or self._piece_reach(p)
                    if reach[sq] & zone:
                        hits = self._zone_hits(board, atoms, sq, zone)
                        if hits:
                            units += hits * min(9.0, max(1.0, self.values.piece_cp(p) / 100))
                if units:
                    penalty = min(ROYAL_ATTACK_MAX_CP, ROYAL_ATTACK_CP * units * units)
                    score[color] -= round(self.w_royal_attack * penalty)

    @staticmethod
    def _zone_hits(board: list[Piece | None], atoms: tuple[GenAtom, ...], sq: int, zone: int) -> int:
        """How many squares of the zone the piece on ``sq`` reaches, pieces in its way stopping it."""
        hits = 0
        for g in atoms:
            ray = g.rays[sq]
            if not ray:
                continue
            if g.paths is not None:
                path = g.paths[sq]
                if path is None or any(board[x] is not None for x in path):
                    continue
            for t in ray:
                if zone >> t & 1:
                    hits += 1
                if board[t] is not None:
                    break
        return hits

    def _royal_zones(self) -> list[int]:
        geo = self.geo
        out = []
        for sq in range(self.board_size):
            mask = 1 << sq
            for n in geo.neighbours(sq):
                mask |= 1 << n
            out.append(mask)
        return out

    def _piece_reach(self, p: Piece) -> tuple[tuple[GenAtom, ...], list[int]]:
        # Hoppers are left out: what they reach depends on a hurdle, not on open lines.
        atoms = tuple(
            g for g in self.rules.atoms_of(p.kind, p.color) if g.can_capture and not g.initial and not g.hop
        )
        reach = []
        for sq in range(self.board_size):
            mask = 0
            for g in atoms:
                for t in g.rays[sq]:
                    mask |= 1 << t
            reach.append(mask)
        found = (atoms, reach)
        self._reach[p] = found
        return found

    def _pawn_shield(self, board: list[Piece | None], sq: int, color: int) -> int:
        """Own pawns on the royal's file and its neighbours, one or two squares in front (at most 3)."""
        geo = self.geo
        f0, r0 = geo.file_of(sq), geo.rank_of(sq)
        ahead = 1 if color == 0 else -1
        count = 0
        pawn_kinds = self.pawn_kinds
        for df in (-1, 0, 1):
            for step in (1, 2):
                t = geo.square(f0 + df, r0 + ahead * step)
                if t >= 0:
                    p = board[t]
                    if p is not None and p.color == color and p.kind in pawn_kinds:
                        count += 1
                        break  # one pawn per file shields
        return min(count, 3)

    def _enemies_near(self, pos: Position, sq: int, color: int) -> int:
        geo = self.geo
        board = pos.board
        f0, r0 = geo.file_of(sq), geo.rank_of(sq)
        count = 0
        for dr in range(-2, 3):
            for df in range(-2, 3):
                t = geo.square(f0 + df, r0 + dr)
                if t >= 0 and t != sq:
                    p = board[t]
                    if p is not None and p.color != color:
                        count += 1
        return count

    def _mop_up(self, pos: Position, score: list[int], phase: list[int]) -> None:
        """The side well ahead brings its pieces to the lone enemy royal, and drives it to the edge late."""
        geo = self.geo
        board = pos.board
        for color in (0, 1):
            enemy = 1 - color
            theirs = pos.royals[enemy]
            if len(theirs) != 1 or score[color] - score[enemy] < MOP_UP_LEAD_CP:
                continue
            (target,) = theirs
            if not geo.is_board(target) or not self.max_distance:
                continue
            closeness = 0.0
            plain = self.plain_kinds
            for sq in range(self.board_size):
                p = board[sq]
                if p is not None and p.color == color and p.kind not in plain:
                    closeness += 1.0 - geo.distance(sq, target) / self.max_distance
            bonus = MOP_UP_TROPISM_CP * closeness
            if phase[enemy] <= MOP_UP_PHASE * self.start_material[enemy]:
                bonus += MOP_UP_EDGE_CP * (1.0 - self.centrality[target])
                mine = [sq for sq in pos.royals[color] if geo.is_board(sq)]
                if mine:
                    nearest = min(geo.distance(sq, target) for sq in mine)
                    bonus += MOP_UP_CLOSE_CP * (1.0 - nearest / self.max_distance)
            score[color] += round(self.w_mop_up * bonus)

    def _simplify(self, score: list[int], phase: list[int]) -> None:
        """The side ahead gains as pieces leave the board: trading down makes a lead tell."""
        lead = score[0] - score[1]
        start = self.start_material[0] + self.start_material[1]
        gone = max(0.0, 1.0 - (phase[0] + phase[1]) / start)
        bonus = round(self.w_simplify * SIMPLIFY_SHARE * abs(lead) * gone)
        if lead > 0:
            score[0] += bonus
        elif lead < 0:
            score[1] += bonus


def mostly_powered(rules: Rules, kind_cp: dict[str, int]) -> bool:
    """Is less than half the start's worth (pawns and royals aside) in pieces whose quiet moves can be skipped?"""
    skippable = total = 0
    plain = rules.pawn_kinds | rules.royal_kinds
    for p in rules.start_position().board:
        if p is not None and p.kind not in plain:
            worth = kind_cp.get(p.kind, 0)
            total += worth
            if p.kind in rules.quiet_skip_kinds:
                skippable += worth
    return 2 * skippable < total
