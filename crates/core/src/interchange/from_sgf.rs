//! A game read from SGF: which game the root names, its settings (`SZ`,
//! and tabletop's own in `RU`), and every move replayed through the engine
//! with its colour checked, so that a file that is read is a game the
//! rules allow.
//!
//! What tabletop reads from a root: `GM` (or, in a file without one,
//! Little Golem's `EV`), `FF`, `SZ`, `RU` (only when it is tabletop's
//! `name=value` words), `DT` and `RE`; other properties (`PB`, `C`, `AP`,
//! ...) are left aside. Moves are `B` and `W`; stones set up by hand (`AB`,
//! `AW`, `AE`) are refused, for tabletop replays games from their start.

use crate::games::GameKind;
use tabletop_engine::line::Line;
use tabletop_engine::quote::quote;
use tabletop_engine::record::{MAX_MOVES, Record};
use tabletop_engine::settings::Kind;
use tabletop_engine::{Described, Game, GameSettings, IllegalMove, Outcome, Player};

use super::dialect::{Cells, Dialect, Token, colour, mirror};
use super::sgf::{Node, Property, day};
use super::{ForeignError, Form};

/// What SGF's game numbers name (FF[4]'s list), for a file of another game.
const GAME_NAMES: &[&str] = &[
    "Go",
    "Othello",
    "chess",
    "Gomoku and Renju",
    "Nine Men's Morris",
    "Backgammon",
    "Chinese chess",
    "Shogi",
    "Lines of Action",
    "Ataxx",
    "Hex",
];

/// The one value of a property, refused if it has several.
fn single(property: &Property) -> Result<&str, ForeignError> {
    match property.values.as_slice() {
        [value] => Ok(value.text.trim()),
        values => Err(ForeignError::at(
            property.line,
            format!("{} takes one value, not {}", property.ident, values.len()),
        )),
    }
}

/// `Hex (GM[11]), Connect6 (EV[connect6…]) and Gomoku (GM[4])`.
fn readable(dialects: &[(GameKind, Dialect)]) -> String {
    let named: Vec<String> = dialects
        .iter()
        .map(
            |(kind, dialect)| match (dialect.game_number, dialect.event) {
                (Some(number), _) => format!("{} (GM[{number}])", kind.title()),
                (None, Some(event)) => format!("{} (EV[{event}…])", kind.title()),
                (None, None) => kind.title().to_string(),
            },
        )
        .collect();
    match named.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "no game".to_string(),
    }
}

/// The game a root names, and its dialect: by `GM`, or in a file without
/// one (which SGF takes for Go) by the first word of `EV`.
pub fn game_of(
    root: &Node,
    forms: impl Iterator<Item = (GameKind, Form)>,
) -> Result<(GameKind, Dialect), ForeignError> {
    let dialects: Vec<(GameKind, Dialect)> = forms
        .filter_map(|(kind, form)| match form {
            Form::Sgf(dialect) => Some((kind, dialect)),
            Form::Transcript => None,
        })
        .collect();
    if let Some(gm) = root.get("GM") {
        let written = single(gm)?;
        let number: u32 = written.parse().map_err(|_| {
            ForeignError::at(
                gm.line,
                format!("GM[{}] is not a game number", quote(written)),
            )
        })?;
        if let Some(&found) = dialects
            .iter()
            .find(|(_, dialect)| dialect.game_number == Some(number))
        {
            return Ok(found);
        }
        let name = number
            .checked_sub(1)
            .and_then(|i| GAME_NAMES.get(i as usize))
            .map_or_else(|| format!("game {number}"), |name| name.to_string());
        return Err(ForeignError::at(
            gm.line,
            format!(
                "GM[{number}] is {name}, which tabletop does not read from SGF (it reads {})",
                readable(&dialects)
            ),
        ));
    }
    let event = match root.get("EV") {
        Some(ev) => single(ev)?.to_ascii_lowercase(),
        None => String::new(),
    };
    let first_word = event.split(['.', ' ']).next().unwrap_or_default();
    dialects
        .iter()
        .find(|(_, dialect)| dialect.event == Some(first_word))
        .copied()
        .ok_or_else(|| {
            ForeignError::at(
                root.line,
                format!(
                    "the file names no game (no GM, which SGF takes for Go): tabletop reads {}",
                    readable(&dialects)
                ),
            )
        })
}

