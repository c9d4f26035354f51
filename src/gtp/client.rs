//! Another GTP engine, run as a child process and spoken to over its
//! standard input and output, with a time limit on every answer.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};

pub struct GtpClient {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl GtpClient {
    /// Starts `command` (run by `sh -c`).
    pub fn spawn(command: &str) -> anyhow::Result<GtpClient> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start the GTP engine {command:?}"))?;
        let input = child.stdin.take().ok_or_else(|| anyhow!("no stdin"))?;
        let output = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        // A reader thread, so a silent engine can be timed out.
        thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(GtpClient {
            name: command.to_string(),
            child,
            input,
            lines,
        })
    }

    /// Sends one command and waits up to `limit` for its answer: the
    /// result of a `=` answer, or an error for `?`, silence or an exit.
    pub fn send(&mut self, command: &str, limit: Duration) -> anyhow::Result<String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .with_context(|| format!("{} stopped listening", self.name))?;
        let mut answer: Vec<String> = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(limit) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    bail!("{} did not answer {command:?} within {limit:?}", self.name)
                }
                Err(RecvTimeoutError::Disconnected) => bail!("{} exited", self.name),
            };
            let line = line.trim_end_matches('\r').to_string();
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
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
            Some('?') => bail!("{} refused {command:?}: {rest}", self.name),
            _ => bail!("{} answered {command:?} with {text:?}", self.name),
        }
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        thread::sleep(Duration::from_millis(20));
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
        assert!(answer_of("? no\\n\\n").is_err());
        let error = answer_of("\\303\\251 x\\n\\n").expect_err("not GTP");
        assert!(error.to_string().contains("answered"), "{error}");
    }
}
