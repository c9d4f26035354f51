//! A session's screen: what the app draws, sent to the SSH channel a
//! frame at a time. Frames go through a short bounded queue, so a client
//! that reads slowly holds its own session back (the SSH window fills,
//! the queue fills, the app waits to draw) and its memory stays bounded;
//! a client gone ends the writes with an error, which ends the session;
//! the app done, the channel is closed with the status the session ended
//! with ([`Status`]: 0 unless the server ended it), which the client's
//! `ssh` exits with.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc;

/// Frames waiting to be sent, at most.
const QUEUED: usize = 4;
/// The most one frame may hold before it is sent in pieces.
const FRAME_BYTES: usize = 64 * 1024;

/// The exit status of a session the server ended (its input flooded).
pub const ENDED_BY_THE_SERVER: u32 = 1;

/// The exit status a session ends with, sent once its last frame is: not
/// 0 when the server ended it, so that a script running `ssh` sees it
/// failed.
#[derive(Clone, Default)]
pub struct Status(Arc<AtomicU32>);

impl Status {
    pub fn set(&self, status: u32) {
        self.0.store(status, Ordering::Release);
    }

    fn get(&self) -> u32 {
        self.0.load(Ordering::Acquire)
    }
}

/// Where the app's frames are written.
pub struct Screen {
    frame: Vec<u8>,
    frames: mpsc::Sender<Vec<u8>>,
    status: Status,
}

impl Screen {
    /// A screen sending to `channel` of the session `handle` reaches, with
    /// the task that sends (to be spawned on the server's runtime).
    pub fn open(
        handle: Handle,
        channel: ChannelId,
    ) -> (Screen, impl Future<Output = ()> + Send + 'static) {
        let (frames, mut queued) = mpsc::channel::<Vec<u8>>(QUEUED);
        let status = Status::default();
        let ended = status.clone();
        let sending = async move {
            while let Some(frame) = queued.recv().await {
                if handle.data(channel, frame).await.is_err() {
                    return;
                }
            }
            // The app is done (the screen dropped): the client's ssh exits
            // with the session's status.
            let _ = handle.exit_status_request(channel, ended.get()).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        };
        let screen = Screen {
            frame: Vec::new(),
            frames,
            status,
        };
        (screen, sending)
    }

    /// Where the status the session ends with is set.
    pub fn status(&self) -> Status {
        self.status.clone()
    }

    fn send(&mut self) -> io::Result<()> {
        if self.frame.is_empty() {
            return Ok(());
        }
        let frame = std::mem::take(&mut self.frame);
        self.frames
            .blocking_send(frame)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the session is closed"))
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(bytes);
        if self.frame.len() >= FRAME_BYTES {
            self.send()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}
