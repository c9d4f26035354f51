//! Whole screens of the full-screen app, drawn on a test backend and kept
//! as insta snapshots (`tests/snapshots/`).

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use tabletop::app::action::{Action, Direction};
use tabletop::app::{App, Start};
use tabletop::games::Setup;
use tabletop_core::seat::Seat;
use tabletop_engine::gekitai::{Gekitai, GekitaiSettings};

mod common;
use common::screen::{game, open, options, press};

fn app(game: Option<GekitaiSettings>, width: u16, height: u16) -> App {
    let chosen = options(game.map_or(Start::Menu, |s| Start::Game(Setup::of::<Gekitai>(&s))));
    open(chosen, (width, height))
}

fn draw(app: &App, width: u16, height: u16) -> String {
    common::screen::draw(app, (width, height))
}

/// Types an address and presses Enter.
fn play(app: &mut App, address: &str) {
    for c in address.chars() {
        app.update(Action::Type(c));
    }
    app.update(Action::Confirm);
}

#[test]
fn start_screen() {
    let app = app(None, 80, 24);
    assert_snapshot!(draw(&app, 80, 24));
}

#[test]
fn empty_board() {
    let app = app(Some(GekitaiSettings::default()), 80, 24);
    assert_snapshot!(draw(&app, 80, 24));
}

#[test]
fn mid_game_with_a_push_in_the_history() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut app, "c3");
    play(&mut app, "d4");
    app.update(Action::Step(Direction::Right));
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("2. O D4 C3→B2"), "{screen}");
    assert_snapshot!(screen);
}

#[test]
fn typing_an_address() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    app.update(Action::Type('e'));
    app.update(Action::Type('5'));
    assert_snapshot!(draw(&app, 80, 24));
}

#[test]
fn invalid_move() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut app, "c3");
    play(&mut app, "c3");
    let screen = draw(&app, 80, 24);
    assert!(
        screen.contains("Invalid move: that cell is taken"),
        "{screen}"
    );
    assert!(
        screen.contains("Player O's turn"),
        "nothing changed: {screen}"
    );
    // What was typed stays on the address line, to be corrected.
    assert!(screen.contains("Cell: c3"), "{screen}");
    app.update(Action::Erase);
    play(&mut app, "4");
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("2. O C4"), "{screen}");
    // Not a cell at all, and off the board, say so too.
    play(&mut app, "zz");
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("zz is not a cell name"), "{screen}");
    app.update(Action::Cancel);
    play(&mut app, "H3");
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("not on the board"), "{screen}");
}

#[test]
fn a_refused_cell_is_replaced_by_the_next_one_typed() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut app, "c3");
    play(&mut app, "c3");
    assert!(draw(&app, 80, 24).contains("Cell: c3"));
    // The refused cell is replaced, not added to.
    play(&mut app, "d4");
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("2. O D4"), "{screen}");
    // So is it after `:`, which opens the line.
    play(&mut app, "d4");
    app.update(Action::OpenAddress);
    play(&mut app, "e5");
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("3. X E5"), "{screen}");
}

#[test]
fn clicks_on_the_start_screen_choose_a_game_change_a_value_and_press_a_button() {
    let mut app = app(None, 80, 24);
    let row_of = |app: &App, text: &str| {
        let screen = draw(app, 80, 24);
        let (row, line) = screen
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(text))
            .unwrap_or_else(|| panic!("no {text}:\n{screen}"));
        // Each line is drawn quoted: its first character is the quote.
        let column = line
            .find(text)
            .map_or(0, |at| line[..at].chars().count() - 1);
        (column as u16, row as u16)
    };
    let click = |app: &mut App, (column, row): (u16, u16)| {
        app.update(Action::Click { column, row });
    };
    let hex = row_of(&app, "Hex ");
    click(&mut app, hex);
    assert!(draw(&app, 80, 24).contains("‹ Hex ›"));
    // The `›` of the second player's line: the computer at level 1.
    let (_, row) = row_of(&app, "Player X");
    let (column, _) = row_of(&app, "Human ›");
    click(&mut app, (column + 6, row));
    let screen = draw(&app, 80, 24);
    assert!(
        screen.contains("‹ Computer 1 ›"),
        "{column} {row}\n{screen}"
    );
    let start = row_of(&app, "[ Start ]");
    click(&mut app, start);
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("Hex 11x11"), "{screen}");
    assert!(screen.contains("O human · X computer 1"), "{screen}");
}

