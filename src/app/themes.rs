//! The player's own colour themes: the config file's `[theme.NAME]`
//! tables, each a built-in palette (`base`, `classic` by default) with
//! some of its colours changed.
//!
//! ```toml
//! [theme.dusk]
//! base = "light"
//! first = "#d75f00"      # the first player's pieces
//! second = "light-blue"  # the second player's
//! board = 240            # an index of the 256-colour palette
//! ```
//!
//! The colours' names are [`Palette::COLOURS`]; a colour is one of the
//! sixteen names (`red`, `light-red`, `dark-gray`, ...), `#rrggbb` or an
//! index 0–255. A colour that cannot be read, or a key that is not a
//! colour, is reported with its line and left out (the base's colour
//! stays); a theme that cannot be built at all (an unknown base, a name
//! taken) is reported and left out whole.

use ratatui::style::Color;

use crate::app::theme::{BUILT_IN, Palette};
use tabletop_core::config::{Config, Entry, Notice};

/// The key naming the built-in palette a theme starts from.
const BASE: &str = "base";

/// The longest name a theme may have.
const MAX_NAME: usize = 24;

/// The themes of `config` that could be built, in the file's order, and
/// what was wrong with the rest.
pub fn themes(config: &Config) -> (Vec<(String, Palette)>, Vec<Notice>) {
    let mut themes: Vec<(String, Palette)> = Vec::new();
    let mut notices = Vec::new();
    for (name, entry) in &config.themes {
        let mut notice = |line: usize, message: String| {
            notices.push(Notice {
                file: config.file.clone(),
                line: Some(line),
                message,
            });
        };
        if let Err(why) = check_name(name) {
            notice(
                entry.line,
                format!("theme {name:?}: {why}; it was left out"),
            );
            continue;
        }
        let taken = BUILT_IN.iter().any(|(built_in, _)| built_in == name)
            || themes.iter().any(|(theme, _)| theme == name);
        if taken {
            notice(
                entry.line,
                format!("theme.{name}: there is already a theme called that; it was left out"),
            );
            continue;
        }
        match palette(name, entry, &mut notice) {
            Some(palette) => themes.push((name.clone(), palette)),
            None => continue,
        }
    }
    notices.sort_by_key(|notice| notice.line);
    (themes, notices)
}

/// A theme's name is shown on the screen: letters, digits, `-`, `_` and
/// spaces only, and short.
fn check_name(name: &str) -> Result<(), String> {
    let fits = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | ' ');
    if name.trim().is_empty() || name.chars().count() > MAX_NAME || !name.chars().all(fits) {
        return Err(format!(
            "a theme's name is 1 to {MAX_NAME} letters, digits, '-', '_' or spaces"
        ));
    }
    Ok(())
}

/// The palette `entry` describes, telling `notice` what was left out;
/// `None` when there is no palette to start from.
fn palette(name: &str, entry: &Entry, notice: &mut impl FnMut(usize, String)) -> Option<Palette> {
    let mut palette = match entry.table.get(BASE) {
        None => BUILT_IN[0].1,
        Some(base) => {
            let named = base.as_str().and_then(Palette::built_in);
            let Some(palette) = named else {
                let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
                notice(
                    entry.line_of(BASE),
                    format!(
                        "theme.{name}: base {base} is not a built-in theme ({}); left out",
                        names.join(", ")
                    ),
                );
                return None;
            };
            palette
        }
    };
    for (key, value) in &entry.table {
        if key == BASE {
            continue;
        }
        let line = entry.line_of(key);
        let Some((_, slot)) = Palette::COLOURS.iter().find(|(k, _)| k == key) else {
            let keys: Vec<&str> = Palette::COLOURS.iter().map(|(k, _)| *k).collect();
            notice(
                line,
                format!(
                    "theme.{name}: {key:?} is none of base, {}; left out",
                    keys.join(", ")
                ),
            );
            continue;
        };
        match colour(value) {
            Ok(colour) => *slot(&mut palette) = colour,
            Err(why) => notice(line, format!("theme.{name}: {key} = {why}; left out")),
        }
    }
    Some(palette)
}

