//! The game screen as the app sees it: what its keys mean now, what the
//! help and the footer offer, and what each action does.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::saving::Saving;
use super::{Browse, Play, keys, view};
use crate::app::action::Action;
use crate::app::games::GameUi;
use crate::app::keys::footer::Item;
use crate::app::keys::help::KeyHelp;
use crate::app::keys::{Mode, Typing};
use crate::app::screens::analysis;
use crate::app::screens::layout::{fits, needs};
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::games::Interactive;
use crate::net::protocol::Proposal;

use super::outside::EngineSeat;
use super::peer::Peer;
use super::ponder::Ponder;

impl<G: GameUi> Play<G> {
    /// The lowercase letters that type on this board now.
    fn typing(&self) -> Typing {
        let game = self.game();
        // Nothing is placed once the game is over, so letters are commands.
        if self.ended() {
            return Typing::NONE;
        }
        // The word moves a player may type now (`swap`, once it is open).
        let words: Vec<String> = self.open_words();
        Typing::of(game.side(), words.iter().map(String::as_str))
    }

    /// The word moves a player may type now (`swap`, once it is open).
    pub(super) fn open_words(&self) -> Vec<String> {
        let game = self.game();
        G::WORD_MOVES
            .iter()
            .filter(|mv| game.check(**mv).is_ok() && game.forced_move().is_none())
            .map(ToString::to_string)
            .collect()
    }

    /// The keys on the board, whatever is open: the keys messages name.
    pub(super) fn board(&self) -> Mode {
        let keymap = match self.peer {
            Some(_) => &keys::NETWORK_BOARD,
            None => &keys::BOARD,
        };
        Mode::on_board(keymap, self.typing())
    }

    /// Whether `action` means anything in this game now (pause only when
    /// the computer plays both sides, resign only for a person at the
    /// board, placing not once the game is over), for the help and the
    /// footer.
    pub(super) fn offered(&self, action: Action) -> bool {
        let typed = matches!(
            action,
            Action::Confirm | Action::Erase | Action::Clear | Action::Cancel
        );
        if action == Action::Analyse {
            return self.peer.is_none() && (self.ended() || self.browsing.is_some());
        }
        if self.browsing.is_some() || (self.input.is_some() && typed) {
            return true;
        }
        // A guest at the SSH door has nowhere to keep a game, nor has a
        // player there a game they only watch.
        if action == Action::Save && !self.may_save() {
            return false;
        }
        match action {
            // Someone here places pieces: not once the game is over, nor
            // when the player only watches.
            Action::Step(_) | Action::Confirm | Action::OpenAddress | Action::Click { .. } => {
                let watching = match &self.peer {
                    Some(peer) => peer.local.is_none(),
                    None => self.watching(),
                };
                return !self.ended() && !watching;
            }
            _ => {}
        }
        match &self.peer {
            Some(peer) => self.offered_online(peer, action),
            None => self.offered_at_home(action),
        }
    }

    fn offered_online(&self, peer: &Peer, action: Action) -> bool {
        match action {
            Action::Undo => peer.may_offer() && self.moved_here() && !self.ended(),
            Action::OfferDraw => peer.may_offer() && !self.ended(),
            Action::Accept => (peer.offered_to_us().is_some() || peer.claimable) && !self.ended(),
            Action::Decline => {
                (peer.offered_to_us().is_some() || peer.own_offer().is_some()) && !self.ended()
            }
            Action::Redo | Action::Hint | Action::Pause | Action::Replace(_) => false,
            Action::Evaluate => self.ended(),
            Action::Chat => peer.local.is_some() && peer.is_connected(),
            Action::Resign => peer.local.is_some() && !self.ended(),
            Action::Review => self.ended(),
            _ => true,
        }
    }