#[test]
fn help_overlay() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    app.update(Action::Help);
    assert_snapshot!(draw(&app, 80, 24));
    app.update(Action::Cancel);
    assert!(!draw(&app, 80, 24).contains("Esc closes this help"));
}

#[test]
fn a_win() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    for address in ["a1", "a6", "c3", "d4", "c3"] {
        play(&mut app, address);
    }
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("Player X wins!"), "{screen}");
    assert_snapshot!(screen);
    // The winning line A1-B2-C3 is highlighted, and nothing else is.
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    let highlighted = |x: u16, y: u16| buf[(x, y)].modifier.contains(Modifier::REVERSED);
    for (x, y) in [(5, 3), (9, 5), (13, 7)] {
        assert!(highlighted(x, y), "winning cell at {x},{y}");
    }
    assert!(!highlighted(5, 13), "A6 is not in the line");
}

#[test]
fn terminal_too_small() {
    let app = app(Some(GekitaiSettings::default()), 36, 10);
    let screen = draw(&app, 36, 10);
    // Eight rows more, with the panel under the board; or four columns
    // and two rows more, with the panel beside it.
    assert!(
        screen.contains("tabletop needs 8 more rows (36x18)"),
        "{screen}"
    );
    assert!(screen.contains("(40x12)"), "{screen}");
    assert_snapshot!(screen);
}

#[test]
fn the_too_small_notice_names_the_least_growth_each_way() {
    use tabletop_engine::gomoku::{Gomoku, GomokuSettings};
    // Gomoku at 40x20: taller (the panel under the board) or wider (the
    // panel beside it); not the size of the board and panel alone.
    let screen = game_at(Setup::of::<Gomoku>(&GomokuSettings::default()), (40, 20));
    assert!(
        screen.contains("tabletop needs 7 more rows (40x27)"),
        "{screen}"
    );
    assert!(screen.contains("or 18 more columns (58x20)"), "{screen}");
    assert!(!screen.contains("32x27"), "{screen}");
}

#[test]
fn the_start_screen_and_the_puzzles_work_where_a_game_fits() {
    // Gekitai plays in 40x12: it can be reached there.
    let mut start = app(None, 40, 12);
    let screen = draw(&start, 40, 12);
    assert!(!screen.contains("Terminal too small"), "{screen}");
    assert!(screen.contains("Gekitai"), "{screen}");
    start.update(Action::Confirm);
    let screen = draw(&start, 40, 12);
    assert!(screen.contains("Player X's turn"), "{screen}");
    let (puzzles, _) = tabletop_core::puzzles::builtin::all();
    let list = open(options(Start::Puzzles(puzzles, Vec::new(), None)), (40, 12));
    let screen = draw(&list, 40, 12);
    assert!(!screen.contains("Terminal too small"), "{screen}");
    assert!(screen.contains("Gekitai"), "{screen}");
}

#[test]
fn every_size_draws_without_panicking() {
    let big = GekitaiSettings::new(26, 40, 5, Default::default()).expect("valid");
    for game in [None, Some(GekitaiSettings::default()), Some(big)] {
        let mut app = app(game, 80, 24);
        app.update(Action::Help);
        for (w, h) in [
            (0, 0),
            (1, 1),
            (2, 1),
            (10, 3),
            (59, 17),
            (60, 18),
            (200, 60),
            (120, 60),
        ] {
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            app.render(area, &mut buf);
        }
    }
}

#[test]
fn a_large_board_at_200_by_60() {
    let settings = GekitaiSettings::new(12, 20, 4, Default::default()).expect("valid");
    let mut app = app(Some(settings), 200, 60);
    play(&mut app, "L12");
    let screen = draw(&app, 200, 60);
    assert!(screen.contains("12 |"), "{screen}");
    assert!(screen.contains(" L "), "{screen}");
}

