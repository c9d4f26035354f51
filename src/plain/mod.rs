//! The plain console mode: each game played line by line on standard input
//! and output, printing exactly the text of SPEC.md, for scripts, pipes and
//! screen readers.

mod connect6;
mod gekitai;
mod hex;
mod input;
mod reversi;

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

pub use connect6::Connect6Console;
pub use gekitai::{GekitaiConsole, Style};
pub use hex::HexConsole;
pub use input::LineReader;
pub use reversi::ReversiConsole;

use crate::ai::{self, History, Searchable};
use crate::engine::{Cell, Game};
use crate::seat::Seat;

/// How a plain-mode session ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The game reached its result.
    Finished,
    /// Standard input ended first.
    InputEnded,
}

/// One game's console: what it prints and how it reads a move.
pub trait Console {
    type G: Game;

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

/// Plays `console`'s game to its end or the end of `input`, the computer
/// moving for the seats it has; returns how it ended and the moves played
/// (the moves the game made by itself, such as Reversi's passes, are not
/// among them). The computer's moves are printed after its prompt.
pub fn run<C: Console>(
    console: &mut C,
    seats: [Seat; 2],
    input: impl BufRead,
    out: &mut dyn Write,
) -> io::Result<(Ending, Vec<<C::G as Game>::Move>)>
where
    C::G: Searchable,
{
    let mut lines = LineReader::new(input);
    let mut moves = Vec::new();
    let seed = clock_seed();
    let mut history = History::default();
    console.show_start(out)?;
    while !console.game().is_over() {
        history.record(console.game());
        write!(out, "{}", console.prompt())?;
        out.flush()?;
        let mover = console.game().to_move();
        let mv = match seats[mover.index()] {
            Seat::Computer(level) => {
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
            Seat::Human => {
                let Some(line) = lines.next_line()? else {
                    return Ok((Ending::InputEnded, moves));
                };
                match console.read_move(&line) {
                    Ok(mv) => mv,
                    Err(message) => {
                        writeln!(out, "{message}")?;
                        continue;
                    }
                }
            }
        };
        console.play(mv, out)?;
        moves.push(mv);
    }
    out.flush()?;
    Ok((Ending::Finished, moves))
}

/// A seed that differs from run to run, so the computer's games vary.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Column letters `A B C ...` for a board of side `side`.
fn letters(side: usize) -> impl Iterator<Item = char> {
    (b'A'..=b'Z').take(side).map(char::from)
}

/// The cells of each row of a board, top to bottom.
fn rows(side: usize) -> impl Iterator<Item = impl Iterator<Item = Cell>> {
    (0..side).map(move |row| (0..side).filter_map(move |col| Cell::new(row, col)))
}

/// A board drawn with one character a cell, separated by spaces: three
/// spaces and the column labels, then each row's number (counted from
/// `first_row`, right-aligned in two characters), a space, `row` more
/// spaces when `shift_rows` (Hex's rhombus), and the cells.
fn spaced_grid(
    side: usize,
    labels: impl Iterator<Item = String>,
    first_row: usize,
    shift_rows: bool,
    symbol: impl Fn(Cell) -> char,
) -> String {
    let labels: Vec<String> = labels.collect();
    let mut text = format!("   {}\n", labels.join(" "));
    for (row, cells) in rows(side).enumerate() {
        let cells: Vec<String> = cells.map(|cell| symbol(cell).to_string()).collect();
        let shift = if shift_rows { row } else { 0 };
        text += &format!(
            "{:>2} {}{}\n",
            row + first_row,
            " ".repeat(shift),
            cells.join(" ")
        );
    }
    text
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
    run(console, [Seat::Human; 2], typed.as_bytes(), out).map(|(ending, _)| ending)
}
