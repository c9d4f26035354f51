use std::process::ExitCode;

fn main() -> ExitCode {
    tabletop::cli::main()
}
