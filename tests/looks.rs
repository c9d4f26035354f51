//! The looks of the full-screen app: each built-in theme and each piece
//! style at 80x24, kept as snapshots with their colours; the strict ASCII
//! mode on every screen; the player's own themes from config.toml, with
//! their refusals; and `NO_COLOR` over all of them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Color;

use tabletop::app::action::Action;
use tabletop::app::ascii::stand_in;
use tabletop::app::looks::{self, Looks};
use tabletop::app::theme::{BUILT_IN, Palette, Pieces, Theme};
use tabletop::app::{App, Options, Start};
use tabletop::games::{AnyRecord, GameKind, Setup};
use tabletop_core::config::Config;
use tabletop_core::files;
use tabletop_core::puzzles::builtin;
use tabletop_core::seat::Seat;
use tabletop_engine::gekitai::Gekitai;
use tabletop_engine::record::Record;
use tabletop_engine::record::review::{Review, Reviewed, Standing};

mod common;
use common::screen::{options, play, press};

const SIZE: (u16, u16) = (80, 24);

fn buffer(app: &App, size: (u16, u16)) -> Buffer {
    let area = Rect::new(0, 0, size.0, size.1);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

/// The screen as text, then the same grid with a letter for each style
/// (a blank for none), then what each letter stands for: a snapshot in
/// which a change of colour shows.
fn styled(buf: &Buffer) -> String {
    let mut legend: Vec<String> = Vec::new();
    let mut letters: HashMap<String, char> = HashMap::new();
    let (mut text, mut styles) = (String::new(), String::new());
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            text.push_str(cell.symbol());
            let mut parts = Vec::new();
            for (what, colour) in [
                ("fg", cell.fg),
                ("bg", cell.bg),
                ("underline", cell.underline_color),
            ] {
                if colour != Color::Reset {
                    parts.push(format!("{what} {colour:?}"));
                }
            }
            if !cell.modifier.is_empty() {
                parts.push(format!("{:?}", cell.modifier));
            }
            if parts.is_empty() {
                styles.push(' ');
                continue;
            }
            let style = parts.join(", ");
            let next = char::from(b'a' + (letters.len() % 26) as u8);
            let letter = *letters.entry(style.clone()).or_insert_with(|| {
                legend.push(format!("{next}: {style}"));
                next
            });
            styles.push(letter);
        }
        text.push('\n');
        styles.push('\n');
    }
    format!("{text}\n{styles}\n{}\n", legend.join("\n"))
}

fn theme(palette: Palette, pieces: Pieces) -> Theme {
    Theme {
        colour: true,
        palette,
        pieces,
    }
}

/// A game of Gekitai won by X (the winning line, the last move, a
/// push), drawn in `theme`.
fn won_gekitai(theme: Theme) -> App {
    let setup = Setup::default_of(GameKind::Gekitai);
    let mut app = App::new(
        options(Start::Game(setup)),
        Rect::new(0, 0, SIZE.0, SIZE.1),
        theme,
    );
    play(&mut app, "a1 a6 c3 d4 c3");
    app
}

#[test]
fn each_built_in_theme_in_colour() {
    for (name, palette) in BUILT_IN {
        let app = won_gekitai(theme(palette, Pieces::Letters));
        let buf = buffer(&app, SIZE);
        assert!(
            buf.content.iter().any(|c| c.fg == palette.pieces[0]),
            "{name}: the first player's colour"
        );
        assert_snapshot!(format!("theme_{name}"), styled(&buf));
    }
}

#[test]
fn each_piece_style() {
    let classic = BUILT_IN[0].1;
    for (name, pieces) in Pieces::ALL {
        let app = won_gekitai(theme(classic, pieces));
        assert_snapshot!(format!("pieces_{name}"), styled(&buffer(&app, SIZE)));
    }
    // The ASCII mode's Hex: its edges drawn with `-` too.
    let setup = Setup::default_of(GameKind::Hex);
    let mut app = App::new(
        options(Start::Game(setup)),
        Rect::new(0, 0, SIZE.0, SIZE.1),
        theme(classic, Pieces::Ascii),
    );
    play(&mut app, "F5 E5");
    assert_snapshot!("pieces_ascii_hex", common::screen::draw(&app, SIZE));
}