#[test]
fn a_click_plays_the_clicked_cell() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    // The board starts on the second line, centred with the panel: C3's
    // middle is 13 columns in, on row 7.
    let buf = {
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        app.render(area, &mut buf);
        buf
    };
    let line: String = (0..80).map(|x| buf[(x, 2)].symbol()).collect();
    let left = line.find("+---").expect("the board's top line") as u16 - 3;
    app.update(Action::Click {
        column: left + 13,
        row: 7,
    });
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("1. X C3"), "{screen}");
    // A click off the board does nothing.
    app.update(Action::Click {
        column: 70,
        row: 20,
    });
    assert!(!draw(&app, 80, 24).contains("2. O"));
}

#[test]
fn undo_and_redo_from_the_keyboard() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut app, "c3");
    play(&mut app, "d4");
    app.update(Action::Undo);
    let screen = draw(&app, 80, 24);
    assert!(!screen.contains("2. O"), "{screen}");
    assert!(screen.contains("Player O's turn"), "{screen}");
    app.update(Action::Redo);
    assert!(draw(&app, 80, 24).contains("2. O D4 C3→B2"));
}

#[test]
fn leaving_a_game_under_way_takes_two_presses() {
    let mut app = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut app, "c3");
    app.update(Action::NewGame);
    let screen = draw(&app, 80, 24);
    assert!(screen.contains("Press n again"), "{screen}");
    app.update(Action::Step(Direction::Up));
    app.update(Action::NewGame);
    assert!(
        draw(&app, 80, 24).contains("1. X C3"),
        "another key in between cancels"
    );
    app.update(Action::NewGame);
    assert!(draw(&app, 80, 24).contains("[ Start ]"));
}

#[test]
fn the_too_small_notice_lets_the_player_out_and_keeps_keys_from_the_game() {
    use ratatui::crossterm::event::KeyCode;
    // Connect6's 19 columns make q, n and h letters of the board.
    let wide = Setup::of::<tabletop_engine::connect6::Connect6>(
        &tabletop_engine::connect6::Connect6Settings::default(),
    );
    let opened = |size: (u16, u16)| game(wide.clone(), [Seat::Human, Seat::Human], size);
    let mut app = opened((40, 12));
    let notice = draw(&app, 40, 12);
    assert!(notice.contains("q or Esc to quit"), "{notice}");
    assert!(notice.contains("n: back to the start screen"), "{notice}");
    // Letters and Ctrl keys do not reach the hidden game.
    for c in ['h', 'c', 'u', ' '] {
        press(&mut app, KeyCode::Char(c), false);
    }
    press(&mut app, KeyCode::Char('z'), true);
    press(&mut app, KeyCode::Enter, false);
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    let game = draw(&app, 80, 24);
    assert!(game.contains("Player B's turn"), "{game}");
    assert!(!game.contains("1. B"), "a key reached the game: {game}");
    assert!(
        !game.contains("Cell:"),
        "a key opened the address line: {game}"
    );
    // n goes back to the start screen, Esc and q quit.
    app.update(Action::Resize {
        width: 40,
        height: 12,
    });
    press(&mut app, KeyCode::Char('n'), false);
    app.update(Action::Resize {
        width: 80,
        height: 24,
    });
    assert!(draw(&app, 80, 24).contains("[ Start ]"));
    for key in [KeyCode::Esc, KeyCode::Char('q')] {
        let mut app = opened((40, 12));
        press(&mut app, key, false);
        assert!(app.should_quit(), "{key:?}");
    }
}

/// A game of `setup` drawn at `size`.
fn game_at(setup: Setup, size: (u16, u16)) -> String {
    draw(
        &game(setup, [Seat::Human, Seat::Human], size),
        size.0,
        size.1,
    )
}

