//! A player's games, from the SSH door's start screen: their rated games,
//! each with its date, the game, the opponent, the result and the rating
//! before and after, the latest first; then every game they finished
//! (against the computer too) that the server keeps for them
//! ([`KeptGames`]): its date, the game, the opponent and the result, the
//! newest first. Both are read from the server when the screen opens
//! ([`RatedHistory`]); a guest has none, and is told why. A finished game
//! chosen opens in the replay viewer, as a saved game does.

pub mod keys;

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::app::action::{Action, Direction};
use crate::app::fit::{self, shorten};
use crate::app::keys::Mode;
use crate::app::screens::keeping::KeptGames;
use crate::app::screens::{Context, Screen, Transition, replay};
use crate::app::theme::Theme;
use crate::app::widgets::keys::Footer;
use crate::app::widgets::title::{Fit, TitleBar};
use crate::games::{GameKind, read_record};
use crate::net::store::kept_games::KeptGame;
use crate::net::store::ratings::RatedGame;
use tabletop_core::counted::counted;
use tabletop_core::files::timestamp;

/// The most rated games read.
pub const MOST: usize = 200;

/// How a player's rated games are read (from the server's database, by
/// the SSH door that knows the player's key).
#[derive(Clone)]
pub struct RatedHistory(pub Arc<dyn Fn() -> Result<Vec<RatedGame>, String> + Send + Sync>);

impl fmt::Debug for RatedHistory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RatedHistory")
    }
}

impl PartialEq for RatedHistory {
    fn eq(&self, other: &RatedHistory) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What a guest is told of their games.
pub const NEEDS_A_KEY: &str = "Your games need a key: connect with an SSH key (ssh -i KEY) \
                               to keep a name, your games and ratings.";

pub struct History {
    name: String,
    games: Result<Vec<RatedGame>, String>,
    /// The games the player finished, as the server keeps them.
    kept: Result<Vec<KeptGame>, String>,
    /// The first line shown.
    top: usize,
    /// The line of the game chosen, if there is a game.
    chosen: Option<usize>,
    message: Option<String>,
}

/// What a line of the screen is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shown {
    /// What a section holds.
    Heading,
    /// Why a section could not be read.
    Failed,
    /// A rated game.
    Rated,
    /// The finished game kept at this index.
    Kept(usize),
}

impl History {
    /// Width and height the screen needs.
    pub const NEEDS: (u16, u16) = (40, 8);

    /// `name`'s rated games and the games `kept` for them, read now.
    pub fn read(name: &str, history: &RatedHistory, kept: Option<&KeptGames>) -> History {
        let mut history = History {
            name: name.to_string(),
            games: (history.0)(),
            kept: kept.map_or(Ok(Vec::new()), |kept| (kept.list)()),
            top: 0,
            chosen: None,
            message: None,
        };
        history.chosen = history.games_at().first().copied();
        history
    }

    /// The lines that are games, which the choice moves over.
    fn games_at(&self) -> Vec<usize> {
        let lines = self.lines();
        let games = lines.iter().enumerate();
        games
            .filter(|(_, (_, shown))| matches!(shown, Shown::Rated | Shown::Kept(_)))
            .map(|(at, _)| at)
            .collect()
    }

    /// The lines of the table: each section's heading, then its games,
    /// one a line.
    fn lines(&self) -> Vec<(String, Shown)> {
        let mut lines = section(
            &self.games,
            "rated game",
            "None yet: a game in the lobby against another player with a key is rated.",
            |_, game| (line(game), Shown::Rated),
        );
        lines.push((String::new(), Shown::Heading));
        lines.extend(section(
            &self.kept,
            "kept game",
            "No game kept yet: each game you finish here is kept for you.",
            |at, game| (kept_line(game), Shown::Kept(at)),
        ));
        lines
    }

    /// The rows the table has in a terminal of `area`.
    fn page(area: Rect) -> usize {
        usize::from(area.height.saturating_sub(5)).max(1)
    }

    /// Chooses the game `by` games after the one chosen (before it, if
    /// negative), within the list, and scrolls to show it (with the
    /// heading over the first of a section).
    fn choose(&mut self, by: isize, area: Rect) {
        self.message = None;
        let games = self.games_at();
        let Some(here) = self
            .chosen
            .and_then(|at| games.iter().position(|&g| g == at))
        else {
            return;
        };
        let there = here.saturating_add_signed(by).min(games.len() - 1);
        let at = games[there];
        self.chosen = Some(at);
        let page = Self::page(area);
        let shown_from = match there == 0 || games[there - 1] + 1 != at {
            true => at.saturating_sub(1),
            false => at,
        };
        if shown_from < self.top {
            self.top = shown_from;
        } else if at >= self.top + page {
            self.top = at + 1 - page;
        }
    }

