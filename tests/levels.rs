//! `tabletop levels`: how strong each level is, said the way the start
//! screen says it, for every game or the one named.

mod common;

#[test]
fn every_level_of_every_game_says_how_strong_it_is() {
    let run = common::run(&["levels"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let text = run.text();
    for title in ["Gekitai", "Connect6", "Hex", "Reversi", "Gomoku"] {
        for level in 1..=5 {
            let line = format!("Computer {level}: ");
            let said = text
                .lines()
                .filter(|said| said.contains(&line) && said.contains(&format!(" at {title} (0: ")))
                .count();
            assert_eq!(said, 1, "{title} {level}:\n{text}");
        }
    }
}

#[test]
fn one_game_named_or_a_clear_refusal() {
    let run = common::run(&["levels", "hex"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.text().matches("Computer ").count(), 5, "{}", run.text());
    assert!(run.text().contains("MoHex"), "{}", run.text());
    let refused = common::run(&["levels", "chess"], b"");
    assert_eq!(refused.status, 2);
    assert!(
        refused.stderr.contains("there is no game \"chess\""),
        "{}",
        refused.stderr
    );
}
