//! What a draw offer or an undo request and their answers say, on every
//! terminal (the plain mode's lines, the game screen's status): one
//! wording, whoever shows it. `who` is the player's name, or none for
//! the player at this terminal.

use crate::protocol::Proposal;

/// What is offered, in a word.
pub fn word(what: Proposal) -> &'static str {
    match what {
        Proposal::Draw => "draw",
        Proposal::Undo => "undo",
    }
}

/// An offer; `answerable` when told to the player who may answer it,
/// with how (`keys`: the plain mode's `accept or decline`, or the
/// screen's keys).
pub fn offer_text(who: Option<&str>, what: Proposal, answerable: Option<&str>) -> String {
    let text = match (who, what) {
        (None, Proposal::Draw) => "You offer a draw".to_string(),
        (None, Proposal::Undo) => "You ask to take your last move back".to_string(),
        (Some(who), Proposal::Draw) => format!("{who} offers a draw"),
        (Some(who), Proposal::Undo) => format!("{who} asks to take their last move back"),
    };
    match answerable {
        Some(keys) => format!("{text}: {keys}."),
        None => format!("{text}."),
    }
}

/// An answer to an offer.
pub fn answer_text(who: Option<&str>, what: Proposal, accept: bool) -> String {
    let verb = match (who.is_some(), accept) {
        (false, true) => "accept",
        (false, false) => "decline",
        (true, true) => "accepts",
        (true, false) => "declines",
    };
    format!("{} {verb} the {}.", who.unwrap_or("You"), word(what))
}

/// An offer its maker took back before it was answered.
pub fn withdraw_text(who: Option<&str>, what: Proposal) -> String {
    match who {
        None => format!("You withdraw your {} offer.", word(what)),
        Some(who) => format!("{who} withdraws the {} offer.", word(what)),
    }
}

/// An offer that lapsed because the other side moved: `offerer` made
/// it, `mover` moved (names, none for this terminal's player).
pub fn lapse_text(offerer: Option<&str>, what: Proposal, mover: Option<&str>) -> String {
    let whose = match offerer {
        None => "Your".to_string(),
        Some(who) => format!("{who}'s"),
    };
    let moved = match mover {
        None => "you moved".to_string(),
        Some(who) => format!("{who} moved"),
    };
    format!("{whose} {} offer lapsed: {moved}.", word(what))
}

/// The plain mode's way to answer.
pub const TYPE_ANSWER: &str = "type accept or decline";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offers_and_answers_read_for_whoever_is_told() {
        assert_eq!(
            offer_text(Some("bob"), Proposal::Draw, Some(TYPE_ANSWER)),
            "bob offers a draw: type accept or decline."
        );
        assert_eq!(
            offer_text(None, Proposal::Undo, None),
            "You ask to take your last move back."
        );
        assert_eq!(
            answer_text(Some("bob"), Proposal::Undo, false),
            "bob declines the undo."
        );
        assert_eq!(
            answer_text(None, Proposal::Draw, true),
            "You accept the draw."
        );
        assert_eq!(
            withdraw_text(Some("ada"), Proposal::Draw),
            "ada withdraws the draw offer."
        );
        assert_eq!(
            lapse_text(Some("ada"), Proposal::Undo, None),
            "ada's undo offer lapsed: you moved."
        );
    }
}
