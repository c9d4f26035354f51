//! Every view names the same cells with the same labels and numbers the
//! same moves the same way, for every game of the list, in random games:
//! the full-screen boards (each board widget a game has), the game
//! screen's history and the replay viewer's move list, GTP's `showboard`
//! and the plain mode's board.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use tabletop::app::Start;
use tabletop::app::games::{BoardView, GameUi};
use tabletop::app::screens::board_and_panel;
use tabletop::app::theme::Theme;
use tabletop::games::{self, GameKind, Interactive, Setup, WithGame};
use tabletop::gtp::serve;
use tabletop_engine::line::Line;
use tabletop_engine::record::Record;
use tabletop_engine::{Cell, Rng};

mod common;
use common::screen::{open, options};

/// A terminal tall enough for the whole history of any game here beside
/// the (centred) board.
const TALL: u16 = 100;

/// A random game of `G` at random settings (boards up to 12), stopped
/// after at most `plies` moves.
fn random_line<G: Interactive>(rng: &mut Rng, plies: usize) -> Line<G> {
    let settings = common::random_settings::<G>(rng, 12);
    let mut line = Line::new(G::new(settings));
    while line.played().len() < plies {
        let Some(mv) = line.game().random_move(rng) else {
            break;
        };
        line.play(mv).expect("a random move is legal");
    }
    line
}

/// The text of one row of a buffer.
fn row_text(buf: &Buffer, y: u16) -> String {
    (buf.area.x..buf.area.right())
        .map(|x| buf[(x, y)].symbol())
        .collect()
}

/// Draws `game` with its own board widget in an area of `size` and checks
/// that each cell shows its piece, each row its label on the left, and
/// each column its label in the top line.
fn check_board<G: GameUi>(game: &G, size: (u16, u16)) {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    let view = BoardView {
        cursor: None,
        addressed: None,
        hint: None,
        winning: &[],
        last: &[],
        animation: None,
        settled: false,
        theme: Theme::PLAIN,
    };
    game.render_board(&view, area, &mut buf);
    let side = game.side();
    // Where each cell is drawn: the screen positions that click on it.
    let mut at: Vec<Vec<(u16, u16)>> = vec![Vec::new(); side * side];
    for y in 0..area.height {
        for x in 0..area.width {
            if let Some(cell) = game.cell_at(area, x, y) {
                at[cell.row() * side + cell.col()].push((x, y));
            }
        }
    }
    for cell in Cell::all(side) {
        let spots = &at[cell.row() * side + cell.col()];
        assert!(!spots.is_empty(), "{}: {cell:?} is drawn nowhere", G::NAME);
        let drawn: String = spots.iter().map(|&(x, y)| buf[(x, y)].symbol()).collect();
        if let Some(player) = game.piece_at(cell) {
            assert!(
                drawn.contains(G::symbol(player)),
                "{}: {cell:?} shows {drawn:?}",
                G::NAME
            );
        }
        let (x, y) = spots[spots.len() / 2];
        if cell.col() == 0 {
            // The row's label: what stands left of its first cell.
            let left: String = (0..x).map(|x| buf[(x, y)].symbol()).collect();
            let label = left.trim_matches(|c: char| c == ' ' || c == '|' || c == '\\');
            assert_eq!(
                label,
                G::NOTATION.row_label(cell.row()),
                "{}: row {} in {size:?}",
                G::NAME,
                cell.row()
            );
        }
        if cell.row() == 0 {
            let header = row_text(&buf, 0);
            let letter = header.chars().nth(usize::from(x)).unwrap_or(' ');
            assert_eq!(
                letter,
                G::NOTATION.column_label(cell.col()),
                "{}: column {} in {size:?}",
                G::NAME,
                cell.col()
            );
        }
    }
}

/// The numbered lines of a screen's move list: `12. B d3 turns 1`.
fn numbered_moves(screen: &Buffer, from_x: u16) -> Vec<(usize, String)> {
    let mut moves = Vec::new();
    for y in 0..screen.area.height {
        let text = row_text(screen, y);
        let panel: String = text.chars().skip(usize::from(from_x)).collect();
        let trimmed = panel.trim();
        let Some((number, rest)) = trimmed.split_once(". ") else {
            continue;
        };
        if let Ok(number) = number.parse::<usize>() {
            moves.push((number, rest.trim_end().to_string()));
        }
    }
    moves
}