    /// The replay viewer on the finished game chosen, this list kept
    /// behind it.
    fn replay(&mut self, context: &Context) -> Transition {
        let kept = match (self.chosen.map(|at| self.lines()[at].1), &self.kept) {
            (Some(Shown::Kept(index)), Ok(kept)) => &kept[index],
            (Some(_), _) => {
                self.message = Some(RATED_ONLY.to_string());
                return Transition::Stay;
            }
            (None, _) => {
                self.message = Some("There is no game to open.".to_string());
                return Transition::Stay;
            }
        };
        match read_record(&kept.record) {
            Ok(record) => Transition::Open(replay::viewer(record, None, false, context)),
            Err(why) => {
                self.message = Some(format!("That game's record could not be read: {why}"));
                Transition::Stay
            }
        }
    }
}

/// What Enter on a rated game says.
const RATED_ONLY: &str = "A rated game is listed for its ratings: its moves are \
                          among your finished games below.";

/// A section of the screen: its heading (how many `noun`s, or `none`, or
/// why they could not be read), then each of `games` in a line.
fn section<T>(
    games: &Result<Vec<T>, String>,
    noun: &str,
    none: &str,
    line: impl Fn(usize, &T) -> (String, Shown),
) -> Vec<(String, Shown)> {
    match games {
        Err(why) => vec![(
            format!("The server could not read them: {why}"),
            Shown::Failed,
        )],
        Ok(games) if games.is_empty() => vec![(none.to_string(), Shown::Heading)],
        Ok(games) => {
            let heading = format!("{}, the latest first", counted(games.len(), noun));
            let lines = games.iter().enumerate().map(|(at, game)| line(at, game));
            std::iter::once((heading, Shown::Heading))
                .chain(lines)
                .collect()
        }
    }
}

/// `2026-11-27 03:40  Gekitai  computer 2           Player X wins!`.
fn kept_line(game: &KeptGame) -> String {
    let when = game.played.trim_end_matches(" UTC");
    let kind = title(&game.game);
    format!("{when}  {kind:<8} {:<20} {}", game.opponent, game.result)
}

/// The title of the game `name` names, or the name as it is.
fn title(name: &str) -> String {
    name.parse::<GameKind>()
        .map_or_else(|_| name.to_string(), |kind| kind.title().to_string())
}

/// `2026-11-27 03:40  Gekitai  bob  won   1500 → 1662 (+162)`.
fn line(game: &RatedGame) -> String {
    let when = timestamp(UNIX_EPOCH + Duration::from_millis(game.ended_ms));
    let when = when.trim_end_matches(" UTC");
    let kind = title(&game.game);
    let result = match game.score {
        s if s > 0.75 => "won",
        s if s < 0.25 => "lost",
        _ => "draw",
    };
    let change = (game.after.round() - game.before.round()) as i64;
    format!(
        "{when}  {kind:<8} {:<20} {result:<5} {:.0} → {:.0} ({change:+})",
        game.opponent, game.before, game.after
    )
}

impl Screen for History {
    fn mode(&self) -> Mode {
        Mode::of(&keys::HISTORY)
    }

