//! The replay viewer: a saved game move by move, forward steps animated as
//! in play, with the move list beside the board and the current move
//! highlighted. Moves are numbered as in the game screen and the record:
//! a move the game forced (Reversi's pass) is shown with the move before
//! it, unnumbered.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::animation::Animation;
use crate::app::evaluation::Evaluation;
use crate::app::fit::wrapped;
use crate::app::games::{BoardView, GameUi, history_entries, last_turn};
use crate::app::screens::play::{Play, PlayScreen};
use crate::app::screens::{board_and_panel, fits, needs};
use crate::app::theme::Theme;
use crate::app::widgets::chances::Chances;
use crate::app::widgets::eval_bar::eval_bar;
use crate::app::widgets::history::History;
use crate::app::widgets::keys::key_hints;
use tabletop_ai::Level;
use tabletop_core::files;
use tabletop_core::review::classify::{Class, Judgement};
use tabletop_core::review::statement::{about_move, about_position};
use tabletop_core::review::{Effort, first_player_chance, judgements_so_far, review};
use tabletop_core::seat::Seat;
use tabletop_engine::Player;
use tabletop_engine::line::Line as PlayLine;
use tabletop_engine::record::review::{Review, Reviewed, reviewed_positions};
use tabletop_engine::record::{Record, settled_outcome};

/// Lines above and below the board and the panel: the title, the status
/// line and the footer.
const AROUND: u16 = 3;

/// Time between moves when they play by themselves, slowest first.
const SPEEDS: [Duration; 5] = [
    Duration::from_millis(2000),
    Duration::from_millis(1000),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(100),
];

/// What the app asks of the replay viewer, whatever the game.
pub trait ReplayScreen {
    /// The smallest terminal the viewer fits in.
    fn needs(&self, area: Rect) -> (u16, u16);
    /// Whether the viewer fits in `area`.
    fn fits(&self, area: Rect) -> bool;
    /// One move back (`forward` false) or on.
    fn step(&mut self, forward: bool);
    fn first(&mut self);
    fn last(&mut self);
    fn toggle_autoplay(&mut self);
    fn faster(&mut self);
    fn slower(&mut self);
    /// A digit of a move number to jump to.
    fn type_digit(&mut self, c: char);
    fn erase(&mut self);
    /// Jumps to the move number typed.
    fn confirm(&mut self);
    /// Jumps to the next move the review calls a mistake or a blunder.
    fn next_mistake(&mut self);
    /// Starts reviewing the game in the background, if it has no review.
    fn review(&mut self);
    /// Shows or hides the evaluation bar.
    fn toggle_bar(&mut self);
    /// Shows `message` on the status line.
    fn tell(&mut self, message: String);
    /// Clears the number typed; false when there was none.
    fn cancel(&mut self) -> bool;
    /// A new game going on from the position shown.
    fn continue_play(&self, animate: bool, autosave: Option<PathBuf>) -> Box<dyn PlayScreen>;
    /// Whether the loop must wake up without input.
    fn is_ticking(&self) -> bool;
    fn tick(&mut self, now: Instant);
    fn finish_animation(&mut self);
    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme);
}

pub struct Replay<G: GameUi> {
    record: Record<G>,
    /// The file the record was read from: a review made here is kept there.
    path: Option<PathBuf>,
    /// The whole game, forced moves included.
    line: PlayLine<G>,
    /// How many numbered moves (turns) are played in the position shown.
    index: usize,
    /// When moves play by themselves: when the last one was shown.
    autoplay: Option<Instant>,
    speed: usize,
    typed: String,
    animation: Option<(Animation, Instant)>,
    animate: bool,
    /// The review of each position a move was chosen in (and the end), as
    /// far as it is known: all of it for a reviewed record, none without a
    /// review, some while one is under way.
    reviewed: Vec<Option<Reviewed<G::Move>>>,
    /// The player to move in each of those positions.
    movers: Vec<Player>,
    /// The review's verdict on each chosen move, once both its positions
    /// are reviewed.
    judged: Vec<Option<Judgement>>,
    /// The first player's chance of winning in each reviewed position
    /// (NaN where it is not known yet), worked out when a review changes,
    /// not on every frame.
    chances: Vec<f64>,
    /// A review running in the background, started with `r`.
    reviewing: Option<Background<G::Move>>,
    /// Whether the evaluation bar is shown.
    bar: bool,
    /// The bar's figure for a position the review has not reached.
    evaluation: Evaluation,
    message: Option<String>,
}