/// A reviewed game, so that the replay viewer draws its graph and bar.
fn reviewed() -> AnyRecord {
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
    AnyRecord::Gekitai(record)
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/records")
        .join(name)
}

/// Every screen of the app, in `theme`, each at 80x24 and 60x20, with
/// what it shows.
fn every_screen(theme: Theme) -> Vec<(String, Buffer)> {
    let mut screens = Vec::new();
    let mut take = |name: &str, app: &App| {
        for size in [SIZE, (60, 20)] {
            screens.push((format!("{name} at {size:?}"), buffer(app, size)));
        }
    };
    let open = |start: Start, seats: &[Seat; 2]| {
        let options = Options {
            seats: seats.clone(),
            ..options(start)
        };
        App::new(options, Rect::new(0, 0, SIZE.0, SIZE.1), theme)
    };
    let people = &[Seat::Human, Seat::Human];
    let mut start = open(Start::Menu, people);
    take("the start screen", &start);
    press(&mut start, KeyCode::F(1), false);
    take("the start screen's help", &start);
    for &kind in GameKind::ALL {
        let mut game = open(Start::Game(Setup::default_of(kind)), people);
        for _ in 0..3 {
            game.update(Action::Confirm);
            press(&mut game, KeyCode::Right, false);
        }
        take(&format!("{kind:?}"), &game);
        game.update(Action::Evaluate);
        take(&format!("{kind:?} with the evaluation bar"), &game);
        press(&mut game, KeyCode::Char(':'), false);
        take(&format!("{kind:?} typing an address"), &game);
        press(&mut game, KeyCode::Esc, false);
        game.update(Action::Hint);
        take(&format!("{kind:?} finding a hint"), &game);
        game.update(Action::Quit);
        let mut game = open(Start::Game(Setup::default_of(kind)), people);
        press(&mut game, KeyCode::F(1), false);
        take(&format!("{kind:?}'s help"), &game);
    }
    let mut thinking = open(
        Start::Game(Setup::default_of(GameKind::Gekitai)),
        &[Seat::Human, Seat::Computer(tabletop_ai::Level::MAX)],
    );
    play(&mut thinking, "c3");
    take("the computer thinking", &thinking);
    thinking.update(Action::Quit);
    for file in [
        "gekitai-spec-example.toml",
        "connect6-six-in-a-row.toml",
        "hex-5x5.toml",
        "reversi-8x8.toml",
    ] {
        let record = files::load(&sample(file)).expect("a sample record");
        take(
            &format!("{file} continued"),
            &open(Start::Continue(record.clone()), people),
        );
        let mut replay = open(Start::Replay(record, None), people);
        take(&format!("{file} replayed"), &replay);
        replay.update(Action::Evaluate);
        take(&format!("{file} replayed with the bar"), &replay);
    }
    take(
        "a reviewed game",
        &open(Start::Replay(reviewed(), None), people),
    );
    let library = open(Start::Library(sample("")), people);
    take("the saved games", &library);
    let (puzzles, _) = builtin::all();
    let mut puzzles = open(Start::Puzzles(puzzles, Vec::new(), None), people);
    take("the puzzles", &puzzles);
    puzzles.update(Action::Confirm);
    take("a puzzle", &puzzles);
    let small = open(Start::Game(Setup::default_of(GameKind::Connect6)), people);
    screens.push(("too small".to_string(), buffer(&small, (20, 8))));
    screens
}

