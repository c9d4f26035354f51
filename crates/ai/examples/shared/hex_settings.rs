//! Level 5's Hex tree-search settings with changes named on the command
//! line, as in `explore=0.1,bias=1`: shared by the examples that compare
//! settings (`hex_duel`, `hex_gtp`).

use tabletop_ai::hex::uct::Settings;

/// Level 5's settings with `changes` (comma-separated `key=value`) made.
pub fn level5_with(changes: &str) -> Result<Settings<'static>, String> {
    let mut s = Settings::level5();
    for change in changes.split(',').filter(|c| !c.is_empty()) {
        let (key, value) = change
            .split_once('=')
            .ok_or_else(|| format!("{change}: not key=value"))?;
        let float = || {
            value
                .parse::<f32>()
                .map_err(|_| format!("{change}: not a number"))
        };
        let whole = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{change}: not a count"))
        };
        match key {
            "rave_prior_visits" => s.rave_prior_visits = whole()?,
            "bias" => s.bias = float()?,
            "bias_fades_slowly" => s.bias_fades_slowly = whole()? != 0,
            "prior_is_share" => s.prior_is_share = whole()? != 0,
            "rave_prior_even" => s.rave_prior_even = whole()? != 0,
            "explore" => s.explore = float()?,
            "rave_bias" => s.rave_bias = float()?,
            "expand_after" => s.expand_after = whole()?,
            "expand_per_cells" => s.expand_per_cells = whole()? as usize,
            "fill_playouts" => s.fill_playouts = whole()? != 0,
            "prune" => s.prune = whole()? != 0,
            "know_after" => s.know_after = whole()?,
            "threads" => s.threads = whole()? as usize,
            "patterns" => {
                if whole()? == 0 {
                    s.gammas = None
                }
            }
            _ => return Err(format!("no setting {key}")),
        }
    }
    Ok(s)
}