/// A review running on its own threads, reporting each position as it is
/// done.
struct Background<M> {
    stop: Arc<AtomicBool>,
    finished: Receiver<(usize, Reviewed<M>)>,
}

impl<M> Drop for Background<M> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<G: GameUi> Replay<G> {
    pub fn new(record: Record<G>, path: Option<PathBuf>, animate: bool) -> Replay<G> {
        let line = record.line();
        let movers = reviewed_positions(&line)
            .iter()
            .map(|p| p.to_move())
            .collect();
        let reviewed: Vec<_> = match &record.review {
            Some(review) => review.positions.iter().cloned().map(Some).collect(),
            None => Vec::new(),
        };
        // Shown at once where the review gives it; `e` asks the computer.
        let bar = !reviewed.is_empty();
        let mut replay = Replay {
            reviewed,
            movers,
            judged: Vec::new(),
            chances: Vec::new(),
            reviewing: None,
            bar,
            evaluation: Evaluation::default(),
            message: None,
            line,
            record,
            path,
            index: 0,
            autoplay: None,
            speed: 1,
            typed: String::new(),
            animation: None,
            animate,
        };
        replay.judge();
        replay.evaluate();
        replay
    }

    /// Works out the judgements and the chances again from what is known
    /// of the review.
    fn judge(&mut self) {
        let reviewed = &self.reviewed;
        self.judged = judgements_so_far(&self.record, |k| reviewed.get(k)?.as_ref());
        self.chances = reviewed
            .iter()
            .zip(&self.movers)
            .map(|(reviewed, &mover)| {
                reviewed
                    .as_ref()
                    .map_or(f64::NAN, |r| first_player_chance(r.standing, mover))
            })
            .collect();
    }

    /// The first player's chance in the position shown, as far as it is
    /// known: from the review, else from the evaluation bar's own search.
    fn shown_chance(&self) -> Option<f64> {
        let shown = self.line.chosen_through(self.index);
        match self.chances.get(shown) {
            Some(chance) if !chance.is_nan() => Some(*chance),
            _ => self.evaluation.chance(),
        }
    }

    /// Asks for the bar's figure where the review does not give it (and
    /// is not about to: a review under way fills it in).
    fn evaluate(&mut self) {
        let shown = self.line.chosen_through(self.index);
        let known = self.chances.get(shown).is_some_and(|c| !c.is_nan());
        if !self.bar || known || self.reviewing.is_some() {
            self.evaluation.abandon();
            return;
        }
        let game = self.line.after(self.index);
        let through = self.line.played_through(self.index);
        let positions = &self.line.positions()[..=through];
        self.evaluation
            .ask(game, || tabletop_ai::History::of(positions));
    }

    /// Starts reviewing the game in the background, on every core.
    fn start_review(&mut self) {
        let stop = Arc::new(AtomicBool::new(false));
        let (tell, finished) = mpsc::channel();
        let (record, flag) = (self.record.clone(), Arc::clone(&stop));
        thread::spawn(move || {
            review(&record, Effort::at(Level::DEFAULT), &flag, |done| {
                // The viewer may have gone and stopped listening.
                let _ = tell.send((done.index, done.reviewed.clone()));
            });
        });
        self.reviewed = vec![None; self.movers.len()];
        self.reviewing = Some(Background { stop, finished });
        self.bar = true;
        self.evaluation.abandon();
        self.judge();
    }

    /// Takes the positions the background review has finished; once all
    /// are, keeps the review in the record and its file.
    fn collect_review(&mut self) {
        let Some(background) = &self.reviewing else {
            return;
        };
        let mut changed = false;
        while let Ok((index, reviewed)) = background.finished.try_recv() {
            if let Some(slot) = self.reviewed.get_mut(index) {
                *slot = Some(reviewed);
                changed = true;
            }
        }
        if !changed {
            return;
        }
        self.judge();
        let Some(positions) = self.reviewed.iter().cloned().collect::<Option<Vec<_>>>() else {
            return;
        };
        self.reviewing = None;
        self.record.review = Some(Review {
            level: Level::DEFAULT.get(),
            positions,
        });
        self.message = Some(match &self.path {
            Some(path) => match files::save(path, &self.record.to_toml()) {
                Ok(()) => format!("Reviewed, and kept in {}", path.display()),
                Err(error) => format!("Reviewed, but not saved: {error}"),
            },
            None => "Reviewed".to_string(),
        });
        self.evaluate();
    }

