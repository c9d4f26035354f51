//! The plain console mode: each game played line by line on standard input
//! and output, printing exactly the text of SPEC.md, for scripts, pipes and
//! screen readers.

// Each game's console, a file a game.
mod connect6;
mod gekitai;
mod gomoku;
mod hex;
mod reversi;

mod clock;
pub mod network;

pub use clock::PlainClock;

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

pub use tabletop_core::line_reader::LineReader;

use tabletop_ai::{self as ai, History, Level, Searchable};
use tabletop_core::config::engines;
use tabletop_core::gtp::client::Stopper;
use tabletop_core::gtp::opponent::{Choice, Opponent};
use tabletop_core::seat::Seat;
use tabletop_engine::line::Line;
use tabletop_engine::record::{Adjudged, resigned_outcome};
use tabletop_engine::{Cell, Described, Game, Player};

/// How the plain mode draws a board, where a game offers a choice
/// (Gekitai: the Python assignment's boxes or the C++ one's dots).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Style {
    /// `+---+` boxes and reserve lists.
    #[default]
    Boxed,
    /// `.` for empty cells, `Round K:` above the board, no reserves.
    Dots,
}

impl Style {
    pub const ALL: [Style; 2] = [Style::Boxed, Style::Dots];

    /// `boxed`, `dots`: as `--style` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Boxed => "boxed",
            Style::Dots => "dots",
        }
    }

    pub fn named(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|style| style.name() == name)
    }
}

/// What the plain mode needs from a game: its console.
pub trait PlainGame: Described {
    type Console: Console<G = Self> + Send + Sync;

    /// The styles the game can be drawn in (`--style`), the default first;
    /// empty when it has one look.
    const STYLES: &'static [Style] = &[];

    /// The console for a game from `game` on, drawn in `style`.
    fn console(game: Self, style: Style) -> Self::Console;

    /// The board alone, as the plain mode draws it (for GTP's `showboard`).
    fn board_text(&self) -> String;

    /// How the plain mode labels column `col`: as the game's notation does,
    /// unless its typed input names columns otherwise.
    fn column_label(col: usize) -> String {
        Self::NOTATION.column_label(col).to_string()
    }
}

/// How a plain-mode session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The game reached its result.
    Finished,
    /// Standard input ended first.
    InputEnded,
    /// An outside engine playing this player resigned.
    Resigned(Player),
    /// This player ran out of time (a game on a clock).
    OutOfTime(Player),
}

/// One game's console: what it prints and how it reads a move.
pub trait Console {
    type G: Described;

    fn game(&self) -> &Self::G;

    /// Shows the position before the first prompt.
    fn show_start(&self, out: &mut dyn Write) -> io::Result<()>;

    /// The prompt for the next move (ends with `": "`).
    fn prompt(&self) -> String;

    /// The legal move a line names, or the message that refuses it.
    fn read_move(&self, line: &str) -> Result<<Self::G as Game>::Move, &'static str>;

    /// Plays a legal move and prints what follows it: the next position or
    /// the result.
    fn play(&mut self, mv: <Self::G as Game>::Move, out: &mut dyn Write) -> io::Result<()>;

    /// The line a player types to play `mv`.
    fn typed(mv: &<Self::G as Game>::Move) -> String {
        mv.to_string()
    }
}

/// Plays `console`'s game, the end of `line` (the game so far), to its end
/// or the end of `input`, the computer moving for the seats it has; returns
/// how it ended and the whole line. The computer's and the engines' moves
/// are printed after their prompt. An outside engine is told the whole
/// line from its start; one that fails is said on standard error, and
/// tabletop's computer plays its seat from then on.
pub fn run<C: Console>(
    console: &mut C,
    line: Line<C::G>,
    seats: [Seat; 2],
    input: impl BufRead,
    out: &mut dyn Write,
) -> io::Result<(Ending, Line<C::G>)>
where
    C::G: Searchable,
{
    run_on_clock(console, line, seats, None, input, out)
}

