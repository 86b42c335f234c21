"""The piece table: which drawing each piece id gets, the contact-sheet groups, and writing the SVGs.

A new piece is drawn in the module of its family and then named here; the file names
``white-<id>.svg`` and ``black-<id>.svg`` come from these keys.
"""

from __future__ import annotations

from pathlib import Path

from .chess import bishop, cannon, grasshopper, king, knight, pawn, queen, rook
from .compounds import (
    amazon,
    archbishop,
    carpenter,
    centaur,
    centauride,
    chancellor,
    dragon_horse,
    dragon_king,
    nightrider,
    queenfiler,
    unicorn,
    zebra,
    zebrarider,
)
from .creatures import (
    buffalo,
    camel,
    camelrider,
    canvasser,
    copperdragon,
    displacer_squirrel,
    falcon,
    gerbil,
    giraffe,
    giraffe_rider,
    gnu,
    golddragon,
    griffon,
    impala,
    manticore,
    raven,
    squirrel,
)
from .friendly import (
    archer,
    berolina_pawn,
    bodyguard,
    caliph,
    chicken_pawn,
    dayrider,
    friend,
    ghost,
    hangman,
    jellyfish,
    lady_in_waiting,
    mecklenbeck_pawn,
    midnighter,
    mtawala,
    patient_pawn,
    poison,
    scorpion_pawn,
)
from .leapers import alfil, alfilrider, dabbaba, dabbabarider, ferz, man, wazir
from .markers import ferry_svg, pocket_svg
from .pen import BLACK, WHITE, Drawer, Pen
from .pocket43 import alibaba, windmill
from .svg import svg_doc

PIECES: dict[str, Drawer] = {
    "king": king,
    "queen": queen,
    "rook": rook,
    "bishop": bishop,
    "knight": knight,
    "pawn": pawn,
    "friend": friend,
    "caliph": caliph,
    "dayrider": dayrider,
    "midnighter": midnighter,
    "mtawala": mtawala,
    "hangman": hangman,
    "impala": impala,
    "poison": poison,
    "buffalo": buffalo,
    "displacer-squirrel": displacer_squirrel,
    "bodyguard": bodyguard,
    "archer": archer,
    "lady-in-waiting": lady_in_waiting,
    "gerbil": gerbil,
    "ghost": ghost,
    "jellyfish": jellyfish,
    "berolina-pawn": berolina_pawn,
    "chicken-pawn": chicken_pawn,
    "mecklenbeck-pawn": mecklenbeck_pawn,
    "patient-pawn": patient_pawn,
    "scorpion-pawn": scorpion_pawn,
    "alibaba": alibaba,
    "falcon": falcon,
    "windmill": windmill,
    "chancellor": chancellor,
    "archbishop": archbishop,
    "amazon": amazon,
    "nightrider": nightrider,
    "unicorn": unicorn,
    "raven": raven,
    "centauride": centauride,
    "ferz": ferz,
    "wazir": wazir,
    "alfil": alfil,
    "dabbaba": dabbaba,
    "man": man,
    "alfilrider": alfilrider,
    "dabbabarider": dabbabarider,
    "dragon-horse": dragon_horse,
    "dragon-king": dragon_king,
    "manticore": manticore,
    "zebra": zebra,
    "griffon": griffon,
    "camel": camel,
    "giraffe": giraffe,
    "squirrel": squirrel,
    "gnu": gnu,
    "centaur": centaur,
    "carpenter": carpenter,
    "canvasser": canvasser,
    "zebrarider": zebrarider,
    "camelrider": camelrider,
    "giraffe-rider": giraffe_rider,
    "queenfiler": queenfiler,
    "golddragon": golddragon,
    "copperdragon": copperdragon,
    "cannon": cannon,
    "grasshopper": grasshopper,
    # Xiangqi's pieces in the western style: each drawn as the chess piece it moves most like.
    "general": king,
    "advisor": ferz,
    "elephant": alfil,
    "horse": knight,
    "chariot": rook,
    "soldier": pawn,
}

# Groups shown together on the contact sheet (pieces that meet in a game).
GROUPS: dict[str, list[str]] = {
    "chess": ["king", "queen", "rook", "bishop", "knight", "pawn"],
    "friendly": [
        "friend", "caliph", "dayrider", "midnighter", "mtawala", "hangman",
        "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard",
        "archer", "lady-in-waiting", "gerbil", "ghost", "jellyfish", "knight",
        "pawn", "berolina-pawn", "chicken-pawn", "mecklenbeck-pawn",
        "patient-pawn", "scorpion-pawn",
    ],
    "pocket43": ["alibaba", "falcon", "windmill", "berolina-pawn"],
    "blender": [
        "chancellor", "archbishop", "amazon", "nightrider", "unicorn", "raven",
        "centauride", "ferz", "wazir", "alfil", "dabbaba", "man", "alfilrider",
        "dabbabarider", "dragon-horse", "dragon-king", "manticore", "zebra",
        "griffon", "camel", "giraffe", "squirrel", "gnu", "centaur",
        "carpenter", "canvasser", "zebrarider", "camelrider", "giraffe-rider",
    ],
    "flight-and-ferry": ["queenfiler", "golddragon", "copperdragon"],
    "classic": ["general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier", "grasshopper"],
}  # fmt: skip


def render_all() -> dict[str, str]:
    """Return {file name: svg text} for every generated file."""
    files: dict[str, str] = {}
    for pid, draw in PIECES.items():
        for pal in (WHITE, BLACK):
            files[f"{pal.name}-{pid}.svg"] = svg_doc(draw(Pen(pal)))
    files["ferry.svg"] = ferry_svg()
    files["pocket.svg"] = pocket_svg()
    return files


def write_svgs(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, text in sorted(render_all().items()):
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written