#[test]
fn narrow_terminals_put_the_panel_under_the_board_or_draw_it_compact() {
    use tabletop_engine::hex::{Hex, HexSettings};
    use tabletop_engine::reversi::{Reversi, ReversiSettings};
    // Hex 11x11 in 40 columns: the panel goes under the rhombus.
    let hex = game_at(Setup::of::<Hex>(&HexSettings::default()), (40, 30));
    assert!(!hex.contains("Terminal too small"), "{hex}");
    assert!(hex.contains("Player O's turn"), "{hex}");
    assert_snapshot!("hex_11_at_40x30", hex);
    // Reversi in 60x20: the compact board, the panel beside it.
    let reversi = game_at(Setup::of::<Reversi>(&ReversiSettings::default()), (60, 20));
    assert!(!reversi.contains("Terminal too small"), "{reversi}");
    assert!(reversi.contains("Black: 2 discs"), "{reversi}");
    assert_snapshot!("reversi_8_at_60x20", reversi);
    // Gekitai 26x26 has a compact board too: 120x40 is enough.
    let big =
        GekitaiSettings::new(26, 20, 5, tabletop_engine::gekitai::BothWin::Mover).expect("valid");
    let gekitai = game_at(Setup::of::<Gekitai>(&big), (120, 40));
    assert!(!gekitai.contains("Terminal too small"), "{gekitai}");
    assert!(gekitai.contains("26 · · ·"), "the compact board: {gekitai}");
}

#[test]
fn a_large_terminal_centres_the_layout() {
    let screen = game_at(Setup::default(), (200, 60));
    let board_line = screen
        .lines()
        .find(|line| line.contains("+---"))
        .expect("the board");
    let left = board_line.find('+').expect("a corner");
    assert!(left > 20, "the board hugs the left edge: {board_line}");
    // The board grows to fill the height rather than sitting small in
    // the middle.
    let grid_lines = screen.lines().filter(|line| line.contains("+---")).count();
    let rows = screen.lines().filter(|line| line.contains("|")).count();
    assert_eq!(grid_lines, 7, "{screen}");
    assert!(grid_lines + rows > 40, "the board stays small:\n{screen}");
}

#[test]
fn gekitai_6x6_plays_in_40x12() {
    let screen = game_at(Setup::default(), (40, 12));
    assert!(!screen.contains("Terminal too small"), "{screen}");
    assert!(screen.contains(" 6 · · ·"), "the compact board: {screen}");
    assert!(screen.contains("Player X's turn"), "the panel: {screen}");
    assert!(screen.contains("? help  q quit"), "the footer: {screen}");
}

#[test]
fn gomoku_15x15_plays_in_60x20() {
    use tabletop_engine::gomoku::{Gomoku, GomokuSettings};
    let screen = game_at(Setup::of::<Gomoku>(&GomokuSettings::default()), (60, 20));
    assert!(!screen.contains("Terminal too small"), "{screen}");
    assert!(screen.contains("15 · · ·"), "the compact board: {screen}");
    assert!(screen.contains("Player B's turn"), "the panel: {screen}");
}

#[test]
fn the_too_small_notice_asks_for_the_least_growth() {
    use tabletop_engine::gomoku::{Gomoku, GomokuSettings};
    // 54x20 is 4 columns short of the panel beside the board; the panel
    // below would need 7 more rows.
    let screen = game_at(Setup::of::<Gomoku>(&GomokuSettings::default()), (54, 20));
    assert!(screen.contains("or 4 more columns (58x20)"), "{screen}");
}

#[test]
fn a_message_stays_readable_while_the_computer_thinks() {
    let level = tabletop_ai::Level::MAX;
    let mut app = game(
        Setup::default(),
        [Seat::Human, Seat::Computer(level)],
        (80, 24),
    );
    play(&mut app, "c3");
    // Nothing has ticked, so the computer is still thinking.
    app.update(Action::Confirm);
    let screen = draw(&app, 80, 24);
    let status = screen.lines().nth(22).expect("a status line");
    assert!(status.contains("It is the computer's turn"), "{screen}");
    assert!(status.contains("Computer O is thinking"), "{screen}");
}

#[test]
fn f2_changes_the_colour_theme_and_says_which() {
    use ratatui::crossterm::event::KeyCode;
    let mut game = app(Some(GekitaiSettings::default()), 80, 24);
    press(&mut game, KeyCode::F(2), false);
    let screen = draw(&game, 80, 24);
    // The tests draw without colour, and the theme says so.
    assert!(
        screen.contains("Theme: light (NO_COLOR is set, so no colours)"),
        "{screen}"
    );
    press(&mut game, KeyCode::F(2), false);
    press(&mut game, KeyCode::F(2), false);
    let screen = draw(&game, 80, 24);
    assert!(screen.contains("Theme: classic"), "{screen}");
    // On the start screen too.
    let mut menu = app(None, 80, 24);
    press(&mut menu, KeyCode::F(2), false);
    let screen = draw(&menu, 80, 24);
    assert!(screen.contains("Theme: light"), "{screen}");
}