/// A move as the file writes it: its colour, its line, its text.
struct Written<M> {
    colour: Player,
    line: usize,
    text: String,
    token: Token<M>,
}

/// The colour `player` plays in, once the players have exchanged colours
/// or not; the same mapping takes a colour to its player.
fn colour_of(player: Player, exchanged: bool) -> Player {
    if exchanged { player.other() } else { player }
}

/// How a dialect writes a cell, for a refusal.
fn cells_hint(dialect: &Dialect) -> &'static str {
    match dialect.cells {
        Cells::Vertices => "cells are written like a1 (column letter, row from 1)",
        Cells::LetterNumber | Cells::Pairs => "cells are written like j10 or jj (column, row)",
    }
}

/// Every move of the main line, in order.
fn moves<G: Described>(
    dialect: &Dialect,
    nodes: &[Node],
) -> Result<Vec<Written<G::Move>>, ForeignError> {
    let mut moves = Vec::new();
    for node in nodes {
        if let Some(setup) = ["AB", "AW", "AE"].iter().find_map(|id| node.get(id)) {
            return Err(ForeignError::at(
                setup.line,
                format!(
                    "{} sets stones up by hand: tabletop reads games played from the start",
                    setup.ident
                ),
            ));
        }
        let property = match (node.get("B"), node.get("W")) {
            (Some(_), Some(_)) => {
                return Err(ForeignError::at(
                    node.line,
                    "a node with both a B and a W move",
                ));
            }
            (Some(property), None) | (None, Some(property)) => property,
            (None, None) => continue,
        };
        let colour = if property.ident == "B" {
            Player::First
        } else {
            Player::Second
        };
        let value = single(property)?;
        let number = moves.len() + 1;
        let refuse = |reason: String| ForeignError::at_move(property.line, number, reason);
        if value.is_empty() {
            return Err(refuse(format!(
                "{}[] is a pass, and {} has none",
                property.ident,
                G::TITLE
            )));
        }
        let tokens = dialect.read::<G>(value).ok_or_else(|| {
            refuse(format!(
                "{}[{}] is not a {} move: {}",
                property.ident,
                quote(value),
                G::TITLE,
                cells_hint(dialect)
            ))
        })?;
        for (text, token) in tokens {
            if moves.len() == MAX_MOVES {
                return Err(refuse(format!(
                    "more than {MAX_MOVES} moves: more than any game has"
                )));
            }
            moves.push(Written {
                colour,
                line: property.line,
                text,
                token,
            });
        }
    }
    Ok(moves)
}

/// tabletop's settings in `RU`: `swap=on line=5`, and the line.
struct Rules {
    line: usize,
    pairs: Vec<(String, String)>,
}

impl Rules {
    /// `RU`'s settings, when it is tabletop's `name=value` words (anything
    /// else is another program's description of its rules, left aside).
    fn of(root: &Node) -> Result<Option<Rules>, ForeignError> {
        let Some(ru) = root.get("RU") else {
            return Ok(None);
        };
        let pairs: Option<Vec<(String, String)>> = single(ru)?
            .split_whitespace()
            .map(|word| {
                word.split_once('=')
                    .map(|(name, value)| (name.to_string(), value.to_string()))
            })
            .collect();
        Ok(pairs.map(|pairs| Rules {
            line: ru.line,
            pairs,
        }))
    }

    /// The value given for the setting `name`, and the line.
    fn get(&self, name: &str) -> Option<(usize, String)> {
        self.pairs
            .iter()
            .find(|(given, _)| given == name)
            .map(|(_, value)| (self.line, value.clone()))
    }
}

