//! Drawing speed of the full-screen app: one whole frame of the game screen
//! into a buffer, as the terminal backend would receive it.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use tabletop::app::action::Action;
use tabletop::app::theme::{Pieces, Theme};
use tabletop::app::{App, Options, Start};
use tabletop::games::Setup;
use tabletop_core::config::Config;
use tabletop_core::seat::Seat;
use tabletop_engine::gekitai::{Gekitai, GekitaiSettings};

fn mid_game(settings: GekitaiSettings, area: Rect, theme: Theme) -> App {
    let options = Options {
        menu: Setup::of::<Gekitai>(&settings),
        start: Start::Game(Setup::of::<Gekitai>(&settings)),
        animate: false,
        autosave: None,
        library: None,
        seats: [Seat::Human, Seat::Human],
        remember: None,
        looks: None,
        notice: None,
        config: Config::default(),
    };
    let mut app = App::new(options, area, theme);
    for address in ["c3", "d4", "a1", "b2", "e5"] {
        for c in address.chars() {
            app.update(Action::Type(c));
        }
        app.update(Action::Confirm);
    }
    app
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("render_frame");
    let big = GekitaiSettings::new(12, 30, 4, Default::default()).unwrap_or_default();
    // The ASCII mode goes over the finished frame once more.
    let ascii = Theme {
        pieces: Pieces::Ascii,
        ..Theme::CLASSIC
    };
    for (name, settings, width, height, theme) in [
        (
            "gekitai_6x6_80x24",
            GekitaiSettings::default(),
            80,
            24,
            Theme::CLASSIC,
        ),
        (
            "gekitai_6x6_200x60",
            GekitaiSettings::default(),
            200,
            60,
            Theme::CLASSIC,
        ),
        ("gekitai_12x12_200x60", big, 200, 60, Theme::CLASSIC),
        (
            "gekitai_6x6_80x24_ascii",
            GekitaiSettings::default(),
            80,
            24,
            ascii,
        ),
        ("gekitai_12x12_200x60_ascii", big, 200, 60, ascii),
    ] {
        let area = Rect::new(0, 0, width, height);
        let app = mid_game(settings, area, theme);
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut buf = Buffer::empty(area);
                app.render(area, &mut buf);
                black_box(buf)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
