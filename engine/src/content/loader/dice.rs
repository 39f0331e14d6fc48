//! `dice:` of `game.yaml`: the dice the game makes, one per copy of each kind, shared or
//! each seat's own; their number in all, their faces and their visibility checked, each
//! problem at the value that breaks it.

use super::{Doc, Items, Loader};
use crate::content::schema::DiceDecl;
use crate::content::{Die, Visibility};
use crate::limits::{MAX_DICE, MAX_FACES};
use crate::yaml::Step::Key;

impl Loader<'_> {
    /// The dice of the game, one per copy of each kind: the shared ones and each seat's
    /// own (none when there are too many).
    pub(in crate::content) fn dice(
        &mut self,
        doc: &Doc,
        decls: &[DiceDecl],
        players: usize,
        items: Items<'_>,
    ) -> (Vec<Die>, Vec<Die>) {
        let (mut dice, mut seat_dice) = (Vec::new(), Vec::new());
        let copies = |d: &DiceDecl| if d.per_seat { d.count.saturating_mul(players) } else { d.count };
        let all_dice = decls.iter().fold(0usize, |n, d| n.saturating_add(copies(d)));
        if all_dice > MAX_DICE {
            let each = match decls.iter().any(|d| d.per_seat) {
                true => format!(" (each seat's counted for {players} seats)"),
                false => String::new(),
            };
            let msg = format!("{all_dice} dice{each}: a game has at most {MAX_DICE}");
            self.at(doc, doc.at.key(&[Key("dice")]), msg);
        }
        for (i, d) in decls.iter().enumerate() {
            let at = |key| items.at(doc, i, key);
            if d.faces.is_empty() {
                self.at(doc, at("faces"), format!("dice '{}': expected at least one face", d.id));
            }
            if d.faces.len() > MAX_FACES {
                let n = d.faces.len();
                self.at(doc, at("faces"), format!("dice '{}': {n} faces, at most {MAX_FACES}", d.id));
            }
            if !d.per_seat && matches!(d.visibility, Visibility::Owner | Visibility::Team) {
                let msg = format!("dice '{}': visibility {:?} needs per_seat: true", d.id, d.visibility).to_lowercase();
                self.at(doc, at("visibility"), msg);
            }
            if all_dice <= MAX_DICE {
                let to = if d.per_seat { &mut seat_dice } else { &mut dice };
                for _ in 0..d.count {
                    to.push(Die { kind: d.id.clone(), faces: d.faces.clone(), visibility: d.visibility });
                }
            }
        }
        (dice, seat_dice)
    }
}
