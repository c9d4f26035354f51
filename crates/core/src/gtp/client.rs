//! Another GTP engine, run as a child process in its own process group and
//! spoken to over its standard input and output. Nothing it does can hang
//! or exhaust tabletop: every answer has a deadline that holds while data
//! is still arriving, a line and an answer have a most length, and the
//! whole group (the engine and anything it started) is ended with it.

use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};

use crate::line_reader::LineReader;
use tabletop_engine::quote::{quote, quote_at_most};

/// The longest line an engine may send; GTP answers are short.
const MAX_LINE: usize = 64 * 1024;
/// The longest answer (all its lines together).
const MAX_ANSWER: usize = 1 << 20;
/// Lines read ahead of the referee: an engine that writes without end
/// waits for them to be taken instead of filling memory.
const LINES_AHEAD: usize = 256;
/// How much of the engine's standard error is kept, for messages.
const ERRORS_KEPT: usize = 4 * 1024;

/// An engine's `?` answer: it understood the command's form, or not, and
/// would not carry it out. Callers that can do without the command (a pass
/// the engine keeps track of itself) tell it from the engine failing.
#[derive(Debug)]
pub struct Refusal {
    engine: String,
    command: String,
    reason: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let Refusal {
            engine,
            command,
            reason,
        } = self;
        write!(f, "{engine} refused {command:?}: {}", quote(reason))
    }
}

impl std::error::Error for Refusal {}

/// What the engine's output reader passes on.
enum Output {
    Line(String),
    /// A line longer than [`MAX_LINE`] (cut there).
    TooLong,
}

pub struct GtpClient {
    name: String,
    child: Child,
    /// Lets another thread end the engine mid-answer.
    stopper: Stopper,
    input: ChildStdin,
    lines: Receiver<Output>,
    /// The end of what the engine wrote on its standard error.
    errors: Arc<Mutex<Errors>>,
}

/// What the engine's standard error reader keeps.
#[derive(Default)]
struct Errors {
    /// The last [`ERRORS_KEPT`] bytes.
    kept: Vec<u8>,
    /// Whether the engine has closed its standard error (it has ended).
    closed: bool,
}

/// Ends the engines started with it, from any thread: the one running
/// now at once (its answer then fails), and any started later at their
/// start. An engine is only signalled while it has not been waited for,
/// so its process group cannot be another's.
#[derive(Clone, Default)]
pub struct Stopper(Arc<Mutex<Leash>>);

#[derive(Default)]
struct Leash {
    /// The process group of the engine running, until it is waited for.
    group: Option<i32>,
    stopped: bool,
}

impl Stopper {
    fn leash(&self) -> std::sync::MutexGuard<'_, Leash> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Ends the engine running (and everything it started), and any
    /// started from now on.
    pub fn stop(&self) {
        let mut leash = self.leash();
        leash.stopped = true;
        if let Some(group) = leash.group {
            kill_group(group);
        }
    }
}

