//! `tabletop match`: a referee that plays two contenders against each other
//! (this engine at some level, random moves, or any GTP engine), alternating
//! who starts, and reports wins, losses, draws and an Elo difference.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{anyhow, bail};

use crate::files;
use crate::games::Playable;
use crate::gtp::answer::{Choice, read_genmove};
use crate::gtp::client::GtpClient;
use crate::gtp::telling::{self, color};
use crate::seat::Contender;
use tabletop_ai::{self as ai, History, Level};
use tabletop_engine::line::{Line, Played};
use tabletop_engine::record::Record;
use tabletop_engine::{Outcome, Player, Rng};

/// Games longer than this are drawn by the referee (Gekitai can cycle).
pub const MAX_PLIES: usize = 2_000;
/// A game whose position (and player to move) comes round this often is
/// drawn by the referee: the engines are going in circles.
pub const REPEATS: usize = 5;

/// A contender at the board.
enum Agent {
    Ai {
        level: Level,
        seed: u64,
    },
    Random(Rng),
    /// An outside engine: started for a game when it is not running, and
    /// ended (with everything it started) when it fails one.
    Gtp {
        command: String,
        client: Option<GtpClient>,
    },
}

impl Agent {
    fn new(contender: &Contender, seed: u64) -> Agent {
        match contender {
            Contender::Ai(level) => Agent::Ai {
                level: *level,
                seed,
            },
            Contender::Random => Agent::Random(Rng::new(seed)),
            Contender::Gtp(command) => Agent::Gtp {
                command: command.clone(),
                client: None,
            },
        }
    }

    /// Gets an outside engine ready for a new game on a board of `side`,
    /// starting it if it is not running; given a time a move, an engine
    /// that knows `time_settings` is told it (one that does not keeps its
    /// own).
    fn set_up(
        &mut self,
        side: usize,
        time_per_move: Option<Duration>,
        patience: Duration,
    ) -> anyhow::Result<()> {
        let Agent::Gtp { command, client } = self else {
            return Ok(());
        };
        let mut engine = match client.take() {
            Some(engine) => engine,
            None => GtpClient::spawn(command)?,
        };
        engine.send(&format!("boardsize {side}"), patience)?;
        engine.send("clear_board", patience)?;
        if let Some(per_move) = time_per_move
            && engine
                .send("known_command time_settings", patience)
                .is_ok_and(|known| known.trim() == "true")
        {
            let _ = engine.send(
                &format!("time_settings 0 {} 1", per_move.as_secs_f64()),
                patience,
            );
        }
        *client = Some(engine);
        Ok(())
    }

    /// Asks an outside engine for `mover`'s move: its vertex, or why it
    /// gave none.
    fn genmove(&mut self, mover: Player, patience: Duration) -> anyhow::Result<String> {
        let command = format!("genmove {}", color(mover));
        self.talk(|engine| engine.send(&command, patience))
    }

    /// Tells an outside engine of a move, as [`telling`] has it.
    fn hear<G: Playable>(&mut self, played: &Played<G>, patience: Duration) -> anyhow::Result<()> {
        let forced = played.is_forced();
        self.talk(|engine| {
            telling::tell::<G>(engine, played.mover, &played.mv, forced, patience).map(drop)
        })
    }

    /// Has an outside engine do `what`; a failure ends the engine, to be
    /// started afresh for the next game.
    fn talk<T: Default>(
        &mut self,
        what: impl FnOnce(&mut GtpClient) -> anyhow::Result<T>,
    ) -> anyhow::Result<T> {
        let Agent::Gtp { client, .. } = self else {
            return Ok(T::default());
        };
        let engine = client
            .as_mut()
            .ok_or_else(|| anyhow!("the engine is not running"))?;
        let answer = what(engine);
        if answer.is_err() {
            *client = None;
        }
        answer
    }
}

/// What a match came to, from the first contender's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Records of `--records` that could not be written (each said on
    /// standard error as it happened).
    pub unsaved: usize,
}

impl Tally {
    pub fn games(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// The first contender's score, from 0 to 1.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games().max(1) as f64
    }

