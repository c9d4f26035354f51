//! The game screen's game on disk: saved after every move (the autosave
//! the start screen offers to resume) and on request to a file of the
//! player's choosing, and once it is over where finished games are kept
//! (the saved games, or the server's database at the SSH door), without
//! asking. What `s` does ([`Saving`]) depends on where the app runs: at
//! the SSH door it keeps the game in a keyed player's games on the server,
//! and a guest is told how to come back with a key. A failure is reported
//! on the status line, never fatal.

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::Play;
use crate::app::games::GameUi;
use crate::app::paths;
use crate::app::screens::Context;
use crate::app::screens::history::NEEDS_A_KEY;
use crate::app::screens::keeping::{Keep, KeptGames};
use crate::net::store::kept_games::KeptGame;
use tabletop_core::counted::counted;
use tabletop_core::files;
use tabletop_core::seat::Seat;
use tabletop_engine::Outcome;
use tabletop_engine::record::{self, Record};

/// What `s` says once it kept a game on the server.
const KEPT: &str = "Kept in Your games on this server";

/// What `s` says at the door in a game the player only watches.
const WATCHED: &str = "Your games are those you play: a game you only watch is not kept";

/// A finished game kept in the saved games: the file (none when it could
/// not be written), and the ending it holds, so that a game taken back
/// and finished otherwise brings its file up to date.
pub(super) struct Kept {
    pub(super) path: Option<PathBuf>,
    ending: (usize, Option<Outcome>),
}

/// What the file a game is autosaved to holds, as the game last saw it.
/// Another tabletop (in another terminal, with the same data folder)
/// autosaves to the same file: what it wrote is its game, never written
/// over.
#[derive(Default)]
pub(super) enum Autosaved {
    /// Not looked at yet: an unfinished game of another there is kept in
    /// the saved games before it is written over.
    #[default]
    Unseen,
    /// Holds this text, this game's or what was there when it looked
    /// (none: nothing that reads), which the next autosave may write over
    /// as long as it is still there.
    Holds(Option<String>),
}

/// What `s` does in a game, as the app it runs in says.
#[derive(Clone, Debug, Default)]
pub enum Saving {
    /// Asks for a file to save the game to.
    #[default]
    ToFile,
    /// At the SSH door, for a player with a key: keeps the game, finished
    /// or not, in their games on the server.
    OnServer(KeptGames),
    /// At the SSH door, for a guest: nothing can be kept (not offered).
    Nowhere,
}

impl Saving {
    /// What `s` does where the app runs in `context`.
    pub fn of(context: &Context) -> Saving {
        match (context.door, &context.keep) {
            (false, _) => Saving::ToFile,
            (true, Keep::Elsewhere(kept)) => Saving::OnServer(kept.clone()),
            (true, _) => Saving::Nowhere,
        }
    }

    /// What the footer and the help say `s` does, if not what the
    /// keymap says.
    pub fn said(&self) -> Option<(&'static str, &'static str)> {
        match self {
            Saving::OnServer(_) => Some(("keep", "keep the game in your games on this server")),
            Saving::ToFile | Saving::Nowhere => None,
        }
    }
}

/// A new file in the data folder for a game of `G`.
pub fn new_save_path<G: GameUi>() -> PathBuf {
    files::default_save_path(G::NAME)
}

/// Saves `text` in a new file of `folder`, dated and numbered as
/// [`new_save_path`] names them, never in a file that is already there
/// (another tabletop may save a game that minute too); where it went.
pub fn save_in_new_file<G: GameUi>(folder: &Path, text: &str) -> io::Result<PathBuf> {
    let stamp = files::timestamp(SystemTime::now());
    files::kept::keep_new(folder, G::NAME, &stamp, text)
}

