//! The line typed at the bottom of the game screen: a cell (or a word
//! move), the file to save the game to, or a line of chat.

use super::{Play, Prompt, saving};
use crate::app::games::{GameUi, typed_move};
use crate::app::paths;
use tabletop_engine::quote::quote;

impl<G: GameUi> Play<G> {
    /// The address being typed, if one is.
    pub(super) fn address(&self) -> Option<&str> {
        match &self.input {
            Some((Prompt::Address, text)) => Some(text),
            _ => None,
        }
    }

    /// Enter or Space: plays the typed address, or the cursor cell; saves
    /// to the path typed; sends the chat typed.
    pub(super) fn confirm(&mut self) {
        self.selected = false;
        let Some((prompt, text)) = self.input.take() else {
            self.play_by_hand(G::place(self.cursor));
            return;
        };
        match prompt {
            Prompt::SavePath => self.save_to(paths::typed(text.trim())),
            Prompt::Chat => {
                if let Some(peer) = &mut self.peer {
                    peer.say(&text);
                }
            }
            Prompt::Address => self.play_typed(text),
        }
    }

    /// Plays the move `text` names, if it names one.
    fn play_typed(&mut self, text: String) {
        let played = match typed_move::<G>(&text) {
            Some(mv) => self.play_by_hand(mv),
            None => {
                let example = G::NOTATION.format(self.cursor);
                self.message = Some(format!(
                    "Invalid move: {} is not a cell name (like {example})",
                    quote(text.trim())
                ));
                false
            }
        };
        // What was typed stays, to be corrected (Backspace) or replaced
        // (typed over), unless no move could be played now at all.
        if !played && self.not_your_turn().is_none() {
            self.input = Some((Prompt::Address, text));
            self.selected = true;
        }
    }

    /// Adds `c` to the line, opening the address line if none is open.
    pub(super) fn type_char(&mut self, c: char) {
        let (prompt, text) = self
            .input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
        if std::mem::take(&mut self.selected) {
            text.clear();
        }
        let fits = match prompt {
            Prompt::Address => text.len() < 8 && (c.is_ascii_alphanumeric() || c == ' '),
            Prompt::SavePath => text.len() < 4096 && !c.is_control(),
            Prompt::Chat => {
                text.chars().count() < crate::net::protocol::MAX_CHAT && !c.is_control()
            }
        };
        if fits {
            text.push(c);
        }
    }

    pub(super) fn open_address(&mut self) {
        let (_, text) = self
            .input
            .get_or_insert_with(|| (Prompt::Address, String::new()));
        if std::mem::take(&mut self.selected) {
            text.clear();
        }
    }

    /// Opens the save prompt with the file the game was saved to, or a
    /// new file in the data folder.
    pub(super) fn open_save(&mut self) {
        let path = self
            .saved_to
            .clone()
            .unwrap_or_else(saving::new_save_path::<G>);
        self.selected = false;
        self.input = Some((Prompt::SavePath, paths::shown(&path)));
    }

    /// Opens the chat line, in a network game one plays.
    pub(super) fn open_chat(&mut self) {
        if self.offered(crate::app::action::Action::Chat) {
            self.input = Some((Prompt::Chat, String::new()));
        } else if self.peer.is_some() {
            self.message = Some("Nobody to chat with".to_string());
        }
    }

    /// Empties the line.
    pub(super) fn clear(&mut self) {
        self.selected = false;
        if let Some((_, text)) = &mut self.input {
            text.clear();
        }
    }

    pub(super) fn erase(&mut self) {
        self.selected = false;
        if let Some((_, text)) = &mut self.input {
            text.pop();
        }
    }

    /// Esc: closes the line; false when there was none.
    pub(super) fn cancel(&mut self) -> bool {
        self.input.take().is_some()
    }
}