    /// The Elo difference the score implies, and the half-width of its 95%
    /// interval (from the Wilson interval of the score, which stays honest
    /// for lopsided results such as 10 wins of 10); `None` for fewer than
    /// two games, which say nothing about a difference.
    pub fn elo(&self) -> Option<(f64, f64)> {
        if self.games() < 2 {
            return None;
        }
        let n = self.games() as f64;
        // A perfect score has no finite Elo: count it as half a game short.
        let elo_of = |score: f64| {
            let score = score.clamp(0.5 / n, 1.0 - 0.5 / n);
            -400.0 * (1.0 / score - 1.0).log10()
        };
        let score = self.score();
        let z = 1.96_f64;
        let denominator = 1.0 + z * z / n;
        let centre = (score + z * z / (2.0 * n)) / denominator;
        let half = z * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
        let margin = (elo_of(centre + half) - elo_of(centre - half)) / 2.0;
        // Adding zero turns an even score's -0 into 0.
        Some((elo_of(score) + 0.0, margin))
    }
}

/// How long an outside engine may take over a command unless the match
/// says otherwise: generous, ten times the time a move and 10 s more (60 s
/// when no time is set).
fn patience(time_per_move: Option<Duration>) -> Duration {
    time_per_move.unwrap_or(Duration::from_secs(5)) * 10 + Duration::from_secs(10)
}

/// How long a move may take: the given time, or the level's own.
fn budget_of(level: Level, time_per_move: Option<Duration>) -> Duration {
    time_per_move.unwrap_or_else(|| level.budget())
}

/// How a match is played besides who plays it.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatchOptions<'a> {
    /// Every level's time per move (default: each level's own).
    pub time_per_move: Option<Duration>,
    /// How long an outside engine may take over one command before it
    /// forfeits (default: ten times the time a move and 10 s more).
    pub move_timeout: Option<Duration>,
    /// A folder to save each game's record in.
    pub records: Option<&'a Path>,
    /// Random moves that open each pair of games (both colours play the
    /// same opening), so deterministic engines play different games.
    pub opening: usize,
    /// Plies the engines play themselves before those random moves (1:
    /// the first player's own first move, then the random reply).
    pub opening_after: usize,
}

/// Whether the referee draws a game now: its position, counted in `seen`,
/// has come round [`REPEATS`] times, or it has gone on for [`MAX_PLIES`].
fn going_nowhere(seen: &mut HashMap<u64, usize>, position: u64, plies: usize) -> bool {
    let times = seen.entry(position).or_default();
    *times += 1;
    *times >= REPEATS || plies >= MAX_PLIES
}

/// The random moves that open a game: `plies` of them after the first
/// `after` plies, the same from the same position for the same pair of
/// games, never one that ends the game.
struct Opening {
    after: usize,
    plies: usize,
    rng: Rng,
}

impl Opening {
    fn new(after: usize, plies: usize, pair: usize) -> Opening {
        let rng = Rng::new(0x6f70_656e ^ pair as u64);
        Opening { after, plies, rng }
    }

    /// The random move for `game`, `ply` plies into the game, if this
    /// ply is one of the opening's; past it, or once a random move would
    /// end the game, none.
    fn next<G: Playable>(&mut self, game: &G, ply: usize) -> Option<G::Move> {
        if ply < self.after || ply >= self.after + self.plies {
            return None;
        }
        let mv = game.random_move(&mut self.rng)?;
        let mut next = game.clone();
        next.play_unchecked(mv);
        if next.is_over() {
            // The engines play on from here.
            self.plies = 0;
            return None;
        }
        Some(mv)
    }
}

/// How a game ended: its result, and why when a contender lost it by
/// resigning or forfeiting rather than by the rules.
struct Ending {
    outcome: Option<Outcome>,
    /// What the loser did, to follow its name: "resigned", "exited".
    forfeit: Option<String>,
}

impl Ending {
    /// A game the rules ended, or not.
    fn played(outcome: Option<Outcome>) -> Ending {
        Ending {
            outcome,
            forfeit: None,
        }
    }

    /// `loser` lost the game for `why`.
    fn forfeit(loser: Player, why: String) -> Ending {
        Ending {
            outcome: Some(Outcome::Win(loser.other())),
            forfeit: Some(why),
        }
    }
}