#[test]
fn each_theme_paints_the_pieces_its_own_colours_and_no_color_paints_none() {
    use ratatui::style::Color;
    use tabletop::app::theme::{BUILT_IN, Theme};
    let area = Rect::new(0, 0, 80, 24);
    let mut seen = Vec::new();
    for (name, palette) in BUILT_IN {
        for colour in [true, false] {
            let theme = Theme {
                colour,
                palette,
                ..Theme::CLASSIC
            };
            let setup = Setup::of::<Gekitai>(&GekitaiSettings::default());
            let options = common::screen::options(Start::Game(setup.clone()));
            let mut app = App::new(options, area, theme);
            play(&mut app, "a1");
            play(&mut app, "f6");
            let mut buf = Buffer::empty(area);
            app.render(area, &mut buf);
            // A1's X and F6's O, in the boxed board.
            let (x, o) = (&buf[(6, 3)], &buf[(26, 13)]);
            assert_eq!((x.symbol(), o.symbol()), ("X", "O"), "{name}");
            if colour {
                assert_eq!([x.fg, o.fg], palette.pieces, "{name}");
                seen.push(palette.pieces);
            } else {
                assert_eq!([x.fg, o.fg], [Color::Reset; 2], "{name} without colour");
            }
        }
    }
    seen.dedup();
    assert_eq!(seen.len(), BUILT_IN.len(), "every theme its own pieces");
}

#[test]
fn f3_draws_the_pieces_as_stones_and_back_as_letters() {
    use ratatui::crossterm::event::KeyCode;
    let mut game = app(Some(GekitaiSettings::default()), 80, 24);
    play(&mut game, "a1");
    play(&mut game, "f6");
    press(&mut game, KeyCode::F(3), false);
    let screen = draw(&game, 80, 24);
    assert!(screen.contains("Pieces: stones"), "{screen}");
    let row = |screen: &str, n: &str| {
        screen
            .lines()
            .find(|l| l.contains(&format!("  {n} |")))
            .expect("a row")
            .to_string()
    };
    assert!(row(&screen, "1").contains("| ● |"), "{screen}");
    assert!(row(&screen, "6").contains("| ○ |"), "{screen}");
    // The moves are still written with the letters the cells are typed in.
    assert!(screen.contains("1. X A1"), "{screen}");
    press(&mut game, KeyCode::F(3), false);
    let screen = draw(&game, 80, 24);
    assert!(row(&screen, "1").contains("| X |"), "{screen}");
}

#[test]
fn a_computer_player_says_how_strong_it_is_beside_its_level_and_fits_in_40x12() {
    use tabletop_ai::Level;
    use tabletop_engine::reversi::{Reversi, ReversiSettings};
    let setup = Setup::of::<Reversi>(&ReversiSettings::default());
    let four = Seat::Computer(Level::new(4).expect("a level"));
    let chosen = |size| {
        let mut app = open(
            tabletop::app::Options {
                menu: setup.clone(),
                seats: [Seat::Human, four.clone()],
                ..options(Start::Menu)
            },
            size,
        );
        // From Start up to the clock, then Player W: the computer's line.
        for _ in 0..2 {
            app.update(Action::Step(Direction::Up));
        }
        app
    };
    let wide = draw(&chosen((80, 24)), 80, 24);
    assert!(wide.contains("‹ Computer 4 › about"), "{wide}");
    assert!(wide.contains("Computer 4: about"), "{wide}");
    assert_snapshot!("computer_strength_80x24", wide);
    let small = draw(&chosen((40, 12)), 40, 12);
    assert!(small.contains("‹ Computer 4 ›"), "{small}");
    assert!(
        small.contains("Computer 4: about gtp-rhino level 3"),
        "{small}"
    );
    assert!(!small.contains("Terminal too small"), "{small}");
    assert_snapshot!("computer_strength_40x12", small);
}
