//! The replay viewer: a saved game move by move, forward steps animated as
//! in play, with the move list beside the board and the current move
//! highlighted ([`view`]); a review of the game made here, in the
//! background, and what it says ([`review`]). Moves are numbered as in the
//! game screen and the record: a move the game forced (Reversi's pass) is
//! shown with the move before it, unnumbered.

pub mod keys;
mod review;
mod view;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::app::action::{Action, Direction};
use crate::app::animation::Animation;
use crate::app::evaluation::Evaluation;
use crate::app::keys::Mode;
use crate::app::screens::analysis;
use crate::app::screens::layout::{fits, needs};
use crate::app::screens::{Context, Screen, Tick, Transition};
use crate::app::theme::Theme;
use crate::games::{AnyRecord, Interactive, WithRecord, with_record};
use review::Background;
use tabletop_core::review::classify::Judgement;
use tabletop_engine::Player;
use tabletop_engine::line::Line as PlayLine;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Reviewed, reviewed_positions};

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

pub struct Replay<G: Interactive> {
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

impl<G: Interactive> Replay<G> {
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

    /// How many numbered moves the game has.
    fn moves(&self) -> usize {
        self.line.numbered()
    }

    /// The keys here, which messages name.
    fn keys() -> Mode {
        Mode::of(&keys::REPLAY)
    }

    /// Shows the position after `index` moves (animating a step on).
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

    /// Shows the end of the game.
    pub fn show_end(&mut self) {
        self.autoplay = None;
        self.show(self.moves());
    }

    /// Shows `index`, stopping the moves playing by themselves.
    fn jump(&mut self, index: usize) {
        self.autoplay = None;
        self.show(index);
    }

    fn toggle_autoplay(&mut self) {
        self.autoplay = match self.autoplay {
            Some(_) => None,
            None if self.index < self.moves() => Some(Instant::now()),
            None => None,
        };
    }

    /// Jumps to the move number typed.
    fn confirm(&mut self) {
        if let Ok(number) = self.typed.parse::<usize>() {
            self.jump(number);
        }
        self.typed.clear();
    }

    /// The record up to the position shown, for a game going on from
    /// there between the record's players (its computer at its level; an
    /// engine named by its command is never run from a file, a person
    /// plays that side).
    fn continued(&self) -> Record<G> {
        let mut record = self.record.clone();
        record.moves.truncate(self.line.chosen_through(self.index));
        record.resigned = None;
        record.adjudged = None;
        record.review = None;
        record
    }

    /// The status line: the number typed, autoplay, the review under way,
    /// or a message.
    fn status(&self) -> String {
        let keys = Self::keys();
        if !self.typed.is_empty() {
            let enter = keys.key_for(Action::Confirm);
            return format!("Go to move: {}▏ {enter} jumps", self.typed);
        }
        if self.autoplay.is_some() {
            return format!(
                "Playing, one move every {} ms ({} faster, {} slower)",
                SPEEDS[self.speed].as_millis(),
                keys.key_for(Action::Faster),
                keys.key_for(Action::Slower)
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

    /// Moves things on to `now`: the review, the bar, the animation, the
    /// moves playing by themselves.
    fn advance(&mut self, now: Instant) {
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
}

/// The replay viewer on `record`, read from `path` (where a review made
/// here is kept); reviewing it at once when `review`.
pub fn viewer(
    record: AnyRecord,
    path: Option<PathBuf>,
    review: bool,
    context: &Context,
) -> Box<dyn Screen> {
    struct View<'a>(Option<PathBuf>, bool, &'a Context);
    impl WithRecord for View<'_> {
        type Output = Box<dyn Screen>;
        fn run<G: Interactive>(self, record: Record<G>) -> Box<dyn Screen> {
            let View(path, review, context) = self;
            let mut replay = Replay::new(record, path, context.animate);
            if review {
                replay.review();
            }
            Box::new(replay)
        }
    }
    with_record(record, View(path, review, context))
}

impl<G: Interactive> Screen for Replay<G> {
    fn mode(&self) -> Mode {
        Self::keys()
    }

    /// The footer names the next mistake once the review found one, else
    /// the review until there is one, else the speed.
    fn in_footer(&self, action: Action) -> bool {
        let mistakes = (0..self.judged.len()).any(|k| self.is_bad(k));
        let unreviewed = self.record.review.is_none() && self.reviewing.is_none();
        match action {
            Action::NextMistake => mistakes,
            Action::Review => !mistakes && unreviewed,
            Action::Faster => !mistakes && !unreviewed,
            _ => true,
        }
    }

    fn update(&mut self, action: Action, _context: &Context) -> Transition {
        // A key during an animation ends it, then counts as usual.
        self.animation = None;
        match action {
            Action::Step(direction) => {
                let forward = matches!(direction, Direction::Right | Direction::Down);
                self.jump(match forward {
                    true => self.index + 1,
                    false => self.index.saturating_sub(1),
                });
            }
            Action::First => self.jump(0),
            Action::Last => self.show_end(),
            Action::Autoplay => self.toggle_autoplay(),
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::Type(c) if c.is_ascii_digit() && self.typed.len() < 6 => self.typed.push(c),
            Action::Erase => {
                self.typed.pop();
            }
            Action::Confirm => self.confirm(),
            // Esc clears the number typed first.
            Action::Cancel if self.typed.is_empty() => return Transition::Back,
            Action::Cancel => self.typed.clear(),
            Action::NextMistake => self.next_mistake(),
            Action::Review => self.review(),
            Action::Evaluate => {
                self.bar = !self.bar;
                self.evaluate();
            }
            Action::Continue => {
                return Transition::Continue(Box::new(G::any_record(self.continued())));
            }
            Action::Analyse => {
                let shown = self.line.chosen_through(self.index);
                let record = G::any_record(self.record.clone());
                return Transition::Open(analysis::board(record, shown));
            }
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        view::render(self, area, buf, theme);
    }

    fn fits(&self, area: Rect) -> bool {
        fits(self.line.start(), area, AROUND)
    }

    fn needs(&self, area: Rect) -> (u16, u16) {
        needs(self.line.start(), area, AROUND)
    }

    fn is_ticking(&self) -> bool {
        self.autoplay.is_some()
            || self.animation.is_some()
            || self.reviewing.is_some()
            || self.evaluation.is_pending()
    }

    fn tick(&mut self, now: Instant, _context: &Context) -> Tick {
        self.advance(now);
        Tick::Changed
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }
}
