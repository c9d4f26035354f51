//! The session's terminal as ratatui sees it: crossterm's escape codes
//! written to the session's screen, with the size the client told us
//! (there is no terminal here to ask) and the cursor where it was last
//! put (nor one to query).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use super::output::Screen;

/// The client's window, columns and rows, as the connection last heard.
#[derive(Clone, Default)]
pub struct Window(Arc<AtomicU32>);

impl Window {
    pub fn set(&self, columns: u16, rows: u16) {
        self.0.store(
            u32::from(columns) << 16 | u32::from(rows),
            Ordering::Relaxed,
        );
    }

    pub fn size(&self) -> Size {
        let both = self.0.load(Ordering::Relaxed);
        Size::new((both >> 16) as u16, both as u16)
    }
}

pub struct SessionBackend {
    inner: CrosstermBackend<Screen>,
    window: Window,
    cursor: Position,
}

impl SessionBackend {
    pub fn new(screen: Screen, window: Window) -> SessionBackend {
        SessionBackend {
            inner: CrosstermBackend::new(screen),
            window,
            cursor: Position::ORIGIN,
        }
    }

    /// Where raw escape codes go (the alternate screen, the mouse).
    pub fn writer(&mut self) -> &mut CrosstermBackend<Screen> {
        &mut self.inner
    }
}

impl Backend for SessionBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.window.size())
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.window.size(),
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}
