//! `tabletop levels [GAME]`: how strong each level of the computer plays
//! each game (or the one named), as measured, one line a level; the same
//! words the start screen shows where a level is chosen
//! (`tabletop_ai::strength`).

use std::io::{self, Write};
use std::process::ExitCode;

use super::Failure;
use super::args::LevelsArgs;
use crate::games::{self, GameKind};
use tabletop_ai::Level;
use tabletop_ai::strength::described;

pub(super) fn levels(args: &LevelsArgs) -> Result<ExitCode, Failure> {
    let kinds = match &args.game {
        None => GameKind::ALL.to_vec(),
        Some(name) => vec![name.parse::<GameKind>().map_err(|_| {
            Failure::usage(format!(
                "there is no game {name:?}: the games are {}",
                games::names()
            ))
        })?],
    };
    let mut out = io::stdout().lock();
    for (n, kind) in kinds.iter().enumerate() {
        if n > 0 {
            writeln!(out)?;
        }
        writeln!(out, "{}", kind.title())?;
        for number in 1..=Level::MAX.get() {
            let level = Level::new(number).expect("a level from 1 to the most");
            let line = described(kind.name(), kind.title(), level)
                .unwrap_or_else(|| format!("Computer {level}: not measured"));
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(
        out,
        "\nThe matches behind each figure, with their commands: BENCHMARKS.md, \"How strong each level is\"."
    )?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