/// The process groups of the engines running, for [`end_all`].
static RUNNING: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn running() -> std::sync::MutexGuard<'static, Vec<i32>> {
    RUNNING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Ends every engine running (the process is about to exit on a signal,
/// and engines in groups of their own would outlive it).
pub fn end_all() {
    for &group in running().iter() {
        kill_group(group);
    }
}

/// Sends SIGKILL to the process group `group`.
fn kill_group(group: i32) {
    #[cfg(unix)]
    // SAFETY: kill() only sends a signal; the group is one an engine was
    // started in and has not been waited for, and no memory is touched.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = group;
}

/// Reads the engine's output into lines of at most [`MAX_LINE`] bytes.
fn read_lines(output: impl Read, lines: SyncSender<Output>) {
    let mut reader = LineReader::with_limit(BufReader::new(output), MAX_LINE);
    while let Ok(Some(line)) = reader.next_bounded() {
        let output = if line.cut {
            Output::TooLong
        } else {
            Output::Line(line.text)
        };
        if lines.send(output).is_err() {
            return;
        }
    }
}

/// Keeps the last [`ERRORS_KEPT`] bytes the engine writes on its standard
/// error, and says when it closes it.
fn keep_errors(mut errors: impl Read, shared: Arc<Mutex<Errors>>) {
    let mut chunk = [0u8; 1024];
    loop {
        let n = errors.read(&mut chunk).unwrap_or(0);
        let mut shared = shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if n == 0 {
            shared.closed = true;
            return;
        }
        shared.kept.extend_from_slice(&chunk[..n]);
        let excess = shared.kept.len().saturating_sub(ERRORS_KEPT);
        shared.kept.drain(..excess);
    }
}

/// How long an engine whose pipes have closed is given to end and to say
/// its last words, before it is reported without them.
const LAST_WORDS: Duration = Duration::from_secs(2);

/// Polls `done` until it holds or [`LAST_WORDS`] have passed.
fn within_last_words(mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + LAST_WORDS;
    loop {
        if done() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

impl GtpClient {
    /// Starts `command` (run by `sh -c`) in a process group of its own.
    pub fn spawn(command: &str) -> anyhow::Result<GtpClient> {
        GtpClient::spawn_with(command, &quote(command), Stopper::default())
    }

    /// Starts `command` as [`GtpClient::spawn`] does, called `name` in
    /// messages (a name safe to show), to be ended by `stopper` as well as
    /// by being dropped.
    pub fn spawn_with(command: &str, name: &str, stopper: Stopper) -> anyhow::Result<GtpClient> {
        if stopper.leash().stopped {
            bail!("the engine was stopped");
        }
        let mut shell = Command::new("sh");
        shell
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            shell.process_group(0);
        }
        let mut child = shell
            .spawn()
            .with_context(|| format!("cannot start the GTP engine {}", quote(command)))?;
        {
            let mut leash = stopper.leash();
            leash.group = i32::try_from(child.id()).ok();
            running().extend(leash.group);
            // Stopped while starting: end it now.
            if leash.stopped
                && let Some(group) = leash.group
            {
                kill_group(group);
            }
        }
        let input = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        let output = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let errors_out = child.stderr.take().ok_or_else(|| anyhow!("no stderr"))?;
        let (sender, lines) = mpsc::sync_channel(LINES_AHEAD);
        // Reader threads, so that a silent engine can be timed out.
        thread::spawn(move || read_lines(output, sender));
        let errors = Arc::new(Mutex::new(Errors::default()));
        let kept = Arc::clone(&errors);
        thread::spawn(move || keep_errors(errors_out, kept));
        Ok(GtpClient {
            name: name.to_string(),
            child,
            stopper,
            input,
            lines,
            errors,
        })
    }

    /// Why the engine can no longer be talked to, once one of its pipes has
    /// closed: it exited, or it only closed its input; with the last line
    /// it wrote on its standard error, if any (its shell's "not found").
    fn gone(&self) -> String {
        let how = if within_last_words(|| self.has_ended()) {
            "exited"
        } else {
            "stopped listening"
        };
        format!("{} {how}{}", self.name, self.last_error())
    }

    /// Whether the engine's process has ended, without waiting for it: its
    /// process group must stay its own until [`Drop`] takes it off the list.
    fn has_ended(&self) -> bool {
        #[cfg(unix)]
        {
            let pid: libc::id_t = self.child.id();
            // SAFETY: waitid only writes into `info`, a plain C struct for
            // which all zeroes is a valid value; WNOWAIT leaves the child
            // to be waited for.
            unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
                libc::waitid(libc::P_PID, pid, &mut info, flags) == 0 && info.si_pid() != 0
            }
        }
        #[cfg(not(unix))]
        false
    }

    /// The last line the engine wrote on its standard error, if any.
    fn last_error(&self) -> String {
        let errors = || {
            self.errors
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        // The reader may still be taking the engine's last words.
        within_last_words(|| errors().closed);
        let text = String::from_utf8_lossy(&errors().kept).into_owned();
        match text.lines().rev().find(|line| !line.trim().is_empty()) {
            Some(line) => format!(": {}", quote_at_most(line.trim(), 200)),
            None => String::new(),
        }
    }

    /// Sends one command and waits up to `limit` for its whole answer: the
    /// result of a `=` answer, or an error for `?` (a [`Refusal`]), silence,
    /// garbage, an answer too long, or an exit.
    pub fn send(&mut self, command: &str, limit: Duration) -> anyhow::Result<String> {
        if writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .is_err()
        {
            bail!("{}", self.gone());
        }
        let deadline = Instant::now() + limit;
        let (mut answer, mut length) = (Vec::<String>::new(), 0);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Output::Line(line)) => line,
                Ok(Output::TooLong) => bail!("{} sent a line too long for GTP", self.name),
                Err(RecvTimeoutError::Timeout) => {
                    bail!("{} did not answer {command:?} within {limit:?}", self.name)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("{}", self.gone())
                }
            };
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            length += line.len() + 1;
            if length > MAX_ANSWER {
                bail!("{} sent an answer too long for GTP", self.name);
            }
            answer.push(line);
        }
        let text = answer.join("\n");
        // The status character, then an optional id; anything else (even
        // a first character that is not ASCII) is not a GTP answer.
        let mut chars = text.chars();
        let status = chars.next();
        let rest = chars
            .as_str()
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim();
        match status {
            Some('=') => Ok(rest.to_string()),
            Some('?') => Err(Refusal {
                engine: self.name.clone(),
                command: command.to_string(),
                reason: rest.to_string(),
            }
            .into()),
            _ => bail!("{} answered {command:?} with {}", self.name, quote(&text)),
        }
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        thread::sleep(Duration::from_millis(20));
        // The engine and everything it started; the leash is held until it
        // has been waited for, so a stop cannot signal a group reused since.
        let mut leash = self.stopper.leash();
        if let Some(group) = leash.group.take() {
            // Out of the list before it is waited for, so that end_all
            // never signals a group that may be reused.
            running().retain(|&running| running != group);
            kill_group(group);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer_of(reply: &str) -> anyhow::Result<String> {
        let mut client =
            GtpClient::spawn(&format!("read line; printf '{reply}'; sleep 1")).expect("sh runs");
        client.send("name", Duration::from_secs(10))
    }

    #[test]
    fn answers_are_read_whatever_their_first_character() {
        assert_eq!(
            answer_of("=7 tabletop\\n\\n").expect("an answer"),
            "tabletop"
        );
        let refused = answer_of("? no\\n\\n").expect_err("refused");
        assert!(refused.is::<Refusal>(), "{refused}");
        let error = answer_of("\\303\\251 x\\n\\n").expect_err("not GTP");
        assert!(error.to_string().contains("answered"), "{error}");
    }

    #[test]
    fn an_engine_that_writes_without_end_is_cut_off() {
        let mut endless = GtpClient::spawn("yes").expect("sh runs");
        let error = endless
            .send("name", Duration::from_secs(60))
            .expect_err("no end");
        assert!(error.to_string().contains("too long"), "{error}");
        let mut one_line = GtpClient::spawn("tr -d '\\n' < /dev/zero").expect("sh runs");
        let error = one_line
            .send("name", Duration::from_secs(60))
            .expect_err("no end");
        assert!(error.to_string().contains("too long"), "{error}");
    }

    #[test]
    fn a_stopper_ends_an_engine_mid_answer() {
        let stopper = Stopper::default();
        let mut client = GtpClient::spawn_with("read line; sleep 600", "sleeper", stopper.clone())
            .expect("sh runs");
        let stop = stopper.clone();
        let stopping = thread::spawn(move || {
            thread::sleep(Duration::from_millis(100));
            stop.stop();
        });
        let error = client
            .send("genmove b", Duration::from_secs(600))
            .expect_err("stopped");
        // Stopped before or while it was asked.
        let error = error.to_string();
        assert!(
            error.contains("exited") || error.contains("stopped listening"),
            "{error}"
        );
        stopping.join().expect("the stopping thread");
        assert!(GtpClient::spawn_with("true", "true", stopper).is_err());
    }

    #[test]
    fn a_missing_engine_says_what_its_shell_said() {
        let mut missing = GtpClient::spawn("no-such-engine-anywhere").expect("sh runs");
        let error = missing
            .send("name", Duration::from_secs(60))
            .expect_err("no engine");
        let error = error.to_string();
        assert!(
            error.contains("exited") && error.contains("not found"),
            "{error}"
        );
    }

    #[test]
    fn an_engine_that_closes_its_pipes_is_reported_with_its_last_words() {
        // Its input and output close at once; it ends a moment later, with
        // a line on its standard error.
        let mut leaving =
            GtpClient::spawn("exec 0<&- 1>&-; sleep 0.3; echo 'out of memory' >&2; exit 3")
                .expect("sh runs");
        let error = leaving
            .send("name", Duration::from_secs(60))
            .expect_err("no engine");
        assert!(
            error.to_string().ends_with("exited: out of memory"),
            "{error}"
        );
    }
}
