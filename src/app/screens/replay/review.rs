//! The replay viewer's review: made in the background on every core and
//! kept in the record's file once done, or read from the record; what it
//! judges each move, the first player's chances it finds, and the jump to
//! the next mistake.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::thread;

use super::Replay;
use crate::app::action::Action;
use crate::app::paths;
use crate::app::widgets::history::Entry;
use crate::games::Interactive;
use tabletop_ai::Level;
use tabletop_core::files;
use tabletop_core::review::classify::Class;
use tabletop_core::review::{Effort, first_player_chance, judgements_so_far, review};
use tabletop_engine::record::review::{Review, Reviewed};

/// A review running on its own threads, reporting each position as it is
/// done.
pub(super) struct Background<M> {
    stop: Arc<AtomicBool>,
    finished: Receiver<(usize, Reviewed<M>)>,
}

impl<M> Drop for Background<M> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl<G: Interactive> Replay<G> {
    /// Works out the judgements and the chances again from what is known
    /// of the review.
    pub(super) fn judge(&mut self) {
        let reviewed = &self.reviewed;
        self.judged = judgements_so_far(&self.record, |k| reviewed.get(k)?.as_ref());
        self.chances = reviewed
            .iter()
            .zip(&self.movers)
            .map(|(reviewed, &mover)| {
                reviewed
                    .as_ref()
                    .map_or(f64::NAN, |r| first_player_chance(r.standing, mover))
            })
            .collect();
    }

    /// The first player's chance in the position shown, as far as it is
    /// known: from the review, else from the evaluation bar's own search.
    pub(super) fn shown_chance(&self) -> Option<f64> {
        let shown = self.line.chosen_through(self.index);
        match self.chances.get(shown) {
            Some(chance) if !chance.is_nan() => Some(*chance),
            _ => self.evaluation.chance(),
        }
    }

    /// Asks for the bar's figure where the review does not give it (and
    /// is not about to: a review under way fills it in).
    pub(super) fn evaluate(&mut self) {
        let shown = self.line.chosen_through(self.index);
        let known = self.chances.get(shown).is_some_and(|c| !c.is_nan());
        if !self.bar || known || self.reviewing.is_some() {
            self.evaluation.abandon();
            return;
        }
        let game = self.line.after(self.index);
        let through = self.line.played_through(self.index);
        let positions = &self.line.positions()[..=through];
        self.evaluation
            .ask(game, || tabletop_ai::History::of(positions));
    }

    /// Starts reviewing the game in the background, if it has no review
    /// (and none is under way).
    pub(super) fn review(&mut self) {
        if self.record.review.is_some() {
            let mistakes = Self::keys().key_for(Action::NextMistake);
            self.message = Some(format!("Already reviewed: {mistakes} finds the mistakes"));
        } else if self.reviewing.is_none() {
            self.start_review();
        }
    }

    /// Starts reviewing the game in the background, on every core.
    pub fn start_review(&mut self) {
        let stop = Arc::new(AtomicBool::new(false));
        let (tell, finished) = mpsc::channel();
        let (record, flag) = (self.record.clone(), Arc::clone(&stop));
        thread::spawn(move || {
            review(&record, Effort::at(Level::DEFAULT), &flag, |done| {
                // The viewer may have gone and stopped listening.
                let _ = tell.send((done.index, done.reviewed.clone()));
            });
        });
        self.reviewed = vec![None; self.movers.len()];
        self.reviewing = Some(Background { stop, finished });
        self.bar = true;
        self.evaluation.abandon();
        self.judge();
    }

    /// Takes the positions the background review has finished; once all
    /// are, keeps the review in the record and its file.
    pub(super) fn collect_review(&mut self) {
        let Some(background) = &self.reviewing else {
            return;
        };
        let mut changed = false;
        while let Ok((index, reviewed)) = background.finished.try_recv() {
            if let Some(slot) = self.reviewed.get_mut(index) {
                *slot = Some(reviewed);
                changed = true;
            }
        }
        if !changed {
            return;
        }
        self.judge();
        let Some(positions) = self.reviewed.iter().cloned().collect::<Option<Vec<_>>>() else {
            return;
        };
        self.reviewing = None;
        self.record.review = Some(Review {
            level: Level::DEFAULT.get(),
            positions,
        });
        self.message = Some(match &self.path {
            Some(path) => match files::save(path, &self.record.to_toml()) {
                Ok(()) => format!("Reviewed, and kept in {}", paths::shown(path)),
                Err(error) => format!("Reviewed, but not saved: {error}"),
            },
            None => "Reviewed".to_string(),
        });
        self.evaluate();
    }

    /// Adds the review's marks (`?!`, `?`, `??`) to the turns of the
    /// history: a turn takes its worst move's.
    pub(super) fn mark_entries(&self, entries: &mut [Entry]) {
        let numbers = self.chosen_numbers();
        for entry in entries.iter_mut() {
            let worst = numbers
                .iter()
                .zip(&self.judged)
                .filter(|(n, _)| Some(**n) == entry.number)
                .filter_map(|(_, judgement)| judgement.map(|j| j.class))
                .max();
            if let Some(mark) = worst.map(Class::mark).filter(|m| !m.is_empty()) {
                entry.text = format!("{} {mark}", entry.text);
            }
        }
    }

    /// The turn number of each chosen move, in order.
    fn chosen_numbers(&self) -> Vec<usize> {
        self.line.played().iter().filter_map(|p| p.number).collect()
    }

    /// Which reviewed positions a mistake or a blunder led to.
    pub(super) fn marked(&self) -> Vec<bool> {
        let mut marked = vec![false; self.chances.len()];
        for (k, judgement) in self.judged.iter().enumerate() {
            if let Some(judgement) = judgement {
                marked[k + 1] = judgement.class >= Class::Mistake;
            }
        }
        marked
    }

    /// Whether the review calls the `k`th chosen move a mistake or worse.
    pub(super) fn is_bad(&self, k: usize) -> bool {
        self.judged
            .get(k)
            .and_then(Option::as_ref)
            .is_some_and(|judgement| judgement.class >= Class::Mistake)
    }

    /// Jumps to the next move the review calls a mistake or a blunder.
    pub(super) fn next_mistake(&mut self) {
        self.autoplay = None;
        let chosen: Vec<usize> = self.chosen_numbers();
        let is_bad = |k: &usize| self.is_bad(*k);
        let after = (0..self.judged.len()).find(|k| is_bad(k) && chosen[*k] > self.index);
        // Past the last one, round to the first.
        let target = after.or_else(|| (0..self.judged.len()).find(is_bad));
        match target {
            Some(k) => self.show(chosen[k]),
            None if self.reviewed.is_empty() => {
                let review = Self::keys().key_for(Action::Review);
                self.message = Some(format!("Not reviewed yet: {review} reviews the game"));
            }
            None => self.message = Some("No mistakes found so far".to_string()),
        }
    }
}
