//! A session's screen: what the app draws, sent to the SSH channel a
//! frame at a time. Frames go through a short bounded queue, so a client
//! that reads slowly holds its own session back (the SSH window fills,
//! the queue fills, the app waits to draw) and its memory stays bounded;
//! a client gone ends the writes with an error, which ends the session;
//! the app done, the channel is closed.

use std::io::{self, Write};

use russh::ChannelId;
use russh::server::Handle;
use tokio::sync::mpsc;

/// Frames waiting to be sent, at most.
const QUEUED: usize = 4;
/// The most one frame may hold before it is sent in pieces.
const FRAME_BYTES: usize = 64 * 1024;

/// Where the app's frames are written.
pub struct Screen {
    frame: Vec<u8>,
    frames: mpsc::Sender<Vec<u8>>,
}

impl Screen {
    /// A screen sending to `channel` of the session `handle` reaches, with
    /// the task that sends (to be spawned on the server's runtime).
    pub fn open(
        handle: Handle,
        channel: ChannelId,
    ) -> (Screen, impl Future<Output = ()> + Send + 'static) {
        let (frames, mut queued) = mpsc::channel::<Vec<u8>>(QUEUED);
        let sending = async move {
            while let Some(frame) = queued.recv().await {
                if handle.data(channel, frame).await.is_err() {
                    return;
                }
            }
            // The app is done: the client's ssh exits.
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        };
        let screen = Screen {
            frame: Vec::new(),
            frames,
        };
        (screen, sending)
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
