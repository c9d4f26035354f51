//! What each thing a footer or a help says is seen to do once its key
//! is pressed ([`check`] maps the words to the check).

use tabletop::app::App;

use crate::drive::*;
use crate::screen::*;

pub(crate) type Check = fn(&mut Drive) -> Result<(), String>;

/// Passes when `ok`, else says what the screen showed.
pub(crate) fn expect(ok: bool, what: &str, drive: &Drive) -> Result<(), String> {
    match ok {
        true => Ok(()),
        false => Err(format!("{what}; the screen shows:\n{}", drive.screen())),
    }
}

/// Presses the key; passes when the screen then contains `text`.
pub(crate) fn shows(drive: &mut Drive, text: &str) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains(text), &format!("no {text:?}"), drive)
}

pub(crate) fn quits(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let quit = drive.app.should_quit();
    expect(quit, "the app goes on", drive)
}

pub(crate) fn opens_help(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "closes this help")
}

pub(crate) fn next_theme(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Theme: ")
}

pub(crate) fn next_pieces(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Pieces: ")
}

/// The cursor or the chosen line moves.
pub(crate) fn moves_the_cursor(drive: &mut Drive) -> Result<(), String> {
    // Where the cursor cannot go further this way, the other way first.
    let back = match drive.key.as_str() {
        "←" | "h" => "→",
        "→" | "l" => "←",
        "↑" | "k" => "↓",
        "Home" | "PgUp" => "End",
        "End" | "PgDn" => "Home",
        _ => "↑",
    };
    let before = chosen(&buffer(&drive.app));
    if drive.key == "mouse click" {
        // A click on the line above the one chosen chooses it.
        let (column, row, _) = before.last().cloned().unwrap_or((0, 1, String::new()));
        drive.click(column, row.saturating_sub(1));
        let moved = chosen(&buffer(&drive.app)) != before;
        return expect(moved, "the click chooses nothing", drive);
    }
    drive.press_key();
    if chosen(&buffer(&drive.app)) != before {
        return Ok(());
    }
    drive.press(back);
    let turned = chosen(&buffer(&drive.app));
    drive.press_key();
    let moved = chosen(&buffer(&drive.app)) != turned;
    expect(moved, "the cursor stays", drive)
}

/// A value of the start screen's or the form's chosen line changes.
pub(crate) fn changes_a_value(drive: &mut Drive) -> Result<(), String> {
    // A line with a value is chosen first.
    for _ in 0..20 {
        if chosen_has_value(&drive.app) {
            break;
        }
        drive.press("↓");
    }
    let before = drive.screen();
    drive.press_key();
    expect(drive.screen() != before, "no value changes", drive)
}

/// Whether the chosen line of a menu has a value (`‹ … ›`, drawn
/// reversed).
pub(crate) fn chosen_has_value(app: &App) -> bool {
    let buf = buffer(app);
    reversed(&buf)
        .into_iter()
        .any(|(x, y)| buf[(x, y)].symbol() == "‹")
}

/// A move is played, or the status line says why not.
pub(crate) fn places(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let after = drive.screen();
    let played = history(&after) != history(&before)
        || number_after(&after, "Move ") != number_after(&before, "Move ");
    let said = ["Invalid move", "It is ", "answers", "slip", "taken"]
        .iter()
        .any(|why| after.contains(why) && !before.contains(why));
    expect(played || said, "nothing is placed", drive)
}

pub(crate) fn types_a_cell(drive: &mut Drive) -> Result<(), String> {
    let typed = drive.key.trim_start_matches(':').to_string();
    shows(drive, &format!("Cell: {typed}"))
}

/// The word move (`swap`) is typed and, with Enter, played.
pub(crate) fn plays_a_word(drive: &mut Drive) -> Result<(), String> {
    let word = drive.key.clone();
    drive.press_key();
    drive.press("Enter");
    let screen = drive.screen();
    expect(
        history(&screen).iter().any(|entry| entry.ends_with(&word)),
        &format!("{word} is not played"),
        drive,
    )
}

