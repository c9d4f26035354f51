//! Game settings, described once. Each game's settings type lists its
//! settings ([`GameSettings::LIST`]): name, what values each takes (a range
//! that may depend on the settings before it), default and help. The
//! command line's flags, the start screen's rows, the records' `[settings]`
//! table, GTP's `boardsize` and every refusal are derived from that list,
//! so a range or a default is written in exactly one place.
//!
//! Values are whole numbers: a number is itself, a word is its index in the
//! list of words, a switch is 0 (off) or 1 (on).

use std::fmt::{self, Debug};
use std::hash::Hash;

use super::quote::quote;

/// One setting of a game.
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    /// Its name in records (`both_win`); the command line writes it with
    /// dashes (`--both-win`).
    pub name: &'static str,
    /// What the start screen calls it (`If both win`).
    pub label: &'static str,
    /// What it does, for `--help`.
    pub help: &'static str,
    pub default: usize,
    pub kind: Kind,
}

/// What values a setting takes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// The board's side: rows and columns (GTP's `boardsize` sets it).
    Side(RangeOf),
    /// A whole number.
    Number(RangeOf),
    /// One of a few words, by index.
    Words(&'static [Word]),
    /// Off (0) or on (1); off unless asked for.
    Switch,
}

/// The allowed range of a number, worked out from the settings before it.
pub type RangeOf = fn(&[usize]) -> Allowed;

/// A word a setting may be.
#[derive(Clone, Copy, Debug)]
pub struct Word {
    /// As typed on the command line and written in records (`mover`).
    pub word: &'static str,
    /// As the start screen shows it (`mover wins`).
    pub shown: &'static str,
}

/// The numbers a setting may be: `min`, `min + step`, ... up to `max`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Allowed {
    pub min: usize,
    pub max: usize,
    pub step: usize,
    /// Why the range is what it is, when it depends on other settings
    /// (` on a 6x6 board`); empty otherwise.
    pub context: String,
}

impl Allowed {
    /// Every whole number from `min` to `max`.
    pub fn between(min: usize, max: usize) -> Allowed {
        Allowed {
            min,
            max,
            step: 1,
            context: String::new(),
        }
    }

    /// The same range, explained by `context`.
    pub fn because(self, context: String) -> Allowed {
        Allowed { context, ..self }
    }

    pub fn contains(&self, value: usize) -> bool {
        (self.min..=self.max).contains(&value) && (value - self.min).is_multiple_of(self.step)
    }

    /// The allowed value nearest to `value`, rounding down between steps.
    pub fn nearest(&self, value: usize) -> usize {
        let value = value.clamp(self.min, self.max.max(self.min));
        value - (value - self.min) % self.step
    }