    fn offered_at_home(&self, action: Action) -> bool {
        match action {
            Action::Chat | Action::OfferDraw | Action::Accept | Action::Decline => false,
            Action::Replace(_) => self.engine_to_move().is_some() && !self.ended(),
            Action::Pause => self.watching() && !self.ended(),
            Action::Resign => self.resigner().is_some() && !self.ended(),
            // A hint for a person to move, once the computer is not busy.
            Action::Hint => !self.ended() && !self.computer_to_move() && self.thinking.is_none(),
            Action::Undo => self.adjudged.is_none(),
            Action::Redo => self.resigned.is_none() && self.adjudged.is_none(),
            Action::Review => self.ended(),
            // Against the computer it would be a hint on every move.
            Action::Evaluate => self.seats.iter().all(|seat| !seat.is_computer()),
            _ => true,
        }
    }

    /// Moves the game on to `now`: the computer's and the engines'
    /// answers, the network's news, the animation. Whether anything shown
    /// changed.
    pub(super) fn advance(&mut self, now: Instant) -> bool {
        let moving = self.animation.is_some()
            || self.thinking.is_some()
            || self.evaluation.as_ref().is_some_and(|e| e.is_pending());
        // A flag that fell before the computer's answer came ends the game.
        let flagged = self.flag();
        self.collect_thinking(now);
        // Nothing to draw: the search on the person's time is not shown.
        self.advance_pondering(now);
        // An outside engine's spinner turns, and its failure may come.
        let engine = self.engine_to_move().is_some() && !self.ended();
        self.collect_engines(now);
        let heard = self.collect_news();
        let clock_turned = self
            .peer
            .as_mut()
            .is_some_and(|peer| peer.clock_turned(now));
        if let Some(evaluation) = &mut self.evaluation {
            evaluation.poll();
        }
        if let Some((animation, started)) = &mut self.animation {
            animation.advance(now.saturating_duration_since(*started));
            if animation.is_done() {
                self.animation = None;
            }
        }
        let face_turned = self.clock_face_turned();
        moving || engine || heard || clock_turned || flagged || face_turned
    }

    /// A step through the game looked back at, if `action` is one.
    fn browsing_step(action: Action) -> Option<Browse> {
        match action {
            Action::LEFT => Some(Browse::Back),
            Action::RIGHT => Some(Browse::Forward),
            Action::First => Some(Browse::First),
            Action::Last => Some(Browse::Last),
            Action::Cancel | Action::Confirm => Some(Browse::Leave),
            _ => None,
        }
    }

    /// What `action` does on the board (or the line typed), but leaving
    /// the game and reviewing it.
    fn apply(&mut self, action: Action, context: &Context) {
        let area = context.area;
        match action {
            Action::Step(direction) => self.step(direction),
            Action::Confirm => self.confirm(),
            // Once the game is over no cell is typed (a line open, the
            // save prompt, still takes what is typed).
            Action::Type(_) | Action::OpenAddress if self.input.is_none() && self.ended() => {}
            Action::Type(c) => self.type_char(c),
            Action::OpenAddress => self.open_address(),
            Action::Erase => self.erase(),
            Action::Clear => self.clear(),
            Action::Cancel => {
                self.cancel();
            }
            Action::Click { column, row } => self.click(area, column, row),
            Action::Save => self.save(),
            Action::Chat => self.open_chat(),
            Action::OfferDraw => self.offer(Proposal::Draw),
            Action::Accept => self.answer(true),
            Action::Decline => self.answer(false),
            Action::Hint => self.hint(),
            Action::Pause => self.toggle_pause(),
            Action::Evaluate => self.toggle_evaluation(),
            Action::Resign => self.resign(),
            Action::Replace(by) => self.replace_engine(by),
            Action::Browse => self.browse(Browse::Back),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            _ => {}
        }
    }
}

impl<G: Interactive> Screen for Play<G> {
    fn mode(&self) -> Mode {
        let network = self.peer.is_some();
        match (self.browsing, &self.input) {
            (Some(_), _) => Mode::of(&keys::BROWSING),
            (None, Some(_)) if network => Mode::of(&keys::NETWORK_TYPING),
            (None, Some(_)) => Mode::of(&keys::TYPING),
            (None, None) => self.board(),
        }
    }

    fn offers(&self, action: Action) -> bool {
        self.offered(action)
    }