/// Plays one game from `opening` on `line`: its result, or who forfeited
/// by an illegal move or a failure to answer, and why.
fn play_game<G: Playable>(
    line: &mut Line<G>,
    agents: &mut [Agent; 2],
    time_per_move: Option<Duration>,
    patience: Duration,
    mut opening: Opening,
) -> anyhow::Result<Ending> {
    let start = line.start().clone();
    for player in Player::BOTH {
        if let Err(error) = agents[player.index()].set_up(start.side(), time_per_move, patience) {
            // An engine that cannot start or set up the board forfeits.
            return Ok(Ending::forfeit(player, format!("failed: {error:#}")));
        }
    }
    let never = AtomicBool::new(false);
    let mut history = History::default();
    let mut seen = HashMap::new();
    while !line.game().is_over() {
        let game = line.game().clone();
        history.record(&game);
        if going_nowhere(
            &mut seen,
            game.position_hash(),
            game.plies() - start.plies(),
        ) {
            return Ok(Ending::played(Some(Outcome::Draw)));
        }
        let mover = game.to_move();
        let scripted = opening.next(&game, game.plies() - start.plies());
        let mv = match (scripted, &mut agents[mover.index()]) {
            (Some(mv), _) => mv,
            (None, agent) => match agent {
                Agent::Ai { level, seed } => {
                    *seed = seed.wrapping_add(1);
                    ai::choose(
                        &game,
                        &history,
                        *level,
                        budget_of(*level, time_per_move),
                        *seed,
                        &never,
                    )
                    .ok_or_else(|| anyhow!("the engine found no move"))?
                }
                Agent::Random(rng) => game.random_move(rng).ok_or_else(|| anyhow!("no move"))?,
                agent @ Agent::Gtp { .. } => {
                    // A bad or missing answer loses the game.
                    let answer = match agent.genmove(mover, patience) {
                        Ok(answer) => answer,
                        Err(error) => {
                            return Ok(Ending::forfeit(mover, format!("failed: {error:#}")));
                        }
                    };
                    match read_genmove(&game, &answer) {
                        Ok(Choice::Play(mv)) => mv,
                        Ok(Choice::Resign) => {
                            return Ok(Ending::forfeit(mover, "resigned".to_string()));
                        }
                        Err(why) => return Ok(Ending::forfeit(mover, why)),
                    }
                }
            },
        };
        // The line plays the moves the game forces after it (Reversi's
        // passes).
        let before = line.played().len();
        line.play(mv)
            .map_err(|e| anyhow!("an illegal move slipped through: {e}"))?;
        for played in &line.played()[before..] {
            // A move the engine chose is news to the other side only; an
            // opening move and a forced one to both.
            let told: &[Player] = if scripted.is_some() || played.is_forced() {
                &Player::BOTH
            } else {
                &[mover.other()]
            };
            for &listener in told {
                if let Err(error) = agents[listener.index()].hear(played, patience) {
                    return Ok(Ending::forfeit(listener, format!("failed: {error:#}")));
                }
            }
        }
    }
    Ok(Ending::played(line.game().outcome()))
}

