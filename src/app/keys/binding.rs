//! One line of a keymap: the keys that do one thing, with what the help
//! says of it.

use super::key::Key;
use crate::app::action::Action;

/// The keys that do one thing (or one thing each, as the four arrows do)
/// and what the help says they do.
#[derive(Debug, PartialEq, Eq)]
pub struct Binding {
    keys: Keys,
    /// What the keys do, as the help says it.
    pub help: &'static str,
    /// Keys that do the same without being named (`=` for `+`).
    quiet: &'static [(Key, Action)],
}

#[derive(Debug, PartialEq, Eq)]
enum Keys {
    /// Every key asks for the same action.
    Same(&'static [Key], Action),
    /// Each key asks for its own (the arrows, Home and End).
    Each(&'static [(Key, Action)]),
}

impl Binding {
    /// `keys`, each asking for `action`.
    pub const fn new(keys: &'static [Key], action: Action, help: &'static str) -> Binding {
        Binding {
            keys: Keys::Same(keys, action),
            help,
            quiet: &[],
        }
    }

    /// Keys that ask for one action each, said in one line of the help.
    pub const fn each(keys: &'static [(Key, Action)], help: &'static str) -> Binding {
        Binding {
            keys: Keys::Each(keys),
            help,
            quiet: &[],
        }
    }

    /// The same, with `quiet` keys that work too but go unnamed.
    pub const fn also(mut self, quiet: &'static [(Key, Action)]) -> Binding {
        self.quiet = quiet;
        self
    }

    /// Every key named, with the action it asks for, in order.
    pub fn named(&self) -> impl Iterator<Item = (Key, Action)> + '_ {
        let (same, each) = match &self.keys {
            Keys::Same(keys, action) => (Some((*keys, *action)), None),
            Keys::Each(pairs) => (None, Some(*pairs)),
        };
        let same = same
            .into_iter()
            .flat_map(|(keys, action)| keys.iter().map(move |&key| (key, action)));
        same.chain(each.into_iter().flatten().copied())
    }

    /// Every key, named or not, with the action it asks for.
    pub fn all(&self) -> impl Iterator<Item = (Key, Action)> + '_ {
        self.named().chain(self.quiet.iter().copied())
    }

    /// The action the binding stands for: its first key's.
    pub fn action(&self) -> Option<Action> {
        self.named().next().map(|(_, action)| action)
    }

    /// Whether its keys ask for one action each (a group, like the
    /// arrows), rather than all for the same.
    pub fn is_group(&self) -> bool {
        matches!(self.keys, Keys::Each(_))
    }

    /// Whether one of its keys asks for `action`.
    pub fn does(&self, action: Action) -> bool {
        self.named().any(|(_, does)| does == action)
    }
}