pub(crate) fn undoes(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let undone = (history(&screen) != before && !screen.contains("Nothing to undo"))
        || screen.contains("takes the resignation back")
        || (before.is_empty() && screen.contains("Nothing to undo"))
        || screen.contains("take your last move back");
    expect(undone, "nothing is undone", drive)
}

pub(crate) fn redoes(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let redone = history(&screen) != before || screen.contains("Nothing to redo");
    expect(redone, "nothing is redone", drive)
}

pub(crate) fn new_game(drive: &mut Drive) -> Result<(), String> {
    // Twice during a game, once after it.
    drive.press_key();
    if !drive.screen().contains("[ Start ]") {
        drive.press_key();
    }
    let screen = drive.screen();
    let home = ["[ Start ]", "Open games", "Connecting to"]
        .iter()
        .any(|home| screen.contains(home));
    expect(home, "not back at the start", drive)
}

pub(crate) fn hints(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen.contains("Looking for a hint") || screen.contains("Hint: "),
        "no hint",
        drive,
    )
}

pub(crate) fn evaluates(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let after = drive.screen();
    // `X 62% ████░░░░ O`, or `X …% ···· O` while it is worked out.
    let bar = |screen: &str| screen.contains('%');
    expect(
        bar(&after) != bar(&before),
        "the bar neither shows nor goes",
        drive,
    )
}

pub(crate) fn reviews(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let reviewing = screen.contains("Reviewing") || screen.contains("Already reviewed");
    expect(reviewing, "no review", drive)
}

pub(crate) fn looks_back(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let back = screen.contains("Looking back") || screen.contains("No move to look back at");
    expect(back, "not looking back", drive)
}

/// In the replay viewer or looking back: the move shown changes.
pub(crate) fn steps(drive: &mut Drive) -> Result<(), String> {
    let at = |screen: &str| {
        number_after(screen, "Move ").or_else(|| number_after(screen, "Looking back: move "))
    };
    // From the middle, every step changes the move shown.
    let back = matches!(drive.key.as_str(), "←" | "h" | "[" | "Home");
    if back {
        drive.press("End");
    }
    let before = at(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let after = at(&screen);
    let left = !back && before.is_some() && !screen.contains("Looking back");
    expect(after != before || left, "the move shown stays", drive)
}

pub(crate) fn back_to_the_game(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        !screen.contains("Looking back"),
        "still looking back",
        drive,
    )
}

pub(crate) fn plays_by_itself(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Playing, one move every")
}

pub(crate) fn changes_speed(drive: &mut Drive) -> Result<(), String> {
    drive.press("Space");
    let before = number_after(&drive.screen(), "one move every ");
    drive.press_key();
    let after = number_after(&drive.screen(), "one move every ");
    // The slowest cannot go slower: from the fastest, then.
    if after == before && drive.key.as_str() == "-" {
        return expect(before == Some(2000), "the speed stays", drive);
    }
    expect(after != before, "the speed stays", drive)
}

pub(crate) fn jumps(drive: &mut Drive) -> Result<(), String> {
    drive.key = "2".to_string();
    drive.press_key();
    drive.press("Enter");
    let at = number_after(&drive.screen(), "Move ");
    expect(at == Some(2), "not at move 2", drive)
}

pub(crate) fn next_mistake(drive: &mut Drive) -> Result<(), String> {
    let before = number_after(&drive.screen(), "Move ");
    drive.press_key();
    let screen = drive.screen();
    let moved = number_after(&screen, "Move ") != before
        || screen.contains("No mistakes")
        || screen.contains("Not reviewed yet");
    expect(moved, "no mistake shown", drive)
}

pub(crate) fn plays_on(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let playing = !screen.contains("tabletop replay") && screen.contains("'s turn");
    expect(playing, "no game goes on", drive)
}

/// Back to where the screen was opened from: another screen, or out.
pub(crate) fn goes_back(drive: &mut Drive) -> Result<(), String> {
    let before = footer(&buffer(&drive.app));
    drive.press_key();
    let gone = drive.app.should_quit() || footer(&buffer(&drive.app)) != before;
    expect(gone, "the screen stays", drive)
}