    /// How many numbered moves the game has.
    fn moves(&self) -> usize {
        self.line.numbered()
    }

    /// Adds the review's marks (`?!`, `?`, `??`) to the turns of the
    /// history: a turn takes its worst move's.
    fn mark_entries(&self, entries: &mut [crate::app::widgets::history::Entry]) {
        let numbers = self.chosen_numbers();
        for entry in entries.iter_mut() {
            let worst = numbers
                .iter()
                .zip(&self.judged)
                .filter(|(n, _)| Some(**n) == entry.number)
                .filter_map(|(_, judgement)| judgement.map(|j| j.class))
                .max();
            if let Some(mark) = worst.map(Class::mark).filter(|m| !m.is_empty()) {
                entry.text = format!("{} {mark}", entry.text);
            }
        }
    }

    /// The turn number of each chosen move, in order.
    fn chosen_numbers(&self) -> Vec<usize> {
        self.line.played().iter().filter_map(|p| p.number).collect()
    }

    /// The review's lines for the position shown: the evaluation bar, the
    /// verdict on the move that led here and the move the computer
    /// preferred. Also the cell of that move.
    fn review_lines(
        &self,
        width: u16,
        theme: Theme,
    ) -> (Vec<Line<'static>>, Option<tabletop_engine::Cell>) {
        let mut lines = Vec::new();
        if self.bar {
            let symbols = [G::symbol(Player::First), G::symbol(Player::Second)];
            lines.push(eval_bar(symbols, self.shown_chance(), width, theme));
        }
        let shown = self.line.chosen_through(self.index);
        let mut better = None;
        let judged = shown
            .checked_sub(1)
            .and_then(|k| self.judged.get(k)?.as_ref());
        if let Some(judgement) = judged {
            let before = self.reviewed[shown - 1].as_ref();
            let verdict = judgement.class.label();
            let best = before
                .and_then(|before| before.best)
                .filter(|_| judgement.class > Class::Best);
            let text = match best {
                Some(mv) => format!("That move: {verdict}; best {mv}"),
                None => format!("That move: {verdict}"),
            };
            let style = if judgement.class >= Class::Mistake {
                theme.message()
            } else {
                theme.dim()
            };
            lines.push(Line::styled(text, style));
            better = best.and_then(|mv| G::placed(&mv));
            if let Some(said) = about_move(judgement) {
                lines.extend(Self::said(&said, width, theme.message()));
            }
        }
        // What the review proved about the position shown.
        let position = self.line.after(self.index);
        let proved = self.reviewed.get(shown).and_then(Option::as_ref);
        if let Some(said) = proved.and_then(|reviewed| about_position(position, reviewed)) {
            lines.extend(Self::said(&said, width, theme.dim()));
        }
        (lines, better)
    }

    /// A review's sentence over as many lines of the panel as it needs,
    /// three at most.
    fn said(text: &str, width: u16, style: Style) -> Vec<Line<'static>> {
        wrapped(text, usize::from(width), 3)
            .into_iter()
            .map(|line| Line::styled(line, style))
            .collect()
    }

    /// Which reviewed positions a mistake or a blunder led to.
    fn marked(&self) -> Vec<bool> {
        let mut marked = vec![false; self.chances.len()];
        for (k, judgement) in self.judged.iter().enumerate() {
            if let Some(judgement) = judgement {
                marked[k + 1] = judgement.class >= Class::Mistake;
            }
        }
        marked
    }

    /// Whether the review calls the `k`th chosen move a mistake or worse.
    fn is_bad(&self, k: usize) -> bool {
        self.judged
            .get(k)
            .and_then(Option::as_ref)
            .is_some_and(|judgement| judgement.class >= Class::Mistake)
    }

    /// The status line: the number typed, autoplay, the review under way,
    /// or a message.
    fn status(&self) -> String {
        if !self.typed.is_empty() {
            return format!("Go to move: {}▏ Enter jumps", self.typed);
        }
        if self.autoplay.is_some() {
            return format!(
                "Playing, one move every {} ms (+ faster, - slower)",
                SPEEDS[self.speed].as_millis()
            );
        }
        if self.reviewing.is_some() {
            let done = self.reviewed.iter().filter(|r| r.is_some()).count();
            return format!(
                "Reviewing: {done} of {} positions done; the graph fills in",
                self.reviewed.len()
            );
        }
        self.message.clone().unwrap_or_default()
    }

    fn show(&mut self, index: usize) {
        let index = index.min(self.moves());
        self.message = None;
        self.animation = None;
        if index == self.index + 1 && self.animate {
            let played = &self.line.played()[self.line.played_through(self.index)];
            let animation = G::animation(&played.mv, &played.effect, played.mover);
            self.animation = animation.map(|a| (a, Instant::now()));
        }
        self.index = index;
        if self.index == self.moves() {
            self.autoplay = None;
        }
        self.evaluate();
    }
}

