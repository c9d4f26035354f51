//! The replay viewer: a saved game move by move, forward steps animated as
//! in play, with the move list beside the board and the current move
//! highlighted. Moves are numbered as in the game screen and the record:
//! a move the game forced (Reversi's pass) is shown with the move before
//! it, unnumbered.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::animation::Animation;
use crate::app::games::{BoardView, GameUi, history_entries, last_turn};
use crate::app::screens::play::{Play, PlayScreen};
use crate::app::screens::{board_and_panel, fits, needs};
use crate::app::theme::Theme;
use crate::app::widgets::chances::Chances;
use crate::app::widgets::history::History;
use crate::app::widgets::keys::key_hints;
use crate::engine::Player;
use crate::engine::line::Line as PlayLine;
use crate::engine::record::review::reviewed_positions;
use crate::engine::record::{Record, ended_outcome};
use crate::review::classify::{Class, Judgement};
use crate::review::judgements;
use crate::seat::Seat;

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
    /// The review's verdict on each chosen move, if the record has one.
    judged: Vec<Judgement>,
    /// The first player's chance of winning in each reviewed position
    /// (empty without a review), worked out once: the record never changes.
    chances: Vec<f64>,
}

impl<G: GameUi> Replay<G> {
    pub fn new(record: Record<G>, animate: bool) -> Replay<G> {
        let line = record.line();
        let (judged, chances) = match &record.review {
            Some(review) => {
                let positions = reviewed_positions(&line);
                let chances = review
                    .positions
                    .iter()
                    .zip(positions)
                    .map(|(reviewed, position)| {
                        let chance = reviewed.standing.chance();
                        if position.to_move() == Player::First {
                            chance
                        } else {
                            1.0 - chance
                        }
                    })
                    .collect();
                (judgements(&record, review), chances)
            }
            None => (Vec::new(), Vec::new()),
        };
        Replay {
            judged,
            chances,
            line,
            record,
            index: 0,
            autoplay: None,
            speed: 1,
            typed: String::new(),
            animation: None,
            animate,
        }
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
                .map(|(_, judgement)| judgement.class)
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

    /// The review's lines for the position shown: the first player's
    /// chance, the verdict on the move that led here and the move the
    /// computer preferred, and the graph. Also the cell of that move.
    fn review_lines(&self, theme: Theme) -> (Vec<Line<'static>>, Option<crate::engine::Cell>) {
        let Some(review) = &self.record.review else {
            return (Vec::new(), None);
        };
        let shown = self.line.chosen_through(self.index);
        let mut lines = vec![Line::raw(format!(
            "{} {:.0}% to win",
            G::symbol(Player::First),
            self.chances[shown] * 100.0
        ))];
        let mut better = None;
        if let Some(judgement) = shown.checked_sub(1).and_then(|k| self.judged.get(k)) {
            let before = &review.positions[shown - 1];
            let verdict = judgement.class.label();
            let best = before.best.filter(|_| judgement.class > Class::Best);
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
        }
        (lines, better)
    }

    /// Which reviewed positions a mistake or a blunder led to.
    fn marked(&self) -> Vec<bool> {
        let mut marked = vec![false; self.chances.len()];
        for (k, judgement) in self.judged.iter().enumerate() {
            marked[k + 1] = judgement.class >= Class::Mistake;
        }
        marked
    }

    fn show(&mut self, index: usize) {
        let index = index.min(self.moves());
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
        let is_bad = |k: &usize| self.judged[*k].class >= Class::Mistake;
        let after = (0..self.judged.len()).find(|k| is_bad(k) && chosen[*k] > self.index);
        // Past the last one, round to the first.
        let target = after.or_else(|| (0..self.judged.len()).find(is_bad));
        if let Some(k) = target {
            self.show(chosen[k]);
        }
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
        Box::new(play.with_seats([Seat::Human; 2]))
    }

    fn is_ticking(&self) -> bool {
        self.autoplay.is_some() || self.animation.is_some()
    }

    fn tick(&mut self, now: Instant) {
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
        let (review_lines, better) = self.review_lines(theme);
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
        // A resignation ends the game after its last move.
        let resigned = self.record.resigned.filter(|_| self.index == self.moves());
        let outcome = ended_outcome(game, resigned);
        lines.push(match outcome {
            Some(outcome) => Line::styled(G::result_text(outcome), theme.message()),
            None => Line::raw(format!("Player {}'s turn", G::symbol(game.to_move()))),
        });
        if let Some(resigner) = resigned {
            lines.push(Line::styled(G::resignation_text(resigner), theme.message()));
        }
        lines.extend(review_lines);
        let graph_top = lines.len() as u16;
        let reviewed = !self.chances.is_empty();
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

        let state = if !self.typed.is_empty() {
            format!("Go to move: {}▏ Enter jumps", self.typed)
        } else if self.autoplay.is_some() {
            format!(
                "Playing, one move every {} ms (+ faster, - slower)",
                SPEEDS[self.speed].as_millis()
            )
        } else {
            String::new()
        };
        Line::styled(state, theme.message()).render(status, buf);
        let mut keys = vec![("←→", "step"), ("Home End", "ends"), ("Space", "play")];
        if self.judged.iter().any(|j| j.class >= Class::Mistake) {
            keys.push(("m", "next mistake"));
        } else {
            keys.push(("+-", "speed"));
        }
        keys.extend([("p", "play on"), ("?", "help"), ("q", "quit")]);
        key_hints(&keys, theme).render(footer, buf);
    }
}