/// The analysis board opens.
pub(crate) fn analyses(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop analysis")
}

/// On the analysis board: another variation is shown, or the status line
/// says there is none that way.
pub(crate) fn switches_variation(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    let switched = screen != before || screen.contains("No variation");
    expect(switched, "no variation is shown", drive)
}

/// On the analysis board, in a variation: back on the main line.
pub(crate) fn back_to_the_main_line(drive: &mut Drive) -> Result<(), String> {
    // A move other than the main line's, where the cursor finds one.
    drive.press("[");
    let at = number_after(&drive.screen(), "Move ");
    for step in ["→", "↓"].iter().cycle().take(40) {
        drive.press("Space");
        if drive.screen().contains("A variation") {
            break;
        }
        if number_after(&drive.screen(), "Move ") != at {
            drive.press("[");
        }
        drive.press(step);
    }
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen.contains("The main line"),
        "not on the main line",
        drive,
    )
}

pub(crate) fn changes_level(drive: &mut Drive) -> Result<(), String> {
    let before = number_after(&drive.screen(), "Level ");
    drive.press_key();
    let after = number_after(&drive.screen(), "Level ");
    expect(after.is_some() && after != before, "the level stays", drive)
}

pub(crate) fn saves_the_line(drive: &mut Drive) -> Result<(), String> {
    // The tests' app has no folder of saved games: it says so.
    shows(drive, "There is no folder of saved games here")
}

pub(crate) fn resigns(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Resign as Player")
}

pub(crate) fn saves(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Save to: ")
}

pub(crate) fn keeps_on_the_server(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Kept in Your games on this server")
}

pub(crate) fn pauses(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "paused")
}

pub(crate) fn takes_the_seat(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "You play Player")
}

pub(crate) fn gives_the_seat(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop's computer plays Player")
}

pub(crate) fn forfeits(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "forfeits the game")
}

/// While a line is typed: Enter plays what was typed.
pub(crate) fn enters_the_line(drive: &mut Drive) -> Result<(), String> {
    let before = history(&drive.screen());
    drive.press_key();
    let screen = drive.screen();
    let done = history(&screen) != before || !screen.contains("Cell: ");
    expect(done, "the line stays", drive)
}

pub(crate) fn erases(drive: &mut Drive) -> Result<(), String> {
    drive.press("c");
    let before = drive.screen();
    drive.press_key();
    expect(drive.screen() != before, "nothing is erased", drive)
}

pub(crate) fn empties_the_line(drive: &mut Drive) -> Result<(), String> {
    drive.press("ab1");
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    expect(
        before.contains("ab1") && !screen.contains("ab1"),
        "the line keeps what was typed",
        drive,
    )
}

pub(crate) fn closes_the_line(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(
        !screen.contains("Cell: ") && !screen.contains("Code: "),
        "the line stays",
        drive,
    )
}

pub(crate) fn starts(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains("'s turn"), "no game starts", drive)
}

pub(crate) fn opens_a_replay(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "tabletop replay")
}

pub(crate) fn continues(drive: &mut Drive) -> Result<(), String> {
    // The unfinished game is listed first, sorted by result.
    drive.press("s");
    drive.press("s");
    drive.press("Home");
    drive.press_key();
    let screen = drive.screen();
    expect(screen.contains("'s turn"), "no game goes on", drive)
}

pub(crate) fn asks_to_delete(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "to trash/?")
}

pub(crate) fn sorts(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let sorted = ["by game", "by result", "longest first", "newest first"]
        .iter()
        .any(|how| drive.screen().contains(how) && !before.contains(how));
    expect(sorted, "not sorted another way", drive)
}

pub(crate) fn filters(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    let filtered = screen.contains(" only ·") || (before.contains(" only ·") && screen != before);
    expect(filtered, "not one game's", drive)
}

pub(crate) fn moves_to_the_trash(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Moved ")
}

pub(crate) fn keeps_the_file(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Kept ")
}

pub(crate) fn solves(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Find the winning move")
}