/// The text of `buf`, line by line.
fn lines(buf: &Buffer) -> String {
    let width = usize::from(buf.area.width.max(1));
    buf.content
        .chunks(width)
        .map(|row| row.iter().map(|cell| cell.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

fn non_ascii(buf: &Buffer) -> Option<String> {
    buf.content
        .iter()
        .map(|cell| cell.symbol())
        .find(|symbol| !symbol.is_ascii())
        .map(str::to_string)
}

#[test]
fn in_the_ascii_mode_every_cell_of_every_screen_is_ascii() {
    let classic = BUILT_IN[0].1;
    // The same screens draw box lines, arrows and dots otherwise.
    let usual = every_screen(theme(classic, Pieces::Letters));
    let drawn_otherwise = usual
        .iter()
        .filter(|(_, buf)| non_ascii(buf).is_some())
        .count();
    assert!(drawn_otherwise > usual.len() / 2, "{drawn_otherwise}");
    // Each of those characters has a stand-in of its own, not the `?` of
    // something unknown.
    for (name, buf) in &usual {
        for cell in buf.content.iter() {
            for c in cell.symbol().chars().filter(|c| !c.is_ascii()) {
                assert_ne!(stand_in(c), '?', "{c:?} in {name}");
            }
        }
    }
    for (name, buf) in every_screen(theme(classic, Pieces::Ascii)) {
        if let Some(symbol) = non_ascii(&buf) {
            panic!("{name}: {symbol:?} in\n{}", lines(&buf));
        }
    }
}

#[test]
fn f3_goes_through_letters_stones_and_ascii() {
    let mut app = won_gekitai(Theme::PLAIN);
    let a1 = |app: &App| buffer(app, SIZE)[(6, 3)].symbol().to_string();
    assert_eq!(a1(&app), "X");
    for (said, glyph, ascii) in [
        ("Pieces: stones", "●", false),
        ("Pieces: ascii", "X", true),
        ("Pieces: letters", "X", false),
    ] {
        press(&mut app, KeyCode::F(3), false);
        let buf = buffer(&app, SIZE);
        let screen = lines(&buf);
        assert!(screen.contains(said), "{screen}");
        assert_eq!(a1(&app), glyph, "{said}");
        assert_eq!(non_ascii(&buf).is_none(), ascii, "{said}");
    }
}

const DUSK: &str = "\
# my themes
[theme.dusk]
base = \"light\"
first = \"#d75f00\"
second = 39
last-move = \"light-green\"
";

fn with_config(text: &str, theme: Theme, looks: Option<PathBuf>) -> App {
    let setup = Setup::default_of(GameKind::Gekitai);
    let options = Options {
        config: Config::parse(text, "config.toml"),
        looks,
        ..options(Start::Game(setup))
    };
    App::new(options, Rect::new(0, 0, SIZE.0, SIZE.1), theme)
}

/// The colours of A1's and F6's pieces and the underline of the last move
/// (F6), with X on A1 and O on F6.
fn colours(app: &mut App) -> [Color; 3] {
    play(app, "a1 f6");
    let buf = buffer(app, SIZE);
    let (x, o) = (&buf[(6, 3)], &buf[(26, 13)]);
    assert_eq!((x.symbol(), o.symbol()), ("X", "O"));
    [x.fg, o.fg, o.underline_color]
}

#[test]
fn a_theme_of_the_players_comes_after_the_built_in_ones_and_is_drawn_in_its_colours() {
    let mut app = with_config(DUSK, Theme::CLASSIC, None);
    for _ in BUILT_IN {
        press(&mut app, KeyCode::F(2), false);
    }
    let screen = common::screen::draw(&app, SIZE);
    assert!(screen.contains("Theme: dusk"), "{screen}");
    assert_eq!(
        colours(&mut app),
        [
            Color::Rgb(0xd7, 0x5f, 0x00),
            Color::Indexed(39),
            Color::LightGreen
        ]
    );
    // What it does not say comes from its base.
    let buf = buffer(&app, SIZE);
    let light = Palette::built_in("light").expect("built in");
    assert_eq!(buf[(6, 2)].fg, light.board, "the board's lines");
    // And round again to the first.
    press(&mut app, KeyCode::F(2), false);
    let screen = common::screen::draw(&app, SIZE);
    assert!(screen.contains("Theme: classic"), "{screen}");
}

#[test]
fn no_color_wins_over_any_theme() {
    let mut app = with_config(DUSK, Theme::PLAIN, None);
    for _ in BUILT_IN {
        press(&mut app, KeyCode::F(2), false);
    }
    let screen = common::screen::draw(&app, SIZE);
    assert!(
        screen.contains("Theme: dusk (NO_COLOR is set, so no colours)"),
        "{screen}"
    );
    assert_eq!(colours(&mut app), [Color::Reset; 3]);
    let buf = buffer(&app, SIZE);
    assert!(
        buf.content
            .iter()
            .all(|c| [c.fg, c.bg, c.underline_color] == [Color::Reset; 3]),
        "no colour anywhere"
    );
}

#[test]
fn a_broken_theme_is_reported_once_with_its_line_and_the_app_starts() {
    let text = "[theme.dusk]\nfirst = \"pink-ish\"\n\n[theme.dawn]\nbase = \"dark\"\n";
    let options = Options {
        config: Config::parse(text, "config.toml"),
        ..options(Start::Menu)
    };
    let mut app = App::new(options, Rect::new(0, 0, SIZE.0, SIZE.1), Theme::PLAIN);
    let screen = common::screen::draw(&app, SIZE);
    assert!(
        screen.contains("config.toml line 2: theme.dusk: first = \"pink-ish\" is"),
        "{screen}"
    );
    assert!(screen.contains("left out (and"), "{screen}");
    // Shown once: gone at the first key.
    press(&mut app, KeyCode::Down, false);
    let screen = common::screen::draw(&app, SIZE);
    assert!(!screen.contains("config.toml"), "{screen}");
    // The broken colour was left out, the rest of dusk kept; dawn is out.
    for _ in BUILT_IN {
        press(&mut app, KeyCode::F(2), false);
    }
    assert!(common::screen::draw(&app, SIZE).contains("Theme: dusk"));
    press(&mut app, KeyCode::F(2), false);
    assert!(common::screen::draw(&app, SIZE).contains("Theme: classic"));
}

#[test]
fn a_players_theme_is_remembered_by_name_and_its_going_is_said() {
    let folder = common::scratch::Scratch::new("looks");
    let file = folder.join("looks.toml");
    let chosen = Looks {
        theme: "dusk".to_string(),
        pieces: Some("ascii".to_string()),
    };
    looks::save(&file, &chosen).expect("saved");
    let mut app = with_config(DUSK, Theme::CLASSIC, Some(file.clone()));
    let buf = buffer(&app, SIZE);
    assert!(non_ascii(&buf).is_none(), "the ASCII style, remembered");
    assert_eq!(colours(&mut app)[0], Color::Rgb(0xd7, 0x5f, 0x00));
    // The theme gone from the config: the default, and a word about it.
    let app = with_config("", Theme::CLASSIC, Some(file.clone()));
    let screen = common::screen::draw(&app, SIZE);
    assert!(
        screen.contains("The theme \"dusk\" chosen last time is not there any more"),
        "{screen}"
    );
    assert_eq!(
        buffer(&app, SIZE)[(6, 2)].fg,
        BUILT_IN[0].1.board,
        "the default theme"
    );
    // F2 remembers the next one by its name.
    let mut app = with_config(DUSK, Theme::CLASSIC, Some(file.clone()));
    press(&mut app, KeyCode::F(2), false);
    assert_eq!(
        looks::load(&file).expect("readable").map(|l| l.theme),
        Some("classic".to_string())
    );
}

/// The function keys as an xterm sends them.
const F2: &str = "\x1bOQ";
const F3: &str = "\x1bOR";

#[test]
fn in_a_real_terminal_a_theme_of_the_players_and_the_ascii_mode_are_chosen_and_kept() {
    use common::pty::Session;
    let data = common::scratch::Scratch::new("looks");
    let config = data.join("config/tabletop");
    std::fs::create_dir_all(&config).expect("a config folder");
    std::fs::write(
        config.join("config.toml"),
        format!("{DUSK}\n[theme.bad]\nbase = \"dark\"\n"),
    )
    .expect("written");
    let mut app = Session::start_with_data(&["gekitai"], &data);
    // The broken theme is named with its line; the game starts all the same.
    app.wait_for("config.toml line 9: theme.bad: base");
    app.send("c3\r");
    for _ in BUILT_IN {
        app.send(F2);
    }
    app.wait_for("Theme: dusk");
    let c3 = |app: &Session| {
        let parser = app.parser.lock().expect("parser lock");
        let cell = parser
            .screen()
            .cell(7, 14)
            .map(|c| (c.contents().to_string(), c.fgcolor()));
        cell.expect("a cell")
    };
    assert_eq!(
        c3(&app),
        ("X".to_string(), vt100::Color::Rgb(0xd7, 0x5f, 0x00))
    );
    app.send(F3);
    app.wait_for("Pieces: stones");
    app.send(F3);
    let screen = app.wait_for("Pieces: ascii");
    assert!(screen.is_ascii(), "{screen}");
    assert!(screen.contains("+---+---+"), "{screen}");
    app.send("q");
    app.exits_cleanly();
    // Both are kept, and used from the first screen on.
    let kept = std::fs::read_to_string(config.join("looks.toml")).expect("remembered");
    assert!(kept.contains("theme = \"dusk\""), "{kept}");
    assert!(kept.contains("pieces = \"ascii\""), "{kept}");
    let mut again = Session::start_with_data(&[], &data);
    let screen = again.wait_for("Start");
    assert!(screen.is_ascii(), "{screen}");
    assert!(screen.contains("+----"), "{screen}");
    again.send("q");
    again.exits_cleanly();
}

#[test]
fn a_terminal_whose_locale_is_not_utf8_starts_in_ascii_and_a_utf8_one_does_not() {
    use common::pty::Session;
    for (locale, ascii) in [
        (("LANG", "C"), true),
        (("LC_ALL", "en_US.ISO-8859-1"), true),
        (("LC_CTYPE", "UTF-8"), false),
    ] {
        let mut app = Session::start_with_env(&[], &[locale]);
        let screen = app.wait_for("Start");
        assert_eq!(screen.is_ascii(), ascii, "{locale:?}: {screen}");
        assert_eq!(screen.contains("+----"), ascii, "{locale:?}: {screen}");
        app.send("q");
        app.exits_cleanly();
    }
}

#[test]
fn the_readme_says_what_each_colour_of_a_theme_colours() {
    let readme = include_str!("../README.md");
    for (key, _) in Palette::COLOURS {
        assert!(readme.contains(&format!("`{key}`")), "{key}");
    }
}

#[test]
fn check_config_lists_every_problem_with_its_line() {
    let folder = common::scratch::Scratch::new("looks");
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_tabletop"))
            .arg("--check-config")
            .env("XDG_CONFIG_HOME", &folder)
            .output()
            .expect("the binary runs")
    };
    let nothing = run();
    assert!(nothing.status.success());
    assert!(String::from_utf8_lossy(&nothing.stdout).contains("not there"));
    std::fs::create_dir_all(folder.join("tabletop")).expect("a folder");
    let file = folder.join("tabletop/config.toml");
    let text = format!("{DUSK}board = \"pink-ish\"\n[theme.bad]\nbase = \"dark\"\n");
    std::fs::write(&file, &text).expect("written");
    let checked = run();
    let out = String::from_utf8_lossy(&checked.stdout);
    assert_eq!(checked.status.code(), Some(2), "{out}");
    assert!(out.contains("themes: dusk\n"), "{out}");
    assert!(
        out.contains("config.toml line 7: theme.dusk: board = \"pink-ish\" is not a colour"),
        "{out}"
    );
    assert!(
        out.contains("config.toml line 9: theme.bad: base \"dark\""),
        "{out}"
    );
    assert_eq!(
        String::from_utf8_lossy(&checked.stderr),
        "error: 2 problems in config.toml\n"
    );
    // Nothing is written to the file.
    assert_eq!(std::fs::read_to_string(&file).expect("read"), text);
}