/// [`run`], on `clock` if there is one: its line before each prompt, and
/// a move that comes after its side's flag fell loses the game on time.
pub fn run_on_clock<C: Console>(
    console: &mut C,
    mut line: Line<C::G>,
    mut seats: [Seat; 2],
    mut clock: Option<&mut PlainClock>,
    input: impl BufRead,
    out: &mut dyn Write,
) -> io::Result<(Ending, Line<C::G>)>
where
    C::G: Searchable,
{
    let mut lines = LineReader::new(input);
    let seed = clock_seed();
    let mut history = History::of(line.positions());
    let mut opponents: [Option<Opponent<C::G>>; 2] = [None, None];
    console.show_start(out)?;
    // A game loaded finished says how it ended.
    if let Some(outcome) = console.game().outcome() {
        writeln!(out, "{}", C::G::result_text(outcome))?;
    }
    if let Some(clock) = clock.as_deref_mut() {
        clock.start(console.game().to_move(), console.game().is_over());
    }
    while !console.game().is_over() {
        history.record(console.game());
        if let Some(clock) = clock.as_deref() {
            clock.show::<C::G>(out)?;
        }
        write!(out, "{}", console.prompt())?;
        out.flush()?;
        let mover = console.game().to_move();
        let from_engine = match engine_turn::<C>(&mut seats, &mut opponents, &line, mover, out)? {
            EngineTurn::Resigned => return Ok((Ending::Resigned(mover), line)),
            EngineTurn::Played(mv) => Some(mv),
            EngineTurn::None => None,
        };
        let mv = match (from_engine, &seats[mover.index()]) {
            (Some(mv), _) => mv,
            (None, &Seat::Computer(level)) => {
                let never = AtomicBool::new(false);
                let game = console.game();
                let seed = seed ^ game.plies() as u64;
                let Some(mv) = ai::choose(game, &history, level, level.budget(), seed, &never)
                else {
                    break;
                };
                writeln!(out, "{}", C::typed(&mv))?;
                mv
            }
            (None, Seat::Human | Seat::Engine(_)) => {
                let Some(typed) = lines.next_line()? else {
                    return Ok((Ending::InputEnded, line));
                };
                match console.read_move(&typed) {
                    Ok(mv) => mv,
                    Err(message) => {
                        writeln!(out, "{message}")?;
                        continue;
                    }
                }
            }
        };
        // A move made after the flag fell is not played.
        if let Some(loser) = clock.as_deref().and_then(PlainClock::fallen) {
            adjudged::<C::G>(Adjudged::OutOfTime(loser), out)?;
            out.flush()?;
            return Ok((Ending::OutOfTime(loser), line));
        }
        console.play(mv, out)?;
        line.play(mv).map_err(|e| io::Error::other(e.to_string()))?;
        if let Some(clock) = clock.as_deref_mut() {
            clock.moved(console.game().to_move(), console.game().is_over());
        }
    }
    out.flush()?;
    Ok((Ending::Finished, line))
}

/// What an outside engine in the mover's seat did with its turn.
enum EngineTurn<M> {
    Played(M),
    Resigned,
    /// No engine in the seat, or it failed and the computer took it over.
    None,
}

/// Asks the outside engine in `mover`'s seat (if there is one) for its
/// move; an engine that fails hands its seat to tabletop's computer.
fn engine_turn<C: Console>(
    seats: &mut [Seat; 2],
    opponents: &mut [Option<Opponent<C::G>>; 2],
    line: &Line<C::G>,
    mover: Player,
    out: &mut dyn Write,
) -> io::Result<EngineTurn<<C::G as Game>::Move>>
where
    C::G: Searchable,
{
    let Seat::Engine(outside) = &seats[mover.index()] else {
        return Ok(EngineTurn::None);
    };
    let slot = &mut opponents[mover.index()];
    // Every move, the forced ones too: the engine is told them all.
    let every_move: Vec<_> = line.played().iter().map(|played| played.mv).collect();
    match engine_move(slot, outside, line.start(), &every_move) {
        Ok(Choice::Play(mv)) => {
            writeln!(out, "{}", C::typed(&mv))?;
            Ok(EngineTurn::Played(mv))
        }
        Ok(Choice::Resign) => {
            resigned::<C::G>(mover, out)?;
            out.flush()?;
            Ok(EngineTurn::Resigned)
        }
        Err(why) => {
            // The game goes on: said aside, not in the game's text.
            eprintln!(
                "{why}; tabletop's computer (level {}) plays Player {} from here",
                Level::DEFAULT,
                C::G::symbol(mover)
            );
            seats[mover.index()] = Seat::Computer(Level::DEFAULT);
            *slot = None;
            Ok(EngineTurn::None)
        }
    }
}