    /// The keymap's, but `s` as it is here.
    fn help(&self) -> Vec<KeyHelp> {
        let mut lines = self.mode().help(|action| self.offered(action));
        if let Some((_, said)) = self.saving.said() {
            let save = lines.iter_mut().find(|line| line.does == keys::SAVE.help);
            save.into_iter()
                .for_each(|line| line.does = said.to_string());
        }
        lines
    }

    fn shown_in(&mut self, context: &Context) {
        self.saving = Saving::of(context);
        self.saved_games = context.library.clone();
    }

    fn footer(&self) -> Vec<Item> {
        let mut items = self.mode().footer(|action| self.offered(action));
        // The word moves open now go after typing a cell.
        if self.browsing.is_none() && self.input.is_none() && !self.ended() {
            let at = items
                .iter()
                .position(|item| item.action == Action::OpenAddress)
                .map_or(items.len(), |at| at + 1);
            let words = self.open_words().into_iter().map(|word| Item {
                keys: word.clone(),
                says: word,
                weight: 8,
                action: Action::OpenAddress,
            });
            items.splice(at..at, words);
        }
        if let Some((word, _)) = self.saving.said() {
            let save = items.iter_mut().find(|item| item.action == Action::Save);
            save.into_iter()
                .for_each(|item| item.says = word.to_string());
        }
        items
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        // A key during an animation ends it, then counts as usual.
        self.animation = None;
        self.message = None;
        // No move once the flag has fallen, however soon it comes.
        self.flag();
        // Any other key cancels a request to leave or to resign.
        self.leaving &= action == Action::NewGame;
        self.quitting = false;
        self.resigning &= action == Action::Resign;
        let step = Self::browsing_step(action).filter(|_| self.browsing.is_some());
        let transition = match action {
            _ if step.is_some() => {
                self.browse(step.unwrap_or(Browse::Leave));
                Transition::Stay
            }
            Action::Review if self.offered(Action::Review) => {
                Transition::Switch(Box::new(self.review()))
            }
            Action::Analyse if self.offered(Action::Analyse) => {
                let record = self.record();
                let shown = match self.browsing {
                    Some(turn) => self.line.chosen_through(turn),
                    None => record.moves.len(),
                };
                Transition::Open(analysis::board(G::any_record(record), shown))
            }
            // Leaving a game under way takes a second press, so one stray
            // key never throws a game away.
            Action::NewGame if self.ended() || self.confirm_leaving() => Transition::Home,
            Action::Confirm if self.can_reconnect() => {
                self.reconnect();
                Transition::Stay
            }
            _ => {
                self.apply(action, context);
                Transition::Stay
            }
        };
        // The evaluation bar follows the position shown, however it changed.
        self.evaluate_shown();
        self.keep_if_over(&context.keep);
        transition
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        view::render(self, area, buf, theme);
    }

    fn fits(&self, area: Rect) -> bool {
        fits(self.game(), area, view::AROUND)
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        needs(self.game(), area, view::AROUND)
    }

    fn is_ticking(&self) -> bool {
        self.animation.is_some()
            || self.thinking.is_some()
            || self.ponder.as_ref().is_some_and(Ponder::is_busy)
            || self.engines.iter().flatten().any(EngineSeat::is_thinking)
            || self
                .peer
                .as_ref()
                .is_some_and(|peer| peer.is_connected() || peer.reopening.is_some())
            || self.evaluation.as_ref().is_some_and(|e| e.is_pending())
            || self
                .clock_shown()
                .is_some_and(|shown| shown.running.is_some())
    }

    fn tick(&mut self, now: Instant, context: &Context) -> Tick {
        if let Some(back) = self.reconnected() {
            return back;
        }
        let changed = self.advance(now);
        self.keep_if_over(&context.keep);
        match changed {
            true => Tick::Changed,
            false => Tick::Same,
        }
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    fn may_quit(&mut self) -> bool {
        self.may_quit_hosting()
    }

    fn stop(&mut self) {
        self.stop_thinking();
        self.engines = [None, None];
        self.keep_on_leaving();
        // Left or quit: the clock stops, and the autosave keeps its times.
        if self
            .clock_shown()
            .is_some_and(|shown| shown.running.is_some())
        {
            self.stop_clock();
            self.autosave();
        }
    }
}
