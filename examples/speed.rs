use tabletop::engine::gekitai::Gekitai;
fn main() {
    let g = Gekitai::default();
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    tabletop::with_gekitai_board!(&g, b => print!("{}", tabletop::selfplay::selfplay(b, n, 1).to_lines()));
}
