//! Connect6, Hex and Reversi on the game screen: start, middle and end of a
//! game of each, kept as insta snapshots, with the things each game must
//! show checked outright (Hex's edges, Reversi's marks and passes).

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use tabletop::app::action::{Action, Direction};
use tabletop::app::theme::Theme;
use tabletop::app::{App, Options, Start};
use tabletop::games::Setup;
use tabletop_core::seat::Seat;
use tabletop_engine::connect6::{Connect6, Connect6Settings};
use tabletop_engine::hex::{Hex, HexSettings};
use tabletop_engine::reversi::{Reversi, ReversiSettings};

mod common;
use common::screen::{open, options};

fn app(choice: &Setup, at_once: bool) -> App {
    let chosen = Options {
        menu: choice.clone(),
        ..options(if at_once {
            Start::Game(choice.clone())
        } else {
            Start::Menu
        })
    };
    open(chosen, (80, 24))
}

fn draw(app: &App) -> String {
    common::screen::draw(app, (80, 24))
}

fn buffer(app: &App) -> Buffer {
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// Types each address and presses Enter.
fn play(app: &mut App, moves: &str) {
    for address in moves.split_whitespace() {
        for c in address.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Confirm);
    }
}

#[test]
fn connect6() {
    let choice = Setup::of::<Connect6>(&Connect6Settings::default());
    assert_snapshot!("connect6_start", draw(&app(&choice, false)));
    let mut game = app(&choice, true);
    play(&mut game, "J9 A0 A1 K9 L9");
    let screen = draw(&game);
    assert!(screen.contains("Player W's turn"), "{screen}");
    assert!(screen.contains("stone 1 of 2"), "{screen}");
    // One line a turn, both stones on it.
    assert!(screen.contains("2. W A0 A1 "), "{screen}");
    assert!(screen.contains("3. B K9 L9 "), "{screen}");
    assert_snapshot!("connect6_middle", screen);
    play(&mut game, "A2 A3 M9 N9 A4 B5 O9");
    let screen = draw(&game);
    assert!(screen.contains("Player B wins!"), "{screen}");
    assert_snapshot!("connect6_end", screen);
    // The six from J9 to O9 are highlighted; the grid puts J9 at column 21.
    let buf = buffer(&game);
    for col in 9..15 {
        let x = 3 + 2 * col;
        assert!(
            buf[(x, 11)].modifier.contains(Modifier::REVERSED),
            "column {col}"
        );
    }
    // Undo takes back one stone: the winning O9, then W's B5.
    game.update(Action::Undo);
    let screen = draw(&game);
    assert!(screen.contains("Player B's turn"), "{screen}");
    assert!(screen.contains("stone 1 of 2"), "{screen}");
    game.update(Action::Undo);
    let screen = draw(&game);
    assert!(screen.contains("Player W's turn"), "{screen}");
    assert!(screen.contains("stone 2 of 2"), "{screen}");
}

#[test]
fn hex() {
    let choice = Setup::of::<Hex>(&HexSettings::new(5, true).expect("valid"));
    assert_snapshot!("hex_start", draw(&app(&choice, false)));
    let mut game = app(&choice, true);
    play(&mut game, "C2 swap");
    let screen = draw(&game);
    assert!(screen.contains("2. X swap"), "{screen}");
    assert!(screen.contains("O joins left and right"), "{screen}");
    // The rhombus: each row half a cell further right, X's stone mirrored.
    assert!(screen.contains(" 2  \\· · X · · \\"), "{screen}");
    assert_snapshot!("hex_middle", screen);
    play(&mut game, "A0 A1 B0 B1 C0 C1 D0 D1 E0");
    let screen = draw(&game);
    assert!(screen.contains("Player O wins!"), "{screen}");
    assert_snapshot!("hex_end", screen);
    let buf = buffer(&game);
    // Row 0's label, right-aligned in two columns before its cells.
    let left = column_of(&buf, 3, "0\\") - 1;
    for col in 0..5 {
        let x = left + 3 + 2 * col;
        assert!(
            buf[(x, 3)].modifier.contains(Modifier::REVERSED),
            "chain at column {col}"
        );
    }
}

