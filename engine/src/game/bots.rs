//! Strategy bots at a game's decisions: the question a bot reads (the pending request's
//! kind, its options' ids, arguments and tags) and the bot's pick from the seat's view,
//! under restricted play's ban when there is one.

use super::Game;
use crate::decision::{Ban, Question};
use crate::diag::{Error, Result};
use crate::lua::Strategy;

impl Game {
    /// `seat`'s pending question as a strategy bot reads it (its prompt and labels made).
    pub fn question(&self, seat: usize) -> Result<Question> {
        let r = self
            .pending()
            .into_iter()
            .find(|r| r.seat == seat)
            .ok_or_else(|| Error::Usage(format!("seat {seat} is not asked anything now")))?;
        let mut tags = r.tags.clone();
        tags.resize(r.count, None);
        let options = r.try_options()?;
        Ok(Question {
            seat,
            kind: r.kind.clone(),
            prompt: r.try_prompt()?,
            labels: options.labels.clone(),
            ids: options.ids.clone(),
            args: options.args.clone(),
            tags,
            multi: r.multi,
            min: r.min,
            max: r.max,
        })
    }

    /// The random bot's answer to `seat`'s pending question in a game of a line-up
    /// ([`Game::new_with_lineup`]), whose random seats answer in the flow: drawn from the
    /// same stream, under the same ban. An error when no bots play in the flow.
    pub fn auto_random_pick(&self, seat: usize) -> Result<Vec<u32>> {
        let r = self
            .pending()
            .into_iter()
            .find(|r| r.seat == seat)
            .ok_or_else(|| Error::Usage(format!("seat {seat} is not asked anything now")))?;
        let mut auto = self.vm.shared.auto.borrow_mut();
        let bots = auto.as_mut().ok_or_else(|| Error::Usage("no bots play in this game's flow".into()))?;
        Ok(bots.pick_yielded(r.shape(), &r.tags))
    }

    /// `bot`'s answer to `seat`'s pending question, from the seat's view, its
    /// `math.random` drawing from `seed`'s stream. Under `ban` (restricted play) the
    /// seat's bot is not shown the banned tag's options while the question has others.
    pub fn strategy_pick(&self, bot: &Strategy, seat: usize, seed: u64, ban: Option<&Ban>) -> Result<Vec<u32>> {
        let mut q = self.question(seat)?;
        let view = self.view(Some(seat));
        let Some(ban) = ban.filter(|b| b.seat == seat && !q.multi) else { return bot.pick(&view, &q, seed) };
        let kept: Vec<usize> =
            (0..q.labels.len()).filter(|&i| q.tags[i].as_deref() != Some(ban.tag.as_str())).collect();
        if kept.is_empty() || kept.len() == q.labels.len() {
            return bot.pick(&view, &q, seed);
        }
        q.labels = kept.iter().map(|&i| q.labels[i].clone()).collect();
        q.ids = kept.iter().map(|&i| q.ids[i].clone()).collect();
        q.args = kept.iter().map(|&i| q.args[i].clone()).collect();
        q.tags = kept.iter().map(|&i| q.tags[i].clone()).collect();
        let picks = bot.pick(&view, &q, seed)?;
        Ok(picks.into_iter().map(|p| kept[p as usize - 1] as u32 + 1).collect())
    }
}