impl<G: GameUi> Play<G> {
    /// The game so far as a record.
    pub(super) fn record(&self) -> Record<G> {
        let mut record = Record::of_line(&self.line);
        record.date = Some(files::timestamp(SystemTime::now()));
        record.players = self.seats.clone().map(|seat| seat.to_string());
        record.resigned = self.resigned;
        record.adjudged = self.adjudged;
        record.clock = self.peer.as_ref().and_then(|peer| peer.control);
        if let Some(clock) = &self.clock {
            record.clock = Some(clock.control);
            record.clock_left = self.clock_left().filter(|_| !self.ended());
        }
        // A network game names its players as the server does.
        if let Some(peer) = &self.peer {
            record.players = peer.names.clone();
        }
        record
    }

    /// Writes the autosave file, if there is one. The first time, an
    /// unfinished game of another there (the one the start screen offered
    /// to resume, say) is kept in the saved games first: starting another
    /// game never throws it away. Once another has written the file since
    /// (another tabletop at the same time), it is left to that one.
    pub(super) fn autosave(&mut self) {
        let Some(path) = self.autosave.clone() else {
            return;
        };
        let there = files::read_text(&path).ok();
        match &self.autosaved {
            Autosaved::Unseen => {
                match keep_unfinished(&path, there.as_deref(), self.saved_games.as_deref()) {
                    Ok(told) => {
                        self.autosaved = Autosaved::Holds(there);
                        if told.is_some() {
                            self.message = told;
                        }
                    }
                    Err(error) => {
                        self.message = Some(format!("Autosave failed: {error}"));
                        return;
                    }
                }
            }
            Autosaved::Holds(seen) if there.is_some() && *seen != there => {
                let seen = seen.clone();
                self.leave_autosave(seen);
                return;
            }
            Autosaved::Holds(_) => {}
        }
        let text = self.record().to_toml();
        match files::save(&path, &text) {
            Ok(()) => self.autosaved = Autosaved::Holds(Some(text)),
            Err(error) => self.message = Some(format!("Autosave failed: {error}")),
        }
    }

    /// The autosave holds another game than this one left there (`seen`):
    /// another tabletop plays it now. This game goes on being saved after
    /// every move, in a file of its own in the saved games: the copy of
    /// it the other kept there (byte for byte what this one last wrote),
    /// if it did, else a new one; one file a game.
    fn leave_autosave(&mut self, seen: Option<String>) {
        let Some(folder) = self.saved_games.clone() else {
            self.autosave = None;
            self.message =
                Some("Autosave stopped: another game is saved there now, not written over".into());
            return;
        };
        let text = self.record().to_toml();
        let copy = seen.and_then(|seen| files::kept::holding(&folder, &seen));
        let written = match copy {
            Some(path) => files::save(&path, &text).map(|()| path),
            None => save_in_new_file::<G>(&folder, &text),
        };
        match written {
            Ok(path) => {
                self.message = Some(format!(
                    "Another game is in the autosave now: this one is saved after every move in {}",
                    paths::shown(&path)
                ));
                self.autosave = Some(path.clone());
                self.saved_to = Some(path);
                self.autosaved = Autosaved::Holds(Some(text));
            }
            // Tried again after the next move.
            Err(error) => {
                self.message = Some(format!(
                    "Autosave failed: another game is saved there now, and this one could not be kept in the saved games: {error}"
                ));
            }
        }
    }