#[test]
fn hex_edges_are_drawn_in_the_colour_of_their_player() {
    let chosen = Options {
        menu: Setup::of::<Hex>(&HexSettings::default()),
        ..options(Start::Game(Setup::of::<Hex>(&HexSettings::default())))
    };
    let game = App::new(chosen, Rect::new(0, 0, 80, 24), Theme::CLASSIC);
    let buf = buffer(&game);
    let top = buf[(3, 2)].fg;
    let left = buf[(2, 3)].fg;
    assert_eq!(buf[(3, 2)].symbol(), "─");
    assert_eq!(buf[(2, 3)].symbol(), "\\");
    assert_ne!(top, left, "the two players' edges differ");
    // The edges carry the colours of the players' stones.
    let mut game = game;
    play(&mut game, "F5 E5");
    let buf = buffer(&game);
    // Row 5 is on screen line 8, shifted 5; F is column 5, E column 4.
    assert_eq!(buf[(3 + 5 + 10, 8)].fg, left, "O's stone");
    assert_eq!(buf[(3 + 5 + 8, 8)].fg, top, "X's stone");
}

#[test]
fn reversi() {
    let choice = Setup::of::<Reversi>(&ReversiSettings::new(4).expect("valid"));
    assert_snapshot!("reversi_start", draw(&app(&choice, false)));
    let mut game = app(&choice, true);
    let screen = draw(&game);
    // B's four legal moves are marked.
    assert_eq!(screen.matches(" * ").count(), 4, "{screen}");
    play(&mut game, "c4 b4 a4 d2 a1 a2 c1 d4 b1 a3");
    let screen = draw(&game);
    assert!(
        screen.contains("B has no valid move, turn passes"),
        "{screen}"
    );
    assert!(screen.contains("Player W's turn"), "{screen}");
    assert_snapshot!("reversi_pass", screen);
    play(&mut game, "d1 d3");
    let screen = draw(&game);
    assert!(
        screen.contains("Black wins!")
            || screen.contains("White wins!")
            || screen.contains("Draw game!")
    );
    assert!(screen.contains("discs"), "{screen}");
    assert_snapshot!("reversi_end", screen);
    // Undo takes back the move and the pass it forced together.
    let mut game = app(&choice, true);
    play(&mut game, "c4 b4 a4 d2 a1 a2 c1 d4 b1 a3");
    game.update(Action::Undo);
    let screen = draw(&game);
    assert!(screen.contains("Player W's turn"), "{screen}");
    assert!(!screen.contains("10. W a3"), "{screen}");
}

#[test]
fn the_hex_cursor_follows_the_screen() {
    let choice = Setup::of::<Hex>(&HexSettings::new(5, false).expect("valid"));
    let mut game = app(&choice, true);
    // The cursor starts in the middle, C2; up is the row above.
    game.update(Action::Step(Direction::Up));
    game.update(Action::Confirm);
    assert!(draw(&game).contains("1. O C1"));
}

/// Where the text `find` starts on line `y` of `buf`.
fn column_of(buf: &Buffer, y: u16, find: &str) -> u16 {
    let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
    let at = line
        .find(find)
        .unwrap_or_else(|| panic!("{find:?} not on line {y}: {line}"));
    line[..at].chars().count() as u16
}

/// The left edge of a boxed board drawn under the title line.
fn boxed_left(buf: &Buffer) -> u16 {
    column_of(buf, 2, "+---") - 3
}

/// The piece drawn on each cell of a boxed 6x6 board.
fn boxed_cells(app: &App) -> Vec<char> {
    let buf = buffer(app);
    let left = boxed_left(&buf);
    tabletop_engine::Cell::all(6)
        .map(|cell| {
            let (x, y) = (left + 5 + 4 * cell.col() as u16, 3 + 2 * cell.row() as u16);
            buf[(x, y)].symbol().chars().next().unwrap_or(' ')
        })
        .collect()
}