pub(crate) fn retries(drive: &mut Drive) -> Result<(), String> {
    let left = |screen: &str| {
        screen
            .lines()
            .find(|line| line.contains("left"))
            .map(str::to_string)
    };
    let start = left(&drive.screen());
    drive.press("Enter");
    drive.tick_until(|screen| !screen.contains("answers…"));
    drive.press_key();
    let screen = drive.screen();
    expect(
        left(&screen) == start && !screen.contains("slip"),
        "not tried again",
        drive,
    )
}

pub(crate) fn next_puzzle(drive: &mut Drive) -> Result<(), String> {
    let before = drive.screen();
    drive.press_key();
    let screen = drive.screen();
    expect(
        screen != before && screen.contains("Find the winning move"),
        "no other puzzle",
        drive,
    )
}

pub(crate) fn joins(drive: &mut Drive) -> Result<(), String> {
    drive.press_key();
    let screen = drive.screen();
    let entering = screen.contains("Joining game") || screen.contains("Watching game");
    expect(entering, "no game entered", drive)
}

pub(crate) fn watches(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Watching game")
}

pub(crate) fn opens_the_form(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "[ Create ]")
}

pub(crate) fn opens_the_code_line(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Code: ")
}

pub(crate) fn creates(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Creating a game of")
}

pub(crate) fn enters_a_code(drive: &mut Drive) -> Result<(), String> {
    drive.press("AB12");
    shows(drive, "Entering the game by its code")
}

pub(crate) fn chats(drive: &mut Drive) -> Result<(), String> {
    shows(drive, "Say: ")
}

/// Presses the key; passes when the screen comes to contain one of
/// `texts` (the other side answers over the network).
pub(crate) fn comes_to_show(drive: &mut Drive, texts: &[&str]) -> Result<(), String> {
    drive.press_key();
    let shown = drive.tick_until(|screen| texts.iter().any(|text| screen.contains(text)));
    expect(shown, &format!("none of {texts:?}"), drive)
}

pub(crate) fn offers_a_draw(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You offer a draw", "the draw"])
}

pub(crate) fn accepts(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You accept the draw"])
}

pub(crate) fn declines(drive: &mut Drive) -> Result<(), String> {
    comes_to_show(drive, &["You decline the draw"])
}

/// A click on a game's title chooses it.
pub(crate) fn clicks_a_title(drive: &mut Drive) -> Result<(), String> {
    let screen = drive.screen();
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("Connect6") && line.contains("Gomoku"))
        .expect("the titles");
    let column = line.find("Hex").map(|at| line[..at].chars().count());
    drive.click(column.unwrap_or(0) as u16, row as u16);
    let chosen = drive.screen().contains("‹ Hex ›");
    expect(chosen, "Hex is not chosen", drive)
}

