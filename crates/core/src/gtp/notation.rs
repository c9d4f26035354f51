//! GTP vertices for every game: the game's GTP notation
//! ([`Described::GTP_NOTATION`], its own notation in either case unless its
//! community uses another, as Hex does), plus its word moves (`pass`,
//! `swap`).

use tabletop_engine::Described;

/// How `mv` is written in GTP.
pub fn to_vertex<G: Described>(mv: &G::Move) -> String {
    match G::placed(mv) {
        Some(cell) => G::GTP_NOTATION.format(cell),
        None => mv.to_string(),
    }
}

/// The move a GTP vertex names, if it names one.
pub fn from_vertex<G: Described>(text: &str) -> Option<G::Move> {
    // Some controllers add a suffix to word moves: HexGui's `swap-pieces`.
    let word = text.trim();
    let word = word.strip_suffix("-pieces").unwrap_or(word);
    let named = G::WORD_MOVES
        .iter()
        .find(|mv| mv.to_string().eq_ignore_ascii_case(word));
    if let Some(&mv) = named {
        return Some(mv);
    }
    G::GTP_NOTATION.parse(text).ok().map(G::place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabletop_engine::Cell;
    use tabletop_engine::connect6::{Connect6, Stone};
    use tabletop_engine::gekitai::{Gekitai, Place};
    use tabletop_engine::hex::{Hex, HexMove};
    use tabletop_engine::reversi::{Reversi, ReversiMove};

    #[test]
    fn hex_vertices_are_transposed_to_the_spec_board() {
        // HexGui's c1 (column c, top row) is SPEC.md's A2: row 2, column A.
        let mv = from_vertex::<Hex>("c1").expect("a vertex");
        assert_eq!(mv, HexMove::Place(Cell::new(2, 0).expect("cell")));
        assert_eq!(to_vertex::<Hex>(&mv), "c1");
        assert_eq!(from_vertex::<Hex>("SWAP"), Some(HexMove::Swap));
        assert_eq!(from_vertex::<Hex>("swap-pieces"), Some(HexMove::Swap));
    }

    #[test]
    fn every_game_round_trips_its_vertices() {
        for cell in Cell::all(19) {
            let place = Place(cell);
            assert_eq!(
                from_vertex::<Gekitai>(&to_vertex::<Gekitai>(&place)),
                Some(place)
            );
            let stone = Stone(cell);
            assert_eq!(
                from_vertex::<Connect6>(&to_vertex::<Connect6>(&stone)),
                Some(stone)
            );
            let hex = HexMove::Place(cell);
            assert_eq!(from_vertex::<Hex>(&to_vertex::<Hex>(&hex)), Some(hex));
            let disc = ReversiMove::Place(cell);
            assert_eq!(
                from_vertex::<Reversi>(&to_vertex::<Reversi>(&disc)),
                Some(disc)
            );
        }
        assert_eq!(from_vertex::<Reversi>("PASS"), Some(ReversiMove::Pass));
        assert_eq!(from_vertex::<Gekitai>("c3"), from_vertex::<Gekitai>("C3"));
        assert_eq!(
            from_vertex::<Connect6>("h14"),
            from_vertex::<Connect6>("H14")
        );
        assert_eq!(from_vertex::<Gekitai>("pass"), None);
    }
}
