//! `--no-animation`, described once and taken by each command that can
//! open the full-screen app (and by no other).

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

/// Whether the full-screen app slides pieces.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Animation {
    pub animate: bool,
}

const ID: &str = "no-animation";

impl Animation {
    /// As `matches` has it, from a command given [`Animation::augment_args`].
    pub fn of(matches: &ArgMatches) -> Animation {
        Animation {
            animate: !matches.get_flag(ID),
        }
    }
}

impl FromArgMatches for Animation {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Animation::of(matches))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Animation::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for Animation {
    fn augment_args(command: Command) -> Command {
        command.arg(
            Arg::new(ID)
                .long(ID)
                .action(ArgAction::SetTrue)
                .help("Show moves at once, without sliding pieces (full-screen app)"),
        )
    }

    fn augment_args_for_update(command: Command) -> Command {
        Animation::augment_args(command)
    }
}
