//! How a game screen (the game, the replay viewer, a puzzle) is laid out:
//! the board and the panel beside it or under it, by the first layout that
//! fits, and the size a terminal must have for one.

use ratatui::layout::{Constraint, Flex, Layout, Rect};

use crate::app::games::GameUi;

/// The narrowest panel that still reads well.
const PANEL_MIN: u16 = 24;
/// The widest the panel gets: a large terminal centres the layout instead.
const PANEL_MAX: u16 = 48;
/// The fewest rows the panel has when it goes under the board.
const PANEL_BELOW_MIN: u16 = 6;
/// The fewest rows the panel has beside the board.
const PANEL_BESIDE_MIN: u16 = 8;
/// The height below which a board is centred in a tall terminal as if it
/// were this tall: the panel beside it keeps the turn, the seats and a
/// list of moves worth reading.
const PANEL_CENTRED: u16 = 20;

/// Where a game screen's panel goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Panel {
    Beside,
    Below,
}

/// The middle of a game screen (between the title and the lines at the
/// bottom) that a board of `board` size and the panel need, with the
/// panel `where_`.
const fn middle_needs(board: (u16, u16), where_: Panel) -> (u16, u16) {
    match where_ {
        Panel::Beside => (
            board.0 + 2 + PANEL_MIN,
            if board.1 > PANEL_BESIDE_MIN {
                board.1
            } else {
                PANEL_BESIDE_MIN
            },
        ),
        Panel::Below => (
            if board.0 > PANEL_MIN {
                board.0
            } else {
                PANEL_MIN
            },
            board.1 + 1 + PANEL_BELOW_MIN,
        ),
    }
}

/// The ways a game screen can be laid out, the roomiest first: each board
/// size (roomy, then smallest), with the panel beside it, then below it.
fn layouts<G: GameUi>(game: &G) -> [((u16, u16), Panel); 4] {
    let (roomy, small) = (game.roomy_board_size(), game.board_size());
    [
        (roomy, Panel::Beside),
        (small, Panel::Beside),
        (roomy, Panel::Below),
        (small, Panel::Below),
    ]
}

/// The first layout whose middle fits in `middle`.
fn layout_for<G: GameUi>(game: &G, middle: (u16, u16)) -> Option<((u16, u16), Panel)> {
    layouts(game).into_iter().find(|&(board, where_)| {
        let (w, h) = middle_needs(board, where_);
        middle.0 >= w && middle.1 >= h
    })
}

/// Whether a screen showing `game` fits in `area`, with `around` lines
/// above and below the middle.
pub fn fits<G: GameUi>(game: &G, area: Rect, around: u16) -> bool {
    layout_for(game, (area.width, area.height.saturating_sub(around))).is_some()
}

/// The terminal a screen showing `game` needs, with `around` lines above
/// and below the middle: of the layouts, the one that asks the terminal
/// `area` to grow least (a 60x20 terminal is told to get 5 columns wider,
/// not to become 32x27).
pub fn needs<G: GameUi>(game: &G, area: Rect, around: u16) -> (u16, u16) {
    let grown = |(w, h): (u16, u16)| u32::from(w.max(area.width)) * u32::from(h.max(area.height));
    layouts(game)
        .into_iter()
        .map(|(board, where_)| {
            let (w, h) = middle_needs(board, where_);
            (w, h + around)
        })
        .min_by_key(|&need| (grown(need), u32::from(need.0) * u32::from(need.1)))
        .unwrap_or((80, 24))
}

/// Splits the middle of a game screen into the board and the panel, by
/// the first layout that fits: the panel beside the board or under it, the
/// whole centred in a large terminal.
pub fn board_and_panel<G: GameUi>(game: &G, middle: Rect) -> (Rect, Rect) {
    let Some((board, where_)) = layout_for(game, (middle.width, middle.height)) else {
        // Too small for any: the board where it starts, cut as it must be.
        let (w, h) = game.board_size();
        return (
            Rect::new(
                middle.x,
                middle.y,
                w.min(middle.width),
                h.min(middle.height),
            ),
            Rect::default(),
        );
    };
    match where_ {
        Panel::Beside => {
            let panel = (middle.width - board.0 - 2).min(PANEL_MAX);
            let [block] = Layout::horizontal([Constraint::Length(board.0 + 2 + panel)])
                .flex(Flex::Center)
                .areas(middle);
            // In a terminal more than twice as tall as the board, the board
            // goes in the middle, the panel beside it from its top row down
            // (its list has every row below); otherwise both at the top.
            let tall = board.1.max(PANEL_CENTRED);
            let block = if block.height >= 2 * tall {
                let [_, block] = Layout::vertical([
                    Constraint::Length((block.height - tall) / 2),
                    Constraint::Fill(1),
                ])
                .areas(block);
                block
            } else {
                block
            };
            let [board, _, panel] = Layout::horizontal([
                Constraint::Length(board.0),
                Constraint::Length(2),
                Constraint::Length(panel),
            ])
            .areas(block);
            (board, panel)
        }
        Panel::Below => {
            let width = board.0.max(PANEL_MIN.min(middle.width));
            let [block] = Layout::horizontal([Constraint::Length(width)])
                .flex(Flex::Center)
                .areas(middle);
            let [board, _, panel] = Layout::vertical([
                Constraint::Length(board.1),
                Constraint::Length(1),
                Constraint::Fill(1),
            ])
            .areas(block);
            (board, panel)
        }
    }
}
