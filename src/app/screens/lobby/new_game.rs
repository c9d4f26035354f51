//! The lobby's new game: the game and its settings chosen as on the start
//! screen ([`GameChoice`]), the side to play, the opponent (a person who
//! joins from the lobby, or the server's computer) and the clock.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::app::action::Direction;
use crate::app::screens::start::game_choice::{GameChoice, menu_step};
use crate::app::theme::Theme;
use crate::games::Setup;
use crate::net::lobby::Entry;
use crate::net::store::seeks::MOST_RANGE;
use tabletop_ai::Level;
use tabletop_engine::Player;
use tabletop_engine::time_control::TimeControl;

/// The form's width, as the start screen's.
const WIDTH: u16 = 60;

/// The lines of the form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Row {
    Game,
    Setting(usize),
    Side,
    Opponent,
    Clock,
    Create,
}

/// How far from the player's rating a seek's opponent may be: the
/// player chooses, the nearest first (the last is as far as a seek goes).
pub const SEEK_RANGES: [u32; 4] = [100, 200, 400, MOST_RANGE];

/// The clocks offered, as `MINUTES+SECONDS`, after none.
const CLOCKS: [&str; 6] = ["1+0", "3+2", "5+3", "10+5", "15+10", "30+20"];

#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    games: GameChoice,
    side: Player,
    /// The server's computer at this level plays the other side; none: a
    /// person joins.
    computer: Option<Level>,
    /// A person within this many points of the player's rating is sought
    /// (and none is the computer).
    seek: Option<u32>,
    /// Seeks are offered (the player has a key).
    seeks: bool,
    /// Which of [`CLOCKS`] the game has; none: no clock.
    clock: Option<usize>,
    selected: usize,
}

impl NewGame {
    /// The form showing `setup`, the player first, against a person.
    pub fn new(setup: &Setup) -> NewGame {
        let mut form = NewGame {
            games: GameChoice::new(setup),
            side: Player::First,
            computer: None,
            seek: None,
            seeks: false,
            clock: None,
            selected: 0,
        };
        form.selected = form.row_index(Row::Create);
        form
    }

    /// Offers a seek among the opponents (to a player with a key).
    pub fn with_seeks(mut self, seeks: bool) -> NewGame {
        self.seeks = seeks;
        self
    }

    /// The opponents offered, in turn: a person who joins, a person near
    /// the player's rating within each of [`SEEK_RANGES`] (a seek, when
    /// offered), the computer at each level.
    fn opponents(&self) -> Vec<(Option<Level>, Option<u32>)> {
        let mut opponents = vec![(None, None)];
        if self.seeks {
            opponents.extend(SEEK_RANGES.map(|range| (None, Some(range))));
        }
        opponents.extend((Level::MIN.get()..=Level::MAX.get()).map(|n| (Level::new(n), None)));
        opponents
    }

    fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Game];
        rows.extend((0..self.games.count()).map(Row::Setting));
        rows.extend([Row::Side, Row::Opponent, Row::Clock, Row::Create]);
        rows
    }

    fn row_index(&self, row: Row) -> usize {
        self.rows().iter().position(|&r| r == row).unwrap_or(0)
    }

    /// Lines the form takes on the screen.
    pub fn height(&self) -> u16 {
        self.rows().len() as u16 + 2
    }

    /// The game chosen (remembered for the next new game).
    pub fn setup(&self) -> Setup {
        self.games.setup()
    }

    /// What the server is asked for.
    pub fn entry(&self) -> Entry {
        Entry::Create {
            setup: self.games.setup(),
            side: self.side.into(),
            computer: self.computer.map(Level::get),
            clock: self.time_control(),
            seek: self.seek,
        }
    }

    fn time_control(&self) -> Option<TimeControl> {
        self.clock.and_then(|at| CLOCKS[at].parse().ok())
    }

    pub fn step(&mut self, direction: Direction) {
        let count = self.rows().len();
        if let Some(by) = menu_step(&mut self.selected, count, direction) {
            self.change(by);
        }
    }

    /// Selects the line at `row` lines into the form, if there is one.
    pub fn select(&mut self, row: usize) {
        if row < self.rows().len() {
            self.selected = row;
        }
    }

    fn change(&mut self, by: isize) {
        match self.rows()[self.selected] {
            Row::Game => {
                self.games.step_game(by);
                self.selected = self.row_index(Row::Game);
            }
            Row::Setting(setting) => self.games.step_setting(setting, by),
            Row::Side => self.side = self.side.other(),
            Row::Opponent => {
                let opponents = self.opponents();
                let now = (self.computer, self.seek);
                let at = opponents.iter().position(|&o| o == now).unwrap_or(0) as isize;
                let next = (at + by).rem_euclid(opponents.len() as isize) as usize;
                (self.computer, self.seek) = opponents[next];
            }
            Row::Clock => {
                // None, then each clock, round again.
                let at = self.clock.map_or(0, |at| at as isize + 1);
                let next = (at + by).rem_euclid(CLOCKS.len() as isize + 1);
                self.clock = (next > 0).then(|| next as usize - 1);
            }
            Row::Create => {}
        }
    }

    fn label(&self, row: Row) -> String {
        match row {
            Row::Game => "Game".to_string(),
            Row::Setting(i) => self.games.label(i).to_string(),
            Row::Side => "You play".to_string(),
            Row::Opponent => "Against".to_string(),
            Row::Clock => "Clock".to_string(),
            Row::Create => String::new(),
        }
    }

    fn value(&self, row: Row) -> String {
        let kind = self.games.kind();
        match row {
            Row::Game => kind.title().to_string(),
            Row::Setting(i) => self.games.shown(i),
            Row::Side => match self.side {
                Player::First => format!("{} (first)", kind.symbol(self.side)),
                Player::Second => format!("{} (second)", kind.symbol(self.side)),
            },
            Row::Opponent => match (self.computer, self.seek) {
                (None, None) => "a person who joins".to_string(),
                (None, Some(MOST_RANGE)) => format!("a player of any rating (±{MOST_RANGE})"),
                (None, Some(range)) => format!("a player near your rating (±{range})"),
                (Some(level), _) => format!("the server's computer {}", level.get()),
            },
            Row::Clock => match self.clock {
                None => "none".to_string(),
                Some(at) => {
                    let (minutes, seconds) = CLOCKS[at].split_once('+').unwrap_or_default();
                    format!("{minutes} min, +{seconds} s a move")
                }
            },
            Row::Create => String::new(),
        }
    }

    /// Draws the form in `area`: every game's title, then a line each.
    pub fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [area] = Layout::horizontal([Constraint::Length(WIDTH)])
            .flex(Flex::Center)
            .areas(area);
        let mut lines = vec![self.games.titles(theme), Line::raw("")];
        for (i, row) in self.rows().into_iter().enumerate() {
            let style = match i == self.selected {
                true => theme.selected(),
                false => Default::default(),
            };
            lines.push(match row {
                Row::Create => Line::styled("[ Create ]", style).centered(),
                _ => Line::from(vec![
                    Span::raw(format!("  {:<16}", self.label(row))),
                    Span::styled(format!("‹ {} ›", self.value(row)), style),
                ]),
            });
        }
        Paragraph::new(lines).render(area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::net::protocol::Side;

    #[test]
    fn the_form_asks_for_the_game_side_computer_and_clock_chosen() {
        let mut form = NewGame::new(&Setup::default_of(GameKind::Hex));
        assert_eq!(form.selected, form.row_index(Row::Create));
        form.selected = form.row_index(Row::Side);
        form.step(Direction::Right);
        form.selected = form.row_index(Row::Opponent);
        form.step(Direction::Left);
        form.selected = form.row_index(Row::Setting(0));
        form.step(Direction::Left);
        form.selected = form.row_index(Row::Clock);
        form.step(Direction::Left);
        assert_eq!(form.value(Row::Clock), "30 min, +20 s a move");
        let Entry::Create {
            setup,
            side,
            computer,
            clock,
            seek,
        } = form.entry()
        else {
            panic!("a new game")
        };
        assert_eq!(setup.kind(), GameKind::Hex);
        assert_eq!(setup.values()[0], 10);
        assert_eq!(side, Side::Second);
        assert_eq!(computer, Some(5));
        assert_eq!(seek, None);
        assert_eq!(
            clock.map(|clock| clock.to_string()),
            Some("30+20".to_string())
        );
        form.selected = form.row_index(Row::Clock);
        form.step(Direction::Right);
        assert!(matches!(form.entry(), Entry::Create { clock: None, .. }));
        form.selected = form.row_index(Row::Setting(0));
        form.step(Direction::Right);
        form.selected = form.row_index(Row::Opponent);
        form.step(Direction::Right);
        assert!(matches!(form.entry(), Entry::Create { computer: None, .. }));
        // A player with a key may seek, choosing how near: after a
        // person, before the computer.
        let mut form = NewGame::new(&Setup::default()).with_seeks(true);
        form.selected = form.row_index(Row::Opponent);
        form.step(Direction::Right);
        assert_eq!(
            form.value(Row::Opponent),
            "a player near your rating (±100)"
        );
        form.step(Direction::Right);
        let entry = form.entry();
        assert!(matches!(
            entry,
            Entry::Create {
                computer: None,
                seek: Some(200),
                ..
            }
        ));
        form.step(Direction::Right);
        assert_eq!(
            form.value(Row::Opponent),
            "a player near your rating (±400)"
        );
        form.step(Direction::Right);
        assert_eq!(form.value(Row::Opponent), "a player of any rating (±1000)");
        assert!(matches!(
            form.entry(),
            Entry::Create {
                seek: Some(1000),
                ..
            }
        ));
        form.step(Direction::Right);
        assert_eq!(form.value(Row::Opponent), "the server's computer 1");
        assert!(matches!(form.entry(), Entry::Create { seek: None, .. }));
    }
}