/// What a footer item or a help line says, and how to see it done.
pub(crate) fn check(says: &str) -> Option<Check> {
    let check: Check = match says {
        "quit" | "quit at once" => quits,
        "help" | "this help" => opens_help,
        "the next colour theme, yours too (remembered)" => next_theme,
        "pieces as letters, stones or ASCII only (remembered)" => next_pieces,
        "move" | "move the cursor" | "choose" | "choose a line" | "choose a game"
        | "choose a puzzle" => moves_the_cursor,
        "the first, the last" | "a page up, a page down" => moves_the_cursor,
        "change" | "change its value" => changes_a_value,
        "place" | "place a piece on the cursor cell" | "place a piece on the clicked cell" => {
            places
        }
        "type" | "type a cell (or a word move), Enter plays it" => types_a_cell,
        "swap" => plays_a_word,
        "undo" | "undo (with the computer's reply)" => undoes,
        "redo" => redoes,
        "new" | "new game (press twice during a game)" => new_game,
        "hint" | "hint: the move the computer would play" => hints,
        "evaluation bar on or off (between people)" | "evaluation bar on or off" => evaluates,
        "review"
        | "review the finished game: where it went wrong"
        | "review the game here (the graph fills in as it goes)" => reviews,
        "look back" | "look back at the moves so far" => looks_back,
        "resign" | "resign (asks first)" => resigns,
        "save" | "save the game to a file" => saves,
        "keep" | "keep the game in your games on this server" => keeps_on_the_server,
        "pause" | "pause or go on (computer against computer)" => pauses,
        "take the engine's seat: you play its side" => takes_the_seat,
        "give the engine's seat to tabletop's computer" => gives_the_seat,
        "end the game: the engine forfeits" => forfeits,
        "step"
        | "one move back, one move on"
        | "ends"
        | "the start, the end"
        | "the start, the position now" => steps,
        "one move back, one move on along the line" | "the start, the end of the line" => steps,
        "variation" | "the variation before, after (at the same move)" => switches_variation,
        "main" | "back to where the line left the main line" => back_to_the_main_line,
        "level" | "the computer's level up, down" => changes_level,
        "save line" | "save the line to here in the saved games" => saves_the_line,
        "evaluation bar and best line on or off" => evaluates,
        "play on from here against the computer at its level" => plays_on,
        "back to where the board was opened" => goes_back,
        "analyse"
        | "analyse the game over: moves for both sides, the computer's line"
        | "analyse from here (a game at home)"
        | "analyse from here: moves for both sides, branches, the computer's line"
        | "analyse the puzzle, once solved or missed"
        | "an empty board of the game chosen, on the analysis board" => analyses,
        "back to the game" | "undo, redo (back to the game)" => back_to_the_game,
        "play" | "play the moves by themselves, or stop" => plays_by_itself,
        "speed" | "faster, slower" => changes_speed,
        "jump to after move 12" => jumps,
        "next mistake" | "the next mistake or blunder (a reviewed game)" => next_mistake,
        "play on" | "play on from here as a new game" => plays_on,
        "back"
        | "back to where the game was opened from"
        | "back to the start screen (or the shell)"
        | "back to the list"
        | "back to the start screen"
        | "puzzles" => goes_back,
        "play the cell typed, or save or send the line" | "play the cell typed" => enters_the_line,
        "erase" | "erase the last character" => erases,
        "empty" | "empty the line" => empties_the_line,
        "cancel" | "close the line" => closes_the_line,
        "start" | "start the game, resume it, open the saved games or the puzzles" => starts,
        "replay"
        | "replay the game"
        | "replay the game chosen (a kept one)"
        | "choose a game; a second click replays it" => opens_a_replay,
        "choose a game, a line or its value (‹ ›); a button does what Enter does" => {
            clicks_a_title
        }
        "review the game (in the replay viewer)" => reviews,
        "continue" | "continue the game (an unfinished one)" => continues,
        "delete" | "move the file to trash/ (asks first)" => asks_to_delete,
        "sort" | "sort by date, game, result or moves" => sorts,
        "filter"
        | "show one game only, the next or the one before"
        | "game"
        | "show one game's puzzles, the next or the one before" => filters,
        "page" => moves_the_cursor,
        "yes" | "yes: move it to trash/" => moves_to_the_trash,
        "no" | "no: keep it (so does any other key)" => keeps_the_file,
        "solve" | "solve it" => solves,
        "retry" | "try the puzzle again, from its position" => retries,
        "next" | "the next puzzle" => next_puzzle,
        "join/watch"
        | "join the open game chosen, or watch the game in progress"
        | "choose a game; a second click enters it" => joins,
        "watch" | "watch the game chosen" => watches,
        "new game" | "create a new game (its game, settings, side, opponent)" => opens_the_form,
        "code" | "type a code: a join, rejoin or watch code" => opens_the_code_line,
        "create" | "create the game (and wait in it for a player)" => creates,
        "enter the game" | "enter the game of the code typed" => enters_a_code,
        "leave" => new_game,
        "chat" | "chat with the other player (network game)" => chats,
        "draw" | "offer a draw (network game; undo asks for one)" => offers_a_draw,
        "accept"
        | "accept the draw or undo offered, or claim the win when the other player stays away (network game)" => {
            accepts
        }
        "decline" | "decline it (network game)" => declines,
        _ => return None,
    };
    Some(check)
}