/// The game's settings: the board's side from `SZ` (square boards only),
/// the others from `RU`, and the swap on in a file that swaps; a setting
/// not given takes its default.
fn settings<G: Described>(
    dialect: &Dialect,
    root: &Node,
    swaps: bool,
) -> Result<G::Settings, ForeignError> {
    let list = <G::Settings as GameSettings>::LIST;
    let rules = Rules::of(root)?;
    if let Some(rules) = &rules
        && let Some((name, _)) = rules.pairs.iter().find(|(name, _)| {
            !list
                .iter()
                .any(|s| s.name == name && !matches!(s.kind, Kind::Side(_)))
        })
    {
        return Err(ForeignError::at(
            rules.line,
            format!(
                "RU names {}, which is not a setting of {} (SZ is the board's size)",
                quote(name),
                G::TITLE
            ),
        ));
    }
    let mut values = Vec::with_capacity(list.len());
    for setting in list {
        let given = match setting.kind {
            Kind::Side(_) => match root.get("SZ") {
                Some(sz) => Some((sz.line, side(sz)?)),
                None => None,
            },
            _ => rules.as_ref().and_then(|rules| rules.get(setting.name)),
        };
        let value = match given {
            Some((line, text)) => setting
                .parse(&text, &values)
                .map_err(|error| ForeignError::at(line, error.in_record()))?,
            None if swaps && dialect.swap.is_some_and(|s| s.setting == setting.name) => 1,
            None => setting.default,
        };
        values.push(value);
    }
    G::Settings::from_values(&values).map_err(|error| ForeignError::new(error.in_record()))
}

/// `SZ`'s side: `19`, or `19:19` (columns and rows, which must agree).
fn side(sz: &Property) -> Result<String, ForeignError> {
    let text = single(sz)?;
    match text.split_once(':') {
        Some((columns, rows)) if columns.trim() != rows.trim() => Err(ForeignError::at(
            sz.line,
            format!("SZ[{}]: tabletop's boards are square", quote(text)),
        )),
        Some((columns, _)) => Ok(columns.trim().to_string()),
        None => Ok(text.to_string()),
    }
}

/// What `RE` says: a colour won (by resignation or not), a draw, or
/// nothing tabletop can check (`?`, `Void`, a time loss is still a win).
enum Said {
    Won { colour: Player, resigned: bool },
    Drawn,
    Nothing,
}

fn said(text: &str) -> Said {
    let text = text.trim();
    if ["0", "draw", "jigo"]
        .iter()
        .any(|d| d.eq_ignore_ascii_case(text))
    {
        return Said::Drawn;
    }
    let colour = match text.chars().next().map(|c| c.to_ascii_uppercase()) {
        Some('B') => Player::First,
        Some('W') => Player::Second,
        _ => return Said::Nothing,
    };
    match text[1..].strip_prefix('+') {
        Some(reason) => Said::Won {
            colour,
            resigned: reason.starts_with(['R', 'r']),
        },
        None if text.len() == 1 => Said::Won {
            colour,
            resigned: false,
        },
        None => Said::Nothing,
    }
}

/// `DT`'s first day, if it is one (`2026-11-21`).
fn date(root: &Node) -> Option<String> {
    day(&root.get("DT")?.values.first()?.text).map(str::to_string)
}