/// The colour `value` names: one of the sixteen names, `#rrggbb`, or an
/// index 0–255 (a number or a string).
fn colour(value: &toml::Value) -> Result<Color, String> {
    const FORMS: &str = "light-red, #rrggbb, 0-255";
    let refused = || format!("{value} is not a colour ({FORMS})");
    match value {
        toml::Value::Integer(index) => u8::try_from(*index)
            .map(Color::Indexed)
            .map_err(|_| refused()),
        toml::Value::String(text) => text.trim().parse::<Color>().map_err(|_| refused()),
        _ => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Vec<(String, Palette)>, Vec<String>) {
        let config = Config::parse(text, "config.toml");
        assert!(config.notices.is_empty(), "{:?}", config.notices);
        let (themes, notices) = themes(&config);
        (themes, notices.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_theme_changes_its_base_where_it_says() {
        let (themes, notices) = read(
            "[theme.dusk]\nbase = \"light\"\nfirst = \"#d75f00\"\nsecond = \"light-blue\"\nboard = 240\nlast-move = \"14\"\n",
        );
        assert!(notices.is_empty(), "{notices:?}");
        let expected = Palette {
            pieces: [Color::Rgb(0xd7, 0x5f, 0x00), Color::LightBlue],
            board: Color::Indexed(240),
            last_move: Color::Indexed(14),
            ..Palette::built_in("light").expect("built in")
        };
        assert_eq!(themes, [("dusk".to_string(), expected)]);
    }

    #[test]
    fn without_a_base_a_theme_starts_from_the_default() {
        let (themes, _) = read("[theme.mine]\nhint = \"red\"\n");
        assert_eq!(
            themes[0].1,
            Palette {
                hint: Color::Red,
                ..BUILT_IN[0].1
            }
        );
    }

    #[test]
    fn a_bad_colour_is_reported_on_its_line_and_the_rest_of_the_theme_kept() {
        let (themes, notices) = read(
            "# mine\n[theme.dusk]\nboard = \"red\"\nfirst = \"pink-ish\"\nsecond = 256\nhint = true\n",
        );
        assert_eq!(themes.len(), 1);
        assert_eq!(themes[0].1.board, Color::Red);
        assert_eq!(
            themes[0].1.pieces, BUILT_IN[0].1.pieces,
            "the base's pieces"
        );
        assert_eq!(notices.len(), 3, "{notices:?}");
        assert!(
            notices[0].starts_with(
                "config.toml line 4: theme.dusk: first = \"pink-ish\" is not a colour (light-red, #rrggbb, 0-255); left out"
            ),
            "{notices:?}"
        );
        assert!(
            notices[1].starts_with("config.toml line 5: theme.dusk: second = 256 is not a colour"),
            "{notices:?}"
        );
        assert!(
            notices[2].starts_with("config.toml line 6: theme.dusk: hint = true is not a colour"),
            "{notices:?}"
        );
    }

    #[test]
    fn an_unknown_key_is_reported_on_its_line() {
        let (themes, notices) = read("[theme.dusk]\n\nboard = \"red\"\ncursr = \"red\"\n");
        assert_eq!(themes.len(), 1);
        assert_eq!(notices.len(), 1);
        assert!(
            notices[0].starts_with(
                "config.toml line 4: theme.dusk: \"cursr\" is none of base, first, second, board,"
            ),
            "{notices:?}"
        );
    }

    #[test]
    fn an_unknown_base_leaves_the_theme_out() {
        let (themes, notices) = read("[theme.dusk]\nboard = \"red\"\nbase = \"dark\"\n");
        assert!(themes.is_empty());
        assert_eq!(
            notices,
            [
                "config.toml line 3: theme.dusk: base \"dark\" is not a built-in theme (classic, light, colour-blind); left out"
            ]
        );
    }

    #[test]
    fn a_built_in_name_or_an_unprintable_one_leaves_the_theme_out() {
        let (themes, notices) = read(
            "[theme.light]\nboard = \"red\"\n[theme.\"a\\u001b[2Jb\"]\nboard = \"red\"\n[theme.ok]\n",
        );
        assert_eq!(themes.len(), 1);
        assert_eq!(themes[0].0, "ok");
        assert_eq!(notices.len(), 2, "{notices:?}");
        assert!(
            notices
                .iter()
                .any(|n| n.starts_with("config.toml line 1: theme.light: there is already")),
            "{notices:?}"
        );
        assert!(notices.iter().all(|n| !n.contains('\u{1b}')), "{notices:?}");
    }
}