impl<G: GameUi> ReplayScreen for Replay<G> {
    fn needs(&self, area: Rect) -> (u16, u16) {
        needs(self.line.start(), area, AROUND)
    }

    fn fits(&self, area: Rect) -> bool {
        fits(self.line.start(), area, AROUND)
    }

    fn step(&mut self, forward: bool) {
        self.autoplay = None;
        if forward {
            self.show(self.index + 1);
        } else {
            self.show(self.index.saturating_sub(1));
        }
    }

    fn first(&mut self) {
        self.autoplay = None;
        self.show(0);
    }

    fn last(&mut self) {
        self.autoplay = None;
        self.show(self.moves());
    }

    fn toggle_autoplay(&mut self) {
        self.autoplay = match self.autoplay {
            Some(_) => None,
            None if self.index < self.moves() => Some(Instant::now()),
            None => None,
        };
    }

    fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    fn type_digit(&mut self, c: char) {
        if c.is_ascii_digit() && self.typed.len() < 6 {
            self.typed.push(c);
        }
    }

    fn erase(&mut self) {
        self.typed.pop();
    }

    fn confirm(&mut self) {
        if let Ok(number) = self.typed.parse::<usize>() {
            self.autoplay = None;
            self.show(number);
        }
        self.typed.clear();
    }

    fn next_mistake(&mut self) {
        self.autoplay = None;
        let chosen: Vec<usize> = self.chosen_numbers();
        let is_bad = |k: &usize| self.is_bad(*k);
        let after = (0..self.judged.len()).find(|k| is_bad(k) && chosen[*k] > self.index);
        // Past the last one, round to the first.
        let target = after.or_else(|| (0..self.judged.len()).find(is_bad));
        match target {
            Some(k) => self.show(chosen[k]),
            None if self.reviewed.is_empty() => {
                self.message = Some("Not reviewed yet: r reviews the game".to_string());
            }
            None => self.message = Some("No mistakes found so far".to_string()),
        }
    }

    fn review(&mut self) {
        if self.record.review.is_some() {
            self.message = Some("Already reviewed: m finds the mistakes".to_string());
        } else if self.reviewing.is_none() {
            self.start_review();
        }
    }

    fn toggle_bar(&mut self) {
        self.bar = !self.bar;
        self.evaluate();
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }

    fn cancel(&mut self) -> bool {
        let had = !self.typed.is_empty();
        self.typed.clear();
        had
    }

    fn continue_play(&self, animate: bool, autosave: Option<PathBuf>) -> Box<dyn PlayScreen> {
        let mut record = self.record.clone();
        record.moves.truncate(self.line.chosen_through(self.index));
        record.resigned = None;
        // Play goes on between people, whoever played the record.
        let play = Play::from_record(&record, animate).autosave_to(autosave);
        Box::new(play.with_seats([Seat::Human, Seat::Human]))
    }

    fn is_ticking(&self) -> bool {
        self.autoplay.is_some()
            || self.animation.is_some()
            || self.reviewing.is_some()
            || self.evaluation.is_pending()
    }

    fn tick(&mut self, now: Instant) {
        self.collect_review();
        self.evaluation.poll();
        if let Some((animation, started)) = &mut self.animation {
            animation.advance(now.saturating_duration_since(*started));
            if animation.is_done() {
                self.animation = None;
            }
        }
        if let Some(shown) = self.autoplay
            && now.saturating_duration_since(shown) >= SPEEDS[self.speed]
        {
            self.show(self.index + 1);
            if self.index < self.moves() {
                self.autoplay = Some(now);
            }
        }
    }