/// Plays `games` games between `first` and `second`, alternating who
/// starts, printing a line per game to `progress` and, given a folder in
/// `records`, saving each game there as `game-001.toml`, ...
pub fn run_match<G: Playable>(
    start: &G,
    first: &Contender,
    second: &Contender,
    games: usize,
    options: MatchOptions,
    progress: &mut impl Write,
) -> anyhow::Result<Tally> {
    let MatchOptions {
        time_per_move,
        move_timeout,
        records,
        opening,
        opening_after,
    } = options;
    if games == 0 {
        bail!("a match needs at least one game");
    }
    if let Some(folder) = records
        && !folder.exists()
    {
        eprintln!("creating the folder {} for the records", folder.display());
        std::fs::create_dir_all(folder)?;
    }
    let timeout = move_timeout.unwrap_or_else(|| patience(time_per_move));
    let mut tally = Tally::default();
    let mut agents = [Agent::new(first, 1), Agent::new(second, 2)];
    for number in 0..games {
        // Even games: the first contender moves first.
        let swapped = number % 2 == 1;
        if swapped {
            agents.swap(0, 1);
        }
        let opening = Opening::new(opening_after, opening, number / 2);
        let mut line = Line::new(start.clone());
        let outcome = play_game(&mut line, &mut agents, time_per_move, timeout, opening);
        if swapped {
            agents.swap(0, 1);
        }
        if let Some(folder) = records {
            let mut record = Record::of_line(&line);
            record.players = [first.to_string(), second.to_string()];
            if swapped {
                record.players.swap(0, 1);
            }
            // A win the rules did not reach (an engine answered `resign`,
            // or forfeited by a bad answer or none) is the loser's
            // resignation: without it the record read as a game going on.
            if let Ok(Ending {
                outcome: Some(Outcome::Win(winner)),
                ..
            }) = outcome
                && record.outcome().is_none()
            {
                record.resigned = Some(winner.other());
            }
            let path = folder.join(format!("game-{:03}.toml", number + 1));
            // A record is never written over; the match goes on without it.
            if let Err(error) = files::save_new(&path, &record.to_toml()) {
                eprintln!("could not save {}: {error}", path.display());
                tally.unsaved += 1;
            }
        }
        let first_player = if swapped {
            Player::Second
        } else {
            Player::First
        };
        let Ending { outcome, forfeit } = outcome?;
        let verdict = match outcome {
            Some(Outcome::Win(winner)) => {
                let (won, lost) = if winner == first_player {
                    tally.wins += 1;
                    (first, second)
                } else {
                    tally.losses += 1;
                    (second, first)
                };
                match forfeit {
                    Some(why) => format!("{won} wins ({lost} {why})"),
                    None => format!("{won} wins"),
                }
            }
            Some(Outcome::Draw) | None => {
                tally.draws += 1;
                "draw".to_string()
            }
        };
        let opener = if swapped { second } else { first };
        let _ = writeln!(
            progress,
            "game {}/{games} ({opener} first): {verdict}; {first} {} - {} {second}, {} drawn",
            number + 1,
            tally.wins,
            tally.losses,
            tally.draws
        );
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Game;
    use tabletop_engine::gekitai::Gekitai;

    #[test]
    fn contenders_read_and_write() {
        for text in ["ai:5", "random", "gtp:gnugo --mode gtp"] {
            let contender: Contender = text.parse().expect("valid");
            assert_eq!(contender.to_string(), text);
        }
        assert!("ai:9".parse::<Contender>().is_err());
        assert!("gtp:".parse::<Contender>().is_err());
        assert!("alphazero".parse::<Contender>().is_err());
    }

    #[test]
    fn elo_is_zero_for_even_scores_and_grows_with_wins() {
        let even = Tally {
            wins: 10,
            losses: 10,
            draws: 0,
            unsaved: 0,
        };
        let (elo, _) = even.elo().expect("twenty games");
        assert!(elo.abs() < 1e-9);
        assert_eq!(format!("{elo:+.0}"), "+0");
        let strong = Tally {
            wins: 45,
            losses: 5,
            draws: 0,
            unsaved: 0,
        };
        let (elo, margin) = strong.elo().expect("fifty games");
        assert!(elo > 300.0 && elo < 450.0, "{elo}");
        assert!(margin > 50.0 && margin < 300.0, "{margin}");
        let perfect = Tally {
            wins: 50,
            losses: 0,
            draws: 0,
            unsaved: 0,
        };
        assert!(perfect.elo().is_some_and(|(elo, _)| elo.is_finite()));
        let one = Tally {
            wins: 1,
            losses: 0,
            draws: 0,
            unsaved: 0,
        };
        assert_eq!(one.elo(), None, "one game says nothing");
    }

    #[test]
    fn circling_and_endless_games_are_drawn() {
        let mut seen = HashMap::new();
        for ply in 0..REPEATS - 1 {
            assert!(!going_nowhere(&mut seen, 7, 2 * ply));
            assert!(!going_nowhere(&mut seen, 8, 2 * ply + 1));
        }
        assert!(going_nowhere(&mut seen, 7, 10));
        assert!(!going_nowhere(&mut HashMap::new(), 7, MAX_PLIES - 1));
        assert!(going_nowhere(&mut HashMap::new(), 7, MAX_PLIES));
    }

    #[test]
    fn the_random_opening_takes_its_plies_after_those_the_engines_play() {
        let start = Gekitai::default();
        let mut opening = Opening::new(1, 1, 4);
        assert_eq!(
            opening.next(&start, 0),
            None,
            "the first move is the engine's"
        );
        let mut after_one = start.clone();
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        after_one.play_unchecked(moves[0]);
        let random = opening.next(&after_one, 1).expect("a random reply");
        assert!(after_one.check(random).is_ok());
        let mut after_two = after_one.clone();
        after_two.play_unchecked(random);
        assert_eq!(opening.next(&after_two, 2), None, "then the engines again");
        // The same pair of games gets the same reply.
        assert_eq!(Opening::new(1, 1, 4).next(&after_one, 1), Some(random));
    }

    #[test]
    fn random_against_random_plays_every_game() {
        let mut out = Vec::new();
        let tally = run_match(
            &Gekitai::default(),
            &Contender::Random,
            &Contender::Random,
            6,
            MatchOptions::default(),
            &mut out,
        )
        .expect("a match");
        assert_eq!(tally.games(), 6);
        assert_eq!(String::from_utf8_lossy(&out).lines().count(), 6);
    }

    #[test]
    fn a_game_won_by_a_forfeit_is_recorded_with_its_result() {
        let folder = std::env::temp_dir().join(format!("tabletop-forfeit-{}", std::process::id()));
        let mut out = Vec::new();
        // An engine that ends at once forfeits its game at the set-up.
        let tally = run_match(
            &Gekitai::default(),
            &Contender::Gtp("false".to_string()),
            &Contender::Random,
            1,
            MatchOptions {
                records: Some(&folder),
                ..MatchOptions::default()
            },
            &mut out,
        )
        .expect("a match");
        assert_eq!(tally.games(), 1);
        let record = files::load(&folder.join("game-001.toml")).expect("a saved record");
        let crate::games::AnyRecord::Gekitai(record) = record else {
            panic!("not a Gekitai record");
        };
        assert_eq!(record.outcome(), Some(Outcome::Win(Player::Second)));
        assert_eq!(record.resigned, Some(Player::First));
        let _ = std::fs::remove_dir_all(&folder);
    }

    /// A GTP engine, in `sh`, that answers `genmove` with `answer` and
    /// every other command with nothing.
    fn answering(answer: &str) -> Contender {
        Contender::Gtp(format!(
            "while read -r line; do case \"$line\" in genmove*) printf '= {answer}\\n\\n';; \
             *) printf '= \\n\\n';; esac; done"
        ))
    }

    #[test]
    fn a_forfeit_says_why_with_the_answer_escaped() {
        for (answer, why) in [
            (
                "\\033[31mZ99",
                "answered genmove with \"\\u{1b}[31mZ99\", not a move)",
            ),
            ("resign", "resigned)"),
        ] {
            let mut out = Vec::new();
            let engine = answering(answer);
            let tally = run_match(
                &Gekitai::default(),
                &engine,
                &Contender::Random,
                1,
                MatchOptions::default(),
                &mut out,
            )
            .expect("a match");
            assert_eq!(tally.losses, 1, "{answer}");
            let out = String::from_utf8_lossy(&out);
            assert!(
                out.contains(&format!("random wins ({engine} {why}")),
                "{answer}: {out}"
            );
            assert!(!out.contains('\u{1b}'), "{out}");
        }
    }

    #[test]
    fn records_are_saved_and_replay_to_the_result() {
        let folder = std::env::temp_dir().join(format!("tabletop-match-{}", std::process::id()));
        let mut out = Vec::new();
        let tally = run_match(
            &Gekitai::default(),
            &Contender::Random,
            &Contender::Ai(Level::MIN),
            2,
            MatchOptions {
                records: Some(&folder),
                opening: 3,
                opening_after: 0,
                ..MatchOptions::default()
            },
            &mut out,
        )
        .expect("a match");
        for number in 1..=2 {
            let path = folder.join(format!("game-00{number}.toml"));
            let record = files::load(&path).expect("a saved record");
            let crate::games::AnyRecord::Gekitai(record) = record else {
                panic!("not a Gekitai record");
            };
            assert!(record.end().is_over(), "game {number} unfinished");
            let level_first = number == 2;
            let expected = if level_first {
                ["ai:1", "random"]
            } else {
                ["random", "ai:1"]
            };
            assert_eq!(record.players, expected.map(String::from));
        }
        assert_eq!(tally.games(), 2);
        // Both games open with the same three random moves.
        let [one, two] = [1, 2].map(|number| {
            let path = folder.join(format!("game-00{number}.toml"));
            match files::load(&path).expect("a saved record") {
                crate::games::AnyRecord::Gekitai(record) => record.moves,
                _ => panic!("not a Gekitai record"),
            }
        });
        assert_eq!(one[..3], two[..3]);
        let _ = std::fs::remove_dir_all(&folder);
    }
}
