"""Cuisinart: Ferz and Wazir atoms, the text's recipes with their choices, the Queen's
four splits, conservation of atoms, and the bent riders, all worked out by hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from rules.powers.recipes import book_for


def game(placement: dict[str, str], variant: str = "cuisinart", **options: object) -> rules.Game:
    return rules.new_game(variant, options=dict(options), placement=placement)


def merge_results(g: rules.Game, origin: str, destination: str) -> set[str]:
    out = set()
    for m in g.legal_moves():
        if m.kind == "merge" and m.origin == origin and m.destination == destination:
            g.play(m)
            out.add(g.board()[destination].split()[1])
            g.undo()
    return out


KINGS = {"h1": "white king", "a8": "black king"}

RECIPES = [
    # mover on d4, target on a square the mover's own step reaches, results by the text
    ("ferz", "e5", "ferz", {"bishop", "alfil"}),
    ("wazir", "d5", "wazir", {"rook", "dabbaba"}),
    ("ferz", "e5", "wazir", {"knight", "man"}),
    ("wazir", "d5", "ferz", {"knight", "man"}),
    ("alfil", "f6", "alfil", {"alfilrider"}),
    ("dabbaba", "d6", "dabbaba", {"dabbabarider"}),
    ("man", "e5", "man", {"queen"}),
    ("wazir", "d5", "bishop", {"dragon-horse"}),
    ("ferz", "e5", "knight", {"manticore", "zebra"}),
    ("ferz", "e5", "rook", {"dragon-king"}),
    ("wazir", "d5", "knight", {"griffon", "camel"}),
]


@pytest.mark.parametrize(("mover", "target_sq", "target", "results"), RECIPES)
def test_text_recipes_with_the_players_choice(mover: str, target_sq: str, target: str, results: set[str]) -> None:
    """Rule: "Two Ferzes make a Bishop, but could also become an Alfil. Two Wazirs can make
    a Rook, but could also become a Dababa. One of each makes a Knight, but could also be a
    Man. ... combining two of any of these makes for a 'rider' version (Alfilrider,
    Dababarider, or Queen) ... the Wazir joining a Bishop, making a Dragon Horse; or a Ferz
    can join a Knight, making either a Manticore or a Zebra (player's choice). ... Dragon
    King (Ferz to Rook), or a choice of Griffon or Camel (Wazir to Knight)."""
    g = game({**KINGS, "d4": f"white {mover}", target_sq: f"white {target}"})
    assert merge_results(g, "d4", target_sq) == results
    choices = [m for m in g.legal_moves() if m.kind == "merge" and m.origin == "d4"]
    assert len(choices) == len(results)
    if len(results) > 1:
        assert {m.choice for m in choices} == results


@pytest.mark.parametrize(
    ("compound", "atom_sq", "atom"),
    [("bishop", "e5", "wazir"), ("knight", "e6", "ferz"), ("rook", "d5", "ferz"), ("knight", "e6", "wazir")],
)
def test_atoms_join_but_are_never_entered(compound: str, atom_sq: str, atom: str) -> None:
    """Rule: the atom joins the larger piece ("the Wazir joining a Bishop", "a Ferz can join
    a Knight"), never the reverse: the larger piece as a whole does not merge onto it."""
    g = game({**KINGS, "d4": f"white {compound}", atom_sq: f"white {atom}"})
    assert not [m for m in g.legal_moves() if m.kind == "merge" and m.origin == "d4"]


SPLITS = [
    # piece on d4, part that leaves, part that stays
    ("bishop", "ferz", "ferz"),
    ("rook", "wazir", "wazir"),
    ("knight", "ferz", "wazir"),
    ("knight", "wazir", "ferz"),
]


@pytest.mark.parametrize(("piece", "leaves", "stays"), SPLITS)
def test_bishop_rook_and_knight_split_into_atoms(piece: str, leaves: str, stays: str) -> None:
    """Rule: "the Bishop can separate into two Ferzes, the Rook into two Wazirs, and the
    Knight into one of each". The leaving atom moves one step (Ferz diagonally, Wazir
    orthogonally) from d4."""
    g = game({**KINGS, "d4": f"white {piece}"})
    steps = {"ferz": {"c3", "c5", "e3", "e5"}, "wazir": {"c4", "e4", "d3", "d5"}}[leaves]
    assert {m.destination for m in g.legal_moves() if m.kind == "separate" and m.choice == leaves} == steps
    target = sorted(steps)[0]
    g.play(f"d4{target}/{leaves}")
    assert g.board()["d4"] == f"white {stays}" and g.board()[target] == f"white {leaves}"


def test_queen_splits_four_ways_even_the_starting_queen() -> None:
    """Rule: "the 'Original Queen' rule is suspended; a Queen can split into Rook and
    Bishop, two Men, Wazir and Dragon Horse, or Ferz and Dragon King"."""
    g = rules.new_game("cuisinart", fen="k7/8/8/8/3Q4/8/8/7K w - - 0 1")
    stays = {}
    for m in g.legal_moves():
        if m.kind == "separate" and m.choice not in stays:
            g.play(m)
            stays[m.choice] = g.board()["d4"].split()[1]
            g.undo()
    assert stays == {
        "rook": "bishop", "bishop": "rook", "man": "man", "wazir": "dragon-horse", "ferz": "dragon-king",
    }
    start = rules.new_game("cuisinart")
    assert not start.piece_at("d1").flags  # type: ignore[union-attr]


def test_bishop_and_rook_become_two_knights_in_four_moves() -> None:
    """Rule: "in four moves, a Bishop and a Rook can each separate and their parts recombine
    into two Knights" -- played out on c1 and d1: Ferz c1-d2, Wazir d1-e1, then the Wazir
    left on d1 joins the Ferz left on c1 and the Ferz on d2 joins the Wazir on e1."""
    g = game({"h1": "white king", "a8": "black king", "c1": "white bishop", "d1": "white rook"})
    for white, black in (("c1d2/ferz", "a8b8"), ("d1e1/wazir", "b8a8"), ("d1c1/knight", "a8b8")):
        g.play(white)
        g.play(black)
    g.play("d2e1/knight")
    assert g.board() == {"h1": "white king", "b8": "black king", "c1": "white knight", "e1": "white knight"}


ATOMS = {
    # hand-counted Ferz and Wazir content of every piece (f, w)
    "ferz": (1, 0), "wazir": (0, 1), "bishop": (2, 0), "alfil": (2, 0), "rook": (0, 2), "dabbaba": (0, 2),
    "knight": (1, 1), "man": (1, 1), "alfilrider": (4, 0), "dabbabarider": (0, 4), "queen": (2, 2),
    "dragon-horse": (2, 1), "dragon-king": (1, 2), "manticore": (2, 1), "zebra": (2, 1),
    "griffon": (1, 2), "camel": (1, 2), "chancellor": (1, 3), "archbishop": (3, 1), "amazon": (3, 3),
    "nightrider": (2, 2), "unicorn": (4, 2), "raven": (2, 4), "centauride": (4, 4),
    "centaur": (2, 2), "carpenter": (1, 3), "gnu": (2, 3), "canvasser": (1, 4), "giraffe": (1, 3),
    "squirrel": (3, 3), "zebrarider": (4, 2), "camelrider": (2, 4), "giraffe-rider": (2, 6),
}


def _sum(*kinds: str) -> tuple[int, int]:
    return (sum(ATOMS[k][0] for k in kinds), sum(ATOMS[k][1] for k in kinds))


@pytest.mark.parametrize("option", ["components", "listed-only"])
def test_every_recipe_conserves_atoms(option: str) -> None:
    """Ruling 5: Cuisinart recipes conserve atoms (Ferz, Wazir): in every merge the result
    holds exactly the atoms of the two pieces, in every split the two parts those of the piece."""
    book = book_for(rules.make_rules("cuisinart", {"merge_recipes": option}))
    table = book.table()
    assert table["merges"] and table["splits"]
    for m in table["merges"]:
        for r in m["results"]:
            assert _sum(m["mover"], m["target"]) == ATOMS[r], m
    for s in table["splits"]:
        assert _sum(s["leaves"], s["stays"]) == ATOMS[s["piece"]], s


def test_atoms_conserved_in_random_play() -> None:
    """Ruling 5, in play: no merge or separation changes a side's atom count; only captures
    and promotions do."""
    rng = random.Random(5)
    g = rules.new_game("cuisinart")

    def atoms(color: str) -> tuple[int, int]:
        kinds = [v.split()[1] for v in g.board().values() if v.startswith(color)]
        return _sum(*(k for k in kinds if k in ATOMS))

    seen = Counter[str]()
    for _ in range(160):
        if g.result is not None:
            break
        moves = g.legal_moves()
        special = [m for m in moves if m.kind in ("merge", "separate") and not m.captures]
        m = rng.choice(special) if special and rng.random() < 0.6 else rng.choice(moves)
        side = g.to_move
        before = atoms(side)
        g.play(m)
        if m.kind in ("merge", "separate") and not m.captures:
            seen[m.kind] += 1
            assert atoms(side) == before, str(m)
    assert seen["merge"] > 5 and seen["separate"] > 5


GRIFFON_D4 = "c3 c5 e3 e5 f5 g5 h5 e6 e7 e8 b5 a5 c6 c7 c8 f3 g3 h3 e2 e1 b3 a3 c2 c1"
MANTICORE_D4 = "d5 d3 c4 e4 e6 f7 g8 c6 b7 a8 e2 f1 c2 b1 f5 g6 h7 f3 g2 h1 b5 a6 b3 a2"


def test_griffon_moves() -> None:
    """Extension to the text (Griffon: one step diagonally, then onward orthogonally away
    from the start). From d4 on an empty board: 24 squares, worked out by hand."""
    g = game({"h8": "white king", "a1": "black king", "d4": "white griffon"})
    normal = {m.destination for m in g.legal_moves() if m.origin == "d4" and m.kind == "normal"}
    assert normal == set(GRIFFON_D4.split())


def test_manticore_moves() -> None:
    """Extension (Manticore: one step orthogonally, then onward diagonally away from the
    start). From d4 with the Kings on a7 and h8: 24 squares, worked out by hand."""
    g = game({"h8": "white king", "a7": "black king", "d4": "white manticore"})
    normal = {m.destination for m in g.legal_moves() if m.origin == "d4" and m.kind == "normal"}
    assert normal == set(MANTICORE_D4.split())


def test_griffon_corner_blocks_and_bent_line_captures() -> None:
    """A bent rider's corner square must be empty to go on: a black pawn on e5 can be taken
    but stops the f5-h5 and e6-e8 lines; a black King on g3 is in check along e3-f3-g3."""
    g = game({"h8": "white king", "a1": "black king", "d4": "white griffon", "e5": "black pawn"})
    normal = {m.destination for m in g.legal_moves() if m.origin == "d4" and m.kind == "normal"}
    assert normal == set(GRIFFON_D4.split()) - {"f5", "g5", "h5", "e6", "e7", "e8"}
    checked = rules.new_game("cuisinart", fen="7K/8/8/8/3{GF}4/6k1/8/8 b - - 0 1")
    assert checked.in_check()
    shielded = rules.new_game("cuisinart", fen="7K/8/8/8/3{GF}4/4p1k1/8/8 b - - 0 1")
    assert not shielded.in_check()


def test_a_knight_checks_with_the_ferz_it_could_release() -> None:
    """Rule: a separating part captures by its own move, so in Cuisinart a Knight attacks
    the squares its Ferz and Wazir could step to. The black King on e5, diagonally next to
    the white Knight on d4, is in check; in plain Blender it is not."""
    fen = "8/8/8/4k3/3N4/8/8/7K b - - 0 1"
    assert rules.new_game("cuisinart", fen=fen).in_check()
    assert not rules.new_game("blender", fen=fen).in_check()


def test_king_may_not_step_next_to_a_cuisinart_knight() -> None:
    """Rule: the King may not move into an attack, the attacks of a Knight's atoms included.
    The black King on f6 may not go to e5 (the Ferz step from d4) in Cuisinart, as it may
    in Blender; f5 and e6 are knight leaps in both."""
    fen = "8/8/5k2/8/3N4/8/8/7K b - - 0 1"
    cuisinart = rules.new_game("cuisinart", fen=fen)
    blender = rules.new_game("blender", fen=fen)
    assert {m.destination for m in cuisinart.legal_moves()} == {"g5", "g6", "e7", "f7", "g7"}
    assert {m.destination for m in blender.legal_moves()} == {"e5", "g5", "g6", "e7", "f7", "g7"}


def test_extension_recipes_only_under_components() -> None:
    """Documented extension: a Knight and a Man make a Centaur (components recipes only);
    under listed-only the two make nothing."""
    placement = {**KINGS, "d4": "white knight", "e6": "white man"}
    assert merge_results(game(placement), "d4", "e6") == {"centaur"}
    assert merge_results(game(placement, merge_recipes="listed-only"), "d4", "e6") == set()


def test_queens_wazir_and_dragon_horse_split_is_listed() -> None:
    """Rule: the Queen's split into Wazir and Dragon Horse is in the text, so it holds under
    listed-only too; its reverse merge (Wazir joins Dragon Horse) is our extension."""
    q = rules.new_game("cuisinart", options={"merge_recipes": "listed-only"}, fen="k7/8/8/8/3Q4/8/8/7K w - - 0 1")
    assert "d4d5/wazir" in {str(m) for m in q.legal_moves()}
    placement = {**KINGS, "d4": "white wazir", "d5": "white dragon-horse"}
    assert merge_results(game(placement), "d4", "d5") == {"queen"}
    assert merge_results(game(placement, merge_recipes="listed-only"), "d4", "d5") == set()


@pytest.mark.parametrize("variant", ["cuisinart", "ultimate-cuisinart"])
def test_legal_moves_are_those_that_leave_no_capture_of_the_king(variant: str) -> None:
    """Rule: chess legality over every move the rules allow. Along random games, a
    generated move is legal exactly when afterwards no enemy move (separations included)
    could capture the mover's King (castling, with its extra conditions, aside)."""
    rng = random.Random(variant)
    g = rules.new_game(variant)
    r, pos = g.rules, g.pos
    for _ in range(30):
        if g.result is not None:
            break
        legal = {str(m) for m in g.legal_moves()}
        mover = pos.turn
        for m in r.pseudo_moves(pos, r.context(pos)):
            if m.kind == "castle":
                continue
            pos.push(m)
            replies = r.pseudo_moves(pos, r.context(pos))
            exposed = any(k in reply.caps for reply in replies for k in pos.royals[mover])
            pos.pop()
            assert (str(m) in legal) == (not exposed), str(m)
        moves = g.legal_moves()
        special = [m for m in moves if m.kind in ("merge", "separate")]
        g.play(rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves))
