//! Choosing a game and its settings, a line each, as the start screen and
//! the lobby's new game do: each game keeps its own settings while the
//! player looks around, and only allowed settings are ever held.

use ratatui::text::{Line, Span};

use crate::app::action::Direction;
use crate::app::fit;
use crate::app::theme::Theme;
use crate::games::{GameKind, Setup};
use tabletop_engine::settings;

#[derive(Clone, Debug, PartialEq)]
pub struct GameChoice {
    game: GameKind,
    /// Each game's settings, in the order of [`GameKind::ALL`].
    values: Vec<Vec<usize>>,
}

impl GameChoice {
    /// `setup` chosen, every other game at its defaults.
    pub fn new(setup: &Setup) -> GameChoice {
        let values = GameKind::ALL
            .iter()
            .map(|&kind| match kind == setup.kind() {
                true => setup.values().to_vec(),
                false => settings::defaults(kind.settings()),
            })
            .collect();
        GameChoice {
            game: setup.kind(),
            values,
        }
    }

    pub fn kind(&self) -> GameKind {
        self.game
    }

    fn index(&self) -> usize {
        GameKind::ALL
            .iter()
            .position(|&kind| kind == self.game)
            .unwrap_or(0)
    }

    /// The chosen game's settings.
    pub fn values(&self) -> &[usize] {
        &self.values[self.index()]
    }

    /// How many settings the chosen game has (a line each).
    pub fn count(&self) -> usize {
        self.game.settings().len()
    }

    /// The game chosen, with its settings.
    pub fn setup(&self) -> Setup {
        // Only allowed settings are ever held.
        Setup::new(self.game, self.values().to_vec())
            .unwrap_or_else(|_| Setup::default_of(self.game))
    }

    /// The next game (`by` 1) or the one before (-1), round again.
    pub fn step_game(&mut self, by: isize) {
        let count = GameKind::ALL.len();
        let index = (self.index() + count).saturating_add_signed(by) % count;
        self.game = GameKind::ALL[index];
    }

    /// Moves setting `setting` a step; a change that would take a later
    /// one out of range brings it in.
    pub fn step_setting(&mut self, setting: usize, by: isize) {
        let index = self.index();
        self.values[index] = settings::step(self.game.settings(), &self.values[index], setting, by);
    }

    /// What setting `setting` is called (`Board size`).
    pub fn label(&self, setting: usize) -> &'static str {
        self.game.settings()[setting].label
    }

    /// Setting `setting`'s value as shown (`6x6`).
    pub fn shown(&self, setting: usize) -> String {
        self.game.settings()[setting].shown(self.values()[setting])
    }

    /// Every game's title on one line, the chosen one marked.
    pub fn titles(&self, theme: Theme) -> Line<'static> {
        let games: Vec<Span> = GameKind::ALL
            .iter()
            .flat_map(|&kind| {
                let style = if kind == self.game {
                    theme.selected()
                } else {
                    theme.dim()
                };
                [
                    Span::styled(format!(" {} ", kind.title()), style),
                    Span::raw(" "),
                ]
            })
            .collect();
        Line::from(games).centered()
    }
}

impl GameChoice {
    /// The game whose title is at `column` of the titles' line, a line
    /// `width` columns wide (where [`GameChoice::titles`] centres them).
    pub fn title_at(&self, width: u16, column: u16) -> Option<GameKind> {
        let shown: Vec<(GameKind, u16)> = GameKind::ALL
            .iter()
            .map(|&kind| (kind, fit::width(kind.title()) as u16 + 3))
            .collect();
        let total: u16 = shown.iter().map(|(_, w)| w).sum();
        let mut x = width.saturating_sub(total) / 2;
        for (kind, w) in shown {
            // The title and the spaces around it, not the gap after.
            if (x..x + w - 1).contains(&column) {
                return Some(kind);
            }
            x += w;
        }
        None
    }

    /// Chooses `kind`.
    pub fn choose(&mut self, kind: GameKind) {
        self.game = kind;
    }
}

/// An arrow on a menu of `count` lines with `selected` chosen: up and down
/// move the choice, round again; left and right change the chosen line,
/// by the step returned.
pub fn menu_step(selected: &mut usize, count: usize, direction: Direction) -> Option<isize> {
    match direction {
        Direction::Up => *selected = (*selected + count - 1) % count,
        Direction::Down => *selected = (*selected + 1) % count,
        Direction::Left => return Some(-1),
        Direction::Right => return Some(1),
    }
    None
}
