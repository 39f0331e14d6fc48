//! What the game shows: a seat's view (computed by `crate::view` from the state, the
//! pending decision and the result), the answers a seat may see, the log lines it may
//! read, and the view drawn by the game's Lua renderer. Secret requests and answers are
//! filtered here, by seat and team, before a view is made.

use super::request::Request;
use super::Game;
use crate::diag::Result;
use crate::lua::Renderer;
use crate::state::{LogLine, Mark};
use crate::view::{self, AnswerView, Asking, View};

impl Game {
    /// The view of `seat` (1-based), or the omniscient view for None.
    pub fn view(&self, seat: Option<usize>) -> View {
        self.view_with_log(seat, view::LOG_TAIL)
    }

    /// A view carrying up to `log_tail` of the newest log lines.
    pub fn view_with_log(&self, seat: Option<usize>, log_tail: usize) -> View {
        let deciding = self.deciding_for(seat);
        let asking = self.asking(&deciding);
        let answers = self.answers_for(seat);
        let st = self.vm.shared.state.borrow();
        let mut v =
            view::compute(&self.content, &st, seat.map(|s| s - 1), deciding, answers, self.result.as_ref(), log_tail);
        v.asking = asking;
        v
    }

    /// The answers to the pending decision that `seat` (1-based; None = omniscient) may
    /// see: its own, its teammates' where the request is `shown_to_team`.
    pub fn answers_for(&self, seat: Option<usize>) -> Vec<AnswerView> {
        let Some(p) = &self.pending else { return Vec::new() };
        // Teams first: labels may run script code, which must find the state unborrowed.
        let teammate = self.teammates();
        let sees = |r: &Request| match seat {
            None => true,
            Some(v) => v == r.seat || (r.shown_to_team && teammate(seat, r.seat)),
        };
        let mut out = Vec::new();
        for (r, a) in p.requests.iter().zip(&p.answers) {
            if let (Some(picks), true) = (a, sees(r)) {
                let labels = r.labels();
                let labels = picks.iter().map(|&i| labels.get(i as usize - 1).cloned().unwrap_or_default()).collect();
                out.push(AnswerView { seat: r.seat, picks: picks.clone(), labels });
            }
        }
        out
    }

    /// The seats (0-based) that `seat`'s view shows as deciding: secret requests are seen
    /// only by the seat asked (and the omniscient view), and by its team when the request
    /// shows its answer to the team.
    pub fn deciding_for(&self, seat: Option<usize>) -> Vec<usize> {
        let teammate = self.teammates();
        self.pending()
            .iter()
            .filter(|r| {
                !r.secret || seat.is_none() || seat == Some(r.seat) || (r.shown_to_team && teammate(seat, r.seat))
            })
            .map(|r| r.seat - 1)
            .collect()
    }

    /// The kinds of the questions a view shows as pending: those of the seats (0-based)
    /// it shows as deciding, `shown`.
    fn asking(&self, shown: &[usize]) -> Vec<Asking> {
        self.pending()
            .iter()
            .filter(|r| shown.contains(&(r.seat - 1)))
            .filter_map(|r| r.kind.as_ref().map(|k| Asking { seat: r.seat, kind: k.clone() }))
            .collect()
    }

    /// Draws the view of `seat` with the game's Lua renderer, compact: what fits a screen
    /// of 80×24 beside the question.
    pub fn render(&self, seat: Option<usize>) -> Result<String> {
        self.render_as(seat, false)
    }

    /// Draws the view of `seat` with everything it holds, however long (the REPL's
    /// `:full`): what the compact screen leaves out, such as every seat in full.
    pub fn render_full(&self, seat: Option<usize>) -> Result<String> {
        self.render_as(seat, true)
    }

    fn render_as(&self, seat: Option<usize>, full: bool) -> Result<String> {
        let mut r = self.renderer.borrow_mut();
        if r.is_none() {
            *r = Some(Renderer::new(&self.content)?);
        }
        r.as_ref().expect("just made").render(&self.view(seat), full)
    }

    /// The log lines `seat` may read (all for None), oldest first.
    pub fn log_lines(&self, seat: Option<usize>) -> Vec<String> {
        let st = self.vm.shared.state.borrow();
        st.log.iter().filter(|l| l.audience.admits(seat.map(|s| s - 1))).map(|l| l.text.clone()).collect()
    }

    /// How many lines the log holds, whoever may read them (a position in the log).
    pub fn log_len(&self) -> usize {
        self.vm.shared.state.borrow().log.len()
    }

    /// The log lines `seat` may read (all for None) from position `from` of the log (as
    /// [`Game::log_len`] counts), oldest first, each with its position.
    pub fn log_lines_from(&self, seat: Option<usize>, from: usize) -> Vec<(usize, String)> {
        let st = self.vm.shared.state.borrow();
        let lines = st.log.iter().enumerate().skip(from);
        lines.filter(|(_, l)| l.audience.admits(seat.map(|s| s - 1))).map(|(i, l)| (i, l.text.clone())).collect()
    }

    /// The marks of the log lines from position `from` (as [`Game::log_len`] counts),
    /// oldest first: what happened where, for a designer's tools (a mark is never in a
    /// seat's view).
    pub fn log_marks_from(&self, from: usize) -> Vec<Mark> {
        let st = self.vm.shared.state.borrow();
        st.log.iter().skip(from).filter_map(|l| l.mark.as_deref().cloned()).collect()
    }

    /// Where each object stands, by object number: the board node (its name) of the
    /// per-node zone holding it, or None off the board. Omniscient, like the god view:
    /// for a designer's tools (the heat map follows each piece by it), never for a seat.
    pub fn board_positions(&self) -> Vec<Option<&str>> {
        let st = self.vm.shared.state.borrow();
        let nodes = self.content.board.nodes();
        st.objects.iter().map(|o| st.zones[o.zone].node.map(|n| nodes[n].as_str())).collect()
    }

    /// Every log line with who may read it, oldest first (omniscient, as
    /// `log_lines(None)`): for tools that show who saw what, such as playthroughs.
    pub fn log_entries(&self) -> Vec<LogLine> {
        self.vm.shared.state.borrow().log.clone()
    }

    /// Lines scripts `print`ed (debugging output; omniscient only).
    pub fn printed(&self) -> Vec<String> {
        self.vm.shared.printed.borrow().clone()
    }

    /// Whether seat `viewer` (1-based) and `seat` share a team (not for an omniscient or
    /// unknown viewer).
    fn teammates(&self) -> impl Fn(Option<usize>, usize) -> bool {
        let teams: Vec<Option<String>> = self.vm.shared.state.borrow().seats.iter().map(|x| x.team.clone()).collect();
        move |viewer, seat| {
            let team = |s: usize| s.checked_sub(1).and_then(|i| teams.get(i)).cloned().flatten();
            viewer.is_some_and(|v| team(v).is_some() && team(v) == team(seat))
        }
    }
}