/// Reads the game of `nodes` (the main line, the root first), written in
/// `dialect`, replaying every move through the engine.
pub fn read<G: Described>(dialect: &Dialect, nodes: &[Node]) -> Result<Record<G>, ForeignError> {
    let root = nodes
        .first()
        .ok_or_else(|| ForeignError::at(1, "the game has no nodes"))?;
    if let Some(ff) = root.get("FF") {
        let version = single(ff)?;
        if !matches!(version, "1" | "2" | "3" | "4") {
            return Err(ForeignError::at(
                ff.line,
                format!("FF[{}] is not a version of SGF (1 to 4)", quote(version)),
            ));
        }
    }
    let written = moves::<G>(dialect, nodes)?;
    let swaps = written.iter().any(|w| w.token == Token::Swap);
    let start = G::new(settings::<G>(dialect, root, swaps)?);
    let mut line = Line::new(start.clone());
    // Whether the players exchanged colours when they swapped (HexGui's
    // way), and whether that is still to be seen from the next move.
    let (mut exchanged, mut swap_pending) = (false, false);
    let mut resigned = None;
    for (i, written) in written.iter().enumerate() {
        let refuse = |reason: String| {
            ForeignError::at_move(
                written.line,
                i + 1,
                format!(
                    "{}[{}]: {reason}",
                    colour(written.colour),
                    quote(&written.text)
                ),
            )
        };
        if resigned.is_some() {
            return Err(refuse("a move after a resignation".to_string()));
        }
        if swap_pending && written.token != Token::Swap {
            // The colour of the move after a swap says which swap it was:
            // W again is HexGui's, where the players exchanged colours;
            // B is the mirrored stone's, where they did not.
            exchanged = written.colour == Player::Second;
            swap_pending = false;
        }
        let game = line.game();
        let mover = colour_of(written.colour, exchanged);
        if game.is_over() {
            return Err(refuse(IllegalMove::GameOver.to_string()));
        }
        if mover != game.to_move() {
            let turn = colour(colour_of(game.to_move(), exchanged));
            return Err(refuse(format!("it is {turn}'s turn")));
        }
        let mv = match &written.token {
            Token::Resign => {
                resigned = Some(mover);
                continue;
            }
            Token::Swap => {
                swap_pending = true;
                G::WORD_MOVES
                    .iter()
                    .copied()
                    .find(|mv| G::placed(mv).is_none())
                    .ok_or_else(|| refuse(format!("{} has no swap", G::TITLE)))?
            }
            Token::Move(mv) if exchanged => mirror::<G>(*mv),
            Token::Move(mv) => *mv,
        };
        line.play(mv)
            .map_err(|illegal| refuse(illegal.to_string()))?;
    }
    let mut record = Record::new(start);
    record.resigned = check_result(root, line.game(), resigned, exchanged)?;
    record.moves = line.moves().collect();
    record.date = date(root);
    Ok(record)
}

/// Checks `RE` against how the moves ended; who resigned, if `RE` or a
/// `resign` move says someone did.
fn check_result<G: Game>(
    root: &Node,
    end: &G,
    resigned: Option<Player>,
    exchanged: bool,
) -> Result<Option<Player>, ForeignError> {
    let Some(re) = root.get("RE") else {
        return Ok(resigned);
    };
    let text = single(re)?;
    let winner = match said(text) {
        Said::Won { colour, resigned } => Some((colour_of(colour, exchanged), resigned)),
        Said::Drawn => None,
        Said::Nothing => return Ok(resigned),
    };
    let refuse = |reached: String| {
        ForeignError::at(
            re.line,
            format!("RE[{}] does not agree: {reached}", quote(text)),
        )
    };
    let name = |player: Player| colour(colour_of(player, exchanged));
    match (end.outcome(), resigned, winner) {
        (Some(Outcome::Win(won)), _, Some((said, _))) if said == won => Ok(None),
        (Some(Outcome::Draw), _, None) => Ok(None),
        (Some(Outcome::Win(won)), _, _) => {
            Err(refuse(format!("after its moves {} won", name(won))))
        }
        (Some(Outcome::Draw), _, _) => Err(refuse("its moves end in a draw".to_string())),
        (None, Some(resigner), Some((said, _))) if said != resigner => Ok(Some(resigner)),
        (None, Some(resigner), _) => Err(refuse(format!("{} resigned", name(resigner)))),
        (None, None, Some((said, true))) => Ok(Some(said.other())),
        (None, None, _) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_read_the_ways_programs_write_them() {
        let won = |text| match said(text) {
            Said::Won { colour, resigned } => Some((colour, resigned)),
            _ => None,
        };
        assert_eq!(won("B+"), Some((Player::First, false)));
        assert_eq!(won("W+R"), Some((Player::Second, true)));
        assert_eq!(won("w+Resign"), Some((Player::Second, true)));
        assert_eq!(won("B"), Some((Player::First, false)));
        assert_eq!(won("B+T"), Some((Player::First, false)));
        assert!(matches!(said("0"), Said::Drawn));
        assert!(matches!(said("Draw"), Said::Drawn));
        for nothing in ["?", "Void", "", "Black", "é"] {
            assert!(matches!(said(nothing), Said::Nothing), "{nothing:?}");
        }
    }
}