    /// `between 4 and 26 on a 6x6 board`, or `4, 6 or 8`.
    fn describe(&self) -> String {
        if self.step == 1 {
            return format!("between {} and {}{}", self.min, self.max, self.context);
        }
        let values: Vec<String> = (self.min..=self.max)
            .step_by(self.step)
            .map(|v| v.to_string())
            .collect();
        format!("{}{}", one_of(&values), self.context)
    }
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl Setting {
    /// The values this setting may take, given the settings before it.
    pub fn allowed(&self, values: &[usize]) -> Allowed {
        match self.kind {
            Kind::Side(range) | Kind::Number(range) => range(values),
            Kind::Words(words) => Allowed::between(0, words.len().saturating_sub(1)),
            Kind::Switch => Allowed::between(0, 1),
        }
    }

    /// The command-line flag: `--both-win`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// What the setting may be, in words: `between 4 and 26`, `mover or draw`.
    pub fn describe_allowed(&self, values: &[usize]) -> String {
        match self.kind {
            Kind::Words(words) => {
                one_of(&words.iter().map(|w| w.word.to_string()).collect::<Vec<_>>())
            }
            Kind::Switch => "on or off".to_string(),
            Kind::Side(_) | Kind::Number(_) => self.allowed(values).describe(),
        }
    }

    /// A refusal of `got` for this setting.
    pub fn refuse(&self, values: &[usize], got: impl fmt::Display) -> SettingError {
        SettingError {
            name: self.name,
            allowed: self.describe_allowed(values),
            got: quote(&got.to_string()),
        }
    }

    /// The value named by `text` (a number, or one of the words), checked
    /// against the settings before it.
    pub fn parse(&self, text: &str, values: &[usize]) -> Result<usize, SettingError> {
        let value = match self.kind {
            Kind::Words(words) => words.iter().position(|w| w.word == text.trim()),
            Kind::Switch => match text.trim() {
                "on" | "true" => Some(1),
                "off" | "false" => Some(0),
                _ => None,
            },
            Kind::Side(_) | Kind::Number(_) => parse_number(text),
        };
        match value {
            Some(value) if self.allowed(values).contains(value) => Ok(value),
            _ => Err(self.refuse(values, text.trim())),
        }
    }

    /// The word of a value, as records and the command line write it; a
    /// number for numbers.
    pub fn word(&self, value: usize) -> String {
        match self.kind {
            Kind::Words(words) => words.get(value).map_or("?", |w| w.word).to_string(),
            Kind::Switch => if value == 0 { "off" } else { "on" }.to_string(),
            Kind::Side(_) | Kind::Number(_) => value.to_string(),
        }
    }

    /// The value as the start screen shows it: `6x6`, `8`, `mover wins`, `on`.
    pub fn shown(&self, value: usize) -> String {
        match self.kind {
            Kind::Side(_) => format!("{value}x{value}"),
            Kind::Words(words) => words.get(value).map_or("?", |w| w.shown).to_string(),
            Kind::Switch | Kind::Number(_) => self.word(value),
        }
    }
}

/// A decimal whole number; anything else (signs, spaces inside, a number
/// too large for any setting) is not one.
fn parse_number(text: &str) -> Option<usize> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A setting outside what the game allows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SettingError {
    /// The setting's name, as in records.
    pub name: &'static str,
    /// What the setting may be, e.g. `between 4 and 26`.
    pub allowed: String,
    /// What was asked for, as given.
    pub got: String,
}

impl SettingError {
    /// The message without the command line's `--`: for records.
    pub fn in_record(&self) -> String {
        format!(
            "setting {} must be {} (got {})",
            self.name, self.allowed, self.got
        )
    }
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--{} must be {} (got {})",
            self.name.replace('_', "-"),
            self.allowed,
            self.got
        )
    }
}

impl std::error::Error for SettingError {}

/// A game's validated settings, and the list that describes them.
pub trait GameSettings: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    /// Every setting, in the order menus show them; a setting's range may
    /// depend only on the settings before it.
    const LIST: &'static [Setting];

    /// The settings from values that [`check`] accepts, in the order of
    /// [`GameSettings::LIST`].
    fn from_checked(values: &[usize]) -> Self;

    /// The values, in the order of [`GameSettings::LIST`].
    fn values(&self) -> Vec<usize>;

    /// The settings from values, refused with the first setting out of
    /// range.
    fn from_values(values: &[usize]) -> Result<Self, SettingError> {
        check(Self::LIST, values)?;
        Ok(Self::from_checked(values))
    }

    /// The board's side.
    fn side(&self) -> usize {
        let values = self.values();
        Self::LIST
            .iter()
            .position(|s| matches!(s.kind, Kind::Side(_)))
            .map_or(0, |i| values[i])
    }
}

/// Every setting's default, in order.
pub fn defaults(list: &[Setting]) -> Vec<usize> {
    list.iter().map(|s| s.default).collect()
}

/// The settings a game has by default.
pub fn default_settings<S: GameSettings>() -> S {
    S::from_checked(&defaults(S::LIST))
}

/// Whether `values` are allowed, one for each setting of `list`; the first
/// refusal otherwise.
pub fn check(list: &[Setting], values: &[usize]) -> Result<(), SettingError> {
    let values = complete(list, values);
    for (i, setting) in list.iter().enumerate() {
        if !setting.allowed(&values[..i]).contains(values[i]) {
            return Err(setting.refuse(&values[..i], values[i]));
        }
    }
    Ok(())
}

/// One value for each setting of `list`: those given, then defaults.
pub fn complete(list: &[Setting], values: &[usize]) -> Vec<usize> {
    list.iter()
        .enumerate()
        .map(|(i, s)| values.get(i).copied().unwrap_or(s.default))
        .collect()
}

/// `values` with setting `index` set as near to `value` as allowed, and
/// every later setting moved into its range if the change took it out:
/// allowed values stay allowed, whatever is changed.
pub fn adjust(list: &[Setting], values: &[usize], index: usize, value: usize) -> Vec<usize> {
    let mut values = complete(list, values);
    if index < values.len() {
        values[index] = value;
    }
    for (i, setting) in list.iter().enumerate().skip(index) {
        values[i] = setting.allowed(&values[..i]).nearest(values[i]);
    }
    values
}

