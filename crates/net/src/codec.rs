//! Framing: a connection's bytes as messages, one line each, read with
//! tokio-util's [`LinesCodec`] under a hard limit, so that a line longer
//! than [`MAX_LINE`] is refused as soon as that many bytes have arrived,
//! without reading the rest.

use std::io;

use bytes::BytesMut;
use tokio::net::tcp::OwnedReadHalf;
use tokio_util::codec::{Decoder, FramedRead, LinesCodec, LinesCodecError};

use crate::protocol::{MAX_LINE, Message, ProtocolError, decode};

/// The reading half of a connection, as messages.
pub type Reader = FramedRead<OwnedReadHalf, MessageCodec>;

/// Reads `read` as messages.
pub fn reader(read: OwnedReadHalf) -> Reader {
    FramedRead::new(read, MessageCodec::new())
}

/// Lines of at most [`MAX_LINE`] bytes, newline included (a `\r` before
/// it is dropped), each decoded as a message.
#[derive(Debug)]
pub struct MessageCodec {
    lines: LinesCodec,
}

impl MessageCodec {
    pub fn new() -> MessageCodec {
        MessageCodec {
            // The codec's limit leaves out the newline.
            lines: LinesCodec::new_with_max_length(MAX_LINE - 1),
        }
    }
}

impl Default for MessageCodec {
    fn default() -> Self {
        MessageCodec::new()
    }
}

impl From<io::Error> for ProtocolError {
    fn from(error: io::Error) -> ProtocolError {
        ProtocolError::Malformed(error.to_string())
    }
}

/// What the line codec's refusal means here.
fn refused(error: LinesCodecError) -> ProtocolError {
    match error {
        LinesCodecError::MaxLineLengthExceeded => ProtocolError::TooLong,
        LinesCodecError::Io(error) if error.kind() == io::ErrorKind::InvalidData => {
            ProtocolError::Malformed("not UTF-8".into())
        }
        LinesCodecError::Io(error) => error.into(),
    }
}

impl Decoder for MessageCodec {
    type Item = Message;
    type Error = ProtocolError;

    fn decode(&mut self, buffer: &mut BytesMut) -> Result<Option<Message>, ProtocolError> {
        match self.lines.decode(buffer).map_err(refused)? {
            Some(line) => decode(line.as_bytes()).map(Some),
            None => Ok(None),
        }
    }

    /// A connection that closes in the middle of a line sent no message.
    fn decode_eof(&mut self, buffer: &mut BytesMut) -> Result<Option<Message>, ProtocolError> {
        match self.decode(buffer)? {
            Some(message) => Ok(Some(message)),
            None if buffer.is_empty() => Ok(None),
            None => {
                buffer.clear();
                Err(ProtocolError::Malformed("the line has no end".into()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::encode;
    use futures_util::StreamExt;

    fn read_all(input: &[u8]) -> Vec<Result<Message, ProtocolError>> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let reader = FramedRead::new(input, MessageCodec::new());
            reader.collect().await
        })
    }

    #[test]
    fn lines_are_read_one_message_each() {
        let input = encode(&Message::Move { mv: "A1".into() })
            + &encode(&Message::Move { mv: "B2".into() }).replace('\n', "\r\n");
        let read = read_all(input.as_bytes());
        assert_eq!(
            read,
            [
                Ok(Message::Move { mv: "A1".into() }),
                Ok(Message::Move { mv: "B2".into() })
            ]
        );
    }

    #[test]
    fn a_line_cut_short_and_bytes_that_are_not_text_are_malformed() {
        let cut = read_all(b"{\"type\":\"list\"}\n{\"type\":");
        assert_eq!(cut[0], Ok(Message::List));
        assert_eq!(
            cut[1],
            Err(ProtocolError::Malformed("the line has no end".into()))
        );
        let junk = read_all(b"\x00\xff\x1b[2J garbage\n");
        assert_eq!(
            junk[0],
            Err(ProtocolError::Malformed("not UTF-8".into())),
            "{junk:?}"
        );
    }

    #[test]
    fn the_longest_line_is_read_and_one_byte_more_is_refused() {
        let at_limit = format!("{{\"type\":\"chat\",\"text\":\"{}\"}}\n", {
            let room = MAX_LINE - 1 - "{\"type\":\"chat\",\"text\":\"\"}".len();
            "x".repeat(room)
        });
        assert_eq!(at_limit.len(), MAX_LINE);
        assert!(matches!(
            read_all(at_limit.as_bytes())[0],
            Ok(Message::Chat { .. })
        ));
        let over = at_limit.replace("\"}", "x\"}");
        assert_eq!(read_all(over.as_bytes())[0], Err(ProtocolError::TooLong));
    }

    #[test]
    fn an_oversized_line_is_refused_before_its_end() {
        /// Endless `x`s: a reader that wanted the whole line would never
        /// return.
        struct Endless;
        impl tokio::io::AsyncRead for Endless {
            fn poll_read(
                self: std::pin::Pin<&mut Self>,
                _: &mut std::task::Context<'_>,
                buf: &mut tokio::io::ReadBuf<'_>,
            ) -> std::task::Poll<std::io::Result<()>> {
                buf.put_slice(&vec![b'x'; buf.remaining()]);
                std::task::Poll::Ready(Ok(()))
            }
        }
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        let (read, kept) = runtime.block_on(async {
            let mut reader = FramedRead::new(Endless, MessageCodec::new());
            let read = reader.next().await;
            (read, reader.read_buffer().capacity())
        });
        assert_eq!(read, Some(Err(ProtocolError::TooLong)));
        assert!(kept <= 2 * MAX_LINE, "kept {kept} bytes");
    }
}