#[test]
fn stepping_through_a_replay_shows_the_positions_the_engine_computes() {
    use tabletop::games::{AnyRecord, read_record};
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    let text = include_str!("../assets/records/gekitai-both-win-draw.toml");
    let Ok(AnyRecord::Gekitai(record)) = read_record(text) else {
        panic!("the sample record loads");
    };
    let chosen = options(Start::Replay(AnyRecord::Gekitai(record.clone()), None));
    let mut viewer = open(chosen, (80, 24));
    let expected = |moves: usize| -> Vec<char> {
        let mut game = record.start.clone();
        for &mv in &record.moves[..moves] {
            game.play(mv).expect("legal");
        }
        tabletop_engine::Cell::all(6)
            .map(|cell| game.piece_at(cell).map_or(' ', Gekitai::symbol))
            .collect()
    };
    let total = record.moves.len();
    for shown in 0..=total {
        assert_eq!(
            boxed_cells(&viewer),
            expected(shown),
            "after {shown} moves forward"
        );
        assert!(draw(&viewer).contains(&format!("Move {shown} of {total}")));
        viewer.update(Action::Step(Direction::Right));
    }
    for shown in (0..total).rev() {
        viewer.update(Action::Step(Direction::Left));
        assert_eq!(
            boxed_cells(&viewer),
            expected(shown),
            "after {shown} moves back"
        );
    }
    viewer.update(Action::Last);
    let screen = draw(&viewer);
    assert!(screen.contains("Draw game!"), "{screen}");
    assert!(screen.contains("if both win: draw"), "{screen}");
    // Both players' lines are highlighted: the draw is both winning.
    let buf = buffer(&viewer);
    let left = boxed_left(&buf);
    let highlighted: Vec<char> = tabletop_engine::Cell::all(6)
        .filter(|cell| {
            let (x, y) = (left + 5 + 4 * cell.col() as u16, 3 + 2 * cell.row() as u16);
            buf[(x, y)].modifier.contains(Modifier::REVERSED)
        })
        .map(|cell| boxed_cells(&viewer)[cell.row() * 6 + cell.col()])
        .collect();
    assert_eq!(
        highlighted.iter().filter(|&&c| c == 'X').count(),
        3,
        "{highlighted:?}"
    );
    assert_eq!(
        highlighted.iter().filter(|&&c| c == 'O').count(),
        3,
        "{highlighted:?}"
    );
    assert_snapshot!("replay_end", screen);
    // A typed move number jumps there.
    viewer.update(Action::Type('4'));
    viewer.update(Action::Confirm);
    assert_eq!(boxed_cells(&viewer), expected(4));
    // And play goes on from there as a new game.
    viewer.update(Action::Continue);
    let screen = draw(&viewer);
    assert!(screen.contains("4. O C2"), "{screen}");
    assert!(screen.contains("Player X's turn"), "{screen}");
}

/// Presses a key with Ctrl held.
fn ctrl(app: &mut App, c: char) {
    let key = ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char(c),
        ratatui::crossterm::event::KeyModifiers::CONTROL,
    );
    let mode = app.mode();
    if let Some(action) =
        tabletop::app::keys::action_for(&ratatui::crossterm::event::Event::Key(key), mode)
    {
        app.update(action);
    }
}

/// Presses a plain key, as the keymap reads it on the current screen.
fn key(app: &mut App, c: char) {
    let key = ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char(c),
        ratatui::crossterm::event::KeyModifiers::NONE,
    );
    let mode = app.mode();
    if let Some(action) =
        tabletop::app::keys::action_for(&ratatui::crossterm::event::Event::Key(key), mode)
    {
        app.update(action);
    }
}

#[test]
fn swap_is_typed_in_lowercase_while_it_may_be_played() {
    let choice = Setup::of::<Hex>(&HexSettings::new(5, true).expect("valid"));
    let mut game = app(&choice, true);
    play(&mut game, "C1");
    assert!(draw(&game).contains("swap swap"), "the footer offers it");
    for c in "swap".chars() {
        key(&mut game, c);
    }
    let typed = draw(&game);
    assert!(
        !typed.contains("Save to"),
        "s opened the save prompt:\n{typed}"
    );
    game.update(Action::Confirm);
    let screen = draw(&game);
    assert!(screen.contains("2. X swap"), "{screen}");
    assert!(!screen.contains("swap swap"), "the footer still offers it");
    // Once swap is not open, s saves again.
    key(&mut game, 's');
    assert!(draw(&game).contains("Save to"));
}