    fn update(&mut self, action: Action, context: &Context) -> Transition {
        let area = context.area;
        let page = Self::page(area) as isize;
        match action {
            Action::Step(Direction::Up) => self.choose(-1, area),
            Action::Step(Direction::Down) => self.choose(1, area),
            Action::PageUp => self.choose(-page, area),
            Action::PageDown => self.choose(page, area),
            Action::First => self.choose(isize::MIN, area),
            Action::Last => self.choose(isize::MAX, area),
            Action::Confirm => return self.replay(context),
            Action::Cancel => return Transition::Back,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, area: Rect, buf: &mut Buffer, theme: Theme) {
        let [title, about, table, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let width = usize::from(area.width);
        TitleBar {
            heading: "tabletop your games",
            about: &self.name,
            fit: Fit::Tail,
            theme,
        }
        .render(title, buf);
        let said = " Rated games, then the games kept for you on this server";
        Line::styled(fit::message(said, width), theme.dim()).render(about, buf);
        let lines = self.lines();
        let rows = lines.iter().skip(self.top).take(usize::from(table.height));
        for (at, (text, shown)) in rows.enumerate() {
            let row = Rect {
                y: table.y + at as u16,
                height: 1,
                ..table
            };
            let text = format!(" {text}");
            let chosen = self.chosen == Some(self.top + at);
            match shown {
                Shown::Heading => Line::styled(fit::message(&text, width), theme.dim()),
                Shown::Failed => Line::styled(fit::message(&text, width), theme.message()),
                _ if chosen => Line::styled(shorten(&text, width), theme.selected()),
                Shown::Rated | Shown::Kept(_) => Line::raw(shorten(&text, width)),
            }
            .render(row, buf);
        }
        if let Some(message) = &self.message {
            let text = format!(" {message}");
            Line::styled(fit::message(&text, width), theme.message()).render(status, buf);
        }
        Footer {
            items: self.footer(),
            theme,
        }
        .render(footer, buf);
    }

    fn needs(&self, _area: Rect) -> (u16, u16) {
        Self::NEEDS
    }

    fn tell(&mut self, message: String) {
        self.message = Some(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rated_game_is_one_line_with_its_date_opponent_result_and_ratings() {
        let game = RatedGame {
            id: 3,
            game: "gekitai".to_string(),
            opponent: "bob".to_string(),
            score: 1.0,
            before: 1500.0,
            after: 1662.31,
            ended_ms: 1_795_219_200_000 + (13 * 60 + 20) * 60_000,
        };
        assert_eq!(
            line(&game),
            "2026-11-21 13:20  Gekitai  bob                  won   1500 → 1662 (+162)"
        );
        let lost = RatedGame {
            score: 0.0,
            after: 1337.6,
            ..game.clone()
        };
        assert!(line(&lost).contains("lost  1500 → 1338 (-162)"));
        let draw = RatedGame { score: 0.5, ..game };
        assert!(line(&draw).contains(" draw "));
    }

    #[test]
    fn a_kept_game_is_one_line_with_its_date_opponent_and_result() {
        let game = KeptGame {
            played: "2026-11-27 05:20 UTC".to_string(),
            game: "gekitai".to_string(),
            opponent: "computer 2".to_string(),
            result: "Player O wins!".to_string(),
            record: String::new(),
        };
        assert_eq!(
            kept_line(&game),
            "2026-11-27 05:20  Gekitai  computer 2           Player O wins!"
        );
        let read = RatedHistory(Arc::new(|| Ok(Vec::new())));
        let kept = KeptGames {
            keep: Arc::new(|_| Ok(())),
            list: Arc::new(move || Ok(vec![game.clone()])),
        };
        let area = Rect::new(0, 0, 80, 12);
        let mut buf = Buffer::empty(area);
        History::read("ada", &read, Some(&kept)).render(area, &mut buf, Theme::PLAIN);
        let text: String = buf.content().iter().map(|cell| cell.symbol()).collect();
        assert!(text.contains("None yet: a game in the lobby"), "{text}");
        assert!(text.contains("1 kept game, the latest first"), "{text}");
        assert!(
            text.contains("computer 2           Player O wins!"),
            "{text}"
        );
    }

    #[test]
    fn the_screen_lists_the_games_read_and_scrolls() {
        let games: Vec<RatedGame> = (0..30)
            .map(|n| RatedGame {
                id: n,
                game: "hex".to_string(),
                opponent: format!("player{n}"),
                score: 0.5,
                before: 1500.0,
                after: 1500.0,
                ended_ms: 0,
            })
            .collect();
        let read = RatedHistory(Arc::new(move || Ok(games.clone())));
        let mut history = History::read("ada", &read, None);
        let area = Rect::new(0, 0, 80, 12);
        let mut buf = Buffer::empty(area);
        history.render(area, &mut buf, Theme::PLAIN);
        let text: String = buf.content().iter().map(|cell| cell.symbol()).collect();
        assert!(text.contains("30 rated games"), "{text}");
        assert!(text.contains("player0 ") && !text.contains("player29"));
        let context = Context {
            area,
            animate: false,
            autosave: None,
            keep: crate::app::screens::keeping::Keep::Nowhere,
            library: None,
            time: tabletop_core::clock::TimeSource::System,
            door: true,
        };
        history.update(Action::Last, &context);
        let mut buf = Buffer::empty(area);
        history.render(area, &mut buf, Theme::PLAIN);
        let text: String = buf.content().iter().map(|cell| cell.symbol()).collect();
        assert!(text.contains("player29") && !text.contains("player0 "));
        let failed = RatedHistory(Arc::new(|| Err("the database is gone".to_string())));
        let mut buf = Buffer::empty(area);
        History::read("ada", &failed, None).render(area, &mut buf, Theme::PLAIN);
        let text: String = buf.content().iter().map(|cell| cell.symbol()).collect();
        assert!(text.contains("could not read them: the database is gone"));
    }
}
