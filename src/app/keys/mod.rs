//! Which key does what, screen by screen, as one table a screen: its
//! [`Keymap`]. The keymap is read three ways: to turn a key press into an
//! [`Action`], to write the help overlay ([`help`]) and to write the
//! footer ([`footer`]). So a key the help or the footer names is the key
//! that does it, and only the keymap says what a key does.
//!
//! An input event is read here ([`action_for`]): a key press (never a
//! release) by the keymap, a left click and a new terminal size as actions
//! of their own. A screen's keymap is in a `keys.rs` beside it; the lines every screen
//! shares (the looks, the help, quitting) are in [`shared`].

mod binding;
pub mod footer;
pub mod help;
mod key;
pub mod shared;
mod typing;

pub use binding::Binding;
pub use footer::Footer;
pub use key::{Key, Sort};
pub use typing::Typing;

use ratatui::crossterm::event::{Event, KeyEventKind, MouseButton, MouseEventKind};

use crate::app::action::Action;

/// A screen's keys: its bindings (in the help's order, in sections that
/// keymaps share), how characters that are not keys are read, and the
/// footer's choice of them.
#[derive(Debug, PartialEq, Eq)]
pub struct Keymap {
    pub sections: &'static [&'static [Binding]],
    pub input: Input,
    /// What any other key asks for (a question: any other key says no).
    pub otherwise: Option<Action>,
    /// What the footer names, in its order.
    pub footer: &'static [Footer],
}

impl Keymap {
    /// A keymap of `sections`, with nothing typed and no footer.
    pub const fn new(sections: &'static [&'static [Binding]]) -> Keymap {
        Keymap {
            sections,
            input: Input::Keys,
            otherwise: None,
            footer: &[],
        }
    }

    /// The same, reading characters as `input` says.
    pub const fn input(mut self, input: Input) -> Keymap {
        self.input = input;
        self
    }

    /// The same, where any other key asks for `action`.
    pub const fn otherwise(mut self, action: Action) -> Keymap {
        self.otherwise = Some(action);
        self
    }

    /// The same, with a footer naming `footer`.
    pub const fn footer(mut self, footer: &'static [Footer]) -> Keymap {
        self.footer = footer;
        self
    }

    /// Every binding, in order.
    pub fn bindings(&self) -> impl Iterator<Item = &'static Binding> + '_ {
        self.sections.iter().flat_map(|section| section.iter())
    }
}

/// How a screen reads characters that are not its keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Input {
    /// It does not: only its keys do anything.
    Keys,
    /// A line of text: every character goes in it.
    Text,
    /// A number: digits go in it.
    Digits,
    /// A board: the letters that type there (see [`Typing`]) open the
    /// address line with themselves, and `:` opens it empty.
    Board,
}

/// What the keys mean now: the keymap of the screen shown and, on a
/// board, the letters that type there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mode {
    pub keymap: &'static Keymap,
    pub typing: Typing,
}

impl Mode {
    /// `keymap`, on no board.
    pub const fn of(keymap: &'static Keymap) -> Mode {
        Mode {
            keymap,
            typing: Typing::NONE,
        }
    }

    /// `keymap`, on a board where `typing` letters type.
    pub const fn on_board(keymap: &'static Keymap, typing: Typing) -> Mode {
        Mode { keymap, typing }
    }

    /// The action `key` asks for here, if any. `Ctrl-c` quits everywhere,
    /// as a terminal user expects; no keymap can take it.
    pub fn action(self, key: Key) -> Option<Action> {
        if key == Key::Ctrl('c') {
            return Some(Action::Quit);
        }
        if let Some(typed) = self.typed(key) {
            return Some(typed);
        }
        self.bound(key).or(self.keymap.otherwise)
    }

    /// The action a binding of the keymap gives `key`, if one names it.
    fn bound(self, key: Key) -> Option<Action> {
        self.keymap
            .bindings()
            .flat_map(Binding::all)
            .find(|&(named, _)| named == key)
            .map(|(_, action)| action)
    }

    /// What `key` types here, if it types.
    fn typed(self, key: Key) -> Option<Action> {
        let Key::Char(c) = key else {
            return None;
        };
        match self.keymap.input {
            Input::Text => Some(Action::Type(c)),
            Input::Digits if c.is_ascii_digit() => Some(Action::Type(c)),
            Input::Board if self.typing.types(c) || self.partner_types(key) => {
                Some(Action::Type(c))
            }
            Input::Board if c == ':' => Some(Action::OpenAddress),
            // While pieces may be placed, a letter or digit that is no
            // command here starts an address too, so that a mistyped one
            // (`z9`) is shown and refused, not dropped before Enter
            // places a piece at the cursor.
            Input::Board
                if self.typing != Typing::NONE
                    && c.is_ascii_alphanumeric()
                    && self.keymap.otherwise.is_none()
                    && self.bound(key).is_none() =>
            {
                Some(Action::Type(c))
            }
            _ => None,
        }
    }

    /// Whether a letter that does something else in the binding naming
    /// `key` (a letter) types on this board: letters that split one
    /// binding's actions between them (`j k l` for the cursor) work as a
    /// set, so that on an 11×11 board, where `j` and `k` are columns, `l`
    /// types too rather than being left alone moving the cursor right.
    /// Letters that are other names for the same action (`u`, `r`) stand
    /// alone.
    fn partner_types(self, key: Key) -> bool {
        let letter = |k: Key| matches!(k, Key::Char(c) if c.is_ascii_alphabetic());
        if !letter(key) {
            return false;
        }
        let Some(binding) = self
            .keymap
            .bindings()
            .find(|binding| binding.all().any(|(named, _)| named == key))
        else {
            return false;
        };
        let does = binding
            .all()
            .find(|&(named, _)| named == key)
            .map(|(_, action)| action);
        binding.all().any(|(other, action)| {
            Some(action) != does
                && letter(other)
                && matches!(other, Key::Char(c) if self.typing.types(c))
        })
    }

    /// Whether `key` works for `binding` here: it does not type, and no
    /// binding before takes it.
    fn works(self, key: Key, binding: &Binding) -> bool {
        let owner = self
            .keymap
            .bindings()
            .find(|earlier| earlier.all().any(|(named, _)| named == key));
        // A cell is typed on a board, a number where digits are read.
        let read = match key {
            Key::Cell => self.keymap.input == Input::Board,
            Key::Number => self.keymap.input == Input::Digits,
            _ => self.typed(key).is_none(),
        };
        read && owner.is_some_and(|owner| std::ptr::eq(owner, binding))
    }

    /// The keys of `binding` that work here, with their actions.
    pub fn working(self, binding: &Binding) -> impl Iterator<Item = (Key, Action)> + '_ {
        binding
            .named()
            .filter(move |&(key, _)| self.works(key, binding))
    }

    /// The key to name for `action` here: the first of its keys that
    /// works (a letter where it does not type, else its `Ctrl` key).
    pub fn key_for(self, action: Action) -> String {
        self.keymap
            .bindings()
            .flat_map(|binding| self.working(binding))
            .find(|&(_, does)| does == action)
            .map_or_else(String::new, |(key, _)| key.short())
    }
}

/// The action an input event asks for in `mode`, if any.
pub fn action_for(event: &Event, mode: Mode) -> Option<Action> {
    match event {
        Event::Key(press) if press.kind == KeyEventKind::Press => mode.action(Key::of(press)?),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some(Action::Click {
                column: mouse.column,
                row: mouse.row,
            })
        }
        Event::Resize(width, height) => Some(Action::Resize {
            width: *width,
            height: *height,
        }),
        _ => None,
    }
}