#[test]
fn pause_shows_until_play_goes_on_and_not_after_the_end() {
    let choice = Setup::default();
    let chosen = Options {
        menu: choice.clone(),
        seats: [const { Seat::Computer(tabletop_ai::Level::MIN) }; 2],
        ..options(Start::Game(choice))
    };
    let mut game = open(chosen, (80, 24));
    ctrl(&mut game, 'p');
    let paused = draw(&game);
    assert!(paused.contains("Paused: p goes on"), "{paused}");
    assert!(paused.contains("· paused"), "{paused}");
    key(&mut game, 'u');
    assert!(draw(&game).contains("· paused"), "undo hid the pause");
    // On Connect6's board `p` is a column: the key named is Ctrl-p.
    let wide = Setup::of::<Connect6>(&Connect6Settings::default());
    let mut connect6 = open(
        Options {
            menu: wide.clone(),
            seats: [const { Seat::Computer(tabletop_ai::Level::MIN) }; 2],
            ..options(Start::Game(wide))
        },
        (80, 24),
    );
    ctrl(&mut connect6, 'p');
    assert!(draw(&connect6).contains("Paused: Ctrl-p goes on"));
    // A finished game has nothing to pause.
    let record = include_str!("../assets/records/gekitai-spec-example.toml");
    let finished = tabletop::games::read_record(record).expect("a sample record");
    let mut over = open(options(Start::Continue(finished)), (80, 24));
    ctrl(&mut over, 'p');
    let screen = draw(&over);
    assert!(screen.contains("Player X wins!"), "{screen}");
    assert!(!screen.contains("Paused"), "{screen}");
}

