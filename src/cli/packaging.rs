//! What an installed tabletop gives the system around it: the completions
//! of its commands and flags for a shell (clap_complete), and its manual
//! pages (clap_mangen), both made from the command line's own description,
//! so they never fall behind it.

use std::io::{self, Write};
use std::process::ExitCode;

use super::Failure;
use super::args::{CompletionsArgs, ManArgs, VERSION};

/// `tabletop completions SHELL`: the shell's completion script.
pub(super) fn completions(
    mut command: clap::Command,
    args: &CompletionsArgs,
) -> Result<ExitCode, Failure> {
    // Made whole first: clap_complete panics on a failed write (a closed
    // pipe), where a write of our own fails with a message.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "tabletop", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `tabletop man [COMMAND...]`: the page of tabletop, or of the command
/// named (`tabletop-load(1)`), in roff.
pub(super) fn man(command: clap::Command, args: &ManArgs) -> Result<ExitCode, Failure> {
    // `tabletop help` is --help said another way: no page of its own.
    let mut command = command.version(VERSION).disable_help_subcommand(true);
    command.build();
    let mut page = &command;
    for name in &args.command {
        page = page
            .get_subcommands()
            .find(|sub| sub.get_name() == name)
            .ok_or_else(|| {
                let path = args.command.join(" ");
                Failure::usage(format!("tabletop has no command {path:?}"))
            })?;
    }
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(page.clone()).render(&mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