/// The move of the engine of `outside` (started in `slot` if it is not
/// there yet) in the game from `start` through `moves`; the error names
/// the engine.
fn engine_move<G: Described>(
    slot: &mut Option<Opponent<G>>,
    outside: &tabletop_core::seat::Outside,
    start: &G,
    moves: &[G::Move],
) -> Result<Choice<G::Move>, String> {
    if slot.is_none() {
        let engine = engines::resolve(outside)?;
        *slot = Some(Opponent::new(engine, Stopper::default()));
    }
    let opponent = slot.as_mut().ok_or("no engine")?;
    let patience = opponent.patience();
    opponent
        .choose(start, moves, patience)
        .map_err(|why| format!("{}: {why}", opponent.name()))
}

/// A seed that differs from run to run, so the computer's games vary.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Column labels `A B C ...` of a board of `G`, as its plain mode has them.
fn letters<G: PlainGame>(side: usize) -> impl Iterator<Item = String> {
    (0..side).map(G::column_label)
}

/// The cells of each row of a board, top to bottom.
fn rows(side: usize) -> impl Iterator<Item = impl Iterator<Item = Cell>> {
    (0..side).map(move |row| (0..side).filter_map(move |col| Cell::new(row, col)))
}

/// A board drawn with one character a cell, separated by spaces: three
/// spaces and the column labels, then each row's label (the game's own,
/// right-aligned in two characters), a space, `row` more spaces when
/// `shift_rows` (Hex's rhombus), and the cells.
fn spaced_grid<G: Described>(
    game: &G,
    columns: impl Iterator<Item = String>,
    shift_rows: bool,
    symbol: impl Fn(Cell) -> char,
) -> String {
    let columns: Vec<String> = columns.collect();
    let mut text = format!("   {}\n", columns.join(" "));
    for (row, cells) in rows(game.side()).enumerate() {
        let cells: Vec<String> = cells.map(|cell| symbol(cell).to_string()).collect();
        let shift = if shift_rows { row } else { 0 };
        text += &format!(
            "{:>2} {}{}\n",
            G::NOTATION.row_label(row),
            " ".repeat(shift),
            cells.join(" ")
        );
    }
    text
}

/// The board with the game's own labels, `empty` on empty cells.
fn grid<G: PlainGame>(game: &G, shift_rows: bool, empty: char) -> String {
    spaced_grid(game, letters::<G>(game.side()), shift_rows, |cell| {
        game.piece_at(cell).map_or(empty, G::symbol)
    })
}

/// Ends the prompt the game stopped at with the news that `resigner` gave
/// the game up, and its result.
pub fn resigned<G: Described>(resigner: Player, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{}", G::resignation_text(resigner))?;
    writeln!(out, "{}", G::result_text(resigned_outcome(resigner)))
}

/// Ends the prompt the game stopped at with how the clock or the players
/// ended it (`adjudged`), and its result.
pub fn adjudged<G: Described>(adjudged: Adjudged, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{}", adjudged.text::<G>())?;
    writeln!(out, "{}", G::result_text(adjudged.outcome()))
}

/// Plays `moves` as if typed, one line each, printing exactly what the
/// plain mode prints (a finished game ends with its result line).
pub fn replay<C: Console>(
    console: &mut C,
    moves: &[<C::G as Game>::Move],
    out: &mut dyn Write,
) -> io::Result<Ending>
where
    C::G: Searchable,
{
    let typed: String = moves.iter().map(|mv| C::typed(mv) + "\n").collect();
    let line = Line::new(console.game().clone());
    let seats = [Seat::Human, Seat::Human];
    run(console, line, seats, typed.as_bytes(), out).map(|(ending, _)| ending)
}
