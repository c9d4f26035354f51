//! Taking over the terminal and giving it back as it was: on quit, on an
//! error, on a panic, and on SIGTERM, SIGHUP and SIGINT (what `kill`,
//! `timeout` and a closed terminal window send). A signal never cuts a
//! frame or a save in half: the handler waits for both to finish.

use std::io::{self, IsTerminal};
use std::sync::{Mutex, MutexGuard};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::{cursor, execute};

use tabletop_core::files;

/// Held while a frame is drawn.
static DRAWING: Mutex<()> = Mutex::new(());

/// Why the full-screen app cannot run here.
pub fn unavailable() -> Option<&'static str> {
    if !io::stdout().is_terminal() {
        return Some("standard output is not a terminal");
    }
    // Keys come from standard input, or from the controlling terminal when
    // input is redirected.
    let keys = io::stdin().is_terminal()
        || std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .is_ok();
    (!keys).then_some("there is no terminal to read keys from")
}

/// Raw mode, the alternate screen and mouse reporting; the terminal is
/// given back on a panic or a signal as on [`give_back`].
pub fn take_over() -> anyhow::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    // ratatui's hook restores raw mode and the screen; mouse reporting and
    // the cursor are ours to give back, before its hook prints the panic.
    let restore_screen = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(io::stdout(), DisableMouseCapture, cursor::Show);
        restore_screen(info);
    }));
    give_back_on_signals();
    if let Err(error) = execute!(io::stdout(), EnableMouseCapture) {
        give_back();
        return Err(error.into());
    }
    Ok(terminal)
}

/// The terminal as it was before [`take_over`].
pub fn give_back() {
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let _ = execute!(io::stdout(), cursor::Show);
}

/// Holds off the signal handler while a frame is drawn.
pub fn drawing() -> MutexGuard<'static, ()> {
    DRAWING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// On SIGTERM, SIGHUP or SIGINT: wait for the frame and any save under way,
/// give the terminal back, and exit as killed by that signal would.
#[cfg(unix)]
fn give_back_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    let Ok(mut signals) = Signals::new([SIGTERM, SIGHUP, SIGINT]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let _frame = drawing();
            let _save = files::hold_saves();
            give_back();
            // Outside engines run in groups of their own: end them too.
            tabletop_core::gtp::client::end_all();
            std::process::exit(128 + signal);
        }
    });
}

#[cfg(not(unix))]
fn give_back_on_signals() {}