    fn finish_animation(&mut self) {
        self.animation = None;
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let game = self.line.after(self.index);
        let [title, middle, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let (board, panel) = board_and_panel(game, middle);
        Line::from(vec![
            Span::styled(" tabletop replay ", theme.title()),
            Span::raw(format!(
                "· {}",
                crate::app::fit::leading(&game.title(), usize::from(area.width).saturating_sub(19))
            )),
        ])
        .render(title, buf);

        let shown = &self.line.played()[..self.line.played_through(self.index)];
        let last = last_turn(shown);
        let winning = match shown.last() {
            Some(last) if game.is_over() && self.animation.is_none() => {
                G::winning_cells(&last.effect)
            }
            _ => &[],
        };
        let (review_lines, better) = self.review_lines(panel.width, theme);
        let view = BoardView {
            cursor: None,
            addressed: None,
            hint: better.filter(|&cell| game.piece_at(cell).is_none()),
            winning,
            last: &last,
            animation: self.animation.as_ref().map(|(a, _)| a),
            theme,
        };
        game.render_board(&view, board, buf);

        let mut lines = vec![Line::raw(format!(
            "Move {} of {}",
            self.index,
            self.moves()
        ))];
        // A resignation, the clock or an agreed draw ends the game after
        // its last move.
        let at_end = self.index == self.moves();
        let resigned = self.record.resigned.filter(|_| at_end);
        let adjudged = self.record.adjudged.filter(|_| at_end);
        let outcome = settled_outcome(game, resigned, adjudged);
        lines.push(match outcome {
            Some(outcome) => Line::styled(G::result_text(outcome), theme.message()),
            None => Line::raw(format!("Player {}'s turn", G::symbol(game.to_move()))),
        });
        if outcome.is_none()
            && let Some(detail) = game.turn_detail()
        {
            lines.push(Line::raw(detail));
        }
        if let Some(resigner) = resigned {
            lines.push(Line::styled(G::resignation_text(resigner), theme.message()));
        }
        if let Some(adjudged) = adjudged.filter(|_| game.outcome().is_none()) {
            lines.push(Line::styled(adjudged.text::<G>(), theme.message()));
        }
        lines.extend(review_lines);
        let graph_top = lines.len() as u16;
        let reviewed = !self.reviewed.is_empty();
        if reviewed {
            lines.push(Line::raw(""));
        }
        lines.extend(game.panel(self.animation.as_ref().map(|(a, _)| a), theme));
        lines.push(Line::raw(""));
        let list_top = lines.len() as u16;
        Paragraph::new(lines).render(panel, buf);
        if reviewed {
            let [_, row, _] = Layout::vertical([
                Constraint::Length(graph_top),
                Constraint::Length(1),
                Constraint::Fill(1),
            ])
            .areas(panel);
            let chart = Chances {
                chances: &self.chances,
                marked: &self.marked(),
                current: self.line.chosen_through(self.index),
                theme,
            };
            (&chart).render(row, buf);
        }
        let [_, list] =
            Layout::vertical([Constraint::Length(list_top), Constraint::Fill(1)]).areas(panel);
        let mut entries = history_entries(self.line.played(), self.record.resigned);
        self.mark_entries(&mut entries);
        // The turn shown, not a pass it forced.
        let current = entries
            .iter()
            .position(|entry| entry.number == Some(self.index));
        let history = History {
            entries: &entries,
            symbol: G::symbol,
            current,
            in_view: current.unwrap_or(0),
            theme,
        };
        (&history).render(list, buf);

        Line::styled(self.status(), theme.message()).render(status, buf);
        let mut keys = vec![("←→", "step"), ("Home End", "ends"), ("Space", "play")];
        if (0..self.judged.len()).any(|k| self.is_bad(k)) {
            keys.push(("m", "next mistake"));
        } else if self.record.review.is_none() && self.reviewing.is_none() {
            keys.push(("r", "review"));
        } else {
            keys.push(("+-", "speed"));
        }
        keys.extend([("p", "play on"), ("?", "help"), ("q", "quit")]);
        key_hints(&keys, theme).render(footer, buf);
    }
}