/// `values` with setting `index` moved `by` steps (a word or a switch goes
/// round), kept allowed as [`adjust`] does.
pub fn step(list: &[Setting], values: &[usize], index: usize, by: isize) -> Vec<usize> {
    let Some(setting) = list.get(index) else {
        return values.to_vec();
    };
    let values = complete(list, values);
    let current = values[index];
    let allowed = setting.allowed(&values[..index]);
    let value = match setting.kind {
        Kind::Words(_) | Kind::Switch => {
            let count = (allowed.max + 1) as isize;
            (current as isize + by).rem_euclid(count) as usize
        }
        Kind::Side(_) | Kind::Number(_) => current
            .saturating_add_signed(by * allowed.step as isize)
            .clamp(allowed.min, allowed.max),
    };
    adjust(list, &values, index, value)
}

/// The index of the board's side in `list`.
pub fn side_index(list: &[Setting]) -> Option<usize> {
    list.iter().position(|s| matches!(s.kind, Kind::Side(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &[Setting] = &[
        Setting {
            name: "size",
            label: "Board",
            help: "board side",
            default: 6,
            kind: Kind::Side(|_| Allowed::between(4, 26)),
        },
        Setting {
            name: "pieces",
            label: "Pieces",
            help: "pieces each",
            default: 8,
            kind: Kind::Number(|v| {
                Allowed::between(3, v[0] * v[0] / 2).because(format!(" on a {0}x{0} board", v[0]))
            }),
        },
        Setting {
            name: "both_win",
            label: "If both win",
            help: "who wins",
            default: 0,
            kind: Kind::Words(&[
                Word {
                    word: "mover",
                    shown: "mover wins",
                },
                Word {
                    word: "draw",
                    shown: "draw",
                },
            ]),
        },
        Setting {
            name: "even",
            label: "Even",
            help: "an even number",
            default: 8,
            kind: Kind::Number(|_| Allowed {
                step: 2,
                ..Allowed::between(4, 8)
            }),
        },
    ];

    #[test]
    fn refusals_name_the_setting_and_its_range() {
        assert_eq!(check(LIST, &[6, 8, 0, 8]), Ok(()));
        let error = check(LIST, &[30, 8, 0, 8]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--size must be between 4 and 26 (got 30)"
        );
        let error = check(LIST, &[4, 9, 0, 8]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--pieces must be between 3 and 8 on a 4x4 board (got 9)"
        );
        let error = LIST[2].parse("nobody", &[6, 8]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--both-win must be mover or draw (got nobody)"
        );
        assert_eq!(
            error.in_record(),
            "setting both_win must be mover or draw (got nobody)"
        );
        let error = LIST[3].parse("5", &[6, 8, 0]).unwrap_err();
        assert_eq!(error.to_string(), "--even must be 4, 6 or 8 (got 5)");
        for bad in ["", "-1", "+4", "4.0", "99999999999999999999", "0x10"] {
            assert!(LIST[0].parse(bad, &[]).is_err(), "{bad:?}");
        }
        assert_eq!(LIST[0].parse(" 12 ", &[]), Ok(12));
    }

    #[test]
    fn adjusting_keeps_every_later_setting_allowed() {
        let values = adjust(LIST, &[6, 18, 1, 6], 0, 4);
        assert_eq!(values, vec![4, 8, 1, 6]);
        assert_eq!(check(LIST, &values), Ok(()));
        assert_eq!(adjust(LIST, &[6, 8, 0, 8], 0, 99)[0], 26);
        assert_eq!(adjust(LIST, &[6, 8, 0, 8], 3, 7)[3], 6);
    }

    #[test]
    fn steps_move_numbers_by_their_step_and_words_go_round() {
        assert_eq!(step(LIST, &[6, 8, 0, 8], 3, -1), vec![6, 8, 0, 6]);
        assert_eq!(step(LIST, &[6, 8, 0, 4], 3, -1), vec![6, 8, 0, 4]);
        assert_eq!(step(LIST, &[6, 8, 1, 8], 2, 1), vec![6, 8, 0, 8]);
        assert_eq!(step(LIST, &[6, 8, 0, 8], 2, -1), vec![6, 8, 1, 8]);
        assert_eq!(step(LIST, &[26, 8, 0, 8], 0, 1)[0], 26);
    }

    #[test]
    fn values_are_shown_and_written_by_their_kind() {
        assert_eq!(LIST[0].shown(6), "6x6");
        assert_eq!(LIST[1].shown(8), "8");
        assert_eq!(LIST[2].shown(0), "mover wins");
        assert_eq!(LIST[2].word(1), "draw");
        assert_eq!(LIST[2].flag(), "--both-win");
        assert_eq!(side_index(LIST), Some(0));
    }
}