fn screen(start: Start) -> Buffer {
    let area = Rect::new(0, 0, 200, TALL);
    let app = open(options(start), (area.width, area.height));
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The plain board's labels: each row's on its left, each column's in
/// the header.
fn check_text_board<G: Interactive>(game: &G, text: &str, view: &str) {
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let header: Vec<&str> = lines
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    let expected: Vec<String> = (0..game.side()).map(G::column_label).collect();
    assert_eq!(header, expected, "{}: {view} header", G::NAME);
    for (row, line) in lines.enumerate().take(game.side()) {
        let label = format!("{:>2} ", G::NOTATION.row_label(row));
        assert!(
            line.starts_with(&label),
            "{}: {view} row {row} is {line:?}",
            G::NAME
        );
        let cells: Vec<char> = line[label.len()..]
            .split_whitespace()
            .filter_map(|cell| cell.chars().next())
            .collect();
        for (col, &shown) in cells.iter().enumerate() {
            let cell = Cell::new(row, col).expect("on the board");
            if let Some(player) = game.piece_at(cell) {
                assert_eq!(shown, G::symbol(player), "{}: {view} {cell:?}", G::NAME);
            }
        }
    }
}

struct Views(u64);

impl WithGame for Views {
    type Output = ();
    fn run<G: Interactive>(self) {
        let mut rng = Rng::new(self.0);
        let plies = 10 + rng.below(30);
        let line = random_line::<G>(&mut rng, plies);
        let game = line.game();

        // Every board widget the game has, at its smallest and its roomy size.
        check_board(game, game.board_size());
        check_board(game, game.roomy_board_size());

        // The game screen's history and the replay viewer's move list.
        let record = Record::of_line(&line);
        let any = games::read_record(&record.to_toml()).expect("the record reads back");
        let playing = screen(Start::Continue(any.clone()));
        let mut replaying = open(options(Start::Replay(any, None)), (200, TALL));
        replaying.update(tabletop::app::action::Action::Last);
        let area = Rect::new(0, 0, 200, TALL);
        let mut replay = Buffer::empty(area);
        replaying.render(area, &mut replay);
        // Both screens: a title line, then the board and the panel.
        let panel_x = |below: u16| {
            board_and_panel(game, Rect::new(0, 1, 200, TALL - 1 - below))
                .1
                .x
        };
        let in_game = numbered_moves(&playing, panel_x(3));
        let in_replay = numbered_moves(&replay, panel_x(2));
        let numbers: Vec<usize> = in_game.iter().map(|(n, _)| *n).collect();
        let turns = line.numbered();
        assert_eq!(
            numbers,
            (1..=turns).collect::<Vec<_>>(),
            "{}: the history numbers each turn once",
            G::NAME
        );
        assert_eq!(in_game, in_replay, "{}: game and replay agree", G::NAME);
        // Each turn's line names its moves, in the order they were played.
        for (number, text) in &in_game {
            let mut rest = text.as_str();
            for played in line.played().iter().filter(|p| p.number == Some(*number)) {
                let name = played.mv.to_string();
                let Some(at) = rest.find(&name) else {
                    panic!("{}: {number}. {text} lacks {name}", G::NAME);
                };
                rest = &rest[at + name.len()..];
            }
        }
        let moves = turns;
        assert!(
            (0..60).any(|y| row_text(&replay, y).contains(&format!("Move {moves} of {moves}"))),
            "{}: the replay counts the record's moves",
            G::NAME
        );

        // The plain mode's board, and GTP's showboard.
        check_text_board(game, &game.board_text(), "plain board");
        let mut commands = String::from("clear_board\n");
        for played in line.played().iter().filter(|p| !p.is_forced()) {
            let colour = if played.mover.index() == 0 { "b" } else { "w" };
            let vertex = tabletop_core::gtp::notation::to_vertex::<G>(&played.mv);
            commands += &format!("play {colour} {vertex}\n");
        }
        commands += "showboard\n";
        let mut out = Vec::new();
        serve(
            line.start().clone(),
            tabletop_ai::Level::MIN,
            commands.as_bytes(),
            &mut out,
        )
        .expect("GTP on memory");
        let answers = String::from_utf8_lossy(&out);
        assert!(!answers.contains('?'), "{}: {answers}", G::NAME);
        let board = answers
            .rsplit("= ")
            .next()
            .expect("a showboard answer")
            .to_string();
        check_text_board(game, &board, "GTP showboard");
        assert_eq!(
            board.trim_start_matches('\n').trim_end(),
            game.board_text().trim_end(),
            "{}: GTP shows the plain board",
            G::NAME
        );
    }
}

#[test]
fn every_view_labels_cells_and_numbers_moves_alike() {
    for seed in 0..6 {
        for &kind in GameKind::ALL {
            games::with_game(kind, Views(seed));
        }
    }
}

#[test]
fn the_setup_of_every_game_comes_from_its_list() {
    for &kind in GameKind::ALL {
        let setup = Setup::default_of(kind);
        assert_eq!(setup.values().len(), kind.settings().len());
    }
}
