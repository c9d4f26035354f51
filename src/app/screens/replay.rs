//! The replay viewer: a saved game move by move, forward steps animated as
//! in play, with the move list beside the board and the current move
//! highlighted.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::animation::Animation;
use crate::app::games::{BoardView, GameUi};
use crate::app::screens::board_and_panel;
use crate::app::screens::play::{Play, PlayScreen};
use crate::app::theme::Theme;
use crate::app::widgets::keys::key_hints;
use crate::engine::Cell;
use crate::engine::record::Record;
use crate::seat::Seat;

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
    fn needs(&self) -> (u16, u16);
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
    /// The position after each number of moves, the start first.
    positions: Vec<G>,
    effects: Vec<G::Effect>,
    /// How many moves are played in the position shown.
    index: usize,
    /// When moves play by themselves: when the last one was shown.
    autoplay: Option<Instant>,
    speed: usize,
    typed: String,
    animation: Option<(Animation, Instant)>,
    animate: bool,
}

impl<G: GameUi> Replay<G> {
    pub fn new(record: Record<G>, animate: bool) -> Replay<G> {
        let mut game = record.start.clone();
        game.play_forced();
        let mut positions = vec![game.clone()];
        let mut effects = Vec::with_capacity(record.moves.len());
        for &mv in &record.moves {
            // A loaded record's moves were all checked legal.
            let Ok(effect) = game.play(mv) else { break };
            game.play_forced();
            positions.push(game.clone());
            effects.push(effect);
        }
        Replay {
            record,
            positions,
            effects,
            index: 0,
            autoplay: None,
            speed: 1,
            typed: String::new(),
            animation: None,
            animate,
        }
    }

    fn moves(&self) -> usize {
        self.positions.len() - 1
    }

    fn show(&mut self, index: usize) {
        let index = index.min(self.moves());
        self.animation = None;
        if index == self.index + 1 && self.animate {
            let mv = &self.record.moves[self.index];
            let mover = self.positions[self.index].to_move();
            let animation = G::animation(mv, &self.effects[self.index], mover);
            self.animation = animation.map(|a| (a, Instant::now()));
        }
        self.index = index;
        if self.index == self.moves() {
            self.autoplay = None;
        }
    }
}

impl<G: GameUi> ReplayScreen for Replay<G> {
    fn needs(&self) -> (u16, u16) {
        let (w, h) = self.positions[0].board_size();
        (w + 2 + 30, 1 + h.max(10) + 3)
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

    fn cancel(&mut self) -> bool {
        let had = !self.typed.is_empty();
        self.typed.clear();
        had
    }

    fn continue_play(&self, animate: bool, autosave: Option<PathBuf>) -> Box<dyn PlayScreen> {
        let mut record = self.record.clone();
        record.moves.truncate(self.index);
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
        let game = &self.positions[self.index];
        let (board_w, _) = game.board_size();
        let [title, middle, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let (board, panel) = board_and_panel(middle, board_w);
        Line::from(vec![
            Span::styled(" tabletop replay ", theme.title()),
            Span::raw(format!("· {}", game.title())),
        ])
        .render(title, buf);

        let last: Vec<Cell> = self
            .index
            .checked_sub(1)
            .and_then(|i| G::placed(&self.record.moves[i]))
            .into_iter()
            .collect();
        let winning = match self.index.checked_sub(1) {
            Some(i) if game.is_over() && self.animation.is_none() => {
                G::winning_cells(&self.effects[i])
            }
            _ => &[],
        };
        let view = BoardView {
            cursor: None,
            addressed: None,
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
        lines.push(match game.outcome() {
            Some(outcome) => Line::styled(G::result(outcome), theme.message()),
            None => Line::raw(format!("Player {}'s turn", G::symbol(game.to_move()))),
        });
        lines.extend(game.panel(self.animation.as_ref().map(|(a, _)| a), theme));
        lines.push(Line::raw(""));
        let list_top = lines.len();
        let room = usize::from(panel.height).saturating_sub(list_top).max(1);
        // Keep the current move in view.
        let first = self
            .index
            .saturating_sub(room / 2)
            .min(self.moves().saturating_sub(room));
        for (i, mv) in self.record.moves.iter().enumerate().skip(first).take(room) {
            let mover = self.positions[i].to_move();
            let text = format!(
                "{:>3}. {} {}",
                i + 1,
                G::symbol(mover),
                G::describe(mv, &self.effects[i])
            );
            let style = if i + 1 == self.index {
                theme.selected()
            } else {
                Default::default()
            };
            lines.push(Line::styled(text, style));
        }
        Paragraph::new(lines).render(panel, buf);

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
        let keys = [
            ("←→", "step"),
            ("Home End", "ends"),
            ("Space", "play"),
            ("+-", "speed"),
            ("p", "play on"),
            ("?", "help"),
            ("q", "quit"),
        ];
        key_hints(&keys, theme).render(footer, buf);
    }
}