    /// Saves the game to `path`, saying how it went: over the file it was
    /// saved or kept in, or over a record of this game as it was earlier
    /// (one it continues), but never over another game.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        let text = self.record().to_toml();
        let shown = paths::shown(&path);
        let own = self.saved_to.as_ref() == Some(&path) || self.kept_in() == Some(path.as_path());
        let there = std::fs::symlink_metadata(&path).is_ok();
        let saved = if own || (there && continues(&path, &text)) {
            files::save(&path, &text)
        } else if there {
            self.message = Some(format!(
                "Not saved, give another name: another game (or not a record) is there: {shown}"
            ));
            return;
        } else {
            files::save_new(&path, &text)
        };
        self.message = Some(match saved {
            Ok(()) => {
                self.saved_to = Some(path);
                format!("Saved to {shown}")
            }
            // The error names the file or folder, last.
            Err(error) => format!("Not saved: {error}"),
        });
    }

    /// Whether `s` does anything here: it saves a game to a file, or
    /// keeps one the player plays on the server; not for a guest at the
    /// door, nor a game watched there (not the player's to keep).
    pub(super) fn may_save(&self) -> bool {
        match self.saving {
            Saving::ToFile => true,
            Saving::OnServer(_) => !self.watched(),
            Saving::Nowhere => false,
        }
    }

    /// Whether the player only watches this network game.
    fn watched(&self) -> bool {
        self.peer.as_ref().is_some_and(|peer| peer.local.is_none())
    }

    /// `s`: saves the game as [`Saving`] says.
    pub(super) fn save(&mut self) {
        match &self.saving {
            Saving::ToFile => self.open_save(),
            Saving::Nowhere => self.message = Some(NEEDS_A_KEY.to_string()),
            Saving::OnServer(_) if self.watched() => self.message = Some(WATCHED.to_string()),
            Saving::OnServer(kept) => {
                let kept = kept.clone();
                self.keep_on_server(&kept);
            }
        }
    }

    /// Keeps the game as it is now in the player's games on the server
    /// (once for a finished game, which may be kept already).
    fn keep_on_server(&mut self, kept: &KeptGames) {
        let ending = self.ending();
        let over = ending.1.is_some();
        if over && self.kept.as_ref().is_some_and(|k| k.ending == ending) {
            self.message = Some(format!("{KEPT}, finished."));
            return;
        }
        let record = self.record();
        self.message = Some(match (kept.keep)(&self.kept_game(&record)) {
            Ok(()) if over => {
                self.kept = Some(Kept { path: None, ending });
                format!("{KEPT}, finished.")
            }
            Ok(()) => {
                self.kept = Some(Kept { path: None, ending });
                let moves = counted(self.line.numbered(), "move");
                format!("{KEPT} as it is now, after {moves}.")
            }
            Err(error) => format!("Not kept: {error}"),
        });
    }

    /// Leaving a game unfinished at the SSH door (quitting, a new game,
    /// the connection gone or idle): a keyed player's game against the
    /// computer or at one keyboard is kept as it stands, as the autosave
    /// keeps it at home, unless it was kept so already. A network game
    /// goes on at the server, and is not the door's to keep.
    pub(super) fn keep_on_leaving(&mut self) {
        let Saving::OnServer(kept) = &self.saving else {
            return;
        };
        let ending = self.ending();
        if self.peer.is_some()
            || ending.0 == 0
            || ending.1.is_some()
            || self.kept.as_ref().is_some_and(|k| k.ending == ending)
        {
            return;
        }
        let kept = kept.clone();
        self.keep_on_server(&kept);
    }

    /// Keeps the game where `keep` says once it is over (whoever ended
    /// it: a move, a resignation, a clock, the host); again when it ends
    /// otherwise after an undo. A game watched is not the player's.
    pub(super) fn keep_if_over(&mut self, keep: &Keep) {
        let ending = self.ending();
        if matches!(keep, Keep::Nowhere)
            || self.watched()
            || ending.1.is_none()
            || self.kept.as_ref().is_some_and(|k| k.ending == ending)
        {
            return;
        }
        let record = self.record();
        let (path, written) = match keep {
            Keep::Folder(folder) => match self.keep_in(folder, &record) {
                Ok(path) => (Some(path), Ok(())),
                Err(error) => (None, Err(error.to_string())),
            },
            Keep::Elsewhere(kept) => (None, (kept.keep)(&self.kept_game(&record))),
            Keep::Nowhere => (None, Ok(())),
        };
        if let Err(error) = written {
            self.message = Some(format!("The finished game was not kept: {error}"));
        }
        self.kept = Some(Kept { path, ending });
    }

    /// Keeps `record` in the saved games in `folder`: in a new file, or
    /// in the file it was kept or saved to there.
    fn keep_in(&self, folder: &Path, record: &Record<G>) -> io::Result<PathBuf> {
        let text = record.to_toml();
        let own = self.kept.as_ref().and_then(|kept| kept.path.clone());
        let saved_there = self
            .saved_to
            .clone()
            .filter(|path| path.starts_with(folder));
        match own.or(saved_there) {
            Some(path) => files::save(&path, &text).map(|()| path),
            None => {
                let stamp = record.date.clone().unwrap_or_default();
                files::kept::keep_new(folder, G::NAME, &stamp, &text)
            }
        }
    }

    /// `record` as it is kept elsewhere: with the game, the opponent and
    /// the result for a list.
    fn kept_game(&self, record: &Record<G>) -> KeptGame {
        KeptGame {
            played: record.date.clone().unwrap_or_default(),
            game: G::NAME.to_string(),
            opponent: self.opponent(),
            result: self
                .result_line()
                .unwrap_or_else(|| "unfinished".to_string()),
            record: record.to_toml(),
        }
    }

    /// Who the player here played: the other side's name in a network
    /// game, else the computer (`computer 3`) or another player here.
    fn opponent(&self) -> String {
        if let Some(peer) = &self.peer
            && let Some(local) = peer.local
        {
            return peer.names[local.other().index()].clone();
        }
        let computer = self.seats.iter().find_map(|seat| match seat {
            Seat::Computer(level) => Some(format!("computer {level}")),
            _ => None,
        });
        computer.unwrap_or_else(|| "a player here".to_string())
    }

    /// How far the game went and how it ended, if it did.
    fn ending(&self) -> (usize, Option<Outcome>) {
        (self.line.played().len(), self.outcome())
    }

    /// Counts a game loaded finished as kept already: it is in a file.
    pub(super) fn loaded_finished(&mut self) {
        if self.ended() {
            let ending = self.ending();
            self.kept = Some(Kept { path: None, ending });
        }
    }

    /// The file the finished game is kept in, if it is.
    pub(super) fn kept_in(&self) -> Option<&Path> {
        self.kept.as_ref()?.path.as_deref()
    }
}

