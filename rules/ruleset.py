"""A variant with its options bound: move generation, legality, results.

One :class:`Rules` object serves every position of a game. Plain movement comes
from the compiled Betza atoms through one generator; everything else comes from
the named powers of the variant and of its pieces.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from mypy_extensions import mypyc_attr

from .atoms import AS_WRITTEN, GRASSHOP, LEGS, MIRRORED, ROTATED, GenAtom, atoms_meet, compile_atoms
from .attacks import attacked_squares, build_tables, in_check, is_attacked, pinned_pieces
from .betza import Atom, en_passant_only
from .context import EMPTY, Context
from .context_cache import ContextCache
from .geometry import geometry
from .impliedpowers import implied_powers
from .judge import each_move_result, move_rule_plies, outcome
from .legs import leg_moves
from .moves import Move, build_move
from .pieces import Piece, PieceType, piece
from .placement import hand_pieces, parse_placement
from .placementcheck import split_setup_hand
from .position import Position
from .powers import Power, known_powers
from .variant import VariantDef

P = TypeVar("P", bound=Power)

#: The move kind of an XBetza unload (``u``): a piece the move would capture is set down elsewhere.
UNLOAD = "unload"


# A plain Python class even when compiled (its methods are still compiled): callers may keep
# weak references to a Rules (mypyc's native classes take none) and give it new attributes.
@mypyc_attr(native_class=False)
class Rules:
    """A variant definition plus option values, ready to play."""

    def __init__(self, variant: VariantDef, options: dict[str, Any]) -> None:
        #: What helpers outside this class work out once per Rules (the start squares, the
        #: engine's piece values, a power's recipe book): kept here, not in global tables, so
        #: it goes with the Rules. Set first: powers made below may fill it.
        self.memo: dict[str, Any] = {}
        #: While explain() asks every power about one position: that position and its legal
        #: moves, already known to the Game, so powers that explain from the legal moves
        #: (merge, separate) do not generate them again (each costs ~10 ms in Ultimate Cuisinart).
        self.legal_now: tuple[Position, list[Move]] | None = None
        self.variant = variant
        self.options = options
        self.geo = geometry(variant.files, variant.ranks, variant.extra_squares)
        #: How each side's Betza is seen when compiled: White's as written, the second side's
        #: turned half a turn or reflected, by the variant's ``orientation``.
        self.views = (AS_WRITTEN, MIRRORED if variant.orientation == "mirror" else ROTATED)
        self.types: dict[str, PieceType] = variant.pieces
        self.royal_kinds = frozenset(variant.royal)
        self.royal_mode = variant.royal_mode
        self.pawn_kinds = frozenset(k for k, t in self.types.items() if t.data.get("pawn"))
        registry = known_powers()
        self.power_objects: dict[str, Power] = {}
        self.outcomes = variant.outcomes
        #: Are there end rules judged after every move (goal, checks, extinction, bare king)?
        #: A position they decide has no legal moves.
        self.judged_each_move = self.outcomes.judged_each_move
        # Powers the variant's keys switch on (counting checks, compulsory capture), run like variant powers.
        implied = implied_powers(variant)
        names = [*variant.powers, *implied]
        for t in self.types.values():
            names.extend(t.powers)
        for name in names:
            if name not in self.power_objects:
                self.power_objects[name] = registry[name](self)
        self.variant_powers = [self.power_objects[n] for n in (*variant.powers, *implied)]
        hand = next((h for p in self.power_objects.values() if (h := p.hand_policy()) is not None), None)
        #: Where captured pieces go to the capturer's hand (drops): the hand piece, else None.
        self.to_hand: Callable[[Piece], Piece | None] | None = hand.to_hand if hand else None
        #: With ``to_hand``: the flags a promoted piece keeps so it can return as what it was.
        self.promotion_flags: Callable[[str, str], frozenset[str]] | None = hand.promotion_flags if hand else None
        #: May drops be refused after they are made (no pawn-drop mate)?
        self.drop_vetoes = hand.drop_vetoes if hand else False
        #: Kinds whose drop may be played but loses if it mates.
        self.drop_mate_loses: frozenset[str] = hand.drop_mate_loses if hand else frozenset()
        #: The keys of the powers' state in ``Position.state``.
        self.state_keys = frozenset(k for p in self.power_objects.values() for k in p.state_keys)
        #: State keys left out of the repetition key (counts of moves).
        self.counter_state_keys = frozenset(k for p in self.power_objects.values() for k in p.counter_state_keys)
        #: Plies without a reset that draw the game (0: no such rule, or its option is off).
        self.move_rule_plies = move_rule_plies(self.outcomes, variant.options, options)
        resets = self.outcomes.move_rule_resets
        self.reset_on_capture = "capture" in resets
        self.reset_kinds = frozenset(
            k for k, t in self.types.items() if k in resets or ("pawn" in resets and t.data.get("pawn"))
        )
        all_powers = list(self.power_objects.values())
        self.prepare_powers = sorted(
            (p for p in all_powers if p.overrides("prepare")), key=lambda p: p.stage
        )
        self.extra_move_powers = [p for p in self.variant_powers if p.overrides("extra_moves")]
        self.transform_powers = [p for p in self.variant_powers if p.overrides("transform_moves")]
        #: May pseudo_moves(quiet=False) leave out plain pieces' non-captures? Only where every
        #: transform merely promotes (then the kinds that promote keep all their moves), since
        #: other transforms may turn a quiet move into a capture.
        self.quiet_skippable = all(p.only_promotes for p in self.transform_powers)
        promoting: set[str] = set(self.pawn_kinds)
        for power in self.transform_powers:
            promoting |= power.pieces
        self.promoting_kinds = frozenset(promoting)
        self.after_powers = [p for p in self.variant_powers if p.overrides("after_move")]
        self.illegal_powers = [p for p in self.variant_powers if p.overrides("illegal_reason")]
        self.outcome_powers = [p for p in self.variant_powers if p.overrides("outcome")]
        self.final_powers = [p for p in self.outcome_powers if p.ends_before_moves]
        self.repetition_powers = [p for p in self.variant_powers if p.overrides("repetition_verdict")]
        self.action_powers = [p for p in self.variant_powers if p.overrides("actions")]
        self.attack_filter_powers = [p for p in self.variant_powers if p.overrides("allows_attack")]
        self.attack_powers = [p for p in all_powers if p.overrides("attacks")]
        self.attack_bound_powers = [p for p in self.variant_powers if p.overrides("may_attack")]
        self.settle_powers = [p for p in all_powers if p.overrides("settle")]
        self.kind_handlers: dict[str, Power] = {}
        for p in all_powers:
            for kind in p.kinds:
                self.kind_handlers[kind] = p
        self.action_kinds: set[str] = set()
        for p in all_powers:
            self.action_kinds.update(p.action_kinds)
        self._atoms: dict[tuple[str, int], tuple[GenAtom, ...]] = {}
        self.forward_kinds = frozenset(
            k for k, t in self.types.items()
            if any(self.power_objects[n].attacks_forward for n in t.powers)
            # First-move captures tied to ranks are not in the attack tables: find them by generating.
            or ((t.data.get("initial_ranks") or t.data.get("initial_region"))
                and any(a.initial and a.can_capture for a in t.atoms))
            # XBetza beyond plain Betza (multi-leg, crooked, ...): no attack table describes it.
            # (An en passant capture alone, fceF's e, takes no piece where it lands: no attack.)
            or any(a.legs and not en_passant_only(a) for a in t.atoms)
            or any(a.legs and not en_passant_only(a) for _name, _text, atoms in t.movement.betza_in for a in atoms)
        )
        #: Kinds with region or hurdle/capture rules (rules/movement.py): their attacks are
        #: found by asking their compiled atoms square by square, not by the ray tables.
        self.restricted_kinds = frozenset(k for k, t in self.types.items() if not t.movement.plain)
        #: Royal pieces of the two sides may not face each other on an open file.
        self.no_facing = not variant.royals_may_face
        #: Removing the opponent's last royal piece wins even with the mover's royal attacked.
        self.royal_capture_wins = any(p.royal_capture_wins for p in self.variant_powers)
        #: Kinds with two atoms that can land on one square (a leap onto a ride, RD): their
        #: moves are generated apart and merged, so each is listed once.
        self.overlapping_kinds = frozenset(
            k for k in self.types if any(atoms_meet(self.atoms_of(k, color)) for color in (0, 1))
        )
        # Per colour, compiled atoms of the kinds whose moves are Betza alone.
        self._plain_atoms = tuple(
            {
                k: self.atoms_of(k, color)
                for k, t in self.types.items() if not t.powers and k not in self.overlapping_kinds
            }
            for color in (0, 1)
        )
        #: Powers that make moves of their own (captures_on asks their holders always).
        self._moving_powers = frozenset(n for n, p in self.power_objects.items() if p.overrides("piece_moves"))
        self._reach: dict[tuple[str, int], tuple[frozenset[int], ...]] = {}
        #: The kinds whose non-captures pseudo_moves(quiet=False) may leave out.
        self.quiet_skip_kinds = frozenset(
            k for k in self._plain_atoms[0] if k not in self.promoting_kinds
        ) if self.quiet_skippable else frozenset()
        self.attack_tables = (build_tables(self, 0), build_tables(self, 1))
        #: Contexts by position, within a byte budget (see rules.context_cache).
        self.contexts = ContextCache()
        self.simple_legality = self._allows_pin_shortcut()

    def _allows_pin_shortcut(self) -> bool:
        """True when only pins and checks can make a pseudo-legal move illegal.

        That holds for pure Betza pieces without hoppers (a moved piece can only
        open a line, never create a screen) and powers that change nothing else.
        """
        return (
            self.royal_mode == "always"
            and not self.drop_vetoes
            and not self.prepare_powers
            and not self.forward_kinds
            and all(p.pin_safe for p in self.variant_powers)
            and all(not t.powers for t in self.types.values())
            and all(not a.hop for t in self.types.values() for a in t.atoms)
            and not self.restricted_kinds
            and not self.no_facing
        )

    def power_of(self, kind: type[P]) -> P | None:
        """This variant's power of class ``kind`` (a power that needs another asks so), or None."""
        for power in self.power_objects.values():
            if isinstance(power, kind):
                return power
        return None

    # ------------------------------------------------------------ start

    def setup_placement(self) -> str:
        """Placement text of the start array chosen by the options."""
        placement = self.setup_text()[0]
        for power in self.variant_powers:
            placement = power.start_placement(placement)
        return placement

    def setup_text(self) -> tuple[str, str]:
        """(placement, starting hand text) of the setup chosen by the options (see
        :func:`rules.placementcheck.split_setup_hand`)."""
        name = self.options.get("setup", self.variant.default_setup)
        letters = frozenset(self.variant.piece_by_letter())
        return split_setup_hand(self.variant.setups[name].placement, letters)

    def start_position(self) -> Position:
        pos = Position(self)
        for sq, (p, _) in parse_placement(self, self.setup_placement()).items():
            pos.put(sq, p)
        for p in hand_pieces(self, self.setup_text()[1]):
            pos.add_to_pool(p)
        for power in self.variant_powers:
            power.setup(pos)
        return pos

    def region(self, name: str, color: int) -> frozenset[int]:
        """Board indices of the variant's region ``name`` for ``color`` (see :mod:`rules.regions`)."""
        key = f"region:{name}:{color}"
        found = self.memo.get(key)
        if found is None:
            from .regions import region_indices

            found = self.memo[key] = region_indices(self.geo, self.variant.regions[name], color)
        return found

    def check_state(self, pos: Position) -> None:
        for power in self.variant_powers:
            power.check_state(pos)

    # ------------------------------------------------------------ atoms

    def atoms_of(self, kind: str, color: int) -> tuple[GenAtom, ...]:
        key = (kind, color)
        found = self._atoms.get(key)
        if found is None:
            t = self.types.get(kind)
            if t is None:
                found = ()
            elif t.movement.plain:
                found = compile_atoms(self.geo, t.atoms, self.views[color])
            else:
                found = self._restricted_atoms(t, color)
            ranks = t.data.get("initial_ranks") if t else None
            region = t.data.get("initial_region") if t else None
            if ranks or region:
                found = self._rank_initial(found, ranks or (), region or "", color)
            self._atoms[key] = found
        return found

    def _rank_initial(
        self, atoms: tuple[GenAtom, ...], ranks: tuple[int, ...], region: str, color: int
    ) -> tuple[GenAtom, ...]:
        """First-move atoms (``i``) of a piece with ``initial_ranks`` or ``initial_region``:
        allowed from those ranks (counted from the owner's side) and from the owner's squares
        of that region, whether or not the piece has moved."""
        geo = self.geo
        own = {r - 1 if color == 0 else geo.ranks - r for r in ranks}
        inside: frozenset[int] = self.region(region, color) if region else frozenset()
        kept = []
        for g in atoms:
            if not g.initial:
                kept.append(g)
                continue
            keep = [sq in inside or geo.rank_of(sq) in own for sq in range(len(g.rays))]
            rays = tuple(r if keep[sq] else () for sq, r in enumerate(g.rays))
            paths = None if g.paths is None else tuple(p if keep[sq] else None for sq, p in enumerate(g.paths))
            kept.append(g._replace(rays=rays, paths=paths, initial=False))
        return tuple(kept)

    def _restricted_atoms(self, t: PieceType, color: int) -> tuple[GenAtom, ...]:
        """A piece's atoms with its region rules compiled into their per-square rays."""
        from .movement import restricted

        rules = t.movement
        confine = self.region(rules.region, color) if rules.region else None
        claimed: frozenset[int] = frozenset()
        out: list[GenAtom] = []
        for name, _text, atoms in rules.betza_in:
            squares = self.region(name, color) - claimed
            out.extend(restricted(compile_atoms(self.geo, atoms, self.views[color]), squares, confine, rules))
            claimed |= squares
        elsewhere = frozenset(range(self.geo.size)) - claimed if claimed else None
        out.extend(restricted(compile_atoms(self.geo, t.atoms, self.views[color]), elsewhere, confine, rules))
        return tuple(out)

    def compile(self, atoms: tuple[Atom, ...], color: int) -> tuple[GenAtom, ...]:
        """``atoms`` compiled for a piece of ``color`` (the second side's seen by ``orientation``)."""
        return compile_atoms(self.geo, atoms, self.views[color])

    # ------------------------------------------------------------ context

    def context(self, pos: Position) -> Context:
        """Board-wide effects for this position (cached by position)."""
        if not self.prepare_powers:
            return EMPTY
        key = self._context_key(pos)
        ctx = self.contexts.get(key)
        if ctx is None:
            ctx = self.uncached_context(pos)
            self.contexts.put(key, ctx)
        return ctx

    def uncached_context(self, pos: Position) -> Context:
        """The Context of ``pos`` worked out afresh and not kept (for positions that are not
        played, such as a lone piece on an empty board: kept, they would skew the cache's
        estimate of what a Context costs)."""
        if not self.prepare_powers:
            return EMPTY
        ctx = Context()
        for power in self.prepare_powers:
            power.prepare(pos, ctx)
        return ctx

    def cached_context(self, pos: Position) -> Context | None:
        """The Context of ``pos`` if it is already worked out, else None."""
        if not self.prepare_powers:
            return EMPTY
        return self.contexts.get(self._context_key(pos))

    @staticmethod
    def _context_key(pos: Position) -> tuple[int, int, tuple[Any, ...], tuple[tuple[str, Any], ...]]:
        return (pos.zhash, pos.turn, pos.pools, tuple(sorted(pos.state.items())))

    # ------------------------------------------------------------ generation

    def pseudo_moves(self, pos: Position, ctx: Context, quiet: bool = True) -> list[Move]:
        """The side to move's moves before the royal-safety test.

        ``quiet=False`` is a hint for callers that keep only captures and promotions (the
        engine's quiescence): plain pieces' non-captures may be left out. Every capture and
        promotion is still listed, and other moves may be too.
        """
        out: list[Move] = []
        color = pos.turn
        board = pos.board
        frozen = ctx.frozen
        if ctx is EMPTY:
            # No board-wide effects: pieces without powers go straight to the generator.
            plain = self._plain_atoms[color]
            skip_quiet = not quiet and self.quiet_skippable
            promoting = self.promoting_kinds
            for sq in range(self.geo.board_size):
                p = board[sq]
                if p is None or p.color != color:
                    continue
                atoms = plain.get(p.kind)
                if atoms is None:
                    self.piece_moves(pos, ctx, sq, p, out)
                else:
                    self.betza_moves(pos, sq, p, atoms, out, None, not skip_quiet or p.kind in promoting)
        else:
            for sq in range(self.geo.board_size):
                p = board[sq]
                if p is None or p.color != color or sq in frozen:
                    continue
                self.piece_moves(pos, ctx, sq, p, out)
        return self._with_variant_moves(pos, ctx, out)

    def _with_variant_moves(self, pos: Position, ctx: Context, out: list[Move]) -> list[Move]:
        """The pieces' moves in ``out`` with the variant powers' extra moves and transforms."""
        for power in self.extra_move_powers:
            power.extra_moves(pos, ctx, out)
        for power in self.transform_powers:
            out = power.transform_moves(pos, ctx, out)
        return out

    def captures_on(self, pos: Position, ctx: Context, target: int) -> list[Move]:
        """The side to move's pseudo-legal moves that capture on ``target`` (every one of them).

        Only pieces that might capture there are asked for their moves: those whose
        capturing atoms reach ``target`` on an empty board, and those with a power that
        makes moves of its own (its captures are not in the atoms' rays).
        """
        out: list[Move] = []
        color = pos.turn
        board = pos.board
        frozen = ctx.frozen
        for sq in range(self.geo.board_size):
            p = board[sq]
            if p is None or p.color != color or sq in frozen:
                continue
            if self.may_capture_on(ctx, sq, p, target):
                self.piece_moves(pos, ctx, sq, p, out)
        return [m for m in self._with_variant_moves(pos, ctx, out) if target in m.caps]

    def may_capture_on(self, ctx: Context, sq: int, p: Piece, target: int) -> bool:
        """Might the piece on ``sq`` capture on ``target`` with its own moves, Betza or power?

        A sieve from the empty board's reach; kinds with region or hurdle rules always might.
        """
        if p.kind in self.restricted_kinds:
            return True
        names = ctx.powers.get(sq)
        if names is None:
            t = self.types.get(p.kind)
            names = t.powers if t else ()
        if self._power_may_capture(names, p.color, sq, target):
            return True
        atoms = ctx.atoms.get(sq)
        if atoms is None:
            return target in self.capture_reach(p.kind, p.color)[sq]
        return any(g.can_capture and target in g.rays[sq] for g in atoms)

    def _power_may_capture(self, names: tuple[str, ...], color: int, sq: int, target: int) -> bool:
        """Might one of these powers' own moves capture on ``target`` from ``sq``?"""
        moving_powers = self._moving_powers
        objects = self.power_objects
        for n in names:
            if n in moving_powers:
                reach = objects[n].capture_reach(color)
                if reach is None or target in reach[sq]:
                    return True
        return False

    def capture_reach(self, kind: str, color: int) -> tuple[frozenset[int], ...]:
        """Per square, where a piece of ``kind`` could capture on an empty board (a sieve)."""
        key = (kind, color)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = self.atoms_capture_reach(self.atoms_of(kind, color))
        return found

    def atoms_capture_reach(self, atoms: tuple[GenAtom, ...]) -> tuple[frozenset[int], ...]:
        """Per square, where these atoms could capture on an empty board."""
        return self.rays_reach([g for g in atoms if g.can_capture])

    def rays_reach(self, atoms: list[GenAtom]) -> tuple[frozenset[int], ...]:
        """Per square, every square on these atoms' rays from there (an empty board's reach)."""
        return tuple(frozenset(t for g in atoms for t in g.rays[sq]) for sq in range(self.geo.board_size))

    def piece_moves(
        self,
        pos: Position,
        ctx: Context,
        sq: int,
        p: Piece,
        out: list[Move],
        atoms: tuple[GenAtom, ...] | None = None,
        with_powers: bool = True,
    ) -> None:
        """Append the moves of the piece on ``sq``: Betza atoms, then its powers."""
        if atoms is None:
            atoms = ctx.atoms.get(sq)
            if atoms is None:
                atoms = self.atoms_of(p.kind, p.color)
        stops = ctx.stops.get(sq) if ctx.stops else None
        if p.kind in self.overlapping_kinds:
            found: list[Move] = []
            self.betza_moves(pos, sq, p, atoms, found, stops)
            out.extend(dict.fromkeys(found))
        else:
            self.betza_moves(pos, sq, p, atoms, out, stops)
        if with_powers:
            names = ctx.powers.get(sq) if ctx.powers else None
            if names is None:
                t = self.types.get(p.kind)
                names = t.powers if t else ()
            for name in names:
                self.power_objects[name].piece_moves(pos, ctx, sq, p, out)

    def betza_moves(
        self,
        pos: Position,
        sq: int,
        p: Piece,
        atoms: tuple[GenAtom, ...],
        out: list[Move],
        stops: frozenset[int] | None = None,
        quiet: bool = True,
    ) -> None:
        """Append the moves ``atoms`` give the piece on ``sq`` (only captures when not ``quiet``)."""
        board = pos.board
        names = self.geo.names
        color = p.color
        origin = names[sq]
        append = out.append
        moved = p.moved
        # Tuple unpacking is much cheaper than NamedTuple attribute access here.
        for g in atoms:
            rays, can_move, can_capture, hop, paths, initial, slide, _vector, _reach, _no_hurdle, no_victim, _legs = g
            if initial and moved:
                continue
            ray = rays[sq]
            if not ray:
                continue
            if paths is not None:
                path = paths[sq]
                if path is None or any(board[s] is not None for s in path):
                    continue
                if stops is not None and slide and (sq in stops or any(s in stops for s in path)):
                    continue
            if hop:
                if hop == LEGS:
                    self._leg_moves(pos, names, sq, origin, color, g, out, quiet, stops)
                else:
                    self._hop_moves(board, names, sq, origin, color, g, ray, out, quiet)
                continue
            stopping = stops is not None and slide
            if stopping and sq in stops:  # type: ignore[operator]
                ray = ray[:1]
            for t in ray:
                occ = board[t]
                if occ is None:
                    if can_move and quiet:
                        append(build_move(("normal", origin, names[t], (), None, None, sq, t, (), ())))
                    if stopping and t in stops:  # type: ignore[operator]
                        break
                else:
                    if can_capture and occ.color != color and not (no_victim and occ.kind in no_victim):
                        name = names[t]
                        append(build_move(("normal", origin, name, (name,), None, None, sq, t, (t,), ())))
                    break

    @staticmethod
    def _hop_moves(
        board: list[Piece | None],
        names: tuple[str, ...],
        sq: int,
        origin: str,
        color: int,
        g: GenAtom,
        ray: tuple[int, ...],
        out: list[Move],
        quiet: bool = True,
    ) -> None:
        no_hurdle = g.hurdles_exclude
        no_victim = g.captures_exclude
        grasshopper = g.hop == GRASSHOP
        jumped = False
        for t in ray:
            occ = board[t]
            if not jumped:
                if occ is not None:
                    if no_hurdle and occ.kind in no_hurdle:
                        return
                    jumped = True
                continue
            if occ is None:
                if g.can_move and quiet:
                    out.append(build_move(("normal", origin, names[t], (), None, None, sq, t, (), ())))
                if grasshopper:
                    return
                continue
            if g.can_capture and occ.color != color and not (no_victim and occ.kind in no_victim):
                out.append(build_move(("normal", origin, names[t], (names[t],), None, None, sq, t, (t,), ())))
            return

    def _leg_moves(
        self,
        pos: Position,
        names: tuple[str, ...],
        sq: int,
        origin: str,
        color: int,
        g: GenAtom,
        out: list[Move],
        quiet: bool = True,
        stops: frozenset[int] | None = None,
    ) -> None:
        """The moves of an XBetza move beyond plain Betza (rules/legs.py) from ``sq``: Hia zones
        (``stops``), ``hurdles_exclude`` and ``captures_exclude`` apply as to plain Betza."""
        plan = g.legs
        assert plan is not None
        reach = g.rays[sq]  # where its moves may end: a region the piece never leaves cuts it
        ep_squares: tuple[int, ...] = ()
        if plan.en_passant and pos.ep >= 0:
            ep_squares = (pos.ep, *self.ep_also(pos))
        walks = leg_moves(
            pos.board, plan, sq, color, quiet, stops, g.hurdles_exclude, g.captures_exclude, ep_squares,
            pos.ep_victim,
        )
        for walk in walks:
            d = walk.destination
            if d not in reach:
                continue
            caps = walk.captures
            captured = tuple(names[c] for c in caps)
            if walk.unload is None:
                kind = "en-passant" if walk.en_passant else "normal"
                out.append(build_move((kind, origin, names[d], captured, None, None, sq, d, caps, ())))
                continue
            carried, spot = walk.unload
            choice = f"unload-{names[spot]}" if carried == d else f"unload-{names[carried]}-{names[spot]}"
            out.append(build_move((UNLOAD, origin, names[d], captured, None, choice, sq, d, caps, (carried, spot))))

    def ep_also(self, pos: Position) -> tuple[int, ...]:
        """En passant squares besides ``pos.ep`` (a step of three or more: state ``ep-also``)."""
        also = pos.state.get("ep-also")
        if not isinstance(also, tuple):
            return ()
        index = self.geo.index
        return tuple(index[name] for name in also if name in index)

    # ------------------------------------------------------------ attacks (see rules.attacks)

    def is_attacked(self, pos: Position, target: int, by: int, ctx: Context | None = None) -> bool:
        """Could a piece of colour ``by`` capture on ``target`` if it were ``by``'s move?"""
        return is_attacked(self, pos, target, by, ctx)

    def in_check(self, pos: Position, color: int | None = None) -> bool:
        """Is a royal piece of ``color`` (default: side to move) attacked, where royalty applies?"""
        return in_check(self, pos, color)

    def attacked_squares(self, pos: Position, by: int) -> list[int]:
        """Board squares ``by`` attacks or defends (see :func:`rules.attacks.attacked_squares`)."""
        return attacked_squares(self, pos, by)

    # ------------------------------------------------------------ legality

    def legal_moves(self, pos: Position) -> list[Move]:
        """The side to move's legal moves: none once a rule judged after every move (a goal, a
        check count, an extinction, a bare king) has decided the game."""
        known = self.legal_now
        if known is not None and known[0] is pos:
            return list(known[1])
        if self.judged_each_move and each_move_result(self, pos) is not None:
            return []
        if self.final_powers and any(p.outcome(pos, []) is not None for p in self.final_powers):
            return []
        return self.moves_by_movement(pos)

    def moves_by_movement(self, pos: Position) -> list[Move]:
        """The side to move's legal moves as if no rule judged after every move had decided the
        game: what the end rules themselves ask (may Black still reach the goal?)."""
        ctx = self.context(pos)
        moves = self.pseudo_moves(pos, ctx)
        mover = pos.turn
        royals = pos.royals[mover]
        royal_count = len(royals)
        if self.simple_legality and royal_count == 1:
            (king,) = royals
            if not is_attacked(self, pos, king, 1 - mover, ctx):
                pinned = pinned_pieces(self, pos, king, mover)
                return [
                    m for m in moves
                    if (m.o != king and m.o not in pinned and m.kind != "en-passant")
                    or self._stands(pos, m, mover, royal_count)
                ]
        return [m for m in moves if self._stands(pos, m, mover, royal_count)]

    def _stands(self, pos: Position, move: Move, mover: int, royal_count: int) -> bool:
        pos.push(move)
        try:
            return self.problem_after(pos, move, mover, royal_count) is None
        finally:
            pos.pop()

    def problem_after(self, pos: Position, move: Move, mover: int, royal_count: int) -> str | None:
        """Why the position just reached may not stand (the move is pushed), or None."""
        royals = pos.royals[mover]
        if royal_count and not royals:
            return "it would remove your last royal piece"
        if self.no_facing and self.royals_face(pos, mover):
            return "it would leave the royal pieces facing each other on an open file"
        if royals and (self.royal_mode == "always" or len(royals) == 1) and not (
            self.royal_capture_wins and not pos.royals[1 - mover]
        ):
            ctx: Context | None = None
            bounds = self.attack_bound_powers
            for r in royals:
                if bounds and not all(p.may_attack(pos, r, 1 - mover) for p in bounds):
                    continue  # a power is sure nothing can reach it: skip the board-wide context
                if ctx is None:
                    ctx = self.context(pos)
                if is_attacked(self, pos, r, 1 - mover, ctx):
                    name = self.types[pos.board[r].kind].name  # type: ignore[union-attr]
                    return f"it would leave your {name} on {self.geo.names[r]} attacked"
        for power in self.illegal_powers:
            reason = power.illegal_reason(pos, move, mover)
            if reason:
                return reason
        return None

    def royals_face(self, pos: Position, color: int) -> bool:
        """Does a royal piece of ``color`` see an enemy royal along its file, nothing between?"""
        board = pos.board
        for r in pos.royals[color]:
            for dy in (1, -1):
                for s in self.geo.rays_for(0, dy)[r]:
                    occ = board[s]
                    if occ is not None:
                        if occ.color != color and occ.kind in self.royal_kinds:
                            return True
                        break
        return False

    def legal_actions(self, pos: Position) -> list[Move]:
        out: list[Move] = []
        for power in self.action_powers:
            out.extend(power.actions(pos))
        return out

    # ------------------------------------------------------------ making moves

    def apply(self, pos: Position, move: Move) -> None:
        if move.kind in self.action_kinds:
            self.kind_handlers[move.kind].apply(pos, move)
            return
        mover = pos.board[move.o] if move.o >= 0 else None
        pos.ep = -1
        pos.ep_victim = -1
        handler = self.kind_handlers.get(move.kind)
        if handler is not None:
            handler.apply(pos, move)
        else:
            self.apply_plain(pos, move)
        if mover is not None:
            for power in self.after_powers:
                power.after_move(pos, move, mover)
        if (move.caps and self.reset_on_capture) or (mover is not None and mover.kind in self.reset_kinds):
            pos.halfmove = 0
        else:
            pos.halfmove += 1
        if pos.turn == 1:
            pos.fullmove += 1
        pos.turn ^= 1

    def apply_plain(self, pos: Position, move: Move) -> None:
        """Lift the mover, remove every captured piece, set it down (promoted if asked); an
        XBetza unload (``u``) sets the piece it carries down elsewhere instead of capturing it."""
        board = pos.board
        mover = board[move.o]
        assert mover is not None, f"no piece on {move.origin} for {move}"
        for c in move.caps:
            if c != move.o:
                pos.capture(c)
        if move.kind == UNLOAD:
            carried_from, spot = move.extra
            carried = board[carried_from]
            pos.put(carried_from, None)
            pos.put(move.o, None)
            pos.put(move.d, self.moved_piece(mover))
            pos.put(spot, carried)
            return
        new = self.moved_piece(mover)
        if move.promotion:
            new = self.promoted_piece(pos, mover, move.promotion)
        if move.d != move.o:
            pos.put(move.o, None)
        pos.put(move.d, new)

    def moved_piece(self, p: Piece) -> Piece:
        t = self.types.get(p.kind)
        if t is not None and t.tracks_moved and not p.moved:
            return p.as_moved()
        return p

    def promoted_piece(self, pos: Position, mover: Piece, kind: str) -> Piece:
        """The piece a promotion creates, taken out of the pool where the variant says so."""
        if self.variant.promotion.get("choices") == "pool":
            for candidate in pos.pools[mover.color]:
                if candidate.kind == kind:
                    pos.take_from_pool(mover.color, candidate)
                    t = self.types[kind]
                    return candidate.replace(moved=t.tracks_moved)
        t = self.types[kind]
        flags = self.promotion_flags(mover.kind, kind) if self.promotion_flags is not None else ()
        return piece(mover.color, kind, t.tracks_moved, flags, t.components)

    # ------------------------------------------------------------ outcome

    def ep_key(self, pos: Position) -> int:
        """The en passant square if an en passant capture is legal now, else -1."""
        if pos.ep < 0:
            return -1
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        for m in self.pseudo_moves(pos, self.context(pos)):
            if m.kind == "en-passant" and self._stands(pos, m, mover, royal_count):
                return pos.ep
        return -1

    def outcome(
        self, pos: Position, legal: list[Move], royal_sides: tuple[bool, bool] = (True, True)
    ) -> tuple[int | None, str] | None:
        """(winner colour or None for a draw, reason) if the game is over, else None (see
        :func:`rules.judge.outcome`)."""
        return outcome(self, pos, legal, royal_sides)