#[test]
fn playing_on_from_the_replay_viewer_keeps_the_records_players() {
    let text = include_str!("../assets/records/gekitai-spec-example.toml")
        .replace("second = \"human\"", "second = \"ai:1\"");
    let record = tabletop::games::read_record(&text).expect("a record");
    let mut viewer = open(options(Start::Replay(record, None)), (80, 24));
    // After X's A1, A6 and C3: O, the computer, is to move.
    for _ in 0..3 {
        viewer.update(Action::Step(Direction::Right));
    }
    viewer.update(Action::Continue);
    let screen = draw(&viewer);
    assert!(screen.contains("X human · O computer 1"), "{screen}");
    // And the computer answers.
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !draw(&viewer).contains("4. O") {
        assert!(std::time::Instant::now() < give_up, "{}", draw(&viewer));
        viewer.tick(std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn the_cursor_stays_where_the_player_left_it_when_the_computer_answers() {
    let choice = Setup::default();
    let chosen = Options {
        menu: choice.clone(),
        seats: [Seat::Human, Seat::Computer(tabletop_ai::Level::MIN)],
        ..options(Start::Game(choice))
    };
    let mut game = open(chosen, (80, 24));
    let cursor = |app: &App| {
        let buf = buffer(app);
        let mut cells = Vec::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                if buf[(x, y)].modifier.contains(Modifier::REVERSED) {
                    cells.push((x, y));
                }
            }
        }
        cells
    };
    // Two steps right of the middle, and the piece placed there.
    key(&mut game, 'l');
    key(&mut game, 'l');
    let left = cursor(&game);
    game.update(Action::Confirm);
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !draw(&game).contains("2. O") {
        assert!(std::time::Instant::now() < give_up, "{}", draw(&game));
        game.tick(std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(cursor(&game), left, "{}", draw(&game));
}

/// The rows of `app` drawn at `size`, unquoted and trimmed at the end.
fn rows_at(app: &App, size: (u16, u16)) -> Vec<String> {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    (0..size.1)
        .map(|y| {
            (0..size.0)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn text_is_cut_where_it_keeps_its_point() {
    // A finished game's result stays whole in a narrow terminal: the keys
    // after it go first.
    let won = include_str!("../assets/records/gekitai-spec-example.toml");
    let record = tabletop::games::read_record(won).expect("a sample record");
    let game = open(options(Start::Continue(record)), (32, 27));
    let rows = rows_at(&game, (32, 27));
    assert!(rows[25].contains("Player X wins!"), "{rows:#?}");
    // The replay viewer's keys at 60 columns: whole ones, the least
    // needed left out.
    let viewer = open(options(Start::Replay(reviewed_gekitai(), None)), (60, 20));
    let rows = rows_at(&viewer, (60, 20));
    let footer = &rows[19];
    assert!(footer.ends_with("q quit"), "{footer}");
    assert!(footer.contains("m next mistake"), "{footer}");
    // A long path in a message keeps the file's name: a review kept in a
    // file deep in folders.
    let folder = common::scratch::Scratch::new("deep");
    let deep = folder.join("a-rather-long-folder-name/and-another-one/games");
    std::fs::create_dir_all(&deep).expect("the folders");
    let path = deep.join("gekitai-2026-11-26-13-49.toml");
    let mut record = reviewed_gekitai();
    if let tabletop::games::AnyRecord::Gekitai(record) = &mut record {
        record.review = None;
    }
    let mut viewer = open(options(Start::Replay(record, Some(path))), (60, 20));
    key(&mut viewer, 'r');
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !rows_at(&viewer, (60, 20))[18].starts_with("Reviewed") {
        assert!(
            std::time::Instant::now() < give_up,
            "{:#?}",
            rows_at(&viewer, (60, 20))
        );
        viewer.tick(std::time::Instant::now());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let status = rows_at(&viewer, (60, 20)).remove(18);
    assert!(status.starts_with("Reviewed, and kept in"), "{status}");
    assert!(
        status.ends_with("gekitai-2026-11-26-13-49.toml"),
        "{status}"
    );
}

#[test]
fn a_puzzles_title_is_never_cut_mid_word() {
    let (puzzles, _) = tabletop_core::puzzles::builtin::all();
    let gekitai: Vec<_> = puzzles
        .into_iter()
        .filter(|p| p.kind() == tabletop::games::GameKind::Gekitai)
        .collect();
    for width in 40..=130 {
        let mut app = open(
            options(Start::Puzzles(gekitai.clone(), Vec::new(), None)),
            (width, 24),
        );
        app.update(Action::Confirm);
        let title = rows_at(&app, (width, 24)).remove(0);
        assert!(
            title.ends_with("mover wins") || title.ends_with('…'),
            "{width}: {title}"
        );
    }
}

/// A reviewed game of Gekitai with a blunder in it.
fn reviewed_gekitai() -> tabletop::games::AnyRecord {
    use tabletop_engine::gekitai::Gekitai;
    use tabletop_engine::record::Record;
    use tabletop_engine::record::review::{Review, Reviewed, Standing};
    let mut record = Record::new(Gekitai::default());
    record.moves = ["A1", "A6", "C3", "D4"]
        .map(|m| m.parse().expect("notation"))
        .to_vec();
    let at = |chance| Reviewed {
        standing: Standing::Chance(chance),
        best: None,
        line: Vec::new(),
    };
    record.review = Some(Review {
        level: 3,
        positions: [50.0, 35.0, 90.0, 15.0, 80.0].map(at).to_vec(),
    });
    tabletop::games::AnyRecord::Gekitai(record)
}

#[test]
fn the_replay_viewers_panel_wraps_its_lines_instead_of_cutting_them() {
    let record = include_str!("../assets/records/gekitai-spec-example.toml");
    let record = tabletop::games::read_record(record).expect("a sample record");
    let viewer = open(options(Start::Replay(record, None)), (60, 20));
    let rows = rows_at(&viewer, (60, 20));
    for reserve in rows
        .iter()
        .filter(|row| row.contains("X: [") || row.contains("O: ["))
    {
        assert!(
            reserve.ends_with(']') || reserve.ends_with(','),
            "{rows:#?}"
        );
    }
    // The list of moves starts below them all.
    assert!(rows.iter().any(|row| row.contains("1. X A1")), "{rows:#?}");
}
