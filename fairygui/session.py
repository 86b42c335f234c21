"""Crash-safe sessions: the game in progress and the setup editor's draft, journalled.

:class:`SessionKeeper` writes a journal entry (``journal.py``) every time the position on
view or the record changes: a move, an undo or redo, a jump in the move list, a switch
(Hia), a new, opened or pasted game, a free move while exploring, a tag, comment, NAG or
variation edited, the game saved. An entry holds the whole document: the record's text, the
line on view as a path through its tree, the file and whether the game differs from it. The
entry is on the disk before the signal that caused it returns, so it is there before the next
user input is taken. The
setup editor's draft gets its own journal, written on every edit and when the editor opens
or closes.

On start-up :meth:`SessionKeeper.restore` reads the journal back: the newest sound entry,
or an older one when the newest cannot be used, rebuilt in the background by replaying its
moves through the rules. A journal that was damaged, or could not be used at all, is first
renamed aside (``session.journal.broken-<time>``) so the new session never writes over it,
and the status bar (or a dialog, when nothing could be restored) says where it is.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QMessageBox, QWidget

from rules.engine import level_names

from .controller import COMPUTER, HUMAN, Document
from .editor.draft import Draft, read_text
from .editor.explore import Explorer
from .editor.link import EDITOR
from .editor.window import SetupEditor
from .instances import Slot, claim_slot, journal_name, remove_leftovers, take_slot, unowned_slots
from .journal import Journal, JournalError, keep_aside, read_journal, write_atomic
from .sessionstate import (
    ENTRY_VERSION,
    RestoredGame,
    builtin_chess_note,
    game_entry,
    json_safe,
    line_path,
    players_of,
    rebuild_session,
    start_or_fall_back,
)
from .workspace import Workspace

SESSION_FILE = "session.journal"
DRAFT_FILE = "draft.journal"
#: The source name the controller's loaded / loadFailed signals carry for a restore.
LAST_SESSION = "the last session"
PLAYER_KINDS = (HUMAN, COMPUTER)
#: How many of the newest journal entries a restore tries before it gives up.
MAX_TRIES = 8


class SessionKeeper(QObject):
    def __init__(self, workspace: Workspace) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        folder = workspace.settings.data_dir()
        self.folder = folder
        #: This process's journals (``instances.py``): another running app never writes them.
        self.slot: Slot | None = None
        try:
            self.slot = claim_slot(folder)
            remove_leftovers(folder, journals=True)  # a journal rewrite killed half way
        except OSError:
            pass  # the journal's own writes say what is wrong, once
        number = self.slot.number if self.slot is not None else 0
        self.game_journal = Journal(self._journal_path(SESSION_FILE, number))
        self.draft_journal = Journal(self._journal_path(DRAFT_FILE, number))
        #: The question offering the game of an app that has gone, while it is open.
        self.recover_question: QMessageBox | None = None
        # Read before the window shows its placeholder game, which is saved as the last variant.
        self.last_variant = workspace.settings.last_variant()
        #: "idle" (nothing written yet), "restoring" (nothing may be written), "active".
        self.state = "idle"
        self._draft_started = False
        self._candidates: list[dict[str, Any]] = []
        self._restoring: dict[str, Any] | None = None
        self._faults: list[str] = []
        #: A draft restored while the editor was closed; it becomes the editor's when it opens.
        self.pending_draft: Draft | None = None
        self._editor: SetupEditor | None = None
        self._write_failed = ""
        #: Where a journal that could not be restored whole was renamed to (once per start).
        self._kept: Path | None = None
        self._kept_done = False
        self._announced = False
        #: Said with the restore's own message: the draft journal was damaged.
        self._draft_note = ""
        #: Said with the restore's own message: the entry's record could not be used.
        self._record_note: list[str] = []
        #: The record's text as last written, for the record and revision it was made from: a
        #: jump in the move list or a repeated signal does not write the whole record again.
        self._record_text: tuple[int, int, str] | None = None
        c = workspace.controller
        c.positionChanged.connect(self.record)
        # A tag edited, a game's result noted; and the file and its saved state.
        c.recordEdited.connect(self._document_changed)
        workspace.pathChanged.connect(self._document_changed)
        workspace.modifiedChanged.connect(self._document_changed)
        workspace.windowMade.connect(self._window_made)
        # Who plays a side, changed mid-game (never before the journal stands: starting one
        # then would replace the last session's before it is restored).
        c.playersChanged.connect(lambda: self.record() if self.state == "active" else None)

    # ------------------------------------------------------------ writing

    def explorer(self) -> Explorer | None:
        """The explorer of the setup editor, if the editor has been made (it makes its explorer)."""
        editor = self.workspace.existing_window(EDITOR, SetupEditor)
        return editor.explorer if editor is not None else None

    def entry(self) -> dict[str, Any]:
        """The whole session as one journal entry: the game (the one put aside while
        exploring) with its record and the line on view through it, who plays it, its file
        and whether it has unsaved changes, and the explored position if any."""
        c = self.workspace.controller
        explorer = self.explorer()
        explore: dict[str, Any] | None = None
        kept: Document | None
        if explorer is not None and explorer.aside is not None:
            aside = explorer.aside
            game = game_entry(aside.game, [str(i.move) for i in aside.line], aside.game.ply)
            path = aside.path
            kept = aside.kept
            explored = c.game
            explore = {"variant": explored.variant, "options": json_safe(explored.options),
                       "position": explored.fen(), "history": list(explorer.history)}
        else:
            game = game_entry(c.game, [str(i.move) for i in c.line], c.ply)
            path = self.workspace.path
            kept = Document(c.record, c.steps)
        document: dict[str, Any] = {}
        if kept is not None:
            document = {"record": self._text_of(kept, c.revision), "line": line_path(kept.steps)}
        return {"kind": "session", "version": ENTRY_VERSION, **game, **document, "players": dict(c.players),
                "levels": dict(c.levels), "engines": dict(c.engine_names), "path": path,
                "modified": self.workspace.modified, "explore": explore}

    def _text_of(self, kept: Document, revision: int) -> str:
        """The record's PGN text, made again only when the record or the revision changed
        (a record set aside while exploring changes with neither)."""
        cached = self._record_text
        if cached is not None and cached[0] == id(kept.record) and cached[1] == revision:
            return cached[2]
        text = kept.record.pgn()
        self._record_text = (id(kept.record), revision, text)
        return text

    def _journal_path(self, base: str, number: int) -> Path:
        if number == 0:  # no slot could be had: a journal of this process's own, never shared
            stem, _, rest = base.partition(".")
            return self.folder / f"{stem}-pid{os.getpid()}.{rest}"
        return self.folder / journal_name(base, number)

    def record(self) -> None:
        """Journal the session as it is now (called on every change of the position on view)."""
        if self.state == "restoring" or self.workspace.controller.busy:
            return
        try:
            if self.state == "idle":
                self.game_journal.start(self.entry())
                self.state = "active"  # only once a fresh journal stands: nothing is appended to an old one
            else:
                self.game_journal.append(self.entry())
        except JournalError as exc:
            self._warn_once(str(exc))

    def _document_changed(self, *_args: object) -> None:
        # Only into a journal already started: a window setting up its placeholder game
        # before the last session is read must not replace that session's journal.
        if self.state == "active":
            self.record()

    def _warn_once(self, text: str) -> None:
        # Said once per run: the game goes on, but the player should know it is not kept.
        if text != self._write_failed:
            self._write_failed = text
            self.workspace.show_error("The game cannot be kept", f"{text}\n\nPlay goes on, but a crash would lose "
                                   "the moves from here on; save the game to a file to keep it.")

    def begin(self) -> None:
        """Start the journal afresh with the game on the board (after a restore, or when the
        command line chose the game)."""
        self.state = "idle"
        self.record()
        self.offer_unowned()

    # ------------------------------------------------------------ journals of apps that have gone

    def unowned_games(self) -> list[tuple[int, dict[str, Any]]]:
        """(slot, newest entry) of each journal whose app has gone and whose game has moves or a
        file: what another window left when it closed or crashed."""
        if self.slot is None:
            return []
        found: list[tuple[int, dict[str, Any]]] = []
        for number in unowned_slots(self.folder, SESSION_FILE, self.slot.number):
            entries = [e for e in read_journal(self.folder / journal_name(SESSION_FILE, number)).entries
                       if e.get("kind") == "session"]
            if entries and (entries[-1].get("moves") or entries[-1].get("path")):
                found.append((number, entries[-1]))
        return found

    def offer_unowned(self) -> None:
        """Ask, without blocking, whether to open the game another window of the app left; the
        game on the board stays kept in its own journal either way."""
        games = self.unowned_games()
        if not games or self.recover_question is not None:
            return
        number, entry = games[-1]
        moves = len(entry.get("moves") or [])
        what = f"a game of {entry.get('variant', 'an unknown variant')} with {moves} move{'s' if moves != 1 else ''}"
        path = entry.get("path")
        if isinstance(path, str) and path:
            what += f" ({Path(path).name})"
        box = QMessageBox(QMessageBox.Icon.Question, "A game from another window",
                          f"Another window of the app kept {what} when it closed.\n\nOpen it here? "
                          "The game on the board stays kept and is offered the same way later.",
                          QMessageBox.StandardButton.NoButton, self.workspace.host)
        open_button = box.addButton("Open it here", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.buttonClicked.connect(lambda button: self._answered(number if button is open_button else 0))
        self.recover_question = box
        box.open()

    def _answered(self, number: int) -> None:
        self.recover_question = None
        if number:
            self.take_over(number)

    def take_over(self, number: int) -> bool:
        """Make slot ``number``'s journals this window's and restore its game; this window's
        journals are left as they stand, for a later start to offer. False if it is taken."""
        slot = take_slot(self.folder, number)
        if slot is None or self.workspace.controller.busy:
            if slot is not None:
                slot.release()
            return False
        self.game_journal.close()
        self.draft_journal.close()
        if self.slot is not None:
            self.slot.release()
        self.slot = slot
        self.game_journal = Journal(slot.path(SESSION_FILE))
        self.draft_journal = Journal(slot.path(DRAFT_FILE))
        self._draft_started = False
        self._kept, self._kept_done = None, False
        self.restore()
        return True

    def close(self) -> None:
        if self.state == "active":  # a window that never showed a game of its own writes nothing
            self.record()
        self.game_journal.close()
        self.draft_journal.close()
        if self.recover_question is not None:
            try:
                self.recover_question.close()
            except RuntimeError:  # already gone with its window
                pass
            self.recover_question = None
        if self.slot is not None:
            self.slot.release()
            self.slot = None
        # The editor closes with the main window after this; its draft was kept as it stood.
        if self._editor is not None:
            self._editor.removeEventFilter(self)
            self._editor.draftChanged.disconnect(self.record_draft)
            self._editor = None

    # ------------------------------------------------------------ restoring the game

    def restore(self) -> None:
        """Bring back the last session (in the background), or start a new game of the last
        variant when there is none."""
        self.state = "restoring"
        self._faults = []
        self.restore_draft()
        recovered = read_journal(self.game_journal.path)
        # The newest first; a few are enough, since entries that fail mostly fail alike
        # (a variant gone) and each try replays a whole game.
        self._candidates = [e for e in reversed(recovered.entries) if e.get("kind") == "session"][:MAX_TRIES]
        if recovered.damaged:
            self._faults.append(f"the session journal was damaged: {recovered.summary()}")
        if self._candidates:
            self._try_next()
            return
        if not recovered.damaged and self._restore_from_settings():
            return
        self._start_default(self._kept_note())

    def _restore_from_settings(self) -> bool:
        """A game an older version kept in the settings store, read once."""
        saved = self.workspace.settings.last_game()
        if saved is None:
            return False
        record, ply = saved
        self._restoring = {"legacy": record}
        self.workspace.controller.load_text(record, LAST_SESSION, ply)
        return True

    def _try_next(self) -> None:
        entry = self._candidates.pop(0)
        self._restoring = entry
        notes = self._record_note = []

        def build() -> RestoredGame:
            restored = rebuild_session(entry)
            if restored.note:
                notes.append(restored.note)  # read on the GUI thread once the game is back
            return restored

        self.workspace.controller.load_with(build, LAST_SESSION)

    def restored(self) -> None:
        """The controller has the restored game on the board (its ``loaded`` signal)."""
        entry = self._restoring or {}
        self._restoring = None
        w = self.workspace
        notes: list[str] = []
        if "legacy" in entry:
            w.modified = bool(w.controller.line)  # no file holds it
            w.settings.forget_last_game()
        else:
            chosen = players_of(entry, PLAYER_KINDS, level_names())
            if chosen is not None:
                w.controller.set_players(*chosen)
            path = entry.get("path")
            w.path = path if isinstance(path, str) and Path(path).is_file() else None
            w.modified = _was_modified(entry, w.path, bool(w.controller.line))
            notes.extend(self._record_note)
            explore = entry.get("explore")
            if explore:
                notes.append(self._resume_exploring(explore))
        kept = self._kept_note()
        w.show_message(" ".join(n for n in ["Restored the game from the last session.", *notes, kept,
                                            self._draft_note] if n))
        if kept:
            w.show_error("The last session was not restored whole",
                         f"Restored the newest part of the last session that could be read. {kept}")
        self._announce_fallback("")
        self.begin()

    def restore_failed(self, detail: str) -> None:
        """The entry tried last could not give back a game (the controller's ``loadFailed``)."""
        entry = self._restoring or {}
        self._restoring = None
        if "legacy" in entry:
            self._faults.append(f"the game kept in the settings: {detail}")
            self._keep_legacy(entry["legacy"])
            self.workspace.settings.forget_last_game()
        else:
            self._faults.append(detail)
        if self._candidates:
            self._try_next()
            return
        self._start_default(self._kept_note())

    def _kept_note(self) -> str:
        """Rename a journal that was not restored whole; the sentence that says so (or "")."""
        if not self._faults:
            return ""
        kept = self._keep_aside_once()
        faults = "; ".join(dict.fromkeys(self._faults))
        where = f" The old journal is kept as {kept}." if kept else ""
        return f"Note: {faults}.{where}"

    def _keep_aside_once(self) -> Path | None:
        if not self._kept_done:
            self._kept_done = True
            try:
                self._kept = keep_aside(self.game_journal.path) or self._kept
            except OSError:
                pass
        return self._kept

    def _keep_legacy(self, record: str) -> None:
        target = self.game_journal.path.with_name(f"settings-game.pgn.broken-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            write_atomic(target, record.encode("utf-8", "replace"))
        except OSError:
            return
        self._kept = target

    def _start_default(self, note: str) -> None:
        """Nothing to restore (or nothing could be): a new game of the last variant."""
        w = self.workspace
        self._restoring = None
        game, fallback = start_or_fall_back(self.last_variant)
        w.controller.set_game(game, [])
        w.path = None
        if self._draft_note:
            w.show_message(self._draft_note)
        if note:
            fallback = f"Could not restore the last game; started a new one. {note} {fallback}".strip()
        self._announce_fallback(fallback, "The last game could not be restored" if note else "")
        self.begin()

    def _announce_fallback(self, text: str, title: str = "") -> None:
        """Say in the status bar and a dialog what could not be restored or started, and that
        chess came instead (the built-in chess only once a run)."""
        if not self._announced:
            text = " ".join(t for t in (text, builtin_chess_note()) if t)
            self._announced = bool(builtin_chess_note())
        if not text:
            return
        w = self.workspace
        w.show_message(" ".join(t for t in (w.status_text(), text) if t))
        w.show_error(title or "The usual variant cannot start", text)

    def start_default_game(self) -> None:
        """A new game of the last variant (``--new``), falling back to chess with a message."""
        self._faults = []
        self._start_default("")

    # ------------------------------------------------------------ exploration

    def _resume_exploring(self, explore: Any) -> str:
        try:
            if not isinstance(explore, dict):
                raise ValueError("not a table")
            history = explore.get("history", [])
            if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
                raise ValueError("its free moves are not position texts")
            draft = read_text(str(explore["variant"]), dict(explore.get("options") or {}), str(explore["position"]))
            explorer = self.editor().explorer
            assert explorer is not None
            explorer.resume(draft, history)
        except Exception as exc:  # the game itself is back; only the exploration is lost
            return f"The explored position could not be shown again ({str(exc)[:200]})."
        return "Exploring freely again, as before."

    # ------------------------------------------------------------ the setup editor's draft

    def editor(self) -> SetupEditor:
        """The workspace's setup editor, made (hidden) if it has none yet."""
        return self.workspace.window(EDITOR, SetupEditor)

    def _window_made(self, key: str, window: QWidget) -> None:
        if key == EDITOR and isinstance(window, SetupEditor):
            self.watch_editor(window)

    def watch_editor(self, editor: SetupEditor) -> None:
        """Journal this editor's draft from now on (every editor the workspace makes)."""
        self._editor = editor
        if self.pending_draft is not None:
            editor.set_draft(self.pending_draft, None, record=False)
            self.pending_draft = None
        editor.draftChanged.connect(self.record_draft)
        editor.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._editor and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.record_draft()
        return False

    def record_draft(self) -> None:
        editor = self._editor
        if editor is None:
            return
        draft = editor.draft
        entry = {"kind": "draft", "version": ENTRY_VERSION, "variant": draft.variant,
                 "options": json_safe(draft.options), "position": draft.text(),
                 "open": editor.isVisible(), "path": editor.current_path}
        try:
            if not self._draft_started:
                self._draft_started = True
                self.draft_journal.start(entry)
            else:
                self.draft_journal.append(entry)
        except JournalError as exc:
            self._warn_once(str(exc))

    def restore_draft(self) -> None:
        """The draft the editor had when the app last stopped: the editor reopens on it if it
        was open, else it waits for the editor to open (then it is one undo away)."""
        recovered = read_journal(self.draft_journal.path)
        drafts = [e for e in reversed(recovered.entries) if e.get("kind") == "draft"]
        faults = [recovered.summary()] if recovered.damaged else []
        chosen: tuple[Draft, dict[str, Any]] | None = None
        for entry in drafts:
            try:
                draft = read_text(str(entry["variant"]), dict(entry.get("options") or {}), str(entry["position"]))
            except Exception as exc:  # a variant gone or changed: try the draft before
                faults.append(f"a draft could not be read ({str(exc)[:200]})")
                continue
            chosen = (draft, entry)
            break
        if faults:  # renamed before the restored draft starts a new journal
            try:
                kept = keep_aside(self.draft_journal.path)
            except OSError:
                kept = None
            where = f"; the old file is kept as {kept}" if kept else ""
            self._draft_note = f"The setup editor's draft could not be read whole ({'; '.join(faults)}){where}."
        if chosen is not None:
            self._place_draft(*chosen)

    def _place_draft(self, draft: Draft, entry: dict[str, Any]) -> None:
        if entry.get("open") is True:
            editor = self.editor()
            editor.set_draft(draft, None, record=False)
            path = entry.get("path")
            editor.current_path = path if isinstance(path, str) and Path(path).is_file() else None
            editor.refresh()
            editor.say("The draft from the last session.")
            # After the main window has shown, so the editor opens in front of it.
            QTimer.singleShot(0, editor.show)
        else:
            self.pending_draft = draft


def _was_modified(entry: dict[str, Any], path: str | None, has_moves: bool) -> bool:
    """Whether a restored game differs from its file: as the entry says while the file is still
    there; a game whose file is gone is unsaved work; an entry of an older version (no word)
    counts a game with moves and no file as unsaved."""
    if isinstance(path, str) or not entry.get("path"):
        said = entry.get("modified")
        if isinstance(said, bool):
            return said
    return path is None and (has_moves or bool(entry.get("path")))
