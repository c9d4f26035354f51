//! The footer's line of keys, written from the keymap: the actions the
//! keymap's footer names, each with the key that does it here, the least
//! needed left out first when the line is short.

use super::{Binding, Key, Mode};
use crate::app::action::Action;
use crate::app::fit::width;

/// An action the footer names, what it calls it, and how much it matters
/// there (the lowest goes first when the line is too short).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Footer {
    pub action: Action,
    pub says: &'static str,
    pub weight: u8,
}

impl Footer {
    /// Always named, however short the line.
    pub const ALWAYS: u8 = u8::MAX;

    /// `action`, called `says`, always named.
    pub const fn new(action: Action, says: &'static str) -> Footer {
        Footer {
            action,
            says,
            weight: Footer::ALWAYS,
        }
    }

    /// The same, left out before any of less `weight`.
    pub const fn weight(mut self, weight: u8) -> Footer {
        self.weight = weight;
        self
    }
}

/// One item of the footer as drawn: its keys, then what they do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Item {
    /// The action it names.
    pub action: Action,
    pub keys: String,
    pub says: String,
    pub weight: u8,
}

impl Item {
    /// The columns it takes, with the gap after it.
    fn width(&self) -> usize {
        width(&self.keys) + width(&self.says) + 3
    }
}

impl Mode {
    /// The footer's items here: each action of the keymap's footer the
    /// screen `shows` now that has a key working here.
    pub fn footer(self, shows: impl Fn(Action) -> bool) -> Vec<Item> {
        self.keymap
            .footer
            .iter()
            .filter(|footer| shows(footer.action))
            .filter_map(|footer| {
                Some(Item {
                    action: footer.action,
                    keys: self.footer_keys(footer.action)?,
                    says: footer.says.to_string(),
                    weight: footer.weight,
                })
            })
            .collect()
    }

    /// The keys the footer names for `action`: its first key that works
    /// here; in a group (the arrows, Home and End), that key's sort of
    /// keys in the group (`←↑→↓`, `Home End`).
    fn footer_keys(self, action: Action) -> Option<String> {
        let binding: &Binding = self.keymap.bindings().find(|b| b.does(action))?;
        let (first, _) = self.working(binding).find(|&(_, does)| does == action)?;
        if !binding.is_group() {
            return Some(first.short());
        }
        let names: Vec<String> = self
            .working(binding)
            .filter(|(key, _)| key.sort() == Key::sort(first))
            .map(|(key, _)| key.short())
            .collect();
        let apart = if names.iter().all(|name| name.chars().count() == 1) {
            ""
        } else {
            " "
        };
        Some(names.join(apart))
    }
}

/// `items`, the least weighty left out first (never those always named)
/// until they fit in `room` columns.
pub fn fitted(mut items: Vec<Item>, room: usize) -> Vec<Item> {
    while items.iter().map(Item::width).sum::<usize>() > room {
        let least = items
            .iter()
            .enumerate()
            .filter(|(_, item)| item.weight < Footer::ALWAYS)
            .min_by_key(|(_, item)| item.weight)
            .map(|(at, _)| at);
        match least {
            Some(at) => {
                items.remove(at);
            }
            None => break,
        }
    }
    items
}