/// Whether the record at `path` is the game whose record is `text` as it
/// was earlier: the same game and settings, moves this game goes on
/// from, and no review (which only the file has). Saving over it loses
/// nothing.
fn continues(path: &Path, text: &str) -> bool {
    let (Ok(there), Ok(ours)) = (files::read_text(path), record::parse(text)) else {
        return false;
    };
    record::parse(&there).is_ok_and(|there| {
        there.game == ours.game
            && there.settings == ours.settings
            && there.review.is_none()
            && ours.moves.starts_with(&there.moves)
    })
}

/// Before the autosave file at `path`, which holds `there` as read, is
/// first written over by another game: keeps the game there in `folder`
/// (the saved games) if it is unfinished, or a record that does not load
/// (which the autosave would write over); what to tell the player. An
/// error when it could not be kept: the autosave is then not written.
fn keep_unfinished(
    path: &Path,
    there: Option<&str>,
    folder: Option<&Path>,
) -> Result<Option<String>, String> {
    // Nothing there, or what cannot be read: the save says so itself.
    let (Some(folder), Some(text)) = (folder, there) else {
        return Ok(None);
    };
    let (name, what) = match files::parse(text) {
        Ok(record) if record.moves() > 0 && !record.is_over() => (
            record.kind().name(),
            format!(
                "unfinished {} game ({})",
                record.kind().title(),
                counted(record.turns(), "move")
            ),
        ),
        Ok(_) => return Ok(None),
        Err(_) if record::parse(text).is_ok() => {
            ("autosave", "autosave that did not load".to_string())
        }
        Err(_) => return Ok(None),
    };
    let stamp = files::timestamp(SystemTime::now());
    match files::kept::keep_new(folder, name, &stamp, text) {
        Ok(_) => Ok(Some(format!("The {what} is kept in the saved games"))),
        Err(error) => Err(format!(
            "not written over, it holds an {what} not kept in the saved games ({error}): {}",
            paths::shown(path),
        )),
    }
}
