//! The help overlay's lines, written from the keymap: each binding the
//! screen offers now, with the keys that work there.

use super::{Binding, Mode};
use crate::app::action::Action;

/// One line of the help overlay: the keys, and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyHelp {
    pub keys: String,
    pub does: String,
}

impl Mode {
    /// The help's lines here: each binding whose action the screen
    /// `offers` now, with its keys that work here.
    pub fn help(self, offers: impl Fn(Action) -> bool) -> Vec<KeyHelp> {
        self.keymap
            .bindings()
            .filter(|binding| !binding.help.is_empty())
            .filter(|binding| binding.action().is_some_and(&offers))
            .filter_map(|binding| {
                let keys = self.keys_named(binding)?;
                Some(KeyHelp {
                    keys,
                    does: binding.help.to_string(),
                })
            })
            .collect()
    }

    /// `binding`'s keys that work here, as the help names them: two
    /// spaces apart, but steps of one sort one space apart (`← ↑ → ↓  j
    /// k l`); `None` if no key of it works here.
    fn keys_named(self, binding: &Binding) -> Option<String> {
        let mut text = String::new();
        let mut before = None;
        for (key, action) in self.working(binding) {
            if let Some((last, was)) = before {
                let steps = matches!((was, action), (Action::Step(_), Action::Step(_)));
                text.push_str(if steps && key.sort() == super::Key::sort(last) {
                    " "
                } else {
                    "  "
                });
            }
            text.push_str(&key.name());
            before = Some((key, action));
        }
        (!text.is_empty()).then_some(text)
    }
}
